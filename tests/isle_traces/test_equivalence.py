"""Equivalent (regression): seeded random games hash to the fingerprints of the old engine.

Each case plays a whole seeded random game and hashes, step by step, everything an
outsider can observe: the canonical state, the legal actions in order, the chance
outcomes with their exact probabilities, the rule ids fired by each apply, the final
outcome, and the error kind and rule id of a batch of probe actions (mutated legal
actions, wrong seats, wrong phases, out-of-area cells, malformed shapes), after which the
state must be exactly as before. Along the way the game continues from clones and from
reloaded canonical states, so cached legal actions and incremental counters are exercised
through ``clone`` and ``load`` too.

The fingerprints were recorded from the pre-optimisation engine (reference_impl/isle_traces
as of commit 76047ab, before the fast legal-action generation). They are a regression
check: a change of observable behaviour changes them. Regenerate them only on purpose (a
rules change), with ``python -m tests.isle_traces.test_equivalence``.
"""

from __future__ import annotations

import hashlib
import json
import random
from fractions import Fraction
from typing import Any

import pytest

from reference_impl.core import CHANCE, Action, EngineError
from reference_impl.isle_traces import GAME

CASES: list[tuple[int, int, dict[str, Any]]] = [
    (2, 1, {}),
    (3, 2, {}),
    (4, 3, {}),
    (2, 4, {"line_points": "one"}),
    (3, 5, {"allow_portrait": False}),
    (4, 6, {"feather_restriction": "other_line"}),
    (2, 7, {"feather_restriction": "none"}),
    (3, 8, {"flip_requires": "uncovered"}),
    (4, 9, {"coast_diagonal": True}),
    (2, 10, {"reexplore_any": False}),
    (3, 11, {"area_size": 9}),
    (2, 12, {"area_size": 5}),
    (4, 13, {"allow_portrait": False, "area_size": 7, "flip_requires": "uncovered"}),
    *((players, seed, {}) for players in (2, 3, 4) for seed in (21, 22, 23)),
    (2, 31, {"reexplore_any": False, "coast_diagonal": True, "area_size": 11}),
    (3, 32, {"feather_restriction": "none", "allow_portrait": False}),
    (2, 33, {"area_size": 21}),
    (4, 34, {"area_size": 31, "coast_diagonal": True}),
    (3, 35, {"area_size": 17, "flip_requires": "uncovered"}),
]

