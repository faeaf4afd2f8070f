"""What ``rulespec check`` prints: one closing line, skips grouped by reason, failures of
one cause printed once, ``--maxfail``/``-x``, and no harness traceback for an engine's
state that lacks what a scenario edits."""

from __future__ import annotations

import io
import sys

from rich.console import Console

from conformance.cli.check_output import cause_of, closing_line, print_failures, skip_groups
from tests.test_cli import rulespec

NO_PLAYERS = f"{sys.executable} -m tests.fauxengines.faux drop-field players"
PARTIAL = f"{sys.executable} tests/support/partial_engine.py"


def _result(name: str, message: str, status: str = "failed", rule: str = "ND-X") -> dict:
    return {"test": name, "scenario": name, "rules": [rule], "status": status,
            "message": f"{rule} | {name} | headline\n{message}"}  # fmt: skip


def _printed(results: list[dict], verbose: bool = False) -> str:
    buffer = io.StringIO()
    console = Console(file=buffer, width=200, highlight=False, soft_wrap=True)
    print_failures(console, results, ("failed", "errored"), verbose, lambda m: m.splitlines())
    return buffer.getvalue()


def test_failures_of_one_cause_are_printed_once_with_a_count_and_an_example() -> None:
    missing = "'players.{n}.coins': no key 'players' (keys: a, b)"
    results = [_result(f"s{n}", missing.format(n=n), rule=f"ND-R{n}") for n in range(5)]
    results.append(_result("other", "players.0.prestige: expected 3, got 4"))
    results.append(_result("s9", "conformance.engine.jsonpath.PathError: " + missing.format(n=9),
                           status="errored"))  # fmt: skip
    text = _printed(results)
    assert "6 scenarios fail for one cause (5 failed, 1 errored):" in text
    assert text.count("no key 'players' (keys: a, b)") == 2  # the cause, then the example
    assert "for example, FAILED s0 [ND-R0]" in text and "rules: ND-R0, ND-R1" in text
    assert "(-v names all 6)" in text and "also" not in text
    assert "FAILED other [ND-X]" in text  # a cause of its own: printed as before
    assert "also errored s9 [ND-X]" in _printed(results, verbose=True)


def test_different_values_are_different_causes() -> None:
    results = [_result(f"s{n}", f"players.0.prestige: expected {n}, got {n + 1}")
               for n in range(4)]  # fmt: skip
    assert "fail for one cause" not in _printed(results)
    assert cause_of(["step: Then x", "a.b.c: expected 1, got 2"]) == ("expected 1, got 2",)


def test_skips_are_grouped_by_reason_and_the_closing_line_says_when_it_stopped() -> None:
    results = [{"status": "skipped", "message": "Skipped: no load_state"}] * 3 + [
        {"status": "not run", "message": "x\nthe restart budget is spent"},
        {"status": "passed", "message": ""},
    ]
    assert skip_groups(results) == [(3, "no load_state"), (1, "the restart budget is spent")]
    assert closing_line(5, 0, 2) == "5 passed, 0 failed, 2 skipped"
    assert closing_line(0, 1, 0, 1) == "0 passed, 1 failed (stopped after 1 failure)"


def test_check_groups_one_cause_and_prints_no_harness_traceback() -> None:
    result = rulespec("check", "--game", "notre_dame", "--rule", "ND-RATS-FLOOR",
                      "--engine", NO_PLAYERS)  # fmt: skip
    assert result.returncode == 1, result.stdout[-3000:] + result.stderr[-2000:]
    text = result.stdout
    assert "scenarios fail for one cause" in text and "no key 'players'" in text
    assert "jsonpath.py" not in text and "Traceback" not in text and "PathError" not in text
    assert "results: {" not in text
    assert text.strip().splitlines()[-1] == "0 passed, 10 failed"  # ND-RATS-FLOOR's ten


def test_exitfirst_and_maxfail_stop_the_run() -> None:
    for flags in (["-x"], ["--maxfail", "2"]):
        result = rulespec("check", "--game", "notre_dame", "--rule", "ND-RATS-FLOOR",
                          "--engine", NO_PLAYERS, *flags)  # fmt: skip
        assert result.returncode == 1, result.stdout[-3000:] + result.stderr[-2000:]
        wanted = "1 failure" if flags == ["-x"] else "2 failures"
        assert result.stdout.strip().splitlines()[-1].endswith(f"failed (stopped after {wanted})")


def test_skip_reasons_are_printed_by_reason() -> None:
    result = rulespec("check", "--game", "notre_dame", "--rule", "ND-SETUP-BOARD",
                      "--engine", PARTIAL)  # fmt: skip
    assert result.returncode == 0, result.stdout[-3000:] + result.stderr[-2000:]
    assert "skipped 1, by reason:\n  1  the engine declares notre_dame for 2-4 players, not 5" in (
        result.stdout
    )
    assert result.stdout.strip().splitlines()[-1] == "6 passed, 0 failed, 1 skipped"
