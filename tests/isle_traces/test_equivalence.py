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
rules change), with ``python -m tests.isle_traces.test_equivalence``. Regenerated when the
option ``flip_face`` (IT-FLIP-FACE) joined the canonical options: with it removed from the
export the old fingerprints were reproduced exactly; case (2, 14) plays its ``any`` reading.
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
    (2, 14, {"flip_face": "any"}),
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
    (2, 1): "f89a069223ca2b28bf6e99537b729f6ee9ac46fce1fcf99ffda650c22ddf83b0",
    (3, 2): "23682b75b04ec81e87191a5528be819fbd8ebc219c28a1d960bc23fa02da62eb",
    (4, 3): "b419069f9306a26d8410b6f825ac414c385a8be39367e881eac22b9458873896",
    (2, 4): "9d8d7b0e547b4dc737b30b591ab16c369b4ded7d8f96e3663982ecfc95c7ed6d",
    (2, 14): "52c26304fa0964d77beaba364c6c8b8303d52dafb9a261427c8fbbe5fcc890ae",
    (3, 5): "1e5bf6159ee48c9071f79bf4ffc931307327f949deda13449e7adb08c5d8f61c",
    (4, 6): "638950dd2a5076085913823c655f826d44d250bef06689a0ef16180a319bddf1",
    (2, 7): "21b0aef05956a62b820b17be216c5f65dea4bb9b4fd4a4ba1e5af54f1879210b",
    (3, 8): "59b5ab097cf2a8c3c70f807d784142aa70ba00a78e9bdb108e5260b4e0cc24c4",
    (4, 9): "d651d9d87e7fa9b75a24074c6ce8073a8721854b91eda4d40a03218b33bacf0d",
    (2, 10): "36a5c13274132698dbe5fdb8e00312d862c1ad7560c9f129d33d1691e79a69a6",
    (3, 11): "1d0bacf9cdf9ff3bd9dc5246aaa0ce2762bd4dda7c8c94657bca494081a24af4",
    (2, 12): "79ced161c0641a70ff0921ecd93ea62a62a2bb97750d76bf671b729d35d818fc",
    (4, 13): "b0ad5b021c4453c92f91d460ddb06e74cc3cc131127c454abf5f3788724ca005",
    (2, 21): "2b412a75821c22a6b0b9335fcfcb36b2086ae7c5c0f0dadbb453dd8fd54d2391",
    (2, 22): "a65078d7bab800fff13f4112d58ddbb1f57f6edd5ae3597dafc5165852e8d8dd",
    (2, 23): "ff77762040623a22044df56a9fffb9bf5c7c8a06e84a9dbd87f41337ff285226",
    (3, 21): "fa07f90b20e1d945094d7e902af14641f0acdc50676051403323f9e530c50f56",
    (3, 22): "87d5b31e6e1c0c2456457e0332c1acf09fec6cebf85f39612f8d66eafd0624a7",
    (3, 23): "a22c284933c913efb55ad36b0a42e5b2f459464004c0c5a3b50fc41bf3dfbbf4",
    (4, 21): "370180eeca1481ade07467a20347fbbef6c2dca6c1f7cfc5a74a45446a5159b2",
    (4, 22): "dcbacfd000ac6349091119f0267159806b82031d3f8189cc18170f054e89e70a",
    (4, 23): "5b5f378ee1b7905b1db3947a36d15cc98e9fdb92956c3720a92915c9edcfc382",
    (2, 31): "7cbaacb242439e16a87c6d573f67988c87905869398bfba9e168a2a7d719484d",
    (3, 32): "b651e2b914f46b00de107e1169f3f290b9505960fc016f12c958ab977f98ef24",
    (2, 33): "fda9c57ce3daf2647ed092df87d5ceb0c447dca77e0dcfa729a1e08f517cae6e",
    (4, 34): "ea95fac77760312a69bad081e23e81930f932d467d5a2c4e3fbafd37dbdf8086",
    (3, 35): "7ff0c1336fc802c68dec1546c110925b1cb09783fe0c16b6513d01da1ccf5a17",
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
FAST = 5


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
