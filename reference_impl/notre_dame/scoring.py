"""Pure arithmetic kernels of Notre Dame (no state), shared by the engine and the proofs.

Implements ND-ND-PAYOUT (floor per cube), ND-PARK-BONUS, ND-RATS-INCREASE,
ND-HOSPITAL-REDUCE, ND-PERSON-DOCTOR, ND-RATS-FLOOR, ND-RATS-LIMIT, ND-PLAGUE,
ND-PLAGUE-RESET and ND-TIEBREAK.
"""

from __future__ import annotations

from collections.abc import Sequence


def payout_per_cube(value: int, total_cubes: int) -> int:
    """Prestige per cube at Notre Dame: the tile's value divided by the cubes, rounded down."""
    if total_cubes <= 0:
        return 0
    return value // total_cubes


def payout_shares(value: int, cubes: Sequence[int]) -> list[int]:
    """Prestige each player earns from Notre Dame before the park bonus (ND-ND-PAYOUT)."""
    per = payout_per_cube(value, sum(cubes))
    return [per * c for c in cubes]


def park_bonus(park_people: int) -> int:
    """Extra prestige per prestige gain: one per two people in the park (ND-PARK-BONUS)."""
    return park_people // 2


def with_park_bonus(gain: int, park_people: int) -> int:
    """A prestige gain plus the park bonus; a gain of 0 earns no bonus."""
    return gain + park_bonus(park_people) if gain > 0 else gain


def rats_after_round(
    rats: int,
    printed: int,
    hospital: int,
    doctor: bool,
    floor: bool = True,
    rat_max: int = 9,
) -> tuple[int, bool]:
    """The rat track after phase 5 and whether the plague strikes.

    ``printed`` is the rats on the three persons, ``hospital`` the people in the
    hospital; the doctor makes the increase 0 (ND-PERSON-DOCTOR). Returns
    ``(new_rats, plague)``: at ``rat_max + 1`` or more the plague strikes and the
    track returns to ``rat_max`` (ND-PLAGUE-RESET).
    """
    increase = 0 if doctor else printed
    new = rats + increase - hospital
    if floor and new < 0:
        new = 0
    if new > rat_max:
        return rat_max, True
    return new, False


def lose_prestige(prestige: int, loss: int, floor: bool = True) -> int:
    """Prestige after a loss; with ``floor`` it stops at 0 (ND-PRESTIGE-FLOOR)."""
    left = prestige - loss
    return max(0, left) if floor else left


def winners(prestige: Sequence[int], tiebreak: Sequence[int]) -> list[int]:
    """Seats with the most prestige, then the most coins + cubes in hand (ND-TIEBREAK)."""
    best = max(zip(prestige, tiebreak, strict=True))
    return [i for i, key in enumerate(zip(prestige, tiebreak, strict=True)) if key == best]
