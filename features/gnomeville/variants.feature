Feature: Gnomeville variants

  Rule: GV-VAR-TURN-BY-TURN everyone draws and resolves one tile before anyone draws again

    @GV-VAR-TURN-BY-TURN @GV-VAR-TBT-ROUND @GV-VAR-TBT-FIRST-GAME
    Scenario: After placing a tile a player waits for the others
      Given a gnomeville game with 2 players in the build phase and options:
        """
        {"turn_by_turn_rounds": [1]}
        """
      When these actions are applied:
        """
        [{"actor": 0, "type": "draw"},
         {"actor": "chance", "type": "draw", "player": 0, "tile": "market", "tier": 1},
         {"actor": 0, "type": "place", "space": [0, 0]}]
        """
      Then "to_act" is [1]
      When these actions are applied:
        """
        [{"actor": 1, "type": "draw"},
         {"actor": "chance", "type": "draw", "player": 1, "tile": "market", "tier": 1},
         {"actor": 1, "type": "place", "space": [0, 0]}]
        """
      Then "to_act" is [0, 1]

    @GV-VAR-TURN-BY-TURN @reading:turn_by_turn_rounds=[]
    Scenario: Outside turn-by-turn rounds nobody waits at the start of the build phase
      Given a gnomeville game with 2 players in the build phase
      Then the position has:
        """
        players.0.tbt_done = false
        players.1.tbt_done = false
        to_act = [0, 1]
        """

    @GV-VAR-TURN-BY-TURN @GV-BUILD-GNOME-TILE
    Scenario: A gnome tile, once its movement is over, also ends the player's turn
      Given a gnomeville game with 2 players in the build phase and options:
        """
        {"turn_by_turn_rounds": [1]}
        """
      Then the position has:
        """
        players.0.tbt_done = false
        players.1.tbt_done = false
        """
      When these actions are applied:
        """
        [{"actor": 0, "type": "draw"},
         {"actor": "chance", "type": "draw", "player": 0, "tile": "gnome"},
         {"actor": 0, "type": "place"},
         {"actor": 0, "type": "stop"}]
        """
      Then the position has:
        """
        to_act = [1]
        players.0.tbt_done = true
        """

    @GV-VAR-TURN-BY-TURN
    Scenario: When everyone has resolved a tile the next turn starts with nobody done
      Given a gnomeville game with 2 players in the build phase and options:
        """
        {"turn_by_turn_rounds": [1]}
        """
      When these actions are applied:
        """
        [{"actor": 0, "type": "draw"},
         {"actor": "chance", "type": "draw", "player": 0, "tile": "market", "tier": 1},
         {"actor": 0, "type": "place", "space": [0, 0]},
         {"actor": 1, "type": "draw"},
         {"actor": "chance", "type": "draw", "player": 1, "tile": "market", "tier": 1},
         {"actor": 1, "type": "place", "space": [0, 0]}]
        """
      Then the position has:
        """
        to_act = [0, 1]
        players.0.tbt_done = false
        players.1.tbt_done = false
        """

    @GV-VAR-TURN-BY-TURN @GV-BUILD-PASS
    Scenario: In a turn-by-turn round a pass counts as the player's resolved turn
      Given a gnomeville game with 2 players in the build phase and options:
        """
        {"turn_by_turn_rounds": [1]}
        """
      When player 0 plays:
        """
        {"type": "pass"}
        """
      Then the position has:
        """
        players.0.status = "passed"
        players.0.tbt_done = true
        """

    @GV-VAR-TURN-BY-TURN @GV-FAQ-REJOIN
    Scenario: In the turn-by-turn variant a player who passed cannot rejoin
      Given a gnomeville game with 2 players in the build phase and options:
        """
        {"turn_by_turn_rounds": [1]}
        """
      When player 0 plays:
        """
        {"type": "pass"}
        """
      And player 0 plays:
        """
        {"type": "draw"}
        """
      Then the action is rejected citing rule "GV-VAR-TURN-BY-TURN"

    @GV-VAR-TURN-BY-TURN
    Scenario: Once the other player has passed the last builder draws again without waiting
      Given a gnomeville game with 2 players in the build phase and options:
        """
        {"turn_by_turn_rounds": [1]}
        """
      When these actions are applied:
        """
        [{"actor": 0, "type": "pass"},
         {"actor": 1, "type": "draw"},
         {"actor": "chance", "type": "draw", "player": 1, "tile": "market", "tier": 1},
         {"actor": 1, "type": "place", "space": [0, 0]}]
        """
      Then "to_act" is [1]
      And the legal actions include:
        """
        {"actor": 1, "type": "draw"}
        """

    @GV-VAR-TURN-BY-TURN @GV-BUILD-DRAW
    Scenario: Turn by turn a player with an empty bag cannot draw and may only pass
      Given a gnomeville game with 2 players in the build phase and options:
        """
        {"turn_by_turn_rounds": [1]}
        """
      And "players.0.bag" is {"academy": 0, "armory": 0, "ballista": 0, "gnome": 0, "house": 0, "market": 0, "monument": 0, "tavern": 0, "workshop": 0}
      When player 0 plays:
        """
        {"type": "draw"}
        """
      Then the action is rejected citing rule "GV-BUILD-DRAW"

  Rule: GV-VAR-TBT-ROUND the variant applies only to the rounds chosen for it

    @GV-VAR-TBT-ROUND
    Scenario: A round not chosen for the variant is built freely
      Given a gnomeville game with 2 players in the build phase and options:
        """
        {"turn_by_turn_rounds": [2]}
        """
      When these actions are applied:
        """
        [{"actor": 0, "type": "draw"},
         {"actor": "chance", "type": "draw", "player": 0, "tile": "market", "tier": 1},
         {"actor": 0, "type": "place", "space": [0, 0]}]
        """
      Then "to_act" is [0, 1]
      And the legal actions include:
        """
        {"actor": 0, "type": "draw"}
        """

    @GV-VAR-TBT-ROUND @GV-PHASES
    Scenario: The variant may be chosen for the first and the fifth round, listed once each
      When a new "gnomeville" game with 2 players and options is requested:
        """
        {"turn_by_turn_rounds": [5, 1, 5]}
        """
      Then "options.turn_by_turn_rounds" is [1, 5]

    @GV-VAR-TBT-ROUND @GV-PHASES
    Scenario Outline: A turn-by-turn round the game does not have is refused (<rounds>)
      When a new "gnomeville" game with 2 players and options is requested:
        """
        {"turn_by_turn_rounds": <rounds>}
        """
      Then the request is refused as malformed

      Examples:
        | rounds |
        | [0]    |
        | [6]    |
        | ["1"]  |

  Rule: GV-VAR-MASTER the new tile goes on the triggering space

    @GV-VAR-MASTER
    Scenario: Under master build the upgrade must use the space just built
      Given a gnomeville game with 2 players in the build phase and options:
        """
        {"master_build": true}
        """
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
      Then the legal actions are exactly:
        """
        [{"actor": 0, "type": "upgrade", "space": [0, 2], "kind": "house"},
         {"actor": 0, "type": "upgrade", "space": [0, 2], "kind": "workshop"}]
        """

    @GV-VAR-MASTER @GV-UPGRADE-TIMING
    Scenario: Under master build an upgrade no placement triggered may use any of its spaces
      Given a gnomeville game with 2 players in the build phase and options:
        """
        {"master_build": true}
        """
      And player 0's town is:
        """
        mk mk@0 mk .  .
        .  .  .  .  .
        .  .  .  .  .
        .  .  .  .  .
        .  .  .  .  .
        """
      And "players.0.moves" is 1
      When player 0 plays:
        """
        {"type": "step", "gnome": 0, "dir": "S"}
        """
      Then the legal actions are exactly:
        """
        [{"actor": 0, "type": "upgrade", "space": [0, 0], "kind": "house"},
         {"actor": 0, "type": "upgrade", "space": [0, 1], "kind": "house"},
         {"actor": 0, "type": "upgrade", "space": [0, 2], "kind": "house"},
         {"actor": 0, "type": "upgrade", "space": [0, 0], "kind": "workshop"},
         {"actor": 0, "type": "upgrade", "space": [0, 1], "kind": "workshop"},
         {"actor": 0, "type": "upgrade", "space": [0, 2], "kind": "workshop"}]
        """

    @GV-VAR-MASTER @GV-UPGRADE-CHAIN
    Scenario: Under master build a chain's tile goes on the space of the tile that chained
      Given a gnomeville game with 2 players in the build phase and options:
        """
        {"master_build": true}
        """
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
      And player 0 plays:
        """
        {"type": "upgrade", "space": [0, 2], "kind": "workshop"}
        """
      Then the legal actions are exactly:
        """
        [{"actor": 0, "type": "upgrade", "space": [0, 2], "kind": "armory"}]
        """
