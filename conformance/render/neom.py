"""NEOM drawn as on the table: each player's 5x5 city with its tiles by category, their
roads and the polluting tiles, the goods, coins and hand. Reads the canonical state only
(``spec/neom``); tile contents are provisional component data and are dashed."""

from __future__ import annotations

from functools import cache
from typing import Any

from conformance.render import components
from conformance.render.svg import Canvas, as_dict, as_list, get, player_colour

GAME = "neom"
CELL = 44
CATEGORY = {
    "residential": "#f6d55c",
    "commercial": "#5dade2",
    "industrial": "#b07a4f",
    "power": "#e74c3c",
    "public": "#58d68d",
    "centre": "#cccccc",
}
TILE_SETS = ("generation-1", "generation-2", "generation-3", "cornerstones")


@cache
def _tiles() -> dict[str, tuple[dict[str, Any], bool]]:
    """Tile name -> (its published data, whether that data is provisional)."""
    found: dict[str, tuple[dict[str, Any], bool]] = {}
    for component in TILE_SETS:
        provisional = components.provisional(GAME, component)
        for tile in as_list(as_dict(components.data(GAME, component)).get("tiles")):
            if isinstance(tile, dict) and isinstance(tile.get("name"), str):
                found[tile["name"]] = (tile, provisional)
    return found


def action_targets(action: dict[str, Any]) -> list[str]:
    """The city space an action names (``x``, ``y``) of the acting player."""
    seat, x, y = action.get("actor"), action.get("x"), action.get("y")
    if isinstance(seat, int) and isinstance(x, int) and isinstance(y, int):
        return [f"players.{seat}.city.{y}.{x}"]
    return []


def draw(canvas: Canvas, state: dict[str, Any]) -> None:
    """Header, then one city per player."""
    canvas.text(8, 18, "NEOM", size=15, bold=True)
    canvas.text(70, 18, f"generation {get(state, 'generation')}  turn {get(state, 'turn')}  "
                f"phase {get(state, 'phase')}", path="phase")
    disasters = as_list(get(state, "disasters"))
    if disasters:
        named = [str(get(d, "tile", default=d)) for d in disasters]
        canvas.text(8, 34, f"disasters: {', '.join(named)}", size=10,
                    path="disasters", fill="#c0392b")
    canvas.legend(
        *((colour, f"{category} tile") for category, colour in CATEGORY.items()),
        ("#4d4d4d", "a dark disc in the corner: the tile pollutes; lines: its roads"),
        (None, "a tile's label: its name after the set prefix, cut to 9 letters (hover: all)"),
    )
    players = as_list(get(state, "players"))
    per_row = min(max(len(players), 1), 3)
    for seat, player in enumerate(players):
        x = 8 + (seat % per_row) * (5 * CELL + 24)
        y = 44 + (seat // per_row) * (5 * CELL + 80)
        _city(canvas, seat, as_dict(player), x, y)


def _city(canvas: Canvas, seat: int, player: dict[str, Any], x: float, y: float) -> None:
    base = f"players.{seat}"
    canvas.text(x, y + 12, f"player {seat}: {get(player, 'board')}", bold=True,
                fill=player_colour(seat))
    canvas.text(x + 130, y + 12, f"coins {get(player, 'coins')}", size=10,
                path=f"{base}.coins")
    top = y + 20
    tiles = _tiles()
    city = as_list(get(player, "city"))
    for r, row in enumerate(city):
        for c, tile in enumerate(as_list(row)):
            cx, cy = x + c * CELL, top + r * CELL
            path = f"{base}.city.{r}.{c}"
            if tile is None:
                canvas.rect(cx, cy, CELL, CELL, fill="#f4f4f4", stroke="#cccccc", path=path)
                continue
            name = str(tile)
            data, provisional = tiles.get(name, ({}, False))
            category = "centre" if name.startswith("centre-") else data.get("category")
            roads = "NESW" if category == "centre" else str(data.get("roads", ""))
            canvas.rect(cx, cy, CELL, CELL, fill=CATEGORY.get(str(category), "#ffffff"),
                        path=path, provisional=provisional, tooltip=f"{name} ({category})")
            _roads(canvas, roads, cx, cy)
            if data.get("pollutes"):
                canvas.circle(cx + CELL - 8, cy + 8, 5, fill="#4d4d4d", tooltip="pollutes")
            label = name.split("-", 1)[-1]
            canvas.text(cx + CELL / 2, cy + CELL - 5, label, size=7, anchor="middle", limit=9)
    bottom = top + max(len(city), 5) * CELL
    goods = ", ".join(map(str, as_list(get(player, "goods"))))
    canvas.text(x, bottom + 13, f"goods: {goods or '-'}", size=9, path=f"{base}.goods",
                limit=40)
    canvas.text(x, bottom + 26, f"hand {len(as_list(get(player, 'hand')))}  selected "
                f"{get(player, 'selected') or '-'}", size=9, path=f"{base}.hand", limit=40)
    cornerstones = ", ".join(map(str, as_list(get(player, "cornerstones"))))
    canvas.text(x, bottom + 39, f"cornerstones: {cornerstones or '-'}", size=9,
                path=f"{base}.cornerstones", limit=40)


def _roads(canvas: Canvas, roads: str, x: float, y: float) -> None:
    """Road stubs from the tile's centre to each edge it opens (N, E, S, W)."""
    mid = CELL / 2
    ends = {"N": (x + mid, y), "E": (x + CELL, y + mid), "S": (x + mid, y + CELL),
            "W": (x, y + mid)}
    for side in roads:
        if side in ends:
            ex, ey = ends[side]
            canvas.line(x + mid, y + mid, ex, ey, stroke="#555555", width=3)
