Feature: Gnomeville unique town boards (provisional layouts)

  Rule: GV-BOARD-HEDGE Maizeville hedges stop gnomes and adjacency but not enemies

    @GV-BOARD-HEDGE @GV-BOARD-LAYOUTS
    Scenario: A gnome cannot cross the hedge north of it
      Given a gnomeville game with 2 players in the build phase and options:
        """
        {"boards": ["maizeville", "symmetric"]}
        """
      And player 0's town is:
        """
        .  .  .  .  .
        .  .@0 .  .  .
        .  .  .  .  .
        .  .  .  .  .
        .  .  .  .  .
        """
      And "players.0.moves" is 1
      When player 0 plays:
        """
        {"type": "step", "gnome": 0, "dir": "N"}
        """
      Then the action is rejected citing rule "GV-BOARD-HEDGE"

    @GV-BOARD-HEDGE @reading:turn_by_turn_rounds=[]
    Scenario: Three markets split by a hedge do not upgrade
      Given a gnomeville game with 2 players in the build phase and options:
        """
        {"boards": ["maizeville", "symmetric"]}
        """
      And player 0's town is:
        """
        .  .  .  .  .
        .  .  mk mk .
        .  .  .@0 .  .
        .  .  .  .  .
        .  .  .  .  .
        """
      And "players.0.hand" is "market"
      When player 0 plays:
        """
        {"type": "place", "space": [1, 4]}
        """
      Then the position has:
        """
        players.0.cells.1.2 = "market"
        players.0.cells.1.3 = "market"
        """
      And the legal actions include:
        """
        {"actor": 0, "type": "pass"}
        """

    @GV-BOARD-HEDGE
    Scenario: A troll walks through a hedge
      Given a gnomeville game with 2 players whose round troll card is:
        """
        {"matrix": [".....", ".....", ".....", ".....", "....."], "moves": [["S", "step"]]}
        """
      And the position:
        """
        options.boards = ["maizeville", "symmetric"]
        players.0.board = "maizeville"
        """
      And player 0's town is:
        """
        .  TR .  .  .
        .  .  .  .  .
        .  .  .@0 .  .
        .  .  .  .  .
        .  .  .  .  .
        """
      When these actions are applied:
        """
        [{"actor": 0, "type": "pass"}, {"actor": 1, "type": "pass"}]
        """
      Then "players.0.cells.1.1" is "troll"

  Rule: GV-BOARD-RIVER Riverville's river is wiped in phase 5

    @GV-BOARD-RIVER @GV-BOARD-LAYOUTS
    Scenario: Everything on the river returns to its supply; the bridge keeps its house
      Given a gnomeville game with 2 players in the build phase and options:
        """
        {"boards": ["riverville", "symmetric"]}
        """
      And player 0's town is:
        """
        .  .  .  .  .
        .  .  .  .  .
        .  .  .@0 .  .
        .  .  .  .  .
        mk .  ho .  BO
        """
      And "boulder_supply" is 43
      When these actions are applied:
        """
        [{"actor": 0, "type": "pass"}, {"actor": 1, "type": "pass"},
         {"actor": "chance", "type": "delivery_card", "card": "delivery-01"},
         {"actor": 0, "type": "done"}, {"actor": 1, "type": "done"}]
        """
      Then the position has:
        """
        players.0.cells.4 = [null, null, "house", null, null]
        # 40 markets: 2 x 5 in the bags, 1 in the town from the supply (29), back from the river
        supply.market = 30
        boulder_supply = 44
        """

    @GV-BOARD-RIVER @GV-EXHAUST
    Scenario: The river sends the first gnome back to camp too
      Given a gnomeville game with 2 players in the build phase and options:
        """
        {"boards": ["riverville", "symmetric"]}
        """
      And player 0's town is:
        """
        .  .  .  .  .
        .  .  .  .  .
        .  .  .@1 .  .
        .  .  .  .  .
        .@0 .  .  .  .
        """
      When these actions are applied:
        """
        [{"actor": 0, "type": "pass"}, {"actor": 1, "type": "pass"},
         {"actor": "chance", "type": "delivery_card", "card": "delivery-01"},
         {"actor": 0, "type": "done"}, {"actor": 1, "type": "done"}]
        """
      Then the position has:
        """
        players.0.gnomes.0.space = null
        players.0.gnomes.1.space = [2, 2]
        """

    @GV-BOARD-RIVER @GV-EXHAUST @GV-EXHAUST-REDEPLOY
    Scenario: The river takes the only gnome in town: its player places one before the next round
      Given a gnomeville game with 2 players in the build phase and options:
        """
        {"boards": ["riverville", "symmetric"]}
        """
      And player 0's town is:
        """
        .  .  .  .  .
        .  .  .  .  .
        .  .  .  .  .
        .  .  .  .  .
        .@0 .  .  .  .
        """
      When these actions are applied:
        """
        [{"actor": 0, "type": "pass"}, {"actor": 1, "type": "pass"},
         {"actor": "chance", "type": "delivery_card", "card": "delivery-01"},
         {"actor": 0, "type": "done"}, {"actor": 1, "type": "done"}]
        """
      Then "to_act" is [0]
      And the legal actions include:
        """
        {"actor": 0, "type": "place_gnome", "space": [4, 1]}
        """
      When player 0 plays:
        """
        {"type": "place_gnome", "space": [2, 2]}
        """
      Then "to_act" is ["chance"]
      And the position has:
        """
        players.0.gnomes.0.space = [2, 2]
        """

    @GV-BOARD-RIVER @GV-BOARD-LAYOUTS
    Scenario: The river washes a troll away and sends a gnome standing in it back to camp
      Given a gnomeville game with 2 players in the build phase and options:
        """
        {"boards": ["riverville", "symmetric"]}
        """
      And player 0's town is:
        """
        .  .  .  .  .
        .  .  .  .  .
        .  .  .@0 .  .
        .  .  .  .  .
        TR .@1 .  .  .
        """
      And "players.0.gnomes.1.sword" is true
      When these actions are applied:
        """
        [{"actor": 0, "type": "pass"}, {"actor": 1, "type": "pass"},
         {"actor": "chance", "type": "delivery_card", "card": "delivery-01"},
         {"actor": 0, "type": "done"}, {"actor": 1, "type": "done"}]
        """
      Then player 0's town is:
        """
        .  .  .  .  .
        .  .  .  .  .
        .  .  .@0 .  .
        .  .  .  .  .
        .  .  .  .  .
        """
      And "players.0.gnomes.1" is {"space": null, "hammer": false, "sword": false, "graduated": false, "ability": null}

  Rule: GV-BOARD-BOULDERS Boulderville starts with five boulders

    @GV-BOARD-BOULDERS @GV-BOARD-LAYOUTS
    Scenario: The five marked spaces hold boulders from the supply
      Given a new "gnomeville" game with 2 players and options:
        """
        {"boards": ["boulderville", "symmetric"]}
        """
      Then the position has:
        """
        players.0.cells.0 = ["boulder", null, null, null, "boulder"]
        players.0.cells.1 = [null, null, null, "boulder", null]
        players.0.cells.4 = ["boulder", null, null, null, "boulder"]
        players.1.cells.0 = [null, null, null, null, null]
        boulder_supply = 39
        """

  Rule: GV-BOARD-TOWER Towerville height limits

    @GV-BOARD-TOWER @GV-BOARD-LAYOUTS
    Scenario: A 3+ space refuses a market and takes a tavern
      Given a gnomeville game with 2 players in the build phase and options:
        """
        {"boards": ["towerville", "symmetric"]}
        """
      And "players.0.hand" is "market"
      When player 0 plays:
        """
        {"type": "place", "space": [0, 0]}
        """
      Then the action is rejected citing rule "GV-BOARD-TOWER"
      Given "players.0.hand" is "tavern"
      Then the legal actions include:
        """
        {"actor": 0, "type": "place", "space": [0, 0]}
        """

    @GV-BOARD-TOWER
    Scenario: A 2+ space takes a house and a 4+ space refuses a tavern
      Given a gnomeville game with 2 players in the build phase and options:
        """
        {"boards": ["towerville", "symmetric"]}
        """
      And "players.0.hand" is "tavern"
      When player 0 plays:
        """
        {"type": "place", "space": [4, 4]}
        """
      Then the action is rejected citing rule "GV-BOARD-TOWER"
      Given "players.0.hand" is "house"
      Then the legal actions include:
        """
        {"actor": 0, "type": "place", "space": [4, 0]}
        """

    @GV-BOARD-TOWER
    Scenario: A house group on a 2+ space upgrades there: the tavern's tier 3 meets the 2+ limit
      Given a gnomeville game with 2 players in the build phase and options:
        """
        {"boards": ["towerville", "symmetric"]}
        """
      And player 0's town is:
        """
        .  .  .  .  .
        .  .  .  .  .
        .  .  .@0 .  .
        .  .  .  .  .
        .  ho ho .  .
        """
      And "players.0.hand" is "house"
      When player 0 plays:
        """
        {"type": "place", "space": [4, 0]}
        """
      Then the legal actions include:
        """
        {"actor": 0, "type": "upgrade", "space": [4, 0], "kind": "tavern"}
        """
