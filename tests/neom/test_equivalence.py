"""Equivalence of the NEOM engine with the original (pre-optimisation) engine.

Seeded whole games over 1-5 players (and a few option rulings) are hashed step by step:
the canonical state, the legal actions in order, the chance outcomes with their exact
probabilities, the fired rule ids, and the error kind / rule id of illegal probe actions
(each probe must leave the state unchanged). Chance is sampled here with exact Fractions,
independently of ``reference_impl.core``.
"""

from __future__ import annotations

import hashlib
import json
import random
from fractions import Fraction
from math import lcm
from typing import Any

import pytest

from reference_impl.core import CHANCE, EngineError
from reference_impl.neom import GAME
from reference_impl.neom.data import CORNERSTONE_COPIES, TILES

CORNERSTONES = sorted(CORNERSTONE_COPIES)
TILE_NAMES = sorted(TILES)

#: (seed, players, options)
GAMES: list[tuple[int, int, dict[str, Any]]] = [
    (1, 1, {}),
    (2, 2, {}),
    (3, 3, {}),
    (4, 4, {}),
    (5, 5, {}),
    (6, 1, {"solo_tile_set": "5+"}),
    (7, 1, {"solo_disasters_strike": False, "solo_tile_set": "4+"}),
    (8, 2, {"allow_replace": False}),
    (9, 3, {"protection_scope": "city"}),
    (10, 4, {"cornerstone_requirements": False}),
    (11, 5, {"allow_replace": False, "protection_scope": "city"}),
    (12, 2, {"params": {"NM-SELL": {"price": 5}}}),
    (13, 3, {}),
    (14, 4, {"protection_scope": "city", "cornerstone_requirements": False}),
    (15, 5, {}),
    (16, 1, {}),
    (17, 2, {"cornerstone_requirements": False, "allow_replace": False}),
    (18, 3, {}),
    (19, 4, {}),
    (20, 5, {"protection_scope": "city"}),
]

# Golden hashes recorded from the ORIGINAL engine (commit 5871612, before any optimisation).
# They must not change: a different hash means observable behaviour changed.
GOLDEN: dict[int, str] = {
    1: "fbb65ec1f7af75c8092c5ea019223982",
    2: "8b88c725a05885029a23ae28976910da",
    3: "e9c0e5e9ece35bee66492771a2b049c7",
    4: "4775d743b4abbd7ea19b5915f2eff1e7",
    5: "c56ef473f3fd95890d85d5905884629b",
    6: "53c6aeb4cabecf9386d910fe96cf674f",
    7: "a2f694678394aec6e653f35acd5e7bb2",
    8: "da341fe726e2f457f98afaa88965555b",
    9: "9194492e151024e1f92c0066d4453db3",
    10: "1007e8da31ba57f760cec52cca9979d3",
    11: "1268e9ae0b478b71351b895717ec6cf0",
    12: "edd6a6dedcc4130bcdeec360395a53ed",
    13: "a4190f5da207f142a8f0b7678ac2f470",
    14: "a34713776fc6b3b8cfcb612af1c85ee3",
    15: "4ca124975a672c81c0517ebdcbfa1f1a",
    16: "d805d85a6090e1365cf6d3c4f9f45350",
    17: "8de63236af9ea56fd52091c5654a9471",
    18: "74d939371d3ae29407b27d1cc008a8c0",
    19: "edda0684c48917f536540315fd63fbf0",
    20: "49b76657e41148f3006ac7d461706e50",
}


def _dump(value: Any) -> str:
    return json.dumps(value, sort_keys=True, ensure_ascii=False, default=str)


