"""Pig drawn as on the score paper: each player's banked score as a bar toward the goal,
and the current player's turn total stacked on it (the dice just rolled are the action,
shown under the picture).
Reads the canonical state only (``spec/state.schema.json``)."""

from __future__ import annotations

from typing import Any

from conformance.render.svg import Canvas, as_dict, as_int, as_list, get, player_colour

BAR_W, BAR_H, ROW = 300, 18, 28


def action_targets(action: dict[str, Any]) -> list[str]:
    """A hold touches its player's score; a roll and the dice touch the turn total."""
    seat = action.get("actor")
    if action.get("type") == "hold" and isinstance(seat, int):
        return [f"scores.{seat}", "turn_total"]
    if action.get("type") in ("roll", "dice"):
        return ["turn_total"]
    return []


def _goal(state: dict[str, Any]) -> int:
    params = as_dict(get(state, "options", "params"))
    return max(1, as_int(get(params, "PIG-GOAL", "goal"), 100))


def draw(canvas: Canvas, state: dict[str, Any]) -> None:
    """Header (phase, variant, reading), one score bar per player, then the dice."""
    goal = _goal(state)
    options = as_dict(get(state, "options"))
    canvas.legend(
        ("#cfd8dc", f"the bar: the goal of {goal} points"),
        ("#ffb74d", "the turn total, on top of the current player's score (not yet banked)"),
    )
    variant = "Two-Dice Pig" if options.get("two_dice") else "Pig"
    reading = "  (wins without holding)" if options.get("win_without_hold") else ""
    canvas.text(8, 18, f"{variant}{reading}", size=15, bold=True)
    phase = get(state, "phase")
    current = get(state, "current")
    status = {
        "decide": f"player {current} rolls or holds",
        "roll": "the die is rolling",
        "over": f"player {current} has won",
    }.get(str(phase), f"phase {phase}")
    canvas.text(180, 18, status, path="phase")
    turn_total = as_int(get(state, "turn_total"))
    y = 34
    for seat, score in enumerate(as_list(get(state, "scores"))):
        points = as_int(score)
        mark = "\u25b6 " if seat == current else "  "
        canvas.text(8, y + 13, f"{mark}player {seat}", bold=seat == current, path="current")
        canvas.rect(90, y, BAR_W, BAR_H, fill="#cfd8dc", rx=2, path=f"scores.{seat}")
        filled = min(BAR_W, BAR_W * points / goal)
        if filled:
            canvas.rect(90, y, filled, BAR_H, fill=player_colour(seat), rx=2, path=f"scores.{seat}")
        if seat == current and turn_total and phase != "over":
            extra = min(BAR_W - filled, BAR_W * turn_total / goal)
            if extra > 0:
                canvas.rect(90 + filled, y, extra, BAR_H, fill="#ffb74d", rx=2, path="turn_total")
        label = f"{points}" + (f" + {turn_total}" if seat == current and turn_total else "")
        canvas.text(90 + BAR_W + 8, y + 13, label, path=f"scores.{seat}")
        y += ROW
    canvas.text(8, y + 14, f"turn total {turn_total}", bold=True, path="turn_total")
