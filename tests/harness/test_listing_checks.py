"""The listing rules beyond the schema (``conformance.engine.client.listing_problems``).

The duplicate check has fast paths (value tuples of objects with the same fields, texts of
flat objects); these cases are the ones where a fast path could go wrong: equal objects with
their keys in another order, values equal in Python but not as JSON (``1``, ``true``,
``1.0``), equal value tuples of different objects, lists and objects inside actions.
"""

from __future__ import annotations

import json

from hypothesis import given, settings
from hypothesis import strategies as st

from conformance.engine.client import _maybe_twice, listing_problems


def _twice(actions: list[dict[str, object]]) -> list[str]:
    return [p for p in listing_problems({"actions": actions}) if "more than once" in p]


def test_equal_actions_with_their_keys_in_another_order_are_listed_twice() -> None:
    actions = [{"actor": 0, "type": "a", "x": 1}, {"actor": 1, "type": "a", "x": 1},
               {"x": 1, "type": "a", "actor": 0}]  # fmt: skip
    assert _twice(actions) == ['the action {"x": 1, "type": "a", "actor": 0} is listed more '
                               "than once"]  # fmt: skip


def test_values_equal_in_python_but_not_as_json_are_different_actions() -> None:
    assert _twice([{"actor": 0, "v": 1}, {"actor": 0, "v": True}, {"actor": 0, "v": 1.0}]) == []
    assert _twice([{"actor": 0, "v": True}, {"actor": 0, "v": True}]) != []


def test_equal_values_under_other_keys_are_different_actions() -> None:
    assert _twice([{"actor": 0, "a": 1}, {"actor": 0, "b": 1}]) == []
    assert _twice([{"actor": 0, "type": "x"}, {"type": "x", "actor": 0, "z": None},
                   {"type": "x", "actor": 0}]) != []  # fmt: skip


def test_actions_holding_lists_and_objects_are_compared_whole() -> None:
    card = {"actor": -1, "type": "draw", "faces": [["a", "b"], ["c"]]}
    assert _twice([card, {**card, "faces": [["a", "b"], ["d"]]}]) == []
    assert _twice([card, {"faces": [["a", "b"], ["c"]], "type": "draw", "actor": -1}]) != []


def test_chance_outcomes_with_the_values_of_the_actions_under_other_keys_are_refused() -> None:
    result = {"actions": [{"actor": -1, "a": 1}],
              "chance": [{"action": {"actor": -1, "b": 1}, "probability": "1"}]}  # fmt: skip
    assert listing_problems(result) == ["the chance outcomes are not the listed actions"]


scalars = st.none() | st.booleans() | st.integers(-2, 2) | st.sampled_from([0.0, 1.0, "1", "a"])
actions = st.dictionaries(st.sampled_from(["actor", "type", "a", "b"]),
                          scalars | st.lists(scalars, max_size=2), max_size=4)  # fmt: skip


@settings(max_examples=400, deadline=None)
@given(st.lists(actions, max_size=8))
def test_the_fast_check_never_misses_an_action_listed_twice(listing: list[dict]) -> None:
    texts = [json.dumps(a, sort_keys=True) for a in listing]
    really_twice = len(set(texts)) != len(texts)
    if really_twice:
        assert _maybe_twice(listing)
    assert bool(_twice(listing)) == really_twice
