"""Errata as versioned rulesets, and their impact on scenarios and recorded games.

An erratum (``spec/<game>/errata/<id>.yaml``, schema ``spec/erratum.schema.json``) names
the rule ids it touches and changes rule texts and rule parameters (the ``params`` of
catalogue entries). A :class:`Ruleset` is the catalogue's edition plus an ordered list of
errata; engines receive its parameters through the ``params`` option
(:func:`reference_impl.core.rule_param`), and scenarios tagged ``@since:<id>`` /
``@until:<id>`` run only under rulesets with / without the erratum.

:func:`impact` runs the scenarios and the golden traces (``tests/golden/<game>/``) under
the ruleset before and after an erratum and lists every change with the rule ids that
fired; a trace change where no touched rule fired is a regression.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any

import yaml
from jsonschema import Draft202012Validator

from conformance import catalogue
from conformance.paths import ROOT, SPEC_DIR

GOLDEN_DIR = ROOT / "tests" / "golden"


class ErratumError(ValueError):
    """An erratum file or ruleset that cannot be used; the message names file and field."""


@dataclass(frozen=True)
class Erratum:
    """One erratum: what it touches and what it changes."""

    id: str
    game: str
    title: str
    date: str
    example: bool
    rules: tuple[str, ...]
    texts: dict[str, str] = field(default_factory=dict)
    params: dict[str, dict[str, Any]] = field(default_factory=dict)
    source: str | None = None
    notes: str | None = None


@cache
def _validator() -> Draft202012Validator:
    return Draft202012Validator(json.loads((SPEC_DIR / "erratum.schema.json").read_text("utf-8")))


def errata_dir(game: str) -> Path:
    return SPEC_DIR / game / "errata"


def available(game: str) -> list[str]:
    """The ids of the errata of ``game``, sorted."""
    return sorted(p.stem for p in errata_dir(game).glob("*.yaml"))


def load(game: str, erratum_id: str) -> Erratum:
    """Load and check one erratum against its schema and the game's catalogue."""
    path = errata_dir(game) / f"{erratum_id}.yaml"
    if not path.is_file():
        known = ", ".join(available(game)) or "none"
        raise ErratumError(f"{game} has no erratum {erratum_id!r} (known: {known})")
    try:
        document = yaml.safe_load(path.read_text(encoding="utf-8"))
    except yaml.YAMLError as error:
        raise ErratumError(f"{path}: not valid YAML: {error}") from None
    problems = [
        f"{path}: at {'/'.join(map(str, e.absolute_path)) or '(top)'}: {e.message}"
        for e in _validator().iter_errors(document)
    ]
    if problems:
        raise ErratumError("\n".join(problems))
    erratum = Erratum(**{**document, "rules": tuple(document["rules"])})
    problems = erratum_problems(erratum, path)
    if problems:
        raise ErratumError("\n".join(problems))
    return erratum


def erratum_problems(erratum: Erratum, path: Path) -> list[str]:
    """Every way ``erratum`` disagrees with its file name and the catalogue, all at once."""
    problems = []
    if erratum.id != path.stem:
        problems.append(f"{path}: id {erratum.id!r} is not the file name {path.stem!r}")
    if erratum.game != path.parent.parent.name:
        problems.append(f"{path}: game {erratum.game!r} is not {path.parent.parent.name!r}")
    rules = {r.id: r for r in catalogue.load(path.parent.parent.name).rules}
    for rule_id in erratum.rules:
        if rule_id not in rules:
            problems.append(f"{path}: touches {rule_id}, not a rule of {erratum.game}")
    for what, changed in (("texts", erratum.texts), ("params", erratum.params)):
        for rule_id in changed:
            if rule_id not in erratum.rules:
                problems.append(f"{path}: {what} changes {rule_id}, missing from rules")
    for rule_id, params in erratum.params.items():
        known = (rules[rule_id].params or {}) if rule_id in rules else {}
        for name in params:
            if name not in known:
                problems.append(
                    f"{path}: {rule_id} has no parameter {name!r} (params: {sorted(known)})"
                )
    return problems


@dataclass(frozen=True)
class Ruleset:
    """The catalogue's edition plus an ordered list of errata (later errata win)."""

    game: str
    errata: tuple[Erratum, ...] = ()

    @property
    def edition(self) -> str:
        return catalogue.load(self.game).title

    @property
    def ids(self) -> list[str]:
        return [e.id for e in self.errata]

    @property
    def label(self) -> str:
        return " + ".join([self.edition, *self.ids])

    def params(self) -> dict[str, dict[str, Any]]:
        """Changed parameters, rule id -> {name: value}: the engines' ``params`` option."""
        merged: dict[str, dict[str, Any]] = {}
        for erratum in self.errata:
            for rule_id, params in erratum.params.items():
                merged.setdefault(rule_id, {}).update(params)
        return merged

    def options(self) -> dict[str, Any]:
        """The new-game options of this ruleset (empty for the bare edition)."""
        params = self.params()
        return {"params": params} if params else {}

    def rule_text(self, rule: catalogue.Rule) -> str:
        """The English statement of ``rule`` under this ruleset."""
        text = rule.text
        for erratum in self.errata:
            text = erratum.texts.get(rule.id, text)
        return text

    def rule_params(self, rule: catalogue.Rule) -> dict[str, Any] | None:
        if rule.params is None:
            return None
        return {**rule.params, **self.params().get(rule.id, {})}

    def touched(self) -> set[str]:
        return {rule_id for e in self.errata for rule_id in e.rules}


def ruleset(game: str, ids: list[str]) -> Ruleset:
    """The ruleset of ``game`` with the errata ``ids`` (in order)."""
    return Ruleset(game, tuple(load(game, i) for i in ids))


def rulesets_for(games: list[str], ids: list[str]) -> dict[str, Ruleset]:
    """Assign each erratum id to the game that has it; unknown ids are an error."""
    owners: dict[str, list[str]] = {g: [] for g in games}
    for erratum_id in ids:
        found = [g for g in games if erratum_id in available(g)]
        if not found:
            raise ErratumError(f"no erratum {erratum_id!r} in {', '.join(games)}")
        owners[found[0]].append(erratum_id)
    return {game: ruleset(game, chosen) for game, chosen in owners.items()}


def check_arguments(rulesets: dict[str, Ruleset]) -> tuple[dict[str, dict[str, Any]], list[str]]:
    """``run_scenarios`` arguments of rulesets: (options per game, errata ids)."""
    options = {game: r.options() for game, r in rulesets.items() if r.options()}
    return options, [i for r in rulesets.values() for i in r.ids]
