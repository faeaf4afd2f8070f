"""Honest pinning: every hand-written seed mutant falls to a scenario tagged with its rule.

The seeds (``spec/<game>/mutants.yaml``, ``seeds:``) are a careless engine's version of one
rule each; they were Gnomeville's pinning mutants (of the first 30, 23 survived the 82
scenarios the catalogue then had). A rule tag on a scenario that cannot fail is a nominal
pin: this guards against it. The scenarios tagged with the seed's rule run first, so the
first failing one is tagged whenever any tagged one fails.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from conformance.mutation import generate, report, run, triage
from conformance.specification import catalogue

GAMES = [g for g in catalogue.games_with_catalogue() if triage.load(g).seeds]


@pytest.mark.slow
@pytest.mark.parametrize("game", GAMES)
def test_every_seed_mutant_is_killed_by_a_scenario_of_its_rule(
    game: str, shared_cache: Path
) -> None:
    triaged = triage.load(game)
    mutants = generate.generate(game, triaged.seeds, operators=[], modules=[])
    assert len(mutants.mutants) == len(triaged.seeds)
    results, _ = run.run(mutants, mutants.mutants, run.RunSettings(jobs=2, cache=shared_cache))
    summary = report.summarise(game, results, triaged)
    weak = [f"{r['seed_rule']}: {r['status']}, killed by {r['killers'] or 'nothing'}"
            for r in summary.records if not r["pinned"]]  # fmt: skip
    assert not weak, "seed mutants no scenario of their rule kills:\n" + "\n".join(weak)
