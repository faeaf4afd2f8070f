"""Shared machinery of the per-game load_state fuzz tests (issue 13 item 4): one mutation
of a reachable canonical state, and the check that an accepted position is fully usable."""

from __future__ import annotations

import copy
import json
import random
from collections.abc import Callable, Sequence
from typing import Any

from hypothesis import strategies as st

from reference_impl.core import CHANCE, EngineError, GameDefinition, GameState, sample_chance


def paths(value: Any, prefix: tuple = ()) -> list[tuple]:
    """Every path into a JSON value (containers and leaves), skipping into long lists."""
    out = [prefix]
    if isinstance(value, dict):
        for key, item in value.items():
            out += paths(item, (*prefix, key))
    elif isinstance(value, list):
        for index, item in enumerate(value[:3]):
            out += paths(item, (*prefix, index))
    return out


def mutate(value: Any, kind: int, extra: Sequence[Any] = ()) -> Any:
    """One mutation of a leaf or container (``kind`` chooses which; ``extra`` adds values
    the game's own fields take, such as card names)."""
    choices: list[Any] = ["x", 1.5, None, True, [], {}, -1, 10**6, 4, *extra]
    if type(value) is int:
        choices = [value + 1, value - 1, -1, 10**6, "1", float(value), *choices]
    elif isinstance(value, list) and value:
        choices = [value[:-1], [*value, value[-1]], value[::-1], *choices]
    elif isinstance(value, dict):
        choices = [{**value, "extra": 1}, *choices]
        choices += [{k: v for k, v in value.items() if k != key} for key in value]
    return choices[kind % len(choices)]


def mutated(states: Sequence[dict[str, Any]], extra: Sequence[Any] = ()) -> Any:
    """A strategy: one of ``states`` with one field deleted or mutated."""

    @st.composite
    def draw_one(draw: st.DrawFn) -> dict[str, Any]:
        state = copy.deepcopy(draw(st.sampled_from(list(states))))
        path = draw(st.sampled_from(paths(state)[1:]))
        parent = state
        for key in path[:-1]:
            parent = parent[key]
        if draw(st.booleans()) and isinstance(parent, dict):
            del parent[path[-1]]
        else:
            parent[path[-1]] = mutate(parent[path[-1]], draw(st.integers(0, 40)), extra)
        return state

    return draw_one()


def exercise(game: GameDefinition, state: GameState) -> None:
    """Export round-trips; every legal action and chance outcome applies cleanly."""
    exported = state.to_canonical()
    assert game.load(json.loads(json.dumps(exported))).to_canonical() == exported
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


def playout_positions(
    state: GameState, seed: int, every: int, keep: Callable[[GameState], bool] = lambda _: False
) -> list[dict[str, Any]]:
    """Canonical states along one seeded random game from ``state``: every ``every``-th
    step, each step where ``keep`` holds, and the final one."""
    rng = random.Random(seed)
    found = []
    step = 0
    while not state.is_terminal():
        if step % every == 0 or keep(state):
            found.append(state.to_canonical())
        if CHANCE in state.to_act():
            state.apply(sample_chance(state, rng))
        else:
            state.apply(rng.choice(state.legal_actions()))
        step += 1
    found.append(state.to_canonical())
    return found
