Feature: Notre Dame end of the game
  Most prestige wins; coins plus cubes break ties (notre-dame-10th.ja.txt lines 21, 317-321).

  Background:
    Given a new "notre_dame" game with 2 players and setup:
      """
      {"setup": {"messages": {"0": [1, 2, 3, 4], "1": [1, 2, 3, 4]}}}
      """
    And the position:
      """
      round = 9
      phase = "buy"
      current = 1
      display = []
      brown_deck = []
      lettered = {"A": [], "B": [], "C": []}
      """

  Rule: ND-GAME-WIN the most prestige wins

    @ND-GAME-WIN
    Scenario: After round 9 the player with most prestige wins
      Given the position:
        """
        players.0.prestige = 20
        players.1.prestige = 25
        """
      When player 1 plays:
        """
        {"type": "pass"}
        """
      Then the outcome has:
        """
        scores = [20, 25]
        winners = [1]
        """

    @ND-GAME-WIN
    Scenario: Before round 9 is over nobody has won, however far ahead
      Given the position:
        """
        players.0.prestige = 20
        players.1.prestige = 25
        """
      Then the outcome has:
        """
        winners = []
        """

  Rule: ND-END the game ends after round 9

    @ND-END
    Scenario: No action is possible after the game
      When player 1 plays:
        """
        {"type": "pass"}
        """
      Then the game is over
      And the legal actions are exactly:
        """
        []
        """

  Rule: ND-TIEBREAK coins and cubes in hand break a tie

    @ND-TIEBREAK
    Scenario: Equal prestige, the player with more coins and cubes wins
      Given the position:
        """
        players.0.prestige = 20
        players.1.prestige = 20
        players.0.coins = 3
        players.0.cubes = 0
        players.1.coins = 1
        players.1.cubes = 3
        players.0.stock = 14
        players.1.stock = 11
        """
      When player 1 plays:
        """
        {"type": "pass"}
        """
      Then the outcome has:
        """
        winners = [1]
        """

    @ND-TIEBREAK
    Scenario: Cubes in the stock and in the district do not break a tie
      Given the position:
        """
        players.0.prestige = 20
        players.1.prestige = 20
        players.0.coins = 2
        players.0.cubes = 1
        players.0.stock = 5
        players.0.areas.bank = 8
        players.1.coins = 2
        players.1.cubes = 2
        players.1.stock = 12
        """
      When player 1 plays:
        """
        {"type": "pass"}
        """
      Then the outcome has:
        """
        winners = [1]
        """

  Rule: ND-TIE-SHARED a full tie is shared

    @ND-TIE-SHARED
    Scenario: Equal prestige and equal coins and cubes share the victory
      Given the position:
        """
        players.0.prestige = 20
        players.1.prestige = 20
        players.0.coins = 2
        players.0.cubes = 2
        players.1.coins = 4
        players.1.cubes = 0
        players.0.stock = 12
        players.1.stock = 14
        """
      When player 1 plays:
        """
        {"type": "pass"}
        """
      Then the outcome has:
        """
        winners = [0, 1]
        """

  Rule: ND-STAGE-PAYOUT the last Notre Dame bonus comes before the winner

    @ND-STAGE-PAYOUT @ND-ND-VALUES @ND-END
    Scenario: The round 9 bonus of the provisional square (18) decides the winner
      Given the position:
        """
        players.0.prestige = 20
        players.1.prestige = 25
        notre_dame = [1, 0]
        players.0.stock = 9
        """
      When player 1 plays:
        """
        {"type": "pass"}
        """
      Then the outcome has:
        """
        scores = [38, 25]
        winners = [0]
        """
