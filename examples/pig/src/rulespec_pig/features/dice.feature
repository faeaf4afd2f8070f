Feature: Pig's die
  Rolling is the player's choice; the die is chance's (rulebook.en.txt lines 6 and 18).

  Background:
    Given a new "pig" game with 2 players

  Rule: PIG-COMP-DIE a six-sided die, each face equally likely

    @PIG-COMP-DIE @PIG-TURN-ROLL @reading:two_dice=false
    Scenario: A roll has six outcomes of 1/6 each
      When player 0 plays:
        """
        {"type": "roll"}
        """
      Then the position has:
        """
        phase = "roll"
        to_act = ["chance"]
        """
      And the chance outcomes are:
        """
        [{"action": {"type": "dice", "dice": [1]}, "probability": "1/6"},
         {"action": {"type": "dice", "dice": [2]}, "probability": "1/6"},
         {"action": {"type": "dice", "dice": [3]}, "probability": "1/6"},
         {"action": {"type": "dice", "dice": [4]}, "probability": "1/6"},
         {"action": {"type": "dice", "dice": [5]}, "probability": "1/6"},
         {"action": {"type": "dice", "dice": [6]}, "probability": "1/6"}]
        """

    @PIG-COMP-DIE
    Scenario: A die has no seventh face
      When these actions are applied:
        """
        [{"actor": 0, "type": "roll"}, {"actor": "chance", "type": "dice", "dice": [7]}]
        """
      Then the action is refused as malformed

    @PIG-COMP-DIE
    Scenario: A die has no face 0
      When these actions are applied:
        """
        [{"actor": 0, "type": "roll"}, {"actor": "chance", "type": "dice", "dice": [0]}]
        """
      Then the action is refused as malformed

    @PIG-COMP-DIE
    Scenario: A roll shows one die or two, never none or three
      When these actions are applied:
        """
        [{"actor": 0, "type": "roll"}, {"actor": "chance", "type": "dice", "dice": []}]
        """
      Then the action is refused as malformed
      When chance reveals:
        """
        {"type": "dice", "dice": [2, 3, 4]}
        """
      Then the action is refused as malformed

    @PIG-COMP-DIE
    Scenario: A dice action names nothing but the dice
      When these actions are applied:
        """
        [{"actor": 0, "type": "roll"}, {"actor": "chance", "type": "dice", "dice": [3], "player": 0}]
        """
      Then the action is refused as malformed

  Rule: PIG-TURN-ROLL roll the die as many times as you dare

    @PIG-TURN-ROLL
    Scenario: Nobody chooses while the die is rolling
      When these actions are applied:
        """
        [{"actor": 0, "type": "roll"}, {"actor": 0, "type": "roll"}]
        """
      Then the action is rejected citing rule "PIG-TURN-ROLL"

    @PIG-TURN-ROLL
    Scenario: No die comes up before the player rolls
      When chance reveals:
        """
        {"type": "dice", "dice": [4]}
        """
      Then the action is rejected citing rule "PIG-TURN-ROLL"

    @PIG-TURN-ROLL @PIG-ROLL-ADD @reading:two_dice=false
    Scenario: A player may roll again and again
      When these actions are applied:
        """
        [{"actor": 0, "type": "roll"}, {"actor": "chance", "type": "dice", "dice": [2]},
         {"actor": 0, "type": "roll"}, {"actor": "chance", "type": "dice", "dice": [2]},
         {"actor": 0, "type": "roll"}, {"actor": "chance", "type": "dice", "dice": [3]},
         {"actor": 0, "type": "roll"}, {"actor": "chance", "type": "dice", "dice": [6]}]
        """
      Then the position has:
        """
        turn_total = 13
        scores = [0, 0]
        current = 0
        to_act = [0]
        """
