Feature: Gnomeville gnome movement, exhaustion, abilities and equipment

  Rule: GV-MOVE-STEP gnomes move orthogonally one space per movement point

    @GV-MOVE-STEP @GV-MOVE-EMPTY @GV-MOVE-RESOLVE
    Scenario: A step onto an empty space gains a mushroom
      Given a gnomeville game with 2 players in the build phase
      And "players.0.moves" is 1
      Then the legal actions are exactly:
        """
        [{"actor": 0, "type": "step", "gnome": 0, "dir": "E"},
         {"actor": 0, "type": "step", "gnome": 0, "dir": "N"},
         {"actor": 0, "type": "step", "gnome": 0, "dir": "S"},
         {"actor": 0, "type": "step", "gnome": 0, "dir": "W"},
         {"actor": 0, "type": "stop"}]
        """
      When player 0 plays:
        """
        {"type": "step", "gnome": 0, "dir": "N"}
        """
      Then the position has:
        """
        players.0.gnomes.0.space = [1, 2]
        players.0.mushrooms = 3
        players.0.moves = 0
        """

    @GV-MOVE-STEP @GV-MOVE-DISTRIBUTE @GV-MOVE-OPTIONAL
    Scenario: Movement is shared between gnomes and the rest may be left unused
      Given a gnomeville game with 2 players in the build phase
      And player 0's town is:
        """
        .  .  .  .  .
        .  .  .  .  .
        .@1 .  .@0 .  .
        .  .  .  .  .
        .  .  .  .  .
        """
      And "players.0.moves" is 3
      When player 0 plays:
        """
        {"type": "step", "gnome": 0, "dir": "E"}
        """
      And player 0 plays:
        """
        {"type": "step", "gnome": 1, "dir": "S"}
        """
      And player 0 plays:
        """
        {"type": "stop"}
        """
      Then the position has:
        """
        players.0.gnomes.0.space = [2, 3]
        players.0.gnomes.1.space = [3, 0]
        players.0.mushrooms = 4
        players.0.moves = 0
        """

    @GV-MOVE-STEP
    Scenario: A gnome in the corner can only step along the board
      Given a gnomeville game with 2 players in the build phase
      And player 0's town is:
        """
        .@0 .  .  .  .
        .  .  .  .  .
        .  .  .  .  .
        .  .  .  .  .
        .  .  .  .  .
        """
      And "players.0.moves" is 1
      Then the legal actions are exactly:
        """
        [{"actor": 0, "type": "step", "gnome": 0, "dir": "E"},
         {"actor": 0, "type": "step", "gnome": 0, "dir": "S"},
         {"actor": 0, "type": "stop"}]
        """
      When player 0 plays:
        """
        {"type": "step", "gnome": 0, "dir": "N"}
        """
      Then the action is rejected citing rule "GV-MOVE-STEP"

    @GV-MOVE-STEP @GV-MOVE-DISTRIBUTE
    Scenario: A gnome in camp between two deployed ones leaves the third free to move
      Given a gnomeville game with 2 players in the build phase
      And player 0's town is:
        """
        .  .  .  .  .
        .  .  .  .  .
        .  .  .@0 .  .
        .  .  .  .  .
        .  .  .  . .@2
        """
      And "players.0.moves" is 1
      Then the legal actions include:
        """
        {"actor": 0, "type": "step", "gnome": 2, "dir": "N"}
        """

    @GV-MOVE-STEP @GV-MOVE-TROLL
    Scenario Outline: An illegal step is rejected citing the rule it breaks (<why>)
      Given a gnomeville game with 2 players in the build phase
      And player 0's town is:
        """
        <row0>
        .  .  .  .  .
        .  .  .  .  .
        .  .  .  .  .
        .  .  .  .  .
        """
      And "players.0.moves" is 1
      When player 0 plays:
        """
        {"type": "step", "gnome": <gnome>, "dir": "<dir>"}
        """
      Then the action is rejected citing rule "<rule>"

      Examples:
        | why                                      | row0                | gnome | dir | rule         |
        | from the corner onto a troll             | .@0 TR .  .  .      | 0     | E   | GV-MOVE-TROLL |
        | onto a troll in the corner               | TR .@0 .  .  .      | 0     | W   | GV-MOVE-TROLL |
        | a gnome the player does not have         | .  .@0 .  .  .      | 3     | E   | GV-MOVE-STEP |

    @GV-MOVE-STEP
    Scenario: A step with no movement left is rejected citing the step rule
      Given a gnomeville game with 2 players in the build phase
      When player 0 plays:
        """
        {"type": "step", "gnome": 0, "dir": "N"}
        """
      Then the action is rejected citing rule "GV-MOVE-STEP"

  Rule: GV-MOVE-RESOLVE each space a deployed gnome moves into is checked and resolved

    @GV-MOVE-RESOLVE @GV-MOVE-EMPTY @GV-BLDG-TAVERN
    Scenario: Each space entered is resolved by what is on it: a mushroom on the empty one, the tavern's effect on the built one
      Given a gnomeville game with 2 players in the build phase
      And player 0's town is:
        """
        .  .  tv .  .
        .  .  .  .  .
        .  .  .@0 .  .
        .  .  .  .  .
        .  .  .  .  .
        """
      And the position:
        """
        players.0.stew = false
        players.0.moves = 2
        """
      When player 0 plays:
        """
        {"type": "step", "gnome": 0, "dir": "N"}
        """
      Then the position has:
        """
        players.0.mushrooms = 3
        players.0.activation = null
        """
      When player 0 plays:
        """
        {"type": "step", "gnome": 0, "dir": "N"}
        """
      Then the position has:
        """
        players.0.mushrooms = 3
        players.0.activation = {"kind": "tavern", "space": [0, 2], "gnome": 0}
        """

  Rule: GV-MOVE-PASS-THROUGH gnomes pass through each other but rest alone

    @GV-MOVE-PASS-THROUGH @GV-MOVE-PASS-THROUGH-EFFECT @GV-TERM-OCCUPIED
    Scenario: Passing through an occupied space resolves nothing and the gnome must move on
      Given a gnomeville game with 2 players in the build phase
      And player 0's town is:
        """
        .  .  .  .  .
        .  .  .@1 .  .
        .  .  .@0 .  .
        .  .  .  .  .
        .  .  .  .  .
        """
      And "players.0.moves" is 2
      When player 0 plays:
        """
        {"type": "step", "gnome": 0, "dir": "N"}
        """
      Then the position has:
        """
        players.0.transit = 0
        players.0.mushrooms = 2
        """
      When player 0 plays:
        """
        {"type": "stop"}
        """
      Then the action is rejected citing rule "GV-MOVE-PASS-THROUGH"
      When player 0 plays:
        """
        {"type": "step", "gnome": 0, "dir": "N"}
        """
      Then the position has:
        """
        players.0.transit = null
        """

    @GV-MOVE-PASS-THROUGH
    Scenario: With one movement point a gnome cannot step onto an occupied space
      Given a gnomeville game with 2 players in the build phase
      And player 0's town is:
        """
        .  .  .  .  .
        .  .  .@1 .  .
        .  .  .@0 .  .
        .  .  .  .  .
        .  .  .  .  .
        """
      And "players.0.moves" is 1
      When player 0 plays:
        """
        {"type": "step", "gnome": 0, "dir": "N"}
        """
      Then the action is rejected citing rule "GV-MOVE-PASS-THROUGH"

    @GV-MOVE-PASS-THROUGH @GV-MOVE-TROLL
    Scenario: A gnome in the corner may pass through its neighbour when only the way back is free
      Given a gnomeville game with 2 players in the build phase
      And player 0's town is:
        """
        .@0 .@1 TR .  .
        .  TR .  .  .
        .  .  .  .  .
        .  .  .  .  .
        .  .  .  .  .
        """
      And "players.0.moves" is 2
      Then the legal actions include:
        """
        {"actor": 0, "type": "step", "gnome": 0, "dir": "E"}
        """
      When player 0 plays:
        """
        {"type": "step", "gnome": 0, "dir": "E"}
        """
      Then the legal actions are exactly:
        """
        [{"actor": 0, "type": "step", "gnome": 0, "dir": "W"}]
        """

    @GV-MOVE-PASS-THROUGH @GV-TERM-OCCUPIED @GV-MOVE-TROLL
    Scenario Outline: Passing on through a second gnome needs the moves to get back out (<moves> moves)
      # Gnome 0 stands on gnome 1 and looks at gnome 2's space: the trolls close its other
      # sides, so the only free space it can end on is back past gnome 1, two steps further.
      Given a gnomeville game with 2 players in the build phase
      And player 0's town is:
        """
        .@0 .@1 .@2 TR .
        .  .  TR .  .
        .  .  .  .  .
        .  .  .  .  .
        .  .  .  .  .
        """
      And "players.0.moves" is <moves>
      When player 0 plays:
        """
        {"type": "step", "gnome": 0, "dir": "E"}
        """
      Then "players.0.transit" is 0
      And the legal actions <onward>:
        """
        {"actor": 0, "type": "step", "gnome": 0, "dir": "E"}
        """

      Examples:
        | moves | onward          |
        | 4     | include         |
        | 3     | do not include  |

    @GV-MOVE-PASS-THROUGH @GV-TERM-OCCUPIED
    Scenario: With one movement point a gnome cannot step onto the gnome in the corner
      Given a gnomeville game with 2 players in the build phase
      And player 0's town is:
        """
        .@1 .@0 .  .  .
        .  .  .  .  .
        .  .  .  .  .
        .  .  .  .  .
        .  .  .  .  .
        """
      And "players.0.moves" is 1
      When player 0 plays:
        """
        {"type": "step", "gnome": 0, "dir": "W"}
        """
      Then the action is rejected citing rule "GV-MOVE-PASS-THROUGH"

  Rule: GV-MOVE-TROLL only a sword gnome enters a troll space

    @GV-MOVE-TROLL @GV-FAQ-MUSHROOMS @GV-SWORD-DEFEAT @GV-MOVE-MUSHROOM-MAY
    Scenario: Without a sword the troll blocks; with one the troll is removed for a mushroom
      Given a gnomeville game with 2 players in the build phase
      And player 0's town is:
        """
        .  .  .  .  .
        .  .  TR .  .
        .  .  .@0 .  .
        .  .  .  .  .
        .  .  .  .  .
        """
      And "players.0.moves" is 1
      When player 0 plays:
        """
        {"type": "step", "gnome": 0, "dir": "N"}
        """
      Then the action is rejected citing rule "GV-MOVE-TROLL"
      Given "players.0.gnomes.0.sword" is true
      When player 0 plays:
        """
        {"type": "step", "gnome": 0, "dir": "N"}
        """
      Then the position has:
        """
        players.0.cells.1.2 = null
        players.0.mushrooms = 3
        """

  Rule: GV-MOVE-BOULDER only a hammer gnome enters a boulder space

    @GV-MOVE-BOULDER @GV-FAQ-MUSHROOMS @GV-DESTROYED-TO-SUPPLY @GV-MOVE-MUSHROOM-MAY
    Scenario: A hammer gnome breaks the boulder, which returns to the supply
      Given a gnomeville game with 2 players in the build phase
      And player 0's town is:
        """
        .  .  .  .  .
        .  .  BO .  .
        .  .  .@0 .  .
        .  .  .  .  .
        .  .  .  .  .
        """
      And "boulder_supply" is 43
      And "players.0.moves" is 1
      When player 0 plays:
        """
        {"type": "step", "gnome": 0, "dir": "N"}
        """
      Then the action is rejected citing rule "GV-MOVE-BOULDER"
      Given "players.0.gnomes.0.hammer" is true
      When player 0 plays:
        """
        {"type": "step", "gnome": 0, "dir": "N"}
        """
      Then the position has:
        """
        players.0.cells.1.2 = null
        boulder_supply = 44
        players.0.mushrooms = 3
        """

  Rule: GV-EXHAUST an exhausted gnome loses everything and returns to camp

    @GV-EXHAUST @GV-EXHAUST-DISCARD @GV-EXHAUST-REDEPLOY @GV-TROLL-DESTROY
    Scenario: A troll lands on the only gnome, which is exhausted and must be redeployed
      Given a gnomeville game with 2 players whose round troll card is:
        """
        {"matrix": [".....", ".....", "..T..", ".....", "....."], "moves": []}
        """
      And the position:
        """
        players.0.gnomes.0.hammer = true
        players.0.gnomes.0.graduated = true
        players.0.gnomes.0.ability = "ability-05"
        ability_deck = ["ability-01", "ability-02", "ability-03", "ability-04", "ability-06", "ability-07", "ability-08", "ability-09", "ability-10", "ability-11", "ability-12", "ability-13", "ability-14", "ability-15", "ability-16", "ability-17", "ability-18", "ability-19", "ability-20", "ability-21", "ability-22"]
        """
      When these actions are applied:
        """
        [{"actor": 0, "type": "pass"}, {"actor": 1, "type": "pass"}]
        """
      Then the position has:
        """
        to_act = [0]
        players.0.gnomes.0 = {"space": null, "hammer": false, "sword": false, "graduated": false, "ability": null}
        ability_bottom = ["ability-05"]
        players.0.cells.2.2 = "troll"
        """
      And the legal actions do not include:
        """
        {"actor": 0, "type": "place_gnome", "space": [2, 2]}
        """
      When player 0 plays:
        """
        {"type": "place_gnome", "space": [0, 0]}
        """
      Then "players.0.gnomes.0.space" is [0, 0]
      And "players.0.mushrooms" is 2

  Rule: GV-EXHAUST-REDEPLOY with no gnome left a stand goes at once on a space without an enemy or a boulder

    @GV-EXHAUST-REDEPLOY
    Scenario: The redeployed gnome may stand on a building but not on a boulder or a troll
      Given a gnomeville game with 2 players whose round troll card is:
        """
        {"matrix": [".....", ".....", "..T..", ".....", "....."], "moves": []}
        """
      And player 0's town is:
        """
        ho BO .  .  .
        .  .  .  .  .
        .  .  .@0 .  .
        .  .  .  .  .
        .  .  .  .  .
        """
      And "boulder_supply" is 43
      When these actions are applied:
        """
        [{"actor": 0, "type": "pass"}, {"actor": 1, "type": "pass"}]
        """
      Then "to_act" is [0]
      And the legal actions include:
        """
        {"actor": 0, "type": "place_gnome", "space": [0, 0]}
        """
      And the legal actions do not include:
        """
        {"actor": 0, "type": "place_gnome", "space": [0, 1]}
        """
      And the legal actions do not include:
        """
        {"actor": 0, "type": "place_gnome", "space": [2, 2]}
        """
      When player 0 plays:
        """
        {"type": "place_gnome", "space": [0, 0]}
        """
      Then the position has:
        """
        players.0.gnomes.0.space = [0, 0]
        players.0.mushrooms = 2
        players.0.activation = null
        players.0.cells.0.0 = "house"
        """

    @GV-EXHAUST-REDEPLOY
    Scenario: With every space under a troll or a boulder no gnome can be placed and play goes on
      Given a gnomeville game with 2 players in the build phase
      And player 0's town is:
        """
        TR BO BO BO BO
        BO BO BO BO BO
        BO BO TR BO BO
        BO BO BO BO BO
        BO BO BO BO TR
        """
      Then the legal actions are exactly:
        """
        [{"actor": 0, "type": "draw"}, {"actor": 0, "type": "pass"},
         {"actor": 1, "type": "draw"}, {"actor": 1, "type": "pass"}]
        """

    @GV-EXHAUST-REDEPLOY
    Scenario: A town found with no gnome in it has one placed at once, before anyone draws
      Given a gnomeville game with 2 players in the build phase
      And player 0's town is:
        """
        .  .  .  .  .
        .  .  .  .  .
        .  .  .  .  .
        .  .  .  .  .
        .  .  .  .  .
        """
      Then "to_act" is [0]
      And the legal actions include:
        """
        {"actor": 0, "type": "place_gnome", "space": [2, 2]}
        """
      And the legal actions do not include:
        """
        {"actor": 0, "type": "draw"}
        """
      And the legal actions do not include:
        """
        {"actor": 1, "type": "draw"}
        """

    @GV-EXHAUST-REDEPLOY
    Scenario: A town whose one gnome stands in the top-left corner still has a gnome on its board and places none
      Given a gnomeville game with 2 players in the build phase
      And player 0's town is:
        """
        .@0 .  .  .  .
        .  .  .  .  .
        .  .  .  .  .
        .  .  .  .  .
        .  .  .  .  .
        """
      Then "to_act" is [0, 1]
      And the legal actions include:
        """
        {"actor": 0, "type": "draw"}
        """
      And the legal actions do not include:
        """
        {"actor": 0, "type": "place_gnome", "space": [2, 2]}
        """

    @GV-EXHAUST-REDEPLOY @GV-BOARD-RIVER
    Scenario: A town with no gnome and no free space gets one as soon as the river frees a space
      Given a gnomeville game with 1 player in the build phase and options:
        """
        {"boards": ["riverville"]}
        """
      And player 0's town is:
        """
        TR BO BO BO BO
        BO BO BO BO BO
        BO BO TR BO BO
        BO BO BO BO BO
        BO BO BO BO TR
        """
      When player 0 plays:
        """
        {"type": "place_gnome", "space": [0, 1]}
        """
      Then the action is rejected
      When these actions are applied:
        """
        [{"actor": 0, "type": "pass"}, {"actor": 0, "type": "done"}]
        """
      Then "to_act" is [0]
      And the legal actions include:
        """
        {"actor": 0, "type": "place_gnome", "space": [4, 3]}
        """
      And the legal actions do not include:
        """
        {"actor": 0, "type": "place_gnome", "space": [4, 2]}
        """
      When player 0 plays:
        """
        {"type": "place_gnome", "space": [4, 3]}
        """
      Then the position has:
        """
        players.0.gnomes.0.space = [4, 3]
        players.0.cells.4 = [null, null, "boulder", null, null]
        """

  Rule: GV-ABILITY-GRADUATE graduation gives an ability card

    @GV-ABILITY-GRADUATE @GV-BLDG-ACADEMY @GV-ABILITY-ONCE @GV-COMP-ABILITIES
    Scenario: An academy graduates the gnome, which keeps one of two cards
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
        {"type": "use"}
        """
      Then "players.0.gnomes.0.graduated" is true
      When chance reveals:
        """
        {"type": "ability", "player": 0, "card": "ability-03"}
        """
      And chance reveals:
        """
        {"type": "ability", "player": 0, "card": "ability-17"}
        """
      Then the legal actions are exactly:
        """
        [{"actor": 0, "type": "keep", "card": "ability-03"}, {"actor": 0, "type": "keep", "card": "ability-17"}]
        """
      When player 0 plays:
        """
        {"type": "keep", "card": "ability-17"}
        """
      Then the position has:
        """
        players.0.gnomes.0.ability = "ability-17"
        ability_bottom = ["ability-03"]
        players.0.mushrooms = 2
        """

    @GV-BLDG-ACADEMY @GV-ABILITY-GRADUATE
    Scenario: A gnome that has already graduated gets nothing more from an academy
      Given a gnomeville game with 2 players in the build phase
      And player 0's town is:
        """
        .  .  .  .  .
        .  .  ac .  .
        .  .  .@0 .  .
        .  .  .  .  .
        .  .  .  .  .
        """
      And the position:
        """
        players.0.gnomes.0.graduated = true
        players.0.gnomes.0.ability = "ability-05"
        ability_deck = ["ability-01", "ability-02", "ability-03", "ability-04", "ability-06", "ability-07", "ability-08", "ability-09", "ability-10", "ability-11", "ability-12", "ability-13", "ability-14", "ability-15", "ability-16", "ability-17", "ability-18", "ability-19", "ability-20", "ability-21", "ability-22"]
        players.0.moves = 1
        """
      When player 0 plays:
        """
        {"type": "step", "gnome": 0, "dir": "N"}
        """
      Then the position has:
        """
        chance = null
        players.0.activation = null
        players.0.gnomes.0.ability = "ability-05"
        players.0.drawn_abilities = []
        players.0.mushrooms = 2
        """

    @GV-BLDG-ACADEMY @GV-ABILITY-GRADUATE @GV-COMP-ABILITIES @GV-BLDG-ACTIVATE @GV-EXHAUST-DISCARD
    Scenario: With only cards put under the deck left, the academy draws the two put there first
      # Every card returned goes under the deck, below those returned before it, so once the
      # face-down part is gone the first two returned are the top two: nothing is random.
      Given a gnomeville game with 2 players in the build phase
      And player 0's town is:
        """
        .  .  .  .  .
        .  .  ac .  .
        .  .  .@0 .  .
        .  .  .  .  .
        .  .  .  .  .
        """
      And the position:
        """
        ability_deck = []
        ability_bottom = ["ability-09", "ability-04", "ability-01", "ability-02", "ability-03", "ability-05", "ability-06", "ability-07", "ability-08", "ability-10", "ability-11", "ability-12", "ability-13", "ability-14", "ability-15", "ability-16", "ability-17", "ability-18", "ability-19", "ability-20", "ability-21", "ability-22"]
        players.0.moves = 1
        """
      When player 0 plays:
        """
        {"type": "step", "gnome": 0, "dir": "N"}
        """
      And player 0 plays:
        """
        {"type": "use"}
        """
      Then the position has:
        """
        chance = null
        players.0.gnomes.0.graduated = true
        players.0.drawn_abilities = ["ability-04", "ability-09"]
        """
      And the legal actions are exactly:
        """
        [{"actor": 0, "type": "keep", "card": "ability-04"}, {"actor": 0, "type": "keep", "card": "ability-09"}]
        """
      When player 0 plays:
        """
        {"type": "keep", "card": "ability-01"}
        """
      Then the action is rejected citing rule "GV-BLDG-ACTIVATE"
      When player 0 plays:
        """
        {"type": "keep", "card": "ability-04"}
        """
      Then the position has:
        """
        players.0.gnomes.0.ability = "ability-04"
        players.0.drawn_abilities = []
        players.0.activation = null
        ability_deck = []
        ability_bottom = ["ability-01", "ability-02", "ability-03", "ability-05", "ability-06", "ability-07", "ability-08", "ability-10", "ability-11", "ability-12", "ability-13", "ability-14", "ability-15", "ability-16", "ability-17", "ability-18", "ability-19", "ability-20", "ability-21", "ability-22", "ability-09"]
        """

  Rule: GV-EQUIP equipment sits on the gnome's tracker

    @GV-EQUIP @GV-EQUIP-BOTH @GV-BLDG-ARMORY
    Scenario: A hammer gnome entering an armory carries both
      Given a gnomeville game with 2 players in the build phase
      And player 0's town is:
        """
        .  .  .  .  .
        .  .  ar .  .
        .  .  .@0 .  .
        .  .  .  .  .
        .  .  .  .  .
        """
      And "players.0.gnomes.0.hammer" is true
      And "players.0.moves" is 1
      When player 0 plays:
        """
        {"type": "step", "gnome": 0, "dir": "N"}
        """
      And player 0 plays:
        """
        {"type": "use"}
        """
      Then the position has:
        """
        players.0.gnomes.0.hammer = true
        players.0.gnomes.0.sword = true
        """

  Rule: GV-EQUIP-BOTH a gnome carries one hammer and one sword at the same time

    @GV-EQUIP-BOTH
    Scenario: A sword gnome entering a workshop takes a hammer and carries both
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
        players.0.gnomes.0.sword = true
        players.0.moves = 1
        """
      When player 0 plays:
        """
        {"type": "step", "gnome": 0, "dir": "N"}
        """
      And player 0 plays:
        """
        {"type": "use"}
        """
      Then "players.0.gnomes.0.sword" is true

    @GV-EQUIP-BOTH
    Scenario: A gnome carrying a hammer and a sword takes no second of either from a workshop or an armory
      Given a gnomeville game with 2 players in the build phase
      And player 0's town is:
        """
        .  .  ar .  .
        .  .  ws .  .
        .  .  .@0 .  .
        .  .  .  .  .
        .  .  .  .  .
        """
      And the position:
        """
        players.0.gnomes.0.hammer = true
        players.0.gnomes.0.sword = true
        players.0.moves = 2
        """
      When player 0 plays:
        """
        {"type": "step", "gnome": 0, "dir": "N"}
        """
      Then "players.0.activation" is null
      When player 0 plays:
        """
        {"type": "step", "gnome": 0, "dir": "N"}
        """
      Then "players.0.activation" is null
