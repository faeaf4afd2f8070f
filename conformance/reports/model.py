"""A ``rulespec check`` run as a report: a header, one result per test, a footer.

The JSON-lines form (``rulespec check --report FILE``, schema ``spec/report.schema.json``)
has one object per line, each with a ``type``:

1. ``header``: rulespec, protocol and Python versions, the engine's identity from its
   handshake (name, version, language, command, capabilities), the games, the level and
   the date;
2. ``result``, one per test: ``test, game, scenario, feature, rules, status, message,
   duration``, plus ``expected`` (reason, link) when the expectations file lists it, and
   ``concern`` (``position_validation``) for a scenario reported apart from its rules;
3. ``footer``: the count of every status, the total, passed and failed, and
   ``"interrupted": true`` when the run was stopped (Ctrl-C, SIGTERM) before the end.

Every string an engine said is passed through :func:`conformance.reports.text.printable`
before it is written, so no engine text can make a report unwritable or unreadable.

The plugin's results file (``--rulespec-report``, what ``rulespec check`` reads back) is
read with :func:`read_results`, which also says when the run cannot be trusted.
"""

from __future__ import annotations

import json
from collections import Counter
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any

from conformance.cli.check import FAILING, CheckRun, GameReport
from conformance.reports.text import sanitised

if TYPE_CHECKING:  # what only writing a report needs is imported when one is written
    from conformance.reports.expectations import Expectations

FORMAT = "rulespec-report"
FORMAT_VERSION = 1
STATUSES = (
    "passed", "failed", "errored", "crashed", "timed out", "protocol error",
    "skipped", "not run", "expected failure", "unexpected pass",
)  # fmt: skip
PASSING = ("passed", "expected failure")
RESULT_FIELDS = ("test", "game", "scenario", "feature", "rules", "status", "message", "duration")


class ReportError(ValueError):
    """A report file that cannot be read; the message names the file and the line."""


@dataclass
class Report:
    """One run: ``header`` and ``footer`` as in the JSON-lines form, ``results`` in order."""

    header: dict[str, Any]
    results: list[dict[str, Any]] = field(default_factory=list)
    footer: dict[str, Any] = field(default_factory=dict)

    @property
    def games(self) -> list[str]:
        """The games of the header, then any other game a result names."""
        games = list(self.header.get("games") or [])
        for result in self.results:
            if result.get("game") and result["game"] not in games:
                games.append(result["game"])
        return games

    def game_report(self, game: str) -> GameReport:
        return GameReport(game, [r for r in self.results if r.get("game") == game])

    def counts(self) -> dict[str, int]:
        return count(self.results)

    @property
    def engine_label(self) -> str:
        engine = self.header.get("engine") or {}
        name = engine.get("name") or engine.get("command") or "unknown engine"
        return f"{name} {engine.get('version') or ''}".strip()


def count(results: list[dict[str, Any]]) -> dict[str, int]:
    """Every status, zeros included, in the order of :data:`STATUSES`."""
    seen = Counter(r["status"] for r in results)
    counts = {status: seen.pop(status, 0) for status in STATUSES}
    counts.update(sorted(seen.items()))  # a status this version does not know, kept visible
    return counts


def make_header(
    *,
    engine: dict[str, Any] | None,
    command: str | None,
    games: list[str],
    level: str,
    rule: str | None = None,
    expectations: str | None = None,
    date: datetime | None = None,
) -> dict[str, Any]:
    """The header line; ``engine`` is what the handshake said (None if it never happened)."""
    import platform

    from rulespec.protocol import PROTOCOL_VERSION

    engine = dict(engine or {})
    identity = {
        "name": engine.get("name"),
        "version": engine.get("version"),
        "language": engine.get("language"),
        "command": command,
        "capabilities": list(engine.get("capabilities") or []),
    }
    return {
        "type": "header",
        "format": FORMAT,
        "format_version": FORMAT_VERSION,
        "rulespec": rulespec_version(),
        "protocol": PROTOCOL_VERSION,
        "python": platform.python_version(),
        "engine": identity,
        "games": list(games),
        "level": level,
        "rule": rule,
        "expectations": expectations,
        "date": (date or datetime.now(UTC)).isoformat(timespec="seconds"),
    }


