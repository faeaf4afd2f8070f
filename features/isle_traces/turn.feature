Feature: Isle Traces turn structure

  Background:
    Given a new "isle_traces" game with 2 players
    And the isle map:
      """
      101 0 0 6 6 : road road road plains plains plains | forest forest forest forest forest forest
      """

  Rule: IT-TURN-ORDER turns go in seat order; only the current player acts

    @IT-TURN-ORDER
    Scenario: Another seat cannot act on seat 0's turn
      Given the position:
        """
        phase = "explore"
        """
      When player 1 plays:
        """
        {"type": "place_explorer", "row": 6, "col": 6}
        """
      Then the action is rejected citing rule "IT-TURN-ORDER"

    @IT-TURN-ORDER
    Scenario: While chance draws, the current player's action is out of turn
      Given the position:
        """
        phase = "draw"
        """
      When player 0 plays:
        """
        {"type": "pass"}
        """
      Then the action is rejected citing rule "IT-TURN-ORDER"

    @IT-TURN-ORDER @IT-TURN-SEQUENCE
    Scenario: After seat 1 of two the turn comes back to seat 0
      Given the position:
        """
        phase = "flip"
        current = 1
        """
      When player 1 plays:
        """
        {"type": "pass"}
        """
      Then the position has:
        """
        current = 0
        phase = "draw"
        to_act = ["chance"]
        """

    @IT-TURN-ORDER @IT-TURN-SEQUENCE @IT-PLACE-DRAW
    Scenario Outline: A position whose turn is impossible cannot be loaded (<why>)
      When the position is loaded:
        """
        phase = "explore"
        <edit>
        """
      Then the request is refused as malformed

      Examples:
        | why                                   | edit                                                                          |
        | a seat the game does not have         | current = 2                                                                   |
        | a negative seat                       | current = -1                                                                  |
        | an unknown phase                      | phase = "dance"                                                               |
        | phase place without a drawn card      | phase = "place"                                                               |
        | a drawn card outside phase place      | drawn = {"id": 102, "faces": [["road", "road", "road", "road", "road", "road"], ["road", "road", "road", "road", "road", "road"]]} |
        | two seats to act                      | to_act = [0, 1]                                                               |
        | a seat 4 to act                       | to_act = [4]                                                                  |
        | to_act not a list                     | to_act = 0                                                                    |

    @IT-TURN-ORDER @IT-TURN-SEQUENCE @IT-END-DECK
    Scenario Outline: A position whose current seat the game does not have cannot be loaded (phase <phase>)
      # Two players are seats 0 and 1, and turns wrap from the last seat to seat 0, so seat 2
      # is never current, whatever the phase: not while a card is drawn or flipped, nor after
      # the last turn.
      When the position is loaded:
        """
        phase = "<phase>"
        current = 2
        deck = <deck>
        """
      Then the request is refused as malformed

      Examples:
        | phase | deck                                                                                                     |
        | draw  | [{"id": 102, "faces": [["road", "road", "road", "road", "road", "road"], ["road", "road", "road", "road", "road", "road"]]}] |
        | flip  | []                                                                                                       |
        | over  | []                                                                                                       |

    @IT-TURN-ORDER @until:example-four-explorers
    Scenario: In a four-player game a position where seat 3 acts is exported and loaded back
      Given a new "isle_traces" game with 4 players
      And the isle map:
        """
        101 0 0 6 6 : road road road plains plains plains | forest forest forest forest forest forest
        """
      And the position:
        """
        phase = "explore"
        current = 3
        """
      And the position:
        """
        explorers = [{"player": 3, "row": 6, "col": 6}]
        """
      Then the position has:
        """
        to_act = [3]
        reserve = [3, 3, 3, 2]
        """
      And the legal actions include:
        """
        {"actor": 3, "type": "place_explorer", "row": 7, "col": 6}
        """

    @IT-TURN-ORDER
    Scenario: In a four-player game an action of seat 4 is refused as malformed
      Given a new "isle_traces" game with 4 players
      And the isle map:
        """
        101 0 0 6 6 : road road road plains plains plains | forest forest forest forest forest forest
        """
      And the position:
        """
        phase = "explore"
        """
      When the action is applied:
        """
        {"actor": 4, "type": "pass"}
        """
      Then the action is refused as malformed

  Rule: IT-TURN-SEQUENCE action 1, then 2, then 3

    @IT-TURN-SEQUENCE
    Scenario: Action 3 cannot come before action 2
      Given the position:
        """
        phase = "explore"
        """
      When player 0 plays:
        """
        {"type": "flip", "card": 101}
        """
      Then the action is rejected citing rule "IT-TURN-SEQUENCE"

    @IT-TURN-SEQUENCE @IT-PLACE-DRAW
    Scenario: The card must be placed before anything else
      Given the isle card drawn:
        """
        102 : coast coast coast coast coast coast | mountain mountain mountain mountain mountain mountain
        """
      When player 0 plays:
        """
        {"type": "place_explorer", "row": 6, "col": 6}
        """
      Then the action is rejected citing rule "IT-TURN-SEQUENCE"

    @IT-TURN-SEQUENCE
    Scenario: Skipping the red feather after action 1 leads to action 2
      # nolcasolca.ja.txt:82-84, 98-99: action 1 places the card, then the red feather may be
      # put when the face shows its icon; that is optional, and action 2 comes next. Card 104
      # face 0 shows the icon; seat 0 places it and passes the red feather.
      Given the isle card drawn:
        """
        104 : mountain/feather mountain mountain forest forest forest | plains plains plains plains plains plains
        """
      When player 0 plays:
        """
        {"type": "place_card", "face": 0, "rot": 0, "row": 8, "col": 6}
        """
      Then "phase" is "place_feather"
      When player 0 plays:
        """
        {"type": "pass"}
        """
      Then the position has:
        """
        current = 0
        phase = "explore"
        feather = null
        """
      And the legal actions include:
        """
        {"type": "place_explorer", "row": 8, "col": 6}
        """

    @IT-TURN-SEQUENCE
    Scenario: Skipping action 2 leads to action 3, skipping it ends the turn
      Given the position:
        """
        phase = "explore"
        """
      When these actions are applied:
        """
        [{"actor": 0, "type": "pass"}]
        """
      Then "phase" is "flip"
      When player 0 plays:
        """
        {"type": "pass"}
        """
      Then the position has:
        """
        phase = "draw"
        current = 1
        """

    @IT-TURN-SEQUENCE @IT-EXPL-PLACE @IT-FLIP-ONE
    Scenario: Placing an explorer (action 2) is followed by a flip (action 3) in the same turn
      # nolcasolca.ja.txt:82-83: action 1 compulsory, actions 2 and 3 both optional, so a
      # player who places an explorer (line 101) may still flip a card (line 110-111).
      # Card 101 at rows 6-7, card 103 at rows 8-9, both columns 6-8; neither overlaps the
      # other. The explorer goes on 101, so 103 (free of pieces) may then be flipped.
      Given the isle map:
        """
        101 0 0 6 6 : road road road plains plains plains | forest forest forest forest forest forest
        103 0 0 8 6 : mountain mountain mountain coast coast coast | forest forest forest plains plains plains
        """
      And the position:
        """
        phase = "explore"
        """
      When player 0 plays:
        """
        {"type": "place_explorer", "row": 6, "col": 6}
        """
      Then the position has:
        """
        current = 0
        phase = "flip"
        """
      And the legal actions include:
        """
        {"type": "flip", "card": 103}
        """
      When player 0 plays:
        """
        {"type": "flip", "card": 103}
        """
      Then the position has:
        """
        map.1.face = 1
        grid.8.6 = "forest"
        grid.9.6 = "plains"
        explorers = [{"player": 0, "row": 6, "col": 6}]
        current = 1
        phase = "draw"
        """

    @IT-TURN-SEQUENCE
    Scenario Outline: An action of the wrong shape is refused as malformed (<why>)
      Given the position:
        """
        phase = "explore"
        """
      When the action is applied:
        """
        <action>
        """
      Then the action is refused as malformed

      Examples:
        | why                   | action                                                        |
        | an unexpected field   | {"actor": 0, "type": "pass", "extra": 1}                      |
        | a missing field       | {"actor": 0, "type": "place_explorer", "row": 6}              |
        | no actor              | {"type": "pass"}                                              |
        | an unknown type       | {"actor": 0, "type": "fly"}                                   |
        | a text card id        | {"actor": 0, "type": "flip", "card": "101"}                   |
        | a text row            | {"actor": 0, "type": "place_explorer", "row": "6", "col": 6}  |
        | a fractional column   | {"actor": 0, "type": "place_explorer", "row": 6, "col": 6.5}  |
        | a text actor          | {"actor": "0", "type": "pass"}                                |
        | a seat 2 of two       | {"actor": 2, "type": "pass"}                                  |
