"""NEOM engine: full random playouts, round trips, schemas, illegal and malformed input."""

from __future__ import annotations

import copy
import json
import random

import pytest

from conformance.invariants.neom import INVARIANTS, STEP_BOUND
from reference_impl.core import CHANCE, IllegalAction, MalformedInput, random_playout, sample_chance
from reference_impl.neom import GAME
from rulespec.resources import SPEC_DIR
from rulespec.yaml_safe import safe_load
from tests.support.schemas import game_schema

STATE_SCHEMA = game_schema("neom", "state")
ACTION_SCHEMA = game_schema("neom", "action")
CONFIGS = [
    (1, {}),
    (1, {"solo_tile_set": "4+"}),
    (1, {"solo_tile_set": "5+", "solo_disasters_strike": False}),
    (2, {}),
    (3, {"protection_scope": "city"}),
    (4, {"allow_replace": False}),
    (5, {}),
    (5, {"cornerstone_requirements": False}),
]


def _play(num_players: int, options: dict, seed: int, every: int = 0):
    """Random game; every ``every`` steps yield the state (to check it)."""
    state = GAME.new_game(num_players, options)
    rng = random.Random(seed)
    steps = 0
    while not state.is_terminal():
        action = sample_chance(state, rng) if CHANCE in state.to_act() else None
        if action is None:
            action = rng.choice(state.legal_actions())
        state.apply(action)
        steps += 1
        assert steps <= STEP_BOUND
        if every and steps % every == 0:
            yield state, action
    yield state, None


@pytest.mark.parametrize(("num_players", "options"), CONFIGS)
def test_random_playouts_finish(num_players: int, options: dict) -> None:
    """NM-FLOW-END: every configuration plays to the end within STEP_BOUND actions."""
    for seed in range(3):
        state = GAME.new_game(num_players, options)
        steps = random_playout(state, random.Random(seed), max_steps=STEP_BOUND)
        assert state.is_terminal() and state.to_act() == []
        assert state.generation == 3
        outcome = state.outcome()
        assert len(outcome.scores) == num_players and outcome.winners
        assert steps > 100


@pytest.mark.parametrize(("num_players", "options"), CONFIGS)
def test_invariants_round_trip_and_schemas(num_players: int, options: dict) -> None:
    """Round-trip (load(to_canonical()) equal), invariants and schemas along a whole game."""
    for count, (state, action) in enumerate(_play(num_players, options, seed=7, every=4)):
        canonical = state.to_canonical()
        assert GAME.load(json.loads(json.dumps(canonical))).to_canonical() == canonical
        for invariant in INVARIANTS:
            assert invariant.problems(canonical) == []
        if count % 8 == 0 or state.is_terminal():
            STATE_SCHEMA.validate(canonical)
            STATE_SCHEMA.validate(state.view(count % num_players))
            if action is not None:
                ACTION_SCHEMA.validate(action)
            for legal in state.legal_actions()[:5]:
                ACTION_SCHEMA.validate(legal)


def test_chance_probabilities_sum_to_one() -> None:
    for state, _ in _play(3, {}, seed=3, every=3):
        outcomes = state.chance_outcomes()
        if outcomes:
            assert sum(p for _, p in outcomes) == 1
            assert [a for a, _ in outcomes] == state.legal_actions()


def test_clone_is_independent() -> None:
    for state, _ in _play(2, {}, seed=5, every=40):
        if state.is_terminal():
            break
        twin = state.clone()
        assert twin.to_canonical() == state.to_canonical()
        twin.apply(twin.legal_actions()[0])
        assert twin.to_canonical() != state.to_canonical()


@pytest.mark.parametrize("num_players", [1, 3])
def test_a_clone_plays_like_its_original(num_players: int) -> None:
    """clone copies everything play reads (icons, fired, who acts, what is legal): the same
    action on both gives the same position. clone is no protocol request, so the scenarios
    never see it but through load's trial listing; this pins it for in-process callers."""
    rng = random.Random(11)
    for state, _ in _play(num_players, {}, seed=7, every=7):
        if state.is_terminal():
            break
        twin = state.clone()
        assert (twin.icons, twin.fired) == (state.icons, state.fired)
        assert twin.to_act() == state.to_act()
        assert twin.legal_actions() == state.legal_actions()
        original = GAME.load(state.to_canonical())
        for _ in range(12):  # a whole solo turn at least: the next deal reads the icons
            if original.is_terminal():
                break
            action = sample_chance(original, rng) if CHANCE in original.to_act() else None
            action = action or rng.choice(original.legal_actions())
            original.apply(action)
            twin.apply(action)
            assert twin.to_canonical() == original.to_canonical()
            assert twin.fired == original.fired


def _illegal_candidates(state) -> list[dict]:
    seat = next((a for a in state.to_act() if a != CHANCE), 0)
    return [
        {"actor": seat, "type": "place", "x": 0, "y": 0, "rotation": 90},
        {"actor": seat, "type": "select", "tile": "g3-stadium"},
        {"actor": seat, "type": "cornerstone", "tile": "cs-atelier", "x": 4, "y": 4},
        {"actor": seat, "type": "pay"},
        {"actor": seat, "type": "keep", "tile": "cs-kiln"},
        {"actor": CHANCE, "type": "deal", "player": 0, "tile": "g3-stadium"},
    ]


