"""load_state hardening (issue 13 item 4): a mutated reachable Villagers position is
refused as malformed naming a field, or accepted as a position the engine fully handles.

Hypothesis mutates one field of a reachable state (a type change, +/-1, an out-of-range
value, a deleted or added key, a dropped or repeated list item). The load must raise
MalformedInput naming a ``state field``, or return a state whose export round-trips and
in which every listed legal action (and every chance outcome) applies without any other
error.
"""

from __future__ import annotations

import copy
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings

from reference_impl.core import MalformedInput
from reference_impl.villagers import GAME
from tests.support.load_fuzz import exercise, mutated, playout_positions


def _reachable() -> list[dict[str, Any]]:
    """Canonical states met along seeded random games."""
    found = []
    for seed, options in ((1, {}), (2, {"countess_builds": "road_draft"})):
        found += playout_positions(GAME.new_game(1, options), seed, every=6)
    return found


STATES = _reachable()


@settings(
    max_examples=200,
    deadline=None,
    derandomize=True,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
@given(mutated(STATES, ["Cooper", "e3"]))
def test_a_mutated_position_is_refused_naming_a_field_or_fully_usable(data: dict) -> None:
    try:
        state = GAME.load(data)
    except MalformedInput as error:
        assert "state" in error.message or "option" in error.message
        return
    exercise(GAME, state)


@pytest.mark.parametrize("index", range(0, len(STATES), 9))
def test_the_reachable_positions_themselves_load_and_play(index: int) -> None:
    exercise(GAME, GAME.load(copy.deepcopy(STATES[index])))
