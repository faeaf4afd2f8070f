Feature: Gnomeville scoring: stacks, events, the full town and the special delivery

  Rule: GV-SCORE-STACK every stack scores its height plus a height bonus

    @GV-SCORE-STACK @GV-COMP-STACK-TABLE
    Scenario: A 3-tile and a 5-tile stack score 3 and 6 separately
      Given a gnomeville game with 2 players in the build phase
      And "players.0.stacks" is [["market", "market", "market"], ["house", "house", "house", "house", "house"]]
      When these actions are applied:
        """
        [{"actor": 0, "type": "pass"}, {"actor": 1, "type": "pass"}]
        """
      Then "players.0.score" is 9

    @GV-SCORE-STACK @GV-COMP-STACK-TABLE
    Scenario: A 4-tile and a 7-tile stack score 4 and 10 separately
      Given a gnomeville game with 2 players in the build phase
      And "players.0.stacks" is [["market", "market", "market", "market"], ["house", "house", "house", "market", "market", "market", "market"]]
      When these actions are applied:
        """
        [{"actor": 0, "type": "pass"}, {"actor": 1, "type": "pass"}]
        """
      Then "players.0.score" is 14

    @GV-SCORE-STACK @GV-COMP-STACK-TABLE
    Scenario: A 12-tile stack, the table's last height, scores 12 + 8 and a 13-tile stack beyond it 13 + 9
      Given a gnomeville game with 2 players in the build phase
      And the position:
        """
        players.0.stacks = [["market", "market", "market", "market", "market", "market", "market", "market", "market", "market", "market", "market"]]
        players.1.stacks = [["market", "market", "market", "market", "market", "market", "market", "market", "market", "market", "market", "market", "market"]]
        """
      When these actions are applied:
        """
        [{"actor": 0, "type": "pass"}, {"actor": 1, "type": "pass"}]
        """
      Then the position has:
        """
        players.0.score = 20
        players.1.score = 22
        """

  Rule: GV-EVENT-EX the Satchel Sprint example

    @GV-EVENT-EX @GV-SCORE-EVENTS @GV-EVENT-COMPARE @GV-EVENT-PLACES @GV-EVENT-TIE-SECOND @GV-COMP-EVENTS
    Scenario: Three tiles left wins 5, two players tied on five tiles take 1 each
      Given a gnomeville game with 3 players in the build phase
      And the position:
        """
        round = 3
        events = ["satchel-sprint", "mushroom-hoard", null]
        event_deck = ["busy-builders", "clear-paths", "gnome-crowd", "high-society", "troll-free"]
        players.0.bag = {"academy": 0, "armory": 0, "ballista": 0, "gnome": 0, "house": 0, "market": 3, "monument": 0, "tavern": 0, "workshop": 0}
        players.1.bag = {"academy": 0, "armory": 0, "ballista": 0, "gnome": 0, "house": 0, "market": 5, "monument": 0, "tavern": 0, "workshop": 0}
        players.2.bag = {"academy": 0, "armory": 0, "ballista": 0, "gnome": 0, "house": 0, "market": 5, "monument": 0, "tavern": 0, "workshop": 0}
        players.0.mushrooms = 0
        """
      When these actions are applied:
        """
        [{"actor": 0, "type": "pass"}, {"actor": 1, "type": "pass"}, {"actor": 2, "type": "pass"}]
        """
      Then the position has:
        """
        players.0.score = 5
        players.1.score = 1
        players.2.score = 1
        """

  Rule: GV-EVENT-PLACES first and second place score, the others nothing

    @GV-EVENT-PLACES @GV-EVENT-COMPARE
    Scenario: With four players only first and second place score
      Given a gnomeville game with 4 players in the build phase
      And the position:
        """
        round = 3
        events = ["satchel-sprint", null, null]
        event_deck = ["busy-builders", "clear-paths", "gnome-crowd", "high-society", "mushroom-hoard", "troll-free"]
        players.0.bag = {"academy": 0, "armory": 0, "ballista": 0, "gnome": 0, "house": 0, "market": 3, "monument": 0, "tavern": 0, "workshop": 0}
        players.1.bag = {"academy": 0, "armory": 0, "ballista": 0, "gnome": 0, "house": 0, "market": 4, "monument": 0, "tavern": 0, "workshop": 0}
        players.2.bag = {"academy": 0, "armory": 0, "ballista": 0, "gnome": 0, "house": 0, "market": 5, "monument": 0, "tavern": 0, "workshop": 0}
        players.3.bag = {"academy": 0, "armory": 0, "ballista": 0, "gnome": 0, "house": 0, "market": 6, "monument": 0, "tavern": 0, "workshop": 0}
        """
      When these actions are applied:
        """
        [{"actor": 0, "type": "pass"}, {"actor": 1, "type": "pass"},
         {"actor": 2, "type": "pass"}, {"actor": 3, "type": "pass"}]
        """
      Then the position has:
        """
        players.0.score = 5
        players.1.score = 2
        players.2.score = 0
        players.3.score = 0
        """

  Rule: GV-EVENT-TIE-FIRST a tie for first shares first plus second, rounded up

    @GV-EVENT-TIE-FIRST
    Scenario: Two players tied for first share 5 + 2 as 4 each and no second place is paid
      Given a gnomeville game with 3 players in the build phase
      And the position:
        """
        round = 3
        events = ["satchel-sprint", null, null]
        event_deck = ["busy-builders", "clear-paths", "gnome-crowd", "high-society", "mushroom-hoard", "troll-free"]
        players.0.bag = {"academy": 0, "armory": 0, "ballista": 0, "gnome": 0, "house": 0, "market": 3, "monument": 0, "tavern": 0, "workshop": 0}
        players.1.bag = {"academy": 0, "armory": 0, "ballista": 0, "gnome": 0, "house": 0, "market": 3, "monument": 0, "tavern": 0, "workshop": 0}
        players.2.bag = {"academy": 0, "armory": 0, "ballista": 0, "gnome": 0, "house": 0, "market": 5, "monument": 0, "tavern": 0, "workshop": 0}
        """
      When these actions are applied:
        """
        [{"actor": 0, "type": "pass"}, {"actor": 1, "type": "pass"}, {"actor": 2, "type": "pass"}]
        """
      Then the position has:
        """
        players.0.score = 4
        players.1.score = 4
        players.2.score = 0
        """

    @GV-EVENT-TIE-FIRST
    Scenario: Three players tied for first share 5 + 2 as 3 each, rounded up
      Given a gnomeville game with 3 players in the build phase
      And the position:
        """
        round = 3
        events = ["satchel-sprint", null, null]
        event_deck = ["busy-builders", "clear-paths", "gnome-crowd", "high-society", "mushroom-hoard", "troll-free"]
        """
      When these actions are applied:
        """
        [{"actor": 0, "type": "pass"}, {"actor": 1, "type": "pass"}, {"actor": 2, "type": "pass"}]
        """
      Then the position has:
        """
        players.0.score = 3
        players.1.score = 3
        players.2.score = 3
        """

  Rule: GV-EVENT-TIE-SECOND a tie for second shares the second place points, rounded up

    @GV-EVENT-TIE-SECOND @GV-EVENT-PLACES
    Scenario: Two players tied for second share 3 points as 2 each, rounded up
      Given a gnomeville game with 3 players in the build phase
      And the position:
        """
        round = 3
        events = ["high-society", null, null]
        event_deck = ["busy-builders", "clear-paths", "gnome-crowd", "mushroom-hoard", "satchel-sprint", "troll-free"]
        """
      And player 0's town is:
        """
        ac .  ba .  .
        .  .  .  .  .
        .  .  .@0 .  .
        .  .  .  .  .
        .  .  .  .  .
        """
      And player 1's town is:
        """
        ba .  .  .  .
        .  .  .  .  .
        .  .  .@0 .  .
        .  .  .  .  .
        .  .  .  .  .
        """
      And player 2's town is:
        """
        ac .  .  .  .
        .  .  .  .  .
        .  .  .@0 .  .
        .  .  .  .  .
        .  .  .  .  .
        """
      When these actions are applied:
        """
        [{"actor": 0, "type": "pass"}, {"actor": 1, "type": "pass"}, {"actor": 2, "type": "pass"}]
        """
      Then the position has:
        """
        players.0.score = 6
        players.1.score = 2
        players.2.score = 2
        """

  Rule: GV-EVENT-TWO-PLAYERS no second place with two players

    @GV-EVENT-COMPARE @GV-COMP-EVENTS @GV-EVENT-TWO-PLAYERS
    Scenario: High Society counts tier 4 and up: one academy beats three tier-3 buildings
      Given a gnomeville game with 2 players in the build phase
      And the position:
        """
        round = 3
        events = ["high-society", null, null]
        event_deck = ["busy-builders", "clear-paths", "gnome-crowd", "mushroom-hoard", "satchel-sprint", "troll-free"]
        """
      And player 0's town is:
        """
        ac .  .  .  .
        .  .  .  .  .
        .  .  .@0 .  .
        .  .  .  .  .
        .  .  .  .  .
        """
      And player 1's town is:
        """
        tv tv ar .  .
        .  .  .  .  .
        .  .  .@0 .  .
        .  .  .  .  .
        .  .  .  .  .
        """
      When these actions are applied:
        """
        [{"actor": 0, "type": "pass"}, {"actor": 1, "type": "pass"}]
        """
      Then the position has:
        """
        players.0.score = 6
        players.1.score = 0
        """

    @GV-EVENT-TWO-PLAYERS
    Scenario: With two players the runner-up of an event scores nothing
      Given a gnomeville game with 2 players in the build phase
      And the position:
        """
        round = 3
        events = ["satchel-sprint", null, null]
        event_deck = ["busy-builders", "clear-paths", "gnome-crowd", "high-society", "mushroom-hoard", "troll-free"]
        players.0.bag = {"academy": 0, "armory": 0, "ballista": 0, "gnome": 0, "house": 0, "market": 3, "monument": 0, "tavern": 0, "workshop": 0}
        players.1.bag = {"academy": 0, "armory": 0, "ballista": 0, "gnome": 0, "house": 0, "market": 5, "monument": 0, "tavern": 0, "workshop": 0}
        """
      When these actions are applied:
        """
        [{"actor": 0, "type": "pass"}, {"actor": 1, "type": "pass"}]
        """
      Then the position has:
        """
        players.0.score = 5
        players.1.score = 0
        """

    # gnomeville.ja.txt:354: the second place goes unpaid only in a two-player game; with three
    # players the runner-up takes the second place points (Satchel Sprint, fewest bag tiles:
    # 3 tiles first for 5, 4 tiles second for 2, 5 tiles nothing)
    @GV-EVENT-TWO-PLAYERS @GV-EVENT-PLACES
    Scenario: With three players the runner-up of an event scores the second place points
      Given a gnomeville game with 3 players in the build phase
      And the position:
        """
        round = 3
        events = ["satchel-sprint", null, null]
        event_deck = ["busy-builders", "clear-paths", "gnome-crowd", "high-society", "mushroom-hoard", "troll-free"]
        players.0.bag = {"academy": 0, "armory": 0, "ballista": 0, "gnome": 0, "house": 0, "market": 5, "monument": 0, "tavern": 0, "workshop": 0}
        players.1.bag = {"academy": 0, "armory": 0, "ballista": 0, "gnome": 0, "house": 0, "market": 3, "monument": 0, "tavern": 0, "workshop": 0}
        players.2.bag = {"academy": 0, "armory": 0, "ballista": 0, "gnome": 0, "house": 0, "market": 4, "monument": 0, "tavern": 0, "workshop": 0}
        """
      When these actions are applied:
        """
        [{"actor": 0, "type": "pass"}, {"actor": 1, "type": "pass"}, {"actor": 2, "type": "pass"}]
        """
      Then the position has:
        """
        players.0.score = 0
        players.1.score = 5
        players.2.score = 2
        """

  Rule: GV-EVENT-TWO-PLAYER-TIE a two-player tie for first shares the first place points (or first plus second)

    @GV-EVENT-TWO-PLAYER-TIE @reading:two_player_tie_includes_second=false
    Scenario: A two-player tie shares only the first place points
      Given a gnomeville game with 2 players in the build phase
      And the position:
        """
        round = 3
        events = ["satchel-sprint", null, null]
        event_deck = ["busy-builders", "clear-paths", "gnome-crowd", "high-society", "mushroom-hoard", "troll-free"]
        """
      When these actions are applied:
        """
        [{"actor": 0, "type": "pass"}, {"actor": 1, "type": "pass"}]
        """
      Then the position has:
        """
        players.0.score = 3
        players.1.score = 3
        """

    @GV-EVENT-TWO-PLAYER-TIE @reading:two_player_tie_includes_second=true
    Scenario: Under the other reading a two-player tie shares first plus second
      Given a gnomeville game with 2 players in the build phase and options:
        """
        {"two_player_tie_includes_second": true}
        """
      And the position:
        """
        round = 3
        events = ["satchel-sprint", null, null]
        event_deck = ["busy-builders", "clear-paths", "gnome-crowd", "high-society", "mushroom-hoard", "troll-free"]
        """
      When these actions are applied:
        """
        [{"actor": 0, "type": "pass"}, {"actor": 1, "type": "pass"}]
        """
      Then the position has:
        """
        players.0.score = 4
        players.1.score = 4
        """

    @GV-EVENT-TWO-PLAYER-TIE @GV-EVENT-TIE-FIRST @reading:two_player_tie_includes_second=false
    Scenario: A two-player tie on Troll-free shares its 4 first place points as 2 each
      Given a gnomeville game with 2 players in the build phase
      And the position:
        """
        round = 3
        events = ["troll-free", null, null]
        event_deck = ["busy-builders", "clear-paths", "gnome-crowd", "high-society", "mushroom-hoard", "satchel-sprint"]
        """
      When these actions are applied:
        """
        [{"actor": 0, "type": "pass"}, {"actor": 1, "type": "pass"}]
        """
      Then the position has:
        """
        players.0.score = 2
        players.1.score = 2
        """

  Rule: GV-SCORE-EVENTS-ORDER every revealed event is scored, leftmost first

    @GV-SCORE-EVENTS-ORDER @GV-SCORE-EVENTS
    Scenario: In round 4 the two revealed events both score
      Given a gnomeville game with 3 players in the build phase
      And the position:
        """
        round = 4
        events = ["satchel-sprint", "mushroom-hoard", "busy-builders"]
        event_deck = ["clear-paths", "gnome-crowd", "high-society", "troll-free"]
        players.0.bag = {"academy": 0, "armory": 0, "ballista": 0, "gnome": 0, "house": 0, "market": 3, "monument": 0, "tavern": 0, "workshop": 0}
        players.0.mushrooms = 9
        """
      When these actions are applied:
        """
        [{"actor": 0, "type": "pass"}, {"actor": 1, "type": "pass"}, {"actor": 2, "type": "pass"}]
        """
      Then the position has:
        """
        players.0.score = 10
        players.1.score = 2
        players.2.score = 2
        """

    @GV-SCORE-EVENTS @GV-SCORE-EVENTS-ORDER
    Scenario: In round 5 all three events score
      Given a gnomeville game with 3 players in the build phase
      And the position:
        """
        round = 5
        events = ["satchel-sprint", "mushroom-hoard", "busy-builders"]
        event_deck = ["clear-paths", "gnome-crowd", "high-society", "troll-free"]
        players.0.bag = {"academy": 0, "armory": 0, "ballista": 0, "gnome": 0, "house": 0, "market": 3, "monument": 0, "tavern": 0, "workshop": 0}
        players.0.mushrooms = 9
        """
      And player 0's town is:
        """
        ho .  .  .  .
        .  .  .  .  .
        .  .  .@0 .  .
        .  .  .  .  .
        .  .  .  .  .
        """
      When these actions are applied:
        """
        [{"actor": 0, "type": "pass"}, {"actor": 1, "type": "pass"}, {"actor": 2, "type": "pass"}]
        """
      Then the position has:
        """
        players.0.score = 15
        players.1.score = 3
        players.2.score = 3
        """

  Rule: GV-SCORE-FULL-TOWN a town without empty spaces scores 10 and is cleared into the bag

    @GV-SCORE-FULL-TOWN @GV-SCORE-STACK
    Scenario: A full town's 10 points add to the round's stack points
      Given a gnomeville game with 2 players in the build phase
      And player 0's town is:
        """
        mk ho mk ho mk
        ho mk ho mk ho
        mk ho .@0 ho mk
        ho mk ho mk ho
        mk ho mk ho mk
        """
      And "players.0.stacks" is [["workshop", "workshop", "workshop"]]
      When these actions are applied:
        """
        [{"actor": 0, "type": "pass"}, {"actor": 1, "type": "pass"}]
        """
      Then "players.0.score" is 13

    @GV-SCORE-FULL-TOWN @GV-REFRESH-FULL-TOWN @GV-DELIVERY-DECLINE
    Scenario: A full town scores 10 and its buildings go back to the bag in phase 5
      Given a gnomeville game with 2 players in the build phase
      And player 0's town is:
        """
        mk ho mk ho mk
        ho mk ho mk ho
        mk ho .@0 ho mk
        ho mk ho mk ho
        mk ho mk ho mk
        """
      When these actions are applied:
        """
        [{"actor": 0, "type": "pass"}, {"actor": 1, "type": "pass"}]
        """
      Then "players.0.score" is 10
      When chance reveals:
        """
        {"type": "delivery_card", "card": "delivery-01"}
        """
      When these actions are applied:
        """
        [{"actor": 1, "type": "delivery", "icon": "workshop", "take": false},
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
      And the position has:
        """
        players.0.bag.market = 17
        players.0.bag.house = 14
        players.0.full_town = false
        players.1.mushrooms = 3
        """

  Rule: GV-DELIVERY-EX players behind the leader take the delivery bonuses

    @GV-DELIVERY-EX @GV-DELIVERY @GV-DELIVERY-GAPS @GV-DELIVERY-DISCARD @GV-DELIVERY-DECLINE @GV-COMP-DELIVERY @GV-SUMMARY-SCORE
    Scenario: Twelve points behind earns the more-than-5 and more-than-10 groups
      Given a gnomeville game with 2 players in the build phase
      And "players.0.score" is 12
      When these actions are applied:
        """
        [{"actor": 0, "type": "pass"}, {"actor": 1, "type": "pass"}]
        """
      And chance reveals:
        """
        {"type": "delivery_card", "card": "delivery-01"}
        """
      Then the position has:
        """
        players.0.delivery = []
        players.1.delivery = ["workshop", "refill_stew", "workshop"]
        """
      When these actions are applied:
        """
        [{"actor": 1, "type": "delivery", "icon": "workshop", "take": true}]
        """
      Then the legal actions are exactly:
        """
        [{"actor": 1, "type": "delivery", "icon": "refill_stew", "take": false}]
        """
      When these actions are applied:
        """
        [{"actor": 1, "type": "delivery", "icon": "refill_stew", "take": false},
         {"actor": 1, "type": "delivery", "icon": "workshop", "take": true}]
        """
      Then the position has:
        """
        players.1.bag.workshop = 4
        players.1.mushrooms = 3
        delivery_discard = ["delivery-01"]
        phase = "buy"
        """

    @GV-DELIVERY-EX @GV-DELIVERY
    Scenario: A red-outlined bonus removes a troll from the town of the player behind
      Given a gnomeville game with 2 players in the build phase
      And "players.0.score" is 6
      And player 1's town is:
        """
        TR .  .  .  .
        .  .  .  .  .
        .  .  .@0 .  .
        .  .  .  .  .
        .  .  .  .  .
        """
      When these actions are applied:
        """
        [{"actor": 0, "type": "pass"}, {"actor": 1, "type": "pass"}]
        """
      And chance reveals:
        """
        {"type": "delivery_card", "card": "delivery-05"}
        """
      Then the legal actions are exactly:
        """
        [{"actor": 1, "type": "delivery", "icon": "remove_troll", "take": true, "space": [0, 0]},
         {"actor": 1, "type": "delivery", "icon": "remove_troll", "take": false}]
        """
      When player 1 plays:
        """
        {"type": "delivery", "icon": "remove_troll", "take": true, "space": [0, 0]}
        """
      Then the position has:
        """
        players.1.cells.0.0 = null
        players.1.mushrooms = 2
        phase = "buy"
        """

    @GV-DELIVERY-EX @GV-DESTROYED-TO-SUPPLY
    Scenario: A boulder removed by the special delivery returns to the supply
      Given a gnomeville game with 2 players in the build phase
      And "players.1.score" is 6
      And player 0's town is:
        """
        .  .  .  .  BO
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
      And chance reveals:
        """
        {"type": "delivery_card", "card": "delivery-04"}
        """
      Then "players.0.delivery" is ["remove_boulder"]
      When player 0 plays:
        """
        {"type": "delivery", "icon": "remove_boulder", "take": true, "space": [0, 4]}
        """
      Then the position has:
        """
        boulder_supply = 44
        players.0.mushrooms = 2
        """

    @GV-DELIVERY-EX @GV-DELIVERY @GV-COMP-DELIVERY
    Scenario: A refill-the-stew bonus turns an empty second chance tile to its full side
      Given a gnomeville game with 2 players in the build phase
      And "players.0.score" is 12
      And "players.1.stew" is false
      When these actions are applied:
        """
        [{"actor": 0, "type": "pass"}, {"actor": 1, "type": "pass"},
         {"actor": "chance", "type": "delivery_card", "card": "delivery-01"},
         {"actor": 1, "type": "delivery", "icon": "workshop", "take": true}]
        """
      Then the legal actions are exactly:
        """
        [{"actor": 1, "type": "delivery", "icon": "refill_stew", "take": true},
         {"actor": 1, "type": "delivery", "icon": "refill_stew", "take": false}]
        """
      When player 1 plays:
        """
        {"type": "delivery", "icon": "refill_stew", "take": true}
        """
      Then the position has:
        """
        players.1.stew = true
        players.1.mushrooms = 2
        players.1.delivery = ["workshop"]
        """

    @GV-DELIVERY-EX @GV-DELIVERY @GV-COMP-DELIVERY @GV-DELIVERY-DECLINE
    Scenario Outline: A workshop bonus is taken from the supply only while its tray holds one (<left> left)
      Given a gnomeville game with 2 players in the build phase
      And the position:
        """
        players.0.score = 6
        supply.workshop = <left>
        """
      When these actions are applied:
        """
        [{"actor": 0, "type": "pass"}, {"actor": 1, "type": "pass"},
         {"actor": "chance", "type": "delivery_card", "card": "delivery-01"}]
        """
      Then the legal actions are exactly:
        """
        <legal>
        """

      Examples:
        | left | legal |
        | 1    | [{"actor": 1, "type": "delivery", "icon": "workshop", "take": true}, {"actor": 1, "type": "delivery", "icon": "workshop", "take": false}] |
        | 0    | [{"actor": 1, "type": "delivery", "icon": "workshop", "take": false}] |

  Rule: GV-DELIVERY-MULTI the special delivery is resolved in games of two or more

    # gnomeville.ja.txt:336 "4) 特別配達の解決(マルチプレイヤー専用)": with two players the attack
    # is followed by the special delivery, its card turned from the deck.
    @GV-DELIVERY-MULTI
    Scenario: In a two-player game a special delivery card is turned after the troll attack
      Given a gnomeville game with 2 players in the build phase
      When these actions are applied:
        """
        [{"actor": 0, "type": "pass"}, {"actor": 1, "type": "pass"}]
        """
      Then "chance" is {"type": "delivery_card"}

  Rule: GV-DELIVERY-DISCARD the special delivery card is discarded after the round

    @GV-DELIVERY-DISCARD
    Scenario: Once the delivery phase is over the round's card lies in the discard and no card is out
      Given a gnomeville game with 2 players in the build phase
      When these actions are applied:
        """
        [{"actor": 0, "type": "pass"}, {"actor": 1, "type": "pass"},
         {"actor": "chance", "type": "delivery_card", "card": "delivery-01"}]
        """
      Then the position has:
        """
        phase = "buy"
        delivery_card = null
        delivery_discard = ["delivery-01"]
        """

  Rule: GV-DELIVERY-GAPS more than 5, 10 and 15 points behind earn one, two and three groups

    @GV-DELIVERY-GAPS @GV-DELIVERY
    Scenario: Exactly 5 behind earns nothing, exactly 10 one group, 16 behind all three groups
      Given a gnomeville game with 4 players in the build phase
      And the position:
        """
        players.0.score = 20
        players.1.score = 15
        players.2.score = 10
        players.3.score = 4
        """
      When these actions are applied:
        """
        [{"actor": 0, "type": "pass"}, {"actor": 1, "type": "pass"},
         {"actor": 2, "type": "pass"}, {"actor": 3, "type": "pass"}]
        """
      And chance reveals:
        """
        {"type": "delivery_card", "card": "delivery-01"}
        """
      Then the position has:
        """
        players.0.delivery = []
        players.1.delivery = []
        players.2.delivery = ["workshop"]
        players.3.delivery = ["workshop", "refill_stew", "workshop", "remove_troll", "refill_stew"]
        """

  Rule: GV-TERM-EMPTY a space with no tile and no stand is empty

    @GV-TERM-EMPTY @GV-SCORE-FULL-TOWN
    Scenario: A gnome's stand keeps its space from being empty: only the town whose unbuilt space holds a gnome is full
      Given a gnomeville game with 2 players in the build phase
      And player 0's town is:
        """
        mk ho mk ho mk
        ho mk ho mk ho
        mk ho .@0 ho mk
        ho mk ho mk ho
        mk ho mk ho mk
        """
      And player 1's town is:
        """
        mk@0 ho mk ho mk
        ho mk ho mk ho
        mk ho .  ho mk
        ho mk ho mk ho
        mk ho mk ho mk
        """
      When these actions are applied:
        """
        [{"actor": 0, "type": "pass"}, {"actor": 1, "type": "pass"}]
        """
      Then the position has:
        """
        players.0.score = 10
        players.1.score = 0
        """

  Rule: GV-TERM-EMPTY-TOKENS boulder and troll spaces are not empty

    @GV-TERM-EMPTY-TOKENS @GV-SCORE-FULL-TOWN
    Scenario: A town whose only unbuilt spaces hold a boulder, a troll and a gnome is full
      Given a gnomeville game with 2 players in the build phase
      And player 0's town is:
        """
        BO ho mk ho mk
        ho mk ho mk ho
        mk ho .@0 ho mk
        ho mk ho mk ho
        mk ho mk ho TR
        """
      And "boulder_supply" is 43
      When these actions are applied:
        """
        [{"actor": 0, "type": "pass"}, {"actor": 1, "type": "pass"}]
        """
      Then "players.0.score" is 10
