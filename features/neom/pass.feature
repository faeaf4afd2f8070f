Feature: NEOM passing the remaining tiles (neom.ja.txt:68-71)

  Background:
    Given a new "neom" game with 3 players and setup:
      """
      {"setup": {"boards": ["oil", "ore", "sand"]}}
      """
    And the position:
      """
      phase = "act"
      generation = 1
      players.0.selected = "g1-park"
      players.0.hand = ["g1-farm"]
      players.1.acted = true
      players.1.hand = ["g1-mine"]
      players.2.acted = true
      players.2.hand = ["g1-quarry"]
      """

  Rule: NM-PASS the rest goes to the next player, whose passed hand is picked up

    @NM-PASS @NM-PASS-DIRECTION
    Scenario: Each hand moves one seat on
      When player 0 plays:
        """
        {"type": "sell"}
        """
      Then the position has:
        """
        players.0.hand = ["g1-quarry"]
        players.1.hand = ["g1-farm"]
        players.2.hand = ["g1-mine"]
        """

  Rule: NM-PASS-DIRECTION always from seat i to seat i+1

    @NM-PASS-DIRECTION
    Scenario: Generation 2 passes the same way
      Given the position:
        """
        generation = 2
        players.0.selected = "g2-plaza"
        players.0.hand = ["g2-offices"]
        players.1.hand = ["g2-terraces"]
        players.2.hand = ["g2-farmstead"]
        """
      When player 0 plays:
        """
        {"type": "sell"}
        """
      Then the position has:
        """
        players.0.hand = ["g2-farmstead"]
        players.1.hand = ["g2-offices"]
        players.2.hand = ["g2-terraces"]
        """

  Rule: NM-PASS-LAST the eighth tile is discarded after turn 7

    @NM-PASS-LAST
    Scenario: After the 7th turn the last tiles are discarded
      Given "turn" is 7
      When player 0 plays:
        """
        {"type": "sell"}
        """
      Then the position has:
        """
        discard = {"g1-farm": 1, "g1-mine": 1, "g1-park": 1, "g1-quarry": 1}
        players.0.hand = []
        """
