"""No engine text can break a report, and an interrupted or broken run says so.

Lone surrogates, control characters and line breaks from an engine go through JSON
lines, JUnit and the expectations TOML as visible escapes; the results file is written
as tests finish and read back by :func:`read_results`, which names every reason a run
must not exit 0 (unreadable, harness error, interrupted, judged nothing).
"""

from __future__ import annotations

import json
import signal
import subprocess
import textwrap
import tomllib
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from conformance.reports import junit
from conformance.reports.expectations import Expectation, Expectations, dump, parse
from conformance.reports.model import (
    Report,
    make_footer,
    make_header,
    make_result,
    read_jsonl,
    read_results,
    write_jsonl,
)
from conformance.reports.text import printable, sanitised
from rulespec.resources import ROOT
from tests.support.child_pytest import lean_command, lean_environment

HOSTILE = "bad \ud800 name\x1b[31m\x00 <&>\n[[expected]]\ntest = '*'"


def hostile_report() -> Report:
    header = make_header(engine={"name": HOSTILE, "version": "\udfff"}, command="x",
                         games=["notre_dame"], level="scenarios")  # fmt: skip
    message = f"E   engine said {HOSTILE}"
    raw = {"test": "t::a", "game": "notre_dame", "scenario": "A", "rules": ["ND-X"],
           "status": "errored", "message": message, "duration": 0.1}  # fmt: skip
    results = [make_result(raw), make_result({**raw, "test": "t::b", "status": "passed"})]
    return Report(header, results, make_footer(results, 0.2))


def test_printable_escapes_surrogates_and_controls_and_keeps_the_rest() -> None:
    assert printable("a\ud800b\x1bc\x00d\x7f\x85e") == "a\\ud800b\\x1bc\\x00d\\x7f\\x85e"
    assert printable("é 日本 <&> tab\there\nnext") == "é 日本 <&> tab\there\nnext"
    assert printable("one\ntwo\r\u2028", single_line=True) == "one\\x0atwo\\x0d\\u2028"
    assert sanitised({"k\ud800": ["\x01", 1, None]}) == {"k\\ud800": ["\\x01", 1, None]}


def test_json_lines_with_hostile_text_are_written_and_read_back(tmp_path: Path) -> None:
    path = tmp_path / "run.jsonl"
    write_jsonl(hostile_report(), path)
    path.read_bytes().decode("utf-8")  # strict UTF-8: no surrogate got through
    report = read_jsonl(path)
    assert report.header["engine"]["name"].startswith("bad \\ud800 name\\x1b[31m\\x00 <&>\n")
    assert report.header["engine"]["version"] == "\\udfff"
    assert "engine said bad \\ud800" in report.results[0]["message"]


def test_junit_with_hostile_text_parses_and_shows_it_escaped(tmp_path: Path) -> None:
    path = tmp_path / "run.xml"
    junit.write(hostile_report(), path)
    root = ET.parse(path).getroot()
    assert "bad \\ud800 name\\x1b[31m\\x00 <&>" in root.get("name", "")
    error = root.find(".//error")
    assert error is not None and "\\ud800" in (error.text or "")


def test_a_name_with_newlines_cannot_add_expectation_entries() -> None:
    known = Expectations((Expectation(f"errored: {HOSTILE}", test="t::a"),))
    text = dump(known, HOSTILE)
    document = tomllib.loads(text)
    assert parse(document) == Expectations(
        (Expectation(f"errored: {HOSTILE}".replace("\ud800", "\\ud800"), test="t::a"),)
    )
    assert len(document["expected"]) == 1
    assert text.splitlines()[0].startswith("# Known failures of bad \\ud800 name\\x1b")


def write_results(path: Path, lines: list[dict], footer: dict | None) -> None:
    path.write_text("".join(json.dumps(line) + "\n" for line in lines), encoding="utf-8")
    if footer is not None:
        Path(f"{path}.footer").write_text(json.dumps(footer) + "\n", encoding="utf-8")


