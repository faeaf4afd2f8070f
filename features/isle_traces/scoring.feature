Feature: Isle Traces: final scoring of lines

  # Three cards: 101 at rows 6-7 cols 6-8, 108 at rows 6-7 cols 9-11, 109 at rows 8-9 cols 6-8.
  #   row 6: road road road | road/fort mountain mountain
  #   row 7: plains plains plains | coast coast/harbour plains/creature2
  #   row 8: forest/creature1 forest coast
  #   row 9: mountain coast coast
  # Lines: road (6,6)-(6,9) 4 cells; plains (7,6)-(7,8) 3; mountain (6,10)-(6,11) 2;
  # coast (7,9)-(7,10) 2; coast (8,8),(9,7),(9,8) 3; forest (8,6)-(8,7) 2; singles (7,11), (9,6).

  Background:
    Given a new "isle_traces" game with 2 players
    And the isle map:
      """
      101 0 0 6 6 : road road road plains plains plains | forest forest forest forest forest forest
      108 0 0 6 9 : road/fort mountain mountain coast coast/harbour plains/creature2 | forest forest forest forest forest forest
      109 0 0 8 6 : forest/creature1 forest coast mountain coast coast | forest forest forest forest forest forest
      """
    And the position:
      """
      phase = "over"
      deck = []
      """

  Rule: IT-SCORE-LINE same terrain joined through sides forms a line worth its cells

    @IT-SCORE-LINE @IT-SCORE-CONNECT @IT-SCORE-POINTS @IT-SCORE-END @IT-SCORE-END2 @IT-SCORE-SYMBOLS @IT-WIN-MOST @IT-WIN-GOAL @reading:line_points=cells
    Scenario: The road across two cards pays 4, the plains pay 3
      Given "explorers" is [{"player": 0, "row": 6, "col": 6}, {"player": 1, "row": 7, "col": 7}]
      Then the outcome has:
        """
        scores = [4, 3]
        winners = [0]
        """

    @IT-SCORE-LINE @IT-SCORE-COAST @reading:coast_diagonal=false @reading:line_points=cells
    Scenario: Coasts meeting only at a corner are two lines
      Given "explorers" is [{"player": 0, "row": 8, "col": 8}, {"player": 1, "row": 7, "col": 9}]
      Then the outcome has:
        """
        scores = [3, 2]
        """

    @IT-SCORE-LINE @IT-SCORE-CONNECT @reading:area_size=5 @reading:line_points=cells
    Scenario: A line along the area's top row and left column keeps all its cells
      # 5 x 5 area: 101 (all forest) at the centre, rows 1-2, cols 1-3; 103 on top at rows 0-1,
      # cols 0-2: coast road road / road road mountain. The road (0,1),(0,2),(1,1),(1,0) is one
      # line of 4 along row 0 and into column 0; the mountain (1,2) is a line of 1.
      Given a new "isle_traces" game with 2 players and options:
        """
        {"area_size": 5}
        """
      And the isle map:
        """
        101 0 0 1 1 : forest forest forest forest forest forest | forest forest forest forest forest forest
        103 0 0 0 0 : coast road road road road mountain | plains plains plains plains plains plains
        """
      And the position:
        """
        phase = "over"
        deck = []
        explorers = [{"player": 0, "row": 1, "col": 0}, {"player": 1, "row": 1, "col": 2}]
        """
      Then the outcome has:
        """
        scores = [4, 1]
        winners = [0]
        """

    @IT-SCORE-LINE @IT-SCORE-CONNECT @reading:line_points=cells
    Scenario: A road running down, across and back up is one line
      # One card at rows 6-7, cols 6-8: road plains road / road road road. The road runs from
      # (6,6) down to (7,6), east along row 7 and up again to (6,8): one line of 5 cells, so
      # player 0's explorer at its start scores all 5, and player 1's on the plains 1.
      Given the isle map:
        """
        101 0 0 6 6 : road plains road road road road | forest forest forest forest forest forest
        """
      And "explorers" is [{"player": 0, "row": 6, "col": 6}, {"player": 1, "row": 6, "col": 7}]
      Then the outcome has:
        """
        scores = [5, 1]
        winners = [0]
        """

    @IT-SCORE-LINE @IT-SCORE-MAJORITY @reading:line_points=cells
    Scenario: Explorers at both upper ends of a U of road share one line
      # The same U of road (6,6), (7,6), (7,7), (7,8), (6,8): player 0 has two explorers on it,
      # at (6,8) and (7,7), player 1 one at (6,6); it is one line, so player 0 scores its 5.
      Given the isle map:
        """
        101 0 0 6 6 : road plains road road road road | forest forest forest forest forest forest
        """
      And "explorers" is [{"player": 0, "row": 6, "col": 8}, {"player": 0, "row": 7, "col": 7}, {"player": 1, "row": 6, "col": 6}]
      Then the outcome has:
        """
        scores = [5, 0]
        winners = [0]
        """

    @IT-SCORE-LINE @IT-SCORE-CONNECT @IT-COMP-ART @reading:line_points=cells
    Scenario: A road U whose drawings close only its outer sides is one line
      # The U of road (6,6), (7,6), (7,7), (7,8), (6,8) on one card: the drawing at (6,6) closes
      # its north and west sides, the one at (6,8) its north and east sides. No side the road
      # runs across is closed, so it is still one line of 5, down from (6,6) and up to (6,8).
      Given the isle map:
        """
        101 0 0 6 6 : road!nw plains road!ne road road road | forest forest forest forest forest forest
        """
      And "explorers" is [{"player": 0, "row": 6, "col": 6}, {"player": 1, "row": 6, "col": 7}]
      Then the outcome has:
        """
        scores = [5, 1]
        winners = [0]
        """

    @IT-SCORE-LINE @IT-FEATHER-RESTRICT @reading:feather_restriction=no_explorer @reading:coast_diagonal=false
    Scenario: The red feather keeps off an explorer's line, joined through sides alone and of one terrain
      # nolcasolca.ja.txt:120-122: a line is cells of the same terrain joined through their
      # sides, not diagonally. Player 0's explorer on the plains (7,8) makes the plains
      # (7,6)-(7,8) its line; player 1's on the coast (9,8) makes (8,8), (9,7), (9,8) its line.
      # The coast (7,9) beside (7,8) is another terrain, and it meets (8,8) only at a corner:
      # it is in neither line, so the red feather may go there; not onto (7,6) nor (9,7).
      Given the position:
        """
        phase = "place_feather"
        explorers = [{"player": 0, "row": 7, "col": 8}, {"player": 1, "row": 9, "col": 8}]
        """
      Then the legal actions include:
        """
        {"type": "place_feather", "row": 7, "col": 9}
        """
      And the legal actions do not include:
        """
        {"type": "place_feather", "row": 7, "col": 6}
        """
      And the legal actions do not include:
        """
        {"type": "place_feather", "row": 9, "col": 7}
        """

  Rule: IT-SCORE-COAST adjacent coast cells are connected, across a corner too under the other reading

    @IT-SCORE-COAST @reading:coast_diagonal=true
    Scenario: Under the diagonal reading the two coasts are one line with a tie
      Given "options.coast_diagonal" is true
      And "explorers" is [{"player": 0, "row": 8, "col": 8}, {"player": 1, "row": 7, "col": 9}]
      Then the outcome has:
        """
        scores = [0, 0]
        winners = [0, 1]
        """

    @IT-SCORE-COAST @reading:coast_diagonal=true @reading:line_points=cells @reading:area_size=15
    Scenario: Under the diagonal reading a V of coast cells is one line, up the corner too
      # One card at rows 6-7, cols 6-8: coast road coast / road coast road. The coast runs
      # (6,6) down to (7,7) and up again to (6,8): one line of 3 cells, all player 0's.
      # Player 1's road at (6,7) touches the other roads only at corners: a line of 1.
      Given the isle map:
        """
        101 0 0 6 6 : coast road coast road coast road | forest forest forest forest forest forest
        """
      And "options.coast_diagonal" is true
      And "explorers" is [{"player": 0, "row": 6, "col": 8}, {"player": 1, "row": 6, "col": 7}]
      Then the outcome has:
        """
        scores = [3, 1]
        winners = [0]
        """

    @IT-SCORE-COAST @reading:coast_diagonal=true @reading:line_points=cells @reading:area_size=15
    Scenario: Under the diagonal reading a zigzag of coast cells is one line, back up a corner too
      # 101 at rows 6-7, cols 6-8: plains plains coast / plains coast plains; 104 at rows 6-7,
      # cols 3-5: plains x5 then coast at (7,5); 103 at rows 8-9, cols 6-8: coast at (8,6), plains.
      # The coast (6,8), (7,7), (8,6), (7,5) joins corner to corner: one line of 4 cells.
      Given the isle map:
        """
        101 0 0 6 6 : plains plains coast plains coast plains | forest forest forest forest forest forest
        104 0 0 6 3 : plains plains plains plains plains coast | forest forest forest forest forest forest
        103 0 0 8 6 : coast plains plains plains plains plains | forest forest forest forest forest forest
        """
      And "options.coast_diagonal" is true
      And "explorers" is [{"player": 0, "row": 7, "col": 5}]
      Then the outcome has:
        """
        scores = [4, 0]
        winners = [0]
        """

    @IT-SCORE-COAST @reading:coast_diagonal=true @reading:area_size=5 @reading:line_points=cells
    Scenario: Under the diagonal reading coast cells join across corners on the area's top row and left column
      # 5 x 5 area: 101 (all forest) at rows 1-2, cols 1-3; 103 at rows 0-1, cols 0-2: coast road
      # coast / road coast road; 104 at rows 2-3, cols 0-2: coast then plains. The coast (0,0),
      # (1,1), (0,2), (2,0) joins corner to corner: one line of 4. Forest (1,3), (2,3): a line of 2.
      Given a new "isle_traces" game with 2 players and options:
        """
        {"area_size": 5, "coast_diagonal": true}
        """
      And the isle map:
        """
        101 0 0 1 1 : forest forest forest forest forest forest | forest forest forest forest forest forest
        103 0 0 0 0 : coast road coast road coast road | plains plains plains plains plains plains
        104 0 0 2 0 : coast plains plains plains plains plains | forest forest forest forest forest forest
        """
      And the position:
        """
        phase = "over"
        deck = []
        explorers = [{"player": 0, "row": 0, "col": 2}, {"player": 1, "row": 1, "col": 3}]
        """
      Then the outcome has:
        """
        scores = [4, 2]
        winners = [0]
        """

    @IT-SCORE-COAST @reading:coast_diagonal=true @reading:area_size=5 @reading:line_points=cells
    Scenario: Under the diagonal reading coast cells on the area's left and right edges stay apart
      # 5 x 5 area: 101 (plains) at rows 1-2, cols 1-3; 102 at rows 3-4, cols 0-2 and 103 over
      # it at rows 3-4, cols 2-4. Row 3 reads coast forest forest forest coast: the coasts at
      # (3, 0) and (3, 4) share neither a side nor a corner, so they are two lines of 1.
      Given a new "isle_traces" game with 2 players and options:
        """
        {"area_size": 5, "coast_diagonal": true}
        """
      And the isle map:
        """
        101 0 0 1 1 : plains plains plains plains plains plains | forest forest forest forest forest forest
        102 0 0 3 0 : coast forest forest forest forest forest | plains plains plains plains plains plains
        103 0 0 3 2 : forest forest coast forest forest forest | plains plains plains plains plains plains
        """
      And the position:
        """
        phase = "over"
        deck = []
        explorers = [{"player": 0, "row": 3, "col": 0}, {"player": 1, "row": 3, "col": 4}]
        """
      Then the outcome has:
        """
        scores = [1, 1]
        winners = [0, 1]
        """

    @IT-SCORE-COAST @reading:coast_diagonal=true @reading:area_size=5 @reading:line_points=cells
    Scenario: Under the diagonal reading coast cells join across corners on the area's bottom row
      # 5 x 5 area: 101 (plains) at rows 1-2, cols 1-3; 102 at rows 3-4, cols 0-2: forest coast
      # forest / coast forest coast. The coast (3,1), (4,0), (4,2) joins corner to corner: one
      # line of 3 along the bottom row, all player 0's.
      Given a new "isle_traces" game with 2 players and options:
        """
        {"area_size": 5, "coast_diagonal": true}
        """
      And the isle map:
        """
        101 0 0 1 1 : plains plains plains plains plains plains | forest forest forest forest forest forest
        102 0 0 3 0 : forest coast forest coast forest coast | plains plains plains plains plains plains
        """
      And the position:
        """
        phase = "over"
        deck = []
        explorers = [{"player": 0, "row": 4, "col": 0}, {"player": 1, "row": 4, "col": 1}]
        """
      Then the outcome has:
        """
        scores = [3, 1]
        winners = [0]
        """

  Rule: IT-SCORE-POINTS a line pays its cells, or 1 under the other reading

    @IT-SCORE-POINTS @reading:line_points=one
    Scenario: Under the one-point reading each line pays 1
      Given "options.line_points" is "one"
      And "explorers" is [{"player": 0, "row": 6, "col": 6}, {"player": 0, "row": 7, "col": 6}]
      Then the outcome has:
        """
        scores = [2, 0]
        """

    @IT-SCORE-POINTS @reading:line_points=cells
    Scenario: Two lines of one player add up their cells
      Given "explorers" is [{"player": 0, "row": 6, "col": 6}, {"player": 0, "row": 7, "col": 6}]
      Then the outcome has:
        """
        scores = [7, 0]
        """

  Rule: IT-SCORE-END at the end each line where one's explorers remain pays once

    @IT-SCORE-END @reading:line_points=cells
    Scenario: Two explorers on the plains pay its 3 cells once
      # nolcasolca.ja.txt:53: at the end a player scores the terrain where their explorers
      # remain; lines 124-126: a line of one terrain with one or more of one's explorers is
      # what scores. Seat 0's two explorers stand on the plains (7,6)-(7,8), 3 cells: it pays
      # 3, not 3 per explorer. Seat 1's one explorer on the mountain (6,10)-(6,11) pays 2.
      Given "explorers" is [{"player": 0, "row": 7, "col": 6}, {"player": 0, "row": 7, "col": 8}, {"player": 1, "row": 6, "col": 10}]
      Then the outcome has:
        """
        scores = [3, 2]
        """

  Rule: IT-SCORE-TERRAINS all five terrains form lines

    @IT-SCORE-TERRAINS @IT-WIN-TIE1 @IT-WIN-ANIMAL @reading:line_points=cells
    Scenario: Mountain and forest lines score; the tie goes to the line with a creature
      Given "explorers" is [{"player": 0, "row": 6, "col": 10}, {"player": 1, "row": 8, "col": 7}]
      Then the outcome has:
        """
        scores = [2, 2]
        winners = [1]
        """

    @IT-SCORE-TERRAINS @IT-SCORE-LINE @IT-SCORE-OWN @IT-SCORE-POINTS @reading:line_points=cells
    Scenario: A road line scores like the other terrains
      # nolcasolca.ja.txt:123: the terrains that form lines are plains, road, forest, mountain
      # and coast (対象：平原、道、森、山、海岸線). Seat 0's explorer on the road (6,6)-(6,9),
      # 4 cells across cards 101 and 108 (the fort on (6,9) is a symbol on the road, line 46);
      # seat 1's on the plains (7,6)-(7,8), 3 cells.
      Given "explorers" is [{"player": 0, "row": 6, "col": 8}, {"player": 1, "row": 7, "col": 6}]
      Then the outcome's lines are exactly:
        """
        [
          {"terrain": "road", "cells": [[6, 6], [6, 7], [6, 8], [6, 9]], "explorers": [1, 0], "feather": false, "owner": 0, "points": 4, "creatures": 0},
          {"terrain": "plains", "cells": [[7, 6], [7, 7], [7, 8]], "explorers": [0, 1], "feather": false, "owner": 1, "points": 3, "creatures": 0}
        ]
        """
      And the outcome has:
        """
        scores = [4, 3]
        winners = [0]
        """

    @IT-SCORE-TERRAINS @IT-FEATHER-RESTRICT @reading:feather_restriction=no_explorer @reading:coast_diagonal=false
    Scenario: Each of the five terrains forms a line the red feather keeps off
      # nolcasolca.ja.txt:123: plains, road, forest, mountain and coast all form lines. One
      # explorer on each: road (6,6), plains (7,7), mountain (6,10), coast (7,9), forest
      # (8,6). The far cell of each line is barred to the red feather; the mountain (9,6) and
      # the coast (8,8), lines without an explorer, are open.
      Given the position:
        """
        phase = "place_feather"
        explorers = [{"player": 0, "row": 6, "col": 6}, {"player": 0, "row": 7, "col": 7}, {"player": 0, "row": 6, "col": 10}, {"player": 1, "row": 7, "col": 9}, {"player": 1, "row": 8, "col": 6}]
        """
      Then the legal actions do not include:
        """
        {"type": "place_feather", "row": 6, "col": 8}
        """
      And the legal actions do not include:
        """
        {"type": "place_feather", "row": 7, "col": 8}
        """
      And the legal actions do not include:
        """
        {"type": "place_feather", "row": 6, "col": 11}
        """
      And the legal actions do not include:
        """
        {"type": "place_feather", "row": 7, "col": 10}
        """
      And the legal actions do not include:
        """
        {"type": "place_feather", "row": 8, "col": 7}
        """
      And the legal actions include:
        """
        {"type": "place_feather", "row": 9, "col": 6}
        """
      And the legal actions include:
        """
        {"type": "place_feather", "row": 8, "col": 8}
        """

  Rule: IT-SCORE-OWN a line scores for the player with explorers on it

    @IT-SCORE-OWN @IT-SCORE-FEATHER @reading:line_points=cells
    Scenario: The red feather blocks its line only
      Given the position:
        """
        explorers = [{"player": 0, "row": 6, "col": 6}, {"player": 0, "row": 7, "col": 6}]
        feather = {"row": 7, "col": 8}
        """
      Then the outcome has:
        """
        scores = [4, 0]
        """

    @IT-SCORE-TIE @IT-SCORE-OWN @reading:line_points=cells
    Scenario: One explorer each on the road pays neither, the plains still pay
      Given "explorers" is [{"player": 0, "row": 6, "col": 6}, {"player": 1, "row": 6, "col": 9}, {"player": 1, "row": 7, "col": 7}]
      Then the outcome has:
        """
        scores = [0, 3]
        winners = [1]
        """

    @IT-SCORE-OWN @IT-SCORE-FEATHER @IT-SCORE-LINE @IT-SCORE-POINTS @IT-WIN-TIE1 @IT-WIN-TIE2 @reading:line_points=cells @reading:area_size=15
    Scenario: The outcome lists each line with an explorer, its owner, points and creatures
      # Road (6,6)-(6,9): player 0's, 4 cells. Plains (7,6)-(7,8): player 0's explorer and the
      # red feather, so nobody's and 0. Forest (8,6)-(8,7): player 1's, 2 cells, 1 creature.
      # The lines with neither an explorer nor the feather are not listed. Player 0's longest
      # line (the road) holds no creature, player 1's (the forest) one.
      Given the position:
        """
        explorers = [{"player": 0, "row": 6, "col": 6}, {"player": 0, "row": 7, "col": 6}, {"player": 1, "row": 8, "col": 7}]
        feather = {"row": 7, "col": 8}
        """
      Then the outcome's lines are exactly:
        """
        [
          {"terrain": "road", "cells": [[6, 6], [6, 7], [6, 8], [6, 9]], "explorers": [1, 0], "feather": false, "owner": 0, "points": 4, "creatures": 0},
          {"terrain": "plains", "cells": [[7, 6], [7, 7], [7, 8]], "explorers": [1, 0], "feather": true, "owner": null, "points": 0, "creatures": 0},
          {"terrain": "forest", "cells": [[8, 6], [8, 7]], "explorers": [0, 1], "feather": false, "owner": 1, "points": 2, "creatures": 1}
        ]
        """
      And the outcome has:
        """
        scores = [4, 2]
        winners = [0]
        details.scores = [4, 2]
        details.longest_line_creatures = [0, 1]
        details.creatures = [0, 1]
        """

    @IT-SCORE-FEATHER @IT-SCORE-OWN @IT-SCORE-LINE @reading:line_points=cells @reading:area_size=15
    Scenario: The outcome lists the line the red feather blocks even without an explorer
      # The red feather on the mountain (6,10)-(6,11), where no explorer stands: listed, owned
      # by nobody. Player 0's explorer on the single plains cell (7,11) with creature 2: 1 point.
      Given the position:
        """
        explorers = [{"player": 0, "row": 7, "col": 11}]
        feather = {"row": 6, "col": 10}
        """
      Then the outcome's lines are exactly:
        """
        [
          {"terrain": "mountain", "cells": [[6, 10], [6, 11]], "explorers": [0, 0], "feather": true, "owner": null, "points": 0, "creatures": 0},
          {"terrain": "plains", "cells": [[7, 11]], "explorers": [1, 0], "feather": false, "owner": 0, "points": 1, "creatures": 1}
        ]
        """
      And the outcome has:
        """
        scores = [1, 0]
        details.longest_line_creatures = [1, 0]
        details.creatures = [1, 0]
        """

    @IT-SCORE-OWN @reading:line_points=cells
    Scenario: Each line holding a player's explorer scores for that player
      # nolcasolca.ja.txt:124-126: a line with one or more of one's explorers scores for one.
      # Player 0's explorers stand on the road (6,6)-(6,9), 4 cells, and the forest
      # (8,6)-(8,7), 2 cells: both lines pay player 0, 4 + 2 = 6. Player 1's on the plains
      # (7,6)-(7,8) pays 3.
      Given "explorers" is [{"player": 0, "row": 6, "col": 7}, {"player": 0, "row": 8, "col": 7}, {"player": 1, "row": 7, "col": 8}]
      Then the outcome has:
        """
        scores = [6, 3]
        winners = [0]
        """

  Rule: IT-SCORE-SYMBOLS symbols give no points

    @IT-WIN-MOST @IT-SCORE-SYMBOLS @reading:line_points=cells @reading:area_size=15
    Scenario: Four points without a creature beat three points with two creatures
      Given "explorers" is [{"player": 0, "row": 6, "col": 6}, {"player": 1, "row": 8, "col": 6}, {"player": 1, "row": 7, "col": 11}]
      Then the outcome has:
        """
        scores = [4, 3]
        winners = [0]
        """

  Rule: IT-SCORE-TIEMULTI with three or four players only a strict maximum scores

    Background:
      Given a new "isle_traces" game with 3 players
      And the isle map:
        """
        101 0 0 6 6 : road road road plains plains plains | forest forest forest forest forest forest
        110 0 0 6 9 : road road road forest forest forest | forest forest forest forest forest forest
        """
      And the position:
        """
        phase = "over"
        deck = []
        """

    @IT-SCORE-TIEMULTI @IT-SCORE-TIE @reading:line_points=cells
    Scenario: Two and two against one on the road pays nobody
      Given "explorers" is [{"player": 0, "row": 6, "col": 6}, {"player": 0, "row": 6, "col": 7}, {"player": 1, "row": 6, "col": 8}, {"player": 1, "row": 6, "col": 9}, {"player": 2, "row": 6, "col": 10}, {"player": 2, "row": 7, "col": 6}]
      Then the outcome has:
        """
        scores = [0, 0, 3]
        winners = [2]
        """

    @IT-SCORE-TIEMULTI @IT-SCORE-MAJORITY @reading:line_points=cells @reading:area_size=15
    Scenario: Two against one and one on the road pays the two
      Given "explorers" is [{"player": 0, "row": 6, "col": 6}, {"player": 0, "row": 6, "col": 7}, {"player": 1, "row": 6, "col": 8}, {"player": 2, "row": 6, "col": 10}]
      Then the outcome has:
        """
        scores = [6, 0, 0]
        """

  Rule: IT-SCORE-CONNECT other terrains join only where their drawings meet, coast always

    # Card 111 at rows 6-7, columns 6-8, card 112 at rows 6-7, columns 9-11: a road runs
    # along row 6 and a coast along row 7 across both cards. On card 111 the drawings of
    # the last cell of both rows stop at its east side (road!e, coast!e): the edge between
    # columns 8 and 9.

    Background:
      Given a new "isle_traces" game with 2 players
      And the isle map:
        """
        111 0 0 6 6 : road road road!e coast coast coast!e | forest forest forest forest forest forest
        112 0 0 6 9 : road road road coast coast coast | forest forest forest forest forest forest
        """
      And the position:
        """
        phase = "over"
        deck = []
        """

    @IT-SCORE-CONNECT @IT-COMP-ART @IT-SCORE-LINE @reading:line_points=cells
    Scenario: A road whose drawing stops at the card edge is two lines of three
      Given "explorers" is [{"player": 0, "row": 6, "col": 6}, {"player": 1, "row": 6, "col": 11}]
      Then the outcome has:
        """
        scores = [3, 3]
        """

    @IT-SCORE-COAST @IT-SCORE-CONNECT @IT-COMP-ART @IT-SCORE-MAJORITY @reading:line_points=cells
    Scenario: Coast cells join across a side their drawings do not cross
      Given "explorers" is [{"player": 0, "row": 7, "col": 6}, {"player": 0, "row": 7, "col": 7}, {"player": 1, "row": 7, "col": 11}]
      Then the outcome has:
        """
        scores = [6, 0]
        """

    @IT-SCORE-CONNECT @IT-FEATHER-RESTRICT @reading:feather_restriction=no_explorer
    Scenario: The red feather may go onto the road beyond the break from an explorer
      Given the position:
        """
        phase = "place_feather"
        explorers = [{"player": 1, "row": 6, "col": 6}]
        """
      Then the legal actions include:
        """
        {"type": "place_feather", "row": 6, "col": 10}
        """
      And the legal actions do not include:
        """
        {"type": "place_feather", "row": 6, "col": 8}
        """

    @IT-SCORE-COAST @IT-SCORE-CONNECT @IT-COMP-ART @IT-FEATHER-RESTRICT @reading:feather_restriction=no_explorer
    Scenario: The red feather keeps off the coast beyond a side its drawings do not cross
      # The coast (7, 6)-(7, 11) is one line although the drawing of (7, 8) stops at its east
      # side: player 1's explorer on (7, 6) bars the whole coast, (7, 9) and (7, 11) too.
      Given the position:
        """
        phase = "place_feather"
        explorers = [{"player": 1, "row": 7, "col": 6}]
        """
      Then the legal actions do not include:
        """
        {"type": "place_feather", "row": 7, "col": 9}
        """
      And the legal actions do not include:
        """
        {"type": "place_feather", "row": 7, "col": 11}
        """
      And the legal actions include:
        """
        {"type": "place_feather", "row": 6, "col": 9}
        """

    @IT-SCORE-CONNECT @IT-COMP-ART @IT-FEATHER-RESTRICT @reading:feather_restriction=no_explorer
    Scenario: The red feather keeps off the whole road west of an explorer at the road's east end
      Given the position:
        """
        phase = "place_feather"
        explorers = [{"player": 1, "row": 6, "col": 8}]
        """
      Then the legal actions do not include:
        """
        {"type": "place_feather", "row": 6, "col": 6}
        """
      And the legal actions do not include:
        """
        {"type": "place_feather", "row": 6, "col": 7}
        """
      And the legal actions include:
        """
        {"type": "place_feather", "row": 6, "col": 9}
        """

    @IT-SCORE-CONNECT @IT-COMP-ART @IT-SCORE-LINE @reading:line_points=cells
    Scenario: A road whose drawing stops at a cell's south side does not join the road below
      # Card 114 at rows 6-7, columns 6-8: road!s road road / road plains plains. The road
      # (6, 6)-(6, 8) is a line of 3; the drawing of (6, 6) does not cross its south side, so
      # the road at (7, 6) is a line of 1.
      Given a new "isle_traces" game with 2 players
      And the isle map:
        """
        114 0 0 6 6 : road!s road road road plains plains | forest forest forest forest forest forest
        """
      And the position:
        """
        phase = "over"
        deck = []
        explorers = [{"player": 0, "row": 7, "col": 6}, {"player": 1, "row": 6, "col": 8}]
        """
      Then the outcome has:
        """
        scores = [1, 3]
        winners = [1]
        """

    @IT-SCORE-CONNECT @IT-COMP-ART @IT-FLIP-ONE @reading:line_points=cells
    Scenario: A flipped card shows the drawings of its other face
      # 101 at rows 6-7, cols 6-8: a road row above. Card 116 at rows 6-7, cols 9-11: face 0's
      # road at (6, 9) stops at its west side; face 1's road runs through. Flipping 116 makes
      # the road (6, 6)-(6, 11) one line of 6; the deck is empty, so the game ends.
      Given a new "isle_traces" game with 2 players
      And the isle map:
        """
        101 0 0 6 6 : road road road plains plains plains | forest forest forest forest forest forest
        116 0 0 6 9 : road!w road road coast coast coast | road road road coast coast coast
        """
      And the position:
        """
        phase = "flip"
        deck = []
        explorers = [{"player": 0, "row": 6, "col": 6}, {"player": 1, "row": 7, "col": 6}]
        """
      Then the outcome has:
        """
        scores = [3, 3]
        """
      When player 0 plays:
        """
        {"type": "flip", "card": 116}
        """
      Then the game is over
      And the outcome has:
        """
        scores = [6, 3]
        winners = [0]
        """

    @IT-SCORE-CONNECT @IT-COMP-ART @IT-SCORE-LINE @reading:line_points=cells
    Scenario: A road running east-west under another road does not join it
      # Card 121 at rows 6-7, columns 6-8: road plains plains / road!ns road road. The drawing
      # of (7, 6) crosses neither its north nor its south side: the road (6, 6) above it is a
      # line of 1, the road (7, 6)-(7, 8) a line of 3.
      Given a new "isle_traces" game with 2 players
      And the isle map:
        """
        121 0 0 6 6 : road plains plains road!ns road road | forest forest forest forest forest forest
        """
      And the position:
        """
        phase = "over"
        deck = []
        explorers = [{"player": 0, "row": 6, "col": 6}, {"player": 1, "row": 7, "col": 8}]
        """
      Then the outcome has:
        """
        scores = [1, 3]
        winners = [1]
        """

    @IT-SCORE-CONNECT @IT-COMP-ART @IT-SCORE-LINE @reading:line_points=cells
    Scenario: A road bending round a plains cell stops at a closed north side
      # Card 120 at rows 6-7, columns 6-8: road plains road / road road!n road!n. The road runs
      # (6, 6) down to (7, 6) and east to (7, 8): the closed north sides of (7, 7) and (7, 8)
      # face the plains and the road (6, 8), which is therefore a line of 1; the bend is 4.
      Given a new "isle_traces" game with 2 players
      And the isle map:
        """
        120 0 0 6 6 : road plains road road road!n road!n | forest forest forest forest forest forest
        """
      And the position:
        """
        phase = "over"
        deck = []
        explorers = [{"player": 0, "row": 6, "col": 6}, {"player": 1, "row": 6, "col": 8}]
        """
      Then the outcome has:
        """
        scores = [4, 1]
        winners = [0]
        """

    @IT-SCORE-CONNECT @IT-COMP-ART @IT-PLACE-ADJACENT @IT-END-DECK @reading:line_points=cells
    Scenario: A card placed in play brings its closed sides onto the map
      # 101 at rows 6-7, cols 6-8: a road row above plains. The last card, 116, is drawn and
      # placed at rows 6-7, cols 9-11, face 0: its road at (6, 9) stops at its west side, so
      # the road (6, 6)-(6, 8) stays a line of 3 for player 0; player 1's plains pay 3.
      Given a new "isle_traces" game with 2 players
      And the isle map:
        """
        101 0 0 6 6 : road road road plains plains plains | forest forest forest forest forest forest
        """
      And the isle card drawn:
        """
        116 : road!w road road coast coast coast | road road road coast coast coast
        """
      And the position:
        """
        deck = []
        explorers = [{"player": 0, "row": 6, "col": 6}, {"player": 1, "row": 7, "col": 6}]
        """
      When these actions are applied:
        """
        [{"actor": 0, "type": "place_card", "face": 0, "rot": 0, "row": 6, "col": 9},
         {"actor": 0, "type": "pass"},
         {"actor": 0, "type": "pass"}]
        """
      Then the game is over
      And the outcome has:
        """
        scores = [3, 3]
        winners = [0, 1]
        """

    @IT-SCORE-CONNECT @IT-COMP-ART @IT-SCORE-LINE @reading:line_points=cells
    Scenario: Beside a card with closed sides a card without them joins on every side
      # 101 (no closed sides) at rows 6-7, cols 6-8 holds a U of road: (6,6), (7,6), (7,7),
      # (7,8), (6,8), one line of 5. Card 112 at rows 6-7, cols 9-11 is all forest, the
      # drawing of (6, 9) closing its north side: a forest line of 6.
      Given a new "isle_traces" game with 2 players
      And the isle map:
        """
        101 0 0 6 6 : road plains road road road road | forest forest forest forest forest forest
        112 0 0 6 9 : forest!n forest forest forest forest forest | forest forest forest forest forest forest
        """
      And the position:
        """
        phase = "over"
        deck = []
        explorers = [{"player": 0, "row": 6, "col": 6}, {"player": 1, "row": 6, "col": 10}]
        """
      Then the outcome has:
        """
        scores = [5, 6]
        winners = [1]
        """

  Rule: IT-COMP-ART the closed sides of a drawing turn with its card

    # Card 101 at rows 6-7, columns 6-8 joins on every side. Card 113 lies at rows 6-7,
    # columns 9-11 turned 180 degrees: its face cells 5, 4, 3 show in row 6 at columns 9,
    # 10, 11, and the east side of cell 5 (road!e) now faces west, toward column 8.

    @IT-COMP-ART @IT-SCORE-CONNECT @IT-PLACE-GRID @reading:line_points=cells @reading:area_size=15
    Scenario: A side closed on a card turned end for end faces the other way
      Given a new "isle_traces" game with 2 players
      And the isle map:
        """
        101 0 0 6 6 : road road road coast coast coast | forest forest forest forest forest forest
        113 0 180 6 9 : coast coast coast road road road!e | forest forest forest forest forest forest
        """
      And the position:
        """
        phase = "over"
        explorers = [{"player": 0, "row": 6, "col": 6}, {"player": 1, "row": 6, "col": 11}]
        deck = []
        """
      Then the outcome has:
        """
        scores = [3, 3]
        """
      And the position has:
        """
        grid.6.9 = "road"
        map.1.closed = [["", "", "", "", "", "e"], ["", "", "", "", "", ""]]
        """

    @IT-COMP-ART @IT-SCORE-CONNECT @reading:line_points=cells @reading:area_size=15
    Scenario: A closed north side does not stop a road joining to the west
      # Card 101 at rows 6-7, cols 6-8: plains plains road / road!n road!n road. The road runs
      # (6,8) down to (7,8), then west through (7,7) to (7,6): the closed north sides face the
      # plains, not the road, so it is one line of 4. The plains (6,6), (6,7) are a line of 2.
      Given a new "isle_traces" game with 2 players
      And the isle map:
        """
        101 0 0 6 6 : plains plains road road!n road!n road | forest forest forest forest forest forest
        """
      And the position:
        """
        phase = "over"
        explorers = [{"player": 0, "row": 7, "col": 6}, {"player": 1, "row": 6, "col": 6}]
        deck = []
        """
      Then the outcome has:
        """
        scores = [4, 2]
        winners = [0]
        """

    @IT-COMP-ART @IT-SCORE-CONNECT @IT-PLACE-GRID @reading:line_points=cells
    Scenario: A south side closed on a card turned end for end faces north
      # 101 at rows 6-7, cols 6-8: plains above, a road row (7, 6)-(7, 8) below. Card 115 lies
      # at rows 8-9, cols 6-8 turned 180 degrees: its face cell 5 (road!s) shows at (8, 6)
      # with the closed side now facing north, toward (7, 6). The road (8, 6) is a line of 1.
      Given a new "isle_traces" game with 2 players
      And the isle map:
        """
        101 0 0 6 6 : plains plains plains road road road | forest forest forest forest forest forest
        115 0 180 8 6 : forest forest forest forest forest road!s | forest forest forest forest forest forest
        """
      And the position:
        """
        phase = "over"
        deck = []
        explorers = [{"player": 0, "row": 8, "col": 6}, {"player": 1, "row": 7, "col": 8}]
        """
      Then the outcome has:
        """
        scores = [1, 3]
        winners = [1]
        """
      And "grid.8.6" is "road"

