Feature: Notre Dame carriage house and messages
  The carriage moves one square per cube; messages and their colour sets
  (notre-dame-10th.ja.txt lines 129-159).

  Background:
    Given a new "notre_dame" game with 3 players and setup:
      """
      {"setup": {"messages": {"0": [1, 2, 3, 4], "1": [4, 3, 2, 1], "2": [2, 1, 4, 3]}}}
      """
    And the position:
      """
      phase = "play"
      current = 0
      display = ["A1", "doctor", "poet"]
      players.0.cards = ["bank", "carriage", "park"]
      """

  Rule: ND-CARRIAGE-MOVE one square per cube, one message

    @ND-CARRIAGE-MOVE
    Scenario: One cube moves the carriage one square to a message
      When player 0 plays:
        """
        {"type": "play", "card": "carriage", "from": "hand", "square": "0-4", "take": true}
        """
      Then the position has:
        """
        players.0.carriage = "0-4"
        players.0.messages = [{"color": 0, "value": 4}]
        players.0.message_set = [0]
        players.0.prestige = 4
        """

    @ND-CARRIAGE-MOVE
    Scenario: One cube does not reach a square two roads away
      When player 0 plays:
        """
        {"type": "play", "card": "carriage", "from": "hand", "square": "1-1", "take": true}
        """
      Then the action is rejected citing rule "ND-CARRIAGE-MOVE"

    @ND-CARRIAGE-MOVE
    Scenario: Two cubes may move the carriage just one square
      Given the position:
        """
        players.0.areas.carriage = 1
        players.0.stock = 9
        """
      When player 0 plays:
        """
        {"type": "play", "card": "carriage", "from": "hand", "square": "0-4", "take": true}
        """
      Then the position has:
        """
        players.0.carriage = "0-4"
        players.0.prestige = 4
        """

  Rule: ND-CARRIAGE-OTHER the carriage may enter other districts

    @ND-CARRIAGE-OTHER
    Scenario: Two cubes reach a message in the left neighbour's district
      Given the position:
        """
        players.0.areas.carriage = 1
        players.0.stock = 9
        """
      Then the legal actions include:
        """
        {"actor": 0, "type": "play", "card": "carriage", "from": "hand", "square": "1-1", "take": true}
        """

  Rule: ND-CARRIAGE-STOP the message where the carriage stops

    @ND-CARRIAGE-STOP
    Scenario: No message can be taken on an empty square
      When player 0 plays:
        """
        {"type": "play", "card": "carriage", "from": "hand", "square": "0-0", "take": true}
        """
      Then the action is rejected citing rule "ND-CARRIAGE-STOP"

    @ND-CARRIAGE-STOP
    Scenario: A carriage that stays put takes the message it stands on
      Given "players.0.carriage" is "0-3"
      Then the legal actions include:
        """
        {"actor": 0, "type": "play", "card": "carriage", "from": "hand", "square": "0-3", "take": true}
        """

  Rule: ND-CARRIAGE-STAYS the carriage stays where it stopped

    @ND-CARRIAGE-STAYS
    Scenario: A carriage on an outer square moves on from there
      Given "players.0.carriage" is "0-4"
      Then the legal actions include:
        """
        {"actor": 0, "type": "play", "card": "carriage", "square": "1-1", "take": true}
        """

  Rule: ND-CARRIAGE-ROADS the provisional road map

    @ND-CARRIAGE-ROADS
    Scenario: From the centre one cube reaches the four outer squares of the district
      Then the legal actions include:
        """
        {"actor": 0, "type": "play", "card": "carriage", "square": "0-2", "take": true}
        """
      And the legal actions do not include:
        """
        {"actor": 0, "type": "play", "card": "carriage", "square": "2-4"}
        """

  Rule: ND-MESSAGE-REWARD prestige and the printed extra

    @ND-MESSAGE-REWARD @ND-MESSAGE-VALUES
    Scenario: Message 1 gives one prestige and one coin
      When player 0 plays:
        """
        {"type": "play", "card": "carriage", "from": "hand", "square": "0-1", "take": true}
        """
      Then the position has:
        """
        players.0.prestige = 1
        players.0.coins = 4
        """

    @ND-MESSAGE-REWARD @ND-MESSAGE-VALUES
    Scenario: Message 2 gives two prestige and one cube
      When player 0 plays:
        """
        {"type": "play", "card": "carriage", "from": "hand", "square": "0-2", "take": true}
        """
      Then the position has:
        """
        players.0.prestige = 2
        players.0.cubes = 4
        players.0.stock = 9
        """

    @ND-MESSAGE-REWARD @ND-MESSAGE-VALUES @ND-MESSAGE-RAT
    Scenario: Messages 1, 2 and 4 show no rat, so the rats stay
      Given "players.0.rats" is 3
      When player 0 plays:
        """
        {"type": "play", "card": "carriage", "from": "hand", "square": "0-1", "take": true}
        """
      Then the position has:
        """
        players.0.rats = 3
        players.0.prestige = 1
        """

    @ND-MESSAGE-REWARD @ND-MESSAGE-VALUES
    Scenario: A message gives the number printed on it, not the number of its square
      # district 1 holds messages 4, 3, 2, 1 on its squares 1-1 to 1-4 (the Background)
      Given "players.0.carriage" is "0-4"
      When player 0 plays:
        """
        {"type": "play", "card": "carriage", "from": "hand", "square": "1-1", "take": true}
        """
      Then the position has:
        """
        players.0.prestige = 4
        """

  Rule: ND-MESSAGE-RAT a crossed-out rat removes a rat

    @ND-MESSAGE-RAT @ND-MESSAGE-VALUES
    Scenario: Message 3 gives three prestige and removes a rat
      Given "players.0.rats" is 5
      When player 0 plays:
        """
        {"type": "play", "card": "carriage", "from": "hand", "square": "0-3", "take": true}
        """
      Then the position has:
        """
        players.0.prestige = 3
        players.0.rats = 4
        """

  Rule: ND-MESSAGE-VALUES what each number carries

    @ND-MESSAGE-VALUES
    Scenario: Message 4 gives four prestige and nothing else
      When player 0 plays:
        """
        {"type": "play", "card": "carriage", "from": "hand", "square": "0-4", "take": true}
        """
      Then the position has:
        """
        players.0.prestige = 4
        players.0.coins = 3
        players.0.stock = 10
        players.0.rats = 0
        """

  Rule: ND-MESSAGE-COLOR no second message of a colour

    @ND-MESSAGE-COLOR
    Scenario: A second message of the same colour cannot be taken
      Given the position:
        """
        players.0.messages = [{"color": 0, "value": 1}]
        players.0.message_set = [0]
        messages = {"0-2": {"color": 0, "value": 2}, "0-3": {"color": 0, "value": 3}, "0-4": {"color": 0, "value": 4}, "1-1": {"color": 1, "value": 4}, "1-2": {"color": 1, "value": 3}, "1-3": {"color": 1, "value": 2}, "1-4": {"color": 1, "value": 1}, "2-1": {"color": 2, "value": 2}, "2-2": {"color": 2, "value": 1}, "2-3": {"color": 2, "value": 4}, "2-4": {"color": 2, "value": 3}}
        """
      When player 0 plays:
        """
        {"type": "play", "card": "carriage", "from": "hand", "square": "0-2", "take": true}
        """
      Then the action is rejected citing rule "ND-MESSAGE-COLOR"

    @ND-MESSAGE-COLOR
    Scenario: The carriage may still stop on a blocked colour without taking it
      Given the position:
        """
        players.0.messages = [{"color": 0, "value": 1}]
        players.0.message_set = [0]
        messages = {"0-2": {"color": 0, "value": 2}, "0-3": {"color": 0, "value": 3}, "0-4": {"color": 0, "value": 4}, "1-1": {"color": 1, "value": 4}, "1-2": {"color": 1, "value": 3}, "1-3": {"color": 1, "value": 2}, "1-4": {"color": 1, "value": 1}, "2-1": {"color": 2, "value": 2}, "2-2": {"color": 2, "value": 1}, "2-3": {"color": 2, "value": 4}, "2-4": {"color": 2, "value": 3}}
        """
      Then the legal actions include:
        """
        {"actor": 0, "type": "play", "card": "carriage", "square": "0-2", "take": false}
        """
      And the legal actions do not include:
        """
        {"actor": 0, "type": "play", "card": "carriage", "square": "0-2", "take": true}
        """

  Rule: ND-MESSAGE-SET a full set lifts the restriction

    @ND-MESSAGE-SET
    Scenario: After one message of each of three colours any colour may be taken
      Given the position:
        """
        players.0.messages = [{"color": 0, "value": 1}, {"color": 1, "value": 1}, {"color": 2, "value": 1}]
        players.0.message_set = [0, 1, 2]
        messages = {"0-2": {"color": 0, "value": 2}, "0-3": {"color": 0, "value": 3}, "0-4": {"color": 0, "value": 4}, "1-1": {"color": 1, "value": 4}, "1-2": {"color": 1, "value": 3}, "1-3": {"color": 1, "value": 2}, "2-1": {"color": 2, "value": 2}, "2-3": {"color": 2, "value": 4}, "2-4": {"color": 2, "value": 3}}
        """
      When player 0 plays:
        """
        {"type": "play", "card": "carriage", "from": "hand", "square": "0-2", "take": true}
        """
      Then the position has:
        """
        players.0.message_set = [0]
        players.0.prestige = 2
        """

    @ND-MESSAGE-SET @ND-MESSAGE-COLOR
    Scenario: In a five-player game four colours are not yet a full set
      Given a new "notre_dame" game with 5 players and setup:
        """
        {"setup": {"messages": {"0": [1, 2, 3, 4], "1": [1, 2, 3, 4], "2": [1, 2, 3, 4], "3": [1, 2, 3, 4], "4": [1, 2, 3, 4]}}}
        """
      And the position:
        """
        phase = "play"
        current = 0
        players.0.cards = ["bank", "carriage", "park"]
        players.0.message_set = [0, 1, 2, 3]
        """
      When player 0 plays:
        """
        {"type": "play", "card": "carriage", "from": "hand", "square": "0-2", "take": true}
        """
      Then the action is rejected citing rule "ND-MESSAGE-COLOR"

    @ND-MESSAGE-SET
    Scenario: In a five-player game five colours are a full set
      Given a new "notre_dame" game with 5 players and setup:
        """
        {"setup": {"messages": {"0": [1, 2, 3, 4], "1": [1, 2, 3, 4], "2": [1, 2, 3, 4], "3": [1, 2, 3, 4], "4": [1, 2, 3, 4]}}}
        """
      And the position:
        """
        phase = "play"
        current = 0
        players.0.cards = ["bank", "carriage", "park"]
        players.0.message_set = [0, 1, 2, 3, 4]
        """
      When player 0 plays:
        """
        {"type": "play", "card": "carriage", "from": "hand", "square": "0-2", "take": true}
        """
      Then the position has:
        """
        players.0.message_set = [0]
        players.0.prestige = 2
        """

  Rule: ND-MESSAGE-AGAIN the colour taken is blocked again

    @ND-MESSAGE-AGAIN
    Scenario: After a full set the next colour opens a new set
      Given the position:
        """
        players.0.carriage = "0-4"
        players.0.messages = [{"color": 0, "value": 1}, {"color": 0, "value": 3}, {"color": 1, "value": 1}, {"color": 2, "value": 1}]
        players.0.message_set = [0]
        messages = {"0-2": {"color": 0, "value": 2}, "0-4": {"color": 0, "value": 4}, "1-1": {"color": 1, "value": 4}, "1-2": {"color": 1, "value": 3}, "1-3": {"color": 1, "value": 2}, "2-1": {"color": 2, "value": 2}, "2-3": {"color": 2, "value": 4}, "2-4": {"color": 2, "value": 3}}
        """
      When player 0 plays:
        """
        {"type": "play", "card": "carriage", "from": "hand", "square": "0-4", "take": true}
        """
      Then the action is rejected citing rule "ND-MESSAGE-COLOR"

    @ND-MESSAGE-AGAIN @ND-MESSAGE-COLOR
    Scenario: A new set grows by an other colour
      Given the position:
        """
        players.0.carriage = "0-4"
        players.0.message_set = [0]
        """
      When player 0 plays:
        """
        {"type": "play", "card": "carriage", "from": "hand", "square": "1-1", "take": true}
        """
      Then "players.0.message_set" is [0, 1]

    @ND-MESSAGE-AGAIN
    Scenario: The colour taken after a full set is blocked again at the player's next play
      Given a new "notre_dame" game with 2 players and setup:
        """
        {"setup": {"messages": {"0": [1, 2, 3, 4], "1": [4, 3, 2, 1]}}}
        """
      And the position:
        """
        phase = "play"
        current = 0
        players.0.cards = ["carriage", "friend", "park"]
        players.1.cards = ["bank", "carriage", "park"]
        players.0.message_set = [0, 1]
        """
      When these actions are applied:
        """
        [{"actor": 0, "type": "play", "card": "carriage", "from": "hand", "square": "0-2", "take": true},
         {"actor": 1, "type": "play", "card": "bank", "from": "hand"}]
        """
      Then the legal actions include:
        """
        {"actor": 0, "type": "play", "card": "friend", "area": "carriage", "square": "0-1", "take": false}
        """
      And the legal actions do not include:
        """
        {"actor": 0, "type": "play", "card": "friend", "area": "carriage", "square": "0-1", "take": true}
        """

  Rule: ND-MESSAGE-EXHAUSTED a colour gone from the board counts as collected

    @ND-MESSAGE-EXHAUSTED
    Scenario: With every message of colour 2 taken, colours 0 and 1 make a full set
      Given the position:
        """
        players.0.message_set = [0, 1]
        messages = {"0-2": {"color": 0, "value": 2}, "0-3": {"color": 0, "value": 3}, "1-2": {"color": 1, "value": 3}}
        """
      When player 0 plays:
        """
        {"type": "play", "card": "carriage", "from": "hand", "square": "0-2", "take": true}
        """
      Then the position has:
        """
        players.0.message_set = [0]
        """

  Rule: ND-MESSAGES-2P two colours in a two-player game

    @ND-MESSAGES-2P
    Scenario: In a two-player game two colours make a full set
      Given a new "notre_dame" game with 2 players and setup:
        """
        {"setup": {"messages": {"0": [1, 2, 3, 4], "1": [4, 3, 2, 1]}}}
        """
      And the position:
        """
        phase = "play"
        current = 0
        players.0.cards = ["bank", "carriage", "park"]
        players.0.message_set = [0, 1]
        """
      When player 0 plays:
        """
        {"type": "play", "card": "carriage", "from": "hand", "square": "0-2", "take": true}
        """
      Then "players.0.message_set" is [0]
