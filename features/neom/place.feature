Feature: NEOM placing the selected tile (neom.ja.txt:40-48)
  # Provisional tiles used here (spec/neom/components.yaml): g1-market commercial, cost 2,
  # roads NESW; g1-park public, cost 2, roads NESW; g1-sawmill cost 3, needs wood, makes
  # lumber; g1-corner-shop cost 1, roads N and E; g1-rowhouses cost 2, roads E and W;
  # g1-cottages cost 2, roads N and S. The City Centre has roads on all four sides.

  Background:
    Given a new "neom" game with 2 players and setup:
      """
      {"setup": {"boards": ["oil", "ore"]}}
      """
    And the position:
      """
      phase = "act"
      generation = 1
      players.0.selected = "g1-market"
      players.0.hand = ["g1-farm"]
      players.1.acted = true
      players.1.hand = ["g1-mine"]
      """

  Rule: NM-PLACE-REQ the requirements must be met

    @NM-PLACE-REQ
    Scenario: Placing a tile pays its cost
      When player 0 plays:
        """
        {"type": "place", "x": 2, "y": 1}
        """
      Then the position has:
        """
        players.0.city.1.2 = "g1-market"
        players.0.coins = 4
        """

    @NM-PLACE-REQ
    Scenario: A tile whose cost cannot be paid cannot be placed
      Given "players.0.coins" is 1
      When player 0 plays:
        """
        {"type": "place", "x": 2, "y": 1}
        """
      Then the action is rejected citing rule "NM-PLACE-REQ"

    @NM-PLACE-REQ
    Scenario: A tile needing a good the city lacks cannot be placed
      Given "players.0.selected" is "g1-sawmill"
      When player 0 plays:
        """
        {"type": "place", "x": 2, "y": 1}
        """
      Then the action is rejected citing rule "NM-PLACE-REQ"

  Rule: NM-PLACE-REQFAIL unmet requirements leave the other actions

    @NM-PLACE-REQFAIL
    Scenario: Without wood the sawmill can only be sold or traded for a cornerstone
      Given the position:
        """
        players.0.selected = "g1-sawmill"
        players.0.cornerstones = ["cs-garden-homes"]
        """
      Then the legal actions do not include:
        """
        {"actor": 0, "type": "place"}
        """
      And the legal actions include:
        """
        {"actor": 0, "type": "sell"}
        """
      And the legal actions include:
        """
        {"actor": 0, "type": "cornerstone", "tile": "cs-garden-homes"}
        """

    @NM-PLACE-REQFAIL
    Scenario: A market whose cost can be paid may still be traded for a cornerstone
      # neom.ja.txt:35-38, 42: unmet requirements leave only the cornerstone or the sale, but
      # met ones do not take the cornerstone away: 6 coins pay the market's 2, and the
      # garden homes are still open
      Given "players.0.cornerstones" is ["cs-garden-homes"]
      Then the legal actions include:
        """
        {"actor": 0, "type": "place"}
        """
      And the legal actions include:
        """
        {"actor": 0, "type": "cornerstone", "tile": "cs-garden-homes"}
        """

  Rule: NM-REQ-COST requirements are a coin cost and goods held, not consumed

    @NM-REQ-COST @NM-GOODS-GAIN
    Scenario: The sawmill pays 3 coins, keeps the wood and gains lumber
      Given the position:
        """
        players.0.selected = "g1-sawmill"
        players.0.goods = ["oil", "wood"]
        """
      When player 0 plays:
        """
        {"type": "place", "x": 1, "y": 2}
        """
      Then the position has:
        """
        players.0.coins = 3
        players.0.goods = ["lumber", "oil", "wood"]
        """

    @NM-REQ-COST
    Scenario: Coins are never spent below zero
      Given "players.0.coins" is 0
      Then the legal actions are exactly:
        """
        [{"actor": 0, "type": "sell"}]
        """

    @NM-REQ-COST
    Scenario: Coins equal to the cost are enough
      # g1-market costs 2: two coins pay it and none are left
      Given "players.0.coins" is 2
      When player 0 plays:
        """
        {"type": "place", "x": 2, "y": 1}
        """
      Then the position has:
        """
        players.0.coins = 0
        """

    @NM-REQ-COST
    Scenario: Holding exactly the goods required is enough
      # the wood board's City Centre gives wood, the sawmill's only requirement; 6 - 3 = 3 coins
      Given a new "neom" game with 2 players and setup:
        """
        {"setup": {"boards": ["wood", "ore"]}}
        """
      And the position:
        """
        phase = "act"
        generation = 1
        players.0.selected = "g1-sawmill"
        players.0.hand = ["g1-farm"]
        players.1.acted = true
        players.1.hand = ["g1-mine"]
        """
      Then the legal actions include:
        """
        {"actor": 0, "type": "place", "tile": "g1-sawmill", "x": 2, "y": 1}
        """
      When player 0 plays:
        """
        {"type": "place", "x": 2, "y": 1}
        """
      Then "players.0.coins" is 3

  Rule: NM-GOODS-GAIN a producing tile gives its good token for good

    @NM-GOODS-GAIN @reading:allow_replace=true
    Scenario: A good stays when its tile is replaced
      Given the position:
        """
        players.0.city.1.2 = "g1-sawmill"
        players.0.goods = ["lumber", "oil", "wood"]
        """
      When player 0 plays:
        """
        {"type": "place", "x": 2, "y": 1}
        """
      Then the position has:
        """
        players.0.goods = ["lumber", "oil", "wood"]
        """

  Rule: NM-PLACE-SPACE on an empty space or replacing a tile

    @NM-PLACE-SPACE
    Scenario: A tile goes on an empty space next to the centre
      When player 0 plays:
        """
        {"type": "place", "x": 3, "y": 2}
        """
      Then "players.0.city.2.3" is "g1-market"

    @NM-PLACE-SPACE @NM-COMP-BOARD
    Scenario: A space off the 5 by 5 city is refused as malformed
      # columns and rows are 0-4
      When player 0 plays:
        """
        {"type": "place", "x": 5, "y": 2}
        """
      Then the action is refused as malformed

    @NM-PLACE-SPACE
    Scenario: A coordinate that is not a number is refused as malformed
      # true is not the column 1
      When player 0 plays:
        """
        {"type": "place", "x": true, "y": 2}
        """
      Then the action is refused as malformed

    @NM-PLACE-SPACE @NM-PLACE-REPLACE @reading:allow_replace=true
    Scenario: A tile may replace a tile of the city, which is discarded
      Given "players.0.city.1.2" is "g1-houses"
      When player 0 plays:
        """
        {"type": "place", "x": 2, "y": 1}
        """
      Then the position has:
        """
        players.0.city.1.2 = "g1-market"
        discard = {"g1-houses": 1}
        """

  Rule: NM-PLACE-REPLACE replacing tiles (ruling: allowed, option allow_replace)

    @NM-PLACE-REPLACE @reading:allow_replace=true
    Scenario: The City Centre itself may be replaced; its good stays
      When player 0 plays:
        """
        {"type": "place", "x": 2, "y": 2}
        """
      Then the position has:
        """
        players.0.city.2.2 = "g1-market"
        players.0.goods = ["oil"]
        discard = {}
        """

    @NM-PLACE-REPLACE @reading:allow_replace=false
    Scenario: With replacing switched off a taken space is refused
      Given a new "neom" game with 2 players and setup:
        """
        {"options": {"allow_replace": false}, "setup": {"boards": ["oil", "ore"]}}
        """
      And the position:
        """
        phase = "act"
        generation = 1
        players.0.selected = "g1-market"
        players.0.hand = ["g1-farm"]
        players.0.city.1.2 = "g1-houses"
        players.1.acted = true
        players.1.hand = ["g1-mine"]
        """
      When player 0 plays:
        """
        {"type": "place", "x": 2, "y": 1}
        """
      Then the action is rejected citing rule "NM-PLACE-REPLACE"

    @NM-PLACE-REPLACE @reading:allow_replace=true
    Scenario: A replacement may not cut other tiles off the centre
      # cottages (roads N and S only) on x2 y1 would cut the park on x1 y1 off
      Given the position:
        """
        players.0.selected = "g1-cottages"
        players.0.city.1.2 = "g1-houses"
        players.0.city.1.1 = "g1-park"
        """
      When player 0 plays:
        """
        {"type": "place", "x": 2, "y": 1}
        """
      Then the action is rejected citing rule "NM-PLACE-ROAD"

    @NM-PLACE-REPLACE @reading:allow_replace=true
    Scenario: Replacing a tile and the City Centre are among the legal places
      Given "players.0.city.1.2" is "g1-houses"
      Then the legal actions include:
        """
        {"actor": 0, "type": "place", "tile": "g1-market", "x": 2, "y": 1}
        """
      And the legal actions include:
        """
        {"actor": 0, "type": "place", "tile": "g1-market", "x": 2, "y": 2}
        """

    @NM-PLACE-REPLACE @reading:allow_replace=false
    Scenario: With replacing switched off no taken space is listed
      Given a new "neom" game with 2 players and setup:
        """
        {"options": {"allow_replace": false}, "setup": {"boards": ["oil", "ore"]}}
        """
      And the position:
        """
        phase = "act"
        generation = 1
        players.0.selected = "g1-market"
        players.0.hand = ["g1-farm"]
        players.0.city.1.2 = "g1-houses"
        players.1.acted = true
        players.1.hand = ["g1-mine"]
        """
      Then the legal actions do not include:
        """
        {"actor": 0, "type": "place", "x": 2, "y": 1}
        """
      And the legal actions do not include:
        """
        {"actor": 0, "type": "place", "x": 2, "y": 2}
        """
      And the legal actions include:
        """
        {"actor": 0, "type": "place", "tile": "g1-market", "x": 3, "y": 2}
        """

    @NM-PLACE-REPLACE @reading:allow_replace=true
    Scenario: A replacement that would cut a tile off is not listed
      # cottages (roads N and S) on x2 y1 would leave the park on x1 y1 without a road to the
      # centre; the houses may still be replaced by tiles with an east-west road
      Given the position:
        """
        players.0.selected = "g1-cottages"
        players.0.city.1.2 = "g1-houses"
        players.0.city.1.1 = "g1-park"
        """
      Then the legal actions do not include:
        """
        {"actor": 0, "type": "place", "x": 2, "y": 1}
        """
      And the legal actions include:
        """
        {"actor": 0, "type": "place", "tile": "g1-cottages", "x": 2, "y": 3}
        """

    @NM-PLACE-REPLACE @reading:allow_replace=true
    Scenario: A replacement keeping some of the old tile's road links still may not cut a tile off
      # cottages (roads N and S) on x2 y1 keep the links to the centre and to the mine on x2 y0
      # but not the one to the park on x1 y1, whose only road to the centre it was
      Given the position:
        """
        players.0.selected = "g1-cottages"
        players.0.city.1.2 = "g1-houses"
        players.0.city.1.1 = "g1-park"
        players.0.city.0.2 = "g1-coal-plant"
        """
      Then the legal actions do not include:
        """
        {"actor": 0, "type": "place", "x": 2, "y": 1}
        """

    @NM-PLACE-REPLACE @reading:allow_replace=true
    Scenario: A replacement may drop a road link to a tile joined to the centre another way
      # cottages on x2 y1 drop the link to the park on x1 y1, which the fire station on x1 y2
      # still joins to the centre; the coal plant on x2 y0 stays joined by the cottages' north road
      Given the position:
        """
        players.0.selected = "g1-cottages"
        players.0.city.1.2 = "g1-houses"
        players.0.city.1.1 = "g1-park"
        players.0.city.2.1 = "g1-fire-station"
        players.0.city.0.2 = "g1-coal-plant"
        """
      Then the legal actions include:
        """
        {"actor": 0, "type": "place", "tile": "g1-cottages", "x": 2, "y": 1}
        """

    @NM-PLACE-REPLACE @NM-PLACE-ROAD @reading:allow_replace=true
    Scenario: East-west rowhouses may not replace the tile north of the centre
      # on x2 y1 the rowhouses' roads would meet no road: the tile would not be joined
      Given the position:
        """
        players.0.selected = "g1-rowhouses"
        players.0.city.1.2 = "g1-houses"
        """
      Then the legal actions do not include:
        """
        {"actor": 0, "type": "place", "x": 2, "y": 1}
        """

    @NM-PLACE-REPLACE @reading:allow_replace=true
    Scenario: A replacement with the same roads keeps every tile joined
      # the market (roads NESW) replaces the houses (NESW) between the centre and the park
      Given the position:
        """
        players.0.city.1.2 = "g1-houses"
        players.0.city.0.2 = "g1-park"
        """
      When player 0 plays:
        """
        {"type": "place", "x": 2, "y": 1}
        """
      Then the position has:
        """
        players.0.city.1.2 = "g1-market"
        players.0.city.0.2 = "g1-park"
        discard = {"g1-houses": 1}
        """

    @NM-PLACE-REPLACE @reading:allow_replace=true
    Scenario: A replacement with fewer roads is allowed while every tile stays joined
      # the corner shop (roads N and E) replaces the houses on x2 y3: its north road meets the
      # centre and its east road keeps the park on x3 y3 joined
      Given the position:
        """
        players.0.selected = "g1-corner-shop"
        players.0.city.3.2 = "g1-houses"
        players.0.city.3.3 = "g1-park"
        """
      Then the legal actions include:
        """
        {"actor": 0, "type": "place", "tile": "g1-corner-shop", "x": 2, "y": 3}
        """
      When player 0 plays:
        """
        {"type": "place", "x": 2, "y": 3}
        """
      Then the position has:
        """
        players.0.city.3.2 = "g1-corner-shop"
        players.0.city.3.3 = "g1-park"
        discard = {"g1-houses": 1}
        """

    @NM-PLACE-REPLACE @reading:allow_replace=true
    Scenario: A tile that replaced the City Centre is discarded when it is replaced in turn
      Given "players.0.city.2.2" is "g1-houses"
      When player 0 plays:
        """
        {"type": "place", "x": 2, "y": 2}
        """
      Then the position has:
        """
        players.0.city.2.2 = "g1-market"
        discard = {"g1-houses": 1}
        """

  Rule: NM-PLACE-ROAD joined by road to the centre (or the tile that replaced it)

    @NM-PLACE-ROAD
    Scenario: A tile far from the road network is refused
      When player 0 plays:
        """
        {"type": "place", "x": 0, "y": 0}
        """
      Then the action is rejected citing rule "NM-PLACE-ROAD"

    @NM-PLACE-ROAD
    Scenario: A tile may join the centre through another tile
      Given "players.0.city.1.2" is "g1-houses"
      Then the legal actions include:
        """
        {"actor": 0, "type": "place", "tile": "g1-market", "x": 2, "y": 0}
        """

    @NM-PLACE-ROAD
    Scenario: A tile may join the centre through a chain of two tiles
      # neom.ja.txt:46: the market on x1 y4 meets the houses on x2 y4, which meet the houses on
      # x2 y3, which meet the centre (houses and market have roads on all four sides)
      Given "players.0.city.3.2" is "g1-houses"
      And "players.0.city.4.2" is "g1-houses"
      Then the legal actions include:
        """
        {"actor": 0, "type": "place", "tile": "g1-market", "x": 1, "y": 4}
        """

    @NM-PLACE-ROAD
    Scenario: The tile that replaced the centre is the new anchor
      # cottages on the centre space have roads only north and south
      Given "players.0.city.2.2" is "g1-cottages"
      When player 0 plays:
        """
        {"type": "place", "x": 1, "y": 2}
        """
      Then the action is rejected citing rule "NM-PLACE-ROAD"
      And the legal actions include:
        """
        {"actor": 0, "type": "place", "tile": "g1-market", "x": 2, "y": 3}
        """

    @NM-PLACE-ROAD @NM-ROADS-MEET
    Scenario: A tile beside a side without a road is not joined
      # cottages on x2 y1 have roads N and S only: the market on x1 y1 would meet their
      # road-less west side, and x1 y2 (its south) is empty
      Given "players.0.city.1.2" is "g1-cottages"
      Then the legal actions do not include:
        """
        {"actor": 0, "type": "place", "x": 1, "y": 1}
        """
      And the legal actions include:
        """
        {"actor": 0, "type": "place", "tile": "g1-market", "x": 2, "y": 0}
        """
      When player 0 plays:
        """
        {"type": "place", "x": 1, "y": 1}
        """
      Then the action is rejected citing rule "NM-PLACE-ROAD"

  Rule: NM-PLACE-ROADPARTIAL one road to the centre is enough

    @NM-PLACE-ROADPARTIAL
    Scenario: The corner shop joins by its north road though its east road ends nowhere
      Given "players.0.selected" is "g1-corner-shop"
      Then the legal actions include:
        """
        {"actor": 0, "type": "place", "tile": "g1-corner-shop", "x": 2, "y": 3}
        """

    @NM-PLACE-ROADPARTIAL
    Scenario: The corner shop joins by its north road though its east road runs into the cottages' roadless side
      # a market east of the centre (its west road meets the centre's east road) and the
      # cottages south of the market (their north road meets its south road): the cottages
      # have no road west, where the corner shop's east road arrives
      Given the position:
        """
        players.0.city.2.3 = "g1-market"
        players.0.city.3.3 = "g1-cottages"
        players.0.selected = "g1-corner-shop"
        """
      Then the legal actions include:
        """
        {"actor": 0, "type": "place", "tile": "g1-corner-shop", "x": 2, "y": 3}
        """

    @NM-PLACE-ROADPARTIAL
    Scenario: The corner shop has no road south, so it cannot join from the north
      Given "players.0.selected" is "g1-corner-shop"
      When player 0 plays:
        """
        {"type": "place", "x": 2, "y": 1}
        """
      Then the action is rejected citing rule "NM-PLACE-ROAD"

    @NM-PLACE-ROADPARTIAL @reading:allow_replace=true
    Scenario: A market replacing the cottages joins by its south road though its east and west roads end nowhere
      # neom.ja.txt:46-47: in place of the cottages (roads N and S) north of the centre, the
      # market's south road meets the centre's north road; x1 y1, x3 y1 and x2 y0 are empty
      Given "players.0.city.1.2" is "g1-cottages"
      Then the legal actions include:
        """
        {"actor": 0, "type": "place", "tile": "g1-market", "x": 2, "y": 1}
        """

    @NM-PLACE-ROADPARTIAL @reading:allow_replace=true
    Scenario: A corner shop replacing the houses joins by its north road though its east road ends nowhere
      # neom.ja.txt:46-47: in place of the houses (roads NESW) south of the centre, the corner
      # shop's north road meets the centre's south road; x3 y3 east of it is empty
      Given the position:
        """
        players.0.selected = "g1-corner-shop"
        players.0.city.3.2 = "g1-houses"
        """
      When player 0 plays:
        """
        {"type": "place", "x": 2, "y": 3}
        """
      Then "players.0.city.3.2" is "g1-corner-shop"

    @NM-PLACE-ROADPARTIAL @reading:allow_replace=true
    Scenario: Rowhouses replacing the houses north of the centre have no road to join it by
      # neom.ja.txt:46-47: at least one road must join the centre; the rowhouses' roads (E and
      # W) meet nothing on x2 y1, and nothing else stands in the city
      Given the position:
        """
        players.0.selected = "g1-rowhouses"
        players.0.city.1.2 = "g1-houses"
        """
      When player 0 plays:
        """
        {"type": "place", "x": 2, "y": 1}
        """
      Then the action is rejected citing rule "NM-PLACE-ROAD"

  Rule: NM-PLACE-NOROTATE tiles are never rotated

    @NM-PLACE-NOROTATE
    Scenario: A rotated placement is refused
      When player 0 plays:
        """
        {"type": "place", "x": 2, "y": 1, "rotation": 90}
        """
      Then the action is rejected citing rule "NM-PLACE-NOROTATE"

    @NM-PLACE-NOROTATE
    Scenario: East-west rowhouses cannot be turned to join the centre from the north
      Given "players.0.selected" is "g1-rowhouses"
      Then the legal actions do not include:
        """
        {"actor": 0, "type": "place", "x": 2, "y": 1}
        """
      And the legal actions include:
        """
        {"actor": 0, "type": "place", "x": 1, "y": 2}
        """

  Rule: NM-ROADS-MEET tiles join when both have a road on the shared edge

    @NM-ROADS-MEET
    Scenario: Rowhouses west of the centre join it by their east road
      Given "players.0.selected" is "g1-rowhouses"
      Then the legal actions include:
        """
        {"actor": 0, "type": "place", "tile": "g1-rowhouses", "x": 1, "y": 2}
        """

    @NM-ROADS-MEET @NM-PLACE-NOROTATE
    Scenario: The corner shop joins from the west by its east road, never from the east
      # the corner shop has roads N and E: west of the centre its east road meets the centre;
      # east of it the side facing the centre (west) has no road
      Given "players.0.selected" is "g1-corner-shop"
      Then the legal actions include:
        """
        {"actor": 0, "type": "place", "tile": "g1-corner-shop", "x": 1, "y": 2}
        """
      And the legal actions do not include:
        """
        {"actor": 0, "type": "place", "x": 3, "y": 2}
        """
      When player 0 plays:
        """
        {"type": "place", "x": 3, "y": 2}
        """
      Then the action is rejected citing rule "NM-PLACE-ROAD"

    @NM-PLACE-ROAD @NM-ROADS-MEET
    Scenario: The turn after a placement lists the spaces the new tile's roads reach, and no others
      # a park east of the centre (x3 y2, roads NESW); the cottages (roads N and S only) go
      # north of the centre (x2 y1). Next turn the market and the trade post (both roads NESW)
      # may go north of the cottages (x2 y0, their north road) and still north of the park
      # (x3 y1, the park's north road; the cottages' east side has no road), but not west of
      # the cottages (x1 y1: their west side has no road and no other tile is beside it)
      Given the position:
        """
        turn = 1
        players.0.selected = "g1-cottages"
        players.0.cornerstones = ["cs-trade-post"]
        players.0.city.2.3 = "g1-park"
        players.1.hand = ["g1-market"]
        """
      Then the legal actions include:
        """
        {"actor": 0, "type": "cornerstone", "tile": "cs-trade-post", "x": 3, "y": 1}
        """
      And the legal actions do not include:
        """
        {"actor": 0, "type": "cornerstone", "x": 2, "y": 0}
        """
      When player 0 plays:
        """
        {"type": "place", "x": 2, "y": 1}
        """
      And these actions are applied:
        """
        [{"actor": 0, "type": "select", "tile": "g1-market"},
         {"actor": 1, "type": "select", "tile": "g1-farm"}]
        """
      Then the legal actions include:
        """
        {"actor": 0, "type": "place", "tile": "g1-market", "x": 2, "y": 0}
        """
      And the legal actions include:
        """
        {"actor": 0, "type": "cornerstone", "tile": "cs-trade-post", "x": 2, "y": 0}
        """
      And the legal actions include:
        """
        {"actor": 0, "type": "place", "tile": "g1-market", "x": 3, "y": 1}
        """
      And the legal actions do not include:
        """
        {"actor": 0, "type": "place", "x": 1, "y": 1}
        """
      And the legal actions do not include:
        """
        {"actor": 0, "type": "cornerstone", "x": 1, "y": 1}
        """

  Rule: NM-ACT-CHOICE a placement that breaks several rules cites the first in the check order

    # spec/neom/action.schema.json, place: NM-PLACE-NOROTATE, NM-ACT-CHOICE (the tile named),
    # NM-PLACE-REQ, NM-PLACE-REPLACE, NM-PLACE-ROAD. The market costs 2; x0 y0 is joined to nothing.
    @NM-ACT-CHOICE @NM-PLACE-NOROTATE @NM-PLACE-REQ
    Scenario Outline: A placement breaking <what> cites <rule>
      Given "players.0.coins" is <coins>
      When player 0 plays:
        """
        <action>
        """
      Then the action is rejected citing rule "<rule>"

      Examples:
        | what                                    | coins | action                                                                | rule              |
        | the rotation, the tile named and roads  | 6     | {"type": "place", "tile": "g1-farm", "x": 0, "y": 0, "rotation": 1}   | NM-PLACE-NOROTATE |
        | the tile named, the cost and the roads  | 1     | {"type": "place", "tile": "g1-farm", "x": 0, "y": 0}                  | NM-ACT-CHOICE     |
        | the cost and the roads                  | 1     | {"type": "place", "x": 0, "y": 0}                                     | NM-PLACE-REQ      |

    @NM-ACT-CHOICE @NM-PLACE-REQ @NM-PLACE-REPLACE @reading:allow_replace=false
    Scenario Outline: With replacing off, a placement on a taken space breaking <what> cites <rule>
      # the rowhouses (roads E and W) on x2 y1 would not be joined to the centre below them
      Given a new "neom" game with 2 players and setup:
        """
        {"options": {"allow_replace": false}, "setup": {"boards": ["oil", "ore"]}}
        """
      And the position:
        """
        phase = "act"
        generation = 1
        players.0.selected = "<tile>"
        players.0.coins = <coins>
        players.0.hand = ["g1-farm"]
        players.0.city.1.2 = "g1-houses"
        players.1.acted = true
        players.1.hand = ["g1-mine"]
        """
      When player 0 plays:
        """
        {"type": "place", "x": 2, "y": 1}
        """
      Then the action is rejected citing rule "<rule>"

      Examples:
        | what                   | tile         | coins | rule             |
        | the cost as well       | g1-market    | 1     | NM-PLACE-REQ     |
        | the roads as well      | g1-rowhouses | 6     | NM-PLACE-REPLACE |
