"""Final scoring (the English section of neom.ja.txt, lines 80-102).

Implements NM-SCORE-TILES, NM-SCORE-HOOD, NM-SCORE-HOODTABLE, NM-SCORE-GOODS, NM-SCORE-MONEY,
NM-SCORE-POLLUTION, NM-SCORE-GHOST, NM-SCORE-POWER, NM-SCORE-TIE and NM-SOLO-TABLE. The kernels
(:func:`neighbourhood_value`, :func:`pollution_penalty`) are pure and are proved against z3
models in ``conformance/proofs/test_neom_proofs.py``.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from reference_impl.components import component
from reference_impl.neom.city import DIAG, ORTHO, City, roads_meet
from reference_impl.neom.data import GAME_ID, GOOD_VALUE, TILES

_TABLE = component(GAME_ID, "neighbourhood-table")
HOOD_TABLE: tuple[int, ...] = tuple(_TABLE["values"])
HOOD_STEP: int = _TABLE["step_beyond_8"]
_SOLO = component(GAME_ID, "solo-ranks")
SOLO_RANKS: tuple[str, ...] = tuple(_SOLO["ranks"])
SOLO_THRESHOLDS: dict[str, tuple[int, ...]] = {k: tuple(v) for k, v in _SOLO["thresholds"].items()}
VP_ORTHO, VP_DIAG = 2, 1
GHOST_NONE, GHOST_ONE = 10, 4
NO_POWER = 5
SCORED_CATEGORIES = frozenset({"residential", "public"})


def neighbourhood_value(size: int) -> int:
    """NM-SCORE-HOODTABLE: VP of a neighbourhood of ``size`` residential tiles (the table of
    line 88: 1, 3, 6, ... 36, 40, 44, then +4 per tile)."""
    if size <= 0:
        return 0
    if size <= len(HOOD_TABLE):
        return HOOD_TABLE[size - 1]
    return HOOD_TABLE[-1] + HOOD_STEP * (size - len(HOOD_TABLE))


def neighbourhood_closed_form(size: int) -> int:
    """NM-SCORE-HOODTABLE in closed form: triangular numbers up to 8 tiles, then +4 per
    tile: ``n(n+1)/2`` or ``4n + 4``."""
    return size * (size + 1) // 2 if size <= 8 else 4 * size + 4


def neighbourhood_sizes(city: City) -> list[int]:
    """Sizes of the road-connected groups of residential tiles (NM-SCORE-HOOD), sorted."""
    seen: set[int] = set()
    sizes = []
    for start, t in enumerate(city):
        if t is None or start in seen or TILES[t].category != "residential":
            continue
        seen.add(start)
        stack, size = [start], 0
        while stack:
            i = stack.pop()
            size += 1
            for j, side, back in ORTHO[i]:
                if j in seen:
                    continue
                u = city[j]
                if (
                    u is not None
                    and TILES[u].category == "residential"
                    and roads_meet(city, i, side, j, back)
                ):
                    seen.add(j)
                    stack.append(j)
        sizes.append(size)
    return sorted(sizes)


def pollution_penalty(residential: Sequence[Any], polluting: Sequence[Any]) -> Any:
    """NM-SCORE-POLLUTION: VP lost, 2 per orthogonal and 1 per diagonal (residential,
    polluting) pair (line 94).

    Pure arithmetic over 0/1 values (bools, ints or z3 integer terms), so the proof in
    ``conformance/proofs/test_neom_proofs.py`` runs this very kernel on symbolic grids.
    """
    total: Any = 0
    for i, res in enumerate(residential):
        ortho = sum((polluting[j] for j, _, _ in ORTHO[i]), 0)
        diag = sum((polluting[j] for j in DIAG[i]), 0)
        total = total + res * (VP_ORTHO * ortho + VP_DIAG * diag)
    return total


def goods_value(goods: Iterable[str]) -> int:
    """Each good held counts once: raw 1, processed 2, luxury 10 (NM-SCORE-GOODS)."""
    return sum(GOOD_VALUE[g] for g in set(goods))


def score_city(city: City, goods: Iterable[str], coins: int) -> dict[str, int]:
    """The score breakdown of one player; ``total`` is the final score."""
    tiles = [TILES[t] for t in city if t is not None]
    residential = [t is not None and TILES[t].category == "residential" for t in city]
    polluting = [t is not None and TILES[t].pollutes for t in city]
    res_count = sum(residential)
    parts = {
        # NM-SCORE-TILES: printed VP of residential and public tiles
        "tiles": sum(t.vp for t in tiles if t.category in SCORED_CATEGORIES),
        "neighbourhoods": sum(neighbourhood_value(n) for n in neighbourhood_sizes(city)),
        "goods": goods_value(goods),
        "money": coins // 2,  # NM-SCORE-MONEY: 1 VP per 2 coins, rounded down
        "pollution": -pollution_penalty(residential, polluting),  # NM-SCORE-POLLUTION
        # NM-SCORE-GHOST, NM-RULES-REQUIRED: -10 with no residential tile, -4 with one
        "ghost_town": -GHOST_NONE if res_count == 0 else -GHOST_ONE if res_count == 1 else 0,
        # NM-SCORE-POWER, NM-RULES-REQUIRED: -5 without a power-generating tile
        "power": 0 if any(t.power for t in tiles) else -NO_POWER,
    }
    parts["total"] = sum(parts.values())
    return parts


def solo_rank(score: int, tile_set: str) -> str:
    """The rank the solo scoring table gives ``score`` with ``tile_set`` (NM-SOLO-TABLE)."""
    rank = SOLO_RANKS[0]  # NM-SOLO-BELOW-ZERO: below every bound (a total below 0) too
    for name, low in zip(SOLO_RANKS, SOLO_THRESHOLDS[tile_set], strict=True):
        if score >= low:
            rank = name
    return rank


def winners(totals: Sequence[int]) -> tuple[int, ...]:
    """Every seat with the most VP shares the victory (NM-SCORE-TIE)."""
    best = max(totals)  # NM-GOAL-WINNER: the most victory points wins
    return tuple(i for i, t in enumerate(totals) if t == best)
