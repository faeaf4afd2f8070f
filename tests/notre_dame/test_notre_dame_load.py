"""load_state hardening of the Notre Dame reference (issue 13 item 4).

A mutated canonical state is either refused as malformed, naming a field of the state, or
accepted; an accepted one exports, round-trips, and every legal action and chance outcome
it lists applies without error. Reachable states come from a few random games.
"""

from __future__ import annotations

import copy
import random
from functools import cache
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from reference_impl.core import CHANCE, EngineError, MalformedInput, sample_chance
from reference_impl.notre_dame import GAME

#: (players, seed) of the random games the states are taken from, every 9th step
GAMES = [(2, 11), (3, 12), (4, 13), (5, 14)]
Path = tuple[Any, ...]


@cache
def reachable() -> tuple[dict[str, Any], ...]:
    found = []
    for players, seed in GAMES:
        rng = random.Random(seed)
        state = GAME.new_game(players)
        step = 0
        while not state.is_terminal():
            if step % 9 == 0:
                found.append(state.to_canonical())
            if CHANCE in state.to_act():
                action = sample_chance(state, rng)
            else:
                actions = state.legal_actions()
                action = actions[rng.randrange(len(actions))]
            state.apply(action)
            step += 1
        found.append(state.to_canonical())
    return tuple(found)


def _paths(node: Any, path: Path = ()) -> list[Path]:
    """Every path into the JSON document (containers and leaves)."""
    found = [path] if path else []
    if isinstance(node, dict):
        for key, value in node.items():
            found.extend(_paths(value, (*path, key)))
    elif isinstance(node, list):
        for index, value in enumerate(node):
            found.extend(_paths(value, (*path, index)))
    return found


def _mutate(value: Any, kind: str) -> Any:
    if kind == "plus":
        return value + 1 if isinstance(value, int) and not isinstance(value, bool) else value
    if kind == "minus":
        return value - 1 if isinstance(value, int) and not isinstance(value, bool) else value
    return {
        "huge": 10**6,
        "negative": -(10**6),
        "bool": True,
        "null": None,
        "text": "x",
        "list": [],
        "object": {},
        "float": 1.5,
    }[kind]


KINDS = ["plus", "minus", "huge", "negative", "bool", "null", "text", "list", "object", "float",
         "delete", "add"]  # fmt: skip


def _edit(state: dict[str, Any], path: Path, kind: str) -> None:
    *parents, last = path
    node: Any = state
    for key in parents:
        node = node[key]
    if kind == "delete":
        if isinstance(node, dict):
            del node[last]
        else:
            node.pop(last)
    elif kind == "add":
        if isinstance(node, dict):
            node["unexpected"] = 1
        else:
            node.append(copy.deepcopy(node[last]))
    else:
        node[last] = _mutate(node[last], kind)


def _check_continues(loaded: Any) -> None:
    exported = loaded.to_canonical()
    assert GAME.load(exported).to_canonical() == exported, "export does not round-trip"
    if CHANCE in loaded.to_act():
        actions = [a for a, _ in loaded.chance_outcomes()]
    else:
        actions = loaded.legal_actions()
    assert actions or loaded.is_terminal(), f"nothing to do in phase {exported['phase']}"
    for action in actions:
        clone = loaded.clone()
        clone.apply(copy.deepcopy(action))  # a listed action never fails
        clone.to_canonical()


@settings(
    max_examples=250,
    deadline=None,
    derandomize=True,
    suppress_health_check=[HealthCheck.too_slow],
)
@given(st.data())
def test_a_mutated_state_is_refused_naming_a_field_or_plays_on(data: st.DataObject) -> None:
    states = reachable()
    state = copy.deepcopy(states[data.draw(st.integers(0, len(states) - 1), label="state")])
    paths = _paths(state)
    path = paths[data.draw(st.integers(0, len(paths) - 1), label="path")]
    kind = data.draw(st.sampled_from(KINDS), label="kind")
    _edit(state, path, kind)
    try:
        loaded = GAME.load(state)
    except MalformedInput as error:
        assert error.message.startswith("state") or "option" in error.message, error.message
        return
    except EngineError as error:  # pragma: no cover (a refusal must be 'malformed')
        pytest.fail(f"refused as {error.kind}, not malformed: {error.message}")
    _check_continues(loaded)


@pytest.mark.parametrize(
    ("edit", "names"),
    [
        (lambda s: s["players"][0].update(stock=s["players"][0]["stock"] + 1), "players.0.stock"),
        (lambda s: s["players"][1]["areas"].update(bank=1), "players.1.stock"),
        (lambda s: s.update(notre_dame=[1, 0, 0]), "players.0.stock"),
        (lambda s: s["players"][0].update(coins=True), "players.0.coins must be an integer"),
        (lambda s: s["players"][2].update(rats=10), "players.2.rats must be within"),
        (lambda s: s["players"][2].update(prestige=-1), "players.2.prestige must be within"),
        (lambda s: s.update(pending=[0, 0]), "state.pending lists 0 twice"),
        (lambda s: s.update(pending=[]), "state.pending must name who is still to act"),
        (lambda s: s.update(current=1), "state.current must be a seat exactly in"),
        (lambda s: s.update(draft_step=1), "state.draft_step"),
        (lambda s: s.update(extra=1), "state.extra is not a field"),
        (lambda s: s["players"][0].pop("bought"), "state.players.0.bought is missing"),
        (lambda s: s.update(display=["poet", "poet"]), "state.display"),
        (lambda s: s["players"][0].update(deck=["bank", "bank"]), "players.0.deck lists"),
        (lambda s: s.update(to_act="chance"), "state.to_act"),
        (lambda s: s.update(num_players=6), "state.num_players"),
    ],
)
def test_unreachable_setup_positions_are_refused_naming_the_field(edit, names: str) -> None:
    state = GAME.new_game(3).to_canonical()  # phase setup, every district pending
    edit(state)
    with pytest.raises(MalformedInput) as info:
        GAME.load(state)
    assert names in info.value.message


def test_messages_must_lie_on_their_district_once() -> None:
    setup = {"messages": {"0": [1, 2, 3, 4], "1": [4, 3, 2, 1], "2": [2, 1, 4, 3]}}
    state = GAME.new_game(3, setup=setup).to_canonical()
    moved = copy.deepcopy(state)
    moved["messages"]["1-1"] = {"color": 0, "value": 1}
    with pytest.raises(MalformedInput, match=r"messages\.1-1 lies off the outer squares"):
        GAME.load(moved)
    twice = copy.deepcopy(state)
    twice["players"][2]["messages"] = [{"color": 0, "value": 1}]
    with pytest.raises(MalformedInput, match="repeats message 1 of colour 0"):
        GAME.load(twice)


def test_a_stuck_position_is_refused_and_a_refusal_changes_nothing() -> None:
    setup = {"messages": {"0": [1, 2, 3, 4], "1": [4, 3, 2, 1], "2": [2, 1, 4, 3]}}
    state = GAME.new_game(3, setup=setup).to_canonical()
    state.update(phase="play", current=0, display=["A1", "doctor", "poet"])
    with pytest.raises(MalformedInput, match=r"players\.0\.cards must hold a card"):
        GAME.load(state)
    state["players"][0]["cards"] = ["bank", "park", "residence"]
    state["current"] = 1
    with pytest.raises(MalformedInput, match=r"state\.current must be \(start_player"):
        GAME.load(state)
