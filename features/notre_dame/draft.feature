Feature: Notre Dame phase 2, the action-card draft
  Draw three, keep one and pass two, keep one and pass one, take the last
  (notre-dame-10th.ja.txt lines 63-81).

  Background:
    Given a new "notre_dame" game with 3 players and setup:
      """
      {"setup": {"messages": {"0": [1, 2, 3, 4], "1": [1, 2, 3, 4], "2": [1, 2, 3, 4]}}}
      """
    And the position:
      """
      display = ["A1", "doctor", "poet"]
      brown_deck = ["landlady", "magician", "moneylender", "monk"]
      lettered.A = ["A2", "A3"]
      phase = "deal"
      """

  Rule: ND-DRAFT-DRAW each player draws three cards from their deck

    @ND-DRAFT-DRAW
    Scenario: The first card drawn is any of the nine, each equally likely
      Then the chance outcomes are:
        """
        [{"action": {"player": 0, "card": "bank"}, "probability": "1/9"},
         {"action": {"player": 0, "card": "carriage"}, "probability": "1/9"},
         {"action": {"player": 0, "card": "cloister"}, "probability": "1/9"},
         {"action": {"player": 0, "card": "friend"}, "probability": "1/9"},
         {"action": {"player": 0, "card": "guesthouse"}, "probability": "1/9"},
         {"action": {"player": 0, "card": "hospital"}, "probability": "1/9"},
         {"action": {"player": 0, "card": "notre_dame"}, "probability": "1/9"},
         {"action": {"player": 0, "card": "park"}, "probability": "1/9"},
         {"action": {"player": 0, "card": "residence"}, "probability": "1/9"}]
        """

    @ND-DRAFT-DRAW
    Scenario: Three draws fill a player's draft hand
      When these actions are applied:
        """
        [{"actor": "chance", "type": "draw_card", "player": 0, "card": "park"},
         {"actor": "chance", "type": "draw_card", "player": 0, "card": "bank"},
         {"actor": "chance", "type": "draw_card", "player": 0, "card": "friend"}]
        """
      Then the position has:
        """
        players.0.draft_hand = ["bank", "friend", "park"]
        players.0.deck = ["carriage", "cloister", "guesthouse", "hospital", "notre_dame", "residence"]
        """
      And the legal actions include:
        """
        {"actor": "chance", "type": "draw_card", "player": 1}
        """

    @ND-DRAFT-DRAW @ND-ROUND-PHASES
    Scenario: The last player's third card ends the deal and starts the draft
      Given the position:
        """
        players.0.draft_hand = ["bank", "friend", "park"]
        players.0.deck = ["carriage", "cloister", "guesthouse", "hospital", "notre_dame", "residence"]
        players.1.draft_hand = ["bank", "friend", "park"]
        players.1.deck = ["carriage", "cloister", "guesthouse", "hospital", "notre_dame", "residence"]
        players.2.draft_hand = ["bank", "friend"]
        players.2.deck = ["carriage", "cloister", "guesthouse", "hospital", "notre_dame", "park", "residence"]
        """
      When chance reveals:
        """
        {"type": "draw_card", "player": 2, "card": "park"}
        """
      Then the position has:
        """
        phase = "draft"
        draft_step = 1
        pending = [0, 1, 2]
        to_act = [0, 1, 2]
        players.2.draft_hand = ["bank", "friend", "park"]
        """

  Rule: ND-DRAFT-KEEP1 keep one, pass two to the left

    @ND-DRAFT-KEEP1
    Scenario: A card not in the draft hand cannot be kept
      Given the position:
        """
        phase = "draft"
        draft_step = 1
        pending = [0, 1, 2]
        players.0.draft_hand = ["bank", "park", "residence"]
        players.1.draft_hand = ["carriage", "cloister", "friend"]
        players.2.draft_hand = ["guesthouse", "hospital", "notre_dame"]
        """
      When player 0 plays:
        """
        {"type": "keep", "card": "carriage"}
        """
      Then the action is rejected citing rule "ND-DRAFT-KEEP1"

    @ND-DRAFT-KEEP1
    Scenario: A kept card joins the player's cards
      Given the position:
        """
        phase = "draft"
        draft_step = 1
        pending = [0, 1, 2]
        players.0.draft_hand = ["bank", "park", "residence"]
        players.1.draft_hand = ["carriage", "cloister", "friend"]
        players.2.draft_hand = ["guesthouse", "hospital", "notre_dame"]
        """
      When player 0 plays:
        """
        {"type": "keep", "card": "park"}
        """
      Then the position has:
        """
        players.0.cards = ["park"]
        players.0.draft_hand = ["bank", "residence"]
        to_act = [1, 2]
        """

    @ND-DRAFT-KEEP1 @ND-LEFT
    Scenario: Once all have kept a card the other two go to the left neighbour
      Given the position:
        """
        phase = "draft"
        draft_step = 1
        pending = [0, 1, 2]
        players.0.draft_hand = ["bank", "park", "residence"]
        players.1.draft_hand = ["carriage", "cloister", "friend"]
        players.2.draft_hand = ["guesthouse", "hospital", "notre_dame"]
        """
      When these actions are applied:
        """
        [{"actor": 0, "type": "keep", "card": "park"},
         {"actor": 1, "type": "keep", "card": "friend"},
         {"actor": 2, "type": "keep", "card": "hospital"}]
        """
      Then the position has:
        """
        draft_step = 2
        pending = [0, 1, 2]
        to_act = [0, 1, 2]
        players.0.draft_hand = ["guesthouse", "notre_dame"]
        players.1.draft_hand = ["bank", "residence"]
        players.2.draft_hand = ["carriage", "cloister"]
        """

    @ND-DRAFT-KEEP1
    Scenario: After the deal each keeps one of three cards and receives two from the right
      Given the position:
        """
        players.0.draft_hand = ["bank", "park", "residence"]
        players.0.deck = ["carriage", "cloister", "friend", "guesthouse", "hospital", "notre_dame"]
        players.1.draft_hand = ["carriage", "cloister", "friend"]
        players.1.deck = ["bank", "guesthouse", "hospital", "notre_dame", "park", "residence"]
        players.2.draft_hand = ["guesthouse", "hospital"]
        players.2.deck = ["bank", "carriage", "cloister", "friend", "notre_dame", "park", "residence"]
        """
      When these actions are applied:
        """
        [{"actor": "chance", "type": "draw_card", "player": 2, "card": "notre_dame"},
         {"actor": 0, "type": "keep", "card": "park"},
         {"actor": 1, "type": "keep", "card": "friend"},
         {"actor": 2, "type": "keep", "card": "hospital"}]
        """
      Then the position has:
        """
        players.0.cards = ["park"]
        players.0.draft_hand = ["guesthouse", "notre_dame"]
        players.1.draft_hand = ["bank", "residence"]
        players.2.draft_hand = ["carriage", "cloister"]
        """

  Rule: ND-DRAFT-KEEP2 keep one of two, pass one

    @ND-DRAFT-KEEP2 @ND-DRAFT-LAST
    Scenario: The second keep passes one card and each takes the last card received
      Given the position:
        """
        phase = "draft"
        draft_step = 2
        pending = [0, 1, 2]
        players.0.cards = ["bank"]
        players.1.cards = ["friend"]
        players.2.cards = ["hospital"]
        players.0.draft_hand = ["guesthouse", "notre_dame"]
        players.1.draft_hand = ["park", "residence"]
        players.2.draft_hand = ["carriage", "cloister"]
        """
      When these actions are applied:
        """
        [{"actor": 2, "type": "keep", "card": "cloister"},
         {"actor": 0, "type": "keep", "card": "notre_dame"},
         {"actor": 1, "type": "keep", "card": "park"}]
        """
      Then the position has:
        """
        players.0.cards = ["bank", "carriage", "notre_dame"]
        players.1.cards = ["friend", "guesthouse", "park"]
        players.2.cards = ["cloister", "hospital", "residence"]
        phase = "play"
        current = 0
        draft_step = null
        pending = []
        """

    @ND-DRAFT-KEEP2
    Scenario: A card not among the two received cannot be kept
      Given the position:
        """
        phase = "draft"
        draft_step = 2
        pending = [0, 1, 2]
        players.0.cards = ["bank"]
        players.1.cards = ["friend"]
        players.2.cards = ["hospital"]
        players.0.draft_hand = ["guesthouse", "notre_dame"]
        players.1.draft_hand = ["park", "residence"]
        players.2.draft_hand = ["carriage", "cloister"]
        """
      When player 0 plays:
        """
        {"type": "keep", "card": "park"}
        """
      Then the action is rejected citing rule "ND-DRAFT-KEEP2"

    @ND-DRAFT-KEEP2
    Scenario: Once all have kept a first card, a player keeps one of the two received
      Given the position:
        """
        phase = "draft"
        draft_step = 1
        pending = [0, 1, 2]
        players.0.draft_hand = ["bank", "park", "residence"]
        players.1.draft_hand = ["carriage", "cloister", "friend"]
        players.2.draft_hand = ["guesthouse", "hospital", "notre_dame"]
        """
      When these actions are applied:
        """
        [{"actor": 0, "type": "keep", "card": "park"},
         {"actor": 1, "type": "keep", "card": "friend"},
         {"actor": 2, "type": "keep", "card": "hospital"}]
        """
      And player 0 plays:
        """
        {"type": "keep", "card": "guesthouse"}
        """
      Then the position has:
        """
        draft_step = 2
        players.0.cards = ["guesthouse", "park"]
        players.0.draft_hand = ["notre_dame"]
        """

  Rule: ND-DRAFT-LAST the last card passed is taken

    @ND-DRAFT-LAST @ND-PLAY-ORDER
    Scenario: After the draft the start player, seat 1, plays first
      Given the position:
        """
        phase = "draft"
        draft_step = 2
        pending = [0, 1, 2]
        start_player = 1
        players.0.cards = ["bank"]
        players.1.cards = ["friend"]
        players.2.cards = ["hospital"]
        players.0.draft_hand = ["guesthouse", "notre_dame"]
        players.1.draft_hand = ["park", "residence"]
        players.2.draft_hand = ["carriage", "cloister"]
        """
      When these actions are applied:
        """
        [{"actor": 0, "type": "keep", "card": "notre_dame"},
         {"actor": 1, "type": "keep", "card": "park"},
         {"actor": 2, "type": "keep", "card": "cloister"}]
        """
      Then the position has:
        """
        phase = "play"
        to_act = [1]
        """

    @ND-DRAFT-LAST
    Scenario: With two players the last card comes back from the other player
      Given a new "notre_dame" game with 2 players and setup:
        """
        {"setup": {"messages": {"0": [1, 2, 3, 4], "1": [1, 2, 3, 4]}}}
        """
      And the position:
        """
        phase = "draft"
        draft_step = 2
        pending = [0, 1]
        players.0.cards = ["bank"]
        players.1.cards = ["park"]
        players.0.draft_hand = ["hospital", "residence"]
        players.1.draft_hand = ["carriage", "friend"]
        """
      When these actions are applied:
        """
        [{"actor": 0, "type": "keep", "card": "hospital"},
         {"actor": 1, "type": "keep", "card": "friend"}]
        """
      Then the position has:
        """
        players.0.cards = ["bank", "carriage", "hospital"]
        players.1.cards = ["friend", "park", "residence"]
        players.0.draft_hand = []
        """

  Rule: ND-DRAFT-CARDS the three cards are the cards of the round

    @ND-DRAFT-CARDS
    Scenario: A card the player does not hold cannot be played
      Given the position:
        """
        phase = "play"
        current = 0
        players.0.cards = ["bank", "park", "residence"]
        """
      When player 0 plays:
        """
        {"type": "play", "card": "cloister", "from": "hand"}
        """
      Then the action is rejected citing rule "ND-DRAFT-CARDS"

  Rule: ND-DRAFT-NEXT later rounds draw three more cards

    @ND-DRAFT-NEXT
    Scenario: Round 2 draws from the six cards left in the deck
      Given the position:
        """
        round = 2
        players.0.deck = ["carriage", "cloister", "guesthouse", "hospital", "notre_dame", "residence"]
        """
      Then the chance outcomes are:
        """
        [{"action": {"player": 0, "card": "carriage"}, "probability": "1/6"},
         {"action": {"player": 0, "card": "cloister"}, "probability": "1/6"},
         {"action": {"player": 0, "card": "guesthouse"}, "probability": "1/6"},
         {"action": {"player": 0, "card": "hospital"}, "probability": "1/6"},
         {"action": {"player": 0, "card": "notre_dame"}, "probability": "1/6"},
         {"action": {"player": 0, "card": "residence"}, "probability": "1/6"}]
        """

  Rule: ND-DRAFT-DECK the whole deck is drawn in a stage

    @ND-DRAFT-DECK @ND-STAGE-DECKS-EMPTY
    Scenario: Round 3 draws the last three cards of every deck
      Given the position:
        """
        round = 3
        players.0.deck = ["bank", "cloister", "park"]
        players.1.deck = ["friend", "hospital", "residence"]
        players.2.deck = ["carriage", "guesthouse", "notre_dame"]
        """
      When these actions are applied:
        """
        [{"actor": "chance", "type": "draw_card", "player": 0, "card": "bank"},
         {"actor": "chance", "type": "draw_card", "player": 0, "card": "cloister"},
         {"actor": "chance", "type": "draw_card", "player": 0, "card": "park"},
         {"actor": "chance", "type": "draw_card", "player": 1, "card": "friend"},
         {"actor": "chance", "type": "draw_card", "player": 1, "card": "hospital"},
         {"actor": "chance", "type": "draw_card", "player": 1, "card": "residence"},
         {"actor": "chance", "type": "draw_card", "player": 2, "card": "carriage"},
         {"actor": "chance", "type": "draw_card", "player": 2, "card": "guesthouse"}]
        """
      Then the chance outcomes are:
        """
        [{"action": {"player": 2, "card": "notre_dame"}, "probability": "1/1"}]
        """

  Rule: ND-DRAFT-SIMUL the draft choices are simultaneous

    @ND-DRAFT-SIMUL
    Scenario: Every player still to choose may act, and no one twice
      Given the position:
        """
        phase = "draft"
        draft_step = 1
        pending = [0, 1, 2]
        players.0.draft_hand = ["bank", "park", "residence"]
        players.1.draft_hand = ["carriage", "cloister", "friend"]
        players.2.draft_hand = ["guesthouse", "hospital", "notre_dame"]
        """
      When player 1 plays:
        """
        {"type": "keep", "card": "friend"}
        """
      Then "to_act" is [0, 2]
      When player 1 plays:
        """
        {"type": "keep", "card": "cloister"}
        """
      Then the action is rejected citing rule "ND-DRAFT-KEEP1"

    @ND-DRAFT-SIMUL
    Scenario: When the deal ends any player may keep first
      Given the position:
        """
        players.0.draft_hand = ["bank", "park", "residence"]
        players.0.deck = ["carriage", "cloister", "friend", "guesthouse", "hospital", "notre_dame"]
        players.1.draft_hand = ["carriage", "cloister", "friend"]
        players.1.deck = ["bank", "guesthouse", "hospital", "notre_dame", "park", "residence"]
        players.2.draft_hand = ["guesthouse", "hospital"]
        players.2.deck = ["bank", "carriage", "cloister", "friend", "notre_dame", "park", "residence"]
        """
      When these actions are applied:
        """
        [{"actor": "chance", "type": "draw_card", "player": 2, "card": "notre_dame"},
         {"actor": 2, "type": "keep", "card": "hospital"}]
        """
      Then "to_act" is [0, 1]

    @ND-DRAFT-SIMUL
    Scenario: After the first keeps any player may keep the second card first
      Given the position:
        """
        phase = "draft"
        draft_step = 1
        pending = [0, 1, 2]
        players.0.draft_hand = ["bank", "park", "residence"]
        players.1.draft_hand = ["carriage", "cloister", "friend"]
        players.2.draft_hand = ["guesthouse", "hospital", "notre_dame"]
        """
      When these actions are applied:
        """
        [{"actor": 0, "type": "keep", "card": "park"},
         {"actor": 1, "type": "keep", "card": "friend"},
         {"actor": 2, "type": "keep", "card": "hospital"}]
        """
      And player 2 plays:
        """
        {"type": "keep", "card": "cloister"}
        """
      Then "to_act" is [0, 1]

  Rule: ND-DRAFT-HIDDEN other players' cards are hidden

    @ND-DRAFT-HIDDEN
    Scenario: A player sees only how many cards the others hold
      Given the position:
        """
        phase = "draft"
        draft_step = 1
        pending = [0, 1, 2]
        players.0.draft_hand = ["bank", "park", "residence"]
        players.1.draft_hand = ["carriage", "cloister", "friend"]
        players.1.deck = ["guesthouse", "hospital", "notre_dame", "park", "residence", "bank"]
        players.2.draft_hand = ["guesthouse", "hospital", "notre_dame"]
        """
      Then the view of player 0 has:
        """
        viewer = 0
        players.0.draft_hand = ["bank", "park", "residence"]
        players.1.draft_hand = 3
        players.1.deck = 6
        players.2.cards = 0
        """
      And the view of player 2 has:
        """
        viewer = 2
        players.2.draft_hand = ["guesthouse", "hospital", "notre_dame"]
        players.0.draft_hand = 3
        """
