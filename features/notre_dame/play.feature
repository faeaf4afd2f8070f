Feature: Notre Dame phase 3, playing action cards
  Two cards each in turn order, a cube per card (notre-dame-10th.ja.txt lines 69, 83-103, 219-221).

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
      players.1.cards = ["bank", "cloister", "hospital"]
      players.2.cards = ["carriage", "guesthouse", "residence"]
      """

  Rule: ND-PLAY-CARD playing a card performs its action

    @ND-PLAY-CARD
    Scenario: The residence card gives prestige and goes to the played cards
      When player 0 plays:
        """
        {"type": "play", "card": "residence", "from": "hand"}
        """
      Then the position has:
        """
        players.0.prestige = 1
        players.0.cards = ["bank", "park"]
        players.0.played = ["residence"]
        """

    @ND-PLAY-CARD
    Scenario Outline: A play of the wrong shape is refused as malformed: <why>
      When the action is applied:
        """
        <action>
        """
      Then the action is refused as malformed

      Examples:
        | why                                 | action                                                                                 |
        | an actor past the last seat         | {"actor": 3, "type": "play", "card": "bank", "from": "hand"}                           |
        | an unknown action type              | {"actor": 0, "type": "bid", "card": "bank"}                                            |
        | a player drawing a card as chance   | {"actor": 0, "type": "draw_card", "player": 0, "card": "bank"}                         |
        | chance playing a card               | {"actor": "chance", "type": "play", "card": "bank", "from": "hand"}                    |
        | a play without its card             | {"actor": 0, "type": "play", "from": "hand"}                                           |
        | a card named by a number            | {"actor": 0, "type": "play", "card": 1, "from": "hand"}                                |
        | a source named by a number          | {"actor": 0, "type": "play", "card": "bank", "from": 1}                                |
        | an offering given as text           | {"actor": 0, "type": "play", "card": "notre_dame", "from": "hand", "offering": "2"}    |
        | a choice given as a number          | {"actor": 0, "type": "play", "card": "guesthouse", "from": "hand", "choices": [1]}     |
        | a message value given as true       | {"actor": "chance", "type": "place_messages", "district": 0, "values": [true, 2, 3, 4]} |
        | a field a play does not have        | {"actor": 0, "type": "play", "card": "bank", "from": "hand", "person": "monk"}         |

  Rule: ND-PLAY-ORDER from the start player in turn order

    @ND-PLAY-ORDER
    Scenario: Only the player whose turn it is may play
      Given the position:
        """
        start_player = 1
        current = 1
        """
      When player 0 plays:
        """
        {"type": "play", "card": "bank", "from": "hand"}
        """
      Then the action is rejected citing rule "ND-PLAY-ORDER"

    @ND-PLAY-ORDER
    Scenario: After the start player the left neighbour plays
      Given the position:
        """
        start_player = 1
        current = 1
        """
      When player 1 plays:
        """
        {"type": "play", "card": "bank", "from": "hand"}
        """
      Then "to_act" is [2]

  Rule: ND-PLAY-SECOND a second card after a full turn round

    @ND-PLAY-SECOND
    Scenario: After every player played once the start player plays again
      When these actions are applied:
        """
        [{"actor": 0, "type": "play", "card": "bank", "from": "hand"},
         {"actor": 1, "type": "play", "card": "bank", "from": "hand"},
         {"actor": 2, "type": "play", "card": "residence", "from": "hand"}]
        """
      Then the position has:
        """
        phase = "play"
        to_act = [0]
        """

    @ND-PLAY-SECOND
    Scenario: The phase ends when everyone has played two cards
      When these actions are applied:
        """
        [{"actor": 0, "type": "play", "card": "bank", "from": "hand"},
         {"actor": 1, "type": "play", "card": "bank", "from": "hand"},
         {"actor": 2, "type": "play", "card": "residence", "from": "hand"},
         {"actor": 0, "type": "play", "card": "residence", "from": "hand"},
         {"actor": 1, "type": "play", "card": "cloister", "from": "hand"},
         {"actor": 2, "type": "play", "card": "guesthouse", "from": "hand", "choices": ["coin"]}]
        """
      Then the position has:
        """
        phase = "buy"
        to_act = [0]
        """

    @ND-PLAY-SECOND @ND-BUY-ORDER
    Scenario: With seat 2 as start player phase 4 begins with seat 2
      Given the position:
        """
        start_player = 2
        current = 1
        players.0.cards = ["park"]
        players.0.played = ["bank", "residence"]
        players.1.cards = ["bank", "hospital"]
        players.1.played = ["cloister"]
        players.2.cards = ["carriage"]
        players.2.played = ["guesthouse", "residence"]
        """
      When player 1 plays:
        """
        {"type": "play", "card": "bank", "from": "hand"}
        """
      Then the position has:
        """
        phase = "buy"
        to_act = [2]
        """

  Rule: ND-PLAY-THIRD the third card is not played

    @ND-PLAY-THIRD
    Scenario: The third card cannot be played in phase 4
      Given the position:
        """
        phase = "buy"
        players.0.cards = ["park"]
        players.0.played = ["bank", "residence"]
        """
      When player 0 plays:
        """
        {"type": "play", "card": "park", "from": "hand"}
        """
      Then the action is rejected citing rule "ND-PLAY-THIRD"

  Rule: ND-PLACE-CUBE a cube from hand onto the card's area

    @ND-PLACE-CUBE
    Scenario: The bank card puts a cube from hand in the bank
      When player 0 plays:
        """
        {"type": "play", "card": "bank", "from": "hand"}
        """
      Then the position has:
        """
        players.0.cubes = 3
        players.0.areas.bank = 1
        """

    @ND-PLACE-CUBE
    Scenario: The bank card adds a cube from hand to the two cubes already in the bank
      Given the position:
        """
        players.0.areas.bank = 2
        players.0.stock = 8
        """
      When player 0 plays:
        """
        {"type": "play", "card": "bank", "from": "hand"}
        """
      Then the position has:
        """
        players.0.cubes = 3
        players.0.areas.bank = 3
        """

    @ND-PLACE-CUBE
    Scenario: The last cube in hand is placed in the bank
      Given the position:
        """
        players.0.cubes = 1
        players.0.stock = 13
        """
      When player 0 plays:
        """
        {"type": "play", "card": "bank", "from": "hand"}
        """
      Then the position has:
        """
        players.0.cubes = 0
        players.0.areas.bank = 1
        """

    # notre-dame-10th.ja.txt:99 the cube goes on the area with the card's picture
    @ND-PLACE-CUBE
    Scenario Outline: The <card> card puts a cube from hand on the <card> area
      Given "players.0.cards" is ["bank", "<card>", "residence"]
      When player 0 plays:
        """
        {"type": "play", "card": "<card>", "from": "hand"<more>}
        """
      Then "players.0.areas.<card>" is 1

      Examples:
        | card     | more                                |
        | carriage | , "square": "0-1", "take": false    |
        | cloister |                                     |
        | park     |                                     |
        | hospital |                                     |

  Rule: ND-PLACE-STAY placed cubes stay

    @ND-PLACE-STAY
    Scenario: Cubes in the district remain at the end of the round
      Given the position:
        """
        phase = "buy"
        current = 2
        display = []
        players.0.areas.bank = 2
        players.0.areas.residence = 1
        players.0.stock = 7
        """
      When player 2 plays:
        """
        {"type": "pass"}
        """
      Then the position has:
        """
        round = 2
        players.0.areas.bank = 2
        players.0.areas.residence = 1
        """

    @ND-PLACE-STAY
    Scenario: Cubes in the district remain after the end of stage 1, when Notre Dame's go back
      # notre-dame-10th.ja.txt:103: cubes placed in a district basically stay there; line 205:
      # a stage ends after rounds 3, 6 and 9; line 213: after the stage bonus the cubes at
      # Notre Dame go back to the stock. Only those: seat 0's 2 cubes in the bank and 1 in the
      # residence are still there in round 4.
      Given the position:
        """
        phase = "buy"
        current = 2
        round = 3
        display = []
        notre_dame = [1, 0, 0]
        players.0.areas.bank = 2
        players.0.areas.residence = 1
        players.0.stock = 6
        """
      When player 2 plays:
        """
        {"type": "pass"}
        """
      Then the position has:
        """
        round = 4
        players.0.areas.bank = 2
        players.0.areas.residence = 1
        """

  Rule: ND-PLACE-MOVE without cubes in hand a placed cube is moved

    @ND-PLACE-MOVE
    Scenario: With an empty hand a cube moves from the park to the bank
      Given the position:
        """
        players.0.cubes = 0
        players.0.areas.park = 2
        players.0.stock = 12
        """
      When player 0 plays:
        """
        {"type": "play", "card": "bank", "from": "park"}
        """
      Then the position has:
        """
        players.0.areas.park = 1
        players.0.areas.bank = 1
        """

    @ND-PLACE-MOVE
    Scenario: With an empty hand the park's only cube moves to the bank
      Given the position:
        """
        players.0.cubes = 0
        players.0.areas.park = 1
        players.0.stock = 13
        """
      When player 0 plays:
        """
        {"type": "play", "card": "bank", "from": "park"}
        """
      Then the position has:
        """
        players.0.areas.park = 0
        players.0.areas.bank = 1
        """

    @ND-PLACE-MOVE
    Scenario: With an empty hand a cube may come from any other area that holds one
      Given the position:
        """
        players.0.cubes = 0
        players.0.areas.park = 1
        players.0.areas.residence = 1
        players.0.stock = 12
        """
      Then the legal actions include:
        """
        {"actor": 0, "type": "play", "card": "bank", "from": "park"}
        """
      And the legal actions include:
        """
        {"actor": 0, "type": "play", "card": "bank", "from": "residence"}
        """
      And the legal actions do not include:
        """
        {"actor": 0, "type": "play", "card": "bank", "from": "hand"}
        """

    @ND-PLACE-MOVE
    Scenario: A cube cannot be moved while cubes are in hand
      Given the position:
        """
        players.0.areas.park = 2
        players.0.stock = 8
        """
      When player 0 plays:
        """
        {"type": "play", "card": "bank", "from": "park"}
        """
      Then the action is rejected citing rule "ND-PLACE-MOVE"

    @ND-PLACE-MOVE
    Scenario: One cube in hand must be placed before a cube is moved
      Given the position:
        """
        players.0.cubes = 1
        players.0.areas.park = 1
        players.0.stock = 12
        """
      When player 0 plays:
        """
        {"type": "play", "card": "bank", "from": "park"}
        """
      Then the action is rejected citing rule "ND-PLACE-MOVE"

    @ND-PLACE-MOVE
    Scenario: With an empty hand and a cube in the park the cube must be moved, not taken from hand
      Given the position:
        """
        players.0.cubes = 0
        players.0.areas.park = 1
        players.0.stock = 13
        """
      When player 0 plays:
        """
        {"type": "play", "card": "bank", "from": "hand"}
        """
      Then the action is rejected citing rule "ND-PLACE-MOVE"

  Rule: ND-PLACE-NONE no cube, no action

    @ND-PLACE-NONE
    Scenario: Without any cube the cards can only be played without action
      Given the position:
        """
        players.0.cubes = 0
        players.0.stock = 14
        """
      Then the legal actions are exactly:
        """
        [{"actor": 0, "type": "play", "card": "bank", "forgo": true},
         {"actor": 0, "type": "play", "card": "park", "forgo": true},
         {"actor": 0, "type": "play", "card": "residence", "forgo": true}]
        """

    @ND-PLACE-NONE
    Scenario: A cube cannot come from an empty hand with an empty district
      Given the position:
        """
        players.0.cubes = 0
        players.0.stock = 14
        """
      When player 0 plays:
        """
        {"type": "play", "card": "bank", "from": "hand"}
        """
      Then the action is rejected citing rule "ND-PLACE-NONE"

    @ND-PLACE-NONE
    Scenario: A cube already in the card's own area cannot be moved onto it
      Given the position:
        """
        players.0.cubes = 0
        players.0.areas.bank = 1
        players.0.stock = 13
        """
      When player 0 plays:
        """
        {"type": "play", "card": "bank", "from": "bank"}
        """
      Then the action is rejected citing rule "ND-PLACE-NONE"

    @ND-PLACE-NONE @ND-PLACE-MOVE
    Scenario: The only cube in the card's own area gives no cube to move
      Given the position:
        """
        players.0.cubes = 0
        players.0.areas.bank = 1
        players.0.stock = 13
        """
      When player 0 plays:
        """
        {"type": "play", "card": "bank", "from": "hand"}
        """
      Then the action is rejected citing rule "ND-PLACE-NONE"

    @ND-PLACE-NONE @ND-PLACE-MOVE
    Scenario: No cube can be moved from an empty area
      Given the position:
        """
        players.0.cubes = 0
        players.0.areas.park = 1
        players.0.stock = 13
        """
      When player 0 plays:
        """
        {"type": "play", "card": "bank", "from": "residence"}
        """
      Then the action is rejected citing rule "ND-PLACE-NONE"

  Rule: ND-PLAY-FORGO a card's action is performed whenever it can be

    @ND-PLAY-FORGO @reading:forgo_at_will=false
    Scenario: A card whose action can be performed cannot be played without it
      When player 0 plays:
        """
        {"type": "play", "card": "bank", "forgo": true}
        """
      Then the action is rejected citing rule "ND-PLAY-FORGO"

    @ND-PLAY-FORGO @ND-DRAFT-CARDS
    Scenario: A card the player does not hold cannot be played without its action either
      When player 0 plays:
        """
        {"type": "play", "card": "cloister", "forgo": true}
        """
      Then the action is rejected citing rule "ND-DRAFT-CARDS"

    @ND-PLAY-FORGO @reading:forgo_at_will=false
    Scenario: With cubes in hand no card is offered without its action
      Then the legal actions do not include:
        """
        {"actor": 0, "type": "play", "forgo": true}
        """

    @ND-PLAY-FORGO @ND-PLACE-NONE
    Scenario: Without a cube anywhere the card is played without its action
      Given the position:
        """
        players.0.cubes = 0
        players.0.stock = 14
        """
      When player 0 plays:
        """
        {"type": "play", "card": "bank", "forgo": true}
        """
      Then the position has:
        """
        players.0.cubes = 0
        players.0.coins = 3
        """

    @ND-PLAY-FORGO @ND-ND-PAY
    Scenario: Without a coin the Notre Dame card can only be played without its action
      Given the position:
        """
        players.0.cards = ["bank", "notre_dame", "park"]
        players.0.coins = 0
        """
      Then the legal actions include:
        """
        {"actor": 0, "type": "play", "card": "notre_dame", "forgo": true}
        """
      And the legal actions do not include:
        """
        {"actor": 0, "type": "play", "card": "notre_dame", "from": "hand"}
        """

    @ND-PLAY-FORGO @ND-FRIEND-PLACE @reading:forgo_at_will=false
    Scenario: The friend card always has an area to go to, so it cannot be forgone
      Given the position:
        """
        players.0.cards = ["bank", "friend", "park"]
        players.0.cubes = 0
        players.0.stock = 14
        """
      When player 0 plays:
        """
        {"type": "play", "card": "friend", "forgo": true}
        """
      Then the action is rejected citing rule "ND-PLAY-FORGO"

    @ND-PLAY-FORGO @reading:forgo_at_will=true
    Scenario: Under the permissive reading a card played without action changes nothing else
      Given a new "notre_dame" game with 3 players and setup:
        """
        {"options": {"forgo_at_will": true},
         "setup": {"messages": {"0": [1, 2, 3, 4], "1": [1, 2, 3, 4], "2": [1, 2, 3, 4]}}}
        """
      And the position:
        """
        phase = "play"
        current = 0
        display = ["A1", "doctor", "poet"]
        players.0.cards = ["bank", "park", "residence"]
        """
      When player 0 plays:
        """
        {"type": "play", "card": "bank", "forgo": true}
        """
      Then the position has:
        """
        players.0.cubes = 4
        players.0.coins = 3
        players.0.areas.bank = 0
        """

  Rule: ND-PLACE-MOVE-NOTND cubes at Notre Dame are not moved to play a card

    @ND-PLACE-MOVE-NOTND
    Scenario: A cube at Notre Dame cannot be moved to the bank
      Given the position:
        """
        players.0.cubes = 0
        notre_dame = [1, 0, 0]
        players.0.stock = 13
        """
      When player 0 plays:
        """
        {"type": "play", "card": "bank", "from": "notre_dame"}
        """
      Then the action is rejected citing rule "ND-PLACE-MOVE-NOTND"
