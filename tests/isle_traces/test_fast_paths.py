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