#: sha256 per (players, seed), recorded from the pre-optimisation engine (module docstring).
GOLDEN: dict[tuple[int, int], str] = {
    (2, 1): "e33ae14f3859781cf31bd0846a6e52769fb102cb200a06517b220de47cd0c3e6",
    (3, 2): "0533c867238635e25188a2db8f450b2fad4962882aadce41f98848eeffb0c548",
    (4, 3): "b7db2a07e6b388b011f420a1aa61eb9ce88d3aca53112828ae67ea7c0e73a9c1",
    (2, 4): "b2addb61cab7e9f009cf04732c97c6609caab9fa9a34ae74a4a3300f8a096659",
    (3, 5): "ac762a5e27d8a49136e9c05a56515aba11ec59c4aeda42acda0989370e00deda",
    (4, 6): "94e1184e52d7e296e918cc5b3863be348199ea63b4d19fed49d79fc90f58d7cf",
    (2, 7): "944c2872413caa99737dc1929db675064232f8ce7e1963f6e5f7ae50ba50dac9",
    (3, 8): "22f1b9138732309666117acb291deba31cadd78744672b8d2e8a3392df6132b8",
    (4, 9): "a62ec4f60b3d5b5a780bd549d92ee58eac8477c86d70e78b1a98329931ebac09",
    (2, 10): "985572e68d87fec7bd78378a6794cafa92670b75aec9f61f16a87d5a6f18c1a5",
    (3, 11): "7be0c35d26d6c3a76ca38f3da0e1d4b0a460e4513a07cb475d81f029f20cb246",
    (2, 12): "3663e29b917b1651cdf834ac6d66b2f6e04a89863fe4461d27412c264ed4bfec",
    (4, 13): "b410a0f798ee9733799e1832d3b248223c9482c141d858069d80b9ee39a8c5ca",
    (2, 21): "6c83189d91900f47c1c6d6791b239e5021d727c68783596576d474e16c44d714",
    (2, 22): "b01e417b6e88fe227b6da2480c5f1d12ac943c357e41491cf81cd57f021b7230",
    (2, 23): "d1f5b554315c94f01deeb61a8106cefc5c69d134aa299d107067c7b9e6eb3dac",
    (3, 21): "f95ad9e6134d2a6ad9e6ce30dae650e5f515c350a350a6a8d96bda8b825ad584",
    (3, 22): "2802bfe130a96523f7bfd42d60f37f899242c4f90fa850e76d137749620d1b4a",
    (3, 23): "5d91ce6d37320896615dde35e029f87f121f6cfd921fb1b2482e10bc726f55d5",
    (4, 21): "b681c9180f93df198b9193fc8f65f8e9ee11210fd285a3a0a5d1e7616c3a17c3",
    (4, 22): "f2d5be4d1ec0c7bf09657f46563140662fe19fdc38784d4284b63fea3aea357a",
    (4, 23): "b4035e6b26ed9dca2a5ef24816df8d95b635a1b1209fae21fee20b283ffe5942",
    (2, 31): "a6fe18147181cb4aa25b69605962b9dea4735cd462849bb16cf0125e635777fb",
    (3, 32): "f3e8e066d8da043d9311771bf3dc1a2eeb9dce7cf84aa9a58b625056c8f3c992",
    (2, 33): "407fe30e1722c6ed679d3c1bd024813cdad8cb762369170ee03b1644dd3ca06c",
    (4, 34): "33f2c791102c64c3a2c630ea5332c97abd0b3ff510946adde0d3ef2ccf8539c0",
    (3, 35): "9a76020351f39c2f33d5054b0c6da0c23c3a61119fafe79d24b727c922079bc9",
}

TYPES = (
    "draw",
    "pass",
    "discard",
    "place_card",
    "flip",
    "place_feather",
    "place_explorer",
    "reexplore",
    "reexplore_place",
)


def _case_id(case: tuple[int, int, dict[str, Any]]) -> str:
    players, seed, options = case
    extra = ",".join(f"{k}={v}" for k, v in options.items()) or "default"
    return f"{players}p-seed{seed}-{extra}"


def _probes(state: Any, legal: list[dict[str, Any]], rng: random.Random) -> list[Any]:
    """Actions to try: near misses of legal ones, every type, malformed shapes."""
    size = state.size
    seat = state.current
    probes: list[Any] = []
    sample = [legal[rng.randrange(len(legal))] for _ in range(3)] if legal else []
    for action in sample:
        for field, delta in (("row", 1), ("row", -1), ("col", 1), ("col", -2), ("card", 1)):
            if field in action:
                probes.append({**action, field: action[field] + delta})
        if "face" in action:
            probes.append({**action, "face": 1 - action["face"]})
        if "rot" in action:
            probes += [{**action, "rot": r} for r in (0, 90, 180, 270, 45)]
        probes.append({**action, "actor": CHANCE if action["actor"] != CHANCE else seat})
        probes.append({**action, "actor": (seat + 1) % state.n})
        probes.append({k: v for k, v in action.items() if k != "type"})
        probes.append({**action, "extra": 1})
        if "row" in action:
            probes.append({**action, "row": True})
            probes.append({**action, "col": size})
    row, col = rng.randrange(-1, size + 1), rng.randrange(-1, size + 1)
    for kind in TYPES:
        actor: Any = CHANCE if kind == "draw" else seat
        probe = {"actor": actor, "type": kind}
        if kind == "draw":
            cid = rng.randrange(0, 38)
            faces = state.cards.get(cid, [["road"] * 6] * 2)
            probe.update(card=cid, faces=[list(f) for f in faces])
        elif kind == "place_card":
            probe.update(face=rng.randrange(2), rot=rng.choice((0, 90, 180, 270)), row=row, col=col)
        elif kind == "flip":
            probe.update(card=rng.randrange(0, 38))
        elif kind not in ("pass", "discard"):
            probe.update(row=row, col=col)
        probes.append(probe)
    if state.phase == "draw" and state.deck:
        cid = state.deck[0]
        probes.append({"actor": CHANCE, "type": "draw", "card": cid, "faces": [["road"] * 6] * 2})
    probes += [None, [], {"type": "nope", "actor": seat}, {"actor": 9, "type": "pass"}]
    return probes


