Feature: NEOM components (not in neom.ja.txt; public facts and provisional data)

  Background:
    Given a new "neom" game with 2 players and setup:
      """
      {"setup": {"boards": ["oil", "ore"]}}
      """

  Rule: NM-COMP-BOARD a 5x5 city with the centre on the middle space

    @NM-COMP-BOARD
    Scenario: The city starts with only its centre
      Then the position has:
        """
        players.0.city.0 = [null, null, null, null, null]
        players.0.city.2 = [null, null, "centre-oil", null, null]
        players.1.city.2.2 = "centre-ore"
        """

  Rule: NM-COMP-CENTRE the centre has roads on four sides and is not residential

    @NM-COMP-CENTRE
    Scenario: Houses may join the centre from all four sides
      Given the position:
        """
        phase = "act"
        generation = 1
        players.0.selected = "g1-houses"
        players.0.hand = ["g1-farm"]
        players.1.acted = true
        players.1.hand = ["g1-mine"]
        """
      Then the legal actions include:
        """
        {"actor": 0, "type": "place", "x": 2, "y": 1}
        """
      And the legal actions include:
        """
        {"actor": 0, "type": "place", "x": 3, "y": 2}
        """
      And the legal actions include:
        """
        {"actor": 0, "type": "place", "x": 2, "y": 3}
        """
      And the legal actions include:
        """
        {"actor": 0, "type": "place", "x": 1, "y": 2}
        """
      And the legal actions do not include:
        """
        {"actor": 0, "type": "place", "x": 1, "y": 1}
        """

    @NM-COMP-CENTRE
    Scenario: The centre alone is a ghost town without power
      Given the position:
        """
        phase = "over"
        generation = 3
        turn = 7
        """
      Then the outcome has:
        """
        details.breakdown.0.ghost_town = -10
        details.breakdown.0.neighbourhoods = 0
        details.breakdown.0.power = -5
        """

  Rule: NM-COMP-TILES the provisional tile list (40 per generation, 30 cornerstones)

    @NM-COMP-TILES
    Scenario: The 30 cornerstones are 15 kinds of 2
      Then "decks.cornerstone" is {"cs-atelier": 2, "cs-exchange": 2, "cs-fire-hall": 2, "cs-forest": 2, "cs-garden-homes": 2, "cs-geothermal": 2, "cs-highrise": 2, "cs-kiln": 2, "cs-monument": 2, "cs-orchard": 2, "cs-precinct": 2, "cs-smelter": 2, "cs-townhouses": 2, "cs-trade-post": 2, "cs-windmill": 2}

    @NM-COMP-TILES
    Scenario: Generation 1 of a 5-player game holds all 40 tiles
      Given a new "neom" game with 5 players
      Then "decks.1" is {"g1-bakery": 1, "g1-coal-plant": 4, "g1-corner-shop": 2, "g1-cottages": 4, "g1-cotton-field": 1, "g1-farm": 2, "g1-fire": 3, "g1-fire-station": 2, "g1-houses": 5, "g1-lumber-yard": 2, "g1-market": 3, "g1-mine": 2, "g1-oil-well": 2, "g1-park": 2, "g1-quarry": 1, "g1-rowhouses": 2, "g1-sawmill": 1, "g1-workshop": 1}

  Rule: NM-COMP-GOODS the provisional goods tree

    @NM-COMP-GOODS
    Scenario: The jeweller needs glass and machinery and makes jewelry
      # goods: oil 1 + glass 2 + machinery 2 + jewelry 10 = 15
      Given the position:
        """
        phase = "act"
        generation = 3
        players.0.selected = "g3-jeweller"
        players.0.hand = ["g3-towers"]
        players.0.goods = ["glass", "machinery", "oil"]
        players.1.acted = true
        players.1.hand = ["g3-bank"]
        """
      When player 0 plays:
        """
        {"type": "place", "x": 2, "y": 1}
        """
      Then "players.0.goods" is ["glass", "jewelry", "machinery", "oil"]
      And the outcome has:
        """
        details.breakdown.0.goods = 15
        """
