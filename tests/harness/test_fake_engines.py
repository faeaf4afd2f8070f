"""The harness classifies every kind of broken engine correctly and keeps going.

Each run plays the toy scenarios against ``tests/fauxengines/faux.py`` in one mode, in a
pytest child process, and reads the per-scenario statuses from the JSON-lines report.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from rulespec.resources import ROOT
from tests.support.child_pytest import lean_command, lean_environment

SUITE = Path(__file__).parent / "toy_suite" / "toy_scenarios.py"


def run_suite(
    engine_args: str, tmp_path: Path, timeout: float = 2.0, *extra: str
) -> dict[str, dict]:
    report = tmp_path / "report.jsonl"
    engine = f"{sys.executable} -m {engine_args}"
    subprocess.run(
        lean_command(str(SUITE), "--engine", engine, "--engine-timeout", str(timeout),
                     "--rulespec-report", str(report), *extra),
        cwd=ROOT, capture_output=True, text=True, timeout=120, env=lean_environment(),
    )  # fmt: skip
    results = [json.loads(line) for line in report.read_text().splitlines()]
    return {result["rules"][0]: result for result in results}


def statuses(results: dict[str, dict]) -> dict[str, str]:
    return {rule: result["status"] for rule, result in results.items()}


def test_a_correct_engine_passes_every_scenario(tmp_path: Path) -> None:
    results = run_suite("tests.support.toy_server", tmp_path)
    assert statuses(results) == {"TT-COIN": "passed", "TT-EMPTY": "passed", "TT-LINE": "passed"}


@pytest.mark.parametrize(
    ("mode", "expected"),
    [
        ("hang 3", "timed out"),
        ("crash 3", "crashed"),
        ("wrong-version", "protocol error"),
        ("wrong-id 2", "protocol error"),
    ],
)
def test_a_broken_transport_is_classified_in_every_scenario(
    mode: str, expected: str, tmp_path: Path
) -> None:
    # a hang waits out the whole timeout in each scenario, so it gets less (still more than a
    # loaded machine needs to start the engine and answer the handshake)
    timeout = 1.0 if mode.startswith("hang") else 1.5
    results = run_suite(f"tests.fauxengines.faux {mode} --toy", tmp_path, timeout,
                        "--engine-restarts", "20")  # fmt: skip
    assert set(statuses(results).values()) == {expected}, statuses(results)


def test_garbage_is_a_protocol_error_and_the_run_goes_on(tmp_path: Path) -> None:
    results = run_suite("tests.fauxengines.faux garbage 3 --toy", tmp_path)
    assert statuses(results) == {
        "TT-COIN": "protocol error",
        "TT-EMPTY": "passed",
        "TT-LINE": "passed",
    }
    assert "not JSON" in results["TT-COIN"]["message"]


def test_the_crash_report_carries_the_engine_stderr(tmp_path: Path) -> None:
    results = run_suite("tests.fauxengines.faux crash 3 --toy", tmp_path)
    assert "crashed on purpose" in results["TT-COIN"]["message"]


def test_an_engine_accepting_an_illegal_action_fails_that_rule_only(tmp_path: Path) -> None:
    results = run_suite("tests.fauxengines.faux accept-illegal --toy", tmp_path)
    assert statuses(results) == {"TT-COIN": "passed", "TT-EMPTY": "failed", "TT-LINE": "passed"}
    assert "accepted an action the rulebook forbids" in results["TT-EMPTY"]["message"]


def test_an_engine_accepting_a_move_it_never_lists_fails_the_rule_that_plays_it(
    tmp_path: Path,
) -> None:
    """TT-LINE plays the first cell its position lists; an engine that leaves the first
    action out of its listings but accepts it fails that scenario, at the next step, with
    the move named. TT-EMPTY's rejected move is not listed either way (a rejection says it)."""
    results = run_suite("tests.fauxengines.faux drop-first-legal --toy", tmp_path)
    assert statuses(results) == {"TT-COIN": "passed", "TT-EMPTY": "passed", "TT-LINE": "failed"}
    assert (
        'the engine accepted {"type": "mark", "cell": 2, "actor": 0} but listed no such action'
        in results["TT-LINE"]["message"]
    )


def test_an_engine_scoring_wrongly_fails_the_scoring_rule(tmp_path: Path) -> None:
    results = run_suite("tests.fauxengines.faux wrong-score --toy", tmp_path)
    assert statuses(results) == {"TT-COIN": "passed", "TT-EMPTY": "passed", "TT-LINE": "failed"}
    assert "scores: expected [1, -1], got [2, -1]" in results["TT-LINE"]["message"]


def test_slow_replies_and_a_stderr_flood_are_not_failures(tmp_path: Path) -> None:
    assert set(
        statuses(run_suite("tests.fauxengines.faux slow 0.05 --toy", tmp_path)).values()
    ) == {"passed"}
    flooded = run_suite("tests.fauxengines.faux flood-stderr --toy", tmp_path)
    assert set(statuses(flooded).values()) == {"passed"}


def test_a_crash_mid_game_is_recovered_by_replaying_the_log_and_still_reported(
    tmp_path: Path,
) -> None:
    marker = tmp_path / "crashed"
    results = run_suite(f"tests.fauxengines.faux crash-once 4:{marker} --toy", tmp_path)
    assert marker.exists()
    assert statuses(results) == {"TT-COIN": "crashed", "TT-EMPTY": "passed", "TT-LINE": "passed"}
    assert "crashed once on purpose" in results["TT-COIN"]["message"]


def test_the_restart_budget_is_enforced(tmp_path: Path) -> None:
    results = run_suite("tests.fauxengines.faux crash 3 --toy", tmp_path, 2.0,
                        "--engine-restarts", "0")  # fmt: skip
    assert statuses(results) == {"TT-COIN": "crashed", "TT-EMPTY": "not run", "TT-LINE": "not run"}
    assert "restart budget (0) is spent" in results["TT-EMPTY"]["message"]
