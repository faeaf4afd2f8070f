Feature: Notre Dame friend
  The friend card and the friend piece (notre-dame-10th.ja.txt lines 169-181).

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
      players.0.cards = ["bank", "friend", "residence"]
      """

  Rule: ND-FRIEND-PLACE the friend goes to an area and performs its action

    @ND-FRIEND-PLACE
    Scenario: The friend card puts the friend in the bank for one coin, without a cube
      When player 0 plays:
        """
        {"type": "play", "card": "friend", "area": "bank"}
        """
      Then the position has:
        """
        players.0.friend = "bank"
        players.0.coins = 4
        players.0.cubes = 4
        players.0.areas.bank = 0
        """

  Rule: ND-FRIEND-MOVE the friend must change area

    @ND-FRIEND-MOVE
    Scenario: The friend cannot act again where it stands
      Given "players.0.friend" is "bank"
      When player 0 plays:
        """
        {"type": "play", "card": "friend", "area": "bank"}
        """
      Then the action is rejected citing rule "ND-FRIEND-MOVE"

    @ND-FRIEND-MOVE
    Scenario: The friend moves from the bank to the residence
      Given "players.0.friend" is "bank"
      Then the legal actions include:
        """
        {"actor": 0, "type": "play", "card": "friend", "area": "residence"}
        """

  Rule: ND-FRIEND-NOTND the friend never acts at Notre Dame

    @ND-FRIEND-NOTND
    Scenario: The friend cannot go to Notre Dame
      When player 0 plays:
        """
        {"type": "play", "card": "friend", "area": "notre_dame"}
        """
      Then the action is rejected citing rule "ND-FRIEND-NOTND"

  Rule: ND-FRIEND-COUNT the friend counts as a cube

    @ND-FRIEND-COUNT
    Scenario: Two cubes, a new cube and the friend in the residence give four prestige
      Given the position:
        """
        players.0.friend = "residence"
        players.0.areas.residence = 2
        players.0.stock = 8
        """
      When player 0 plays:
        """
        {"type": "play", "card": "residence", "from": "hand"}
        """
      Then "players.0.prestige" is 4

    @ND-FRIEND-COUNT @ND-GUEST-DOUBLE
    Scenario: The friend makes the third person for the guest house double
      Given the position:
        """
        players.0.areas.guesthouse = 2
        players.0.stock = 8
        """
      When player 0 plays:
        """
        {"type": "play", "card": "friend", "area": "guesthouse", "choices": ["coin", "coin"]}
        """
      Then "players.0.coins" is 5

    @ND-FRIEND-COUNT @ND-CARRIAGE-MOVE
    Scenario: The friend alone in the carriage house drives one square, not two
      When player 0 plays:
        """
        {"type": "play", "card": "friend", "area": "carriage", "square": "1-1", "take": false}
        """
      Then the action is rejected citing rule "ND-CARRIAGE-MOVE"

    @ND-FRIEND-COUNT @ND-CARRIAGE-STOP
    Scenario: The friend alone in the carriage house reaches the centre one square away, where no message lies
      Given "players.0.carriage" is "0-1"
      When player 0 plays:
        """
        {"type": "play", "card": "friend", "area": "carriage", "square": "0-0", "take": true}
        """
      Then the action is rejected citing rule "ND-CARRIAGE-STOP"

    @ND-FRIEND-COUNT
    Scenario: A cube played beside the friend in the carriage house drives two squares, not three
      Given the position:
        """
        players.0.cards = ["bank", "carriage", "residence"]
        players.0.friend = "carriage"
        """
      Then the legal actions include:
        """
        {"actor": 0, "type": "play", "card": "carriage", "from": "hand", "square": "1-1", "take": true}
        """
      And the legal actions do not include:
        """
        {"actor": 0, "type": "play", "card": "carriage", "from": "hand", "square": "1-2", "take": true}
        """

    # notre-dame-10th.ja.txt:179 the friend counts as one marker (not two), wherever a move
    # brings the two together: one cube and the friend in the guest house are two people, and
    # two choices need three (line 165).
    @ND-FRIEND-COUNT
    Scenario Outline: The magician's <piece> meeting the <other> in the guest house makes two people, not three
      Given the position:
        """
        phase = "buy"
        current = 0
        display = ["A1", "doctor", "magician"]
        players.0.cards = []
        players.0.areas.bank = <bank>
        players.0.areas.guesthouse = <guesthouse>
        players.0.friend = "<friend>"
        players.0.stock = 9
        """
      When player 0 plays:
        """
        {"type": "buy", "person": "magician", "from": "bank", "to": "guesthouse", "piece": "<piece>", "choices": ["coin", "coin"]}
        """
      Then the action is rejected citing rule "ND-PERSON-MAGICIAN"

      Examples:
        | piece  | other  | bank | guesthouse | friend     |
        | friend | cube   | 0    | 1          | bank       |
        | cube   | friend | 1    | 0          | guesthouse |

  Rule: ND-FRIEND-EX the bank with two cubes and the friend

    @ND-FRIEND-EX
    Scenario: Text example, the friend card in a bank with 2 cubes gives 3 coins
      Given the position:
        """
        players.0.areas.bank = 2
        players.0.stock = 8
        """
      When player 0 plays:
        """
        {"type": "play", "card": "friend", "area": "bank"}
        """
      Then "players.0.coins" is 6

    @ND-FRIEND-EX
    Scenario: Text example, the bank card making 2 cubes beside the friend gives 3 coins
      Given the position:
        """
        players.0.areas.bank = 1
        players.0.friend = "bank"
        players.0.stock = 9
        """
      When player 0 plays:
        """
        {"type": "play", "card": "bank", "from": "hand"}
        """
      Then the position has:
        """
        players.0.coins = 6
        """
