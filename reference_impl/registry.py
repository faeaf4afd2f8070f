"""Which games the reference serves, imported lazily by module path."""

from __future__ import annotations

import importlib
import importlib.util

from reference_impl.core import GameDefinition, Unsupported

GAME_MODULES: dict[str, str] = {
    "notre_dame": "reference_impl.notre_dame",
    "gnomeville": "reference_impl.gnomeville",
    "villagers": "reference_impl.villagers",
    "isle_traces": "reference_impl.isle_traces",
    "neom": "reference_impl.neom",
}


def available_games() -> list[str]:
    """Games whose package is present (a game lands when its package does)."""
    found = []
    for game, module in GAME_MODULES.items():
        if importlib.util.find_spec(module) is not None:
            found.append(game)
    return found


def get_game(game: str) -> GameDefinition:
    if game not in GAME_MODULES or importlib.util.find_spec(GAME_MODULES[game]) is None:
        raise Unsupported(f"unknown game {game!r} (available: {', '.join(available_games())})")
    return importlib.import_module(GAME_MODULES[game]).GAME
