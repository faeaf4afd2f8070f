Feature: NEOM selling a tile (neom.ja.txt:64-66)

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

  Rule: NM-SELL selling discards the selected tile unused for 5 coins

    @NM-SELL @until:example-sell-six
    Scenario: Selling the selected tile gives 5 coins and discards it
      When player 0 plays:
        """
        {"type": "sell"}
        """
      Then the position has:
        """
        players.0.coins = 11
        discard = {"g1-park": 1}
        players.0.city.1.2 = null
        """

    @NM-SELL
    Scenario: In a five-player game the fifth player may sell the selected tile too
      Given a new "neom" game with 5 players and setup:
        """
        {"setup": {"boards": ["cotton", "grain", "oil", "ore", "sand"]}}
        """
      And the position:
        """
        phase = "act"
        generation = 1
        players.0.acted = true
        players.0.hand = ["g1-farm"]
        players.1.acted = true
        players.1.hand = ["g1-mine"]
        players.2.acted = true
        players.2.hand = ["g1-houses"]
        players.3.acted = true
        players.3.hand = ["g1-cottages"]
        players.4.selected = "g1-park"
        players.4.hand = ["g1-market"]
        """
      Then the legal actions include:
        """
        {"actor": 4, "type": "sell"}
        """
