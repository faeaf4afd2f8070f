"""A self-contained HTML report: per game, what failed first (each failure with its
positions drawn large), then the per-rule compliance matrix (collapsible; open when nothing
failed) and every test.

One file, no scripts, no external assets: styles are inline, so the page opens the same
from a CI artefact store or an e-mail. Everything that came from the engine (messages,
stderr, its name and version) and everything else that is text goes through
:func:`html.escape`; the only link taken from input is an expectation's, and only when it
is ``http(s)``.
"""

from __future__ import annotations

from html import escape
from pathlib import Path
from typing import Any

from conformance.cli.check import CONCERNS, FAILING, concern_summary, rule_rows
from conformance.render.pages import STYLE as BOARD_STYLE
from conformance.reports.model import STATUSES, Report
from conformance.specification import catalogue

STYLE = """
body { font: 14px/1.45 system-ui, "Noto Sans CJK JP", "Noto Sans JP", "Hiragino Sans",
       "Yu Gothic", Meiryo, "Source Han Sans JP", sans-serif; margin: 1.5em auto; max-width: 78em;
       padding: 0 1em; color: #1b1f24; background: #fff; }
h1 { font-size: 1.5em; margin-bottom: .3em; }
h2 { margin-top: 2em; border-bottom: 2px solid #ccd; }
table { border-collapse: collapse; width: 100%; margin: .6em 0; }
th, td { text-align: left; vertical-align: top; padding: .25em .5em;
         border-bottom: 1px solid #e3e6ea; }
th { background: #f3f4f6; position: sticky; top: 0; }
table.meta { width: auto; } table.meta th { background: none; position: static; }
td.num { text-align: right; white-space: nowrap; font-variant-numeric: tabular-nums; }
td.rule-id, code { font-family: ui-monospace, monospace; white-space: nowrap; }
.badge { display: inline-block; padding: 0 .5em; border-radius: .8em; font-size: .85em;
         white-space: nowrap; background: #e5e7eb; }
.badge.s-passed { background: #d1fae5; }
.badge.s-failed, .badge.s-unexpected-pass { background: #fee2e2; }
.badge.s-errored, .badge.s-crashed, .badge.s-timed-out, .badge.s-protocol-error
  { background: #fde68a; }
.badge.s-expected-failure { background: #e0e7ff; }
tr.s-failed td:first-child, tr.s-unexpected-pass td:first-child, tr.s-errored td:first-child,
tr.s-crashed td:first-child, tr.s-timed-out td:first-child, tr.s-protocol-error td:first-child
  { border-left: 4px solid #dc2626; }
.marker { font-size: .85em; color: #92400e; white-space: nowrap; }
details.failure { border: 1px solid #e3e6ea; border-left: 4px solid #dc2626; margin: .5em 0;
                  padding: .3em .6em; }
details.failure.s-expected-failure { border-left-color: #6366f1; }
summary { cursor: pointer; } pre { white-space: pre-wrap; overflow-wrap: anywhere;
  background: #f8fafc; padding: .6em; font-size: .85em; max-height: 40em; overflow: auto; }
.muted { color: #6b7280; }
details.rules > summary { font-weight: 600; margin: .6em 0; }
details.failure .boards figure { flex: 1 1 100%; }
"""


def render(report: Report, kind: str = "rulespec check") -> str:
    """The whole page as a string; ``kind`` names what made the report (its title)."""
    engine = report.header.get("engine") or {}
    title = f"{kind}: {report.engine_label}"
    parts = [
        "<!DOCTYPE html>",
        '<html lang="en"><head><meta charset="utf-8">',
        '<meta name="viewport" content="width=device-width, initial-scale=1">',
        f"<title>{escape(title)}</title><style>{STYLE}{BOARD_STYLE}</style></head><body>",
        f"<header><h1>{escape(title)}</h1>",
        _meta(report.header, engine),
        f'<p class="totals">{_totals(report.counts())}</p>',
        _nav(report),
        "</header><main>",
    ]
    parts += [_game(report, game) for game in report.games]
    parts.append("</main></body></html>\n")
    return "\n".join(parts)


def write(report: Report, path: Path | str, kind: str = "rulespec check") -> None:
    """Write the page; engine text the page could not encode (a lone surrogate) is shown
    escaped (:func:`conformance.reports.text.printable`), never lost."""
    from conformance.reports.atomic import write_text
    from conformance.reports.text import printable

    write_text(path, printable(render(report, kind)))


