Feature: Two-Dice Pig
  The variant of section 6 (rulebook.en.txt lines 7 and 32-35): option two_dice.

  Background:
    Given a new "pig" game with 2 players and options:
      """
      {"two_dice": true}
      """

  Rule: PIG-VAR-TWO-DICE roll both dice and add the two numbers

    @PIG-VAR-TWO-DICE @reading:two_dice=true
    Scenario: Two dice have 21 outcomes, a double 1/36 and any other pair 1/18
      When player 0 plays:
        """
        {"type": "roll"}
        """
      Then the chance outcomes are:
        """
        [{"action": {"dice": [1, 1]}, "probability": "1/36"},
         {"action": {"dice": [1, 2]}, "probability": "1/18"},
         {"action": {"dice": [1, 3]}, "probability": "1/18"},
         {"action": {"dice": [1, 4]}, "probability": "1/18"},
         {"action": {"dice": [1, 5]}, "probability": "1/18"},
         {"action": {"dice": [1, 6]}, "probability": "1/18"},
         {"action": {"dice": [2, 2]}, "probability": "1/36"},
         {"action": {"dice": [2, 3]}, "probability": "1/18"},
         {"action": {"dice": [2, 4]}, "probability": "1/18"},
         {"action": {"dice": [2, 5]}, "probability": "1/18"},
         {"action": {"dice": [2, 6]}, "probability": "1/18"},
         {"action": {"dice": [3, 3]}, "probability": "1/36"},
         {"action": {"dice": [3, 4]}, "probability": "1/18"},
         {"action": {"dice": [3, 5]}, "probability": "1/18"},
         {"action": {"dice": [3, 6]}, "probability": "1/18"},
         {"action": {"dice": [4, 4]}, "probability": "1/36"},
         {"action": {"dice": [4, 5]}, "probability": "1/18"},
         {"action": {"dice": [4, 6]}, "probability": "1/18"},
         {"action": {"dice": [5, 5]}, "probability": "1/36"},
         {"action": {"dice": [5, 6]}, "probability": "1/18"},
         {"action": {"dice": [6, 6]}, "probability": "1/36"}]
        """

    @PIG-VAR-TWO-DICE @PIG-CHOICE @reading:two_dice=true
    Scenario: A 3 and a 5 add 8 to the turn total
      When these actions are applied:
        """
        [{"actor": 0, "type": "roll"}, {"actor": "chance", "type": "dice", "dice": [3, 5]}]
        """
      Then the position has:
        """
        turn_total = 8
        to_act = [0]
        """
      And the legal actions are exactly:
        """
        [{"actor": 0, "type": "roll"}, {"actor": 0, "type": "hold"}]
        """

  Rule: PIG-VAR-SECOND-DIE only Two-Dice Pig rolls two dice

    @PIG-VAR-SECOND-DIE @reading:two_dice=true
    Scenario: Two-Dice Pig rolls no single die
      When these actions are applied:
        """
        [{"actor": 0, "type": "roll"}, {"actor": "chance", "type": "dice", "dice": [4]}]
        """
      Then the action is rejected citing rule "PIG-VAR-SECOND-DIE"

    @PIG-VAR-SECOND-DIE @reading:two_dice=true
    Scenario: Two dice are listed in ascending order
      When these actions are applied:
        """
        [{"actor": 0, "type": "roll"}, {"actor": "chance", "type": "dice", "dice": [5, 2]}]
        """
      Then the action is rejected citing rule "PIG-VAR-SECOND-DIE"

    @PIG-VAR-SECOND-DIE @reading:two_dice=false
    Scenario: The one-die game rolls no pair
      Given a new "pig" game with 2 players and options:
        """
        {"two_dice": false}
        """
      When these actions are applied:
        """
        [{"actor": 0, "type": "roll"}, {"actor": "chance", "type": "dice", "dice": [3, 4]}]
        """
      Then the action is rejected citing rule "PIG-VAR-SECOND-DIE"

  Rule: PIG-VAR-ONE exactly one 1 loses the turn total

    @PIG-VAR-ONE @PIG-TURN-END @reading:two_dice=true
    Scenario: A 1 and a 4 lose a turn total of 10 and keep the score
      Given the position:
        """
        scores = [30, 12]
        turn_total = 10
        """
      When these actions are applied:
        """
        [{"actor": 0, "type": "roll"}, {"actor": "chance", "type": "dice", "dice": [1, 4]}]
        """
      Then the position has:
        """
        scores = [30, 12]
        turn_total = 0
        current = 1
        to_act = [1]
        """

  Rule: PIG-VAR-SNAKE two 1s lose the whole score

    @PIG-VAR-SNAKE @PIG-TURN-END @reading:two_dice=true
    Scenario: Snake eyes drop a score of 30 to 0
      Given the position:
        """
        scores = [30, 12]
        turn_total = 10
        """
      When these actions are applied:
        """
        [{"actor": 0, "type": "roll"}, {"actor": "chance", "type": "dice", "dice": [1, 1]}]
        """
      Then the position has:
        """
        scores = [0, 12]
        turn_total = 0
        current = 1
        to_act = [1]
        """

  Rule: PIG-EX-SNAKE Cat's snake eyes on 50

    @PIG-EX-SNAKE @PIG-VAR-TWO-DICE @PIG-VAR-SNAKE @reading:two_dice=true @until:example-goal-fifty
    Scenario: Cat, on 50 with 14, rolls 3 and 4, then snake eyes
      Given the position:
        """
        scores = [50, 0]
        turn_total = 14
        """
      When these actions are applied:
        """
        [{"actor": 0, "type": "roll"}, {"actor": "chance", "type": "dice", "dice": [3, 4]}]
        """
      Then "turn_total" is 21
      When these actions are applied:
        """
        [{"actor": 0, "type": "roll"}, {"actor": "chance", "type": "dice", "dice": [1, 1]}]
        """
      Then the position has:
        """
        scores = [0, 0]
        turn_total = 0
        current = 1
        """
