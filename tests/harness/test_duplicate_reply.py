"""A reply sent twice is a protocol error of the test whose request it answers (issue 30).

The extra line used to be found only at the next request: charged to the next test when it
followed a test's last request, and dropped with the rest of the pipe at close when it
followed the run's last request (the run passed). The engine fixture now looks for a line
left after the test's last clean exchange when the test ends. The engine is
``tests/fauxengines/faux.py duplicate-reply N``; ``count-requests`` finds N for the last
request of a test (the toy scenarios, each run alone, then all three).
"""

from __future__ import annotations

import json
import subprocess
import sys
import time
from pathlib import Path

import pytest

from conformance.engine.client import SubprocessClient
from conformance.engine.errors import EngineRefused, ProtocolViolation, UnsolicitedLine
from rulespec.resources import ROOT
from tests.support.child_pytest import lean_command, lean_environment

SUITE = Path(__file__).parent / "toy_suite" / "toy_scenarios.py"
RULES = ("TT-COIN", "TT-EMPTY", "TT-LINE")  # the toy scenarios, in the order they run


def run_suite(mode: str, tmp_path: Path, *extra: str) -> dict[str, dict]:
    report = tmp_path / "report.jsonl"
    engine = f"{sys.executable} -m tests.fauxengines.faux {mode} --toy"
    subprocess.run(
        lean_command(str(SUITE), "--engine", engine, "--engine-timeout", "5",
                     "--rulespec-report", str(report), *extra),
        cwd=ROOT, capture_output=True, text=True, timeout=120, env=lean_environment(),
    )  # fmt: skip
    results = [json.loads(line) for line in report.read_text().splitlines()]
    return {result["rules"][0]: result for result in results}


def requests_through(rule: str, tmp_path: Path) -> int:
    """How many requests (the handshake first) a run of the toy scenarios up to and including
    ``rule``'s makes: the number of that scenario's last request in a whole run."""
    counted = tmp_path / f"count-{rule}"
    wanted = RULES[: RULES.index(rule) + 1]
    selection = " or ".join(_test_name(r) for r in wanted)
    results = run_suite(f"count-requests {counted}", tmp_path, "-k", selection)
    assert sorted(results) == sorted(wanted), results
    # a count from a run that restarted its engine (a hang, a crash) is not the count
    assert {r["status"] for r in results.values()} == {"passed"}, results
    return int(counted.read_text(encoding="utf-8"))


def _test_name(rule: str) -> str:
    return {
        "TT-COIN": "coin_decides",
        "TT-EMPTY": "taken_cell",
        "TT-LINE": "three_in_a_row",
    }[rule]


@pytest.mark.parametrize("rule", RULES)
def test_a_reply_sent_twice_at_a_tests_last_request_is_that_tests_protocol_error(
    rule: str, tmp_path: Path
) -> None:
    last = requests_through(rule, tmp_path)
    results = run_suite(f"duplicate-reply {last}", tmp_path)
    statuses = {name: result["status"] for name, result in results.items()}
    assert statuses == {r: "protocol error" if r == rule else "passed" for r in RULES}, results
    message = results[rule]["message"]
    assert f"(request id {last})" in message and "twice" in message, message


def test_a_reply_sent_twice_is_found_when_the_exchange_ends() -> None:
    client = SubprocessClient([sys.executable, "-m", "tests.fauxengines.faux",
                               "duplicate-reply", "2"], timeout=30)  # fmt: skip
    try:
        client.handshake()
        client.new_game("notre_dame", 2)
        with pytest.raises(ProtocolViolation, match=r"after new_game \(request id 2\).*twice"):
            client.check_settled()
        client.check_settled()  # reported once: the game goes on
        assert client.state()["game"] == "notre_dame"
    finally:
        client.close()


def test_a_refusal_sent_twice_is_a_protocol_error_too() -> None:
    """A refusal is a clean exchange: a second copy of it is not a stale line to drop."""
    client = SubprocessClient([sys.executable, "-m", "tests.fauxengines.faux",
                               "duplicate-reply", "2"], timeout=30)  # fmt: skip
    try:
        client.handshake()
        with pytest.raises(EngineRefused):
            client.new_game("notre_dame", 9)
        with pytest.raises(ProtocolViolation, match="twice"):
            client.new_game("notre_dame", 2)
    finally:
        client.close()


def run_suite_by_test(mode: str, tmp_path: Path) -> dict[str, dict]:
    """The toy scenarios' results by the rule of the test (an unjudged test has no rules)."""
    report = tmp_path / "late.jsonl"
    engine = f"{sys.executable} -m tests.fauxengines.faux {mode} --toy"
    subprocess.run(
        lean_command(str(SUITE), "--engine", engine, "--engine-timeout", "5",
                     "--rulespec-report", str(report)),
        cwd=ROOT, capture_output=True, text=True, timeout=120, env=lean_environment(),
    )  # fmt: skip
    results = [json.loads(line) for line in report.read_text().splitlines()]
    return {rule: r for r in results for rule in RULES if _test_name(rule) in r["test"]}


def test_a_late_copy_of_a_tests_last_reply_is_not_charged_to_the_next_test(
    tmp_path: Path,
) -> None:
    """The copy arrives as the reply to the next test's first request: that test is not
    judged (a protocol error with no rule charged), and the message names the test whose
    request the copy answers. The engine sends it when the second test's ``new_game``
    arrives, a copy of the reply before it (TT-COIN's last): no count of requests taken in
    another run, which one CI run (session 31) found off, TT-COIN meeting the copy itself."""
    results = run_suite_by_test("late-before-game 2", tmp_path)
    assert results["TT-COIN"]["status"] == "passed", results["TT-COIN"]
    met = results["TT-EMPTY"]
    assert met["status"] == "protocol error" and met["rules"] == [], met
    assert "coin_decides" in met["message"] and "not charged" in met["message"], met["message"]
    assert results["TT-LINE"]["status"] == "passed", results


def test_a_late_line_met_before_a_request_names_the_test_it_follows() -> None:
    """The copy arrives between two tests' requests: found before the next request is sent,
    it names the test that made the request it answers (by the id it echoes)."""
    client = SubprocessClient([sys.executable, "-m", "tests.fauxengines.faux",
                               "late-reply", "2:0.3"], timeout=30)  # fmt: skip
    try:
        client.test = "test_first"
        client.handshake()
        client.new_game("notre_dame", 2)
        client.check_settled()  # nothing yet: the copy is 0.3 s away
        time.sleep(1.0)
        client.test = "test_second"
        with pytest.raises(UnsolicitedLine, match="follows the last request of test_first") as e:
            client.state()
        assert e.value.earlier_test == "test_first"
    finally:
        client.close()
