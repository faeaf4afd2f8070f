Feature: Isle Traces turn structure

  Background:
    Given a new "isle_traces" game with 2 players
    And the isle map:
      """
      101 0 0 6 6 : road road road plains plains plains | forest forest forest forest forest forest
      """

  Rule: IT-TURN-ORDER turns go in seat order; only the current player acts

    @IT-TURN-ORDER
    Scenario: Another seat cannot act on seat 0's turn
      Given the position:
        """
        phase = "explore"
        """
      When player 1 plays:
        """
        {"type": "place_explorer", "row": 6, "col": 6}
        """
      Then the action is rejected citing rule "IT-TURN-ORDER"

    @IT-TURN-ORDER @IT-TURN-SEQUENCE
    Scenario: After seat 1 of two the turn comes back to seat 0
      Given the position:
        """
        phase = "flip"
        current = 1
        """
      When player 1 plays:
        """
        {"type": "pass"}
        """
      Then the position has:
        """
        current = 0
        phase = "draw"
        to_act = ["chance"]
        """

  Rule: IT-TURN-SEQUENCE action 1, then 2, then 3

    @IT-TURN-SEQUENCE
    Scenario: Action 3 cannot come before action 2
      Given the position:
        """
        phase = "explore"
        """
      When player 0 plays:
        """
        {"type": "flip", "card": 101}
        """
      Then the action is rejected citing rule "IT-TURN-SEQUENCE"

    @IT-TURN-SEQUENCE @IT-PLACE-DRAW
    Scenario: The card must be placed before anything else
      Given the isle card drawn:
        """
        102 : coast coast coast coast coast coast | mountain mountain mountain mountain mountain mountain
        """
      When player 0 plays:
        """
        {"type": "place_explorer", "row": 6, "col": 6}
        """
      Then the action is rejected citing rule "IT-TURN-SEQUENCE"

    @IT-TURN-SEQUENCE
    Scenario: Skipping action 2 leads to action 3, skipping it ends the turn
      Given the position:
        """
        phase = "explore"
        """
      When these actions are applied:
        """
        [{"actor": 0, "type": "pass"}]
        """
      Then "phase" is "flip"
      When player 0 plays:
        """
        {"type": "pass"}
        """
      Then the position has:
        """
        phase = "draw"
        current = 1
        """
