"""A ``rulespec check`` stopped mid-run keeps what finished (issue 30).

Ctrl-C (SIGINT to the process group, as a terminal sends it, or to the process alone) and
SIGTERM (what a CI timeout sends, to either) end the run in order, with and without ``-j``:
exit 2, the JSON-lines, JUnit and HTML reports of what finished written and marked
interrupted, no traceback on the terminal, and no process of the run left behind. The
engine is ``tests/fauxengines/faux.py slow``: every reply a little late, so the signal
lands mid-run. Slow (real runs): ``-m slow``.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from conformance.reports.model import read_jsonl
from rulespec.resources import ROOT

pytestmark = pytest.mark.slow
RULESPEC = [sys.executable, "-c", "from conformance.cli import main; main()"]


def _leftovers(token: str) -> list[str]:
    """Processes whose command line holds ``token`` (the run's engine command names it)."""
    found = subprocess.run(["ps", "-ww", "-eo", "pid,args"], capture_output=True, text=True).stdout
    return [line for line in found.splitlines() if token in line and "ps -eo" not in line]


def _started(report_folder: Path, process: subprocess.Popen[str]) -> None:
    """Wait until the run's children have recorded results (their temporary files)."""
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline and process.poll() is None:
        if any(p.stat().st_size > 0 for p in report_folder.glob("rulespec-*/*/*/results.jsonl")):
            return
        time.sleep(0.1)
    raise AssertionError("the run recorded nothing before the signal")


@pytest.mark.parametrize("jobs", ["1", "2"])
@pytest.mark.parametrize(
    ("name", "target"),
    [("SIGINT", "group"), ("SIGINT", "process"), ("SIGTERM", "group"), ("SIGTERM", "process")],
)
def test_a_stopped_run_writes_its_reports_of_what_finished_and_exits_2(
    tmp_path: Path, name: str, target: str, jobs: str
) -> None:
    token = f"stop-token-{tmp_path.name}"
    engine = f"{sys.executable} -m tests.fauxengines.faux slow 0.02 {token}"
    games = ["--game", "notre_dame"] + (["--game", "villagers"] if jobs == "2" else [])
    temporary = tmp_path / "tmp"
    temporary.mkdir()
    process = subprocess.Popen(
        [*RULESPEC, "check", *games, "-j", jobs, "--level", "scenarios", "--engine", engine,
         "--report", str(tmp_path / "run.jsonl"), "--junit", str(tmp_path / "run.xml"),
         "--html", str(tmp_path / "run.html")],
        cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
        start_new_session=True, env={**os.environ, "TMPDIR": str(temporary)},
    )  # fmt: skip
    try:
        _started(temporary, process)
        number = getattr(signal, name)
        if target == "group":
            os.killpg(process.pid, number)
        else:
            os.kill(process.pid, number)
        stdout, stderr = process.communicate(timeout=120)
    finally:
        if process.poll() is None:
            os.killpg(process.pid, signal.SIGKILL)
            process.wait()
    assert process.returncode == 2, stdout[-2000:] + stderr[-2000:]
    assert "Traceback" not in stderr and "Traceback" not in stdout, stderr[-3000:]
    report = read_jsonl(tmp_path / "run.jsonl")  # valid: header, results, footer
    assert report.results and report.footer.get("interrupted") is True
    assert all(r["status"] in ("passed", "not run") for r in report.results), report.counts()
    root = ET.parse(tmp_path / "run.xml").getroot()
    assert root.get("name", "").endswith("(interrupted)")
    assert (tmp_path / "run.html").read_text(encoding="utf-8").rstrip().endswith("</html>")
    assert "(interrupted)" in stdout.strip().splitlines()[-1]
    deadline = time.monotonic() + 10
    while _leftovers(token) and time.monotonic() < deadline:
        time.sleep(0.2)
    assert not _leftovers(token)
    assert not list(tmp_path.glob(".run.*"))  # no temporary report left beside them


def test_a_deep_level_cut_short_is_not_reported_passed(tmp_path: Path) -> None:
    """A campaign stopped by Ctrl-C never finished: its result is 'not run', and the
    summary does not call its level passed."""
    report = tmp_path / "run.jsonl"
    process = subprocess.Popen(
        [*RULESPEC, "check", "--game", "villagers", "--level", "differential", "--engine",
         f"{sys.executable} -m reference_impl.server", "--budget", "60", "--report",
         str(report), "--emit-dir", str(tmp_path / "emitted")],
        cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
        start_new_session=True,
    )  # fmt: skip
    time.sleep(8)  # well inside the 60 s campaign
    os.killpg(process.pid, signal.SIGINT)
    out, _ = process.communicate(timeout=120)
    assert process.returncode == 2, out[-2000:]
    assert "differential passed" not in out
    results = [r for r in read_jsonl(report).results if "level_differential" in r["test"]]
    assert [r["status"] for r in results] == ["not run"]
