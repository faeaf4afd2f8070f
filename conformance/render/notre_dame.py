"""Notre Dame drawn as on the table: each player's district (its seven areas around Notre
Dame, influence cubes, the friend, the carriage), the rat and prestige tracks, the person
display and the messages. Reads the canonical state only (``spec/notre_dame``)."""

from __future__ import annotations

from typing import Any

from conformance.render import components
from conformance.render.svg import Canvas, as_dict, as_int, as_list, get, player_colour

GAME = "notre_dame"
AREAS = ("bank", "carriage", "cloister", "guesthouse", "hospital", "park", "residence")
PANEL_W, PANEL_H = 250, 226
RAT_TRACK = 10  # spaces 0..9 (ND-RATS-TRACK: the plague strikes at the track's end)


def action_targets(action: dict[str, Any]) -> list[str]:
    """Paths an action touches: the area a cube goes to, the person bought."""
    seat = action.get("actor")
    targets = []
    for key in ("area", "target", "to", "from"):
        value = action.get(key)
        if isinstance(seat, int) and isinstance(value, str) and value in AREAS:
            targets.append(f"players.{seat}.areas.{value}")
    if isinstance(action.get("person"), str):
        targets.append("display")
    return targets


def _lettered_ids() -> set[str]:
    data = components.data(GAME, "lettered-persons")
    ids: set[str] = set()
    for persons in as_dict(data).values():
        ids.update(as_dict(persons))
    return ids


def draw(canvas: Canvas, state: dict[str, Any]) -> None:
    """Header (round, stage, phase, persons), then one district panel per player."""
    canvas.legend(
        (None, "small squares in an area: the player's cubes there (+N: N more than shown)"),
        ("#ffd700", "a gold disc: the player's friend"),
        ("#c0392b", "rats: the red square is the marker; N! past the track's end"),
    )
    canvas.text(8, 18, "Notre Dame", size=15, bold=True)
    canvas.text(
        124, 18,
        f"round {get(state, 'round')}  stage {get(state, 'stage')}  phase "
        f"{get(state, 'phase')}  tile {get(state, 'tile')}",
        path="phase",
    )
    _display(canvas, state, 8, 32)
    players = as_list(get(state, "players"))
    per_row = 3 if len(players) > 4 else max(1, min(len(players), 3))
    for seat, player in enumerate(players):
        x = 8 + (seat % per_row) * (PANEL_W + 10)
        y = 104 + (seat // per_row) * (PANEL_H + 10)
        _district(canvas, state, seat, as_dict(player), x, y)


def _display(canvas: Canvas, state: dict[str, Any], x: float, y: float) -> None:
    lettered = _lettered_ids()
    provisional = components.provisional(GAME, "lettered-persons")
    canvas.text(x, y + 12, "persons on display", size=10, fill="#555555")
    for index, person in enumerate(as_list(get(state, "display"))):
        left = x + index * 96
        is_lettered = person in lettered or (isinstance(person, str) and person[:1] in "ABC"
                                             and person[1:].isdigit())
        canvas.rect(left, y + 18, 90, 24, fill="#f3e3c3", rx=3, path=f"display.{index}",
                    provisional=is_lettered and provisional, tooltip=str(person))
        canvas.text(left + 45, y + 34, person, anchor="middle", size=10, limit=15)
    info_x = x + 3 * 96 + 10
    decks = as_dict(get(state, "lettered"))
    counts = "  ".join(f"{letter}:{len(as_list(v))}" for letter, v in sorted(decks.items()))
    canvas.text(info_x, y + 26, f"lettered decks {counts}", size=10, path="lettered")
    canvas.text(info_x, y + 40, f"brown deck {len(as_list(get(state, 'brown_deck')))}",
                size=10, path="brown_deck")
    messages = as_dict(get(state, "messages"))
    canvas.text(info_x, y + 54, f"messages on the board {len(messages)}", size=10,
                path="messages")


def _district(
    canvas: Canvas, state: dict[str, Any], seat: int, player: dict[str, Any], x: float, y: float
) -> None:
    colour = player_colour(seat)
    base = f"players.{seat}"
    canvas.rect(x, y, PANEL_W, PANEL_H, fill="#ffffff", stroke=colour, stroke_width=2, rx=6)
    canvas.text(x + 8, y + 16, f"player {seat}", bold=True, fill=colour)
    canvas.text(x + 70, y + 16, f"coins {get(player, 'coins')}", size=10,
                path=f"{base}.coins")
    canvas.text(x + 125, y + 16, f"prestige {get(player, 'prestige')}", size=10,
                path=f"{base}.prestige")
    canvas.text(x + 8, y + 30, f"cubes {get(player, 'cubes')} (stock {get(player, 'stock')})",
                size=10, path=f"{base}.cubes")
    canvas.text(x + 130, y + 30, f"carriage at {get(player, 'carriage')}", size=10,
                path=f"{base}.carriage")
    areas = as_dict(get(player, "areas"))
    friend = get(player, "friend")
    for index, area in enumerate(AREAS):
        col, row = index % 4, index // 4
        ax, ay = x + 8 + col * 60, y + 40 + row * 62
        canvas.rect(ax, ay, 56, 56, fill="#f7f1e3", rx=4, path=f"{base}.areas.{area}")
        canvas.text(ax + 28, ay + 11, area, size=8, anchor="middle", limit=11)
        _cubes(canvas, as_int(areas.get(area)), ax + 5, ay + 17, colour)
        if friend == area:
            canvas.circle(ax + 48, ay + 48, 6, fill="#ffd700", path=f"{base}.friend",
                          tooltip="friend")
    # Notre Dame, the shared centre, in the eighth slot.
    nx, ny = x + 8 + 3 * 60, y + 40 + 62
    cubes = as_int(get(state, "notre_dame", seat))
    canvas.rect(nx, ny, 56, 56, fill="#e8e0f0", rx=28, path=f"notre_dame.{seat}")
    canvas.text(nx + 28, ny + 25, "Notre Dame", size=8, anchor="middle")
    canvas.text(nx + 28, ny + 40, f"{cubes} cubes", size=9, anchor="middle")
    _rats(canvas, as_int(get(player, "rats")), x + 8, y + 172, base)
    cards = ", ".join(map(str, as_list(get(player, "cards")) + as_list(get(player, "played"))))
    canvas.text(x + 8, y + 214, f"cards {cards or '-'}", size=9, path=f"{base}.cards",
                limit=44)


def _cubes(canvas: Canvas, count: int, x: float, y: float, colour: str) -> None:
    for index in range(min(count, 12)):
        canvas.rect(x + (index % 4) * 12, y + (index // 4) * 12, 9, 9, fill=colour,
                    stroke="#222222")
    if count > 12:
        canvas.text(x + 24, y + 44, f"+{count - 12}", size=8, anchor="middle")


def _rats(canvas: Canvas, rats: int, x: float, y: float, base: str) -> None:
    canvas.text(x, y - 3, "rats", size=9, fill="#555555")
    for space in range(RAT_TRACK):
        fill = "#c0392b" if space == rats else ("#f0d5d0" if space < rats else "#ffffff")
        canvas.rect(x + 26 + space * 20, y - 12, 18, 16, fill=fill, path=(
            f"{base}.rats" if space == min(rats, RAT_TRACK - 1) else None))
        canvas.text(x + 35 + space * 20, y, space, size=8, anchor="middle")
    if rats >= RAT_TRACK:
        canvas.text(x + 26 + RAT_TRACK * 20 + 2, y, f"{rats}!", size=9, fill="#c0392b")
