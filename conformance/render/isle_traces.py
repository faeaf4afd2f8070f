"""Isle Traces: Isle Side drawn as on the table: the cells of the placed map cards by
terrain (with their creatures, forts, harbours and feathers), the explorers, the red
feather and the reserve. Reads the canonical state only (``spec/isle_traces``); card faces
are provisional component data and are dashed."""

from __future__ import annotations

from typing import Any

from conformance.render import components
from conformance.render.svg import Canvas, as_list, get, player_colour

GAME = "isle_traces"
CELL = 26
TERRAIN = {
    "forest": "#5b8c4a",
    "mountain": "#9e9e9e",
    "plains": "#d9e7a1",
    "coast": "#8ecae6",
    "road": "#d2b48c",
}
MARKS = {"fort": "F", "harbour": "H", "feather": "\u2767"}


def action_targets(action: dict[str, Any]) -> list[str]:
    """The cell an action names (``row``/``col``)."""
    row, col = action.get("row"), action.get("col")
    if isinstance(row, int) and isinstance(col, int):
        return [f"grid.{row}.{col}"]
    return []


def draw(canvas: Canvas, state: dict[str, Any]) -> None:
    """Header and reserve, then the grid of cells with explorers and the feather."""
    provisional = components.provisional(GAME, "map-cards")
    canvas.text(8, 18, "Isle Traces: Isle Side", size=15, bold=True)
    canvas.text(190, 18, f"phase {get(state, 'phase')}  current player {get(state, 'current')}"
                f"  deck {len(as_list(get(state, 'deck')))}", path="phase")
    reserve = as_list(get(state, "reserve"))
    for seat, count in enumerate(reserve):
        canvas.circle(14 + seat * 90, 34, 6, fill=player_colour(seat))
        canvas.text(24 + seat * 90, 38, f"reserve {count}", size=10, path=f"reserve.{seat}")
    canvas.legend(
        *((colour, f"{terrain} cell") for terrain, colour in TERRAIN.items()),
        (None, "F: a fort; H: a harbour; \u2767: a feather; 1, 2, 3...: creature 1, 2, 3..."),
        ("#c62828", "a red triangle: the red feather; discs: explorers, in their player's "
         "colour"),
        (None, "grey cells: no map card there yet (hover a cell: its terrain and mark)"),
    )
    top, left = 48, 8
    grid = as_list(get(state, "grid"))
    for r, row in enumerate(grid):
        for c, cell in enumerate(as_list(row)):
            x, y = left + c * CELL, top + r * CELL
            if cell is None:
                canvas.rect(x, y, CELL, CELL, fill="#f2f2f2", stroke="#e0e0e0",
                            path=f"grid.{r}.{c}")
                continue
            terrain, _, mark = str(cell).partition("/")
            canvas.rect(x, y, CELL, CELL, fill=TERRAIN.get(terrain, "#ffffff"),
                        path=f"grid.{r}.{c}", provisional=provisional, tooltip=str(cell))
            if mark:
                symbol = MARKS.get(mark, mark.removeprefix("creature")[:2])
                canvas.text(x + CELL / 2, y + CELL / 2 + 4, symbol, size=10, anchor="middle",
                            bold=mark == "fort")
    for index, explorer in enumerate(as_list(get(state, "explorers"))):
        row, col, seat = get(explorer, "row"), get(explorer, "col"), get(explorer, "player")
        if isinstance(row, int) and isinstance(col, int):
            canvas.circle(left + col * CELL + CELL / 2, top + row * CELL + CELL / 2, 7,
                          fill=player_colour(seat), stroke="#000000", path=f"explorers.{index}",
                          tooltip=f"explorer of player {seat}")
    feather = get(state, "feather")
    row, col = get(feather, "row"), get(feather, "col")
    if isinstance(row, int) and isinstance(col, int):
        x, y = left + col * CELL, top + row * CELL
        canvas.polygon([(x + 4, y + 22), (x + 13, y + 3), (x + 22, y + 22)], fill="#c62828",
                       path="feather")
    canvas.text(8, top + max(len(grid), 1) * CELL + 16, f"cards on the map "
                f"{len(as_list(get(state, 'map')))}; withdrawn: {_withdrawn(state)}",
                size=10, path="map")


def _withdrawn(state: Any) -> str:
    """The explorer withdrawn by a re-exploration, in words: ``player 0's (row 8, col 6)``
    (``none`` without one)."""
    found = get(state, "withdrawn")
    if not found:
        return "none"
    row, col, seat = get(found, "row"), get(found, "col"), get(found, "player")
    if isinstance(row, int) and isinstance(col, int):
        return f"player {seat}'s (row {row}, col {col})"
    return str(found)
