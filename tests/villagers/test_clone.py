"""``VillagersState.clone`` (the rule guide's look-ahead copy): the same position, sharing
nothing with the original, and playing on exactly as a pickled copy of it does."""

from __future__ import annotations

import json
import pickle
import random

from reference_impl.villagers import GAME
from reference_impl.villagers.state import VillagersState


def _step(state: VillagersState, rng: random.Random) -> None:
    if "chance" in state.to_act():
        actions = [action for action, _ in state.chance_outcomes()]
    else:
        actions = state.legal_actions()
    state.apply(rng.choice(actions))


def _text(state: VillagersState) -> str:
    return json.dumps(state.to_canonical())


def test_a_clone_is_the_position_shares_nothing_and_plays_like_a_pickled_copy() -> None:
    positions = 0
    for seed in range(4):
        state, rng = GAME.new_game(1), random.Random(seed)
        while not state.is_terminal():
            clone, before = state.clone(), _text(state)
            assert clone is not state and _text(clone) == before
            assert clone.__dict__.keys() == state.__dict__.keys()
            pickled = pickle.loads(pickle.dumps(state))
            ahead, alike = random.Random(seed + 100), random.Random(seed + 100)
            for _ in range(8):  # a few actions on the copies: the original must not move
                if clone.is_terminal():
                    break
                _step(clone, ahead)
                _step(pickled, alike)
            assert _text(state) == before
            assert _text(clone) == _text(pickled)
            _step(state, rng)
            positions += 1
    assert positions > 500
