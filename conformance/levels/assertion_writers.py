"""Which rules write what a scenario checks: the audit behind ``rulespec coverage
--by-assertions``.

A scenario that checks a path its own rules do not write fails for a bug in the rule that
does write it, and takes that rule's blame: the judge weighs a rule by the share of its
scenarios that fail (:mod:`conformance.levels.corroboration`). ``docs/blame.md`` ("A
scenario checks its own rule") tells the story; this finds such checks without any engine.

Run against the reference in this process, :class:`WriterRecorder` (the pytest plugin's
``--rulespec-assertion-writers FILE``) watches, while each scenario's actions are applied,
the state paths its ``Then the position has:`` and ``Then "path" is value`` steps check,
with the attribution's line tracer (:class:`~conformance.levels.attribution.PathWatcher`),
and names the rule each write is made by as the attribution would blame it
(:func:`~conformance.levels.rule_sites.rule_at`: the same reading of the reference's code a
divergence on that path gets). One JSON line per scenario:
``{test, feature, scenario, rules, checked: {path: [writer rules]}}``; a path no applied
action wrote (the scenario checks it is left alone, or it was set by the position loaded)
has no writers.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

#: a ``Then "path" is value`` step's path
_PATH_IS = re.compile(r'^"(?P<path>[^"]+)" is ')
#: the step that checks paths of the state through a block of ``path = value`` lines
_POSITION_HAS = "the position has:"


def step_paths(step: Any) -> list[str]:
    """The state paths a ``Then`` step checks (none for another step)."""
    from conformance.engine.jsonpath import parse_assignments

    if step.type != "then":
        return []
    if step.name.strip() == _POSITION_HAS and step.docstring:
        try:
            return [path for path, _ in parse_assignments(step.docstring)]
        except ValueError:
            return []  # the step itself reports the bad block when it runs
    found = _PATH_IS.match(step.name.strip())
    return [found["path"]] if found else []


def _no_writes() -> dict[str, list[str]]:
    """A checked path's record before any write: the rules that wrote it, and those whose
    code was on the stack or computed the value."""
    return {"writers": [], "around": []}


def checked_paths(scenario: Any) -> list[str]:
    """The state paths ``scenario``'s ``Then`` steps check, in order, each once."""
    return list(dict.fromkeys(path for step in scenario.steps for path in step_paths(step)))


