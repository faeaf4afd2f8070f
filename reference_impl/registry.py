"""Which games the reference serves: every registered game (:mod:`rulespec.games`), its
engine module imported only when the game is asked for."""

from __future__ import annotations

from reference_impl.core import GameDefinition, Unsupported
from rulespec import games


def available_games() -> list[str]:
    """Registered games whose engine module is present (a game lands when its package does)."""
    return [game for game in games.ids() if games.available(game)]


def engine_module(game: str) -> str:
    """The module path of ``game``'s reference engine (:attr:`GameUnit.engine`)."""
    return games.unit(game).engine


def get_game(game: str) -> GameDefinition:
    if not games.available(game):
        raise Unsupported(f"unknown game {game!r} (available: {', '.join(available_games())})")
    return games.unit(game).definition()
