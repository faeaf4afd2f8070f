"""A fixed sample of every game's mutants is killed by its scenarios, or triaged as equivalent.

The sample is ``rulespec mutate GAME --sample 12 --seed 2026`` (the same mutants: the draw
is :meth:`conformance.mutation.generate.MutantSet.draw`, which leaves out the instrumentation
mutants it draws, so a game may run fewer than 12). A survivor that is not equivalent is a thin
rule: never record it as equivalent to make this pass; add the scenario the rulebook implies.
Until then the game's test is an expected failure (strict, so it must be unmarked as soon
as the scenarios kill the sample) whose reason lists the survivors. The sample changes when
the engine's code does; the full run is ``rulespec mutate GAME`` (a maintainer's tool).

Cost: one worker per game collects the suite and takes the baseline (every scenario once,
with coverage and cold caches), then runs the sample; ``JOBS`` workers share both. Measured
(session 3, 12 mutants, one worker): 12-18 CPU-seconds per game, of which the baseline is
7-12 and a mutant 0.2-0.45; generating a game's mutants for the triage check about 3. So
the sample size barely moves the cost: a few dozen mutants add a few seconds per game.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from conformance.mutation import generate, report, run, triage
from conformance.specification import catalogue

SAMPLE, SEED = 12, 2026
JOBS = 1

#: The sample's non-equivalent survivors when this was written (module:line: before -> after),
#: each a rule whose scenarios miss a boundary: for the scenario writers.
THIN: dict[str, list[str]] = {}

#: Triage files with entries that match several mutants (``rulespec mutate GAME
#: --check-triage`` lists them with the ``function`` and ``occurrence`` that name each): an
#: error since entries name one mutant. Remove the game once its file names them.
AMBIGUOUS: dict[str, str] = {}


def _marked(game: str, thin: bool) -> object:
    reasons = []
    if thin and THIN.get(game):
        reasons.append(f"thin scenarios, survivors: {'; '.join(THIN[game])}")
    if game in AMBIGUOUS:
        reasons.append(AMBIGUOUS[game])
    if not reasons:
        return game
    return pytest.param(game, marks=pytest.mark.xfail(strict=True, reason="; ".join(reasons)))


GAMES = [_marked(game, thin=True) for game in catalogue.games_with_catalogue()]
TRIAGED = [_marked(game, thin=False) for game in catalogue.games_with_catalogue()]

_MUTANTS: dict[str, generate.MutantSet] = {}


def mutants_of(game: str, cache: Path) -> generate.MutantSet:
    """The game's mutants, made once per worker, and through the session's cache once per
    session (the test of the entries and the sample's test may run in different workers)."""
    if game not in _MUTANTS:
        _MUTANTS[game] = generate.generate(game, triage.load(game).seeds, cache=cache)
    return _MUTANTS[game]


@pytest.mark.slow
@pytest.mark.parametrize("game", TRIAGED)
def test_every_equivalent_entry_names_exactly_one_mutant(game: str, shared_cache: Path) -> None:
    triaged = triage.load(game)
    if not triaged.equivalent:
        pytest.skip(f"{game} has no equivalent mutants recorded")
    mutants = mutants_of(game, shared_cache)
    resolution = triaged.resolve(mutants.mutants, mutants.instrumentation)
    stale = [triage.describe_entry(i, triaged.equivalent[i]) for i in resolution.stale()]
    assert not stale, f"spec/{game}/mutants.yaml names mutants the engine no longer has: {stale}"
    triaged.bind(mutants.mutants)  # TriageError names each entry that matches several


@pytest.mark.slow
@pytest.mark.parametrize("game", GAMES)
def test_a_fixed_sample_of_mutants_is_killed_or_triaged(game: str, shared_cache: Path) -> None:
    mutants = mutants_of(game, shared_cache)
    triaged = triage.load(game).bind(mutants.mutants)
    chosen = mutants.draw(mutants.mutants, SAMPLE, SEED)
    results, baseline = run.run(mutants, chosen, run.RunSettings(jobs=JOBS, cache=shared_cache))
    assert baseline is not None and len(baseline.scenarios) > 10
    summary = report.summarise(game, results, triaged, mutants.skipped)
    assert summary.judged >= SAMPLE // 2
    survivors = [report.describe(r) for r in summary.survivors]
    assert not survivors, f"{game}: non-equivalent survivors: {survivors}"
    wrong = [report.describe(r) for r in summary.contradicted]
    assert not wrong, f"{game}: equivalent entries whose mutant a scenario killed: {wrong}"
    unpinned = [r for r in summary.records if r.get("pinned") is False]
    assert not unpinned, f"seed mutants not killed by their rule's scenarios: {unpinned}"
