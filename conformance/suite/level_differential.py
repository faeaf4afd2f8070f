"""Conformance level "differential" (L3): the engine and the reference in lockstep.

Every configuration plays as many whole games as fit in its time budget
(``--rulespec-budget`` seconds per game and configuration), choices steered toward the
rules the game's campaign has not fired yet and mixed with uniform play
(:mod:`conformance.levels.guide`). The result carries the campaign's statistics (games,
steps, steps/s, rules reached: the ``stats`` property). A divergence is shrunk under its
own budget (``--rulespec-shrink-seconds``), fails with the trace, the step, the first
difference and the rules the reference fired there (which become the result's rule ids),
and is written out as a Gherkin scenario under ``--rulespec-emit-dir`` (default
``./rulespec-regressions/<game>/`` in the directory pytest runs in; never the source
tree), which ``--rulespec-features DIR`` then runs against any engine.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from conformance.engine.client import EngineClient, InProcessClient
from conformance.levels.campaign import (
    CampaignStats,
    TickingChoices,
    campaign_games,
    campaign_guide,
    configuration_budget,
    game_chooser,
    run_campaign,
)
from conformance.levels.differential import Divergence, lockstep, shrink, write_feature
from conformance.levels.guide import RuleGuide
from conformance.levels.progress import Progress
from conformance.specification import catalogue
from reference_impl import registry

LEVEL = "differential"


def _configurations(game: str) -> list[int]:
    """The player counts differential play covers: every count the reference serves."""
    definition = registry.get_game(game)
    return list(range(definition.min_players, definition.max_players + 1))


def _cases() -> list[object]:
    games = registry.available_games()
    return [pytest.param(game, players, id=f"{game}-{players}p")
            for game in games for players in _configurations(game)]  # fmt: skip


def _fallback_rule(game: str) -> str:
    rules = catalogue.load(game).rules
    setup = [rule.id for rule in rules if rule.area == "setup"]
    return (setup or [rules[0].id])[0]


def emit_directory(config: pytest.Config, game: str) -> Path:
    """Where a divergence's scenario goes: ``--rulespec-emit-dir`` or ./rulespec-regressions."""
    chosen = config.getoption("--rulespec-emit-dir")
    base = Path(chosen) if chosen else config.invocation_params.dir / "rulespec-regressions"
    return base / game


def finish(
    request: pytest.FixtureRequest, stats: CampaignStats, guide: RuleGuide | None, fired: set[str]
) -> None:
    """Fill in the rules reached and attach the stats to the result (``stats`` property)."""
    rules = [rule.id for rule in catalogue.load(stats.game).rules]
    stats.rules_reached = [rule for rule in rules if rule in fired]
    stats.rules_unreached = [rule for rule in rules if rule not in fired]
    stats.campaign_reached = len(guide.reached()) if guide is not None else 0
    request.node.user_properties.append(("stats", stats.to_json()))


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
    config = request.config
    label = f"{game}-{players}p"
    seed = config.getoption("--rulespec-seed")
    budget = configuration_budget(config, len(_configurations(game)))
    stats = CampaignStats(LEVEL, game, label, budget)
    progress = Progress.for_pytest(config, f"{LEVEL} {label}")
    guide = campaign_guide(config, LEVEL, game)
    fired: set[str] = set()

    class Recording:
        """The reference, remembering every rule it reports as fired in this campaign."""

        def __getattr__(self, name: str) -> Any:
            return getattr(reference, name)

        def apply(self, action: dict[str, Any]) -> dict[str, Any]:
            reply = reference.apply(action)
            fired.update(reply.get("fired", []))
            return reply

    recording: Any = Recording()

    def play(index: int) -> int:
        choose = game_chooser(seed, f"{LEVEL}:{label}", index)
        choices = TickingChoices(progress, stats, index)
        try:
            return lockstep(engine, recording, game, players, None, choose, choices=choices,
                            guide=guide)  # fmt: skip
        except Divergence as divergence:
            _fail(request, stats, divergence, choices, progress, reference, engine)
            raise AssertionError("unreachable") from None

    try:
        run_campaign(stats, play, campaign_games(config), progress, guide)
    finally:
        finish(request, stats, guide, fired)
    progress.done(stats.summary())


def _fail(
    request: pytest.FixtureRequest,
    stats: CampaignStats,
    divergence: Divergence,
    choices: list[int],
    progress: Progress,
    reference: EngineClient,
    engine: EngineClient,
) -> None:
    """Shrink (within its budget), attribute, write the scenario, and fail the test."""
    stats.account()
    stats.games += 1
    stats.steps += len(divergence.actions)
    budget = request.config.getoption("--rulespec-shrink-seconds")
    progress.update(f"diverged after {len(divergence.actions)} actions; shrinking", force=True)
    smaller = shrink(engine, reference, divergence, choices, budget, progress, stats.shrink)
    stats.divergence = smaller.attribution()
    for rule in smaller.rules:
        request.node.add_marker(pytest.mark.rule(rule))
    path = write_feature(smaller, emit_directory(request.config, stats.game),
                         _fallback_rule(stats.game))  # fmt: skip
    shrunk = ""
    if not stats.shrink.get("complete", True):
        shrunk = " (shrinking budget spent: the shortest trace so far)"
    progress.done(f"DIVERGED at step {smaller.step}{shrunk}; scenario written to {path}")
    failure = AssertionError(
        f"scenario written to {path}\n{smaller}\n"
        f"shrunk from {len(divergence.actions)} to {len(smaller.actions)} actions{shrunk}\n"
        f"campaign until then: {stats.summary(rules=False)}"
    )
    failure.rulespec_position = _positions(smaller, reference, engine)  # type: ignore[attr-defined]
    raise failure


def _positions(
    divergence: Divergence, reference: EngineClient, engine: EngineClient
) -> dict[str, Any] | None:
    """The reference's and the candidate's positions after the shrunk trace, for the
    reports' pictures (replayed on both; None when the candidate cannot replay it)."""
    positions = []
    for client in (reference, engine):
        try:
            client.new_game(divergence.game, divergence.num_players, divergence.options or None)
            for action in divergence.actions:
                client.apply(action)
            positions.append(client.state())
        except Exception:  # the candidate refused or broke: the text report says how
            return None
    differs = sorted(divergence.expected) or ([divergence.first] if divergence.first else [])
    last = divergence.actions[-1] if divergence.actions else None
    return {"expected": positions[0], "actual": positions[1], "differs": differs,
            "action": last, "kind": "divergence"}
