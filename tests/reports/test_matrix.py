"""``rulespec matrix RUN.jsonl ... --html OUT``: several engines' reports on one page, per
rule and per scenario, the engines named from the reports' headers."""

from __future__ import annotations

import re
from pathlib import Path

from conformance.reports.matrix import Run as Column
from conformance.reports.matrix import disagreements, render
from conformance.reports.model import Report, make_footer, make_header, make_result
from conformance.specification import catalogue
from tests.reports.conftest import GAME, Run, rulespec


def _report(name: str, command: str, *results: tuple[str, str, str]) -> Report:
    lines = [
        make_result({"test": f"suite.py::test_{scenario}", "game": "villagers",
                     "scenario": scenario, "rules": [rule], "status": status,
                     "message": "Skipped: the engine does not declare load_state"
                     if status == "skipped" else f"{rule} | {scenario} | expected 3, got 4"})
        for scenario, rule, status in results
    ]  # fmt: skip
    engine = {"name": name, "version": "1.0", "language": "rust", "capabilities": ["chance"]}
    header = make_header(engine=engine, command=command, games=["villagers"], level="scenarios")
    return Report(header, lines, make_footer(lines, 0.0))


def test_the_page_puts_each_engine_in_a_column_with_its_statuses_and_reasons() -> None:
    rules = [rule.id for rule in catalogue.load("villagers").rules][:2]
    runs = [
        Column("a.jsonl", _report("alpha", "./a", ("S1", rules[0], "passed"),
                                  ("S2", rules[1], "passed"))),
        Column("b.jsonl", _report("beta", "./b", ("S1", rules[0], "failed"),
                                  ("S2", rules[1], "skipped"))),
    ]  # fmt: skip
    page = render(runs)
    assert '<th title="a.jsonl">1: alpha 1.0</th>' in page and "2: beta 1.0" in page
    assert "<td>./a</td><td>./b</td>" in page and "<td>rust</td>" in page
    row = page.split(f'data-rule="{rules[0]}"', 1)[1].split("</tr>", 1)[0]
    assert page.count(f'data-rule="{rules[0]}"') == 1
    assert re.findall(r'class="badge s-(\w+)"', row) == ["passed", "failed"]
    assert f'<tr class="rule agree-no" data-rule="{rules[0]}"' in page
    assert 'title="the engine does not declare load_state"' in page  # a skip's reason
    assert 'title="' + rules[0] + ' | S1 | expected 3, got 4"' in page  # a failure's line
    # a skip differs from a pass (the engine did not do what the other did)
    assert disagreements(runs) == {"villagers": (2, 2)}


def test_rulespec_matrix_compares_the_reference_and_a_failing_engine(
    reference_run: Run, failing_run: Run, tmp_path: Path
) -> None:
    out = tmp_path / "matrix.html"
    done = rulespec("matrix", reference_run.jsonl, failing_run.jsonl, "--html", out, "-v")
    assert done.returncode == 0, done.stdout + done.stderr
    failing_rules = {r for res in failing_run.results if res["status"] == "failed"
                     for r in res["rules"]}  # fmt: skip
    found = re.search(rf"^{GAME}: the runs disagree on (\d+) rules and (\d+) scenarios",
                      done.stdout, re.M)  # fmt: skip
    assert found and int(found[1]) == len(failing_rules) > 0, done.stdout
    for rule in failing_rules:
        assert re.search(rf"^  {rule}  1:passed  2:failed$", done.stdout, re.M)
    page = out.read_text(encoding="utf-8")
    assert page.count('<tr class="rule ') == len(catalogue.load(GAME).rules)
    assert page.count('<tr class="rule agree-no"') == len(failing_rules)
    assert "<script" not in page and "show only the rows where the runs disagree" in page
    broken = tmp_path / "broken.jsonl"
    broken.write_text("not json\n")
    refused = rulespec("matrix", reference_run.jsonl, broken)
    assert refused.returncode == 4 and "broken.jsonl" in refused.stderr
