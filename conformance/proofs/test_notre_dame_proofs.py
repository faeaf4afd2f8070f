"""z3 proofs of the Notre Dame arithmetic: the reference kernels equal the rulebook's model.

Each test names the rule id, the claim and the bounds. The kernels in
``reference_impl/notre_dame/scoring.py`` take ``ite``/``div`` hooks, so the very code
the engine runs is evaluated on z3 terms; the plain-int path is checked exhaustively.
"""

from __future__ import annotations

from itertools import product

import z3

from reference_impl.notre_dame.scoring import (
    lose_prestige,
    payout_per_cube,
    payout_shares,
    rats_after_round,
    with_park_bonus,
)

PLAYERS = 5
MAX_VALUE = 200
MAX_CUBES = 70  # 5 colours x 14 cubes


def _prove(claim: z3.BoolRef) -> None:
    solver = z3.Solver()
    solver.add(z3.Not(claim))
    result = solver.check()
    assert result == z3.unsat, f"counterexample: {solver.model()}"


def _zdiv(a, b):
    return a / b  # z3 integer division (floor for a >= 0, b > 0)


def test_payout_never_exceeds_the_tile_and_pays_each_cube_equally():
    """ND-ND-PAYOUT: for 0 <= value <= 200 and 0..5 players' cubes (total <= 70):
    the shares sum to at most the value, every cube earns value // total, the amount left
    over is less than one share per cube (floor), and no cubes pay nothing."""
    value = z3.Int("value")
    cubes = z3.Ints(" ".join(f"c{i}" for i in range(PLAYERS)))
    total = z3.Sum(cubes)
    shares = payout_shares(value, cubes, z3.If, _zdiv)
    per = payout_per_cube(value, total, z3.If, _zdiv)
    bounds = z3.And(value >= 0, value <= MAX_VALUE, total <= MAX_CUBES, *[c >= 0 for c in cubes])
    claims = [
        z3.Sum(shares) <= value,
        z3.Implies(total > 0, value - z3.Sum(shares) < total),
        z3.Implies(total == 0, z3.Sum(shares) == 0),
        *[s == per * c for s, c in zip(shares, cubes, strict=True)],
        *[s >= 0 for s in shares],
        z3.Implies(total > 0, per * total <= value),
        z3.Implies(total > 0, (per + 1) * total > value),
    ]
    _prove(z3.Implies(bounds, z3.And(*claims)))


def test_payout_kernel_matches_the_text_examples_and_floor_division():
    """ND-ND-EX1, ND-ND-EX2: 12 over (2, 1) pays (8, 4); over (2, 2, 1) pays (4, 4, 2);
    and for value <= 40, three players with 0..6 cubes, shares = (value // total) * cubes."""
    assert payout_shares(12, [2, 1]) == [8, 4]
    assert payout_shares(12, [2, 2, 1]) == [4, 4, 2]
    for value, a, b, c in product(range(41), range(7), range(7), range(7)):
        total = a + b + c
        per = value // total if total else 0
        assert payout_shares(value, [a, b, c]) == [per * a, per * b, per * c]


def test_plague_arithmetic_keeps_rats_on_the_track():
    """ND-RATS-INCREASE, ND-HOSPITAL-REDUCE, ND-PERSON-DOCTOR, ND-RATS-FLOOR, ND-PLAGUE-RESET:
    for rats 0..9, printed 0..100, hospital 0..100, doctor or not: with the floor ruling
    the track ends in 0..9; the plague strikes exactly when rats + increase - hospital >= 10;
    without plague the track is max(0, rats + increase - hospital)."""
    rats, printed, hospital = z3.Ints("rats printed hospital")
    doctor = z3.Bool("doctor")
    new, plague = rats_after_round(rats, printed, hospital, doctor, True, 9, z3.If)
    raw = rats + z3.If(doctor, 0, printed) - hospital
    bounds = z3.And(
        rats >= 0, rats <= 9, printed >= 0, printed <= 100, hospital >= 0, hospital <= 100
    )
    _prove(
        z3.Implies(
            bounds,
            z3.And(
                new >= 0,
                new <= 9,
                plague == (raw >= 10),
                z3.Implies(z3.Not(plague), new == z3.If(raw < 0, 0, raw)),
                z3.Implies(plague, new == 9),
                z3.Implies(doctor, new <= rats),
            ),
        )
    )


def test_plague_kernel_matches_the_text_examples():
    """ND-RATS-EX1, ND-RATS-EX2, ND-DOCTOR-EX3: 6+3-2 = 7, 6+3-5 = 4, 6+0-2 = 4; and
    exhaustively for rats 0..9, printed 0..12, hospital 0..14, doctor, both floor readings."""
    assert rats_after_round(6, 3, 2, False) == (7, False)
    assert rats_after_round(6, 3, 5, False) == (4, False)
    assert rats_after_round(6, 3, 2, True) == (4, False)
    for r, s, h, d, floor in product(range(10), range(13), range(15), (False, True), (True, False)):
        raw = r + (0 if d else s) - h
        if floor:
            raw = max(0, raw)
        expected = (9, True) if raw >= 10 else (raw, False)
        assert rats_after_round(r, s, h, d, floor) == expected


def test_park_bonus_is_one_per_two_park_people_on_positive_gains():
    """ND-PARK-BONUS: for gains 0..100 and 0..15 people in the park, a positive gain earns
    gain + people // 2 (4 cubes: +2), a gain of 0 earns nothing, and the bonus never
    shrinks when the park grows."""
    gain, people, more = z3.Ints("gain people more")
    total = with_park_bonus(gain, people, z3.If, _zdiv)
    bounds = z3.And(gain >= 0, gain <= 100, people >= 0, people <= 15, more >= people, more <= 15)
    _prove(
        z3.Implies(
            bounds,
            z3.And(
                z3.Implies(gain > 0, total == gain + people / 2),
                z3.Implies(gain == 0, total == 0),
                with_park_bonus(gain, more, z3.If, _zdiv) >= total,
            ),
        )
    )
    assert with_park_bonus(1, 4) == 3 and with_park_bonus(3, 2) == 4 and with_park_bonus(0, 8) == 0


def test_plague_prestige_loss_stops_at_zero():
    """ND-PLAGUE, ND-PRESTIGE-FLOOR: for prestige 0..500, losing 2 gives max(0, p - 2) with
    the floor ruling and p - 2 without."""
    p = z3.Int("p")
    _prove(
        z3.Implies(
            z3.And(p >= 0, p <= 500),
            z3.And(
                lose_prestige(p, 2, True, z3.If) == z3.If(p >= 2, p - 2, 0),
                lose_prestige(p, 2, False, z3.If) == p - 2,
            ),
        )
    )
