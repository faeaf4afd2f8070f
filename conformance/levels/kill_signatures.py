"""Blame by kill signature: which rule's reference mutants fail the scenarios the engine fails.

A game may ship a kill matrix (``spec/<game>/kill_matrix.json``, made by ``rulespec mutate
GAME --kill-matrix FILE``): for each one-token mutant of the reference engine, the rule its
line implements and the scenarios it fails. An engine with a bug fails some set of the
game's scenarios; a mutant of one rule's line that fails exactly that set (of the scenarios
judged in the session) is the nearest known wrong engine, and its rule the likeliest broken
one: mutation-based fault localisation over the whole suite (Metallaxis-FL: Papadakis and Le
Traon, 2015), asked only for an exact match.

:func:`~conformance.levels.corroboration.corroborate` brings such a rule first among the
candidates whose own scenarios fail. On the benchmark corpus's recorded divergences
(``benchmarks/signature_corpus.py --exact``) it took the primary rule right from 87 to 95
of 135 planted bugs in three games and made no batch worse but one (by one bug); a near
match (the best Ochiai similarity short of 1) often sits on a neighbouring rule's line and
lost as many as it won, so only exact matches count.

The scenarios are keyed by the suite module's file name and the test's name
(:func:`scenario_key`), which a node id ends with wherever the suite is installed. A matrix
lists every scenario collected when it was made, so a scenario added since (its outcome says
nothing of the matrix's mutants) is told apart from one that no mutant fails.
"""

from __future__ import annotations

import functools
import hashlib
import json
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from rulespec.resources import SPEC_DIR
from rulespec.schema_check import SchemaCheck

#: the file in a game's spec folder
FILE_NAME = "kill_matrix.json"
SCHEMA = SPEC_DIR / "kill_matrix.schema.json"


class KillMatrixError(ValueError):
    """A kill matrix file that cannot be read or does not match its schema; the message
    names the file and the place."""


@dataclass(frozen=True)
class KilledMutant:
    """One mutant of the matrix: its rules, where it is, and the scenarios it fails."""

    rules: tuple[str, ...]
    at: str
    change: str
    killed_by: frozenset[str]


@dataclass(frozen=True)
class KillMatrix:
    game: str
    killers: int
    mutants: tuple[KilledMutant, ...]
    scenarios: frozenset[str]
    #: scenario key -> :func:`scenario_digest` of its steps when the matrix was made (empty
    #: for a matrix made before digests were kept)
    digests: Mapping[str, str] = field(default_factory=dict)

    def changed(self, digests_now: Mapping[str, str]) -> frozenset[str]:
        """The matrix's scenarios whose steps differ now from when it was made (a scenario
        whose digest is not known, on either side, is not counted as changed)."""
        return frozenset(key for key, digest in self.digests.items()
                         if digests_now.get(key, digest) != digest)  # fmt: skip


@dataclass(frozen=True)
class Signature:
    """A rule one of whose mutants fails exactly the scenarios the engine fails."""

    rule: str
    mutant: KilledMutant
    failing: int  # the scenarios both fail
    alike: int = 1  # how many of the rule's mutants do

    def evidence(self) -> str:
        more = f" (and {self.alike - 1} more of its mutants)" if self.alike > 1 else ""
        scenarios = "scenario" if self.failing == 1 else f"{self.failing} scenarios"
        return (f"a reference mutant at {self.mutant.at} ({self.mutant.change}) fails exactly "
                f"the {scenarios} this engine fails{more}")  # fmt: skip


def scenario_digest(item: Any) -> str | None:
    """A digest of what a scenario test does: its background's and its own steps (kind,
    text, docstring, table) and its example's values, not its name nor its tags (a tag
    changes whom it counts for, not what a mutant does to it); None for a test that is not
    a scenario."""
    from conformance.plugin import scenario_of

    template = scenario_of(item)
    if template is None:
        return None
    steps = [[step.type, step.name, step.docstring,
              step.datatable.raw() if step.datatable is not None else None]
             for step in [*template.all_background_steps, *template.steps]]  # fmt: skip
    callspec = getattr(item, "callspec", None)
    example = callspec.params.get("_pytest_bdd_example") if callspec is not None else None
    text = json.dumps([steps, example], sort_keys=True, default=str, ensure_ascii=True)
    return hashlib.sha256(text.encode()).hexdigest()[:16]


