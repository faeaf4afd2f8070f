"""NEOM ``load``: positions the rules cannot reach are refused, naming the field."""

from __future__ import annotations

import copy
import random
from typing import Any

import pytest
from hypothesis import HealthCheck, assume, event, given, settings
from hypothesis import strategies as st

from conformance.invariants.neom import STEP_BOUND
from reference_impl.core import CHANCE, IllegalAction, MalformedInput, sample_chance
from reference_impl.neom import GAME
from tests.support.load_fuzz import playout_positions
from tests.support.schemas import game_schema


def _act_position_with_unacted_disaster_selector() -> dict:
    """Issue 16: seat 0 selected the fire but is marked as still to act."""
    canonical = GAME.new_game(3, setup={"boards": ["oil", "ore", "sand"]}).to_canonical()
    canonical.update(phase="act", generation=1)
    canonical["players"][0]["selected"] = "g1-fire"
    canonical["players"][1]["acted"] = True
    canonical["players"][2]["acted"] = True
    return canonical


def test_a_disaster_selector_still_to_act_is_refused() -> None:
    """NM-DISASTER-SELECTOR: selecting a disaster is the whole turn, so such a seat has acted."""
    with pytest.raises(MalformedInput, match=r"players\.0\.acted"):
        GAME.load(_act_position_with_unacted_disaster_selector())


def test_the_disaster_selector_sale_does_not_depend_on_a_prior_listing() -> None:
    """Issue 16: the reachable position (acted) refuses the sale with or without a listing."""
    canonical = _act_position_with_unacted_disaster_selector()
    canonical["players"][0]["acted"] = True
    canonical["players"][1]["acted"] = False
    canonical["players"][1]["selected"] = "g1-farm"
    answers = []
    for ask_first in (False, True):
        state = GAME.load(canonical)
        if ask_first:
            legal = state.legal_actions()
            assert all(a["actor"] != 0 for a in legal)
            assert {"actor": 1, "type": "sell"} in legal
        with pytest.raises(IllegalAction) as caught:
            state.apply({"actor": 0, "type": "sell"})
        answers.append(caught.value.rule)
        assert state.to_canonical() == GAME.load(canonical).to_canonical()
    assert answers == ["NM-DISASTER-SELECTOR", "NM-DISASTER-SELECTOR"]


# -- one-field mutations of reachable positions ---------------------------------------------

TOP_KEYS = {
    "game", "num_players", "options", "to_act", "terminal", "phase", "generation", "turn",
    "deal_target", "decks", "box", "discard", "boards", "disasters", "players",
}  # fmt: skip
STATE_SCHEMA = game_schema("neom", "state")


def _reachable() -> list[dict[str, Any]]:
    """Positions of three seeded games, every few steps, all phases included."""
    out = []
    for players, seed, every in ((1, 1, 9), (2, 2, 13), (4, 3, 29)):
        out += playout_positions(GAME.new_game(players), seed, every)
    return out


REACHABLE = _reachable()


def _paths(node: Any, prefix: tuple = ()) -> list[tuple]:
    out = [prefix] if prefix else []
    if isinstance(node, dict):
        for key in sorted(node):
            out += _paths(node[key], (*prefix, key))
    elif isinstance(node, list):
        for i, item in enumerate(node):
            out += _paths(item, (*prefix, i))
    return out


def _other_type(value: Any) -> Any:
    if isinstance(value, bool):
        return 0
    if isinstance(value, int):
        return "1"
    if isinstance(value, str):
        return 1
    if isinstance(value, list):
        return {}
    if isinstance(value, dict):
        return []
    return 0


MUTATIONS = ("type", "plus", "minus", "out_of_range", "delete", "add")


def _mutate(canonical: dict[str, Any], path: tuple, kind: str) -> dict[str, Any] | None:
    """``canonical`` with the value at ``path`` changed; None when the kind does not apply."""
    state = copy.deepcopy(canonical)
    parent = state
    for key in path[:-1]:
        parent = parent[key]
    last = path[-1]
    value = parent[last]
    if kind == "type":
        parent[last] = _other_type(value)
    elif kind in ("plus", "minus"):
        if isinstance(value, bool):
            parent[last] = not value  # a flag's one step: acted, terminal
        elif isinstance(value, int):
            parent[last] = value + (1 if kind == "plus" else -1)
        else:
            return None
    elif kind == "out_of_range":
        if isinstance(value, bool) or value is None:
            parent[last] = "out-of-range"
        elif isinstance(value, int):
            parent[last] = 10**6
        elif isinstance(value, str):
            parent[last] = value + "-x"
        else:
            return None
    elif kind == "delete":
        if isinstance(parent, dict):
            del parent[last]
        else:
            parent.pop(last)
    elif kind == "add":
        if isinstance(value, dict):
            value["bogus"] = 1
        elif isinstance(value, list):
            value.append(copy.deepcopy(value[0]) if value else None)
        else:
            return None
    return state


@settings(max_examples=200, deadline=None, derandomize=True,
          suppress_health_check=[HealthCheck.too_slow])  # fmt: skip
