Feature: Isle Traces: re-exploration

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
      explorers = [{"player": 0, "row": 6, "col": 6}, {"player": 1, "row": 6, "col": 7}]
      """

  Rule: IT-REEXP-ONCE once per game an explorer is withdrawn and placed again at once

    @IT-REEXP-ONCE @IT-REEXP-SAME
    Scenario: Re-exploring a map cell without an explorer is refused
      When player 0 plays:
        """
        {"type": "reexplore", "row": 7, "col": 7}
        """
      Then the action is rejected citing rule "IT-REEXP-SAME"

    @IT-REEXP-ONCE @IT-REEXP-CHIP @IT-REEXP-SAME @IT-REEXP-TIMING @IT-SETUP-CHIP @until:example-four-explorers
    Scenario: Seat 0 moves its own explorer from the road to the plains
      When player 0 plays:
        """
        {"type": "reexplore", "row": 6, "col": 6}
        """
      Then the position has:
        """
        phase = "reexplore"
        withdrawn = {"player": 0, "row": 6, "col": 6}
        chips = [false, true]
        """
      When player 0 plays:
        """
        {"type": "reexplore_place", "row": 7, "col": 6}
        """
      Then the position has:
        """
        explorers = [{"player": 1, "row": 6, "col": 7}, {"player": 0, "row": 7, "col": 6}]
        withdrawn = null
        reserve = [2, 2]
        phase = "flip"
        """

    @IT-REEXP-ONCE
    Scenario: A used chip cannot be used again
      Given "chips" is [false, true]
      When player 0 plays:
        """
        {"type": "reexplore", "row": 6, "col": 6}
        """
      Then the action is rejected citing rule "IT-REEXP-ONCE"

    @IT-REEXP-ONCE @IT-REEXP-CHIP
    Scenario: A used chip offers no re-exploration
      # Free map cells remain, but seat 0's chip is used: no explorer may be withdrawn.
      Given "chips" is [false, true]
      Then the legal actions do not include:
        """
        {"type": "reexplore", "row": 6, "col": 6}
        """
      And the legal actions do not include:
        """
        {"type": "reexplore", "row": 6, "col": 7}
        """
      And the legal actions include:
        """
        {"type": "place_explorer", "row": 7, "col": 6}
        """

    @IT-REEXP-ONCE @IT-REEXP-SAME
    Scenario: The withdrawn explorer must be placed again at once
      When player 0 plays:
        """
        {"type": "reexplore", "row": 6, "col": 6}
        """
      Then the legal actions do not include:
        """
        {"type": "pass"}
        """
      When player 0 plays:
        """
        {"type": "pass"}
        """
      Then the action is rejected citing rule "IT-TURN-SEQUENCE"

    @IT-REEXP-ONCE @IT-REEXP-SAME @IT-REEXP-TIMING
    Scenario Outline: A re-exploration the rules cannot reach cannot be loaded (<why>)
      When the position is loaded:
        """
        phase = <phase>
        withdrawn = <withdrawn>
        chips = <chips>
        """
      Then the request is refused as malformed

      Examples:
        | why                                  | phase        | withdrawn                              | chips          |
        | the chip is still unused             | "reexplore"  | {"player": 0, "row": 7, "col": 8}      | [true, true]   |
        | an explorer in hand after action 2   | "flip"       | {"player": 0, "row": 7, "col": 8}      | [false, true]  |
        | a re-exploration with nothing in hand | "reexplore" | null                                   | [false, true]  |
        | it left a cell off the map           | "reexplore"  | {"player": 0, "row": 8, "col": 6}      | [false, true]  |
        | it left a cell another piece holds   | "reexplore"  | {"player": 0, "row": 6, "col": 7}      | [false, true]  |
        | it belongs to no seat of the game    | "reexplore"  | {"player": 2, "row": 7, "col": 8}      | [false, true]  |
        | it belongs to nobody                 | "reexplore"  | {"row": 7, "col": 8}                   | [false, true]  |

    @IT-REEXP-ONCE @IT-REEXP-SAME @IT-EXPL-MAX @until:example-four-explorers
    Scenario: A position with three explorers of seat 0 out besides the one it moves cannot be loaded
      When the position is loaded:
        """
        phase = "reexplore"
        explorers = [{"player": 0, "row": 6, "col": 6}, {"player": 1, "row": 6, "col": 7}, {"player": 0, "row": 6, "col": 8}, {"player": 0, "row": 7, "col": 6}]
        withdrawn = {"player": 0, "row": 7, "col": 8}
        chips = [false, true]
        """
      Then the request is refused as malformed

  Rule: IT-REEXP-CHIP the chip withdraws an explorer and places it elsewhere

    @IT-REEXP-CHIP @reading:reexplore_any=true
    Scenario: The chip withdraws an explorer, never the red feather
      # nolcasolca.ja.txt:67: the chip is used to withdraw an explorer (探索コマ) and place it
      # elsewhere. The red feather on (7, 7) is not an explorer: it is not listed to withdraw.
      Given the position:
        """
        feather = {"row": 7, "col": 7}
        """
      Then the legal actions do not include:
        """
        {"type": "reexplore", "row": 7, "col": 7}
        """
      And the legal actions include:
        """
        {"type": "reexplore", "row": 6, "col": 6}
        """

  Rule: IT-REEXP-ELSEWHERE the explorer goes to another cell

    @IT-REEXP-ELSEWHERE
    Scenario: The explorer cannot return to the cell it left
      When these actions are applied:
        """
        [{"actor": 0, "type": "reexplore", "row": 6, "col": 6},
         {"actor": 0, "type": "reexplore_place", "row": 6, "col": 6}]
        """
      Then the action is rejected citing rule "IT-REEXP-ELSEWHERE"

    @IT-REEXP-ELSEWHERE @IT-EXPL-ONEPERCELL
    Scenario: The withdrawn explorer cannot go onto another explorer
      When these actions are applied:
        """
        [{"actor": 0, "type": "reexplore", "row": 6, "col": 6},
         {"actor": 0, "type": "reexplore_place", "row": 6, "col": 7}]
        """
      Then the action is rejected citing rule "IT-EXPL-ONEPERCELL"

    @IT-REEXP-ELSEWHERE @IT-EXPL-PLACE
    Scenario: The withdrawn explorer goes back onto the map, not beside it
      When these actions are applied:
        """
        [{"actor": 0, "type": "reexplore", "row": 6, "col": 6},
         {"actor": 0, "type": "reexplore_place", "row": 8, "col": 6}]
        """
      Then the action is rejected citing rule "IT-EXPL-PLACE"

    @IT-REEXP-ELSEWHERE
    Scenario: The withdrawn explorer is offered every free cell but the one it left
      # nolcasolca.ja.txt:108: the explorer is placed again somewhere else (別の場所). Seat 0
      # withdraws its explorer from the road (6, 6): that cell is not offered, the free
      # plains (7, 6) is.
      When player 0 plays:
        """
        {"type": "reexplore", "row": 6, "col": 6}
        """
      Then the legal actions do not include:
        """
        {"type": "reexplore_place", "row": 6, "col": 6}
        """
      And the legal actions include:
        """
        {"type": "reexplore_place", "row": 7, "col": 6}
        """

    @IT-REEXP-ELSEWHERE @IT-REEXP-ONCE @IT-EXPL-ONEPERCELL
    Scenario: A re-exploration with no other free cell to go to cannot be loaded
      # every cell of card 101 but (7, 8), the one the explorer left, holds an explorer
      When the position is loaded:
        """
        phase = "reexplore"
        explorers = [{"player": 0, "row": 6, "col": 6}, {"player": 1, "row": 6, "col": 7}, {"player": 1, "row": 6, "col": 8}, {"player": 0, "row": 7, "col": 6}, {"player": 1, "row": 7, "col": 7}]
        withdrawn = {"player": 0, "row": 7, "col": 8}
        chips = [false, true]
        """
      Then the request is refused as malformed

  Rule: IT-REEXP-WHOSE an opponent's explorer may be chosen too

    @IT-REEXP-WHOSE @reading:reexplore_any=true
    Scenario: Seat 0 moves seat 1's explorer, which stays seat 1's
      When these actions are applied:
        """
        [{"actor": 0, "type": "reexplore", "row": 6, "col": 7},
         {"actor": 0, "type": "reexplore_place", "row": 7, "col": 8}]
        """
      Then the position has:
        """
        explorers = [{"player": 0, "row": 6, "col": 6}, {"player": 1, "row": 7, "col": 8}]
        """

    @IT-REEXP-WHOSE @reading:reexplore_any=false
    Scenario: Under the own-explorer reading an opponent's explorer is refused
      Given "options.reexplore_any" is false
      When player 0 plays:
        """
        {"type": "reexplore", "row": 6, "col": 7}
        """
      Then the action is rejected citing rule "IT-REEXP-WHOSE"

    @IT-REEXP-WHOSE @reading:reexplore_any=true
    Scenario: Both seats' explorers are listed for re-exploration
      Then the legal actions include:
        """
        {"type": "reexplore", "row": 6, "col": 6}
        """
      And the legal actions include:
        """
        {"type": "reexplore", "row": 6, "col": 7}
        """

    @IT-REEXP-WHOSE @reading:reexplore_any=false
    Scenario: Under the own-explorer reading only one's own explorer is listed for re-exploration
      Given "options.reexplore_any" is false
      Then the legal actions include:
        """
        {"type": "reexplore", "row": 6, "col": 6}
        """
      And the legal actions do not include:
        """
        {"type": "reexplore", "row": 6, "col": 7}
        """

    @IT-REEXP-WHOSE @reading:reexplore_any=false
    Scenario: Under the own-explorer reading seat 1 may not take seat 0's explorer
      Given the position:
        """
        options.reexplore_any = false
        current = 1
        """
      When player 1 plays:
        """
        {"type": "reexplore", "row": 6, "col": 6}
        """
      Then the action is rejected citing rule "IT-REEXP-WHOSE"

    @IT-REEXP-WHOSE @IT-REEXP-SAME @reading:reexplore_any=true
    Scenario: A position loaded while seat 0 moves seat 1's explorer plays on
      Given the position:
        """
        phase = "reexplore"
        explorers = [{"player": 0, "row": 6, "col": 6}]
        withdrawn = {"player": 1, "row": 6, "col": 7}
        chips = [false, true]
        """
      When player 0 plays:
        """
        {"type": "reexplore_place", "row": 7, "col": 8}
        """
      Then the position has:
        """
        explorers = [{"player": 0, "row": 6, "col": 6}, {"player": 1, "row": 7, "col": 8}]
        withdrawn = null
        phase = "flip"
        """

    @IT-REEXP-WHOSE @reading:reexplore_any=false
    Scenario: Under the own-explorer reading a position moving an opponent's explorer cannot be loaded
      When the position is loaded:
        """
        options.reexplore_any = false
        phase = "reexplore"
        explorers = [{"player": 0, "row": 6, "col": 6}]
        withdrawn = {"player": 1, "row": 6, "col": 7}
        chips = [false, true]
        """
      Then the request is refused as malformed

  Rule: IT-REEXP-SAME the explorer being moved never goes back to the supply

    # Seat 0 has all three explorers out; withdrawing and re-placing happen at the same
    # time (line 109), so the moved explorer is in no reserve while it is moved.

    @IT-REEXP-SAME @IT-REEXP-ONCE @IT-EXPL-MAX @until:example-four-explorers
    Scenario: During a re-exploration the moved explorer is not back in its owner's reserve
      Given "explorers" is [{"player": 0, "row": 6, "col": 6}, {"player": 1, "row": 6, "col": 7}, {"player": 0, "row": 6, "col": 8}, {"player": 0, "row": 7, "col": 6}]
      Then "reserve" is [0, 2]
      When player 0 plays:
        """
        {"type": "reexplore", "row": 6, "col": 6}
        """
      Then the position has:
        """
        phase = "reexplore"
        withdrawn = {"player": 0, "row": 6, "col": 6}
        reserve = [0, 2]
        """
      When player 0 plays:
        """
        {"type": "reexplore_place", "row": 7, "col": 8}
        """
      Then the position has:
        """
        reserve = [0, 2]
        phase = "flip"
        """

    @IT-REEXP-SAME @IT-REEXP-WHOSE @reading:reexplore_any=true @until:example-four-explorers
    Scenario: An opponent's explorer being moved is not back in the opponent's reserve
      When player 0 plays:
        """
        {"type": "reexplore", "row": 6, "col": 7}
        """
      Then the position has:
        """
        withdrawn = {"player": 1, "row": 6, "col": 7}
        explorers = [{"player": 0, "row": 6, "col": 6}]
        reserve = [2, 2]
        """

    @IT-REEXP-SAME @until:example-four-explorers
    Scenario: A position loaded in the middle of a re-exploration counts the moved explorer out
      Given the position:
        """
        phase = "reexplore"
        explorers = [{"player": 1, "row": 6, "col": 7}]
        withdrawn = {"player": 0, "row": 6, "col": 6}
        chips = [false, true]
        """
      Then "reserve" is [2, 2]
      And the legal actions do not include:
        """
        {"type": "reexplore_place", "row": 6, "col": 6}
        """

  Rule: IT-REEXP-TIMING re-exploring is action 2, instead of placing an explorer

    @IT-REEXP-TIMING
    Scenario: A re-exploration after placing an explorer is refused
      # nolcasolca.ja.txt:82-83, 100-109: the re-exploration chip is described under action 2
      # (place an explorer), read (IT-REEXP-TIMING) as a way to take action 2, instead of
      # placing an explorer. Seat 0 takes action 2 by placing an explorer on (7, 6); its
      # chip is unused, but re-exploring now would be a second action 2: it is not offered,
      # and refused.
      When player 0 plays:
        """
        {"type": "place_explorer", "row": 7, "col": 6}
        """
      Then the legal actions do not include:
        """
        {"type": "reexplore", "row": 6, "col": 6}
        """
      When player 0 plays:
        """
        {"type": "reexplore", "row": 6, "col": 6}
        """
      Then the action is rejected
