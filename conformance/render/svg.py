"""A small SVG canvas shared by the per-game renderers.

Every drawn element may name the canonical-state path it shows (``players.0.areas.bank``);
the canvas marks an element whose path is, contains or lies inside a highlighted path
(a field that differs, the space an action touched), and lists the highlighted paths no
element showed, so nothing that differs goes unseen. Component data of ``provisional``
provenance is drawn dashed, with a legend, so no one mistakes a placeholder for the
printed component. All text is sanitised and escaped: engine text cannot break the XML.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable
from typing import Any

HIGHLIGHT = "#d62728"
ACTION = "#1f77b4"
PLAYER_COLOURS = ("#e15759", "#4e79a7", "#59a14f", "#f28e2b", "#b07aa1", "#76b7b2")
FONT = "DejaVu Sans, Verdana, Arial, Noto Sans CJK JP, Hiragino Sans, Yu Gothic, sans-serif"

_UNSAFE = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\x7f\ud800-\udfff\ufffe\uffff]")


def clean(text: Any) -> str:
    """``text`` as a string that XML can carry: lone surrogates and control characters
    become U+FFFD."""
    return _UNSAFE.sub("\ufffd", str(text))


def escape(text: Any) -> str:
    """Cleaned and escaped for element content and double-quoted attributes."""
    value = clean(text)
    return (
        value.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace('"', "&quot;")
    )


def player_colour(seat: Any) -> str:
    return PLAYER_COLOURS[seat % len(PLAYER_COLOURS)] if isinstance(seat, int) else "#999999"


def _touches(path: str, highlight: str) -> bool:
    return (
        path == highlight
        or highlight.startswith(path + ".")
        or path.startswith(highlight + ".")
    )


class Canvas:
    """Elements appended in drawing order; the size grows to what was drawn."""

    def __init__(
        self,
        title: str,
        *,
        highlights: Iterable[str] = (),
        targets: Iterable[str] = (),
        width: float = 0,
    ) -> None:
        self.title = title
        self.highlights = [clean(h) for h in highlights]
        self.targets = [clean(t) for t in targets]
        self.shown: set[str] = set()
        self.parts: list[str] = []
        self.width = width
        self.height = 0.0
        self.provisional_drawn = False
        #: (swatch colour or None, text) lines drawn under the picture by :meth:`footer`
        self.legend_lines: list[tuple[str | None, str]] = []

    def legend(self, *lines: tuple[str | None, str]) -> None:
        """What the picture's colours, symbols and abbreviations mean: one line each, with
        a colour swatch where the line names a colour (drawn by :meth:`footer`)."""
        self.legend_lines += lines

    # -- bookkeeping ---------------------------------------------------------------------

    def _extend(self, x: float, y: float) -> None:
        self.width = max(self.width, x)
        self.height = max(self.height, y)

    def _marks(self, path: str | None) -> tuple[bool, bool]:
        if path is None:
            return False, False
        hit = [h for h in self.highlights if _touches(path, h)]
        self.shown.update(hit)
        target = any(_touches(path, t) for t in self.targets)
        return bool(hit), target

    def _style(
        self, path: str | None, stroke: str, width: float, provisional: bool
    ) -> tuple[str, str]:
        differs, target = self._marks(path)
        attributes = []
        if provisional:
            self.provisional_drawn = True
            attributes.append('stroke-dasharray="4 2"')
        if differs:
            stroke, width = HIGHLIGHT, max(width, 3)
        elif target:
            stroke, width = ACTION, max(width, 3)
        css = "rs-diff" if differs else ("rs-action" if target else "")
        data = f' data-path="{escape(path)}"' if path else ""
        cls = f' class="{css}"' if css else ""
        attributes.append(f'stroke="{stroke}" stroke-width="{width:g}"')
        return " ".join(attributes) + data + cls, css

    # -- shapes --------------------------------------------------------------------------

    def rect(
        self,
        x: float,
        y: float,
        w: float,
        h: float,
        *,
        fill: str = "none",
        stroke: str = "#444444",
        stroke_width: float = 1,
        path: str | None = None,
        provisional: bool = False,
        rx: float = 0,
        tooltip: str | None = None,
    ) -> None:
        style, _ = self._style(path, stroke, stroke_width, provisional)
        inner = f"<title>{escape(tooltip)}</title>" if tooltip else ""
        self.parts.append(
            f'<rect x="{x:g}" y="{y:g}" width="{w:g}" height="{h:g}" rx="{rx:g}" '
            f'fill="{fill}" {style}>{inner}</rect>'
        )
        self._extend(x + w, y + h)

    def circle(
        self,
        cx: float,
        cy: float,
        r: float,
        *,
        fill: str,
        stroke: str = "#222222",
        stroke_width: float = 1,
        path: str | None = None,
        provisional: bool = False,
        tooltip: str | None = None,
    ) -> None:
        style, _ = self._style(path, stroke, stroke_width, provisional)
        inner = f"<title>{escape(tooltip)}</title>" if tooltip else ""
        self.parts.append(
            f'<circle cx="{cx:g}" cy="{cy:g}" r="{r:g}" fill="{fill}" {style}>{inner}</circle>'
        )
        self._extend(cx + r, cy + r)

    def polygon(
        self,
        points: Iterable[tuple[float, float]],
        *,
        fill: str,
        stroke: str = "#222222",
        stroke_width: float = 1,
        path: str | None = None,
    ) -> None:
        points = list(points)
        style, _ = self._style(path, stroke, stroke_width, False)
        text = " ".join(f"{x:g},{y:g}" for x, y in points)
        self.parts.append(f'<polygon points="{text}" fill="{fill}" {style}/>')
        for x, y in points:
            self._extend(x, y)

    def line(
        self,
        x1: float,
        y1: float,
        x2: float,
        y2: float,
        *,
        stroke: str = "#444444",
        width: float = 1,
        path: str | None = None,
        provisional: bool = False,
    ) -> None:
        style, _ = self._style(path, stroke, width, provisional)
        self.parts.append(
            f'<line x1="{x1:g}" y1="{y1:g}" x2="{x2:g}" y2="{y2:g}" {style} '
            'stroke-linecap="round"/>'
        )
        self._extend(max(x1, x2), max(y1, y2))

    def text(
        self,
        x: float,
        y: float,
        content: Any,
        *,
        size: float = 11,
        anchor: str = "start",
        bold: bool = False,
        fill: str = "#222222",
        path: str | None = None,
        limit: int = 60,
    ) -> None:
        differs, target = self._marks(path)
        colour = HIGHLIGHT if differs else (ACTION if target else fill)
        value = clean(content)
        if len(value) > limit:
            value = value[: limit - 1] + "\u2026"
        weight = ' font-weight="bold"' if bold or differs else ""
        data = f' data-path="{escape(path)}"' if path else ""
        css = ' class="rs-diff"' if differs else (' class="rs-action"' if target else "")
        self.parts.append(
            f'<text x="{x:g}" y="{y:g}" font-size="{size:g}" text-anchor="{anchor}" '
            f'fill="{colour}"{weight}{data}{css}>{escape(value)}</text>'
        )
        width = len(value) * size * 0.6
        right = x + (width if anchor == "start" else width / 2 if anchor == "middle" else 0)
        self._extend(right, y + size * 0.3)

    # -- document ------------------------------------------------------------------------

    def footer(self, action: dict[str, Any] | None) -> None:
        """The action just applied, the highlighted paths no element showed, the legend."""
        y = self.height + 16
        if action is not None:
            self.text(8, y, "action: " + json.dumps(action, ensure_ascii=False), fill=ACTION,
                      limit=110)
            y += 15
        unseen = [h for h in self.highlights if h not in self.shown]
        for path in unseen[:12]:
            self.text(8, y, f"differs: {path}", fill=HIGHLIGHT, bold=True, limit=110)
            y += 15
        if len(unseen) > 12:
            self.text(8, y, f"and {len(unseen) - 12} more differing fields", fill=HIGHLIGHT)
            y += 15
        if self.provisional_drawn:
            self.rect(8, y - 9, 18, 10, stroke="#666666", provisional=True)
            self.text(32, y, "dashed: provisional component data (our placeholder, not the"
                      " printed component)", size=10, fill="#555555", limit=110)
            y += 15
        if self.legend_lines:
            self.text(8, y, "legend", size=10, bold=True, fill="#555555")
            y += 14
        for swatch, line in self.legend_lines:
            if swatch is not None:
                self.rect(8, y - 9, 18, 10, fill=swatch)
            self.text(32, y, line, size=10, fill="#555555", limit=110)
            y += 14

    def to_svg(self) -> str:
        width, height = self.width + 8, self.height + 8
        body = "\n".join(self.parts)
        return (
            f'<svg xmlns="http://www.w3.org/2000/svg" width="{width:g}" height="{height:g}" '
            f'viewBox="0 0 {width:g} {height:g}" font-family="{FONT}" role="img">\n'
            f"<title>{escape(self.title)}</title>\n"
            f'<rect x="0" y="0" width="{width:g}" height="{height:g}" fill="#fbfaf6"/>\n'
            f"{body}\n</svg>\n"
        )


def get(state: Any, *keys: Any, default: Any = None) -> Any:
    """``state[k1][k2]...`` or ``default`` when any step is missing or of the wrong type:
    renderers draw whatever an engine sent, never crash on it."""
    node = state
    for key in keys:
        in_dict = isinstance(node, dict) and isinstance(key, str) and key in node
        in_list = isinstance(node, list) and isinstance(key, int) and -len(node) <= key < len(node)
        if not (in_dict or in_list):
            return default
        node = node[key]
    return node


def as_list(value: Any) -> list[Any]:
    return value if isinstance(value, list) else []


def as_dict(value: Any) -> dict[str, Any]:
    return value if isinstance(value, dict) else {}


def as_int(value: Any, default: int = 0) -> int:
    return value if isinstance(value, int) and not isinstance(value, bool) else default
