Feature: Gnomeville components and their provisional data

  Rule: GV-COMP-MUSHROOMS mushrooms are not limited by the tokens

    @GV-COMP-MUSHROOMS @GV-MOVE-EMPTY
    Scenario: A player with 36 mushrooms still gains one
      Given a gnomeville game with 2 players in the build phase
      And the position:
        """
        players.0.mushrooms = 36
        players.0.moves = 1
        """
      When player 0 plays:
        """
        {"type": "step", "gnome": 0, "dir": "W"}
        """
      Then "players.0.mushrooms" is 37

  Rule: GV-COMP-LINES tier 2 and up follow their line

    @GV-COMP-LINES @GV-UPGRADE-LINE @reading:master_build=false
    Scenario: Workshops upgrade to an armory only
      Given a gnomeville game with 2 players in the build phase
      And player 0's town is:
        """
        ws ws .  .  .
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
      Then the legal actions are exactly:
        """
        [{"actor": 0, "type": "upgrade", "space": [0, 0], "kind": "armory"},
         {"actor": 0, "type": "upgrade", "space": [0, 1], "kind": "armory"},
         {"actor": 0, "type": "upgrade", "space": [0, 2], "kind": "armory"}]
        """

    @GV-COMP-LINES @GV-UPGRADE-LINE @reading:master_build=false
    Scenario: Taverns upgrade to an academy only
      Given a gnomeville game with 2 players in the build phase
      And player 0's town is:
        """
        tv tv .  .  .
        .  .  .  .  .
        .  .  .@0 .  .
        .  .  .  .  .
        .  .  .  .  .
        """
      And "players.0.hand" is "tavern"
      When player 0 plays:
        """
        {"type": "place", "space": [0, 2]}
        """
      Then the legal actions are exactly:
        """
        [{"actor": 0, "type": "upgrade", "space": [0, 0], "kind": "academy"},
         {"actor": 0, "type": "upgrade", "space": [0, 1], "kind": "academy"},
         {"actor": 0, "type": "upgrade", "space": [0, 2], "kind": "academy"}]
        """

  Rule: GV-COMP-PLAYER-COUNT one to four players, one town board each

    @GV-COMP-PLAYER-COUNT @GV-SETUP-TOWN-DEAL
    Scenario: A game for five players has no town board for the fifth and is refused
      When a new "gnomeville" game with 5 players is requested
      Then the request is refused as unsupported

    @GV-COMP-PLAYER-COUNT @GV-SETUP-TOWN-DEAL @GV-SETUP-GNOMES
    Scenario: A four-player game deals a town to each of the four players
      Given a new "gnomeville" game with 4 players
      Then the position has:
        """
        num_players = 4
        players.3.board = "symmetric"
        players.3.gnomes.0.space = [2, 2]
        """

  Rule: GV-COMP-GOALS the adjacency goal cards compare the two towns

    @GV-COMP-GOALS @GV-END-ADJACENCY @GV-END-ADJACENCY-LOSER
    Scenario: A graduated gnome in the corner counts for the most-graduates card
      Given a gnomeville game with 2 players in the build phase
      And player 0's town is:
        """
        .@0 .  .  .  .
        .  .  .  .  .
        .  .  .  .  .
        .  .  .  .  .
        .  .  .  .  .
        """
      And the position:
        """
        round = 5
        goals = [{"players": [0, 1], "cards": ["most-graduates"], "size": 3}]
        players.0.gnomes.0.graduated = true
        """
      When these actions are applied:
        """
        [{"actor": 0, "type": "pass"}, {"actor": 1, "type": "pass"},
         {"actor": "chance", "type": "delivery_card", "card": "delivery-01"}]
        """
      Then the game is over
      And the outcome has:
        """
        scores = [4, 0]
        winners = [0]
        """

    @GV-COMP-GOALS @GV-END-ADJACENCY @GV-END-ADJACENCY-LOSER
    Scenario: A hammer gnome in the corner counts for the most-hammers card
      Given a gnomeville game with 2 players in the build phase
      And player 0's town is:
        """
        .@0 .  .  .  .
        .  .  .  .  .
        .  .  .  .  .
        .  .  .  .  .
        .  .  .  .  .
        """
      And the position:
        """
        round = 5
        goals = [{"players": [0, 1], "cards": ["most-hammers"], "size": 3}]
        players.0.gnomes.0.hammer = true
        """
      When these actions are applied:
        """
        [{"actor": 0, "type": "pass"}, {"actor": 1, "type": "pass"},
         {"actor": "chance", "type": "delivery_card", "card": "delivery-01"}]
        """
      Then the outcome has:
        """
        scores = [4, 0]
        winners = [0]
        """

    @GV-COMP-GOALS @GV-END-ADJACENCY @GV-END-ADJACENCY-LOSER
    Scenario: Three red buildings beat two blue ones on the most-red card
      Given a gnomeville game with 2 players in the build phase
      And player 0's town is:
        """
        ws ar ba .  .
        .  .  .  .  .
        .  .  .@0 .  .
        .  .  .  .  .
        .  .  .  .  .
        """
      And player 1's town is:
        """
        ho .  tv .  .
        .  .  .  .  .
        .  .  .@0 .  .
        .  .  .  .  .
        .  .  .  .  .
        """
      And the position:
        """
        round = 5
        goals = [{"players": [0, 1], "cards": ["most-red"], "size": 3}]
        """
      When these actions are applied:
        """
        [{"actor": 0, "type": "pass"}, {"actor": 1, "type": "pass"},
         {"actor": "chance", "type": "delivery_card", "card": "delivery-01"}]
        """
      Then the game is over
      And the outcome has:
        """
        scores = [5, 0]
        winners = [0]
        """

    @GV-COMP-GOALS @GV-END-ADJACENCY @GV-END-ADJACENCY-TIE
    Scenario Outline: Only sword gnomes on the board count for the fewest-swords card (<case>)
      Given a gnomeville game with 2 players in the build phase
      And player 0's town is:
        """
        .  .  .  .  .
        .  .@0 .  .  .
        .  .  .@1 .  .
        .  .  .  .@2 .
        .  .  .  .  .
        """
      And player 1's town is:
        """
        <row0>
        .  .  .  .  .
        .  .  .  .  .
        .  .  .  .  .
        .  .  .  .  .
        """
      And the position:
        """
        round = 5
        goals = [{"players": [0, 1], "cards": ["fewest-swords"], "size": 3}]
        players.1.gnomes.0.sword = true
        """
      When these actions are applied:
        """
        [{"actor": 0, "type": "pass"}, {"actor": 1, "type": "pass"},
         {"actor": "chance", "type": "delivery_card", "card": "delivery-01"}]
        """
      Then the outcome has:
        """
        scores = [5, 0]
        """

      Examples:
        | case                                          | row0             |
        | three plain gnomes beat one sword gnome        | .  .@0 .  .  .   |
        | the sword gnome in the corner counts           | .@0 .  .  .  .   |

  Rule: GV-COMP-DELIVERY the special delivery cards and their icons

    @GV-COMP-DELIVERY @GV-DELIVERY @GV-DELIVERY-GAPS
    Scenario: A points icon of a special delivery is worth 2 points
      Given a gnomeville game with 2 players in the build phase
      And "players.0.score" is 6
      When these actions are applied:
        """
        [{"actor": 0, "type": "pass"}, {"actor": 1, "type": "pass"},
         {"actor": "chance", "type": "delivery_card", "card": "delivery-02"}]
        """
      Then "players.1.delivery" is ["points"]
      When player 1 plays:
        """
        {"type": "delivery", "icon": "points", "take": true}
        """
      Then "players.1.score" is 2

    @GV-COMP-DELIVERY @GV-DELIVERY @GV-DELIVERY-GAPS
    Scenario: A points icon adds its 2 points to what the player behind already has
      Given a gnomeville game with 2 players in the build phase
      And the position:
        """
        players.0.score = 10
        players.1.score = 3
        """
      When these actions are applied:
        """
        [{"actor": 0, "type": "pass"}, {"actor": 1, "type": "pass"},
         {"actor": "chance", "type": "delivery_card", "card": "delivery-02"},
         {"actor": 1, "type": "delivery", "icon": "points", "take": true}]
        """
      Then the position has:
        """
        players.1.score = 5
        players.0.score = 10
        """
