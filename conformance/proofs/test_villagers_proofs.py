"""z3 proofs of the Villagers solo arithmetic: the reference kernels equal the rulebook's model.

Each test names the rule id, the claim and the bounds. The kernels in
``reference_impl/villagers/cards.py`` take an ``ite``/``div`` hook, so the very code the
engine runs is evaluated on z3 terms.
"""

from __future__ import annotations

from itertools import combinations_with_replacement

import pytest
import z3

from reference_impl.villagers.cards import (
    CARDS,
    FOUNDERS_SIDES,
    build_limit,
    draft_limit,
    reveal_count,
    silver_formula,
    silver_value,
    tally,
)

BOUND = 200


def _prove(claim: z3.BoolRef) -> None:
    solver = z3.Solver()
    solver.add(z3.Not(claim))
    result = solver.check()
    assert result == z3.unsat, f"counterexample: {solver.model()}"


def _zdiv(a, b):
    return a / b  # z3 integer division (floor for a >= 0, b > 0)


@pytest.mark.parametrize(
    ("rule", "kernel"), [("VL-DRAFT-COUNT", draft_limit), ("VL-BUILD-LIMIT", build_limit)]
)
def test_limit_is_two_plus_icons_capped_at_five(rule, kernel):
    """VL-DRAFT-COUNT, VL-BUILD-LIMIT: for 0 <= icons <= BOUND, limit = min(5, 2 + icons),
    2 <= limit <= 5, monotone."""
    n, m = z3.Ints("n m")
    limit = kernel(n, z3.If)
    model = z3.If(2 + n <= 5, 2 + n, 5)
    bounds = z3.And(n >= 0, n <= BOUND, m >= 0, m <= n)
    _prove(
        z3.Implies(
            bounds, z3.And(limit == model, limit >= 2, limit <= 5, kernel(m, z3.If) <= limit)
        )
    )
    for icons in range(BOUND + 1):  # the plain-int path the engine takes
        assert kernel(icons) == min(5, 2 + icons)


def test_reveal_count_table():
    """VL-EVENT-REVEAL: for 0 <= value <= BOUND: 0 -> 3, 1..9 -> 2, 10+ -> 1 events."""
    v = z3.Int("v")
    k = reveal_count(v, z3.If)
    _prove(
        z3.Implies(
            z3.And(v >= 0, v <= BOUND),
            z3.And(
                z3.Implies(v == 0, k == 3),
                z3.Implies(z3.And(v >= 1, v <= 9), k == 2),
                z3.Implies(v >= 10, k == 1),
            ),
        )
    )
    assert [reveal_count(x) for x in (0, 1, 9, 10, 20)] == [3, 2, 2, 1, 1]


SILVER_CARDS = sorted(name for name, card in CARDS.items() if card.silver)


