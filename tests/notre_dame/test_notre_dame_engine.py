"""The Notre Dame reference engine: playouts, round-trips, schemas, errors, options."""

from __future__ import annotations

import copy
import json
import random
from fractions import Fraction
from pathlib import Path

import pytest

from conformance.invariants.notre_dame import INVARIANTS, STEP_BOUND
from reference_impl.core import CHANCE, IllegalAction, MalformedInput, Unsupported, sample_chance
from reference_impl.notre_dame import GAME
from reference_impl.notre_dame.state import NotreDameState
from rulespec.yaml_safe import safe_load
from tests.support.schemas import game_schema

SPEC = Path(__file__).resolve().parents[2] / "spec" / "notre_dame"
STATE_SCHEMA = game_schema("notre_dame", "state")
ACTION_SCHEMA = game_schema("notre_dame", "action")
RULE_IDS = {r["id"] for r in safe_load((SPEC / "rules.yaml").read_text())["rules"]}
MESSAGES_3P = {"messages": {"0": [1, 2, 3, 4], "1": [4, 3, 2, 1], "2": [2, 1, 4, 3]}}


def _step(st: NotreDameState, rng: random.Random) -> dict:
    if CHANCE in st.to_act():
        return sample_chance(st, rng)
    actions = st.legal_actions()
    return actions[rng.randrange(len(actions))]


def _states(num_players: int, seed: int, every: int = 1, options: dict | None = None):
    """Yield states of one random game (every ``every``-th step, and the last)."""
    rng = random.Random(seed)
    st = GAME.new_game(num_players, options)
    k = 0
    while not st.is_terminal():
        if k % every == 0:
            yield st
        st.apply(_step(st, rng))
        k += 1
        assert k <= STEP_BOUND
    yield st


@pytest.mark.parametrize("num_players", [2, 3, 4, 5])
@pytest.mark.parametrize("seed", [0, 1, 2])
def test_random_playout_ends_with_invariants(num_players: int, seed: int) -> None:
    """ND-GAME-ROUNDS, ND-END: whole random games end after 9 rounds; invariants hold."""
    last = None
    for st in _states(num_players, seed, every=3):
        canonical = st.to_canonical()
        problems = [p for inv in INVARIANTS for p in inv.problems(canonical)]
        assert problems == []
        last = st
    assert last is not None and last.is_terminal()
    outcome = last.outcome()
    assert outcome.winners and len(outcome.scores) == num_players
    assert last.to_canonical()["round"] == 9 and last.legal_actions() == []


@pytest.mark.parametrize(
    "options",
    [
        {"rat_floor": False},
        {"friend_in_park_bonus": False},
        {"friend_in_hospital": False},
        {"prestige_floor": False},
    ],
)
def test_every_ruling_option_plays_to_the_end(options: dict) -> None:
    for st in _states(4, 7, every=50, options=options):
        assert st.options == {**GAME.default_options, **options}
    assert st.is_terminal()


@pytest.mark.parametrize("num_players", [2, 5])
def test_canonical_round_trip_and_schemas(num_players: int) -> None:
    """load(to_canonical()) gives the same position, the same legal actions; schemas hold."""
    for st in _states(num_players, 11, every=4):
        canonical = st.to_canonical()
        STATE_SCHEMA.validate(canonical)
        for seat in range(num_players):
            STATE_SCHEMA.validate(st.view(seat))
        copy_ = GAME.load(json.loads(json.dumps(canonical)))
        assert copy_.to_canonical() == canonical
        assert copy_.legal_actions() == st.legal_actions()
        for action in st.legal_actions():
            ACTION_SCHEMA.validate(action)


def test_chance_outcomes_are_exact_and_sum_to_one() -> None:
    for st in _states(3, 5, every=2):
        if CHANCE in st.to_act():
            outcomes = st.chance_outcomes()
            assert all(isinstance(p, Fraction) for _, p in outcomes)
            assert sum(p for _, p in outcomes) == 1
            assert [a for a, _ in outcomes] == st.legal_actions()


def test_legal_actions_are_deterministic_and_fire_catalogue_rules() -> None:
    fired = set()
    rng = random.Random(3)
    st = GAME.new_game(4)
    while not st.is_terminal():
        assert st.legal_actions() == st.clone().legal_actions()
        st.apply(_step(st, rng))
        fired.update(st.fired)
    assert fired <= RULE_IDS
    assert {"ND-STAGE-PAYOUT", "ND-DRAFT-LAST", "ND-START-PASS", "ND-END"} <= fired


def _illegal_variants(st: NotreDameState) -> list[dict]:
    """Well-formed actions that are not legal here."""
    legal = st.legal_actions()
    out = []
    seat = next((a for a in st.to_act() if a != CHANCE), None)
    other = 0 if seat != 0 else 1
    out.append({"actor": other, "type": "pass"})
    out.append({"actor": seat if seat is not None else 0, "type": "keep", "card": "bank"})
    out.append({"actor": CHANCE, "type": "reveal_person", "person": "Z9"})
    for action in legal[:3]:
        if "card" in action and action["actor"] != CHANCE:
            out.append({**action, "card": "notre_dame", "offering": 3, "from": "notre_dame"})
    return [a for a in out if a not in legal]


