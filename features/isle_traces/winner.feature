Feature: Isle Traces: the winner and the tie-breaks

  # Card 111 at rows 6-7, columns 6-8:
  #   row 6: forest/creature1 forest mountain
  #   row 7: coast/creature3 coast plains/creature6
  # Lines: forest 2 cells, 1 creature; mountain 1; coast 2 cells, 1 creature; plains 1 cell, 1 creature.

  Background:
    Given a new "isle_traces" game with 2 players
    And the isle map:
      """
      111 0 0 6 6 : forest/creature1 forest mountain coast/creature3 coast plains/creature6 | road road road road road road
      """
    And the position:
      """
      phase = "over"
      deck = []
      """

  Rule: IT-WIN-TIE1 tied players compare the creatures in their longest line

    # Cards 121 and 122 side by side at rows 6-7, columns 6-11:
    #   row 6: road road/creature1 road | road forest forest
    #   row 7: mountain plains/creature2 coast/creature3 | mountain mountain mountain
    # Seat 0: the 4-cell road with 1 creature. Seat 1: the 2-cell forest (no creature),
    # the single plains and the single coast (1 creature each): 4 points, 2 creatures,
    # but none in its longest line.

    @IT-WIN-TIE1 @IT-WIN-ANIMAL @reading:line_points=cells @reading:area_size=15
    Scenario: The creature in the longest line wins before the creature count
      Given the isle map:
        """
        121 0 0 6 6 : road road/creature1 road mountain plains/creature2 coast/creature3 | forest forest forest forest forest forest
        122 0 0 6 9 : road forest forest mountain mountain mountain | forest forest forest forest forest forest
        """
      And "explorers" is [{"player": 0, "row": 6, "col": 6}, {"player": 1, "row": 6, "col": 10}, {"player": 1, "row": 7, "col": 7}, {"player": 1, "row": 7, "col": 8}]
      Then the outcome has:
        """
        scores = [4, 4]
        winners = [0]
        """

    @IT-WIN-TIE1 @IT-WIN-TIE2 @IT-WIN-ANIMAL @reading:line_points=cells @reading:area_size=15
    Scenario: Of two longest lines the one with more creatures counts for the tie-break
      # Three cards: 101 at rows 6-7 cols 6-8, 108 at rows 6-7 cols 9-11, 109 at rows 8-9 cols 6-8.
      #   row 6: road road road | road/fort mountain mountain
      #   row 7: plains plains plains | coast coast/harbour plains/creature2
      #   row 8: forest/creature1 forest coast
      # Seat 0: the mountain (6,10)-(6,11) and the forest (8,6)-(8,7), two longest lines of 2,
      # the forest with a creature: 4 points, 1 creature in its longest line, 1 in all.
      # Seat 1: the plains (7,6)-(7,8), no creature, and the single plains (7,11) with one:
      # 4 points, 0 creatures in its longest line, 1 in all. Seat 0 wins on the first tie-break.
      Given the isle map:
        """
        101 0 0 6 6 : road road road plains plains plains | forest forest forest forest forest forest
        108 0 0 6 9 : road/fort mountain mountain coast coast/harbour plains/creature2 | forest forest forest forest forest forest
        109 0 0 8 6 : forest/creature1 forest coast mountain coast coast | forest forest forest forest forest forest
        """
      And "explorers" is [{"player": 0, "row": 6, "col": 10}, {"player": 0, "row": 8, "col": 7}, {"player": 1, "row": 7, "col": 7}, {"player": 1, "row": 7, "col": 11}]
      Then the outcome has:
        """
        scores = [4, 4]
        winners = [0]
        details.longest_line_creatures = [1, 0]
        details.creatures = [1, 1]
        """

    @IT-WIN-TIE1 @IT-WIN-TIE2 @IT-WIN-ANIMAL @reading:line_points=cells @reading:area_size=15
    Scenario: Of two longest lines the first, with a creature, counts for the tie-break
      # Cards 101 at rows 6-7 cols 6-8 and 108 at rows 6-7 cols 9-11:
      #   row 6: forest/creature1 forest mountain | coast coast coast
      #   row 7: road road plains/creature2 | mountain mountain mountain
      # Seat 0: the forest (6,6)-(6,7) with a creature and the road (7,6)-(7,7) without, two
      # longest lines of 2: 4 points, 1 creature in its longest line, 1 in all. Seat 1: the
      # coast (6,9)-(6,11) and the single plains (7,8) with a creature: 4 points, 0 creatures
      # in its longest line (the coast), 1 in all. Seat 0 wins on the first tie-break.
      Given the isle map:
        """
        101 0 0 6 6 : forest/creature1 forest mountain road road plains/creature2 | forest forest forest forest forest forest
        108 0 0 6 9 : coast coast coast mountain mountain mountain | forest forest forest forest forest forest
        """
      And "explorers" is [{"player": 0, "row": 6, "col": 6}, {"player": 0, "row": 7, "col": 7}, {"player": 1, "row": 6, "col": 10}, {"player": 1, "row": 7, "col": 8}]
      Then the outcome has:
        """
        scores = [4, 4]
        winners = [0]
        details.longest_line_creatures = [1, 0]
        details.creatures = [1, 1]
        """

    @IT-WIN-TIE1 @IT-WIN-TIE2 @IT-WIN-ANIMAL @IT-SCORE-FEATHER @reading:line_points=cells @reading:area_size=15
    Scenario: A longer line the red feather blocks is not the player's longest line
      # nolcasolca.ja.txt:135: tied players compare the creatures of their longest line, read
      # (IT-WIN-TIE1) as the longest of the lines they score; lines 130-132: the line with the
      # red feather scores nothing. Cards 211 and 212 side by side at rows 6-7, columns 6-11:
      #   row 6: road road road | forest/creature2 forest/creature4 forest
      #   row 7: plains/creature1 forest coast | mountain mountain plains
      # Seat 0 scores the single plains (7,6) with creature 1: 1 point, 1 creature in its
      # longest line. Seat 1 scores the single plains (7,11), no creature: 1 point, 0. Seat 1's
      # other explorer stands on the 3-cell forest (6,9)-(6,11) with 2 creatures, but the red
      # feather on (6,11) blocks that line: it is not one of seat 1's lines. Seat 0 wins on
      # the first tie-break; the creatures of scored lines are 1 and 0 (line 136).
      Given the isle map:
        """
        211 0 0 6 6 : road road road plains/creature1 forest coast | forest forest forest forest forest forest
        212 0 0 6 9 : forest/creature2 forest/creature4 forest mountain mountain plains | forest forest forest forest forest forest
        """
      And the position:
        """
        explorers = [{"player": 0, "row": 7, "col": 6}, {"player": 1, "row": 7, "col": 11}, {"player": 1, "row": 6, "col": 10}]
        feather = {"row": 6, "col": 11}
        """
      Then the outcome has:
        """
        scores = [1, 1]
        winners = [0]
        details.longest_line_creatures = [1, 0]
        details.creatures = [1, 0]
        """

    @IT-WIN-TIE1 @IT-WIN-TIE2 @IT-WIN-ANIMAL @IT-SCORE-TIE @reading:line_points=cells @reading:area_size=15
    Scenario: A longer line tied between the players is neither player's longest line
      # nolcasolca.ja.txt:135 as above; lines 127-129: with as many explorers of each player on
      # a line, neither scores it. Same cards 211 and 212 as above, no red feather. Each seat
      # has one explorer on the 3-cell forest (6,9)-(6,11) with 2 creatures: tied, nobody's.
      # Seat 0 scores the single plains (7,6) with creature 1, seat 1 the single plains (7,11)
      # with none: 1 point each, longest-line creatures 1 and 0. Seat 0 wins on the first
      # tie-break.
      Given the isle map:
        """
        211 0 0 6 6 : road road road plains/creature1 forest coast | forest forest forest forest forest forest
        212 0 0 6 9 : forest/creature2 forest/creature4 forest mountain mountain plains | forest forest forest forest forest forest
        """
      And "explorers" is [{"player": 0, "row": 7, "col": 6}, {"player": 0, "row": 6, "col": 9}, {"player": 1, "row": 7, "col": 11}, {"player": 1, "row": 6, "col": 10}]
      Then the outcome has:
        """
        scores = [1, 1]
        winners = [0]
        details.longest_line_creatures = [1, 0]
        details.creatures = [1, 0]
        """

    @IT-WIN-TIE1 @IT-WIN-ANIMAL @reading:line_points=cells
    Scenario: Creatures drawn on coast cells are animals for the tie-break
      # nolcasolca.ja.txt:135: tied players compare the animals (動物) in their longest line;
      # line 49: the six kinds of creature are drawn on road, plains, coast or forest, and
      # IT-WIN-ANIMAL reads the animals as the creature symbols, all six kinds, wherever drawn.
      # Card 113 at rows 6-7, columns 6-8:
      #   row 6: coast/creature3 coast/creature5 mountain
      #   row 7: road/creature1 road forest
      # Seat 0 scores the coast (6,6)-(6,7), 2 points, 2 creatures; seat 1 the road
      # (7,6)-(7,7), 2 points, 1 creature. Tied on 2, seat 0 has more animals in its
      # longest line (2 against 1) and wins.
      Given the isle map:
        """
        113 0 0 6 6 : coast/creature3 coast/creature5 mountain road/creature1 road forest | road road road road road road
        """
      And "explorers" is [{"player": 0, "row": 6, "col": 6}, {"player": 1, "row": 7, "col": 6}]
      Then the outcome has:
        """
        scores = [2, 2]
        winners = [0]
        details.longest_line_creatures = [2, 1]
        """

  Rule: IT-WIN-TIE2 still tied, more creatures win

    @IT-WIN-TIE1 @IT-WIN-TIE2 @IT-WIN-ANIMAL @reading:line_points=cells
    Scenario: Equal points and equal longest-line creatures, more creatures in all win
      Given "explorers" is [{"player": 0, "row": 6, "col": 7}, {"player": 0, "row": 7, "col": 8}, {"player": 1, "row": 7, "col": 7}, {"player": 1, "row": 6, "col": 8}]
      Then the outcome has:
        """
        scores = [3, 3]
        winners = [0]
        """

    @IT-WIN-TIE1 @IT-WIN-TIE2 @IT-WIN-ANIMAL @IT-SCORE-FEATHER @reading:line_points=cells @reading:area_size=15
    Scenario: The creatures of a line the red feather blocks do not count for the second tie-break
      # nolcasolca.ja.txt:136: still tied, more creatures win, read (IT-WIN-TIE2) as the
      # creatures of the lines the player scores; lines 130-132: the line with the red feather
      # scores nothing. Cards 201 and 202 side by side at rows 6-7, columns 6-11:
      #   row 6: road road road | mountain mountain mountain
      #   row 7: plains/creature1 forest coast | forest/creature2 forest plains
      # Seat 0 scores the road (6,6)-(6,8) and the single plains (7,6) with creature 1:
      # 4 points, 0 creatures in its longest line, 1 in all. Seat 1 scores the mountain
      # (6,9)-(6,11) and the single forest (7,7): 4 points, 0 creatures in its longest line,
      # 0 in all; its third explorer stands on the forest (7,9)-(7,10) with creature 2, a line
      # the red feather on (7,10) blocks. Seat 0 wins on the second tie-break.
      Given the isle map:
        """
        201 0 0 6 6 : road road road plains/creature1 forest coast | forest forest forest forest forest forest
        202 0 0 6 9 : mountain mountain mountain forest/creature2 forest plains | forest forest forest forest forest forest
        """
      And the position:
        """
        explorers = [{"player": 0, "row": 6, "col": 7}, {"player": 0, "row": 7, "col": 6}, {"player": 1, "row": 6, "col": 10}, {"player": 1, "row": 7, "col": 7}, {"player": 1, "row": 7, "col": 9}]
        feather = {"row": 7, "col": 10}
        """
      Then the outcome has:
        """
        scores = [4, 4]
        winners = [0]
        details.longest_line_creatures = [0, 0]
        details.creatures = [1, 0]
        """

  Rule: IT-WIN-SHARED a complete tie is a shared victory

    @IT-WIN-SHARED @reading:line_points=cells
    Scenario: Same points, same creatures: both win
      Given "explorers" is [{"player": 0, "row": 6, "col": 7}, {"player": 1, "row": 7, "col": 7}]
      Then the outcome has:
        """
        scores = [2, 2]
        winners = [0, 1]
        """

  Rule: IT-WIN-GOAL the most points by the time all cards are placed

    @IT-WIN-GOAL @reading:line_points=cells
    Scenario: Nobody has won until the last card's turn is over
      # nolcasolca.ja.txt:22-23: the aim is the most points by the time all map cards are
      # placed. The deck is empty but seat 0's turn goes on (action 3): no winner yet. Once it
      # passes, the game is over and seat 0, on the forest (6, 6)-(6, 7), wins with 2.
      Given the position:
        """
        phase = "flip"
        explorers = [{"player": 0, "row": 6, "col": 7}]
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
      Then the game is over
      And the outcome has:
        """
        scores = [2, 0]
        winners = [0]
        """

    @IT-WIN-GOAL @IT-WIN-TIE1 @IT-WIN-ANIMAL @reading:line_points=cells
    Scenario: Two players sharing the top score still leave a winner, by the tie-break
      # nolcasolca.ja.txt:23: the aim is more points than anyone; lines 134-135: the highest
      # score wins, and when two or more are tied on it the one with more creatures in their
      # longest line wins. Cards 101, 108 and 109:
      #   row 6: road road road | road/fort mountain mountain
      #   row 7: plains plains plains | coast coast/harbour plains/creature2
      #   row 8: forest/creature1 forest coast
      #   row 9: mountain coast coast
      # Seat 0 scores the mountain (6,10)-(6,11), 2 points, no creature; seat 1 the forest
      # (8,6)-(8,7), 2 points, 1 creature; seat 2 the single mountain (9,6), 1 point. Nobody
      # has more points than everyone else, and seat 1 wins the tie at the top.
      Given a new "isle_traces" game with 3 players
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
        explorers = [{"player": 0, "row": 6, "col": 10}, {"player": 1, "row": 8, "col": 7}, {"player": 2, "row": 9, "col": 6}]
        """
      Then the outcome has:
        """
        scores = [2, 2, 1]
        winners = [1]
        """

  Rule: IT-WIN-MOST most points win before any tie-break

    @IT-WIN-MOST @reading:line_points=cells
    Scenario: Three points beat two however many creatures
      Given "explorers" is [{"player": 0, "row": 6, "col": 7}, {"player": 0, "row": 6, "col": 8}, {"player": 1, "row": 7, "col": 7}]
      Then the outcome has:
        """
        scores = [3, 2]
        winners = [0]
        """
