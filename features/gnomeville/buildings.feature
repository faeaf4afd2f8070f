Feature: Gnomeville building effects

  Rule: GV-BLDG-MARKET a market buys a tile into the bag for its tier in mushrooms

    @GV-BLDG-MARKET @GV-BLDG-ACTIVATE @GV-MOVE-ACTIVATE @GV-BLDG-OPTIONAL
    Scenario: A gnome entering a market buys a house for 2 mushrooms
      Given a gnomeville game with 2 players in the build phase
      And player 0's town is:
        """
        .  .  .  .  .
        .  .  mk .  .
        .  .  .@0 .  .
        .  .  .  .  .
        .  .  .  .  .
        """
      And "players.0.mushrooms" is 2
      And "players.0.moves" is 1
      When player 0 plays:
        """
        {"type": "step", "gnome": 0, "dir": "N"}
        """
      Then the legal actions are exactly:
        """
        [{"actor": 0, "type": "buy", "kind": "house"},
         {"actor": 0, "type": "buy", "kind": "market"},
         {"actor": 0, "type": "buy", "kind": "workshop"},
         {"actor": 0, "type": "decline"}]
        """
      When player 0 plays:
        """
        {"type": "buy", "kind": "house"}
        """
      Then the position has:
        """
        players.0.mushrooms = 0
        players.0.bag.house = 3
        supply.house = 27
        """

    @GV-BLDG-MARKET @GV-BLDG-OPTIONAL @GV-BUILD-ORDER
    Scenario: With no mushroom to spend a market asks nothing and no movement is left to stop
      Given a gnomeville game with 2 players in the build phase
      And player 0's town is:
        """
        .  .  .  .  .
        .  .  mk .  .
        .  .  .@0 .  .
        .  .  .  .  .
        .  .  .  .  .
        """
      And the position:
        """
        players.0.mushrooms = 0
        players.0.moves = 1
        """
      When player 0 plays:
        """
        {"type": "step", "gnome": 0, "dir": "N"}
        """
      Then the position has:
        """
        players.0.activation = null
        players.0.mushrooms = 0
        """
      When player 0 plays:
        """
        {"type": "stop"}
        """
      Then the action is rejected citing rule "GV-BUILD-ORDER"

    @GV-BLDG-OPTIONAL @GV-BLDG-MARKET
    Scenario: The market purchase may be declined and nothing is spent
      Given a gnomeville game with 2 players in the build phase
      And player 0's town is:
        """
        .  .  .  .  .
        .  .  mk .  .
        .  .  .@0 .  .
        .  .  .  .  .
        .  .  .  .  .
        """
      And "players.0.moves" is 1
      When player 0 plays:
        """
        {"type": "step", "gnome": 0, "dir": "N"}
        """
      And player 0 plays:
        """
        {"type": "decline"}
        """
      Then the position has:
        """
        players.0.mushrooms = 2
        players.0.bag = {"academy": 0, "armory": 0, "ballista": 0, "gnome": 3, "house": 2, "market": 5, "monument": 0, "tavern": 0, "workshop": 2}
        players.0.activation = null
        supply.market = 29
        """

    @GV-BLDG-MARKET @GV-BUY-COST
    Scenario: At a market a tile dearer than the mushrooms held is refused
      Given a gnomeville game with 2 players in the build phase
      And player 0's town is:
        """
        .  .  .  .  .
        .  .  mk .  .
        .  .  .@0 .  .
        .  .  .  .  .
        .  .  .  .  .
        """
      And "players.0.moves" is 1
      When player 0 plays:
        """
        {"type": "step", "gnome": 0, "dir": "N"}
        """
      And player 0 plays:
        """
        {"type": "buy", "kind": "tavern"}
        """
      Then the action is rejected citing rule "GV-BLDG-MARKET"

    @GV-BLDG-MARKET @GV-BLDG-OPTIONAL
    Scenario: A market offers only what is in the supply and affordable: the last house for exactly 2 mushrooms
      Given a gnomeville game with 2 players in the build phase
      And player 0's town is:
        """
        .  .  .  .  .
        .  .  mk .  .
        .  .  .@0 .  .
        .  .  .  .  .
        .  .  .  .  .
        """
      And the position:
        """
        players.0.mushrooms = 2
        players.0.moves = 1
        supply.market = 0
        supply.house = 1
        supply.workshop = 0
        """
      When player 0 plays:
        """
        {"type": "step", "gnome": 0, "dir": "N"}
        """
      Then the legal actions are exactly:
        """
        [{"actor": 0, "type": "buy", "kind": "house"}, {"actor": 0, "type": "decline"}]
        """

    @GV-BLDG-MARKET @GV-BLDG-OPTIONAL
    Scenario: A market with its only affordable tray empty asks nothing
      Given a gnomeville game with 2 players in the build phase
      And player 0's town is:
        """
        .  .  .  .  .
        .  .  mk .  .
        .  .  .@0 .  .
        .  .  .  .  .
        .  .  .  .  .
        """
      And the position:
        """
        players.0.mushrooms = 1
        players.0.moves = 1
        supply.market = 0
        """
      When player 0 plays:
        """
        {"type": "step", "gnome": 0, "dir": "N"}
        """
      Then the position has:
        """
        players.0.activation = null
        players.0.mushrooms = 1
        """

  Rule: GV-BLDG-MONUMENT each monument adds one movement

    @GV-BLDG-MONUMENT
    Scenario: Two monuments turn the first stump's 1 movement into 3
      Given a gnomeville game with 2 players in the build phase
      And player 0's town is:
        """
        mo .  .  .  mo
        .  .  .  .  .
        .  .  .@0 .  .
        .  .  .  .  .
        .  .  .  .  .
        """
      And "players.0.hand" is "gnome"
      When player 0 plays:
        """
        {"type": "place"}
        """
      Then "players.0.moves" is 3

    @GV-BLDG-ACTIVATE @GV-BLDG-MONUMENT
    Scenario: A gnome stepping onto a monument activates nothing and gains nothing
      Given a gnomeville game with 2 players in the build phase
      And player 0's town is:
        """
        .  .  .  .  .
        .  .  mo .  .
        .  .  .@0 .  .
        .  .  .  .  .
        .  .  .  .  .
        """
      And "players.0.moves" is 1
      When player 0 plays:
        """
        {"type": "step", "gnome": 0, "dir": "N"}
        """
      Then the position has:
        """
        players.0.activation = null
        players.0.mushrooms = 2
        players.0.stew = true
        """
      And the legal actions include:
        """
        {"actor": 0, "type": "draw"}
        """

  Rule: GV-BLDG-HOUSE a house deploys a new gnome next to it

    @GV-BLDG-HOUSE @GV-BLDG-ADJACENT
    Scenario: The new gnome goes on any free surrounding space and activates nothing
      Given a gnomeville game with 2 players in the build phase
      And player 0's town is:
        """
        TR BO mk .  .
        .  ho .  .  .
        .@1 .@0 .  .  .
        .  .  .  .  .
        .  .  .  .  .
        """
      And "players.0.moves" is 2
      When player 0 plays:
        """
        {"type": "step", "gnome": 0, "dir": "N"}
        """
      Then the legal actions are exactly:
        """
        [{"actor": 0, "type": "deploy", "space": [0, 2]},
         {"actor": 0, "type": "deploy", "space": [1, 0]},
         {"actor": 0, "type": "deploy", "space": [1, 2]},
         {"actor": 0, "type": "deploy", "space": [2, 1]},
         {"actor": 0, "type": "deploy", "space": [2, 2]},
         {"actor": 0, "type": "decline"}]
        """
      When player 0 plays:
        """
        {"type": "deploy", "space": [0, 2]}
        """
      Then the position has:
        """
        players.0.gnomes.1.space = [2, 0]
        players.0.gnomes.2.space = [0, 2]
        players.0.mushrooms = 2
        players.0.activation = null
        """

    @GV-BLDG-HOUSE @GV-BLDG-ADJACENT
    Scenario: A house in the top-right corner has three spaces around it and none across the edge
      Given a gnomeville game with 2 players in the build phase
      And player 0's town is:
        """
        .  .  .  mk ho
        .  .  .  . .@0
        .  .  .  .  .
        .  .  .  .  .
        .  .  .  .  .
        """
      And "players.0.moves" is 1
      When player 0 plays:
        """
        {"type": "step", "gnome": 0, "dir": "N"}
        """
      Then the legal actions are exactly:
        """
        [{"actor": 0, "type": "deploy", "space": [0, 3]},
         {"actor": 0, "type": "deploy", "space": [1, 3]},
         {"actor": 0, "type": "deploy", "space": [1, 4]},
         {"actor": 0, "type": "decline"}]
        """

    @GV-BLDG-HOUSE @GV-BLDG-ADJACENT @GV-BLDG-OPTIONAL
    Scenario Outline: A house in the corner with <free> around it <asks>
      Given a gnomeville game with 2 players in the build phase
      And player 0's town is:
        """
        .  .  .  TR ho
        <row1>
        <row2>
        .  .  .  .  .
        .  .  .  .  .
        """
      And "players.0.moves" is <moves>
      When these actions are applied:
        """
        <steps>
        """
      Then the legal actions are exactly:
        """
        <legal>
        """

      Examples:
        | free              | asks                          | row1            | row2            | moves | steps | legal |
        | one free space    | offers that one and a decline | .  .  .  BO .@0 | .  .  .  .  .   | 1     | [{"actor": 0, "type": "step", "gnome": 0, "dir": "N"}] | [{"actor": 0, "type": "deploy", "space": [1, 4]}, {"actor": 0, "type": "decline"}] |
        | every space taken | asks nothing                  | .  .  .  BO .@1 | .  .  .  . .@0  | 2     | [{"actor": 0, "type": "step", "gnome": 0, "dir": "N"}, {"actor": 0, "type": "step", "gnome": 0, "dir": "N"}] | [{"actor": 0, "type": "draw"}, {"actor": 0, "type": "pass"}, {"actor": 1, "type": "draw"}, {"actor": 1, "type": "pass"}] |

    @GV-BLDG-HOUSE
    Scenario: The new gnome from a house is the one in camp, not the one in the corner
      Given a gnomeville game with 2 players in the build phase
      And player 0's town is:
        """
        .@0 .  .  .  .
        .  .  ho .  .
        .  .  .@1 .  .
        .  .  .  .  .
        .  .  .  .  .
        """
      And "players.0.moves" is 1
      When player 0 plays:
        """
        {"type": "step", "gnome": 1, "dir": "N"}
        """
      And player 0 plays:
        """
        {"type": "deploy", "space": [2, 2]}
        """
      Then the position has:
        """
        players.0.gnomes.0.space = [0, 0]
        players.0.gnomes.2.space = [2, 2]
        """

    @GV-BLDG-HOUSE @GV-BLDG-OPTIONAL
    Scenario: With every gnome already out, one of them in the corner, a house asks nothing
      Given a gnomeville game with 2 players in the build phase
      And player 0's town is:
        """
        .@0 .  .  .  .
        .  .  ho .  .
        .  .  .@1 .  .
        .  .  .  .  .
        .  .  .  . .@2
        """
      And "players.0.moves" is 1
      When player 0 plays:
        """
        {"type": "step", "gnome": 1, "dir": "N"}
        """
      Then "players.0.activation" is null

    @GV-BLDG-HOUSE @GV-BLDG-ACTIVATE
    Scenario: A deploy onto a troll next to the house is rejected citing the house rule
      Given a gnomeville game with 2 players in the build phase
      And player 0's town is:
        """
        .  TR .  .  .
        .  .  ho .  .
        .  .  .@0 .  .
        .  .  .  .  .
        .  .  .  .  .
        """
      And "players.0.moves" is 1
      When player 0 plays:
        """
        {"type": "step", "gnome": 0, "dir": "N"}
        """
      And player 0 plays:
        """
        {"type": "deploy", "space": [0, 1]}
        """
      Then the action is rejected citing rule "GV-BLDG-HOUSE"

  Rule: GV-BLDG-TAVERN a tavern refills the stew

    @GV-BLDG-TAVERN @GV-BLDG-OPTIONAL @GV-FAQ-SECOND-CHANCE-REPEAT
    Scenario: After a tavern the second chance can be used again
      Given a gnomeville game with 2 players in the build phase
      And player 0's town is:
        """
        .  .  .  .  .
        .  .  tv .  .
        .  .  .@0 .  .
        .  .  .  .  .
        .  .  .  .  .
        """
      And "players.0.stew" is false
      And "players.0.moves" is 1
      When player 0 plays:
        """
        {"type": "step", "gnome": 0, "dir": "N"}
        """
      Then the legal actions are exactly:
        """
        [{"actor": 0, "type": "use"}, {"actor": 0, "type": "decline"}]
        """
      When player 0 plays:
        """
        {"type": "use"}
        """
      Then "players.0.stew" is true
      Given "players.0.hand" is "market"
      When player 0 plays:
        """
        {"type": "second_chance"}
        """
      Then "players.0.stew" is false

    @GV-BLDG-TAVERN @GV-BLDG-OPTIONAL
    Scenario: The tavern's refill may be declined and the stew stays empty
      Given a gnomeville game with 2 players in the build phase
      And player 0's town is:
        """
        .  .  .  .  .
        .  .  tv .  .
        .  .  .@0 .  .
        .  .  .  .  .
        .  .  .  .  .
        """
      And "players.0.stew" is false
      And "players.0.moves" is 1
      When player 0 plays:
        """
        {"type": "step", "gnome": 0, "dir": "N"}
        """
      When player 0 plays:
        """
        {"type": "decline"}
        """
      Then the position has:
        """
        players.0.stew = false
        players.0.activation = null
        players.0.mushrooms = 2
        """

    @GV-BLDG-TAVERN @GV-BLDG-OPTIONAL
    Scenario: With the stew already full the tavern asks nothing
      Given a gnomeville game with 2 players in the build phase
      And player 0's town is:
        """
        .  .  .  .  .
        .  .  tv .  .
        .  .  .@0 .  .
        .  .  .  .  .
        .  .  .  .  .
        """
      And "players.0.moves" is 1
      When player 0 plays:
        """
        {"type": "step", "gnome": 0, "dir": "N"}
        """
      Then the position has:
        """
        players.0.stew = true
        players.0.activation = null
        """
      And the legal actions do not include:
        """
        {"actor": 0, "type": "use"}
        """

  Rule: GV-BLDG-WORKSHOP a workshop gives the gnome a hammer

    @GV-BLDG-WORKSHOP @GV-BLDG-OPTIONAL @GV-EQUIP
    Scenario: The entering gnome takes a hammer
      Given a gnomeville game with 2 players in the build phase
      And player 0's town is:
        """
        .  .  .  .  .
        .  .  ws .  .
        .  .  .@0 .  .
        .  .  .  .  .
        .  .  .  .  .
        """
      And "players.0.moves" is 1
      When player 0 plays:
        """
        {"type": "step", "gnome": 0, "dir": "N"}
        """
      Then the legal actions are exactly:
        """
        [{"actor": 0, "type": "use"}, {"actor": 0, "type": "decline"}]
        """
      When player 0 plays:
        """
        {"type": "use"}
        """
      Then the position has:
        """
        players.0.gnomes.0.hammer = true
        players.0.gnomes.0.sword = false
        players.0.mushrooms = 2
        players.0.activation = null
        """

    @GV-BLDG-WORKSHOP @GV-BLDG-OPTIONAL
    Scenario: The workshop's hammer may be declined
      Given a gnomeville game with 2 players in the build phase
      And player 0's town is:
        """
        .  .  .  .  .
        .  .  ws .  .
        .  .  .@0 .  .
        .  .  .  .  .
        .  .  .  .  .
        """
      And "players.0.moves" is 1
      When player 0 plays:
        """
        {"type": "step", "gnome": 0, "dir": "N"}
        """
      When player 0 plays:
        """
        {"type": "decline"}
        """
      Then the position has:
        """
        players.0.gnomes.0.hammer = false
        players.0.activation = null
        """

    @GV-BLDG-WORKSHOP @GV-COMP-PLAYER-SETS @GV-EQUIP
    Scenario: With two gnomes holding hammers the third gnome takes the last of the three hammers
      Given a gnomeville game with 2 players in the build phase
      And player 0's town is:
        """
        .@1 .  .  .  .
        .  .  ws .  .
        .  .  .@0 .  .@2
        .  .  .  .  .
        .  .  .  .  .
        """
      And the position:
        """
        players.0.gnomes.1.hammer = true
        players.0.gnomes.2.hammer = true
        players.0.moves = 1
        """
      When player 0 plays:
        """
        {"type": "step", "gnome": 0, "dir": "N"}
        """
      Then the legal actions are exactly:
        """
        [{"actor": 0, "type": "use"}, {"actor": 0, "type": "decline"}]
        """
      When player 0 plays:
        """
        {"type": "use"}
        """
      Then "players.0.gnomes.0.hammer" is true

    @GV-BLDG-WORKSHOP @GV-EQUIP
    Scenario: A gnome that already has a hammer gets nothing more from a workshop
      Given a gnomeville game with 2 players in the build phase
      And player 0's town is:
        """
        .  .  .  .  .
        .  .  ws .  .
        .  .  .@0 .  .
        .  .  .  .  .
        .  .  .  .  .
        """
      And the position:
        """
        players.0.gnomes.0.hammer = true
        players.0.moves = 1
        """
      When player 0 plays:
        """
        {"type": "step", "gnome": 0, "dir": "N"}
        """
      Then the position has:
        """
        players.0.activation = null
        players.0.gnomes.0.hammer = true
        """

  Rule: GV-BLDG-ARMORY an armory gives the gnome a sword

    @GV-BLDG-ARMORY @GV-BLDG-OPTIONAL @GV-EQUIP
    Scenario: The entering gnome takes a sword
      Given a gnomeville game with 2 players in the build phase
      And player 0's town is:
        """
        .  .  .  .  .
        .  .  ar .  .
        .  .  .@0 .  .
        .  .  .  .  .
        .  .  .  .  .
        """
      And "players.0.moves" is 1
      When player 0 plays:
        """
        {"type": "step", "gnome": 0, "dir": "N"}
        """
      Then the legal actions are exactly:
        """
        [{"actor": 0, "type": "use"}, {"actor": 0, "type": "decline"}]
        """
      When player 0 plays:
        """
        {"type": "use"}
        """
      Then the position has:
        """
        players.0.gnomes.0.sword = true
        players.0.gnomes.0.hammer = false
        players.0.activation = null
        """

    @GV-BLDG-ARMORY @GV-BLDG-OPTIONAL @GV-END-EX-SWORDS
    Scenario: The armory's sword may be declined, which the fewest-swords goal card can reward
      Given a gnomeville game with 2 players in the build phase
      And player 0's town is:
        """
        .  .  .  .  .
        .  .  ar .  .
        .  .  .@0 .  .
        .  .  .  .  .
        .  .  .  .  .
        """
      And "players.0.moves" is 1
      When player 0 plays:
        """
        {"type": "step", "gnome": 0, "dir": "N"}
        """
      When player 0 plays:
        """
        {"type": "decline"}
        """
      Then the position has:
        """
        players.0.gnomes.0.sword = false
        players.0.activation = null
        """
      And the legal actions include:
        """
        {"actor": 0, "type": "draw"}
        """

    @GV-BLDG-ARMORY @GV-COMP-PLAYER-SETS @GV-EQUIP
    Scenario: With two gnomes armed the third gnome takes the last of the three swords
      Given a gnomeville game with 2 players in the build phase
      And player 0's town is:
        """
        .  .  .  .  .
        .  .  ar .  .
        .@1 .  .@0 .  .@2
        .  .  .  .  .
        .  .  .  .  .
        """
      And the position:
        """
        players.0.gnomes.1.sword = true
        players.0.gnomes.2.sword = true
        players.0.moves = 1
        """
      When player 0 plays:
        """
        {"type": "step", "gnome": 0, "dir": "N"}
        """
      Then the legal actions are exactly:
        """
        [{"actor": 0, "type": "use"}, {"actor": 0, "type": "decline"}]
        """
      When player 0 plays:
        """
        {"type": "use"}
        """
      Then the position has:
        """
        players.0.gnomes.0.sword = true
        players.0.gnomes.1.sword = true
        players.0.gnomes.2.sword = true
        """

    @GV-BLDG-ARMORY @GV-BLDG-OPTIONAL
    Scenario: A gnome that already has a sword is asked nothing by an armory
      Given a gnomeville game with 2 players in the build phase
      And player 0's town is:
        """
        .  .  .  .  .
        .  .  ar .  .
        .  .  .@0 .  .
        .  .  .  .  .
        .  .  .  .  .
        """
      And "players.0.gnomes.0.sword" is true
      And "players.0.moves" is 1
      When player 0 plays:
        """
        {"type": "step", "gnome": 0, "dir": "N"}
        """
      Then "players.0.activation" is null

  Rule: GV-BLDG-ACADEMY an academy graduates the gnome

    @GV-BLDG-ACADEMY @GV-BLDG-OPTIONAL
    Scenario: The academy's graduation may be declined: no tracker flips and no card is drawn
      Given a gnomeville game with 2 players in the build phase
      And player 0's town is:
        """
        .  .  .  .  .
        .  .  ac .  .
        .  .  .@0 .  .
        .  .  .  .  .
        .  .  .  .  .
        """
      And "players.0.moves" is 1
      When player 0 plays:
        """
        {"type": "step", "gnome": 0, "dir": "N"}
        """
      Then the legal actions are exactly:
        """
        [{"actor": 0, "type": "use"}, {"actor": 0, "type": "decline"}]
        """
      When player 0 plays:
        """
        {"type": "decline"}
        """
      Then the position has:
        """
        players.0.gnomes.0.graduated = false
        players.0.gnomes.0.ability = null
        players.0.drawn_abilities = []
        players.0.activation = null
        chance = null
        """

  Rule: GV-BLDG-BALLISTA a ballista destroys one adjacent boulder or enemy

    @GV-BLDG-BALLISTA @GV-BLDG-ADJACENT @GV-DESTROYED-TO-SUPPLY @GV-BLDG-OPTIONAL
    Scenario: The ballista reaches diagonally and the boulder returns to the supply
      Given a gnomeville game with 2 players in the build phase
      And player 0's town is:
        """
        BO .  TR .  .
        .  ba .  .  .
        .  .@0 .  .  BO
        .  .  .  .  .
        .  .  .  .  .
        """
      And "boulder_supply" is 42
      And "players.0.moves" is 1
      When player 0 plays:
        """
        {"type": "step", "gnome": 0, "dir": "N"}
        """
      Then the legal actions are exactly:
        """
        [{"actor": 0, "type": "destroy", "space": [0, 0]},
         {"actor": 0, "type": "destroy", "space": [0, 2]},
         {"actor": 0, "type": "decline"}]
        """
      When player 0 plays:
        """
        {"type": "destroy", "space": [0, 0]}
        """
      Then the position has:
        """
        players.0.cells.0 = [null, null, "troll", null, null]
        boulder_supply = 43
        """

    @GV-BLDG-BALLISTA @GV-BLDG-ADJACENT
    Scenario: A ballista in the bottom-left corner reaches its three neighbours, not the far edge
      Given a gnomeville game with 2 players in the build phase
      And player 0's town is:
        """
        .  .  .  .  .
        .  .  .  .  .
        .  .  .  .  BO
        TR BO .  .  BO
        ba .@0 .  .  .
        """
      And "players.0.moves" is 1
      When player 0 plays:
        """
        {"type": "step", "gnome": 0, "dir": "W"}
        """
      Then the legal actions are exactly:
        """
        [{"actor": 0, "type": "destroy", "space": [3, 0]},
         {"actor": 0, "type": "destroy", "space": [3, 1]},
         {"actor": 0, "type": "decline"}]
        """

    @GV-BLDG-BALLISTA @GV-BLDG-OPTIONAL
    Scenario: A ballista with no boulder or enemy around asks nothing
      Given a gnomeville game with 2 players in the build phase
      And player 0's town is:
        """
        .  .  .  .  .
        .  .  ba .  .
        .  .  .@0 .  .
        .  .  .  .  .
        .  .  .  .  .
        """
      And "players.0.moves" is 1
      When player 0 plays:
        """
        {"type": "step", "gnome": 0, "dir": "N"}
        """
      Then "players.0.activation" is null
      And the legal actions include:
        """
        {"actor": 0, "type": "draw"}
        """

    @GV-BLDG-BALLISTA @GV-BOARD-HEDGE @GV-BLDG-ADJACENT
    Scenario: On Maizeville the hedge north of a ballista leaves the north-east diagonal in reach
      Given a gnomeville game with 2 players in the build phase and options:
        """
        {"boards": ["maizeville", "symmetric"]}
        """
      And player 0's town is:
        """
        .  BO TR .  .
        .  ba .  .  .
        .  .@0 .  .  .
        .  .  .  .  .
        .  .  .  .  .
        """
      And "players.0.moves" is 1
      When player 0 plays:
        """
        {"type": "step", "gnome": 0, "dir": "N"}
        """
      Then the legal actions are exactly:
        """
        [{"actor": 0, "type": "destroy", "space": [0, 2]}, {"actor": 0, "type": "decline"}]
        """

    @GV-BLDG-BALLISTA @GV-BOARD-HEDGE @GV-BLDG-ADJACENT
    Scenario: On Maizeville the hedges east and west of a ballista shield both sides, not the diagonal
      Given a gnomeville game with 2 players in the build phase and options:
        """
        {"boards": ["maizeville", "symmetric"]}
        """
      And player 0's town is:
        """
        .  .  .  .  TR
        .  .  TR ba BO
        .  .  .  .@0 .
        .  .  .  .  .
        .  .  .  .  .
        """
      And "players.0.moves" is 1
      When player 0 plays:
        """
        {"type": "step", "gnome": 0, "dir": "N"}
        """
      Then the legal actions are exactly:
        """
        [{"actor": 0, "type": "destroy", "space": [0, 4]}, {"actor": 0, "type": "decline"}]
        """

    @GV-BLDG-BALLISTA @GV-BOARD-HEDGE @GV-BLDG-ADJACENT
    Scenario: On Maizeville a hedge shields the boulder beside the ballista, not the diagonal troll
      Given a gnomeville game with 2 players in the build phase and options:
        """
        {"boards": ["maizeville", "symmetric"]}
        """
      And player 0's town is:
        """
        TR BO .  .  .
        BO ba .  .  .
        .  .@0 .  .  .
        .  .  .  .  .
        .  .  .  .  .
        """
      And "boulder_supply" is 42
      And "players.0.moves" is 1
      When player 0 plays:
        """
        {"type": "step", "gnome": 0, "dir": "N"}
        """
      Then the legal actions are exactly:
        """
        [{"actor": 0, "type": "destroy", "space": [0, 0]},
         {"actor": 0, "type": "destroy", "space": [1, 0]},
         {"actor": 0, "type": "decline"}]
        """
      When player 0 plays:
        """
        {"type": "destroy", "space": [0, 0]}
        """
      Then the position has:
        """
        players.0.cells.0 = [null, "boulder", null, null, null]
        boulder_supply = 42
        """

  Rule: GV-MOVE-ACTIVATE a gnome moving into a built space activates that building

    @GV-MOVE-ACTIVATE
    Scenario Outline: A gnome stepping into a <building> activates that building and no other
      Given a gnomeville game with 2 players in the build phase
      And player 0's town is:
        """
        .  .  .  TR .
        .  .  <code> .  .
        .  .  .@0 .  .
        .  .  .  .  .
        .  .  .  .  .
        """
      And the position:
        """
        players.0.stew = false
        players.0.moves = 1
        """
      When player 0 plays:
        """
        {"type": "step", "gnome": 0, "dir": "N"}
        """
      Then "players.0.activation" is <activation>

      Examples:
        | building | code | activation                                            |
        | market   | mk   | {"kind": "market", "space": [1, 2], "gnome": 0}       |
        | house    | ho   | {"kind": "house", "space": [1, 2], "gnome": 0}        |
        | tavern   | tv   | {"kind": "tavern", "space": [1, 2], "gnome": 0}       |
        | academy  | ac   | {"kind": "academy", "space": [1, 2], "gnome": 0}      |
        | workshop | ws   | {"kind": "workshop", "space": [1, 2], "gnome": 0}     |
        | armory   | ar   | {"kind": "armory", "space": [1, 2], "gnome": 0}       |
        | ballista | ba   | {"kind": "ballista", "space": [1, 2], "gnome": 0}     |
        | monument | mo   | null                                                  |
