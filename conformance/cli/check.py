"""``rulespec check``: run the conformance scenarios against an engine, roll up by rule id.

The scenarios run under pytest in a child process (``-p conformance.plugin``), which writes
one JSON line per scenario; this module reads them back and reports per rule.
"""

from __future__ import annotations

import json
import subprocess
import sys
import tempfile
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from conformance.specification import catalogue
from rulespec.resources import ROOT

SUITE_DIR = ROOT / "conformance" / "suite"
FAILING = ("failed", "errored", "crashed", "timed out", "protocol error", "unexpected pass")


def suite_games() -> list[str]:
    return sorted(p.stem.removeprefix("test_") for p in SUITE_DIR.glob("test_*.py"))


@dataclass
class GameReport:
    game: str
    results: list[dict[str, Any]] = field(default_factory=list)

    def rule_status(self, rule_id: str) -> tuple[str, int, int]:
        """(status, passed, total) of the scenarios that pin ``rule_id``."""
        mine = [r for r in self.results if rule_id in r["rules"]]
        if not mine:
            return "not run", 0, 0
        statuses = [r["status"] for r in mine]
        passed = statuses.count("passed")
        for bad in (*FAILING, "expected failure"):  # a known failure is not a pass either
            if bad in statuses:
                return bad, passed, len(mine)
        if passed:
            return "passed", passed, len(mine)
        return "skipped", 0, len(mine)

    def level_status(self, level: str) -> tuple[str, str]:
        """(status, reason) of one level: scenarios, invariants or differential.

        A level passes only when it ran and every result passed (expected failures
        allowed); a level whose results were all skipped is skipped, with the reason.
        """
        mine = [r for r in self.results if level_of(r["test"]) == level]
        if not mine:
            return "not run", ""
        statuses = {r["status"] for r in mine}
        for bad in FAILING:
            if bad in statuses:
                return bad, ""
        if statuses <= {"skipped", "not run"}:
            lines = mine[0]["message"].strip().splitlines()
            return "skipped", lines[-1] if lines else ""
        return "passed", ""

    def level_reached(self) -> str:
        """L1 protocol, L2 scenarios, L3 differential: the highest level fully passed."""
        reached = "L1" if any(r["status"] not in ("crashed", "protocol error", "timed out")
                              for r in self.results) else "none"  # fmt: skip
        if self.level_status("scenarios")[0] == "passed":
            reached = "L2"
            if self.level_status("differential")[0] == "passed":
                reached = "L3"
        return reached


def level_of(test_id: str) -> str:
    """The level a result belongs to, from its test file."""
    if "level_invariants.py" in test_id:
        return "invariants"
    if "level_differential.py" in test_id:
        return "differential"
    return "scenarios"


@dataclass
class CheckRun:
    games: list[GameReport]
    exit_code: int
    log: str
    engine: dict[str, Any] | None = None  # the handshake's identity (None: never connected)

    def counts(self) -> Counter[str]:
        return Counter(r["status"] for g in self.games for r in g.results)


LEVELS = ("scenarios", "invariants", "differential", "all")


def run_scenarios(
    games: list[str],
    engine: str | None = None,
    rule: str | None = None,
    timeout: float | None = None,
    shell: bool = False,
    workers: int = 1,
    level: str = "scenarios",
    examples: int | None = None,
    expectations: str | Path | None = None,
    options: dict[str, dict[str, Any]] | None = None,
    errata: list[str] | None = None,
    fired: Path | None = None,
    extra: list[str] | None = None,
) -> CheckRun:
    """Run the scenario suites (and/or the invariant level) of ``games`` under pytest.

    ``expectations`` is a known-failures file (:mod:`conformance.reports.expectations`);
    ``options`` (game id -> options) reach every ``new_game`` and pick the readings run;
    ``errata`` name the ruleset, selecting ``@since``/``@until`` scenarios; ``fired`` is a
    file for each test's fired rule ids (JSON lines).
    """
    files = []
    if level in ("scenarios", "all"):
        files += [str(SUITE_DIR / f"test_{game}.py") for game in games]
    if level in ("invariants", "all"):
        files.append(str(SUITE_DIR / "level_invariants.py"))
    if level in ("differential", "all"):
        files.append(str(SUITE_DIR / "level_differential.py"))
    with tempfile.TemporaryDirectory(prefix="rulespec-") as tmp:
        report = Path(tmp) / "results.jsonl"
        identity = Path(tmp) / "engine.json"
        args = [
            sys.executable, "-m", "pytest", *files, "--rulespec-games", ",".join(games),
            "-c", str(ROOT / "pyproject.toml"), "--rootdir", str(ROOT),
            "-q", "--tb=short", "-p", "no:cacheprovider", "--no-header",
            "--rulespec-report", str(report), "--rulespec-engine-info", str(identity),
        ]  # fmt: skip
        if engine is not None:
            args += ["--engine", engine]
        if timeout is not None:
            args += ["--engine-timeout", str(timeout)]
        if shell:
            args.append("--engine-shell")
        if rule is not None:
            args += ["--rulespec-rule", rule]
        if examples is not None:
            args += ["--rulespec-examples", str(examples)]
        if expectations is not None:
            args += ["--rulespec-expectations", str(Path(expectations).resolve())]
        if options:
            args += ["--rulespec-options", json.dumps(options)]
        if errata:
            args += ["--rulespec-errata", ",".join(errata)]
        if fired is not None:
            args += ["--rulespec-fired", str(fired)]
        args += extra or []  # robustness options for the engine under test
        if workers > 1:
            args += ["-n", str(workers)]
        completed = subprocess.run(args, capture_output=True, text=True, cwd=ROOT)
        results = _read(report)
        engine_identity = json.loads(identity.read_text("utf-8")) if identity.exists() else None
    by_game = {game: GameReport(game) for game in games}
    for result in results:
        game = result.get("game") or "?"
        by_game.setdefault(game, GameReport(game)).results.append(result)
    return CheckRun(
        list(by_game.values()),
        completed.returncode,
        completed.stdout + completed.stderr,
        engine_identity,
    )


def _read(path: Path) -> list[dict[str, Any]]:
    if not path.exists():
        return []
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line]


def rule_rows(
    report: GameReport, rule_filter: str | None = None
) -> list[tuple[str, str, int, int]]:
    """(rule id, status, passed, total) for every catalogue rule of the game."""
    rows = []
    for rule in catalogue.load(report.game).rules:
        if rule_filter and rule.id != rule_filter:
            continue
        rows.append((rule.id, *report.rule_status(rule.id)))
    return rows