def _sample(outcomes: list[tuple[Action, Fraction]], rng: random.Random) -> Action:
    """The chance outcome drawn by ``rng``, with exact arithmetic.

    A copy of the driver helper the fingerprints were recorded with, so that they do not
    depend on how ``reference_impl.core.sample_chance`` evolves.
    """
    point = Fraction(rng.random())
    cumulative = Fraction(0)
    for action, probability in outcomes:
        cumulative += probability
        if point < cumulative:
            return action
    return outcomes[-1][0]


def _record(digest: Any, item: Any) -> None:
    digest.update(json.dumps(item, sort_keys=True, separators=(",", ":")).encode())
    digest.update(b"\n")


def fingerprint(players: int, seed: int, options: dict[str, Any]) -> str:
    """Play one seeded game, hashing what is observable at every step."""
    rng = random.Random(seed)
    probe_rng = random.Random(seed + 1000)
    digest = hashlib.sha256()
    state = GAME.new_game(players, options)
    step = 0
    while True:
        canonical = state.to_canonical()
        _record(digest, canonical)
        legal = state.legal_actions()
        _record(digest, legal)
        if state.is_terminal():
            break
        chance = CHANCE in state.to_act()
        outcomes: list[tuple[Action, Fraction]] = []
        if chance:
            outcomes = state.chance_outcomes()
            _record(digest, [[a, str(p)] for a, p in outcomes])
        results = []
        legal_json = {json.dumps(a, sort_keys=True) for a in legal}
        for probe in _probes(state, [] if chance else legal, probe_rng):
            if json.dumps(probe, sort_keys=True) in legal_json:
                results.append("legal")
                continue
            try:
                state.apply(probe)
            except EngineError as error:
                results.append([error.kind, error.rule])
            else:
                raise AssertionError(f"accepted an action not in the legal list: {probe!r}")
        _record(digest, results)
        assert state.to_canonical() == canonical, "a rejected action changed the state"
        assert state.legal_actions() == legal, "a rejected action changed the legal actions"
        action = _sample(outcomes, rng) if chance else legal[rng.randrange(len(legal))]
        state.apply(action)
        _record(digest, [action, state.fired])
        step += 1
        if step % 11 == 5:
            state = state.clone()
        elif step % 13 == 7:
            state = GAME.load(json.loads(json.dumps(state.to_canonical())))
    _record(digest, state.outcome().to_json())
    return digest.hexdigest()


#: cases run by default; the rest are whole-game loops marked slow (tests/README.md)
FAST = 4


@pytest.mark.parametrize(
    "case",
    [
        pytest.param(case, id=_case_id(case), marks=() if i < FAST else pytest.mark.slow)
        for i, case in enumerate(CASES)
    ],
)
def test_seeded_games_match_the_recorded_fingerprints(case: tuple[int, int, dict]) -> None:
    assert fingerprint(*case) == GOLDEN[case[:2]]


if __name__ == "__main__":
    for case in CASES:
        print(f"    {case[:2]}: {fingerprint(*case)!r},  # {_case_id(case)}")
