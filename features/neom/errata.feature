Feature: NEOM under the example errata (spec/neom/errata/)
  Scenarios pinning a rule as an erratum changes it; each runs only under a ruleset with
  that erratum (rulespec check --ruleset ID). The errata here are worked examples.

  Background:
    Given a new "neom" game with 2 players and setup:
      """
      {"setup": {"boards": ["oil", "ore"]}}
      """
    And the position:
      """
      phase = "act"
      generation = 1
      players.0.selected = "g1-park"
      players.0.hand = ["g1-market"]
      players.1.acted = true
      players.1.hand = ["g1-farm"]
      """

  Rule: NM-SELL under example-sell-six: selling gives 6 coins

    @NM-SELL @since:example-sell-six
    Scenario: With the example erratum selling the selected tile gives 6 coins
      When player 0 plays:
        """
        {"type": "sell"}
        """
      Then the position has:
        """
        players.0.coins = 12
        discard = {"g1-park": 1}
        """
