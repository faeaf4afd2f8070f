"""``rulespec rules GAME --html FILE``: the catalogue as a browsable, self-contained rulebook.

One section per rule, grouped by area: the Japanese source lines beside the English
statement, status, ruling and readings (with the option that switches them), parameters,
the scenarios that pin the rule and whether they pass (from a ``check --report`` file or a
fresh run), and, under a ruleset, each erratum's new text. Everything that comes from a
file is escaped; the page loads nothing (one inline style, one inline filter script).
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from html import escape
from pathlib import Path
from typing import Any

from conformance.render.pages import STYLE as BOARD_STYLE
from conformance.specification import catalogue
from conformance.specification.catalogue import Catalogue, Rule, Scenario

#: worst first: the status a rule shows is the worst of its scenarios'
ORDER = (
    "failed", "errored", "crashed", "timed out", "protocol error", "unexpected pass",
    "expected failure", "skipped", "passed", "not run",
)  # fmt: skip


def statuses_from_results(results: Iterable[dict[str, Any]], game: str) -> dict[str, str]:
    """(feature:scenario name) -> worst status, from result records of ``game``.

    An outline's examples are separate tests with one scenario name: the worst one counts.
    """
    found: dict[str, str] = {}
    for result in results:
        if result.get("game") != game or not result.get("scenario"):
            continue
        key = f"{result.get('feature')}:{result['scenario']}"
        status = result["status"]
        if key not in found or ORDER.index(status) < ORDER.index(found[key]):
            found[key] = status
    return found


def statuses_from_report(path: Path, game: str) -> dict[str, str]:
    """Scenario statuses from a ``rulespec check --report`` JSON-lines file."""
    records = []
    for line in path.read_text(encoding="utf-8").splitlines():
        if line.strip():
            record = json.loads(line)
            if record.get("type", "result") == "result":
                records.append(record)
    return statuses_from_results(records, game)


def _source_text(rule: Rule, game: str | None = None) -> str | None:
    """The cited lines of the rulebook, or None when it is not at hand."""
    if not rule.source:
        return None
    try:
        path, first, last = catalogue.source_lines(rule.source, game)
    except catalogue.CatalogueError:
        return None
    if not path.exists():
        return None
    lines = path.read_text(encoding="utf-8").splitlines()
    return "\n".join(line.strip() for line in lines[first - 1 : last]) or None


def _scenario_status(scenario: Scenario, statuses: dict[str, str] | None) -> str:
    if statuses is None:
        return "not run"
    return statuses.get(f"{scenario.feature}:{scenario.name}", "not run")


def _rule_status(scenarios: list[Scenario], statuses: dict[str, str] | None) -> str:
    if not scenarios:
        return "uncovered"
    found = [_scenario_status(s, statuses) for s in scenarios]
    if "passed" in found and all(s in ("passed", "not run", "skipped") for s in found):
        return "passed"
    return min(found, key=ORDER.index)


def _json(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False)


def _ruling(rule: Rule) -> str:
    ruling = rule.ruling or {}
    if not ruling:
        return ""
    parts = [f'<dt>ruling</dt><dd class="reading">{escape(ruling.get("reading", ""))}</dd>']
    alternatives = ruling.get("alternatives") or []
    if alternatives:
        items = "".join(f"<li>{escape(str(a))}</li>" for a in alternatives)
        parts.append(f'<dt>other readings</dt><dd><ul class="alternatives">{items}</ul></dd>')
    option = ruling.get("option")
    if option:
        values = ", ".join(
            escape(json.dumps(v, ensure_ascii=False)) for v in option.get("values", [])
        )
        parts.append(
            f'<dt>option</dt><dd><code class="option">{escape(option["name"])}</code> default '
            f"<code>{escape(json.dumps(option['default'], ensure_ascii=False))}</code>"
            + (f", readings <code>{values}</code>" if values else "")
            + "</dd>"
        )
    for key in ("provenance", "reference"):
        if ruling.get(key):
            parts.append(f"<dt>{key}</dt><dd>{escape(str(ruling[key]))}</dd>")
    return "".join(parts)


def _example_boards(rule: Rule, pinned: list[Scenario], positions: dict[Any, Any] | None) -> str:
    """A worked example's scenarios drawn: the position built, then the position reached."""
    if positions is None or rule.kind != "example":
        return ""
    from conformance.render.pages import boards, figure, picture

    figures = []
    for scenario in pinned:
        entry = positions.get((scenario.feature, scenario.name))
        if entry is None:
            continue
        if entry.get("before") is not None:
            figures.append(figure(picture(entry["before"]), f"{scenario.name}: the position"))
        figures.append(
            figure(picture(entry.get("after"), action=entry.get("action")),
                   f"{scenario.name}: after the action" if entry.get("action") else
                   f"{scenario.name}: the position")
        )
    return boards(figures) if figures else ""


