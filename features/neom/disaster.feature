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
        phase = "act"
        players.0.acted = true
        to_act = [1, 2]
        """
      When player 0 plays:
        """
        {"type": "sell"}
        """
      Then the action is rejected citing rule "NM-DISASTER-SELECTOR"

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
        players.2.coins = 11
        phase = "select"
        turn = 2
        players.0.hand = ["g1-quarry"]
        players.1.hand = ["g1-park"]
        players.2.hand = ["g1-mine"]
        """

  Rule: NM-DISASTER-NONE no disaster selected, no disaster

    @NM-DISASTER-NONE @until:example-sell-six
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
        phase = "select"
        turn = 2
        disasters = []
        players.1.coins = 11
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
      Then "to_act" is [2]
      When player 2 plays:
        """
        {"type": "pay"}
        """
      Then "players.2.coins" is 5

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

  Rule: NM-DISASTER-ORDER two disasters resolve in their selectors' seat order

    @NM-DISASTER-ORDER @until:example-sell-six
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
      Then the position has:
        """
        players.1.coins = 5
        players.2.coins = 9
        phase = "select"
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
