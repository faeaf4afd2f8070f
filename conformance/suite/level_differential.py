"""Conformance level "differential" (L3): the engine and the reference in lockstep.

Every configuration plays whole random games (hypothesis draws every decision and chance
outcome from the reference's legal sets). A divergence is shrunk (shortest prefix, then
simplest choices, under a time budget), fails with the trace, and is
written out as a Gherkin scenario under ``features/<game>/regressions/`` (or
``--rulespec-emit DIR``), which ``rulespec check`` then runs like any other scenario.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st

from conformance.engine.client import EngineClient, InProcessClient
from conformance.levels.differential import (
    Divergence,
    hypothesis_chooser,
    lockstep,
    shrink,
    write_feature,
)
from conformance.specification import catalogue
from reference_impl import registry
from rulespec.resources import FEATURES_DIR


def _cases() -> list[object]:
    cases = []
    for game in registry.available_games():
        definition = registry.get_game(game)
        for players in range(definition.min_players, definition.max_players + 1):
            cases.append(pytest.param(game, players, id=f"{game}-{players}p"))
    return cases


def _fallback_rule(game: str) -> str:
    rules = catalogue.load(game).rules
    setup = [rule.id for rule in rules if rule.area == "setup"]
    return (setup or [rules[0].id])[0]


@pytest.fixture(scope="module")
def reference() -> EngineClient:
    client = InProcessClient()
    client.handshake()
    return client


@pytest.mark.parametrize(("game", "players"), _cases())
def test_engine_matches_the_reference_in_lockstep(
    engine: EngineClient,
    reference: EngineClient,
    game: str,
    players: int,
    request: pytest.FixtureRequest,
) -> None:
    engine.require("legal_actions")
    engine.require("chance")
    if game not in engine.games:
        pytest.skip(f"the engine does not serve {game}")
    emit = request.config.getoption("--rulespec-emit")
    directory = Path(emit) / game if emit else FEATURES_DIR / game / "regressions"
    examples = request.config.getoption("--rulespec-examples")

    @settings(
        max_examples=examples,
        deadline=None,
        derandomize=True,
        database=None,
        phases=[Phase.explicit, Phase.generate],
        suppress_health_check=list(HealthCheck),
    )
    @given(st.data())
    def play(data: st.DataObject) -> None:
        choices: list[int] = []
        try:
            lockstep(engine, reference, game, players, None, hypothesis_chooser(data),
                     choices=choices)  # fmt: skip
        except Divergence as divergence:
            budget = request.config.getoption("--rulespec-shrink-seconds")
            smaller = shrink(engine, reference, divergence, choices, budget)
            path = write_feature(smaller, directory, _fallback_rule(game))
            raise AssertionError(f"scenario written to {path}\n{smaller}") from None

    play()
