"""Map cards: cell notation, the symbol placement rules, and loading the card list.

Implements IT-COMP-CARDS, IT-COMP-GRID, IT-COMP-TERRAIN, IT-COMP-FORT, IT-COMP-HARBOUR,
IT-COMP-FEATHERICON, IT-COMP-CREATURE, IT-COMP-ONESYMBOL, IT-COMP-FACES and IT-COMP-ART
(the provisional card list itself is drawn by gen_components.py).

A face is a list of six cell strings in row-major order of the card lying landscape
(row 0: cells 0, 1, 2; row 1: cells 3, 4, 5). A cell is ``"<terrain>"`` or
``"<terrain>/<symbol>"``, e.g. ``"road/fort"``, ``"coast/creature3"``.

A card may also carry ``closed``: per face, six strings (one per cell, same order) naming
the sides of the cell that its drawing does not cross, from ``n``, ``e``, ``s``, ``w``
(north = the top edge of the card lying landscape, face up), e.g. ``"ns"`` for a road
running east-west. ``""`` everywhere (every drawing runs to every side) is the
provisional data and is written by leaving ``closed`` out (IT-COMP-ART).
"""

from __future__ import annotations

from typing import Any

from reference_impl.core import MalformedInput

TERRAINS = ("coast", "forest", "mountain", "plains", "road")  # IT-COMP-TERRAIN
CREATURES = tuple(f"creature{k}" for k in range(1, 7))
#: symbol -> terrains it may be drawn on: IT-COMP-FORT, IT-COMP-HARBOUR, IT-COMP-FEATHERICON,
#: IT-COMP-CREATURE
SYMBOL_TERRAINS: dict[str, frozenset[str]] = {
    "fort": frozenset({"road"}),
    "harbour": frozenset({"coast"}),
    "feather": frozenset({"mountain", "forest", "plains"}),
    **{c: frozenset({"road", "plains", "coast", "forest"}) for c in CREATURES},
}
CELLS_PER_FACE = 6  # IT-COMP-GRID: 3 columns by 2 rows
#: the sides of a cell in canonical order, and their bits (n 1, e 2, s 4, w 8)
SIDES = "nesw"
SIDE_BITS = {side: 1 << i for i, side in enumerate(SIDES)}
NO_CLOSED: tuple[str, ...] = ("",) * CELLS_PER_FACE
DECK_SIZE = 36

# IT-COMP-SYMBOLS, IT-COMP-ONESYMBOL: a terrain, or a terrain and one symbol over it
VALID_CELLS: frozenset[str] = frozenset(
    [*TERRAINS] + [f"{t}/{s}" for s, terrains in SYMBOL_TERRAINS.items() for t in sorted(terrains)]
)


def split_cell(cell: str) -> tuple[str, str | None]:
    """``"road/fort"`` -> ``("road", "fort")``; ``"plains"`` -> ``("plains", None)``."""
    terrain, _, symbol = cell.partition("/")
    return terrain, (symbol or None)


def cell_problem(cell: Any) -> str | None:
    """Why ``cell`` is not a valid cell string (None when it is)."""
    if not isinstance(cell, str):
        return f"cell must be a string, got {cell!r}"
    if cell in VALID_CELLS:
        return None
    terrain, symbol = split_cell(cell)  # IT-COMP-ONESYMBOL: one "/", one symbol
    if terrain not in TERRAINS:  # IT-COMP-TERRAIN
        return f"unknown terrain {terrain!r} in cell {cell!r} (terrains: {', '.join(TERRAINS)})"
    if symbol not in SYMBOL_TERRAINS:  # IT-COMP-SYMBOLS, IT-COMP-ONESYMBOL
        return f"unknown symbol {symbol!r} in cell {cell!r}"
    allowed = ", ".join(sorted(SYMBOL_TERRAINS[symbol]))
    return f"symbol {symbol!r} may only be drawn on {allowed}, not on {terrain!r} ({cell!r})"


def validate_face(face: Any, where: str) -> list[str]:
    """Check one face; raise MalformedInput naming ``where`` and every problem."""
    # IT-COMP-GRID: six cells per face
    if not isinstance(face, list) or len(face) != CELLS_PER_FACE:
        raise MalformedInput(f"{where}: a face is a list of {CELLS_PER_FACE} cells, got {face!r}")
    problems = [p for p in (cell_problem(c) for c in face) if p]
    if problems:
        raise MalformedInput(f"{where}: " + "; ".join(problems))
    return list(face)


def side_mask(sides: str) -> int:
    """``"ns"`` -> 5: the bits of the closed sides of one cell (IT-COMP-ART)."""
    mask = 0
    for side in sides:
        mask |= SIDE_BITS[side]
    return mask


