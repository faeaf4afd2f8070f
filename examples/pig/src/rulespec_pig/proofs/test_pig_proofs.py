"""z3 proofs of Pig's arithmetic: the turn total. The kernels in
``rulespec_pig/engine/rules.py`` take ``ite``/``either``/``both`` hooks, so the very code
the engine runs is evaluated on z3 terms. Each test names the rule ids, the claim and the
bounds; the plain-int path is checked exhaustively where the space is small.
"""

from __future__ import annotations

from collections import Counter
from fractions import Fraction
from itertools import product

import z3

from rulespec_pig.engine.rules import (
    FACES,
    after_hold,
    after_roll,
    dice_outcomes,
    ends_without_hold,
    has_won,
    largest_gain,
    smallest_gain,
)

#: the longest run of rolls in one turn the proofs cover symbolically
ROLLS = 8
MAX_SCORE = 10_000


def _prove(claim: z3.BoolRef) -> None:
    solver = z3.Solver()
    solver.add(z3.Not(claim))
    result = solver.check()
    assert result == z3.unsat, f"counterexample: {solver.model()}"


def _z3_roll(score, total, dice):
    return after_roll(score, total, dice, z3.If, z3.Or, z3.And)


def _faces(*dice: z3.ArithRef) -> z3.BoolRef:
    return z3.And(*[z3.And(d >= 1, d <= 6) for d in dice])


def test_one_die_adds_two_to_six_or_loses_the_turn_total():
    """PIG-ROLL-ADD, PIG-ROLL-ONE: for any score and turn total in 0..10,000 and any face
    1..6: the turn ends exactly on a 1, which leaves the turn total 0 and the score as it
    was; any other face adds itself, 2..6, to the turn total and leaves the score."""
    score, total, die = z3.Ints("score total die")
    new_score, new_total, ends = _z3_roll(score, total, [die])
    bounds = z3.And(score >= 0, score <= MAX_SCORE, total >= 0, total <= MAX_SCORE, _faces(die))
    claims = z3.And(
        ends == (die == 1),
        new_score == score,
        z3.Implies(ends, new_total == 0),
        z3.Implies(
            z3.Not(ends),
            z3.And(new_total == total + die, new_total >= total + 2, new_total <= total + 6),
        ),
    )
    _prove(z3.Implies(bounds, claims))


def test_two_dice_add_four_to_twelve_or_lose_the_turn_total_or_the_score():
    """PIG-VAR-TWO-DICE, PIG-VAR-ONE, PIG-VAR-SNAKE: for any score and turn total in
    0..10,000 and faces a, b in 1..6: two 1s leave score and turn total 0; exactly one 1
    leaves the turn total 0 and the score; no 1 adds a + b (4..12) to the turn total."""
    score, total, a, b = z3.Ints("score total a b")
    new_score, new_total, ends = _z3_roll(score, total, [a, b])
    bounds = z3.And(score >= 0, score <= MAX_SCORE, total >= 0, total <= MAX_SCORE, _faces(a, b))
    snake = z3.And(a == 1, b == 1)
    one = z3.Xor(a == 1, b == 1)
    claims = z3.And(
        ends == z3.Or(a == 1, b == 1),
        z3.Implies(snake, z3.And(new_score == 0, new_total == 0)),
        z3.Implies(one, z3.And(new_score == score, new_total == 0)),
        z3.Implies(
            z3.Not(ends),
            z3.And(
                new_score == score,
                new_total == total + a + b,
                new_total >= total + 4,
                new_total <= total + 12,
            ),
        ),
    )
    _prove(z3.Implies(bounds, claims))


def _turn(
    dice_per_roll: int, count: int = ROLLS
) -> tuple[list[list[z3.ArithRef]], z3.ArithRef, z3.BoolRef]:
    """A turn of ``count`` symbolic rolls from a turn total of 0: the rolls, the turn total
    after them, and whether the turn is still going (no roll had a 1)."""
    rolls = [[z3.Int(f"r{i}_{j}") for j in range(dice_per_roll)] for i in range(count)]
    total: z3.ArithRef = z3.IntVal(0)
    going: z3.BoolRef = z3.BoolVal(True)
    for dice in rolls:
        _, new_total, ends = _z3_roll(z3.IntVal(0), total, dice)
        total = z3.If(going, new_total, total)
        going = z3.And(going, z3.Not(ends))
    return rolls, total, going


