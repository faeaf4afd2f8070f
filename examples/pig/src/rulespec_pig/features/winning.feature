Feature: Winning Pig
  The goal of 100 and the end of the game (rulebook.en.txt lines 10 and 27-28).

  Background:
    Given a new "pig" game with 2 players

  Rule: PIG-GOAL bank 100 points

    @PIG-GOAL @PIG-WIN @PIG-HOLD @reading:win_without_hold=false @until:example-goal-fifty
    Scenario: Holding 5 on 95 reaches 100 and wins
      Given the position:
        """
        scores = [95, 60]
        turn_total = 5
        """
      When player 0 plays:
        """
        {"type": "hold"}
        """
      Then the position has:
        """
        scores = [100, 60]
        turn_total = 0
        terminal = true
        phase = "over"
        """
      And the game is over
      And the outcome has:
        """
        winners = [0]
        scores = [100, 60]
        """

    @PIG-GOAL @PIG-HOLD @until:example-goal-fifty
    Scenario: Holding 9 on 90 makes 99, which is not enough
      Given the position:
        """
        scores = [90, 60]
        turn_total = 9
        """
      When player 0 plays:
        """
        {"type": "hold"}
        """
      Then the position has:
        """
        scores = [99, 60]
        terminal = false
        current = 1
        to_act = [1]
        """
      And the outcome has:
        """
        winners = []
        """

  Rule: PIG-WIN the first score to reach 100 wins, and the game ends at once

    @PIG-WIN @PIG-GOAL @reading:win_without_hold=false @until:example-goal-fifty
    Scenario: Going past 100 wins too
      Given the position:
        """
        current = 1
        to_act = [1]
        scores = [80, 97]
        turn_total = 11
        """
      When player 1 plays:
        """
        {"type": "hold"}
        """
      Then the game is over
      And the outcome has:
        """
        winners = [1]
        scores = [80, 108]
        """

    @PIG-WIN @reading:win_without_hold=false @until:example-goal-fifty
    Scenario: Nobody acts after the game has ended
      Given the position:
        """
        scores = [95, 60]
        turn_total = 5
        """
      When player 0 plays:
        """
        {"type": "hold"}
        """
      Then the game is over
      And the legal actions are exactly:
        """
        []
        """

    @PIG-WIN @reading:win_without_hold=false @reading:two_dice=false @until:example-goal-fifty
    Scenario: A turn total that reaches 100 must still be held
      Given the position:
        """
        scores = [95, 60]
        """
      When these actions are applied:
        """
        [{"actor": 0, "type": "roll"}, {"actor": "chance", "type": "dice", "dice": [6]}]
        """
      Then the position has:
        """
        scores = [95, 60]
        turn_total = 6
        terminal = false
        to_act = [0]
        """
      And the legal actions are exactly:
        """
        [{"actor": 0, "type": "roll"}, {"actor": 0, "type": "hold"}]
        """

    @PIG-WIN @reading:win_without_hold=true @reading:two_dice=false @until:example-goal-fifty
    Scenario: Under the other reading the roll that reaches 100 wins
      Given a new "pig" game with 2 players and options:
        """
        {"win_without_hold": true}
        """
      And the position:
        """
        scores = [95, 60]
        """
      When these actions are applied:
        """
        [{"actor": 0, "type": "roll"}, {"actor": "chance", "type": "dice", "dice": [6]}]
        """
      Then the game is over
      And the position has:
        """
        scores = [101, 60]
        turn_total = 0
        phase = "over"
        """
      And the outcome has:
        """
        winners = [0]
        scores = [101, 60]
        """

    @PIG-WIN @reading:win_without_hold=true @reading:two_dice=false @until:example-goal-fifty
    Scenario: Under the other reading a roll reaching exactly 100 wins
      Given a new "pig" game with 2 players and options:
        """
        {"win_without_hold": true}
        """
      And the position:
        """
        scores = [95, 60]
        """
      When these actions are applied:
        """
        [{"actor": 0, "type": "roll"}, {"actor": "chance", "type": "dice", "dice": [5]}]
        """
      Then the game is over
      And the outcome has:
        """
        winners = [0]
        scores = [100, 60]
        """

  Rule: PIG-EX-HOLD Ann's 6, 4 and 5 on 85

    @PIG-EX-HOLD @PIG-ROLL-ADD @PIG-HOLD @PIG-WIN @reading:two_dice=false @reading:win_without_hold=false @until:example-goal-fifty
    Scenario: Ann, on 85, rolls 6, 4 and 5 and holds at 100
      Given the position:
        """
        scores = [85, 0]
        """
      When these actions are applied:
        """
        [{"actor": 0, "type": "roll"}, {"actor": "chance", "type": "dice", "dice": [6]},
         {"actor": 0, "type": "roll"}, {"actor": "chance", "type": "dice", "dice": [4]},
         {"actor": 0, "type": "roll"}, {"actor": "chance", "type": "dice", "dice": [5]}]
        """
      Then "turn_total" is 15
      When player 0 plays:
        """
        {"type": "hold"}
        """
      Then the game is over
      And the outcome has:
        """
        winners = [0]
        scores = [100, 0]
        """
