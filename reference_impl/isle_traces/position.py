"""Checks of a loaded position: its schema, and that the rules can reach it.

Implements the load_state contract for Isle Traces: a position the engine cannot handle
or the rules cannot reach is refused (MalformedInput naming the field path), never
half-built. canonical._build checks each field it reads against the shape of
``spec/isle_traces/state.schema.json``, :func:`derived_problems` the fields load recomputes
(which a position may leave out); :func:`reachability_problems` checks what the schema
cannot say (IT-PLACE-FIRST, IT-PLACE-ADJACENT, IT-PLACE-PORTRAIT, IT-REEXP-ONCE,
IT-REEXP-WHOSE, IT-END-DECK), :func:`card_count_problems` the 36 map cards (IT-COMP-CARDS;
each card id once and the explorers per seat, IT-COMP-EXPLORERS, are checked as read).
"""

from __future__ import annotations

from functools import cache
from typing import TYPE_CHECKING, Any

from reference_impl.core import CHANCE, MalformedInput, rule_param
from reference_impl.isle_traces.board import LANDSCAPE, centre
from reference_impl.isle_traces.cards import DECK_SIZE, VALID_CELLS

if TYPE_CHECKING:
    from reference_impl.isle_traces.state import IsleState

#: at most this many problems are named in one refusal
SHOWN = 5


def derived_problems(data: dict[str, Any]) -> list[str]:
    """The derived fields, when given, have their schema shape (their values are recomputed).

    The other fields are checked as they are read (canonical._build).
    """
    problems = []
    if "to_act" in data and not (
        isinstance(data["to_act"], list)
        and len(data["to_act"]) <= 1
        and all(a == CHANCE or (type(a) is int and 0 <= a <= 3) for a in data["to_act"])
    ):
        problems.append("state.to_act: expected [] or [seat] or ['chance']")
    if "terminal" in data and type(data["terminal"]) is not bool:
        problems.append("state.terminal: expected a boolean")
    if "reserve" in data and not (
        isinstance(data["reserve"], list)
        and 2 <= len(data["reserve"]) <= 4
        and all(type(r) is int and r >= 0 for r in data["reserve"])
    ):
        problems.append("state.reserve: expected 2 to 4 counts")
    if "grid" in data and not (
        isinstance(data["grid"], list)
        and all(
            isinstance(row, list) and all(c is None or _is_cell(c) for c in row)
            for row in data["grid"]
        )
    ):
        problems.append("state.grid: expected rows of cell strings or null")
    return problems


def card_count_problems(options: dict[str, Any], data: dict[str, Any]) -> list[str]:
    """IT-COMP-CARDS: the game has 36 map cards (the rule's ``cards``, the components
    file's list), so neither the deck nor the cards out of it (drawn, discarded, on the
    map) hold more. The two are not added up: scenarios lay cards of their own on the map
    without taking any from the deck (``the isle map:`` takes only the ids it names).
    Counted before any card is read, so a huge list costs nothing to refuse."""
    cards = rule_param(options, "IT-COMP-CARDS", "cards", DECK_SIZE)
    out_of_deck = len(data["discarded"]) + len(data["map"]) + (data["drawn"] is not None)
    problems = []
    if len(data["deck"]) > cards:
        problems.append(
            f"state.deck: {len(data['deck'])} map cards, the game has {cards} (IT-COMP-CARDS)"
        )
    if out_of_deck > cards:
        problems.append(
            f"state.map: {out_of_deck} map cards drawn, discarded and on the map, the game "
            f"has {cards} (IT-COMP-CARDS)"
        )
    return problems


def _is_cell(value: Any) -> bool:
    return isinstance(value, str) and value in VALID_CELLS


def refuse(problems: list[str]) -> None:
    """Raise MalformedInput naming the problems (the first few), if any."""
    if problems:
        more = f" (and {len(problems) - SHOWN} more)" if len(problems) > SHOWN else ""
        raise MalformedInput("; ".join(problems[:SHOWN]) + more)


def _touches(a: int, b: int, size: int) -> bool:
    """Whether two cell bitsets share a cell or a side."""
    if a & b:
        return True
    grown = b | b << size | b >> size
    grown |= (b & ~_column_mask(size, size - 1)) << 1 | (b & ~_column_mask(size, 0)) >> 1
    return bool(a & grown)


@cache
def _column_mask(size: int, col: int) -> int:
    return sum(1 << (r * size + col) for r in range(size))


def reachability_problems(s: IsleState) -> list[str]:
    """What no play from a new game can produce, each naming its field."""
    problems = []
    size = s.size
    row, col = centre(size)
    covered = 0
    for i, place in enumerate(s.where):
        field = f"state.map.{i}"
        if i == 0 and (place.rot not in LANDSCAPE or (place.row, place.col) != (row, col)):
            problems.append(
                f"{field}: the first card lies landscape at the centre [{row}, {col}] "
                "(IT-PLACE-FIRST)"
            )
        if i and not _touches(place.mask, covered, size):
            problems.append(f"{field}: the card neither touches nor covers an earlier card")
        if place.rot not in LANDSCAPE and not s.options["allow_portrait"]:
            problems.append(f"{field}.rot: cards lie landscape (allow_portrait: false)")
        covered |= place.mask
    if not s.placed:
        if s.phase not in ("draw", "place"):
            problems.append(f"state.phase: {s.phase!r} needs a card on the map")
        if s.discarded:
            problems.append("state.discarded: a card is discarded only when the map has cards")
    if s.phase == "over" and s.deck:
        problems.append("state.deck: the game ends only when the deck is empty (IT-END-DECK)")
    if s.withdrawn is not None:
        who, g = s.withdrawn
        if s.top[g] < 0:
            problems.append("state.withdrawn: the cell is not on the map")
        elif s.piece[g] != -1:
            problems.append("state.withdrawn: the cell it left holds a piece")
        if s.chips[s.current]:
            problems.append(
                f"state.chips.{s.current}: the chip of the seat re-exploring is used "
                "(IT-REEXP-ONCE)"
            )
        if who != s.current and not s.options["reexplore_any"]:
            problems.append(
                "state.withdrawn.player: only one's own explorer (reexplore_any: false)"
            )
    return problems


def usable_problems(s: IsleState) -> list[str]:
    """The engine can export the position and someone can act in it (or it is over)."""
    from reference_impl.isle_traces.canonical import export

    problems: list[str] = []
    try:
        export(s)
        acting = s.to_act()
        if acting and not (s.chance_outcomes() if acting == [CHANCE] else s.legal_actions()):
            problems.append(f"state.phase: nothing can be done in phase {s.phase!r} here")
    except (ArithmeticError, LookupError, TypeError, ValueError) as error:  # a gap in load
        problems = [f"state: the engine cannot handle this position ({error!r})"]
    return problems
