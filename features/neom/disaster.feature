Feature: NEOM disasters (neom.ja.txt:57-62)
  # Provisional disaster table: fire (generation 1) costs 1 coin per unprotected commercial or
  # residential tile; crime (generation 2) 2 per unprotected commercial or industrial tile;
  # flood (generation 3) 1 per tile of any kind but the City Centre. A fire station (police
  # station) protects the tiles in the 3x3 block around it from fire (crime).

  Background:
    Given a new "neom" game with 3 players and setup:
      """
      {"setup": {"boards": ["oil", "ore", "sand"]}}
      """

  Rule: NM-DISASTER-SELECTOR the selector is safe but takes no other action

    @NM-DISASTER-SELECTOR
    Scenario: Selecting the fire ends the selector's turn
      Given the position:
        """
        phase = "select"
        generation = 1
        players.0.hand = ["g1-fire", "g1-park"]
        players.1.selected = "g1-farm"
        players.1.hand = ["g1-mine"]
        players.2.selected = "g1-farm"
        players.2.hand = ["g1-quarry"]
        """
      When player 0 plays:
        """
        {"type": "select", "tile": "g1-fire"}
        """
      Then the position has:
        """
        players.0.acted = true
        to_act = [1, 2]
        """
      When player 0 plays:
        """
        {"type": "sell"}
        """
      Then the action is rejected citing rule "NM-DISASTER-SELECTOR"

    @NM-DISASTER-SELECTOR @NM-SELECT-SIMUL
    Scenario: A position loaded with the fire among the selections skips its selector's action
      # neom.ja.txt:31 and 58: everyone has selected, so all act; the fire's selector takes
      # no other action that turn
      Given the position:
        """
        phase = "select"
        generation = 1
        players.0.selected = "g1-fire"
        players.0.hand = ["g1-park"]
        players.1.selected = "g1-farm"
        players.1.hand = ["g1-mine"]
        players.2.selected = "g1-farm"
        players.2.hand = ["g1-quarry"]
        """
      Then the position has:
        """
        phase = "act"
        players.0.acted = true
        players.1.acted = false
        to_act = [1, 2]
        """

    @NM-DISASTER-SELECTOR
    Scenario: The fire selector's sale is not listed and is refused after the listing
      # neom.ja.txt:58: selecting a disaster allows no other action that turn, whatever was
      # asked before: the legal actions are read first here, then the sale is tried
      Given the position:
        """
        phase = "select"
        generation = 1
        players.0.hand = ["g1-fire", "g1-park"]
        players.1.selected = "g1-farm"
        players.1.hand = ["g1-mine"]
        players.2.selected = "g1-farm"
        players.2.hand = ["g1-quarry"]
        """
      When player 0 plays:
        """
        {"type": "select", "tile": "g1-fire"}
        """
      Then the legal actions do not include:
        """
        {"actor": 0, "type": "sell"}
        """
      And the legal actions do not include:
        """
        {"actor": 0}
        """
      And the legal actions include:
        """
        {"actor": 1, "type": "sell"}
        """
      When player 0 plays:
        """
        {"type": "sell"}
        """
      Then the action is rejected citing rule "NM-DISASTER-SELECTOR"
      And the legal actions do not include:
        """
        {"actor": 0, "type": "sell"}
        """

  Rule: NM-DISASTER-STRIKE at the end of the turn every other player pays or sacrifices

    @NM-DISASTER-SELECTOR @NM-DISASTER-STRIKE
    Scenario: The fire's selector is protected from it, its own houses too
      # neom.ja.txt (NM-DISASTER-SELECTOR): 災害を選択すると、あなた自身はその災害から身を守ります
      Given the position:
        """
        phase = "select"
        generation = 1
        players.0.hand = ["g1-fire", "g1-park"]
        players.0.city.1.2 = "g1-houses"
        players.1.selected = "g1-farm"
        players.1.hand = ["g1-mine"]
        players.1.city.1.2 = "g1-houses"
        players.2.selected = "g1-farm"
        players.2.hand = ["g1-quarry"]
        """
      When these actions are applied:
        """
        [{"actor": 0, "type": "select", "tile": "g1-fire"},
         {"actor": 1, "type": "sell"},
         {"actor": 2, "type": "sell"}]
        """
      Then the position has:
        """
        to_act = [1]
        players.0.city.1.2 = "g1-houses"
        """

    @NM-DISASTER-STRIKE @NM-DISASTER-SELECTOR @until:example-sell-six
    Scenario: The fire strikes the others after their actions
      Given the position:
        """
        phase = "select"
        generation = 1
        players.0.hand = ["g1-fire", "g1-park"]
        players.1.selected = "g1-farm"
        players.1.hand = ["g1-mine"]
        players.1.city.1.2 = "g1-houses"
        players.2.selected = "g1-farm"
        players.2.hand = ["g1-quarry"]
        players.2.city.1.2 = "g1-houses"
        players.2.city.2.1 = "g1-fire-station"
        """
      When these actions are applied:
        """
        [{"actor": 0, "type": "select", "tile": "g1-fire"},
         {"actor": 1, "type": "sell"},
         {"actor": 2, "type": "sell"}]
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
        players.0.coins = 6
        players.1.coins = 10
        disasters = []
        """

    @NM-DISASTER-STRIKE
    Scenario: Every struck player who owes answers the same disaster
      # players 1 and 2 each have one house: both owe the fire 1 coin and both are listed
      Given the position:
        """
        phase = "disaster"
        generation = 1
        disasters = [{"tile": "g1-fire", "by": 0, "decided": []}]
        players.1.city.1.2 = "g1-houses"
        players.2.city.1.2 = "g1-houses"
        """
      Then the position has:
        """
        to_act = [1, 2]
        """
      And the legal actions are exactly:
        """
        [{"actor": 1, "type": "pay"}, {"actor": 1, "type": "sacrifice", "x": 2, "y": 1},
         {"actor": 2, "type": "pay"}, {"actor": 2, "type": "sacrifice", "x": 2, "y": 1}]
        """

    @NM-DISASTER-STRIKE
    Scenario: A disaster reached by play, every player having acted, waits for the struck
      Given the position:
        """
        phase = "disaster"
        generation = 1
        disasters = [{"tile": "g1-fire", "by": 0, "decided": []}]
        players.0.acted = true
        players.1.acted = true
        players.2.acted = true
        players.1.city.1.2 = "g1-houses"
        players.0.hand = ["g1-park"]
        players.1.hand = ["g1-mine"]
        players.2.hand = ["g1-quarry"]
        """
      Then "to_act" is [1]
      When player 1 plays:
        """
        {"type": "pay"}
        """
      Then "players.1.coins" is 5

    @NM-DISASTER-STRIKE
    Scenario: A disaster for which nobody owes anything ends the turn
      # neither player 1 nor player 2 has a residential or commercial tile
      Given the position:
        """
        phase = "disaster"
        generation = 1
        disasters = [{"tile": "g1-fire", "by": 0, "decided": []}]
        players.0.hand = ["g1-park"]
        players.1.hand = ["g1-mine"]
        players.2.hand = ["g1-quarry"]
        """
      Then the position has:
        """
        phase = "select"
        turn = 2
        disasters = []
        players.1.coins = 6
        """

    @NM-DISASTER-STRIKE
    Scenario: A player the disaster does not strike has nothing to answer
      # player 2 has no residential or commercial tile: only player 1 answers the fire
      Given the position:
        """
        phase = "disaster"
        generation = 1
        disasters = [{"tile": "g1-fire", "by": 0, "decided": []}]
        players.1.city.1.2 = "g1-houses"
        """
      When player 2 plays:
        """
        {"type": "pay"}
        """
      Then the action is rejected

  Rule: NM-DISASTER-NONE no disaster selected, no disaster

    @NM-DISASTER-NONE
    Scenario: A fire left in a hand does nothing
      Given the position:
        """
        phase = "select"
        generation = 1
        players.0.hand = ["g1-fire", "g1-park"]
        players.1.selected = "g1-farm"
        players.1.hand = ["g1-mine"]
        players.1.city.1.2 = "g1-houses"
        players.2.selected = "g1-farm"
        players.2.hand = ["g1-quarry"]
        """
      When these actions are applied:
        """
        [{"actor": 0, "type": "select", "tile": "g1-park"},
         {"actor": 0, "type": "sell"},
         {"actor": 1, "type": "sell"},
         {"actor": 2, "type": "sell"}]
        """
      Then the position has:
        """
        disasters = []
        players.1.city.1.2 = "g1-houses"
        """

  Rule: NM-DISASTER-PROTECT fire and police stations protect from fire and crime, never flood

    @NM-DISASTER-PROTECT
    Scenario: A police station shields its neighbours from crime but a fire station does not
      Given the position:
        """
        phase = "disaster"
        generation = 2
        disasters = [{"tile": "g2-crime", "by": 0, "decided": []}]
        players.1.city.1.2 = "g1-market"
        players.1.city.2.1 = "g2-police-station"
        players.2.city.1.2 = "g1-market"
        players.2.city.2.1 = "g1-fire-station"
        """
      Then "to_act" is [2]

    @NM-DISASTER-PROTECT
    Scenario: A fire station does not protect from a flood
      Given the position:
        """
        phase = "disaster"
        generation = 3
        disasters = [{"tile": "g3-flood", "by": 0, "decided": []}]
        players.1.city.1.2 = "g1-houses"
        players.1.city.2.1 = "g1-fire-station"
        """
      When player 1 plays:
        """
        {"type": "pay"}
        """
      Then "players.1.coins" is 4

    @NM-DISASTER-PROTECT @NM-DISASTER-SCOPE @reading:protection_scope=adjacent
    Scenario: A fire station protects exactly the 3x3 block around it, at the edge too
      # player 1: the fire station in the corner x0 y0 protects the houses on x1 y0, x0 y1 and
      # x1 y1; the houses on x2 y1 are two columns away: 1 coin.
      # player 2: the fire station on x4 y0 protects the houses on x3 y1 (diagonal), not the
      # rowhouses on x0 y1 at the other edge of the row below: 1 coin. Parks and coal plants
      # are not fire targets (none of the tiles is in more copies than the game has).
      Given the position:
        """
        phase = "disaster"
        generation = 1
        disasters = [{"tile": "g1-fire", "by": 0, "decided": []}]
        players.1.city.0.0 = "g1-fire-station"
        players.1.city.0.1 = "g1-houses"
        players.1.city.1.0 = "g1-houses"
        players.1.city.1.1 = "g1-houses"
        players.1.city.1.2 = "g1-houses"
        players.2.city.1.2 = "g1-park"
        players.2.city.0.2 = "g1-park"
        players.2.city.0.3 = "g1-coal-plant"
        players.2.city.0.4 = "g1-fire-station"
        players.2.city.1.3 = "g1-houses"
        players.2.city.1.1 = "g1-coal-plant"
        players.2.city.1.0 = "g1-rowhouses"
        """
      When player 1 plays:
        """
        {"type": "pay"}
        """
      And player 2 plays:
        """
        {"type": "pay"}
        """
      Then the position has:
        """
        players.1.coins = 5
        players.2.coins = 5
        """

    @NM-DISASTER-PROTECT @NM-DISASTER-SCOPE @reading:protection_scope=adjacent
    Scenario: A home in the far corner with no station near is counted
      # the parks and the coal plant (not fire targets) lead to the houses on x4 y4, whose 3x3
      # block holds no fire station: 1 coin
      Given the position:
        """
        phase = "disaster"
        generation = 1
        disasters = [{"tile": "g1-fire", "by": 0, "decided": []}]
        players.1.city.2.3 = "g1-park"
        players.1.city.2.4 = "g1-coal-plant"
        players.1.city.3.4 = "g1-park"
        players.1.city.4.4 = "g1-houses"
        """
      When player 1 plays:
        """
        {"type": "pay"}
        """
      Then "players.1.coins" is 5

  Rule: NM-DISASTER-COUNT protected tiles are not counted

    @NM-DISASTER-COUNT @reading:protection_scope=adjacent
    Scenario: Only the unprotected market is counted
      # the house on x2 y1 is next to the fire station on x1 y2; the market on x3 y2 is not
      Given the position:
        """
        phase = "disaster"
        generation = 1
        disasters = [{"tile": "g1-fire", "by": 0, "decided": []}]
        players.2.city.1.2 = "g1-houses"
        players.2.city.2.1 = "g1-fire-station"
        players.2.city.2.3 = "g1-market"
        """
      When player 2 plays:
        """
        {"type": "pay"}
        """
      Then "players.2.coins" is 5

    @NM-DISASTER-COUNT @reading:protection_scope=adjacent
    Scenario: Each unprotected target tile is counted
      # the houses on x2 y1 are next to the fire station on x1 y2; the market on x3 y2 and the
      # houses on x3 y1 are not: 2 tiles at 1 coin each (the fire), so 6 - 2 = 4 coins
      Given the position:
        """
        phase = "disaster"
        generation = 1
        disasters = [{"tile": "g1-fire", "by": 0, "decided": []}]
        players.2.city.1.2 = "g1-houses"
        players.2.city.2.1 = "g1-fire-station"
        players.2.city.2.3 = "g1-market"
        players.2.city.1.3 = "g1-houses"
        """
      When player 2 plays:
        """
        {"type": "pay"}
        """
      Then "players.2.coins" is 4

  Rule: NM-DISASTER-SACRIFICE a sacrificed tile has no protection

    @NM-DISASTER-SACRIFICE @reading:protection_scope=adjacent
    Scenario: The protected house may be sacrificed instead of paying
      Given the position:
        """
        phase = "disaster"
        generation = 1
        disasters = [{"tile": "g1-fire", "by": 0, "decided": []}]
        players.2.city.1.2 = "g1-houses"
        players.2.city.2.1 = "g1-fire-station"
        players.2.city.2.3 = "g1-market"
        """
      When player 2 plays:
        """
        {"type": "sacrifice", "x": 2, "y": 1}
        """
      Then the position has:
        """
        players.2.city.1.2 = null
        players.2.coins = 6
        discard = {"g1-houses": 1}
        """

    @NM-DISASTER-SACRIFICE @NM-PLACE-ROAD
    Scenario: The turn after a sacrifice lists no space that only the sacrificed tile joined
      # player 2 sacrifices the houses north of the centre (x2 y1) to the fire; next turn the
      # market may go on x2 y1 again (the centre's north road) but not on x2 y0, which only the
      # houses' north road reached
      Given the position:
        """
        phase = "select"
        generation = 1
        turn = 1
        players.0.hand = ["g1-fire", "g1-park"]
        players.1.selected = "g1-mine"
        players.1.hand = ["g1-market"]
        players.2.selected = "g1-farm"
        players.2.hand = ["g1-quarry"]
        players.2.city.1.2 = "g1-houses"
        """
      When these actions are applied:
        """
        [{"actor": 0, "type": "select", "tile": "g1-fire"},
         {"actor": 1, "type": "sell"},
         {"actor": 2, "type": "sell"},
         {"actor": 2, "type": "sacrifice", "x": 2, "y": 1},
         {"actor": 0, "type": "select", "tile": "g1-quarry"},
         {"actor": 1, "type": "select", "tile": "g1-park"},
         {"actor": 2, "type": "select", "tile": "g1-market"}]
        """
      Then "players.2.city.1.2" is null
      And the legal actions include:
        """
        {"actor": 2, "type": "place", "tile": "g1-market", "x": 2, "y": 1}
        """
      And the legal actions do not include:
        """
        {"actor": 2, "type": "place", "x": 2, "y": 0}
        """

    @NM-DISASTER-SACRIFICE @reading:protection_scope=adjacent
    Scenario: Each of two protected houses may be sacrificed to the fire
      # neom.ja.txt:62: the fire station on x1 y2 protects the houses on x2 y1 and x2 y3 (its
      # 3x3 block); the market on x3 y2 is outside it, so player 2 owes 1 coin; both protected
      # houses are still offered for sacrifice
      Given the position:
        """
        phase = "disaster"
        generation = 1
        disasters = [{"tile": "g1-fire", "by": 0, "decided": []}]
        players.2.city.1.2 = "g1-houses"
        players.2.city.3.2 = "g1-houses"
        players.2.city.2.1 = "g1-fire-station"
        players.2.city.2.3 = "g1-market"
        """
      Then the legal actions include:
        """
        {"actor": 2, "type": "sacrifice", "x": 2, "y": 1}
        """
      And the legal actions include:
        """
        {"actor": 2, "type": "sacrifice", "x": 2, "y": 3}
        """

  Rule: NM-DISASTER-SACRIFICECOUNT one target tile, keeping the city joined; else all coins

    @NM-DISASTER-SACRIFICECOUNT
    Scenario: A player who cannot pay must sacrifice
      Given the position:
        """
        phase = "disaster"
        generation = 1
        disasters = [{"tile": "g1-fire", "by": 0, "decided": []}]
        players.1.coins = 0
        players.1.city.1.2 = "g1-houses"
        """
      Then the legal actions are exactly:
        """
        [{"actor": 1, "type": "sacrifice", "x": 2, "y": 1}]
        """

    @NM-DISASTER-SACRIFICECOUNT
    Scenario: Every target whose removal keeps the city joined may be sacrificed
      # the houses on x1 y1, x2 y1 and x1 y2 close a loop with the centre; the rowhouses (x3 y2)
      # and the cottages (x2 y3) end roads; listing the choices leaves the city as it was
      Given the position:
        """
        phase = "disaster"
        generation = 1
        disasters = [{"tile": "g1-fire", "by": 0, "decided": []}]
        players.1.coins = 0
        players.1.city.1.1 = "g1-houses"
        players.1.city.1.2 = "g1-houses"
        players.1.city.2.1 = "g1-houses"
        players.1.city.2.3 = "g1-rowhouses"
        players.1.city.3.2 = "g1-cottages"
        """
      Then the legal actions are exactly:
        """
        [{"actor": 1, "type": "sacrifice", "x": 1, "y": 1},
         {"actor": 1, "type": "sacrifice", "x": 2, "y": 1},
         {"actor": 1, "type": "sacrifice", "x": 1, "y": 2},
         {"actor": 1, "type": "sacrifice", "x": 3, "y": 2},
         {"actor": 1, "type": "sacrifice", "x": 2, "y": 3}]
        """
      And the position has:
        """
        players.1.city.1.1 = "g1-houses"
        players.1.city.1.2 = "g1-houses"
        players.1.city.2.1 = "g1-houses"
        """

    @NM-DISASTER-SACRIFICECOUNT
    Scenario: A tile holding others to the centre cannot be sacrificed, so all coins are paid
      Given the position:
        """
        phase = "disaster"
        generation = 1
        disasters = [{"tile": "g1-fire", "by": 0, "decided": []}]
        players.1.coins = 0
        players.1.city.1.2 = "g1-houses"
        players.1.city.0.2 = "g1-park"
        """
      Then the legal actions are exactly:
        """
        [{"actor": 1, "type": "pay"}]
        """

    @NM-DISASTER-SACRIFICECOUNT @NM-DISASTER-COUNT
    Scenario: A house that replaced the City Centre is owed for but never sacrificed
      # the fire costs 1 coin for the house on the centre space; with no coin and nothing
      # else to sacrifice, the player pays all (none) of their coins
      Given the position:
        """
        phase = "disaster"
        generation = 1
        disasters = [{"tile": "g1-fire", "by": 0, "decided": []}]
        players.1.coins = 0
        players.1.city.2.2 = "g1-houses"
        """
      Then the legal actions are exactly:
        """
        [{"actor": 1, "type": "pay"}]
        """

    @NM-DISASTER-SACRIFICECOUNT
    Scenario: The centre space is never sacrificed, even with coins to pay
      # the house that replaced the City Centre is owed for, but (2, 2) is never emptied
      Given the position:
        """
        phase = "disaster"
        generation = 1
        disasters = [{"tile": "g1-fire", "by": 0, "decided": []}]
        players.1.city.2.2 = "g1-houses"
        """
      When player 1 plays:
        """
        {"type": "sacrifice", "x": 2, "y": 2}
        """
      Then the action is rejected citing rule "NM-DISASTER-SACRIFICECOUNT"

    @NM-DISASTER-SACRIFICECOUNT
    Scenario: A player who can pay may still choose to sacrifice
      Given the position:
        """
        phase = "disaster"
        generation = 1
        disasters = [{"tile": "g1-fire", "by": 0, "decided": []}]
        players.1.city.1.2 = "g1-houses"
        """
      Then the legal actions are exactly:
        """
        [{"actor": 1, "type": "pay"}, {"actor": 1, "type": "sacrifice", "x": 2, "y": 1}]
        """

    @NM-DISASTER-SACRIFICECOUNT @NM-DISASTER-COUNT
    Scenario: Coins exactly equal to the amount owed may be paid
      # the fire costs 1 coin per unprotected residential tile: one house, one coin
      Given the position:
        """
        phase = "disaster"
        generation = 1
        disasters = [{"tile": "g1-fire", "by": 0, "decided": []}]
        players.1.coins = 1
        players.1.city.1.2 = "g1-houses"
        """
      Then the legal actions are exactly:
        """
        [{"actor": 1, "type": "pay"}, {"actor": 1, "type": "sacrifice", "x": 2, "y": 1}]
        """
      When player 1 plays:
        """
        {"type": "pay"}
        """
      Then the position has:
        """
        players.1.coins = 0
        players.1.city.1.2 = "g1-houses"
        """

    @NM-DISASTER-SACRIFICECOUNT @NM-DISASTER-COUNT
    Scenario: Coins exactly equal to the amount owed are paid with no listing asked first
      # the engine judges the payment itself, not by the actions it listed
      Given the position:
        """
        phase = "disaster"
        generation = 1
        disasters = [{"tile": "g1-fire", "by": 0, "decided": []}]
        players.1.coins = 1
        players.1.city.1.2 = "g1-houses"
        """
      When player 1 plays:
        """
        {"type": "pay"}
        """
      Then the position has:
        """
        players.1.coins = 0
        players.1.city.1.2 = "g1-houses"
        """

    @NM-DISASTER-SACRIFICECOUNT
    Scenario: A player short of coins with a tile to sacrifice may not pay
      Given the position:
        """
        phase = "disaster"
        generation = 1
        disasters = [{"tile": "g1-fire", "by": 0, "decided": []}]
        players.1.coins = 0
        players.1.city.1.2 = "g1-houses"
        """
      When player 1 plays:
        """
        {"type": "pay"}
        """
      Then the action is rejected citing rule "NM-DISASTER-SACRIFICECOUNT"

    @NM-DISASTER-SACRIFICECOUNT
    Scenario: Only a tile the disaster targets may be sacrificed
      # fire targets residential and commercial tiles: the farm (industrial) on x1 y2 is not one
      Given the position:
        """
        phase = "disaster"
        generation = 1
        disasters = [{"tile": "g1-fire", "by": 0, "decided": []}]
        players.1.city.1.2 = "g1-houses"
        players.1.city.2.1 = "g1-farm"
        """
      When player 1 plays:
        """
        {"type": "sacrifice", "x": 1, "y": 2}
        """
      Then the action is rejected citing rule "NM-DISASTER-SACRIFICECOUNT"

    @NM-DISASTER-SACRIFICECOUNT @NM-ROADS-MEET
    Scenario: A road into a road-less side does not keep a tile joined after a sacrifice
      # the houses on x2 y1 join the park on x1 y1 and, below it, the cottages on x1 y2 to the
      # centre; the cottages (roads N and S) have no road on their east side facing the centre,
      # so the houses cannot be sacrificed; the cottages can
      Given the position:
        """
        phase = "disaster"
        generation = 1
        disasters = [{"tile": "g1-fire", "by": 0, "decided": []}]
        players.1.city.1.2 = "g1-houses"
        players.1.city.1.1 = "g1-park"
        players.1.city.2.1 = "g1-cottages"
        """
      Then the legal actions are exactly:
        """
        [{"actor": 1, "type": "pay"}, {"actor": 1, "type": "sacrifice", "x": 1, "y": 2}]
        """

  Rule: NM-DISASTER-ORDER two disasters resolve in their selectors' seat order

    @NM-DISASTER-ORDER
    Scenario: Two fires in one turn strike one after the other
      Given the position:
        """
        phase = "select"
        generation = 1
        players.0.hand = ["g1-fire", "g1-park"]
        players.1.hand = ["g1-fire", "g1-mine"]
        players.1.city.1.2 = "g1-houses"
        players.2.selected = "g1-farm"
        players.2.hand = ["g1-quarry"]
        players.2.city.1.2 = "g1-houses"
        """
      When these actions are applied:
        """
        [{"actor": 0, "type": "select", "tile": "g1-fire"},
         {"actor": 1, "type": "select", "tile": "g1-fire"},
         {"actor": 2, "type": "sell"}]
        """
      Then the position has:
        """
        disasters = [{"tile": "g1-fire", "by": 0, "decided": []}, {"tile": "g1-fire", "by": 1, "decided": []}]
        to_act = [1, 2]
        """
      When these actions are applied:
        """
        [{"actor": 1, "type": "pay"}, {"actor": 2, "type": "pay"}]
        """
      Then the position has:
        """
        disasters = [{"tile": "g1-fire", "by": 1, "decided": []}]
        to_act = [2]
        """
      When player 2 plays:
        """
        {"type": "pay"}
        """
      Then "disasters" is []

    @NM-DISASTER-ORDER @NM-DISASTER-SACRIFICECOUNT
    Scenario: A house sacrificed to the first fire is not owed for by the second
      # NM-DISASTER-ORDER: each disaster's amount is worked out from the city as it stands when it
      # comes up; player 2's only house went to the first fire, so the second fire (by player 1)
      # costs player 2 nothing and player 0 owns no target: nobody answers it and the turn ends
      Given the position:
        """
        phase = "select"
        generation = 1
        players.0.hand = ["g1-fire", "g1-park"]
        players.1.hand = ["g1-fire", "g1-mine"]
        players.1.city.1.2 = "g1-houses"
        players.2.selected = "g1-farm"
        players.2.hand = ["g1-quarry"]
        players.2.city.1.2 = "g1-houses"
        """
      When these actions are applied:
        """
        [{"actor": 0, "type": "select", "tile": "g1-fire"},
         {"actor": 1, "type": "select", "tile": "g1-fire"},
         {"actor": 2, "type": "sell"},
         {"actor": 1, "type": "pay"},
         {"actor": 2, "type": "sacrifice", "x": 2, "y": 1}]
        """
      Then the position has:
        """
        phase = "select"
        disasters = []
        players.1.coins = 5
        """

    @NM-DISASTER-ORDER @NM-DISASTER-SACRIFICECOUNT
    Scenario: A house left at the end of a road by the first fire's sacrifice may go to the second
      # player 2 sacrifices the cottages on x2 y0 to the first fire; the houses on x2 y1 then
      # end the road from the centre, so the second fire may take them
      Given the position:
        """
        phase = "select"
        generation = 1
        players.0.hand = ["g1-fire", "g1-park"]
        players.1.hand = ["g1-fire", "g1-mine"]
        players.2.selected = "g1-farm"
        players.2.hand = ["g1-quarry"]
        players.2.city.1.2 = "g1-houses"
        players.2.city.0.2 = "g1-cottages"
        """
      When these actions are applied:
        """
        [{"actor": 0, "type": "select", "tile": "g1-fire"},
         {"actor": 1, "type": "select", "tile": "g1-fire"},
         {"actor": 2, "type": "sell"},
         {"actor": 2, "type": "sacrifice", "x": 2, "y": 0}]
        """
      Then the legal actions include:
        """
        {"actor": 2, "type": "sacrifice", "x": 2, "y": 1}
        """

    @NM-DISASTER-ORDER
    Scenario: Once the turn's two fires have struck every player selects again next turn
      # neom.ja.txt:57: the fires strike at the end of the turn; no player owns a commercial or
      # residential tile, so neither fire is owed for and the turn ends; both fires are used up
      # and the next turn starts with all three players to select (neom.ja.txt:31)
      Given the position:
        """
        phase = "select"
        generation = 1
        players.0.hand = ["g1-fire", "g1-park"]
        players.1.hand = ["g1-fire", "g1-mine"]
        players.2.selected = "g1-farm"
        players.2.hand = ["g1-quarry"]
        """
      When these actions are applied:
        """
        [{"actor": 0, "type": "select", "tile": "g1-fire"},
         {"actor": 1, "type": "select", "tile": "g1-fire"},
         {"actor": 2, "type": "sell"}]
        """
      Then the position has:
        """
        phase = "select"
        turn = 2
        disasters = []
        players.0.selected = null
        players.1.selected = null
        to_act = [0, 1, 2]
        """

  Rule: NM-DISASTER-TABLE the provisional disaster table

    @NM-DISASTER-TABLE
    Scenario: Crime costs 2 per commercial and industrial tile
      Given the position:
        """
        phase = "disaster"
        generation = 2
        disasters = [{"tile": "g2-crime", "by": 0, "decided": []}]
        players.1.city.1.2 = "g1-market"
        players.1.city.2.1 = "g1-farm"
        """
      When player 1 plays:
        """
        {"type": "pay"}
        """
      Then "players.1.coins" is 2

    @NM-DISASTER-TABLE
    Scenario: The flood costs 1 per tile of every kind, the City Centre not among them
      # the flood's targets are commercial, industrial, power, public and residential tiles at
      # 1 coin each (spec/neom/components.yaml, disasters): the market, the mine, the coal
      # plant, the park and the houses owe 5; the City Centre is none of these kinds: 6 - 5 = 1
      Given the position:
        """
        phase = "disaster"
        generation = 3
        disasters = [{"tile": "g3-flood", "by": 0, "decided": []}]
        players.1.city.1.2 = "g1-market"
        players.1.city.2.1 = "g1-mine"
        players.1.city.2.3 = "g1-coal-plant"
        players.1.city.3.2 = "g1-park"
        players.1.city.0.2 = "g1-houses"
        """
      When player 1 plays:
        """
        {"type": "pay"}
        """
      Then "players.1.coins" is 1

  Rule: NM-DISASTER-SCOPE a station protects its 3x3 block (option protection_scope)

    @NM-DISASTER-SCOPE @reading:protection_scope=adjacent
    Scenario: A fire station two spaces away does not protect
      Given the position:
        """
        phase = "disaster"
        generation = 1
        disasters = [{"tile": "g1-fire", "by": 0, "decided": []}]
        players.1.city.1.2 = "g1-houses"
        players.1.city.3.2 = "g1-fire-station"
        players.2.city.1.2 = "g1-houses"
        """
      Then "to_act" is [1, 2]

    @NM-DISASTER-SCOPE @reading:protection_scope=city
    Scenario: With city-wide protection the same fire station protects the house
      Given a new "neom" game with 3 players and setup:
        """
        {"options": {"protection_scope": "city"}, "setup": {"boards": ["oil", "ore", "sand"]}}
        """
      And the position:
        """
        phase = "disaster"
        generation = 1
        disasters = [{"tile": "g1-fire", "by": 0, "decided": []}]
        players.1.city.1.2 = "g1-houses"
        players.1.city.3.2 = "g1-fire-station"
        players.2.city.1.2 = "g1-houses"
        """
      Then "to_act" is [2]

  Rule: NM-SELECT-SIMUL only the seats to act may act, in the disaster step too

    # spec/neom/action.schema.json: an actor not in to_act cites NM-SELECT-SIMUL; a type the
    # step does not take, NM-ACT-CHOICE. Player 0 selected the fire; players 1 and 2 owe 1 each.
    @NM-SELECT-SIMUL @NM-ACT-CHOICE
    Scenario Outline: In the disaster step <who> is refused citing <rule>
      Given the position:
        """
        phase = "disaster"
        generation = 1
        disasters = [{"tile": "g1-fire", "by": 0, "decided": []}]
        players.1.city.1.2 = "g1-houses"
        players.2.city.1.2 = "g1-houses"
        """
      When these actions are applied:
        """
        [{"actor": 1, "type": "pay"}]
        """
      And the action is applied:
        """
        <action>
        """
      Then the action is rejected citing rule "<rule>"

      Examples:
        | who                                  | action                                    | rule             |
        | the selector, whom the fire spares   | {"actor": 0, "type": "pay"}               | NM-SELECT-SIMUL  |
        | a struck player who has answered     | {"actor": 1, "type": "pay"}               | NM-SELECT-SIMUL  |
        | a struck player's sale               | {"actor": 2, "type": "sell"}              | NM-ACT-CHOICE    |
