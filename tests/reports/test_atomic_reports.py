"""Reports are written whole or not at all, and two outputs never share a file (issue 30).

A full disk (or a signal) while a report is written leaves the report that was there
before, valid, and no temporary file; ``--report X --junit X`` is a usage error (exit 4)
rather than a run whose JSON-lines report is silently overwritten by its JUnit.
"""

from __future__ import annotations

import errno
from pathlib import Path

import pytest

from conformance.reports import html, junit, model
from conformance.reports.model import Report, make_footer, make_header, read_jsonl
from tests.reports.conftest import rulespec

RESULT = {"type": "result", "test": "t::a", "game": "villagers", "scenario": "a",
          "feature": None, "rules": ["VL-X"], "status": "passed", "message": "",
          "duration": 0.0}  # fmt: skip


def _report(results: int) -> Report:
    made = [dict(RESULT, test=f"t::{i}") for i in range(results)]
    header = make_header(engine=None, command=None, games=["villagers"], level="scenarios")
    return Report(header, made, make_footer(made, 0.0))


def test_a_report_that_cannot_be_written_whole_leaves_the_earlier_one(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "run.jsonl"
    model.write_jsonl(_report(2), path)
    before = path.read_bytes()
    written = []

    def full_disk(entry: dict[str, object]) -> str:
        if len(written) == 3:
            raise OSError(errno.ENOSPC, "No space left on device")
        written.append(entry)
        return "x" * 4096 + "\n"

    monkeypatch.setattr(model, "jsonl_line", full_disk)
    with pytest.raises(OSError, match="No space"):
        model.write_jsonl(_report(50), path)
    assert path.read_bytes() == before
    assert len(read_jsonl(path).results) == 2
    assert sorted(p.name for p in tmp_path.iterdir()) == ["run.jsonl"]


@pytest.mark.parametrize("writer", [junit.write, html.write], ids=["junit", "html"])
def test_junit_and_html_are_replaced_whole(tmp_path: Path, writer: object) -> None:
    path = tmp_path / "out"
    path.write_text("earlier", encoding="utf-8")
    writer(_report(3), path)  # type: ignore[operator]
    assert path.read_text(encoding="utf-8") != "earlier"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["out"]


@pytest.mark.parametrize(
    ("flags", "named"),
    [
        (["--report", "{x}", "--junit", "{x}"], "--report and --junit"),
        (["--junit", "{x}", "--html", "{d}/./same.out"], "--junit and --html"),
        (["--report", "{x}", "--html", "{x}"], "--report and --html"),
    ],
)
def test_two_outputs_naming_one_file_are_a_usage_error(
    tmp_path: Path, flags: list[str], named: str
) -> None:
    x = tmp_path / "same.out"
    args = [flag.format(x=x, d=tmp_path) for flag in flags]
    done = rulespec("check", "--game", "villagers", *args, timeout=120)
    assert done.returncode == 4, done.stdout + done.stderr
    assert named in done.stderr and "same file" in done.stderr
    assert not x.exists()