def _meta(header: dict[str, Any], engine: dict[str, Any]) -> str:
    rows = [
        ("engine", " ".join(str(engine.get(k)) for k in ("name", "version") if engine.get(k))),
        ("language", engine.get("language")),
        ("command", engine.get("command") or "the reference engine, in-process"),
        ("capabilities", ", ".join(engine.get("capabilities") or []) or "none declared"),
        ("games", ", ".join(header.get("games") or [])),
        ("level", header.get("level")),
        ("rule filter", header.get("rule")),
        ("expectations", header.get("expectations")),
        ("rulespec", f"{header.get('rulespec')}, protocol {header.get('protocol')}, "
                     f"Python {header.get('python')}"),
        ("date", header.get("date")),
    ]  # fmt: skip
    cells = "".join(
        f"<tr><th>{escape(name)}</th><td>{escape(str(value))}</td></tr>"
        for name, value in rows
        if value not in (None, "")
    )
    return f'<table class="meta">{cells}</table>'


def _badge(status: str) -> str:
    return f'<span class="badge {_css(status)}">{escape(status)}</span>'


def _css(status: str) -> str:
    return "s-" + "-".join(status.split())


def _totals(counts: dict[str, int]) -> str:
    shown = [f"{_badge(status)} {n}" for status, n in counts.items() if n]
    return " &nbsp; ".join(shown) or "no results"


def _nav(report: Report) -> str:
    links = []
    for game in report.games:
        counts = report.game_report(game).results
        bad = sum(r["status"] in FAILING for r in counts)
        note = f" ({bad} failing)" if bad else ""
        links.append(f'<a href="#game-{escape(game, quote=True)}">{escape(game)}</a>{note}')
    return f"<nav>{' · '.join(links)}</nav>" if links else ""


def _load(game: str) -> catalogue.Catalogue | None:
    try:
        return catalogue.load(game)
    except (catalogue.CatalogueError, OSError):
        return None


def _game(report: Report, game: str) -> str:
    game_report = report.game_report(game)
    loaded = _load(game)
    heading = escape(loaded.title if loaded else game)
    parts = [
        f'<section class="game" id="game-{escape(game, quote=True)}">',
        f'<h2>{heading} <small class="muted">{escape(game)}</small></h2>',
    ]
    failures = [r for r in game_report.results if r["status"] in (*FAILING, "expected failure")]
    failing = sum(r["status"] in FAILING for r in failures)
    parts.append(f"<h3>Failures ({failing})</h3>")
    if not failures:
        parts.append('<p class="muted">None.</p>')
    parts += [_failure(result, _anchor(game, n)) for n, result in enumerate(failures)]
    for concern in CONCERNS:  # reported apart from the rules they protect
        summary = concern_summary(game_report.results, concern)
        if summary:
            parts.append(f'<p class="concern" data-concern="{concern}">{escape(summary)}</p>')
    if loaded is not None:
        first: dict[str, str] = {}  # rule id -> anchor of its first failure
        for n, result in enumerate(failures):
            for rule_id in [] if result.get("concern") else result.get("rules") or []:
                first.setdefault(rule_id, _anchor(game, n))
        opened = "" if failing else " open"
        parts.append(f'<details class="rules"{opened}>'
                     + _matrix(game_report, loaded, report.header.get("rule"), first)
                     + "</details>")  # fmt: skip
    else:
        parts.append('<p class="muted">No rule catalogue for this game: no matrix.</p>')
    parts.append(_scenarios(game_report.results))
    parts.append("</section>")
    return "\n".join(parts)


def _anchor(game: str, index: int) -> str:
    return f"failure-{game}-{index + 1}"


