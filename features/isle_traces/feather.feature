Feature: Isle Traces: the red feather

  # Card 101 at rows 6-7, columns 6-8: a road line above, a plains line below.
  # The drawn card 104 shows a red feather icon on face 0 only; placed at row 8 it puts
  # mountain/feather mountain mountain in row 8 and three forests in row 9.

  Background:
    Given a new "isle_traces" game with 2 players
    And the isle map:
      """
      101 0 0 6 6 : road road road plains plains plains | forest forest forest forest forest forest
      """
    And the isle card drawn:
      """
      104 : mountain/feather mountain mountain forest forest forest | plains plains plains plains plains plains
      """

  Rule: IT-FEATHER-ICON placing a feather face lets the player put the red feather on any cell

    @IT-FEATHER-ICON @IT-COMP-FEATHER @IT-FEATHER-FACEUP
    Scenario: The placer puts the red feather on a plains cell
      When these actions are applied:
        """
        [{"actor": 0, "type": "place_card", "face": 0, "rot": 0, "row": 8, "col": 6},
         {"actor": 0, "type": "place_feather", "row": 7, "col": 7}]
        """
      Then the position has:
        """
        feather = {"row": 7, "col": 7}
        phase = "explore"
        grid.7.7 = "plains"
        """

    @IT-FEATHER-ICON
    Scenario: Putting the red feather is optional
      When these actions are applied:
        """
        [{"actor": 0, "type": "place_card", "face": 0, "rot": 0, "row": 8, "col": 6},
         {"actor": 0, "type": "pass"}]
        """
      Then the position has:
        """
        feather = null
        phase = "explore"
        """

    @IT-FEATHER-ICON @reading:area_size=5
    Scenario: The red feather may go on the area's top-left cell
      Given a new "isle_traces" game with 2 players and options:
        """
        {"area_size": 5}
        """
      And the isle map:
        """
        101 0 0 1 1 : forest forest forest forest forest forest | forest forest forest forest forest forest
        """
      And the isle card drawn:
        """
        104 : mountain/feather mountain mountain forest forest forest | plains plains plains plains plains plains
        """
      When player 0 plays:
        """
        {"type": "place_card", "face": 0, "rot": 0, "row": 0, "col": 0}
        """
      Then the legal actions include:
        """
        {"type": "place_feather", "row": 0, "col": 0}
        """
      When player 0 plays:
        """
        {"type": "place_feather", "row": 0, "col": 0}
        """
      Then the position has:
        """
        feather = {"row": 0, "col": 0}
        phase = "explore"
        """

  Rule: IT-FEATHER-FACEUP only with the icon face up

    @IT-FEATHER-FACEUP
    Scenario: The face without the icon gives no red feather
      When these actions are applied:
        """
        [{"actor": 0, "type": "place_card", "face": 1, "rot": 0, "row": 8, "col": 6},
         {"actor": 0, "type": "place_feather", "row": 7, "col": 7}]
        """
      Then the action is rejected citing rule "IT-TURN-SEQUENCE"

  Rule: IT-FEATHER-RESTRICT only on a line without explorers

    @IT-FEATHER-RESTRICT @IT-EXPL-PLACE
    Scenario: The red feather goes onto a map cell, not beside the map
      When player 0 plays:
        """
        {"type": "place_card", "face": 0, "rot": 0, "row": 8, "col": 6}
        """
      And player 0 plays:
        """
        {"type": "place_feather", "row": 10, "col": 6}
        """
      Then the action is rejected citing rule "IT-EXPL-PLACE"

    @IT-FEATHER-RESTRICT @reading:feather_restriction=no_explorer
    Scenario: The red feather cannot go onto a line where an explorer stands
      Given the position:
        """
        explorers = [{"player": 1, "row": 6, "col": 6}]
        """
      When player 0 plays:
        """
        {"type": "place_card", "face": 0, "rot": 0, "row": 8, "col": 6}
        """
      Then the legal actions do not include:
        """
        {"type": "place_feather", "row": 6, "col": 7}
        """
      And the legal actions include:
        """
        {"type": "place_feather", "row": 7, "col": 7}
        """
      When player 0 plays:
        """
        {"type": "place_feather", "row": 6, "col": 8}
        """
      Then the action is rejected citing rule "IT-FEATHER-RESTRICT"

    @IT-FEATHER-RESTRICT @IT-FEATHER-MOVE @reading:feather_restriction=no_explorer
    Scenario: Under the no-explorer reading the red feather may move along its own line, not onto seat 0's
      # seat 0's explorer stands on the road (6, 6)-(6, 8); the red feather on the plains
      # (7, 6)-(7, 8), where no explorer stands
      Given the position:
        """
        explorers = [{"player": 0, "row": 6, "col": 6}]
        feather = {"row": 7, "col": 6}
        """
      When player 0 plays:
        """
        {"type": "place_card", "face": 0, "rot": 0, "row": 8, "col": 6}
        """
      Then the legal actions include:
        """
        {"type": "place_feather", "row": 7, "col": 8}
        """
      And the legal actions do not include:
        """
        {"type": "place_feather", "row": 6, "col": 8}
        """

    @IT-FEATHER-RESTRICT @reading:feather_restriction=no_explorer
    Scenario: Each explorer's line is barred, also one beside another explorer's line
      # 118 at rows 6-7, cols 6-8: road road road / plains road plains; 119 at rows 8-9,
      # cols 6-8: plains then forests. Seat 0's road line (6, 6)-(6, 8), (7, 7) lies beside
      # seat 1's plains line (7, 6)-(8, 6); the plains (7, 8) is a line without explorers.
      Given a new "isle_traces" game with 2 players
      And the isle map:
        """
        118 0 0 6 6 : road road road plains road plains | forest forest forest forest forest forest
        119 0 0 8 6 : plains forest forest forest forest forest | forest forest forest forest forest forest
        """
      And the position:
        """
        phase = "place_feather"
        explorers = [{"player": 0, "row": 6, "col": 6}, {"player": 1, "row": 7, "col": 6}]
        """
      Then the legal actions do not include:
        """
        {"type": "place_feather", "row": 8, "col": 6}
        """
      And the legal actions do not include:
        """
        {"type": "place_feather", "row": 7, "col": 7}
        """
      And the legal actions include:
        """
        {"type": "place_feather", "row": 7, "col": 8}
        """

    @IT-FEATHER-RESTRICT @reading:feather_restriction=no_explorer @reading:area_size=15
    Scenario: A line grown by the card just placed is still the explorer's line
      # 101 shows road road road / forest forest forest; 104 turned 180 degrees at rows 8-9 puts
      # forest forest forest in row 8 (joining the forests of row 7) and mountain mountain
      # mountain/feather in row 9. Seat 1's explorer stands on the forest at (7,7).
      Given the isle map:
        """
        101 0 0 6 6 : road road road forest forest forest | forest forest forest forest forest forest
        """
      And the position:
        """
        explorers = [{"player": 1, "row": 7, "col": 7}]
        """
      When player 0 plays:
        """
        {"type": "place_card", "face": 0, "rot": 180, "row": 8, "col": 6}
        """
      Then the legal actions do not include:
        """
        {"type": "place_feather", "row": 8, "col": 7}
        """
      And the legal actions include:
        """
        {"type": "place_feather", "row": 9, "col": 7}
        """

    @IT-FEATHER-RESTRICT @reading:feather_restriction=no_explorer @reading:area_size=5
    Scenario: Under the no-explorer reading a line without explorers stays open, also on the area's top-left cell
      # 5 x 5 area: 101 (forest) at rows 1-2, cols 1-3; 103 at rows 0-1, cols 0-2 shows
      # plains plains mountain / forest forest forest. Seat 1's explorer on the forest (2, 2)
      # bars the whole forest line, (1, 0) on card 103 included; the plains line (0, 0)-(0, 1)
      # holds no explorer, so the red feather may go on its cell (0, 0).
      Given a new "isle_traces" game with 2 players and options:
        """
        {"area_size": 5, "feather_restriction": "no_explorer"}
        """
      And the isle map:
        """
        101 0 0 1 1 : forest forest forest forest forest forest | forest forest forest forest forest forest
        103 0 0 0 0 : plains plains mountain forest forest forest | forest forest forest forest forest forest
        """
      And the position:
        """
        phase = "place_feather"
        explorers = [{"player": 1, "row": 2, "col": 2}]
        """
      Then the legal actions include:
        """
        {"type": "place_feather", "row": 0, "col": 0}
        """
      And the legal actions do not include:
        """
        {"type": "place_feather", "row": 1, "col": 0}
        """

    @IT-FEATHER-RESTRICT @reading:feather_restriction=other_line
    Scenario: Under the other-line reading the red feather must leave its line
      Given the position:
        """
        options.feather_restriction = "other_line"
        explorers = [{"player": 1, "row": 6, "col": 6}]
        feather = {"row": 7, "col": 6}
        """
      When these actions are applied:
        """
        [{"actor": 0, "type": "place_card", "face": 0, "rot": 0, "row": 8, "col": 6},
         {"actor": 0, "type": "place_feather", "row": 7, "col": 8}]
        """
      Then the action is rejected citing rule "IT-FEATHER-RESTRICT"
      When player 0 plays:
        """
        {"type": "place_feather", "row": 6, "col": 7}
        """
      Then "feather" is {"row": 6, "col": 7}

    @IT-FEATHER-RESTRICT @reading:feather_restriction=other_line @reading:area_size=5
    Scenario: Under the other-line reading the red feather on the area's top-left cell must leave its line
      # 5 x 5 area: 101 (forest) at rows 1-2, cols 1-3; 103 at rows 0-1, cols 0-2 shows
      # plains plains mountain / forest forest forest. The red feather on (0, 0) stands on the
      # plains line (0, 0)-(0, 1).
      Given a new "isle_traces" game with 2 players and options:
        """
        {"area_size": 5, "feather_restriction": "other_line"}
        """
      And the isle map:
        """
        101 0 0 1 1 : forest forest forest forest forest forest | forest forest forest forest forest forest
        103 0 0 0 0 : plains plains mountain forest forest forest | forest forest forest forest forest forest
        """
      And the position:
        """
        phase = "place_feather"
        feather = {"row": 0, "col": 0}
        """
      Then the legal actions do not include:
        """
        {"type": "place_feather", "row": 0, "col": 1}
        """
      And the legal actions include:
        """
        {"type": "place_feather", "row": 0, "col": 2}
        """

    @IT-FEATHER-RESTRICT @reading:feather_restriction=none
    Scenario: Under the unrestricted reading the red feather may join an explorer's line
      Given the position:
        """
        options.feather_restriction = "none"
        explorers = [{"player": 1, "row": 6, "col": 6}]
        """
      When these actions are applied:
        """
        [{"actor": 0, "type": "place_card", "face": 0, "rot": 0, "row": 8, "col": 6},
         {"actor": 0, "type": "place_feather", "row": 6, "col": 7}]
        """
      Then "feather" is {"row": 6, "col": 7}

    @IT-FEATHER-RESTRICT @IT-SCORE-COAST @reading:feather_restriction=no_explorer @reading:coast_diagonal=false
    Scenario: The red feather may go onto a coast that meets an explorer's coast only at a corner
      # Card 117 at rows 6-7, cols 6-8: coast plains plains / plains coast plains. The coasts
      # (6, 6) and (7, 7) meet at a corner only: two lines under the orthogonal reading.
      Given a new "isle_traces" game with 2 players
      And the isle map:
        """
        117 0 0 6 6 : coast plains plains plains coast plains | forest forest forest forest forest forest
        """
      And the position:
        """
        phase = "place_feather"
        explorers = [{"player": 0, "row": 6, "col": 6}]
        """
      Then the legal actions include:
        """
        {"type": "place_feather", "row": 7, "col": 7}
        """
      And the legal actions do not include:
        """
        {"type": "place_feather", "row": 6, "col": 6}
        """

    @IT-FEATHER-RESTRICT @IT-SCORE-COAST @reading:feather_restriction=no_explorer @reading:coast_diagonal=true
    Scenario: Under the diagonal reading the red feather keeps off a coast joined at a corner to an explorer's
      # Card 117 at rows 6-7, cols 6-8: coast plains plains / plains coast plains. The coasts
      # (6, 6) and (7, 7) meet at a corner: one line under the diagonal reading.
      Given a new "isle_traces" game with 2 players
      And the isle map:
        """
        117 0 0 6 6 : coast plains plains plains coast plains | forest forest forest forest forest forest
        """
      And the position:
        """
        options.coast_diagonal = true
        phase = "place_feather"
        explorers = [{"player": 0, "row": 6, "col": 6}]
        """
      Then the legal actions do not include:
        """
        {"type": "place_feather", "row": 7, "col": 7}
        """
      And the legal actions include:
        """
        {"type": "place_feather", "row": 7, "col": 6}
        """

  Rule: IT-FEATHER-MOVE the one red feather moves; it shares no cell

    @IT-FEATHER-MOVE @IT-COMP-FEATHER @reading:feather_restriction=no_explorer
    Scenario: Putting the red feather again moves it and frees its old cell
      Given the position:
        """
        feather = {"row": 7, "col": 6}
        """
      When player 0 plays:
        """
        {"type": "place_card", "face": 0, "rot": 0, "row": 8, "col": 6}
        """
      Then the legal actions do not include:
        """
        {"type": "place_feather", "row": 7, "col": 6}
        """
      And the legal actions include:
        """
        {"type": "place_feather", "row": 7, "col": 7}
        """
      When player 0 plays:
        """
        {"type": "place_feather", "row": 9, "col": 6}
        """
      Then "feather" is {"row": 9, "col": 6}
      And the legal actions include:
        """
        {"type": "place_explorer", "row": 7, "col": 6}
        """

    @IT-FEATHER-MOVE @IT-EXPL-ONEPERCELL @reading:feather_restriction=none
    Scenario: The red feather cannot share a cell with an explorer
      Given the position:
        """
        options.feather_restriction = "none"
        explorers = [{"player": 1, "row": 6, "col": 6}]
        """
      When these actions are applied:
        """
        [{"actor": 0, "type": "place_card", "face": 0, "rot": 0, "row": 8, "col": 6},
         {"actor": 0, "type": "place_feather", "row": 6, "col": 6}]
        """
      Then the action is rejected citing rule "IT-EXPL-ONEPERCELL"

    @IT-FEATHER-MOVE @IT-EXPL-PLACE @reading:area_size=5
    Scenario: The red feather moved away from the area's top-left cell frees it
      # 5 x 5 area: 101 (forest) at rows 1-2, cols 1-3; 103 at rows 0-1, cols 0-2 (plains). The
      # red feather stands on (0, 0); a feather face put again lets it move to (2, 3).
      Given a new "isle_traces" game with 2 players and options:
        """
        {"area_size": 5}
        """
      And the isle map:
        """
        101 0 0 1 1 : forest forest forest forest forest forest | forest forest forest forest forest forest
        103 0 0 0 0 : plains plains plains plains plains plains | forest forest forest forest forest forest
        """
      And the position:
        """
        phase = "place_feather"
        feather = {"row": 0, "col": 0}
        """
      When player 0 plays:
        """
        {"type": "place_feather", "row": 2, "col": 3}
        """
      Then "feather" is {"row": 2, "col": 3}
      And the legal actions include:
        """
        {"type": "place_explorer", "row": 0, "col": 0}
        """
      When player 0 plays:
        """
        {"type": "place_explorer", "row": 0, "col": 0}
        """
      Then "explorers" is [{"player": 0, "row": 0, "col": 0}]

  Rule: IT-FEATHER-NOSCORE a line with the red feather scores nothing

    @IT-FEATHER-OBSTRUCT @IT-FEATHER-NOSCORE @IT-FEATHER-LINE @IT-SCORE-FEATHER @reading:line_points=cells
    Scenario: The road line with the red feather pays nobody
      Given the position:
        """
        phase = "over"
        drawn = null
        explorers = [{"player": 0, "row": 6, "col": 6}, {"player": 1, "row": 7, "col": 6}]
        feather = {"row": 6, "col": 8}
        deck = []
        """
      Then the outcome has:
        """
        scores = [0, 3]
        winners = [1]
        """

  Rule: IT-FEATHER-OBSTRUCT the red feather obstructs its line's points, not its exploring

    @IT-FEATHER-OBSTRUCT
    Scenario: An explorer may still be placed on the line with the red feather
      # nolcasolca.ja.txt:55: the red feather is an obstruction; line 58: the line where it
      # stands scores nothing in the end (最終的に); line 105: an explorer may be placed
      # anywhere (置く場所は自由). The red feather on (6,8) of the road (6,6)-(6,8) does not close
      # that road's other cells to seat 0's explorer.
      Given the position:
        """
        phase = "explore"
        drawn = null
        feather = {"row": 6, "col": 8}
        """
      Then the legal actions include:
        """
        {"type": "place_explorer", "row": 6, "col": 6}
        """
      And the legal actions include:
        """
        {"type": "place_explorer", "row": 6, "col": 7}
        """
