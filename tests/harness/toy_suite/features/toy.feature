Feature: Coin tic-tac-toe (the harness self-test game)

  Rule: TT-COIN a coin decides who marks first

    @TT-COIN
    Scenario: The coin decides the first player
      Given a new "toy" game with 2 players
      Then the chance outcomes are:
        """
        [{"action": {"type": "coin", "first": 0}, "probability": "1/2"},
         {"action": {"type": "coin", "first": 1}, "probability": "1/2"}]
        """
      When chance reveals:
        """
        {"type": "coin", "first": 1}
        """
      Then "to_act" is [1]

  Rule: TT-EMPTY only an empty cell can be marked

    @TT-EMPTY
    Scenario: Marking a taken cell is rejected
      Given a new "toy" game with 2 players
      And these actions are applied:
        """
        [{"actor": "chance", "type": "coin", "first": 0},
         {"actor": 0, "type": "mark", "cell": 4}]
        """
      When player 1 plays:
        """
        {"type": "mark", "cell": 4}
        """
      Then the action is rejected citing rule "TT-EMPTY"

  Rule: TT-LINE three in a row wins

    @TT-LINE
    Scenario: Three in a row wins
      Given a new "toy" game with 2 players
      And the position:
        """
        board = [0, 0, null, 1, 1, null, null, null, null]
        to_act = [0]
        """
      When player 0 plays:
        """
        {"type": "mark", "cell": 2}
        """
      Then the game is over
      And the outcome has:
        """
        winners = [0]
        scores = [1, -1]
        """
