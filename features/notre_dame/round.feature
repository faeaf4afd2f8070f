Feature: Notre Dame rounds and stages
  Nine rounds in three stages, five phases, the start player, stage ends
  (notre-dame-10th.ja.txt lines 19, 33-37, 305-315).

  Background:
    Given a new "notre_dame" game with 3 players and setup:
      """
      {"setup": {"messages": {"0": [1, 2, 3, 4], "1": [1, 2, 3, 4], "2": [1, 2, 3, 4]}}}
      """
    And the position:
      """
      phase = "buy"
      current = 2
      display = []
      """

  Rule: ND-GAME-ROUNDS three stages of three rounds

    @ND-GAME-ROUNDS
    Scenario Outline: The end of round <round> starts round <next>, in stage <stage>
      Given "round" is <round>
      When player 2 plays:
        """
        {"type": "pass"}
        """
      Then the position has:
        """
        round = <next>
        stage = "<stage>"
        """

      Examples:
        | round | next | stage |
        | 2     | 3    | A     |
        | 3     | 4    | B     |
        | 6     | 7    | C     |

    @ND-GAME-ROUNDS
    Scenario: The end of round 8 starts round 9
      Given the position:
        """
        round = 8
        brown_deck = ["doctor", "landlady"]
        lettered = {"A": [], "B": [], "C": ["C3"]}
        """
      When player 2 plays:
        """
        {"type": "pass"}
        """
      Then the position has:
        """
        round = 9
        stage = "C"
        terminal = false
        """

    @ND-GAME-ROUNDS @ND-END
    Scenario: The end of round 9 ends the game
      Given "round" is 9
      When player 2 plays:
        """
        {"type": "pass"}
        """
      Then the game is over
      And the position has:
        """
        phase = "over"
        current = null
        """

  Rule: ND-END-ROUND9 round 9 ends like every stage's last round, then the game is over

    @ND-END-ROUND9 @ND-END
    Scenario: After round 9 the start player passes and the decks and brown persons are gathered
      Given the position:
        """
        round = 9
        start_player = 0
        brown_deck = ["doctor"]
        players.0.deck = ["bank"]
        players.2.deck = []
        """
      When player 2 plays:
        """
        {"type": "pass"}
        """
      Then the game is over
      And the position has:
        """
        round = 9
        start_player = 1
        brown_deck = ["doctor", "landlady", "magician", "moneylender", "monk", "poet"]
        players.0.deck = ["bank", "carriage", "cloister", "friend", "guesthouse", "hospital", "notre_dame", "park", "residence"]
        players.2.deck = ["bank", "carriage", "cloister", "friend", "guesthouse", "hospital", "notre_dame", "park", "residence"]
        display = []
        """

  Rule: ND-ROUND-PHASES five phases in order

    @ND-ROUND-PHASES
    Scenario: No player acts while the persons are revealed
      Given the position:
        """
        phase = "reveal"
        current = null
        """
      When player 0 plays:
        """
        {"type": "keep", "card": "bank"}
        """
      Then the action is rejected citing rule "ND-ROUND-PHASES"

    @ND-ROUND-PHASES
    Scenario: After the third person the cards are dealt
      Given the position:
        """
        phase = "reveal"
        current = null
        display = ["landlady", "monk"]
        brown_deck = ["doctor", "magician", "moneylender", "poet"]
        """
      When chance reveals:
        """
        {"type": "reveal_person", "person": "A3"}
        """
      Then the position has:
        """
        phase = "deal"
        to_act = ["chance"]
        """

    @ND-ROUND-PHASES
    Scenario: After the last player's purchase the round goes on to the plague and ends
      Given the position:
        """
        display = ["A1", "landlady", "monk"]
        players.0.bought = "monk"
        """
      When player 2 plays:
        """
        {"type": "pass"}
        """
      Then the position has:
        """
        round = 2
        phase = "reveal"
        display = []
        players.0.rats = 3
        players.0.bought = null
        """

    @ND-ROUND-PHASES
    Scenario: The last keep of the draft opens phase 3
      Given the position:
        """
        phase = "draft"
        current = null
        draft_step = 2
        pending = [0]
        display = ["A1", "doctor", "poet"]
        players.0.cards = ["bank"]
        players.1.cards = ["friend", "park"]
        players.2.cards = ["cloister", "hospital"]
        players.0.draft_hand = ["guesthouse", "notre_dame"]
        players.1.draft_hand = ["residence"]
        players.2.draft_hand = ["carriage"]
        """
      When player 0 plays:
        """
        {"type": "keep", "card": "notre_dame"}
        """
      Then "phase" is "play"

    @ND-ROUND-PHASES
    Scenario: The last card played in phase 3 opens phase 4
      Given the position:
        """
        phase = "play"
        current = 2
        display = ["A1", "doctor", "poet"]
        players.0.played = ["bank", "park"]
        players.0.cards = ["residence"]
        players.1.played = ["bank", "cloister"]
        players.1.cards = ["hospital"]
        players.2.played = ["carriage"]
        players.2.cards = ["guesthouse", "residence"]
        """
      When player 2 plays:
        """
        {"type": "play", "card": "residence", "from": "hand"}
        """
      Then "phase" is "buy"

    @ND-ROUND-PHASES
    Scenario: The last purchase of phase 4 opens phase 5, where a tie waits for the player's choice
      Given the position:
        """
        display = ["A1", "landlady", "monk"]
        players.0.rats = 8
        players.0.areas.bank = 2
        players.0.areas.park = 2
        players.0.stock = 6
        """
      When player 2 plays:
        """
        {"type": "pass"}
        """
      Then "phase" is "plague"

  Rule: ND-START-PASS the start player passes left

    @ND-START-PASS
    Scenario: Seat 0 hands the start player role to seat 1
      When player 2 plays:
        """
        {"type": "pass"}
        """
      Then "start_player" is 1

    @ND-START-PASS
    Scenario: The last seat hands the start player role to seat 0
      Given the position:
        """
        start_player = 2
        current = 1
        """
      When player 1 plays:
        """
        {"type": "pass"}
        """
      Then "start_player" is 0

    @ND-START-PASS
    Scenario: After round 4 the start player passes and round 5 begins
      Given the position:
        """
        round = 4
        start_player = 1
        current = 0
        """
      When player 0 plays:
        """
        {"type": "pass"}
        """
      Then the position has:
        """
        start_player = 2
        round = 5
        """

  Rule: ND-STAGE-PAYOUT Notre Dame pays at the end of rounds 3, 6 and 9

    @ND-STAGE-PAYOUT @ND-ND-VALUES
    Scenario: The end of round 6 pays the provisional triangle's 12 as in example 1
      Given the position:
        """
        round = 6
        notre_dame = [2, 1, 0]
        players.0.stock = 8
        players.1.stock = 9
        """
      When player 2 plays:
        """
        {"type": "pass"}
        """
      Then the position has:
        """
        players.0.prestige = 8
        players.1.prestige = 4
        notre_dame = [0, 0, 0]
        """

  Rule: ND-STAGE-DECKS-EMPTY the decks run out after three rounds

    @ND-STAGE-DECKS-EMPTY
    Scenario: In round 3 each deck holds its last three cards
      Given the position:
        """
        round = 3
        phase = "deal"
        current = null
        display = ["A1", "landlady", "monk"]
        players.0.deck = ["bank", "cloister", "park"]
        """
      Then the chance outcomes are:
        """
        [{"action": {"player": 0, "card": "bank"}, "probability": "1/3"},
         {"action": {"player": 0, "card": "cloister"}, "probability": "1/3"},
         {"action": {"player": 0, "card": "park"}, "probability": "1/3"}]
        """

  Rule: ND-STAGE-RECOLLECT all cards back into each deck at a stage end

    @ND-STAGE-RECOLLECT
    Scenario: After round 3 every deck holds its nine cards again
      Given the position:
        """
        round = 3
        players.0.deck = []
        players.1.deck = []
        players.2.deck = []
        """
      When player 2 plays:
        """
        {"type": "pass"}
        """
      Then the position has:
        """
        players.0.deck = ["bank", "carriage", "cloister", "friend", "guesthouse", "hospital", "notre_dame", "park", "residence"]
        players.2.deck = ["bank", "carriage", "cloister", "friend", "guesthouse", "hospital", "notre_dame", "park", "residence"]
        """

    @ND-STAGE-RECOLLECT
    Scenario: After round 2 the decks are not refilled
      Given the position:
        """
        round = 2
        players.0.deck = ["bank", "cloister", "park"]
        """
      When player 2 plays:
        """
        {"type": "pass"}
        """
      Then "players.0.deck" is ["bank", "cloister", "park"]
