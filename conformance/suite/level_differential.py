"""Conformance level "differential" (L3): the engine and the reference in lockstep.

Every configuration (a player count) plays as many games as fit in its time budget
(``--rulespec-budget`` seconds per game and configuration), the reference choosing every
action: choices steered toward the rules the game's campaign has not fired yet and mixed
with uniform play (:mod:`conformance.levels.guide`), chance outcomes drawn with their
stated probabilities. The games share the budget between (:func:`schedule`):

- new games under the default options and under every other reading of each option the
  engine declares (``conformance.specification.rulings``), in turn;
- games that start from the positions the scenario level loaded into the engine in this
  run (its ``Given`` states: late-game and rare positions), when the engine can load them.

An engine without ``legal_actions`` or ``chance`` is driven all the same: it must accept
each action the reference chose and reach an equal state; the result says which
comparisons were possible (legal sets, chance listings, states, outcome). A game still
going at the game's step horizon is cut and counted as partial, never a failure.

A divergence is shrunk under its own budget (``--rulespec-shrink-seconds``) to a smaller
trace showing the same failure, blamed on evidence
(:mod:`conformance.levels.attribution`: the rule whose effect differs becomes the result's
one rule id, the other rules fired at that step context), and written out as a Gherkin
scenario under ``--rulespec-emit-dir`` (default ``./rulespec-regressions/<game>/`` in the
directory pytest runs in; never the source tree), which ``--rulespec-features DIR`` then
runs against any engine.
"""

from __future__ import annotations

from typing import Any

import pytest

from conformance.engine.client import EngineClient, InProcessClient
from conformance.levels.campaign import (
    CampaignStats,
    TickingChoices,
    campaign_games,
    campaign_guide,
    configuration_budget,
    emit_directory,
    fallback_rule,
    game_chooser,
    option_plan,
    reach_rules,
    run_campaign,
    step_horizon,
)
from conformance.levels.corroboration import (
    Probe,
    corroborate,
    probe,
    rule_areas,
    rule_illustrations,
)
from conformance.levels.differential import Divergence, lockstep, shrink, write_feature
from conformance.levels.kill_signatures import KillMatrixError
from conformance.levels.progress import Progress
from conformance.levels.reproduction import TrialsDone, with_reproduction
from conformance.levels.seeds import seed_positions
from conformance.plugin import BLAMED, kill_signatures, scenario_tallies
from reference_impl import registry

LEVEL = "differential"
#: the failures shrunk so far in this run: (game, kind, where, primary rule)
_SHRUNK = pytest.StashKey[set[tuple[str, str, str, str | None]]]()
#: one game in this many starts from a position the scenarios loaded (when there are any)
SEED_EVERY = 2


def _configurations(game: str) -> list[int]:
    """The player counts differential play covers: every count the reference serves."""
    definition = registry.get_game(game)
    return list(range(definition.min_players, definition.max_players + 1))


def _cases() -> list[object]:
    games = registry.available_games()
    return [pytest.param(game, players, id=f"{game}-{players}p")
            for game in games for players in _configurations(game)]  # fmt: skip


@pytest.fixture(scope="module")
def reference() -> EngineClient:
    client = InProcessClient()
    client.handshake()
    return client