@given(st.data())
def test_mutated_positions_are_refused_or_playable(data: st.DataObject) -> None:
    """Issue 13.4: one field of a reachable position changed (type, +/-1, out of range, key
    deleted or added) is refused as malformed naming a field, or it loads, exports, round-trips,
    validates against the state schema, and every listed action applies without an internal
    error and with the same answer whether or not the actions were listed first (issue 16),
    and random play from it reaches the end."""
    canonical = data.draw(st.sampled_from(REACHABLE), label="position")
    path = data.draw(st.sampled_from(_paths(canonical)), label="path")
    kind = data.draw(st.sampled_from(MUTATIONS), label="mutation")
    mutated = _mutate(canonical, path, kind)
    assume(mutated is not None)
    try:
        state = GAME.load(copy.deepcopy(mutated))
    except MalformedInput as error:
        event("refused")
        field = error.message.split(":", 1)[0].split(" ", 1)[0]
        assert field.split(".")[0] in TOP_KEYS | {"state"}, error.message
        return
    event("accepted")
    exported = state.to_canonical()
    STATE_SCHEMA.validate(exported)
    assert GAME.load(copy.deepcopy(exported)).to_canonical() == exported
    if CHANCE in state.to_act():
        assert state.chance_outcomes(), "chance to act with no outcome"
        assert sum(p for _, p in state.chance_outcomes()) == 1
    legal = state.legal_actions()
    assert legal or state.is_terminal(), f"no legal action in {exported['phase']}"
    for action in legal[:25]:
        fresh = GAME.load(copy.deepcopy(exported))
        listed = GAME.load(copy.deepcopy(exported))
        listed.legal_actions()
        for twin in (fresh, listed):
            twin.apply(copy.deepcopy(action))  # listed: must apply, never raise
        assert fresh.to_canonical() == listed.to_canonical()
        assert fresh.fired == listed.fired
    # and the game goes on from there to its end without an internal error
    rng = random.Random(len(legal))
    for _ in range(STEP_BOUND):
        if state.is_terminal():
            break
        if CHANCE in state.to_act():
            state.apply(sample_chance(state, rng))
        else:
            state.apply(rng.choice(state.legal_actions()))
    assert state.is_terminal()


def test_a_deck_too_short_for_its_deals_is_refused() -> None:
    """NM-GEN-DEAL: generation 2 deals 8 to each of 2 players; 15 tiles would leave chance
    with no outcome at the last deal."""
    canonical = GAME.new_game(2, setup={"boards": ["oil", "ore"]}).to_canonical()
    deck = canonical["decks"]["2"]
    assert sum(deck.values()) >= 16
    while sum(deck.values()) > 15:
        name = next(n for n in sorted(deck) if deck[n] > 0)
        deck[name] -= 1
        if not deck[name]:
            del deck[name]
    with pytest.raises(MalformedInput, match=r"^decks\.2: .*need 16"):
        GAME.load(canonical)


def test_repeated_goods_are_refused_not_merged() -> None:
    """NM-REQ-COST: goods are held once each; an in-process caller (no schema check) giving a
    good twice is refused naming the field, not silently given a set."""
    canonical = GAME.new_game(2, setup={"boards": ["oil", "ore"]}).to_canonical()
    canonical["players"][1]["goods"] = ["ore", "ore"]
    with pytest.raises(MalformedInput, match=r"^players\.1\.goods: each good is held once"):
        GAME.load(canonical)


def test_pending_disasters_are_bounded_by_the_seats() -> None:
    """NM-DISASTER-ORDER: at most one pending disaster per selector, in seat order, so no
    position holds more than the seats (and a solo hand) can select: 3,000 are refused."""
    canonical = GAME.new_game(3, setup={"boards": ["oil", "ore", "sand"]}).to_canonical()
    canonical.update(phase="disaster", generation=1)
    for seat, tile in enumerate(["g1-farm", "g1-mine", "g1-park"]):
        canonical["players"][seat].update(acted=True, hand=[tile])
    canonical["disasters"] = [{"tile": "g1-fire", "by": 0, "decided": []}] * 3000
    with pytest.raises(MalformedInput, match=r"^disasters: .*seat order"):
        GAME.load(canonical)


# -- conservation (issue 30) -------------------------------------------------------------------


def _scored_position() -> dict[str, Any]:
    canonical = GAME.new_game(2, setup={"boards": ["oil", "ore"]}).to_canonical()
    canonical.update(phase="over", generation=3, turn=7)
    return canonical


def test_a_city_with_more_copies_of_a_tile_than_the_game_has_is_refused() -> None:
    """Twelve g1-houses in one city, of the five the game has (NM-COMP-TILES)."""
    canonical = _scored_position()
    city = canonical["players"][0]["city"]
    city[0] = ["g1-houses"] * 5
    city[1] = ["g1-houses"] * 5
    city[2][0] = city[2][1] = "g1-houses"
    with pytest.raises(MalformedInput, match=r"12 copies of g1-houses .* the game has 5"):
        GAME.load(canonical)


def test_copies_are_counted_across_cities_hands_and_discard() -> None:
    canonical = _scored_position()
    canonical["players"][0]["city"][1][2] = "g1-sawmill"
    canonical["discard"] = {"g1-sawmill": 1}
    with pytest.raises(MalformedInput, match=r"2 copies of g1-sawmill .* the game has 1"):
        GAME.load(canonical)
    canonical["discard"] = {}
    assert GAME.load(canonical).to_canonical()["players"][0]["city"][1][2] == "g1-sawmill"
