"""Conformance level "invariants": whole random games through the client, every state checked.

Run by ``rulespec check --level invariants`` (and by the test suite against the reference).
Every decision is drawn by hypothesis, so a failure shrinks to a minimal action trace.
"""

from __future__ import annotations

import importlib.util

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from conformance.engine.client import EngineClient
from conformance.invariants import for_game
from conformance.invariants.machine import play_checked
from rulespec.resources import ROOT

GENERIC_RULES = ("GEN-ACTOR", "GEN-CHANCE", "GEN-ILLEGAL", "GEN-ROUNDTRIP", "GEN-BOUND")


def _games() -> list[str]:
    found = sorted(p.stem for p in (ROOT / "conformance" / "invariants").glob("[a-z]*.py"))
    return [g for g in found if g not in ("machine",) and importlib.util.find_spec(
        f"conformance.invariants.{g}") is not None]  # fmt: skip


def _cases() -> list[object]:
    cases = []
    for game in _games():
        loaded = for_game(game)
        marks = [pytest.mark.rule(inv.rule) for inv in loaded.invariants]
        for players, options in loaded.configs:
            label = f"{game}-{players}p" + "".join(f"-{k}={v}" for k, v in options.items())
            cases.append(pytest.param(game, players, options, marks=marks, id=label))
    return cases


@pytest.mark.parametrize(("game", "players", "options"), _cases())
def test_invariants_hold_in_whole_random_games(
    engine: EngineClient, game: str, players: int, options: dict, request: pytest.FixtureRequest
) -> None:
    if game not in engine.games:
        pytest.skip(f"the engine does not serve {game}")
    invariants = for_game(game)
    examples = request.config.getoption("--rulespec-examples")

    @settings(
        max_examples=examples,
        deadline=None,
        derandomize=True,
        database=None,
        suppress_health_check=list(HealthCheck),
    )
    @given(st.data())
    def play(data: st.DataObject) -> None:
        play_checked(engine, invariants, players, options or None, data)

    play()
