"""The reference engine directly: whole random games end and keep the invariants, states
round-trip, illegal and malformed input leaves the state untouched, and load_state names
every problem of an unreachable position."""

from __future__ import annotations

import json
import random
from importlib.resources import files

import pytest
from jsonschema import Draft202012Validator
from reference_impl.core import IllegalAction, MalformedInput, Unsupported, sample_chance

from rulespec_pig import invariants
from rulespec_pig.engine import GAME

SPEC = files("rulespec_pig") / "spec"
STATE_SCHEMA = Draft202012Validator(json.loads((SPEC / "state.schema.json").read_text("utf-8")))
ACTION_SCHEMA = Draft202012Validator(json.loads((SPEC / "action.schema.json").read_text("utf-8")))


def _play(players: int, options: dict, seed: int) -> int:
    """One random game, checking every state and step; returns its number of actions."""
    rng = random.Random(seed)
    state = GAME.new_game(players, options)
    canonical = state.to_canonical()
    steps = 0
    while True:
        STATE_SCHEMA.validate(canonical)
        for invariant in invariants.INVARIANTS:
            assert invariant.problems(canonical) == []
        assert GAME.load(canonical).to_canonical() == canonical
        if state.is_terminal():
            return steps
        for action in state.legal_actions():
            ACTION_SCHEMA.validate(action)
        if "chance" in state.to_act():
            action = sample_chance(state, rng)
        else:
            action = rng.choice(state.legal_actions())
        state.apply(action)
        after = state.to_canonical()
        for transition in invariants.TRANSITIONS:
            assert transition.problems(canonical, action, after) == []
        canonical = after
        steps += 1


@pytest.mark.parametrize(("players", "options"), invariants.CONFIGS)
def test_random_games_end_with_one_winner_at_the_goal(players: int, options: dict) -> None:
    """PIG-WIN: every game ends with the current player alone at 100 or more."""
    for seed in range(8):
        assert _play(players, options, seed) < GAME.step_horizon


def test_player_counts_outside_two_to_six_are_unsupported() -> None:
    """PIG-PLAYERS."""
    for players in (1, 7):
        with pytest.raises(Unsupported):
            GAME.new_game(players)


def test_unknown_options_and_setups_are_malformed() -> None:
    with pytest.raises(MalformedInput, match="unknown option"):
        GAME.new_game(2, {"three_dice": True})
    with pytest.raises(MalformedInput, match="two_dice"):
        GAME.new_game(2, {"two_dice": 1})
    with pytest.raises(MalformedInput, match=r"setup\.first"):
        GAME.new_game(2, setup={"first": 1})


@pytest.mark.parametrize(
    ("action", "error", "rule"),
    [
        ({"actor": 0, "type": "hold"}, IllegalAction, "PIG-ROLL-FIRST"),
        ({"actor": 1, "type": "roll"}, IllegalAction, "PIG-TURN-ORDER"),
        ({"actor": "chance", "type": "dice", "dice": [3]}, IllegalAction, "PIG-TURN-ROLL"),
        ({"actor": 0, "type": "pass"}, MalformedInput, None),
        ({"actor": 0, "type": "roll", "dice": [3]}, MalformedInput, None),
        ({"actor": True, "type": "roll"}, MalformedInput, None),
        ("roll", MalformedInput, None),
    ],
)
def test_refused_actions_change_nothing(action, error, rule) -> None:
    """DESIGN 6: an illegal or malformed action names its rule and leaves the state."""
    state = GAME.new_game(2)
    before = state.to_canonical()
    with pytest.raises(error) as raised:
        state.apply(action)
    assert raised.value.rule == rule
    assert state.to_canonical() == before


def _edited(**changes) -> dict:
    canonical = GAME.new_game(2).to_canonical()
    canonical.update(changes)
    return canonical


@pytest.mark.parametrize(
    ("changes", "named"),
    [
        ({"turn_total": 1}, ["turn_total: 1"]),
        ({"scores": [1, 100]}, ["scores.0: 1", "scores.1: 100"]),
        ({"phase": "roll"}, ["to_act"]),
        ({"phase": "over", "to_act": [], "terminal": True, "turn_total": 4}, ["left over"]),
        ({"current": 2}, ["current: 2"]),
        ({"extra": 1}, ["extra: not a field"]),
        ({"num_players": 7}, ["num_players"]),
    ],
)
def test_load_names_every_problem(changes: dict, named: list[str]) -> None:
    with pytest.raises(MalformedInput) as raised:
        GAME.load(_edited(**changes))
    for part in named:
        assert part in raised.value.message


def test_win_without_hold_positions_below_the_goal_only() -> None:
    """PIG-WIN (win_without_hold): 95 + a turn total of 5 would have ended the game."""
    canonical = _edited(scores=[95, 0], turn_total=5)
    assert GAME.load(canonical).to_canonical() == canonical
    canonical["options"] = {"two_dice": False, "win_without_hold": True}
    with pytest.raises(MalformedInput, match="win_without_hold"):
        GAME.load(canonical)


def test_clone_is_independent() -> None:
    state = GAME.new_game(3)
    state.apply({"actor": 0, "type": "roll"})
    copy = state.clone()
    state.apply({"actor": "chance", "type": "dice", "dice": [5]})
    assert copy.to_canonical()["phase"] == "roll"
    assert state.to_canonical()["turn_total"] == 5
