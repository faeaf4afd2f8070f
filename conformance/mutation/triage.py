"""``spec/<game>/mutants.yaml``: the reviewed triage of a game's mutants.

The file's schema is ``spec/mutants.schema.json``.

- ``equivalent``: mutants that behave like the reference in every legal position, each with a
  one-line reason. Matched on module and the changed lines before and after (never on a line
  number, so an edit elsewhere in the module keeps the entry valid).
- ``seeds``: hand-written mutants, a careless engine's version of one rule (``old`` occurs
  exactly once in the module and becomes ``new``); the scenarios tagged with ``rule`` run
  first, and a seed counts as pinned only when one of them kills it.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

import jsonschema
import yaml

from conformance.mutation.generate import Mutant
from rulespec.resources import SPEC_DIR

SCHEMA = SPEC_DIR / "mutants.schema.json"


class TriageError(ValueError):
    """A triage file that does not match its schema; the message names the file and entry."""


@dataclass
class Triage:
    game: str
    equivalent: list[dict[str, str]] = field(default_factory=list)
    seeds: list[dict[str, str]] = field(default_factory=list)

    def reason(self, mutant: Mutant) -> str | None:
        """The recorded reason ``mutant`` is equivalent, or None."""
        for entry in self.equivalent:
            if (
                entry["module"] == mutant.module
                and entry["before"].strip() == mutant.before
                and entry["after"].strip() == mutant.after
            ):
                return entry["reason"]
        return None


def load(game: str) -> Triage:
    """The game's triage file, or an empty triage when it has none."""
    path = SPEC_DIR / game / "mutants.yaml"
    if not path.is_file():
        return Triage(game)
    data: Any = yaml.safe_load(path.read_text(encoding="utf-8")) or {}
    schema = json.loads(SCHEMA.read_text(encoding="utf-8"))
    errors = sorted(jsonschema.Draft202012Validator(schema).iter_errors(data), key=str)
    if errors:
        where = "/".join(str(p) for p in errors[0].absolute_path) or "(top)"
        raise TriageError(f"{path}: at {where}: {errors[0].message}")
    if data.get("game") != game:
        raise TriageError(f"{path}: game is {data.get('game')!r}, expected {game!r}")
    return Triage(game, list(data.get("equivalent", [])), list(data.get("seeds", [])))
