Feature: Pig positions no game reaches
  An engine that declares validates_positions refuses them as malformed
  (state.schema.json's description).

  Background:
    Given a new "pig" game with 2 players

  Rule: PIG-ROLL-ADD no roll makes a turn total of 1

    @PIG-ROLL-ADD @reading:two_dice=false
    Scenario: A turn total of 1 is refused
      When the position is loaded:
        """
        turn_total = 1
        """
      Then the request is refused as malformed

    @PIG-ROLL-ADD @reading:two_dice=false
    Scenario: A turn total of 2, a single roll of 2, is a position to play on
      Given the position:
        """
        turn_total = 2
        scores = [2, 0]
        """
      When player 0 plays:
        """
        {"type": "hold"}
        """
      Then the position has:
        """
        scores = [4, 0]
        current = 1
        """

    @PIG-ROLL-ADD @reading:two_dice=false
    Scenario: A score of 1 is refused
      When the position is loaded:
        """
        scores = [1, 0]
        """
      Then the request is refused as malformed

  Rule: PIG-VAR-TWO-DICE no pair without a 1 adds less than 4

    @PIG-VAR-TWO-DICE @reading:two_dice=true
    Scenario: A turn total of 3 in Two-Dice Pig is refused
      Given a new "pig" game with 2 players and options:
        """
        {"two_dice": true}
        """
      When the position is loaded:
        """
        turn_total = 3
        """
      Then the request is refused as malformed

    @PIG-VAR-TWO-DICE @reading:two_dice=true
    Scenario: A turn total of 4, two 2s, is a position to play on in Two-Dice Pig
      Given a new "pig" game with 2 players and options:
        """
        {"two_dice": true}
        """
      And the position:
        """
        turn_total = 4
        """
      When player 0 plays:
        """
        {"type": "hold"}
        """
      Then the position has:
        """
        scores = [4, 0]
        current = 1
        """

  Rule: PIG-WIN a score of 100 ends the game

    @PIG-WIN
    Scenario: A score of 100 in a game that goes on is refused
      When the position is loaded:
        """
        scores = [100, 0]
        """
      Then the request is refused as malformed

    @PIG-WIN
    Scenario: A finished game without a winner is refused
      When the position is loaded:
        """
        phase = "over"
        terminal = true
        to_act = []
        scores = [40, 60]
        """
      Then the request is refused as malformed

    @PIG-WIN
    Scenario: A finished game still waiting for a player is refused
      When the position is loaded:
        """
        phase = "over"
        terminal = true
        to_act = [0]
        scores = [100, 60]
        """
      Then the request is refused as malformed

    @PIG-WIN
    Scenario: A finished game with two players at the goal is refused
      When the position is loaded:
        """
        phase = "over"
        terminal = true
        to_act = []
        scores = [100, 100]
        """
      Then the request is refused as malformed

    @PIG-WIN @until:example-goal-fifty
    Scenario: A finished game is a position to load
      Given the position:
        """
        phase = "over"
        terminal = true
        to_act = []
        scores = [100, 60]
        """
      Then the game is over
      And the outcome has:
        """
        winners = [0]
        scores = [100, 60]
        """

    @PIG-WIN @reading:win_without_hold=true @reading:two_dice=false @until:example-goal-fifty
    Scenario: Without holding a game can end at 105, one roll past 99
      Given a new "pig" game with 2 players and options:
        """
        {"win_without_hold": true}
        """
      And the position:
        """
        phase = "over"
        terminal = true
        to_act = []
        scores = [105, 60]
        """
      Then the outcome has:
        """
        winners = [0]
        """

    @PIG-WIN @reading:win_without_hold=true @reading:two_dice=false
    Scenario: Without holding a game never ends at 106
      Given a new "pig" game with 2 players and options:
        """
        {"win_without_hold": true}
        """
      When the position is loaded:
        """
        phase = "over"
        terminal = true
        to_act = []
        scores = [106, 60]
        """
      Then the request is refused as malformed

    @PIG-WIN @PIG-VAR-TWO-DICE @reading:win_without_hold=true @reading:two_dice=true @until:example-goal-fifty
    Scenario: Without holding a Two-Dice game can end at 111, one roll past 99
      Given a new "pig" game with 2 players and options:
        """
        {"win_without_hold": true, "two_dice": true}
        """
      And the position:
        """
        phase = "over"
        terminal = true
        to_act = []
        scores = [111, 60]
        """
      Then the outcome has:
        """
        winners = [0]
        """

    @PIG-WIN @PIG-VAR-TWO-DICE @reading:win_without_hold=true @reading:two_dice=true
    Scenario: Without holding a Two-Dice game never ends at 112
      Given a new "pig" game with 2 players and options:
        """
        {"win_without_hold": true, "two_dice": true}
        """
      When the position is loaded:
        """
        phase = "over"
        terminal = true
        to_act = []
        scores = [112, 60]
        """
      Then the request is refused as malformed

  Rule: PIG-TURN-ROLL only chance acts while the die rolls

    @PIG-TURN-ROLL
    Scenario: A rolling die with a player to act is refused
      When the position is loaded:
        """
        phase = "roll"
        to_act = [0]
        """
      Then the request is refused as malformed

    @PIG-TURN-ROLL
    Scenario: A phase that is none of decide, roll and over is refused
      When the position is loaded:
        """
        phase = "resting"
        """
      Then the request is refused as malformed

  Rule: PIG-PLAYERS two to six players

    @PIG-PLAYERS @PIG-TURN-ORDER
    Scenario: A current player who is not at the table is refused
      When the position is loaded:
        """
        current = 2
        to_act = [2]
        """
      Then the request is refused as malformed

    @PIG-PLAYERS
    Scenario: Three scores for two players are refused
      When the position is loaded:
        """
        scores = [0, 0, 0]
        """
      Then the request is refused as malformed

    @PIG-PLAYERS
    Scenario: A position of seven players is refused
      When the position is loaded:
        """
        num_players = 7
        scores = [0, 0, 0, 0, 0, 0, 0]
        """
      Then the request is refused as malformed
