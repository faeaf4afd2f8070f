"""Gnomeville drawn as on the table: each player's town board (buildings by tier and line,
trolls, boulders, gnomes with their equipment, the unique boards' hedges and river), the
bag and the shared supply. Reads the canonical state only (``spec/gnomeville``); the board
layouts come from the published component data and are dashed where provisional."""

from __future__ import annotations

from typing import Any

from conformance.render import components
from conformance.render.svg import Canvas, as_dict, as_int, as_list, get, player_colour

GAME = "gnomeville"
CELL = 40
# Fill by line (prosperity warm, defense cool, both neutral), darker with the tier.
LINE_COLOURS = {
    "prosperity": ("#fde8c8", "#f8c98a", "#f2a34d", "#d9822b"),
    "defense": ("#d6e6f5", "#a9c8e8", "#6fa1d2", "#3f78b5"),
    "both": ("#eeeeee", "#dddddd", "#cccccc", "#bbbbbb", "#aaaaaa"),
}


def action_targets(action: dict[str, Any]) -> list[str]:
    """The board space an action names (``space: [row, col]``) of the acting player."""
    seat, space = action.get("actor"), action.get("space")
    if isinstance(seat, int) and isinstance(space, list) and len(space) == 2:
        return [f"players.{seat}.cells.{space[0]}.{space[1]}"]
    return []


def _fill(content: Any) -> str:
    buildings = as_dict(components.data(GAME, "buildings"))
    info = as_dict(buildings.get(content))
    if not info:
        return "#ffffff"
    shades = LINE_COLOURS.get(info.get("line"), LINE_COLOURS["both"])
    return shades[min(max(as_int(info.get("tier"), 1) - 1, 0), len(shades) - 1)]


def draw(canvas: Canvas, state: dict[str, Any]) -> None:
    """Header, then one town board per player, side by side."""
    canvas.text(8, 18, "Gnomeville", size=15, bold=True)
    canvas.text(110, 18, f"round {get(state, 'round')}  phase {get(state, 'phase')}  "
                f"boulders in supply {get(state, 'boulder_supply')}", path="phase")
    supply = as_dict(get(state, "supply"))
    canvas.text(8, 34, "supply " + "  ".join(f"{k} {v}" for k, v in sorted(supply.items())),
                size=9, path="supply", limit=140)
    for seat, player in enumerate(as_list(get(state, "players"))):
        _board(canvas, seat, as_dict(player), 8 + seat * (5 * CELL + 40), 46)
    canvas.legend(
        (LINE_COLOURS["prosperity"][1], "a prosperity building (darker: higher tier)"),
        (LINE_COLOURS["defense"][1], "a defense building (darker: higher tier)"),
        ("#cfe8f7", "river; a brown bar on it: a bridge; a thick green edge: a hedge"),
        ("#3b7d3b", "T: a troll; a grey disc: a boulder"),
        (None, "a disc in the player's colour: a gnome (H hammer, S sword, G graduated)"),
        (None, "text on a space: the first 5 letters of what stands there (hover: all of it)"),
        (LINE_COLOURS["both"][1], "a building of both lines, or any other tile"),
        (None, "bag: each tile by its first 4 letters, then how many (gnom3: three gnome tiles)"),
    )


