Feature: NEOM solo game (neom.ja.txt:102; procedure from public sources, see NM-SOLO-PLAY)
  # With all 17 goods (6 raw, 8 processed, 3 luxury = 6 + 16 + 30 = 52) and only the City
  # Centre (ghost town -10, no power -5) the score is 37 + coins / 2.

  Rule: NM-SOLO-TABLE the rank by score and tile set

    @NM-SOLO-TABLE @reading:solo_tile_set=1+
    Scenario: 79 with the 1+ tiles is an Intern
      Given a new "neom" game with 1 player and setup:
        """
        {"setup": {"boards": ["oil"]}}
        """
      And the position:
        """
        phase = "over"
        generation = 3
        turn = 7
        players.0.coins = 84
        players.0.goods = ["chemicals", "cotton", "electronics", "fashion", "food", "glass", "grain", "jewelry", "lumber", "machinery", "oil", "ore", "plastic", "sand", "steel", "textiles", "wood"]
        """
      Then the outcome has:
        """
        scores = [79]
        details.rank = "Intern"
        details.tile_set = "1+"
        """

    # Only the centre's raw good (1, as the header counts raw goods), no coins and only the
    # City Centre: ghost town -10 (NM-SCORE-GHOST) and no power -5 (NM-SCORE-POWER) make
    # 1 - 15 = -14, below the table's first bound of 0
    @NM-SOLO-TABLE @NM-SOLO-BELOW-ZERO @reading:solo_tile_set=1+
    Scenario: A total below 0 with the 1+ tiles is an Intern
      Given a new "neom" game with 1 player and setup:
        """
        {"setup": {"boards": ["oil"]}}
        """
      And the position:
        """
        phase = "over"
        generation = 3
        turn = 7
        players.0.coins = 0
        players.0.goods = ["oil"]
        """
      Then the outcome has:
        """
        scores = [-14]
        details.rank = "Intern"
        details.tile_set = "1+"
        """

    @NM-SOLO-TABLE @reading:solo_tile_set=1+
    Scenario: 80 with the 1+ tiles is an Apprentice
      Given a new "neom" game with 1 player and setup:
        """
        {"setup": {"boards": ["oil"]}}
        """
      And the position:
        """
        phase = "over"
        generation = 3
        turn = 7
        players.0.coins = 86
        players.0.goods = ["chemicals", "cotton", "electronics", "fashion", "food", "glass", "grain", "jewelry", "lumber", "machinery", "oil", "ore", "plastic", "sand", "steel", "textiles", "wood"]
        """
      Then the outcome has:
        """
        scores = [80]
        details.rank = "Apprentice"
        """

    @NM-SOLO-TABLE @reading:solo_tile_set=1+
    Scenario: 100 with the 1+ tiles is a Fellow
      Given a new "neom" game with 1 player and setup:
        """
        {"setup": {"boards": ["oil"]}}
        """
      And the position:
        """
        phase = "over"
        generation = 3
        turn = 7
        players.0.coins = 126
        players.0.goods = ["chemicals", "cotton", "electronics", "fashion", "food", "glass", "grain", "jewelry", "lumber", "machinery", "oil", "ore", "plastic", "sand", "steel", "textiles", "wood"]
        """
      Then the outcome has:
        """
        scores = [100]
        details.rank = "Fellow"
        """

    @NM-SOLO-TABLE @reading:solo_tile_set=1+
    Scenario: 125 with the 1+ tiles is a Boss
      Given a new "neom" game with 1 player and setup:
        """
        {"setup": {"boards": ["oil"]}}
        """
      And the position:
        """
        phase = "over"
        generation = 3
        turn = 7
        players.0.coins = 176
        players.0.goods = ["chemicals", "cotton", "electronics", "fashion", "food", "glass", "grain", "jewelry", "lumber", "machinery", "oil", "ore", "plastic", "sand", "steel", "textiles", "wood"]
        """
      Then the outcome has:
        """
        scores = [125]
        details.rank = "Boss"
        """

    @NM-SOLO-TABLE @NM-SOLO-SET @reading:solo_tile_set=4+
    Scenario: 80 with the 4+ tiles is still an Intern
      Given a new "neom" game with 1 player and setup:
        """
        {"options": {"solo_tile_set": "4+"}, "setup": {"boards": ["oil"]}}
        """
      And the position:
        """
        phase = "over"
        generation = 3
        turn = 7
        players.0.coins = 86
        players.0.goods = ["chemicals", "cotton", "electronics", "fashion", "food", "glass", "grain", "jewelry", "lumber", "machinery", "oil", "ore", "plastic", "sand", "steel", "textiles", "wood"]
        """
      Then the outcome has:
        """
        scores = [80]
        details.rank = "Intern"
        """

    @NM-SOLO-TABLE @NM-SOLO-SET @reading:solo_tile_set=5+
    Scenario: 134 with the 5+ tiles is a Master, 135 a Boss
      Given a new "neom" game with 1 player and setup:
        """
        {"options": {"solo_tile_set": "5+"}, "setup": {"boards": ["oil"]}}
        """
      And the position:
        """
        phase = "over"
        generation = 3
        turn = 7
        players.0.coins = 194
        players.0.goods = ["chemicals", "cotton", "electronics", "fashion", "food", "glass", "grain", "jewelry", "lumber", "machinery", "oil", "ore", "plastic", "sand", "steel", "textiles", "wood"]
        """
      Then the outcome has:
        """
        scores = [134]
        details.rank = "Master"
        """
      Given "players.0.coins" is 196
      Then the outcome has:
        """
        scores = [135]
        details.rank = "Boss"
        """

  Rule: NM-SOLO-SET the tile set of the solo game (option solo_tile_set)

    @NM-SOLO-SET @reading:solo_tile_set=1+
    Scenario: The default solo game uses the 1+ tiles only
      Given a new "neom" game with 1 player
      Then the position has:
        """
        decks.1.g1-houses = 3
        box.g1-houses = 2
        options.solo_tile_set = "1+"
        """

    @NM-SOLO-SET @reading:solo_tile_set=5+
    Scenario: The 5+ solo game uses every tile
      Given a new "neom" game with 1 player and options:
        """
        {"solo_tile_set": "5+"}
        """
      Then the position has:
        """
        decks.1.g1-houses = 5
        box = {}
        """

  Rule: NM-SOLO-PLAY seven piles per generation; left-over disasters strike

    @NM-SOLO-PLAY @NM-FLOW-PRELIM @reading:solo_tile_set=1+
    Scenario: The first pile of the 24 1+ tiles has 4 tiles
      # 24 tiles in 7 piles: 4, 4, 4, 3, 3, 3, 3
      Given a new "neom" game with 1 player and setup:
        """
        {"setup": {"boards": ["oil"]}}
        """
      And the position:
        """
        phase = "draft"
        turn = 3
        players.0.cornerstones = ["cs-forest", "cs-kiln"]
        players.0.hand = ["cs-windmill", "cs-monument"]
        """
      When player 0 plays:
        """
        {"type": "keep", "tile": "cs-windmill"}
        """
      Then the position has:
        """
        phase = "deal"
        generation = 1
        deal_target = 4
        """

    @NM-SOLO-PLAY @reading:solo_tile_set=1+
    Scenario: The third pile of the 24 1+ tiles still has 4 tiles
      # 24 tiles in 7 piles: 4, 4, 4, 3, 3, 3, 3; after turn 2 the third pile is dealt
      Given a new "neom" game with 1 player and setup:
        """
        {"setup": {"boards": ["oil"]}}
        """
      And the position:
        """
        phase = "act"
        generation = 1
        turn = 2
        players.0.selected = "g1-park"
        players.0.hand = ["g1-market"]
        """
      When player 0 plays:
        """
        {"type": "sell"}
        """
      Then the position has:
        """
        phase = "deal"
        deal_target = 4
        """

    @NM-SOLO-PLAY @reading:solo_tile_set=1+
    Scenario: The fourth pile of the 24 1+ tiles has 3 tiles
      # 24 tiles in 7 piles: 4, 4, 4, 3, 3, 3, 3; after turn 3 the fourth pile is dealt
      Given a new "neom" game with 1 player and setup:
        """
        {"setup": {"boards": ["oil"]}}
        """
      And the position:
        """
        phase = "act"
        generation = 1
        turn = 3
        players.0.selected = "g1-park"
        players.0.hand = ["g1-market"]
        """
      When player 0 plays:
        """
        {"type": "sell"}
        """
      Then the position has:
        """
        phase = "deal"
        deal_target = 3
        """

    @NM-SOLO-PLAY @reading:solo_tile_set=1+ @reading:solo_disasters_strike=true
    Scenario: A disaster left in the pile strikes the solo player
      Given a new "neom" game with 1 player and setup:
        """
        {"setup": {"boards": ["oil"]}}
        """
      And the position:
        """
        phase = "act"
        generation = 1
        turn = 3
        players.0.selected = "g1-park"
        players.0.hand = ["g1-fire", "g1-farm"]
        players.0.city.1.2 = "g1-houses"
        """
      When player 0 plays:
        """
        {"type": "sell"}
        """
      Then the position has:
        """
        disasters = [{"tile": "g1-fire", "by": null, "decided": []}]
        to_act = [0]
        """
      When player 0 plays:
        """
        {"type": "pay"}
        """
      Then the position has:
        """
        phase = "deal"
        deal_target = 3
        players.0.hand = []
        discard = {"g1-farm": 1, "g1-fire": 1, "g1-park": 1}
        """

    @NM-SOLO-PLAY
    Scenario: Selecting the disaster discards it harmlessly
      Given a new "neom" game with 1 player and setup:
        """
        {"setup": {"boards": ["oil"]}}
        """
      And the position:
        """
        phase = "select"
        generation = 1
        players.0.hand = ["g1-fire", "g1-park"]
        players.0.city.1.2 = "g1-houses"
        """
      When player 0 plays:
        """
        {"type": "select", "tile": "g1-fire"}
        """
      Then the position has:
        """
        players.0.coins = 6
        phase = "deal"
        discard = {"g1-fire": 1, "g1-park": 1}
        """

    @NM-SOLO-PLAY @reading:solo_disasters_strike=false
    Scenario: With harmless left-over disasters the fire does nothing
      Given a new "neom" game with 1 player and setup:
        """
        {"options": {"solo_disasters_strike": false}, "setup": {"boards": ["oil"]}}
        """
      And the position:
        """
        phase = "act"
        generation = 1
        players.0.selected = "g1-park"
        players.0.hand = ["g1-fire", "g1-farm"]
        players.0.city.1.2 = "g1-houses"
        """
      When player 0 plays:
        """
        {"type": "sell"}
        """
      Then the position has:
        """
        phase = "deal"
        """

  Rule: NM-SOLO-WIN the solo player is the winner; the table gives the rank

    @NM-SOLO-WIN
    Scenario: A solo game always has its player as winner
      Given a new "neom" game with 1 player and setup:
        """
        {"setup": {"boards": ["oil"]}}
        """
      And the position:
        """
        phase = "over"
        generation = 3
        turn = 7
        """
      Then the outcome has:
        """
        winners = [0]
        details.rank = "Intern"
        """
