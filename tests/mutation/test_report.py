"""The mutation report: score, share per rule, triage, JSON lines and the rulebook section."""

from __future__ import annotations

from pathlib import Path

import pytest

from conformance.mutation import report
from conformance.specification import catalogue, rulebook_html


def record(key: str, status: str, rules: list[str], **extra: object) -> dict:
    return {
        "key": key, "module": "scoring.py", "line": 10, "before": "if rats >= 10:",
        "after": "if rats > 10:", "operator": "swap_op", "rules": rules, "scope": "function",
        "seed_rule": None, "status": status, "killers": [], "killer_rules": [], "message": "",
        "seconds": 0.5, "ran": 3, "equivalent": None, **extra,
    }  # fmt: skip


@pytest.fixture
def summary() -> report.Summary:
    return report.Summary("notre_dame", [
        record("a", "killed", ["ND-PLAGUE"]),
        record("b", "survived", ["ND-PLAGUE"]),
        record("c", "survived", ["ND-PLAGUE"], equivalent="same for every count"),
        record("d", "timed out", ["ND-BANK"]),
        record("e", "invalid", ["ND-BANK"]),
        record("f", "killed", []),
    ])  # fmt: skip


def test_the_score_leaves_out_equivalent_and_invalid_mutants(summary: report.Summary) -> None:
    totals = summary.totals()
    assert (totals["mutants"], totals["killed"], totals["timed_out"]) == (6, 2, 1)
    assert (totals["survived"], totals["equivalent"], totals["invalid"]) == (2, 1, 1)
    assert summary.score == pytest.approx(3 / 4)
    rules = summary.by_rule()
    assert rules["ND-PLAGUE"].share == pytest.approx(1 / 2)
    assert rules["ND-BANK"].share == 1.0
    assert next(iter(rules)) == "ND-PLAGUE"  # weakest first
    assert [r["key"] for r in summary.survivors] == ["b"]


def test_the_table_lists_each_survivor_once_under_its_rules(summary: report.Summary) -> None:
    lines = report.table(summary)
    assert "score 75.0%" in lines[0]
    assert sum("if rats > 10:" in line for line in lines) == 1
    long = report.rule_label([f"ND-R{i}" for i in range(6)])
    assert long == "ND-R0, ND-R1, ND-R2 (+3 more)"


def test_the_report_round_trips_through_json_lines(
    summary: report.Summary, tmp_path: Path
) -> None:
    path = tmp_path / "r.jsonl"
    report.write_jsonl(path, summary, {"sample": 6})
    again = report.read_jsonl(path, "notre_dame")
    assert again.totals() == summary.totals()
    with pytest.raises(ValueError, match="not of 'gnomeville'"):
        report.read_jsonl(path, "gnomeville")


def test_the_rulebook_shows_weak_rules_and_escapes_the_code(summary: report.Summary) -> None:
    summary.records[1]["after"] = "if rats > 10 and '<b>':"
    page = rulebook_html.render(catalogue.load("notre_dame"), mutation=summary)
    assert '<section id="mutation">' in page and "75.0%" in page
    assert '<a href="#ND-PLAGUE">ND-PLAGUE</a>' in page
    assert "&#x27;&lt;b&gt;&#x27;" in page and "'<b>'" not in page


def test_without_a_run_the_rulebook_has_no_mutation_section(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    assert 'id="mutation"' not in rulebook_html.render(catalogue.load("notre_dame"))
    path = report.last_run_path("notre_dame")
    path.parent.mkdir(parents=True)
    report.write_jsonl(path, report.Summary("notre_dame", [record("a", "killed", [])]), {})
    assert 'id="mutation"' in rulebook_html.render(catalogue.load("notre_dame"))


def test_an_entry_whose_mutant_was_killed_is_reported_as_contradicted() -> None:
    summary = report.Summary("notre_dame", [
        record("a", "killed", ["ND-PLAGUE"], contradicts="no position tells them apart"),
        record("b", "survived", ["ND-PLAGUE"], equivalent="same for every count"),
    ])  # fmt: skip
    assert [r["key"] for r in summary.contradicted] == ["a"]
    assert summary.totals()["contradicted"] == 1
    lines = report.table(summary)
    assert any(line.startswith("  triage contradicted (1)") for line in lines), lines
    assert any("reason was: no position tells them apart" in line for line in lines)


def test_the_table_says_how_many_rules_it_left_out(summary: report.Summary) -> None:
    lines = report.table(summary, limit=1)
    assert "  (+2 more rules, weakest first above: -v lists all)" in lines
