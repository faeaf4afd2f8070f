"""Gnomeville reference engine: playouts, round trips, schemas, illegal and malformed input."""

from __future__ import annotations

import copy
import json
import random

import jsonschema
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from conformance.invariants.gnomeville import INVARIANTS
from reference_impl.core import CHANCE, IllegalAction, MalformedInput, random_playout, sample_chance
from reference_impl.gnomeville import GAME
from rulespec.resources import SPEC_DIR

STATE_SCHEMA = json.loads((SPEC_DIR / "gnomeville" / "state.schema.json").read_text())
ACTION_SCHEMA = json.loads((SPEC_DIR / "gnomeville" / "action.schema.json").read_text())
UNIQUE = ["maizeville", "riverville", "boulderville", "towerville"]
CONFIGS = [
    (1, {}),
    (2, {}),
    (3, {}),
    (4, {}),
    (1, {"boards": ["towerville"], "master_build": True}),
    (2, {"boards": ["maizeville", "symmetric"], "turn_by_turn_rounds": [1, 2]}),
    (4, {"boards": UNIQUE, "turn_by_turn_rounds": [1, 3, 5], "master_build": True}),
    (3, {"boards": UNIQUE[1:], "two_player_tie_includes_second": True}),
]


@pytest.mark.parametrize(("players", "options"), CONFIGS)
@pytest.mark.parametrize("seed", [1, 2])
def test_random_playout_finishes(players: int, options: dict, seed: int) -> None:
    state = GAME.new_game(players, options)
    steps = random_playout(state, random.Random(seed), max_steps=50_000)
    assert state.is_terminal() and steps > 0
    out = state.outcome()
    assert len(out.scores) == players and out.winners
    if players == 1:
        assert "rank" in out.details


def _walk(players: int, options: dict, seed: int):
    rng = random.Random(seed)
    state = GAME.new_game(players, options)
    while not state.is_terminal():
        yield state
        if CHANCE in state.to_act():
            action = sample_chance(state, rng)
        else:
            action = rng.choice(state.legal_actions())
        state.apply(action)
    yield state


@pytest.mark.parametrize(("players", "options"), CONFIGS[1:4] + CONFIGS[6:7])
def test_round_trip_schemas_and_invariants(players: int, options: dict) -> None:
    validator = jsonschema.Draft202012Validator(STATE_SCHEMA)
    action_validator = jsonschema.Draft202012Validator(ACTION_SCHEMA)
    last = [0] * players
    for step, state in enumerate(_walk(players, options, seed=7)):
        canonical = state.to_canonical()
        scores = [p["score"] for p in canonical["players"]]
        assert all(a >= b for a, b in zip(scores, last, strict=True)), "a score decreased"
        last = scores
        assert GAME.load(canonical).to_canonical() == canonical
        for inv in INVARIANTS:
            assert inv.problems(canonical) == []
        if step % 5 == 0:
            validator.validate(canonical)
            for action in state.legal_actions():
                action_validator.validate(action)
            assert json.loads(json.dumps(canonical)) == canonical


def test_legal_actions_are_deterministic() -> None:
    walks = [_walk(3, {}, seed=3), _walk(3, {}, seed=3)]
    for _ in range(60):
        a, b = next(walks[0]), next(walks[1])
        assert a.to_canonical() == b.to_canonical()
    assert a.legal_actions() == b.legal_actions()


@pytest.mark.parametrize(
    "action",
    [
        {"actor": 0, "type": "place", "space": [9, 9]},
        {"actor": 0, "type": "step", "gnome": 0, "dir": "N"},
        {"actor": 1, "type": "buy", "kind": "market"},
        {"actor": "chance", "type": "goal", "card": "nope"},
    ],
)
def test_illegal_action_leaves_state_unchanged(action: dict) -> None:
    for state in _walk(2, {}, seed=11):
        if state.to_act() and state.to_act() != [CHANCE] and state.phase == "build":
            break
    before = copy.deepcopy(state.to_canonical())
    with pytest.raises(IllegalAction) as error:
        state.apply(action)
    assert error.value.rule and error.value.rule.startswith("GV-")
    assert repr(action)[:20] in error.value.message or action["actor"] == "chance"
    assert state.to_canonical() == before


