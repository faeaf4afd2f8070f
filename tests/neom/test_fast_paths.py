"""NEOM's apply skips the checks of an action this position listed (NeomState._listed):
the listed object and an equal copy from JSON must be judged alike, in its own position
and in later ones where it may be stale (another seat's, another phase's)."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from reference_impl.core import CHANCE, Action, EngineError, sample_chance
from reference_impl.neom import GAME


def _judge(state: Any, action: Action) -> tuple[Any, ...]:
    """Apply ``action`` to a clone that has listed its actions: the resulting position and
    fired rules, or the error."""
    trial = state.clone()
    trial.legal_actions()
    try:
        trial.apply(action)
    except EngineError as error:
        return ("refused", error.kind, error.rule)
    return ("applied", json.dumps(trial.to_canonical(), sort_keys=True), tuple(trial.fired))


@pytest.mark.parametrize("players", [1, 2, 3, 4, 5])
def test_listed_actions_and_their_copies_are_judged_alike(players: int) -> None:
    rng = random.Random(players)
    state = GAME.new_game(players)
    earlier: list[Action] = []  # listed objects of earlier positions (stale now)
    while not state.is_terminal():
        if CHANCE in state.to_act():
            action = sample_chance(state, rng)
        else:
            legal = state.legal_actions()
            action = legal[rng.randrange(len(legal))]
        for probe in rng.sample(earlier, min(3, len(earlier))):
            assert _judge(state, probe) == _judge(state, json.loads(json.dumps(probe))), probe
        expected = _judge(state, json.loads(json.dumps(action)))
        earlier.append(action)
        state.apply(action)  # the listed object, in the position that listed it
        canonical = json.dumps(state.to_canonical(), sort_keys=True)
        assert ("applied", canonical, tuple(state.fired)) == expected, action
