Feature: Isle Traces: end of the game

  Background:
    Given a new "isle_traces" game with 3 players
    And the isle map:
      """
      101 0 0 6 6 : road road road plains plains plains | forest forest forest forest forest forest
      """
    And the position:
      """
      phase = "flip"
      current = 2
      """

  Rule: IT-END-DECK the game ends when the player who drew the last card has finished

    @IT-END-DECK @IT-END-ALL
    Scenario: With the deck empty the game ends after the turn
      Given the isle deck is empty
      When player 2 plays:
        """
        {"type": "pass"}
        """
      Then the game is over
      And "phase" is "over"

    @IT-END-DECK @IT-END-ALL
    Scenario: With a card left the next player draws
      Given the isle deck:
        """
        201 : road road road road road road | coast coast coast coast coast coast
        """
      When player 2 plays:
        """
        {"type": "pass"}
        """
      Then the position has:
        """
        terminal = false
        current = 0
        to_act = ["chance"]
        """

    @IT-END-DECK @IT-END-ALL
    Scenario Outline: A position the end of the game cannot produce cannot be loaded (<why>)
      When the position is loaded:
        """
        phase = <phase>
        <edit>
        """
      Then the request is refused as malformed

      Examples:
        | why                                | phase  | edit             |
        | over with cards left in the deck   | "over" | current = 2      |
        | a draw from an empty deck          | "draw" | deck = []        |
        | terminal not a boolean             | "flip" | terminal = "no"  |
