Feature: Villagers under the example errata (spec/villagers/errata/)
  Scenarios pinning a rule as an erratum changes it; each runs only under a ruleset with
  that erratum (rulespec check --ruleset ID). The errata here are worked examples.

  Rule: VL-LOCK-BANK under example-bank-lock-three: the bank takes 3

    @VL-LOCK-BANK @since:example-bank-lock-three
    Scenario: With the example erratum a Cooper with no Blacksmith anywhere costs 3
      Given a villagers game at step "build" with:
        """
        player.hand = ["Cooper"]
        village = Lumberjack
        """
      When player 0 plays:
        """
        {"type": "build", "card": "Cooper", "column": 0}
        """
      Then the village is "Lumberjack > Cooper"
      And the position has:
        """
        player.gold = 5
        countess.gold = 1
        """
