Feature: Isle Traces action 2: explorers

  # Card 101 at rows 6-7, columns 6-8: a road line above, a plains line below.

  Background:
    Given a new "isle_traces" game with 2 players
    And the isle map:
      """
      101 0 0 6 6 : road road road plains plains plains | forest forest forest forest forest forest
      """
    And the position:
      """
      phase = "explore"
      """

  Rule: IT-EXPL-PLACE an explorer may be put on a map cell

    @IT-EXPL-PLACE @IT-EXPL-FREE @until:example-four-explorers
    Scenario: Seat 0 puts an explorer on a plains cell
      When player 0 plays:
        """
        {"type": "place_explorer", "row": 7, "col": 8}
        """
      Then the position has:
        """
        explorers = [{"player": 0, "row": 7, "col": 8}]
        reserve = [2, 3]
        phase = "flip"
        """

    @IT-EXPL-PLACE @until:example-four-explorers
    Scenario: Placing an explorer is optional
      When player 0 plays:
        """
        {"type": "pass"}
        """
      Then the position has:
        """
        explorers = []
        reserve = [3, 3]
        phase = "flip"
        """

    @IT-EXPL-PLACE
    Scenario: An explorer goes on the map, not beside it
      When player 0 plays:
        """
        {"type": "place_explorer", "row": 8, "col": 6}
        """
      Then the action is rejected citing rule "IT-EXPL-PLACE"

    @IT-EXPL-PLACE @IT-EXPL-ONEPERCELL @IT-COMP-PLAYERS
    Scenario Outline: A position with an explorer that cannot be there cannot be loaded (<why>)
      When the position is loaded:
        """
        <edit>
        feather = <feather>
        """
      Then the request is refused as malformed

      Examples:
        | why                               | edit                                                                                  | feather              |
        | off the map                       | explorers = [{"player": 0, "row": 8, "col": 6}]                                       | null                 |
        | two explorers on one cell         | explorers = [{"player": 0, "row": 6, "col": 6}, {"player": 1, "row": 6, "col": 6}]    | null                 |
        | an explorer on the red feather    | explorers = [{"player": 0, "row": 7, "col": 7}]                                       | {"row": 7, "col": 7} |
        | the red feather off the map       | explorers = []                                                                        | {"row": 5, "col": 6} |
        | a seat the game does not have     | explorers = [{"player": 2, "row": 6, "col": 6}]                                       | null                 |
        | an explorer of no seat            | explorers = [{"row": 6, "col": 6}]                                                    | null                 |
        | an explorer with an extra field   | explorers = [{"player": 0, "row": 6, "col": 6, "tier": 1}]                            | null                 |

  Rule: IT-EXPL-MAX at most 3 explorers out

    @IT-EXPL-MAX @until:example-four-explorers
    Scenario: A fourth explorer cannot be placed
      Given the position:
        """
        explorers = [{"player": 0, "row": 6, "col": 6}, {"player": 0, "row": 6, "col": 7}, {"player": 0, "row": 6, "col": 8}]
        """
      Then "reserve" is [0, 3]
      And the legal actions do not include:
        """
        {"type": "place_explorer", "row": 7, "col": 6}
        """
      When player 0 plays:
        """
        {"type": "place_explorer", "row": 7, "col": 6}
        """
      Then the action is rejected citing rule "IT-EXPL-MAX"

    @IT-EXPL-MAX @until:example-four-explorers
    Scenario: With two explorers out the third may still be placed
      Given the position:
        """
        explorers = [{"player": 0, "row": 6, "col": 6}, {"player": 0, "row": 6, "col": 7}]
        """
      Then "reserve" is [1, 3]
      And the legal actions include:
        """
        {"type": "place_explorer", "row": 7, "col": 6}
        """

    @IT-EXPL-MAX @until:example-four-explorers
    Scenario: With two explorers out the third is placed and the supply is empty
      Given the position:
        """
        explorers = [{"player": 0, "row": 6, "col": 6}, {"player": 0, "row": 6, "col": 7}]
        """
      When player 0 plays:
        """
        {"type": "place_explorer", "row": 7, "col": 6}
        """
      Then the position has:
        """
        reserve = [0, 3]
        """

    @IT-EXPL-MAX @IT-COMP-EXPLORERS @until:example-four-explorers
    Scenario: A position with one seat's supply empty is exported and loaded back
      Given the position:
        """
        explorers = [{"player": 0, "row": 6, "col": 6}, {"player": 0, "row": 6, "col": 7}, {"player": 0, "row": 6, "col": 8}]
        """
      And the position:
        """
        feather = {"row": 7, "col": 8}
        """
      Then the position has:
        """
        reserve = [0, 3]
        feather = {"row": 7, "col": 8}
        """

    @IT-EXPL-MAX @IT-COMP-EXPLORERS @until:example-four-explorers
    Scenario: A position with four explorers of one seat out cannot be loaded
      When the position is loaded:
        """
        explorers = [{"player": 0, "row": 6, "col": 6}, {"player": 0, "row": 6, "col": 7}, {"player": 0, "row": 6, "col": 8}, {"player": 0, "row": 7, "col": 6}]
        """
      Then the request is refused as malformed

  Rule: IT-EXPL-FREE explorers are never moved

    @IT-EXPL-FREE
    Scenario: Explorers stay where they are while the turn goes on
      Given the position:
        """
        explorers = [{"player": 1, "row": 6, "col": 6}]
        """
      When these actions are applied:
        """
        [{"actor": 0, "type": "place_explorer", "row": 7, "col": 7},
         {"actor": 0, "type": "pass"}]
        """
      Then the position has:
        """
        explorers = [{"player": 1, "row": 6, "col": 6}, {"player": 0, "row": 7, "col": 7}]
        current = 1
        """

  Rule: IT-EXPL-ONEPERCELL one piece per cell

    @IT-EXPL-ONEPERCELL
    Scenario: An explorer cannot join another on its cell
      Given the position:
        """
        explorers = [{"player": 1, "row": 6, "col": 6}]
        """
      When player 0 plays:
        """
        {"type": "place_explorer", "row": 6, "col": 6}
        """
      Then the action is rejected citing rule "IT-EXPL-ONEPERCELL"

    @IT-EXPL-ONEPERCELL
    Scenario: An explorer cannot stand on the red feather
      Given the position:
        """
        feather = {"row": 7, "col": 7}
        """
      When player 0 plays:
        """
        {"type": "place_explorer", "row": 7, "col": 7}
        """
      Then the action is rejected citing rule "IT-EXPL-ONEPERCELL"

  Rule: IT-EXPL-ONEPERTURN one explorer per turn

    @IT-EXPL-ONEPERTURN
    Scenario: A second explorer in the same turn is refused
      When these actions are applied:
        """
        [{"actor": 0, "type": "place_explorer", "row": 6, "col": 6},
         {"actor": 0, "type": "place_explorer", "row": 7, "col": 6}]
        """
      Then the action is rejected citing rule "IT-TURN-SEQUENCE"

  Rule: IT-EXPL-ONLY points are scored only where explorers were placed

    @IT-EXPL-ONLY @reading:line_points=cells
    Scenario: The explorers are counted on the line where they were placed
      # nolcasolca.ja.txt:4: points are scored only where explorers were placed. Seat 0's two
      # explorers stand on the road (6,6)-(6,8): that line counts them, 2 for seat 0, and pays
      # its 3 cells; the plains (7,6)-(7,8), where no explorer was placed, is not listed.
      Given the position:
        """
        phase = "over"
        explorers = [{"player": 0, "row": 6, "col": 6}, {"player": 0, "row": 6, "col": 8}]
        deck = []
        """
      Then the outcome's lines are exactly:
        """
        [
          {"terrain": "road", "cells": [[6, 6], [6, 7], [6, 8]], "explorers": [2, 0], "feather": false, "owner": 0, "points": 3, "creatures": 0}
        ]
        """
      And the outcome has:
        """
        scores = [3, 0]
        """

    @IT-EXPL-ONLY @reading:line_points=cells
    Scenario: A line pays its cells on every card, not only on the card where the explorer stands
      # nolcasolca.ja.txt:4: points are scored only where explorers were placed; lines 120-126:
      # what scores is a line, the cells of one terrain joined through their sides, with one's
      # explorer on it. Card 101 at rows 6-7, columns 6-8 and card 108 beside it at columns
      # 9-11: the road (6,6)-(6,9) runs across both. Seat 0's explorer on (6,8), on card 101,
      # places it on that line, which pays all its 4 cells, the one on card 108 too.
      Given the isle map:
        """
        101 0 0 6 6 : road road road plains plains plains | forest forest forest forest forest forest
        108 0 0 6 9 : road/fort mountain mountain coast coast/harbour plains/creature2 | forest forest forest forest forest forest
        """
      And the position:
        """
        phase = "over"
        explorers = [{"player": 0, "row": 6, "col": 8}]
        deck = []
        """
      Then the outcome's lines are exactly:
        """
        [
          {"terrain": "road", "cells": [[6, 6], [6, 7], [6, 8], [6, 9]], "explorers": [1, 0], "feather": false, "owner": 0, "points": 4, "creatures": 0}
        ]
        """
      And the outcome has:
        """
        scores = [4, 0]
        """

  Rule: IT-EXPL-NEED points only where one's explorers are

    @IT-EXPL-ONLY @IT-EXPL-NEED @IT-SCORE-OWN @reading:line_points=cells
    Scenario: Only lines with one's explorer score
      Given the position:
        """
        phase = "over"
        explorers = [{"player": 0, "row": 7, "col": 6}]
        deck = []
        """
      Then the outcome has:
        """
        scores = [3, 0]
        """

  Rule: IT-EXPL-MAJORITY more explorers win the line

    @IT-EXPL-MAJORITY @IT-SCORE-MAJORITY @reading:line_points=cells
    Scenario: Two explorers beat one on the road line
      Given the position:
        """
        phase = "over"
        explorers = [{"player": 0, "row": 6, "col": 6}, {"player": 1, "row": 6, "col": 7}, {"player": 0, "row": 6, "col": 8}]
        deck = []
        """
      Then the outcome has:
        """
        scores = [3, 0]
        winners = [0]
        """

    @IT-EXPL-MAJORITY @IT-SCORE-MAJORITY @reading:line_points=cells
    Scenario: Seat 1's two explorers beat seat 0's one on the road line
      Given the position:
        """
        phase = "over"
        explorers = [{"player": 0, "row": 6, "col": 6}, {"player": 1, "row": 6, "col": 7}, {"player": 1, "row": 6, "col": 8}]
        deck = []
        """
      Then the outcome has:
        """
        scores = [0, 3]
        winners = [1]
        """

    @IT-EXPL-MAJORITY @IT-SCORE-TIE
    Scenario: One explorer each on the road line pays nobody
      Given the position:
        """
        phase = "over"
        explorers = [{"player": 0, "row": 6, "col": 6}, {"player": 1, "row": 6, "col": 8}]
        deck = []
        """
      Then the outcome has:
        """
        scores = [0, 0]
        """
