"""``spec/protocol/README.md``, "The contract in detail", held against the reference: random
games of every game, every state and listing checked for the sort orders, the optional
fields' presence rules and the chance shapes the section states, and the refusals of its
table probed where the section names a rule."""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from typing import Any

import pytest

from reference_impl import registry
from reference_impl.core import EngineError, GameState


def _walk(game: str, seeds: int = 3, steps: int = 400) -> Iterator[tuple[GameState, list[Any]]]:
    """(state, listed actions) along uniformly random games at every player count."""
    definition = registry.get_game(game)
    for players in range(definition.min_players, definition.max_players + 1):
        for seed in range(seeds):
            rng = random.Random(seed)
            state = definition.new_game(players)
            for _ in range(steps):
                if state.is_terminal():
                    break
                chance = state.to_act() == ["chance"]
                listed = (
                    [a for a, _ in state.chance_outcomes()] if chance else state.legal_actions()
                )
                yield state, listed
                state.apply(rng.choice(listed))


def _number(event: str) -> int:
    return int(event[1:])


def test_villagers_sorts_as_documented() -> None:
    for state, _ in _walk("villagers"):
        c = state.to_canonical()
        for name in ("summer", "winter", "active", "discard"):
            assert c["events"][name] == sorted(c["events"][name], key=_number), name
        for where in (c["road"], c["countess"]["village"]):
            assert where == sorted(where, key=lambda p: (p["card"], p["coins"]))
        columns = [[(p["card"], p["coins"]) for p in column] for column in c["player"]["village"]]
        assert columns == sorted(columns)
        assert c["player"]["hand"] == sorted(c["player"]["hand"])
        chance = c["chance"]
        if chance is not None:  # the chance shapes of "Optional fields"
            keys = {"kind", "deck"} if chance["kind"] == "event" else {"kind", "stack"}
            assert set(chance) == keys, chance
            if chance["kind"] in ("hand", "countess_reveal"):
                assert chance["stack"] is None


def test_gnomeville_and_isle_traces_sort_as_documented() -> None:
    for state, _ in _walk("gnomeville", seeds=2):
        c = state.to_canonical()
        for player in c["players"]:
            assert all(s == sorted(s) for s in player["stacks"])
            assert player["stacks"] == sorted(player["stacks"])
        if c["chance"] is not None:
            wanted = {"type", "player"} if c["chance"]["type"] in ("draw", "ability") else {"type"}
            assert set(c["chance"]) == wanted, c["chance"]
    for state, _ in _walk("isle_traces", seeds=1, steps=150):
        c = state.to_canonical()
        assert c["explorers"] == sorted(c["explorers"], key=lambda e: (e["row"], e["col"]))
        assert [d["id"] for d in c["deck"]] == sorted(d["id"] for d in c["deck"])


@pytest.mark.parametrize("game", registry.available_games())
def test_listings_hold_each_action_once_and_optional_fields_are_never_null(game: str) -> None:
    nullable = {("villagers", "build", "column"), ("villagers", "build_basic", "stack"),
                ("villagers", "resolve_event", "stack")}  # fmt: skip
    for _, listed in _walk(game, seeds=2, steps=250):
        texts = [json.dumps(a, sort_keys=True) for a in listed]
        assert len(texts) == len(set(texts)), f"{game}: an action listed twice"
        for action in listed:
            for key, value in action.items():
                if value is None:
                    assert (game, action["type"], key) in nullable, (game, action)


def _refusal(state: GameState, action: dict[str, Any]) -> tuple[str, str | None]:
    try:
        state.clone().apply(action)
    except EngineError as error:
        return error.kind, getattr(error, "rule", None)
    raise AssertionError(f"applied: {action}")


