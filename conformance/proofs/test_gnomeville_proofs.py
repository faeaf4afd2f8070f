"""z3 proofs of Gnomeville's arithmetic rules (bounds named in each test)."""

from __future__ import annotations

import pytest
import z3

from reference_impl.gnomeville.scoring import event_points, goal_points, tie_share

MAX_TIED = 4  # at most four players tie
MAX_POINTS = 200


def _prove(claim: z3.BoolRef) -> None:
    solver = z3.Solver()
    solver.add(z3.Not(claim))
    result = solver.check()
    assert result == z3.unsat, f"counterexample: {solver.model() if result == z3.sat else result}"


@pytest.mark.rule("GV-EVENT-TIE-FIRST")
@pytest.mark.rule("GV-EVENT-TIE-SECOND")
@pytest.mark.rule("GV-END-ADJACENCY-TIE")
@pytest.mark.parametrize("tied", range(1, MAX_TIED + 1))
def test_tie_share_rounds_up_and_overpays_by_less_than_the_number_tied(tied: int) -> None:
    """GV-EVENT-TIE-*, GV-END-ADJACENCY-TIE: for every points >= 0 (unbounded) and 1..4 tied
    players, the kernel's share s satisfies tied*s >= points and tied*s < points + tied,
    i.e. s = ceil(points / tied)."""
    points = z3.Int("points")
    share = tie_share(points, tied)
    _prove(z3.Implies(points >= 0, z3.And(tied * share >= points, tied * share < points + tied)))


@pytest.mark.rule("GV-EVENT-TIE-FIRST")
def test_tie_for_first_pays_first_plus_second_shared_and_no_second_place() -> None:
    """GV-EVENT-TIE-FIRST: exhaustively for first, second in 0..12, 3-4 players, 2..n tied
    for first: each tied player gets ceil((first+second)/k), everyone else 0; the total
    paid is at least first+second and less than first+second+k."""
    for n in (3, 4):
        for k in range(2, n + 1):
            values = [0] * k + [-1] * (n - k)  # "most": the k zeros tie for first
            for first in range(13):
                for second in range(13):
                    pts = event_points(values, "most", first, second, True)
                    share = -(-(first + second) // k)
                    assert pts == [share] * k + [0] * (n - k)
                    assert first + second <= sum(pts) < first + second + k


@pytest.mark.rule("GV-EVENT-TIE-SECOND")
@pytest.mark.rule("GV-EVENT-TWO-PLAYERS")
def test_second_place_shares_and_two_players_pay_no_second() -> None:
    """GV-EVENT-TIE-SECOND, GV-EVENT-TWO-PLAYERS: exhaustively over 2-4 players and all
    metric vectors with values 0..3."""
    import itertools

    for n in (2, 3, 4):
        for values in itertools.product(range(4), repeat=n):
            pts = event_points(list(values), "most", 5, 2, n >= 3)
            best = max(values)
            top = [i for i, v in enumerate(values) if v == best]
            if len(top) > 1:
                continue
            assert pts[top[0]] == 5
            rest = [v for v in values if v != best]
            for i, v in enumerate(values):
                if v == best:
                    continue
                if n >= 3 and rest and v == max(rest):
                    tied = rest.count(max(rest))
                    assert pts[i] == -(-2 // tied)
                else:
                    assert pts[i] == 0


@pytest.mark.rule("GV-END-ADJACENCY-TIE")
def test_adjacency_tie_shares_value_plus_tie_value() -> None:
    """GV-END-ADJACENCY-TIE: for all most/fewest values and tie values in 0..MAX_POINTS (z3,
    bounded) a tie pays each player ceil((value+tie)/2), together >= value+tie and
    < value+tie+2; the rulebook's card (5 and 2, gnomeville.ja.txt:403) pays 4 each."""
    high, low = z3.Ints("high low")
    share = tie_share(high + low, 2)
    bounds = z3.And(high >= 0, low >= 0, high <= MAX_POINTS, low <= MAX_POINTS)
    _prove(z3.Implies(bounds, z3.And(2 * share >= high + low, 2 * share < high + low + 2)))
    assert goal_points(3, 3, "most", 5, 2) == (4, 4)


@pytest.mark.rule("GV-END-ADJACENCY-LOSER")
@pytest.mark.rule("GV-END-ADJACENCY")
def test_adjacency_winner_takes_the_value_and_the_other_player_nothing() -> None:
    """GV-END-ADJACENCY, GV-END-ADJACENCY-LOSER: exhaustively for metrics a, b in 0..6 and
    card values in 0..6, on most and fewest cards: the better town scores the card's value,
    the other 0; a tie pays both ceil((value + tie) / 2) (gnomeville.ja.txt:392, :402-404)."""
    import itertools

    for a, b, value, tie in itertools.product(range(7), repeat=4):
        for goal in ("most", "fewest"):
            paid = goal_points(a, b, goal, value, tie)
            if a == b:
                assert paid == (-(-(value + tie) // 2),) * 2
            elif (a > b) == (goal == "most"):
                assert paid == (value, 0)
            else:
                assert paid == (0, value)


@pytest.mark.rule("GV-TROLL-CAP")
def test_spawning_never_exceeds_three_trolls() -> None:
    """GV-TROLL-CAP: a bounded model of the spawn step. For any town with t0 <= 3 trolls and
    any card with up to 25 troll icons (each icon accepted only while fewer than 3 trolls
    stand, some icons lost on boulders or sword gnomes), the town ends with <= 3 trolls;
    troll movement never adds a troll."""
    icons = 25
    t = [z3.Int(f"t{i}") for i in range(icons + 1)]
    lands = [z3.Bool(f"lands{i}") for i in range(icons)]
    solver = z3.Solver()
    solver.add(t[0] >= 0, t[0] <= 3)
    for i in range(icons):
        solver.add(t[i + 1] == z3.If(z3.And(t[i] < 3, lands[i]), t[i] + 1, t[i]))
    solver.add(t[icons] > 3)
    assert solver.check() == z3.unsat