def make_footer(
    results: list[dict[str, Any]], duration: float, interrupted: bool = False
) -> dict[str, Any]:
    counts = count(results)
    footer = {
        "type": "footer",
        "counts": counts,
        "total": len(results),
        "passed": sum(counts[s] for s in PASSING),
        "failed": sum(counts[s] for s in FAILING),
        "duration": round(duration, 3),
    }
    if interrupted:
        footer["interrupted"] = True
    return footer


def make_result(raw: dict[str, Any], expected: dict[str, Any] | None = None) -> dict[str, Any]:
    """A result line from one line of the plugin's recorder."""
    result: dict[str, Any] = {"type": "result"}
    for name in RESULT_FIELDS:
        result[name] = raw.get(name)
    result["rules"] = list(result["rules"] or [])
    result["message"] = result["message"] or ""
    result["duration"] = round(float(result["duration"] or 0.0), 4)
    if expected is not None:
        result["expected"] = expected
    for name in ("positions", "stats"):
        if isinstance(raw.get(name), dict):
            result[name] = raw[name]
    if isinstance(raw.get("places"), list):
        result["places"] = [str(place) for place in raw["places"]]
    if isinstance(raw.get("concern"), str):
        result["concern"] = raw["concern"]
    return result


def rulespec_version() -> str:
    from importlib import metadata

    try:
        return metadata.version("rulespec")
    except metadata.PackageNotFoundError:  # a source tree that was never installed
        return "0+unknown"


def jsonl_line(entry: dict[str, Any]) -> str:
    """One JSON line (with its newline), engine text made safe (:mod:`~.text`)."""
    return json.dumps(sanitised(entry), ensure_ascii=False) + "\n"


def write_jsonl(report: Report, path: Path | str) -> None:
    from conformance.reports.atomic import replacing

    lines = [report.header, *report.results, report.footer]
    with replacing(path) as handle:  # whole or not at all: an earlier report is kept
        for line in lines:
            handle.write(jsonl_line(line))


def read_jsonl(path: Path | str) -> Report:
    """Read a JSON-lines report; a missing header or footer is a :class:`ReportError`."""
    path = Path(path)
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as error:
        raise ReportError(f"{path}: cannot read the report ({error.strerror})") from None
    header: dict[str, Any] | None = None
    footer: dict[str, Any] | None = None
    results: list[dict[str, Any]] = []
    for number, line in enumerate(text.splitlines(), 1):
        if not line.strip():
            continue
        try:
            entry = json.loads(line)
        except json.JSONDecodeError as error:
            raise ReportError(f"{path}:{number}: not JSON ({error.msg})") from None
        kind = entry.get("type") if isinstance(entry, dict) else None
        if kind == "header" and header is None and not results:
            header = entry
        elif kind == "result" and header is not None and footer is None:
            if not isinstance(entry.get("status"), str) or not entry.get("test"):
                raise ReportError(f"{path}:{number}: a result needs 'test' and 'status'")
            results.append(entry)
        elif kind == "footer" and header is not None and footer is None:
            footer = entry
        else:
            raise ReportError(
                f"{path}:{number}: unexpected line of type {kind!r} "
                "(a report is a header, results, then a footer)"
            )
    if header is None or header.get("format") != FORMAT:
        raise ReportError(f"{path}: not a rulespec report (no '{FORMAT}' header line)")
    if footer is None:
        raise ReportError(f"{path}: no footer line: the report is truncated")
    return Report(header, results, footer)


def from_run(
    run: CheckRun,
    *,
    command: str | None,
    games: list[str],
    level: str,
    rule: str | None = None,
    expectations: Expectations | None = None,
    expectations_path: str | None = None,
    duration: float = 0.0,
    interrupted: bool = False,
) -> Report:
    """The report of a ``rulespec check`` run; results that the expectations list say so.

    ``interrupted`` (from :attr:`RecordedRun.interrupted`) marks the footer: the report
    holds what ran before the run was stopped.
    """
    results = []
    for game in run.games:
        for raw in game.results:
            found = expectations.for_result(raw) if expectations else None
            results.append(make_result(raw, found.as_dict() if found else None))
    header = make_header(
        engine=run.engine,
        command=command,
        games=games,
        level=level,
        rule=rule,
        expectations=expectations_path,
    )
    return Report(header, results, make_footer(results, duration, interrupted))


