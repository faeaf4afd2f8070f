"""Board pictures placed in HTML pages: a captioned figure, and positions side by side
(expected against actual, or one position per reading). The SVG is inlined, so the pages
stay self-contained; a position that cannot be drawn says why instead of breaking the page."""

from __future__ import annotations

import re
from collections.abc import Iterable
from html import escape
from typing import Any

from conformance.render import RenderError, render, render_failure

STYLE = """
.boards { display: flex; flex-wrap: wrap; gap: .8em; margin: .5em 0; }
.boards figure { margin: 0; border: 1px solid #e3e6ea; padding: .3em; background: #fff;
                 flex: 1 1 46%; min-width: 18em; overflow: auto; }
.boards figcaption { font-size: .85em; color: #374151; margin-bottom: .2em; }
.boards svg { display: block; width: 100%; height: auto; }
"""


def picture(
    state: Any, *, differs: Iterable[str] = (), action: dict[str, Any] | None = None
) -> str:
    """The inline SVG of ``state``, or a small note naming why there is none."""
    if not isinstance(state, dict):
        return render_failure("no position", "the run recorded none")
    try:
        return render(state, differs=list(differs), action=action)
    except RenderError as error:
        return render_failure("not drawn", str(error))


#: a picture is never drawn narrower than its own units times this, in CSS pixels: the
#: boards' 8-11 unit text then reads at 10 px or more (a wide board scrolls in its figure)
MIN_SCALE = 1.3
_VIEWBOX = re.compile(r'<svg\b[^>]*?viewBox="[-\d.]+ [-\d.]+ ([\d.]+) [\d.]+"')


def figure(svg: str, caption: str) -> str:
    found = _VIEWBOX.search(svg)
    if found is not None:
        width = float(found[1]) * MIN_SCALE
        svg = svg.replace("<svg", f'<svg style="min-width: {width:.0f}px"', 1)
    return f"<figure><figcaption>{escape(caption)}</figcaption>{svg}</figure>"


def boards(figures: Iterable[str]) -> str:
    return f'<div class="boards">{"".join(figures)}</div>'


def expected_and_actual(positions: dict[str, Any]) -> str:
    """A failed state check: the rulebook's position beside the engine's, differences
    highlighted on both."""
    differs = [str(p) for p in positions.get("differs") or []]
    action = positions.get("action") if isinstance(positions.get("action"), dict) else None
    source = "the reference" if positions.get("kind") == "divergence" else "the rulebook"
    return boards(
        [
            figure(picture(positions.get("expected"), differs=differs, action=action),
                   f"expected ({source})"),
            figure(picture(positions.get("actual"), differs=differs, action=action),
                   "actual (the engine)"),
        ]
    )


def rulings_page(found: Any, gherkin: str) -> str:
    """``rulespec rulings diff GAME RULE --html``: the witness position, then the position
    (or the value) each reading leads to, the differing fields highlighted, and the
    Scenario Outline a rules editor can paste."""
    import json

    differs = [path for path in found.values if path]
    figures = []
    if found.state is not None:
        figures.append(figure(picture(found.state, action=found.action),
                              "the witness position (common to every reading)"))
    for index, reading in enumerate(found.readings):
        label = f"{found.option} = {json.dumps(reading, ensure_ascii=False)}"
        if found.after is None or index >= len(found.after):
            continue
        if found.after[index] is None:
            figures.append(figure(render_failure("illegal", "the action is not legal here"),
                                  f"under {label}"))
        else:
            figures.append(figure(picture(found.after[index], differs=differs,
                                          action=found.action), f"under {label}"))
    rows = "".join(
        f"<tr><td><code>{escape(path or '(whole)')}</code></td>"
        + "".join(f"<td><code>{escape(json.dumps(v, ensure_ascii=False))}</code></td>"
                  for v in values)
        + "</tr>"
        for path, values in found.values.items()
    )
    heads = "".join(f"<th>{escape(json.dumps(r, ensure_ascii=False))}</th>"
                    for r in found.readings)
    title = f"{found.game} {found.rule}: where the readings of {found.option} differ"
    return (
        '<!DOCTYPE html><html lang="en"><head><meta charset="utf-8">'
        f"<title>{escape(title)}</title><style>body{{font:15px/1.45 system-ui,sans-serif;"
        f"margin:1em auto;max-width:80rem;padding:0 1em}}td,th{{padding:.2em .6em;"
        f"border-bottom:1px solid #ddd;text-align:left}}pre{{background:#f7f5ee;padding:.5em;"
        f"white-space:pre-wrap}}{STYLE}</style></head><body>"
        f"<h1>{escape(title)}</h1><p>{escape(found.kind)} divergence with "
        f"{found.players} players after {len(found.actions)} actions (seed {found.seed})</p>"
        f"<table><tr><th>field</th>{heads}</tr>{rows}</table>"
        + boards(figures)
        + f"<h2>As a Scenario Outline</h2><pre>{escape(gherkin)}</pre></body></html>"
    )
