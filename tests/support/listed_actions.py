"""A reference engine that trusts an action it listed itself (skipping checks for the very
object it handed out) must judge that object and an equal copy from JSON alike, in its own
position and in later ones where it may be stale (another seat's, another phase's)."""

from __future__ import annotations

import json
import random
from typing import Any

from reference_impl.core import CHANCE, Action, EngineError, GameDefinition, sample_chance


def judge(state: Any, action: Action) -> tuple[Any, ...]:
    """Apply ``action`` to a clone that has listed its actions: the resulting position and
    fired rules, or the error."""
    trial = state.clone()
    trial.legal_actions()
    try:
        trial.apply(action)
    except EngineError as error:
        return ("refused", error.kind, error.rule)
    return ("applied", json.dumps(trial.to_canonical(), sort_keys=True), tuple(trial.fired))


def play_judging_listed_objects_and_copies(game: GameDefinition, players: int) -> None:
    """One random game of ``game``: each action played, and up to three actions listed in
    earlier positions, are judged as the listed object and as a JSON copy, alike."""
    rng = random.Random(players)
    state = game.new_game(players)
    earlier: list[Action] = []  # listed objects of earlier positions (stale now)
    while not state.is_terminal():
        if CHANCE in state.to_act():
            action = sample_chance(state, rng)
        else:
            legal = state.legal_actions()
            action = legal[rng.randrange(len(legal))]
        for probe in rng.sample(earlier, min(3, len(earlier))):
            assert judge(state, probe) == judge(state, json.loads(json.dumps(probe))), probe
        expected = judge(state, json.loads(json.dumps(action)))
        earlier.append(action)
        state.apply(action)  # the listed object, in the position that listed it
        canonical = json.dumps(state.to_canonical(), sort_keys=True)
        assert ("applied", canonical, tuple(state.fired)) == expected, action
