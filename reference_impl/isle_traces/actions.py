"""Shared action dicts: built once per (area size, seat) and handed out, never mutated.

The legal-action lists are assembled from these tables, so a turn with two thousand
card placements costs a few C-level list operations (a cached tuple per row of
placements) rather than two thousand dict constructions. Implements the action format
of spec/isle_traces/action.schema.json.
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
    **{t: ("row", "col") for t in CELL_ACTIONS},
}

_ACTIONS: dict[tuple, Action] = {}


def action(seat: int, key: tuple) -> Action:
    """The (shared, never mutated) action dict of ``key`` for ``seat``."""
    cache_key = (seat, *key)
    found = _ACTIONS.get(cache_key)
    if found is None:
        fields = ACTION_FIELDS[key[0]]
        found = {"actor": seat, "type": key[0], **dict(zip(fields, key[1:], strict=True))}
        _ACTIONS[cache_key] = found
    return found


class _Row(dict[int, tuple[Action, ...]]):
    """The place_card actions of one row of placements, per word of legal columns."""

    def __init__(self, actions: list[Action]) -> None:
        super().__init__()
        self.actions = actions

    def __missing__(self, word: int) -> tuple[Action, ...]:
        if len(self) >= 4096:  # bound the memory on wide areas (32-bit words)
            self.clear()
        found = self[word] = tuple(a for c, a in enumerate(self.actions) if word >> c & 1)
        return found


@cache
def place_rows(size: int, seat: int) -> tuple[list[_Row], list[_Row]]:
    """The place_card actions of ``seat`` per row of placements (Geometry.rows), face 0
    and face 1: ``row[word]`` is the tuple of those whose columns are in ``word``."""
    geo = geometry(size)
    return tuple(  # type: ignore[return-value]
        [
            _Row(
                [
                    {
                        "actor": seat,
                        "type": "place_card",
                        "face": face,
                        "rot": geo.placements[i].rot,
                        "row": geo.placements[i].row,
                        "col": geo.placements[i].col,
                    }
                    for i in members
                ]
            )
            for members in geo.rows
        ]
        for face in (0, 1)
    )


@cache
def cell_table(size: int, seat: int, kind: str) -> list[Action]:
    """Per grid index: the ``kind`` action (a CELL_ACTIONS type) of ``seat`` on that cell."""
    return [action(seat, (kind, *divmod(g, size))) for g in range(size * size)]
