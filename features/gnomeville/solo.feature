Feature: Gnomeville solo play

  Rule: GV-SOLO-SETUP solo uses the solo events and no delivery or goal cards

    @GV-SOLO-SETUP @GV-SOLO-EVENTS @GV-SOLO-NO-CARDS @GV-SETUP-EVENT-DECKS
    Scenario: A solo game goes straight to the first troll card
      Given a new "gnomeville" game with 1 player
      Then the position has:
        """
        goals = []
        goal_deck = []
        delivery_deck = []
        event_deck = ["solo-busy-builders", "solo-clear-paths", "solo-gnome-crowd", "solo-high-society", "solo-mushroom-hoard", "solo-satchel-sprint", "solo-troll-free"]
        chance = {"type": "troll_card"}
        """

  Rule: GV-SOLO-EVENT-SCORING a solo event pays when its threshold is met

    @GV-SOLO-EVENT-SCORING @GV-SOLO-EVENTS @GV-SUMMARY-SOLO @GV-DELIVERY-MULTI
    Scenario: Three tiles left meets the solo Satchel Sprint
      Given a gnomeville game with 1 player in the build phase
      And the position:
        """
        round = 3
        events = ["solo-satchel-sprint", null, null]
        event_deck = ["solo-busy-builders", "solo-clear-paths", "solo-gnome-crowd", "solo-high-society", "solo-mushroom-hoard", "solo-troll-free"]
        players.0.bag = {"academy": 0, "armory": 0, "ballista": 0, "gnome": 0, "house": 0, "market": 3, "monument": 0, "tavern": 0, "workshop": 0}
        """
      When player 0 plays:
        """
        {"type": "pass"}
        """
      Then "players.0.score" is 5
      And "phase" is "buy"

    @GV-SOLO-EVENT-SCORING
    Scenario: Seven tiles left misses the solo Satchel Sprint threshold of six
      Given a gnomeville game with 1 player in the build phase
      And the position:
        """
        round = 3
        events = ["solo-satchel-sprint", null, null]
        event_deck = ["solo-busy-builders", "solo-clear-paths", "solo-gnome-crowd", "solo-high-society", "solo-mushroom-hoard", "solo-troll-free"]
        players.0.bag = {"academy": 0, "armory": 0, "ballista": 0, "gnome": 0, "house": 0, "market": 7, "monument": 0, "tavern": 0, "workshop": 0}
        """
      When player 0 plays:
        """
        {"type": "pass"}
        """
      Then "players.0.score" is 0

    @GV-SOLO-EVENT-SCORING
    Scenario: Exactly six tiles left meets the solo Satchel Sprint threshold of six
      Given a gnomeville game with 1 player in the build phase
      And the position:
        """
        round = 3
        events = ["solo-satchel-sprint", null, null]
        event_deck = ["solo-busy-builders", "solo-clear-paths", "solo-gnome-crowd", "solo-high-society", "solo-mushroom-hoard", "solo-troll-free"]
        players.0.bag = {"academy": 0, "armory": 0, "ballista": 0, "gnome": 0, "house": 0, "market": 6, "monument": 0, "tavern": 0, "workshop": 0}
        """
      When player 0 plays:
        """
        {"type": "pass"}
        """
      Then "players.0.score" is 5

    @GV-SOLO-EVENT-SCORING
    Scenario: Exactly four mushrooms meets the solo Mushroom Hoard threshold of four
      Given a gnomeville game with 1 player in the build phase
      And the position:
        """
        round = 3
        events = ["solo-mushroom-hoard", null, null]
        event_deck = ["solo-busy-builders", "solo-clear-paths", "solo-gnome-crowd", "solo-high-society", "solo-satchel-sprint", "solo-troll-free"]
        players.0.mushrooms = 4
        """
      When player 0 plays:
        """
        {"type": "pass"}
        """
      Then "players.0.score" is 5

    @GV-SOLO-EVENT-SCORING @GV-COMP-EVENTS
    Scenario Outline: <deployed> gnomes on the board <verdict> the solo Gnome Crowd threshold of three
      Given a gnomeville game with 1 player in the build phase
      And player 0's town is:
        """
        <row0>
        .  .  .  .  .
        .  .  .@1 .  .
        .  .  .  .  .
        .  .  .  .  .
        """
      And the position:
        """
        round = 3
        events = ["solo-gnome-crowd", null, null]
        event_deck = ["solo-busy-builders", "solo-clear-paths", "solo-high-society", "solo-mushroom-hoard", "solo-satchel-sprint", "solo-troll-free"]
        """
      When player 0 plays:
        """
        {"type": "pass"}
        """
      Then "players.0.score" is <score>

      Examples:
        | deployed | verdict | row0              | score |
        | Two      | miss    | .@0 .  .  .  .    | 0     |
        | Three    | meet    | .@0 .  .  . .@2   | 4     |

    @GV-SOLO-EVENT-SCORING @GV-SCORE-EVENTS-ORDER @GV-SOLO-EVENTS
    Scenario: In round 4 both revealed solo events pay, on top of the points already scored
      Given a gnomeville game with 1 player in the build phase
      And the position:
        """
        round = 4
        events = ["solo-mushroom-hoard", "solo-troll-free", null]
        event_deck = ["solo-busy-builders", "solo-clear-paths", "solo-gnome-crowd", "solo-high-society", "solo-satchel-sprint"]
        players.0.mushrooms = 4
        players.0.score = 10
        """
      When player 0 plays:
        """
        {"type": "pass"}
        """
      Then "players.0.score" is 19

    @GV-SOLO-EVENT-SCORING @GV-COMP-EVENTS
    Scenario: One academy misses the solo High Society threshold of two tier-4 buildings
      Given a gnomeville game with 1 player in the build phase
      And player 0's town is:
        """
        ac .  .  .  .
        .  .  .  .  .
        .  .  .@0 .  .
        .  .  .  .  .
        .  .  .  .  .
        """
      And the position:
        """
        round = 3
        events = ["solo-high-society", null, null]
        event_deck = ["solo-busy-builders", "solo-clear-paths", "solo-gnome-crowd", "solo-mushroom-hoard", "solo-satchel-sprint", "solo-troll-free"]
        """
      When player 0 plays:
        """
        {"type": "pass"}
        """
      Then "players.0.score" is 0

  Rule: GV-SOLO-RANK the final score gives the town's rank

    @GV-SOLO-RANK
    Scenario: Seventy-nine points is a master builder's town
      Given a gnomeville game with 1 player in the build phase
      And the position:
        """
        round = 5
        players.0.score = 79
        """
      When player 0 plays:
        """
        {"type": "pass"}
        """
      Then the game is over
      And the outcome has:
        """
        scores = [79]
        winners = [0]
        details.rank = "master"
        """

    @GV-SOLO-RANK
    Scenario: Eighty points is the legendary Gnomeville
      Given a gnomeville game with 1 player in the build phase
      And the position:
        """
        round = 5
        players.0.score = 80
        """
      When player 0 plays:
        """
        {"type": "pass"}
        """
      Then the outcome has:
        """
        details.rank = "legendary"
        """

    @GV-SOLO-RANK
    Scenario: Forty points is the last rank of the chart and thirty-nine is below it
      Given a gnomeville game with 1 player in the build phase
      And the position:
        """
        round = 5
        players.0.score = 40
        """
      When player 0 plays:
        """
        {"type": "pass"}
        """
      Then the outcome has:
        """
        details.rank = "rainbows"
        """
      Given a gnomeville game with 1 player in the build phase
      And the position:
        """
        round = 5
        players.0.score = 39
        """
      When player 0 plays:
        """
        {"type": "pass"}
        """
      Then the outcome has:
        """
        details.rank = null
        """

    @GV-SOLO-RANK
    Scenario: Sixty points is a promising builder and fifty-nine a town of sorts
      Given a gnomeville game with 1 player in the build phase
      And the position:
        """
        round = 5
        players.0.score = 60
        """
      When player 0 plays:
        """
        {"type": "pass"}
        """
      Then the outcome has:
        """
        details.rank = "promising"
        """
      Given a gnomeville game with 1 player in the build phase
      And the position:
        """
        round = 5
        players.0.score = 59
        """
      When player 0 plays:
        """
        {"type": "pass"}
        """
      Then the outcome has:
        """
        details.rank = "town?"
        """
