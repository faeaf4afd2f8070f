"""Every z3 proof names the catalogue rules it proves, and every name is a real rule."""

from __future__ import annotations

import fnmatch

import pytest

from conformance.specification import catalogue
from conformance.specification.proofs import proofs

GAMES = sorted({proof.game for proof in proofs()})


@pytest.mark.parametrize("game", GAMES)
def test_every_proof_names_existing_rules(game: str) -> None:
    rules = [rule.id for rule in catalogue.load(game).rules]
    problems = []
    for proof in proofs(game):
        if not proof.patterns:
            problems.append(f"{proof.test}: the docstring does not open with 'RULE-ID: claim'")
        for pattern in proof.patterns:
            if not any(fnmatch.fnmatchcase(rule, pattern) for rule in rules):
                problems.append(f"{proof.test}: {pattern} matches no rule of {game}")
    assert problems == [], "\n".join(problems)