def test_the_turn_total_is_the_sum_of_the_rolls_and_never_1():
    """PIG-TURN-ROLL, PIG-ROLL-ADD, PIG-ROLL-ONE: over a turn of up to 8 rolls of one die,
    the turn total while the turn goes on is the sum of the faces rolled, at least 2 per
    roll and at most 6, so a turn total of 1 is never reached (what load_state refuses);
    a turn that met a 1 has a turn total of 0."""
    for count in range(1, ROLLS + 1):
        rolls, total_k, going_k = _turn(1, count)
        faces = [d for dice in rolls for d in dice]
        bounds = _faces(*faces)
        kept = z3.Implies(
            going_k,
            z3.And(
                total_k == z3.Sum(faces), total_k >= 2 * count, total_k <= 6 * count, total_k != 1
            ),
        )
        _prove(z3.Implies(bounds, z3.And(kept, z3.Implies(z3.Not(going_k), total_k == 0))))
    assert smallest_gain(False) == 2 and largest_gain(False) == 6


def test_two_dice_turn_totals_skip_1_to_3():
    """PIG-VAR-TWO-DICE, PIG-VAR-ONE: over a turn of 8 rolls of two dice, the turn total
    is 0 or at least 4 per roll kept (never 1, 2 or 3), and at most 12 per roll."""
    rolls, total, going = _turn(2)
    faces = [d for dice in rolls for d in dice]
    bounds = _faces(*faces)
    _prove(z3.Implies(bounds, z3.Or(total == 0, z3.And(total >= 4, total <= 12 * ROLLS))))
    _prove(z3.Implies(z3.And(bounds, going), total == z3.Sum(faces)))
    assert smallest_gain(True) == 4 and largest_gain(True) == 12


def test_a_hold_banks_the_turn_total_and_wins_at_the_goal():
    """PIG-HOLD, PIG-GOAL, PIG-WIN: for scores and turn totals in 0..10,000 and goals in
    1..10,000, a hold makes the score score + turn total, and wins exactly when that
    reaches the goal; both readings of PIG-WIN bank the same points, and they differ
    exactly on positions with score < goal <= score + turn total (the hold reading plays on)."""
    score, total, goal = z3.Ints("score total goal")
    bounds = z3.And(
        score >= 0,
        score <= MAX_SCORE,
        total >= 0,
        total <= MAX_SCORE,
        goal >= 1,
        goal <= MAX_SCORE,
        score < goal,
    )
    banked = after_hold(score, total)
    hold_wins = has_won(banked, goal)
    early = ends_without_hold(score, total, goal)
    _prove(
        z3.Implies(
            bounds,
            z3.And(banked == score + total, hold_wins == (banked >= goal), early == hold_wins),
        )
    )
    # the readings' differing positions exist: z3 finds one with the edition's goal of 100
    solver = z3.Solver()
    solver.add(bounds, goal == 100, early, total > 0)
    assert solver.check() == z3.sat
    model = solver.model()
    assert model.eval(score).as_long() < 100 <= model.eval(score + total).as_long()


def test_dice_outcomes_are_exact_probabilities():
    """PIG-COMP-DIE, PIG-VAR-TWO-DICE: one die, six faces of 1/6; two dice, 21 pairs in
    ascending order, doubles 1/36 and other pairs 1/18; both sum to 1. With two dice a 1
    comes up with probability 11/36 and snake eyes 1/36 (counted over the 36 ordered rolls)."""
    one = dice_outcomes(False)
    assert [dice for dice, _ in one] == [[f] for f in FACES]
    assert {p for _, p in one} == {Fraction(1, 6)}
    two = dict((tuple(dice), p) for dice, p in dice_outcomes(True))
    assert len(two) == 21 and sum(two.values()) == 1
    ordered = Counter(tuple(sorted(roll)) for roll in product(FACES, FACES))
    assert all(two[pair] == Fraction(count, 36) for pair, count in ordered.items())
    assert sum(p for pair, p in two.items() if 1 in pair) == Fraction(11, 36)
    assert two[(1, 1)] == Fraction(1, 36)
