"""z3 proofs of the isle_traces scoring arithmetic (each test names its rule, claim, bounds).

The kernels proved are the reference's own: ``scoring.majority`` (who scores a line),
``scoring.line_points`` (which accepts z3 terms) and ``scoring.winners``.
"""

from __future__ import annotations

import itertools

import pytest
import z3

from reference_impl.isle_traces.scoring import line_points, majority, winners

MAX_EXPLORERS = 3  # IT-EXPL-MAX: at most 3 explorers of a seat on any line


def _pays(counts: list[z3.ArithRef], p: int) -> z3.BoolRef:
    """The rule as logic: seat p has an explorer and strictly more than every other seat."""
    others = [counts[p] > counts[q] for q in range(len(counts)) if q != p]
    return z3.And(counts[p] >= 1, *others)


def _counts(n: int) -> tuple[list[z3.ArithRef], list[z3.BoolRef]]:
    counts = [z3.Int(f"c{p}") for p in range(n)]
    bounds = [z3.And(c >= 0, c <= MAX_EXPLORERS) for c in counts]
    return counts, bounds


@pytest.mark.parametrize("n", [2, 3, 4])
def test_majority_pays_at_most_one_seat(n: int) -> None:
    """IT-EXPL-MAJORITY, IT-SCORE-MAJORITY: no two seats are paid for one line (counts 0..3)."""
    counts, bounds = _counts(n)
    solver = z3.Solver()
    solver.add(*bounds)
    solver.add(z3.Or(*[z3.And(_pays(counts, p), _pays(counts, q))
                       for p in range(n) for q in range(n) if p < q]))  # fmt: skip
    assert solver.check() == z3.unsat


@pytest.mark.parametrize("n", [2, 3, 4])
def test_a_tie_at_the_top_pays_nobody(n: int) -> None:
    """IT-SCORE-TIE, IT-SCORE-TIEMULTI: if two seats share the highest count, nobody is paid."""
    counts, bounds = _counts(n)
    top = z3.Int("top")
    solver = z3.Solver()
    solver.add(*bounds)
    solver.add(*[c <= top for c in counts])
    solver.add(z3.Or(*[z3.And(counts[p] == top, counts[q] == top)
                       for p in range(n) for q in range(n) if p < q]))  # fmt: skip
    solver.add(z3.Or(*[_pays(counts, p) for p in range(n)]))
    assert solver.check() == z3.unsat


@pytest.mark.parametrize("n", [2, 3, 4])
def test_reference_majority_equals_the_model(n: int) -> None:
    """IT-EXPL-MAJORITY, IT-SCORE-OWN, IT-SCORE-TIE: ``majority`` equals the z3 model for
    every explorer count vector in 0..3 per seat (exhaustive: 4**n vectors)."""
    counts, _ = _counts(n)
    for values in itertools.product(range(MAX_EXPLORERS + 1), repeat=n):
        subst = list(zip(counts, [z3.IntVal(v) for v in values], strict=True))
        paid = [
            p for p in range(n) if z3.is_true(z3.simplify(z3.substitute(_pays(counts, p), *subst)))
        ]
        expected = paid[0] if paid else None
        assert majority(values) == expected, values


@pytest.mark.parametrize("reading", ["cells", "one"])
def test_scores_never_exceed_the_cells_of_the_map(reading: str) -> None:
    """IT-SCORE-POINTS: with up to 8 disjoint lines of >= 1 cell each paid to at most one of
    4 seats, every seat's score and the total are between 0 and the map's cells."""
    lines, seats = 8, 4
    length = [z3.Int(f"len{i}") for i in range(lines)]
    owner = [z3.Int(f"owner{i}") for i in range(lines)]
    solver = z3.Solver()
    for i in range(lines):
        solver.add(length[i] >= 1, owner[i] >= -1, owner[i] < seats)
    points = [line_points(length[i], reading) for i in range(lines)]  # the reference kernel
    score = [
        z3.Sum([z3.If(owner[i] == p, points[i], 0) for i in range(lines)]) for p in range(seats)
    ]
    cells = z3.Sum(length)
    solver.add(z3.Or(z3.Sum(score) > cells, *[s < 0 for s in score], *[s > cells for s in score]))
    assert solver.check() == z3.unsat


def test_winners_are_the_lexicographic_maximum() -> None:
    """IT-WIN-MOST, IT-WIN-TIE1, IT-WIN-TIE2, IT-WIN-SHARED: ``winners`` returns exactly the
    seats whose (points, longest-line creatures, creatures) is the z3-proved maximum, for
    two seats with points 0..3 and creature counts 0..2 (exhaustive)."""
    a = [z3.Int(f"a{k}") for k in range(3)]
    b = [z3.Int(f"b{k}") for k in range(3)]

    def beats(x: list, y: list) -> z3.BoolRef:
        return z3.Or(
            x[0] > y[0],
            z3.And(x[0] == y[0], x[1] > y[1]),
            z3.And(x[0] == y[0], x[1] == y[1], x[2] > y[2]),
        )

    wins_a = z3.Not(beats(b, a))
    wins_b = z3.Not(beats(a, b))
    for pa, pb in itertools.product(range(4), repeat=2):
        for la, lb, ca, cb in itertools.product(range(3), repeat=4):
            values = [pa, la, ca, pb, lb, cb]
            subst = list(zip(a + b, [z3.IntVal(v) for v in values], strict=True))
            expected = [
                seat
                for seat, formula in enumerate((wins_a, wins_b))
                if z3.is_true(z3.simplify(z3.substitute(formula, *subst)))
            ]
            result = {
                "scores": [pa, pb],
                "longest_line_creatures": [la, lb],
                "creatures": [ca, cb],
            }
            assert winners(result) == expected, values
