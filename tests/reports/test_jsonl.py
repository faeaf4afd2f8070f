"""``rulespec check --report``: header, one line per result, footer; valid against its schema."""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path

import pytest
from jsonschema import Draft202012Validator

from conformance.reports.model import STATUSES, ReportError, read_jsonl
from rulespec.resources import SPEC_DIR
from tests.reports.conftest import ACCEPT_ILLEGAL, GAME, Run

SCHEMA = json.loads((SPEC_DIR / "report.schema.json").read_text(encoding="utf-8"))


def schema_problems(run: Run) -> list[str]:
    validator = Draft202012Validator(SCHEMA, format_checker=Draft202012Validator.FORMAT_CHECKER)
    return [
        f"line {number}: {error.message}"
        for number, line in enumerate(run.lines, 1)
        for error in validator.iter_errors(line)
    ]


def test_the_schema_is_a_valid_json_schema() -> None:
    Draft202012Validator.check_schema(SCHEMA)


def test_every_line_is_valid_against_the_schema(failing_run: Run, reference_run: Run) -> None:
    assert schema_problems(failing_run) == []
    assert schema_problems(reference_run) == []


def test_a_header_then_results_then_a_footer(failing_run: Run) -> None:
    kinds = [line["type"] for line in failing_run.lines]
    assert kinds[0] == "header" and kinds[-1] == "footer"
    assert set(kinds[1:-1]) == {"result"}


def test_the_header_names_versions_and_the_engine_from_its_handshake(failing_run: Run) -> None:
    header = failing_run.lines[0]
    assert header["protocol"] == 1
    assert header["python"] == ".".join(map(str, sys.version_info[:3]))
    assert re.fullmatch(r"\d+\.\d+.*", header["rulespec"])
    assert header["games"] == [GAME] and header["level"] == "scenarios"
    engine = header["engine"]
    assert engine["command"] == ACCEPT_ILLEGAL
    assert engine["name"] == "rulespec-reference" and engine["language"] == "python"
    assert "load_state" in engine["capabilities"]


def test_the_reference_in_process_has_no_command(reference_run: Run) -> None:
    engine = reference_run.lines[0]["engine"]
    assert engine["command"] is None and engine["name"] == "rulespec-reference"


def test_results_carry_rule_ids_and_failures_their_message(failing_run: Run) -> None:
    results = failing_run.results
    assert all(r["game"] == GAME and r["rules"] for r in results)
    failed = [r for r in results if r["status"] == "failed"]
    assert failed, "the accept-illegal engine should fail the rejection scenarios"
    assert all("accepted an action the rulebook forbids" in r["message"] for r in failed)


def test_the_footer_counts_agree_with_the_results_and_the_closing_line(failing_run: Run) -> None:
    footer = failing_run.lines[-1]
    statuses = [r["status"] for r in failing_run.results]
    assert list(footer["counts"]) == list(STATUSES)
    assert footer["counts"] == {s: statuses.count(s) for s in STATUSES}
    assert footer["total"] == len(statuses)
    assert failing_run.closing == f"{footer['passed']} passed, {footer['failed']} failed"
    assert failing_run.process.returncode == 1


def test_a_truncated_report_is_refused_with_its_name(failing_run: Run, tmp_path: Path) -> None:
    truncated = tmp_path / "cut.jsonl"
    truncated.write_text("\n".join(failing_run.jsonl.read_text().splitlines()[:-1]))
    with pytest.raises(ReportError, match=r"cut\.jsonl: no footer line"):
        read_jsonl(truncated)
