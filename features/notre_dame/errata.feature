Feature: Notre Dame under the example errata (spec/notre_dame/errata/)
  Scenarios pinning a rule as an erratum changes it; each runs only under a ruleset with
  that erratum (rulespec check --ruleset ID). The errata here are worked examples.

  Background:
    Given a new "notre_dame" game with 4 players and setup:
      """
      {"setup": {"messages": {"0": [1, 2, 3, 4], "1": [1, 2, 3, 4], "2": [1, 2, 3, 4], "3": [1, 2, 3, 4]}}}
      """
    And the position:
      """
      phase = "play"
      current = 0
      display = ["A1", "doctor", "poet"]
      players.0.cards = ["bank", "notre_dame", "residence"]
      """

  Rule: ND-ND-OFFERING under example-offering-seven: 3 coins give 7 prestige

    @ND-ND-OFFERING @since:example-offering-seven
    Scenario: With the example erratum an offering of 3 coins gives 7 prestige
      When player 0 plays:
        """
        {"type": "play", "card": "notre_dame", "from": "hand", "offering": 3}
        """
      Then the position has:
        """
        players.0.prestige = 7
        players.0.coins = 0
        notre_dame = [1, 0, 0, 0]
        """
