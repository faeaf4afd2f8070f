Feature: Gnomeville setup

  Rule: GV-SETUP-GOALS adjacency goals between neighbours, three between two players

    @GV-SETUP-GOALS @GV-SETUP-GOALS-FACE @GV-CHANCE
    Scenario: A two-player game deals three face-up goal cards between the pair
      Given a new "gnomeville" game with 2 players
      Then the position has:
        """
        phase = "setup"
        chance = {"type": "goal"}
        goals = [{"players": [0, 1], "cards": [], "size": 3}]
        """
      And the chance outcomes are:
        """
        [{"action": {"type": "goal", "card": "fewest-empty"}, "probability": "1/9"},
         {"action": {"type": "goal", "card": "fewest-swords"}, "probability": "1/9"},
         {"action": {"type": "goal", "card": "fewest-trolls"}, "probability": "1/9"},
         {"action": {"type": "goal", "card": "most-blue"}, "probability": "1/9"},
         {"action": {"type": "goal", "card": "most-boulders"}, "probability": "1/9"},
         {"action": {"type": "goal", "card": "most-graduates"}, "probability": "1/9"},
         {"action": {"type": "goal", "card": "most-hammers"}, "probability": "1/9"},
         {"action": {"type": "goal", "card": "most-mushrooms"}, "probability": "1/9"},
         {"action": {"type": "goal", "card": "most-red"}, "probability": "1/9"}]
        """
      When these actions are applied:
        """
        [{"actor": "chance", "type": "goal", "card": "most-red"},
         {"actor": "chance", "type": "goal", "card": "fewest-trolls"},
         {"actor": "chance", "type": "goal", "card": "most-blue"}]
        """
      Then the position has:
        """
        goals = [{"players": [0, 1], "cards": ["fewest-trolls", "most-blue", "most-red"], "size": 3}]
        phase = "prepare"
        chance = {"type": "troll_card"}
        """

    @GV-SETUP-GOALS
    Scenario: A four-player game has one goal card between each pair of neighbours
      Given a new "gnomeville" game with 4 players
      Then "goals" is [{"players": [0, 1], "cards": [], "size": 1}, {"players": [1, 2], "cards": [], "size": 1}, {"players": [2, 3], "cards": [], "size": 1}, {"players": [0, 3], "cards": [], "size": 1}]

    # gnomeville.ja.txt:72: one goal card between each two neighbours, so three players get
    # three cards, one a pair (the action schema deals each card to the first pair still
    # short of one), and the setup goes on once the third is dealt
    @GV-SETUP-GOALS
    Scenario: A three-player game deals one goal card to each pair of neighbours and no more
      Given a new "gnomeville" game with 3 players
      When these actions are applied:
        """
        [{"actor": "chance", "type": "goal", "card": "most-red"},
         {"actor": "chance", "type": "goal", "card": "fewest-trolls"},
         {"actor": "chance", "type": "goal", "card": "most-blue"}]
        """
      Then the position has:
        """
        goals = [{"players": [0, 1], "cards": ["most-red"], "size": 1}, {"players": [1, 2], "cards": ["fewest-trolls"], "size": 1}, {"players": [0, 2], "cards": ["most-blue"], "size": 1}]
        phase = "prepare"
        """

  Rule: GV-SETUP-BAG each player starts with the same pieces

    @GV-SETUP-BAG @GV-SETUP-MUSHROOMS @GV-SETUP-GNOMES @GV-SETUP-STEW @GV-SETUP-SCORE @GV-SETUP-ROUND-TRACKER @GV-SETUP-TROLLS @GV-SETUP-STEP2-MISSING @GV-COMP-PLAYER-SETS
    Scenario: Every player's starting position
      Given a new "gnomeville" game with 3 players
      Then the position has:
        """
        round = 1
        players.2.mushrooms = 2
        players.2.score = 0
        players.2.stew = true
        players.2.stumps = 0
        players.2.bag = {"academy": 0, "armory": 0, "ballista": 0, "gnome": 3, "house": 2, "market": 5, "monument": 0, "tavern": 0, "workshop": 2}
        players.2.gnomes.0 = {"space": [2, 2], "hammer": false, "sword": false, "graduated": false, "ability": null}
        players.2.gnomes.1.space = null
        players.2.gnomes.2.space = null
        players.2.cells = [[null, null, null, null, null], [null, null, null, null, null], [null, null, null, null, null], [null, null, null, null, null], [null, null, null, null, null]]
        """

    @GV-SETUP-BAG @GV-SETUP-GNOMES
    Scenario: At the start no player is stuck, waiting, moving or upgrading
      Given a new "gnomeville" game with 2 players
      Then the position has:
        """
        players.0.stuck = false
        players.0.status = "building"
        players.0.tbt_done = false
        players.0.transit = null
        players.0.trigger = null
        players.1.stuck = false
        players.1.tbt_done = false
        """

  Rule: GV-SETUP-TROLL-DECK the shuffled decks are chance nodes

    @GV-SETUP-TROLL-DECK @GV-SETUP-ABILITY-DECK @GV-SETUP-DELIVERY-DECK @GV-SETUP-EVENT-DECKS @GV-SETUP-TRAYS @GV-COMP-LIST @GV-COMP-TILES @GV-COMP-BOULDERS @GV-COMP-NAMES
    Scenario: Decks and the shared supply at the start of a two-player game
      Given a new "gnomeville" game with 2 players
      Then the position has:
        """
        troll_deck = ["troll-01", "troll-02", "troll-03", "troll-04", "troll-05", "troll-06", "troll-07", "troll-08", "troll-09", "troll-10", "troll-11", "troll-12", "troll-13", "troll-14", "troll-15", "troll-16"]
        delivery_deck = ["delivery-01", "delivery-02", "delivery-03", "delivery-04", "delivery-05", "delivery-06", "delivery-07", "delivery-08", "delivery-09", "delivery-10"]
        event_deck = ["busy-builders", "clear-paths", "gnome-crowd", "high-society", "mushroom-hoard", "satchel-sprint", "troll-free"]
        events = [null, null, null]
        supply = {"academy": 20, "armory": 24, "ballista": 20, "house": 28, "market": 30, "monument": 12, "tavern": 24, "workshop": 28}
        boulder_supply = 44
        """
      And "ability_deck.21" is "ability-22"

  Rule: GV-SETUP-TOWN-DEAL each player's board side is an option

    @GV-SETUP-TOWN-DEAL @GV-SETUP-UNIQUE-CHOICE @GV-BOARD-CHOICE @GV-INTRO-SYMMETRIC
    Scenario: Boards default to the symmetric side and may be mixed
      Given a new "gnomeville" game with 2 players
      Then "players.1.board" is "symmetric"
      Given a new "gnomeville" game with 3 players and options:
        """
        {"boards": ["symmetric", "towerville", "riverville"]}
        """
      Then the position has:
        """
        players.0.board = "symmetric"
        players.1.board = "towerville"
        players.2.board = "riverville"
        """
