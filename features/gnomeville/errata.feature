Feature: Gnomeville under the example errata (spec/gnomeville/errata/)
  Scenarios pinning a rule as an erratum changes it; each runs only under a ruleset with
  that erratum (rulespec check --ruleset ID). The errata here are worked examples.

  Rule: GV-TROLL-CAP under example-troll-cap-4: up to four trolls per town

    @GV-TROLL-CAP @since:example-troll-cap-4
    Scenario: With the example erratum a fourth troll icon brings a fourth troll
      Given a gnomeville game with 2 players whose round troll card is:
        """
        {"matrix": [".....", ".....", ".....", ".....", "....T"], "moves": []}
        """
      And player 0's town is:
        """
        TR .  .  .  TR
        .  .  .  .  .
        .  .  .@0 .  .
        .  .  .  .  .
        TR .  .  .  .
        """
      When these actions are applied:
        """
        [{"actor": 0, "type": "pass"}, {"actor": 1, "type": "pass"}]
        """
      Then player 0's town is:
        """
        TR .  .  .  TR
        .  .  .  .  .
        .  .  .@0 .  .
        .  .  .  .  .
        TR .  .  .  TR
        """
