"""Where a failure shows (:mod:`conformance.levels.places`): a divergence's places and a
scenario's, and when two are the same part."""

from __future__ import annotations

from types import SimpleNamespace

import pytest

from conformance.levels.places import (
    divergence_places,
    extra_place,
    matches,
    missing_place,
    normalised,
    seen_at,
)


def test_seats_and_indexes_are_one_place() -> None:
    assert normalised("players.0.cells.4") == "players.*.cells.*"
    assert normalised("outcome:scores.1") == "outcome:scores.*"
    assert normalised(missing_place("place")) == "legal:missing:place"


@pytest.mark.parametrize(
    ("one", "other", "same"),
    [
        ("chance", "chance.type", True),  # a check of a whole object holds its fields
        ("players.1.stumps", "players.0.stumps", True),
        ("players.0.stumps", "players.0.stacks", False),
        ("player.gold", "player.goldsmith", False),  # a part of a path, not of a word
        ("outcome:scores.0", "scores.0", False),  # the outcome's is not the state's
        (missing_place("buy"), missing_place("buy"), True),
        (missing_place("buy"), extra_place("buy"), False),
        (missing_place("buy"), missing_place("build"), False),
        ("legal:missing:a.b", "legal:missing:a", False),  # an action's type is no path
    ],
)
def test_two_places_are_the_same_part(one: str, other: str, same: bool) -> None:
    assert matches(one, other) is same
    assert matches(other, one) is same


def _divergence(kind: str, **fields: object) -> SimpleNamespace:
    given = {"differing": [], "first": "", "legal_missing": [], "legal_extra": [],
             "actions": []}  # fmt: skip
    return SimpleNamespace(kind=kind, **{**given, **fields})


def test_a_divergence_shows_where_it_differs() -> None:
    state = _divergence("state", differing=["chance.type", "players.1.coins", "players.0.coins"])
    assert divergence_places(state) == ["chance.type", "players.*.coins"]
    outcome = _divergence("outcome", differing=["scores.1"])
    assert divergence_places(outcome) == ["outcome:scores.*"]
    legal = _divergence("legal", legal_missing=[{"type": "buy", "kind": "house"}],
                        legal_extra=[{"type": "pass"}, {"type": "pass", "x": 1}])  # fmt: skip
    assert divergence_places(legal) == [missing_place("buy"), extra_place("pass")]
    refused = _divergence("refused", actions=[{"type": "draw"}, {"type": "build"}])
    assert divergence_places(refused) == [missing_place("build")]
    assert divergence_places(_divergence("chance", first="probability of x")) == []


def test_seen_counts_the_failing_scenarios_that_show_at_one_of_the_places() -> None:
    failures = [("to_act",), ("events", "chance"), ("chance",), ("players.0.cells.4",)]
    assert seen_at(failures, ["chance.type", "phase"]) == 2
    assert seen_at(failures, []) == 0
