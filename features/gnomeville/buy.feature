Feature: Gnomeville buy and refresh

  Rule: GV-BUY buildings cost their tier in mushrooms, up to the round number

    @GV-BUY @GV-BUY-COST
    Scenario: In round 1 a player buys one house for 2 mushrooms into the bag
      Given a gnomeville game with 2 players in the build phase
      When these actions are applied:
        """
        [{"actor": 0, "type": "pass"}, {"actor": 1, "type": "pass"},
         {"actor": "chance", "type": "delivery_card", "card": "delivery-01"}]
        """
      Then the legal actions include:
        """
        {"actor": 0, "type": "buy", "kind": "house"}
        """
      And the legal actions do not include:
        """
        {"actor": 0, "type": "buy", "kind": "tavern"}
        """
      When player 0 plays:
        """
        {"type": "buy", "kind": "house"}
        """
      Then the position has:
        """
        players.0.mushrooms = 0
        players.0.bag.house = 3
        players.0.buys_left = 0
        """

    @GV-BUY @GV-BUY-LIMIT
    Scenario: In round 3 the fourth purchase is refused
      Given a gnomeville game with 2 players in the build phase
      And the position:
        """
        round = 3
        players.0.mushrooms = 10
        """
      When these actions are applied:
        """
        [{"actor": 0, "type": "pass"}, {"actor": 1, "type": "pass"},
         {"actor": "chance", "type": "delivery_card", "card": "delivery-01"},
         {"actor": 0, "type": "buy", "kind": "market"},
         {"actor": 0, "type": "buy", "kind": "market"},
         {"actor": 0, "type": "buy", "kind": "market"}]
        """
      Then "players.0.mushrooms" is 7
      When player 0 plays:
        """
        {"type": "buy", "kind": "market"}
        """
      Then the action is rejected citing rule "GV-BUY-LIMIT"

    @GV-BUY @GV-BUY-LIMIT @GV-BUY-COST
    Scenario: In round 3 a player whose mushrooms buy nothing more is done with two purchases unused
      Given a gnomeville game with 2 players in the build phase
      And the position:
        """
        round = 3
        players.0.mushrooms = 1
        """
      When these actions are applied:
        """
        [{"actor": 0, "type": "pass"}, {"actor": 1, "type": "pass"},
         {"actor": "chance", "type": "delivery_card", "card": "delivery-01"}]
        """
      Then "players.0.buys_left" is 3
      When player 0 plays:
        """
        {"type": "buy", "kind": "market"}
        """
      Then the position has:
        """
        players.0.mushrooms = 0
        players.0.bag.market = 6
        supply.market = 29
        players.0.buys_left = 0
        to_act = [1]
        """

    @GV-BUY @GV-SETUP-TRAYS
    Scenario: The last market of its tray can still be bought
      Given a gnomeville game with 2 players in the build phase
      And "supply.market" is 1
      When these actions are applied:
        """
        [{"actor": 0, "type": "pass"}, {"actor": 1, "type": "pass"},
         {"actor": "chance", "type": "delivery_card", "card": "delivery-01"}]
        """
      Then the legal actions include:
        """
        {"actor": 0, "type": "buy", "kind": "market"}
        """
      When player 0 plays:
        """
        {"type": "buy", "kind": "market"}
        """
      Then the position has:
        """
        supply.market = 0
        players.0.bag.market = 6
        """

    @GV-BUY @GV-BUY-COST
    Scenario Outline: A purchase needs a tile in the supply that the mushrooms pay for (<case>)
      Given a gnomeville game with 2 players in the build phase
      And the position:
        """
        players.0.mushrooms = <mushrooms>
        supply.market = <markets>
        """
      When these actions are applied:
        """
        [{"actor": 0, "type": "pass"}, {"actor": 1, "type": "pass"},
         {"actor": "chance", "type": "delivery_card", "card": "delivery-01"}]
        """
      Then "players.0.buys_left" is <buys_left>
      And the legal actions <market>:
        """
        {"actor": 0, "type": "buy", "kind": "market"}
        """

      Examples:
        | case                                       | mushrooms | markets | buys_left | market          |
        | the last market for the last mushroom      | 1         | 1       | 1         | include         |
        | no market left and 1 mushroom: done        | 1         | 0       | 0         | do not include  |
        | no market left but a house is affordable    | 2         | 0       | 1         | do not include  |

  Rule: GV-ROUND-TRACKER the tracker advances and reveals the event under it

    @GV-ROUND-TRACKER @GV-EVENT-REVEAL @GV-SETUP-EVENTS @GV-SUMMARY-BUY @GV-BUY-ORDER
    Scenario: Entering round 3 reveals the first event
      Given a gnomeville game with 2 players in the build phase
      And "round" is 2
      When these actions are applied:
        """
        [{"actor": 0, "type": "pass"}, {"actor": 1, "type": "pass"},
         {"actor": "chance", "type": "delivery_card", "card": "delivery-01"},
         {"actor": 0, "type": "done"}, {"actor": 1, "type": "done"}]
        """
      Then the position has:
        """
        round = 3
        chance = {"type": "event"}
        """
      When chance reveals:
        """
        {"type": "event", "card": "satchel-sprint"}
        """
      Then the position has:
        """
        events = ["satchel-sprint", null, null]
        phase = "prepare"
        chance = {"type": "troll_card"}
        """

    @GV-ROUND-TRACKER
    Scenario: In round 1 the tracker waits for the one buy each player may make and then advances to round 2
      Given a gnomeville game with 2 players in the build phase
      When these actions are applied:
        """
        [{"actor": 0, "type": "pass"}, {"actor": 1, "type": "pass"},
         {"actor": "chance", "type": "delivery_card", "card": "delivery-01"}]
        """
      Then the position has:
        """
        round = 1
        phase = "buy"
        """
      When these actions are applied:
        """
        [{"actor": 0, "type": "done"}, {"actor": 1, "type": "done"}]
        """
      Then the position has:
        """
        round = 2
        """

    @GV-EVENT-REVEAL @GV-SETUP-EVENTS @GV-ROUND-TRACKER
    Scenario: Entering round 4 reveals the second event space and keeps the first
      Given a gnomeville game with 2 players in the build phase
      And the position:
        """
        round = 3
        events = ["satchel-sprint", null, null]
        event_deck = ["busy-builders", "clear-paths", "gnome-crowd", "high-society", "mushroom-hoard", "troll-free"]
        """
      When these actions are applied:
        """
        [{"actor": 0, "type": "pass"}, {"actor": 1, "type": "pass"},
         {"actor": "chance", "type": "delivery_card", "card": "delivery-01"},
         {"actor": 0, "type": "done"}, {"actor": 1, "type": "done"}]
        """
      Then the position has:
        """
        round = 4
        chance = {"type": "event"}
        """
      When chance reveals:
        """
        {"type": "event", "card": "troll-free"}
        """
      Then the position has:
        """
        events = ["satchel-sprint", "troll-free", null]
        event_deck = ["busy-builders", "clear-paths", "gnome-crowd", "high-society", "mushroom-hoard"]
        """

    @GV-EVENT-REVEAL @GV-SETUP-EVENTS @GV-ROUND-TRACKER
    Scenario: Entering round 5 reveals the third event space and keeps the first two
      Given a gnomeville game with 2 players in the build phase
      And the position:
        """
        round = 4
        events = ["satchel-sprint", "troll-free", null]
        event_deck = ["busy-builders", "clear-paths", "gnome-crowd", "high-society", "mushroom-hoard"]
        """
      When these actions are applied:
        """
        [{"actor": 0, "type": "pass"}, {"actor": 1, "type": "pass"},
         {"actor": "chance", "type": "delivery_card", "card": "delivery-01"},
         {"actor": 0, "type": "done"}, {"actor": 1, "type": "done"}]
        """
      Then the position has:
        """
        round = 5
        chance = {"type": "event"}
        """
      When chance reveals:
        """
        {"type": "event", "card": "gnome-crowd"}
        """
      Then the position has:
        """
        events = ["satchel-sprint", "troll-free", "gnome-crowd"]
        event_deck = ["busy-builders", "clear-paths", "high-society", "mushroom-hoard"]
        """

    # gnomeville.ja.txt:68, 328, 378: the three events lie under the round 3, 4 and 5 spaces,
    # so the tracker entering round 2 finds no event under it and reveals none
    @GV-EVENT-REVEAL @GV-ROUND-TRACKER
    Scenario: Entering round 2 reveals no event
      Given a gnomeville game with 2 players in the build phase
      When these actions are applied:
        """
        [{"actor": 0, "type": "pass"}, {"actor": 1, "type": "pass"},
         {"actor": "chance", "type": "delivery_card", "card": "delivery-01"},
         {"actor": 0, "type": "done"}, {"actor": 1, "type": "done"}]
        """
      Then the position has:
        """
        events = [null, null, null]
        chance = {"type": "troll_card"}
        """

  Rule: GV-REFRESH upgraded tiles and gnome tiles return to the bag, the town stays

    @GV-REFRESH @GV-REFRESH-STAYS
    Scenario: Stacks and stumps empty into the bag while buildings and trolls stay
      Given a gnomeville game with 2 players in the build phase
      And player 0's town is:
        """
        ho .  .  .  .
        .  .  .  .  TR
        .  .  .@0 .  .
        .  .  .  .  .
        .  .  .  .  BO
        """
      And the position:
        """
        players.0.stacks = [["market", "market", "market"]]
        players.0.stumps = 2
        players.0.bag.gnome = 1
        """
      When these actions are applied:
        """
        [{"actor": 0, "type": "pass"}, {"actor": 1, "type": "pass"},
         {"actor": "chance", "type": "delivery_card", "card": "delivery-01"},
         {"actor": 0, "type": "done"}, {"actor": 1, "type": "done"}]
        """
      Then player 0's town is:
        """
        ho .  .  .  .
        .  .  .  .  TR
        .  .  .@0 .  .
        .  .  .  .  .
        .  .  .  .  BO
        """
      And the position has:
        """
        players.0.stacks = []
        players.0.stumps = 0
        players.0.bag.gnome = 3
        players.0.bag.market = 8
        """

  Rule: GV-FINAL-NO-BUY the last round skips buy and refresh

    @GV-FINAL-NO-BUY @GV-PHASES
    Scenario: After round 5 scoring the game is over
      Given a gnomeville game with 2 players in the build phase
      And "round" is 5
      When these actions are applied:
        """
        [{"actor": 0, "type": "pass"}, {"actor": 1, "type": "pass"},
         {"actor": "chance", "type": "delivery_card", "card": "delivery-01"}]
        """
      Then the game is over
      And "phase" is "end"

    @GV-FINAL-NO-BUY @GV-LOAD-CONSISTENT
    Scenario: A buy phase in round 5, which the last round skips, is refused
      Given a gnomeville game with 2 players in the build phase
      When the position is loaded:
        """
        round = 5
        phase = "buy"
        troll_card = null
        troll_discard = ["troll-01"]
        """
      Then the request is refused as malformed
