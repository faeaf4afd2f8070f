"""City geometry: road connection to the centre, placement, protection and sacrifice.

Implements NM-PLACE-ROAD, NM-PLACE-ROADPARTIAL, NM-PLACE-SPACE, NM-PLACE-REPLACE (connectivity
part), NM-DISASTER-PROTECT, NM-DISASTER-COUNT, NM-DISASTER-SCOPE and NM-DISASTER-SACRIFICE.
A city is a list of 25 tile names (``None`` for an empty space), index ``y * 5 + x``.
"""

from __future__ import annotations

from reference_impl.neom.data import (
    CENTRE,
    DISASTER_RATE,
    DISASTER_TARGETS,
    SIZE,
    TILES,
    E,
    N,
    S,
    W,
)

City = list[str | None]

#: index -> [(neighbour index, side of this tile facing it, side of the neighbour facing back)]
ORTHO: list[list[tuple[int, int, int]]] = []
#: index -> diagonal neighbour indices
DIAG: list[list[int]] = []
#: index -> the 3x3 block around it (itself included)
BLOCK: list[list[int]] = []
for _i in range(SIZE * SIZE):
    _x, _y = _i % SIZE, _i // SIZE
    _o = []
    for _dx, _dy, _side, _back in ((0, -1, N, S), (1, 0, E, W), (0, 1, S, N), (-1, 0, W, E)):
        _nx, _ny = _x + _dx, _y + _dy
        if 0 <= _nx < SIZE and 0 <= _ny < SIZE:
            _o.append((_ny * SIZE + _nx, _side, _back))
    ORTHO.append(_o)
    DIAG.append(
        [
            (_y + _dy) * SIZE + _x + _dx
            for _dx in (-1, 1)
            for _dy in (-1, 1)
            if 0 <= _x + _dx < SIZE and 0 <= _y + _dy < SIZE
        ]
    )
    BLOCK.append(
        [
            (_y + _dy) * SIZE + _x + _dx
            for _dy in (-1, 0, 1)
            for _dx in (-1, 0, 1)
            if 0 <= _x + _dx < SIZE and 0 <= _y + _dy < SIZE
        ]
    )


#: tile name -> road bits (a flat copy of ``TILES[name].roads`` for the hot loops)
ROADS: dict[str, int] = {name: tile.roads for name, tile in TILES.items()}
CATEGORY: dict[str, str] = {name: tile.category for name, tile in TILES.items()}
#: index -> road bits of a tile there -> [(neighbour index, side of the neighbour facing back)]
#: for the sides of this tile that have a road
LINKS: list[list[tuple[tuple[int, int], ...]]] = [
    [tuple((j, back) for j, side, back in ORTHO[_i] if _r & side) for _r in range(16)]
    for _i in range(SIZE * SIZE)
]


#: index -> road bits of a tile there -> [(neighbour index, side of this tile facing it, side of
#: the neighbour facing back)] for the sides of this tile that have a road
SIDE_LINKS: list[list[tuple[tuple[int, int, int], ...]]] = [
    [tuple((j, side, back) for j, side, back in ORTHO[_i] if _r & side) for _r in range(16)]
    for _i in range(SIZE * SIZE)
]


def roads_meet(city: City, a: int, side: int, b: int, back: int) -> bool:
    """True when tiles on ``a`` and ``b`` both have a road on their shared edge."""
    ta, tb = city[a], city[b]
    return (
        ta is not None
        and tb is not None
        and bool(TILES[ta].roads & side and TILES[tb].roads & back)
    )


def reached(city: City) -> set[int]:
    """Spaces joined by road to the tile on the centre space (NM-PLACE-ROAD)."""
    if city[CENTRE] is None:
        return set()
    roads_of = ROADS
    links = LINKS
    seen = {CENTRE}
    stack = [CENTRE]
    while stack:
        i = stack.pop()
        for j, back in links[i][roads_of[city[i]]]:  # type: ignore[index]
            if j in seen:
                continue
            t = city[j]
            if t is not None and roads_of[t] & back:  # NM-ROADS-MEET
                seen.add(j)
                stack.append(j)
    return seen


def facing_of(city: City, index: int) -> int:
    """The sides of space ``index`` facing a neighbouring tile's road (NM-ROADS-MEET)."""
    sides = 0
    for j, side, back in ORTHO[index]:
        t = city[j]
        if t is not None and ROADS[t] & back:
            sides |= side
    return sides


def facing_roads(city: City) -> list[int]:
    """By space, its sides facing a neighbouring tile's road (:func:`facing_of`); a player
    keeps it for their city (``Player.facing``).

    Play keeps every tile of a city joined by road to the centre (NM-PLACE-ROAD; load_state
    refuses any other city), so a tile put on an empty space is joined iff one of its roads
    is on a facing side (NM-PLACE-ROADPARTIAL: its other roads may end anywhere), and a
    tile's links are its roads on facing sides.
    """
    return [facing_of(city, i) for i in range(SIZE * SIZE)]