def _sample(outcomes: list[tuple[dict, Fraction]], rng: random.Random) -> dict:
    assert sum(p for _, p in outcomes) == 1
    denominator = lcm(*(p.denominator for _, p in outcomes))
    point = rng.randrange(denominator)
    cumulative = 0
    for action, p in outcomes:
        cumulative += p.numerator * (denominator // p.denominator)
        if point < cumulative:
            return action
    raise AssertionError("probabilities do not sum to 1")


def _probes(state: Any, rng: random.Random, n: int, legal: list[dict]) -> list[Any]:
    seat = rng.randrange(n + 1)  # n: a seat that does not exist
    x, y = rng.randrange(5), rng.randrange(5)
    tile = rng.choice(TILE_NAMES)
    corner = rng.choice(CORNERSTONES)
    candidates: list[Any] = [
        {"actor": seat, "type": "sell"},
        {"actor": seat, "type": "place", "tile": tile, "x": x, "y": y},
        {"actor": seat, "type": "cornerstone", "tile": corner, "x": x, "y": y},
        {"actor": seat, "type": "place", "tile": tile, "x": x, "y": y, "rotation": 1},
        {"actor": seat, "type": "pay"},
        {"actor": seat, "type": "sacrifice", "x": x, "y": y},
        {"actor": seat, "type": "keep", "tile": tile},
        {"actor": seat, "type": "select", "tile": tile},
        {"actor": CHANCE, "type": "deal", "player": seat, "tile": tile},
        {"actor": CHANCE, "type": "deal_cornerstone", "player": seat, "tile": corner},
        {"actor": CHANCE, "type": "board", "player": seat, "good": "oil"},
        {"actor": seat, "type": "place", "x": x, "y": 7},
        {"actor": seat, "type": "place", "x": x},
        {"actor": seat, "type": "bogus"},
        {"actor": True, "type": "sell"},
        {"actor": seat, "type": "sell", "extra": 1},
        {"actor": seat, "type": "place", "tile": "no-such-tile", "x": x, "y": y},
        {"actor": CHANCE, "type": "sell"},
        [1, 2],
    ]
    if legal:
        near = dict(rng.choice(legal))
        if "x" in near:
            near["x"] = (near["x"] + 1) % 5
        candidates.append(near)
    picked = rng.sample(candidates, 6)
    return [c for c in picked if c not in legal]


def _play(seed: int, n: int, options: dict[str, Any]) -> str:
    rng = random.Random(seed)
    digest = hashlib.sha256()
    state = GAME.new_game(n, options)
    steps = 0
    while True:
        canonical = _dump(state.to_canonical())
        digest.update(canonical.encode())
        if state.is_terminal():
            break
        if CHANCE in state.to_act():
            outcomes = state.chance_outcomes()
            legal = state.legal_actions()
            assert legal == [a for a, _ in outcomes]
            digest.update(_dump([[a, str(p)] for a, p in outcomes]).encode())
            action = _sample(outcomes, rng)
        else:
            legal = state.legal_actions()
            digest.update(_dump(legal).encode())
            action = legal[rng.randrange(len(legal))]
        for probe in _probes(state, rng, n, legal):
            try:
                state.apply(probe)
            except EngineError as error:
                digest.update(_dump([probe, error.kind, error.rule]).encode())
            else:
                raise AssertionError(f"probe {probe} was legal")
            assert _dump(state.to_canonical()) == canonical
        state.apply(action)
        digest.update(_dump(state.fired).encode())
        steps += 1
    outcome = state.outcome()
    digest.update(_dump(outcome.to_json()).encode())
    digest.update(_dump(state.view(0)).encode())
    return digest.hexdigest()[:32]


@pytest.mark.parametrize(("seed", "players", "options"), GAMES)
def test_equivalent_to_original(seed: int, players: int, options: dict[str, Any]) -> None:
    assert _play(seed, players, options) == GOLDEN[seed]


@pytest.mark.parametrize(("seed", "players", "options"), GAMES[:10])
def test_uncached_state_agrees(seed: int, players: int, options: dict[str, Any]) -> None:
    """A state that never listed its actions (no caches) applies every step the same way."""
    rng = random.Random(seed)
    state = GAME.new_game(players, options)
    twin = GAME.new_game(players, options)
    while not state.is_terminal():
        if CHANCE in state.to_act():
            action = _sample(state.chance_outcomes(), rng)
        else:
            legal = state.legal_actions()
            action = legal[rng.randrange(len(legal))]
            for probe in _probes(state, rng, players, legal):
                errors = []
                for s in (state, twin):
                    with pytest.raises(EngineError) as caught:
                        s.apply(probe)
                    errors.append((caught.value.kind, caught.value.rule))
                assert errors[0] == errors[1]
        state.apply(action)
        twin.apply(action)
        assert state.fired == twin.fired
        assert state.to_canonical() == twin.to_canonical()