def test_malformed_inputs_name_the_problem() -> None:
    state = GAME.new_game(2)
    with pytest.raises(MalformedInput, match="actor and type"):
        state.apply({"type": "draw"})
    with pytest.raises(MalformedInput, match="actor must be"):
        state.apply({"actor": 7, "type": "draw"})
    with pytest.raises(MalformedInput, match="unknown action type 'fly'"):
        state.apply({"actor": 0, "type": "fly"})
    with pytest.raises(MalformedInput, match="bad 'dir'"):
        state.apply({"actor": 0, "type": "step", "gnome": 0, "dir": "up"})
    with pytest.raises(MalformedInput, match="needs 'space'"):
        state.apply({"actor": 0, "type": "deploy"})
    canonical = state.to_canonical()
    for path, value, message in [
        (("players", 0, "mushrooms"), -1, "mushrooms"),
        (("players", 0, "bag"), {"market": 1}, "bag"),
        (("players", 1, "board"), "atlantis", "board"),
        (("round",), 9, "round"),
        (("supply",), {}, "supply"),
    ]:
        broken = copy.deepcopy(canonical)
        node = broken
        for key in path[:-1]:
            node = node[key]
        node[path[-1]] = value
        with pytest.raises(MalformedInput, match=message):
            GAME.load(broken)
    del canonical["players"]
    with pytest.raises(MalformedInput, match="players"):
        GAME.load(canonical)
    with pytest.raises(MalformedInput, match="boards"):
        GAME.new_game(2, {"boards": ["symmetric"]})


@settings(max_examples=60, deadline=None, derandomize=True)
@given(
    matrix=st.lists(st.text(alphabet=".BT", min_size=5, max_size=5), min_size=5, max_size=5),
    moves=st.lists(
        st.tuples(st.sampled_from("NESW"), st.sampled_from(["step", "far"])), max_size=3
    ),
    trolls=st.integers(0, 3),
    seed=st.integers(0, 1000),
)
def test_any_troll_card_leaves_at_most_three_trolls(matrix, moves, trolls, seed) -> None:
    """GV-TROLL-CAP on the engine: any matrix on a town with 0..3 trolls."""
    state = GAME.new_game(2)
    rng = random.Random(seed)
    while state.to_act() == [CHANCE] and state.phase == "setup":
        state.apply(sample_chance(state, rng))
    canonical = state.to_canonical()
    spaces = rng.sample([(r, c) for r in range(5) for c in range(5) if (r, c) != (2, 2)], trolls)
    for r, c in spaces:
        canonical["players"][0]["cells"][r][c] = "troll"
    state = GAME.load(canonical)
    state.apply(
        {
            "actor": CHANCE,
            "type": "troll_card",
            "card": "troll-01",
            "matrix": matrix,
            "moves": [list(m) for m in moves],
        }
    )
    state.apply({"actor": 0, "type": "pass"})
    state.apply({"actor": 1, "type": "pass"})
    while state.phase == "attack" and not state.is_terminal():
        state.apply(rng.choice(state.legal_actions()))
        for p in state.to_canonical()["players"]:
            assert sum(row.count("troll") for row in p["cells"]) <= 3
    for p in state.to_canonical()["players"]:
        assert sum(row.count("troll") for row in p["cells"]) <= 3


def test_gnomes_never_cross_a_maizeville_hedge() -> None:
    """GV-BOARD-HEDGE: no applied step joins two spaces separated by a hedge."""
    from reference_impl.gnomeville.data import BOARDS

    hedges = {frozenset(map(tuple, h)) for h in BOARDS["maizeville"]["hedges"]}
    moves = {"N": (-1, 0), "E": (0, 1), "S": (1, 0), "W": (0, -1)}
    crossed = 0
    for seed in range(4):
        rng = random.Random(seed)
        state = GAME.new_game(2, {"boards": ["maizeville", "maizeville"]})
        while not state.is_terminal():
            if CHANCE in state.to_act():
                state.apply(sample_chance(state, rng))
                continue
            action = rng.choice(state.legal_actions())
            if action["type"] == "step":
                player = state.to_canonical()["players"][action["actor"]]
                r, c = player["gnomes"][action["gnome"]]["space"]
                dr, dc = moves[action["dir"]]
                assert frozenset({(r, c), (r + dr, c + dc)}) not in hedges
                crossed += 1
            state.apply(action)
    assert crossed > 0


def test_view_hides_other_players_drawn_abilities() -> None:
    state = GAME.new_game(2)
    rng = random.Random(0)
    while CHANCE in state.to_act():
        state.apply(sample_chance(state, rng))
    canonical = state.to_canonical()
    player = canonical["players"][0]  # a gnome that graduated at an academy on its space
    player["cells"][2][2] = "academy"
    canonical["supply"]["academy"] -= 1
    player["gnomes"][0]["graduated"] = True
    player["activation"] = {"kind": "academy", "space": [2, 2], "gnome": 0, "to_draw": 2}
    player["drawn_abilities"] = ["ability-01", "ability-02"]
    canonical["ability_deck"] = canonical["ability_deck"][2:]
    state = GAME.load(canonical)
    assert state.view(0)["players"][0]["drawn_abilities"] == ["ability-01", "ability-02"]
    assert state.view(1)["players"][0]["drawn_abilities"] == ["hidden", "hidden"]
