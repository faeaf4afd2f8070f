"""``board.geometry(size)`` equals a construction written from its definitions.

The reference below is the plain reading of the definitions in ``board.py``'s docstrings
and of the rules it implements, one cell and one placement at a time: every footprint of
each rotation inside the area, in (rot, row, col) order (IT-PLACE-GRID, IT-PLACE-AREA); 0
and 180 degrees landscape, 2 rows by 3 columns, 90 and 270 portrait (IT-PLACE-PORTRAIT);
the covered cells row-major, each with the face cell the turned card shows there; the
touched cells are the covered ones and their orthogonal neighbours inside the area; per
cell, the placements covering and touching it; the first card lies landscape at the
centre (IT-PLACE-CENTRE). Every field of the result is compared, types and orders
included, for every area size from 3 to 17 and the options' maximum (31,
``state.schema.json``'s ``area_size``).
"""

from __future__ import annotations

from dataclasses import astuple, fields

import pytest

from reference_impl.isle_traces import board

SIZES = [*range(3, 18), 31]

#: the face of a card as it is printed, row-major in landscape: 2 rows of 3 cells
FACE = [[0, 1, 2], [3, 4, 5]]


def turned(rot: int) -> list[list[int]]:
    """The printed face turned ``rot`` degrees clockwise, by turning the grid a quarter at a
    time: a clockwise quarter turn takes a grid's columns, bottom to top, as its rows."""
    grid = FACE
    for _ in range(rot // 90):
        grid = [list(column) for column in zip(*reversed(grid), strict=True)]
    return grid


def in_area(size: int, r: int, c: int) -> bool:
    return 0 <= r < size and 0 <= c < size


def reference(size: int) -> dict[str, object]:
    placements = []
    for rot in (0, 90, 180, 270):
        grid = turned(rot)
        h, w = len(grid), len(grid[0])
        for row in range(size - h + 1):
            for col in range(size - w + 1):
                cells = []
                touch = set()
                for a in range(h):
                    for b in range(w):
                        r, c = row + a, col + b
                        cells.append((r * size + c, grid[a][b]))
                        for y, x in ((r, c), (r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)):
                            if in_area(size, y, x):
                                touch.add(y * size + x)
                mask = 0
                for g, _ in cells:
                    mask |= 1 << g
                placements.append((rot, row, col, tuple(cells), tuple(sorted(touch)), mask))
    neighbours = []
    diagonals = []
    for r in range(size):
        for c in range(size):
            near = [(r + dy, c + dx) for dy, dx in ((-1, 0), (1, 0), (0, -1), (0, 1))]
            diag = [(r + dy, c + dx) for dy in (-1, 1) for dx in (-1, 1)]
            neighbours.append(tuple(sorted(y * size + x for y, x in near if in_area(size, y, x))))
            diagonals.append(tuple(sorted(y * size + x for y, x in diag if in_area(size, y, x))))
    touching: list[list[int]] = [[] for _ in range(size * size)]
    covering: list[list[int]] = [[] for _ in range(size * size)]
    for i, (_, _, _, cells, touch, _) in enumerate(placements):  # in placement order
        for g in touch:
            touching[g].append(i)
        for g, _ in cells:
            covering[g].append(i)

    def bits(members: tuple[int, ...]) -> int:
        return sum(2**i for i in members)

    keys = [p[:3] for p in placements]
    row, col = board.centre(size)
    return {
        "size": size,
        "placements": placements,
        "keys": keys,
        "neighbours": tuple(neighbours),
        "diagonals": tuple(diagonals),
        "touching": tuple(map(tuple, touching)),
        "covering": tuple(map(tuple, covering)),
        "touch_mask": tuple(bits(tuple(t)) for t in touching),
        "cover_mask": tuple(bits(tuple(c)) for c in covering),
        "landscape_mask": bits(tuple(i for i, p in enumerate(placements) if p[0] in (0, 180))),
        "first_mask": bits((keys.index((0, row, col)), keys.index((180, row, col)))),
    }


def test_the_first_card_goes_to_the_centre_of_the_edition_area() -> None:
    """IT-PLACE-CENTRE: a 2 x 3 card at rows 6-7, columns 6-8 holds the middle cell (7, 7)
    of a 15 x 15 area in its middle column."""
    assert board.centre(15) == (6, 6)


def test_the_turned_faces_follow_the_quarter_turns() -> None:
    """The reference's own turning, checked by hand: clockwise, the bottom-left printed cell
    (3) comes to the top left, and two quarter turns read the face backwards."""
    assert turned(90) == [[3, 0], [4, 1], [5, 2]]
    assert turned(180) == [[5, 4, 3], [2, 1, 0]]
    assert turned(270) == [[2, 5], [1, 4], [0, 3]]


@pytest.mark.parametrize("size", SIZES)
def test_geometry_equals_the_reference_construction(size: int) -> None:
    board.geometry.cache_clear()  # built here, not taken from an earlier test
    geo = board.geometry(size)
    want = reference(size)
    assert [f.name for f in fields(geo)] == [
        "size", "placements", "by_key", "neighbours", "diagonals", "index", "touching",
        "covering", "touch_mask", "cover_mask", "landscape_mask", "first_mask",
    ]  # fmt: skip
    assert geo.size == size
    assert type(geo.placements) is tuple
    assert all(type(p) is board.Placement for p in geo.placements)
    got = [astuple(p) for p in geo.placements]
    assert len(got) == len(want["placements"])
    for p, (g, w) in enumerate(zip(got, want["placements"], strict=True)):
        assert g == w, (size, p)
    for p in geo.placements:  # tuples all the way down, as the reference builds them
        assert type(p.cells) is tuple and all(type(c) is tuple for c in p.cells)
        assert type(p.touch) is tuple
    assert list(geo.index.items()) == [(k, i) for i, k in enumerate(want["keys"])]
    assert list(geo.by_key) == want["keys"]
    assert all(geo.by_key[k] is geo.placements[i] for k, i in geo.index.items())
    for name in ("neighbours", "diagonals", "touching", "covering", "touch_mask", "cover_mask"):
        value = getattr(geo, name)
        assert type(value) is tuple and len(value) == size * size, name
        assert value == want[name], (size, name)
        if name in ("neighbours", "diagonals", "touching", "covering"):
            assert all(type(v) is tuple for v in value), name
    assert geo.landscape_mask == want["landscape_mask"]
    assert geo.first_mask == want["first_mask"]
    assert board.geometry(size) is geo  # cached
