"""Pig's arithmetic as pure kernels: the very functions the engine runs, written so that
the z3 proofs (``rulespec_pig/proofs/test_pig_proofs.py``) can evaluate them on symbolic
terms. Each takes ``ite`` (if-then-else), ``either`` and ``both`` hooks; the defaults are
the plain-int ones.

Implements PIG-ROLL-ADD, PIG-ROLL-ONE, PIG-VAR-TWO-DICE, PIG-VAR-ONE, PIG-VAR-SNAKE,
PIG-HOLD and PIG-WIN.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from fractions import Fraction
from typing import Any

Ite = Callable[[Any, Any, Any], Any]
Logic = Callable[..., Any]

FACES = (1, 2, 3, 4, 5, 6)
#: the face that loses the turn total (PIG-ROLL-ONE, PIG-VAR-ONE)
PIG_OUT = 1
#: the goal of the edition (PIG-GOAL; an erratum may change it through the params option)
GOAL = 100


def _ite(condition: Any, then: Any, otherwise: Any) -> Any:
    return then if condition else otherwise


def _either(*conditions: Any) -> Any:
    return any(conditions)


def _both(*conditions: Any) -> Any:
    return all(conditions)


def after_roll(
    score: Any,
    turn_total: Any,
    dice: Sequence[Any],
    ite: Ite = _ite,
    either: Logic = _either,
    both: Logic = _both,
) -> tuple[Any, Any, Any]:
    """``(score, turn_total, turn_ends)`` after a roll of ``dice`` (one die, or two).

    PIG-ROLL-ADD / PIG-VAR-TWO-DICE: no 1 adds every die to the turn total.
    PIG-ROLL-ONE / PIG-VAR-ONE: a 1 loses the turn total and ends the turn.
    PIG-VAR-SNAKE: two 1s lose the score as well.
    """
    ones = [die == PIG_OUT for die in dice]
    lost = either(*ones)
    snake = both(*ones) if len(dice) == 2 else False
    new_score = ite(snake, 0, score)
    new_total = ite(lost, 0, turn_total + sum(dice))
    return new_score, new_total, lost


def after_hold(score: Any, turn_total: Any) -> Any:
    """PIG-HOLD: the turn total is added to the score."""
    return score + turn_total


def has_won(score: Any, goal: Any) -> Any:
    """PIG-WIN: a score of the goal or more wins."""
    return score >= goal


def ends_without_hold(score: Any, turn_total: Any, goal: Any) -> Any:
    """PIG-WIN, reading ``win_without_hold``: the game ends once score plus turn total
    reaches the goal, before any hold."""
    return score + turn_total >= goal


def dice_outcomes(two_dice: bool) -> list[tuple[list[int], Fraction]]:
    """The roll's chance outcomes with their exact probabilities (PIG-COMP-DIE,
    PIG-VAR-TWO-DICE): one die, each face 1/6; two dice in ascending order, a double 1/36
    and any other pair 1/18 (it comes up two ways out of 36)."""
    if not two_dice:
        return [([face], Fraction(1, 6)) for face in FACES]
    return [
        ([low, high], Fraction(1 if low == high else 2, 36))
        for low in FACES
        for high in FACES
        if low <= high
    ]


def smallest_gain(two_dice: bool) -> int:
    """The smallest amount a roll without a 1 adds to the turn total: 2, or 2 + 2. A turn
    total (and a score) between 1 and this minus one can never be reached."""
    return 4 if two_dice else 2


def largest_gain(two_dice: bool) -> int:
    """The largest amount one roll adds: 6, or 6 + 6."""
    return 12 if two_dice else 6
