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
import json
import random
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from reference_impl.core import CHANCE, EngineError, MalformedInput, sample_chance
from reference_impl.villagers import GAME


def _reachable() -> list[dict[str, Any]]:
    """Canonical states met along seeded random games."""
    found = []
    for seed, options in ((1, {}), (2, {"countess_builds": "road_draft"})):
        rng = random.Random(seed)
        state = GAME.new_game(1, options)
        step = 0
        while not state.is_terminal():
            if step % 6 == 0:
                found.append(state.to_canonical())
            if CHANCE in state.to_act():
                state.apply(sample_chance(state, rng))
            else:
                state.apply(rng.choice(state.legal_actions()))
            step += 1
        found.append(state.to_canonical())
    return found


STATES = _reachable()


def _paths(value: Any, prefix: tuple = ()) -> list[tuple]:
    out = [prefix]
    if isinstance(value, dict):
        for key, item in value.items():
            out += _paths(item, (*prefix, key))
    elif isinstance(value, list):
        for index, item in enumerate(value[:3]):
            out += _paths(item, (*prefix, index))
    return out


def _mutate(value: Any, kind: int) -> Any:
    choices: list[Any] = ["x", 1.5, None, True, [], {}, -1, 10**6, 4, "Cooper", "e3"]
    if type(value) is int:
        choices = [value + 1, value - 1, -1, 10**6, "1", float(value), *choices]
    elif isinstance(value, list) and value:
        choices = [value[:-1], [*value, value[-1]], value[::-1], *choices]
    elif isinstance(value, dict):
        choices = [{**value, "extra": 1}, *choices]
        choices += [{k: v for k, v in value.items() if k != key} for key in value]
    return choices[kind % len(choices)]


@st.composite
def mutated(draw: st.DrawFn) -> dict[str, Any]:
    state = copy.deepcopy(draw(st.sampled_from(STATES)))
    path = draw(st.sampled_from(_paths(state)[1:]))
    parent = state
    for key in path[:-1]:
        parent = parent[key]
    if draw(st.booleans()) and isinstance(parent, dict):
        del parent[path[-1]]
    else:
        parent[path[-1]] = _mutate(parent[path[-1]], draw(st.integers(0, 40)))
    return state


def _exercise(state: Any) -> None:
    exported = state.to_canonical()
    assert GAME.load(json.loads(json.dumps(exported))).to_canonical() == exported
    if CHANCE in state.to_act():
        actions = [a for a, _ in state.chance_outcomes()]
    else:
        actions = state.legal_actions()
    assert actions or state.is_terminal()
    for action in actions:
        try:
            state.clone().apply(action)
        except EngineError as error:  # a listed action must apply
            raise AssertionError(f"listed {action!r} refused: {error}") from error


@settings(
    max_examples=200,
    deadline=None,
    derandomize=True,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
@given(mutated())
def test_a_mutated_position_is_refused_naming_a_field_or_fully_usable(data: dict) -> None:
    try:
        state = GAME.load(data)
    except MalformedInput as error:
        assert "state" in error.message or "option" in error.message
        return
    _exercise(state)


@pytest.mark.parametrize("index", range(0, len(STATES), 9))
def test_the_reachable_positions_themselves_load_and_play(index: int) -> None:
    _exercise(GAME.load(copy.deepcopy(STATES[index])))
