Feature: A turn of Pig
  Roll, add, hold or lose it all (rulebook.en.txt lines 15 and 19-24, example line 29).

  Background:
    Given a new "pig" game with 3 players

  Rule: PIG-ROLL-ADD a roll of 2 to 6 is added to the turn total

    @PIG-ROLL-ADD @reading:two_dice=false
    Scenario: A 4 then a 5 make a turn total of 9
      When these actions are applied:
        """
        [{"actor": 0, "type": "roll"}, {"actor": "chance", "type": "dice", "dice": [4]}]
        """
      Then the position has:
        """
        turn_total = 4
        phase = "decide"
        to_act = [0]
        """
      When these actions are applied:
        """
        [{"actor": 0, "type": "roll"}, {"actor": "chance", "type": "dice", "dice": [5]}]
        """
      Then the position has:
        """
        turn_total = 9
        scores = [0, 0, 0]
        """

  Rule: PIG-ROLL-ONE a 1 loses the turn total and ends the turn

    @PIG-ROLL-ONE @PIG-TURN-END @reading:two_dice=false
    Scenario: A 1 loses a turn total of 12 and keeps the score
      Given the position:
        """
        scores = [30, 0, 0]
        turn_total = 12
        """
      When these actions are applied:
        """
        [{"actor": 0, "type": "roll"}, {"actor": "chance", "type": "dice", "dice": [1]}]
        """
      Then the position has:
        """
        scores = [30, 0, 0]
        turn_total = 0
        current = 1
        to_act = [1]
        phase = "decide"
        """

  Rule: PIG-CHOICE after a roll that is not a 1, roll again or hold

    @PIG-CHOICE @reading:two_dice=false
    Scenario: After a 3 the player may roll or hold
      When these actions are applied:
        """
        [{"actor": 0, "type": "roll"}, {"actor": "chance", "type": "dice", "dice": [3]}]
        """
      Then the legal actions are exactly:
        """
        [{"actor": 0, "type": "roll"}, {"actor": 0, "type": "hold"}]
        """

  Rule: PIG-HOLD holding banks the turn total

    @PIG-HOLD @PIG-TURN-END @PIG-CHOICE
    Scenario: Holding a turn total of 9 on 20 makes 29
      Given the position:
        """
        scores = [20, 0, 0]
        turn_total = 9
        """
      When player 0 plays:
        """
        {"type": "hold"}
        """
      Then the position has:
        """
        scores = [29, 0, 0]
        turn_total = 0
        current = 1
        to_act = [1]
        """

  Rule: PIG-ROLL-FIRST roll at least once before holding

    @PIG-ROLL-FIRST
    Scenario: A player may not hold before rolling
      When player 0 plays:
        """
        {"type": "hold"}
        """
      Then the action is rejected citing rule "PIG-ROLL-FIRST"

    @PIG-ROLL-FIRST @PIG-TURN-END @reading:two_dice=false
    Scenario: The next player must roll before holding too
      When these actions are applied:
        """
        [{"actor": 0, "type": "roll"}, {"actor": "chance", "type": "dice", "dice": [5]},
         {"actor": 0, "type": "hold"}]
        """
      Then the position has:
        """
        scores = [5, 0, 0]
        current = 1
        turn_total = 0
        """
      And the legal actions are exactly:
        """
        [{"actor": 1, "type": "roll"}]
        """

  Rule: PIG-TURN-END the turn total goes back to 0 and the player on the left plays

    @PIG-TURN-END @PIG-TURN-ORDER @PIG-HOLD
    Scenario: After the last seat the first seat plays again
      Given the position:
        """
        current = 2
        to_act = [2]
        scores = [10, 20, 30]
        turn_total = 7
        """
      When player 2 plays:
        """
        {"type": "hold"}
        """
      Then the position has:
        """
        scores = [10, 20, 37]
        current = 0
        to_act = [0]
        turn_total = 0
        """

  Rule: PIG-TURN-ORDER only the player whose turn it is acts

    @PIG-TURN-ORDER
    Scenario: Another player may not roll
      When player 1 plays:
        """
        {"type": "roll"}
        """
      Then the action is rejected citing rule "PIG-TURN-ORDER"

    @PIG-TURN-ORDER
    Scenario: There is no seat 6
      When player 6 plays:
        """
        {"type": "roll"}
        """
      Then the action is refused as malformed

    @PIG-TURN-ORDER
    Scenario: An actor is a seat or chance
      When the action is applied:
        """
        {"actor": "banker", "type": "roll"}
        """
      Then the action is refused as malformed

    @PIG-TURN-ORDER @PIG-TURN-ROLL
    Scenario: A roll names nothing but its player
      When player 0 plays:
        """
        {"type": "roll", "dice": [6]}
        """
      Then the action is refused as malformed

    @PIG-TURN-ORDER @PIG-HOLD @PIG-PLAYERS
    Scenario: In a six-player game seat 5 waits its turn, then passes to seat 0
      Given a new "pig" game with 6 players
      When player 5 plays:
        """
        {"type": "roll"}
        """
      Then the action is rejected citing rule "PIG-TURN-ORDER"
      Given the position:
        """
        current = 5
        to_act = [5]
        turn_total = 4
        """
      When player 5 plays:
        """
        {"type": "hold"}
        """
      Then the position has:
        """
        scores = [0, 0, 0, 0, 0, 4]
        current = 0
        to_act = [0]
        """

  Rule: PIG-EX-ONE Ben's 1 on a turn total of 18

    @PIG-EX-ONE @PIG-ROLL-ONE @PIG-TURN-ORDER @reading:two_dice=false
    Scenario: Ben, on 40 with a turn total of 18, rolls a 1
      Given the position:
        """
        current = 1
        to_act = [1]
        scores = [0, 40, 0]
        turn_total = 18
        """
      When these actions are applied:
        """
        [{"actor": 1, "type": "roll"}, {"actor": "chance", "type": "dice", "dice": [1]}]
        """
      Then the position has:
        """
        scores = [0, 40, 0]
        turn_total = 0
        current = 2
        to_act = [2]
        """
