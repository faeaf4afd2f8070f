"""Two JSON-lines reports compared, result by result: what a change to an engine did.

A result is keyed on its game and scenario name (plus the parameters of an outline's
example), or on its test id when it has no scenario; so a key survives a rename of the
test function. Statuses fall in three classes: a pass (``passed``, ``unexpected pass``:
the engine did what the rule says), a failure (``failed``, ``errored``, ``crashed``,
``timed out``, ``protocol error``, ``expected failure``: it did not, known or not; an
error fails ``rulespec check`` too) and inconclusive (``skipped``, ``not run``: nothing
was learnt). :func:`engine_mismatch` says when the two reports judged different engine
commands (a comparison worth a warning).
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass
from typing import Any

from conformance.reports.model import Report

GOOD = ("passed", "unexpected pass")
BAD = ("failed", "errored", "crashed", "timed out", "protocol error", "expected failure")
INCONCLUSIVE = ("skipped", "not run")
KINDS = (
    "new failure", "fixed", "still failing", "still passing", "inconclusive", "new", "removed",
)  # fmt: skip
_PARAMETERS = re.compile(r"(\[[^\]]*\])$")


@dataclass(frozen=True)
class Change:
    kind: str
    key: str
    before: dict[str, Any] | None
    after: dict[str, Any] | None

    @property
    def statuses(self) -> str:
        before = self.before["status"] if self.before else "-"
        after = self.after["status"] if self.after else "-"
        return f"{before} -> {after}"

    @property
    def rules(self) -> list[str]:
        return list((self.after or self.before or {}).get("rules") or [])


def key(result: dict[str, Any]) -> str:
    """The stable key: ``game :: scenario[params]``, or the test id without a scenario."""
    scenario = result.get("scenario")
    if not scenario:
        return str(result["test"])
    parameters = _PARAMETERS.search(str(result["test"]))
    suffix = parameters.group(1) if parameters else ""
    return f"{result.get('game') or '?'} :: {scenario}{suffix}"


def classify(before: str | None, after: str | None) -> str:
    if before is None:
        return "new"
    if after is None:
        return "removed"
    if before in INCONCLUSIVE or after in INCONCLUSIVE:
        return "inconclusive"
    was_bad, is_bad = _bad(before), _bad(after)
    if is_bad:
        return "still failing" if was_bad else "new failure"
    return "fixed" if was_bad else "still passing"


def _bad(status: str) -> bool:
    # A status this version does not know counts as a failure rather than a pass.
    return status not in GOOD


def compare(before: Report, after: Report) -> list[Change]:
    """One change per key of either report, in the order of ``after`` then ``before``."""
    old = _index(before)
    new = _index(after)
    changes = []
    for name in [*new, *(k for k in old if k not in new)]:
        a, b = old.get(name), new.get(name)
        kind = classify(a["status"] if a else None, b["status"] if b else None)
        changes.append(Change(kind, name, a, b))
    return changes


def _index(report: Report) -> dict[str, dict[str, Any]]:
    index: dict[str, dict[str, Any]] = {}
    for result in report.results:
        name = key(result)
        if name in index:  # two results share a key: fall back on the test ids
            name = str(result["test"])
        index[name] = result
    return index


def summary(changes: list[Change]) -> dict[str, int]:
    counts = Counter(change.kind for change in changes)
    return {kind: counts.get(kind, 0) for kind in KINDS}


def engine_mismatch(before: Report, after: Report) -> str | None:
    """A warning when the two reports' headers name different engine commands (the
    reference in-process has none), else None."""
    commands = [(report.header.get("engine") or {}).get("command") for report in (before, after)]
    if commands[0] == commands[1]:
        return None
    shown = [repr(c) if c else "the reference in-process" for c in commands]
    return f"the two runs judged different engine commands: A {shown[0]}, B {shown[1]}"
