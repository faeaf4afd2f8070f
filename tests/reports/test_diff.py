"""``rulespec diff A B``: every result classified, keyed on game and scenario; exit 1 on a
new failure."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from conformance.reports.diff import KINDS, classify, compare, key, summary
from conformance.reports.model import Report, make_footer, make_header, make_result
from tests.reports.conftest import Run, rulespec


@pytest.mark.parametrize(
    ("before", "after", "kind"),
    [
        ("passed", "failed", "new failure"),
        ("passed", "crashed", "new failure"),
        ("passed", "expected failure", "new failure"),
        ("failed", "passed", "fixed"),
        ("timed out", "unexpected pass", "fixed"),
        ("failed", "protocol error", "still failing"),
        ("passed", "passed", "still passing"),
        ("passed", "skipped", "inconclusive"),
        ("not run", "failed", "inconclusive"),
        ("errored", "passed", "fixed"),
        ("passed", "errored", "new failure"),
        ("errored", "failed", "still failing"),
        (None, "failed", "new"),
        ("passed", None, "removed"),
    ],
)
def test_classify(before: str | None, after: str | None, kind: str) -> None:
    assert classify(before, after) == kind


def report(*results: tuple[str, str | None, str]) -> Report:
    lines = [
        make_result({"test": test, "game": "g", "scenario": scenario, "rules": ["GG-A"],
                     "status": status})
        for test, scenario, status in results
    ]  # fmt: skip
    header = make_header(engine=None, command=None, games=["g"], level="scenarios")
    return Report(header, lines, make_footer(lines, 0.0))


def test_reports_of_different_engine_commands_are_flagged(tmp_path: Path) -> None:
    from conformance.reports.diff import engine_mismatch
    from conformance.reports.model import write_jsonl

    def of(command: str | None) -> Report:
        lines = [make_result({"test": "t", "game": "g", "scenario": "S", "status": "passed"})]
        header = make_header(engine=None, command=command, games=["g"], level="scenarios")
        return Report(header, lines, make_footer(lines, 0.0))

    assert engine_mismatch(of("./a.sh"), of("./a.sh")) is None
    warning = engine_mismatch(of(None), of("./b.sh"))
    assert warning == (
        "the two runs judged different engine commands: A the reference in-process, B './b.sh'"
    )
    write_jsonl(of("./a.sh"), tmp_path / "a.jsonl")
    write_jsonl(of("./b.sh"), tmp_path / "b.jsonl")
    done = rulespec("diff", tmp_path / "a.jsonl", tmp_path / "b.jsonl")
    assert done.returncode == 0, done.stdout + done.stderr
    assert "warning: the two runs judged different engine commands" in done.stderr


def test_the_key_is_the_scenario_not_the_test_function() -> None:
    before = report(("suite.py::test_old_name", "Bank pays", "passed"))
    after = report(("suite.py::test_new_name", "Bank pays", "failed"))
    (change,) = compare(before, after)
    assert change.key == "g :: Bank pays" and change.kind == "new failure"


def test_outline_examples_keep_their_parameters() -> None:
    result = make_result({"test": "s.py::test_x[3-4]", "game": "g", "scenario": "X"})
    assert key(result) == "g :: X[3-4]"
    assert key(make_result({"test": "s.py::test_invariant[g-2]", "game": "g"})) == (
        "s.py::test_invariant[g-2]"
    )


def test_every_kind_is_counted() -> None:
    before = report(("a", "A", "passed"), ("b", "B", "failed"), ("c", "C", "skipped"),
                    ("d", "D", "passed"))  # fmt: skip
    after = report(("a", "A", "failed"), ("b", "B", "passed"), ("c", "C", "passed"),
                   ("e", "E", "passed"))  # fmt: skip
    assert summary(compare(before, after)) == {
        **dict.fromkeys(KINDS, 0),
        "new failure": 1, "fixed": 1, "inconclusive": 1, "new": 1, "removed": 1,
    }  # fmt: skip


def test_rulespec_diff_finds_the_new_failures_of_an_engine(
    reference_run: Run, failing_run: Run
) -> None:
    failed = [r for r in failing_run.results if r["status"] == "failed"]
    worse = rulespec("diff", reference_run.jsonl, failing_run.jsonl)
    assert worse.returncode == 1, worse.stdout + worse.stderr
    last = worse.stdout.strip().splitlines()[-1]
    assert last.startswith(f"new failure {len(failed)}, fixed 0, still failing 0")
    assert all(f"{r['game']} :: {r['scenario']}" in worse.stdout for r in failed)
    better = rulespec("diff", failing_run.jsonl, reference_run.jsonl)
    assert better.returncode == 0
    assert f"fixed {len(failed)}" in better.stdout.strip().splitlines()[-1]
    same = rulespec("diff", failing_run.jsonl, failing_run.jsonl, "--verbose")
    assert same.returncode == 0 and "still failing" in same.stdout


def test_rulespec_diff_names_a_file_that_is_not_a_report(tmp_path: Path) -> None:
    bogus = tmp_path / "bogus.jsonl"
    bogus.write_text(json.dumps({"hello": 1}) + "\n")
    result = rulespec("diff", bogus, bogus)
    assert result.returncode == 4 and "bogus.jsonl" in result.stderr
    assert rulespec("diff", "--help").returncode == 0
