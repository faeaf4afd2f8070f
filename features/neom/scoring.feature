Feature: NEOM final scoring (neom.ja.txt:80-100, in English)
  # Provisional tiles: g1-houses residential VP 1, roads NESW; g1-cottages residential VP 2,
  # roads N and S; g1-park public VP 2; g1-market commercial; g1-mine polluting industry;
  # g1-coal-plant polluting power plant. The City Centre is none of these.

  Background:
    Given a new "neom" game with 2 players and setup:
      """
      {"setup": {"boards": ["oil", "ore"]}}
      """
    And the position:
      """
      phase = "over"
      generation = 3
      turn = 7
      """

  Rule: NM-SCORE-END the game ends after the final income; then scoring

    @NM-SCORE-END
    Scenario: The final position is over and scored
      Then the game is over
      And the outcome has:
        """
        winners = [0, 1]
        """

    @NM-SCORE-END
    Scenario: Before the game is over nobody has won
      Given the position:
        """
        phase = "select"
        generation = 2
        turn = 3
        players.0.hand = ["g2-plaza"]
        players.1.hand = ["g2-offices"]
        """
      Then the outcome has:
        """
        winners = []
        """

  Rule: NM-SCORE-TILES printed VP of residential and public tiles

    @NM-SCORE-TILES
    Scenario: A park and a house print 3 VP
      Given the position:
        """
        players.0.city.1.2 = "g1-park"
        players.0.city.0.2 = "g1-houses"
        players.0.city.2.3 = "g1-market"
        """
      Then the outcome has:
        """
        details.breakdown.0.tiles = 3
        """

  Rule: NM-SCORE-HOOD residential tiles joined directly by roads form neighbourhoods

    @NM-SCORE-HOOD
    Scenario: Houses joined by road make one neighbourhood, cottages without a road to them another
      # houses x2 y1 and x2 y0: size 2 = 3 VP; cottages x1 y1 have no east road: size 1 = 1 VP
      # (they reach the centre south through the park on x1 y2, which is not residential)
      Given the position:
        """
        players.0.city.1.2 = "g1-houses"
        players.0.city.0.2 = "g1-houses"
        players.0.city.1.1 = "g1-cottages"
        players.0.city.2.1 = "g1-park"
        """
      Then the outcome has:
        """
        details.breakdown.0.neighbourhoods = 4
        """

    @NM-SCORE-HOOD
    Scenario: Houses joined only through a non-residential tile are separate neighbourhoods
      # x2 y1 and x1 y2 meet only through the City Centre: two neighbourhoods of 1
      Given the position:
        """
        players.0.city.1.2 = "g1-houses"
        players.0.city.2.1 = "g1-houses"
        """
      Then the outcome has:
        """
        details.breakdown.0.neighbourhoods = 2
        """

    @NM-SCORE-HOOD @NM-ROADS-MEET
    Scenario: A road on one side of the shared edge does not join two homes
      # the cottages on x1 y1 (roads N and S) meet the houses on x2 y1 with their road-less
      # east side: two neighbourhoods of 1 (the cottages reach the centre by the park on x1 y2)
      Given the position:
        """
        players.0.city.1.1 = "g1-cottages"
        players.0.city.2.1 = "g1-park"
        players.0.city.1.2 = "g1-houses"
        """
      Then the outcome has:
        """
        details.breakdown.0.neighbourhoods = 2
        """

    @NM-SCORE-HOOD
    Scenario: Three houses in an L joined by roads make one neighbourhood
      # houses on x2 y0, x2 y1 and x3 y1 (roads on all four sides): x2 y1 meets x2 y0 to its
      # north and x3 y1 to its east, so one neighbourhood of 3, worth 6 (neom.ja.txt:86-88)
      Given the position:
        """
        players.0.city.0.2 = "g1-houses"
        players.0.city.1.2 = "g1-houses"
        players.0.city.1.3 = "g1-houses"
        """
      Then the outcome has:
        """
        details.breakdown.0.neighbourhoods = 6
        """

  Rule: NM-SCORE-HOODTABLE 1, 3, 6, 10, 15, 21, 28, 36, 40, 44, then +4 per tile

    @NM-SCORE-HOODTABLE
    Scenario: A neighbourhood of 1 is worth 1
      # neom.ja.txt:86-88: a residential tile forms a neighbourhood by itself; size 1 = 1 VP
      Given the position:
        """
        players.0.city.1.2 = "g1-houses"
        """
      Then the outcome has:
        """
        details.breakdown.0.neighbourhoods = 1
        """

    @NM-SCORE-HOODTABLE
    Scenario: A neighbourhood of 5 is worth 15
      # the park on x2 y1 (not residential) joins the row of houses to the centre
      Given the position:
        """
        players.0.city.0 = ["g1-houses", "g1-houses", "g1-houses", "g1-houses", "g1-houses"]
        players.0.city.1.2 = "g1-park"
        """
      Then the outcome has:
        """
        details.breakdown.0.neighbourhoods = 15
        """

    @NM-SCORE-HOODTABLE
    Scenario: A neighbourhood of 8 is worth 36
      Given the position:
        """
        players.0.city.0 = ["g1-houses", "g1-houses", "g1-houses", "g1-houses", "g1-houses"]
        players.0.city.1 = ["g2-apartments", "g2-apartments", "g2-apartments", null, null]
        """
      Then the outcome has:
        """
        details.breakdown.0.neighbourhoods = 36
        """

    @NM-SCORE-HOODTABLE
    Scenario: A neighbourhood of 9 is worth 40
      Given the position:
        """
        players.0.city.0 = ["g1-houses", "g1-houses", "g1-houses", "g1-houses", "g1-houses"]
        players.0.city.1 = ["g2-apartments", "g2-apartments", "g2-apartments", "g2-apartments", null]
        """
      Then the outcome has:
        """
        details.breakdown.0.neighbourhoods = 40
        """

    @NM-SCORE-HOODTABLE
    Scenario: A neighbourhood of 10 is worth 44
      Given the position:
        """
        players.0.city.0 = ["g1-houses", "g1-houses", "g1-houses", "g1-houses", "g1-houses"]
        players.0.city.1 = ["g2-apartments", "g2-apartments", "g2-apartments", "g2-apartments", "g2-apartments"]
        """
      Then the outcome has:
        """
        details.breakdown.0.neighbourhoods = 44
        """

    @NM-SCORE-HOODTABLE
    Scenario: A neighbourhood of 11 is worth 48, 4 more per tile beyond the 8th
      Given the position:
        """
        players.0.city.0 = ["g1-houses", "g1-houses", "g1-houses", "g1-houses", "g1-houses"]
        players.0.city.1 = ["g2-apartments", "g2-apartments", "g2-apartments", "g2-apartments", "g2-apartments"]
        players.0.city.2.0 = "g3-towers"
        """
      Then the outcome has:
        """
        details.breakdown.0.neighbourhoods = 48
        """

    @NM-SCORE-HOODTABLE
    Scenario: A neighbourhood of 12 is worth 52
      # rows y0 (houses) and y1 (apartments) and x0-x1 of y2 (towers), all residential with
      # roads NESW: one neighbourhood of 12, 36 + 4 x (12 - 8) = 52 (no tile in more copies
      # than the game has: five houses, five apartments)
      Given the position:
        """
        players.0.city.0 = ["g1-houses", "g1-houses", "g1-houses", "g1-houses", "g1-houses"]
        players.0.city.1 = ["g2-apartments", "g2-apartments", "g2-apartments", "g2-apartments", "g2-apartments"]
        players.0.city.2.0 = "g3-towers"
        players.0.city.2.1 = "g3-towers"
        """
      Then the outcome has:
        """
        details.breakdown.0.neighbourhoods = 52
        """

  Rule: NM-SCORE-GOODS each good once: raw 1, processed 2, luxury 10

    @NM-SCORE-GOODS
    Scenario: Oil, lumber and electronics score 13
      Given "players.0.goods" is ["electronics", "lumber", "oil"]
      Then the outcome has:
        """
        details.breakdown.0.goods = 13
        """

    @NM-SCORE-GOODS
    Scenario: Two tiles showing wood still score wood once
      # the two lumber yards of the game (roads N and S) above and below the centre
      Given the position:
        """
        players.0.goods = ["lumber", "oil", "wood"]
        players.0.city.1.2 = "g1-lumber-yard"
        players.0.city.3.2 = "g1-lumber-yard"
        """
      Then the outcome has:
        """
        details.breakdown.0.goods = 4
        """

  Rule: NM-SCORE-MONEY 1 VP per 2 coins, rounded down

    @NM-SCORE-MONEY
    Scenario: 7 coins score 3
      Given "players.0.coins" is 7
      Then the outcome has:
        """
        details.breakdown.0.money = 3
        """

    @NM-SCORE-MONEY
    Scenario: 1 coin scores nothing
      Given "players.0.coins" is 1
      Then the outcome has:
        """
        details.breakdown.0.money = 0
        """

  Rule: NM-SCORE-POLLUTION -2 per orthogonal and -1 per diagonal polluting neighbour of each home

    @NM-SCORE-POLLUTION
    Scenario: One mine hurts two houses
      # mine x3 y1: beside the house x2 y1 (-2), diagonal to the house x2 y0 (-1);
      # coal plant x1 y2: diagonal to the house x2 y1 (-1)
      Given the position:
        """
        players.0.city.1.2 = "g1-houses"
        players.0.city.0.2 = "g1-houses"
        players.0.city.1.3 = "g1-mine"
        players.0.city.2.1 = "g1-coal-plant"
        """
      Then the outcome has:
        """
        details.breakdown.0.pollution = -4
        """

    @NM-SCORE-POLLUTION
    Scenario: A polluting tile in the corner is a diagonal neighbour
      # the mine on x0 y0 is diagonal to the house on x1 y1 (-1); the markets on x1 y0 and
      # x2 y1, orthogonal to it, do not pollute
      Given the position:
        """
        players.0.city.1.2 = "g1-market"
        players.0.city.1.1 = "g1-houses"
        players.0.city.0.1 = "g1-market"
        players.0.city.0.0 = "g1-mine"
        """
      Then the outcome has:
        """
        details.breakdown.0.pollution = -1
        """

  Rule: NM-SCORE-GHOST -10 without homes, -4 with one

    @NM-SCORE-GHOST
    Scenario: No residential tile costs 10
      Then the outcome has:
        """
        details.breakdown.0.ghost_town = -10
        """

    @NM-SCORE-GHOST
    Scenario: One residential tile costs 4
      Given "players.0.city.1.2" is "g1-houses"
      Then the outcome has:
        """
        details.breakdown.0.ghost_town = -4
        """

    @NM-SCORE-GHOST
    Scenario: Two residential tiles cost nothing
      Given the position:
        """
        players.0.city.1.2 = "g1-houses"
        players.0.city.3.2 = "g1-cottages"
        """
      Then the outcome has:
        """
        details.breakdown.0.ghost_town = 0
        """

    @NM-SCORE-GHOST
    Scenario: Two residential tiles in one neighbourhood cost nothing
      # neom.ja.txt:96 counts residential tiles, not neighbourhoods: the houses on x2 y1 and
      # x2 y0 are joined by their roads into a single neighbourhood, yet they are 2 tiles
      Given the position:
        """
        players.0.city.1.2 = "g1-houses"
        players.0.city.0.2 = "g1-houses"
        """
      Then the outcome has:
        """
        details.breakdown.0.ghost_town = 0
        """

  Rule: NM-SCORE-POWER -5 without a power-generating tile

    @NM-SCORE-POWER
    Scenario: A coal plant avoids the power penalty
      Given "players.0.city.1.2" is "g1-coal-plant"
      Then the outcome has:
        """
        details.breakdown.0.power = 0
        details.breakdown.1.power = -5
        """

  Rule: NM-SCORE-TIE tied players share the victory

    @NM-SCORE-TIE
    Scenario: Equal scores share the victory
      # both: goods 1, money 3, ghost town -10, no power -5 = -11
      Then the outcome has:
        """
        scores = [-11, -11]
        winners = [0, 1]
        """

    @NM-SCORE-TIE @NM-GOAL-WINNER @NM-SCORE-TILES @NM-SCORE-HOOD @NM-SCORE-MONEY @NM-SCORE-POLLUTION
    Scenario: A full city total has a single winner
      # tiles 2+1+1 = 4; neighbourhood of 2 = 3 (the park is not residential); goods oil 1;
      # money 9 coins = 4; pollution: coal x1 y2 diagonal to the house x2 y1 = -1;
      # two homes: no ghost town; coal plant: power. Total 11 against player 1's -11.
      Given the position:
        """
        players.0.coins = 9
        players.0.city.1.2 = "g1-houses"
        players.0.city.0.2 = "g1-houses"
        players.0.city.2.3 = "g1-park"
        players.0.city.2.1 = "g1-coal-plant"
        """
      Then the outcome has:
        """
        scores = [11, -11]
        winners = [0]
        """
