Feature: Notre Dame new-game setups that must be refused
  A setup fixes what chance or the table would decide (spec/protocol/README.md, setup
  shapes: `start_player` a seat, `messages` district -> a permutation of the four message
  values). A setup naming no seat of the game, or a district not in play, describes no game
  the rules allow: the request is refused as malformed.

  Rule: ND-SETUP-START the first start player is one of the game's seats

    @ND-SETUP-START
    Scenario Outline: A start player that is <why> is refused
      When a new "notre_dame" game with 3 players and setup is requested:
        """
        {"setup": {"start_player": <seat>}}
        """
      Then the request is refused as malformed

      Examples:
        | why                                   | seat  |
        | past the last of three seats          | 3     |
        | before the first seat                 | -1    |
        | a boolean, not a seat                 | true  |
        | a seat number written as text         | "1"   |

    @ND-SETUP-START
    Scenario: The last of three seats may start
      Given a new "notre_dame" game with 3 players and setup:
        """
        {"setup": {"start_player": 2}}
        """
      Then "start_player" is 2

  Rule: ND-SETUP-MESSAGES each player's district holds the four messages valued 1-4

    @ND-SETUP-MESSAGES
    Scenario Outline: Messages for <why> are refused
      When a new "notre_dame" game with 3 players and setup is requested:
        """
        {"setup": {"messages": {"<district>": [1, 2, 3, 4]}}}
        """
      Then the request is refused as malformed

      Examples:
        | why                                     | district |
        | a fourth district in a 3-player game    | 3        |
        | a district that is not a number         | north    |

    @ND-SETUP-MESSAGES
    Scenario: Messages that are not the four values 1-4 are refused
      When a new "notre_dame" game with 3 players and setup is requested:
        """
        {"setup": {"messages": {"0": [1, 2, 3, 3]}}}
        """
      Then the request is refused as malformed
