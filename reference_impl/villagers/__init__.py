"""Villagers, solo mode against the Countess: the reference engine.

Implements the catalogue ``spec/villagers/rules.yaml`` (prefix VL): setup, draft, build,
event and market phases, the 24 solo events and the Jester. One player (seat 0); the
Countess is automated, her choices are the player's actions and her draws are chance.
"""

from __future__ import annotations

from typing import Any

from reference_impl.core import GameDefinition, MalformedInput, Unsupported
from reference_impl.villagers.cards import FOUNDERS_BRANCHES
from reference_impl.villagers.state import VillagersState

DEFAULT_OPTIONS: dict[str, Any] = {
    "icons_count_covered": True,  # VL-ICONS-COVERED
    "gold_top_only": True,  # VL-CHAIN-VISIBLE
    "tie_break": "countess",  # VL-END-TIE: "countess" or "fewest_villagers"
    "founders_branches": FOUNDERS_BRANCHES,  # VL-CHAIN-FOUNDERS
    "build_limit_dynamic": False,  # VL-BUILD-LIMIT-WHEN
}


class VillagersGame(GameDefinition):
    id = "villagers"
    title = "Villagers (solo against the Countess)"
    min_players = 1
    max_players = 1
    default_options = DEFAULT_OPTIONS

    def new_game(
        self,
        num_players: int,
        options: dict[str, Any] | None = None,
        setup: dict[str, Any] | None = None,
    ) -> VillagersState:
        self.check_players(num_players)
        resolved = self.resolve_options(options)
        if resolved["tie_break"] not in ("countess", "fewest_villagers"):
            raise MalformedInput(
                f"option 'tie_break' must be 'countess' or 'fewest_villagers', "
                f"got {resolved['tie_break']!r}"
            )
        if not 1 <= resolved["founders_branches"] <= 3:
            raise MalformedInput(
                f"option 'founders_branches' must be 1..3, got {resolved['founders_branches']!r}"
            )
        if setup:
            raise Unsupported("villagers takes no explicit setup: drive the chance nodes instead")
        state = VillagersState(resolved)
        state.run()
        state.fired = ["VL-SETUP-ROAD", "VL-SETUP-STACKS"]
        return state

    def load(self, canonical: dict[str, Any]) -> VillagersState:
        from reference_impl.villagers.canonical import load_state

        return load_state(canonical)


GAME = VillagersGame()

__all__ = ["GAME", "VillagersGame", "VillagersState"]