RESULT = {"test": "t::a", "status": "passed", "game": "g", "rules": [], "message": ""}
FOOTER = {"type": "footer", "interrupted": False, "exitstatus": 0, "results": 1}


def test_read_results_trusts_a_complete_run(tmp_path: Path) -> None:
    path = tmp_path / "results.jsonl"
    write_results(path, [RESULT], FOOTER)
    run = read_results(path)
    assert run.results == [RESULT] and run.trouble() is None and not run.interrupted


@pytest.mark.parametrize(
    ("lines", "footer", "returncode", "kind", "words"),
    [
        (None, None, None, "unreadable", "no results file"),
        ([RESULT], None, None, "harness error", "without finishing its results (1 recorded)"),
        ([RESULT], FOOTER, 3, "harness error", "internal error (exit status 3)"),
        ([RESULT], {**FOOTER, "interrupted": True}, 2, "interrupted", "after 1 results"),
        ([], {**FOOTER, "results": 0}, 5, "judged nothing", "no test ran"),
        ([{**RESULT, "status": "skipped"}], FOOTER, 0, "judged nothing", "skipped or not run"),
        ([RESULT], {**FOOTER, "results": 2}, 0, "unreadable", "the footer says 2"),
    ],
)
def test_read_results_says_why_a_run_must_not_exit_0(
    tmp_path: Path, lines, footer, returncode, kind: str, words: str
) -> None:
    path = tmp_path / "results.jsonl"
    if lines is not None:
        write_results(path, lines, footer)
    trouble = read_results(path).trouble(returncode)
    assert trouble is not None and trouble[0] == kind and words in trouble[1], trouble


def test_a_results_file_cut_mid_line_keeps_the_results_before(tmp_path: Path) -> None:
    path = tmp_path / "results.jsonl"
    path.write_text(json.dumps(RESULT) + '\n{"test": "t::b", "sta', encoding="utf-8")
    run = read_results(path)
    assert run.results == [RESULT]
    assert run.problem is not None and "cut short" in run.problem


SUITE = """
import os, signal

def test_a():
    pass

def test_b():
    os.kill(os.getpid(), signal.{signal})

def test_c():
    pass
"""


@pytest.mark.parametrize("name", ["SIGTERM", "SIGINT"])
def test_an_interrupted_run_keeps_what_ran_and_marks_its_footer(
    tmp_path: Path, name: str
) -> None:
    suite = tmp_path / "test_interrupted.py"
    suite.write_text(textwrap.dedent(SUITE.format(signal=name)), encoding="utf-8")
    results = tmp_path / "results.jsonl"
    # Ctrl-C reaches the child as it would from a terminal, even where this run was started
    # in the background with SIGINT ignored (which a child would inherit)
    subprocess.run(
        lean_command(str(suite), "-c", str(ROOT / "pyproject.toml"), "--rootdir", str(tmp_path),
                     "--rulespec-report", str(results)),
        cwd=ROOT, capture_output=True, text=True, timeout=120, env=lean_environment(),
        preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL),
    )  # fmt: skip
    run = read_results(results)
    assert run.footer is not None and run.footer["interrupted"] is True
    assert run.trouble() == ("interrupted", "the run was interrupted after 2 results")
    assert [r["status"] for r in run.results][:1] == ["passed"]
    assert "test_c" not in " ".join(r["test"] for r in run.results)
    # JUnit of what ran is still written, and says the run was interrupted.
    made = [make_result(r) for r in run.results]
    header = make_header(engine=None, command=None, games=[], level="scenarios")
    report = Report(header, made, make_footer(made, 0.0, interrupted=True))
    junit.write(report, tmp_path / "partial.xml")
    root = ET.parse(tmp_path / "partial.xml").getroot()
    assert root.get("name", "").endswith("(interrupted)")
    assert root.get("tests") == str(len(made))
    assert signal.Signals[name]  # the signal the child sent itself exists here too
