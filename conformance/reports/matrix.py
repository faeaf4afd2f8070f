"""Several engines' reports side by side: ``rulespec matrix RUN.jsonl ... --html OUT``.

After Bowtie's reports, which compare many implementations of one specification: one
self-contained page with a column per report (the engine's identity from its header: name,
version, language, command, capabilities, games, level, date, totals), then per game one
row per catalogue rule (its status in each run, scenarios passed of those run) and one row
per scenario or deep-level test (passed, failed, skipped..., the message's first line, a
skip's reason, on hover). Rows where the engines disagree are marked, and can be shown
alone (a CSS-only toggle: the page has no script). :func:`disagreements` counts them for
the terminal.
"""

from __future__ import annotations

from dataclasses import dataclass
from html import escape
from typing import Any

from conformance.reports.diff import key
from conformance.reports.html import STYLE, _badge, _css
from conformance.reports.model import Report
from conformance.specification import catalogue

MATRIX_STYLE = """
table.cmp td, table.cmp th { white-space: nowrap; }
table.cmp td.text { white-space: normal; min-width: 16em; }
tr.agree-no td:first-child { border-left: 4px solid #f59e0b; }
#only-differ:checked ~ section tr.agree-yes { display: none; }
.legend { font-size: .85em; color: #374151; }
"""


@dataclass(frozen=True)
class Run:
    """One report and the label it is shown under (its path as given)."""

    label: str
    report: Report

    @property
    def engine(self) -> dict[str, Any]:
        return dict(self.report.header.get("engine") or {})


def games_of(runs: list[Run]) -> list[str]:
    games: list[str] = []
    for run in runs:
        for game in run.report.games:
            if game not in games:
                games.append(game)
    return games


def rule_statuses(runs: list[Run], game: str) -> list[tuple[str, list[tuple[str, int, int]]]]:
    """(rule id, [(status, passed, total) per run]) for every rule of the catalogue, or of
    the results when the game has none."""
    reports = [run.report.game_report(game) for run in runs]
    try:
        rules = [rule.id for rule in catalogue.load(game).rules]
    except (catalogue.CatalogueError, OSError):
        rules = sorted({r for g in reports for result in g.results for r in result["rules"]})
    return [(rule, [g.rule_status(rule) for g in reports]) for rule in rules]


def test_statuses(runs: list[Run], game: str) -> list[tuple[str, list[dict[str, Any] | None]]]:
    """(key, [the result of each run, or None]) for every scenario and test of ``game``."""
    keys: list[str] = []
    found: list[dict[str, dict[str, Any]]] = []
    for run in runs:
        mine = {}
        for result in run.report.game_report(game).results:
            name = key(result)
            mine[name] = result
            if name not in keys:
                keys.append(name)
        found.append(mine)
    return [(name, [mine.get(name) for mine in found]) for name in keys]


def disagreements(runs: list[Run]) -> dict[str, tuple[int, int]]:
    """game -> (rules, scenarios) whose statuses differ between the runs (a skip differs
    from a pass; a run without the rule's scenarios, or without the scenario, is left out
    of that row)."""
    counted = {}
    for game in games_of(runs):
        rules = sum(_differ([s for s, _, total in row if total]) for _, row in
                    rule_statuses(runs, game))  # fmt: skip
        tests = sum(_differ([r["status"] for r in row if r is not None]) for _, row in
                    test_statuses(runs, game))  # fmt: skip
        counted[game] = (rules, tests)
    return counted


def _differ(statuses: list[str]) -> bool:
    return len(set(statuses)) > 1


def render(runs: list[Run]) -> str:
    title = f"rulespec matrix: {len(runs)} runs"
    parts = [
        "<!DOCTYPE html>",
        '<html lang="en"><head><meta charset="utf-8">',
        '<meta name="viewport" content="width=device-width, initial-scale=1">',
        f"<title>{escape(title)}</title><style>{STYLE}{MATRIX_STYLE}</style></head><body>",
        f"<header><h1>{escape(title)}</h1>",
        _engines(runs),
        '<p class="legend">A marked row is one where the runs disagree; hover a status for '
        "the message or the reason.</p></header>",
        '<input type="checkbox" id="only-differ"> '
        '<label for="only-differ">show only the rows where the runs disagree</label>',
    ]
    parts += [_game(runs, game) for game in games_of(runs)]
    parts.append("</body></html>\n")
    return "\n".join(parts)


def write(runs: list[Run], path: Any) -> None:
    from pathlib import Path

    from conformance.reports.text import printable

    Path(path).write_text(printable(render(runs)), encoding="utf-8")


