"""z3 proofs of NEOM's scoring arithmetic (neom.ja.txt:80-102).

Each test names the rule, the claim and the bounds.
"""

from __future__ import annotations

import re

import pytest
import z3

from reference_impl.neom.city import DIAG, ORTHO
from reference_impl.neom.scoring import (
    HOOD_STEP,
    HOOD_TABLE,
    SOLO_RANKS,
    neighbourhood_closed_form,
    neighbourhood_value,
    pollution_penalty,
    score_city,
    solo_rank,
)
from rulespec.resources import rulebooks_dir

CELLS = 25


def _table_term(n: z3.ArithRef) -> z3.ArithRef:
    """The table of line 88 as a z3 term: the listed values, then +4 per tile beyond."""
    term = HOOD_TABLE[-1] + HOOD_STEP * (n - len(HOOD_TABLE))
    for size in range(len(HOOD_TABLE), 0, -1):
        term = z3.If(n == size, HOOD_TABLE[size - 1], term)
    return term


def _closed_term(n: z3.ArithRef) -> z3.ArithRef:
    return z3.If(n <= 8, n * (n + 1) / 2, 4 * n + 4)


def test_hood_table_equals_closed_form_for_all_sizes() -> None:
    """NM-SCORE-HOODTABLE: for EVERY size n >= 1 (unbounded), the table value equals
    n(n+1)/2 up to 8 tiles and 4n + 4 beyond (so +4 per tile after the 8th)."""
    n = z3.Int("n")
    solver = z3.Solver()
    solver.add(n >= 1, _table_term(n) != _closed_term(n))
    assert solver.check() == z3.unsat


def test_hood_step_is_four_beyond_the_eighth() -> None:
    """NM-SCORE-HOODTABLE: for every n >= 8, value(n + 1) - value(n) == 4 (unbounded)."""
    n = z3.Int("n")
    solver = z3.Solver()
    solver.add(n >= 8, _table_term(n + 1) - _table_term(n) != 4)
    assert solver.check() == z3.unsat


def test_hood_kernel_matches_model() -> None:
    """NM-SCORE-HOODTABLE: the reference kernel equals the z3 model for sizes 0..200
    (a 5x5 city holds at most 24 residential tiles)."""
    for size in range(1, 201):
        model = z3.simplify(_table_term(z3.IntVal(size))).as_long()
        assert neighbourhood_value(size) == model == neighbourhood_closed_form(size)
    assert neighbourhood_value(0) == 0


def test_hood_table_matches_the_rulebook_line() -> None:
    """NM-SCORE-HOODTABLE: the data table is the one printed on line 88."""
    path = rulebooks_dir() / "neom.ja.txt"
    if not path.exists():
        pytest.skip("rulebook not present")
    line = path.read_text(encoding="utf-8").split("\n")[87]
    values = re.search(r"VP ([\d ]+)\.\.\.", line).group(1).split()  # type: ignore[union-attr]
    assert tuple(int(v) for v in values) == HOOD_TABLE


def _pair_model(res: list[z3.BoolRef], pol: list[z3.ArithRef]) -> z3.ArithRef:
    """Sum over every (residential, polluting) pair of spaces: 2 if orthogonal, 1 if diagonal."""
    terms = []
    for i in range(CELLS):
        for j in range(CELLS):
            dx, dy = abs(i % 5 - j % 5), abs(i // 5 - j // 5)
            if max(dx, dy) != 1:
                continue
            weight = 2 if dx + dy == 1 else 1
            terms.append(z3.If(z3.And(res[i], pol[j] == 1), weight, 0))
    return z3.Sum(terms)


def test_pollution_kernel_equals_pair_sum_for_every_grid() -> None:
    """NM-SCORE-POLLUTION: for ALL 2^50 assignments of residential/polluting flags to the
    25 spaces, the reference kernel (run on z3 terms) equals the sum over adjacent pairs."""
    res = [z3.Bool(f"r{i}") for i in range(CELLS)]  # z3 Bool * term = If(b, term, 0)
    pol = [z3.Int(f"p{i}") for i in range(CELLS)]
    solver = z3.Solver()
    for v in pol:
        solver.add(z3.Or(v == 0, v == 1))
    solver.add(pollution_penalty(res, pol) != _pair_model(res, pol))
    assert solver.check() == z3.unsat


def test_pollution_bound() -> None:
    """NM-SCORE-POLLUTION: one residential tile loses at most 4*2 + 4*1 = 12 VP (all grids)."""
    res = [z3.Bool(f"r{i}") for i in range(CELLS)]  # z3 Bool * term = If(b, term, 0)
    pol = [z3.Int(f"p{i}") for i in range(CELLS)]
    solver = z3.Solver()
    for v in pol:
        solver.add(z3.Or(v == 0, v == 1))
    solver.add(z3.PbEq([(r, 1) for r in res], 1), pollution_penalty(res, pol) > 12)
    assert solver.check() == z3.unsat
    assert len(ORTHO[12]) == 4 and len(DIAG[12]) == 4


def test_money_rounds_down() -> None:
    """NM-SCORE-MONEY: for all coins 0..10^6 (z3), m = coins div 2 satisfies 2m <= c < 2m + 2;
    the kernel agrees exhaustively on 0..2000."""
    c = z3.Int("c")
    solver = z3.Solver()
    solver.add(c >= 0, c <= 10**6, z3.Not(z3.And(2 * (c / 2) <= c, c < 2 * (c / 2) + 2)))
    assert solver.check() == z3.unsat
    empty: list[str | None] = [None] * CELLS
    for coins in range(2001):
        assert score_city(empty, [], coins)["money"] * 2 in (coins, coins - 1)


def test_solo_ranks_follow_the_printed_table() -> None:
    """NM-SOLO-TABLE: for every score -200..400 and tile set, the rank is the column whose
    printed range (parsed from line 102) contains the score."""
    path = rulebooks_dir() / "neom.ja.txt"
    if not path.exists():
        pytest.skip("rulebook not present")
    line = path.read_text(encoding="utf-8").split("\n")[101]
    ranks = line.split("Tiles ")[1].split(" 1+ ")[0].split()
    assert tuple(ranks) == SOLO_RANKS
    for tile_set, rest in re.findall(r"(\d\+) ((?:\d+-\d+ ){5}\d+\+)", line):
        cells = rest.split()
        bounds = [tuple(int(x) for x in cell.split("-")) for cell in cells[:-1]]
        top = int(cells[-1].rstrip("+"))
        for score in range(-200, 401):
            if score >= top:
                expected = ranks[-1]
            else:
                expected = next(
                    (r for r, (lo, hi) in zip(ranks, bounds, strict=False) if lo <= score <= hi),
                    ranks[0],  # below 0: still the lowest rank
                )
            assert solo_rank(score, tile_set) == expected, (tile_set, score)