def _matrix(
    game_report: Any,
    loaded: catalogue.Catalogue,
    rule_filter: str | None,
    failures: dict[str, str],
) -> str:
    rows = rule_rows(game_report, rule_filter)
    statuses = [status for _, status, _, _ in rows]
    summary = ", ".join(f"{statuses.count(s)} {escape(s)}" for s in STATUSES if statuses.count(s))
    body = []
    for rule_id, status, passed, total in rows:
        rule = loaded.rule(rule_id)
        body.append(
            f'<tr class="rule {_css(status)}" data-rule="{escape(rule_id, quote=True)}"'
            f' data-status="{escape(status, quote=True)}">'
            f'<td class="rule-id">{_rule_cell(rule_id, failures.get(rule_id))}</td>'
            f"<td>{_badge(status)}</td>"
            f'<td class="num">{passed}/{total}</td>'
            f'<td class="marker"{_ruling_title(rule)}>{escape(_marker(rule))}</td>'
            f"<td>{escape(rule.text)}</td></tr>"
        )
    return (
        f'<summary class="summary">Rules {len(rows)}: {summary or "none"}.</summary>'
        f'<table class="matrix" data-game="{escape(loaded.game, quote=True)}">'
        "<thead><tr><th>Rule</th><th>Status</th><th>Scenarios passed</th>"
        "<th>Reading</th><th>Rule text</th></tr></thead>"
        f"<tbody>{''.join(body)}</tbody></table>"
    )


def _rule_cell(rule_id: str, anchor: str | None) -> str:
    if anchor is None:
        return escape(rule_id)
    return f'<a href="#{escape(anchor, quote=True)}">{escape(rule_id)}</a>'


def _marker(rule: catalogue.Rule) -> str:
    """``provisional ruling``, ``ruling`` or nothing; the catalogue status when not explicit."""
    marks = []
    if rule.status != "explicit":
        marks.append(rule.status)
    if rule.ruling:
        provisional = rule.ruling.get("provenance") == "provisional"
        marks.append("provisional ruling" if provisional else "ruling")
    return " · ".join(marks)


def _ruling_title(rule: catalogue.Rule) -> str:
    reading = (rule.ruling or {}).get("reading")
    return f' title="{escape(str(reading), quote=True)}"' if reading else ""


def _failure(result: dict[str, Any], anchor: str) -> str:
    status = result["status"]
    name = result.get("scenario") or result["test"]
    rules = ", ".join(result.get("rules") or [])
    details = [f"test <code>{escape(result['test'])}</code>"]
    if result.get("feature"):
        details.append(f"feature <code>{escape(result['feature'])}</code>")
    expected = result.get("expected")
    if expected:
        details.append(f"known failure: {escape(expected.get('reason', ''))}{_link(expected)}")
    opened = "" if status == "expected failure" else " open"
    return (
        f'<details class="failure {_css(status)}" id="{escape(anchor, quote=True)}"{opened}>'
        f"<summary>{_badge(status)} "
        f'{escape(name)} <span class="muted">[{escape(rules)}]{_concern(result)}</span>'
        "</summary>"
        f'<p class="muted">{" · ".join(details)}</p>'
        + _positions(result)
        + f"<pre>{escape(result.get('message') or '(no message)')}</pre></details>"
    )


def _concern(result: dict[str, Any]) -> str:
    concern = result.get("concern")
    return f" ({escape(CONCERNS.get(concern, str(concern)))})" if concern else ""


def _positions(result: dict[str, Any]) -> str:
    """Expected and actual positions drawn side by side, when the failure carries them."""
    positions = result.get("positions")
    if not isinstance(positions, dict):
        return ""
    from conformance.render.pages import expected_and_actual

    return expected_and_actual(positions)


def _link(expected: dict[str, Any]) -> str:
    link = str(expected.get("link") or "")
    if not link.startswith(("https://", "http://")):
        return f" ({escape(link)})" if link else ""
    return f' (<a href="{escape(link, quote=True)}">{escape(link)}</a>)'


def _scenarios(results: list[dict[str, Any]]) -> str:
    rows = "".join(
        f'<tr class="scenario {_css(r["status"])}"><td>{_badge(r["status"])}</td>'
        f"<td>{escape(r.get('scenario') or r['test'])}</td>"
        f'<td class="rule-id">{escape(", ".join(r.get("rules") or []))}</td>'
        f'<td class="num">{float(r.get("duration") or 0):.2f}s</td></tr>'
        for r in results
    )
    return (
        f"<details><summary>All tests ({len(results)})</summary>"
        '<table class="scenarios"><thead><tr><th>Status</th><th>Scenario</th><th>Rules</th>'
        f"<th>Time</th></tr></thead><tbody>{rows}</tbody></table></details>"
    )
