Feature: Notre Dame positions load_state must refuse
  A position the rules cannot reach is refused as malformed, and the game held before is kept
  (DESIGN 6). Each refusal sits under the rule that makes the position unreachable; what the
  state schema already refuses (a wrong type, a value outside 0-4 seats, 1-9 rounds or 0-14
  cubes) is not repeated here: these are the checks that need the game's own rules.

  Background:
    Given a new "notre_dame" game with 3 players and setup:
      """
      {"setup": {"messages": {"0": [1, 2, 3, 4], "1": [1, 2, 3, 4], "2": [1, 2, 3, 4]}}}
      """
    And the position:
      """
      phase = "play"
      current = 0
      display = ["A1", "doctor", "poet"]
      players.0.cards = ["bank", "park", "residence"]
      """

  Rule: ND-PLAY-ORDER phase 3 goes from the start player in turn order

    @ND-PLAY-ORDER
    Scenario Outline: A phase-3 position with <why> is refused
      When the position is loaded:
        """
        <first>
        <second>
        """
      Then the request is refused as malformed

      Examples:
        | why                                               | first              | second                       |
        | a current player past the last of three seats     | current = 3        | # -                          |
        | a start player past the last of three seats       | start_player = 3   | # -                          |
        | a current player who is not next in turn order    | current = 1        | players.1.cards = ["bank"]   |
        | a current player without a card to play           | players.0.cards = [] | # -                        |

    # One card each from the start player in turn order (line 85), then a second round the
    # same way (line 87): after k cards the first k mod 3 players from the start player have
    # played k // 3 + 1 cards and the others k // 3. Each position below has the current
    # player (start + k) mod 3 holding a card, so only who has played how many is wrong.
    @ND-PLAY-ORDER @ND-PLAY-SECOND
    Scenario Outline: A phase-3 position whose played cards break the turn order is refused: <why>
      When the position is loaded:
        """
        start_player = <start>
        current = <current>
        players.0.played = <played0>
        players.1.played = <played1>
        players.2.played = <played2>
        players.<current>.cards = ["bank"]
        """
      Then the request is refused as malformed

      Examples:
        | why                                          | start | current | played0    | played1             | played2    |
        | the second seat played twice, the first not  | 0     | 2       | []         | ["bank", "park"]    | []         |
        | seats after the start player, not the start  | 1     | 0       | ["bank"]   | []                  | ["bank"]   |
        | a second card before the start player's      | 0     | 1       | ["bank"]   | ["bank", "park"]    | ["bank"]   |

    @ND-PLAY-ORDER
    Scenario: A phase-3 position played in turn order from seat 1 loads
      Given the position:
        """
        start_player = 1
        current = 0
        players.1.played = ["bank"]
        players.2.played = ["bank"]
        """
      Then the position has:
        """
        phase = "play"
        to_act = [0]
        """

  Rule: ND-PLAY-SECOND two cards each, then the phase ends

    @ND-PLAY-SECOND
    Scenario: A phase-3 position where every player has played two cards is refused
      When the position is loaded:
        """
        players.0.played = ["carriage", "cloister"]
        players.1.played = ["carriage", "cloister"]
        players.2.played = ["carriage", "cloister"]
        """
      Then the request is refused as malformed

    @ND-PLAY-SECOND @ND-ROUND-PHASES
    Scenario: Phase 4 after every player has played two cards is a position that loads
      Given the position:
        """
        phase = "buy"
        players.0.played = ["carriage", "cloister"]
        players.1.played = ["carriage", "cloister"]
        players.2.played = ["carriage", "cloister"]
        """
      Then the position has:
        """
        phase = "buy"
        to_act = [0]
        players.2.played = ["carriage", "cloister"]
        """

  Rule: ND-ROUND-PHASES five phases in order

    @ND-ROUND-PHASES
    Scenario Outline: A position is refused for <why>
      When the position is loaded:
        """
        <first>
        <second>
        <third>
        """
      Then the request is refused as malformed

      Examples:
        | why                                     | first            | second         | third                         |
        | no current player in phase 3            | current = null   | # -            | # -                           |
        | a current player in phase 1             | phase = "reveal" | # -            | # -                           |
        | a draft step outside the draft          | draft_step = 1   | # -            | # -                           |
        | a player still to act outside the draft | pending = [0]    | # -            | # -                           |
        | played cards in phase 1                 | phase = "reveal" | current = null | players.1.played = ["bank"]   |

    @ND-ROUND-PHASES @ND-DRAFT-KEEP1
    Scenario Outline: A draft position with <why> is refused
      Given the position:
        """
        phase = "draft"
        current = null
        draft_step = 1
        pending = [0, 1, 2]
        players.0.cards = []
        players.0.draft_hand = ["bank", "park", "residence"]
        players.1.draft_hand = ["carriage", "cloister", "friend"]
        players.2.draft_hand = ["guesthouse", "hospital", "notre_dame"]
        """
      When the position is loaded:
        """
        <edit>
        """
      Then the request is refused as malformed

      Examples:
        | why                                      | edit                           |
        | a seat to keep a card past the last seat | pending = [0, 1, 3]            |
        | no draft step                            | draft_step = null              |
        | nobody left to keep a card               | pending = []                   |
        | a seat to keep a card holding none       | players.2.draft_hand = []      |
        | a card already played                    | players.0.played = ["bank"]    |

    @ND-ROUND-PHASES @ND-SETUP-MESSAGES
    Scenario: A position still placing messages in round 1 loads
      Given a new "notre_dame" game with 3 players
      And the position:
        """
        pending = [1, 2]
        """
      Then the position has:
        """
        phase = "setup"
        round = 1
        to_act = ["chance"]
        """

    @ND-ROUND-PHASES @ND-SETUP-MESSAGES
    Scenario Outline: A message-placing position with <why> is refused
      Given a new "notre_dame" game with 3 players
      When the position is loaded:
        """
        <edit>
        """
      Then the request is refused as malformed

      Examples:
        | why                     | edit                 |
        | round 2                 | round = 2            |
        | a person already shown  | display = ["A1"]     |

    @ND-ROUND-PHASES @ND-END
    Scenario: A finished game after round 9 loads
      Given the position:
        """
        phase = "over"
        current = null
        round = 9
        players.0.cards = []
        """
      Then the game is over

    @ND-ROUND-PHASES @ND-END
    Scenario: A game over after round 8 is refused
      When the position is loaded:
        """
        phase = "over"
        current = null
        round = 8
        players.0.cards = []
        """
      Then the request is refused as malformed

  Rule: ND-PLAGUE-CHOICE a tie for the most people is the player's choice

    @ND-PLAGUE-CHOICE
    Scenario: A plague position waiting for a player's choice loads
      Given the position:
        """
        phase = "plague"
        current = null
        pending = [0]
        players.0.cubes = 0
        players.0.areas.bank = 2
        players.0.areas.park = 2
        players.0.stock = 10
        """
      Then the legal actions are exactly:
        """
        [{"actor": 0, "type": "lose_cube", "area": "bank"},
         {"actor": 0, "type": "lose_cube", "area": "park"}]
        """

    @ND-PLAGUE-CHOICE @ND-PLAGUE-CUBE
    Scenario: A plague position waiting for a player with no cube in the district is refused
      When the position is loaded:
        """
        phase = "plague"
        current = null
        pending = [0]
        """
      Then the request is refused as malformed

  Rule: ND-COMP-CUBES fourteen cubes of each colour

    @ND-COMP-CUBES
    Scenario Outline: A position is refused for its cubes: <why>
      When the position is loaded:
        """
        <first>
        <second>
        """
      Then the request is refused as malformed

      Examples:
        | why                              | first                  | second                 |
        | one colour with 13 cubes         | players.0.stock = 9    | # -                    |
        | one colour with 15 cubes         | players.1.stock = 11   | # -                    |
        | two colours with 13 cubes        | players.0.stock = 9    | players.2.stock = 9    |

  Rule: ND-SETUP-BOARD the board for the number of players

    @ND-SETUP-BOARD
    Scenario Outline: A three-player position with <why> is refused
      When the position is loaded:
        """
        <first>
        <second>
        """
      Then the request is refused as malformed

      Examples:
        | why                                | first                | second                       |
        | two Notre Dame counts              | notre_dame = [0, 0]  | # -                          |
        | four seats named but three players | num_players = 4      | notre_dame = [0, 0, 0, 0]    |

  Rule: ND-SETUP-MESSAGES each colour's messages on its own district's outer squares

    @ND-SETUP-MESSAGES @ND-MESSAGE-COLOR
    Scenario Outline: A position is refused for its messages: <why>
      When the position is loaded:
        """
        <edit>
        """
      Then the request is refused as malformed

      Examples:
        | why                                        | edit                                                  |
        | a message off its own district's squares   | messages = {"0-1": {"color": 1, "value": 1}}          |
        | a message both on the board and held       | players.0.messages = [{"color": 0, "value": 1}]       |
        | a held message of a colour not in play     | players.0.messages = [{"color": 3, "value": 1}]       |
        | a current set with a colour not in play    | players.0.message_set = [3]                           |

    @ND-SETUP-MESSAGES @ND-SETUP-2P-LAYOUT @ND-MESSAGES-2P @reading:neutral_districts=true
    Scenario: A two-player position with a message of a neutral district is refused
      Given a new "notre_dame" game with 2 players and setup:
        """
        {"setup": {"messages": {"0": [1, 2, 3, 4], "1": [1, 2, 3, 4]}}}
        """
      When the position is loaded:
        """
        messages.2-1 = {"color": 2, "value": 1}
        """
      Then the request is refused as malformed

  Rule: ND-CARRIAGE-ROADS the provisional road map

    @ND-CARRIAGE-ROADS
    Scenario: A carriage on a district a three-player board does not have is refused
      When the position is loaded:
        """
        players.1.carriage = "4-0"
        """
      Then the request is refused as malformed

  Rule: ND-RATS-FLOOR the rat track stops at 0

    @ND-RATS-FLOOR @reading:rat_floor=true
    Scenario: A rat marker below 0 is refused while the track stops at 0
      When the position is loaded:
        """
        players.0.rats = -1
        """
      Then the request is refused as malformed

    @ND-RATS-FLOOR @reading:rat_floor=false
    Scenario: A rat marker below 0 loads when the track may go below 0
      Given a new "notre_dame" game with 3 players and setup:
        """
        {"options": {"rat_floor": false},
         "setup": {"messages": {"0": [1, 2, 3, 4], "1": [1, 2, 3, 4], "2": [1, 2, 3, 4]}}}
        """
      And the position:
        """
        phase = "buy"
        current = 0
        players.0.rats = -1
        """
      Then "players.0.rats" is -1

    @ND-RATS-FLOOR @ND-PRESTIGE-FLOOR
    Scenario Outline: A rat marker or prestige that is not a whole number is refused: <field> = <value>
      When the position is loaded:
        """
        players.0.<field> = <value>
        """
      Then the request is refused as malformed

      Examples:
        | field    | value |
        | rats     | "3"   |
        | prestige | "3"   |
        | rats     | 1.5   |
        | prestige | true  |

  Rule: ND-PRESTIGE-FLOOR prestige stops at 0

    @ND-PRESTIGE-FLOOR @reading:prestige_floor=true
    Scenario: Prestige below 0 is refused while prestige stops at 0
      When the position is loaded:
        """
        players.2.prestige = -1
        """
      Then the request is refused as malformed

    @ND-PRESTIGE-FLOOR @reading:prestige_floor=false
    Scenario: Prestige below 0 loads when prestige may go below 0
      Given a new "notre_dame" game with 3 players and setup:
        """
        {"options": {"prestige_floor": false},
         "setup": {"messages": {"0": [1, 2, 3, 4], "1": [1, 2, 3, 4], "2": [1, 2, 3, 4]}}}
        """
      And the position:
        """
        phase = "buy"
        current = 0
        players.2.prestige = -1
        """
      Then "players.2.prestige" is -1

  Rule: ND-PERSONS-REVEAL three persons face up each round

    @ND-PERSONS-REVEAL @ND-SETUP-LETTERED
    Scenario Outline: A position is refused for its persons: <why>
      When the position is loaded:
        """
        <edit>
        """
      Then the request is refused as malformed

      Examples:
        | why                                    | edit                              |
        | a person on display who does not exist | display = ["A1", "A10", "poet"]   |
        | the same person twice on display       | display = ["A1", "A1", "poet"]    |
        | a lettered card twice in its deck      | lettered.A = ["A2", "A2"]         |
        | a lettered card that does not exist    | lettered.A = ["A2", "A10"]        |

  Rule: ND-SETUP-DECKS nine action cards per colour

    @ND-SETUP-DECKS
    Scenario Outline: A position is refused for its action cards: <why>
      When the position is loaded:
        """
        <edit>
        """
      Then the request is refused as malformed

      Examples:
        | why                                             | edit                                                               |
        | a card twice in a deck                          | players.1.deck = ["bank", "bank"]                                  |
        | a deck given as a count, as a view              | players.1.deck = 9                                                 |
        | a fourth bank out of the decks of three colours | players.1.cards = ["bank", "bank", "bank"]                         |
        | four copies of one card in a single hand        | players.2.cards = ["hospital", "hospital", "hospital", "hospital"] |

    # Out of the decks a card is in at most as many copies as there are colours; the decks
    # are not counted (scenarios hand out cards without taking them from a deck)
    @ND-SETUP-DECKS
    Scenario: A card held once per colour, every copy in hands, is accepted
      Given the position:
        """
        players.1.cards = ["bank", "hospital"]
        players.2.cards = ["bank", "park"]
        """
      Then "players.2.cards" is ["bank", "park"]

  Rule: ND-BUY-ONE one coin for one displayed person

    @ND-BUY-ONE
    Scenario Outline: A position is refused for its purchases: <why>
      When the position is loaded:
        """
        <first>
        <second>
        """
      Then the request is refused as malformed

      Examples:
        | why                                          | first                       | second                       |
        | a person bought in phase 3                   | players.0.bought = "A1"     | # -                          |
        | a bought person who does not exist           | phase = "buy"               | players.0.bought = "A10"     |
        | a second seat's bought person not on display | phase = "buy"               | players.1.bought = "monk"    |
