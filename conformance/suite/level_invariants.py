"""Conformance level "invariants": whole random games through the client, every state checked.

Run by ``rulespec check --level invariants`` (and by the test suite against the reference).
Each configuration plays as many whole games as fit in its time budget
(``--rulespec-budget``), choices seeded and steered toward rules the game's campaign has
not fired yet (a shadow reference game reports them, so this works for any engine the
reference agrees with); a violation is replayed from its choices and shrunk under its own
budget (``--rulespec-shrink-seconds``). The result carries the campaign's statistics.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest

from conformance.engine.client import EngineClient
from conformance.invariants import for_game, has_invariants
from conformance.invariants.machine import InvariantViolation, PlayRecord, play_checked
from conformance.levels.campaign import (
    CampaignStats,
    TickingChoices,
    campaign_games,
    campaign_guide,
    configuration_budget,
    game_chooser,
    reach_rules,
    run_campaign,
    shrink_choices,
)
from conformance.levels.guide import RuleGuide
from conformance.levels.progress import Progress
from conformance.plugin import BLAMED
from rulespec import games

LEVEL = "invariants"

GENERIC_RULES = ("GEN-ACTOR", "GEN-CHANCE", "GEN-ILLEGAL", "GEN-ROUNDTRIP", "GEN-BOUND")


def _cases() -> list[object]:
    """One case per configuration of every registered game; a game without an invariants
    module is one case, skipped with the reason."""
    cases = []
    for game in games.ids():
        if not has_invariants(game):
            reason = f"{game} provides no invariants module (its GameUnit's invariants)"
            cases.append(pytest.param(game, 0, {}, id=game, marks=pytest.mark.skip(reason)))
            continue
        loaded = for_game(game)
        for players, options in loaded.configs:
            label = f"{game}-{players}p" + "".join(f"-{k}={v}" for k, v in options.items())
            cases.append(pytest.param(game, players, options, id=label))
    return cases


@pytest.mark.parametrize(("game", "players", "options"), _cases())
def test_invariants_hold_in_whole_random_games(
    engine: EngineClient, game: str, players: int, options: dict, request: pytest.FixtureRequest
) -> None:
    if game not in engine.games:
        pytest.skip(f"the engine does not serve {game}")
    config = request.config
    invariants = for_game(game)
    label = f"{game}-{players}p" + "".join(f"-{k}={v}" for k, v in options.items())
    seed = config.getoption("--rulespec-seed")
    stats = CampaignStats(LEVEL, game, label, configuration_budget(config, len(invariants.configs)))
    progress = Progress.for_pytest(config, f"{LEVEL} {label}")
    guide = campaign_guide(config, LEVEL, game)
    # the rules reached are those the reference applied (a shadow game of it follows each
    # game), never the candidate's own claims: with uniform play too
    shadow = guide if guide is not None else RuleGuide([], share=0.0, uniform_every=0)
    before = Counter(shadow.counts)

    def play(index: int) -> int:
        choices = TickingChoices(progress, stats, index)
        choose = game_chooser(seed, f"{LEVEL}:{label}", index)
        record = PlayRecord()
        try:
            play_checked(engine, invariants, players, options or None, choose, record, shadow,
                         choices)  # fmt: skip
        except InvariantViolation as violation:
            request.node.stash[BLAMED] = [violation.rule] if violation.rule else []
            _fail(request, stats, violation, choices, progress, engine, invariants, players,
                  options)  # fmt: skip
        return len(record.actions)

    try:
        run_campaign(stats, play, campaign_games(config), progress, guide)
    finally:
        fired = {rule for rule, count in shadow.counts.items() if count > before[rule]}
        reach_rules(request, stats, guide, fired)
    progress.done(stats.summary())


def _fail(
    request: pytest.FixtureRequest,
    stats: CampaignStats,
    violation: InvariantViolation,
    choices: list[int],
    progress: Progress,
    engine: EngineClient,
    invariants: Any,
    players: int,
    options: dict[str, Any],
) -> None:
    """Shrink the violation (same rule, within its budget) and fail the test with it."""
    stats.account()
    stats.games += 1
    stats.steps += violation.steps
    progress.update(f"{violation.rule} broken after {violation.steps} actions; shrinking",
                    force=True)  # fmt: skip

    def attempt(prefix: list[int], longest: int) -> tuple[InvariantViolation, list[int]] | None:
        from conformance.levels.differential import replay_chooser

        taken: list[int] = []
        try:
            play_checked(engine, invariants, players, options or None, replay_chooser(prefix),
                         choices=taken, stop_after=longest)  # fmt: skip
        except InvariantViolation as found:
            if found.rule == violation.rule:
                return found, taken
        return None

    budget = request.config.getoption("--rulespec-shrink-seconds")
    result = shrink_choices(attempt, violation, choices, lambda v: v.steps, budget, progress)
    stats.shrink = result.to_json(violation.steps)
    smaller = result.failure
    shrunk = "" if result.complete else " (shrinking budget spent: the shortest trace so far)"
    progress.done(f"{smaller.rule} BROKEN after {smaller.steps} actions{shrunk}")
    raise InvariantViolation(
        f"{smaller}\nshrunk from {violation.steps} to {smaller.steps} actions{shrunk}\n"
        f"campaign until then: {stats.summary(rules=False)}",
        smaller.rule,
        smaller.steps,
    ) from None