def _rule_section(
    rule: Rule,
    cat: Catalogue,
    statuses: dict[str, str] | None,
    errata: Any,
    positions: dict[Any, Any] | None = None,
) -> str:
    pinned = cat.scenarios_for(rule.id)
    status = _rule_status(pinned, statuses)
    japanese = _source_text(rule, cat.game) or rule.quote
    ja = (
        f'<div class="ja" lang="ja"><pre>{escape(japanese)}</pre>'
        + (f'<div class="quote">quote: {escape(rule.quote)}</div>' if rule.quote else "")
        + "</div>"
        if japanese
        else '<div class="ja missing">(no source line: the text is silent)</div>'
    )
    changed = ""
    if errata is not None:
        for erratum in errata.errata:
            if rule.id in erratum.rules:
                new = erratum.texts.get(rule.id, "")
                changed += (
                    f'<p class="erratum">erratum <b>{escape(erratum.id)}</b> '
                    f"({escape(erratum.date)}): {escape(new)}</p>"
                )
    params = ""
    if rule.params:
        shown = errata.rule_params(rule) if errata is not None else rule.params
        params = (
            f"<dt>params</dt><dd><code>{escape(json.dumps(shown, ensure_ascii=False))}</code></dd>"
        )
    items = "".join(
        f'<li data-status="{escape(_scenario_status(s, statuses))}">'
        f'<span class="badge">{escape(_scenario_status(s, statuses))}</span> '
        f"{escape(s.name)} <small>{escape(s.feature)}:{s.line}"
        + "".join(f" @{escape(t)}" for t in s.tags if not catalogue.RULE_TAG.match(t))
        + "</small></li>"
        for s in pinned
    )
    source = f" · {escape(rule.source)}" if rule.source else ""
    return (
        f'<section class="rule" id="{escape(rule.id)}" data-rule="{escape(rule.id)}" '
        f'data-status="{escape(status)}" data-rule-status="{escape(rule.status)}">'
        f'<h3><a href="#{escape(rule.id)}">{escape(rule.id)}</a> '
        f'<span class="badge status-{escape(rule.status)}">{escape(rule.status)}</span> '
        f'<span class="badge">{escape(status)}</span> '
        f"<small>{escape(rule.kind)}{source}</small></h3>"
        f'<div class="pair">{ja}<div class="en" lang="en"><p>{escape(rule.text)}</p>{changed}'
        f"<dl>{_ruling(rule)}{params}</dl>"
        + (f"<p class='notes'>{escape(rule.notes)}</p>" if rule.notes else "")
        + f'<ul class="scenarios">{items or "<li>no scenario</li>"}</ul></div></div>'
        + _example_boards(rule, pinned, positions)
        + "</section>"
    )



