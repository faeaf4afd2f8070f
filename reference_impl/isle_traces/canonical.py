"""Canonical JSON of a position (export and load), see spec/isle_traces/state.schema.json.

``grid``, ``reserve``, ``to_act`` and ``terminal`` are derived: export writes them, load
recomputes them (so a scenario may edit ``map`` or ``explorers`` alone).
"""

from __future__ import annotations

from functools import cache
from typing import Any

from reference_impl.core import MalformedInput, exported_options, rule_param
from reference_impl.isle_traces import position
from reference_impl.isle_traces.board import ROTATIONS, few_bits
from reference_impl.isle_traces.cards import CARD_KEYS, validate_card
from reference_impl.isle_traces.state import (
    EMPTY,
    EXPLORERS_PER_PLAYER,
    FEATHER,
    PHASES,
    IsleState,
)

GAME_ID = "isle_traces"
MAP_KEYS = frozenset({"id", "faces", "face", "rot", "row", "col"})
REQUIRED = (
    "game",
    "num_players",
    "options",
    "phase",
    "current",
    "deck",
    "drawn",
    "discarded",
    "map",
    "explorers",
    "withdrawn",
    "feather",
    "chips",
)


def export(s: IsleState) -> dict[str, Any]:
    """The canonical JSON of ``s``: fresh lists and objects throughout (the cell strings,
    immutable, are shared)."""
    size = s.size
    cards, closed = s.cards, s.closed

    def card(cid: int) -> dict[str, Any]:
        front, back = cards[cid]
        out: dict[str, Any] = {"id": cid, "faces": [front.copy(), back.copy()]}
        if cid in closed:
            out["closed"] = [sides.copy() for sides in closed[cid]]
        return out

    def cell(g: int) -> dict[str, int]:
        return {"row": g // size, "col": g % size}

    if closed:
        placed = []
        for (cid, face), place in zip(s.placed, s.where, strict=True):
            entry = card(cid)
            entry.update(face=face, rot=place.rot, row=place.row, col=place.col)
            placed.append(entry)
        deck = [card(c) for c in s.deck]
    else:  # the usual game: no card has a closed side, no per-card call
        placed = [
            {
                "id": cid,
                "faces": [front.copy(), back.copy()],
                "face": face,
                "rot": place.rot,
                "row": place.row,
                "col": place.col,
            }
            for (cid, face), place, (front, back) in zip(
                s.placed, s.where, map(cards.__getitem__, s.ids), strict=True
            )
        ]
        deck = [
            {"id": c, "faces": [front.copy(), back.copy()]}
            for c, (front, back) in zip(s.deck, map(cards.__getitem__, s.deck), strict=True)
        ]
    piece = s.piece
    # the cells holding a piece, in grid order; the feather is no explorer
    explorers = [{"player": piece[g], **cell(g)} for g in few_bits(s.occ) if piece[g] >= 0]
    withdrawn = None
    if s.withdrawn is not None:
        withdrawn = {"player": s.withdrawn[0], **cell(s.withdrawn[1])}
    return {
        "game": GAME_ID,
        "num_players": s.n,
        "options": exported_options(s.options),
        "to_act": s.to_act(),
        "terminal": s.is_terminal(),
        "phase": s.phase,
        "current": s.current,
        "deck": deck,
        "drawn": None if s.drawn is None else card(s.drawn),
        "discarded": [card(c) for c in sorted(s.discarded)],
        "map": placed,
        "explorers": explorers,
        "withdrawn": withdrawn,
        "feather": None if s.feather < 0 else cell(s.feather),
        "reserve": list(s.reserve),
        "chips": list(s.chips),
        "grid": list(map(s.cell.__getitem__, _rows(size))),  # fresh lists
    }


@cache
def _rows(size: int) -> tuple[slice, ...]:
    """The slice of each grid row of a ``size`` x ``size`` area, in the row-major cell list."""
    return tuple(slice(r * size, (r + 1) * size) for r in range(size))


def _int(value: Any, field: str, low: int, high: int) -> int:
    if type(value) is not int or not low <= value <= high:
        raise MalformedInput(f"{field}: expected an integer {low}..{high}, got {value!r}")
    return value


def _cell(value: Any, field: str, size: int, keys: tuple[str, ...] = ("row", "col")) -> int:
    if not isinstance(value, dict) or set(value) != set(keys):
        raise MalformedInput(f"{field}: expected an object with exactly {list(keys)}")
    return _int(value["row"], f"{field}.row", 0, size - 1) * size + _int(
        value["col"], f"{field}.col", 0, size - 1
    )


def load(game: Any, data: Any) -> IsleState:
    """Rebuild a state, or refuse it whole: MalformedInput names the bad fields.

    The position must have the shape of the state schema (derived fields may be left
    out: they are recomputed), be reachable by the rules (position.reachability_problems) and be one
    the engine can export and act in (position.usable_problems).
    """
    if not isinstance(data, dict):
        raise MalformedInput("state: expected a JSON object")
    for field in REQUIRED:
        if field not in data:
            raise MalformedInput(f"state.{field}: missing")
    position.refuse(position.derived_problems(data))
    s = _build(game, data)
    position.refuse(position.reachability_problems(s))
    position.refuse(position.usable_problems(s))
    return s


def _build(game: Any, data: dict[str, Any]) -> IsleState:
    """The state of a schema-valid position; MalformedInput names the first bad field."""
    if data["game"] != GAME_ID:
        raise MalformedInput(f"state.game: expected {GAME_ID!r}, got {data['game']!r}")
    if type(data["num_players"]) is not int:
        raise MalformedInput(f"state.num_players: expected an integer, got {data['num_players']!r}")
    game.check_players(data["num_players"])
    n = data["num_players"]
    if not isinstance(data["options"], dict):
        raise MalformedInput("state.options: expected an object")
    options = game.options_of(data["options"])
    size = options["area_size"]

    cards: dict[int, list[list[str]]] = {}
    closed: dict[int, list[list[str]]] = {}  # IT-COMP-ART

    def take(raw: Any, field: str) -> int:
        clean = validate_card(raw, field)
        if clean["id"] in cards:
            raise MalformedInput(f"{field}.id: card {clean['id']} appears twice")
        cards[clean["id"]] = clean["faces"]
        if "closed" in clean:
            closed[clean["id"]] = clean["closed"]
        return clean["id"]

    for name in ("deck", "discarded", "map", "explorers", "chips"):
        if not isinstance(data[name], list):
            raise MalformedInput(f"state.{name}: expected a list")
    position.refuse(position.card_count_problems(options, data))
    deck = [take(c, f"state.deck.{i}") for i, c in enumerate(data["deck"])]
    discarded = [take(c, f"state.discarded.{i}") for i, c in enumerate(data["discarded"])]
    drawn = None if data["drawn"] is None else take(data["drawn"], "state.drawn")
    placements = []
    for i, entry in enumerate(data["map"]):
        field = f"state.map.{i}"
        if not isinstance(entry, dict) or not MAP_KEYS <= set(entry) <= MAP_KEYS | {"closed"}:
            raise MalformedInput(f"{field}: expected id, faces, face, rot, row, col (closed)")
        cid = take({k: v for k, v in entry.items() if k in CARD_KEYS}, field)
        face = _int(entry["face"], f"{field}.face", 0, 1)
        if entry["rot"] not in ROTATIONS or type(entry["rot"]) is not int:
            raise MalformedInput(f"{field}.rot: expected one of {list(ROTATIONS)}")
        row = _int(entry["row"], f"{field}.row", 0, size - 1)  # IT-PLACE-AREA
        col = _int(entry["col"], f"{field}.col", 0, size - 1)  # IT-PLACE-AREA
        placements.append((cid, face, entry["rot"], row, col, field))

    s = IsleState(n, options, cards, closed)
    s.deck = sorted(deck)
    s.discarded = sorted(discarded)
    s.drawn = drawn
    for cid, face, rot, row, col, field in placements:
        place = s.geo.by_key.get((rot, row, col))
        if place is None:
            raise MalformedInput(f"{field}: the card leaves the {size}x{size} play area")
        index = len(s.placed)
        shut = s.shut_masks(cid, face, rot)
        below = [s.cover_cell(g, index, cards[cid][face][k], shut[k]) for g, k in place.cells]
        s.placed.append([cid, face])
        s.ids.append(cid)
        s.where.append(place)
        s.overlaps.append(any(below))  # IT-FLIP-CONDITIONS
        s.covered.append(False)  # IT-FLIP-CONDITIONS

    def put(g: int, who: int, field: str) -> None:
        if s.top[g] < 0:
            raise MalformedInput(f"{field}: the cell is not on the map")
        if s.piece[g] != EMPTY:
            raise MalformedInput(f"{field}: the cell already holds a piece")
        s.set_piece(g, who)

    on_map = [0] * n
    for i, ex in enumerate(data["explorers"]):
        field = f"state.explorers.{i}"
        if not isinstance(ex, dict):
            raise MalformedInput(f"{field}: expected an object")
        who = _int(ex.get("player"), f"{field}.player", 0, n - 1)
        put(_cell(ex, field, size, ("player", "row", "col")), who, field)
        on_map[who] += 1
    if data["feather"] is not None:
        s.feather = _cell(data["feather"], "state.feather", size)
        put(s.feather, FEATHER, "state.feather")
    if data["withdrawn"] is not None:
        w = data["withdrawn"]
        if not isinstance(w, dict):
            raise MalformedInput("state.withdrawn: expected an object or null")
        who = _int(w.get("player"), "state.withdrawn.player", 0, n - 1)
        s.withdrawn = (who, _cell(w, "state.withdrawn", size, ("player", "row", "col")))
        on_map[who] += 1  # IT-REEXP-SAME: the moved explorer is out of the reserve
    per_player = rule_param(options, "IT-COMP-EXPLORERS", "per_player", EXPLORERS_PER_PLAYER)
    for p in range(n):
        if on_map[p] > per_player:
            raise MalformedInput(f"state.explorers: seat {p} has more than {per_player} out")
        s.reserve[p] = per_player - on_map[p]
    if len(data["chips"]) != n or any(type(c) is not bool for c in data["chips"]):
        raise MalformedInput(f"state.chips: expected {n} booleans")
    s.chips = list(data["chips"])
    s.current = _int(data["current"], "state.current", 0, n - 1)
    if data["phase"] not in PHASES:
        raise MalformedInput(f"state.phase: expected one of {list(PHASES)}")
    s.phase = data["phase"]
    if (s.phase == "place") != (drawn is not None):
        raise MalformedInput("state.drawn: a drawn card exists exactly in phase 'place'")
    if (s.phase == "reexplore") != (s.withdrawn is not None):
        raise MalformedInput("state.withdrawn: set exactly in phase 'reexplore'")
    if s.phase == "draw" and not deck:
        raise MalformedInput("state.deck: phase 'draw' needs a card in the deck")
    return s
