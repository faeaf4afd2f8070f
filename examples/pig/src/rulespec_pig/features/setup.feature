Feature: Pig setup
  Players, the starting scores and who goes first (rulebook.en.txt lines 2 and 13-15).

  Rule: PIG-PLAYERS two to six players

    @PIG-PLAYERS
    Scenario: Two and six players may play
      Given a new "pig" game with 2 players
      Then the position has:
        """
        num_players = 2
        scores = [0, 0]
        """
      Given a new "pig" game with 6 players
      Then the position has:
        """
        num_players = 6
        scores = [0, 0, 0, 0, 0, 0]
        """

    @PIG-PLAYERS
    Scenario: One player is too few
      When a new "pig" game with 1 player is requested
      Then the request is refused as unsupported

    @PIG-PLAYERS
    Scenario: Seven players are too many
      When a new "pig" game with 7 players is requested
      Then the request is refused as unsupported

  Rule: PIG-SETUP-SCORES every score starts at 0

    @PIG-SETUP-SCORES @PIG-ROLL-FIRST
    Scenario: A new game starts at 0 with the first player to roll
      Given a new "pig" game with 3 players
      Then the position has:
        """
        scores = [0, 0, 0]
        turn_total = 0
        current = 0
        phase = "decide"
        to_act = [0]
        terminal = false
        """
      And the legal actions are exactly:
        """
        [{"actor": 0, "type": "roll"}]
        """

  Rule: PIG-SETUP-FIRST any player may go first

    @PIG-SETUP-FIRST
    Scenario: The setup names the first player
      Given a new "pig" game with 4 players and setup:
        """
        {"setup": {"start_player": 2}}
        """
      Then the position has:
        """
        current = 2
        to_act = [2]
        scores = [0, 0, 0, 0]
        """

    @PIG-SETUP-FIRST
    Scenario: The setup may name seat 0
      Given a new "pig" game with 3 players and setup:
        """
        {"setup": {"start_player": 0}}
        """
      Then the position has:
        """
        current = 0
        to_act = [0]
        """

    @PIG-SETUP-FIRST
    Scenario: The first player must be one of the players
      When a new "pig" game with 3 players and setup is requested:
        """
        {"setup": {"start_player": 3}}
        """
      Then the request is refused as malformed

  Rule: PIG-GOAL the goal is a rule parameter an erratum may change

    @PIG-GOAL
    Scenario: A params option naming no rule of Pig is refused
      When a new "pig" game with 2 players and options is requested:
        """
        {"params": {"PIG-NOPE": {"goal": 50}}}
        """
      Then the request is refused as malformed
