"""Invariants of Isle Traces: Isle Side over canonical states (any engine).

Each check reads canonical JSON only (spec/isle_traces/state.schema.json) and yields
problems; the visible grid is recomputed from the map's cards in placement order.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from conformance.invariants import Invariant

EXPLORERS_PER_PLAYER = 3
DECK_SIZE = 36
#: per card at most: draw, place, feather, explorer or withdraw, re-place, flip, feather
STEP_BOUND = DECK_SIZE * 7 + 10


def _face_index(rot: int, a: int, b: int) -> int:
    if rot == 0:
        return 3 * a + b
    if rot == 180:
        return 3 * (1 - a) + (2 - b)
    if rot == 90:
        return 3 * (1 - b) + a
    return 3 * b + (2 - a)


def _grid(state: dict[str, Any]) -> dict[tuple[int, int], str]:
    """Visible cell per (row, col): the last placed card covering it."""
    grid: dict[tuple[int, int], str] = {}
    for card in state["map"]:
        h, w = (2, 3) if card["rot"] in (0, 180) else (3, 2)
        face = card["faces"][card["face"]]
        for a in range(h):
            for b in range(w):
                grid[(card["row"] + a, card["col"] + b)] = face[_face_index(card["rot"], a, b)]
    return grid


def _pieces(state: dict[str, Any]) -> list[tuple[str, int, int]]:
    out = [(f"explorer of seat {e['player']}", e["row"], e["col"]) for e in state["explorers"]]
    if state["feather"] is not None:
        out.append(("red feather", state["feather"]["row"], state["feather"]["col"]))
    return out


def explorers_capped(state: dict[str, Any]) -> Iterator[str]:
    out = [0] * state["num_players"]
    for e in state["explorers"]:
        out[e["player"]] += 1
    if state["withdrawn"] is not None:
        out[state["withdrawn"]["player"]] += 1
    for seat, count in enumerate(out):
        if count > EXPLORERS_PER_PLAYER:
            yield f"seat {seat} has {count} explorers out"
        if state["reserve"][seat] + count != EXPLORERS_PER_PLAYER:
            yield f"seat {seat}: reserve {state['reserve'][seat]} + {count} out != 3"


def one_red_feather(state: dict[str, Any]) -> Iterator[str]:
    feather = state["feather"]
    if feather is not None and not isinstance(feather, dict):
        yield f"feather is {feather!r}, not one position"


def cards_conserved(state: dict[str, Any]) -> Iterator[str]:
    ids = [c["id"] for c in state["deck"]] + [c["id"] for c in state["map"]]
    ids += [c["id"] for c in state["discarded"]]
    if state["drawn"] is not None:
        ids.append(state["drawn"]["id"])
    if len(ids) != len(set(ids)):
        yield "a card id appears twice among deck, drawn, map and discarded"
    if len(ids) != DECK_SIZE:
        yield f"{len(ids)} cards in deck, hand, map and discard, expected {DECK_SIZE}"


def pieces_on_top(state: dict[str, Any]) -> Iterator[str]:
    """Every piece stands alone on a visible map cell (so no card ever covered it)."""
    grid = _grid(state)
    seen: set[tuple[int, int]] = set()
    for what, row, col in _pieces(state):
        if (row, col) not in grid:
            yield f"{what} at ({row}, {col}) is not on a map cell"
        if (row, col) in seen:
            yield f"two pieces share ({row}, {col})"
        seen.add((row, col))


def grid_matches_map(state: dict[str, Any]) -> Iterator[str]:
    grid = _grid(state)
    size = state["options"]["area_size"]
    for (row, col), cell in grid.items():
        if not (0 <= row < size and 0 <= col < size):
            yield f"card cell ({row}, {col}) outside the {size} x {size} area"
        elif state["grid"][row][col] != cell:
            yield f"grid ({row}, {col}) shows {state['grid'][row][col]!r}, top card has {cell!r}"
    shown = sum(1 for line in state["grid"] for c in line if c is not None)
    if shown != len(grid):
        yield f"grid shows {shown} cells, the map covers {len(grid)}"


def turn_shape(state: dict[str, Any]) -> Iterator[str]:
    phase = state["phase"]
    if phase == "over":
        if state["to_act"] != [] or not state["terminal"] or state["deck"]:
            yield "a finished game must have an empty deck and nobody to act"
    elif phase == "draw":
        if state["to_act"] != ["chance"]:
            yield "a draw is chance's"
    elif state["to_act"] != [state["current"]]:
        yield f"phase {phase}: to_act {state['to_act']} is not the current seat"
    if (phase == "reexplore") != (state["withdrawn"] is not None):
        yield "a withdrawn explorer exists exactly during re-exploration"
    if (phase == "place") != (state["drawn"] is not None):
        yield "a drawn card exists exactly while it is being placed"


INVARIANTS = [
    Invariant("IT-EXPL-MAX", "at most 3 explorers per seat out", explorers_capped),
    Invariant("IT-COMP-FEATHER", "one red feather", one_red_feather),
    Invariant("IT-COMP-CARDS", "36 cards between deck, hand, map and discard", cards_conserved),
    Invariant("IT-PLACE-NOPIECE", "pieces stand alone on visible cells", pieces_on_top),
    Invariant("IT-PLACE-AREA", "the grid is the top cards, inside the area", grid_matches_map),
    Invariant("IT-TURN-SEQUENCE", "phase, actor, drawn and withdrawn agree", turn_shape),
]
