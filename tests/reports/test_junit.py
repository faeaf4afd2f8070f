"""``rulespec check --junit``: one testsuite per game, one testcase per result, for CI."""

from __future__ import annotations

import xml.etree.ElementTree as ET

from conformance.reports import junit
from conformance.reports.model import Report, make_footer, make_header, make_result
from tests.reports.conftest import GAME, Run


def properties(case: ET.Element) -> list[tuple[str, str]]:
    return [(p.get("name", ""), p.get("value", "")) for p in case.iter("property")]


def test_one_suite_per_game_one_case_per_result(failing_run: Run) -> None:
    root = ET.parse(failing_run.junit).getroot()
    assert root.tag == "testsuites"
    (suite,) = root.findall("testsuite")
    results = failing_run.results
    assert suite.get("name") == GAME
    assert len(suite.findall("testcase")) == int(suite.get("tests", "")) == len(results)
    failed = sum(r["status"] == "failed" for r in results)
    assert int(suite.get("failures", "")) == len(suite.findall("testcase/failure")) == failed
    assert int(root.get("failures", "")) == failed


def test_a_failure_carries_its_message_and_its_rule_ids(failing_run: Run) -> None:
    suite = ET.parse(failing_run.junit).getroot().find("testsuite")
    assert suite is not None
    result = next(r for r in failing_run.results if r["status"] == "failed")
    case = next(c for c in suite.iter("testcase") if c.get("name") == result["scenario"])
    failure = case.find("failure")
    assert failure is not None and failure.get("type") == "failed"
    assert "accepted an action the rulebook forbids" in failure.get("message", "")
    assert "accepted an action the rulebook forbids" in (failure.text or "")
    assert [v for n, v in properties(case) if n == "rule"] == result["rules"]
    assert ("status", "failed") in properties(case)


def test_passes_have_no_outcome_element(reference_run: Run) -> None:
    root = ET.parse(reference_run.junit).getroot()
    assert root.get("failures") == root.get("errors") == root.get("skipped") == "0"
    assert all(
        len(case.findall("properties")) == 1 and len(case) == 1 for case in root.iter("testcase")
    )


def test_every_status_maps_to_its_junit_outcome() -> None:
    mapping = {
        "passed": None, "failed": "failure", "unexpected pass": "failure",
        "errored": "error", "crashed": "error", "timed out": "error", "protocol error": "error",
        "skipped": "skipped", "not run": "skipped", "expected failure": "skipped",
    }  # fmt: skip
    results = [
        make_result({"test": f"t{i}", "game": "g", "rules": ["GG-X"], "status": status,
                     "message": f"E   boom \x07 {status}"})
        for i, status in enumerate(mapping)
    ]  # fmt: skip
    report = Report(make_header(engine=None, command="x", games=["g"], level="scenarios"),
                    results, make_footer(results, 1.0))  # fmt: skip
    root = ET.fromstring(ET.tostring(junit.to_xml(report)))  # control characters made safe
    for case, (status, outcome) in zip(root.iter("testcase"), mapping.items(), strict=True):
        found = [child.tag for child in case if child.tag != "properties"]
        assert found == ([outcome] if outcome else []), status
        if outcome:
            assert case[1].get("type") == status
    suite = root.find("testsuite")
    assert suite is not None
    assert (suite.get("failures"), suite.get("errors"), suite.get("skipped")) == ("2", "4", "3")
