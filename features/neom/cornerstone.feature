Feature: NEOM discarding a tile to place a cornerstone (neom.ja.txt:50-55)
  # Provisional cornerstones: cs-garden-homes residential, VP 2, roads NESW, no requirement;
  # cs-townhouses residential, VP 3, roads N and S, needs wood.

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
      players.0.cornerstones = ["cs-garden-homes", "cs-townhouses"]
      players.1.acted = true
      players.1.hand = ["g1-farm"]
      """

  Rule: NM-CORNER-DISCARD the selected tile is discarded unused

    @NM-CORNER-DISCARD @NM-CORNER-PLACE
    Scenario: Trading the park for a cornerstone discards the park
      When player 0 plays:
        """
        {"type": "cornerstone", "tile": "cs-garden-homes", "x": 2, "y": 1}
        """
      Then the position has:
        """
        players.0.city.1.2 = "cs-garden-homes"
        players.0.cornerstones = ["cs-townhouses"]
        discard = {"g1-park": 1}
        players.0.coins = 6
        """

  Rule: NM-CORNER-PLACE one of the player's own cornerstones, placed like any tile

    @NM-CORNER-PLACE
    Scenario: A cornerstone the player does not hold is refused
      When player 0 plays:
        """
        {"type": "cornerstone", "tile": "cs-windmill", "x": 2, "y": 1}
        """
      Then the action is rejected citing rule "NM-CORNER-PLACE"

    @NM-CORNER-PLACE
    Scenario: A cornerstone must join the centre by road
      When player 0 plays:
        """
        {"type": "cornerstone", "tile": "cs-garden-homes", "x": 4, "y": 4}
        """
      Then the action is rejected citing rule "NM-PLACE-ROAD"

    @NM-CORNER-PLACE @NM-PLACE-NOROTATE
    Scenario: Each cornerstone is listed on the spaces its own roads reach
      # the trade post (roads NESW) may go west of the centre; the windmill (roads N and S)
      # may not, but may go north of it
      Given "players.0.cornerstones" is ["cs-trade-post", "cs-windmill"]
      Then the legal actions include:
        """
        {"actor": 0, "type": "cornerstone", "tile": "cs-trade-post", "x": 1, "y": 2}
        """
      And the legal actions include:
        """
        {"actor": 0, "type": "cornerstone", "tile": "cs-windmill", "x": 2, "y": 1}
        """
      And the legal actions do not include:
        """
        {"actor": 0, "type": "cornerstone", "tile": "cs-windmill", "x": 1, "y": 2}
        """

  Rule: NM-CORNER-SIMILAR cornerstones are like generation tiles

    @NM-CORNER-SIMILAR
    Scenario: A residential cornerstone scores and joins a neighbourhood like any house
      # tiles 2 + 1; neighbourhood of 2 = 3 VP
      Given the position:
        """
        players.0.city.1.2 = "cs-garden-homes"
        players.0.city.0.2 = "g1-houses"
        """
      Then the outcome has:
        """
        details.breakdown.0.tiles = 3
        details.breakdown.0.neighbourhoods = 3
        """

  Rule: NM-CORNER-LIMIT never more cornerstones than the generation number

    @NM-CORNER-LIMIT
    Scenario: A second cornerstone is refused in generation 1
      Given "players.0.city.3.2" is "cs-garden-homes"
      When player 0 plays:
        """
        {"type": "cornerstone", "tile": "cs-garden-homes", "x": 2, "y": 1}
        """
      Then the action is rejected citing rule "NM-CORNER-LIMIT"

    @NM-CORNER-LIMIT
    Scenario: A second cornerstone is allowed in generation 2
      Given the position:
        """
        generation = 2
        players.0.selected = "g2-plaza"
        players.0.hand = ["g2-offices"]
        players.1.hand = ["g2-terraces"]
        players.0.city.3.2 = "cs-garden-homes"
        """
      Then the legal actions include:
        """
        {"actor": 0, "type": "cornerstone", "tile": "cs-garden-homes", "x": 2, "y": 1}
        """

    @NM-CORNER-LIMIT @NM-PLACE-REPLACE @reading:allow_replace=true
    Scenario: At the limit a cornerstone may replace a cornerstone
      # generation 1, one cornerstone in the city: replacing it keeps the count at 1
      Given the position:
        """
        players.0.cornerstones = ["cs-trade-post"]
        players.0.city.3.2 = "cs-garden-homes"
        """
      Then the legal actions include:
        """
        {"actor": 0, "type": "cornerstone", "tile": "cs-trade-post", "x": 2, "y": 3}
        """
      And the legal actions do not include:
        """
        {"actor": 0, "type": "cornerstone", "x": 2, "y": 1}
        """
      When player 0 plays:
        """
        {"type": "cornerstone", "tile": "cs-trade-post", "x": 2, "y": 3}
        """
      Then the position has:
        """
        players.0.city.3.2 = "cs-trade-post"
        discard = {"cs-garden-homes": 1, "g1-park": 1}
        """

    @NM-CORNER-LIMIT @NM-PLACE-REPLACE @reading:allow_replace=true
    Scenario: At the limit each kept cornerstone may replace the placed one
      # generation 1, one cornerstone in the city, two kept: either keeps the count at 1
      Given the position:
        """
        players.0.cornerstones = ["cs-fire-hall", "cs-trade-post"]
        players.0.city.3.2 = "cs-garden-homes"
        """
      Then the legal actions include:
        """
        {"actor": 0, "type": "cornerstone", "tile": "cs-fire-hall", "x": 2, "y": 3}
        """
      And the legal actions include:
        """
        {"actor": 0, "type": "cornerstone", "tile": "cs-trade-post", "x": 2, "y": 3}
        """

    @NM-CORNER-LIMIT @NM-PLACE-REPLACE @reading:allow_replace=true
    Scenario: At the limit a cornerstone replaces a cornerstone with no listing asked first
      # the engine judges the action itself, not by the actions it listed
      Given the position:
        """
        players.0.cornerstones = ["cs-trade-post"]
        players.0.city.3.2 = "cs-garden-homes"
        """
      When player 0 plays:
        """
        {"type": "cornerstone", "tile": "cs-trade-post", "x": 2, "y": 3}
        """
      Then the position has:
        """
        players.0.city.3.2 = "cs-trade-post"
        discard = {"cs-garden-homes": 1, "g1-park": 1}
        """

    @NM-CORNER-LIMIT @NM-PLACE-REPLACE @reading:allow_replace=true
    Scenario: At the limit a cornerstone may not replace a generation tile
      # replacing the houses would make two cornerstones in generation 1
      Given the position:
        """
        players.0.cornerstones = ["cs-trade-post"]
        players.0.city.3.2 = "cs-garden-homes"
        players.0.city.1.2 = "g1-houses"
        """
      Then the legal actions do not include:
        """
        {"actor": 0, "type": "cornerstone", "x": 2, "y": 1}
        """
      When player 0 plays:
        """
        {"type": "cornerstone", "tile": "cs-trade-post", "x": 2, "y": 1}
        """
      Then the action is rejected citing rule "NM-CORNER-LIMIT"

    @NM-CORNER-LIMIT
    Scenario: Below the limit every joined space is listed for a cornerstone
      # generation 2 with one cornerstone in the city: a second one may go on x2 y1
      Given the position:
        """
        generation = 2
        players.0.selected = "g2-plaza"
        players.0.hand = ["g2-offices"]
        players.1.hand = ["g2-terraces"]
        players.0.cornerstones = ["cs-trade-post"]
        players.0.city.3.2 = "cs-garden-homes"
        """
      Then the legal actions include:
        """
        {"actor": 0, "type": "cornerstone", "tile": "cs-trade-post", "x": 2, "y": 1}
        """

    @NM-CORNER-LIMIT
    Scenario: The turn after a cornerstone is placed in generation 1 lists no second one
      # generation 1 allows one cornerstone in the city: before the garden homes are placed the
      # trade post may go south of the centre (x2 y3); once they are, the next turn lists it
      # on no empty space, while the farm (roads E and W) may still go west of the centre
      Given the position:
        """
        turn = 1
        players.0.cornerstones = ["cs-garden-homes", "cs-trade-post"]
        """
      Then the legal actions include:
        """
        {"actor": 0, "type": "cornerstone", "tile": "cs-trade-post", "x": 2, "y": 3}
        """
      When player 0 plays:
        """
        {"type": "cornerstone", "tile": "cs-garden-homes", "x": 2, "y": 1}
        """
      And these actions are applied:
        """
        [{"actor": 0, "type": "select", "tile": "g1-farm"},
         {"actor": 1, "type": "select", "tile": "g1-market"}]
        """
      Then the legal actions do not include:
        """
        {"actor": 0, "type": "cornerstone", "x": 2, "y": 3}
        """
      And the legal actions do not include:
        """
        {"actor": 0, "type": "cornerstone", "x": 2, "y": 0}
        """
      And the legal actions include:
        """
        {"actor": 0, "type": "place", "tile": "g1-farm", "x": 1, "y": 2}
        """

  Rule: NM-CORNER-REQ the cornerstone's own requirements apply (option cornerstone_requirements)

    @NM-CORNER-REQ @reading:cornerstone_requirements=true
    Scenario: Townhouses need wood
      When player 0 plays:
        """
        {"type": "cornerstone", "tile": "cs-townhouses", "x": 2, "y": 1}
        """
      Then the action is rejected citing rule "NM-CORNER-REQ"

    @NM-CORNER-REQ @reading:cornerstone_requirements=true
    Scenario: A cornerstone whose requirement is unmet is not listed, the others are
      # townhouses need wood (the oil board has none); the trade post needs nothing
      Given "players.0.cornerstones" is ["cs-townhouses", "cs-trade-post"]
      Then the legal actions do not include:
        """
        {"actor": 0, "type": "cornerstone", "tile": "cs-townhouses"}
        """
      And the legal actions include:
        """
        {"actor": 0, "type": "cornerstone", "tile": "cs-trade-post", "x": 2, "y": 1}
        """

    @NM-CORNER-REQ @reading:cornerstone_requirements=true
    Scenario: A cornerstone's cost is paid like a generation tile's and the garden homes cost nothing
      # neom.ja.txt:53 "in the same way as above": the cost is paid as for a generation tile
      # (NM-REQ-COST); the provisional garden homes cost 0, so player 0 keeps the 9 coins
      Given "players.0.coins" is 9
      When player 0 plays:
        """
        {"type": "cornerstone", "tile": "cs-garden-homes", "x": 2, "y": 1}
        """
      Then "players.0.coins" is 9

    @NM-CORNER-REQ @reading:cornerstone_requirements=false
    Scenario: Without cornerstone requirements townhouses go down without wood
      Given a new "neom" game with 2 players and setup:
        """
        {"options": {"cornerstone_requirements": false}, "setup": {"boards": ["oil", "ore"]}}
        """
      And the position:
        """
        phase = "act"
        generation = 1
        players.0.selected = "g1-park"
        players.0.hand = ["g1-market"]
        players.0.cornerstones = ["cs-townhouses"]
        players.1.acted = true
        players.1.hand = ["g1-farm"]
        """
      Then the legal actions include:
        """
        {"actor": 0, "type": "cornerstone", "tile": "cs-townhouses", "x": 2, "y": 1}
        """

  Rule: NM-CORNER-NODISASTER a disaster cannot be discarded for a cornerstone

    @NM-CORNER-NODISASTER
    Scenario: Selecting the fire leaves no cornerstone action
      Given the position:
        """
        phase = "select"
        players.0.selected = null
        players.0.hand = ["g1-fire", "g1-market"]
        players.1.acted = false
        players.1.selected = "g1-farm"
        players.1.hand = ["g1-mine"]
        """
      When player 0 plays:
        """
        {"type": "select", "tile": "g1-fire"}
        """
      And player 0 plays:
        """
        {"type": "cornerstone", "tile": "cs-garden-homes", "x": 2, "y": 1}
        """
      Then the action is rejected citing rule "NM-CORNER-NODISASTER"

    @NM-CORNER-NODISASTER
    Scenario: Another player's fire leaves the cornerstone open to the others
      # neom.ja.txt:55, 57-58: only the disaster tile cannot be discarded for a cornerstone;
      # player 1 selected the fire, player 0 the park, which may still be traded
      Given the position:
        """
        phase = "select"
        players.0.selected = null
        players.0.hand = ["g1-park", "g1-market"]
        players.1.acted = false
        players.1.selected = null
        players.1.hand = ["g1-fire", "g1-mine"]
        """
      When these actions are applied:
        """
        [{"actor": 1, "type": "select", "tile": "g1-fire"},
         {"actor": 0, "type": "select", "tile": "g1-park"}]
        """
      Then the legal actions include:
        """
        {"actor": 0, "type": "cornerstone", "tile": "cs-garden-homes"}
        """

  Rule: NM-CORNER-PLACE a cornerstone action that breaks several rules cites the first in the check order

    # spec/neom/action.schema.json, cornerstone: NM-PLACE-NOROTATE, NM-CORNER-PLACE, NM-CORNER-LIMIT,
    # NM-CORNER-REQ, NM-PLACE-REPLACE, NM-PLACE-ROAD. The garden homes on x2 y3 reach generation 1's
    # limit of one; cs-kiln is not held; the townhouses need wood, which the oil board lacks.
    @NM-CORNER-PLACE @NM-PLACE-NOROTATE @NM-CORNER-LIMIT
    Scenario Outline: A cornerstone action breaking <what> cites <rule>
      Given "players.0.city.3.2" is "cs-garden-homes"
      When player 0 plays:
        """
        <action>
        """
      Then the action is rejected citing rule "<rule>"

      Examples:
        | what                                     | action                                                                         | rule              |
        | the rotation, the tile held and the limit | {"type": "cornerstone", "tile": "cs-kiln", "x": 2, "y": 1, "rotation": 2}     | NM-PLACE-NOROTATE |
        | the tile held and the limit              | {"type": "cornerstone", "tile": "cs-kiln", "x": 2, "y": 1}                     | NM-CORNER-PLACE   |
        | the limit and the requirements           | {"type": "cornerstone", "tile": "cs-townhouses", "x": 2, "y": 1}               | NM-CORNER-LIMIT   |

    @NM-CORNER-PLACE @NM-CORNER-REQ @NM-PLACE-REPLACE @reading:cornerstone_requirements=true @reading:allow_replace=false
    Scenario: Townhouses without wood on a taken space with replacing off cite the requirement
      Given a new "neom" game with 2 players and setup:
        """
        {"options": {"allow_replace": false}, "setup": {"boards": ["oil", "ore"]}}
        """
      And the position:
        """
        phase = "act"
        generation = 1
        players.0.selected = "g1-park"
        players.0.hand = ["g1-market"]
        players.0.cornerstones = ["cs-townhouses"]
        players.0.city.1.2 = "g1-houses"
        players.1.acted = true
        players.1.hand = ["g1-farm"]
        """
      When player 0 plays:
        """
        {"type": "cornerstone", "tile": "cs-townhouses", "x": 2, "y": 1}
        """
      Then the action is rejected citing rule "NM-CORNER-REQ"

  Rule: NM-CORNER-SIMILAR a cornerstone is placed like a generation tile

    @NM-CORNER-SIMILAR @NM-GOODS-GAIN
    Scenario: A placed cornerstone gives the good it produces
      # cs-forest (industrial, roads E and W, no requirement) produces wood; west of the centre
      # its east road joins the centre
      Given "players.0.cornerstones" is ["cs-forest"]
      When player 0 plays:
        """
        {"type": "cornerstone", "tile": "cs-forest", "x": 1, "y": 2}
        """
      Then "players.0.goods" is ["oil", "wood"]
