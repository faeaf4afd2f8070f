"""Constants of Notre Dame read from ``spec/notre_dame/components.yaml``.

Implements the component data of ND-SETUP-BOARD, ND-COMP-CUBES, ND-SETUP-RESOURCES,
ND-PERSONS-BROWN, ND-PERSONS-LETTERED, ND-PERSONS-RATS, ND-MESSAGE-VALUES,
ND-CARRIAGE-ROADS, ND-SETUP-2P-LAYOUT and ND-ND-VALUES. Everything here is immutable.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache
from types import MappingProxyType
from typing import Any

from reference_impl.components import component

GAME_ID = "notre_dame"

_PLAYERS = component(GAME_ID, "player-counts")
MIN_PLAYERS: int = _PLAYERS["min"]
MAX_PLAYERS: int = _PLAYERS["max"]

AREAS: tuple[str, ...] = tuple(component(GAME_ID, "areas"))
AREA_SET = frozenset(AREAS)
NOTRE_DAME = "notre_dame"
FRIEND = "friend"
CARDS: tuple[str, ...] = tuple(component(GAME_ID, "action-cards"))
CARD_SET = frozenset(CARDS)

_CUBES = component(GAME_ID, "influence-cubes")
CUBES_PER_COLOUR: int = _CUBES["per_colour"]  # ND-COMP-CUBES: 14 a colour
START_CUBES: int = _CUBES["start_in_hand"]  # ND-SETUP-RESOURCES: 4 cubes
START_COINS: int = component(GAME_ID, "start-coins")  # ND-SETUP-RESOURCES: 3 coins
START_RATS: int = component(GAME_ID, "start-rats")  # ND-SETUP-RATS: 0

_RAT_TRACK = component(GAME_ID, "rat-track")
RAT_MAX: int = _RAT_TRACK["max"]  # ND-RATS-LIMIT: up to 9 is safe
PLAGUE_AT: int = _RAT_TRACK["plague_at"]
PLAGUE_PRESTIGE: int = _RAT_TRACK["prestige_loss"]  # ND-PLAGUE: 2 prestige

OFFERINGS = MappingProxyType(
    {int(k): v for k, v in component(GAME_ID, "notre-dame-offerings").items()}
)

# ND-SETUP-BOARD: the tile's shape for the number of players
TILES = MappingProxyType({int(k): v for k, v in component(GAME_ID, "notre-dame-tiles").items()})
# ND-ND-VALUES: the prestige of each tile by stage (provisional)
PAYOUT = MappingProxyType(
    {
        shape: MappingProxyType(dict(values))
        for shape, values in component(GAME_ID, "notre-dame-payout").items()
    }
)

BROWN: tuple[str, ...] = tuple(sorted(component(GAME_ID, "brown-persons")))  # ND-PERSONS-BROWN
BROWN_SET = frozenset(BROWN)
BROWN_PER_ROUND: int = component(GAME_ID, "brown-per-round")  # ND-PERSONS-REVEAL: 2
LETTERED_PER_STAGE: int = component(GAME_ID, "lettered-per-stage")
# ND-PERSONS-LETTERED: nine provisional persons per letter
LETTERED = MappingProxyType(
    {
        letter: MappingProxyType({pid: MappingProxyType(dict(eff)) for pid, eff in cards.items()})
        for letter, cards in component(GAME_ID, "lettered-persons").items()
    }
)
LETTERED_EFFECTS = MappingProxyType(
    {pid: eff for cards in LETTERED.values() for pid, eff in cards.items()}
)
PERSON_RATS = MappingProxyType(dict(component(GAME_ID, "person-rats")))  # ND-PERSONS-RATS
PERSONS = frozenset(BROWN) | frozenset(LETTERED_EFFECTS)

# ND-MESSAGE-VALUES: the prestige and extra of each message number
MESSAGE_EFFECTS = MappingProxyType(
    {int(k): MappingProxyType(dict(v)) for k, v in component(GAME_ID, "messages").items()}
)
MESSAGE_VALUES: tuple[int, ...] = tuple(sorted(MESSAGE_EFFECTS))

STAGES = ("A", "B", "C")  # ND-GAME-ROUNDS: three stages
ROUNDS_PER_STAGE = 3  # ND-GAME-ROUNDS: of three rounds
ROUNDS = ROUNDS_PER_STAGE * len(STAGES)  # ND-GAME-ROUNDS: nine rounds
CARDS_PER_DRAW = 3  # ND-DRAFT-DRAW: three cards
CARDS_PLAYED = 2  # ND-PLAY-SECOND, ND-PLAY-THIRD: two cards played, the third not

GUEST_OPTIONS = ("coin", "cube", "rat")  # ND-GUEST
GUEST_DOUBLE_AT = 3  # ND-GUEST-DOUBLE: three or more cubes
POET_MAX = 3  # ND-PERSON-POET: 1-3 people

_ROADS = component(GAME_ID, "carriage-roads")
OUTER: tuple[int, ...] = tuple(_ROADS["outer"])


def node(district: int, square: int) -> str:
    """Name of a market square: ``"<district>-<square>"``, square 0 is the centre."""
    return f"{district}-{square}"


_LAYOUTS = component(GAME_ID, "two-player-layout")


def ring_of(num_players: int, options: Mapping[str, Any]) -> tuple[int, ...]:
    """Districts in clockwise board order (ND-SETUP-2P-LAYOUT): seats' districts are 0..n-1;
    with 2 players the ``four_districts`` layout (option ``neutral_districts``, looked up
    with 2 players only) adds the neutral districts 2 and 3, otherwise the ``ring`` layout
    joins the two districts."""
    if num_players == 2:
        layout = "four_districts" if options["neutral_districts"] else "ring"
        return tuple(_LAYOUTS[layout]["ring"])
    return tuple(range(num_players))


@cache
def road_graph(ring: tuple[int, ...]) -> MappingProxyType:
    """Adjacency of the market squares of a board (ND-CARRIAGE-ROADS)."""
    adjacency: dict[str, set[str]] = {}
    squares = {0, *OUTER}
    for d in ring:
        for s in squares:
            adjacency.setdefault(node(d, s), set())
    for i, d in enumerate(ring):
        for a, b in _ROADS["within"]:
            adjacency[node(d, a)].add(node(d, b))
            adjacency[node(d, b)].add(node(d, a))
        e = ring[(i + 1) % len(ring)]
        for a, b in _ROADS["between"]:
            adjacency[node(d, a)].add(node(e, b))
            adjacency[node(e, b)].add(node(d, a))
    return MappingProxyType({k: tuple(sorted(v)) for k, v in sorted(adjacency.items())})


@cache
def distances(ring: tuple[int, ...]) -> MappingProxyType:
    """All-pairs road distances (breadth-first), for the carriage's reach."""
    graph = road_graph(ring)
    result: dict[str, dict[str, int]] = {}
    for start in graph:
        dist = {start: 0}
        frontier = [start]
        while frontier:
            nxt = []
            for here in frontier:
                for there in graph[here]:
                    if there not in dist:
                        dist[there] = dist[here] + 1
                        nxt.append(there)
            frontier = nxt
        result[start] = dist
    return MappingProxyType(result)


@cache
def within(ring: tuple[int, ...], start: str, steps: int) -> tuple[str, ...]:
    """Squares reachable from ``start`` in at most ``steps`` moves, sorted."""
    dist = distances(ring)[start]
    return tuple(sorted(sq for sq, d in dist.items() if d <= steps))


def tile_value(num_players: int, stage: str) -> int:
    """Prestige on the Notre Dame tile for this player count (ND-SETUP-BOARD) and stage
    (ND-ND-VALUES)."""
    return PAYOUT[TILES[num_players]][stage]
