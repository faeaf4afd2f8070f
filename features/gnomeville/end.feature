Feature: Gnomeville end of the game: adjacency goals and the winner

  Background:
    Given a gnomeville game with 2 players in the build phase
    And player 0's town is:
      """
      BO BO BO .  .
      .  .  .  .  .
      .@0 .@1 ho .  .
      .  .  .  .  .
      .  .  .  .  .
      """
    And player 1's town is:
      """
      BO BO BO .  .
      ho .  ho .  ho
      .  .  .@0 .  .
      ho .  ho .  ho
      .  .  .  .  .
      """
    And the position:
      """
      round = 5
      goals = [{"players": [0, 1], "cards": ["fewest-swords", "most-blue", "most-boulders"], "size": 3}]
      players.0.gnomes.0.sword = true
      players.0.gnomes.1.sword = true
      players.1.gnomes.0.hammer = true
      """

  Rule: GV-END-EX-2P the two-player example scores three adjacency cards

    @GV-END-EX-2P @GV-END-WINNER @GV-END-EX-SWORDS @GV-END-EX-BOULDERS @GV-END-EX-BLUE @GV-END-ADJACENCY @GV-END-ADJACENCY-TIE @GV-END-ADJACENCY-LOSER @GV-COMP-GOALS
    Scenario: Red scores 5 + 4 + 5 = 14 and Blue only the shared 4
      When these actions are applied:
        """
        [{"actor": 0, "type": "pass"}, {"actor": 1, "type": "pass"},
         {"actor": "chance", "type": "delivery_card", "card": "delivery-01"}]
        """
      Then the game is over
      And the outcome has:
        """
        scores = [4, 14]
        winners = [1]
        """

  Rule: GV-END-ADJACENCY-LOSER only the winner of a card scores its value

    @GV-END-EX-SWORDS @GV-END-ADJACENCY-LOSER @GV-END-ADJACENCY
    Scenario: On the fewest-swords card Red scores 5 and Blue with two swords nothing
      Given the position:
        """
        goals = [{"players": [0, 1], "cards": ["fewest-swords"], "size": 3}]
        """
      When these actions are applied:
        """
        [{"actor": 0, "type": "pass"}, {"actor": 1, "type": "pass"},
         {"actor": "chance", "type": "delivery_card", "card": "delivery-01"}]
        """
      Then the outcome has:
        """
        scores = [0, 5]
        """

    @GV-END-EX-SWORDS @GV-END-ADJACENCY-LOSER @GV-END-ADJACENCY
    Scenario: Hammers are not counted as swords: Red with a hammer and no sword has fewer than Blue with one
      Given the position:
        """
        goals = [{"players": [0, 1], "cards": ["fewest-swords"], "size": 3}]
        players.0.gnomes.1.sword = false
        """
      When these actions are applied:
        """
        [{"actor": 0, "type": "pass"}, {"actor": 1, "type": "pass"},
         {"actor": "chance", "type": "delivery_card", "card": "delivery-01"}]
        """
      Then the outcome has:
        """
        scores = [0, 5]
        """

    @GV-END-EX-BLUE @GV-END-ADJACENCY-LOSER @GV-END-ADJACENCY
    Scenario: On the most-blue card Red with six blue buildings scores 5 and Blue with one nothing
      Given the position:
        """
        goals = [{"players": [0, 1], "cards": ["most-blue"], "size": 3}]
        """
      When these actions are applied:
        """
        [{"actor": 0, "type": "pass"}, {"actor": 1, "type": "pass"},
         {"actor": "chance", "type": "delivery_card", "card": "delivery-01"}]
        """
      Then the outcome has:
        """
        scores = [0, 5]
        """

  Rule: GV-END-EX-SWORDS on the fewest-swords card only sword gnomes on the board count, not hammers

    @GV-END-EX-SWORDS
    Scenario: Blue's sword gnome in the top-left corner counts and Red's deployed gnome with a hammer does not: Red scores 5
      Given the position:
        """
        goals = [{"players": [0, 1], "cards": ["fewest-swords"], "size": 3}]
        players.0.cells.0 = [null, "boulder", "boulder", null, null]
        boulder_supply = 39
        players.0.gnomes.0 = {"space": [0, 0], "hammer": false, "sword": true, "graduated": false, "ability": null}
        players.0.gnomes.1 = {"space": null, "hammer": false, "sword": false, "graduated": false, "ability": null}
        """
      When these actions are applied:
        """
        [{"actor": 0, "type": "pass"}, {"actor": 1, "type": "pass"},
         {"actor": "chance", "type": "delivery_card", "card": "delivery-01"}]
        """
      Then the outcome has:
        """
        scores = [0, 5]
        """

  Rule: GV-END-ADJACENCY-TIE a tie shares the card's value plus its tie value

    @GV-END-EX-BOULDERS @GV-END-ADJACENCY-TIE
    Scenario: Three boulders each on the most-boulders card: both score (5 + 2) / 2 rounded up = 4
      Given the position:
        """
        goals = [{"players": [0, 1], "cards": ["most-boulders"], "size": 3}]
        """
      When these actions are applied:
        """
        [{"actor": 0, "type": "pass"}, {"actor": 1, "type": "pass"},
         {"actor": "chance", "type": "delivery_card", "card": "delivery-01"}]
        """
      Then the outcome has:
        """
        scores = [4, 4]
        """

    @GV-END-ADJACENCY-TIE
    Scenario: Each tied player's 4 of the most-boulders card add to the points already scored: 10 + 4 and 12 + 4
      Given the position:
        """
        goals = [{"players": [0, 1], "cards": ["most-boulders"], "size": 3}]
        players.0.score = 10
        players.1.score = 12
        """
      When these actions are applied:
        """
        [{"actor": 0, "type": "pass"}, {"actor": 1, "type": "pass"},
         {"actor": "chance", "type": "delivery_card", "card": "delivery-01"}]
        """
      Then the outcome has:
        """
        scores = [14, 16]
        """

  Rule: GV-END-TIEBREAK most buildings, then most mushrooms, then a shared win

    @GV-END-WINNER @GV-END-TIEBREAK
    Scenario: Before the game is over the outcome names no winner
      Then the outcome has:
        """
        terminal = false
        winners = []
        """

    @GV-END-WINNER @GV-END-TIEBREAK @GV-END-ADJACENCY
    Scenario: The outcome counts each town's building tiles, and a goal's points add to the score
      Given the position:
        """
        goals = [{"players": [0, 1], "cards": ["most-blue"], "size": 3}]
        players.0.score = 18
        players.1.score = 20
        """
      When these actions are applied:
        """
        [{"actor": 0, "type": "pass"}, {"actor": 1, "type": "pass"},
         {"actor": "chance", "type": "delivery_card", "card": "delivery-01"}]
        """
      Then the outcome has:
        """
        scores = [18, 25]
        details.buildings = [1, 6]
        winners = [1]
        """

    @GV-END-WINNER @GV-END-TIEBREAK
    Scenario: Equal scores: the town with more buildings wins
      Given the position:
        """
        goals = []
        players.0.score = 10
        players.1.score = 10
        """
      When these actions are applied:
        """
        [{"actor": 0, "type": "pass"}, {"actor": 1, "type": "pass"},
         {"actor": "chance", "type": "delivery_card", "card": "delivery-01"}]
        """
      Then the outcome has:
        """
        winners = [1]
        """

    @GV-END-TIEBREAK
    Scenario: Equal scores and buildings: more mushrooms wins, then the win is shared
      Given the position:
        """
        goals = []
        players.1.cells.1 = [null, null, null, null, null]
        players.1.cells.3 = [null, null, "house", null, null]
        players.0.mushrooms = 5
        """
      When these actions are applied:
        """
        [{"actor": 0, "type": "pass"}, {"actor": 1, "type": "pass"},
         {"actor": "chance", "type": "delivery_card", "card": "delivery-01"}]
        """
      Then the outcome has:
        """
        winners = [0]
        """

    @GV-END-TIEBREAK
    Scenario: Everything equal: both players win
      Given the position:
        """
        goals = []
        players.1.cells.1 = [null, null, null, null, null]
        players.1.cells.3 = [null, null, "house", null, null]
        """
      When these actions are applied:
        """
        [{"actor": 0, "type": "pass"}, {"actor": 1, "type": "pass"},
         {"actor": "chance", "type": "delivery_card", "card": "delivery-01"}]
        """
      Then the outcome has:
        """
        winners = [0, 1]
        """

    @GV-END-TIEBREAK
    Scenario: On equal scores more buildings beat more mushrooms
      Given the position:
        """
        goals = []
        players.0.score = 10
        players.1.score = 10
        players.0.mushrooms = 9
        """
      When these actions are applied:
        """
        [{"actor": 0, "type": "pass"}, {"actor": 1, "type": "pass"},
         {"actor": "chance", "type": "delivery_card", "card": "delivery-01"}]
        """
      Then the outcome has:
        """
        scores = [10, 10]
        winners = [1]
        """
