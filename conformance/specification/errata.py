"""Errata as versioned rulesets, and their impact on scenarios and recorded games.

An erratum (``spec/<game>/errata/<id>.yaml``, schema ``spec/erratum.schema.json``) names
the rule ids it touches and changes rule texts and rule parameters (the ``params`` of
catalogue entries). A :class:`Ruleset` is the catalogue's edition plus an ordered list of
errata; engines receive its parameters through the ``params`` option
(:func:`reference_impl.core.rule_param`), and scenarios tagged ``@since:<id>`` /
``@until:<id>`` run only under rulesets with / without the erratum.

:func:`impact` runs the scenarios and the recorded games (``spec/<game>/recorded/*.jsonl``,
shipped inside the package, regenerated on purpose by ``scripts/regen_golden.py``) under
the ruleset before and after an erratum and lists every change with the rule ids that
fired; a trace change where no touched rule fired is a regression.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any

from conformance.specification import catalogue
from conformance.specification.documents import read_checked_yaml
from conformance.specification.unchanged import keep_arguments, may_change
from rulespec import games
from rulespec.resources import SPEC_DIR
from rulespec.schema_check import SchemaCheck


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
def _validator() -> SchemaCheck:
    return SchemaCheck(json.loads((SPEC_DIR / "erratum.schema.json").read_text("utf-8")))


def errata_dir(game: str) -> Path:
    """The game's ``errata`` folder (absent when the game provides no errata)."""
    return games.spec_dir(game) / "errata"


def available(game: str) -> list[str]:
    """The ids of the errata of ``game``, sorted."""
    return sorted(p.stem for p in errata_dir(game).glob("*.yaml"))


def load(game: str, erratum_id: str) -> Erratum:
    """Load and check one erratum against its schema and the game's catalogue."""
    path = errata_dir(game) / f"{erratum_id}.yaml"
    if not path.is_file():
        known = ", ".join(available(game)) or "none"
        raise ErratumError(f"{game} has no erratum {erratum_id!r} (known: {known})")
    document = read_checked_yaml(path, _validator(), ErratumError)
    erratum = Erratum(**{**document, "rules": tuple(document["rules"])})
    problems = erratum_problems(erratum, path, game)
    if problems:
        raise ErratumError("\n".join(problems))
    return erratum


def erratum_problems(erratum: Erratum, path: Path, game: str | None = None) -> list[str]:
    """Every way ``erratum`` disagrees with its file name and ``game``'s catalogue, all at
    once (``game``: the one whose errata folder holds it; by default the folder above
    ``errata/``, which a game package's ``spec`` folder does not name)."""
    game = game or path.parent.parent.name
    problems = []
    if erratum.id != path.stem:
        problems.append(f"{path}: id {erratum.id!r} is not the file name {path.stem!r}")
    if erratum.game != game:
        problems.append(f"{path}: game {erratum.game!r} is not {game!r}")
    rules = {r.id: r for r in catalogue.load(game).rules}
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


# -- impact ------------------------------------------------------------------------------------


@dataclass(frozen=True)
class ScenarioChange:
    """A scenario whose status differs between the two rulesets."""

    feature: str
    scenario: str
    before: str
    after: str
    rules: tuple[str, ...]
    fired: tuple[str, ...]
    tagged: bool  # carries @since/@until of the erratum: the change is declared

    @property
    def key(self) -> str:
        return f"{self.feature}: {self.scenario}"


@dataclass(frozen=True)
class TraceChange:
    """A recorded game that plays out differently: where, and what fired there."""

    trace: str  # file name and game index, "2p-seed1.jsonl#0"
    step: int  # 0: the setup already differs; n: after the n-th action
    action: dict[str, Any] | None
    fired: tuple[str, ...]
    touched: bool  # a rule the erratum touches fired at the divergence
    what: str  # state differs / action illegal / outcome
    final: str = ""  # what becomes of the rest of the recorded game under the new ruleset

    @property
    def regression(self) -> bool:
        return not self.touched


