Feature: NEOM positions the rules cannot reach are refused (load_state)
  # A loaded position (protocol load_state) that no game can reach is refused as malformed,
  # and the game held before is kept. Each refused position below breaks exactly one rule and
  # is otherwise the position of a game in progress; where a bound is counted, the position on
  # the bound is loaded too. Copies (spec/neom/components.yaml, provisional): in a 2-player
  # game (the 1+ icon only) the generation 1 deck holds 24 tiles, 3 of them g1-houses; the
  # box holds the 4+ and 5+ copies, 2 of g1-houses; there are 2 copies of each cornerstone.

  Rule: NM-FLOW-PRELIM the preliminary round (generation 0) drafts, then 3 generations follow

    @NM-FLOW-PRELIM
    Scenario: Boards dealt in generation 1 are refused
      Given a new "neom" game with 2 players
      When the position is loaded:
        """
        generation = 1
        """
      Then the request is refused as malformed

    @NM-FLOW-PRELIM
    Scenario: A selection step in the preliminary round is refused
      Given a new "neom" game with 2 players and setup:
        """
        {"setup": {"boards": ["oil", "ore"]}}
        """
      When the position is loaded:
        """
        phase = "select"
        players.0.hand = ["cs-kiln"]
        players.1.hand = ["cs-forest"]
        """
      Then the request is refused as malformed

  Rule: NM-FLOW-END the game ends after the third generation

    @NM-FLOW-END
    Scenario: A game over after the second generation is refused
      Given a new "neom" game with 2 players and setup:
        """
        {"setup": {"boards": ["oil", "ore"]}}
        """
      When the position is loaded:
        """
        phase = "over"
        generation = 2
        turn = 7
        """
      Then the request is refused as malformed

  Rule: NM-DRAFT-DEAL 4 cornerstones dealt, 3 kept

    @NM-DRAFT-DEAL
    Scenario: A fourth draft round is refused
      Given a new "neom" game with 2 players and setup:
        """
        {"setup": {"boards": ["oil", "ore"]}}
        """
      When the position is loaded:
        """
        phase = "draft"
        turn = 4
        players.0.hand = ["cs-kiln"]
        players.1.hand = ["cs-forest"]
        """
      Then the request is refused as malformed

    @NM-DRAFT-DEAL
    Scenario: A draft hand of 5 cornerstones is refused
      Given a new "neom" game with 2 players and setup:
        """
        {"setup": {"boards": ["oil", "ore"]}}
        """
      When the position is loaded:
        """
        phase = "draft"
        players.0.hand = ["cs-forest", "cs-kiln", "cs-orchard", "cs-smelter", "cs-atelier"]
        players.1.hand = ["cs-windmill", "cs-monument", "cs-precinct", "cs-fire-hall"]
        """
      Then the request is refused as malformed

    @NM-DRAFT-DEAL
    Scenario: A generation tile among the kept cornerstones is refused
      Given a new "neom" game with 2 players and setup:
        """
        {"setup": {"boards": ["oil", "ore"]}}
        """
      When the position is loaded:
        """
        phase = "draft"
        turn = 2
        players.0.cornerstones = ["g1-houses"]
        players.0.hand = ["cs-forest", "cs-kiln", "cs-orchard"]
        players.1.cornerstones = ["cs-atelier"]
        players.1.hand = ["cs-windmill", "cs-monument", "cs-precinct"]
        """
      Then the request is refused as malformed

    @NM-DRAFT-DEAL
    Scenario: Three cornerstones kept and one placed are refused
      Given a new "neom" game with 2 players and setup:
        """
        {"setup": {"boards": ["oil", "ore"]}}
        """
      When the position is loaded:
        """
        phase = "act"
        generation = 1
        players.0.selected = "g1-market"
        players.0.hand = ["g1-farm"]
        players.0.city.1.2 = "cs-garden-homes"
        players.0.cornerstones = ["cs-forest", "cs-kiln", "cs-orchard"]
        players.1.acted = true
        players.1.hand = ["g1-mine"]
        """
      Then the request is refused as malformed

    @NM-DRAFT-DEAL
    Scenario: The cornerstone deal needs 8 cornerstones for two players, and 8 are enough
      # 8 left, 2 copies each of 4 kinds: each is dealt with probability 2/8 = 1/4
      Given a new "neom" game with 2 players and setup:
        """
        {"setup": {"boards": ["oil", "ore"]}}
        """
      When the position is loaded:
        """
        decks.cornerstone = {"cs-forest": 2, "cs-kiln": 2, "cs-orchard": 2, "cs-smelter": 1}
        """
      Then the request is refused as malformed
      Given the position:
        """
        decks.cornerstone = {"cs-forest": 2, "cs-kiln": 2, "cs-orchard": 2, "cs-smelter": 2}
        """
      Then the chance outcomes are:
        """
        [{"action": {"type": "deal_cornerstone", "player": 0, "tile": "cs-forest"}, "probability": "1/4"},
         {"action": {"type": "deal_cornerstone", "player": 0, "tile": "cs-kiln"}, "probability": "1/4"},
         {"action": {"type": "deal_cornerstone", "player": 0, "tile": "cs-orchard"}, "probability": "1/4"},
         {"action": {"type": "deal_cornerstone", "player": 0, "tile": "cs-smelter"}, "probability": "1/4"}]
        """

    @NM-DRAFT-DEAL
    Scenario: A cornerstone deal of 3 is refused
      Given a new "neom" game with 2 players and setup:
        """
        {"setup": {"boards": ["oil", "ore"]}}
        """
      When the position is loaded:
        """
        deal_target = 3
        """
      Then the request is refused as malformed

    @NM-DRAFT-DEAL
    Scenario: While boards are dealt the cornerstone deck needs 8 cornerstones for two players
      # spec/neom/state.schema.json: in phase boards the cornerstone deck holds 4 x players,
      # the cornerstone deal still to come; 7 cannot complete it, 8 are enough
      Given a new "neom" game with 2 players
      When the position is loaded:
        """
        decks.cornerstone = {"cs-forest": 2, "cs-kiln": 2, "cs-orchard": 2, "cs-smelter": 1}
        """
      Then the request is refused as malformed
      Given the position:
        """
        decks.cornerstone = {"cs-forest": 2, "cs-kiln": 2, "cs-orchard": 2, "cs-smelter": 2}
        """
      Then the position has:
        """
        phase = "boards"
        deal_target = 4
        to_act = ["chance"]
        """

    @NM-DRAFT-DEAL
    Scenario Outline: A cornerstone deal of <size> still to come while boards are dealt is refused
      # spec/neom/state.schema.json: in phase boards deal_target is 4, the cornerstone deal
      Given a new "neom" game with 2 players
      When the position is loaded:
        """
        deal_target = <size>
        """
      Then the request is refused as malformed

      Examples:
        | size |
        | 0    |
        | 3    |
        | 8    |

    @NM-DRAFT-DEAL
    Scenario Outline: <kept> kept cornerstones in draft round <round> are refused
      # spec/neom/state.schema.json: in phase draft a seat holds exactly turn - 1 kept
      # cornerstones, its keep of this round being its selection
      Given a new "neom" game with 2 players and setup:
        """
        {"setup": {"boards": ["oil", "ore"]}}
        """
      When the position is loaded:
        """
        phase = "draft"
        turn = <round>
        players.0.cornerstones = <kept_list>
        players.0.hand = ["cs-exchange", "cs-highrise"]
        players.1.cornerstones = <other_list>
        players.1.hand = ["cs-windmill", "cs-monument"]
        """
      Then the request is refused as malformed

      Examples:
        | kept | round | kept_list                | other_list                      |
        | 2    | 1     | ["cs-forest", "cs-kiln"] | []                              |
        | 1    | 3     | ["cs-forest"]            | ["cs-atelier", "cs-geothermal"] |

    @NM-DRAFT-DEAL
    Scenario: A kept cornerstone before the draft is refused
      # spec/neom/state.schema.json, cornerstones: none before the draft; the cornerstone deal
      # of the first round is still being dealt
      Given a new "neom" game with 2 players and setup:
        """
        {"setup": {"boards": ["oil", "ore"]}}
        """
      When the position is loaded:
        """
        players.0.cornerstones = ["cs-forest"]
        """
      Then the request is refused as malformed

    @NM-DRAFT-DEAL
    Scenario: One kept cornerstone in draft round 2 is loaded
      # the bound of the refusals above: turn - 1 = 1 kept cornerstone each
      Given a new "neom" game with 2 players and setup:
        """
        {"setup": {"boards": ["oil", "ore"]}}
        """
      And the position:
        """
        phase = "draft"
        turn = 2
        players.0.cornerstones = ["cs-forest"]
        players.0.hand = ["cs-exchange", "cs-highrise", "cs-kiln"]
        players.1.cornerstones = ["cs-atelier"]
        players.1.hand = ["cs-windmill", "cs-monument", "cs-precinct"]
        """
      Then the position has:
        """
        phase = "draft"
        turn = 2
        players.0.cornerstones = ["cs-forest"]
        to_act = [0, 1]
        """

  Rule: NM-SETUP-BOARDS each player's board, its City Centre and its raw good

    @NM-SETUP-BOARDS
    Scenario: Boards dealt on a second turn are refused
      Given a new "neom" game with 2 players
      When the position is loaded:
        """
        turn = 2
        """
      Then the request is refused as malformed

    @NM-SETUP-BOARDS
    Scenario: A position with the second and third boards still to deal can be loaded
      Given a new "neom" game with 3 players
      And the position:
        """
        players.0.board = "sand"
        players.0.city.2.2 = "centre-sand"
        players.0.goods = ["sand"]
        boards = ["cotton", "grain", "oil", "ore", "wood"]
        """
      Then the chance outcomes are:
        """
        [{"action": {"type": "board", "player": 1, "good": "cotton"}, "probability": "1/5"},
         {"action": {"type": "board", "player": 1, "good": "grain"}, "probability": "1/5"},
         {"action": {"type": "board", "player": 1, "good": "oil"}, "probability": "1/5"},
         {"action": {"type": "board", "player": 1, "good": "ore"}, "probability": "1/5"},
         {"action": {"type": "board", "player": 1, "good": "wood"}, "probability": "1/5"}]
        """

    @NM-SETUP-BOARDS
    Scenario: The second board dealt before the first is refused
      Given a new "neom" game with 2 players
      When the position is loaded:
        """
        players.1.board = "oil"
        players.1.city.2.2 = "centre-oil"
        players.1.goods = ["oil"]
        boards = ["cotton", "grain", "ore", "sand", "wood"]
        """
      Then the request is refused as malformed

    @NM-SETUP-BOARDS
    Scenario: Cornerstones dealt before the boards are refused
      Given a new "neom" game with 2 players
      When the position is loaded:
        """
        phase = "deal"
        """
      Then the request is refused as malformed

    @NM-SETUP-BOARDS
    Scenario: A tile in the city of a seat without a board is refused
      Given a new "neom" game with 2 players
      When the position is loaded:
        """
        players.1.city.0.0 = "g1-houses"
        """
      Then the request is refused as malformed

    @NM-SETUP-BOARDS
    Scenario: A raw good without a board is refused
      Given a new "neom" game with 2 players
      When the position is loaded:
        """
        players.0.goods = ["oil"]
        """
      Then the request is refused as malformed

    @NM-SETUP-BOARDS @NM-REQ-COST
    Scenario: A city without the raw good of its board is refused
      # the good comes with the board, and goods are held, never spent
      Given a new "neom" game with 2 players and setup:
        """
        {"setup": {"boards": ["oil", "ore"]}}
        """
      When the position is loaded:
        """
        players.0.goods = []
        """
      Then the request is refused as malformed

    @NM-SETUP-BOARDS
    Scenario: One board dealt to two players is refused
      Given a new "neom" game with 2 players and setup:
        """
        {"setup": {"boards": ["oil", "ore"]}}
        """
      When the position is loaded:
        """
        players.1.board = "oil"
        players.1.city.2.2 = "centre-oil"
        players.1.goods = ["oil"]
        """
      Then the request is refused as malformed

    @NM-SETUP-BOARDS
    Scenario: A dealt board still among the undealt ones is refused
      Given a new "neom" game with 2 players and setup:
        """
        {"setup": {"boards": ["oil", "ore"]}}
        """
      When the position is loaded:
        """
        boards = ["cotton", "grain", "oil", "sand", "wood"]
        """
      Then the request is refused as malformed

    @NM-SETUP-BOARDS
    Scenario: An undealt board listed twice is refused
      Given a new "neom" game with 2 players and setup:
        """
        {"setup": {"boards": ["oil", "ore"]}}
        """
      When the position is loaded:
        """
        boards = ["cotton", "cotton", "grain", "sand", "wood"]
        """
      Then the request is refused as malformed

    @NM-SETUP-BOARDS
    Scenario: A board neither dealt nor undealt is refused
      Given a new "neom" game with 2 players and setup:
        """
        {"setup": {"boards": ["oil", "ore"]}}
        """
      When the position is loaded:
        """
        boards = ["cotton", "grain", "sand"]
        """
      Then the request is refused as malformed

  Rule: NM-COMP-CENTRE the City Centre is preprinted on the middle space of its own board

    @NM-COMP-CENTRE @NM-COMP-BOARD
    Scenario: An empty middle space is refused
      Given a new "neom" game with 2 players and setup:
        """
        {"setup": {"boards": ["oil", "ore"]}}
        """
      When the position is loaded:
        """
        players.0.city.2.2 = null
        """
      Then the request is refused as malformed

    @NM-COMP-CENTRE
    Scenario: A City Centre off the middle space is refused
      Given a new "neom" game with 2 players and setup:
        """
        {"setup": {"boards": ["oil", "ore"]}}
        """
      When the position is loaded:
        """
        players.0.city.2.3 = "centre-oil"
        """
      Then the request is refused as malformed

    @NM-COMP-CENTRE
    Scenario: Another board's City Centre is refused
      Given a new "neom" game with 2 players and setup:
        """
        {"setup": {"boards": ["oil", "ore"]}}
        """
      When the position is loaded:
        """
        players.0.city.2.2 = "centre-ore"
        """
      Then the request is refused as malformed

  Rule: NM-PLACE-REPLACE a replaced City Centre leaves the game

    @NM-PLACE-REPLACE @NM-COMP-CENTRE
    Scenario: A City Centre in the discard pile is refused
      Given a new "neom" game with 2 players and setup:
        """
        {"setup": {"boards": ["oil", "ore"]}}
        """
      When the position is loaded:
        """
        discard = {"centre-oil": 1}
        """
      Then the request is refused as malformed

  Rule: NM-SETUP-PLAYERCOUNT the player count decides the copies in play

    @NM-SETUP-PLAYERCOUNT
    Scenario: A generation 2 tile in the generation 1 deck is refused
      Given a new "neom" game with 2 players and setup:
        """
        {"setup": {"boards": ["oil", "ore"]}}
        """
      When the position is loaded:
        """
        decks.1.g2-mall = 1
        """
      Then the request is refused as malformed

    @NM-SETUP-PLAYERCOUNT
    Scenario: A fourth g1-houses in a 2-player deck is refused
      Given a new "neom" game with 2 players and setup:
        """
        {"setup": {"boards": ["oil", "ore"]}}
        """
      When the position is loaded:
        """
        decks.1.g1-houses = 4
        """
      Then the request is refused as malformed

    @NM-SETUP-PLAYERCOUNT
    Scenario: A 2-player box short of the 4+ and 5+ copies is refused
      Given a new "neom" game with 2 players and setup:
        """
        {"setup": {"boards": ["oil", "ore"]}}
        """
      When the position is loaded:
        """
        box.g1-houses = 1
        """
      Then the request is refused as malformed

    @NM-SETUP-PLAYERCOUNT @NM-SELL
    Scenario: The discard pile may hold every copy in play, and a sale adds to it
      Given a new "neom" game with 2 players and setup:
        """
        {"setup": {"boards": ["oil", "ore"]}}
        """
      And the position:
        """
        phase = "act"
        generation = 1
        discard = {"g1-houses": 3}
        players.0.selected = "g1-market"
        players.0.hand = ["g1-farm"]
        players.1.acted = true
        players.1.hand = ["g1-mine"]
        """
      When player 0 plays:
        """
        {"type": "sell"}
        """
      Then "discard" is {"g1-houses": 3, "g1-market": 1}

    @NM-SETUP-PLAYERCOUNT
    Scenario: A discard pile with more copies than are in play is refused
      Given a new "neom" game with 2 players and setup:
        """
        {"setup": {"boards": ["oil", "ore"]}}
        """
      When the position is loaded:
        """
        discard = {"g1-houses": 4}
        """
      Then the request is refused as malformed

    @NM-SETUP-PLAYERCOUNT
    Scenario: A count of 0 in a loaded multiset is refused
      # spec/neom/state.schema.json: zero counts are omitted, a multiset's counts are at least 1
      Given a new "neom" game with 2 players and setup:
        """
        {"setup": {"boards": ["oil", "ore"]}}
        """
      When the position is loaded:
        """
        discard = {"g1-houses": 0, "g1-market": 1}
        """
      Then the request is refused as malformed

  Rule: NM-PLACE-ROAD every tile is joined by road to the City Centre

    @NM-PLACE-ROAD
    Scenario: A tile in a corner joined to nothing is refused
      Given a new "neom" game with 2 players and setup:
        """
        {"setup": {"boards": ["oil", "ore"]}}
        """
      When the position is loaded:
        """
        phase = "act"
        generation = 1
        players.0.selected = "g1-market"
        players.0.hand = ["g1-farm"]
        players.0.city.0.0 = "g1-houses"
        players.1.acted = true
        players.1.hand = ["g1-mine"]
        """
      Then the request is refused as malformed

    @NM-PLACE-ROAD @NM-DISASTER-STRIKE
    Scenario: A disaster placed in a city is refused
      Given a new "neom" game with 2 players and setup:
        """
        {"setup": {"boards": ["oil", "ore"]}}
        """
      When the position is loaded:
        """
        phase = "act"
        generation = 1
        players.0.selected = "g1-market"
        players.0.hand = ["g1-farm"]
        players.0.city.2.3 = "g1-fire"
        players.1.acted = true
        players.1.hand = ["g1-mine"]
        """
      Then the request is refused as malformed

  Rule: NM-GEN-ORDER generations are played in order

    @NM-GEN-ORDER @NM-FLOW-PRELIM
    Scenario: A generation 1 tile in a city during the cornerstone draft is refused
      Given a new "neom" game with 2 players and setup:
        """
        {"setup": {"boards": ["oil", "ore"]}}
        """
      When the position is loaded:
        """
        phase = "draft"
        players.0.hand = ["cs-forest", "cs-kiln", "cs-orchard", "cs-smelter"]
        players.1.hand = ["cs-windmill", "cs-monument", "cs-precinct", "cs-fire-hall"]
        players.0.city.1.2 = "g1-houses"
        """
      Then the request is refused as malformed

    @NM-GEN-ORDER
    Scenario: A generation 2 tile in a city in generation 1 is refused
      Given a new "neom" game with 2 players and setup:
        """
        {"setup": {"boards": ["oil", "ore"]}}
        """
      When the position is loaded:
        """
        phase = "act"
        generation = 1
        players.0.selected = "g1-market"
        players.0.hand = ["g1-farm"]
        players.0.city.2.3 = "g2-apartments"
        players.1.acted = true
        players.1.hand = ["g1-mine"]
        """
      Then the request is refused as malformed

    @NM-GEN-ORDER
    Scenario: A generation 2 tile in a generation 1 hand is refused
      Given a new "neom" game with 2 players and setup:
        """
        {"setup": {"boards": ["oil", "ore"]}}
        """
      When the position is loaded:
        """
        phase = "act"
        generation = 1
        players.0.selected = "g1-market"
        players.0.hand = ["g2-apartments"]
        players.1.acted = true
        players.1.hand = ["g1-mine"]
        """
      Then the request is refused as malformed

    @NM-GEN-ORDER
    Scenario: A generation 1 tile in a generation 2 hand is refused
      # each generation deals its own tiles and the last passed tile of a generation is
      # discarded (NM-GEN-DEAL, NM-PASS-LAST): no generation 1 tile is in hand after it
      Given a new "neom" game with 2 players and setup:
        """
        {"setup": {"boards": ["oil", "ore"]}}
        """
      When the position is loaded:
        """
        phase = "act"
        generation = 2
        players.0.selected = "g2-plaza"
        players.0.hand = ["g1-farm"]
        players.1.acted = true
        players.1.hand = ["g2-terraces"]
        """
      Then the request is refused as malformed

    @NM-GEN-ORDER
    Scenario: A generation 2 tile selected in generation 1 is refused
      Given a new "neom" game with 2 players and setup:
        """
        {"setup": {"boards": ["oil", "ore"]}}
        """
      When the position is loaded:
        """
        phase = "act"
        generation = 1
        players.0.selected = "g2-apartments"
        players.0.hand = ["g1-farm"]
        players.1.acted = true
        players.1.hand = ["g1-mine"]
        """
      Then the request is refused as malformed

  Rule: NM-CORNER-LIMIT no more cornerstones than the generation number

    @NM-CORNER-LIMIT
    Scenario: Two cornerstones in a city in generation 1 are refused
      Given a new "neom" game with 2 players and setup:
        """
        {"setup": {"boards": ["oil", "ore"]}}
        """
      When the position is loaded:
        """
        phase = "act"
        generation = 1
        players.0.selected = "g1-market"
        players.0.hand = ["g1-farm"]
        players.0.city.1.2 = "cs-garden-homes"
        players.0.city.2.1 = "cs-trade-post"
        players.1.acted = true
        players.1.hand = ["g1-mine"]
        """
      Then the request is refused as malformed

  Rule: NM-GEN-DEAL 8 tiles dealt to each player

    @NM-GEN-DEAL
    Scenario: A hand of 9 tiles is refused
      Given a new "neom" game with 2 players and setup:
        """
        {"setup": {"boards": ["oil", "ore"]}}
        """
      When the position is loaded:
        """
        phase = "select"
        generation = 1
        players.0.hand = ["g1-houses", "g1-cottages", "g1-rowhouses", "g1-market", "g1-corner-shop", "g1-workshop", "g1-farm", "g1-mine", "g1-park"]
        players.1.hand = ["g1-quarry"]
        """
      Then the request is refused as malformed

    @NM-GEN-DEAL
    Scenario: A selection beside a hand of 8 is refused
      Given a new "neom" game with 2 players and setup:
        """
        {"setup": {"boards": ["oil", "ore"]}}
        """
      When the position is loaded:
        """
        phase = "select"
        generation = 1
        players.0.hand = ["g1-houses", "g1-cottages", "g1-rowhouses", "g1-market", "g1-corner-shop", "g1-workshop", "g1-farm", "g1-mine"]
        players.0.selected = "g1-park"
        players.1.hand = ["g1-quarry"]
        """
      Then the request is refused as malformed

    @NM-GEN-DEAL
    Scenario: A generation deal of 7 is refused
      Given a new "neom" game with 2 players and setup:
        """
        {"setup": {"boards": ["oil", "ore"]}}
        """
      When the position is loaded:
        """
        generation = 1
        deal_target = 7
        """
      Then the request is refused as malformed

    @NM-GEN-DEAL
    Scenario: A generation deck short of the 16 tiles two hands need is refused, 16 are enough
      # two empty hands of 8 need 16 tiles; with 16 left each kind is dealt by its copies
      Given a new "neom" game with 2 players and setup:
        """
        {"setup": {"boards": ["oil", "ore"]}}
        """
      When the position is loaded:
        """
        generation = 1
        deal_target = 8
        decks.1 = {"g1-houses": 3, "g1-cottages": 2, "g1-rowhouses": 2, "g1-market": 2, "g1-corner-shop": 1, "g1-workshop": 1, "g1-farm": 1, "g1-mine": 1, "g1-park": 1, "g1-quarry": 1}
        """
      Then the request is refused as malformed
      Given the position:
        """
        generation = 1
        deal_target = 8
        decks.1 = {"g1-houses": 3, "g1-cottages": 2, "g1-rowhouses": 2, "g1-market": 2, "g1-corner-shop": 1, "g1-workshop": 1, "g1-farm": 1, "g1-mine": 1, "g1-park": 1, "g1-quarry": 1, "g1-sawmill": 1}
        """
      Then the chance outcomes are:
        """
        [{"action": {"type": "deal", "player": 0, "tile": "g1-houses"}, "probability": "3/16"},
         {"action": {"type": "deal", "player": 0, "tile": "g1-cottages"}, "probability": "1/8"},
         {"action": {"type": "deal", "player": 0, "tile": "g1-rowhouses"}, "probability": "1/8"},
         {"action": {"type": "deal", "player": 0, "tile": "g1-market"}, "probability": "1/8"},
         {"action": {"type": "deal", "player": 0, "tile": "g1-corner-shop"}, "probability": "1/16"},
         {"action": {"type": "deal", "player": 0, "tile": "g1-workshop"}, "probability": "1/16"},
         {"action": {"type": "deal", "player": 0, "tile": "g1-farm"}, "probability": "1/16"},
         {"action": {"type": "deal", "player": 0, "tile": "g1-mine"}, "probability": "1/16"},
         {"action": {"type": "deal", "player": 0, "tile": "g1-park"}, "probability": "1/16"},
         {"action": {"type": "deal", "player": 0, "tile": "g1-quarry"}, "probability": "1/16"},
         {"action": {"type": "deal", "player": 0, "tile": "g1-sawmill"}, "probability": "1/16"}]
        """

    @NM-GEN-DEAL
    Scenario: A later generation deck short of its deal is refused
      Given a new "neom" game with 2 players and setup:
        """
        {"setup": {"boards": ["oil", "ore"]}}
        """
      When the position is loaded:
        """
        decks.2 = {"g2-apartments": 3, "g2-terraces": 2}
        """
      Then the request is refused as malformed

    @NM-GEN-DEAL
    Scenario: A third generation deck short of its deal is refused
      Given a new "neom" game with 2 players and setup:
        """
        {"setup": {"boards": ["oil", "ore"]}}
        """
      When the position is loaded:
        """
        decks.3 = {"g3-towers": 3}
        """
      Then the request is refused as malformed

    @NM-GEN-DEAL
    Scenario: The last tile of the deck completes the last hand for certain
      # player 0 holds 8, player 1 holds 7: one tile is missing and one is left
      Given a new "neom" game with 2 players and setup:
        """
        {"setup": {"boards": ["oil", "ore"]}}
        """
      And the position:
        """
        generation = 1
        deal_target = 8
        players.0.hand = ["g1-houses", "g1-houses", "g1-houses", "g1-cottages", "g1-cottages", "g1-rowhouses", "g1-rowhouses", "g1-market"]
        players.1.hand = ["g1-market", "g1-corner-shop", "g1-workshop", "g1-farm", "g1-mine", "g1-park", "g1-quarry"]
        decks.1 = {"g1-sawmill": 1}
        """
      Then the chance outcomes are:
        """
        [{"action": {"type": "deal", "player": 1, "tile": "g1-sawmill"}, "probability": "1/1"}]
        """

    @NM-GEN-DEAL @NM-SETUP-PLAYERCOUNT
    Scenario: In a 5-player game the deal of a generation empties its deck
      # 5 players use all 40 tiles of a generation: 5 hands of 8
      Given a new "neom" game with 5 players and setup:
        """
        {"setup": {"boards": ["oil", "ore", "sand", "wood", "grain"]}}
        """
      And the position:
        """
        phase = "select"
        generation = 1
        decks.1 = {}
        players.0.hand = ["g1-houses"]
        players.1.hand = ["g1-cottages"]
        players.2.hand = ["g1-market"]
        players.3.hand = ["g1-farm"]
        players.4.hand = ["g1-park"]
        """
      Then the position has:
        """
        decks.1 = {}
        to_act = [0, 1, 2, 3, 4]
        """

    @NM-GEN-DEAL @NM-SOLO-PLAY @reading:solo_tile_set=1+
    Scenario: A solo deck short of the six piles still to come is refused, and 20 tiles are enough
      # 24 tiles of 1+ in 7 piles: 4, 4, 4, 3, 3, 3, 3; after the first, 20 are still to come
      Given a new "neom" game with 1 player and setup:
        """
        {"setup": {"boards": ["oil"]}}
        """
      When the position is loaded:
        """
        phase = "select"
        generation = 1
        players.0.hand = ["g1-houses", "g1-cottages", "g1-market", "g1-park"]
        decks.1 = {"g1-houses": 2, "g1-cottages": 1, "g1-rowhouses": 2, "g1-market": 1, "g1-corner-shop": 1, "g1-workshop": 1, "g1-farm": 1, "g1-lumber-yard": 1, "g1-mine": 1, "g1-oil-well": 1, "g1-quarry": 1, "g1-cotton-field": 1, "g1-sawmill": 1, "g1-bakery": 1, "g1-coal-plant": 1, "g1-fire-station": 1, "g1-fire": 1}
        """
      Then the request is refused as malformed
      Given the position:
        """
        phase = "select"
        generation = 1
        players.0.hand = ["g1-houses", "g1-cottages", "g1-market", "g1-park"]
        decks.1 = {"g1-houses": 2, "g1-cottages": 1, "g1-rowhouses": 2, "g1-market": 1, "g1-corner-shop": 1, "g1-workshop": 1, "g1-farm": 1, "g1-lumber-yard": 1, "g1-mine": 1, "g1-oil-well": 1, "g1-quarry": 1, "g1-cotton-field": 1, "g1-sawmill": 1, "g1-bakery": 1, "g1-coal-plant": 2, "g1-fire-station": 1, "g1-fire": 1}
        """
      Then the position has:
        """
        to_act = [0]
        """

    @NM-GEN-DEAL
    Scenario: A hand fuller than the deal in progress is refused
      # solo, 1+ tiles: the first pile of 24 tiles in 7 piles has 4 tiles
      Given a new "neom" game with 1 player and setup:
        """
        {"setup": {"boards": ["oil"]}}
        """
      When the position is loaded:
        """
        generation = 1
        deal_target = 4
        players.0.hand = ["g1-houses", "g1-cottages", "g1-rowhouses", "g1-market", "g1-farm"]
        """
      Then the request is refused as malformed

    @NM-GEN-DEAL
    Scenario: Outside a deal the deal_target of a new game is kept as given
      # spec/neom/state.schema.json, deal_target: read only in the boards and deal phases; a
      # generation 1 position edited from a new game keeps its 4
      Given a new "neom" game with 2 players and setup:
        """
        {"setup": {"boards": ["oil", "ore"]}}
        """
      And the position:
        """
        phase = "select"
        generation = 1
        deal_target = 4
        players.0.hand = ["g1-park", "g1-market"]
        players.1.hand = ["g1-farm", "g1-mine"]
        """
      Then the position has:
        """
        phase = "select"
        deal_target = 4
        to_act = [0, 1]
        """

  Rule: NM-SELECT-SIMUL every player selects, then every player acts

    @NM-SELECT-SIMUL
    Scenario: A selection in the deal step is refused
      Given a new "neom" game with 2 players and setup:
        """
        {"setup": {"boards": ["oil", "ore"]}}
        """
      When the position is loaded:
        """
        generation = 1
        deal_target = 8
        players.0.selected = "g1-houses"
        """
      Then the request is refused as malformed

    @NM-SELECT-SIMUL
    Scenario: A player still to select with an empty hand is refused
      Given a new "neom" game with 2 players and setup:
        """
        {"setup": {"boards": ["oil", "ore"]}}
        """
      When the position is loaded:
        """
        phase = "select"
        generation = 1
        players.1.hand = ["g1-mine"]
        """
      Then the request is refused as malformed

    @NM-SELECT-SIMUL
    Scenario: A player still to act without a selection is refused
      Given a new "neom" game with 2 players and setup:
        """
        {"setup": {"boards": ["oil", "ore"]}}
        """
      When the position is loaded:
        """
        phase = "act"
        generation = 1
        players.0.hand = ["g1-farm"]
        players.1.acted = true
        players.1.hand = ["g1-mine"]
        """
      Then the request is refused as malformed

    @NM-SELECT-SIMUL
    Scenario: A player who has acted and still holds a selection is refused
      Given a new "neom" game with 2 players and setup:
        """
        {"setup": {"boards": ["oil", "ore"]}}
        """
      When the position is loaded:
        """
        phase = "act"
        generation = 1
        players.0.selected = "g1-market"
        players.0.hand = ["g1-farm"]
        players.1.acted = true
        players.1.selected = "g1-houses"
        players.1.hand = ["g1-mine"]
        """
      Then the request is refused as malformed

    @NM-SELECT-SIMUL
    Scenario: A player marked as having acted in the selection step is refused
      Given a new "neom" game with 2 players and setup:
        """
        {"setup": {"boards": ["oil", "ore"]}}
        """
      When the position is loaded:
        """
        phase = "select"
        generation = 1
        players.0.hand = ["g1-farm"]
        players.1.hand = ["g1-mine"]
        players.1.acted = true
        """
      Then the request is refused as malformed

    @NM-SELECT-SIMUL @NM-FLOW-END
    Scenario: A hand held after the game is over is refused
      Given a new "neom" game with 2 players and setup:
        """
        {"setup": {"boards": ["oil", "ore"]}}
        """
      When the position is loaded:
        """
        phase = "over"
        generation = 3
        turn = 7
        players.0.hand = ["g3-towers"]
        """
      Then the request is refused as malformed

    @NM-SELECT-SIMUL
    Scenario: A to-act list naming a seat the game does not have is refused
      Given a new "neom" game with 2 players and setup:
        """
        {"setup": {"boards": ["oil", "ore"]}}
        """
      When the position is loaded:
        """
        to_act = [0, 2]
        """
      Then the request is refused as malformed

  Rule: NM-DISASTER-SELECTOR the selector of a disaster takes no other action

    @NM-DISASTER-SELECTOR
    Scenario: A disaster selector still to act is refused
      Given a new "neom" game with 2 players and setup:
        """
        {"setup": {"boards": ["oil", "ore"]}}
        """
      When the position is loaded:
        """
        phase = "act"
        generation = 1
        players.0.selected = "g1-fire"
        players.0.hand = ["g1-farm"]
        players.1.acted = true
        players.1.hand = ["g1-mine"]
        """
      Then the request is refused as malformed

    @NM-DISASTER-SELECTOR
    Scenario: A disaster its own selector must answer is refused
      Given a new "neom" game with 2 players and setup:
        """
        {"setup": {"boards": ["oil", "ore"]}}
        """
      When the position is loaded:
        """
        phase = "disaster"
        generation = 1
        players.0.acted = true
        players.1.acted = true
        players.0.hand = ["g1-farm"]
        players.1.hand = ["g1-mine"]
        disasters = [{"tile": "g1-fire", "by": 1, "decided": [1]}]
        """
      Then the request is refused as malformed

  Rule: NM-DISASTER-STRIKE selected disasters strike at the end of the turn

    @NM-DISASTER-STRIKE
    Scenario: A disaster pending outside the disaster step is refused
      Given a new "neom" game with 2 players and setup:
        """
        {"setup": {"boards": ["oil", "ore"]}}
        """
      When the position is loaded:
        """
        phase = "act"
        generation = 1
        players.0.selected = "g1-market"
        players.0.hand = ["g1-farm"]
        players.1.acted = true
        players.1.hand = ["g1-mine"]
        disasters = [{"tile": "g1-fire", "by": 1, "decided": []}]
        """
      Then the request is refused as malformed

    @NM-DISASTER-STRIKE
    Scenario: A disaster step with no disaster is refused
      Given a new "neom" game with 2 players and setup:
        """
        {"setup": {"boards": ["oil", "ore"]}}
        """
      When the position is loaded:
        """
        phase = "disaster"
        generation = 1
        players.0.acted = true
        players.1.acted = true
        players.0.hand = ["g1-farm"]
        players.1.hand = ["g1-mine"]
        """
      Then the request is refused as malformed

    @NM-DISASTER-STRIKE @NM-GEN-ORDER
    Scenario: A generation 2 disaster in generation 1 is refused
      Given a new "neom" game with 2 players and setup:
        """
        {"setup": {"boards": ["oil", "ore"]}}
        """
      When the position is loaded:
        """
        phase = "disaster"
        generation = 1
        players.0.acted = true
        players.1.acted = true
        players.0.hand = ["g1-farm"]
        players.1.hand = ["g1-mine"]
        disasters = [{"tile": "g2-crime", "by": 1, "decided": []}]
        """
      Then the request is refused as malformed

    @NM-DISASTER-STRIKE
    Scenario: A disaster without a selector in a 2-player game is refused
      Given a new "neom" game with 2 players and setup:
        """
        {"setup": {"boards": ["oil", "ore"]}}
        """
      When the position is loaded:
        """
        phase = "disaster"
        generation = 1
        players.0.acted = true
        players.1.acted = true
        players.0.hand = ["g1-farm", "g1-fire"]
        players.1.hand = ["g1-mine"]
        disasters = [{"tile": "g1-fire", "by": null, "decided": []}]
        """
      Then the request is refused as malformed

    @NM-DISASTER-STRIKE
    Scenario: A disaster selected by a seat the game does not have is refused
      Given a new "neom" game with 2 players and setup:
        """
        {"setup": {"boards": ["oil", "ore"]}}
        """
      When the position is loaded:
        """
        phase = "disaster"
        generation = 1
        players.0.acted = true
        players.1.acted = true
        players.0.hand = ["g1-farm"]
        players.1.hand = ["g1-mine"]
        disasters = [{"tile": "g1-fire", "by": 2, "decided": []}]
        """
      Then the request is refused as malformed

    @NM-DISASTER-STRIKE
    Scenario: An answer from a seat the game does not have is refused
      Given a new "neom" game with 3 players and setup:
        """
        {"setup": {"boards": ["oil", "ore", "sand"]}}
        """
      When the position is loaded:
        """
        phase = "disaster"
        generation = 1
        players.0.acted = true
        players.1.acted = true
        players.2.acted = true
        players.0.hand = ["g1-farm"]
        players.1.hand = ["g1-mine"]
        players.2.hand = ["g1-park"]
        players.1.city.1.2 = "g1-houses"
        disasters = [{"tile": "g1-fire", "by": 2, "decided": [3]}]
        """
      Then the request is refused as malformed

    @NM-DISASTER-STRIKE
    Scenario: The last seat's disaster answered by the first seat waits for the second
      # 3 players: player 2 selected the fire; player 0 has answered, player 1 owes 1 coin
      Given a new "neom" game with 3 players and setup:
        """
        {"setup": {"boards": ["oil", "ore", "sand"]}}
        """
      And the position:
        """
        phase = "disaster"
        generation = 1
        players.0.acted = true
        players.1.acted = true
        players.2.acted = true
        players.0.hand = ["g1-farm"]
        players.1.hand = ["g1-mine"]
        players.2.hand = ["g1-park"]
        players.0.city.1.2 = "g1-houses"
        players.1.city.1.2 = "g1-houses"
        disasters = [{"tile": "g1-fire", "by": 2, "decided": [0]}]
        """
      Then the position has:
        """
        to_act = [1]
        """
      When player 1 plays:
        """
        {"type": "pay"}
        """
      Then the position has:
        """
        players.1.coins = 5
        players.0.coins = 6
        """

    @NM-DISASTER-STRIKE
    Scenario: The middle seat's disaster answered by the last seat waits for the first
      # 3 players: player 1 selected the fire; player 2 has answered, player 0 owes 1 coin
      Given a new "neom" game with 3 players and setup:
        """
        {"setup": {"boards": ["oil", "ore", "sand"]}}
        """
      And the position:
        """
        phase = "disaster"
        generation = 1
        players.0.acted = true
        players.1.acted = true
        players.2.acted = true
        players.0.hand = ["g1-farm"]
        players.1.hand = ["g1-mine"]
        players.2.hand = ["g1-park"]
        players.0.city.1.2 = "g1-houses"
        players.2.city.1.2 = "g1-houses"
        disasters = [{"tile": "g1-fire", "by": 1, "decided": [2]}]
        """
      Then the position has:
        """
        to_act = [0]
        """
      When player 0 plays:
        """
        {"type": "pay"}
        """
      Then the position has:
        """
        players.0.coins = 5
        players.2.coins = 6
        """

    @NM-DISASTER-STRIKE
    Scenario: A struck player who answered twice is refused
      Given a new "neom" game with 3 players and setup:
        """
        {"setup": {"boards": ["oil", "ore", "sand"]}}
        """
      When the position is loaded:
        """
        phase = "disaster"
        generation = 1
        players.0.acted = true
        players.1.acted = true
        players.2.acted = true
        players.0.hand = ["g1-farm"]
        players.1.hand = ["g1-mine"]
        players.2.hand = ["g1-park"]
        players.0.city.1.2 = "g1-houses"
        players.1.city.1.2 = "g1-houses"
        disasters = [{"tile": "g1-fire", "by": 2, "decided": [0, 0]}]
        """
      Then the request is refused as malformed

    @NM-DISASTER-STRIKE
    Scenario: A disaster step loaded with every acted flag false is played on
      # spec/neom/state.schema.json, acted: play leaves it true through the disaster step, but
      # nothing there reads it, so a loaded false is kept and the struck player answers
      Given a new "neom" game with 2 players and setup:
        """
        {"setup": {"boards": ["oil", "ore"]}}
        """
      And the position:
        """
        phase = "disaster"
        generation = 1
        disasters = [{"tile": "g1-fire", "by": 0, "decided": []}]
        players.0.acted = false
        players.1.acted = false
        players.1.city.1.2 = "g1-houses"
        players.1.hand = ["g1-mine"]
        players.0.hand = ["g1-farm"]
        """
      Then the position has:
        """
        players.1.acted = false
        to_act = [1]
        """

  Rule: NM-DISASTER-ORDER two disasters strike in their selectors' seat order

    @NM-DISASTER-ORDER
    Scenario: The second disaster answered before the first is refused
      Given a new "neom" game with 3 players and setup:
        """
        {"setup": {"boards": ["oil", "ore", "sand"]}}
        """
      When the position is loaded:
        """
        phase = "disaster"
        generation = 1
        players.0.acted = true
        players.1.acted = true
        players.2.acted = true
        players.0.hand = ["g1-farm"]
        players.1.hand = ["g1-mine"]
        players.2.hand = ["g1-park"]
        players.2.city.1.2 = "g1-houses"
        disasters = [{"tile": "g1-fire", "by": 0, "decided": []}, {"tile": "g1-fire", "by": 1, "decided": [2]}]
        """
      Then the request is refused as malformed

    @NM-DISASTER-ORDER
    Scenario: Disasters pending out of their selectors' seat order are refused
      Given a new "neom" game with 3 players and setup:
        """
        {"setup": {"boards": ["oil", "ore", "sand"]}}
        """
      When the position is loaded:
        """
        phase = "disaster"
        generation = 1
        players.0.acted = true
        players.1.acted = true
        players.2.acted = true
        players.0.hand = ["g1-farm"]
        players.1.hand = ["g1-mine"]
        players.2.hand = ["g1-park"]
        players.2.city.1.2 = "g1-houses"
        disasters = [{"tile": "g1-fire", "by": 1, "decided": []}, {"tile": "g1-fire", "by": 0, "decided": []}]
        """
      Then the request is refused as malformed

    @NM-DISASTER-ORDER
    Scenario: Two disasters of one selector are refused
      Given a new "neom" game with 3 players and setup:
        """
        {"setup": {"boards": ["oil", "ore", "sand"]}}
        """
      When the position is loaded:
        """
        phase = "disaster"
        generation = 1
        players.0.acted = true
        players.1.acted = true
        players.2.acted = true
        players.0.hand = ["g1-farm"]
        players.1.hand = ["g1-mine"]
        players.2.hand = ["g1-park"]
        players.2.city.1.2 = "g1-houses"
        disasters = [{"tile": "g1-fire", "by": 0, "decided": []}, {"tile": "g1-fire", "by": 0, "decided": []}]
        """
      Then the request is refused as malformed

  Rule: NM-SOLO-PLAY a disaster left in the solo hand strikes

    @NM-SOLO-PLAY @reading:solo_disasters_strike=true
    Scenario: A left-over solo disaster not in the hand is refused
      Given a new "neom" game with 1 player and setup:
        """
        {"setup": {"boards": ["oil"]}}
        """
      When the position is loaded:
        """
        phase = "disaster"
        generation = 1
        deal_target = 4
        players.0.acted = true
        players.0.hand = ["g1-farm"]
        players.0.city.1.2 = "g1-houses"
        disasters = [{"tile": "g1-fire", "by": null, "decided": []}]
        """
      Then the request is refused as malformed

    @NM-SOLO-PLAY @reading:solo_disasters_strike=true
    Scenario: A left-over solo disaster before the selected one is refused
      Given a new "neom" game with 1 player and setup:
        """
        {"setup": {"boards": ["oil"]}}
        """
      When the position is loaded:
        """
        phase = "disaster"
        generation = 1
        deal_target = 4
        players.0.acted = true
        players.0.hand = ["g1-fire", "g1-farm"]
        players.0.city.1.2 = "g1-houses"
        disasters = [{"tile": "g1-fire", "by": null, "decided": []}, {"tile": "g1-fire", "by": 0, "decided": []}]
        """
      Then the request is refused as malformed

    @NM-SOLO-PLAY @reading:solo_disasters_strike=true
    Scenario: A left-over solo disaster pending from the hand strikes
      # the fire costs 1 coin for the one house; then the hand is discarded, the next pile dealt
      Given a new "neom" game with 1 player and setup:
        """
        {"setup": {"boards": ["oil"]}}
        """
      And the position:
        """
        phase = "disaster"
        generation = 1
        deal_target = 4
        players.0.acted = true
        players.0.hand = ["g1-fire", "g1-farm"]
        players.0.city.1.2 = "g1-houses"
        disasters = [{"tile": "g1-fire", "by": null, "decided": []}]
        """
      Then the position has:
        """
        to_act = [0]
        """
      When player 0 plays:
        """
        {"type": "pay"}
        """
      Then the position has:
        """
        players.0.hand = []
        phase = "deal"
        """

  Rule: NM-SETUP-PLAYERCOUNT a game of 1 to 5 players

    @NM-SETUP-PLAYERCOUNT @NM-VIEW-HIDDEN
    Scenario: A player's view sent as a state is refused
      # a view hides the decks as {"hidden": count} and other seats' selections as "hidden"
      Given a new "neom" game with 2 players and setup:
        """
        {"setup": {"boards": ["oil", "ore"]}}
        """
      When the position is loaded:
        """
        decks.1 = {"hidden": 24}
        """
      Then the request is refused as malformed
      When the position is loaded:
        """
        phase = "select"
        generation = 1
        players.0.hand = ["g1-farm"]
        players.1.hand = ["g1-mine"]
        players.1.selected = "hidden"
        """
      Then the request is refused as malformed

    @NM-SETUP-PLAYERCOUNT
    Scenario: A 5-player position can be loaded
      # 5 players use every icon: 40 generation 1 tiles, 5 of them g1-houses, none in the box
      Given a new "neom" game with 5 players and setup:
        """
        {"setup": {"boards": ["oil", "ore", "sand", "wood", "grain"]}}
        """
      And the position:
        """
        players.4.coins = 7
        """
      Then the position has:
        """
        num_players = 5
        players.4.coins = 7
        decks.1.g1-houses = 5
        box = {}
        """

    @NM-SETUP-PLAYERCOUNT
    Scenario: A position listing fewer players than the game has is refused
      Given a new "neom" game with 2 players and setup:
        """
        {"setup": {"boards": ["oil", "ore"]}}
        """
      When the position is loaded:
        """
        num_players = 3
        """
      Then the request is refused as malformed
