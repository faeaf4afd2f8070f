"""load_state hardening (issue 13 item 4): a mutated reachable position is refused as
malformed naming a field, or accepted as a position the engine fully handles.

Hypothesis mutates one field of a reachable state (a type change, +/-1, an out-of-range
value, a deleted or added key, a dropped or repeated list item). The load must either
raise MalformedInput (or Unsupported for a player count) whose message names a ``state``
field, or return a state whose export round-trips and in which every listed legal action
(and every chance outcome) applies without any other error.
"""

from __future__ import annotations

import copy
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings

from reference_impl.core import MalformedInput, Unsupported
from reference_impl.isle_traces import GAME
from tests.support.load_fuzz import exercise, mutated, playout_positions


def _reachable() -> list[dict[str, Any]]:
    """Canonical states met along seeded random games (every phase occurs)."""
    found = []
    for players, seed, options in ((2, 1, {}), (3, 2, {"flip_face": "any"}), (4, 3, {})):
        found += playout_positions(
            GAME.new_game(players, options), seed, every=9,
            keep=lambda s: s.phase in ("reexplore", "flip_feather", "place_feather"),
        )  # fmt: skip
    return found


STATES = _reachable()


@settings(
    max_examples=200,
    deadline=None,
    derandomize=True,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
@given(mutated(STATES))
def test_a_mutated_position_is_refused_naming_a_field_or_fully_usable(data: dict) -> None:
    try:
        state = GAME.load(data)
    except (MalformedInput, Unsupported) as error:
        assert "state" in error.message or "option" in error.message or "players" in error.message
        return
    exercise(GAME, state)


@pytest.mark.parametrize("index", range(0, len(STATES), 7))
def test_the_reachable_positions_themselves_load_and_play(index: int) -> None:
    exercise(GAME, GAME.load(copy.deepcopy(STATES[index])))
