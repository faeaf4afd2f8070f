Feature: Notre Dame setup
  Setup for every player count (notre-dame-10th.ja.txt lines 5-7, 65, 111-113, 133-139, 171).

  Background:
    Given a new "notre_dame" game with 3 players and setup:
      """
      {"setup": {"messages": {"0": [1, 2, 3, 4], "1": [4, 3, 2, 1], "2": [2, 1, 4, 3]}}}
      """

  Rule: ND-SETUP-BOARD the board is set up for 2 to 5 players

    @ND-SETUP-BOARD
    Scenario: A two-player game uses the square tile and two players' districts
      Given a new "notre_dame" game with 2 players
      Then the position has:
        """
        num_players = 2
        tile = "square"
        players.1.carriage = "1-0"
        notre_dame = [0, 0]
        """

    @ND-SETUP-BOARD
    Scenario: A five-player game has five districts and five players
      Given a new "notre_dame" game with 5 players
      Then the position has:
        """
        num_players = 5
        tile = "pentagon"
        players.4.carriage = "4-0"
        notre_dame = [0, 0, 0, 0, 0]
        """

    @ND-SETUP-BOARD
    Scenario: A three-player game uses the triangle tile
      Then "tile" is "triangle"

    @ND-SETUP-BOARD
    Scenario Outline: A game for <players> players is not supported
      When a new "notre_dame" game with <players> players is requested
      Then the request is refused as unsupported

      Examples:
        | players |
        | 1       |
        | 6       |

  Rule: ND-SETUP-2P-LAYOUT two players use four districts, two of them neutral

    @ND-SETUP-2P-LAYOUT @ND-CARRIAGE-ROADS @reading:neutral_districts=true
    Scenario: With two players the road from square 0-4 leads into a neutral district
      Given a new "notre_dame" game with 2 players and setup:
        """
        {"setup": {"messages": {"0": [1, 2, 3, 4], "1": [4, 3, 2, 1]}}}
        """
      And the position:
        """
        phase = "play"
        current = 0
        display = ["A1", "doctor", "poet"]
        players.0.cards = ["bank", "carriage", "park"]
        players.0.carriage = "0-4"
        """
      Then the legal actions include:
        """
        {"actor": 0, "type": "play", "card": "carriage", "from": "hand", "square": "2-1", "take": false}
        """
      And the legal actions do not include:
        """
        {"actor": 0, "type": "play", "card": "carriage", "square": "1-1"}
        """

    @ND-SETUP-2P-LAYOUT @ND-CARRIAGE-ROADS @reading:neutral_districts=true
    Scenario: With two players the road from square 1-4 leads into the neutral district 3
      Given a new "notre_dame" game with 2 players and setup:
        """
        {"setup": {"messages": {"0": [1, 2, 3, 4], "1": [4, 3, 2, 1]}}}
        """
      And the position:
        """
        phase = "play"
        current = 0
        display = ["A1", "doctor", "poet"]
        players.0.cards = ["bank", "carriage", "park"]
        players.0.carriage = "1-4"
        """
      Then the legal actions include:
        """
        {"actor": 0, "type": "play", "card": "carriage", "from": "hand", "square": "3-1", "take": false}
        """

    @ND-SETUP-2P-LAYOUT @ND-CARRIAGE-STOP @reading:neutral_districts=true
    Scenario: A neutral district holds no message to take
      Given a new "notre_dame" game with 2 players and setup:
        """
        {"setup": {"messages": {"0": [1, 2, 3, 4], "1": [4, 3, 2, 1]}}}
        """
      And the position:
        """
        phase = "play"
        current = 0
        display = ["A1", "doctor", "poet"]
        players.0.cards = ["bank", "carriage", "park"]
        players.0.carriage = "0-4"
        """
      When player 0 plays:
        """
        {"type": "play", "card": "carriage", "from": "hand", "square": "2-1", "take": true}
        """
      Then the action is rejected citing rule "ND-CARRIAGE-STOP"

    @ND-SETUP-2P-LAYOUT @reading:neutral_districts=false
    Scenario: On the two-district ring the road from square 0-4 leads to square 1-1
      Given a new "notre_dame" game with 2 players and setup:
        """
        {"options": {"neutral_districts": false}, "setup": {"messages": {"0": [1, 2, 3, 4], "1": [4, 3, 2, 1]}}}
        """
      And the position:
        """
        phase = "play"
        current = 0
        display = ["A1", "doctor", "poet"]
        players.0.cards = ["bank", "carriage", "park"]
        players.0.carriage = "0-4"
        """
      Then the legal actions include:
        """
        {"actor": 0, "type": "play", "card": "carriage", "from": "hand", "square": "1-1", "take": true}
        """

  Rule: ND-SETUP-COLORS each player takes one colour

    @ND-SETUP-COLORS
    Scenario: The messages of a district are of its owner's colour
      Then the position has:
        """
        messages.0-1.color = 0
        messages.1-1.color = 1
        messages.2-4.color = 2
        """

  Rule: ND-SETUP-RESOURCES three coins and four cubes

    @ND-SETUP-RESOURCES
    Scenario: Every player starts with 3 coins and 4 cubes in hand
      Then the position has:
        """
        players.0.coins = 3
        players.0.cubes = 4
        players.2.coins = 3
        players.2.cubes = 4
        """

  Rule: ND-SETUP-STOCK the other cubes form the general stock

    @ND-SETUP-STOCK @ND-COMP-CUBES
    Scenario: Ten cubes of each colour are in the general stock
      Then the position has:
        """
        players.0.stock = 10
        players.1.stock = 10
        players.2.stock = 10
        """

  Rule: ND-COMP-CUBES fourteen cubes per colour

    @ND-COMP-CUBES
    Scenario: A colour's hand, districts and stock hold fourteen cubes
      Then the position has:
        """
        players.1.cubes = 4
        players.1.stock = 10
        players.1.areas = {"bank": 0, "carriage": 0, "cloister": 0, "guesthouse": 0, "hospital": 0, "park": 0, "residence": 0}
        """

  Rule: ND-SETUP-CARRIAGE the carriage starts on the central square

    @ND-SETUP-CARRIAGE
    Scenario: Every carriage stands on its own district's centre
      Then the position has:
        """
        players.0.carriage = "0-0"
        players.1.carriage = "1-0"
        players.2.carriage = "2-0"
        """

  Rule: ND-SETUP-MESSAGES messages are placed at random, face up

    @ND-SETUP-MESSAGES
    Scenario: Each arrangement of a district's four messages is equally likely
      Given a new "notre_dame" game with 2 players
      Then "to_act" is ["chance"]
      And the legal actions include:
        """
        {"actor": "chance", "type": "place_messages", "district": 0, "values": [3, 1, 4, 2]}
        """
      And the chance outcomes are:
        """
        [
          {"action": {"values": [1, 2, 3, 4]}, "probability": "1/24"},
          {"action": {"values": [1, 2, 4, 3]}, "probability": "1/24"},
          {"action": {"values": [1, 3, 2, 4]}, "probability": "1/24"},
          {"action": {"values": [1, 3, 4, 2]}, "probability": "1/24"},
          {"action": {"values": [1, 4, 2, 3]}, "probability": "1/24"},
          {"action": {"values": [1, 4, 3, 2]}, "probability": "1/24"},
          {"action": {"values": [2, 1, 3, 4]}, "probability": "1/24"},
          {"action": {"values": [2, 1, 4, 3]}, "probability": "1/24"},
          {"action": {"values": [2, 3, 1, 4]}, "probability": "1/24"},
          {"action": {"values": [2, 3, 4, 1]}, "probability": "1/24"},
          {"action": {"values": [2, 4, 1, 3]}, "probability": "1/24"},
          {"action": {"values": [2, 4, 3, 1]}, "probability": "1/24"},
          {"action": {"values": [3, 1, 2, 4]}, "probability": "1/24"},
          {"action": {"values": [3, 1, 4, 2]}, "probability": "1/24"},
          {"action": {"values": [3, 2, 1, 4]}, "probability": "1/24"},
          {"action": {"values": [3, 2, 4, 1]}, "probability": "1/24"},
          {"action": {"values": [3, 4, 1, 2]}, "probability": "1/24"},
          {"action": {"values": [3, 4, 2, 1]}, "probability": "1/24"},
          {"action": {"values": [4, 1, 2, 3]}, "probability": "1/24"},
          {"action": {"values": [4, 1, 3, 2]}, "probability": "1/24"},
          {"action": {"values": [4, 2, 1, 3]}, "probability": "1/24"},
          {"action": {"values": [4, 2, 3, 1]}, "probability": "1/24"},
          {"action": {"values": [4, 3, 1, 2]}, "probability": "1/24"},
          {"action": {"values": [4, 3, 2, 1]}, "probability": "1/24"}
        ]
        """

    @ND-SETUP-MESSAGES
    Scenario: Placed messages lie face up on the four outer squares
      Given a new "notre_dame" game with 2 players
      When chance reveals:
        """
        {"type": "place_messages", "district": 0, "values": [3, 1, 4, 2]}
        """
      Then the position has:
        """
        messages.0-1 = {"color": 0, "value": 3}
        messages.0-2 = {"color": 0, "value": 1}
        messages.0-3 = {"color": 0, "value": 4}
        messages.0-4 = {"color": 0, "value": 2}
        """

    @ND-SETUP-MESSAGES @ND-ROUND-PHASES
    Scenario: Round 1 begins only once the last district's messages lie on the board
      Given a new "notre_dame" game with 3 players
      When chance reveals:
        """
        {"type": "place_messages", "district": 0, "values": [1, 2, 3, 4]}
        """
      Then the position has:
        """
        phase = "setup"
        pending = [1, 2]
        to_act = ["chance"]
        """
      When these actions are applied:
        """
        [{"actor": "chance", "type": "place_messages", "district": 1, "values": [4, 3, 2, 1]},
         {"actor": "chance", "type": "place_messages", "district": 2, "values": [2, 1, 4, 3]}]
        """
      Then the position has:
        """
        phase = "reveal"
        pending = []
        round = 1
        messages.2-1 = {"color": 2, "value": 2}
        """

  Rule: ND-SETUP-FRIEND the friend waits on the boat

    @ND-SETUP-FRIEND
    Scenario: No friend stands in a district at the start
      Then the position has:
        """
        players.0.friend = null
        players.1.friend = null
        players.2.friend = null
        """

  Rule: ND-SETUP-RATS rats start at 0

    @ND-SETUP-RATS
    Scenario: Every rat marker starts on 0
      Then the position has:
        """
        players.0.rats = 0
        players.2.rats = 0
        """

  Rule: ND-SETUP-PRESTIGE prestige starts at 0

    @ND-SETUP-PRESTIGE
    Scenario: Every player starts without prestige
      Then the outcome has:
        """
        scores = [0, 0, 0]
        winners = []
        """

  Rule: ND-SETUP-START seat 0 starts unless the setup names the start player

    @ND-SETUP-START
    Scenario: Seat 0 is the first start player by default
      Then "start_player" is 0

    @ND-SETUP-START
    Scenario Outline: The setup may name seat <seat> of four as the first start player
      Given a new "notre_dame" game with 4 players and setup:
        """
        {"setup": {"start_player": <seat>}}
        """
      Then "start_player" is <seat>

      Examples:
        | seat |
        | 0    |
        | 2    |
        | 3    |

  Rule: ND-LEFT the left neighbour is the next seat

    @ND-LEFT @ND-DRAFT-KEEP1
    Scenario: Seat 2 of three passes its draft cards to seat 0
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
        [{"actor": 0, "type": "keep", "card": "bank"},
         {"actor": 1, "type": "keep", "card": "friend"},
         {"actor": 2, "type": "keep", "card": "hospital"}]
        """
      Then the position has:
        """
        players.0.draft_hand = ["guesthouse", "notre_dame"]
        players.1.draft_hand = ["park", "residence"]
        players.2.draft_hand = ["carriage", "cloister"]
        """

  Rule: ND-SETUP-DECKS nine action cards per player, shuffled

    @ND-SETUP-DECKS
    Scenario: Each deck holds the nine action cards
      Then "players.1.deck" is ["bank", "carriage", "cloister", "friend", "guesthouse", "hospital", "notre_dame", "park", "residence"]

  Rule: ND-COINS-SUPPLY coins never run out

    @ND-COINS-SUPPLY
    Scenario: A player with many coins still earns from the bank
      Given the position:
        """
        phase = "play"
        current = 0
        players.0.coins = 60
        players.0.areas.bank = 1
        players.0.cards = ["bank", "park", "residence"]
        players.0.stock = 9
        """
      When player 0 plays:
        """
        {"type": "play", "card": "bank", "from": "hand"}
        """
      Then "players.0.coins" is 62
