Feature: NEOM generations (neom.ja.txt:18-24)

  Background:
    Given a new "neom" game with 2 players and setup:
      """
      {"setup": {"boards": ["oil", "ore"]}}
      """

  Rule: NM-GEN-ORDER generations 1, 2, 3 in order

    @NM-GEN-ORDER
    Scenario: After generation 1 the generation 2 tiles are dealt
      Given the position:
        """
        phase = "act"
        generation = 1
        turn = 7
        players.0.selected = "g1-park"
        players.0.hand = ["g1-market"]
        players.1.acted = true
        players.1.hand = ["g1-farm"]
        """
      When player 0 plays:
        """
        {"type": "sell"}
        """
      Then the position has:
        """
        generation = 2
        phase = "deal"
        deal_target = 8
        to_act = ["chance"]
        """
      And the legal actions include:
        """
        {"actor": "chance", "type": "deal", "player": 0, "tile": "g2-apartments"}
        """
      And the legal actions do not include:
        """
        {"actor": "chance", "type": "deal", "tile": "g1-houses"}
        """
      And the legal actions do not include:
        """
        {"actor": "chance", "type": "deal", "tile": "g3-towers"}
        """

    @NM-GEN-ORDER @NM-GEN-DEAL
    Scenario: After generation 2 the generation 3 tiles are dealt
      Given the position:
        """
        phase = "act"
        generation = 2
        turn = 7
        players.0.selected = "g2-plaza"
        players.0.hand = ["g2-offices"]
        players.1.acted = true
        players.1.hand = ["g2-terraces"]
        """
      When player 0 plays:
        """
        {"type": "sell"}
        """
      Then the position has:
        """
        generation = 3
        phase = "deal"
        deal_target = 8
        to_act = ["chance"]
        """
      And the legal actions include:
        """
        {"actor": "chance", "type": "deal", "player": 0, "tile": "g3-towers"}
        """
      And the legal actions do not include:
        """
        {"actor": "chance", "type": "deal", "tile": "g2-offices"}
        """
      When chance reveals:
        """
        {"type": "deal", "player": 0, "tile": "g3-towers"}
        """
      Then the position has:
        """
        phase = "deal"
        players.0.hand = ["g3-towers"]
        """

  Rule: NM-GEN-DEAL 8 tiles of the generation are dealt to each player

    @NM-GEN-DEAL
    Scenario: Dealing goes on until every player holds 8 tiles
      Given the position:
        """
        phase = "deal"
        generation = 1
        deal_target = 8
        players.0.hand = ["g1-houses", "g1-houses", "g1-park", "g1-market", "g1-farm", "g1-mine", "g1-quarry", "g1-fire"]
        players.1.hand = ["g1-houses", "g1-houses", "g1-park", "g1-market", "g1-farm", "g1-mine", "g1-bakery"]
        decks.1 = {"g1-cottages": 1, "g1-coal-plant": 1}
        """
      Then the chance outcomes are:
        """
        [{"action": {"type": "deal", "player": 1, "tile": "g1-cottages"}, "probability": "1/2"},
         {"action": {"type": "deal", "player": 1, "tile": "g1-coal-plant"}, "probability": "1/2"}]
        """
      When chance reveals:
        """
        {"type": "deal", "player": 1, "tile": "g1-coal-plant"}
        """
      Then the position has:
        """
        phase = "select"
        to_act = [0, 1]
        decks.1 = {"g1-cottages": 1}
        """

    @NM-GEN-DEAL
    Scenario: A generation tile is dealt to the hand short of 8 with no listing asked first
      # the engine judges the deal itself, not by the outcomes it listed
      Given the position:
        """
        phase = "deal"
        generation = 1
        deal_target = 8
        players.0.hand = ["g1-houses", "g1-houses", "g1-park", "g1-market", "g1-farm", "g1-mine", "g1-quarry", "g1-fire"]
        players.1.hand = ["g1-houses", "g1-houses", "g1-park", "g1-market", "g1-farm", "g1-mine", "g1-bakery"]
        decks.1 = {"g1-cottages": 1, "g1-coal-plant": 1}
        """
      When chance reveals:
        """
        {"type": "deal", "player": 1, "tile": "g1-cottages"}
        """
      Then the position has:
        """
        phase = "select"
        to_act = [0, 1]
        decks.1 = {"g1-coal-plant": 1}
        """

    @NM-GEN-DEAL
    Scenario: Chance deals only tiles of the deck, and only to a hand short of 8
      Given the position:
        """
        phase = "deal"
        generation = 1
        deal_target = 8
        players.0.hand = ["g1-houses", "g1-houses", "g1-park", "g1-market", "g1-farm", "g1-mine", "g1-quarry", "g1-fire"]
        players.1.hand = ["g1-houses", "g1-houses", "g1-park", "g1-market", "g1-farm", "g1-mine", "g1-bakery"]
        decks.1 = {"g1-cottages": 1, "g1-coal-plant": 1}
        """
      When chance reveals:
        """
        {"type": "deal", "player": 1, "tile": "g1-park"}
        """
      Then the action is rejected citing rule "NM-GEN-DEAL"
      When chance reveals:
        """
        {"type": "deal", "player": 0, "tile": "g1-cottages"}
        """
      Then the action is rejected citing rule "NM-GEN-DEAL"

    @NM-GEN-DEAL
    Scenario: A tile whose last copy is dealt leaves the outcomes, and a full hand passes the deal on
      Given the position:
        """
        phase = "deal"
        generation = 1
        deal_target = 8
        players.0.hand = ["g1-houses", "g1-houses", "g1-park", "g1-market", "g1-farm", "g1-mine"]
        players.1.hand = ["g1-houses", "g1-houses", "g1-park", "g1-market", "g1-farm", "g1-mine", "g1-bakery"]
        decks.1 = {"g1-cottages": 1, "g1-coal-plant": 1, "g1-fire": 1}
        """
      Then the chance outcomes are:
        """
        [{"action": {"type": "deal", "player": 0, "tile": "g1-coal-plant"}, "probability": "1/3"},
         {"action": {"type": "deal", "player": 0, "tile": "g1-cottages"}, "probability": "1/3"},
         {"action": {"type": "deal", "player": 0, "tile": "g1-fire"}, "probability": "1/3"}]
        """
      When chance reveals:
        """
        {"type": "deal", "player": 0, "tile": "g1-cottages"}
        """
      Then the chance outcomes are:
        """
        [{"action": {"type": "deal", "player": 0, "tile": "g1-coal-plant"}, "probability": "1/2"},
         {"action": {"type": "deal", "player": 0, "tile": "g1-fire"}, "probability": "1/2"}]
        """
      When chance reveals:
        """
        {"type": "deal", "player": 0, "tile": "g1-fire"}
        """
      Then the chance outcomes are:
        """
        [{"action": {"type": "deal", "player": 1, "tile": "g1-coal-plant"}, "probability": "1/1"}]
        """

    @NM-GEN-DEAL
    Scenario: A deal with every hand already full goes on to the selection
      Given the position:
        """
        phase = "deal"
        generation = 1
        deal_target = 8
        players.0.hand = ["g1-houses", "g1-houses", "g1-park", "g1-market", "g1-farm", "g1-mine", "g1-quarry", "g1-fire"]
        players.1.hand = ["g1-houses", "g1-houses", "g1-park", "g1-market", "g1-farm", "g1-mine", "g1-bakery", "g1-cottages"]
        """
      Then the position has:
        """
        phase = "select"
        to_act = [0, 1]
        """

    @NM-GEN-DEAL
    Scenario: A deck of three copies of one tile deals it for certain
      Given the position:
        """
        phase = "deal"
        generation = 1
        deal_target = 8
        players.0.hand = ["g1-park", "g1-park", "g1-market", "g1-market", "g1-farm", "g1-mine", "g1-quarry", "g1-fire"]
        players.1.hand = ["g1-cotton-field", "g1-market", "g1-oil-well", "g1-oil-well", "g1-mine", "g1-bakery", "g1-sawmill"]
        decks.1 = {"g1-houses": 3}
        """
      Then the chance outcomes are:
        """
        [{"action": {"type": "deal", "player": 1, "tile": "g1-houses"}, "probability": "1/1"}]
        """

    @NM-GEN-DEAL
    Scenario: Generation 3 deals the last of a hand from the generation 3 tiles left
      # two players: player 1 holds 7 generation 3 tiles; the deck holds the stadium and the
      # three towers, so the towers come with probability 3 in 4
      Given the position:
        """
        phase = "deal"
        generation = 3
        deal_target = 8
        players.0.hand = ["g3-bank", "g3-bank", "g3-jeweller", "g3-lofts", "g3-lofts", "g3-museum", "g3-villas", "g3-villas"]
        players.1.hand = ["g3-boutique", "g3-boutique", "g3-public-safety", "g3-public-safety", "g3-recycling-plant", "g3-recycling-plant", "g3-wind-farm"]
        decks.3 = {"g3-stadium": 1, "g3-towers": 3}
        """
      Then the chance outcomes are:
        """
        [{"action": {"type": "deal", "player": 1, "tile": "g3-stadium"}, "probability": "1/4"},
         {"action": {"type": "deal", "player": 1, "tile": "g3-towers"}, "probability": "3/4"}]
        """
      When chance reveals:
        """
        {"type": "deal", "player": 1, "tile": "g3-towers"}
        """
      Then the position has:
        """
        phase = "select"
        to_act = [0, 1]
        players.1.hand = ["g3-boutique", "g3-boutique", "g3-public-safety", "g3-public-safety", "g3-recycling-plant", "g3-recycling-plant", "g3-towers", "g3-wind-farm"]
        decks.3 = {"g3-stadium": 1, "g3-towers": 2}
        """

    @NM-GEN-DEAL
    Scenario Outline: During a deal a deal of the wrong shape (<what>) is refused as malformed
      # the outcomes are listed first, so the deal is judged against a listing
      Given the position:
        """
        phase = "deal"
        generation = 1
        deal_target = 8
        players.0.hand = ["g1-houses", "g1-houses", "g1-park", "g1-market", "g1-farm", "g1-mine", "g1-quarry", "g1-fire"]
        players.1.hand = ["g1-houses", "g1-houses", "g1-park", "g1-market", "g1-farm", "g1-mine", "g1-bakery"]
        decks.1 = {"g1-cottages": 1, "g1-coal-plant": 1}
        """
      Then the chance outcomes are:
        """
        [{"action": {"type": "deal", "player": 1, "tile": "g1-cottages"}, "probability": "1/2"},
         {"action": {"type": "deal", "player": 1, "tile": "g1-coal-plant"}, "probability": "1/2"}]
        """
      When chance reveals:
        """
        <action>
        """
      Then the action is refused as malformed
      And the position has:
        """
        phase = "deal"
        decks.1 = {"g1-coal-plant": 1, "g1-cottages": 1}
        """

      Examples:
        | what | action |
        | a tile given as a list | {"type": "deal", "player": 1, "tile": ["g1-cottages"]} |
        | a tile given as an object | {"type": "deal", "player": 1, "tile": {"name": "g1-cottages"}} |
        | a tile given as a number | {"type": "deal", "player": 1, "tile": 5} |
        | no tile named | {"type": "deal", "player": 1} |
        | a tile no game has | {"type": "deal", "player": 1, "tile": "g1-nowhere"} |

    @NM-GEN-DEAL
    Scenario: Deals listed before a tile ran out and before a hand filled are refused afterwards
      # both deals were among the outcomes listed; once player 0 holds 8 and the cottages are
      # gone neither is legal: the deal goes to player 1, from the coal plant and the fire
      Given the position:
        """
        phase = "deal"
        generation = 1
        deal_target = 8
        players.0.hand = ["g1-houses", "g1-houses", "g1-park", "g1-market", "g1-farm", "g1-mine", "g1-quarry"]
        players.1.hand = ["g1-houses", "g1-houses", "g1-park", "g1-market", "g1-farm", "g1-mine", "g1-bakery"]
        decks.1 = {"g1-cottages": 1, "g1-coal-plant": 1, "g1-fire": 1}
        """
      Then the chance outcomes are:
        """
        [{"action": {"type": "deal", "player": 0, "tile": "g1-coal-plant"}, "probability": "1/3"},
         {"action": {"type": "deal", "player": 0, "tile": "g1-cottages"}, "probability": "1/3"},
         {"action": {"type": "deal", "player": 0, "tile": "g1-fire"}, "probability": "1/3"}]
        """
      When chance reveals:
        """
        {"type": "deal", "player": 0, "tile": "g1-cottages"}
        """
      Then the chance outcomes are:
        """
        [{"action": {"type": "deal", "player": 1, "tile": "g1-coal-plant"}, "probability": "1/2"},
         {"action": {"type": "deal", "player": 1, "tile": "g1-fire"}, "probability": "1/2"}]
        """
      When chance reveals:
        """
        {"type": "deal", "player": 0, "tile": "g1-cottages"}
        """
      Then the action is rejected citing rule "NM-GEN-DEAL"
      When chance reveals:
        """
        {"type": "deal", "player": 1, "tile": "g1-cottages"}
        """
      Then the action is rejected citing rule "NM-GEN-DEAL"
      When chance reveals:
        """
        {"type": "deal", "player": 0, "tile": "g1-fire"}
        """
      Then the action is rejected citing rule "NM-GEN-DEAL"
      And the position has:
        """
        phase = "deal"
        players.0.hand = ["g1-cottages", "g1-farm", "g1-houses", "g1-houses", "g1-market", "g1-mine", "g1-park", "g1-quarry"]
        decks.1 = {"g1-coal-plant": 1, "g1-fire": 1}
        """

  Rule: NM-GEN-STEPS a turn is select, act, pass

    @NM-GEN-STEPS
    Scenario: Selecting, acting and passing make one turn
      Given the position:
        """
        phase = "select"
        generation = 1
        players.0.hand = ["g1-park", "g1-market"]
        players.1.hand = ["g1-farm", "g1-mine"]
        """
      When these actions are applied:
        """
        [{"actor": 0, "type": "select", "tile": "g1-park"},
         {"actor": 1, "type": "select", "tile": "g1-mine"}]
        """
      Then "phase" is "act"
      When these actions are applied:
        """
        [{"actor": 0, "type": "sell"}, {"actor": 1, "type": "sell"}]
        """
      Then the position has:
        """
        phase = "select"
        players.0.hand = ["g1-farm"]
        players.1.hand = ["g1-market"]
        """

    @NM-GEN-STEPS
    Scenario: The remaining tiles are passed after the turn's disaster has struck
      # neom.ja.txt:21-24: a turn is A. select, B. act, C. pass the remaining tiles, and line 70
      # makes the tiles picked up in C the next turn's hand; line 57 strikes a disaster at the
      # end of the turn it was selected on, once every player has acted. So while player 1
      # answers player 0's fire, each player still holds their own remaining tile, and the
      # hands move only once the fire has been answered
      Given the position:
        """
        phase = "select"
        generation = 1
        players.0.hand = ["g1-fire", "g1-market"]
        players.1.hand = ["g1-farm", "g1-mine"]
        players.1.city.1.2 = "g1-houses"
        """
      When these actions are applied:
        """
        [{"actor": 0, "type": "select", "tile": "g1-fire"},
         {"actor": 1, "type": "select", "tile": "g1-mine"},
         {"actor": 1, "type": "sell"}]
        """
      Then the position has:
        """
        phase = "disaster"
        players.0.hand = ["g1-market"]
        players.1.hand = ["g1-farm"]
        """
      When player 1 plays:
        """
        {"type": "pay"}
        """
      Then the position has:
        """
        phase = "select"
        players.0.hand = ["g1-farm"]
        players.1.hand = ["g1-market"]
        """
