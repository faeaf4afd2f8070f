"""Isle Traces' apply skips the shape checks of a shared listed action (state.LISTED):
the listed object and an equal copy from JSON must be judged alike, in its own position
and in later ones where it may be stale (another seat's, another phase's)."""

from __future__ import annotations

import pytest

from reference_impl.core import IllegalAction
from reference_impl.isle_traces.game import IsleTracesGame
from tests.support.listed_actions import play_judging_listed_objects_and_copies

GAME = IsleTracesGame()


@pytest.mark.parametrize("players", [2, 3, 4])
def test_listed_actions_and_their_copies_are_judged_alike(players: int) -> None:
    play_judging_listed_objects_and_copies(GAME, players)


def test_only_the_very_registered_object_skips_the_shape_checks() -> None:
    """An object that merely has the id a registered one had (ids are reused once an object
    is freed) is never taken for it: ``apply`` judges it as it judges it unregistered, not
    as the registered shared action (here seat 0's pass, out of turn)."""
    from reference_impl.isle_traces import actions

    state = GAME.new_game(2)
    shared = actions.action(0, ("pass",))
    stranger = {"actor": "chance", "type": "draw", "card": 6, "faces": []}
    with pytest.raises(IllegalAction) as unregistered:
        state.apply(stranger)
    actions.LISTED[id(stranger)] = (shared, 0, ("pass",))  # as if the id were reused
    try:
        with pytest.raises(IllegalAction) as registered:
            state.apply(stranger)
    finally:
        del actions.LISTED[id(stranger)]
    assert str(registered.value) == str(unregistered.value)
    assert "turn" not in str(registered.value)
