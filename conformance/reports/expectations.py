"""An engine's known failures: a TOML file that ``rulespec check --expectations`` honours.

Each entry names one rule id, one scenario (with its game, optional) or one test id, why
it is expected to fail, and optionally a link (an issue in the engine's tracker)::

    [[expected]]
    rule = "ND-DRAFT-CARDS"
    reason = "cards are not checked against the hand yet"
    link = "https://example.org/engine/issues/12"

    [[expected]]
    game = "notre_dame"
    scenario = "Bank pays one coin per cube"
    reason = "rounding"

The scenario run marks every matching test ``xfail(strict=True)``: a failure is then an
"expected failure" (not counted as failed) and a pass an "unexpected pass" (counted as
failed, so the file gets updated). ``--update-expectations`` rewrites the file from a run
with :func:`update`.
"""

from __future__ import annotations

import json
import re
import tomllib
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from conformance.reports.text import printable

KEYS = ("rule", "scenario", "test")
FIELDS = (*KEYS, "game", "reason", "link")
FAILURES = ("failed", "errored", "crashed", "timed out", "protocol error", "expected failure")


class ExpectationsError(ValueError):
    """An expectations file that cannot be used; the message lists every problem."""


@dataclass(frozen=True)
class Expectation:
    """One known failure: exactly one of ``rule``, ``scenario`` or ``test``, and a reason."""

    reason: str
    rule: str | None = None
    scenario: str | None = None
    test: str | None = None
    game: str | None = None
    link: str | None = None

    def matches(
        self, test: str, game: str | None, scenario: str | None, rules: Sequence[str]
    ) -> bool:
        if self.game is not None and self.game != game:
            return False
        if self.test is not None:
            return self.test == test
        if self.scenario is not None:
            return self.scenario == scenario
        return self.rule in rules

    def matches_result(self, result: dict[str, Any]) -> bool:
        return self.matches(
            result["test"], result.get("game"), result.get("scenario"), result.get("rules") or []
        )

    @property
    def target(self) -> str:
        """What the entry names, as a user would say it."""
        if self.test is not None:
            return f"test {self.test}"
        where = f" ({self.game})" if self.game else ""
        if self.scenario is not None:
            return f"scenario {self.scenario!r}{where}"
        return f"rule {self.rule}{where}"

    def describe(self) -> str:
        """The xfail reason: what the entry names, why, and the link."""
        link = f" <{self.link}>" if self.link else ""
        return f"known failure, {self.target}: {self.reason}{link}"

    def as_dict(self) -> dict[str, str]:
        return {"reason": self.reason, **({"link": self.link} if self.link else {})}


@dataclass(frozen=True)
class Expectations:
    entries: tuple[Expectation, ...] = ()

    def match(
        self, test: str, game: str | None, scenario: str | None, rules: Sequence[str]
    ) -> Expectation | None:
        """The most specific entry for a test: its test id, then its scenario, then a rule."""
        found = [e for e in self.entries if e.matches(test, game, scenario, rules)]
        if not found:
            return None
        return min(found, key=lambda e: (e.test is None, e.scenario is None))

    def for_result(self, result: dict[str, Any]) -> Expectation | None:
        return self.match(
            result["test"], result.get("game"), result.get("scenario"), result.get("rules") or []
        )


def load(path: Path | str) -> Expectations:
    """Read and check an expectations file; every problem is reported at once."""
    path = Path(path)
    try:
        document = tomllib.loads(path.read_text(encoding="utf-8"))
    except OSError as error:
        raise ExpectationsError(f"{path}: cannot read ({error.strerror})") from None
    except tomllib.TOMLDecodeError as error:
        raise ExpectationsError(f"{path}: not valid TOML: {error}") from None
    return parse(document, str(path))


