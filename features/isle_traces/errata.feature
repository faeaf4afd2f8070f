Feature: Isle Traces under the example errata (spec/isle_traces/errata/)
  Scenarios pinning a rule as an erratum changes it; each runs only under a ruleset with
  that erratum (rulespec check --ruleset ID). The errata here are worked examples.

  Rule: IT-COMP-EXPLORERS under example-four-explorers: 4 explorers each

    @IT-COMP-EXPLORERS @since:example-four-explorers
    Scenario: With the example erratum every player of a four-player game has 4 explorers
      Given a new "isle_traces" game with 4 players
      Then the position has:
        """
        reserve = [4, 4, 4, 4]
        """
