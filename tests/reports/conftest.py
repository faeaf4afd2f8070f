"""Real ``rulespec check`` runs, shared by the report tests (each run costs seconds).

Every fixture runs the command line as a user does, in a subprocess, and keeps what it
wrote. The game is Villagers: its scenarios pass against the reference and several of them
are rejections, which the ``accept-illegal`` faux engine fails.
"""

from __future__ import annotations

import json
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from rulespec.resources import ROOT

GAME = "villagers"
RULESPEC = [sys.executable, "-c", "from conformance.cli import main; main()"]
ACCEPT_ILLEGAL = f"{sys.executable} -m tests.fauxengines.faux accept-illegal"
HOSTILE = f"{sys.executable} -m tests.reports.hostile_engine"


def rulespec(*args: str | Path, timeout: float = 600) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [*RULESPEC, *map(str, args)], capture_output=True, text=True, cwd=ROOT, timeout=timeout
    )


@dataclass
class Run:
    """One ``rulespec check`` with every report written."""

    process: subprocess.CompletedProcess[str]
    jsonl: Path
    junit: Path
    html: Path

    @property
    def lines(self) -> list[dict[str, Any]]:
        return [json.loads(line) for line in self.jsonl.read_text("utf-8").splitlines()]

    @property
    def results(self) -> list[dict[str, Any]]:
        return [line for line in self.lines if line["type"] == "result"]

    @property
    def closing(self) -> str:
        return self.process.stdout.strip().splitlines()[-1]


def check(directory: Path, *args: str | Path) -> Run:
    directory.mkdir(parents=True, exist_ok=True)
    jsonl, junit, html = (directory / name for name in ("run.jsonl", "run.xml", "run.html"))
    level = () if "--level" in args else ("--level", "scenarios")  # the scenarios' reports
    process = rulespec(
        "check", "--game", GAME, *level, "--report", jsonl, "--junit", junit, "--html", html,
        *args,
    )  # fmt: skip
    assert process.returncode in (0, 1), process.stdout[-2000:] + process.stderr[-2000:]
    return Run(process, jsonl, junit, html)


@pytest.fixture(scope="session")
def reference_run(tmp_path_factory: pytest.TempPathFactory) -> Run:
    """The reference, in-process: everything passes."""
    return check(tmp_path_factory.mktemp("reference"))


@pytest.fixture(scope="session")
def failing_run(tmp_path_factory: pytest.TempPathFactory) -> Run:
    """An engine that accepts illegal actions: the rejection scenarios fail."""
    return check(tmp_path_factory.mktemp("accept-illegal"), "--engine", ACCEPT_ILLEGAL)


@pytest.fixture(scope="session")
def hostile_run(tmp_path_factory: pytest.TempPathFactory) -> Run:
    """An engine whose name, messages and stderr are HTML (the scenarios of one rule with
    many applies: the markup reaches the page through its name and every third apply)."""
    return check(tmp_path_factory.mktemp("hostile"), "--engine", HOSTILE,
                 "--rule", "VL-DRAFT-STACK")  # fmt: skip
