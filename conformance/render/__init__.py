"""Positions as pictures: a pure function from a canonical state to a small SVG.

One module per game (its unit's ``renderer``, :mod:`rulespec.games`) draws what a player
would lay out on the table, reading only the
canonical state (so it draws any engine's state) and the game's published component data
(to mark provisional components as such). Modelled on python-chess's ``chess.svg.board``:

    svg = render(state, differs=["players.0.areas.bank"], action={"type": "pass"})

``differs`` are canonical-state paths that differ (a failed scenario, a divergence);
``action`` is the action just applied, shown and, where the game knows its target spaces,
marked. A state no renderer can read (another engine's malformed export) still gives a
valid SVG that says why it could not be drawn.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from conformance.render.svg import Canvas, escape
from rulespec import games as registered


class RenderError(Exception):
    """The state names no game this module can draw."""


def games() -> list[str]:
    """The registered games that provide a renderer."""
    return [game for game in registered.ids() if registered.unit(game).renderer is not None]


def render(
    state: Any,
    *,
    differs: Iterable[str] = (),
    action: dict[str, Any] | None = None,
    title: str | None = None,
) -> str:
    """The SVG text of ``state``; :class:`RenderError` when its ``game`` is unknown."""
    game = state.get("game") if isinstance(state, dict) else None
    if not isinstance(game, str) or not registered.is_registered(game):
        raise RenderError(f"no renderer for game {game!r} (known: {', '.join(games())})")
    module = registered.unit(game).module("renderer")
    if module is None:
        return absent(state, f"{game} provides no renderer", differs, action)
    targets = module.action_targets(action) if action else []
    canvas = Canvas(title or f"{game} position", highlights=differs, targets=targets)
    try:
        module.draw(canvas, state)
    except Exception as error:  # another engine's state may hold anything: say so, draw on
        return unreadable(state, f"{type(error).__name__}: {error}", differs, action)
    canvas.footer(action)
    return canvas.to_svg()


def absent(
    state: Any, reason: str, differs: Iterable[str] = (), action: dict[str, Any] | None = None
) -> str:
    """A valid SVG for a game without a renderer: says so, and lists the state's fields."""
    canvas = Canvas("position (no picture)", highlights=differs)
    canvas.text(8, 18, reason, bold=True, limit=110)
    keys = ", ".join(sorted(map(str, state)))
    canvas.text(8, 36, f"fields: {keys}", size=10, limit=110)
    canvas.footer(action)
    return canvas.to_svg()


def unreadable(
    state: Any, reason: str, differs: Iterable[str] = (), action: dict[str, Any] | None = None
) -> str:
    """A valid SVG for a state that could not be drawn, naming why."""
    canvas = Canvas("position that could not be drawn", highlights=differs)
    canvas.text(8, 18, "this position could not be drawn:", bold=True)
    canvas.text(8, 36, reason, limit=110)
    keys = ", ".join(sorted(map(str, state))) if isinstance(state, dict) else type(state).__name__
    canvas.text(8, 54, f"fields: {keys}", size=10, limit=110)
    canvas.footer(action)
    return canvas.to_svg()


def render_failure(kind: str, message: str) -> str:
    """A small SVG placeholder naming why there is no picture (for reports)."""
    return (
        '<svg xmlns="http://www.w3.org/2000/svg" width="320" height="30">'
        f'<text x="6" y="19" font-size="12">{escape(kind)}: {escape(message)}</text></svg>'
    )
