Feature: Gnomeville FAQ answers

  Rule: GV-FAQ-REJOIN a passed player may rejoin the build phase

    @GV-FAQ-REJOIN @reading:turn_by_turn_rounds=[]
    Scenario: A player who passed draws again while another still builds
      Given a gnomeville game with 2 players in the build phase
      When player 0 plays:
        """
        {"type": "pass"}
        """
      Then the legal actions include:
        """
        {"actor": 0, "type": "draw"}
        """
      When player 0 plays:
        """
        {"type": "draw"}
        """
      Then "players.0.status" is "building"

    @GV-FAQ-REJOIN @GV-BUILD-DRAW @reading:turn_by_turn_rounds=[]
    Scenario Outline: A player who passed may rejoin only with a tile left to draw (<left> in the bag)
      Given a gnomeville game with 2 players in the build phase
      And "players.0.bag" is {"academy": 0, "armory": 0, "ballista": 0, "gnome": 0, "house": 0, "market": <left>, "monument": 0, "tavern": 0, "workshop": 0}
      When player 0 plays:
        """
        {"type": "pass"}
        """
      Then "to_act" is <to_act>

      Examples:
        | left | to_act |
        | 1    | [0, 1] |
        | 0    | [1]    |

    @GV-FAQ-REJOIN @GV-BUILD-DRAW @reading:turn_by_turn_rounds=[]
    Scenario: A player who passed with an empty bag cannot come back to draw
      Given a gnomeville game with 2 players in the build phase
      And "players.0.bag" is {"academy": 0, "armory": 0, "ballista": 0, "gnome": 0, "house": 0, "market": 0, "monument": 0, "tavern": 0, "workshop": 0}
      When player 0 plays:
        """
        {"type": "pass"}
        """
      And player 0 plays:
        """
        {"type": "draw"}
        """
      Then the action is rejected citing rule "GV-FAQ-REJOIN"

  Rule: GV-FAQ-NO-LOOP a gnome tile on a stump cannot be returned

    @GV-FAQ-NO-LOOP @GV-BUILD-SECOND-CHANCE
    Scenario: Once the gnome tile is placed the second chance is gone
      Given a gnomeville game with 2 players in the build phase
      And "players.0.hand" is "gnome"
      Then the legal actions include:
        """
        {"actor": 0, "type": "second_chance"}
        """
      When player 0 plays:
        """
        {"type": "place"}
        """
      And player 0 plays:
        """
        {"type": "second_chance"}
        """
      Then the action is rejected citing rule "GV-BUILD-SECOND-CHANCE"

  Rule: GV-FAQ-STUCK-MOVE a stuck player may still move

    @GV-FAQ-STUCK-MOVE @GV-BUILD-STUCK
    Scenario: The third gnome tile's movement is playable
      Given a gnomeville game with 2 players in the build phase
      And the position:
        """
        players.0.stumps = 2
        players.0.hand = "gnome"
        """
      When player 0 plays:
        """
        {"type": "place"}
        """
      Then the legal actions include:
        """
        {"actor": 0, "type": "step", "gnome": 0, "dir": "S"}
        """

    @GV-FAQ-STUCK-MOVE @GV-BUILD-STUCK @GV-BLDG-MARKET @GV-BLDG-OPTIONAL
    Scenario: A stuck player's last step into a market is resolved before the player is out of the phase
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
        players.0.stumps = 2
        players.0.bag.gnome = 1
        players.0.hand = "gnome"
        """
      When player 0 plays:
        """
        {"type": "place"}
        """
      And these actions are applied:
        """
        [{"actor": 0, "type": "step", "gnome": 0, "dir": "S"},
         {"actor": 0, "type": "step", "gnome": 0, "dir": "N"},
         {"actor": 0, "type": "step", "gnome": 0, "dir": "N"}]
        """
      Then the position has:
        """
        players.0.stuck = true
        players.0.status = "building"
        players.0.activation = {"kind": "market", "space": [1, 2], "gnome": 0}
        """
      When player 0 plays:
        """
        {"type": "decline"}
        """
      Then the position has:
        """
        players.0.status = "stuck"
        players.0.activation = null
        """