def _board(canvas: Canvas, seat: int, player: dict[str, Any], x: float, y: float) -> None:
    base = f"players.{seat}"
    colour = player_colour(seat)
    name = get(player, "board", default="?")
    layouts = as_dict(components.data(GAME, "town-boards"))
    layout = as_dict(layouts.get(name))
    provisional = components.provisional(GAME, "town-boards")
    canvas.text(x, y + 12, f"player {seat}: {name}", bold=True, fill=colour)
    canvas.text(x, y + 26, f"score {get(player, 'score')}  mushrooms "
                f"{get(player, 'mushrooms')}  status {get(player, 'status')}", size=9,
                path=f"{base}.score")
    top = y + 34
    cells = as_list(get(player, "cells"))
    river = {tuple(c) for c in as_list(layout.get("river")) if isinstance(c, list)}
    bridges = {tuple(c) for c in as_list(layout.get("bridges")) if isinstance(c, list)}
    for r, row in enumerate(cells):
        for c, content in enumerate(as_list(row)):
            cx, cy = x + c * CELL, top + r * CELL
            fill = "#cfe8f7" if (r, c) in river else _fill(content)
            canvas.rect(cx, cy, CELL, CELL, fill=fill, path=f"{base}.cells.{r}.{c}",
                        provisional=provisional and ((r, c) in river or (r, c) in bridges),
                        tooltip=f"({r},{c}) {content}")
            if (r, c) in bridges:
                canvas.rect(cx + 4, cy + 16, CELL - 8, 8, fill="#a0522d", provisional=provisional)
            _content(canvas, content, cx, cy)
    for hedge in as_list(layout.get("hedges")):
        _hedge(canvas, hedge, x, top, provisional)
    _gnomes(canvas, player, seat, x, top)
    bottom = top + max(len(cells), 5) * CELL
    bag = as_dict(get(player, "bag"))
    canvas.text(x, bottom + 14, "bag " + " ".join(f"{k[:4]}{v}" for k, v in sorted(bag.items())
                                                  if v), size=9, path=f"{base}.bag", limit=48)
    canvas.text(x, bottom + 27, f"stumps {get(player, 'stumps')}  stacks "
                f"{len(as_list(get(player, 'stacks')))}", size=9, path=f"{base}.stacks")


def _content(canvas: Canvas, content: Any, cx: float, cy: float) -> None:
    if content == "troll":
        canvas.polygon([(cx + 20, cy + 6), (cx + 34, cy + 32), (cx + 6, cy + 32)],
                       fill="#3b7d3b")
        canvas.text(cx + 20, cy + 29, "T", size=11, anchor="middle", fill="#ffffff", bold=True)
    elif content == "boulder":
        canvas.circle(cx + 20, cy + 20, 13, fill="#8c8c8c")
    elif isinstance(content, str):
        canvas.text(cx + 20, cy + 24, content[:5], size=9, anchor="middle")


def _hedge(canvas: Canvas, hedge: Any, x: float, top: float, provisional: bool) -> None:
    """A hedge between two orthogonally adjacent spaces, drawn on their shared edge."""
    if not (isinstance(hedge, list) and len(hedge) == 2):
        return
    (r1, c1), (r2, c2) = hedge
    if r1 == r2:  # side by side: a vertical edge
        ex = x + max(c1, c2) * CELL
        canvas.line(ex, top + r1 * CELL, ex, top + (r1 + 1) * CELL, stroke="#2e7d32", width=5,
                    provisional=provisional)
    else:
        ey = top + max(r1, r2) * CELL
        canvas.line(x + c1 * CELL, ey, x + (c1 + 1) * CELL, ey, stroke="#2e7d32", width=5,
                    provisional=provisional)


def _gnomes(canvas: Canvas, player: dict[str, Any], seat: int, x: float, top: float) -> None:
    off_board = 0
    for index, gnome in enumerate(as_list(get(player, "gnomes"))):
        path = f"players.{seat}.gnomes.{index}"
        space = get(gnome, "space")
        kit = "".join(
            letter for key, letter in (("hammer", "H"), ("sword", "S"), ("graduated", "G"))
            if get(gnome, key)
        )
        if isinstance(space, list) and len(space) == 2:
            gx, gy = x + space[1] * CELL + 30, top + space[0] * CELL + 10
        else:
            gx, gy = x + 5 * CELL + 12, top + 10 + off_board * 22
            off_board += 1
        canvas.circle(gx, gy, 7, fill=player_colour(seat), path=path,
                      tooltip=f"gnome {index} {kit}")
        if kit:
            canvas.text(gx, gy + 17, kit, size=8, anchor="middle", bold=True)
