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
    "countess_builds": "every_draft",  # VL-DRAFT-COUNTESS: "every_draft" or "road_draft"
}
#: option -> the values it takes (founders_branches: an integer 1..3)
OPTION_VALUES: dict[str, tuple[Any, ...]] = {
    "icons_count_covered": (True, False),
    "gold_top_only": (True, False),
    "tie_break": ("countess", "fewest_villagers"),
    "founders_branches": (1, 2, 3),
    "build_limit_dynamic": (False, True),
    "countess_builds": ("every_draft", "road_draft"),
}


class VillagersGame(GameDefinition):
    id = "villagers"
    title = "Villagers (solo against the Countess)"
    # VL-SETUP-SOLO: exactly one player (seat 0) against the automated Countess
    min_players = 1
    max_players = 1
    default_options = DEFAULT_OPTIONS

    def resolve_options(self, options: dict[str, Any] | None) -> dict[str, Any]:
        """The defaults with ``options`` applied; MalformedInput names a bad value."""
        resolved = super().resolve_options(options)
        for name, allowed in OPTION_VALUES.items():
            value = resolved[name]
            if type(value) not in {type(a) for a in allowed} or value not in allowed:
                raise MalformedInput(
                    f"option {name!r} must be one of {list(allowed)}, got {value!r}"
                )
        return resolved

    def new_game(
        self,
        num_players: int,
        options: dict[str, Any] | None = None,
        setup: dict[str, Any] | None = None,
    ) -> VillagersState:
        self.check_players(num_players)
        resolved = self.options_of(options)
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
