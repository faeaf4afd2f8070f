"""Known failures: the TOML file, its matching, its rewrite, and ``rulespec check`` honouring it."""

from __future__ import annotations

import json
import tomllib
import xml.etree.ElementTree as ET
from pathlib import Path
from typing import Any

import pytest

from conformance.reports.expectations import (
    Expectation,
    Expectations,
    ExpectationsError,
    dump,
    load,
    parse,
    update,
)
from tests.reports.conftest import ACCEPT_ILLEGAL, GAME, Run, check, rulespec


def result(test: str, status: str, rules: list[str], scenario: str | None = None) -> dict[str, Any]:
    return {"test": test, "game": "g", "scenario": scenario, "rules": rules, "status": status,
            "message": "trace\nE   Failed: the engine accepted it\nmore"}  # fmt: skip


def test_every_problem_of_a_file_is_reported_at_once(tmp_path: Path) -> None:
    path = tmp_path / "known.toml"
    path.write_text('colour = 1\n[[expected]]\nrule = "A-B"\nscenario = "x"\n[[expected]]\n'
                    'rule = "C-D"\nreason = ""\nwhy = "?"\n')  # fmt: skip
    with pytest.raises(ExpectationsError) as raised:
        load(path)
    problems = str(raised.value).splitlines()
    assert len(problems) == 5, problems
    assert any("entry 1: name exactly one of rule, scenario or test" in p for p in problems)
    assert any("entry 2: unknown key 'why'" in p for p in problems)


def test_a_test_id_beats_a_scenario_beats_a_rule() -> None:
    known = parse({"expected": [
        {"rule": "GG-A", "reason": "rule"},
        {"scenario": "S", "game": "g", "reason": "scenario"},
        {"test": "t1", "reason": "test"},
    ]})  # fmt: skip
    assert known.match("t1", "g", "S", ["GG-A"]).reason == "test"
    assert known.match("t2", "g", "S", ["GG-A"]).reason == "scenario"
    assert known.match("t2", "other", "S", ["GG-A"]).reason == "rule"
    assert known.match("t2", "g", "T", ["GG-B"]) is None


def test_dump_round_trips_through_tomllib() -> None:
    known = Expectations((
        Expectation('quotes " and \\ and\nnewline', scenario="A <b> \x7f", game="g"),
        Expectation("r", rule="GG-A", link="https://example.org/1"),
    ))  # fmt: skip
    assert parse(tomllib.loads(dump(known, "engine"))) == known


def test_update_keeps_reasons_narrows_and_drops() -> None:
    known = Expectations((
        Expectation("all fail", rule="GG-A", link="https://example.org/a"),
        Expectation("half fail", rule="GG-B", link="https://example.org/b"),
        Expectation("fixed", rule="GG-C"),
        Expectation("other game", rule="ZZ-Z"),
    ))  # fmt: skip
    results = [
        result("t1", "expected failure", ["GG-A"], "A1"),
        result("t2", "expected failure", ["GG-B"], "B1"),
        result("t3", "unexpected pass", ["GG-B"], "B2"),
        result("t4", "unexpected pass", ["GG-C"], "C1"),
        result("t5", "failed", ["GG-D"], "D1"),
        result("t6", "passed", ["GG-E"], "E1"),
        result("t7", "crashed", [], None),
    ]
    updated = update(known, results).entries
    assert updated == (
        Expectation("all fail", rule="GG-A", link="https://example.org/a"),
        Expectation("half fail", scenario="B1", game="g", link="https://example.org/b"),
        Expectation("other game", rule="ZZ-Z"),
        Expectation("failed: the engine accepted it", scenario="D1", game="g"),
        Expectation("crashed: the engine accepted it", test="t7"),
    )


# -- through rulespec check ------------------------------------------------------------------


#: the scenarios of three rules (``--rule``, repeated: 18 of Villagers' 292, whose four runs
#: took 4-5 s each), against an engine that accepts illegal actions. Some fail; a rule among
#: them has failing and passing scenarios; and once the file is honoured the rule matrix
#: holds an expected failure, an unexpected pass and a plain failure
SELECTED = ("VL-BUILD-BASIC", "VL-BUILD-BASIC-LIMIT", "VL-LOCK-AFFORD")