@dataclass
class Impact:
    game: str
    erratum: Erratum
    before: Ruleset
    after: Ruleset
    scenarios: list[ScenarioChange] = field(default_factory=list)
    traces: list[TraceChange] = field(default_factory=list)
    traces_checked: int = 0
    scenarios_checked: int = 0

    def regressions(self) -> list[str]:
        """Changes the erratum does not account for."""
        found = [f"trace {t.trace} step {t.step}" for t in self.traces if t.regression]
        found += [f"scenario {s.key} (not tagged)" for s in self.scenarios if not s.tagged]
        return found


def recorded_dir(game: str) -> Path:
    """The recorded games of ``game``: ``rulespec play --trace`` files (the golden traces)."""
    return games.spec_dir(game) / "recorded"


def golden_traces(game: str) -> list[Path]:
    return sorted(recorded_dir(game).glob("*.jsonl"))


def read_trace_games(path: Path) -> list[dict[str, Any]]:
    """Each game of a ``rulespec play --trace`` file: setup record, actions, final record."""
    games: list[dict[str, Any]] = []
    for line in path.read_text(encoding="utf-8").splitlines():
        if not line.strip():
            continue
        record = json.loads(line)
        if record["type"] == "setup":
            games.append({"setup": record, "actions": [], "final": None})
        elif record["type"] == "action":
            games[-1]["actions"].append(record["action"])
        elif record["type"] == "final":
            games[-1]["final"] = record
    return games


def _position(state: Any) -> dict[str, Any]:
    """The canonical state without its options (the params differ by construction)."""
    canonical = state.to_canonical()
    canonical.pop("options", None)
    return canonical


def _setup_rules(game: str, touched: set[str]) -> set[str]:
    """Touched rules that act at setup (components, setup area): engines fire none there."""
    rules = {r.id: r for r in catalogue.load(game).rules}
    return {
        i
        for i in touched
        if i in rules and (rules[i].kind == "component" or rules[i].area == "setup")
    }


def trace_change(
    game: Any, record: dict[str, Any], before: Ruleset, after: Ruleset, name: str
) -> TraceChange | None:
    """Replay one recorded game under both rulesets; the first divergence, or None.

    The fired rule ids are those both engines report for the diverging step (and the rule
    an illegal action breaks); at setup, the touched component and setup rules.
    """
    from reference_impl.core import EngineError

    options = {k: v for k, v in record["setup"]["options"].items() if k != "params"}
    players = record["setup"]["num_players"]
    old = game.new_game(players, {**options, **before.options()})
    new = game.new_game(players, {**options, **after.options()})
    touched = after.touched() - before.touched() or after.touched()
    actions = record["actions"]
    if _position(old) != _position(new):
        fired = set(getattr(new, "fired", ())) | _setup_rules(before.game, touched)
        final = _finish(old, new, actions, 0)
        return _change(name, 0, None, fired, touched, "the setup differs", final)
    for step, action in enumerate(actions, start=1):
        old.apply(action)
        fired = set(getattr(old, "fired", ()))
        try:
            new.apply(action)
        except EngineError as error:
            fired |= {error.rule} if error.rule else set()
            what = f"the action is illegal under {after.label}: {error.message}"
            final = "the recorded game cannot go on"
            return _change(name, step, action, fired, touched, what, final)
        fired |= set(getattr(new, "fired", ()))
        if _position(old) != _position(new):
            final = _finish(old, new, actions, step)
            return _change(name, step, action, fired, touched, "the state differs", final)
    return None


def _finish(old: Any, new: Any, actions: list[dict[str, Any]], done: int) -> str:
    """Play the rest of the recorded game under both rulesets: how does it end?"""
    from reference_impl.core import EngineError

    for step, action in enumerate(actions[done:], start=done + 1):
        old.apply(action)
        try:
            new.apply(action)
        except EngineError as error:
            return f"the recorded game cannot go on: action {step} breaks {error.rule}"
    if not new.is_terminal():
        return "the recorded actions end before the game does"
    before, after = old.outcome(), new.outcome()
    if (before.scores, before.winners) == (after.scores, after.winners):
        return "same final scores and winners"
    return (
        f"final scores {list(before.scores)} -> {list(after.scores)}, "
        f"winners {list(before.winners)} -> {list(after.winners)}"
    )


