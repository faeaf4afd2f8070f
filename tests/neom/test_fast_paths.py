"""NEOM's apply skips the checks of an action this position listed (NeomState._listed):
the listed object and an equal copy from JSON must be judged alike, in its own position
and in later ones where it may be stale (another seat's, another phase's)."""

from __future__ import annotations

import pytest

from reference_impl.neom import GAME
from tests.support.listed_actions import play_judging_listed_objects_and_copies


@pytest.mark.parametrize("players", [1, 2, 3, 4, 5])
def test_listed_actions_and_their_copies_are_judged_alike(players: int) -> None:
    play_judging_listed_objects_and_copies(GAME, players)