def _first_decision(game: str, players: int) -> tuple[GameState, dict[str, Any]]:
    """The first point of a 2-player game where a seat acts and another may not."""
    rng = random.Random(0)
    state = registry.get_game(game).new_game(players)
    while not state.is_terminal():
        if state.to_act() != ["chance"]:
            if len(state.to_act()) < players:
                return state, state.legal_actions()[0]
            state.apply(rng.choice(state.legal_actions()))
        else:
            state.apply(rng.choice([a for a, _ in state.chance_outcomes()]))
    raise AssertionError(f"{game}: no decision")


@pytest.mark.parametrize(
    ("game", "who", "phase"),
    [
        ("isle_traces", ("illegal_action", "IT-TURN-ORDER"), "IT-TURN-SEQUENCE"),
        ("notre_dame", ("illegal_action", "ND-DRAFT-KEEP1"), "ND-ROUND-PHASES"),
        ("neom", ("illegal_action", "NM-SELECT-SIMUL"), None),
    ],
)
def test_refusals_check_shape_then_who_then_the_rule(
    game: str, who: tuple[str, str], phase: str | None
) -> None:
    state, action = _first_decision(game, 2)
    other = next(p for p in range(2) if p not in state.to_act())
    assert _refusal(state, {**action, "actor": other}) == who
    fields = ("card", "tile", "face")
    missing = {k: v for k, v in {**action, "actor": other}.items() if k not in fields}
    assert _refusal(state, missing)[0] == "malformed"  # shape before who
    assert _refusal(state, {**action, "zzz": 1})[0] == "malformed"
    assert _refusal(state, {"actor": action["actor"], "type": "nope"})[0] == "malformed"
    if phase is not None:
        kind = {"isle_traces": "pass", "notre_dame": "pass"}[game]
        assert _refusal(state, {"actor": action["actor"], "type": kind}) == ("illegal_action",
                                                                              phase)  # fmt: skip


@pytest.mark.parametrize("game", registry.available_games())
def test_outcome_before_the_end_scores_the_position_as_it_stands(game: str) -> None:
    definition = registry.get_game(game)
    state = definition.new_game(definition.min_players)
    outcome = state.outcome()
    assert not state.is_terminal() and list(outcome.winners) == []
    assert len(outcome.scores) == definition.min_players
    if game == "villagers":
        assert list(outcome.scores) == [state.to_canonical()["player"]["gold"]]
    if game == "notre_dame":
        assert list(outcome.scores) == [p["prestige"] for p in state.to_canonical()["players"]]


def test_the_solo_rank_names_are_spelt_as_the_readme_says() -> None:
    from reference_impl.components import component
    from rulespec.resources import PROTOCOL_DIR

    readme = (PROTOCOL_DIR / "README.md").read_text(encoding="utf-8")
    neom = component("neom", "solo-ranks")["ranks"]
    gnomeville = [name for _, name in component("gnomeville", "solo-ranks")]
    assert neom == ["Intern", "Apprentice", "Fellow", "Foreman", "Master", "Boss"]
    for name in [*neom, *gnomeville]:
        assert f'`"{name}"`' in readme, name


def test_villagers_refusals_as_the_readme_says() -> None:
    """take_stack out of 0-5 cites VL-DRAFT-STACK; an event's missing choice is malformed."""
    checked: set[str] = set()
    for state, listed in _walk("villagers", seeds=40, steps=2000):
        types = {a["type"] for a in listed}
        if "take_stack" in types and "stack" not in checked:
            for stack in (6, -1):
                action = {"actor": 0, "type": "take_stack", "stack": stack}
                assert _refusal(state, action) == ("illegal_action", "VL-DRAFT-STACK")
            checked.add("stack")
        for action in listed:
            if action["type"] == "resolve_event" and len(action) > 3 and "choice" not in checked:
                bare = {"actor": 0, "type": "resolve_event", "event": action["event"]}
                assert _refusal(state, bare)[0] == "malformed"
                checked.add("choice")
        if checked == {"stack", "choice"}:
            return
    raise AssertionError(f"not reached: {sorted({'stack', 'choice'} - checked)}")
