"""Canonical state: round-trips, schemas, illegal input never corrupts, malformed input."""

from __future__ import annotations

import copy
import json
import random
from pathlib import Path

import pytest

from reference_impl.core import CHANCE, IllegalAction, MalformedInput, sample_chance
from reference_impl.isle_traces import GAME
from tests.support.schemas import game_schema

SPEC = Path(__file__).resolve().parents[2] / "spec" / "isle_traces"
STATE_SCHEMA = game_schema("isle_traces", "state")
ACTION_SCHEMA = game_schema("isle_traces", "action")


def _walk(players: int, seed: int, options: dict | None = None):
    """Yield (state, chosen action) along a random game."""
    rng = random.Random(seed)
    state = GAME.new_game(players, options)
    while not state.is_terminal():
        if CHANCE in state.to_act():
            action = sample_chance(state, rng)
        else:
            action = rng.choice(state.legal_actions())
        yield state, action
        state.apply(action)
    yield state, None


@pytest.mark.parametrize("players,seed", [(2, 1), (3, 2), (4, 3)])
def test_round_trip_schema_and_legal_actions(players: int, seed: int) -> None:
    for step, (state, _action) in enumerate(_walk(players, seed)):
        if step % 3:
            continue
        canonical = state.to_canonical()
        STATE_SCHEMA.validate(canonical)
        again = GAME.load(json.loads(json.dumps(canonical)))
        assert again.to_canonical() == canonical
        legal = state.legal_actions()
        assert again.legal_actions() == legal
        for action in legal[:40]:
            ACTION_SCHEMA.validate(action)


def test_legal_actions_are_deterministic() -> None:
    for state, _ in _walk(3, 9):
        assert state.legal_actions() == state.clone().legal_actions()
        if state.is_terminal():
            break


def test_chance_probabilities_sum_to_one() -> None:
    state = GAME.new_game(2)
    outcomes = state.chance_outcomes()
    assert len(outcomes) == 36
    assert sum(p for _, p in outcomes) == 1


BAD_ACTIONS = [
    ({"actor": 0, "type": "fly"}, MalformedInput, "unknown action type"),
    ({"actor": 0, "type": "pass", "extra": 1}, MalformedInput, "unexpected"),
    ({"actor": 0, "type": "place_explorer", "row": "6", "col": 6}, MalformedInput, "integer"),
    ({"actor": 7, "type": "pass"}, MalformedInput, "actor"),
    ({"actor": 1, "type": "pass"}, IllegalAction, "IT-TURN-ORDER"),
    ({"actor": 0, "type": "flip", "card": 999}, IllegalAction, "IT-TURN-SEQUENCE"),
    ({"actor": 0, "type": "place_explorer", "row": 0, "col": 0}, IllegalAction, "IT-EXPL-PLACE"),
    ({"actor": 0, "type": "place_explorer", "row": 15, "col": 0}, IllegalAction, "IT-PLACE-AREA"),
]


@pytest.mark.parametrize("action,error,needle", BAD_ACTIONS, ids=lambda x: str(x)[:40])
def test_bad_actions_leave_the_state_unchanged(action, error, needle) -> None:
    state = GAME.new_game(2)
    rng = random.Random(4)
    while state.phase != "explore":
        state.apply(
            sample_chance(state, rng) if CHANCE in state.to_act() else state.legal_actions()[0]
        )
    before = state.to_canonical()
    with pytest.raises(error) as caught:
        state.apply(action)
    text = f"{caught.value.rule} {caught.value.message}"
    assert needle in text
    assert state.to_canonical() == before


def test_every_illegal_placement_is_refused_without_change() -> None:
    state = GAME.new_game(2)
    rng = random.Random(8)
    for _ in range(30):
        state.apply(
            sample_chance(state, rng)
            if CHANCE in state.to_act()
            else rng.choice(state.legal_actions())
        )
    while state.phase != "place":
        state.apply(
            sample_chance(state, rng) if CHANCE in state.to_act() else state.legal_actions()[0]
        )
    legal = {json.dumps(a, sort_keys=True) for a in state.legal_actions()}
    before = state.to_canonical()
    refused = 0
    for rot in (0, 90, 180, 270):
        for row in range(0, 16, 3):
            for col in range(0, 16, 3):
                action = {"actor": 0, "type": "place_card", "face": 0, "rot": rot}
                action.update(row=row, col=col, actor=state.current)
                if json.dumps(action, sort_keys=True) in legal:
                    continue
                with pytest.raises(IllegalAction) as caught:
                    state.apply(action)
                assert caught.value.rule.startswith("IT-PLACE-")
                refused += 1
    assert refused > 0
    assert state.to_canonical() == before


