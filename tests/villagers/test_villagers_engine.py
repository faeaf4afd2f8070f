"""Engine tests for Villagers solo: playouts, round-trips, schemas, illegal and malformed input."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from conformance.invariants.villagers import INVARIANTS, STEP_BOUND
from conformance.specification.catalogue import rule_ids
from reference_impl.core import CHANCE, IllegalAction, MalformedInput, random_playout, sample_chance
from reference_impl.villagers import GAME
from tests.support.schemas import game_schema

STATE_SCHEMA = game_schema("villagers", "state")
ACTION_SCHEMA = game_schema("villagers", "action")
OPTION_SETS = [
    {},
    {"gold_top_only": False},
    {"icons_count_covered": False},
    {"tie_break": "fewest_villagers"},
    {"founders_branches": 1, "build_limit_dynamic": True},
]


def _step(state, rng):
    if CHANCE in state.to_act():
        return sample_chance(state, rng)
    actions = state.legal_actions()
    return actions[rng.randrange(len(actions))]


@pytest.mark.parametrize("options", OPTION_SETS, ids=lambda o: ",".join(o) or "defaults")
@pytest.mark.parametrize("seed", range(5))
def test_random_games_finish(options, seed):
    """Full random games end after the second market (VL-END-GAME) within STEP_BOUND."""
    state = GAME.new_game(1, options)
    steps = random_playout(state, random.Random(seed), max_steps=STEP_BOUND)
    assert state.is_terminal() and steps < STEP_BOUND
    outcome = state.outcome()
    assert outcome.scores == (state.gold,)
    assert outcome.winners in ((), (0,))
    assert state.markets == ["resolved", "resolved"]


@pytest.mark.parametrize("seed", range(4))
def test_round_trip_schemas_and_invariants(seed):
    """load(to_canonical()) is exact at every point; states and actions fit their schemas."""
    rng = random.Random(1000 + seed)
    state = GAME.new_game(1)
    while True:
        canonical = state.to_canonical()
        STATE_SCHEMA.validate(canonical)
        for invariant in INVARIANTS:
            assert not invariant.problems(canonical)
        again = GAME.load(json.loads(json.dumps(canonical)))
        assert again.to_canonical() == canonical
        assert again.legal_actions() == state.legal_actions()
        if state.is_terminal():
            break
        for action in state.legal_actions():
            ACTION_SCHEMA.validate(action)
        state.apply(_step(state, rng))


def test_chance_probabilities_sum_to_one():
    rng = random.Random(7)
    state = GAME.new_game(1)
    while not state.is_terminal():
        if CHANCE in state.to_act():
            assert sum(p for _, p in state.chance_outcomes()) == 1
        state.apply(_step(state, rng))


def test_legal_actions_are_deterministic():
    a, b = GAME.new_game(1), GAME.new_game(1)
    rng_a, rng_b = random.Random(3), random.Random(3)
    for _ in range(150):
        if a.is_terminal():
            break
        assert a.legal_actions() == b.legal_actions()
        a.apply(_step(a, rng_a))
        b.apply(_step(b, rng_b))
    assert a.to_canonical() == b.to_canonical()


ILLEGAL = [
    {"actor": 0, "type": "take_road", "card": "Jeweler", "coins": 9},
    {"actor": 0, "type": "build", "card": "Jeweler", "column": None},
    {"actor": 0, "type": "jester", "event": "e23"},
    {"actor": 0, "type": "resolve_event", "event": "e3"},
    {"actor": 0, "type": "end_build"},
    {"actor": "chance", "type": "draw", "card": "Agent"},
]


def test_illegal_actions_leave_the_state_unchanged():
    rng = random.Random(11)
    state = GAME.new_game(1)
    checked = 0
    while not state.is_terminal():
        before = state.to_canonical()
        for action in ILLEGAL:
            if action in state.legal_actions():
                continue
            with pytest.raises((IllegalAction, MalformedInput)) as info:
                state.apply(dict(action))
            assert state.to_canonical() == before
            if isinstance(info.value, IllegalAction):
                assert info.value.rule and info.value.rule.startswith("VL-")
                assert repr(action["type"]) in info.value.message or action["type"] in str(
                    info.value.message
                )
            checked += 1
        state.apply(_step(state, rng))
    assert checked > 100


@pytest.mark.parametrize(
    ("action", "fragment"),
    [
        ("take", "JSON object"),
        ({"actor": 0}, "'type'"),
        ({"actor": 3, "type": "no_coin"}, "'actor'"),
        ({"actor": 0, "type": "fly"}, "unknown action type"),
    ],
)
def test_malformed_actions_name_the_problem(action, fragment):
    state = GAME.new_game(1)
    for _ in range(6):
        state.apply(sample_chance(state, random.Random(0)))
    before = state.to_canonical()
    with pytest.raises(MalformedInput) as info:
        state.apply(action)
    assert fragment in info.value.message
    assert state.to_canonical() == before


@pytest.mark.parametrize(
    ("path", "value", "fragment"),
    [
        (("player", "gold"), -1, "player.gold"),
        (("player", "hand"), ["Unicorn"], "player.hand.0"),
        (("stacks",), [], "stacks"),
        (("markets", "first"), "open", "markets"),
        (("phase",), "lunch", "phase"),
        (("road",), [{"card": "Cooper"}], "road.0.coins"),
    ],
)
def test_malformed_states_name_the_field(path, value, fragment):
    canonical = GAME.new_game(1).to_canonical()
    node = canonical
    for key in path[:-1]:
        node = node[key]
    node[path[-1]] = value
    with pytest.raises(MalformedInput) as info:
        GAME.load(canonical)
    assert fragment in info.value.message


def test_unknown_option_and_player_count():
    with pytest.raises(MalformedInput):
        GAME.new_game(1, {"colour": "red"})
    with pytest.raises(MalformedInput):
        GAME.new_game(1, {"tie_break": "coin_flip"})
    with pytest.raises(Exception, match="1-1 players"):
        GAME.new_game(2)


def test_every_rule_id_the_engine_names_is_in_the_catalogue():
    """Rule ids in IllegalAction errors and ``fired`` lists are catalogue ids."""
    import re

    known = set(rule_ids("villagers"))
    package = Path(__file__).resolve().parents[2] / "reference_impl" / "villagers"
    named = set()
    for source in package.glob("*.py"):
        named |= set(re.findall(r'"(VL-[A-Z0-9-]+)"', source.read_text(encoding="utf-8")))
    assert named and named <= known, sorted(named - known)
    fired: set[str] = set()
    for seed in range(6):
        rng = random.Random(seed)
        state = GAME.new_game(1)
        fired.update(state.fired)
        while not state.is_terminal():
            state.apply(_step(state, rng))
            fired.update(state.fired)
    assert fired <= known, sorted(fired - known)
    assert len(fired) > 30


def test_silver_cards_report_their_own_rule_when_valued():
    """Each silver card's component entry names its own catalogue rule (VL-SILVER-*), and
    valuing a village reports exactly the rules of its silver cards fired: the blame and
    "rules reached" see a silver card's rule applied, not only VL-SILVER-FORMULA."""
    from reference_impl.villagers.cards import CARDS

    known = set(rule_ids("villagers"))
    silver = {name: card for name, card in CARDS.items() if card.silver is not None}
    assert len(silver) == 10
    for name, card in silver.items():
        assert card.silver_rule == "VL-SILVER-" + name.upper().replace(" ", "-")
        assert card.silver_rule in known
    state = GAME.new_game(1)
    village = [(CARDS["Horse Trader"], 0, True), (CARDS["Brewer"], 0, True),
               (CARDS["Agent"], 2, True)]  # fmt: skip
    state.fired = []
    state.silver_total(village, state.player_tally())
    assert state.fired == ["VL-SILVER-HORSE-TRADER", "VL-SILVER-AGENT"]
    state.fired = []
    state.silver_total([(CARDS["Brewer"], 0, True)], state.player_tally())
    assert state.fired == []
