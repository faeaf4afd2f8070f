"""Positions the scenario level loaded, kept as starting points for the deep levels.

A fuzzer starts from a seed corpus; differential play starts from the positions the
scenarios themselves load (their ``Given`` states: late-game, rare, hand-made positions),
so it reaches them in seconds instead of hoping random play gets there. The plugin notes
every state an engine accepted through ``load_state`` during the run (:func:`note`); the
differential level takes those of its game and player count that the reference accepts
too, each once (:func:`seed_positions`).
"""

from __future__ import annotations

import json
from typing import Any

import pytest

#: the states loaded so far in this session, by game: {canonical JSON text: state}
_LOADED = pytest.StashKey[dict[str, dict[str, dict[str, Any]]]]()
#: positions kept per game (the first loaded, in scenario order)
LIMIT = 400


def note(config: pytest.Config, state: Any) -> None:
    """An engine accepted ``state`` through ``load_state`` (keep it, once)."""
    if not isinstance(state, dict) or not isinstance(state.get("game"), str):
        return
    loaded = config.stash.setdefault(_LOADED, {}).setdefault(state["game"], {})
    if len(loaded) < LIMIT:
        loaded.setdefault(json.dumps(state, sort_keys=True), state)


def seed_positions(config: pytest.Config, game: str, players: int) -> list[dict[str, Any]]:
    """The non-terminal positions of ``game`` for ``players`` that the scenarios loaded and
    the reference accepts (a position only a lenient engine takes is no place to start)."""
    from reference_impl import registry
    from reference_impl.core import EngineError

    definition = registry.get_game(game)
    found = []
    for state in config.stash.get(_LOADED, {}).get(game, {}).values():
        if state.get("num_players") != players or state.get("terminal"):
            continue
        try:
            loaded = definition.load(json.loads(json.dumps(state)))
            playable = not loaded.is_terminal() and bool(loaded.legal_actions())
        except (EngineError, KeyError, TypeError, ValueError, StopIteration):
            continue
        if playable:
            found.append(state)
    return found
