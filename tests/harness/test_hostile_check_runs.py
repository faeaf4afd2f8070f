"""Real ``rulespec check`` runs against each hostile engine: the verdict and the exit status.

Each run judges the Notre Dame scenarios of ND-BUY-ONE (nine: moves, a listing of the legal
actions, rejections, a refused position) against ``tests/fauxengines/faux.py`` in one mode,
writes the JSON-lines report and JUnit, and must exit non-zero with the fault named in the
report.
Slow (a child ``rulespec check`` each): ``-m slow``.
"""

from __future__ import annotations

import json
import subprocess
import sys
import tomllib
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from conformance.reports.model import read_jsonl
from rulespec.resources import ROOT
from tests.fauxengines.faux import NEWLINE_NAME

pytestmark = pytest.mark.slow
RULESPEC = [sys.executable, "-c", "from conformance.cli import main; main()"]


def check(mode: str, tmp_path: Path, *extra: str) -> tuple[subprocess.CompletedProcess[str], Path]:
    report = tmp_path / "run.jsonl"
    # half a line then silence waits out the timeout in every scenario: it gets 1.5 s, the
    # others 3 s (so that a slow reply on a loaded machine is never taken for their fault)
    timeout = "1.5" if mode == "half-line" else "3"
    # a hang and a crash whose child holds the pipe cost seconds each time: those runs get
    # no restarts (every scenario after the first is then "not run", still reported);
    # closed-stdout runs keep the default budget, so one run restarts and rebuilds the game
    restarts = ["--restarts", "0"] if mode in ("half-line", "fork-exit") else []
    engine = f"{sys.executable} -m tests.fauxengines.faux {mode}"
    process = subprocess.run(
        [*RULESPEC, "check", "--game", "notre_dame", "--rule", "ND-BUY-ONE", "--engine", engine,
         "--timeout", timeout, "--report", str(report), "--junit", str(tmp_path / "run.xml"),
         *restarts, *extra],
        capture_output=True, text=True, cwd=ROOT, timeout=300,
    )  # fmt: skip
    ET.parse(tmp_path / "run.xml")  # the JUnit is well-formed whatever the engine said
    return process, report


@pytest.fixture(scope="module")
def scenario_count(tmp_path_factory: pytest.TempPathFactory) -> int:
    """How many results the same selection gives with the reference engine in-process:
    a hostile engine's run must judge every one of them (none lost)."""
    report = tmp_path_factory.mktemp("reference") / "run.jsonl"
    subprocess.run(
        [*RULESPEC, "check", "--game", "notre_dame", "--rule", "ND-BUY-ONE",
         "--report", str(report)],
        capture_output=True, text=True, cwd=ROOT, timeout=300, check=True,
    )  # fmt: skip
    results = read_jsonl(report).results
    assert results and all(r["status"] == "passed" for r in results)
    return len(results)


def statuses(report: Path) -> list[str]:
    return [result["status"] for result in read_jsonl(report).results]


@pytest.mark.parametrize(
    ("mode", "status"),
    [
        ("half-line", "timed out"),
        ("close-stdout", "crashed"),
        ("fork-exit", "crashed"),
        ("json-bomb", "protocol error"),
        ("huge-int", "protocol error"),
        ("nan", "protocol error"),
        ("duplicate-key", "protocol error"),
        ("duplicated-lists", "protocol error"),
        ("float-id", "protocol error"),
        ("duplicate-reply", "protocol error"),
        ("huge-listing", "protocol error"),
    ],
)
def test_a_hostile_engine_is_classified_and_the_run_exits_non_zero(
    mode: str, status: str, tmp_path: Path, scenario_count: int
) -> None:
    process, report = check(mode, tmp_path)
    found = statuses(report)
    assert len(found) == scenario_count, process.stdout[-2000:]
    assert status in found, found
    assert "errored" not in found, found  # never a raw Python exception
    assert process.returncode != 0


def test_a_lone_surrogate_from_the_engine_is_reported_not_a_false_green(
    tmp_path: Path, scenario_count: int
) -> None:
    process, report = check("surrogate", tmp_path)
    parsed = read_jsonl(report)
    assert parsed.header["engine"]["name"] == "faux \\ud800 engine"
    assert len(parsed.results) == scenario_count
    refused = [r for r in parsed.results if "internal failure" in r["message"]]
    assert refused and all("\\ud800" in r["message"] for r in refused)
    assert process.returncode != 0


def test_a_name_with_newlines_writes_no_expectation_entries(tmp_path: Path) -> None:
    expectations = tmp_path / "known.toml"
    process, report = check(
        "newline-name", tmp_path, "--expectations", str(expectations), "--update-expectations"
    )
    failing = [r for r in read_jsonl(report).results if r["status"] == "failed"]
    assert failing, process.stdout[-2000:]
    text = expectations.read_text(encoding="utf-8")
    entries = tomllib.loads(text)["expected"]
    assert len(entries) == len(failing)
    assert all(entry["reason"] != "injected" for entry in entries)
    assert "\\x0a[[expected]]" in text.splitlines()[0]  # the name, escaped, on its comment line
    assert NEWLINE_NAME.splitlines()[0] in text.splitlines()[0]


def test_an_engine_without_load_state_has_those_scenarios_skipped_with_the_reason(
    tmp_path: Path,
) -> None:
    """Skipped, not failed and not passed: each with the capability named (and raised as
    pytest's own skip, so a suite of such skips costs seconds, not a traceback each)."""
    from tests.reports.conftest import rulespec

    report = tmp_path / "run.jsonl"
    engine = f"{sys.executable} -m tests.fauxengines.no_load_state"
    done = rulespec("check", "--game", "villagers", "--level", "scenarios", "--engine", engine,
                    "--report", report)  # fmt: skip
    assert done.returncode == 0, done.stdout[-2000:]
    results = [json.loads(line) for line in report.read_text("utf-8").splitlines()]
    statuses = [r.get("status") for r in results if r.get("type") == "result"]
    skipped = [r for r in results if r.get("status") == "skipped"]
    assert len(skipped) > 200 and statuses.count("passed") > 0, statuses
    assert all("does not declare the 'load_state' capability" in r["message"]
               for r in skipped)  # fmt: skip
