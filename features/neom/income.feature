Feature: NEOM income at the end of each generation (neom.ja.txt:26-27, 73-76)
  # g1-market shows income 2, g1-corner-shop income 1 (provisional tile list)

  Background:
    Given a new "neom" game with 2 players and setup:
      """
      {"setup": {"boards": ["oil", "ore"]}}
      """
    And the position:
      """
      phase = "act"
      generation = 1
      turn = 7
      players.0.selected = "g1-park"
      players.0.hand = ["g1-farm"]
      players.0.city.1.2 = "g1-market"
      players.0.city.3.2 = "g1-corner-shop"
      players.1.acted = true
      players.1.hand = ["g1-mine"]
      """

  Rule: NM-INCOME income from every tile showing an income symbol

    @NM-INCOME @until:example-sell-six
    Scenario: The market and the corner shop pay 3
      When player 0 plays:
        """
        {"type": "sell"}
        """
      Then the position has:
        """
        players.0.coins = 14
        players.1.coins = 6
        """

    @NM-INCOME @until:example-sell-six
    Scenario: At the end of generation 2 the generation 1 tiles pay too
      # neom.ja.txt:75: every tile showing income pays, whatever its generation: the market 2,
      # the corner shop 1 (generation 1) and the offices 3 (generation 2): 6 + 5 for the plaza
      # sold + 6 = 17
      Given the position:
        """
        generation = 2
        players.0.selected = "g2-plaza"
        players.0.hand = ["g2-apartments"]
        players.0.city.2.1 = "g2-offices"
        players.1.hand = ["g2-terraces"]
        """
      When player 0 plays:
        """
        {"type": "sell"}
        """
      Then "players.0.coins" is 17

  Rule: NM-INCOME-GEN income after the 7th turn, before the next generation

    @NM-INCOME-GEN @until:example-sell-six
    Scenario: Income comes before generation 2 is dealt
      When player 0 plays:
        """
        {"type": "sell"}
        """
      Then the position has:
        """
        players.0.coins = 14
        generation = 2
        phase = "deal"
        """

    @NM-INCOME-GEN
    Scenario: No income after the 6th turn
      # player 1's market (income 2) pays nothing when the 6th turn ends
      Given the position:
        """
        turn = 6
        players.0.hand = ["g1-farm", "g1-quarry"]
        players.1.hand = ["g1-mine", "g1-oil-well"]
        players.1.city.1.2 = "g1-market"
        """
      When player 0 plays:
        """
        {"type": "sell"}
        """
      Then "players.1.coins" is 6

  Rule: NM-INCOME-FINAL income is still paid at the end of generation 3

    @NM-INCOME-FINAL @NM-SCORE-END @until:example-sell-six
    Scenario: The final income comes before scoring ends the game
      Given the position:
        """
        generation = 3
        players.0.selected = "g3-stadium"
        players.0.hand = ["g3-bank"]
        players.1.hand = ["g3-towers"]
        """
      When player 0 plays:
        """
        {"type": "sell"}
        """
      Then "players.0.coins" is 14
      And the game is over

  Rule: NM-CORNER-SIMILAR a cornerstone shows its income like a generation tile

    @NM-CORNER-SIMILAR @until:example-sell-six
    Scenario: A cornerstone's income is paid with the tiles' income
      # cs-trade-post (a commercial cornerstone) shows income 2: 6 + 5 for the park sold +
      # 2 + 1 + 2 = 16
      Given "players.0.city.2.1" is "cs-trade-post"
      When player 0 plays:
        """
        {"type": "sell"}
        """
      Then "players.0.coins" is 16

  Rule: NM-DISASTER-NONE a disaster left in a hand at the end of the 7th turn does nothing

    @NM-DISASTER-NONE
    Scenario: A fire among the last tiles discarded strikes nobody
      # nobody selected the fire: it is discarded with the last tiles, no player pays for it
      Given the position:
        """
        players.1.hand = ["g1-fire"]
        players.1.city.1.2 = "g1-houses"
        """
      When player 0 plays:
        """
        {"type": "sell"}
        """
      Then the position has:
        """
        disasters = []
        players.1.coins = 6
        players.1.city.1.2 = "g1-houses"
        """
