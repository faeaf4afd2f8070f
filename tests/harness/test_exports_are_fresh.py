"""A reference engine's canonical exports are the caller's to change (issue 34's caches).

Scenarios edit an exported state before loading it, and the server hands exports out over
the wire, so ``to_canonical`` and ``view`` must return objects that share nothing mutable
with the engine or with any other export: an engine that caches part of its export to go
faster must copy what it hands out. Two games are played from the same seed, one whose
every export is wrecked after it is read; both must export, list and end alike, with the
default options and with options that nest objects (``params``: a shallow copy of the
options shared them with the engine).
"""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from reference_impl import registry
from reference_impl.core import CHANCE, GameState

GAMES = registry.available_games()
#: options that nest objects (errata parameters, ``params``), per game that takes them
NESTED_OPTIONS = {
    "gnomeville": {"params": {"GV-TROLL-CAP": {"cap": 3}}},
    "isle_traces": {"params": {"IT-COMP-EXPLORERS": {"per_player": 3}}},
    "neom": {"params": {"NM-SELL": {"price": 2}}},
    "notre_dame": {"params": {"ND-ND-OFFERING": {"offerings": {}}}},
    "villagers": {"params": {"VL-LOCK-BANK": {"fee": 1}}},
}
CONFIGURATIONS = [(game, None) for game in GAMES] + sorted(NESTED_OPTIONS.items())


def _wreck(value: Any) -> None:
    """Empty every list and object inside ``value``, innermost first."""
    if isinstance(value, dict):
        for inner in value.values():
            _wreck(inner)
        value.clear()
    elif isinstance(value, list):
        for inner in value:
            _wreck(inner)
        value.clear()


def _text(value: Any) -> str:
    return json.dumps(value, sort_keys=True, default=str)


def _exports(state: GameState, players: int, wreck: bool) -> str:
    """The state's exports as text; with ``wreck``, each export is emptied once read."""
    texts = []
    for export in (state.to_canonical, *(lambda s=seat: state.view(s) for seat in range(players))):
        value = export()
        texts.append(_text(value))
        if wreck:
            _wreck(value)
    return "\n".join(texts)


def _next_action(state: GameState, rng: random.Random) -> tuple[str, dict[str, Any]]:
    """The listing's text and a copy of one action of it, chosen by ``rng``."""
    if CHANCE in state.to_act():
        outcomes = state.chance_outcomes()
        listing = [(action, str(probability)) for action, probability in outcomes]
        chosen = outcomes[rng.randrange(len(outcomes))][0]
    else:
        listing = state.legal_actions()
        chosen = listing[rng.randrange(len(listing))]
    return _text(listing), json.loads(json.dumps(chosen))


@pytest.mark.parametrize(("game", "options"), CONFIGURATIONS, ids=lambda v: "params" * bool(v))
def test_wrecking_every_export_changes_nothing_the_engine_does(
    game: str, options: dict[str, Any] | None
) -> None:
    definition = registry.get_game(game)
    for players in sorted({definition.min_players, definition.max_players}):
        plain = definition.new_game(players, json.loads(json.dumps(options)))
        wrecked = definition.new_game(players, json.loads(json.dumps(options)))
        plain_rng, wrecked_rng = random.Random(players), random.Random(players)
        for step in range(400):
            assert _exports(wrecked, players, wreck=True) == _exports(plain, players, False), (
                f"{game} {players}p step {step}: an export changed after the last one was emptied"
            )
            if plain.is_terminal():
                break
            listed, action = _next_action(plain, plain_rng)
            assert _next_action(wrecked, wrecked_rng) == (listed, action), (
                f"{game} {players}p step {step}: the listing changed after an export was emptied"
            )
            plain.apply(action)
            wrecked.apply(json.loads(json.dumps(action)))
            loaded = definition.load(wrecked.to_canonical())
            assert _exports(loaded, players, False) == _exports(plain, players, False)
        assert plain.outcome().to_json() == wrecked.outcome().to_json()
