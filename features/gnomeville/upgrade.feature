Feature: Gnomeville upgrades: three or more matching tiles become the next tier

  Rule: GV-UPGRADE-EX-CHAIN the market-to-workshop-to-armory chain of the rulebook

    @GV-UPGRADE-EX-CHAIN @GV-OVERVIEW-GOAL @GV-UPGRADE-CHAIN @GV-UPGRADE-LINE @GV-UPGRADE-STACK @GV-UPGRADE-PLACE @GV-SCORE-STACK-EX @GV-UPGRADE-SCORED @GV-COMP-STACK-TABLE @reading:turn_by_turn_rounds=[] @reading:master_build=false
    Scenario: A third market chains into a workshop and an armory and the 6-tile stack scores 8
      Given a gnomeville game with 2 players in the build phase
      And player 0's town is:
        """
        mk mk .  .  .
        .  .  ws ws .
        .  .  .@0 .  .
        .  .  .  .  .
        .  .  .  .  .
        """
      And "players.0.hand" is "market"
      When player 0 plays:
        """
        {"type": "place", "space": [0, 2]}
        """
      Then the legal actions include:
        """
        {"actor": 0, "type": "upgrade", "space": [0, 2], "kind": "workshop"}
        """
      And the legal actions include:
        """
        {"actor": 0, "type": "upgrade", "space": [0, 0], "kind": "house"}
        """
      When player 0 plays:
        """
        {"type": "upgrade", "space": [0, 2], "kind": "workshop"}
        """
      Then the legal actions include:
        """
        {"actor": 0, "type": "upgrade", "space": [1, 2], "kind": "armory"}
        """
      When player 0 plays:
        """
        {"type": "upgrade", "space": [1, 2], "kind": "armory"}
        """
      Then player 0's town is:
        """
        .  .  .  .  .
        .  .  ar .  .
        .  .  .@0 .  .
        .  .  .  .  .
        .  .  .  .  .
        """
      And "players.0.stacks" is [["market", "market", "market", "workshop", "workshop", "workshop"]]
      When these actions are applied:
        """
        [{"actor": 0, "type": "pass"}, {"actor": 1, "type": "pass"}]
        """
      Then "players.0.score" is 8

  Rule: GV-UPGRADE-CHAIN a new tile that triggers another upgrade chains into the same stack

    @GV-UPGRADE-CHAIN @GV-COMP-LINES @GV-UPGRADE-LINE @GV-SCORE-STACK-EX @GV-UPGRADE-SCORED @reading:turn_by_turn_rounds=[] @reading:master_build=false
    Scenario: Three armories chain into a ballista trio and a monument, a 6-tile stack of 8 points
      Given a gnomeville game with 2 players in the build phase
      And player 0's town is:
        """
        ar ar .  .  .
        .  .  ba ba .
        .  .  .@0 .  .
        .  .  .  .  .
        .  .  .  .  .
        """
      And "players.0.hand" is "armory"
      When player 0 plays:
        """
        {"type": "place", "space": [0, 2]}
        """
      Then the legal actions are exactly:
        """
        [{"actor": 0, "type": "upgrade", "space": [0, 0], "kind": "ballista"},
         {"actor": 0, "type": "upgrade", "space": [0, 1], "kind": "ballista"},
         {"actor": 0, "type": "upgrade", "space": [0, 2], "kind": "ballista"}]
        """
      When player 0 plays:
        """
        {"type": "upgrade", "space": [0, 2], "kind": "ballista"}
        """
      Then the legal actions are exactly:
        """
        [{"actor": 0, "type": "upgrade", "space": [0, 2], "kind": "monument"},
         {"actor": 0, "type": "upgrade", "space": [1, 2], "kind": "monument"},
         {"actor": 0, "type": "upgrade", "space": [1, 3], "kind": "monument"}]
        """
      When player 0 plays:
        """
        {"type": "upgrade", "space": [1, 2], "kind": "monument"}
        """
      Then player 0's town is:
        """
        .  .  .  .  .
        .  .  mo .  .
        .  .  .@0 .  .
        .  .  .  .  .
        .  .  .  .  .
        """
      And the position has:
        """
        players.0.stacks = [["armory", "armory", "armory", "ballista", "ballista", "ballista"]]
        """
      When these actions are applied:
        """
        [{"actor": 0, "type": "pass"}, {"actor": 1, "type": "pass"}]
        """
      Then "players.0.score" is 8

    @GV-UPGRADE-CHAIN @GV-UPGRADE-STACK @reading:master_build=false
    Scenario: A chain resolves the new tile's group first; another pending group waits for its own stack
      # "新しいアップグレードを解決し": the chain goes on with the new tile's upgrade, and only
      # the chain's tiles share its stack. The taverns' group comes first in the town but waits.
      Given a gnomeville game with 2 players in the build phase
      And player 0's town is:
        """
        tv tv tv .  .
        .  .  .  .  .
        mk mk mk .  .
        ws ws .  .  .
        .  .  .@0 .  .
        """
      When player 0 plays:
        """
        {"type": "upgrade", "space": [2, 1], "kind": "workshop"}
        """
      Then the legal actions are exactly:
        """
        [{"actor": 0, "type": "upgrade", "space": [2, 1], "kind": "armory"},
         {"actor": 0, "type": "upgrade", "space": [3, 0], "kind": "armory"},
         {"actor": 0, "type": "upgrade", "space": [3, 1], "kind": "armory"}]
        """
      When player 0 plays:
        """
        {"type": "upgrade", "space": [3, 0], "kind": "armory"}
        """
      Then "players.0.stacks" is [["market", "market", "market", "workshop", "workshop", "workshop"]]
      And the legal actions are exactly:
        """
        [{"actor": 0, "type": "upgrade", "space": [0, 0], "kind": "academy"},
         {"actor": 0, "type": "upgrade", "space": [0, 1], "kind": "academy"},
         {"actor": 0, "type": "upgrade", "space": [0, 2], "kind": "academy"}]
        """

    @GV-UPGRADE-CHAIN @reading:master_build=false
    Scenario: A chain whose new tile lands in the corner still holds back the other pending group
      Given a gnomeville game with 2 players in the build phase
      And player 0's town is:
        """
        mk mk mk .  .
        ws .  .  .  .
        ws .  .@0 .  .
        .  .  .  .  .
        tv tv tv .  .
        """
      When player 0 plays:
        """
        {"type": "upgrade", "space": [0, 0], "kind": "workshop"}
        """
      Then the legal actions are exactly:
        """
        [{"actor": 0, "type": "upgrade", "space": [0, 0], "kind": "armory"},
         {"actor": 0, "type": "upgrade", "space": [1, 0], "kind": "armory"},
         {"actor": 0, "type": "upgrade", "space": [2, 0], "kind": "armory"}]
        """

  Rule: GV-UPGRADE-TRIGGER three connected matching unoccupied tiles trigger an upgrade

    @GV-UPGRADE-TRIGGER @GV-UPGRADE-MATCH @GV-UPGRADE-TIMING @reading:turn_by_turn_rounds=[]
    Scenario: Two markets and a house do not trigger, three markets in an L do
      Given a gnomeville game with 2 players in the build phase
      And player 0's town is:
        """
        mk ho .  .  .
        mk .  .  .  .
        .  .  .@0 .  .
        .  .  .  .  .
        .  .  .  .  .
        """
      And "players.0.hand" is "market"
      When player 0 plays:
        """
        {"type": "place", "space": [4, 4]}
        """
      Then the legal actions include:
        """
        {"actor": 0, "type": "draw"}
        """
      When player 0 plays:
        """
        {"type": "draw"}
        """
      And chance reveals:
        """
        {"type": "draw", "player": 0, "tile": "market", "tier": 1}
        """
      And player 0 plays:
        """
        {"type": "place", "space": [2, 0]}
        """
      Then the legal actions include:
        """
        {"actor": 0, "type": "upgrade", "space": [2, 0], "kind": "house"}
        """
      And the legal actions do not include:
        """
        {"actor": 0, "type": "draw"}
        """

    @GV-UPGRADE-TIMING @GV-UPGRADE-TRIGGER @GV-UPGRADE-OCCUPIED
    Scenario: A gnome stepping off the middle market triggers the upgrade before its next step
      Given a gnomeville game with 2 players in the build phase
      And player 0's town is:
        """
        mk mk@0 mk .  .
        .  .  .  .  .
        .  .  .  .  .
        .  .  .  .  .
        .  .  .  .  .
        """
      And "players.0.moves" is 2
      When player 0 plays:
        """
        {"type": "step", "gnome": 0, "dir": "S"}
        """
      Then the legal actions include:
        """
        {"actor": 0, "type": "upgrade", "space": [0, 1], "kind": "house"}
        """
      And the legal actions do not include:
        """
        {"actor": 0, "type": "step"}
        """
      When player 0 plays:
        """
        {"type": "upgrade", "space": [0, 1], "kind": "house"}
        """
      Then the legal actions include:
        """
        {"actor": 0, "type": "step", "gnome": 0, "dir": "N"}
        """

    @GV-UPGRADE-TRIGGER @GV-UPGRADE-MATCH @reading:turn_by_turn_rounds=[]
    Scenario: Two houses and a workshop share a tier but not a type and do not upgrade
      Given a gnomeville game with 2 players in the build phase
      And player 0's town is:
        """
        ho ho .  .  .
        .  .  .  .  .
        .  .  .@0 .  .
        .  .  .  .  .
        .  .  .  .  .
        """
      And "players.0.hand" is "workshop"
      When player 0 plays:
        """
        {"type": "place", "space": [0, 2]}
        """
      Then the position has:
        """
        players.0.cells.0.0 = "house"
        players.0.cells.0.1 = "house"
        players.0.stacks = []
        """
      And the legal actions include:
        """
        {"actor": 0, "type": "draw"}
        """

    # gnomeville.ja.txt:187 "縦横に接続されていて": tiles touching only at a corner are not connected
    # for an upgrade (the 8-space adjacency is the buildings' own, not the upgrade's).
    @GV-UPGRADE-TRIGGER @reading:turn_by_turn_rounds=[]
    Scenario: Three markets touching only diagonally do not trigger an upgrade
      Given a gnomeville game with 2 players in the build phase
      And player 0's town is:
        """
        mk .  .  .  .
        .  mk .  .  .
        .  .  .@0 .  .
        .  .  .  .  .
        .  .  .  .  .
        """
      And "players.0.hand" is "market"
      When player 0 plays:
        """
        {"type": "place", "space": [0, 2]}
        """
      Then the position has:
        """
        players.0.cells.0.0 = "market"
        players.0.cells.1 = [null, "market", null, null, null]
        players.0.stacks = []
        """
      And the legal actions include:
        """
        {"actor": 0, "type": "draw"}
        """
      And the legal actions do not include:
        """
        {"actor": 0, "type": "upgrade"}
        """

    @GV-UPGRADE-STACK @GV-UPGRADE-PLACE @GV-UPGRADE-TRIGGER @GV-SCORE-STACK @reading:turn_by_turn_rounds=[] @reading:master_build=false
    Scenario: A market joining two pairs upgrades all five and the stack of five scores 6
      Given a gnomeville game with 2 players in the build phase
      And player 0's town is:
        """
        mk mk .  mk mk
        .  .  .  .  .
        .  .  .@0 .  .
        .  .  .  .  .
        .  .  .  .  .
        """
      And "players.0.hand" is "market"
      When player 0 plays:
        """
        {"type": "place", "space": [0, 2]}
        """
      Then the legal actions are exactly:
        """
        [{"actor": 0, "type": "upgrade", "space": [0, 0], "kind": "house"},
         {"actor": 0, "type": "upgrade", "space": [0, 1], "kind": "house"},
         {"actor": 0, "type": "upgrade", "space": [0, 2], "kind": "house"},
         {"actor": 0, "type": "upgrade", "space": [0, 3], "kind": "house"},
         {"actor": 0, "type": "upgrade", "space": [0, 4], "kind": "house"},
         {"actor": 0, "type": "upgrade", "space": [0, 0], "kind": "workshop"},
         {"actor": 0, "type": "upgrade", "space": [0, 1], "kind": "workshop"},
         {"actor": 0, "type": "upgrade", "space": [0, 2], "kind": "workshop"},
         {"actor": 0, "type": "upgrade", "space": [0, 3], "kind": "workshop"},
         {"actor": 0, "type": "upgrade", "space": [0, 4], "kind": "workshop"}]
        """
      When player 0 plays:
        """
        {"type": "upgrade", "space": [0, 4], "kind": "workshop"}
        """
      Then the position has:
        """
        players.0.cells.0 = [null, null, null, null, "workshop"]
        players.0.stacks = [["market", "market", "market", "market", "market"]]
        """
      When these actions are applied:
        """
        [{"actor": 0, "type": "pass"}, {"actor": 1, "type": "pass"}]
        """
      Then "players.0.score" is 6

    @GV-UPGRADE-TRIGGER @GV-UPGRADE-LINE @reading:master_build=false
    Scenario: Three markets upgrade to a house or a workshop, never to a tile off their line
      Given a gnomeville game with 2 players in the build phase
      And player 0's town is:
        """
        mk mk .  .  .
        .  .  .  .  .
        .  .  .@0 .  .
        .  .  .  .  .
        .  .  .  .  .
        """
      And "players.0.hand" is "market"
      When player 0 plays:
        """
        {"type": "place", "space": [0, 2]}
        """
      And player 0 plays:
        """
        {"type": "upgrade", "space": [0, 1], "kind": "tavern"}
        """
      Then the action is rejected citing rule "GV-UPGRADE-LINE"

    @GV-UPGRADE-TRIGGER @GV-UPGRADE-LINE
    Scenario: An upgrade naming a building that does not exist is refused as malformed
      Given a gnomeville game with 2 players in the build phase
      And player 0's town is:
        """
        mk mk mk .  .
        .  .  .  .  .
        .  .  .@0 .  .
        .  .  .  .  .
        .  .  .  .  .
        """
      When player 0 plays:
        """
        {"type": "upgrade", "space": [0, 0], "kind": "castle"}
        """
      Then the action is refused as malformed

    @GV-UPGRADE-TRIGGER @GV-UPGRADE-PLACE @reading:master_build=false
    Scenario: A placed tile is the upgrade's trigger only while the upgrade it triggered is pending
      Given a gnomeville game with 2 players in the build phase
      And player 0's town is:
        """
        mk mk .  .  .
        .  .  .  .  .
        .  .  .@0 .  .
        .  .  .  .  .
        .  .  .  .  .
        """
      And "players.0.hand" is "market"
      When player 0 plays:
        """
        {"type": "place", "space": [4, 0]}
        """
      Then "players.0.trigger" is null
      Given "players.0.hand" is "market"
      When player 0 plays:
        """
        {"type": "place", "space": [0, 2]}
        """
      Then "players.0.trigger" is [0, 2]
      When player 0 plays:
        """
        {"type": "upgrade", "space": [0, 1], "kind": "house"}
        """
      Then the position has:
        """
        players.0.trigger = null
        players.0.cells.0 = [null, "house", null, null, null]
        """

  Rule: GV-UPGRADE-PLACE the next tier's building is taken from the supply onto a triggering space

    # gnomeville.ja.txt:193 "次のティアの建物をサプライから入手し": the new tile leaves the supply.
    @GV-UPGRADE-PLACE @reading:master_build=false
    Scenario: The upgrade's new building is taken from the supply
      Given a gnomeville game with 2 players in the build phase
      And player 0's town is:
        """
        mk mk .  .  .
        .  .  .  .  .
        .  .  .@0 .  .
        .  .  .  .  .
        .  .  .  .  .
        """
      And the position:
        """
        supply.house = 3
        players.0.hand = "market"
        """
      When player 0 plays:
        """
        {"type": "place", "space": [0, 2]}
        """
      And player 0 plays:
        """
        {"type": "upgrade", "space": [0, 1], "kind": "house"}
        """
      Then the position has:
        """
        supply.house = 2
        players.0.cells.0.1 = "house"
        """

  Rule: GV-UPGRADE-OCCUPIED an occupied tile takes no part

    @GV-UPGRADE-OCCUPIED @GV-TERM-OCCUPIED @reading:turn_by_turn_rounds=[]
    Scenario: A gnome on the middle workshop prevents the upgrade
      Given a gnomeville game with 2 players in the build phase
      And player 0's town is:
        """
        ws ws@0 .  .  .
        .  .  .  .  .
        .  .  .  .  .
        .  .  .  .  .
        .  .  .  .  .
        """
      And "players.0.hand" is "workshop"
      When player 0 plays:
        """
        {"type": "place", "space": [0, 2]}
        """
      Then the legal actions include:
        """
        {"actor": 0, "type": "pass"}
        """
      And "players.0.stacks" is []

  Rule: GV-UPGRADE-EXHAUSTED an empty tray gives the tile two tiers up

    @GV-UPGRADE-EXHAUSTED @reading:master_build=false
    Scenario: With no houses left the market group may take a tavern
      Given a gnomeville game with 2 players in the build phase
      And player 0's town is:
        """
        mk mk .  .  .
        .  .  .  .  .
        .  .  .@0 .  .
        .  .  .  .  .
        .  .  .  .  .
        """
      And "supply.house" is 0
      And "players.0.hand" is "market"
      When player 0 plays:
        """
        {"type": "place", "space": [0, 2]}
        """
      Then the legal actions include:
        """
        {"actor": 0, "type": "upgrade", "space": [0, 1], "kind": "tavern"}
        """
      And the legal actions do not include:
        """
        {"actor": 0, "type": "upgrade", "space": [0, 1], "kind": "house"}
        """

    @GV-UPGRADE-EXHAUSTED @reading:master_build=false
    Scenario: With no houses left and one tavern in its tray the market group takes that last tavern
      Given a gnomeville game with 2 players in the build phase
      And player 0's town is:
        """
        mk mk .  .  .
        .  .  .  .  .
        .  .  .@0 .  .
        .  .  .  .  .
        .  .  .  .  .
        """
      And the position:
        """
        supply.house = 0
        supply.tavern = 1
        players.0.hand = "market"
        """
      When player 0 plays:
        """
        {"type": "place", "space": [0, 2]}
        """
      Then the legal actions include:
        """
        {"actor": 0, "type": "upgrade", "space": [0, 1], "kind": "tavern"}
        """

    @GV-UPGRADE-EXHAUSTED @GV-UPGRADE-LINE @reading:master_build=false
    Scenario: With one house left in its tray the market group may still take that house
      Given a gnomeville game with 2 players in the build phase
      And player 0's town is:
        """
        mk mk .  .  .
        .  .  .  .  .
        .  .  .@0 .  .
        .  .  .  .  .
        .  .  .  .  .
        """
      And the position:
        """
        supply.house = 1
        players.0.hand = "market"
        """
      When player 0 plays:
        """
        {"type": "place", "space": [0, 2]}
        """
      Then the legal actions include:
        """
        {"actor": 0, "type": "upgrade", "space": [0, 1], "kind": "house"}
        """
      And the legal actions do not include:
        """
        {"actor": 0, "type": "upgrade", "space": [0, 1], "kind": "tavern"}
        """

    @GV-UPGRADE-EXHAUSTED @GV-UPGRADE-NONE-LEFT @reading:master_build=false
    Scenario: With no house and no tavern left the market group can only take a workshop
      Given a gnomeville game with 2 players in the build phase
      And player 0's town is:
        """
        mk mk .  .  .
        .  .  .  .  .
        .  .  .@0 .  .
        .  .  .  .  .
        .  .  .  .  .
        """
      And the position:
        """
        supply.house = 0
        supply.tavern = 0
        players.0.hand = "market"
        """
      When player 0 plays:
        """
        {"type": "place", "space": [0, 2]}
        """
      Then the legal actions are exactly:
        """
        [{"actor": 0, "type": "upgrade", "space": [0, 0], "kind": "workshop"},
         {"actor": 0, "type": "upgrade", "space": [0, 1], "kind": "workshop"},
         {"actor": 0, "type": "upgrade", "space": [0, 2], "kind": "workshop"}]
        """

  Rule: GV-UPGRADE-NONE-LEFT with no tile two tiers up the group is stacked without a new tile

    @GV-UPGRADE-NONE-LEFT @GV-UPGRADE-STACK @reading:master_build=false
    Scenario: With no monument left an academy group is stacked without a new tile
      Given a gnomeville game with 2 players in the build phase
      And player 0's town is:
        """
        ac ac .  .  .
        .  .  .  .  .
        .  .  .@0 .  .
        .  .  .  .  .
        .  .  .  .  .
        """
      And "supply.monument" is 0
      And "players.0.hand" is "academy"
      When player 0 plays:
        """
        {"type": "place", "space": [0, 2]}
        """
      Then the legal actions are exactly:
        """
        [{"actor": 0, "type": "upgrade", "space": [0, 0], "kind": null},
         {"actor": 0, "type": "upgrade", "space": [0, 1], "kind": null},
         {"actor": 0, "type": "upgrade", "space": [0, 2], "kind": null}]
        """
      When player 0 plays:
        """
        {"type": "upgrade", "space": [0, 1], "kind": null}
        """
      Then the position has:
        """
        players.0.cells.0 = [null, null, null, null, null]
        supply.monument = 0
        """

  Rule: GV-UPGRADE-TIER5 monuments never upgrade

    @GV-UPGRADE-TIER5 @reading:turn_by_turn_rounds=[]
    Scenario: Three monuments in a row stay on the board
      Given a gnomeville game with 2 players in the build phase
      And player 0's town is:
        """
        mo mo .  .  .
        .  .  .  .  .
        .  .  .@0 .  .
        .  .  .  .  .
        .  .  .  .  .
        """
      And "players.0.hand" is "monument"
      When player 0 plays:
        """
        {"type": "place", "space": [0, 2]}
        """
      Then the position has:
        """
        players.0.cells.0.0 = "monument"
        players.0.cells.0.1 = "monument"
        """
      And the legal actions include:
        """
        {"actor": 0, "type": "pass"}
        """

    @GV-UPGRADE-TIER5 @GV-UPGRADE-TRIGGER @reading:master_build=false
    Scenario: Naming a monument in the corner while a market group is pending cites the tier-5 rule
      Given a gnomeville game with 2 players in the build phase
      And player 0's town is:
        """
        mo .  .  .  .
        mk mk .  .  .
        .  .  .@0 .  .
        .  .  .  .  .
        .  .  .  .  .
        """
      And "players.0.hand" is "market"
      When player 0 plays:
        """
        {"type": "place", "space": [1, 2]}
        """
      And player 0 plays:
        """
        {"type": "upgrade", "space": [0, 0], "kind": "house"}
        """
      Then the action is rejected citing rule "GV-UPGRADE-TIER5"

  Rule: GV-UPGRADE-PAUSE drawing pauses during an upgrade

    @GV-UPGRADE-PAUSE @GV-UPGRADE-PLACE @reading:master_build=false
    Scenario: Only upgrade actions while an upgrade is pending and the tile goes on a group space
      Given a gnomeville game with 2 players in the build phase
      And player 0's town is:
        """
        ho ho .  .  .
        .  .  .  .  .
        .  .  .@0 .  .
        .  .  .  .  .
        .  .  .  .  .
        """
      And "players.0.hand" is "house"
      When player 0 plays:
        """
        {"type": "place", "space": [0, 2]}
        """
      Then the legal actions are exactly:
        """
        [{"actor": 0, "type": "upgrade", "space": [0, 0], "kind": "tavern"},
         {"actor": 0, "type": "upgrade", "space": [0, 1], "kind": "tavern"},
         {"actor": 0, "type": "upgrade", "space": [0, 2], "kind": "tavern"}]
        """