def parse(document: dict[str, Any], where: str = "expectations") -> Expectations:
    problems = [f"{where}: unknown top-level key {key!r}" for key in document if key != "expected"]
    raw = document.get("expected", [])
    if not isinstance(raw, list):
        raise ExpectationsError(f"{where}: 'expected' must be an array of tables ([[expected]])")
    entries = []
    for index, entry in enumerate(raw, 1):
        place = f"{where}: entry {index}"
        if not isinstance(entry, dict):
            problems.append(f"{place}: not a table")
            continue
        before = len(problems)
        problems += [f"{place}: unknown key {key!r}" for key in entry if key not in FIELDS]
        problems += [
            f"{place}: {key!r} must be a non-empty string"
            for key in FIELDS
            if key in entry and (not isinstance(entry[key], str) or not entry[key].strip())
        ]
        named = [key for key in KEYS if key in entry]
        if len(named) != 1:
            problems.append(f"{place}: name exactly one of rule, scenario or test (got {named})")
        if "reason" not in entry:
            problems.append(f"{place}: a 'reason' is required")
        if len(problems) == before:
            entries.append(Expectation(**{k: v for k, v in entry.items() if k in FIELDS}))
    if problems:
        raise ExpectationsError("\n".join(problems))
    return Expectations(tuple(entries))


def update(current: Expectations, results: Iterable[dict[str, Any]]) -> Expectations:
    """The expectations after a run: every failing result listed, nothing that passes.

    An entry whose tests all failed stays as it is (reason and link kept). An entry some of
    whose tests passed is narrowed to its failing scenarios, keeping its reason and link.
    An entry whose tests all passed goes. An entry that matched nothing in this run (another
    game, a rule filter) stays. A failure no entry covers gets a new scenario entry whose
    reason is its status and first message line.
    """
    results = list(results)
    failing = [r for r in results if r["status"] in FAILURES]
    kept: list[Expectation] = []
    covered: set[str] = set()
    for entry in current.entries:
        matched = [r for r in results if entry.matches_result(r)]
        failed = [r for r in matched if r["status"] in FAILURES]
        if not matched or len(failed) == len(matched):
            kept.append(entry)
        else:
            kept += [replace(_entry_for(r, entry.reason), link=entry.link) for r in failed]
        covered.update(r["test"] for r in failed)
    for result in failing:
        if result["test"] not in covered:
            kept.append(_entry_for(result, _reason(result)))
            covered.add(result["test"])
    unique = list(dict.fromkeys(kept))
    return Expectations(tuple(unique))


def _entry_for(result: dict[str, Any], reason: str) -> Expectation:
    if result.get("scenario"):
        return Expectation(reason, scenario=result["scenario"], game=result.get("game"))
    return Expectation(reason, test=result["test"])


def _reason(result: dict[str, Any]) -> str:
    lines = [line.strip() for line in (result.get("message") or "").splitlines() if line.strip()]
    errors = [line for line in lines if line.startswith("E ")]
    first = (errors or lines or [""])[0].removeprefix("E").strip().removeprefix("Failed: ")
    status = "failed" if result["status"] == "expected failure" else result["status"]
    return f"{status}: {first[:160]}" if first else status


def dump(expectations: Expectations, title: str = "") -> str:
    """The TOML text of ``expectations`` (strings written as TOML basic strings).

    ``title`` (the engine's name, which the engine chose) is written on a comment line with
    every line break and control character escaped, so it cannot add a line of its own.
    """
    title = printable(title, single_line=True)
    lines = [
        f"# Known failures{f' of {title}' if title else ''}: rulespec check --expectations FILE",
        "# Each [[expected]] names a rule, a scenario (with its game) or a test id, and why.",
        "# Rewritten by --update-expectations; reasons and links of entries that remain are kept.",
    ]
    for entry in expectations.entries:
        lines.append("")
        lines.append("[[expected]]")
        for key in ("game", "rule", "scenario", "test", "reason", "link"):
            value = getattr(entry, key)
            if value is not None:
                lines.append(f"{key} = {_toml_string(value)}")
    return "\n".join(lines) + "\n"


def _toml_string(value: str) -> str:
    """Exactly ``value`` as a TOML basic string (names must still match after a round trip);
    only a lone surrogate, which TOML cannot hold at all, is written as visible text."""
    # JSON string escapes (\" \\ \n \t \uXXXX ...) are all valid TOML basic-string escapes.
    text = json.dumps(_SURROGATE.sub(_visible, value), ensure_ascii=False)
    return text.replace("\x7f", "\\u007f")


_SURROGATE = re.compile("[\ud800-\udfff]")


def _visible(match: re.Match[str]) -> str:
    return printable(match.group())
