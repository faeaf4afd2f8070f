"""Pure arithmetic kernels of Notre Dame (no state), shared by the engine and the proofs.

Implements ND-ND-PAYOUT (floor per cube), ND-PARK-BONUS, ND-RATS-INCREASE,
ND-HOSPITAL-REDUCE, ND-PERSON-DOCTOR, ND-RATS-FLOOR, ND-RATS-LIMIT, ND-PLAGUE,
ND-PLAGUE-RESET, ND-PRESTIGE-FLOOR and ND-TIEBREAK.

Each kernel takes ``ite`` (if-then-else) and ``div`` (floor division) hooks, so the very
code the engine runs on ints also runs on z3 terms in ``conformance/proofs``.
"""

from __future__ import annotations

import operator
from collections.abc import Callable, Sequence
from typing import Any


def _ite(condition: Any, then: Any, otherwise: Any) -> Any:
    return then if condition else otherwise


Ite = Callable[[Any, Any, Any], Any]
Div = Callable[[Any, Any], Any]


def payout_per_cube(
    value: Any, total_cubes: Any, ite: Ite = _ite, div: Div = operator.floordiv
) -> Any:
    """ND-ND-PAYOUT: prestige per cube at Notre Dame: the tile's value / the cubes, rounded
    down (ND-ND-EX1, ND-ND-EX2); 0 cubes: 0."""
    positive = total_cubes > 0
    return ite(positive, div(value, ite(positive, total_cubes, 1)), 0)


def payout_shares(
    value: Any, cubes: Sequence[Any], ite: Ite = _ite, div: Div = operator.floordiv
) -> list[Any]:
    """Prestige each player earns from Notre Dame before the park bonus (ND-ND-PAYOUT)."""
    per = payout_per_cube(value, sum(cubes), ite, div)
    return [per * c for c in cubes]


def park_bonus(park_people: Any, div: Div = operator.floordiv) -> Any:
    """Extra prestige per prestige gain: one per two people in the park (ND-PARK-BONUS;
    two with four, ND-PARK-EX)."""
    return div(park_people, 2)


def with_park_bonus(
    gain: Any, park_people: Any, ite: Ite = _ite, div: Div = operator.floordiv
) -> Any:
    """ND-PARK-BONUS: a prestige gain plus the park bonus; a gain of 0 earns no bonus."""
    return ite(gain > 0, gain + park_bonus(park_people, div), gain)


def rats_after_round(
    rats: Any,
    printed: Any,
    hospital: Any,
    doctor: Any,
    floor: bool = True,
    rat_max: int = 9,
    ite: Ite = _ite,
) -> tuple[Any, Any]:
    """ND-RATS-INCREASE, ND-HOSPITAL-REDUCE: the rat track after phase 5 and whether the
    plague strikes.

    ``printed`` is the rats on the three persons, ``hospital`` the people in the
    hospital; the doctor makes the increase 0 (ND-PERSON-DOCTOR). Returns
    ``(new_rats, plague)``: past ``rat_max`` the plague strikes and the track returns
    to ``rat_max`` (ND-PLAGUE-RESET).
    """
    increase = printed  # ND-RATS-INCREASE: the printed rats
    # ND-DOCTOR-ZERO, ND-DOCTOR-NOT-RESET: an increase of 0 with the doctor, the track kept
    increase = ite(doctor, 0, increase)
    # ND-HOSPITAL-REDUCE, ND-HOSPITAL-NEGATIVE, ND-DOCTOR-NEGATIVE: less the hospital's
    # people, so the rats may go down (ND-RATS-EX1, ND-RATS-EX2, ND-DOCTOR-EX3)
    new = rats + increase - hospital
    if floor:  # ND-RATS-FLOOR: the track stops at 0
        new = ite(new < 0, 0, new)
    plague = new > rat_max  # ND-RATS-LIMIT: 9 is safe, 10 or more is the plague
    return ite(plague, rat_max, new), plague  # ND-PLAGUE-RESET: back to 9


def lose_prestige(prestige: Any, loss: Any, floor: bool = True, ite: Ite = _ite) -> Any:
    """Prestige after a loss; with ``floor`` it stops at 0 (ND-PRESTIGE-FLOOR)."""
    left = prestige - loss
    return ite(left < 0, 0, left) if floor else left


def winners(prestige: Sequence[int], tiebreak: Sequence[int]) -> list[int]:
    """ND-GAME-WIN: seats with the most prestige, then the most coins + cubes in hand
    (ND-TIEBREAK); players tied on both share the win (ND-TIE-SHARED)."""
    best = max(zip(prestige, tiebreak, strict=True))
    return [i for i, key in enumerate(zip(prestige, tiebreak, strict=True)) if key == best]