def _change(
    name: str,
    step: int,
    action: Any,
    fired: set[str],
    touched: set[str],
    what: str,
    final: str,
) -> TraceChange:
    fired_ids = tuple(sorted(fired))
    return TraceChange(name, step, action, fired_ids, bool(fired & touched), what, final)


def impact(
    game: str, erratum_id: str, base: list[str] | None = None, scenarios: bool = True
) -> Impact:
    """What changes when ``erratum_id`` joins the ruleset ``base`` (default: the edition)."""
    from reference_impl import registry

    before = ruleset(game, [i for i in (base or []) if i != erratum_id])
    erratum = load(game, erratum_id)
    after = Ruleset(game, (*before.errata, erratum))
    result = Impact(game, erratum, before, after)
    definition = registry.get_game(game)
    for path in golden_traces(game):
        for index, record in enumerate(read_trace_games(path)):
            result.traces_checked += 1
            change = trace_change(definition, record, before, after, f"{path.name}#{index}")
            if change is not None:
                result.traces.append(change)
    if scenarios:
        result.scenarios, result.scenarios_checked = scenario_changes(game, erratum, before, after)
    return result


def scenario_changes(
    game: str, erratum: Erratum, before: Ruleset, after: Ruleset
) -> tuple[list[ScenarioChange], int]:
    """Run every scenario (``@since``/``@until`` ignored) under ``before``, then under
    ``after`` those that can play differently (the reference in-process noted that they
    read a rule parameter the erratum changes, or their feature names ``params``:
    :mod:`conformance.specification.unchanged`); compare. The others play the same."""
    import tempfile

    from conformance.cli.check import run_scenarios

    runs: dict[str, dict[str, Any]] = {}
    again: set[str] = set()  # the tests run under ``after`` too
    with tempfile.TemporaryDirectory(prefix="rulespec-impact-") as tmp:
        for label, chosen in (("before", before), ("after", after)):
            fired_file = Path(tmp) / f"{label}.jsonl"
            options = {game: chosen.options()} if chosen.options() else None
            extra = ["--rulespec-note-options"]
            if label == "after":  # only what can play differently
                read = {f"params.{rule}" for rule in _changed_params(before, after)}
                again = {test for test, (result, _) in runs["before"].items()
                         if may_change(result, read, {"params"})}  # fmt: skip
                extra = keep_arguments(Path(tmp), again)
            run = run_scenarios([game], options=options, errata=["*"], fired=fired_file,
                                extra=extra)  # fmt: skip
            fired = {}
            if fired_file.exists():
                for line in fired_file.read_text("utf-8").splitlines():
                    entry = json.loads(line)
                    fired[entry["test"]] = entry["fired"]
            runs[label] = {
                r["test"]: (r, fired.get(r["test"], [])) for g in run.games for r in g.results
            }
    tags = {(s.feature, s.name): s.tags for s in catalogue.load(game).scenarios}
    mine = {f"since:{erratum.id}", f"until:{erratum.id}"}
    changes = []
    for test, (old, old_fired) in sorted(runs["before"].items()):
        if test not in again:  # it never read what the erratum changes: it plays the same
            continue
        new, new_fired = runs["after"].get(test, ({"status": "not run"}, []))
        if old["status"] == new["status"]:
            continue
        key = (old["feature"], old["scenario"])
        changes.append(
            ScenarioChange(
                old["feature"] or "", old["scenario"] or test, old["status"], new["status"],
                tuple(old["rules"]), tuple(sorted(set(old_fired) | set(new_fired))),
                bool(mine & set(tags.get(key, ()))),
            )
        )  # fmt: skip
    unique = {c.key: c for c in changes}  # an outline's examples: one entry per scenario
    return sorted(unique.values(), key=lambda c: c.key), len(runs["before"])


def _changed_params(before: Ruleset, after: Ruleset) -> set[str]:
    """The rule ids whose parameters differ between the two rulesets."""
    old, new = before.params(), after.params()
    return {rule for rule in old.keys() | new.keys() if old.get(rule) != new.get(rule)}
