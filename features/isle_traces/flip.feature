Feature: Isle Traces action 3: flipping a map card

  Rule: IT-FLIP-ONE one card without overlap or pieces may be turned to its other face

    Background:
      Given a new "isle_traces" game with 2 players
      And the isle map:
        """
        101 0 0 6 6 : road road road plains plains plains | forest forest forest forest coast coast
        105 0 0 8 6 : mountain mountain mountain road road road | plains/feather coast coast coast coast coast
        """
      And the position:
        """
        phase = "flip"
        """

    @IT-FLIP-ONE @IT-FLIP-FACE
    Scenario: Seat 0 flips card 101 and the turn passes
      When player 0 plays:
        """
        {"type": "flip", "card": 101}
        """
      Then the position has:
        """
        map.0.face = 1
        grid.6.6 = "forest"
        grid.7.7 = "coast"
        current = 1
        phase = "draw"
        """

    @IT-FLIP-ONE
    Scenario: Flipping is optional
      When player 0 plays:
        """
        {"type": "pass"}
        """
      Then the position has:
        """
        map.0.face = 0
        grid.6.6 = "road"
        current = 1
        """

    @IT-FLIP-ONE
    Scenario: A card that is not on the map cannot be flipped
      # cards 101 and 105 lie on the map, both free to flip; card 102 is not on it
      Then the legal actions do not include:
        """
        {"type": "flip", "card": 102}
        """
      When player 0 plays:
        """
        {"type": "flip", "card": 102}
        """
      Then the action is rejected citing rule "IT-FLIP-ONE"

    @IT-FLIP-ONE @IT-FLIP-CONDITIONS
    Scenario: A card holding a piece cannot be flipped
      Given "explorers" is [{"player": 1, "row": 7, "col": 8}]
      Then the legal actions do not include:
        """
        {"type": "flip", "card": 101}
        """
      When player 0 plays:
        """
        {"type": "flip", "card": 101}
        """
      Then the action is rejected citing rule "IT-FLIP-CONDITIONS"

    @IT-FLIP-ONE @IT-FLIP-CONDITIONS
    Scenario: A card holding the red feather cannot be flipped
      # nolcasolca.ja.txt:111: only a card on which no piece (コマ) stands may be turned; the
      # red feather is a piece too (赤い羽根コマ, lines 34 and 54). It stands on card 101 at
      # (7, 8), so only card 105 may be flipped.
      Given "feather" is {"row": 7, "col": 8}
      Then the legal actions do not include:
        """
        {"type": "flip", "card": 101}
        """
      And the legal actions include:
        """
        {"type": "flip", "card": 105}
        """
      When player 0 plays:
        """
        {"type": "flip", "card": 101}
        """
      Then the action is rejected citing rule "IT-FLIP-CONDITIONS"

    @IT-FLIP-ONE @IT-FLIP-FEATHER
    Scenario: Turning up a red feather icon lets the player move the red feather
      Given "feather" is {"row": 6, "col": 6}
      When player 0 plays:
        """
        {"type": "flip", "card": 105}
        """
      Then "phase" is "flip_feather"
      When player 0 plays:
        """
        {"type": "place_feather", "row": 8, "col": 8}
        """
      Then the position has:
        """
        feather = {"row": 8, "col": 8}
        grid.8.6 = "plains/feather"
        current = 1
        phase = "draw"
        """

    @IT-FLIP-ONE @IT-FLIP-FEATHER @IT-FEATHER-RESTRICT @reading:feather_restriction=no_explorer
    Scenario: The red feather moved by a flip keeps off a line with an explorer
      Given "explorers" is [{"player": 1, "row": 6, "col": 6}]
      When player 0 plays:
        """
        {"type": "flip", "card": 105}
        """
      Then the legal actions include:
        """
        {"type": "place_feather", "row": 8, "col": 8}
        """
      When player 0 plays:
        """
        {"type": "place_feather", "row": 6, "col": 7}
        """
      Then the action is rejected citing rule "IT-FEATHER-RESTRICT"

    @IT-FLIP-ONE @IT-FLIP-FEATHER @IT-FEATHER-RESTRICT @reading:feather_restriction=no_explorer
    Scenario: The cells a flip turns up join the explorer's line the red feather keeps off
      # 101 at rows 6-7: road row above, plains row below. 105 at rows 8-9 turns up plains/feather
      # plains coast / coast coast coast: the plains (7, 6)-(7, 8), (8, 6), (8, 7) are one line
      # with player 1's explorer on (7, 6), so the red feather may not go to (8, 6) or (8, 7).
      Given the isle map:
        """
        101 0 0 6 6 : road road road plains plains plains | forest forest forest forest coast coast
        105 0 0 8 6 : mountain mountain mountain road road road | plains/feather plains coast coast coast coast
        """
      And "explorers" is [{"player": 1, "row": 7, "col": 6}]
      When player 0 plays:
        """
        {"type": "flip", "card": 105}
        """
      Then "phase" is "flip_feather"
      And the legal actions do not include:
        """
        {"type": "place_feather", "row": 8, "col": 7}
        """
      And the legal actions do not include:
        """
        {"type": "place_feather", "row": 8, "col": 6}
        """
      And the legal actions include:
        """
        {"type": "place_feather", "row": 8, "col": 8}
        """

    @IT-FLIP-ONE @IT-FLIP-AGAIN @IT-FLIP-FACE @reading:area_size=15
    Scenario: A card flipped before may be flipped back
      Given "map.0.face" is 1
      When player 0 plays:
        """
        {"type": "flip", "card": 101}
        """
      Then the position has:
        """
        map.0.face = 0
        grid.6.6 = "road"
        """

    @IT-FLIP-ONE @IT-FLIP-CONDITIONS @IT-PLACE-ADJACENT @reading:flip_requires=no_overlap
    Scenario: A card just placed beside the map, covering no card, may be flipped that turn
      Given a new "isle_traces" game with 2 players
      And the isle map:
        """
        101 0 0 6 6 : road road road plains plains plains | forest forest forest forest forest forest
        """
      And the isle card drawn:
        """
        102 : road road road plains plains plains | coast coast coast coast coast coast
        """
      When these actions are applied:
        """
        [{"actor": 0, "type": "place_card", "face": 0, "rot": 0, "row": 8, "col": 6},
         {"actor": 0, "type": "pass"}]
        """
      Then the legal actions include:
        """
        {"type": "flip", "card": 102}
        """

    @IT-FLIP-ONE @IT-FLIP-CONDITIONS @IT-PLACE-OVERLAP @reading:flip_requires=uncovered
    Scenario: Under the uncovered reading a card just placed on top of another may be flipped that turn
      # 102 goes to rows 7-8, covering the plains row of 101 (rows 6-7): 102 lies on top.
      Given a new "isle_traces" game with 2 players and options:
        """
        {"flip_requires": "uncovered"}
        """
      And the isle map:
        """
        101 0 0 6 6 : road road road plains plains plains | forest forest forest forest forest forest
        """
      And the isle card drawn:
        """
        102 : road road road plains plains plains | coast coast coast coast coast coast
        """
      When these actions are applied:
        """
        [{"actor": 0, "type": "place_card", "face": 0, "rot": 0, "row": 7, "col": 6},
         {"actor": 0, "type": "pass"}]
        """
      Then the legal actions include:
        """
        {"type": "flip", "card": 102}
        """
      And the legal actions do not include:
        """
        {"type": "flip", "card": 101}
        """

  Rule: IT-FLIP-CONDITIONS overlapping cards cannot be flipped

    Background:
      Given a new "isle_traces" game with 2 players
      And the isle map:
        """
        101 0 0 6 6 : road road road plains plains plains | forest forest forest forest coast coast
        106 0 0 7 8 : coast coast coast coast coast coast | forest forest forest forest forest forest
        """
      And the position:
        """
        phase = "flip"
        """

    @IT-FLIP-CONDITIONS @reading:flip_requires=no_overlap
    Scenario: Neither the covered card nor the card on top may be flipped
      Then the legal actions are exactly:
        """
        [{"actor": 0, "type": "pass"}]
        """
      When player 0 plays:
        """
        {"type": "flip", "card": 106}
        """
      Then the action is rejected citing rule "IT-FLIP-CONDITIONS"

    @IT-FLIP-CONDITIONS @reading:flip_requires=uncovered @reading:flip_face=other
    Scenario: Under the uncovered reading the card on top may be flipped
      Given "options.flip_requires" is "uncovered"
      Then the legal actions are exactly:
        """
        [{"actor": 0, "type": "pass"}, {"actor": 0, "type": "flip", "card": 106}]
        """

  Rule: IT-FLIP-CONDITIONS a card placed over another overlaps it from then on

    @IT-FLIP-CONDITIONS @IT-PLACE-OVERLAP @reading:flip_requires=no_overlap @reading:area_size=15
    Scenario: After a card is laid over the first card neither may be flipped
      Given a new "isle_traces" game with 2 players
      And the isle map:
        """
        101 0 0 6 6 : road road road plains plains plains | forest forest forest forest coast coast
        """
      And the isle card drawn:
        """
        102 : road/fort plains/creature1 forest coast/harbour mountain coast | forest forest forest forest forest forest
        """
      When these actions are applied:
        """
        [{"actor": 0, "type": "place_card", "face": 0, "rot": 0, "row": 7, "col": 6},
         {"actor": 0, "type": "pass"}]
        """
      Then the legal actions are exactly:
        """
        [{"actor": 0, "type": "pass"}]
        """

  Rule: IT-FLIP-ORIENT the card keeps its place and orientation

    @IT-FLIP-ORIENT @IT-FLIP-FACE @IT-PLACE-GRID @reading:allow_portrait=true @reading:area_size=15
    Scenario: A portrait card flipped stays portrait in the same cells
      Given a new "isle_traces" game with 2 players
      And the isle map:
        """
        101 0 0 6 6 : road road road plains plains plains | forest forest forest forest forest forest
        107 0 90 8 6 : road road road road road road | road/fort plains/creature1 forest coast/harbour mountain coast
        """
      And the position:
        """
        phase = "flip"
        """
      When player 0 plays:
        """
        {"type": "flip", "card": 107}
        """
      Then the position has:
        """
        map.1.rot = 90
        map.1.row = 8
        map.1.col = 6
        grid.8.6 = "coast/harbour"
        grid.8.7 = "road/fort"
        grid.10.6 = "coast"
        grid.10.7 = "forest"
        """

    @IT-FLIP-ORIENT @IT-COMP-ART @reading:line_points=cells @reading:area_size=15
    Scenario: A card turned end for end flipped keeps its turn, the closed sides of its other face too
      # nolcasolca.ja.txt:112: the flipped card keeps its orientation. 101 at rows 6-7, cols
      # 6-8 has a road row above. Card 123 lies at rows 6-7, cols 9-11 turned 180 degrees;
      # face 1 is mountain mountain mountain / road!e road road, so after the flip row 6 shows
      # face cells 5, 4, 3 (IT-PLACE-GRID): road road road!e, and the closed east side of cell
      # 3, turned with the card, faces west. The road (6, 6)-(6, 10) is a line of 5; (6, 11)
      # is a line of 1; seat 1's plains (7, 6)-(7, 8) end at the mountains of row 7: 3. The
      # deck is empty: the flip ends the game.
      Given a new "isle_traces" game with 2 players
      And the isle map:
        """
        101 0 0 6 6 : road road road plains plains plains | forest forest forest forest forest forest
        123 0 180 6 9 : coast coast coast coast coast coast | mountain mountain mountain road!e road road
        """
      And the position:
        """
        phase = "flip"
        deck = []
        explorers = [{"player": 0, "row": 6, "col": 6}, {"player": 1, "row": 7, "col": 6}]
        """
      When player 0 plays:
        """
        {"type": "flip", "card": 123}
        """
      Then the game is over
      And the position has:
        """
        map.1.rot = 180
        grid.6.9 = "road"
        grid.6.11 = "road"
        """
      And the outcome has:
        """
        scores = [5, 3]
        winners = [0]
        """

  Rule: IT-FLIP-FACE a flip shows the other face; under the other reading the same face may go back up

    # Card 105 lies with face 1 up: its red feather icon (plains/feather) shows at row 8,
    # column 6. The red feather stands on card 101, so only card 105 may be flipped.

    Background:
      Given a new "isle_traces" game with 2 players
      And the isle map:
        """
        101 0 0 6 6 : road road road plains plains plains | forest forest forest forest coast coast
        105 1 0 8 6 : mountain mountain mountain road road road | plains/feather coast coast coast coast coast
        """
      And the position:
        """
        phase = "flip"
        feather = {"row": 6, "col": 6}
        """

    @IT-FLIP-FACE @reading:flip_face=other
    Scenario: Putting the same face back up is refused under the other-face reading
      Then the legal actions are exactly:
        """
        [{"actor": 0, "type": "pass"}, {"actor": 0, "type": "flip", "card": 105}]
        """
      When player 0 plays:
        """
        {"type": "flip_same", "card": 105}
        """
      Then the action is rejected citing rule "IT-FLIP-FACE"

    @IT-FLIP-FACE @IT-FLIP-FEATHER @reading:flip_face=any
    Scenario: Under the any-face reading the same feather face goes back up and the red feather moves
      Given "options.flip_face" is "any"
      Then the legal actions are exactly:
        """
        [{"actor": 0, "type": "pass"}, {"actor": 0, "type": "flip", "card": 105},
         {"actor": 0, "type": "flip_same", "card": 105}]
        """
      When player 0 plays:
        """
        {"type": "flip_same", "card": 105}
        """
      Then the position has:
        """
        map.1.face = 1
        grid.8.6 = "plains/feather"
        phase = "flip_feather"
        """
      When player 0 plays:
        """
        {"type": "place_feather", "row": 9, "col": 8}
        """
      Then the position has:
        """
        feather = {"row": 9, "col": 8}
        current = 1
        phase = "draw"
        """