def scenario_key(nodeid: str) -> str:
    """A scenario's key: its node id from the suite module's file name on
    (``conformance/suite/test_neom.py::test_x[2]`` -> ``test_neom.py::test_x[2]``)."""
    path, sep, name = nodeid.partition("::")
    return f"{path.rsplit('/', 1)[-1]}{sep}{name}"


@functools.cache
def _schema() -> SchemaCheck:
    return SchemaCheck(json.loads(SCHEMA.read_text(encoding="utf-8")), "the kill matrix schema")


def read(path: Path, game: str | None = None) -> KillMatrix:
    """The kill matrix in ``path`` (checked against ``spec/kill_matrix.schema.json``)."""
    try:
        data: Any = json.loads(path.read_text(encoding="utf-8"))
    except OSError as error:
        raise KillMatrixError(f"{path}: cannot be read ({error.strerror})") from error
    except (json.JSONDecodeError, UnicodeDecodeError) as error:
        raise KillMatrixError(f"{path}: not JSON ({error})") from error
    return read_data(data, str(path), game)


def read_data(data: Any, path: str, game: str | None = None) -> KillMatrix:
    """The kill matrix a file at ``path`` held (``data``, its JSON), checked."""
    problems = _schema().problems(data, limit=1)
    if problems:
        raise KillMatrixError(f"{path}: {problems[0]}")
    if game is not None and data["game"] != game:
        raise KillMatrixError(f"{path}: a kill matrix of {data['game']!r}, not of {game!r}")
    scenarios = data["scenarios"]
    mutants = []
    for index, entry in enumerate(data["mutants"]):
        beyond = [i for i in entry["killed_by"] if i >= len(scenarios)]
        if beyond:
            raise KillMatrixError(f"{path}: at mutants/{index}/killed_by: scenario {beyond[0]} "
                                  f"is not listed (there are {len(scenarios)})")  # fmt: skip
        killed = frozenset(scenarios[i] for i in entry["killed_by"])
        mutants.append(KilledMutant(tuple(entry["rules"]), entry["at"], entry["change"], killed))
    digests = data.get("scenario_digests") or []
    if digests and len(digests) != len(scenarios):
        raise KillMatrixError(f"{path}: scenario_digests holds {len(digests)} digests for "
                              f"{len(scenarios)} scenarios")  # fmt: skip
    known = {key: digest for key, digest in zip(scenarios, digests, strict=False) if digest}
    return KillMatrix(data["game"], data["killers"], tuple(mutants), frozenset(scenarios), known)


@functools.cache
def load(game: str) -> KillMatrix | None:
    """The game's shipped kill matrix, or None when it ships none."""
    from rulespec import games

    path = games.spec_file(game, FILE_NAME)
    return None if path is None else read(path, game)


def signatures_for(
    game: str, failing: set[str], judged: set[str], digests: Mapping[str, str] | None = None
) -> dict[str, Signature]:
    """:func:`exact_signatures` with the game's shipped matrix ({} when it ships none)."""
    matrix = load(game)
    return {} if matrix is None else exact_signatures(matrix, failing, judged, digests)


def exact_signatures(
    matrix: KillMatrix,
    failing: set[str],
    judged: set[str],
    digests: Mapping[str, str] | None = None,
) -> dict[str, Signature]:
    """Per rule, a mutant whose failing scenarios among ``judged`` (the scenarios of the
    game judged in the session, keys) are exactly ``failing`` (those of them that failed),
    both taken among the matrix's scenarios (one added since it was made says nothing of
    its mutants) whose steps are unchanged since (``digests``: each judged scenario's
    :func:`scenario_digest` now; a check dropped since no longer fails the mutants it
    failed); empty when none of them failed."""
    usable = matrix.scenarios - matrix.changed(digests or {})
    failing, judged = failing & usable, judged & usable
    if not failing:
        return {}
    found: dict[str, Signature] = {}
    for mutant in matrix.mutants:
        if mutant.killed_by & judged != failing:
            continue
        for rule in mutant.rules:
            if rule in found:
                first = found[rule]
                found[rule] = Signature(rule, first.mutant, first.failing, first.alike + 1)
            else:
                found[rule] = Signature(rule, mutant, len(failing))
    return found
