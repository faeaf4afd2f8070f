Feature: Pig under the example erratum (spec/errata/)
  Scenarios pinning a rule as an erratum changes it; each runs only under a ruleset with
  that erratum (rulespec check --game pig --ruleset ID). The erratum is a worked example.

  Background:
    Given a new "pig" game with 2 players

  Rule: PIG-GOAL under example-goal-fifty: the goal is 50

    @PIG-GOAL @PIG-WIN @since:example-goal-fifty @reading:win_without_hold=false
    Scenario: With the example erratum holding 5 on 45 wins
      Given the position:
        """
        scores = [45, 20]
        turn_total = 5
        """
      When player 0 plays:
        """
        {"type": "hold"}
        """
      Then the game is over
      And the outcome has:
        """
        winners = [0]
        scores = [50, 20]
        """
