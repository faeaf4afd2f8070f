Feature: Gnomeville positions an engine must refuse to load, and positions it must accept

  Rule: GV-LOAD-CONSISTENT a loaded position is one the rules can reach

    @GV-LOAD-CONSISTENT @GV-PHASES
    Scenario Outline: A position whose phase and round do not fit is refused (<why>)
      Given a gnomeville game with 2 players in the build phase
      When the position is loaded:
        """
        <first>
        <second>
        <third>
        """
      Then the request is refused as malformed

      Examples:
        | why                                  | first             | second          | third           |
        | a game over in the build phase       | terminal = true   | round = 1       | round = 1       |
        | a game that ends in round 4          | round = 4         | phase = "end"   | terminal = true |
        | no troll card in the build phase     | troll_card = null | round = 1       | round = 1       |
        | a sixth round                        | round = 6         | round = 6       | round = 6       |
        | a round 0 before the first           | round = 0         | round = 0       | round = 0       |
        | an attack with nothing left to resolve | phase = "attack" | round = 1      | round = 1       |
        | a delivery with no bonus left to take | phase = "delivery" | troll_card = null | troll_discard = ["troll-01"] |

    @GV-LOAD-CONSISTENT @GV-CHANCE
    Scenario Outline: A pending chance the rules cannot have drawn is refused (<why>)
      Given a gnomeville game with 2 players in the build phase
      When the position is loaded:
        """
        <first>
        <second>
        """
      Then the request is refused as malformed

      Examples:
        | why                                   | first                                                    | second                      |
        | a chance that is not an object        | chance = 5                                               | round = 1                   |
        | a chance with an unknown field        | chance = {"type": "draw", "player": 0, "tile": "market"} | round = 1                   |
        | a chance type that is not a string    | chance = {"type": 3}                                     | round = 1                   |
        | an unknown chance                     | chance = {"type": "lottery"}                             | round = 1                   |
        | a draw naming no player               | chance = {"type": "draw"}                                | round = 1                   |
        | a goal naming a player                | chance = {"type": "goal", "player": 0}                   | round = 1                   |
        | a draw for a third seat               | chance = {"type": "draw", "player": 2}                   | round = 1                   |
        | a draw for a seat that is no number   | chance = {"type": "draw", "player": true}                | round = 1                   |
        | an event drawn in the build phase     | chance = {"type": "event"}                               | round = 1                   |
        | a troll card drawn in the build phase | chance = {"type": "troll_card"}                          | round = 1                   |
        | a draw with a tile already in hand    | chance = {"type": "draw", "player": 0}                   | players.0.hand = "market"   |
        | an ability card with no academy       | chance = {"type": "ability", "player": 0}                | round = 1                   |
        | a draw from an empty bag              | chance = {"type": "draw", "player": 0}                   | players.0.bag = {"academy": 0, "armory": 0, "ballista": 0, "gnome": 0, "house": 0, "market": 0, "monument": 0, "tavern": 0, "workshop": 0} |
        | a second troll card for the round     | chance = {"type": "troll_card"}                          | phase = "prepare"           |

    @GV-LOAD-CONSISTENT @GV-ATTACK-ROUND @GV-DELIVERY
    Scenario Outline: An attack or a delivery pending outside its phase is refused (<why>)
      Given a gnomeville game with 2 players in the build phase
      When the position is loaded:
        """
        <edit>
        """
      Then the request is refused as malformed

      Examples:
        | why                                  | edit                                                            |
        | a queued attack in the build phase   | attack_queue = [[0, "round"]]                                   |
        | a troll card being resolved          | players.0.attack = {"boulders": [], "trolls": [], "moves": []}  |
        | a queued delivery in the build phase | delivery_queue = [0]                                            |
        | delivery icons in the build phase    | players.0.delivery = ["workshop"]                               |

    @GV-LOAD-CONSISTENT @GV-COMP-LIST
    Scenario Outline: A card in two places is refused (<why>)
      Given a gnomeville game with 2 players in the build phase
      When the position is loaded:
        """
        <edit>
        """
      Then the request is refused as malformed

      Examples:
        | why                                         | edit                                                         |
        | a troll card both in the deck and discarded | troll_discard = ["troll-02"]                                 |
        | an ability card both in the deck and under  | ability_bottom = ["ability-01"]                              |
        | an ability card drawn and still in the deck | players.0.drawn_abilities = ["ability-01"]                   |
        | a delivery card not in the game             | delivery_card = "delivery-99"                                |
        | a delivery card both in the deck and out    | delivery_discard = ["delivery-01"]                           |
        | a solo event in a two-player game           | events = ["solo-clear-paths", null, null]                    |
        | a goal card dealt twice                     | goals.0.cards = ["fewest-trolls", "most-blue", "most-red", "most-red"] |
        | four goal cards between two players         | goals.0.cards = ["fewest-trolls", "most-blue", "most-red", "fewest-empty"] |
        | a goal card between a player and herself    | goals.0.players = [0, 0]                                     |
        | a goal card between a player and a third   | goals.0.players = [0, 2]                                     |
        | a troll card missing                        | troll_deck = ["troll-02", "troll-03", "troll-04", "troll-05", "troll-06", "troll-07", "troll-08", "troll-09", "troll-10", "troll-11", "troll-12", "troll-13", "troll-14", "troll-15"] |
        | a delivery card missing                     | delivery_deck = ["delivery-02", "delivery-03", "delivery-04", "delivery-05", "delivery-06", "delivery-07", "delivery-08", "delivery-09", "delivery-10"] |
        | an event card both revealed and in the deck | events = ["busy-builders", null, null]                       |
        | an ability card the game does not have      | ability_bottom = ["ability-23"]                              |
        | an event the game does not have             | events = ["no-such-event", null, null]                       |

    @GV-LOAD-CONSISTENT @GV-COMP-BOULDERS @GV-TROLL-CAP @GV-COMP-TILES @until:example-troll-cap-4
    Scenario Outline: A count the components cannot make is refused (<why>)
      Given a gnomeville game with 2 players in the build phase
      When the position is loaded:
        """
        <edit>
        """
      Then the request is refused as malformed

      Examples:
        | why                          | edit                                                     |
        | a boulder token missing      | boulder_supply = 43                                      |
        | a fourth troll in one town   | players.0.cells.0 = ["troll", "troll", "troll", "troll", null] |
        | 41 markets in the supply     | supply.market = 41                                       |

    # A player has three gnome tiles: the bag, and the tiles out of it, each hold at most
    # three (apart: scenarios hand a player a gnome tile without taking it from the bag)
    @GV-LOAD-CONSISTENT @GV-COMP-PLAYER-SETS
    Scenario Outline: A player's gnome tiles beyond the three of the set are refused (<why>)
      Given a gnomeville game with 2 players in the build phase
      When the position is loaded:
        """
        <first>
        <second>
        """
      Then the request is refused as malformed

      Examples:
        | why                                        | first                   | second                   |
        | a fourth gnome tile in the bag             | players.0.bag.gnome = 4 | round = 1                |
        | a gnome tile in hand and one on each stump | players.1.stumps = 3    | players.1.hand = "gnome" |

    @GV-LOAD-CONSISTENT @GV-COMP-PLAYER-SETS
    Scenario: A gnome tile in hand and on two stumps, the bag as it was, is accepted
      Given a gnomeville game with 2 players in the build phase
      And the position:
        """
        players.1.stumps = 2
        players.1.hand = "gnome"
        """
      Then "players.1.stumps" is 2

    @GV-LOAD-CONSISTENT @GV-TERM-OCCUPIED @GV-MOVE-PASS-THROUGH @GV-EXHAUST @GV-BUILD-STUCK @GV-BUY-LIMIT @GV-SETUP-TOWN-DEAL
    Scenario Outline: A player's town, gnomes or status the rules cannot reach is refused (<why>)
      Given a gnomeville game with 2 players in the build phase
      When the position is loaded:
        """
        <first>
        <second>
        """
      Then the request is refused as malformed

      Examples:
        | why                                          | first                               | second                 |
        | a board other than the options deal         | players.0.board = "towerville"      | round = 1              |
        | a gnome in camp keeping a hammer             | players.0.gnomes.1.hammer = true    | round = 1              |
        | a gnome in camp still graduated              | players.0.gnomes.1.graduated = true | round = 1              |
        | a gnome standing on a troll                  | players.0.cells.2.2 = "troll"       | round = 1              |
        | a gnome standing on a boulder                | players.0.cells.2.2 = "boulder"     | boulder_supply = 43    |
        | two gnomes resting on one space              | players.0.gnomes.1.space = [2, 2]   | round = 1              |
        | a gnome off the board                        | players.0.gnomes.0.space = [5, 5]   | round = 1              |
        | a gnome below the bottom row                 | players.0.gnomes.0.space = [5, 0]   | round = 1              |
        | a gnome right of the last column             | players.0.gnomes.0.space = [0, 5]   | round = 1              |
        | a mushroom count that is not a number        | players.0.mushrooms = true          | round = 1              |
        | the third gnome on a troll, the second in camp | players.0.gnomes.2.space = [0, 0] | players.0.cells.0.0 = "troll" |
        | a gnome passing through no other gnome       | players.0.transit = 0               | players.0.moves = 1    |
        | a gnome passing through with no movement     | players.0.transit = 0               | players.0.gnomes.1.space = [2, 2] |
        | a stuck status without the third gnome tile  | players.0.status = "stuck"          | round = 1              |
        | a purchase left in the build phase           | players.0.buys_left = 1             | round = 1              |
        | a tile in hand while the gnome moves         | players.0.hand = "market"           | players.0.moves = 1    |
        | two players resolving a tile at once         | players.0.hand = "market"           | players.1.hand = "house" |
        | a surprise card outside the attack           | surprise_card = {"id": "troll-02", "matrix": [".....", ".....", ".....", ".....", "....."], "moves": []} | troll_deck = ["troll-03", "troll-04", "troll-05", "troll-06", "troll-07", "troll-08", "troll-09", "troll-10", "troll-11", "troll-12", "troll-13", "troll-14", "troll-15", "troll-16"] |
        | a town of four rows                          | players.0.cells = [[null, null, null, null, null], [null, null, null, null, null], [null, null, null, null, null], [null, null, null, null, null]] | round = 1 |
        | a town row of four spaces                    | players.0.cells.4 = [null, null, null, null] | round = 1 |
        | an upgrade stack of two tiles                | players.0.stacks = [["market", "market"]] | round = 1 |
        | an upgrade stack open with no upgrade due    | players.0.open_stack = ["market", "market", "market"] | round = 1 |
        | more movement than 3 and one per space (29)  | players.0.moves = 29                | round = 1              |
        | a house activated by a fourth gnome          | players.0.activation = {"kind": "house", "space": [2, 2], "gnome": 3} | players.0.cells.2.2 = "house" |

    @GV-LOAD-CONSISTENT @GV-BLDG-ACTIVATE @GV-BLDG-HOUSE @GV-BLDG-TAVERN @GV-BLDG-WORKSHOP @GV-BLDG-ARMORY @GV-BLDG-ACADEMY @GV-BLDG-MONUMENT
    Scenario Outline: A building effect the rules cannot have started is refused (<why>)
      Given a gnomeville game with 2 players in the build phase
      And player 0's town is:
        """
        .  .  .  .  .
        .  ho tv ws .
        .  ar .@0 ac .
        .  .  mo .  .
        .  .  .  .  .
        """
      When the position is loaded:
        """
        <first>
        <second>
        <third>
        """
      Then the request is refused as malformed

      Examples:
        | why | first | second | third |
        | an unknown activation | players.0.activation = {"kind": "lottery", "space": [2, 2], "gnome": 0} | round = 1 | round = 1 |
        | a monument activated | players.0.activation = {"kind": "monument", "space": [3, 2], "gnome": 0} | players.0.gnomes.0.space = [3, 2] | round = 1 |
        | a house activated by a gnome not on it | players.0.activation = {"kind": "house", "space": [1, 1], "gnome": 1} | round = 1 | round = 1 |
        | a house activated from another space | players.0.activation = {"kind": "house", "space": [1, 1], "gnome": 0} | round = 1 | round = 1 |
        | an activation of an empty space | players.0.activation = {"kind": "house", "space": [2, 2], "gnome": 0} | round = 1 | round = 1 |
        | a house with every gnome already out | players.0.activation = {"kind": "house", "space": [1, 1], "gnome": 0} | players.0.gnomes = [{"space": [1, 1], "hammer": false, "sword": false, "graduated": false, "ability": null}, {"space": [0, 0], "hammer": false, "sword": false, "graduated": false, "ability": null}, {"space": [0, 4], "hammer": false, "sword": false, "graduated": false, "ability": null}] | round = 1 |
        | a tavern refilling a full stew | players.0.activation = {"kind": "tavern", "space": [1, 2], "gnome": 0} | players.0.gnomes.0.space = [1, 2] | round = 1 |
        | a workshop arming a hammer gnome | players.0.activation = {"kind": "workshop", "space": [1, 3], "gnome": 0} | players.0.gnomes.0 = {"space": [1, 3], "hammer": true, "sword": false, "graduated": false, "ability": null} | round = 1 |
        | an armory arming a sword gnome | players.0.activation = {"kind": "armory", "space": [2, 1], "gnome": 0} | players.0.gnomes.0 = {"space": [2, 1], "hammer": false, "sword": true, "graduated": false, "ability": null} | round = 1 |
        | a tavern drawing ability cards | players.0.activation = {"kind": "tavern", "space": [1, 2], "gnome": 0, "to_draw": 2} | players.0.gnomes.0.space = [1, 2] | players.0.stew = false |
        | an academy for a graduate, nothing drawn | players.0.activation = {"kind": "academy", "space": [2, 3], "gnome": 0} | players.0.gnomes.0 = {"space": [2, 3], "hammer": false, "sword": false, "graduated": true, "ability": null} | round = 1 |
        | an academy drawing three cards | players.0.activation = {"kind": "academy", "space": [2, 3], "gnome": 0, "to_draw": 3} | players.0.gnomes.0 = {"space": [2, 3], "hammer": false, "sword": false, "graduated": true, "ability": null} | round = 1 |
        | an academy drawing for an undergraduate | players.0.activation = {"kind": "academy", "space": [2, 3], "gnome": 0, "to_draw": 2} | players.0.gnomes.0.space = [2, 3] | chance = {"type": "ability", "player": 0} |
        | ability cards due but no draw pending | players.0.activation = {"kind": "academy", "space": [2, 3], "gnome": 0, "to_draw": 2} | players.0.gnomes.0 = {"space": [2, 3], "hammer": false, "sword": false, "graduated": true, "ability": null} | round = 1 |

    @GV-LOAD-CONSISTENT @GV-BLDG-ACADEMY @GV-ABILITY-GRADUATE
    Scenario: Two ability cards drawn with a third draw still pending is refused
      Given a gnomeville game with 2 players in the build phase
      And player 0's town is:
        """
        .  .  .  .  .
        .  .  ac@0 .  .
        .  .  .  .  .
        .  .  .  .  .
        .  .  .  .  .
        """
      When the position is loaded:
        """
        players.0.gnomes.0.graduated = true
        players.0.activation = {"kind": "academy", "space": [1, 2], "gnome": 0, "to_draw": 2}
        players.0.drawn_abilities = ["ability-01", "ability-02"]
        ability_deck = ["ability-03", "ability-04", "ability-05", "ability-06", "ability-07", "ability-08", "ability-09", "ability-10", "ability-11", "ability-12", "ability-13", "ability-14", "ability-15", "ability-16", "ability-17", "ability-18", "ability-19", "ability-20", "ability-21", "ability-22"]
        chance = {"type": "ability", "player": 0}
        """
      Then the request is refused as malformed

    @GV-LOAD-CONSISTENT @GV-TERM-OCCUPIED @GV-MOVE-PASS-THROUGH @GV-BLDG-HOUSE @GV-BLDG-MONUMENT
    Scenario Outline: A position at the edge of what the rules allow is accepted (<why>)
      Given a gnomeville game with 2 players in the build phase
      And player 0's town is:
        """
        .  .  .  .  .
        .  ho .  .  .
        .  .  .@0 .  .
        .  .  .  .  .
        .  .  .  .  .
        """
      When the position is loaded:
        """
        <first>
        <second>
        <third>
        """
      Then "<path>" is <value>

      Examples:
        | why                                         | first                                | second                 | third                | path                       | value |
        | 3 movement and one per space (28)           | players.0.moves = 28                 | round = 1              | round = 1            | players.0.moves            | 28    |
        | the third gnome passing through the first   | players.0.gnomes.2.space = [2, 2]    | players.0.transit = 2  | players.0.moves = 1  | players.0.transit          | 2     |
        | a house activated by the third gnome        | players.0.gnomes.2.space = [1, 1]    | players.0.activation = {"kind": "house", "space": [1, 1], "gnome": 2} | round = 1 | players.0.activation.gnome | 2 |

    @GV-LOAD-CONSISTENT @GV-BUY @GV-PHASES
    Scenario Outline: Build-phase business left over in the buy phase is refused (<why>)
      Given a gnomeville game with 2 players in the build phase
      When these actions are applied:
        """
        [{"actor": 0, "type": "pass"}, {"actor": 1, "type": "pass"},
         {"actor": "chance", "type": "delivery_card", "card": "delivery-01"}]
        """
      Then "phase" is "buy"
      When the position is loaded:
        """
        <edit>
        """
      Then the request is refused as malformed

      Examples:
        | why                          | edit                                                                  |
        | a tile in hand               | players.0.hand = "market"                                             |
        | an upgrade stack still open  | players.0.open_stack = ["market", "market", "market"]                 |
        | a pending activation         | players.0.activation = {"kind": "house", "space": [2, 2], "gnome": 0} |
        | movement left                | players.0.moves = 1                                                   |
        | four purchases in round 1    | players.0.buys_left = 2                                               |
        | the round's troll card still out | troll_card = {"id": "troll-01", "matrix": [".....", ".....", ".....", ".....", "....."], "moves": []} |

    @GV-LOAD-CONSISTENT @GV-BUILD-DRAW @GV-CHANCE @GV-SETUP-BAG
    Scenario: A position with a bag draw pending is accepted and the draw is from the bag
      Given a gnomeville game with 2 players in the build phase
      And the position:
        """
        chance = {"type": "draw", "player": 1}
        players.0.mushrooms = 3
        """
      Then the chance outcomes are:
        """
        [{"action": {"type": "draw", "player": 1, "tile": "gnome"}, "probability": "1/4"},
         {"action": {"type": "draw", "player": 1, "tile": "house"}, "probability": "1/6"},
         {"action": {"type": "draw", "player": 1, "tile": "market"}, "probability": "5/12"},
         {"action": {"type": "draw", "player": 1, "tile": "workshop"}, "probability": "1/6"}]
        """
      And "players.0.mushrooms" is 3

    @GV-LOAD-CONSISTENT @GV-PREPARE-REVEAL @GV-CHANCE
    Scenario: A position at the round's troll card reveal is accepted
      Given a new "gnomeville" game with 2 players
      When these actions are applied:
        """
        [{"actor": "chance", "type": "goal", "card": "most-red"},
         {"actor": "chance", "type": "goal", "card": "fewest-trolls"},
         {"actor": "chance", "type": "goal", "card": "most-blue"}]
        """
      And the position is loaded:
        """
        players.1.mushrooms = 4
        """
      Then the position has:
        """
        phase = "prepare"
        chance = {"type": "troll_card"}
        players.1.mushrooms = 4
        """

    @GV-LOAD-CONSISTENT @GV-ABILITY-GRADUATE @GV-BLDG-ACADEMY @GV-COMP-ABILITIES
    Scenario: A position between the two ability cards of a graduation is accepted and played on
      Given a gnomeville game with 2 players in the build phase
      And player 0's town is:
        """
        .  .  .  .  .
        .  .  ac@0 .  .
        .  .  .  .  .
        .  .  .  .  .
        .  .  .  .  .
        """
      And the position:
        """
        players.0.gnomes.0.graduated = true
        players.0.activation = {"kind": "academy", "space": [1, 2], "gnome": 0, "to_draw": 2}
        chance = {"type": "ability", "player": 0}
        """
      Then the chance outcomes are:
        """
        [{"action": {"card": "ability-01"}, "probability": "1/22"}, {"action": {"card": "ability-02"}, "probability": "1/22"},
         {"action": {"card": "ability-03"}, "probability": "1/22"}, {"action": {"card": "ability-04"}, "probability": "1/22"},
         {"action": {"card": "ability-05"}, "probability": "1/22"}, {"action": {"card": "ability-06"}, "probability": "1/22"},
         {"action": {"card": "ability-07"}, "probability": "1/22"}, {"action": {"card": "ability-08"}, "probability": "1/22"},
         {"action": {"card": "ability-09"}, "probability": "1/22"}, {"action": {"card": "ability-10"}, "probability": "1/22"},
         {"action": {"card": "ability-11"}, "probability": "1/22"}, {"action": {"card": "ability-12"}, "probability": "1/22"},
         {"action": {"card": "ability-13"}, "probability": "1/22"}, {"action": {"card": "ability-14"}, "probability": "1/22"},
         {"action": {"card": "ability-15"}, "probability": "1/22"}, {"action": {"card": "ability-16"}, "probability": "1/22"},
         {"action": {"card": "ability-17"}, "probability": "1/22"}, {"action": {"card": "ability-18"}, "probability": "1/22"},
         {"action": {"card": "ability-19"}, "probability": "1/22"}, {"action": {"card": "ability-20"}, "probability": "1/22"},
         {"action": {"card": "ability-21"}, "probability": "1/22"}, {"action": {"card": "ability-22"}, "probability": "1/22"}]
        """
      When chance reveals:
        """
        {"type": "ability", "player": 0, "card": "ability-08"}
        """
      Then the chance outcomes are:
        """
        [{"action": {"card": "ability-01"}, "probability": "1/21"}, {"action": {"card": "ability-02"}, "probability": "1/21"},
         {"action": {"card": "ability-03"}, "probability": "1/21"}, {"action": {"card": "ability-04"}, "probability": "1/21"},
         {"action": {"card": "ability-05"}, "probability": "1/21"}, {"action": {"card": "ability-06"}, "probability": "1/21"},
         {"action": {"card": "ability-07"}, "probability": "1/21"}, {"action": {"card": "ability-09"}, "probability": "1/21"},
         {"action": {"card": "ability-10"}, "probability": "1/21"}, {"action": {"card": "ability-11"}, "probability": "1/21"},
         {"action": {"card": "ability-12"}, "probability": "1/21"}, {"action": {"card": "ability-13"}, "probability": "1/21"},
         {"action": {"card": "ability-14"}, "probability": "1/21"}, {"action": {"card": "ability-15"}, "probability": "1/21"},
         {"action": {"card": "ability-16"}, "probability": "1/21"}, {"action": {"card": "ability-17"}, "probability": "1/21"},
         {"action": {"card": "ability-18"}, "probability": "1/21"}, {"action": {"card": "ability-19"}, "probability": "1/21"},
         {"action": {"card": "ability-20"}, "probability": "1/21"}, {"action": {"card": "ability-21"}, "probability": "1/21"},
         {"action": {"card": "ability-22"}, "probability": "1/21"}]
        """
      When the position is loaded:
        """
        players.1.mushrooms = 5
        """
      Then "players.1.mushrooms" is 5
      When chance reveals:
        """
        {"type": "ability", "player": 0, "card": "ability-14"}
        """
      Then the legal actions are exactly:
        """
        [{"actor": 0, "type": "keep", "card": "ability-08"}, {"actor": 0, "type": "keep", "card": "ability-14"}]
        """
      And the view of player 0 has:
        """
        players.0.drawn_abilities = ["ability-08", "ability-14"]
        """
      And the view of player 1 has:
        """
        players.0.drawn_abilities = ["hidden", "hidden"]
        """
      When the position is loaded:
        """
        players.1.mushrooms = 6
        """
      Then "players.1.mushrooms" is 6
      When player 0 plays:
        """
        {"type": "keep", "card": "ability-08"}
        """
      Then the position has:
        """
        players.0.gnomes.0.ability = "ability-08"
        ability_bottom = ["ability-14"]
        players.0.activation = null
        players.1.mushrooms = 6
        """

    @GV-LOAD-CONSISTENT @GV-MOVE-PASS-THROUGH @GV-TERM-OCCUPIED
    Scenario: A position with a gnome passing through another is accepted and the gnome must move on
      Given a gnomeville game with 2 players in the build phase
      And the position:
        """
        players.0.gnomes.1.space = [0, 0]
        players.0.gnomes.0.space = [0, 0]
        players.0.transit = 0
        players.0.moves = 1
        """
      Then the legal actions are exactly:
        """
        [{"actor": 0, "type": "step", "gnome": 0, "dir": "E"}, {"actor": 0, "type": "step", "gnome": 0, "dir": "S"}]
        """
      When player 0 plays:
        """
        {"type": "stop"}
        """
      Then the action is rejected citing rule "GV-MOVE-PASS-THROUGH"

    @GV-LOAD-CONSISTENT @GV-BUILD-STUCK @GV-ATTACK-SURPRISE @GV-BUILD-STUCK-SURPRISE
    Scenario: A position with a stuck player is accepted and the stuck player faces a surprise attack
      Given a gnomeville game with 2 players in the build phase
      And player 0's town is:
        """
        TR .  .  .  TR
        .  .  .  .  .
        .  .  .@0 .  .
        .  .  .  .  .
        .  .  .  .  .
        """
      And the position:
        """
        players.0.stumps = 3
        players.0.bag.gnome = 0
        players.0.stuck = true
        players.0.status = "stuck"
        """
      When player 1 plays:
        """
        {"type": "pass"}
        """
      And the position is loaded:
        """
        players.1.mushrooms = 3
        """
      Then the position has:
        """
        phase = "attack"
        chance = {"type": "troll_card"}
        attack_queue = [[0, "surprise"], [0, "round"], [1, "round"]]
        players.1.mushrooms = 3
        """
      When chance reveals:
        """
        {"type": "troll_card", "card": "troll-09", "matrix": [".....", ".....", ".....", ".....", "T...T"], "moves": []}
        """
      And the position is loaded:
        """
        players.1.mushrooms = 4
        """
      Then the position has:
        """
        players.1.mushrooms = 4
        surprise_card.id = "troll-09"
        """
      And the legal actions are exactly:
        """
        [{"actor": 0, "type": "spawn", "what": "troll", "space": [4, 0]},
         {"actor": 0, "type": "spawn", "what": "troll", "space": [4, 4]}]
        """

    @GV-LOAD-CONSISTENT @GV-TROLL-CHOICE @GV-TROLL-CAP @GV-PHASES
    Scenario: A position in the middle of an attack is accepted and only the choosing player acts
      Given a gnomeville game with 2 players whose round troll card is:
        """
        {"matrix": [".....", ".....", ".....", ".....", "T...T"], "moves": []}
        """
      And player 0's town is:
        """
        TR .  .  .  TR
        .  .  .  .  .
        .  .  .@0 .  .
        .  .  .  .  .
        .  .  .  .  .
        """
      When these actions are applied:
        """
        [{"actor": 0, "type": "pass"}, {"actor": 1, "type": "pass"}]
        """
      And the position is loaded:
        """
        players.1.mushrooms = 4
        """
      Then "players.1.mushrooms" is 4
      And the legal actions are exactly:
        """
        [{"actor": 0, "type": "spawn", "what": "troll", "space": [4, 0]},
         {"actor": 0, "type": "spawn", "what": "troll", "space": [4, 4]}]
        """
      When player 1 plays:
        """
        {"type": "pass"}
        """
      Then the action is rejected citing rule "GV-PHASES"
      When player 1 plays:
        """
        {"type": "buy", "kind": "market"}
        """
      Then the action is rejected citing rule "GV-PHASES"
      When player 0 plays:
        """
        {"type": "spawn", "what": "troll", "space": [2, 2]}
        """
      Then the action is rejected citing rule "GV-TROLL-CHOICE"

    @GV-LOAD-CONSISTENT @GV-PHASES
    Scenario: A position in the middle of an attack whose chooser is not first in the queue is refused
      Given a gnomeville game with 2 players whose round troll card is:
        """
        {"matrix": [".....", ".....", ".....", ".....", "T...T"], "moves": []}
        """
      And player 0's town is:
        """
        TR .  .  .  TR
        .  .  .  .  .
        .  .  .@0 .  .
        .  .  .  .  .
        .  .  .  .  .
        """
      When these actions are applied:
        """
        [{"actor": 0, "type": "pass"}, {"actor": 1, "type": "pass"}]
        """
      And the position is loaded:
        """
        attack_queue = [[1, "round"], [0, "round"]]
        """
      Then the request is refused as malformed

    @GV-LOAD-CONSISTENT @GV-BUY @GV-BUY-COST
    Scenario: A position in the buy phase is accepted and a building dearer than the mushrooms is refused
      Given a gnomeville game with 2 players in the build phase
      When these actions are applied:
        """
        [{"actor": 0, "type": "pass"}, {"actor": 1, "type": "pass"},
         {"actor": "chance", "type": "delivery_card", "card": "delivery-01"}]
        """
      And the position is loaded:
        """
        players.0.mushrooms = 3
        """
      Then "phase" is "buy"
      And "players.0.mushrooms" is 3
      When player 0 plays:
        """
        {"type": "buy", "kind": "academy"}
        """
      Then the action is rejected citing rule "GV-BUY"
      When player 0 plays:
        """
        {"type": "buy", "kind": "tavern"}
        """
      Then the position has:
        """
        players.0.mushrooms = 0
        players.0.bag.tavern = 1
        players.0.buys_left = 0
        """

    @GV-LOAD-CONSISTENT @GV-END-WINNER @GV-PHASES
    Scenario: A finished game after round 5 loads as over
      Given a gnomeville game with 2 players in the build phase
      When the position is loaded:
        """
        round = 5
        phase = "end"
        terminal = true
        troll_card = null
        troll_discard = ["troll-01"]
        """
      Then the game is over

    @GV-LOAD-CONSISTENT @GV-DELIVERY @GV-DELIVERY-GAPS @GV-DELIVERY-DECLINE
    Scenario: A position in the middle of a special delivery is accepted and the delivery goes on
      Given a gnomeville game with 2 players in the build phase
      And "players.1.score" is 12
      When these actions are applied:
        """
        [{"actor": 0, "type": "pass"}, {"actor": 1, "type": "pass"},
         {"actor": "chance", "type": "delivery_card", "card": "delivery-01"}]
        """
      And the position is loaded:
        """
        players.1.mushrooms = 3
        """
      Then the position has:
        """
        phase = "delivery"
        delivery_queue = [0]
        players.0.delivery = ["workshop", "refill_stew", "workshop"]
        players.1.mushrooms = 3
        """
      When player 0 plays:
        """
        {"type": "delivery", "icon": "workshop", "take": true}
        """
      Then the position has:
        """
        players.0.bag.workshop = 3
        supply.workshop = 27
        players.0.delivery = ["refill_stew", "workshop"]
        """
      When player 0 plays:
        """
        {"type": "delivery", "icon": "refill_stew", "take": true}
        """
      Then the action is rejected citing rule "GV-DELIVERY"
      When player 0 plays:
        """
        {"type": "delivery", "icon": "refill_stew", "take": false}
        """
      Then "players.0.mushrooms" is 3

    @GV-LOAD-CONSISTENT @GV-DELIVERY
    Scenario Outline: A special delivery the rules cannot have dealt is refused (<why>)
      Given a gnomeville game with 2 players in the build phase
      And "players.1.score" is 12
      When these actions are applied:
        """
        [{"actor": 0, "type": "pass"}, {"actor": 1, "type": "pass"},
         {"actor": "chance", "type": "delivery_card", "card": "delivery-01"}]
        """
      And the position is loaded:
        """
        <first>
        <second>
        """
      Then the request is refused as malformed

      Examples:
        | why                                  | first                                  | second                     |
        | a delivery for a third seat          | delivery_queue = [0, 2]                | round = 1                  |
        | a delivery for a seat not a number   | delivery_queue = ["0"]                 | round = 1                  |
        | an icon no delivery card shows       | players.0.delivery = ["lottery"]       | round = 1                  |
        | icons for a player not in the queue  | players.1.delivery = ["workshop"]      | round = 1                  |
        | deliveries without a delivery card   | delivery_card = null                   | delivery_discard = ["delivery-01"] |

    @GV-LOAD-CONSISTENT @GV-BLDG-MARKET @GV-BLDG-ACTIVATE
    Scenario: A position with a market purchase pending in the corner is accepted and the purchase made
      Given a gnomeville game with 2 players in the build phase
      And player 0's town is:
        """
        mk .@0 .  .  .
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
      And the position is loaded:
        """
        players.1.mushrooms = 3
        """
      Then the position has:
        """
        players.0.activation = {"kind": "market", "space": [0, 0], "gnome": 0}
        players.1.mushrooms = 3
        """
      When player 0 plays:
        """
        {"type": "buy", "kind": "house"}
        """
      Then the position has:
        """
        players.0.bag.house = 3
        players.0.mushrooms = 0
        """

    @GV-LOAD-CONSISTENT @GV-BLDG-HOUSE @GV-BLDG-ACADEMY @GV-ABILITY-GRADUATE
    Scenario Outline: A position with a <building>'s effect pending is accepted and the effect taken
      Given a gnomeville game with 2 players in the build phase
      And player 0's town is:
        """
        .  .  .  .  .
        .  ho .  ac .
        .  .  .@0 .  .
        .  .  .  .  .
        .  .  .  .  .
        """
      And the position:
        """
        players.0.gnomes.0.space = <space>
        players.0.activation = {"kind": "<building>", "space": <space>, "gnome": 0}
        """
      Then "players.0.activation.kind" is "<building>"
      When player 0 plays:
        """
        <action>
        """
      Then "<path>" is <value>

      Examples:
        | building | space  | action                                | path                          | value  |
        | house    | [1, 1] | {"type": "deploy", "space": [0, 0]}   | players.0.gnomes.1.space      | [0, 0] |
        | academy  | [1, 3] | {"type": "use"}                       | players.0.gnomes.0.graduated  | true   |

    @GV-LOAD-CONSISTENT @GV-UPGRADE-CHAIN @GV-UPGRADE-EX-CHAIN @reading:master_build=false
    Scenario: A position in the middle of an upgrade chain is accepted and the chain goes on into one stack
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
      When these actions are applied:
        """
        [{"actor": 0, "type": "place", "space": [0, 2]},
         {"actor": 0, "type": "upgrade", "space": [0, 2], "kind": "workshop"}]
        """
      And the position is loaded:
        """
        players.1.mushrooms = 3
        """
      Then the position has:
        """
        players.0.open_stack = ["market", "market", "market"]
        players.1.mushrooms = 3
        """
      When player 0 plays:
        """
        {"type": "upgrade", "space": [1, 2], "kind": "armory"}
        """
      Then "players.0.stacks" is [["market", "market", "market", "workshop", "workshop", "workshop"]]

    @GV-LOAD-CONSISTENT @GV-BOARD-TOWER
    Scenario Outline: On Towerville a building below a space's height is refused (<tile> on a <space> space)
      Given a gnomeville game with 2 players in the build phase and options:
        """
        {"boards": ["towerville", "symmetric"]}
        """
      When the position is loaded:
        """
        players.0.cells.<row>.<col> = "<tile>"
        supply.<tile> = <supply>
        """
      Then the request is refused as malformed

      Examples:
        | tile    | space | row | col | supply |
        | market  | 2+    | 4   | 0   | 29     |
        | tavern  | 4+    | 4   | 4   | 23     |

    @GV-LOAD-CONSISTENT @GV-BOARD-TOWER
    Scenario Outline: On Towerville a building as high as a space's height is accepted (<tile> on a <space> space)
      Given a gnomeville game with 2 players in the build phase and options:
        """
        {"boards": ["towerville", "symmetric"]}
        """
      When the position is loaded:
        """
        players.0.cells.<row>.<col> = "<tile>"
        supply.<tile> = <supply>
        """
      Then "players.0.cells.<row>.<col>" is "<tile>"

      Examples:
        | tile    | space | row | col | supply |
        | house   | 2+    | 4   | 0   | 27     |
        | academy | 4+    | 4   | 4   | 19     |

    @GV-LOAD-CONSISTENT @GV-COMP-GOALS @GV-SETUP-GOALS
    Scenario: One goal card dealt between two pairs of neighbours is refused
      Given a gnomeville game with 3 players in the build phase
      When the position is loaded:
        """
        goals.0.cards = ["most-red"]
        goals.1.cards = ["most-red"]
        """
      Then the request is refused as malformed

    @GV-LOAD-CONSISTENT @GV-BUILD-DRAW @GV-CHANCE
    Scenario: A draw pending from a bag of one tile is accepted and certain
      Given a gnomeville game with 2 players in the build phase
      And the position:
        """
        players.1.bag = {"academy": 0, "armory": 0, "ballista": 0, "gnome": 0, "house": 0, "market": 1, "monument": 0, "tavern": 0, "workshop": 0}
        chance = {"type": "draw", "player": 1}
        """
      Then the chance outcomes are:
        """
        [{"action": {"type": "draw", "player": 1, "tile": "market"}, "probability": "1/1"}]
        """

  Rule: GV-SETUP-GOALS a goal card is drawn only while a goal has room for it

    @GV-LOAD-CONSISTENT @GV-SETUP-GOALS
    Scenario: A goal card pending while the pair's goal has room loads as it is
      Given a new "gnomeville" game with 2 players
      When the position is loaded:
        """
        goal_deck = ["fewest-empty", "fewest-swords", "fewest-trolls", "most-blue", "most-boulders", "most-graduates", "most-hammers", "most-mushrooms"]
        goals = [{"players": [0, 1], "cards": ["most-red"], "size": 3}]
        """
      Then the position has:
        """
        chance = {"type": "goal"}
        goals = [{"players": [0, 1], "cards": ["most-red"], "size": 3}]
        """

    @GV-LOAD-CONSISTENT @GV-SETUP-GOALS
    Scenario: A goal card pending while every goal is full is refused
      Given a new "gnomeville" game with 2 players
      When the position is loaded:
        """
        goal_deck = ["fewest-empty", "fewest-swords", "most-boulders", "most-graduates", "most-hammers", "most-mushrooms"]
        goals = [{"players": [0, 1], "cards": ["fewest-trolls", "most-blue", "most-red"], "size": 3}]
        """
      Then the request is refused as malformed
