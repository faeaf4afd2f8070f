"""Isle Traces' apply skips the shape checks of a shared listed action (state.LISTED):
the listed object and an equal copy from JSON must be judged alike, in its own position
and in later ones where it may be stale (another seat's, another phase's)."""

from __future__ import annotations

import pytest

from reference_impl.isle_traces.game import IsleTracesGame
from tests.support.listed_actions import play_judging_listed_objects_and_copies

GAME = IsleTracesGame()


@pytest.mark.parametrize("players", [2, 3, 4])
def test_listed_actions_and_their_copies_are_judged_alike(players: int) -> None:
    play_judging_listed_objects_and_copies(GAME, players)


def test_only_the_very_registered_object_skips_the_shape_checks() -> None:
    """An equal copy is parsed as usual, and an object that merely has the id a registered
    one had (ids are reused once an object is freed) is never taken for it."""
    from reference_impl.isle_traces import actions

    shared = actions.action(0, ("pass",))
    assert actions.listed_as(shared) == (0, ("pass",))
    assert actions.listed_as(dict(shared)) is None
    stranger = {"actor": "chance", "type": "draw", "card": 6, "faces": []}
    actions.LISTED[id(stranger)] = (shared, 0, ("pass",))  # as if the id were reused
    try:
        assert actions.listed_as(stranger) is None
    finally:
        del actions.LISTED[id(stranger)]
