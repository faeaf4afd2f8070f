"""``spec/<game>/mutants.yaml``: the reviewed triage of a game's mutants.

The file's schema is ``spec/mutants.schema.json``.

- ``equivalent``: mutants that behave like the reference in every legal position, each with a
  one-line reason. An entry names one mutant: its module, the enclosing function's qualified
  name (``function``: ``State.copy``, ``<module>`` at module level), the changed lines before
  and after, and, only when one function has the same edit twice, its ``occurrence`` (1 for
  the first in the source). Never a line number, so an edit elsewhere keeps the entry valid.
  An entry without ``function`` (the files' first format) still works while it matches
  exactly one mutant. An entry that matches several is an error naming it and every
  candidate (:meth:`Triage.bind`): one reviewed reason never silently covers every identical
  line of a module. ``rulespec mutate GAME --check-triage`` lists the entries to fix.
- ``seeds``: hand-written mutants, a careless engine's version of one rule (``old`` occurs
  exactly once in the module and becomes ``new``); the scenarios tagged with ``rule`` run
  first, and a seed counts as pinned only when one of them kills it.
"""

from __future__ import annotations

import functools
import json
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from conformance.mutation.generate import Mutant, code_of
from rulespec.resources import SPEC_DIR
from rulespec.schema_check import SchemaCheck
from rulespec.yaml_safe import safe_load

SCHEMA = SPEC_DIR / "mutants.schema.json"


class TriageError(ValueError):
    """A triage file that does not match its schema, or an entry that names several mutants;
    the message names the file and entry."""


def matches(entry: dict[str, Any], mutant: Mutant) -> bool:
    """``entry`` (of ``equivalent``) describes ``mutant`` (seed mutants are never matched);
    the lines' comments do not count: naming a rule on a line keeps its entries valid."""
    return (
        mutant.seed_rule is None
        and entry["module"] == mutant.module
        and code_of(entry["before"].strip()) == code_of(mutant.before)
        and code_of(entry["after"].strip()) == code_of(mutant.after)
        and entry.get("function", mutant.function) == mutant.function
        and entry.get("occurrence", mutant.occurrence) == mutant.occurrence
    )


def describe_entry(index: int, entry: dict[str, Any]) -> str:
    where = f" in {entry['function']}" if "function" in entry else ""
    which = f" (occurrence {entry['occurrence']})" if "occurrence" in entry else ""
    return (
        f"equivalent[{index}] {entry['module']}{where}{which}: "
        f"{entry['before'].strip()!r} -> {entry['after'].strip()!r}"
    )


def describe_candidate(mutant: Mutant) -> str:
    return (
        f"{mutant.module}:{mutant.line} function: {mutant.function!r}, "
        f"occurrence: {mutant.occurrence}"
    )


@dataclass
class Resolution:
    """How each ``equivalent`` entry matched a set of mutants."""

    matched: dict[int, list[Mutant]]  # entry index -> the mutants it matches
    #: entries that name only a mutant no longer run (an instrumentation condition)
    skipped: list[int] = field(default_factory=list)
    #: entries that match a run mutant and also a mutant no longer run: which one was
    #: reviewed cannot be told (the entry was written for the one that became instrumentation,
    #: say, and now silently covers a mutant of the same text elsewhere)
    shadowed: dict[int, list[Mutant]] = field(default_factory=dict)

    def ambiguous(self) -> dict[int, list[Mutant]]:
        both = {i: ms + self.shadowed.get(i, []) for i, ms in self.matched.items() if ms}
        return {i: ms for i, ms in both.items() if len(ms) > 1}

    def named_twice(self) -> list[list[int]]:
        """Groups of entries that each name the same one mutant (a duplicate to remove)."""
        named_by: dict[str, list[int]] = {}
        for index, found in self.matched.items():
            if len(found) == 1:
                named_by.setdefault(found[0].key, []).append(index)
        return [indices for indices in named_by.values() if len(indices) > 1]

    def stale(self) -> list[int]:
        return [i for i, ms in self.matched.items() if not ms and i not in self.skipped]


@dataclass
class Triage:
    game: str
    equivalent: list[dict[str, Any]] = field(default_factory=list)
    seeds: list[dict[str, str]] = field(default_factory=list)
    bound: dict[str, str] | None = None  # mutant key -> reason, once bound to the mutants

    @property
    def path(self) -> str:
        return f"spec/{self.game}/mutants.yaml"

    def resolve(self, mutants: Iterable[Mutant], skipped: Iterable[Mutant] = ()) -> Resolution:
        """Which mutants each entry matches; ``skipped``: the mutants made but not run
        (:attr:`~conformance.mutation.generate.MutantSet.instrumentation`)."""
        pool, left_out = list(mutants), list(skipped)
        matched = {i: [m for m in pool if matches(e, m)] for i, e in enumerate(self.equivalent)}
        also = {i: [m for m in left_out if matches(e, m)] for i, e in enumerate(self.equivalent)}
        return Resolution(
            matched,
            [i for i, ms in matched.items() if not ms and also[i]],
            {i: also[i] for i, ms in matched.items() if ms and also[i]},
        )

    def bind(self, mutants: Iterable[Mutant]) -> Triage:
        """Match every entry against the game's mutants (all of them, not a sample);
        :class:`TriageError` names each entry that matches more than one, with the
        candidates' ``function`` and ``occurrence`` to add."""
        resolution = self.resolve(mutants)
        ambiguous = resolution.ambiguous()
        if ambiguous:
            lines = [f"{self.path}: {len(ambiguous)} equivalent entr"
                     f"{'y matches' if len(ambiguous) == 1 else 'ies match'} several mutants "
                     "(add `function:`, and `occurrence:` where one function has the edit "
                     "twice, to name the one that was reviewed):"]  # fmt: skip
            for index, candidates in ambiguous.items():
                lines.append(f"  {describe_entry(index, self.equivalent[index])} matches:")
                lines += [f"    {describe_candidate(m)}" for m in candidates]
            raise TriageError("\n".join(lines))
        self.bound = {
            ms[0].key: self.equivalent[i]["reason"] for i, ms in resolution.matched.items() if ms
        }
        return self

    def reason(self, mutant: Mutant) -> str | None:
        """The recorded reason ``mutant`` is equivalent, or None (after :meth:`bind`, only
        the mutant each entry names; unbound, any mutant an entry matches)."""
        if self.bound is not None:
            return self.bound.get(mutant.key)
        for entry in self.equivalent:
            if matches(entry, mutant):
                return str(entry["reason"])
        return None


@functools.cache
def _schema() -> SchemaCheck:
    """The triage file's schema: compiled first, so a valid file costs no jsonschema walk."""
    return SchemaCheck(json.loads(SCHEMA.read_text(encoding="utf-8")))


def load(game: str) -> Triage:
    """The game's triage file, or an empty triage when it has none."""
    from rulespec import games

    path = games.spec_dir(game) / "mutants.yaml"
    if not path.is_file():
        return Triage(game)
    data: Any = safe_load(path.read_text(encoding="utf-8")) or {}
    schema = _schema()  # a refused file is reported by its first problem in text order
    errors = [] if schema.is_valid(data) else sorted(schema.detailed().iter_errors(data), key=str)
    if errors:
        where = "/".join(str(p) for p in errors[0].absolute_path) or "(top)"
        raise TriageError(f"{path}: at {where}: {errors[0].message}")
    if data.get("game") != game:
        raise TriageError(f"{path}: game is {data.get('game')!r}, expected {game!r}")
    return Triage(game, list(data.get("equivalent", [])), list(data.get("seeds", [])))
