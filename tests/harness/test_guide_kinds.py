"""The rule guide groups a listing by action kind (``conformance.levels.guide._by_kind``)
as a loop over :func:`~conformance.levels.guide.signature` does, its fast path for a
listing of one kind included: same kinds, same order, same indexes."""

from __future__ import annotations

from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from conformance.levels.guide import _by_kind, signature


def _loop(actions: list[dict[str, Any]]) -> dict[Any, list[int]]:
    groups: dict[Any, list[int]] = {}
    for index, action in enumerate(actions):
        groups.setdefault(signature(action), []).append(index)
    return groups


values = st.sampled_from([0, 1, True, "chance", "a", "b", None, 1.5])
action = st.fixed_dictionaries({"actor": st.sampled_from([0, 1, "chance"])},
                               optional={"type": values, "k": values, "x": values})  # fmt: skip


@settings(max_examples=500, deadline=None)
@given(st.lists(action, max_size=8), st.integers(1, 30))
def test_grouping_by_kind_is_the_loop_over_signatures(actions: list[dict], copies: int) -> None:
    listing = [dict(a) for a in actions for _ in range(copies)] if len(actions) < 2 else actions
    grouped = _by_kind(listing)
    assert list(grouped.items()) == list(_loop(listing).items())


def test_a_listing_of_one_kind_is_one_group_and_a_near_copy_is_not() -> None:
    placements = [{"actor": 1, "type": "place_card", "row": r, "col": c}
                  for r in range(5) for c in range(5)]  # fmt: skip
    assert _by_kind(placements) == {(("type", "place_card"),): list(range(25))}
    for odd in (
        {"actor": 1, "type": "place_card", "row": "4", "col": 0},  # a text field more
        {"actor": 1, "type": "flip", "row": 4, "col": 0},  # another type
        {"actor": 1, "row": 4, "col": 0, "type": "place_card"},  # other key order
        {"type": "place_card", "row": 4, "col": 0, "side": "x"},  # no actor, a text
        {"actor": 1, "type": "place_card", "row": 4, "col": 0, "x": 1},  # a field more
        {"actor": 1, "type": "place_card", "row": 4},  # a field less
    ):
        listing = [*placements, odd]
        assert list(_by_kind(listing).items()) == list(_loop(listing).items())