@pytest.mark.parametrize("name", SILVER_CARDS)
def test_silver_formula_is_each_per_full_group(name):
    """VL-SILVER-FORMULA, VL-SILVER-*: for 0 <= count <= BOUND the value is
    each x floor(count / per): per*q <= count < per*(q+1) with value = each*q."""
    _count, per, each = CARDS[name].silver
    c, q = z3.Ints("c q")
    value = silver_formula(c, per, each, _zdiv)
    bounds = z3.And(c >= 0, c <= BOUND)
    _prove(z3.Implies(z3.And(bounds, per * q <= c, c < per * (q + 1)), value == each * q))
    for count in range(BOUND + 1):
        assert silver_formula(count, per, each) == each * (count // per)


# Villages built from these columns (bottom first); each column is a legal chain.
COLUMNS = [
    ("Hayer",),
    ("Hayer", "Horse Trader"),
    ("Hayer", "Grazier", "Milk Maid"),
    ("Lumberjack",),
    ("Lumberjack", "Wheeler", "Cartwright"),
    ("Lumberjack", "Log Rafter"),
    ("Lumberjack", "Cooper"),
    ("Lumberjack", "Carpenter"),
    ("Miner", "Glass Blower"),
    ("Miner", "Seeker", "Spelunker", "Jeweler"),
    ("Chandler",),
    ("Harvester",),
    ("Wattler",),
    ("Miner", "Locksmith"),
]
# What each silver formula counts, written from the card texts (facts §2.4), per column.
SPEC_COUNT = {
    "wood_gold": lambda cards, top: CARDS[top].gold if CARDS[top].suit == "wood" else 0,
    "wood_symbols": lambda cards, top: sum(CARDS[c].sym for c in cards if CARDS[c].suit == "wood"),
    "hay_symbols": lambda cards, top: sum(CARDS[c].sym for c in cards if CARDS[c].suit == "hay"),
    "ore_symbols": lambda cards, top: sum(CARDS[c].sym for c in cards if CARDS[c].suit == "ore"),
    "solitary_symbols": lambda cards, top: sum(
        CARDS[c].sym for c in cards if CARDS[c].suit == "solitary"
    ),
    "gold_symbols": lambda cards, top: 1 if CARDS[top].gold else 0,
    "padlocks": lambda cards, top: sum(1 for c in cards if CARDS[c].lock),
    "food": lambda cards, top: sum(CARDS[c].food for c in cards),
    "builders": lambda cards, top: sum(CARDS[c].build for c in cards),
}


@pytest.mark.parametrize("name", [n for n in SILVER_CARDS if CARDS[n].silver[0] != "max_coins"])
def test_silver_over_bounded_villages(name):
    """VL-SILVER-*, VL-CHAIN-VISIBLE, VL-ICONS-COVERED: for every village of up to 3
    columns from COLUMNS (with repeats) plus the silver card itself, the engine's value equals
    each x floor(sum of per-column counts / per); the sum is checked symbolically by z3 over
    0..3 copies of every column."""
    count_name, per, each = CARDS[name].silver
    founders = FOUNDERS_SIDES["food"]  # food side: no gold symbol of its own
    own = SPEC_COUNT[count_name]((name,), name)
    if count_name == "food":
        own += founders.food  # the flipped Founders shows 1 food
    contributions = [SPEC_COUNT[count_name](col, col[-1]) for col in COLUMNS]
    for size in range(4):
        for chosen in combinations_with_replacement(range(len(COLUMNS)), size):
            village = [(founders, 0, True), (CARDS[name], 0, True)]
            for index in chosen:
                col = COLUMNS[index]
                village += [(CARDS[c], 0, i == len(col) - 1) for i, c in enumerate(col)]
            expected_count = own + sum(contributions[i] for i in chosen)
            assert silver_value(CARDS[name], tally(village)) == each * (expected_count // per)
    counts = z3.Ints(" ".join(f"n{i}" for i in range(len(COLUMNS))))
    total = own + z3.Sum([n * k for n, k in zip(counts, contributions, strict=True)])
    q = z3.Int("q")
    bounds = z3.And([z3.And(n >= 0, n <= 3) for n in counts])
    value = silver_formula(total, per, each, _zdiv)
    _prove(
        z3.Implies(
            bounds,
            z3.And(
                value >= 0, per * value <= each * total, each * total < per * value + each * per
            ),
        )
    )
    _prove(z3.Implies(z3.And(bounds, per * q <= total, total < per * (q + 1)), value == each * q))


def test_agent_takes_the_largest_coin_pile():
    """VL-SILVER-AGENT: for coin piles 0..12 on two villagers, the Agent is worth the larger."""
    agent = CARDS["Agent"]
    for a in range(13):
        for b in range(13):
            village = [
                (CARDS["Agent"], 0, True),
                (CARDS["Blacksmith"], a, True),
                (CARDS["Carpenter"], b, True),
            ]
            assert silver_value(agent, tally(village)) == max(a, b)
