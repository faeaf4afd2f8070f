Feature: Isle Traces setup: deck, pieces, start player

  Rule: IT-SETUP-DECK the map cards form the draw deck

    @IT-SETUP-DECK @IT-SETUP-SHUFFLE
    Scenario: Each card left in the deck is drawn with equal probability
      Given a new "isle_traces" game with 3 players
      And the isle deck:
        """
        201 : road road road road road road | coast coast coast coast coast coast
        202 : plains plains plains plains plains plains | forest forest forest forest forest forest
        203 : mountain mountain mountain mountain mountain mountain | road road road road road road
        """
      Then the chance outcomes are:
        """
        [{"action": {"type": "draw", "card": 201}, "probability": "1/3"},
         {"action": {"type": "draw", "card": 202}, "probability": "1/3"},
         {"action": {"type": "draw", "card": 203}, "probability": "1/3"}]
        """

    @IT-SETUP-DECK
    Scenario: A card that is not in the deck cannot be drawn
      Given a new "isle_traces" game with 2 players
      And the isle deck:
        """
        201 : road road road road road road | coast coast coast coast coast coast
        """
      When chance reveals:
        """
        {"type": "draw", "card": 202, "faces": [["road", "road", "road", "road", "road", "road"], ["coast", "coast", "coast", "coast", "coast", "coast"]]}
        """
      Then the action is rejected citing rule "IT-SETUP-DECK"

    @IT-SETUP-DECK @IT-PLACE-DRAW
    Scenario: A card already on the map cannot be drawn again
      Given a new "isle_traces" game with 2 players
      And the isle map:
        """
        101 0 0 6 6 : road road road plains plains plains | forest forest forest forest forest forest
        """
      And the isle deck:
        """
        201 : road road road road road road | coast coast coast coast coast coast
        """
      When chance reveals:
        """
        {"type": "draw", "card": 101, "faces": [["road", "road", "road", "plains", "plains", "plains"], ["forest", "forest", "forest", "forest", "forest", "forest"]]}
        """
      Then the action is rejected citing rule "IT-SETUP-DECK"

    @IT-SETUP-DECK @IT-PLACE-DRAW
    Scenario: Drawing takes the card out of the deck into the player's hand
      Given a new "isle_traces" game with 2 players
      And the isle deck:
        """
        201 : road road road road road road | coast coast coast coast coast coast
        202 : plains plains plains plains plains plains | forest forest forest forest forest forest
        """
      When chance reveals:
        """
        {"type": "draw", "card": 202, "faces": [["plains", "plains", "plains", "plains", "plains", "plains"], ["forest", "forest", "forest", "forest", "forest", "forest"]]}
        """
      Then the position has:
        """
        drawn.id = 202
        phase = "place"
        to_act = [0]
        """
      And the isle deck holds 1 cards

    @IT-SETUP-DECK @IT-COMP-ART
    Scenario: A card whose drawings close a side is drawn with its closed sides
      Given a new "isle_traces" game with 2 players
      And the isle deck:
        """
        201 : road!ns road!ns road!ns road road road | coast coast coast coast coast coast
        """
      Then the chance outcomes are:
        """
        [{"action": {"type": "draw", "card": 201, "closed": [["ns", "ns", "ns", "", "", ""], ["", "", "", "", "", ""]]}, "probability": "1/1"}]
        """
      When chance reveals:
        """
        {"type": "draw", "card": 201, "faces": [["road", "road", "road", "road", "road", "road"], ["coast", "coast", "coast", "coast", "coast", "coast"]], "closed": [["ns", "ns", "ns", "", "", ""], ["", "", "", "", "", ""]]}
        """
      Then the position has:
        """
        drawn.closed = [["ns", "ns", "ns", "", "", ""], ["", "", "", "", "", ""]]
        """

    @IT-SETUP-DECK @IT-COMP-ART
    Scenario: A draw that leaves out the card's closed sides is refused
      Given a new "isle_traces" game with 2 players
      And the isle deck:
        """
        201 : road!ns road!ns road!ns road road road | coast coast coast coast coast coast
        """
      When chance reveals:
        """
        {"type": "draw", "card": 201, "faces": [["road", "road", "road", "road", "road", "road"], ["coast", "coast", "coast", "coast", "coast", "coast"]]}
        """
      Then the action is rejected citing rule "IT-SETUP-DECK"

    @IT-SETUP-DECK @IT-COMP-ART
    Scenario: A draw naming every side open is the draw of a card without closed sides
      # Every side open is what a card without closed sides has, written out: the same card.
      Given a new "isle_traces" game with 2 players
      And the isle deck:
        """
        201 : road road road road road road | coast coast coast coast coast coast
        """
      When chance reveals:
        """
        {"type": "draw", "card": 201, "faces": [["road", "road", "road", "road", "road", "road"], ["coast", "coast", "coast", "coast", "coast", "coast"]], "closed": [["", "", "", "", "", ""], ["", "", "", "", "", ""]]}
        """
      Then the position has:
        """
        drawn = {"id": 201, "faces": [["road", "road", "road", "road", "road", "road"], ["coast", "coast", "coast", "coast", "coast", "coast"]]}
        """

  Rule: IT-SETUP-DECKSIZE all 36 cards with any player count

    @IT-SETUP-DECKSIZE
    Scenario: A three-player game also uses the 36 cards
      Given a new "isle_traces" game with 3 players
      Then the isle deck holds 36 cards

  Rule: IT-SETUP-EXPLORERS 3 explorers and one chip each; the red feather beside the map

    @IT-SETUP-EXPLORERS @IT-SETUP-CHIP @IT-SETUP-FEATHER @until:example-four-explorers
    Scenario: Pieces at the start
      Given a new "isle_traces" game with 3 players
      Then the position has:
        """
        reserve = [3, 3, 3]
        chips = [true, true, true]
        explorers = []
        feather = null
        map = []
        """

    @IT-SETUP-EXPLORERS @IT-SETUP-CHIP @IT-COMP-EXPLORERS
    Scenario Outline: A position with impossible pieces in the supply cannot be loaded (<field> = <value>)
      Given a new "isle_traces" game with 2 players
      And the isle map:
        """
        101 0 0 6 6 : road road road plains plains plains | forest forest forest forest forest forest
        """
      When the position is loaded:
        """
        <field> = <value>
        """
      Then the request is refused as malformed

      Examples:
        | field   | value                       |
        | chips   | [true]                      |
        | chips   | [true, true, true]          |
        | chips   | [1, 0]                      |
        | reserve | [3]                         |
        | reserve | [3, 3, 3, 3, 3]             |
        | reserve | [-1, 3]                     |
        | reserve | [3, "3"]                    |

  Rule: IT-SETUP-START seat 0 is the start player

    @IT-SETUP-START @IT-SETUP-SHUFFLE
    Scenario: The game opens with a draw for seat 0
      Given a new "isle_traces" game with 4 players
      Then the position has:
        """
        to_act = ["chance"]
        current = 0
        phase = "draw"
        """