STYLE = """
body{font:15px/1.45 system-ui,"Noto Sans CJK JP","Noto Sans JP","Hiragino Sans","Yu Gothic",
Meiryo,sans-serif;margin:0 auto;max-width:78rem;padding:1rem}
nav a{margin-right:.6rem}.rule{border-top:1px solid #ccc;padding:.4rem 0}
.pair{display:grid;grid-template-columns:1fr 1fr;gap:1rem}
.ja pre{white-space:pre-wrap;font-family:"Noto Serif CJK JP","Hiragino Mincho ProN","Yu Mincho",
serif;margin:0;background:#f7f5ee;padding:.4rem}
.quote{color:#666;font-size:.85em}.badge{border-radius:.3rem;background:#eee;padding:0 .3rem;
font-size:.8em}.status-ambiguous{background:#fd8}.status-unspecified{background:#cdf}
[data-status=failed]>h3 .badge:nth-of-type(2),li[data-status=failed] .badge{background:#f99}
[data-status=passed]>h3 .badge:nth-of-type(2),li[data-status=passed] .badge{background:#9e9}
.erratum{background:#fee;padding:.3rem}dt{font-weight:600}dd{margin:0 0 .3rem 1rem}
"""

SCRIPT = """
function filt(){var q=document.getElementById('q').value.toLowerCase(),
s=document.getElementById('s').value;document.querySelectorAll('section.rule').forEach(
function(e){var ok=(!q||e.textContent.toLowerCase().indexOf(q)>=0)&&(!s||
e.dataset.status===s||e.dataset.ruleStatus===s);e.hidden=!ok;});}
"""


def render(
    cat: Catalogue,
    statuses: dict[str, str] | None = None,
    errata: Any = None,
    origin: str = "",
    positions: dict[Any, Any] | None = None,
    mutation: Any = None,
) -> str:
    """The whole page for ``cat``; ``statuses`` from a run (None: nothing run);
    ``positions`` ((feature, scenario) -> recorded positions, see
    :mod:`conformance.render.positions`) draws every worked example's position; ``mutation``
    a mutation summary (None: the last ``rulespec mutate`` run in this folder, if any)."""
    areas: dict[str, list[Rule]] = {}
    for rule in cat.rules:
        areas.setdefault(rule.area, []).append(rule)
    sections = "".join(
        f'<h2 id="area-{escape(area)}">{escape(area)}</h2>'
        + "".join(_rule_section(rule, cat, statuses, errata, positions) for rule in rules)
        for area, rules in areas.items()
    )
    nav = "".join(f'<a href="#area-{escape(a)}">{escape(a)}</a>' for a in areas)
    counts: dict[str, int] = {}
    for rule in cat.rules:
        status = _rule_status(cat.scenarios_for(rule.id), statuses)
        counts[status] = counts.get(status, 0) + 1
    summary = ", ".join(f"{escape(k)} {v}" for k, v in sorted(counts.items()))
    title = escape(cat.title + (f" ({errata.label})" if errata is not None else ""))
    options = "".join(
        f'<option value="{escape(s)}">{escape(s)}</option>'
        for s in ("passed", "failed", "not run", "ambiguous", "unspecified", "explicit")
    )
    return (
        '<!DOCTYPE html><html lang="en"><head><meta charset="utf-8">'
        f"<title>{title}: rule reference</title><style>{STYLE}{BOARD_STYLE}</style></head><body>"
        f"<h1>{title}</h1><p class='summary'>{len(cat.rules)} rules · "
        f"sources {escape(', '.join(cat.sources))} · {summary}"
        + (f" · results: {escape(origin)}" if origin else " · no results")
        + "</p>"
        f'<p><input id="q" placeholder="filter" oninput="filt()"> '
        f'<select id="s" onchange="filt()"><option value="">all</option>{options}</select></p>'
        f"<nav>{nav}</nav>{_mutation(cat.game, mutation)}{sections}"
        f"<script>{SCRIPT}</script></body></html>"
    )


def _mutation(game: str, summary: Any) -> str:
    """The mutation-score section (:func:`conformance.mutation.report.html_section`)."""
    from conformance.mutation import report

    return report.html_section(summary if summary is not None else report.last_run(game))


def write(path: Path, cat: Catalogue, **kwargs: Any) -> None:
    path.write_text(render(cat, **kwargs), encoding="utf-8")