def schedule(
    index: int, turn: int, plan: list[tuple[str, dict[str, Any]]], seeds: list[dict[str, Any]]
) -> tuple[str, dict[str, Any], dict[str, Any] | None]:
    """Game ``index``'s start: (label, options, loaded position or None). Every
    ``SEED_EVERY``-th game starts from a scenario's position (in turn); the others are new
    games, every other one under the default options and the rest under the plan's other
    readings in turn, ``turn`` counting the new games of the game's whole campaign (so
    readings go on where the last player count stopped, and every one is played)."""
    if seeds and index % SEED_EVERY == SEED_EVERY - 1:
        seed = seeds[(index // SEED_EVERY) % len(seeds)]
        return "scenario positions", seed.get("options") or {}, seed
    if turn % 2 == 0 or len(plan) == 1:
        return plan[0][0], plan[0][1], None
    label, options = plan[1 + (turn // 2) % (len(plan) - 1)]
    return label, options, None


#: new games started so far per game in this run (the readings' turn, see :func:`schedule`)
_TURNS = pytest.StashKey[dict[str, int]]()


@pytest.mark.parametrize(("game", "players"), _cases())
def test_engine_matches_the_reference_in_lockstep(
    engine: EngineClient,
    reference: EngineClient,
    game: str,
    players: int,
    request: pytest.FixtureRequest,
) -> None:
    if game not in engine.games:
        pytest.skip(f"the engine does not serve {game}")
    config = request.config
    label = f"{game}-{players}p"
    seed = config.getoption("--rulespec-seed")
    budget = configuration_budget(config, len(_configurations(game)))
    stats = CampaignStats(LEVEL, game, label, budget)
    progress = Progress.for_pytest(config, f"{LEVEL} {label}")
    guide = campaign_guide(config, LEVEL, game)
    plan = option_plan(game, players, engine.games.get(game, {}))
    seeds = seed_positions(config, game, players) if "load_state" in engine.capabilities else []
    horizon = step_horizon(game)
    fired: set[str] = set()
    compared: set[str] = set()

    class Recording:
        """The reference, remembering every rule it applied in this campaign (its setup's
        too: the rules a new game records before any action)."""

        def __getattr__(self, name: str) -> Any:
            return getattr(reference, name)

        def new_game(self, *args: Any, **kwargs: Any) -> dict[str, Any]:
            state = reference.new_game(*args, **kwargs)
            held = getattr(getattr(reference, "server", None), "state", None)
            fired.update(getattr(held, "fired", None) or [])
            return state

        def apply(self, action: dict[str, Any]) -> dict[str, Any]:
            reply = reference.apply(action)
            fired.update(reply.get("fired", []))
            return reply

    recording: Any = Recording()

    def play(index: int) -> int:
        choose = game_chooser(seed, f"{LEVEL}:{label}", index)
        choices = TickingChoices(progress, stats, index)
        turns = config.stash.setdefault(_TURNS, {})
        start, options, position = schedule(index, turns.get(game, 0), plan, seeds)
        if position is None:
            turns[game] = turns.get(game, 0) + 1
        stats.played(start)
        try:
            return lockstep(engine, recording, game, players, options, choose, horizon,
                            choices=choices, guide=guide, seed_state=position,
                            chance_by_probability=True, compared=compared)  # fmt: skip
        except Divergence as divergence:
            _fail(request, stats, divergence, choices, progress, reference, engine)
            raise AssertionError("unreachable") from None

    try:
        run_campaign(stats, play, campaign_games(config), progress, guide)
    finally:
        stats.comparisons = sorted(compared)
        stats.seeds = len(seeds)
        reach_rules(request, stats, guide, fired)
    progress.done(stats.summary())


#: the reference's mutants tried per failure (a failure met again is not tried again)
_REPRODUCED = pytest.StashKey[dict[tuple[str, str, str, str | None], TrialsDone]]()


def _configuration(request: pytest.FixtureRequest) -> str:
    """The configuration a test plays, as its id shows it (``neom-3p``)."""
    callspec = getattr(request.node, "callspec", None)
    return callspec.id if callspec is not None else request.node.name


#: the probes of each game's scenarios (probed once a session)
_PROBED = pytest.StashKey[dict[str, Probe]]()


def _fail(
    request: pytest.FixtureRequest,
    stats: CampaignStats,
    divergence: Divergence,
    choices: list[int],
    progress: Progress,
    reference: EngineClient,
    engine: EngineClient,
) -> None:
    """Shrink (within its budget, to the same failure), blame, write the scenario, and
    fail the test under the primary rule only."""
    stats.account()
    stats.games += 1
    stats.steps += len(divergence.actions)
    budget = request.config.getoption("--rulespec-shrink-seconds")
    shrunk_before = request.config.stash.setdefault(_SHRUNK, set())
    identity = (stats.game, *divergence.identity())
    if identity in shrunk_before:
        budget = 0.0  # the same failure in another configuration: reported, not shrunk again
    shrunk_before.add(identity)
    progress.update(f"diverged after {len(divergence.actions)} actions; shrinking", force=True)
    smaller = shrink(engine, reference, divergence, choices, budget, progress, stats.shrink,
                     chance_by_probability=True)  # fmt: skip
    blame = smaller.blamed()
    config = request.config
    seconds = config.getoption("--rulespec-reproduce-seconds")
    if seconds:
        tried = config.stash.setdefault(_REPRODUCED, {})
        if identity in tried:  # the same failure in another configuration: not tried again
            blame = smaller.blame = tried[identity].reused(blame)
        else:
            progress.update("trying the reference's one-token changes at that step", force=True)
            blame = smaller.blame = with_reproduction(smaller, blame, seconds)
            tried[identity] = TrialsDone(blame.reproduced, blame.trials, _configuration(request))
    tallies, unused = scenario_tallies(config, stats.game), ""
    try:  # the game's kill matrix: a broken one is named, and the blame goes on without it
        if tallies:
            signatures = kill_signatures(config, stats.game)
        else:  # the scenario level did not run here: probe the game's scenarios, once
            probed = config.stash.setdefault(_PROBED, {})
            if stats.game not in probed:
                progress.update("corroborating the blame with the game's scenarios", force=True)
                probed[stats.game] = probe(stats.game, config.getoption("--engine"),
                                           config.getoption("--engine-shell"),
                                           config.getoption("--engine-timeout"))  # fmt: skip
            tallies = probed[stats.game].tallies
            signatures = probed[stats.game].signatures(stats.game)
    except KillMatrixError as error:
        signatures, unused = {}, f"\nthe game's kill matrix was not used: {error}"
    blame = smaller.blame = corroborate(blame, tallies, rule_areas(stats.game),
                                        rule_illustrations(stats.game), signatures)  # fmt: skip
    smaller.rules = blame.rules
    stats.divergence = smaller.attribution()
    request.node.stash[BLAMED] = blame.rules[:1]
    path = write_feature(smaller, emit_directory(request.config, stats.game),
                         fallback_rule(stats.game))  # fmt: skip
    shrunk = ""
    if not stats.shrink.get("complete", True):
        shrunk = " (shrinking budget spent: the shortest trace so far)"
    progress.done(f"DIVERGED at step {smaller.step}{shrunk}; scenario written to {path}")
    others = "".join(f"\nanother divergence met while shrinking: {line}"
                     for line in stats.shrink.get("others", []))  # fmt: skip
    failure = AssertionError(
        f"{smaller.headline()}\n{blame.describe()}\nscenario written to {path} (the "
        f"{len(smaller.actions)} actions)\n{smaller.summary()}\n"
        f"shrunk from {len(divergence.actions)} to {len(smaller.actions)} actions{shrunk}"
        f"{others}{unused}\ncampaign until then: {stats.summary(rules=False)}"
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
            if divergence.seed_state is not None:
                client.load_state(divergence.seed_state)
            else:
                client.new_game(divergence.game, divergence.num_players,
                                divergence.options or None)  # fmt: skip
            for action in divergence.actions:
                client.apply(action)
            positions.append(client.state())
        except Exception:  # the candidate refused or broke: the text report says how
            return None
    differs = sorted(divergence.expected) or ([divergence.first] if divergence.first else [])
    last = divergence.actions[-1] if divergence.actions else None
    return {
        "expected": positions[0],
        "actual": positions[1],
        "differs": differs,
        "action": last,
        "kind": "divergence",
    }