def turn_mask(mask: int, rot: int) -> int:
    """The closed-side bits of a cell after turning its card ``rot`` degrees clockwise."""
    for _ in range(rot // 90):
        mask = ((mask << 1) | (mask >> 3)) & 15
    return mask


def validate_closed(closed: Any, where: str) -> list[list[str]]:
    """Check ``closed`` (two faces of six side strings); returns it in canonical form.

    Each string lists distinct sides from ``nesw``; the canonical form orders them n, e,
    s, w. Raises MalformedInput naming ``where`` and the first bad entry.
    """
    if not isinstance(closed, list) or len(closed) != 2:
        raise MalformedInput(f"{where}: closed sides are two lists, one per face")
    out = []
    for i, face in enumerate(closed):
        if not isinstance(face, list) or len(face) != CELLS_PER_FACE:
            raise MalformedInput(
                f"{where}.{i}: {CELLS_PER_FACE} strings of closed sides, got {face!r}"
            )
        clean = []
        for k, sides in enumerate(face):
            if (
                not isinstance(sides, str)
                or set(sides) - set(SIDES)
                or len(set(sides)) != len(sides)
            ):
                raise MalformedInput(
                    f"{where}.{i}.{k}: distinct sides from 'nesw' (e.g. 'ns'), got {sides!r}"
                )
            clean.append("".join(side for side in SIDES if side in sides))
        out.append(clean)
    return out


def validate_card(card: Any, where: str) -> dict[str, Any]:
    """A card is ``{"id": int, "faces": [face, face]}`` with optional ``closed``.

    Returns a clean copy in canonical form: ``closed`` sorted per cell and left out when
    no side is closed.
    """
    if not isinstance(card, dict) or not {"id", "faces"} <= set(card) <= CARD_KEYS:
        raise MalformedInput(
            f"{where}: a card is an object with 'id' and 'faces' (and optionally 'closed')"
        )
    cid = card["id"]
    if not isinstance(cid, int) or isinstance(cid, bool) or cid < 1:
        raise MalformedInput(f"{where}.id: a card id is a positive integer, got {cid!r}")
    faces = card["faces"]
    if not isinstance(faces, list) or len(faces) != 2:  # IT-COMP-DOUBLE: two faces
        raise MalformedInput(f"{where}.faces: a map card has exactly two faces")
    clean: dict[str, Any] = {
        "id": cid,
        "faces": [validate_face(f, f"{where}.faces.{i}") for i, f in enumerate(faces)],
    }
    if "closed" in card:
        closed = validate_closed(card["closed"], f"{where}.closed")
        if any(any(face) for face in closed):
            clean["closed"] = closed
    return clean


CARD_KEYS = frozenset({"id", "faces", "closed"})


def validate_card_list(cards: Any, where: str = "cards") -> list[dict[str, Any]]:
    """Validate a whole card list (unique ids); IT-COMP-CARDS fixes 36 for the real game."""
    if not isinstance(cards, list) or not cards:
        raise MalformedInput(f"{where}: expected a non-empty list of cards")
    clean = [validate_card(c, f"{where}.{i}") for i, c in enumerate(cards)]
    ids = [c["id"] for c in clean]
    if len(set(ids)) != len(ids):
        raise MalformedInput(f"{where}: card ids must be unique")
    return sorted(clean, key=lambda c: c["id"])


def face_has_feather(face: list[str]) -> bool:
    return any(c.endswith("/feather") for c in face)  # IT-COMP-DOUBLE: either face may show it


def load_component_cards() -> list[dict[str, Any]]:
    """The card list of ``spec/isle_traces/components.yaml``, validated (36 cards).

    The faces come from component ``map-cards`` (IT-COMP-FACES), the closed sides of each
    card from component ``map-card-art`` (IT-COMP-ART), merged by card id.
    """
    from reference_impl.components import component

    cards = validate_card_list(component("isle_traces", "map-cards"), "components map-cards")
    if len(cards) != DECK_SIZE:
        raise MalformedInput(f"components map-cards: expected {DECK_SIZE} cards, got {len(cards)}")
    art = component("isle_traces", "map-card-art")
    if not isinstance(art, list):
        raise MalformedInput("components map-card-art: expected a list of {id, closed}")
    by_id = {c["id"]: c for c in cards}
    for i, entry in enumerate(art):
        where = f"components map-card-art.{i}"
        if not isinstance(entry, dict) or set(entry) != {"id", "closed"}:
            raise MalformedInput(f"{where}: expected an object with exactly 'id' and 'closed'")
        if entry["id"] not in by_id:
            raise MalformedInput(f"{where}.id: no map card {entry['id']!r}")
        merged = validate_card({**by_id[entry["id"]], "closed": entry["closed"]}, where)
        by_id[entry["id"]] = merged
    return [by_id[c["id"]] for c in cards]
