"""Geometry of the play area: card footprints per rotation, neighbours, the centre.

Implements IT-PLACE-GRID (cards lie on the cell grid, turned by quarter turns),
IT-PLACE-PORTRAIT (90/270 are portrait), IT-PLACE-AREA (the square play area) and
IT-PLACE-CENTRE (where the first card goes).

Sets of cells and of placements are also kept as Python ints used as bitsets (bit ``g``
for cell ``g``, bit ``i`` for ``placements[i]``); :func:`select` picks a table's members.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from functools import cache
from itertools import compress
from typing import Any

_BIT_BYTES = bytes.maketrans(b"01", b"\x00\x01")

LANDSCAPE = (0, 180)
ROTATIONS = (0, 90, 180, 270)


def shape(rot: int) -> tuple[int, int]:
    """IT-COMP-GRID, IT-PLACE-PORTRAIT: (rows, cols) of a card turned ``rot`` degrees
    clockwise from landscape."""
    return (2, 3) if rot in LANDSCAPE else (3, 2)


def face_index(rot: int, a: int, b: int) -> int:
    """IT-PLACE-GRID: the face cell (row-major, landscape) shown at offset (a, b) of the
    turned card."""
    if rot == 0:
        return 3 * a + b
    if rot == 180:
        return 3 * (1 - a) + (2 - b)
    if rot == 90:  # clockwise: face (i, j) -> (j, 1 - i)
        return 3 * (1 - b) + a
    return 3 * b + (2 - a)  # 270: face (i, j) -> (2 - j, i)


@dataclass(frozen=True)
class Placement:
    """One way to lay a card: rotation, top-left cell, covered cells with face indices."""

    rot: int
    row: int
    col: int
    cells: tuple[tuple[int, int], ...]  # (grid index, face cell index)
    touch: tuple[int, ...]  # the covered cells and their orthogonal neighbours
    mask: int  # the covered cells as a bitset


@dataclass(frozen=True)
class Geometry:
    size: int
    placements: tuple[Placement, ...]
    by_key: dict[tuple[int, int, int], Placement]
    neighbours: tuple[tuple[int, ...], ...]
    diagonals: tuple[tuple[int, ...], ...]
    index: dict[tuple[int, int, int], int]  # (rot, row, col) -> position in placements
    touching: tuple[tuple[int, ...], ...]  # cell -> placements whose touch holds it
    covering: tuple[tuple[int, ...], ...]  # cell -> placements covering it
    touch_mask: tuple[int, ...]  # cell -> bitset of the placements whose touch holds it
    cover_mask: tuple[int, ...]  # cell -> bitset of the placements covering it
    landscape_mask: int  # placements at 0 or 180 degrees (IT-PLACE-PORTRAIT)
    first_mask: int  # landscape placements at the centre (IT-PLACE-FIRST, IT-PLACE-CENTRE)


def few_bits(mask: int) -> list[int]:
    """The members of a sparse bitset in ascending order (a loop per member only: the top
    member is taken off each time, which needs no negated copy of the whole bitset)."""
    out = []
    while mask:
        top = mask.bit_length() - 1
        out.append(top)
        mask ^= 1 << top
    out.reverse()
    return out


def selector(mask: int) -> bytes:
    """Byte ``i`` is 1 for the members ``i`` of ``mask``, else 0 (up to its highest member)."""
    return bin(mask)[:1:-1].encode().translate(_BIT_BYTES)


def select(table: list[Any], mask: int) -> Iterator[Any]:
    """The entries ``table[i]`` for the members ``i`` of ``mask``, in order (C-speed)."""
    return compress(table, selector(mask))


def centre(size: int) -> tuple[int, int]:
    """Top-left cell of the first card, landscape (IT-PLACE-CENTRE): (6, 6) when 15."""
    return (size - 2) // 2, (size - 3) // 2


@cache
def geometry(size: int) -> Geometry:
    """IT-PLACE-AREA, IT-PLACE-GRID: every footprint inside a ``size`` x ``size`` area
    (whole cells), in (rot, row, col) order."""
    neighbours = []
    diagonals = []
    for r in range(size):
        for c in range(size):
            near = [(r - 1, c), (r, c - 1), (r, c + 1), (r + 1, c)]  # IT-SCORE-LINE
            diag = [(r - 1, c - 1), (r - 1, c + 1), (r + 1, c - 1), (r + 1, c + 1)]
            neighbours.append(  # IT-SCORE-LINE, IT-PLACE-ADJACENT: side neighbours
                tuple(y * size + x for y, x in near if 0 <= y < size and 0 <= x < size)
            )
            diagonals.append(  # IT-SCORE-COAST: diagonal neighbours
                tuple(y * size + x for y, x in diag if 0 <= y < size and 0 <= x < size)
            )
    placements = []
    for rot in ROTATIONS:
        h, w = shape(rot)
        for row in range(size - h + 1):
            for col in range(size - w + 1):
                cells = tuple(
                    ((row + a) * size + col + b, face_index(rot, a, b))
                    for a in range(h)
                    for b in range(w)
                )
                touch = {i for i, _ in cells}
                for i, _ in cells:
                    touch.update(neighbours[i])
                mask = sum(1 << g for g, _ in cells)
                placements.append(Placement(rot, row, col, cells, tuple(sorted(touch)), mask))
    by_key = {(p.rot, p.row, p.col): p for p in placements}
    index = {(p.rot, p.row, p.col): i for i, p in enumerate(placements)}
    touching: list[list[int]] = [[] for _ in range(size * size)]
    covering: list[list[int]] = [[] for _ in range(size * size)]
    for i, p in enumerate(placements):
        for t in p.touch:
            touching[t].append(i)
        for g, _ in p.cells:
            covering[g].append(i)
    landscape = sum(1 << i for i, p in enumerate(placements) if p.rot in LANDSCAPE)
    row, col = centre(size)
    first = sum(1 << index[(rot, row, col)] for rot in LANDSCAPE)
    return Geometry(  # IT-PLACE-AREA, IT-PLACE-GRID
        size,
        tuple(placements),
        by_key,
        tuple(neighbours),
        tuple(diagonals),
        index,
        tuple(tuple(x) for x in touching),
        tuple(tuple(x) for x in covering),
        tuple(sum(1 << i for i in x) for x in touching),
        tuple(sum(1 << i for i in x) for x in covering),  # IT-PLACE-NOPIECE
        landscape,
        first,
    )
