Feature: NEOM overview and game flow (neom.ja.txt:5-14)

  Background:
    Given a new "neom" game with 2 players and setup:
      """
      {"setup": {"boards": ["oil", "ore"]}}
      """

  Rule: NM-GOAL-WINNER the player with the most victory points wins

    @NM-GOAL-WINNER
    Scenario: The higher final score wins
      # Player 0: goods 1 (oil), ghost town -10, no power -5 = -14.
      # Player 1: tiles 2, neighbourhood of 2 = 3, goods 1, money 6/2 = 3,
      # pollution -1 (coal plant diagonal to the house at x2 y1) = 8.
      Given the position:
        """
        phase = "over"
        generation = 3
        turn = 7
        players.0.coins = 0
        players.1.coins = 6
        players.1.city.1.2 = "g1-houses"
        players.1.city.0.2 = "g1-houses"
        players.1.city.2.1 = "g1-coal-plant"
        """
      Then the outcome has:
        """
        scores = [-14, 8]
        winners = [1]
        """

  Rule: NM-RULES-REQUIRED a city without housing and power loses points

    @NM-RULES-REQUIRED
    Scenario: A city with neither housing nor power is penalised
      Given the position:
        """
        phase = "over"
        generation = 3
        turn = 7
        """
      Then the outcome has:
        """
        details.breakdown.0.ghost_town = -10
        details.breakdown.0.power = -5
        """

  Rule: NM-FLOW-PRELIM three cornerstones are drafted before generation 1

    @NM-FLOW-PRELIM
    Scenario: After the third keep each player holds 3 cornerstones and generation 1 is dealt
      Given the position:
        """
        phase = "draft"
        generation = 0
        turn = 3
        players.0.cornerstones = ["cs-forest", "cs-kiln"]
        players.1.cornerstones = ["cs-orchard", "cs-smelter"]
        players.0.hand = ["cs-windmill", "cs-monument"]
        players.1.hand = ["cs-precinct", "cs-fire-hall"]
        """
      When these actions are applied:
        """
        [{"actor": 0, "type": "keep", "tile": "cs-windmill"},
         {"actor": 1, "type": "keep", "tile": "cs-precinct"}]
        """
      Then the position has:
        """
        players.0.hand = []
        discard = {"cs-fire-hall": 1, "cs-monument": 1}
        generation = 1
        phase = "deal"
        deal_target = 8
        """

  Rule: NM-FLOW-TURNS a generation has 7 turns

    @NM-FLOW-TURNS
    Scenario: The generation ends after the 7th turn
      Given the position:
        """
        phase = "act"
        generation = 1
        turn = 7
        players.0.selected = "g1-park"
        players.0.hand = ["g1-market"]
        players.1.acted = true
        players.1.hand = ["g1-farm"]
        """
      When player 0 plays:
        """
        {"type": "sell"}
        """
      Then the position has:
        """
        generation = 2
        turn = 1
        phase = "deal"
        """

    @NM-FLOW-TURNS
    Scenario: The 6th turn is followed by a 7th in the same generation
      Given the position:
        """
        phase = "act"
        generation = 1
        turn = 6
        players.0.selected = "g1-park"
        players.0.hand = ["g1-market", "g1-farm"]
        players.1.acted = true
        players.1.hand = ["g1-farm", "g1-mine"]
        """
      When player 0 plays:
        """
        {"type": "sell"}
        """
      Then the position has:
        """
        generation = 1
        turn = 7
        phase = "select"
        """

  Rule: NM-FLOW-TURN each turn a player selects a tile and acts with it

    @NM-FLOW-TURN
    Scenario: In the selection step a player may select any tile of the hand
      Given the position:
        """
        phase = "select"
        generation = 1
        players.0.hand = ["g1-houses", "g1-park"]
        players.1.hand = ["g1-farm"]
        players.1.selected = "g1-farm"
        """
      Then the legal actions are exactly:
        """
        [{"actor": 0, "type": "select", "tile": "g1-houses"},
         {"actor": 0, "type": "select", "tile": "g1-park"}]
        """

    @NM-FLOW-TURN
    Scenario: Every player selects a tile and acts again in the next turn
      # neom.ja.txt:13, 21-24: turn 5 ends once player 0 has sold (player 1 has acted); in
      # turn 6 each player selects a tile of the hand passed on, and neither has acted yet
      Given the position:
        """
        phase = "act"
        generation = 1
        turn = 5
        players.0.selected = "g1-park"
        players.0.hand = ["g1-market", "g1-farm"]
        players.1.acted = true
        players.1.hand = ["g1-mine", "g1-houses"]
        """
      When these actions are applied:
        """
        [{"actor": 0, "type": "sell"},
         {"actor": 0, "type": "select", "tile": "g1-mine"},
         {"actor": 1, "type": "select", "tile": "g1-market"}]
        """
      Then the position has:
        """
        players.0.acted = false
        players.1.acted = false
        """
      And the legal actions include:
        """
        {"actor": 0, "type": "sell"}
        """
      And the legal actions include:
        """
        {"actor": 1, "type": "sell"}
        """

    @NM-FLOW-TURN
    Scenario: In the first turn of generation 2 every player selects a tile and acts with it
      # neom.ja.txt:12-13, 18-24: every one of the 21 turns, the first of a generation too, has
      # each player select a tile and act with it; generation 1 ends once player 0 sells, 8
      # generation 2 tiles are dealt to each player, each selects one, and neither has acted
      Given the position:
        """
        phase = "act"
        generation = 1
        turn = 7
        players.0.selected = "g1-park"
        players.0.hand = ["g1-market"]
        players.1.acted = true
        players.1.hand = ["g1-farm"]
        """
      When player 0 plays:
        """
        {"type": "sell"}
        """
      And these actions are applied:
        """
        [{"actor": "chance", "type": "deal", "player": 0, "tile": "g2-apartments"},
         {"actor": "chance", "type": "deal", "player": 0, "tile": "g2-apartments"},
         {"actor": "chance", "type": "deal", "player": 0, "tile": "g2-terraces"},
         {"actor": "chance", "type": "deal", "player": 0, "tile": "g2-offices"},
         {"actor": "chance", "type": "deal", "player": 0, "tile": "g2-plaza"},
         {"actor": "chance", "type": "deal", "player": 0, "tile": "g2-police-station"},
         {"actor": "chance", "type": "deal", "player": 0, "tile": "g2-solar-farm"},
         {"actor": "chance", "type": "deal", "player": 0, "tile": "g2-corner-store"},
         {"actor": "chance", "type": "deal", "player": 1, "tile": "g2-apartments"},
         {"actor": "chance", "type": "deal", "player": 1, "tile": "g2-terraces"},
         {"actor": "chance", "type": "deal", "player": 1, "tile": "g2-offices"},
         {"actor": "chance", "type": "deal", "player": 1, "tile": "g2-police-station"},
         {"actor": "chance", "type": "deal", "player": 1, "tile": "g2-solar-farm"},
         {"actor": "chance", "type": "deal", "player": 1, "tile": "g2-corner-store"},
         {"actor": "chance", "type": "deal", "player": 1, "tile": "g2-farmstead"},
         {"actor": "chance", "type": "deal", "player": 1, "tile": "g2-glassworks"}]
        """
      And these actions are applied:
        """
        [{"actor": 0, "type": "select", "tile": "g2-plaza"},
         {"actor": 1, "type": "select", "tile": "g2-terraces"}]
        """
      Then the position has:
        """
        players.0.acted = false
        players.1.acted = false
        """
      And the legal actions include:
        """
        {"actor": 0, "type": "sell"}
        """
      And the legal actions include:
        """
        {"actor": 1, "type": "sell"}
        """

  Rule: NM-FLOW-END after 21 turns the game is scored and over

    @NM-FLOW-END
    Scenario: No action is legal once the game is over
      Given the position:
        """
        phase = "over"
        generation = 3
        turn = 7
        """
      Then the game is over
      And the legal actions are exactly:
        """
        []
        """

    @NM-FLOW-END
    Scenario: The last action of the 21st turn ends the game
      # neom.ja.txt:12-14: generation 3's turn 7 is the 21st and last; once player 0 sells,
      # every player has acted, nobody selected a disaster, and the cities are scored
      Given the position:
        """
        phase = "act"
        generation = 3
        turn = 7
        players.0.selected = "g3-stadium"
        players.0.hand = ["g3-bank"]
        players.1.acted = true
        players.1.hand = ["g3-towers"]
        """
      When player 0 plays:
        """
        {"type": "sell"}
        """
      Then the position has:
        """
        phase = "over"
        """
      And the legal actions are exactly:
        """
        []
        """

    @NM-FLOW-END
    Scenario: A flood selected on the 21st turn strikes before the game is scored
      # neom.ja.txt:14: the cities are scored after the 21 turns have been played, and line 57
      # ends a turn on which a disaster was selected with that disaster striking, once every
      # other player has acted. The 21st turn is played out the same way: player 0 selected the
      # flood, so when player 1 has sold, player 1 (the houses are flooded) answers it before
      # the game is over
      Given the position:
        """
        phase = "act"
        generation = 3
        turn = 7
        players.0.selected = "g3-flood"
        players.0.acted = true
        players.0.hand = ["g3-bank"]
        players.1.selected = "g3-stadium"
        players.1.hand = ["g3-towers"]
        players.1.city.1.2 = "g1-houses"
        """
      When player 1 plays:
        """
        {"type": "sell"}
        """
      Then the position has:
        """
        phase = "disaster"
        to_act = [1]
        """
      When player 1 plays:
        """
        {"type": "pay"}
        """
      Then the position has:
        """
        phase = "over"
        """