def test_illegal_action_leaves_the_state_unchanged() -> None:
    checked = 0
    for st in _states(3, 9, every=5):
        if st.is_terminal():
            continue
        before = st.to_canonical()
        for action in _illegal_variants(st):
            with pytest.raises((IllegalAction, MalformedInput)) as info:
                st.apply(copy.deepcopy(action))
            if isinstance(info.value, IllegalAction):
                assert info.value.rule in RULE_IDS
            assert st.to_canonical() == before
            checked += 1
    assert checked > 50


@pytest.mark.parametrize(
    ("action", "names"),
    [
        ([1, 2], "JSON object"),
        ({"type": "pass"}, "action.actor"),
        ({"actor": 7, "type": "pass"}, "action.actor"),
        ({"actor": 0, "type": "fly"}, "action.type"),
        ({"actor": 0, "type": "keep"}, "action.card is missing"),
        ({"actor": 0, "type": "keep", "card": 3}, "action.card must be str"),
        ({"actor": 0, "type": "pass", "extra": 1}, "action.extra"),
        ({"actor": "chance", "type": "pass"}, "does not fit actor"),
        ({"actor": 0, "type": "play", "card": "bank", "from": "hand", "take": 1}, "action.take"),
    ],
)
def test_malformed_action_names_the_field(action: object, names: str) -> None:
    st = GAME.new_game(3, setup=MESSAGES_3P)
    before = st.to_canonical()
    with pytest.raises(MalformedInput) as info:
        st.apply(action)  # type: ignore[arg-type]
    assert names in info.value.message
    assert st.to_canonical() == before


@pytest.mark.parametrize(
    ("edit", "names"),
    [
        (lambda s: s.pop("round"), "state.round is missing"),
        (lambda s: s.update(round=10), "state.round"),
        (lambda s: s.update(phase="lunch"), "state.phase"),
        (lambda s: s["players"][1].update(coins=-1), "state.players.1.coins"),
        (lambda s: s["players"][0]["areas"].pop("bank"), "state.players.0.areas"),
        (lambda s: s["players"][2].update(deck=["bank", "sword"]), "state.players.2.deck"),
        (lambda s: s["messages"].update({"9-9": {"color": 0, "value": 1}}), "messages.9-9"),
        (lambda s: s.update(display=["nobody"]), "state.display"),
        (lambda s: s.update(options={"fast": True}), "unknown option"),
        (lambda s: s.update(game="chess"), "state.game"),
    ],
)
def test_malformed_state_names_the_field(edit, names: str) -> None:
    state = GAME.new_game(3, setup=MESSAGES_3P).to_canonical()
    edit(state)
    with pytest.raises(MalformedInput) as info:
        GAME.load(state)
    assert names in info.value.message


def test_player_counts_and_setup_errors() -> None:
    with pytest.raises(Unsupported):
        GAME.new_game(6)
    with pytest.raises(Unsupported):
        GAME.new_game(1)
    with pytest.raises(MalformedInput):
        GAME.new_game(3, setup={"messages": {"0": [1, 1, 2, 3]}})
    with pytest.raises(MalformedInput):
        GAME.new_game(3, setup={"start_player": 3})
    with pytest.raises(MalformedInput):
        GAME.new_game(3, setup={"bells": 1})
    st = GAME.new_game(3, setup={**MESSAGES_3P, "start_player": 2})
    assert st.to_canonical()["phase"] == "reveal" and st.to_canonical()["start_player"] == 2


def test_view_hides_other_hands_only() -> None:
    """ND-DRAFT-HIDDEN."""
    for st in _states(3, 4, every=7):
        canonical = st.to_canonical()
        view = st.view(1)
        for seat, (full, seen) in enumerate(
            zip(canonical["players"], view["players"], strict=True)
        ):
            for name in ("deck", "draft_hand", "cards"):
                expected = full[name] if seat == 1 else len(full[name])
                assert seen[name] == expected
            assert seen["played"] == full["played"]


def test_a_clone_is_the_same_position_and_plays_on_the_same() -> None:
    """clone() is outside the protocol (no scenario reaches it), so its copy is pinned here:
    every field, the options and the legal actions, and the next step from it."""
    for players, seed in ((2, 21), (3, 22), (5, 23)):
        options = {"rat_floor": False} if players == 2 else None
        rng = random.Random(seed)
        for st in _states(players, seed, every=7, options=options):
            twin = st.clone()
            assert twin.to_canonical() == st.to_canonical()
            assert twin.options == st.options and twin.options is not st.options
            assert twin.fired == st.fired
            assert twin.legal_actions() == st.legal_actions()
            assert twin.chance_outcomes() == st.chance_outcomes()
            listed = st.clone()  # of a position listed already: its listing is shared
            assert listed.legal_actions() == st.legal_actions()
            assert listed.chance_outcomes() == st.chance_outcomes()
            if not st.is_terminal():
                action = _step(twin, rng)
                loaded = GAME.load(st.to_canonical())
                twin.apply(copy.deepcopy(action))
                loaded.apply(copy.deepcopy(action))
                assert twin.to_canonical() == loaded.to_canonical()


def test_clone_is_independent() -> None:
    rng = random.Random(1)
    st = GAME.new_game(4)
    for _ in range(120):
        st.apply(_step(st, rng))
    twin = st.clone()
    before = st.to_canonical()
    while not twin.is_terminal():
        twin.apply(_step(twin, rng))
    assert st.to_canonical() == before
