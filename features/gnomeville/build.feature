Feature: Gnomeville build phase: draw or pass, second chance, placing tiles, getting stuck

  Rule: GV-BUILD-DRAW a player draws from the bag or passes

    @GV-BUILD-DRAW @GV-BUILD-ORDER @GV-CHANCE @GV-SETUP-BAG
    Scenario: The first draw of the game comes from the starting bag of twelve tiles
      Given a gnomeville game with 2 players in the build phase
      Then the legal actions include:
        """
        {"actor": 0, "type": "draw"}
        """
      And the legal actions include:
        """
        {"actor": 0, "type": "pass"}
        """
      When player 0 plays:
        """
        {"type": "draw"}
        """
      Then the chance outcomes are:
        """
        [{"action": {"type": "draw", "player": 0, "tile": "gnome"}, "probability": "1/4"},
         {"action": {"type": "draw", "player": 0, "tile": "house", "tier": 2}, "probability": "1/6"},
         {"action": {"type": "draw", "player": 0, "tile": "market", "tier": 1}, "probability": "5/12"},
         {"action": {"type": "draw", "player": 0, "tile": "workshop", "tier": 2}, "probability": "1/6"}]
        """

    @GV-BUILD-DRAW @GV-BUILD-PASS @reading:turn_by_turn_rounds=[]
    Scenario: Passing ends the player's build phase
      Given a gnomeville game with 2 players in the build phase
      When player 0 plays:
        """
        {"type": "pass"}
        """
      Then "players.0.status" is "passed"
      And "to_act" is [0, 1]

    @GV-BUILD-DRAW
    Scenario: With an empty bag the only choice left is to pass
      Given a gnomeville game with 2 players in the build phase
      And "players.0.bag" is {"academy": 0, "armory": 0, "ballista": 0, "gnome": 0, "house": 0, "market": 0, "monument": 0, "tavern": 0, "workshop": 0}
      Then the legal actions are exactly:
        """
        [{"actor": 0, "type": "pass"},
         {"actor": 1, "type": "draw"},
         {"actor": 1, "type": "pass"}]
        """
      When player 0 plays:
        """
        {"type": "draw"}
        """
      Then the action is rejected citing rule "GV-BUILD-DRAW"

    @GV-BUILD-DRAW @GV-CHANCE
    Scenario: With one tile left in the bag the player may still draw it
      Given a gnomeville game with 2 players in the build phase
      And "players.0.bag" is {"academy": 0, "armory": 0, "ballista": 0, "gnome": 0, "house": 0, "market": 1, "monument": 0, "tavern": 0, "workshop": 0}
      Then the legal actions include:
        """
        {"actor": 0, "type": "draw"}
        """
      When player 0 plays:
        """
        {"type": "draw"}
        """
      Then the chance outcomes are:
        """
        [{"action": {"type": "draw", "player": 0, "tile": "market", "tier": 1}, "probability": "1/1"}]
        """

    # gnomeville.ja.txt:144: the tile is drawn out of the bag; of the starting bag's 5 markets
    # (gnomeville.ja.txt:94) 4 are left once one is drawn, the other tiles stay
    @GV-BUILD-DRAW
    Scenario: A drawn market leaves the bag and the other four markets stay in it
      Given a gnomeville game with 2 players in the build phase
      When player 0 plays:
        """
        {"type": "draw"}
        """
      And chance reveals:
        """
        {"type": "draw", "player": 0, "tile": "market", "tier": 1}
        """
      Then the position has:
        """
        players.0.hand = "market"
        players.0.bag.market = 4
        players.0.bag.house = 2
        """

    @GV-BUILD-DRAW @GV-BUILD-PASS
    Scenario: A pass carrying a field no action has is refused as malformed
      Given a gnomeville game with 2 players in the build phase
      When player 0 plays:
        """
        {"type": "pass", "colour": "red"}
        """
      Then the action is refused as malformed

  Rule: GV-BUILD-SIMULTANEOUS simultaneous building is sequentialised

    @GV-BUILD-SIMULTANEOUS @GV-OVERVIEW-SIMULTANEOUS @GV-SUMMARY-BUILD
    Scenario: Every idle player may act, and a drawing player resolves the tile alone
      Given a gnomeville game with 3 players in the build phase
      Then "to_act" is [0, 1, 2]
      When player 1 plays:
        """
        {"type": "draw"}
        """
      Then "to_act" is ["chance"]
      When chance reveals:
        """
        {"type": "draw", "player": 1, "tile": "market", "tier": 1}
        """
      Then "to_act" is [1]
      And "players.1.hand" is "market"

    @GV-BUILD-SIMULTANEOUS @reading:turn_by_turn_rounds=[]
    Scenario: A player whose tile is resolved goes on building until passing or stuck, and may draw again
      Given a gnomeville game with 2 players in the build phase
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
        {"type": "place", "space": [0, 0]}
        """
      Then the position has:
        """
        players.0.status = "building"
        players.1.status = "building"
        to_act = [0, 1]
        """
      And the legal actions include:
        """
        {"actor": 0, "type": "draw"}
        """

  Rule: GV-BUILD-SECOND-CHANCE the full stew returns a drawn tile to the bag

    @GV-BUILD-SECOND-CHANCE @GV-BUILD-SECOND-CHANCE-NO-EFFECT
    Scenario: A drawn market goes back to the bag and the stew empties
      Given a gnomeville game with 2 players in the build phase
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
        {"type": "second_chance"}
        """
      Then the position has:
        """
        players.0.bag.market = 5
        players.0.hand = null
        players.0.stew = false
        players.0.cells.0 = [null, null, null, null, null]
        """
      And the legal actions include:
        """
        {"actor": 0, "type": "draw"}
        """

    @GV-BUILD-SECOND-CHANCE @GV-FAQ-SECOND-CHANCE-REPEAT
    Scenario: An empty stew cannot return the tile
      Given a gnomeville game with 2 players in the build phase
      And "players.0.stew" is false
      And "players.0.hand" is "market"
      When player 0 plays:
        """
        {"type": "second_chance"}
        """
      Then the action is rejected citing rule "GV-BUILD-SECOND-CHANCE"

    @GV-BUILD-SECOND-CHANCE @GV-BUILD-SECOND-CHANCE-NO-EFFECT @GV-BUILD-ORDER
    Scenario: A gnome tile sent back by the second chance gives no movement and covers no stump
      Given a gnomeville game with 2 players in the build phase
      When player 0 plays:
        """
        {"type": "draw"}
        """
      And chance reveals:
        """
        {"type": "draw", "player": 0, "tile": "gnome"}
        """
      Then "players.0.bag.gnome" is 2
      When player 0 plays:
        """
        {"type": "second_chance"}
        """
      Then the position has:
        """
        players.0.bag.gnome = 3
        players.0.hand = null
        players.0.stumps = 0
        players.0.moves = 0
        players.0.stew = false
        """
      And the legal actions do not include:
        """
        {"actor": 0, "type": "step"}
        """
      And the legal actions include:
        """
        {"actor": 0, "type": "draw"}
        """

  Rule: GV-BUILD-PLACE building tiles go on empty spaces

    @GV-BUILD-PLACE @GV-TERM-EMPTY @GV-TERM-BUILT
    Scenario: A tile cannot go on a built space nor on a gnome
      Given a gnomeville game with 2 players in the build phase
      And player 0's town is:
        """
        ho .  .  .  .
        .  .  .  .  .
        .  .  .@0 .  .
        .  .  .  .  .
        .  .  .  .  .
        """
      And "players.0.hand" is "market"
      When player 0 plays:
        """
        {"type": "place", "space": [0, 0]}
        """
      Then the action is rejected citing rule "GV-BUILD-PLACE"
      When player 0 plays:
        """
        {"type": "place", "space": [2, 2]}
        """
      Then the action is rejected citing rule "GV-BUILD-PLACE"
      When player 0 plays:
        """
        {"type": "place", "space": [0, 1]}
        """
      Then "players.0.cells.0" is ["house", "market", null, null, null]

    @GV-BUILD-PLACE
    Scenario: A building tile is placed on a space of the town, never without one
      # the action's space is left out only for a gnome tile (the action schema)
      Given a gnomeville game with 2 players in the build phase
      And "players.0.hand" is "market"
      When player 0 plays:
        """
        {"type": "place"}
        """
      Then the action is rejected citing rule "GV-BUILD-PLACE"
      When player 0 plays:
        """
        {"type": "place", "space": [0, 1]}
        """
      Then "players.0.cells.0" is [null, "market", null, null, null]

    @GV-TERM-EMPTY-TOKENS @GV-BUILD-PLACE
    Scenario: A boulder or troll space is not empty and takes no building
      Given a gnomeville game with 2 players in the build phase
      And player 0's town is:
        """
        BO TR .  .  .
        .  .  .  .  .
        .  .  .@0 .  .
        .  .  .  .  .
        .  .  .  .  .
        """
      And "boulder_supply" is 43
      And "players.0.hand" is "market"
      When player 0 plays:
        """
        {"type": "place", "space": [0, 0]}
        """
      Then the action is rejected citing rule "GV-BUILD-PLACE"
      When player 0 plays:
        """
        {"type": "place", "space": [0, 1]}
        """
      Then the action is rejected citing rule "GV-BUILD-PLACE"

    @GV-BUILD-PLACE
    Scenario Outline: A place whose space is not a [row, col] pair of whole numbers is refused as malformed (<why>)
      Given a gnomeville game with 2 players in the build phase
      And "players.0.hand" is "market"
      When player 0 plays:
        """
        {"type": "place", "space": <space>}
        """
      Then the action is refused as malformed

      Examples:
        | why                  | space   |
        | one number           | [1]     |
        | three numbers        | [0, 1, 2] |
        | a negative column    | [0, -1] |
        | a string for a space | "0,1"   |

    @GV-BUILD-ORDER @GV-BUILD-PLACE
    Scenario: A draw while the drawn tile is still in hand breaks the order of a tile's steps
      Given a gnomeville game with 2 players in the build phase
      And "players.0.hand" is "market"
      When player 0 plays:
        """
        {"type": "draw"}
        """
      Then the action is rejected citing rule "GV-BUILD-ORDER"

    @GV-BUILD-PLACE @GV-TERM-OCCUPIED
    Scenario: A tile cannot go under the gnome in the corner
      Given a gnomeville game with 2 players in the build phase
      And player 0's town is:
        """
        .@0 .  .  .  .
        .  .  .  .  .
        .  .  .  .  .
        .  .  .  .  .
        .  .  .  .  .
        """
      And "players.0.hand" is "market"
      Then the legal actions do not include:
        """
        {"actor": 0, "type": "place", "space": [0, 0]}
        """
      When player 0 plays:
        """
        {"type": "place", "space": [0, 0]}
        """
      Then the action is rejected citing rule "GV-BUILD-PLACE"

    @GV-BUILD-PLACE @GV-BOARD-TOWER @GV-TERM-BUILT
    Scenario: On Towerville a house cannot go on the built 2+ space its tier would allow
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
        ho .  .  .  .
        """
      And "players.0.hand" is "house"
      When player 0 plays:
        """
        {"type": "place", "space": [4, 0]}
        """
      Then the action is rejected citing rule "GV-BUILD-PLACE"

  Rule: GV-TERM-BUILT a space holding a building tile is built

    @GV-TERM-BUILT
    Scenario: Only the spaces holding a building tile are built: a troll, a boulder or a gnome is no building
      Given a gnomeville game with 2 players in the build phase
      And player 0's town is:
        """
        ho mk .  .  TR
        .  .  .  .  .
        .  .  .@0 .  .
        .  .  .  .  .
        BO .  .  .  ws
        """
      And player 1's town is:
        """
        .  .  .  .  .
        .  .  .  .  .
        .  .  tv@0 .  .
        .  .  .  .  .
        .  .  .  .  .
        """
      Then the outcome has:
        """
        details.buildings = [3, 1]
        """

  Rule: GV-BUILD-AUTOPASS a building that cannot be placed makes the player pass

    @GV-BUILD-AUTOPASS
    Scenario: A house drawn into a full town goes back to the bag and the player has passed
      Given a gnomeville game with 2 players in the build phase
      And player 0's town is:
        """
        mk ho mk ho mk
        ho mk ho mk ho
        mk ho .@0 ho mk
        ho mk ho mk ho
        mk ho mk ho mk
        """
      And "players.0.stew" is false
      And "players.0.hand" is "house"
      Then the legal actions are exactly:
        """
        [{"actor": 0, "type": "pass"}]
        """
      When player 0 plays:
        """
        {"type": "pass"}
        """
      Then the position has:
        """
        players.0.status = "passed"
        players.0.bag.house = 3
        players.0.hand = null
        """

  Rule: GV-BUILD-GNOME-TILE gnome tiles go on the topmost uncovered stump

    @GV-BUILD-GNOME-TILE @GV-BUILD-GNOME-MOVES @GV-COMP-BOARD @GV-BUILD-TILE-KINDS @GV-BUILD-STUCK @reading:turn_by_turn_rounds=[]
    Scenario: The first and second gnome tiles give 1 and 2 movement
      Given a gnomeville game with 2 players in the build phase
      And "players.0.hand" is "gnome"
      When player 0 plays:
        """
        {"type": "place"}
        """
      Then the position has:
        """
        players.0.stumps = 1
        players.0.moves = 1
        """
      When player 0 plays:
        """
        {"type": "stop"}
        """
      Given "players.0.hand" is "gnome"
      When player 0 plays:
        """
        {"type": "place"}
        """
      Then the position has:
        """
        players.0.stumps = 2
        players.0.moves = 2
        players.0.stuck = false
        """
      When player 0 plays:
        """
        {"type": "stop"}
        """
      Then "players.0.status" is "building"
      And the legal actions include:
        """
        {"actor": 0, "type": "draw"}
        """

    @GV-BUILD-GNOME-TILE @GV-BUILD-PLACE
    Scenario: A gnome tile placed on a town space is rejected: it goes on the stumps
      Given a gnomeville game with 2 players in the build phase
      And "players.0.hand" is "gnome"
      When player 0 plays:
        """
        {"type": "place", "space": [0, 0]}
        """
      Then the action is rejected citing rule "GV-BUILD-GNOME-TILE"

  Rule: GV-BUILD-STUCK the third gnome tile makes the player stuck

    @GV-BUILD-STUCK @GV-FAQ-STUCK-MOVE @GV-FAQ-REJOIN @GV-BUILD-STUCK-SURPRISE @GV-ATTACK-SURPRISE @GV-SUMMARY-ATTACK
    Scenario: A stuck player still moves, then passes and faces the surprise attack
      Given a gnomeville game with 2 players in the build phase
      And "players.0.stumps" is 2
      And "players.0.hand" is "gnome"
      When player 0 plays:
        """
        {"type": "place"}
        """
      Then "players.0.stuck" is true
      And the legal actions include:
        """
        {"actor": 0, "type": "step", "gnome": 0, "dir": "N"}
        """
      When player 0 plays:
        """
        {"type": "step", "gnome": 0, "dir": "N"}
        """
      And player 0 plays:
        """
        {"type": "stop"}
        """
      Then "players.0.status" is "stuck"
      When player 0 plays:
        """
        {"type": "draw"}
        """
      Then the action is rejected citing rule "GV-BUILD-STUCK"
      When player 1 plays:
        """
        {"type": "pass"}
        """
      Then the position has:
        """
        phase = "attack"
        chance = {"type": "troll_card"}
        attack_queue = [[0, "surprise"], [0, "round"], [1, "round"]]
        """
