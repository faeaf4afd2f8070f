"""NEOM component data, read from ``spec/neom/components.yaml``.

Implements NM-COMP-TILES, NM-COMP-GOODS, NM-COMP-CENTRE, NM-COMP-BOARD (data), NM-SETUP-PLAYERCOUNT
(copies by player-count icon) and NM-DISASTER-TABLE. Most tile data is PROVISIONAL: see the
provenance of each component.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from reference_impl.components import component

GAME_ID = "neom"
SIZE = 5
CENTRE = 12  # index y*5+x of the centre space (2, 2)
GENERATIONS = 3
HAND_SIZE: int = component(GAME_ID, "hand-size")
TURNS: int = component(GAME_ID, "turns-per-generation")
SELL_PRICE: int = component(GAME_ID, "sell-price")
STARTING_COINS: int = component(GAME_ID, "starting-coins")
DRAFT_DEALT: int = component(GAME_ID, "cornerstone-draft")["dealt"]
DRAFT_KEPT: int = component(GAME_ID, "cornerstone-draft")["kept"]
ICONS = ("1+", "4+", "5+")
ICON_MIN_PLAYERS = {"1+": 1, "4+": 4, "5+": 5}

# Road sides as bits, and the neighbour offset / opposite side of each.
N, E, S, W = 1, 2, 4, 8
SIDES = {"N": N, "E": E, "S": S, "W": W}
OPPOSITE = {N: S, E: W, S: N, W: E}
CATEGORIES = ("centre", "commercial", "disaster", "industrial", "power", "public", "residential")


@dataclass(frozen=True, slots=True)
class Tile:
    """One tile kind (every copy shares it). ``gen`` is 1-3, 0 for cornerstones, -1 centre."""

    name: str
    gen: int
    category: str
    cost: int
    requires: frozenset[str]
    roads: int
    vp: int
    income: int
    produces: str | None
    pollutes: bool
    power: bool
    protects: frozenset[str]
    disaster: str | None  # kind for disaster tiles


def _roads(text: str) -> int:
    return sum(SIDES[c] for c in text)


def _tile(raw: dict, gen: int) -> Tile:
    disaster = raw.get("disaster")
    return Tile(
        name=raw["name"],
        gen=gen,
        category=raw["category"],
        cost=int(raw["cost"]),
        requires=frozenset(raw["requires"]),
        roads=_roads(raw["roads"]),
        vp=int(raw["vp"]),
        income=int(raw["income"]),
        produces=raw["produces"],
        pollutes=bool(raw["pollutes"]),
        power=bool(raw["power"]),
        protects=frozenset(raw["protects"]),
        disaster=disaster["kind"] if disaster else None,
    )


_goods = component(GAME_ID, "goods-tree")
RAW_GOODS: tuple[str, ...] = tuple(sorted(_goods["raw"]))
PROCESSED_GOODS: tuple[str, ...] = tuple(sorted(_goods["processed"]))
LUXURY_GOODS: tuple[str, ...] = tuple(sorted(_goods["luxury"]))
_values = component(GAME_ID, "goods-values")
GOOD_VALUE: dict[str, int] = {
    **{g: _values["raw"] for g in RAW_GOODS},
    **{g: _values["processed"] for g in PROCESSED_GOODS},
    **{g: _values["luxury"] for g in LUXURY_GOODS},
}
ALL_GOODS = frozenset(GOOD_VALUE)

DISASTERS: dict[str, dict] = component(GAME_ID, "disasters")

_centres = component(GAME_ID, "city-centres")
BOARD_GOODS: tuple[str, ...] = tuple(sorted(_centres["goods"]))

TILES: dict[str, Tile] = {}
#: generation -> icon -> tile name -> copies
COPIES: dict[int, dict[str, dict[str, int]]] = {}
for _gen in (1, 2, 3):
    _data = component(GAME_ID, f"generation-{_gen}")
    for _raw in _data["tiles"]:
        TILES[_raw["name"]] = _tile(_raw, _gen)
    COPIES[_gen] = {icon: {} for icon in ICONS}
    for _c in _data["copies"]:
        COPIES[_gen][_c["players"]][_c["tile"]] = int(_c["count"])
CORNERSTONE_COPIES: dict[str, int] = {}
for _raw in component(GAME_ID, "cornerstones")["tiles"]:
    TILES[_raw["name"]] = _tile(_raw, 0)
    CORNERSTONE_COPIES[_raw["name"]] = int(_raw["count"])
#: the cornerstone tile names (generation 0)
CORNERSTONES = frozenset(CORNERSTONE_COPIES)
for _good in BOARD_GOODS:
    _name = f"centre-{_good}"
    TILES[_name] = Tile(
        _name,
        -1,
        "centre",
        0,
        frozenset(),
        _roads(_centres["roads"]),
        0,
        0,
        _good,
        False,
        False,
        frozenset(),
        None,
    )

DISASTER_TARGETS: dict[str, frozenset[str]] = {
    kind: frozenset(d["targets"]) for kind, d in DISASTERS.items()
}
DISASTER_RATE: dict[str, int] = {kind: int(d["rate"]) for kind, d in DISASTERS.items()}


def centre_tile(good: str) -> str:
    """The name of the City Centre tile showing ``good``."""
    return f"centre-{good}"


def deck_for(gen: int, icons: tuple[str, ...]) -> dict[str, int]:
    """The generation deck: the copies of the given player-count icons (NM-SETUP-PLAYERCOUNT)."""
    deck: dict[str, int] = {}
    for icon in icons:
        for name, count in COPIES[gen][icon].items():
            deck[name] = deck.get(name, 0) + count
    return deck


def icons_for(num_players: int, options: Mapping[str, Any]) -> tuple[str, ...]:
    """Icons in play: by player count, or by the solo tile set (NM-SOLO-SET; the option
    ``solo_tile_set``, looked up for a solo game only)."""
    if num_players == 1:
        return ICONS[: ICONS.index(options["solo_tile_set"]) + 1]
    return tuple(i for i in ICONS if ICON_MIN_PLAYERS[i] <= num_players)
