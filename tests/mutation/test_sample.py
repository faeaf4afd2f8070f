"""A fixed sample of every game's mutants is killed by its scenarios, or triaged as equivalent.

The sample is ``rulespec mutate GAME --sample 12 --seed 2026`` (the same mutants: the draw
is :func:`conformance.mutation.generate.choose`). A survivor that is not equivalent is a thin
rule: never record it as equivalent to make this pass; add the scenario the rulebook implies.
Until then the game's test is an expected failure (strict, so it must be unmarked as soon
as the scenarios kill the sample) whose reason lists the survivors. The sample changes when
the engine's code does; the full run is ``rulespec mutate GAME`` (a maintainer's tool).
"""

from __future__ import annotations

import pytest

from conformance.mutation import generate, report, run, triage
from conformance.specification import catalogue

SAMPLE, SEED = 12, 2026

#: The sample's non-equivalent survivors when this was written (module:line: before -> after),
#: each a rule whose scenarios miss a boundary: for the scenario writers.
THIN: dict[str, list[str]] = {
    "notre_dame": [
        "ND-GUEST validate.py:189 len(choices) <= 2 -> <= 3 (a malformed guest action)",
        "validate.py:104 continue -> break (an unknown field after the required ones)",
    ],
    "gnomeville": [
        "build.py:398 equipped gnomes < 3 -> <= 3 (all three gnomes equipped)",
        "validate.py:47, :99, :121, :276, :304 (load_state refusals: no step keeps a refused load)",
    ],
}

GAMES = [
    pytest.param(
        game,
        marks=pytest.mark.xfail(
            strict=True, reason=f"thin scenarios, survivors: {'; '.join(THIN[game])}"
        ),
    )
    if THIN.get(game)
    else game
    for game in catalogue.games_with_catalogue()
]

_MUTANTS: dict[str, generate.MutantSet] = {}


def mutants_of(game: str) -> generate.MutantSet:
    if game not in _MUTANTS:
        _MUTANTS[game] = generate.generate(game, triage.load(game).seeds)
    return _MUTANTS[game]


@pytest.mark.slow
@pytest.mark.parametrize("game", catalogue.games_with_catalogue())
def test_every_equivalent_entry_still_names_a_mutant(game: str) -> None:
    triaged = triage.load(game)
    if not triaged.equivalent:
        pytest.skip(f"{game} has no equivalent mutants recorded")
    present = {(m.module, m.before, m.after) for m in mutants_of(game).mutants}
    stale = [e for e in triaged.equivalent if (e["module"], e["before"], e["after"]) not in present]
    assert not stale, f"spec/{game}/mutants.yaml names mutants the engine no longer has: {stale}"


@pytest.mark.slow
@pytest.mark.parametrize("game", GAMES)
def test_a_fixed_sample_of_mutants_is_killed_or_triaged(game: str) -> None:
    mutants = mutants_of(game)
    chosen = generate.choose(mutants.mutants, SAMPLE, SEED)
    results, baseline = run.run(mutants, chosen, run.RunSettings(jobs=1, cache=None))
    assert baseline is not None and len(baseline.scenarios) > 10
    summary = report.summarise(game, results, triage.load(game))
    assert summary.judged >= SAMPLE // 2
    survivors = [report.describe(r) for r in summary.survivors]
    assert not survivors, f"{game}: non-equivalent survivors: {survivors}"
    unpinned = [r for r in summary.records if r.get("pinned") is False]
    assert not unpinned, f"seed mutants not killed by their rule's scenarios: {unpinned}"