class WriterRecorder:
    """pytest-bdd hooks and a wrapper of the in-process server's ``apply``: per scenario,
    the rules whose code wrote each checked path (see the module's docstring)."""

    def __init__(self, path: str) -> None:
        self.path = Path(path)
        self.path.write_text("", encoding="utf-8")
        self._paths: list[str] = []
        self._game: str | None = None
        self._writers: dict[str, dict[str, list[str]]] = {}
        #: per checked path, the writes made before the steps that checked it
        self._checked: dict[str, dict[str, list[str]]] = {}
        self._acting = False  # a When step has begun: the actions the scenario is about
        self._restore: Callable[[], None] | None = None

    def install(self) -> None:
        """Watch every ``apply`` the reference's in-process server makes from now on."""
        from reference_impl.server import Server

        original = Server._apply
        recorder = self

        def watched_apply(server: Any, request: dict[str, Any]) -> dict[str, Any]:
            if not (recorder._paths and recorder._acting) or server.state is None:
                return original(server, request)
            return recorder._watch(server, lambda: original(server, request))

        Server._apply = watched_apply  # type: ignore[method-assign]
        self._restore = lambda: setattr(Server, "_apply", original)

    def uninstall(self) -> None:
        if self._restore is not None:
            self._restore()
            self._restore = None

    def _watch(self, server: Any, call: Callable[[], dict[str, Any]]) -> dict[str, Any]:
        from conformance.levels import rule_sites
        from conformance.levels.attribution import PathWatcher
        from conformance.specification.catalogue import rule_ids

        state = server.state
        watcher = PathWatcher(state, self._paths)
        result = watcher.run(call)  # a refusal raises: nothing was written
        if self._game is None:
            return result
        known = set(rule_ids(self._game))
        fired = set(getattr(state, "fired", ()))
        observable = rule_sites.observable_rules(self._game)
        for (path, stack), ran in zip(watcher.writes, watcher.providers, strict=True):
            rule, _ = rule_sites.rule_at(stack, known, fired, observable)
            if rule is None:  # every rule it names could have been reported, none was
                rule, _ = rule_sites.rule_at(stack, known)
            found = self._writers.setdefault(path, _no_writes())
            if rule is not None and rule not in found["writers"]:
                found["writers"].append(rule)
            around = [*_stack_rules(stack, known), *_provider_rules(ran, known)]
            found["around"] = list(dict.fromkeys([*found["around"], *around]))
        return result

    @pytest.hookimpl
    def pytest_bdd_before_scenario(
        self, request: pytest.FixtureRequest, feature: Any, scenario: Any
    ) -> None:
        from conformance.plugin import item_game

        self._paths = checked_paths(scenario)
        self._game = item_game(request.node)
        self._writers, self._checked = {}, {}
        self._acting = False

    @pytest.hookimpl
    def pytest_bdd_before_step(
        self,
        request: pytest.FixtureRequest,
        feature: Any,
        scenario: Any,
        step: Any,
        step_func: Any,
    ) -> None:
        """Writes are watched from the first ``When`` step on (the ``Given`` steps make the
        position the scenario starts from), and a check sees the writes made before it only
        (a check of the position before an action is not about what the action writes)."""
        if step.type == "when":
            self._acting = True
        for path in step_paths(step):
            made = self._writers.get(path, _no_writes())
            seen = self._checked.setdefault(path, _no_writes())
            for part in ("writers", "around"):
                seen[part] = list(dict.fromkeys([*seen[part], *made[part]]))

    @pytest.hookimpl
    def pytest_bdd_after_scenario(
        self, request: pytest.FixtureRequest, feature: Any, scenario: Any
    ) -> None:
        from conformance.plugin import feature_key, rule_ids

        entry = {
            "test": request.node.nodeid,
            "feature": feature_key(feature, self._game),
            "scenario": scenario.name,
            "rules": rule_ids(request.node),
            "checked": {path: self._checked.get(path, _no_writes()) for path in self._paths},
        }
        self._paths, self._writers, self._checked = [], {}, {}
        with self.path.open("a", encoding="utf-8") as handle:
            handle.write(json.dumps(entry, ensure_ascii=True) + "\n")


def _stack_rules(stack: list[tuple[str, int]], known: set[str]) -> list[str]:
    """Every rule the frames of a write's stack name (the writing line's and its callers'):
    the rules whose code led to the write."""
    from conformance.levels import rule_sites

    found: list[str] = []
    for filename, line in stack:
        function = rule_sites.function_at(filename, line)
        if function is not None:
            found += rule_sites.rules_for_line(filename, function, line, known)
    return found


def _provider_rules(ran: list[tuple[str, int]], known: set[str]) -> list[str]:
    """The rules named by the code that computed the value written."""
    from conformance.levels import rule_sites

    found: list[str] = []
    for filename, line in ran:
        found += rule_sites.rules_at(filename, line, known)
    return found


@dataclass(frozen=True)
class StrayCheck:
    """A scenario's check of a path that only rules it is not tagged with write."""

    feature: str
    scenario: str
    rules: tuple[str, ...]
    path: str
    writers: tuple[str, ...]


def stray_checks(entries: list[dict[str, Any]]) -> list[StrayCheck]:
    """The checks of ``entries`` (the recorder's lines) whose path some rule wrote and none
    of the scenario's own rules had a hand in (the writing line, its callers, the code that
    computed the value): a bug in a writer fails the scenario and weighs on the scenario's
    rules."""
    found = []
    for entry in entries:
        own = set(entry["rules"])
        for path, write in entry["checked"].items():
            if write["writers"] and not own.intersection(write["writers"] + write["around"]):
                found.append(StrayCheck(entry["feature"], entry["scenario"],
                                        tuple(entry["rules"]), path,
                                        tuple(write["writers"])))  # fmt: skip
    return found


def read(path: Path) -> list[dict[str, Any]]:
    """The recorder's lines."""
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()
            if line.strip()]  # fmt: skip