def keeps_joined(city: City, index: int, tile: str, facing: list[int]) -> bool:
    """Replacing the tile on ``index`` by ``tile`` keeps every tile joined to the centre
    (NM-PLACE-REPLACE, NM-PLACE-ROAD), in a city whose every tile is joined, as play keeps
    every city; ``facing`` is :func:`facing_roads` of the city."""
    links = ROADS[city[index]] & facing[index]  # type: ignore[index]
    roads = ROADS[tile]
    if links & roads == links:
        return True  # every link of the old tile is kept: nothing is cut off
    if not roads & facing[index]:
        return False  # the tile meets no road: it is cut off
    for j, _, back in SIDE_LINKS[index][links & ~roads]:
        if ROADS[city[j]] & facing[j] == back:  # type: ignore[index]
            return False  # a neighbour joined only through the old tile is cut off
    return can_place(city, index, tile)  # walk the city


def all_connected(city: City) -> bool:
    """Every tile of the city is joined by road to the centre space."""
    return len(reached(city)) == SIZE * SIZE - city.count(None)


def can_place(city: City, index: int, tile: str, reach: set[int] | None = None) -> bool:
    """Placing ``tile`` on ``index`` (empty or replacing) keeps every tile joined to the centre.

    A new tile needs at least one road joining it to the road network of the centre; its other
    roads may end anywhere (NM-PLACE-ROADPARTIAL). ``reach`` is :func:`reached` of ``city``.
    """
    if city[index] is None:
        if reach is None:
            reach = reached(city)
        for j, back in LINKS[index][ROADS[tile]]:  # noqa: SIM110 (a loop is faster)
            if j in reach and ROADS[city[j]] & back:  # type: ignore[index]  # NM-ROADS-MEET
                return True
        return False
    return _replacing_keeps_joined(city, index, tile, reach)  # NM-PLACE-REPLACE


def _replacing_keeps_joined(city: City, index: int, tile: str, reach: set[int] | None) -> bool:
    """NM-PLACE-REPLACE: ``tile`` may go in place of the tile at ``index`` when the road
    network still holds every tile joined to the centre afterwards."""
    old = city[index]
    old_roads = ROADS[old]  # type: ignore[index]
    if ROADS[tile] & old_roads == old_roads and (reach is None or index in reach):
        return True  # the same roads or more: every road link of the old tile survives
    city[index] = tile
    try:
        return all_connected(city)
    finally:
        city[index] = old


def protected(city: City, index: int, kind: str, scope: str) -> bool:
    """A tile is protected from fire/crime by a protecting tile near it (or anywhere, by scope).

    Flood can never be protected against (NM-DISASTER-PROTECT).
    """
    if kind == "flood":
        return False
    spaces = BLOCK[index] if scope == "adjacent" else range(SIZE * SIZE)  # NM-DISASTER-SCOPE
    for j in spaces:
        t = city[j]
        if t is not None and kind in TILES[t].protects:
            return True
    return False


def disaster_amount(city: City, kind: str, scope: str) -> int:
    """Coins owed: the rate times the unprotected target tiles (NM-DISASTER-COUNT)."""
    targets = DISASTER_TARGETS[kind]
    category = CATEGORY
    count = 0
    for i, t in enumerate(city):
        # NM-DISASTER-COUNT, NM-DISASTER-PROTECT: protected tiles are not counted
        if t is not None and category[t] in targets and not protected(city, i, kind, scope):
            count += 1
    return DISASTER_RATE[kind] * count  # NM-DISASTER-TABLE: the rate per target tile


def sacrifice_spaces(city: City, kind: str, facing: list[int]) -> list[int]:
    """Target tiles that may be sacrificed, protected or not (NM-DISASTER-SACRIFICE), whose
    removal leaves every other tile joined to the centre (NM-DISASTER-SACRIFICECOUNT).
    ``facing`` is :func:`facing_roads` of the city."""
    targets = DISASTER_TARGETS[kind]
    spaces = []
    for i, t in enumerate(city):
        if t is None or i == CENTRE or CATEGORY[t] not in targets:  # NM-DISASTER-SACRIFICECOUNT
            continue
        links = ROADS[t] & facing[i]
        if not links & (links - 1):  # one link at most: the tile ends a road
            spaces.append(i)  # NM-DISASTER-SACRIFICECOUNT: removing it cuts nothing off
            continue
        if _removal_keeps_joined(city, i):  # NM-DISASTER-SACRIFICECOUNT
            spaces.append(i)
    return spaces


def _removal_keeps_joined(city: City, index: int) -> bool:
    """NM-DISASTER-SACRIFICECOUNT: removing the tile at ``index`` leaves every other tile
    joined to the centre."""
    tile = city[index]
    city[index] = None
    try:
        return all_connected(city)
    finally:
        city[index] = tile
