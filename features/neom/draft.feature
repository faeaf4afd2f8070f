Feature: NEOM cornerstone draft (neom.ja.txt:11)

  Background:
    Given a new "neom" game with 2 players and setup:
      """
      {"setup": {"boards": ["oil", "ore"]}}
      """

  Rule: NM-DRAFT-DEAL deal 4 cornerstones, keep 1 and pass the rest until 3 are kept

    @NM-DRAFT-DEAL
    Scenario: Cornerstones are dealt 4 to each player from the 30 shuffled face down
      # 15 kinds of cornerstone, 2 copies each (provisional list)
      Then the position has:
        """
        phase = "deal"
        deal_target = 4
        """
      And the chance outcomes are:
        """
        [{"action": {"type": "deal_cornerstone", "player": 0, "tile": "cs-atelier"}, "probability": "1/15"},
         {"action": {"type": "deal_cornerstone", "player": 0, "tile": "cs-exchange"}, "probability": "1/15"},
         {"action": {"type": "deal_cornerstone", "player": 0, "tile": "cs-fire-hall"}, "probability": "1/15"},
         {"action": {"type": "deal_cornerstone", "player": 0, "tile": "cs-forest"}, "probability": "1/15"},
         {"action": {"type": "deal_cornerstone", "player": 0, "tile": "cs-garden-homes"}, "probability": "1/15"},
         {"action": {"type": "deal_cornerstone", "player": 0, "tile": "cs-geothermal"}, "probability": "1/15"},
         {"action": {"type": "deal_cornerstone", "player": 0, "tile": "cs-highrise"}, "probability": "1/15"},
         {"action": {"type": "deal_cornerstone", "player": 0, "tile": "cs-kiln"}, "probability": "1/15"},
         {"action": {"type": "deal_cornerstone", "player": 0, "tile": "cs-monument"}, "probability": "1/15"},
         {"action": {"type": "deal_cornerstone", "player": 0, "tile": "cs-orchard"}, "probability": "1/15"},
         {"action": {"type": "deal_cornerstone", "player": 0, "tile": "cs-precinct"}, "probability": "1/15"},
         {"action": {"type": "deal_cornerstone", "player": 0, "tile": "cs-smelter"}, "probability": "1/15"},
         {"action": {"type": "deal_cornerstone", "player": 0, "tile": "cs-townhouses"}, "probability": "1/15"},
         {"action": {"type": "deal_cornerstone", "player": 0, "tile": "cs-trade-post"}, "probability": "1/15"},
         {"action": {"type": "deal_cornerstone", "player": 0, "tile": "cs-windmill"}, "probability": "1/15"}]
        """

    @NM-DRAFT-DEAL
    Scenario: A dealt cornerstone leaves its other copy in the deck
      # 2 copies of each cornerstone: one dealt, one left
      Then the legal actions include:
        """
        {"actor": "chance", "type": "deal_cornerstone", "player": 0, "tile": "cs-kiln"}
        """
      When chance reveals:
        """
        {"type": "deal_cornerstone", "player": 0, "tile": "cs-kiln"}
        """
      Then the position has:
        """
        decks.cornerstone.cs-kiln = 1
        players.0.hand = ["cs-kiln"]
        phase = "deal"
        """

    @NM-DRAFT-DEAL
    Scenario: The fourth cornerstone of the last hand starts the draft
      Given the position:
        """
        players.0.hand = ["cs-forest", "cs-kiln", "cs-orchard", "cs-smelter"]
        players.1.hand = ["cs-windmill", "cs-monument", "cs-precinct"]
        """
      When chance reveals:
        """
        {"type": "deal_cornerstone", "player": 1, "tile": "cs-fire-hall"}
        """
      Then the position has:
        """
        phase = "draft"
        to_act = [0, 1]
        """

    @NM-DRAFT-DEAL
    Scenario: Keeping one cornerstone passes the other three to the next player
      Given the position:
        """
        phase = "draft"
        players.0.hand = ["cs-forest", "cs-kiln", "cs-orchard", "cs-smelter"]
        players.1.hand = ["cs-windmill", "cs-monument", "cs-precinct", "cs-fire-hall"]
        """
      When these actions are applied:
        """
        [{"actor": 1, "type": "keep", "tile": "cs-windmill"},
         {"actor": 0, "type": "keep", "tile": "cs-forest"}]
        """
      Then the position has:
        """
        players.0.cornerstones = ["cs-forest"]
        players.1.cornerstones = ["cs-windmill"]
        players.0.hand = ["cs-fire-hall", "cs-monument", "cs-precinct"]
        players.1.hand = ["cs-kiln", "cs-orchard", "cs-smelter"]
        turn = 2
        phase = "draft"
        players.0.selected = null
        to_act = [0, 1]
        """

    @NM-DRAFT-DEAL @NM-FLOW-PRELIM
    Scenario: Three keeps from hands of 4 end the draft, each last cornerstone discarded
      # neom.ja.txt:11 "3枚の基盤タイルをドラフト": 3 keep rounds, not one per dealt tile; the
      # catalogue's ruling: the last tile of each hand is discarded and generation 1 follows
      Given the position:
        """
        phase = "draft"
        players.0.hand = ["cs-forest", "cs-kiln", "cs-orchard", "cs-smelter"]
        players.1.hand = ["cs-windmill", "cs-monument", "cs-precinct", "cs-fire-hall"]
        """
      When these actions are applied:
        """
        [{"actor": 0, "type": "keep", "tile": "cs-forest"},
         {"actor": 1, "type": "keep", "tile": "cs-windmill"},
         {"actor": 0, "type": "keep", "tile": "cs-monument"},
         {"actor": 1, "type": "keep", "tile": "cs-kiln"},
         {"actor": 0, "type": "keep", "tile": "cs-orchard"},
         {"actor": 1, "type": "keep", "tile": "cs-precinct"}]
        """
      Then the position has:
        """
        players.0.cornerstones = ["cs-forest", "cs-monument", "cs-orchard"]
        players.1.cornerstones = ["cs-kiln", "cs-precinct", "cs-windmill"]
        players.0.hand = []
        players.1.hand = []
        discard = {"cs-fire-hall": 1, "cs-smelter": 1}
        generation = 1
        phase = "deal"
        to_act = ["chance"]
        """
      And the legal actions do not include:
        """
        {"actor": 0, "type": "keep"}
        """

    @NM-DRAFT-DEAL
    Scenario: Every player keeps from their own hand at once
      Given the position:
        """
        phase = "draft"
        players.0.hand = ["cs-forest", "cs-kiln", "cs-orchard", "cs-smelter"]
        players.1.hand = ["cs-windmill", "cs-monument", "cs-precinct", "cs-fire-hall"]
        """
      Then the legal actions are exactly:
        """
        [{"actor": 0, "type": "keep", "tile": "cs-forest"},
         {"actor": 0, "type": "keep", "tile": "cs-kiln"},
         {"actor": 0, "type": "keep", "tile": "cs-orchard"},
         {"actor": 0, "type": "keep", "tile": "cs-smelter"},
         {"actor": 1, "type": "keep", "tile": "cs-fire-hall"},
         {"actor": 1, "type": "keep", "tile": "cs-monument"},
         {"actor": 1, "type": "keep", "tile": "cs-precinct"},
         {"actor": 1, "type": "keep", "tile": "cs-windmill"}]
        """

    @NM-DRAFT-DEAL
    Scenario: A cornerstone not in the hand cannot be kept
      Given the position:
        """
        phase = "draft"
        players.0.hand = ["cs-forest", "cs-kiln", "cs-orchard", "cs-smelter"]
        players.1.hand = ["cs-windmill", "cs-monument", "cs-precinct", "cs-fire-hall"]
        """
      When player 0 plays:
        """
        {"type": "keep", "tile": "cs-windmill"}
        """
      Then the action is rejected citing rule "NM-DRAFT-DEAL"

    @NM-DRAFT-DEAL @NM-SELECT-SIMUL
    Scenario: A seat may not keep while chance deals the cornerstones
      # the new game's boards are dealt by its setup; chance now deals 4 cornerstones each, and
      # a seat acting out of turn cites NM-SELECT-SIMUL (spec/neom/action.schema.json)
      When player 0 plays:
        """
        {"type": "keep", "tile": "cs-forest"}
        """
      Then the action is rejected citing rule "NM-SELECT-SIMUL"

  Rule: NM-VIEW-HIDDEN a cornerstone kept this round is hidden from the others until the round ends

    @NM-VIEW-HIDDEN @NM-DRAFT-DEAL
    Scenario: A kept cornerstone is hidden from the other player until every player has kept
      Given the position:
        """
        phase = "draft"
        players.0.hand = ["cs-forest", "cs-kiln", "cs-orchard", "cs-smelter"]
        players.1.hand = ["cs-windmill", "cs-monument", "cs-precinct", "cs-fire-hall"]
        """
      When player 0 plays:
        """
        {"type": "keep", "tile": "cs-forest"}
        """
      Then the view of player 1 has:
        """
        players.0.selected = "hidden"
        players.0.hand = {"hidden": 3}
        players.1.selected = null
        """
      And the view of player 0 has:
        """
        players.0.selected = "cs-forest"
        players.1.selected = null
        """