# -- the plugin's results file ------------------------------------------------------------

#: pytest's exit statuses that mean the harness itself failed (not the engine)
HARNESS_EXIT = {3: "pytest hit an internal error", 4: "pytest was given a wrong option"}
INCONCLUSIVE = ("skipped", "not run")


#: the plugin writes its footer beside the results file, under the same name plus this
FOOTER_SUFFIX = ".footer"


@dataclass
class RecordedRun:
    """What the plugin recorded: results in the order they finished, and its footer.

    ``footer`` is None when the run died before writing it (killed, or the harness broke);
    ``problem`` says why the file could not be read whole (None when it could).
    """

    results: list[dict[str, Any]] = field(default_factory=list)
    footer: dict[str, Any] | None = None
    problem: str | None = None

    @property
    def interrupted(self) -> bool:
        """True when the run did not reach its end: stopped, killed or broken."""
        return self.footer is None or bool(self.footer.get("interrupted"))

    def trouble(self, returncode: int | None = None) -> tuple[str, str] | None:
        """Why this run must not exit 0 whatever its results say: ``(kind, one line)``.

        Kinds: ``unreadable`` (the file is missing or damaged), ``harness error`` (the
        run died before its footer, or pytest failed in itself: ``returncode`` 3 or 4),
        ``interrupted`` (stopped by Ctrl-C or SIGTERM), ``judged nothing`` (no result, or
        every result skipped or not run). None when the results are the whole run; then
        it exits 0 only if every result passed or was an expected failure.
        """
        if self.problem is not None:
            return "unreadable", self.problem
        if returncode in HARNESS_EXIT:
            return "harness error", f"{HARNESS_EXIT[returncode]} (exit status {returncode})"
        if self.footer is None:
            return "harness error", (
                f"the run ended without finishing its results ({len(self.results)} recorded)"
            )
        if self.footer.get("interrupted"):
            return "interrupted", f"the run was interrupted after {len(self.results)} results"
        judged = [r for r in self.results if r.get("status") not in INCONCLUSIVE]
        if not judged:
            what = "no test ran" if not self.results else "every test was skipped or not run"
            return "judged nothing", f"nothing was judged: {what}"
        return None


def read_results(path: Path | str) -> RecordedRun:
    """Read the plugin's results file (and its footer, ``FILE.footer``); never raises.

    :attr:`RecordedRun.problem` says what could not be read. A run killed mid-write
    leaves a last line cut short: the results before it are kept (so the reports of what
    ran can still be written) and the problem is named.
    """
    path = Path(path)
    run = RecordedRun()
    footer = Path(f"{path}{FOOTER_SUFFIX}")
    if footer.exists():
        try:
            entry = json.loads(footer.read_text(encoding="utf-8"))
        except (OSError, UnicodeDecodeError, ValueError, RecursionError):
            entry = None
        if not isinstance(entry, dict) or entry.get("type") != "footer":
            run.problem = f"{footer}: not a footer line"
            return run
        run.footer = entry
    try:
        data = path.read_bytes()
    except FileNotFoundError:
        run.problem = f"{path}: no results file: the run recorded nothing"
        return run
    except OSError as error:
        run.problem = f"{path}: cannot read the results ({error.strerror})"
        return run
    lines = data.split(b"\n")
    for number, raw in enumerate(lines, 1):
        if not raw.strip():
            continue
        last = number == len(lines)  # no newline after it: cut short by a kill
        try:
            entry = json.loads(raw.decode("utf-8"))
        except (UnicodeDecodeError, json.JSONDecodeError, RecursionError, ValueError):
            cut = " (cut short: the run was killed while writing)" if last else ""
            run.problem = f"{path}:{number}: not a JSON line{cut}"
            return run
        if not isinstance(entry, dict):
            run.problem = f"{path}:{number}: not a JSON object"
            return run
        if not isinstance(entry.get("test"), str) or not isinstance(entry.get("status"), str):
            run.problem = f"{path}:{number}: a result needs 'test' and 'status'"
            return run
        run.results.append(entry)
    if run.footer is not None and run.footer.get("results") not in (None, len(run.results)):
        run.problem = (f"{path}: {len(run.results)} results, the footer says "
                       f"{run.footer.get('results')}")  # fmt: skip
    return run
