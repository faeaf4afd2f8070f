Feature: Isle Traces action 1: placing the drawn map card

  # Card 101 lies landscape at rows 6-7, columns 6-8: roads above, plains below.
  # The drawn card 102 has face 0 = a b c / d e f with
  # a = road/fort, b = plains/creature1, c = forest, d = coast/harbour, e = mountain, f = coast.

  Rule: IT-PLACE-FIRST the start player's first card goes landscape at the centre

    @IT-PLACE-FIRST @IT-PLACE-CENTRE @IT-PLACE-FACE @reading:area_size=15
    Scenario: The first card has exactly four placements, both faces landscape at the centre
      Given a new "isle_traces" game with 2 players
      And the isle card drawn:
        """
        102 : road/fort plains/creature1 forest coast/harbour mountain coast | forest forest forest forest forest forest
        """
      Then the legal actions are exactly:
        """
        [{"actor": 0, "type": "place_card", "face": 0, "rot": 0, "row": 6, "col": 6},
         {"actor": 0, "type": "place_card", "face": 0, "rot": 180, "row": 6, "col": 6},
         {"actor": 0, "type": "place_card", "face": 1, "rot": 0, "row": 6, "col": 6},
         {"actor": 0, "type": "place_card", "face": 1, "rot": 180, "row": 6, "col": 6}]
        """

    @IT-PLACE-FIRST @reading:area_size=15
    Scenario: The first card cannot go off the centre
      Given a new "isle_traces" game with 2 players
      And the isle card drawn:
        """
        102 : road/fort plains/creature1 forest coast/harbour mountain coast | forest forest forest forest forest forest
        """
      When player 0 plays:
        """
        {"type": "place_card", "face": 0, "rot": 0, "row": 5, "col": 5}
        """
      Then the action is rejected citing rule "IT-PLACE-FIRST"

    @IT-PLACE-FIRST @IT-PLACE-CENTRE @reading:allow_portrait=true @reading:area_size=15
    Scenario: The first card cannot be portrait
      Given a new "isle_traces" game with 2 players
      And the isle card drawn:
        """
        102 : road/fort plains/creature1 forest coast/harbour mountain coast | forest forest forest forest forest forest
        """
      When player 0 plays:
        """
        {"type": "place_card", "face": 0, "rot": 90, "row": 6, "col": 6}
        """
      Then the action is rejected citing rule "IT-PLACE-FIRST"

    @IT-PLACE-FIRST @IT-PLACE-CENTRE @IT-PLACE-GRID
    Scenario Outline: A map whose first card is not landscape at the centre cannot be loaded (<why>)
      Given a new "isle_traces" game with 2 players
      And the isle map:
        """
        101 0 0 6 6 : road road road plains plains plains | forest forest forest forest forest forest
        """
      And the position:
        """
        phase = "explore"
        """
      When the position is loaded:
        """
        <edit>
        """
      Then the request is refused as malformed

      Examples:
        | why                        | edit                 |
        | one row up                 | map.0.row = 5        |
        | one column right           | map.0.col = 7        |
        | turned portrait            | map.0.rot = 90       |
        | turned by 45 degrees       | map.0.rot = 45       |
        | a third face               | map.0.face = 2       |
        | no card but phase explore  | map = []             |

    @IT-PLACE-FIRST @IT-PLACE-CENTRE @IT-PLACE-GRID
    Scenario: A first card turned end for end at the centre can be loaded
      Given a new "isle_traces" game with 2 players
      And the isle map:
        """
        101 0 180 6 6 : road road road plains plains plains | forest forest forest forest forest forest
        """
      Then the position has:
        """
        grid.6.6 = "plains"
        grid.7.8 = "road"
        """

  Rule: IT-PLACE-ADJACENT later cards touch the map by a side

    Background:
      Given a new "isle_traces" game with 2 players
      And the isle map:
        """
        101 0 0 6 6 : road road road plains plains plains | forest forest forest forest forest forest
        """
      And the isle card drawn:
        """
        102 : road/fort plains/creature1 forest coast/harbour mountain coast | forest forest forest forest forest forest
        """

    @IT-PLACE-ADJACENT @IT-PLACE-DRAW @IT-PLACE-FACE @IT-PLACE-GRID
    Scenario: A card placed below the first card
      When player 0 plays:
        """
        {"type": "place_card", "face": 0, "rot": 0, "row": 8, "col": 6}
        """
      Then the position has:
        """
        drawn = null
        map.1.id = 102
        grid.8.6 = "road/fort"
        grid.8.8 = "forest"
        grid.9.6 = "coast/harbour"
        grid.9.8 = "coast"
        grid.7.6 = "plains"
        phase = "explore"
        """

    @IT-PLACE-ADJACENT
    Scenario: A card that does not touch the map is refused
      When player 0 plays:
        """
        {"type": "place_card", "face": 0, "rot": 0, "row": 10, "col": 6}
        """
      Then the action is rejected citing rule "IT-PLACE-ADJACENT"

    @IT-PLACE-ADJACENT
    Scenario: A card one empty row below the map does not touch it
      # The first card covers rows 6-7; a card at rows 9-10 leaves row 8 empty between them.
      When player 0 plays:
        """
        {"type": "place_card", "face": 0, "rot": 0, "row": 9, "col": 6}
        """
      Then the action is rejected citing rule "IT-PLACE-ADJACENT"

    @IT-PLACE-ADJACENT
    Scenario: A card one empty row above the map does not touch it
      # The first card covers rows 6-7; a card at rows 3-4 leaves row 5 empty between them.
      When player 0 plays:
        """
        {"type": "place_card", "face": 0, "rot": 0, "row": 3, "col": 6}
        """
      Then the action is rejected citing rule "IT-PLACE-ADJACENT"

    @IT-PLACE-ADJACENT @reading:area_size=15
    Scenario: A card in the area's top-left corner, far from the map, is refused
      When player 0 plays:
        """
        {"type": "place_card", "face": 0, "rot": 0, "row": 0, "col": 0}
        """
      Then the action is rejected citing rule "IT-PLACE-ADJACENT"

    @IT-PLACE-ADJACENT @reading:area_size=15
    Scenario: A map with a card in the area's top-left corner, far from the others, cannot be loaded
      When the position is loaded:
        """
        map = [{"id": 101, "faces": [["road", "road", "road", "plains", "plains", "plains"], ["forest", "forest", "forest", "forest", "forest", "forest"]], "face": 0, "rot": 0, "row": 6, "col": 6}, {"id": 102, "faces": [["road", "road", "road", "road", "road", "road"], ["road", "road", "road", "road", "road", "road"]], "face": 0, "rot": 0, "row": 0, "col": 0}]
        drawn = null
        phase = "explore"
        """
      Then the request is refused as malformed

    @IT-PLACE-ADJACENT @IT-TURN-ORDER
    Scenario: After a card goes below the first card the next card may still go above it
      Given the isle deck:
        """
        104 : coast coast coast coast coast coast | plains plains plains plains plains plains
        """
      When these actions are applied:
        """
        [{"actor": 0, "type": "place_card", "face": 0, "rot": 0, "row": 8, "col": 6},
         {"actor": 0, "type": "pass"},
         {"actor": 0, "type": "pass"},
         {"actor": "chance", "type": "draw", "card": 104, "faces": [["coast", "coast", "coast", "coast", "coast", "coast"], ["plains", "plains", "plains", "plains", "plains", "plains"]]}]
        """
      Then the legal actions include:
        """
        {"actor": 1, "type": "place_card", "face": 0, "rot": 0, "row": 4, "col": 6}
        """
      And the legal actions include:
        """
        {"actor": 1, "type": "place_card", "face": 1, "rot": 0, "row": 6, "col": 3}
        """

    @IT-PLACE-ADJACENT @reading:area_size=15
    Scenario: Touching only at a corner is not adjacent
      When player 0 plays:
        """
        {"type": "place_card", "face": 0, "rot": 0, "row": 8, "col": 9}
        """
      Then the action is rejected citing rule "IT-PLACE-ADJACENT"

    @IT-PLACE-ADJACENT
    Scenario: A map with cards above and to the left of the first card can be loaded
      Given a new "isle_traces" game with 2 players
      And the isle map:
        """
        101 0 0 6 6 : road road road plains plains plains | forest forest forest forest forest forest
        102 0 0 4 6 : coast coast coast mountain mountain mountain | forest forest forest forest forest forest
        103 0 0 6 3 : forest forest forest forest forest forest | plains plains plains plains plains plains
        """
      Then the position has:
        """
        grid.5.6 = "mountain"
        grid.6.5 = "forest"
        grid.4.8 = "coast"
        """

    @IT-PLACE-ADJACENT @IT-PLACE-AREA @reading:area_size=15
    Scenario: A card touching the map only across the area's right edge cannot be loaded
      # cards reach column 14 in rows 6-7; cell (8, 0) follows cell (7, 14) in reading order
      # but the two do not share a side
      Given a new "isle_traces" game with 2 players
      When the position is loaded:
        """
        map = [{"id": 101, "faces": [["road", "road", "road", "road", "road", "road"], ["road", "road", "road", "road", "road", "road"]], "face": 0, "rot": 0, "row": 6, "col": 6}, {"id": 102, "faces": [["road", "road", "road", "road", "road", "road"], ["road", "road", "road", "road", "road", "road"]], "face": 0, "rot": 0, "row": 6, "col": 9}, {"id": 103, "faces": [["road", "road", "road", "road", "road", "road"], ["road", "road", "road", "road", "road", "road"]], "face": 0, "rot": 0, "row": 6, "col": 12}, {"id": 104, "faces": [["road", "road", "road", "road", "road", "road"], ["road", "road", "road", "road", "road", "road"]], "face": 0, "rot": 0, "row": 8, "col": 0}]
        phase = "explore"
        """
      Then the request is refused as malformed

    @IT-PLACE-ADJACENT @IT-PLACE-AREA @reading:area_size=15
    Scenario: A card touching the map only across the area's left edge cannot be loaded
      # cards reach column 0 in rows 6-7; cell (5, 14) comes just before cell (6, 0) in
      # reading order but the two do not share a side
      Given a new "isle_traces" game with 2 players
      When the position is loaded:
        """
        map = [{"id": 101, "faces": [["road", "road", "road", "road", "road", "road"], ["road", "road", "road", "road", "road", "road"]], "face": 0, "rot": 0, "row": 6, "col": 6}, {"id": 102, "faces": [["road", "road", "road", "road", "road", "road"], ["road", "road", "road", "road", "road", "road"]], "face": 0, "rot": 0, "row": 6, "col": 3}, {"id": 103, "faces": [["road", "road", "road", "road", "road", "road"], ["road", "road", "road", "road", "road", "road"]], "face": 0, "rot": 0, "row": 6, "col": 0}, {"id": 104, "faces": [["road", "road", "road", "road", "road", "road"], ["road", "road", "road", "road", "road", "road"]], "face": 0, "rot": 0, "row": 4, "col": 12}]
        phase = "explore"
        """
      Then the request is refused as malformed

  Rule: IT-PLACE-OVERLAP cards may overlap map cards, even completely

    Background:
      Given a new "isle_traces" game with 2 players
      And the isle map:
        """
        101 0 0 6 6 : road road road plains plains plains | forest forest forest forest forest forest
        103 0 0 6 9 : mountain mountain mountain coast coast coast | plains plains plains plains plains plains
        """
      And the isle card drawn:
        """
        102 : road/fort plains/creature1 forest coast/harbour mountain coast | forest forest forest forest forest forest
        """

    @IT-PLACE-OVERLAP @IT-PLACE-OVERLAPRULES
    Scenario: A card partly covering the first card shows on top
      When player 0 plays:
        """
        {"type": "place_card", "face": 0, "rot": 0, "row": 7, "col": 6}
        """
      Then the position has:
        """
        grid.6.6 = "road"
        grid.7.6 = "road/fort"
        grid.7.8 = "forest"
        grid.8.7 = "mountain"
        """

    @IT-PLACE-OVERLAP @IT-PLACE-FULLCOVER @IT-PLACE-FACE
    Scenario: A card may cover a card completely, here with its back face up
      When player 0 plays:
        """
        {"type": "place_card", "face": 1, "rot": 0, "row": 6, "col": 6}
        """
      Then the position has:
        """
        grid.6.6 = "forest"
        grid.7.8 = "forest"
        grid.6.9 = "mountain"
        map.2.face = 1
        """

    @IT-PLACE-OVERLAP @IT-PLACE-OVERLAPRULES
    Scenario: A card may straddle two cards
      When player 0 plays:
        """
        {"type": "place_card", "face": 0, "rot": 0, "row": 6, "col": 8}
        """
      Then the position has:
        """
        grid.6.7 = "road"
        grid.6.8 = "road/fort"
        grid.6.10 = "forest"
        grid.6.11 = "mountain"
        grid.7.9 = "mountain"
        """

    @IT-PLACE-OVERLAP @IT-PLACE-OVERLAPRULES @IT-PLACE-ADJACENT @reading:area_size=15
    Scenario: A card placed in play is partly covered by the next player's card
      # 102 goes below 101 (rows 8-9, cols 6-8); seat 1 then lays 104 at rows 9-10, cols 7-9,
      # covering 102's e and f: the rest of 102 stays visible.
      Given the isle deck:
        """
        104 : coast coast coast coast coast coast | plains plains plains plains plains plains
        """
      When these actions are applied:
        """
        [{"actor": 0, "type": "place_card", "face": 0, "rot": 0, "row": 8, "col": 6},
         {"actor": 0, "type": "pass"},
         {"actor": 0, "type": "pass"},
         {"actor": "chance", "type": "draw", "card": 104, "faces": [["coast", "coast", "coast", "coast", "coast", "coast"], ["plains", "plains", "plains", "plains", "plains", "plains"]]},
         {"actor": 1, "type": "place_card", "face": 0, "rot": 0, "row": 9, "col": 7}]
        """
      Then the position has:
        """
        grid.8.6 = "road/fort"
        grid.8.7 = "plains/creature1"
        grid.8.8 = "forest"
        grid.9.6 = "coast/harbour"
        grid.9.7 = "coast"
        grid.9.8 = "coast"
        grid.9.9 = "coast"
        grid.10.7 = "coast"
        grid.10.9 = "coast"
        current = 1
        """

  Rule: IT-PLACE-NOPIECE a card never covers a piece

    Background:
      Given a new "isle_traces" game with 2 players
      And the isle map:
        """
        101 0 0 6 6 : road road road plains plains plains | forest forest forest forest forest forest
        """
      And the isle card drawn:
        """
        102 : road/fort plains/creature1 forest coast/harbour mountain coast | forest forest forest forest forest forest
        """

    @IT-PLACE-NOPIECE @IT-PLACE-NOPIECE2
    Scenario: A card may not cover an explorer
      Given the position:
        """
        explorers = [{"player": 1, "row": 7, "col": 7}]
        """
      When player 0 plays:
        """
        {"type": "place_card", "face": 0, "rot": 0, "row": 7, "col": 7}
        """
      Then the action is rejected citing rule "IT-PLACE-NOPIECE"

    @IT-PLACE-NOPIECE @IT-PLACE-FULLCOVER @reading:allow_portrait=true
    Scenario: A card may not cover the red feather, not even a full cover
      Given the position:
        """
        feather = {"row": 6, "col": 8}
        """
      Then the legal actions do not include:
        """
        {"type": "place_card", "face": 0, "rot": 0, "row": 6, "col": 6}
        """
      When player 0 plays:
        """
        {"type": "place_card", "face": 0, "rot": 90, "row": 5, "col": 8}
        """
      Then the action is rejected citing rule "IT-PLACE-NOPIECE"

    @IT-PLACE-NOPIECE @reading:area_size=15
    Scenario: With two explorers out a card may cover neither
      # nolcasolca.ja.txt:95-96: a card may not be laid over a cell that already holds a piece,
      # whichever piece. Explorers stand on (6, 6) and (7, 8): the card at rows 5-6, cols 5-7
      # would cover (6, 6), the card at rows 7-8, cols 8-10 would cover (7, 8); the card at
      # rows 4-5, cols 6-8 covers neither and touches the map from above.
      Given the position:
        """
        explorers = [{"player": 1, "row": 6, "col": 6}, {"player": 0, "row": 7, "col": 8}]
        """
      Then the legal actions do not include:
        """
        {"type": "place_card", "face": 0, "rot": 0, "row": 5, "col": 5}
        """
      And the legal actions do not include:
        """
        {"type": "place_card", "face": 0, "rot": 0, "row": 7, "col": 8}
        """
      And the legal actions include:
        """
        {"type": "place_card", "face": 0, "rot": 0, "row": 4, "col": 6}
        """

    @IT-PLACE-NOPIECE @reading:area_size=5
    Scenario: Only the piece's own cell is barred: a card may cover the other cells of its card
      # nolcasolca.ja.txt:95-96 bars the place (場所) where a piece stands, not the card under it.
      # 5 x 5 area: 101 at rows 1-2, cols 1-3, seat 1's explorer on its cell (2, 3). A card at
      # rows 0-1, cols 0-2 (the area's top-left corner) covers 101's free cells (1, 1) and
      # (1, 2); a card at rows 1-2, cols 2-4 would cover (2, 3).
      Given a new "isle_traces" game with 2 players and options:
        """
        {"area_size": 5}
        """
      And the isle map:
        """
        101 0 0 1 1 : road road road plains plains plains | forest forest forest forest forest forest
        """
      And the isle card drawn:
        """
        102 : road/fort plains/creature1 forest coast/harbour mountain coast | forest forest forest forest forest forest
        """
      And the position:
        """
        explorers = [{"player": 1, "row": 2, "col": 3}]
        """
      Then the legal actions include:
        """
        {"type": "place_card", "face": 0, "rot": 0, "row": 0, "col": 0}
        """
      And the legal actions do not include:
        """
        {"type": "place_card", "face": 0, "rot": 0, "row": 1, "col": 2}
        """

  Rule: IT-PLACE-AREA the map stays in the 15 x 15 area

    @IT-PLACE-AREA @reading:area_size=15
    Scenario: A card may not leave the area
      Given a new "isle_traces" game with 2 players
      And the isle map:
        """
        101 0 0 6 6 : road road road plains plains plains | forest forest forest forest forest forest
        103 0 0 8 6 : road road road plains plains plains | forest forest forest forest forest forest
        104 0 0 10 6 : road road road plains plains plains | forest forest forest forest forest forest
        105 0 0 12 6 : road road road plains plains plains | forest forest forest forest forest forest
        """
      And the isle card drawn:
        """
        102 : road/fort plains/creature1 forest coast/harbour mountain coast | forest forest forest forest forest forest
        """
      Then the legal actions include:
        """
        {"type": "place_card", "face": 0, "rot": 0, "row": 13, "col": 6}
        """
      When player 0 plays:
        """
        {"type": "place_card", "face": 0, "rot": 0, "row": 14, "col": 6}
        """
      Then the action is rejected citing rule "IT-PLACE-AREA"

    @IT-PLACE-AREA @reading:area_size=15
    Scenario Outline: A card whose top-left cell lies outside the 15 x 15 area is refused (<where>)
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
        {"type": "place_card", "face": 0, "rot": 0, "row": <row>, "col": <col>}
        """
      Then the action is rejected citing rule "IT-PLACE-AREA"

      Examples:
        | where             | row | col |
        | row 15, one past  | 15  | 6   |
        | column 15         | 6   | 15  |
        | row -1            | -1  | 6   |
        | column -1         | 6   | -1  |

    @IT-PLACE-AREA @reading:area_size=15
    Scenario: A card may fill the area's last three columns, 12 to 14
      Given a new "isle_traces" game with 2 players
      And the isle map:
        """
        101 0 0 6 6 : road road road plains plains plains | forest forest forest forest forest forest
        103 0 0 6 9 : mountain mountain mountain coast coast coast | plains plains plains plains plains plains
        """
      And the isle card drawn:
        """
        102 : road/fort plains/creature1 forest coast/harbour mountain coast | forest forest forest forest forest forest
        """
      Then the legal actions include:
        """
        {"type": "place_card", "face": 0, "rot": 0, "row": 6, "col": 12}
        """

    @IT-PLACE-AREA @reading:area_size=5
    Scenario: An explorer one column past the area's edge is refused, not put on the next row
      # 5 x 5 area: 101 at rows 1-2, cols 1-3 and 103 at rows 0-1, cols 0-2; (0, 5) lies outside
      # the area even though cell (1, 0) of the map is free
      Given a new "isle_traces" game with 2 players and options:
        """
        {"area_size": 5}
        """
      And the isle map:
        """
        101 0 0 1 1 : forest forest forest forest forest forest | forest forest forest forest forest forest
        103 0 0 0 0 : road road road plains plains plains | plains plains plains plains plains plains
        """
      And the position:
        """
        phase = "explore"
        """
      When player 0 plays:
        """
        {"type": "place_explorer", "row": 0, "col": 5}
        """
      Then the action is rejected citing rule "IT-PLACE-AREA"

    @IT-PLACE-AREA @reading:area_size=5
    Scenario: An explorer may go on the area's top-left cell
      # nolcasolca.ja.txt:92-93: the map stays in the area, here 5 x 5 cells, rows and columns
      # 0 to 4. 101 at rows 1-2, cols 1-3 and 103 at rows 0-1, cols 0-2: the map cell (0, 0)
      # is the area's first cell, inside it, so seat 0's explorer may stand there.
      Given a new "isle_traces" game with 2 players and options:
        """
        {"area_size": 5}
        """
      And the isle map:
        """
        101 0 0 1 1 : forest forest forest forest forest forest | forest forest forest forest forest forest
        103 0 0 0 0 : road road road plains plains plains | plains plains plains plains plains plains
        """
      And the position:
        """
        phase = "explore"
        """
      Then the legal actions include:
        """
        {"type": "place_explorer", "row": 0, "col": 0}
        """

    @IT-PLACE-AREA @IT-EXPL-PLACE @IT-FEATHER-MOVE @reading:area_size=5
    Scenario: Pieces on the area's last row and last column can be loaded
      # 5 x 5 area: 101 at rows 1-2, cols 1-3 and 102 at rows 3-4, cols 2-4, so the map reaches
      # the area's last row and column (4); an explorer on the corner cell (4, 4), the red
      # feather on (4, 2), and a re-explored explorer that left (3, 4).
      Given a new "isle_traces" game with 2 players and options:
        """
        {"area_size": 5}
        """
      And the isle map:
        """
        101 0 0 1 1 : forest forest forest forest forest forest | forest forest forest forest forest forest
        102 0 0 3 2 : road road road plains plains plains | plains plains plains plains plains plains
        """
      When the position is loaded:
        """
        phase = "reexplore"
        explorers = [{"player": 1, "row": 4, "col": 4}]
        feather = {"row": 4, "col": 2}
        withdrawn = {"player": 0, "row": 3, "col": 4}
        chips = [false, true]
        """
      Then the position has:
        """
        explorers = [{"player": 1, "row": 4, "col": 4}]
        feather = {"row": 4, "col": 2}
        withdrawn = {"player": 0, "row": 3, "col": 4}
        grid.4.4 = "plains"
        """

    @IT-PLACE-AREA @IT-EXPL-PLACE @IT-FEATHER-MOVE @reading:area_size=5
    Scenario Outline: A piece one row or column past the area's edge cannot be loaded (<piece> at <row>, <col>)
      # 5 x 5 area: 101 at rows 1-2, cols 1-3 and 103 at rows 0-1, cols 0-2; (0, 5) lies outside
      # the area although cell (1, 0) of the map is free
      Given a new "isle_traces" game with 2 players and options:
        """
        {"area_size": 5}
        """
      And the isle map:
        """
        101 0 0 1 1 : forest forest forest forest forest forest | forest forest forest forest forest forest
        103 0 0 0 0 : road road road plains plains plains | plains plains plains plains plains plains
        """
      And the position:
        """
        phase = "explore"
        """
      When the position is loaded:
        """
        <piece> = <value>
        """
      Then the request is refused as malformed

      Examples:
        | piece     | row | col | value                                   |
        | explorers | 0   | 5   | [{"player": 0, "row": 0, "col": 5}]     |
        | explorers | 5   | 1   | [{"player": 0, "row": 5, "col": 1}]     |
        | feather   | 0   | 5   | {"row": 0, "col": 5}                    |
        | feather   | 5   | 1   | {"row": 5, "col": 1}                    |

    @IT-PLACE-AREA
    Scenario Outline: An area of <size> x <size> cells can be asked for
      Given a new "isle_traces" game with 2 players and options:
        """
        {"area_size": <size>}
        """
      Then "options.area_size" is <size>
      And "grid.<last>.<last>" is null

      Examples:
        | size | last |
        | 5    | 4    |
        | 31   | 30   |

    @IT-PLACE-AREA
    Scenario: Each row of a 5 x 5 area holds five cells
      # the first card covers two rows from the centre's top-left cell (1, 1): rows 0, 3 and
      # 4 are empty whether or not it is on the map yet
      Given a new "isle_traces" game with 2 players and options:
        """
        {"area_size": 5}
        """
      Then "grid.0" is [null, null, null, null, null]
      And "grid.3" is [null, null, null, null, null]
      And "grid.4" is [null, null, null, null, null]

    @IT-PLACE-AREA
    Scenario Outline: An area of <size> x <size> cells is refused
      When a new "isle_traces" game with 2 players and options is requested:
        """
        {"area_size": <size>}
        """
      Then the request is refused as malformed

      Examples:
        | size |
        | 4    |
        | 32   |

    @IT-PLACE-AREA @IT-PLACE-CENTRE @reading:area_size=13
    Scenario: In a 13 x 13 area the first card goes to rows 5-6, columns 5-7
      Given a new "isle_traces" game with 2 players and options:
        """
        {"area_size": 13}
        """
      And the isle card drawn:
        """
        102 : road/fort plains/creature1 forest coast/harbour mountain coast | forest forest forest forest forest forest
        """
      Then the legal actions include:
        """
        {"type": "place_card", "face": 0, "rot": 0, "row": 5, "col": 5}
        """
      And the legal actions do not include:
        """
        {"type": "place_card", "row": 6, "col": 6}
        """

    @IT-PLACE-AREA @IT-PLACE-CENTRE @reading:area_size=14
    Scenario: In an even 14 x 14 area the first card goes to rows 6-7, columns 5-7
      # ((14 - 2) // 2, (14 - 3) // 2) = (6, 5): 6 rows above (0-5) and 6 below (8-13),
      # 5 columns left (0-4) and 6 right (8-13)
      Given a new "isle_traces" game with 2 players and options:
        """
        {"area_size": 14}
        """
      And the isle card drawn:
        """
        102 : road/fort plains/creature1 forest coast/harbour mountain coast | forest forest forest forest forest forest
        """
      Then the legal actions are exactly:
        """
        [{"actor": 0, "type": "place_card", "face": 0, "rot": 0, "row": 6, "col": 5},
         {"actor": 0, "type": "place_card", "face": 0, "rot": 180, "row": 6, "col": 5},
         {"actor": 0, "type": "place_card", "face": 1, "rot": 0, "row": 6, "col": 5},
         {"actor": 0, "type": "place_card", "face": 1, "rot": 180, "row": 6, "col": 5}]
        """

    @IT-PLACE-AREA @IT-PLACE-CENTRE @reading:area_size=17
    Scenario: In a 17 x 17 area the first card goes to rows 7-8, columns 7-9
      Given a new "isle_traces" game with 2 players and options:
        """
        {"area_size": 17}
        """
      And the isle card drawn:
        """
        102 : road/fort plains/creature1 forest coast/harbour mountain coast | forest forest forest forest forest forest
        """
      Then the legal actions include:
        """
        {"type": "place_card", "face": 0, "rot": 0, "row": 7, "col": 7}
        """
      And the legal actions do not include:
        """
        {"type": "place_card", "row": 6, "col": 6}
        """

  Rule: IT-PLACE-PORTRAIT later cards may be turned portrait by a quarter turn on the grid

    Background:
      Given a new "isle_traces" game with 2 players
      And the isle map:
        """
        101 0 0 6 6 : road road road plains plains plains | forest forest forest forest forest forest
        """
      And the isle card drawn:
        """
        102 : road/fort plains/creature1 forest coast/harbour mountain coast | forest forest forest forest forest forest
        """

    @IT-PLACE-PORTRAIT @IT-PLACE-GRID @reading:allow_portrait=true
    Scenario: A quarter turn clockwise puts d a / e b / f c in rows 8-10
      When player 0 plays:
        """
        {"type": "place_card", "face": 0, "rot": 90, "row": 8, "col": 6}
        """
      Then the position has:
        """
        grid.8.6 = "coast/harbour"
        grid.8.7 = "road/fort"
        grid.9.6 = "mountain"
        grid.9.7 = "plains/creature1"
        grid.10.6 = "coast"
        grid.10.7 = "forest"
        map.1.rot = 90
        """

    @IT-PLACE-PORTRAIT @IT-PLACE-GRID @reading:allow_portrait=true @reading:area_size=15
    Scenario: Three quarter turns put c f / b e / a d in rows 8-10
      When player 0 plays:
        """
        {"type": "place_card", "face": 0, "rot": 270, "row": 8, "col": 6}
        """
      Then the position has:
        """
        grid.8.6 = "forest"
        grid.8.7 = "coast"
        grid.9.6 = "plains/creature1"
        grid.9.7 = "mountain"
        grid.10.6 = "road/fort"
        grid.10.7 = "coast/harbour"
        """

  Rule: IT-PLACE-GRID a half turn keeps a card landscape on the cell grid

    Background:
      Given a new "isle_traces" game with 2 players
      And the isle map:
        """
        101 0 0 6 6 : road road road plains plains plains | forest forest forest forest forest forest
        """
      And the isle card drawn:
        """
        102 : road/fort plains/creature1 forest coast/harbour mountain coast | forest forest forest forest forest forest
        """

    @IT-PLACE-GRID @IT-PLACE-FACE
    Scenario Outline: A placement of the wrong shape is refused as malformed (<why>)
      When player 0 plays:
        """
        {"type": "place_card", "face": <face>, "rot": <rot>, "row": 8, "col": 6}
        """
      Then the action is refused as malformed

      Examples:
        | why                 | face | rot  |
        | a third face        | 2    | 0    |
        | a 45 degree turn    | 0    | 45   |
        | a text turn         | 0    | "90" |

    @IT-PLACE-GRID
    Scenario Outline: A position whose grid has the wrong shape cannot be loaded (<why>)
      When the position is loaded:
        """
        grid = <grid>
        """
      Then the request is refused as malformed

      Examples:
        | why                 | grid            |
        | a number in a cell  | [[1]]           |
        | an unknown terrain  | [["swamp"]]     |
        | a row not a list    | ["road"]        |

    @IT-PLACE-GRID
    Scenario: A half turn puts f e d / c b a in rows 8-9
      When player 0 plays:
        """
        {"type": "place_card", "face": 0, "rot": 180, "row": 8, "col": 6}
        """
      Then the position has:
        """
        grid.8.6 = "coast"
        grid.8.7 = "mountain"
        grid.8.8 = "coast/harbour"
        grid.9.6 = "forest"
        grid.9.7 = "plains/creature1"
        grid.9.8 = "road/fort"
        """

  Rule: IT-PLACE-PORTRAIT landscape only under the other reading

    @IT-PLACE-PORTRAIT @IT-PLACE-ADJACENT @reading:allow_portrait=false
    Scenario: With allow_portrait false a landscape card must still touch the map
      # rows 10-11 leave rows 8 and 9 empty below the first card (rows 6-7)
      Given a new "isle_traces" game with 2 players and options:
        """
        {"allow_portrait": false}
        """
      And the isle map:
        """
        101 0 0 6 6 : road road road plains plains plains | forest forest forest forest forest forest
        """
      And the isle card drawn:
        """
        102 : road/fort plains/creature1 forest coast/harbour mountain coast | forest forest forest forest forest forest
        """
      Then the legal actions do not include:
        """
        {"type": "place_card", "face": 0, "rot": 0, "row": 10, "col": 6}
        """
      When player 0 plays:
        """
        {"type": "place_card", "face": 0, "rot": 0, "row": 10, "col": 6}
        """
      Then the action is rejected citing rule "IT-PLACE-ADJACENT"

    @IT-PLACE-PORTRAIT @reading:allow_portrait=false @reading:area_size=15
    Scenario: With allow_portrait false a portrait card is refused
      Given a new "isle_traces" game with 2 players and options:
        """
        {"allow_portrait": false}
        """
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
        {"type": "place_card", "face": 0, "rot": 90, "row": 8, "col": 6}
        """
      Then the action is rejected citing rule "IT-PLACE-PORTRAIT"

    @IT-PLACE-PORTRAIT @IT-PLACE-GRID @reading:allow_portrait=false @reading:area_size=15
    Scenario: With allow_portrait false the card may still be laid landscape, either way up
      Given a new "isle_traces" game with 2 players and options:
        """
        {"allow_portrait": false}
        """
      And the isle map:
        """
        101 0 0 6 6 : road road road plains plains plains | forest forest forest forest forest forest
        """
      And the isle card drawn:
        """
        102 : road/fort plains/creature1 forest coast/harbour mountain coast | forest forest forest forest forest forest
        """
      Then the legal actions include:
        """
        {"type": "place_card", "face": 0, "rot": 0, "row": 8, "col": 6}
        """
      And the legal actions include:
        """
        {"type": "place_card", "face": 1, "rot": 180, "row": 4, "col": 6}
        """
      And the legal actions do not include:
        """
        {"type": "place_card", "rot": 90}
        """

    @IT-PLACE-PORTRAIT @IT-PLACE-AREA @reading:allow_portrait=false @reading:area_size=5
    Scenario: With allow_portrait false every landscape corner of a 5 x 5 area is open, no portrait one
      # 101 at rows 1-2, cols 1-3: every 3 x 2 window of the area shares or touches a cell of it
      Given a new "isle_traces" game with 2 players and options:
        """
        {"area_size": 5, "allow_portrait": false}
        """
      And the isle map:
        """
        101 0 0 1 1 : road road road plains plains plains | forest forest forest forest forest forest
        """
      And the isle card drawn:
        """
        102 : road/fort plains/creature1 forest coast/harbour mountain coast | forest forest forest forest forest forest
        """
      Then the legal actions include:
        """
        {"type": "place_card", "face": 0, "rot": 0, "row": 0, "col": 0}
        """
      And the legal actions include:
        """
        {"type": "place_card", "face": 1, "rot": 180, "row": 3, "col": 2}
        """
      And the legal actions do not include:
        """
        {"type": "place_card", "rot": 90, "row": 0, "col": 0}
        """
      And the legal actions do not include:
        """
        {"type": "place_card", "rot": 270, "row": 0, "col": 0}
        """

  Rule: IT-PLACE-NONE a card that fits nowhere is set aside

    Background:
      Given a new "isle_traces" game with 2 players and options:
        """
        {"area_size": 5}
        """
      And the isle map:
        """
        101 0 0 1 1 : road road road plains plains plains | forest forest forest forest forest forest
        103 0 0 3 1 : mountain mountain mountain coast coast coast | plains plains plains plains plains plains
        """
      And the isle card drawn:
        """
        102 : road/fort plains/creature1 forest coast/harbour mountain coast | forest forest forest forest forest forest
        """

    @IT-PLACE-NONE @reading:area_size=5
    Scenario: With every 3 x 2 window of a 5 x 5 area blocked the card is discarded
      Given the position:
        """
        explorers = [{"player": 0, "row": 1, "col": 1}, {"player": 0, "row": 1, "col": 3}, {"player": 0, "row": 3, "col": 1}, {"player": 1, "row": 3, "col": 3}]
        """
      Then the legal actions are exactly:
        """
        [{"actor": 0, "type": "discard"}]
        """
      When player 0 plays:
        """
        {"type": "discard"}
        """
      Then the position has:
        """
        discarded.0.id = 102
        drawn = null
        phase = "explore"
        """

    @IT-PLACE-NONE @reading:area_size=5
    Scenario: A card that fits somewhere cannot be discarded
      When player 0 plays:
        """
        {"type": "discard"}
        """
      Then the action is rejected citing rule "IT-PLACE-NONE"
