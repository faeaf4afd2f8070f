Feature: Notre Dame phase 5, rats and the plague
  Rat increase, the hospital, the doctor and the plague
  (notre-dame-10th.ja.txt lines 271-303). The displayed persons A1, landlady and monk
  show 3 rats together (provisional component person-rats: 1 each).

  Background:
    Given a new "notre_dame" game with 3 players and setup:
      """
      {"setup": {"messages": {"0": [1, 2, 3, 4], "1": [1, 2, 3, 4], "2": [1, 2, 3, 4]}}}
      """
    And the position:
      """
      phase = "buy"
      current = 2
      display = ["A1", "landlady", "monk"]
      """

  Rule: ND-RATS-INCREASE the rats printed on the three persons

    @ND-RATS-INCREASE @ND-PERSONS-RATS
    Scenario: Every player's rats rise by the three persons' rats
      When player 2 plays:
        """
        {"type": "pass"}
        """
      Then the position has:
        """
        players.0.rats = 3
        players.1.rats = 3
        players.2.rats = 3
        """

    # notre-dame-10th.ja.txt:277 "人物カード3枚分のネズミの合計数": all three displayed persons
    # count, the bought monk as much as the two left on display (1 rat each, ND-PERSONS-RATS).
    @ND-RATS-INCREASE @ND-PERSONS-RATS @ND-PERSON-MONK
    Scenario: A bought person's rats still count towards the rise
      When player 2 plays:
        """
        {"type": "buy", "person": "monk"}
        """
      Then the position has:
        """
        players.0.rats = 3
        players.1.rats = 3
        players.2.rats = 3
        """

  Rule: ND-RATS-PERPLAYER one rat marker per player

    @ND-RATS-PERPLAYER
    Scenario: Each marker rises from its own value
      Given the position:
        """
        players.0.rats = 1
        players.1.rats = 5
        """
      When player 2 plays:
        """
        {"type": "pass"}
        """
      Then the position has:
        """
        players.0.rats = 4
        players.1.rats = 8
        players.2.rats = 3
        """

  Rule: ND-RATS-LIMIT up to 9 is safe

    @ND-RATS-LIMIT
    Scenario: Rats reaching 9 bring no plague
      Given the position:
        """
        players.0.rats = 6
        players.0.prestige = 5
        players.0.areas.bank = 1
        players.0.stock = 9
        """
      When player 2 plays:
        """
        {"type": "pass"}
        """
      Then the position has:
        """
        players.0.rats = 9
        players.0.prestige = 5
        players.0.areas.bank = 1
        """

    @ND-RATS-LIMIT @ND-PLAGUE
    Scenario: Rats reaching 10 bring the plague
      Given the position:
        """
        players.0.rats = 7
        players.0.prestige = 5
        """
      When player 2 plays:
        """
        {"type": "pass"}
        """
      Then "players.0.prestige" is 3

  Rule: ND-PLAGUE two prestige lost

    @ND-PLAGUE @ND-PLAGUE-RESET
    Scenario: Eleven rats cost two prestige and return to 9
      Given the position:
        """
        players.0.rats = 8
        players.0.prestige = 5
        """
      When player 2 plays:
        """
        {"type": "pass"}
        """
      Then the position has:
        """
        players.0.prestige = 3
        players.0.rats = 9
        """

    @ND-PLAGUE
    Scenario: A later player past the limit suffers the plague while an earlier one stays safe
      Given the position:
        """
        players.1.rats = 8
        players.1.prestige = 5
        """
      When player 2 plays:
        """
        {"type": "pass"}
        """
      Then the position has:
        """
        players.0.prestige = 0
        players.1.prestige = 3
        """

  Rule: ND-PLAGUE-CUBE a cube dies where most people are

    @ND-PLAGUE-CUBE
    Scenario: The bank with three cubes loses one to the plague
      Given the position:
        """
        players.0.rats = 8
        players.0.areas.bank = 3
        players.0.areas.park = 1
        players.0.stock = 6
        """
      When player 2 plays:
        """
        {"type": "pass"}
        """
      Then the position has:
        """
        players.0.areas.bank = 2
        players.0.areas.park = 1
        players.0.stock = 7
        """

    @ND-PLAGUE-CUBE @ND-FRIEND-COUNT
    Scenario: The friend makes the bank the most crowded area
      Given the position:
        """
        players.0.rats = 8
        players.0.areas.bank = 2
        players.0.areas.park = 2
        players.0.friend = "bank"
        players.0.stock = 6
        """
      When player 2 plays:
        """
        {"type": "pass"}
        """
      Then the position has:
        """
        players.0.areas.bank = 1
        players.0.areas.park = 2
        players.0.friend = "bank"
        """

    @ND-PLAGUE-CUBE
    Scenario: Between two areas of three cubes, the cube dies from the area chosen and goes to the stock
      Given the position:
        """
        players.0.rats = 8
        players.0.areas.bank = 3
        players.0.areas.park = 3
        players.0.stock = 4
        """
      When these actions are applied:
        """
        [{"actor": 2, "type": "pass"},
         {"actor": 0, "type": "lose_cube", "area": "bank"}]
        """
      Then the position has:
        """
        players.0.areas.bank = 2
        players.0.areas.park = 3
        players.0.stock = 5
        """

  Rule: ND-ROUND-PHASES phase 5 is no one player's turn

    @ND-ROUND-PHASES
    Scenario: In phase 5 no player is the current one while a plague choice waits
      Given the position:
        """
        players.0.rats = 8
        players.0.areas.bank = 2
        players.0.areas.park = 2
        players.0.stock = 6
        """
      When player 2 plays:
        """
        {"type": "pass"}
        """
      Then the position has:
        """
        phase = "plague"
        current = null
        """

  Rule: ND-PLAGUE-CHOICE ties are the player's choice

    @ND-PLAGUE-CHOICE
    Scenario: Two equally crowded areas let the player choose
      Given the position:
        """
        players.0.rats = 8
        players.0.areas.bank = 2
        players.0.areas.park = 2
        players.0.stock = 6
        """
      When player 2 plays:
        """
        {"type": "pass"}
        """
      Then the legal actions are exactly:
        """
        [{"actor": 0, "type": "lose_cube", "area": "bank"},
         {"actor": 0, "type": "lose_cube", "area": "park"}]
        """
      And the position has:
        """
        phase = "plague"
        pending = [0]
        """
      When player 0 plays:
        """
        {"type": "lose_cube", "area": "park"}
        """
      Then the position has:
        """
        players.0.areas.park = 1
        players.0.areas.bank = 2
        players.0.stock = 7
        round = 2
        """

    @ND-PLAGUE-CHOICE
    Scenario: Two areas of one cube each: the chosen one is emptied
      Given the position:
        """
        players.0.rats = 8
        players.0.areas.bank = 1
        players.0.areas.park = 1
        players.0.stock = 8
        """
      When player 2 plays:
        """
        {"type": "pass"}
        """
      And player 0 plays:
        """
        {"type": "lose_cube", "area": "bank"}
        """
      Then the position has:
        """
        players.0.areas.bank = 0
        players.0.areas.park = 1
        players.0.stock = 9
        """

    @ND-PLAGUE-CHOICE
    Scenario: An area holding only the friend loses nothing
      Given the position:
        """
        players.0.rats = 8
        players.0.areas.bank = 1
        players.0.friend = "residence"
        players.0.stock = 9
        """
      When player 2 plays:
        """
        {"type": "pass"}
        """
      Then the position has:
        """
        players.0.areas.bank = 0
        players.0.friend = "residence"
        round = 2
        """

    # the ruling's reading (notre-dame-10th.ja.txt:281): "No cube, no loss": a district
    # holding only the friend has no cube to lose and nothing to choose; the round goes on.
    @ND-PLAGUE-CHOICE
    Scenario: A district with no cube, only the friend, loses no cube and chooses none
      Given the position:
        """
        players.0.rats = 8
        players.0.friend = "bank"
        """
      When player 2 plays:
        """
        {"type": "pass"}
        """
      Then the position has:
        """
        players.0.areas.bank = 0
        players.0.friend = "bank"
        round = 2
        """

  Rule: ND-PLAGUE-SAME the same penalty however far past the limit

    @ND-PLAGUE-SAME
    Scenario: Twelve rats cost the same as ten
      Given the position:
        """
        players.0.rats = 9
        players.0.prestige = 5
        players.0.areas.bank = 3
        players.0.stock = 7
        """
      When player 2 plays:
        """
        {"type": "pass"}
        """
      Then the position has:
        """
        players.0.prestige = 3
        players.0.areas.bank = 2
        players.0.rats = 9
        """

  Rule: ND-PLAGUE-RESET the marker returns to 9

    @ND-PLAGUE-RESET
    Scenario: Exactly ten rats return to 9
      Given "players.1.rats" is 7
      When player 2 plays:
        """
        {"type": "pass"}
        """
      Then "players.1.rats" is 9

  Rule: ND-PRESTIGE-FLOOR prestige stops at 0

    @ND-PRESTIGE-FLOOR @reading:prestige_floor=true
    Scenario: The plague takes a player with one prestige to 0
      Given the position:
        """
        players.0.rats = 8
        players.0.prestige = 1
        """
      When player 2 plays:
        """
        {"type": "pass"}
        """
      Then "players.0.prestige" is 0

    @ND-PRESTIGE-FLOOR @reading:prestige_floor=false
    Scenario: With the negative reading the plague takes one prestige to -1
      Given a new "notre_dame" game with 3 players and setup:
        """
        {"options": {"prestige_floor": false},
         "setup": {"messages": {"0": [1, 2, 3, 4], "1": [1, 2, 3, 4], "2": [1, 2, 3, 4]}}}
        """
      And the position:
        """
        phase = "buy"
        current = 2
        display = ["A1", "landlady", "monk"]
        players.0.rats = 8
        players.0.prestige = 1
        """
      When player 2 plays:
        """
        {"type": "pass"}
        """
      Then "players.0.prestige" is -1

  Rule: ND-RATS-REMOVE rats are removed one at a time

    @ND-RATS-REMOVE
    Scenario: The landlady removes one rat
      Given the position:
        """
        current = 0
        players.0.rats = 4
        """
      When player 0 plays:
        """
        {"type": "buy", "person": "landlady", "choice": "rat"}
        """
      Then "players.0.rats" is 3

  Rule: ND-RATS-FLOOR the rat track stops at 0

    @ND-RATS-FLOOR @reading:rat_floor=true
    Scenario: Removing a rat at 0 leaves 0
      Given "current" is 0
      When player 0 plays:
        """
        {"type": "buy", "person": "landlady", "choice": "rat"}
        """
      Then "players.0.rats" is 0

    @ND-RATS-FLOOR @reading:rat_floor=true
    Scenario: A large hospital takes the rats to 0, not below
      Given the position:
        """
        players.0.rats = 1
        players.0.areas.hospital = 5
        players.0.stock = 5
        """
      When player 2 plays:
        """
        {"type": "pass"}
        """
      Then "players.0.rats" is 0

    @ND-RATS-FLOOR @reading:rat_floor=false
    Scenario: With the buffer reading the hospital takes the rats to -1
      Given a new "notre_dame" game with 3 players and setup:
        """
        {"options": {"rat_floor": false},
         "setup": {"messages": {"0": [1, 2, 3, 4], "1": [1, 2, 3, 4], "2": [1, 2, 3, 4]}}}
        """
      And the position:
        """
        phase = "buy"
        current = 2
        display = ["A1", "landlady", "monk"]
        players.0.rats = 1
        players.0.areas.hospital = 5
        players.0.stock = 5
        """
      When player 2 plays:
        """
        {"type": "pass"}
        """
      Then "players.0.rats" is -1

    @ND-RATS-FLOOR @reading:rat_floor=true
    Scenario: Removing the last rat takes the track down to 0
      Given the position:
        """
        current = 0
        players.0.rats = 1
        """
      When player 0 plays:
        """
        {"type": "buy", "person": "landlady", "choice": "rat"}
        """
      Then "players.0.rats" is 0

  Rule: ND-HOSPITAL-REDUCE the hospital holds back rats

    @ND-HOSPITAL-REDUCE
    Scenario: One hospital cube holds back one of three rats
      Given the position:
        """
        players.0.rats = 2
        players.0.areas.hospital = 1
        players.0.stock = 9
        """
      When player 2 plays:
        """
        {"type": "pass"}
        """
      Then "players.0.rats" is 4

  Rule: ND-HOSPITAL-NEGATIVE a big hospital lowers the rats

    @ND-HOSPITAL-NEGATIVE
    Scenario: Four hospital cubes against three rats lower the marker by one
      Given the position:
        """
        players.0.rats = 2
        players.0.areas.hospital = 4
        players.0.stock = 6
        """
      When player 2 plays:
        """
        {"type": "pass"}
        """
      Then "players.0.rats" is 1

  Rule: ND-HOSPITAL-FRIEND the friend counts in the hospital

    @ND-HOSPITAL-FRIEND @reading:friend_in_hospital=true
    Scenario: Two cubes and the friend in the hospital hold back three rats
      Given the position:
        """
        players.0.rats = 6
        players.0.areas.hospital = 2
        players.0.friend = "hospital"
        players.0.stock = 8
        """
      When player 2 plays:
        """
        {"type": "pass"}
        """
      Then "players.0.rats" is 6

    @ND-HOSPITAL-FRIEND @reading:friend_in_hospital=false
    Scenario: With the cubes-only reading the friend holds back no rat
      Given a new "notre_dame" game with 3 players and setup:
        """
        {"options": {"friend_in_hospital": false},
         "setup": {"messages": {"0": [1, 2, 3, 4], "1": [1, 2, 3, 4], "2": [1, 2, 3, 4]}}}
        """
      And the position:
        """
        phase = "buy"
        current = 2
        display = ["A1", "landlady", "monk"]
        players.0.rats = 6
        players.0.areas.hospital = 2
        players.0.friend = "hospital"
        players.0.stock = 8
        """
      When player 2 plays:
        """
        {"type": "pass"}
        """
      Then "players.0.rats" is 7

  Rule: ND-RATS-EX1 6 + 3 - 2 = 7

    @ND-RATS-EX1 @ND-HOSPITAL-REDUCE
    Scenario: Text example 1, rats 6 with 3 printed and 2 hospital cubes become 7
      Given the position:
        """
        players.0.rats = 6
        players.0.areas.hospital = 2
        players.0.stock = 8
        """
      When player 2 plays:
        """
        {"type": "pass"}
        """
      Then "players.0.rats" is 7

  Rule: ND-RATS-EX2 6 + 3 - 5 = 4

    @ND-RATS-EX2 @ND-HOSPITAL-NEGATIVE
    Scenario: Text example 2, rats 6 with 3 printed and 5 hospital cubes become 4
      Given the position:
        """
        players.0.rats = 6
        players.0.areas.hospital = 5
        players.0.stock = 5
        """
      When player 2 plays:
        """
        {"type": "pass"}
        """
      Then "players.0.rats" is 4

  Rule: ND-DOCTOR-ZERO the doctor makes the increase 0

    @ND-DOCTOR-ZERO @ND-PERSON-DOCTOR
    Scenario: The doctor's buyer keeps 6 rats while the others rise by 3
      Given the position:
        """
        display = ["A3", "doctor", "landlady"]
        players.0.bought = "doctor"
        players.0.rats = 6
        """
      When player 2 plays:
        """
        {"type": "pass"}
        """
      Then the position has:
        """
        players.0.rats = 6
        players.1.rats = 3
        """

  Rule: ND-DOCTOR-NOT-RESET the doctor does not clear the rats

    @ND-DOCTOR-NOT-RESET
    Scenario: The doctor does not set 6 rats to 0
      Given the position:
        """
        display = ["A3", "doctor", "landlady"]
        players.0.bought = "doctor"
        players.0.rats = 6
        players.0.areas.hospital = 0
        """
      When player 2 plays:
        """
        {"type": "pass"}
        """
      Then "players.0.rats" is 6

  Rule: ND-DOCTOR-NEGATIVE the hospital still works with the doctor

    @ND-DOCTOR-NEGATIVE
    Scenario: With the doctor one hospital cube lowers the rats by one
      Given the position:
        """
        display = ["A3", "doctor", "landlady"]
        players.0.bought = "doctor"
        players.0.rats = 6
        players.0.areas.hospital = 1
        players.0.stock = 9
        """
      When player 2 plays:
        """
        {"type": "pass"}
        """
      Then "players.0.rats" is 5

  Rule: ND-DOCTOR-EX3 6 + 0 - 2 = 4

    @ND-DOCTOR-EX3 @ND-DOCTOR-NEGATIVE
    Scenario: Text example 3, the doctor and 2 hospital cubes take 6 rats to 4
      Given the position:
        """
        display = ["A3", "doctor", "landlady"]
        players.0.bought = "doctor"
        players.0.rats = 6
        players.0.areas.hospital = 2
        players.0.stock = 8
        """
      When player 2 plays:
        """
        {"type": "pass"}
        """
      Then "players.0.rats" is 4