def test_illegal_actions_leave_the_state_unchanged() -> None:
    """DESIGN 6: an IllegalAction names a rule and changes nothing."""
    refused = 0
    for state, _ in _play(3, {}, seed=11, every=9):
        if state.is_terminal():
            break
        before = state.to_canonical()
        legal = state.legal_actions()
        for action in _illegal_candidates(state):
            if action in legal:
                continue
            with pytest.raises((IllegalAction, MalformedInput)) as info:
                state.apply(copy.deepcopy(action))
            if isinstance(info.value, IllegalAction):
                assert info.value.rule and info.value.rule.startswith("NM-")
                refused += 1
            assert state.to_canonical() == before
    assert refused > 20


@pytest.mark.parametrize(
    ("action", "field"),
    [
        ("not an action", "action must be a JSON object"),
        ({"actor": 0}, "action.type"),
        ({"actor": 0, "type": "fly"}, "action.type"),
        ({"actor": "x", "type": "sell"}, "action.actor"),
        ({"actor": 0, "type": "place", "x": 9, "y": 0}, "action.x"),
        ({"actor": 0, "type": "place", "x": 1}, "action.y"),
        ({"actor": 0, "type": "sell", "colour": "red"}, "action.colour"),
        ({"actor": 0, "type": "select", "tile": "g9-nothing"}, "action.tile"),
        ({"actor": 0, "type": "deal", "player": 0, "tile": "g1-fire"}, "action.actor"),
        ({"actor": 7, "type": "sell"}, "action.actor"),
    ],
)
def test_malformed_actions_name_the_field(action, field: str) -> None:
    state = GAME.new_game(2, setup={"boards": ["oil", "ore"]})
    before = state.to_canonical()
    with pytest.raises(MalformedInput, match=field.replace(".", r"\.")):
        state.apply(action)
    assert state.to_canonical() == before


@pytest.mark.parametrize(
    ("path", "value", "field"),
    [
        (("players", 0, "coins"), -1, "players.0.coins"),
        (("players", 1, "city"), [[None]], "players.1.city"),
        (("players", 0, "hand"), ["g9-x"], "players.0.hand.0"),
        (("phase",), "lunch", "phase"),
        (("generation",), 4, "generation"),
        (("decks",), {"1": {}}, "decks"),
        (("options",), {"colour": 1}, "options"),
        (("game",), "chess", "game"),
        (("disasters",), [{"tile": "g1-park", "by": 0, "decided": []}], "disasters.0.tile"),
    ],
)
def test_malformed_states_name_the_field(path: tuple, value, field: str) -> None:
    canonical = GAME.new_game(2, setup={"boards": ["oil", "ore"]}).to_canonical()
    node = canonical
    for key in path[:-1]:
        node = node[key]
    node[path[-1]] = value
    with pytest.raises(MalformedInput, match=field.replace(".", r"\.")):
        GAME.load(canonical)


def test_missing_state_field() -> None:
    canonical = GAME.new_game(2).to_canonical()
    del canonical["boards"]
    with pytest.raises(MalformedInput, match="boards"):
        GAME.load(canonical)


def test_view_hides_hands_and_selections() -> None:
    """NM-VIEW-HIDDEN: another player's hand, cornerstones, selection and the decks are hidden."""
    for state, _ in _play(3, {}, seed=2, every=50):
        if state.is_terminal():
            break
        view = state.view(0)
        assert "hidden" in view["decks"]["1"]
        for other in view["players"][1:]:
            assert isinstance(other["hand"], dict) and isinstance(other["cornerstones"], dict)
            if state.phase in ("select", "draft"):
                assert other["selected"] in (None, "hidden")
        assert view["players"][0]["hand"] == state.to_canonical()["players"][0]["hand"]


def test_options_are_checked() -> None:
    with pytest.raises(MalformedInput):
        GAME.new_game(2, {"protection_scope": "galaxy"})
    with pytest.raises(MalformedInput):
        GAME.new_game(2, {"unknown": True})
    with pytest.raises(MalformedInput):
        GAME.new_game(2, setup={"boards": ["oil", "oil"]})


def test_fired_rule_ids_are_catalogue_ids() -> None:
    """Every rule id the engine reports as fired exists in spec/neom/rules.yaml."""

    rules = safe_load((SPEC_DIR / "neom" / "rules.yaml").read_text(encoding="utf-8"))
    known = {rule["id"] for rule in rules["rules"]}
    fired: set[str] = set()
    for num_players, options in CONFIGS:
        state = GAME.new_game(num_players, options)
        rng = random.Random(1)
        while not state.is_terminal():
            if CHANCE in state.to_act():
                state.apply(sample_chance(state, rng))
            else:
                state.apply(rng.choice(state.legal_actions()))
            fired.update(state.fired)
    assert fired <= known, sorted(fired - known)
    assert {"NM-SELL", "NM-INCOME", "NM-PASS", "NM-DISASTER-STRIKE"} <= fired


def test_transitions_hold_along_games() -> None:
    """The step properties of conformance/invariants/neom.py over whole games."""
    from conformance.invariants.neom import TRANSITIONS

    for num_players, options in [(1, {}), (3, {}), (5, {})]:
        state = GAME.new_game(num_players, options)
        rng = random.Random(4)
        before = state.to_canonical()
        while not state.is_terminal():
            if CHANCE in state.to_act():
                action = sample_chance(state, rng)
            else:
                action = rng.choice(state.legal_actions())
            state.apply(action)
            after = state.to_canonical()
            for transition in TRANSITIONS:
                assert transition.problems(before, action, after) == []
            before = after
