Feature: Notre Dame district actions
  Bank, residence, cloister school, guest house, park and hospital
  (notre-dame-10th.ja.txt lines 95-127, 161-193).

  Background:
    Given a new "notre_dame" game with 3 players and setup:
      """
      {"setup": {"messages": {"0": [1, 2, 3, 4], "1": [1, 2, 3, 4], "2": [1, 2, 3, 4]}}}
      """
    And the position:
      """
      phase = "play"
      current = 0
      display = ["A1", "doctor", "poet"]
      players.0.cards = ["bank", "cloister", "guesthouse", "hospital", "park", "residence"]
      """

  Rule: ND-BANK one coin

    @ND-BANK
    Scenario: The first cube in the bank gives one coin
      When player 0 plays:
        """
        {"type": "play", "card": "bank", "from": "hand"}
        """
      Then "players.0.coins" is 4

  Rule: ND-BANK-EX the second cube gives two coins

    @ND-BANK-EX @ND-BANK-PLUS
    Scenario: Text example, a second bank cube gives 2 coins
      Given the position:
        """
        players.0.areas.bank = 1
        players.0.stock = 9
        """
      When player 0 plays:
        """
        {"type": "play", "card": "bank", "from": "hand"}
        """
      Then the position has:
        """
        players.0.coins = 5
        """

  Rule: ND-BANK-PLUS one coin per cube in the bank

    @ND-BANK-PLUS
    Scenario: Four cubes in the bank give four coins
      Given the position:
        """
        players.0.areas.bank = 3
        players.0.stock = 7
        """
      When player 0 plays:
        """
        {"type": "play", "card": "bank", "from": "hand"}
        """
      Then "players.0.coins" is 7

  Rule: ND-RESIDENCE one prestige per cube

    @ND-RESIDENCE
    Scenario: Three cubes in the residence give three prestige
      Given the position:
        """
        players.0.areas.residence = 2
        players.0.stock = 8
        """
      When player 0 plays:
        """
        {"type": "play", "card": "residence", "from": "hand"}
        """
      Then "players.0.prestige" is 3

  Rule: ND-CLOISTER one cube from the stock per cube

    @ND-CLOISTER
    Scenario: Two cubes in the cloister school bring two cubes from the stock
      Given the position:
        """
        players.0.areas.cloister = 1
        players.0.stock = 9
        """
      When player 0 plays:
        """
        {"type": "play", "card": "cloister", "from": "hand"}
        """
      Then the position has:
        """
        players.0.cubes = 5
        players.0.stock = 7
        """

  Rule: ND-CLOISTER-LIMIT only the cubes in the stock

    @ND-CLOISTER-LIMIT
    Scenario: Four cubes in the cloister school with two in the stock bring two
      Given the position:
        """
        players.0.areas.cloister = 3
        players.0.areas.bank = 5
        players.0.stock = 2
        """
      When player 0 plays:
        """
        {"type": "play", "card": "cloister", "from": "hand"}
        """
      Then the position has:
        """
        players.0.cubes = 5
        players.0.stock = 0
        """

    @ND-CLOISTER-LIMIT
    Scenario: An empty stock gives the cloister school nothing
      Given the position:
        """
        players.0.areas.cloister = 2
        players.0.areas.bank = 8
        players.0.stock = 0
        """
      When player 0 plays:
        """
        {"type": "play", "card": "cloister", "from": "hand"}
        """
      Then the position has:
        """
        players.0.cubes = 3
        players.0.stock = 0
        """

  Rule: ND-CLOISTER-ALL the cloister school takes every cube it can

    @ND-CLOISTER-ALL @ND-CLOISTER
    Scenario: Three people in the cloister school take all three cubes, not fewer
      Given the position:
        """
        players.0.cards = ["bank", "cloister", "park"]
        players.0.areas.cloister = 2
        players.0.stock = 8
        """
      When player 0 plays:
        """
        {"type": "play", "card": "cloister", "from": "hand"}
        """
      Then the position has:
        """
        players.0.cubes = 6
        players.0.stock = 5
        """

  Rule: ND-GUEST one coin, one cube or one rat

    @ND-GUEST
    Scenario: One cube in the guest house gives one coin
      When player 0 plays:
        """
        {"type": "play", "card": "guesthouse", "from": "hand", "choices": ["coin"]}
        """
      Then "players.0.coins" is 4

    @ND-GUEST @ND-GUEST-DOUBLE
    Scenario: Two choices need three cubes in the guest house
      Given the position:
        """
        players.0.areas.guesthouse = 1
        players.0.stock = 9
        """
      When player 0 plays:
        """
        {"type": "play", "card": "guesthouse", "from": "hand", "choices": ["coin", "cube"]}
        """
      Then the action is rejected citing rule "ND-GUEST-DOUBLE"

    @ND-GUEST
    Scenario: One cube in the guest house brings one cube from the stock
      When player 0 plays:
        """
        {"type": "play", "card": "guesthouse", "from": "hand", "choices": ["cube"]}
        """
      Then the position has:
        """
        players.0.cubes = 4
        players.0.stock = 9
        players.0.coins = 3
        """

    @ND-GUEST
    Scenario: One cube in the guest house removes one rat
      Given "players.0.rats" is 5
      When player 0 plays:
        """
        {"type": "play", "card": "guesthouse", "from": "hand", "choices": ["rat"]}
        """
      Then the position has:
        """
        players.0.rats = 4
        players.0.coins = 3
        """

    @ND-GUEST @ND-GUEST-DOUBLE
    Scenario Outline: The guest house refuses <why>
      Given the position:
        """
        players.0.areas.guesthouse = 2
        players.0.stock = 8
        """
      When player 0 plays:
        """
        {"type": "play", "card": "guesthouse", "from": "hand", "choices": <choices>}
        """
      Then the action is rejected citing rule "ND-GUEST"

      Examples:
        | why                                  | choices                  |
        | three choices even with three cubes  | ["coin", "cube", "rat"]  |
        | an empty choice                      | []                       |
        | a choice that is none of the three   | ["prestige"]             |

    @ND-GUEST @ND-PLACE-MOVE
    Scenario: A guest house play moving the park's only cube still needs a choice
      Given the position:
        """
        players.0.cubes = 0
        players.0.areas.park = 1
        players.0.stock = 13
        """
      When player 0 plays:
        """
        {"type": "play", "card": "guesthouse", "from": "park", "choices": []}
        """
      Then the action is rejected citing rule "ND-GUEST"

    @ND-GUEST @ND-PLACE-CUBE
    Scenario: A guest house play with the last cube in hand still needs a choice
      Given the position:
        """
        players.0.cubes = 1
        players.0.stock = 13
        """
      When player 0 plays:
        """
        {"type": "play", "card": "guesthouse", "from": "hand", "choices": []}
        """
      Then the action is rejected citing rule "ND-GUEST"

    @ND-GUEST @ND-PLAY-CARD
    Scenario: The guest house has no square to drive to
      When player 0 plays:
        """
        {"type": "play", "card": "guesthouse", "from": "hand", "choices": ["coin"], "square": "0-1"}
        """
      Then the action is rejected citing rule "ND-PLAY-CARD"

  Rule: ND-GUEST-DOUBLE two choices with three cubes

    @ND-GUEST-DOUBLE
    Scenario: The third cube allows the same choice twice
      Given the position:
        """
        players.0.areas.guesthouse = 2
        players.0.stock = 8
        """
      When player 0 plays:
        """
        {"type": "play", "card": "guesthouse", "from": "hand", "choices": ["coin", "coin"]}
        """
      Then "players.0.coins" is 5

    @ND-GUEST-DOUBLE
    Scenario: The third cube allows two different choices
      Given the position:
        """
        players.0.areas.guesthouse = 2
        players.0.rats = 5
        players.0.stock = 8
        """
      When player 0 plays:
        """
        {"type": "play", "card": "guesthouse", "from": "hand", "choices": ["cube", "rat"]}
        """
      Then the position has:
        """
        players.0.cubes = 4
        players.0.stock = 7
        players.0.rats = 4
        """

    @ND-GUEST-DOUBLE @ND-PLAY-CARD
    Scenario: Two choices with three cubes still give the guest house no square to drive to
      Given the position:
        """
        players.0.areas.guesthouse = 2
        players.0.stock = 8
        """
      When player 0 plays:
        """
        {"type": "play", "card": "guesthouse", "from": "hand", "choices": ["coin", "coin"], "square": "0-1"}
        """
      Then the action is rejected citing rule "ND-PLAY-CARD"

  Rule: ND-PARK one rat, however many cubes

    @ND-PARK
    Scenario: The park removes one rat even with three cubes
      Given the position:
        """
        players.0.areas.park = 2
        players.0.rats = 5
        players.0.stock = 8
        """
      When player 0 plays:
        """
        {"type": "play", "card": "park", "from": "hand"}
        """
      Then the position has:
        """
        players.0.rats = 4
        """

    @ND-PARK @ND-RATS-REMOVE
    Scenario: The park drives away the last rat
      Given "players.0.rats" is 1
      When player 0 plays:
        """
        {"type": "play", "card": "park", "from": "hand"}
        """
      Then "players.0.rats" is 0

  Rule: ND-PARK-BONUS one prestige more per two cubes in the park

    @ND-PARK-BONUS
    Scenario: Two park cubes add one prestige to the residence
      Given the position:
        """
        players.0.areas.park = 2
        players.0.stock = 8
        """
      When player 0 plays:
        """
        {"type": "play", "card": "residence", "from": "hand"}
        """
      Then "players.0.prestige" is 2

    @ND-PARK-BONUS
    Scenario: Three park cubes add one prestige, not one and a half
      Given the position:
        """
        players.0.areas.park = 3
        players.0.stock = 7
        """
      When player 0 plays:
        """
        {"type": "play", "card": "residence", "from": "hand"}
        """
      Then "players.0.prestige" is 2

    @ND-PARK-BONUS
    Scenario: A gain without prestige earns no park bonus
      Given the position:
        """
        players.0.areas.park = 2
        players.0.stock = 8
        """
      When player 0 plays:
        """
        {"type": "play", "card": "bank", "from": "hand"}
        """
      Then the position has:
        """
        players.0.prestige = 0
        """

    @ND-PARK-BONUS @ND-MESSAGE-REWARD
    Scenario: Two park cubes add one prestige to a message taken by the carriage
      Given the position:
        """
        players.0.cards = ["bank", "carriage", "park"]
        players.0.areas.park = 2
        players.0.stock = 8
        """
      When player 0 plays:
        """
        {"type": "play", "card": "carriage", "from": "hand", "square": "0-4", "take": true}
        """
      Then the position has:
        """
        players.0.messages = [{"color": 0, "value": 4}]
        players.0.prestige = 5
        """

    @ND-PARK-BONUS
    Scenario: Two park cubes add one prestige to the residence's gain, on top of the prestige held
      Given the position:
        """
        players.0.prestige = 5
        players.0.areas.park = 2
        players.0.stock = 8
        """
      When player 0 plays:
        """
        {"type": "play", "card": "residence", "from": "hand"}
        """
      Then "players.0.prestige" is 7

    @ND-PARK-BONUS
    Scenario: A player with no cube at Notre Dame gains nothing at the stage end, so no park bonus
      Given the position:
        """
        round = 3
        phase = "buy"
        current = 2
        display = []
        notre_dame = [1, 0, 0]
        players.0.stock = 9
        players.1.areas.park = 2
        players.1.stock = 8
        """
      When player 2 plays:
        """
        {"type": "pass"}
        """
      Then "players.1.prestige" is 0

  Rule: ND-PARK-EX the rulebook's example: four park cubes, two extra prestige

    @ND-PARK-EX @ND-PARK-BONUS
    Scenario: Four park cubes add two prestige
      Given the position:
        """
        players.0.areas.park = 4
        players.0.areas.residence = 1
        players.0.stock = 5
        """
      When player 0 plays:
        """
        {"type": "play", "card": "residence", "from": "hand"}
        """
      Then "players.0.prestige" is 4

  Rule: ND-PARK-FRIEND the friend counts for the park bonus

    @ND-PARK-FRIEND @reading:friend_in_park_bonus=true
    Scenario: One cube and the friend in the park add one prestige
      Given the position:
        """
        players.0.areas.park = 1
        players.0.friend = "park"
        players.0.stock = 9
        """
      When player 0 plays:
        """
        {"type": "play", "card": "residence", "from": "hand"}
        """
      Then "players.0.prestige" is 2

    @ND-PARK-FRIEND @ND-PARK-BONUS @reading:friend_in_park_bonus=true
    Scenario: Two cubes and the friend in the park are three people: still one extra prestige
      Given the position:
        """
        players.0.areas.park = 2
        players.0.friend = "park"
        players.0.stock = 8
        """
      When player 0 plays:
        """
        {"type": "play", "card": "residence", "from": "hand"}
        """
      Then "players.0.prestige" is 2

    @ND-PARK-FRIEND @reading:friend_in_park_bonus=false
    Scenario: With the cubes-only reading the friend adds nothing to the park bonus
      Given a new "notre_dame" game with 3 players and setup:
        """
        {"options": {"friend_in_park_bonus": false},
         "setup": {"messages": {"0": [1, 2, 3, 4], "1": [1, 2, 3, 4], "2": [1, 2, 3, 4]}}}
        """
      And the position:
        """
        phase = "play"
        current = 0
        players.0.cards = ["bank", "park", "residence"]
        players.0.areas.park = 1
        players.0.friend = "park"
        players.0.stock = 9
        """
      When player 0 plays:
        """
        {"type": "play", "card": "residence", "from": "hand"}
        """
      Then "players.0.prestige" is 1

  Rule: ND-HOSPITAL one rat, however many cubes

    @ND-HOSPITAL
    Scenario: The hospital removes one rat even with three cubes
      Given the position:
        """
        players.0.areas.hospital = 2
        players.0.rats = 3
        players.0.stock = 8
        """
      When player 0 plays:
        """
        {"type": "play", "card": "hospital", "from": "hand"}
        """
      Then the position has:
        """
        players.0.rats = 2
        """