def _engines(runs: list[Run]) -> str:
    rows = [
        ("report", lambda run: run.label),
        ("engine", lambda run: " ".join(str(run.engine.get(k)) for k in ("name", "version")
                                        if run.engine.get(k)) or "unknown"),
        ("language", lambda run: run.engine.get("language") or ""),
        ("command", lambda run: run.engine.get("command") or "the reference, in-process"),
        ("capabilities", lambda run: ", ".join(run.engine.get("capabilities") or [])
         or "none declared"),
        ("games", lambda run: ", ".join(run.report.header.get("games") or [])),
        ("level", lambda run: run.report.header.get("level") or ""),
        ("date", lambda run: run.report.header.get("date") or ""),
    ]  # fmt: skip
    head = "".join(_column(n, run) for n, run in enumerate(runs))
    body = "".join(
        f"<tr><th>{escape(name)}</th>"
        + "".join(f"<td>{escape(str(value(run)))}</td>" for run in runs)
        + "</tr>"
        for name, value in rows
    )
    totals = "".join(
        "<td>" + " ".join(f"{_badge(s)} {n}" for s, n in run.report.counts().items() if n)
        + "</td>" for run in runs
    )  # fmt: skip
    return (f'<table class="meta engines"><thead><tr><th></th>{head}</tr></thead>'
            f"<tbody>{body}<tr><th>results</th>{totals}</tr></tbody></table>")  # fmt: skip


def _column(index: int, run: Run) -> str:
    """A run's column heading: its number (as the terminal lists them) and its engine."""
    label = escape(run.label, quote=True)
    return f'<th title="{label}">{index + 1}: {escape(run.report.engine_label)}</th>'


def _game(runs: list[Run], game: str) -> str:
    try:
        loaded: catalogue.Catalogue | None = catalogue.load(game)
    except (catalogue.CatalogueError, OSError):
        loaded = None
    heading = escape(loaded.title if loaded else game)
    columns = "".join(_column(n, run) for n, run in enumerate(runs))
    rule_rows = []
    for rule_id, row in rule_statuses(runs, game):
        agree = "no" if _differ([s for s, _, total in row if total]) else "yes"
        cells = "".join(
            f'<td class="{_css(status)}">{_badge(status)} '
            f'<span class="muted">{passed}/{total}</span></td>'
            for status, passed, total in row
        )
        text = ""
        if loaded is not None:
            text = loaded.rule(rule_id).text
        rule_rows.append(
            f'<tr class="rule agree-{agree}" data-rule="{escape(rule_id, quote=True)}">'
            f'<td class="rule-id">{escape(rule_id)}</td>{cells}'
            f'<td class="text">{escape(text)}</td></tr>'
        )
    test_rows = []
    for name, row in test_statuses(runs, game):
        agree = "no" if _differ([r["status"] for r in row if r is not None]) else "yes"
        cells = "".join(_test_cell(result) for result in row)
        rules = ", ".join(next((r.get("rules") or [] for r in row if r is not None), []))
        test_rows.append(
            f'<tr class="scenario agree-{agree}" data-key="{escape(name, quote=True)}">'
            f"<td>{escape(name)}</td>{cells}"
            f'<td class="rule-id">{escape(rules)}</td></tr>'
        )
    rules_differ = sum('class="rule agree-no"' in row for row in rule_rows)
    tests_differ = sum('class="scenario agree-no"' in row for row in test_rows)
    return (
        f'<section class="game" id="game-{escape(game, quote=True)}">'
        f'<h2>{heading} <small class="muted">{escape(game)}</small></h2>'
        f"<h3>Rules ({len(rule_rows)}; the runs disagree on {rules_differ})</h3>"
        f'<table class="cmp rules" data-game="{escape(game, quote=True)}"><thead><tr>'
        f"<th>Rule</th>{columns}<th>Rule text</th></tr></thead>"
        f"<tbody>{''.join(rule_rows)}</tbody></table>"
        f"<h3>Scenarios and tests ({len(test_rows)}; the runs disagree on {tests_differ})</h3>"
        f'<table class="cmp scenarios"><thead><tr><th>Scenario</th>{columns}<th>Rules</th>'
        f"</tr></thead><tbody>{''.join(test_rows)}</tbody></table></section>"
    )


def _test_cell(result: dict[str, Any] | None) -> str:
    if result is None:
        return '<td class="muted">not in this run</td>'
    lines = [line.strip() for line in (result.get("message") or "").splitlines() if line.strip()]
    reason = ""
    if result["status"] in ("skipped", "not run"):
        reason = (lines[-1] if lines else "").removeprefix("Skipped: ")
    elif result["status"] != "passed":
        reason = lines[0] if lines else ""
    title = f' title="{escape(reason[:500], quote=True)}"' if reason else ""
    return f'<td class="{_css(result["status"])}"{title}>{_badge(result["status"])}</td>'
