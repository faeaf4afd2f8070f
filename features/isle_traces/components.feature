Feature: Isle Traces components: map cards, pieces, the score counters

  Rule: IT-COMP-PLAYERS 2 to 4 players

    @IT-COMP-PLAYERS @IT-COMP-EXPLORERS @IT-COMP-CHIPS @until:example-four-explorers
    Scenario: A four-player game gives every player 3 explorers and a chip
      Given a new "isle_traces" game with 4 players
      Then the position has:
        """
        num_players = 4
        reserve = [3, 3, 3, 3]
        chips = [true, true, true, true]
        """

    @IT-COMP-PLAYERS @until:example-four-explorers
    Scenario: A two-player game can be set up
      Given a new "isle_traces" game with 2 players
      Then the position has:
        """
        num_players = 2
        reserve = [3, 3]
        """

    @IT-COMP-PLAYERS
    Scenario Outline: A game for <players> players is not supported
      When a new "isle_traces" game with <players> players is requested
      Then the request is refused as unsupported

      Examples:
        | players |
        | 1       |
        | 5       |

  Rule: IT-COMP-CARDS 36 map cards

    @IT-COMP-CARDS @IT-SETUP-DECKSIZE
    Scenario: The deck of a new game holds the 36 map cards
      Given a new "isle_traces" game with 2 players
      Then the isle deck holds 36 cards

    @IT-COMP-CARDS
    Scenario Outline: A card list with an unusable card id or setup key is refused (<why>)
      When a new "isle_traces" game with 2 players is requested with setup:
        """
        <setup>
        """
      Then the request is refused as malformed

      Examples:
        | why                   | setup                                                                                                                                   |
        | card id 0             | {"setup": {"deck": [{"id": 0, "faces": [["plains", "plains", "plains", "plains", "plains", "plains"], ["road", "road", "road", "road", "road", "road"]]}]}} |
        | a negative card id    | {"setup": {"deck": [{"id": -3, "faces": [["plains", "plains", "plains", "plains", "plains", "plains"], ["road", "road", "road", "road", "road", "road"]]}]}} |
        | a text card id        | {"setup": {"deck": [{"id": "1", "faces": [["plains", "plains", "plains", "plains", "plains", "plains"], ["road", "road", "road", "road", "road", "road"]]}]}} |
        | one id twice          | {"setup": {"deck": [{"id": 1, "faces": [["plains", "plains", "plains", "plains", "plains", "plains"], ["road", "road", "road", "road", "road", "road"]]}, {"id": 1, "faces": [["road", "road", "road", "road", "road", "road"], ["road", "road", "road", "road", "road", "road"]]}]}} |
        | an unknown setup key  | {"setup": {"deck": [{"id": 1, "faces": [["plains", "plains", "plains", "plains", "plains", "plains"], ["road", "road", "road", "road", "road", "road"]]}], "seed": 3}} |
        | an empty deck         | {"setup": {"deck": []}}                                                                                                                 |
        | an unknown card key   | {"setup": {"deck": [{"id": 1, "faces": [["plains", "plains", "plains", "plains", "plains", "plains"], ["road", "road", "road", "road", "road", "road"]], "colour": "red"}]}} |

    # The game has 36 map cards (IT-COMP-CARDS, the components file's map-cards): a deck
    # of 37 is no position of the game, nor a card list of 37 for a new game
    @IT-COMP-CARDS
    Scenario: A position whose deck holds 37 map cards is refused
      Given a new "isle_traces" game with 2 players
      When the state is loaded:
        """
        {
          "game": "isle_traces",
          "num_players": 2,
          "options": {"line_points": "cells", "allow_portrait": true, "feather_restriction": "no_explorer", "flip_requires": "no_overlap", "coast_diagonal": false, "reexplore_any": true, "flip_face": "other", "area_size": 15},
          "to_act": ["chance"],
          "terminal": false,
          "phase": "draw",
          "current": 0,
          "deck": [
            {"id": 1, "faces": [["plains", "plains", "plains", "plains", "plains", "plains"], ["road", "road", "road", "road", "road", "road"]]},
            {"id": 2, "faces": [["plains", "plains", "plains", "plains", "plains", "plains"], ["road", "road", "road", "road", "road", "road"]]},
            {"id": 3, "faces": [["plains", "plains", "plains", "plains", "plains", "plains"], ["road", "road", "road", "road", "road", "road"]]},
            {"id": 4, "faces": [["plains", "plains", "plains", "plains", "plains", "plains"], ["road", "road", "road", "road", "road", "road"]]},
            {"id": 5, "faces": [["plains", "plains", "plains", "plains", "plains", "plains"], ["road", "road", "road", "road", "road", "road"]]},
            {"id": 6, "faces": [["plains", "plains", "plains", "plains", "plains", "plains"], ["road", "road", "road", "road", "road", "road"]]},
            {"id": 7, "faces": [["plains", "plains", "plains", "plains", "plains", "plains"], ["road", "road", "road", "road", "road", "road"]]},
            {"id": 8, "faces": [["plains", "plains", "plains", "plains", "plains", "plains"], ["road", "road", "road", "road", "road", "road"]]},
            {"id": 9, "faces": [["plains", "plains", "plains", "plains", "plains", "plains"], ["road", "road", "road", "road", "road", "road"]]},
            {"id": 10, "faces": [["plains", "plains", "plains", "plains", "plains", "plains"], ["road", "road", "road", "road", "road", "road"]]},
            {"id": 11, "faces": [["plains", "plains", "plains", "plains", "plains", "plains"], ["road", "road", "road", "road", "road", "road"]]},
            {"id": 12, "faces": [["plains", "plains", "plains", "plains", "plains", "plains"], ["road", "road", "road", "road", "road", "road"]]},
            {"id": 13, "faces": [["plains", "plains", "plains", "plains", "plains", "plains"], ["road", "road", "road", "road", "road", "road"]]},
            {"id": 14, "faces": [["plains", "plains", "plains", "plains", "plains", "plains"], ["road", "road", "road", "road", "road", "road"]]},
            {"id": 15, "faces": [["plains", "plains", "plains", "plains", "plains", "plains"], ["road", "road", "road", "road", "road", "road"]]},
            {"id": 16, "faces": [["plains", "plains", "plains", "plains", "plains", "plains"], ["road", "road", "road", "road", "road", "road"]]},
            {"id": 17, "faces": [["plains", "plains", "plains", "plains", "plains", "plains"], ["road", "road", "road", "road", "road", "road"]]},
            {"id": 18, "faces": [["plains", "plains", "plains", "plains", "plains", "plains"], ["road", "road", "road", "road", "road", "road"]]},
            {"id": 19, "faces": [["plains", "plains", "plains", "plains", "plains", "plains"], ["road", "road", "road", "road", "road", "road"]]},
            {"id": 20, "faces": [["plains", "plains", "plains", "plains", "plains", "plains"], ["road", "road", "road", "road", "road", "road"]]},
            {"id": 21, "faces": [["plains", "plains", "plains", "plains", "plains", "plains"], ["road", "road", "road", "road", "road", "road"]]},
            {"id": 22, "faces": [["plains", "plains", "plains", "plains", "plains", "plains"], ["road", "road", "road", "road", "road", "road"]]},
            {"id": 23, "faces": [["plains", "plains", "plains", "plains", "plains", "plains"], ["road", "road", "road", "road", "road", "road"]]},
            {"id": 24, "faces": [["plains", "plains", "plains", "plains", "plains", "plains"], ["road", "road", "road", "road", "road", "road"]]},
            {"id": 25, "faces": [["plains", "plains", "plains", "plains", "plains", "plains"], ["road", "road", "road", "road", "road", "road"]]},
            {"id": 26, "faces": [["plains", "plains", "plains", "plains", "plains", "plains"], ["road", "road", "road", "road", "road", "road"]]},
            {"id": 27, "faces": [["plains", "plains", "plains", "plains", "plains", "plains"], ["road", "road", "road", "road", "road", "road"]]},
            {"id": 28, "faces": [["plains", "plains", "plains", "plains", "plains", "plains"], ["road", "road", "road", "road", "road", "road"]]},
            {"id": 29, "faces": [["plains", "plains", "plains", "plains", "plains", "plains"], ["road", "road", "road", "road", "road", "road"]]},
            {"id": 30, "faces": [["plains", "plains", "plains", "plains", "plains", "plains"], ["road", "road", "road", "road", "road", "road"]]},
            {"id": 31, "faces": [["plains", "plains", "plains", "plains", "plains", "plains"], ["road", "road", "road", "road", "road", "road"]]},
            {"id": 32, "faces": [["plains", "plains", "plains", "plains", "plains", "plains"], ["road", "road", "road", "road", "road", "road"]]},
            {"id": 33, "faces": [["plains", "plains", "plains", "plains", "plains", "plains"], ["road", "road", "road", "road", "road", "road"]]},
            {"id": 34, "faces": [["plains", "plains", "plains", "plains", "plains", "plains"], ["road", "road", "road", "road", "road", "road"]]},
            {"id": 35, "faces": [["plains", "plains", "plains", "plains", "plains", "plains"], ["road", "road", "road", "road", "road", "road"]]},
            {"id": 36, "faces": [["plains", "plains", "plains", "plains", "plains", "plains"], ["road", "road", "road", "road", "road", "road"]]},
            {"id": 37, "faces": [["plains", "plains", "plains", "plains", "plains", "plains"], ["road", "road", "road", "road", "road", "road"]]}
          ],
          "drawn": null,
          "discarded": [],
          "map": [],
          "explorers": [],
          "withdrawn": null,
          "feather": null,
          "reserve": [3, 3],
          "chips": [true, true],
          "grid": [
            [null, null, null, null, null, null, null, null, null, null, null, null, null, null, null],
            [null, null, null, null, null, null, null, null, null, null, null, null, null, null, null],
            [null, null, null, null, null, null, null, null, null, null, null, null, null, null, null],
            [null, null, null, null, null, null, null, null, null, null, null, null, null, null, null],
            [null, null, null, null, null, null, null, null, null, null, null, null, null, null, null],
            [null, null, null, null, null, null, null, null, null, null, null, null, null, null, null],
            [null, null, null, null, null, null, null, null, null, null, null, null, null, null, null],
            [null, null, null, null, null, null, null, null, null, null, null, null, null, null, null],
            [null, null, null, null, null, null, null, null, null, null, null, null, null, null, null],
            [null, null, null, null, null, null, null, null, null, null, null, null, null, null, null],
            [null, null, null, null, null, null, null, null, null, null, null, null, null, null, null],
            [null, null, null, null, null, null, null, null, null, null, null, null, null, null, null],
            [null, null, null, null, null, null, null, null, null, null, null, null, null, null, null],
            [null, null, null, null, null, null, null, null, null, null, null, null, null, null, null],
            [null, null, null, null, null, null, null, null, null, null, null, null, null, null, null]
          ]
        }
        """
      Then the request is refused as malformed

    # 36 cards out of the deck (34 discarded, 1 on the map, 1 drawn) is the whole game's
    # count, not more: the position loads (IT-COMP-CARDS: neither the deck nor the cards out
    # of it hold more than 36)
    @IT-COMP-CARDS
    Scenario: A position with all 36 map cards out of the deck loads
      Given a new "isle_traces" game with 2 players
      And the isle map:
        """
        101 0 0 6 6 : road road road plains plains plains | forest forest forest forest coast coast
        """
      And the isle card drawn:
        """
        201 : road road road road road road | coast coast coast coast coast coast
        """
      And the position:
        """
        deck = []
        discarded = [{"id": 301, "faces": [["plains", "plains", "plains", "plains", "plains", "plains"], ["road", "road", "road", "road", "road", "road"]]}, {"id": 302, "faces": [["plains", "plains", "plains", "plains", "plains", "plains"], ["road", "road", "road", "road", "road", "road"]]}, {"id": 303, "faces": [["plains", "plains", "plains", "plains", "plains", "plains"], ["road", "road", "road", "road", "road", "road"]]}, {"id": 304, "faces": [["plains", "plains", "plains", "plains", "plains", "plains"], ["road", "road", "road", "road", "road", "road"]]}, {"id": 305, "faces": [["plains", "plains", "plains", "plains", "plains", "plains"], ["road", "road", "road", "road", "road", "road"]]}, {"id": 306, "faces": [["plains", "plains", "plains", "plains", "plains", "plains"], ["road", "road", "road", "road", "road", "road"]]}, {"id": 307, "faces": [["plains", "plains", "plains", "plains", "plains", "plains"], ["road", "road", "road", "road", "road", "road"]]}, {"id": 308, "faces": [["plains", "plains", "plains", "plains", "plains", "plains"], ["road", "road", "road", "road", "road", "road"]]}, {"id": 309, "faces": [["plains", "plains", "plains", "plains", "plains", "plains"], ["road", "road", "road", "road", "road", "road"]]}, {"id": 310, "faces": [["plains", "plains", "plains", "plains", "plains", "plains"], ["road", "road", "road", "road", "road", "road"]]}, {"id": 311, "faces": [["plains", "plains", "plains", "plains", "plains", "plains"], ["road", "road", "road", "road", "road", "road"]]}, {"id": 312, "faces": [["plains", "plains", "plains", "plains", "plains", "plains"], ["road", "road", "road", "road", "road", "road"]]}, {"id": 313, "faces": [["plains", "plains", "plains", "plains", "plains", "plains"], ["road", "road", "road", "road", "road", "road"]]}, {"id": 314, "faces": [["plains", "plains", "plains", "plains", "plains", "plains"], ["road", "road", "road", "road", "road", "road"]]}, {"id": 315, "faces": [["plains", "plains", "plains", "plains", "plains", "plains"], ["road", "road", "road", "road", "road", "road"]]}, {"id": 316, "faces": [["plains", "plains", "plains", "plains", "plains", "plains"], ["road", "road", "road", "road", "road", "road"]]}, {"id": 317, "faces": [["plains", "plains", "plains", "plains", "plains", "plains"], ["road", "road", "road", "road", "road", "road"]]}, {"id": 318, "faces": [["plains", "plains", "plains", "plains", "plains", "plains"], ["road", "road", "road", "road", "road", "road"]]}, {"id": 319, "faces": [["plains", "plains", "plains", "plains", "plains", "plains"], ["road", "road", "road", "road", "road", "road"]]}, {"id": 320, "faces": [["plains", "plains", "plains", "plains", "plains", "plains"], ["road", "road", "road", "road", "road", "road"]]}, {"id": 321, "faces": [["plains", "plains", "plains", "plains", "plains", "plains"], ["road", "road", "road", "road", "road", "road"]]}, {"id": 322, "faces": [["plains", "plains", "plains", "plains", "plains", "plains"], ["road", "road", "road", "road", "road", "road"]]}, {"id": 323, "faces": [["plains", "plains", "plains", "plains", "plains", "plains"], ["road", "road", "road", "road", "road", "road"]]}, {"id": 324, "faces": [["plains", "plains", "plains", "plains", "plains", "plains"], ["road", "road", "road", "road", "road", "road"]]}, {"id": 325, "faces": [["plains", "plains", "plains", "plains", "plains", "plains"], ["road", "road", "road", "road", "road", "road"]]}, {"id": 326, "faces": [["plains", "plains", "plains", "plains", "plains", "plains"], ["road", "road", "road", "road", "road", "road"]]}, {"id": 327, "faces": [["plains", "plains", "plains", "plains", "plains", "plains"], ["road", "road", "road", "road", "road", "road"]]}, {"id": 328, "faces": [["plains", "plains", "plains", "plains", "plains", "plains"], ["road", "road", "road", "road", "road", "road"]]}, {"id": 329, "faces": [["plains", "plains", "plains", "plains", "plains", "plains"], ["road", "road", "road", "road", "road", "road"]]}, {"id": 330, "faces": [["plains", "plains", "plains", "plains", "plains", "plains"], ["road", "road", "road", "road", "road", "road"]]}, {"id": 331, "faces": [["plains", "plains", "plains", "plains", "plains", "plains"], ["road", "road", "road", "road", "road", "road"]]}, {"id": 332, "faces": [["plains", "plains", "plains", "plains", "plains", "plains"], ["road", "road", "road", "road", "road", "road"]]}, {"id": 333, "faces": [["plains", "plains", "plains", "plains", "plains", "plains"], ["road", "road", "road", "road", "road", "road"]]}, {"id": 334, "faces": [["plains", "plains", "plains", "plains", "plains", "plains"], ["road", "road", "road", "road", "road", "road"]]}]
        """
      Then "discarded.33.id" is 334

    # 37 map cards out of the deck, the drawn card among them: one more than the game has
    # (IT-COMP-CARDS), the drawn card counting like the others
    @IT-COMP-CARDS
    Scenario: A position with 37 map cards out of the deck, one of them drawn, is refused
      Given a new "isle_traces" game with 2 players
      And the isle map:
        """
        101 0 0 6 6 : road road road plains plains plains | forest forest forest forest coast coast
        """
      And the isle card drawn:
        """
        201 : road road road road road road | coast coast coast coast coast coast
        """
      When the position is loaded:
        """
        deck = []
        discarded = [{"id": 301, "faces": [["plains", "plains", "plains", "plains", "plains", "plains"], ["road", "road", "road", "road", "road", "road"]]}, {"id": 302, "faces": [["plains", "plains", "plains", "plains", "plains", "plains"], ["road", "road", "road", "road", "road", "road"]]}, {"id": 303, "faces": [["plains", "plains", "plains", "plains", "plains", "plains"], ["road", "road", "road", "road", "road", "road"]]}, {"id": 304, "faces": [["plains", "plains", "plains", "plains", "plains", "plains"], ["road", "road", "road", "road", "road", "road"]]}, {"id": 305, "faces": [["plains", "plains", "plains", "plains", "plains", "plains"], ["road", "road", "road", "road", "road", "road"]]}, {"id": 306, "faces": [["plains", "plains", "plains", "plains", "plains", "plains"], ["road", "road", "road", "road", "road", "road"]]}, {"id": 307, "faces": [["plains", "plains", "plains", "plains", "plains", "plains"], ["road", "road", "road", "road", "road", "road"]]}, {"id": 308, "faces": [["plains", "plains", "plains", "plains", "plains", "plains"], ["road", "road", "road", "road", "road", "road"]]}, {"id": 309, "faces": [["plains", "plains", "plains", "plains", "plains", "plains"], ["road", "road", "road", "road", "road", "road"]]}, {"id": 310, "faces": [["plains", "plains", "plains", "plains", "plains", "plains"], ["road", "road", "road", "road", "road", "road"]]}, {"id": 311, "faces": [["plains", "plains", "plains", "plains", "plains", "plains"], ["road", "road", "road", "road", "road", "road"]]}, {"id": 312, "faces": [["plains", "plains", "plains", "plains", "plains", "plains"], ["road", "road", "road", "road", "road", "road"]]}, {"id": 313, "faces": [["plains", "plains", "plains", "plains", "plains", "plains"], ["road", "road", "road", "road", "road", "road"]]}, {"id": 314, "faces": [["plains", "plains", "plains", "plains", "plains", "plains"], ["road", "road", "road", "road", "road", "road"]]}, {"id": 315, "faces": [["plains", "plains", "plains", "plains", "plains", "plains"], ["road", "road", "road", "road", "road", "road"]]}, {"id": 316, "faces": [["plains", "plains", "plains", "plains", "plains", "plains"], ["road", "road", "road", "road", "road", "road"]]}, {"id": 317, "faces": [["plains", "plains", "plains", "plains", "plains", "plains"], ["road", "road", "road", "road", "road", "road"]]}, {"id": 318, "faces": [["plains", "plains", "plains", "plains", "plains", "plains"], ["road", "road", "road", "road", "road", "road"]]}, {"id": 319, "faces": [["plains", "plains", "plains", "plains", "plains", "plains"], ["road", "road", "road", "road", "road", "road"]]}, {"id": 320, "faces": [["plains", "plains", "plains", "plains", "plains", "plains"], ["road", "road", "road", "road", "road", "road"]]}, {"id": 321, "faces": [["plains", "plains", "plains", "plains", "plains", "plains"], ["road", "road", "road", "road", "road", "road"]]}, {"id": 322, "faces": [["plains", "plains", "plains", "plains", "plains", "plains"], ["road", "road", "road", "road", "road", "road"]]}, {"id": 323, "faces": [["plains", "plains", "plains", "plains", "plains", "plains"], ["road", "road", "road", "road", "road", "road"]]}, {"id": 324, "faces": [["plains", "plains", "plains", "plains", "plains", "plains"], ["road", "road", "road", "road", "road", "road"]]}, {"id": 325, "faces": [["plains", "plains", "plains", "plains", "plains", "plains"], ["road", "road", "road", "road", "road", "road"]]}, {"id": 326, "faces": [["plains", "plains", "plains", "plains", "plains", "plains"], ["road", "road", "road", "road", "road", "road"]]}, {"id": 327, "faces": [["plains", "plains", "plains", "plains", "plains", "plains"], ["road", "road", "road", "road", "road", "road"]]}, {"id": 328, "faces": [["plains", "plains", "plains", "plains", "plains", "plains"], ["road", "road", "road", "road", "road", "road"]]}, {"id": 329, "faces": [["plains", "plains", "plains", "plains", "plains", "plains"], ["road", "road", "road", "road", "road", "road"]]}, {"id": 330, "faces": [["plains", "plains", "plains", "plains", "plains", "plains"], ["road", "road", "road", "road", "road", "road"]]}, {"id": 331, "faces": [["plains", "plains", "plains", "plains", "plains", "plains"], ["road", "road", "road", "road", "road", "road"]]}, {"id": 332, "faces": [["plains", "plains", "plains", "plains", "plains", "plains"], ["road", "road", "road", "road", "road", "road"]]}, {"id": 333, "faces": [["plains", "plains", "plains", "plains", "plains", "plains"], ["road", "road", "road", "road", "road", "road"]]}, {"id": 334, "faces": [["plains", "plains", "plains", "plains", "plains", "plains"], ["road", "road", "road", "road", "road", "road"]]}, {"id": 335, "faces": [["plains", "plains", "plains", "plains", "plains", "plains"], ["road", "road", "road", "road", "road", "road"]]}]
        """
      Then the request is refused as malformed

    @IT-COMP-CARDS
    Scenario: A card list of 37 map cards for a new game is refused
      When a new "isle_traces" game with 2 players is requested with setup:
        """
        {"setup": {"deck": [
          {"id": 1, "faces": [["plains", "plains", "plains", "plains", "plains", "plains"], ["road", "road", "road", "road", "road", "road"]]},
          {"id": 2, "faces": [["plains", "plains", "plains", "plains", "plains", "plains"], ["road", "road", "road", "road", "road", "road"]]},
          {"id": 3, "faces": [["plains", "plains", "plains", "plains", "plains", "plains"], ["road", "road", "road", "road", "road", "road"]]},
          {"id": 4, "faces": [["plains", "plains", "plains", "plains", "plains", "plains"], ["road", "road", "road", "road", "road", "road"]]},
          {"id": 5, "faces": [["plains", "plains", "plains", "plains", "plains", "plains"], ["road", "road", "road", "road", "road", "road"]]},
          {"id": 6, "faces": [["plains", "plains", "plains", "plains", "plains", "plains"], ["road", "road", "road", "road", "road", "road"]]},
          {"id": 7, "faces": [["plains", "plains", "plains", "plains", "plains", "plains"], ["road", "road", "road", "road", "road", "road"]]},
          {"id": 8, "faces": [["plains", "plains", "plains", "plains", "plains", "plains"], ["road", "road", "road", "road", "road", "road"]]},
          {"id": 9, "faces": [["plains", "plains", "plains", "plains", "plains", "plains"], ["road", "road", "road", "road", "road", "road"]]},
          {"id": 10, "faces": [["plains", "plains", "plains", "plains", "plains", "plains"], ["road", "road", "road", "road", "road", "road"]]},
          {"id": 11, "faces": [["plains", "plains", "plains", "plains", "plains", "plains"], ["road", "road", "road", "road", "road", "road"]]},
          {"id": 12, "faces": [["plains", "plains", "plains", "plains", "plains", "plains"], ["road", "road", "road", "road", "road", "road"]]},
          {"id": 13, "faces": [["plains", "plains", "plains", "plains", "plains", "plains"], ["road", "road", "road", "road", "road", "road"]]},
          {"id": 14, "faces": [["plains", "plains", "plains", "plains", "plains", "plains"], ["road", "road", "road", "road", "road", "road"]]},
          {"id": 15, "faces": [["plains", "plains", "plains", "plains", "plains", "plains"], ["road", "road", "road", "road", "road", "road"]]},
          {"id": 16, "faces": [["plains", "plains", "plains", "plains", "plains", "plains"], ["road", "road", "road", "road", "road", "road"]]},
          {"id": 17, "faces": [["plains", "plains", "plains", "plains", "plains", "plains"], ["road", "road", "road", "road", "road", "road"]]},
          {"id": 18, "faces": [["plains", "plains", "plains", "plains", "plains", "plains"], ["road", "road", "road", "road", "road", "road"]]},
          {"id": 19, "faces": [["plains", "plains", "plains", "plains", "plains", "plains"], ["road", "road", "road", "road", "road", "road"]]},
          {"id": 20, "faces": [["plains", "plains", "plains", "plains", "plains", "plains"], ["road", "road", "road", "road", "road", "road"]]},
          {"id": 21, "faces": [["plains", "plains", "plains", "plains", "plains", "plains"], ["road", "road", "road", "road", "road", "road"]]},
          {"id": 22, "faces": [["plains", "plains", "plains", "plains", "plains", "plains"], ["road", "road", "road", "road", "road", "road"]]},
          {"id": 23, "faces": [["plains", "plains", "plains", "plains", "plains", "plains"], ["road", "road", "road", "road", "road", "road"]]},
          {"id": 24, "faces": [["plains", "plains", "plains", "plains", "plains", "plains"], ["road", "road", "road", "road", "road", "road"]]},
          {"id": 25, "faces": [["plains", "plains", "plains", "plains", "plains", "plains"], ["road", "road", "road", "road", "road", "road"]]},
          {"id": 26, "faces": [["plains", "plains", "plains", "plains", "plains", "plains"], ["road", "road", "road", "road", "road", "road"]]},
          {"id": 27, "faces": [["plains", "plains", "plains", "plains", "plains", "plains"], ["road", "road", "road", "road", "road", "road"]]},
          {"id": 28, "faces": [["plains", "plains", "plains", "plains", "plains", "plains"], ["road", "road", "road", "road", "road", "road"]]},
          {"id": 29, "faces": [["plains", "plains", "plains", "plains", "plains", "plains"], ["road", "road", "road", "road", "road", "road"]]},
          {"id": 30, "faces": [["plains", "plains", "plains", "plains", "plains", "plains"], ["road", "road", "road", "road", "road", "road"]]},
          {"id": 31, "faces": [["plains", "plains", "plains", "plains", "plains", "plains"], ["road", "road", "road", "road", "road", "road"]]},
          {"id": 32, "faces": [["plains", "plains", "plains", "plains", "plains", "plains"], ["road", "road", "road", "road", "road", "road"]]},
          {"id": 33, "faces": [["plains", "plains", "plains", "plains", "plains", "plains"], ["road", "road", "road", "road", "road", "road"]]},
          {"id": 34, "faces": [["plains", "plains", "plains", "plains", "plains", "plains"], ["road", "road", "road", "road", "road", "road"]]},
          {"id": 35, "faces": [["plains", "plains", "plains", "plains", "plains", "plains"], ["road", "road", "road", "road", "road", "road"]]},
          {"id": 36, "faces": [["plains", "plains", "plains", "plains", "plains", "plains"], ["road", "road", "road", "road", "road", "road"]]},
          {"id": 37, "faces": [["plains", "plains", "plains", "plains", "plains", "plains"], ["road", "road", "road", "road", "road", "road"]]}
        ]}}
        """
      Then the request is refused as malformed

    # 36 is what the game has (rulebook line 30, "地図カード: 36枚"): a card list of all 36 is
    # as many as the game holds, not too many (the limit counts cards above 36 only)
    @IT-COMP-CARDS
    Scenario: A card list of all 36 map cards for a new game is accepted
      When a new "isle_traces" game with 2 players is requested with setup:
        """
        {"setup": {"deck": [
          {"id": 1, "faces": [["plains", "plains", "plains", "plains", "plains", "plains"], ["road", "road", "road", "road", "road", "road"]]},
          {"id": 2, "faces": [["plains", "plains", "plains", "plains", "plains", "plains"], ["road", "road", "road", "road", "road", "road"]]},
          {"id": 3, "faces": [["plains", "plains", "plains", "plains", "plains", "plains"], ["road", "road", "road", "road", "road", "road"]]},
          {"id": 4, "faces": [["plains", "plains", "plains", "plains", "plains", "plains"], ["road", "road", "road", "road", "road", "road"]]},
          {"id": 5, "faces": [["plains", "plains", "plains", "plains", "plains", "plains"], ["road", "road", "road", "road", "road", "road"]]},
          {"id": 6, "faces": [["plains", "plains", "plains", "plains", "plains", "plains"], ["road", "road", "road", "road", "road", "road"]]},
          {"id": 7, "faces": [["plains", "plains", "plains", "plains", "plains", "plains"], ["road", "road", "road", "road", "road", "road"]]},
          {"id": 8, "faces": [["plains", "plains", "plains", "plains", "plains", "plains"], ["road", "road", "road", "road", "road", "road"]]},
          {"id": 9, "faces": [["plains", "plains", "plains", "plains", "plains", "plains"], ["road", "road", "road", "road", "road", "road"]]},
          {"id": 10, "faces": [["plains", "plains", "plains", "plains", "plains", "plains"], ["road", "road", "road", "road", "road", "road"]]},
          {"id": 11, "faces": [["plains", "plains", "plains", "plains", "plains", "plains"], ["road", "road", "road", "road", "road", "road"]]},
          {"id": 12, "faces": [["plains", "plains", "plains", "plains", "plains", "plains"], ["road", "road", "road", "road", "road", "road"]]},
          {"id": 13, "faces": [["plains", "plains", "plains", "plains", "plains", "plains"], ["road", "road", "road", "road", "road", "road"]]},
          {"id": 14, "faces": [["plains", "plains", "plains", "plains", "plains", "plains"], ["road", "road", "road", "road", "road", "road"]]},
          {"id": 15, "faces": [["plains", "plains", "plains", "plains", "plains", "plains"], ["road", "road", "road", "road", "road", "road"]]},
          {"id": 16, "faces": [["plains", "plains", "plains", "plains", "plains", "plains"], ["road", "road", "road", "road", "road", "road"]]},
          {"id": 17, "faces": [["plains", "plains", "plains", "plains", "plains", "plains"], ["road", "road", "road", "road", "road", "road"]]},
          {"id": 18, "faces": [["plains", "plains", "plains", "plains", "plains", "plains"], ["road", "road", "road", "road", "road", "road"]]},
          {"id": 19, "faces": [["plains", "plains", "plains", "plains", "plains", "plains"], ["road", "road", "road", "road", "road", "road"]]},
          {"id": 20, "faces": [["plains", "plains", "plains", "plains", "plains", "plains"], ["road", "road", "road", "road", "road", "road"]]},
          {"id": 21, "faces": [["plains", "plains", "plains", "plains", "plains", "plains"], ["road", "road", "road", "road", "road", "road"]]},
          {"id": 22, "faces": [["plains", "plains", "plains", "plains", "plains", "plains"], ["road", "road", "road", "road", "road", "road"]]},
          {"id": 23, "faces": [["plains", "plains", "plains", "plains", "plains", "plains"], ["road", "road", "road", "road", "road", "road"]]},
          {"id": 24, "faces": [["plains", "plains", "plains", "plains", "plains", "plains"], ["road", "road", "road", "road", "road", "road"]]},
          {"id": 25, "faces": [["plains", "plains", "plains", "plains", "plains", "plains"], ["road", "road", "road", "road", "road", "road"]]},
          {"id": 26, "faces": [["plains", "plains", "plains", "plains", "plains", "plains"], ["road", "road", "road", "road", "road", "road"]]},
          {"id": 27, "faces": [["plains", "plains", "plains", "plains", "plains", "plains"], ["road", "road", "road", "road", "road", "road"]]},
          {"id": 28, "faces": [["plains", "plains", "plains", "plains", "plains", "plains"], ["road", "road", "road", "road", "road", "road"]]},
          {"id": 29, "faces": [["plains", "plains", "plains", "plains", "plains", "plains"], ["road", "road", "road", "road", "road", "road"]]},
          {"id": 30, "faces": [["plains", "plains", "plains", "plains", "plains", "plains"], ["road", "road", "road", "road", "road", "road"]]},
          {"id": 31, "faces": [["plains", "plains", "plains", "plains", "plains", "plains"], ["road", "road", "road", "road", "road", "road"]]},
          {"id": 32, "faces": [["plains", "plains", "plains", "plains", "plains", "plains"], ["road", "road", "road", "road", "road", "road"]]},
          {"id": 33, "faces": [["plains", "plains", "plains", "plains", "plains", "plains"], ["road", "road", "road", "road", "road", "road"]]},
          {"id": 34, "faces": [["plains", "plains", "plains", "plains", "plains", "plains"], ["road", "road", "road", "road", "road", "road"]]},
          {"id": 35, "faces": [["plains", "plains", "plains", "plains", "plains", "plains"], ["road", "road", "road", "road", "road", "road"]]},
          {"id": 36, "faces": [["plains", "plains", "plains", "plains", "plains", "plains"], ["road", "road", "road", "road", "road", "road"]]}
        ]}}
        """
      Then the isle deck holds 36 cards

  Rule: IT-COMP-GRID a face is 3 x 2 cells of the five terrains with symbols on the allowed terrains

    @IT-COMP-DOUBLE @IT-COMP-GRID @IT-COMP-TERRAIN @IT-COMP-SYMBOLS @IT-COMP-FORT @IT-COMP-HARBOUR @IT-COMP-FEATHERICON @IT-COMP-CREATURE @IT-COMP-FACES
    Scenario: A card list following the symbol rules is accepted and drawn by chance
      When a new "isle_traces" game with 2 players is requested with setup:
        """
        {"setup": {"deck": [
          {"id": 1, "faces": [["road/fort", "coast/harbour", "mountain/feather", "forest/creature1", "plains/creature6", "road/creature3"],
                              ["plains", "road", "mountain", "forest", "coast", "coast/creature2"]]},
          {"id": 2, "faces": [["plains/feather", "forest/feather", "plains/creature4", "forest/creature5", "coast", "road"],
                              ["mountain", "mountain", "mountain", "mountain", "mountain", "mountain"]]}
        ]}}
        """
      Then the chance outcomes are:
        """
        [{"action": {"type": "draw", "card": 1, "faces": [["road/fort", "coast/harbour", "mountain/feather", "forest/creature1", "plains/creature6", "road/creature3"], ["plains", "road", "mountain", "forest", "coast", "coast/creature2"]]}, "probability": "1/2"},
         {"action": {"type": "draw", "card": 2}, "probability": "1/2"}]
        """

    @IT-COMP-GRID @IT-COMP-TERRAIN @IT-COMP-FORT @IT-COMP-HARBOUR @IT-COMP-FEATHERICON @IT-COMP-CREATURE @IT-COMP-ONESYMBOL @IT-COMP-DOUBLE
    Scenario Outline: A card list breaking the component rules is refused (<why>)
      When a new "isle_traces" game with 2 players is requested with setup:
        """
        {"setup": {"deck": [{"id": 1, "faces": [<face>, ["plains", "plains", "plains", "plains", "plains", "plains"]]}]}}
        """
      Then the request is refused as malformed

      Examples:
        | why                     | face                                                                              |
        | fort off a road         | ["plains/fort", "road", "road", "road", "road", "road"]                           |
        | harbour off a coast     | ["road/harbour", "road", "road", "road", "road", "road"]                          |
        | feather on a road       | ["road/feather", "road", "road", "road", "road", "road"]                          |
        | feather on a coast      | ["coast/feather", "road", "road", "road", "road", "road"]                         |
        | creature on a mountain  | ["mountain/creature2", "road", "road", "road", "road", "road"]                    |
        | a seventh creature kind | ["plains/creature7", "road", "road", "road", "road", "road"]                      |
        | a creature kind 0       | ["plains/creature0", "road", "road", "road", "road", "road"]                      |
        | two symbols on a cell   | ["road/fort/creature1", "road", "road", "road", "road", "road"]                   |
        | an unknown terrain      | ["swamp", "road", "road", "road", "road", "road"]                                 |
        | five cells              | ["road", "road", "road", "road", "road"]                                          |

    @IT-COMP-GRID @reading:allow_portrait=true
    Scenario: A card turned a quarter covers its six cells in three rows of two
      # nolcasolca.ja.txt:39: a face is 3 columns by 2 rows, 6 cells; turned a quarter it lies
      # 3 rows by 2 columns. Card 102 at (8, 6) turned 90 degrees covers rows 8-10, columns
      # 6-7, and neither column 8 nor row 11. Its face 1 is forest throughout, so the check
      # is of the cells covered, not of which face cell shows where (IT-PLACE-GRID's).
      Given a new "isle_traces" game with 2 players
      And the isle map:
        """
        101 0 0 6 6 : road road road plains plains plains | forest forest forest forest forest forest
        """
      And the isle card drawn:
        """
        102 : road/fort plains/creature1 forest coast/harbour mountain coast | forest forest forest forest forest forest
        """
      When player 0 plays:
        """
        {"type": "place_card", "face": 1, "rot": 90, "row": 8, "col": 6}
        """
      Then the position has:
        """
        grid.8.6 = "forest"
        grid.8.7 = "forest"
        grid.9.6 = "forest"
        grid.9.7 = "forest"
        grid.10.6 = "forest"
        grid.10.7 = "forest"
        grid.8.8 = null
        grid.9.8 = null
        grid.10.8 = null
        grid.11.6 = null
        grid.11.7 = null
        """

    @IT-COMP-GRID @IT-PLACE-GRID
    Scenario: A card laid landscape shows its first three cells in its top row, the last three below
      # nolcasolca.ja.txt:39: a face is divided into 3 columns across and 2 rows down (横3列、
      # 縦2列), 6 cells; a face lists them row by row with the card landscape (components.yaml
      # map-cards: row-major), so cells 1-3 are the top row and cells 4-6 the bottom row, each
      # left to right. Card 102 face 0 laid landscape (rot 0) at (8, 6), below card 101:
      #   row 8: road/fort plains/creature1 forest
      #   row 9: coast/harbour mountain coast
      Given a new "isle_traces" game with 2 players
      And the isle map:
        """
        101 0 0 6 6 : road road road plains plains plains | forest forest forest forest forest forest
        """
      And the isle card drawn:
        """
        102 : road/fort plains/creature1 forest coast/harbour mountain coast | forest forest forest forest forest forest
        """
      When player 0 plays:
        """
        {"type": "place_card", "face": 0, "rot": 0, "row": 8, "col": 6}
        """
      Then the position has:
        """
        grid.8.6 = "road/fort"
        grid.8.7 = "plains/creature1"
        grid.8.8 = "forest"
        grid.9.6 = "coast/harbour"
        grid.9.7 = "mountain"
        grid.9.8 = "coast"
        """

  Rule: IT-COMP-TERRAIN the terrains are plains, road, mountain, forest and coast

    @IT-COMP-TERRAIN @IT-FEATHER-RESTRICT @reading:feather_restriction=no_explorer
    Scenario: A card placed in play lays its terrains on the map, with or without a symbol
      # nolcasolca.ja.txt:39-45: each cell shows a terrain, a symbol may be drawn over it.
      # 101 at rows 6-7, cols 6-8 shows forests in row 7; seat 1's explorer stands on (7, 7).
      # Card 104 placed at row 8 shows forest forest/creature1 forest / mountain/feather
      # mountain mountain: its three forests, the one under the creature too, are forest and
      # join seat 1's forest line, so the red feather keeps off them; the mountains are open.
      Given a new "isle_traces" game with 2 players
      And the isle map:
        """
        101 0 0 6 6 : road road road forest forest forest | forest forest forest forest forest forest
        """
      And the isle card drawn:
        """
        104 : forest forest/creature1 forest mountain/feather mountain mountain | plains plains plains plains plains plains
        """
      And the position:
        """
        explorers = [{"player": 1, "row": 7, "col": 7}]
        """
      When player 0 plays:
        """
        {"type": "place_card", "face": 0, "rot": 0, "row": 8, "col": 6}
        """
      Then the legal actions do not include:
        """
        {"type": "place_feather", "row": 8, "col": 6}
        """
      And the legal actions do not include:
        """
        {"type": "place_feather", "row": 8, "col": 7}
        """
      And the legal actions do not include:
        """
        {"type": "place_feather", "row": 8, "col": 8}
        """
      And the legal actions include:
        """
        {"type": "place_feather", "row": 9, "col": 7}
        """

  Rule: IT-COMP-SYMBOLS a symbol may be drawn over a cell's terrain

    @IT-COMP-SYMBOLS
    Scenario Outline: A card list with a symbol the cards do not show is refused (<why>)
      # nolcasolca.ja.txt:45-49: the symbols are the fort, the harbour, the red feather and
      # the six creatures; nothing else is drawn over a terrain.
      When a new "isle_traces" game with 2 players is requested with setup:
        """
        {"setup": {"deck": [{"id": 1, "faces": [<face>, ["plains", "plains", "plains", "plains", "plains", "plains"]]}]}}
        """
      Then the request is refused as malformed

      Examples:
        | why                | face                                                        |
        | a castle on a road | ["road/castle", "road", "road", "road", "road", "road"]     |
        | a ship on a coast  | ["coast/ship", "road", "road", "road", "road", "road"]      |

  Rule: IT-COMP-ART a card's closed sides are given per face and cell

    @IT-COMP-ART @IT-COMP-DOUBLE @IT-COMP-GRID
    Scenario Outline: A card list with unusable closed sides is refused (<why>)
      When a new "isle_traces" game with 2 players is requested with setup:
        """
        {"setup": {"deck": [{"id": 1, "faces": [["road", "road", "road", "plains", "plains", "plains"], ["road", "road", "road", "road", "road", "road"]], "closed": <closed>}]}}
        """
      Then the request is refused as malformed

      Examples:
        | why                           | closed                                                            |
        | closed sides for one face     | [["e", "", "", "", "", ""]]                                       |
        | closed sides for three faces  | [["e", "", "", "", "", ""], ["", "", "", "", "", ""], ["", "", "", "", "", ""]] |
        | five cells of closed sides    | [["e", "", "", "", "", ""], ["", "", "", "", ""]]                 |
        | a side that is not n e s w    | [["x", "", "", "", "", ""], ["", "", "", "", "", ""]]             |

  Rule: IT-COMP-DOUBLE a map card has two faces

    @IT-COMP-DOUBLE
    Scenario: A card with one face is refused
      When a new "isle_traces" game with 2 players is requested with setup:
        """
        {"setup": {"deck": [{"id": 1, "faces": [["plains", "plains", "plains", "plains", "plains", "plains"]]}]}}
        """
      Then the request is refused as malformed

  Rule: IT-COMP-COUNTERS the score counters only show the final scores

    @IT-COMP-COUNTERS @IT-SETUP-SCORETRACK @reading:line_points=cells @reading:area_size=15
    Scenario: Scores are only settled when the game is over
      Given a new "isle_traces" game with 2 players
      And the isle map:
        """
        101 0 0 6 6 : road road road plains plains plains | forest forest forest forest forest forest
        """
      And the position:
        """
        phase = "flip"
        explorers = [{"player": 0, "row": 6, "col": 6}]
        deck = []
        """
      Then the outcome has:
        """
        terminal = false
        winners = []
        """
      When player 0 plays:
        """
        {"type": "pass"}
        """
      Then the outcome has:
        """
        terminal = true
        scores = [3, 0]
        winners = [0]
        """
