Feature: Notre Dame cathedral
  Offerings and the stage-end bonus (notre-dame-10th.ja.txt lines 195-215).

  Background:
    Given a new "notre_dame" game with 4 players and setup:
      """
      {"setup": {"messages": {"0": [1, 2, 3, 4], "1": [1, 2, 3, 4], "2": [1, 2, 3, 4], "3": [1, 2, 3, 4]}}}
      """
    And the position:
      """
      phase = "play"
      current = 0
      display = ["A1", "doctor", "poet"]
      players.0.cards = ["bank", "notre_dame", "residence"]
      """

  Rule: ND-ND-OFFERING 1, 2 or 3 coins for 1, 3 or 6 prestige

    @ND-ND-OFFERING @until:example-offering-seven
    Scenario Outline: An offering of <coins> coins gives <prestige> prestige and places a cube
      When player 0 plays:
        """
        {"type": "play", "card": "notre_dame", "from": "hand", "offering": <coins>}
        """
      Then the position has:
        """
        players.0.prestige = <prestige>
        players.0.coins = <left>
        notre_dame = [1, 0, 0, 0]
        """

      Examples:
        | coins | prestige | left |
        | 1     | 1        | 2    |
        | 2     | 3        | 1    |
        | 3     | 6        | 0    |

    @ND-ND-OFFERING
    Scenario: A second offering puts a second cube at Notre Dame
      Given the position:
        """
        notre_dame = [1, 0, 0, 0]
        players.0.stock = 9
        """
      When player 0 plays:
        """
        {"type": "play", "card": "notre_dame", "from": "hand", "offering": 1}
        """
      Then the position has:
        """
        notre_dame = [2, 0, 0, 0]
        """

    @ND-ND-OFFERING @ND-PLACE-MOVE
    Scenario: With an empty hand a cube moves from the park to Notre Dame
      Given the position:
        """
        players.0.cubes = 0
        players.0.areas.bank = 1
        players.0.areas.park = 1
        players.0.stock = 12
        """
      When player 0 plays:
        """
        {"type": "play", "card": "notre_dame", "from": "park", "offering": 1}
        """
      Then the position has:
        """
        notre_dame = [1, 0, 0, 0]
        players.0.areas.park = 0
        players.0.areas.bank = 1
        players.0.coins = 2
        players.0.prestige = 1
        """

  Rule: ND-ND-PAY no coins, no cube at Notre Dame

    @ND-ND-PAY
    Scenario: Without coins the Notre Dame card has no action
      Given "players.0.coins" is 0
      Then the legal actions do not include:
        """
        {"actor": 0, "type": "play", "card": "notre_dame", "from": "hand"}
        """

    @ND-ND-PAY
    Scenario: An offering larger than the purse is rejected
      Given "players.0.coins" is 2
      When player 0 plays:
        """
        {"type": "play", "card": "notre_dame", "from": "hand", "offering": 3}
        """
      Then the action is rejected citing rule "ND-ND-PAY"

    @ND-ND-PAY
    Scenario: A Notre Dame card played without an offering places no cube
      When player 0 plays:
        """
        {"type": "play", "card": "notre_dame", "from": "hand"}
        """
      Then the action is rejected citing rule "ND-ND-OFFERING"

    @ND-ND-PAY @ND-ND-OFFERING
    Scenario: An offering of the whole purse is paid, but Notre Dame has no square to drive to
      Given "players.0.coins" is 2
      When player 0 plays:
        """
        {"type": "play", "card": "notre_dame", "from": "hand", "offering": 2, "square": "0-1"}
        """
      Then the action is rejected citing rule "ND-ND-OFFERING"

    @ND-ND-PAY
    Scenario: A purse of one coin pays an offering of one coin
      Given "players.0.coins" is 1
      When player 0 plays:
        """
        {"type": "play", "card": "notre_dame", "from": "hand", "offering": 1}
        """
      Then the position has:
        """
        players.0.coins = 0
        """

  Rule: ND-ND-BONUS a bonus at the end of each stage

    @ND-ND-BONUS
    Scenario: No bonus is paid at the end of round 2
      Given the position:
        """
        round = 2
        phase = "buy"
        current = 3
        display = []
        notre_dame = [2, 1, 0, 0]
        players.0.stock = 8
        players.1.stock = 9
        """
      When player 3 plays:
        """
        {"type": "pass"}
        """
      Then the position has:
        """
        notre_dame = [2, 1, 0, 0]
        players.0.prestige = 0
        """

  Rule: ND-ND-PAYOUT the tile's prestige divided per cube, rounded down

    @ND-ND-PAYOUT @ND-ND-VALUES @ND-STAGE-PAYOUT
    Scenario: Seven cubes share twelve prestige at one each
      Given the position:
        """
        round = 3
        phase = "buy"
        current = 3
        display = []
        notre_dame = [4, 1, 0, 2]
        players.0.stock = 6
        players.1.stock = 9
        players.3.stock = 8
        """
      When player 3 plays:
        """
        {"type": "pass"}
        """
      Then the outcome has:
        """
        scores = [4, 1, 0, 2]
        """

    @ND-ND-PAYOUT
    Scenario: A single cube at Notre Dame earns the tile's whole 12 prestige
      Given the position:
        """
        round = 3
        phase = "buy"
        current = 3
        display = []
        notre_dame = [0, 1, 0, 0]
        players.1.stock = 9
        """
      When player 3 plays:
        """
        {"type": "pass"}
        """
      Then the position has:
        """
        players.0.prestige = 0
        players.1.prestige = 12
        """

    @ND-ND-PAYOUT
    Scenario: With no cube at Notre Dame the stage end pays no one
      Given the position:
        """
        round = 3
        phase = "buy"
        current = 3
        display = []
        """
      When player 3 plays:
        """
        {"type": "pass"}
        """
      Then the position has:
        """
        players.0.prestige = 0
        players.1.prestige = 0
        players.2.prestige = 0
        players.3.prestige = 0
        """

  Rule: ND-ND-EX1 twelve prestige, yellow 2 and blue 1

    @ND-ND-EX1 @ND-ND-PAYOUT
    Scenario: Text example 1, 12 prestige over 3 cubes pays yellow 8 and blue 4
      Given the position:
        """
        round = 3
        phase = "buy"
        current = 3
        display = []
        notre_dame = [2, 1, 0, 0]
        players.0.stock = 8
        players.1.stock = 9
        """
      When player 3 plays:
        """
        {"type": "pass"}
        """
      Then the position has:
        """
        players.0.prestige = 8
        players.1.prestige = 4
        players.2.prestige = 0
        """

  Rule: ND-ND-EX2 twelve prestige, yellow 2, blue 2 and red 1

    @ND-ND-EX2 @ND-ND-PAYOUT
    Scenario: Text example 2, 12 prestige over 5 cubes pays 2 per cube
      Given the position:
        """
        round = 3
        phase = "buy"
        current = 3
        display = []
        notre_dame = [2, 2, 1, 0]
        players.0.stock = 8
        players.1.stock = 8
        players.2.stock = 9
        """
      When player 3 plays:
        """
        {"type": "pass"}
        """
      Then the position has:
        """
        players.0.prestige = 4
        players.1.prestige = 4
        players.2.prestige = 2
        players.3.prestige = 0
        """

  Rule: ND-ND-RETURN the cubes return to the stock after the bonus

    @ND-ND-RETURN
    Scenario: After the bonus Notre Dame is empty and the cubes are in the stock
      Given the position:
        """
        round = 3
        phase = "buy"
        current = 3
        display = []
        notre_dame = [2, 1, 0, 0]
        players.0.cubes = 2
        players.1.cubes = 3
        """
      When player 3 plays:
        """
        {"type": "pass"}
        """
      Then the position has:
        """
        notre_dame = [0, 0, 0, 0]
        players.0.stock = 12
        players.1.stock = 11
        """

  Rule: ND-ND-PARK the park bonus on offerings and on the stage bonus

    @ND-ND-PARK
    Scenario: Two park cubes add one prestige to the stage bonus
      Given the position:
        """
        round = 3
        phase = "buy"
        current = 3
        display = []
        notre_dame = [2, 1, 0, 0]
        players.0.areas.park = 2
        players.0.stock = 6
        players.1.stock = 9
        """
      When player 3 plays:
        """
        {"type": "pass"}
        """
      Then "players.0.prestige" is 9

    @ND-ND-PARK
    Scenario: Two park cubes add one prestige to an offering
      Given the position:
        """
        players.0.areas.park = 2
        players.0.stock = 8
        """
      When player 0 plays:
        """
        {"type": "play", "card": "notre_dame", "from": "hand", "offering": 2}
        """
      Then "players.0.prestige" is 4

  Rule: ND-ND-VALUES the tile values (provisional)

    @ND-ND-VALUES
    Scenario: The provisional triangle pays 9 in stage A
      Given a new "notre_dame" game with 3 players and setup:
        """
        {"setup": {"messages": {"0": [1, 2, 3, 4], "1": [1, 2, 3, 4], "2": [1, 2, 3, 4]}}}
        """
      And the position:
        """
        round = 3
        phase = "buy"
        current = 2
        notre_dame = [1, 0, 0]
        players.0.stock = 9
        """
      When player 2 plays:
        """
        {"type": "pass"}
        """
      Then "players.0.prestige" is 9