@pytest.fixture(scope="module")
def known_failures(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    """A file naming one failing scenario and one rule that also has a passing scenario,
    the run that honours it, then a rewrite and a run with the rewritten file."""
    directory = tmp_path_factory.mktemp("expectations")
    chosen = ("--engine", ACCEPT_ILLEGAL, *(a for rule in SELECTED for a in ("--rule", rule)))
    before = check(directory / "before", *chosen)
    results = before.results
    failed = [r for r in results if r["status"] == "failed"]
    passing_rules = {rule for r in results if r["status"] == "passed" for rule in r["rules"]}
    mixed = next(rule for r in failed for rule in r["rules"] if rule in passing_rules)
    scenario = next(r for r in failed if mixed not in r["rules"])
    path = directory / "known.toml"
    path.write_text(
        f'[[expected]]\nrule = "{mixed}"\nreason = "half done"\nlink = "https://example.org/7"\n\n'
        f'[[expected]]\ngame = "{GAME}"\nscenario = {json.dumps(scenario["scenario"])}\n'
        'reason = "<b>not yet</b>"\n',
        encoding="utf-8",
    )
    honoured = check(directory / "honoured", *chosen, "--expectations", path)
    rewritten = directory / "rewritten.toml"
    rewritten.write_text(path.read_text())
    updating = check(directory / "updating", *chosen,
                     "--expectations", rewritten, "--update-expectations")  # fmt: skip
    clean = check(directory / "clean", *chosen, "--expectations", rewritten)
    return {"mixed": mixed, "scenario": scenario, "honoured": honoured, "rewritten": rewritten,
            "updating": updating, "clean": clean, "before": before}  # fmt: skip


def by_test(run: Run) -> dict[str, dict[str, Any]]:
    return {r["test"]: r for r in run.results}


def test_listed_failures_are_expected_and_listed_passes_unexpected(known_failures) -> None:
    before, after = by_test(known_failures["before"]), by_test(known_failures["honoured"])
    mixed, scenario = known_failures["mixed"], known_failures["scenario"]
    for test, old in before.items():
        listed = mixed in old["rules"] or old["scenario"] == scenario["scenario"]
        want = old["status"]
        if listed:
            want = "expected failure" if old["status"] == "failed" else "unexpected pass"
        assert after[test]["status"] == want, test
        assert ("expected" in after[test]) == listed
    assert after[scenario["test"]]["expected"] == {"reason": "<b>not yet</b>"}


def test_the_closing_line_counts_expected_failures_as_passed(known_failures) -> None:
    run = known_failures["honoured"]
    footer = run.lines[-1]
    counts = footer["counts"]
    assert counts["expected failure"] >= 2 and counts["unexpected pass"] >= 1
    assert run.closing == f"{footer['passed']} passed, {footer['failed']} failed"
    assert footer["failed"] == counts["failed"] + counts["unexpected pass"]
    assert run.process.returncode == 1


def test_every_report_shows_the_expected_statuses(known_failures) -> None:
    run = known_failures["honoured"]
    cases = list(ET.parse(run.junit).getroot().iter("testcase"))
    skipped = [c.find("skipped") for c in cases]
    assert any(s is not None and s.get("type") == "expected failure" for s in skipped)
    failures = [c.find("failure") for c in cases]
    assert any(f is not None and f.get("type") == "unexpected pass" for f in failures)
    page = run.html.read_text(encoding="utf-8")
    assert 'data-status="expected failure"' in page and 'data-status="unexpected pass"' in page
    assert "&lt;b&gt;not yet&lt;/b&gt;" in page and '<a href="https://example.org/7">' in page


def test_update_rewrites_the_file_and_the_next_run_is_clean(known_failures) -> None:
    rewritten = load(known_failures["rewritten"])
    reasons = {e.reason for e in rewritten.entries}
    assert {"half done", "<b>not yet</b>"} <= reasons
    assert all(e.rule != known_failures["mixed"] for e in rewritten.entries)  # narrowed
    assert "entries written to" in known_failures["updating"].process.stdout
    clean = known_failures["clean"]
    assert clean.process.returncode == 0, clean.process.stdout[-2000:]
    assert clean.closing.endswith(" 0 failed")
    statuses = {r["status"] for r in clean.results}
    assert statuses == {"passed", "expected failure"}


def test_a_bad_expectations_file_is_named_and_exits_4(tmp_path: Path) -> None:
    path = tmp_path / "bad.toml"
    path.write_text("[[expected]]\nrule = 3\n")
    result = rulespec("check", "--game", GAME, "--expectations", path)
    assert result.returncode == 4
    assert "bad.toml: entry 1" in result.stderr
    missing = rulespec("check", "--game", GAME, "--update-expectations")
    assert missing.returncode == 4 and "--expectations FILE" in missing.stderr