def _explore_state():
    state = GAME.new_game(2)
    rng = random.Random(2)
    while state.phase != "explore":
        state.apply(
            sample_chance(state, rng) if CHANCE in state.to_act() else state.legal_actions()[0]
        )
    return state.to_canonical()


MALFORMED = [
    ("game", "chess", "state.game"),
    ("num_players", 9, "isle_traces is for 2-4"),
    ("phase", "dance", "state.phase"),
    ("current", 5, "state.current"),
    ("chips", [True], "state.chips"),
    ("feather", {"row": 0, "col": 0}, "state.feather: the cell is not on the map"),
    ("explorers", [{"player": 0, "row": 0, "col": 0}], "state.explorers.0"),
    ("options", {"line_points": "double"}, "line_points"),
]


@pytest.mark.parametrize("field,value,needle", MALFORMED, ids=lambda x: str(x)[:30])
def test_malformed_states_name_the_field(field, value, needle) -> None:
    canonical = _explore_state()
    canonical[field] = value
    with pytest.raises(Exception) as caught:
        GAME.load(canonical)
    assert needle in str(caught.value)


def test_malformed_map_card_is_named() -> None:
    canonical = _explore_state()
    bad = copy.deepcopy(canonical)
    bad["map"][0]["faces"][0][0] = "mountain/fort"
    with pytest.raises(MalformedInput, match=r"state\.map\.0\.faces\.0.*fort"):
        GAME.load(bad)
    bad = copy.deepcopy(canonical)
    bad["deck"].append(copy.deepcopy(bad["deck"][0]))
    with pytest.raises(MalformedInput, match="appears twice"):
        GAME.load(bad)
    bad = copy.deepcopy(canonical)
    bad["map"][0]["row"] = 14
    with pytest.raises(MalformedInput, match="leaves the 15x15"):
        GAME.load(bad)
    bad = copy.deepcopy(canonical)
    del bad["withdrawn"]
    with pytest.raises(MalformedInput, match=r"state\.withdrawn: missing"):
        GAME.load(bad)


def _art_deck(seed: int) -> list[dict]:
    """The component faces with random closed sides (IT-COMP-ART), for a setup deck."""
    rng = random.Random(seed)
    deck = []
    for card in GAME.new_game(2).to_canonical()["deck"]:
        closed = [
            ["".join(s for s in "nesw" if rng.random() < 0.3) for _ in range(6)] for _ in range(2)
        ]
        deck.append({**card, "closed": closed})
    return deck


@pytest.mark.parametrize("seed", [1, 2])
def test_a_deck_with_drawings_round_trips_and_scores_by_the_drawings(seed: int) -> None:
    """IT-SCORE-CONNECT: lines from the closed sides; export, load and legal lists agree."""
    from reference_impl.isle_traces.scoring import find_lines

    rng = random.Random(seed)
    state = GAME.new_game(2, setup={"deck": _art_deck(seed)})
    assert state.art
    while not state.is_terminal():
        canonical = state.to_canonical()
        STATE_SCHEMA.validate(canonical)
        again = GAME.load(json.loads(json.dumps(canonical)))
        assert again.to_canonical() == canonical
        assert again.legal_actions() == state.legal_actions()
        if CHANCE in state.to_act():
            action = sample_chance(state, rng)
            ACTION_SCHEMA.validate(action)
        else:
            action = rng.choice(state.legal_actions())
        state.apply(action)
    shut = state.shut
    lines = find_lines(state.terrain, state.size, False, shut)
    plain = find_lines(state.terrain, state.size, False)
    assert len(lines) > len(plain)  # some drawing breaks a line
    for line in lines:
        for g in line:
            assert state.line_mask(g) == sum(1 << i for i in line)
