"""Shared action dicts: built once per (area size, seat) and handed out, never mutated.

The legal-action lists are assembled from these tables by index, so a turn with two
thousand card placements costs a few C-level list operations rather than two thousand
dict constructions. Implements the action format of spec/isle_traces/action.schema.json.
"""

from __future__ import annotations

from functools import cache

from reference_impl.core import Action
from reference_impl.isle_traces.board import geometry

CELL_ACTIONS = ("place_feather", "place_explorer", "reexplore", "reexplore_place")
ACTION_FIELDS: dict[str, tuple[str, ...]] = {
    "draw": ("card", "faces"),
    "pass": (),
    "discard": (),
    "place_card": ("face", "rot", "row", "col"),
    "flip": ("card",),
    "flip_same": ("card",),
    **{t: ("row", "col") for t in CELL_ACTIONS},
}

_ACTIONS: dict[tuple, Action] = {}
#: id of every shared action dict -> (the dict, actor, key): :meth:`IsleState.apply` skips
#: the shape checks for these; the entry holds the dict, so its id is never reused while
#: registered, and ``apply`` checks it is the very object asked about
LISTED: dict[int, tuple[Action, int, tuple]] = {}


def _listed(found: Action, seat: int, key: tuple) -> Action:
    """Register a new shared action dict in LISTED and return it."""
    LISTED[id(found)] = (found, seat, key)
    return found


def action(seat: int, key: tuple) -> Action:
    """The (shared, never mutated) action dict of ``key`` for ``seat``."""
    cache_key = (seat, *key)
    found = _ACTIONS.get(cache_key)
    if found is None:
        fields = ACTION_FIELDS[key[0]]
        found = {"actor": seat, "type": key[0], **dict(zip(fields, key[1:], strict=True))}
        _ACTIONS[cache_key] = _listed(found, seat, key)
    return found


@cache
def place_tables(size: int, seat: int) -> tuple[list[Action], list[Action]]:
    """The place_card actions of ``seat`` with face 0 up and with face 1 up, each indexed
    like the placements (so a legal-placement bitset selects the same members of both; the
    legal list holds the face 0 ones, then the face 1 ones)."""
    placements = geometry(size).placements
    face0, face1 = (
        [
            _listed(
                {
                    "actor": seat,
                    "type": "place_card",
                    "face": face,
                    "rot": p.rot,
                    "row": p.row,
                    "col": p.col,
                },
                seat,
                ("place_card", face, p.rot, p.row, p.col),
            )
            for p in placements
        ]
        for face in (0, 1)
    )
    return face0, face1


@cache
def cell_table(size: int, seat: int, kind: str) -> list[Action]:
    """Per grid index: the ``kind`` action (a CELL_ACTIONS type) of ``seat`` on that cell."""
    return [action(seat, (kind, *divmod(g, size))) for g in range(size * size)]


#: the pass action of each seat (IT-COMP-PLAYERS: at most four)
PASS: tuple[Action, ...] = tuple(action(seat, ("pass",)) for seat in range(4))
