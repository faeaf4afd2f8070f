"""Rebuild a NEOM state from canonical JSON; every problem names the bad field.

``to_act`` and ``terminal`` are derived from the rest and recomputed, so a scenario may edit a
position without updating them (their types are still checked). Shapes, names and ranges are
checked here, consistency in :mod:`reference_impl.neom.consistency` (every problem at once);
the state is then settled, exported and its legal actions listed on a copy, so a position the
engine cannot handle is refused as malformed instead of returned half-built.
"""

from __future__ import annotations

from typing import Any

from reference_impl.core import CHANCE, EngineError, MalformedInput
from reference_impl.neom.city import facing_roads
from reference_impl.neom.consistency import problems
from reference_impl.neom.data import (
    ALL_GOODS,
    BOARD_GOODS,
    GENERATIONS,
    SIZE,
    TILES,
    TURNS,
    icons_for,
)
from reference_impl.neom.state import PHASES, NeomState, Player

TOP_KEYS = {
    "game",
    "num_players",
    "options",
    "to_act",
    "terminal",
    "phase",
    "generation",
    "turn",
    "deal_target",
    "decks",
    "box",
    "discard",
    "boards",
    "disasters",
    "players",
}
PLAYER_KEYS = {"board", "coins", "city", "goods", "cornerstones", "hand", "selected", "acted"}
DECK_KEYS = {"1", "2", "3", "cornerstone"}


def _fail(field: str, problem: str) -> MalformedInput:
    return MalformedInput(f"{field}: {problem}")


def _int(value: Any, field: str, low: int = 0, high: int | None = None) -> int:
    if not isinstance(value, int) or isinstance(value, bool):
        raise _fail(field, f"expected an integer, got {value!r}")
    if value < low or (high is not None and value > high):
        raise _fail(field, f"{value} out of range {low}..{high if high is not None else ''}")
    return value


def _tile(value: Any, field: str) -> str:
    if not isinstance(value, str) or value not in TILES:
        raise _fail(field, f"unknown tile {value!r}")
    return value


def _multiset(value: Any, field: str) -> dict[str, int]:
    if not isinstance(value, dict):
        raise _fail(field, f"expected an object of tile counts, got {value!r}")
    out = {}
    for name, count in value.items():
        _tile(name, f"{field}.{name}")
        if _int(count, f"{field}.{name}"):
            out[name] = count
    return out


def _tiles(value: Any, field: str) -> list[str]:
    if not isinstance(value, list):
        raise _fail(field, f"expected a list of tiles, got {value!r}")
    return [_tile(v, f"{field}.{i}") for i, v in enumerate(value)]


def load_state(game: Any, canonical: Any) -> NeomState:
    """A new state from ``canonical``; raises MalformedInput naming the field, never returns
    a position the rules cannot reach or the engine cannot handle."""
    state = _build(game, canonical)
    found = problems(state)
    if found:
        shown = "; ".join(f"{f}: {p}" for f, p in found[:6])
        more = f" (and {len(found) - 6} more)" if len(found) > 6 else ""
        raise MalformedInput(f"{found[0][0]}: inconsistent position: {shown}{more}")
    try:
        state.settle()
        state.to_canonical()
        state.clone().legal_actions()
    except EngineError as error:
        raise MalformedInput(f"state: the position cannot be played on: {error.message}") from None
    except Exception as error:  # an engine limit the checks above missed: refuse, never crash
        raise MalformedInput(
            f"state: the position cannot be played on: {type(error).__name__}: {error}"
        ) from None
    return state


def _build(game: Any, canonical: Any) -> NeomState:
    if not isinstance(canonical, dict):
        raise MalformedInput(f"state must be a JSON object, got {type(canonical).__name__}")
    if missing := TOP_KEYS - set(canonical):
        raise _fail(sorted(missing)[0], "missing")
    if extra := set(canonical) - TOP_KEYS:
        raise _fail(sorted(extra)[0], "unknown field")
    if canonical["game"] != "neom":
        raise _fail("game", f"expected 'neom', got {canonical['game']!r}")
    n = canonical["num_players"]
    if not isinstance(n, int) or isinstance(n, bool) or not 1 <= n <= 5:
        raise _fail("num_players", f"expected 1-5, got {n!r}")
    if not isinstance(canonical["options"], dict):
        raise _fail("options", "expected an object")
    try:
        options = game.options_of(canonical["options"])
    except MalformedInput as error:
        raise _fail("options", error.message) from None
    _derived(canonical, n)
    state = NeomState(n, options)
    phase = canonical["phase"]
    if not isinstance(phase, str) or phase not in PHASES:
        raise _fail("phase", f"unknown phase {phase!r} (one of {list(PHASES)})")
    state.phase = phase
    state.generation = _int(canonical["generation"], "generation", 0, GENERATIONS)
    state.turn = _int(canonical["turn"], "turn", 1, TURNS)
    state.deal_target = _int(canonical["deal_target"], "deal_target", 0, 8)
    decks = canonical["decks"]
    if not isinstance(decks, dict) or set(decks) != DECK_KEYS:
        raise _fail("decks", f"expected keys {sorted(DECK_KEYS)}")
    # each deck in its exported form, names sorted (NeomState.decks)
    state.decks = {k: dict(sorted(_multiset(v, f"decks.{k}").items())) for k, v in decks.items()}
    state.box = _multiset(canonical["box"], "box")
    state.discard = _multiset(canonical["discard"], "discard")
    boards = canonical["boards"]
    if not isinstance(boards, list) or any(
        not isinstance(b, str) or b not in BOARD_GOODS for b in boards
    ):
        raise _fail("boards", f"expected a list of board goods {list(BOARD_GOODS)}")
    state.boards = list(boards)
    state.disasters = _disasters(canonical["disasters"], n)
    players = canonical["players"]
    if not isinstance(players, list) or len(players) != n:
        raise _fail("players", f"expected a list of {n} players")
    state.players = [_player(p, f"players.{i}") for i, p in enumerate(players)]
    state.icons = icons_for(n, options)
    return state


def _derived(canonical: dict[str, Any], n: int) -> None:
    """``to_act`` and ``terminal`` are recomputed, but must have their types."""
    to_act = canonical["to_act"]
    if not isinstance(to_act, list) or any(
        a != CHANCE and (not isinstance(a, int) or isinstance(a, bool) or not 0 <= a < n)
        for a in to_act
    ):
        raise _fail("to_act", f"expected a list of seats 0-{n - 1} or 'chance', got {to_act!r}")
    if not isinstance(canonical["terminal"], bool):
        raise _fail("terminal", f"expected true or false, got {canonical['terminal']!r}")


def _disasters(value: Any, n: int) -> list[dict[str, Any]]:
    if not isinstance(value, list):
        raise _fail("disasters", "expected a list")
    out = []
    for i, d in enumerate(value):
        field = f"disasters.{i}"
        if not isinstance(d, dict) or set(d) != {"tile", "by", "decided"}:
            raise _fail(field, "expected {tile, by, decided}")
        name = _tile(d["tile"], f"{field}.tile")
        if TILES[name].category != "disaster":
            raise _fail(f"{field}.tile", f"{name} is not a disaster")
        by = d["by"] if d["by"] is None else _int(d["by"], f"{field}.by", 0, n - 1)
        if not isinstance(d["decided"], list):
            raise _fail(f"{field}.decided", "expected a list of seats")
        decided = [_int(s, f"{field}.decided.{j}", 0, n - 1) for j, s in enumerate(d["decided"])]
        out.append({"tile": name, "by": by, "decided": decided})
    return out


def _player(value: Any, field: str) -> Player:
    if not isinstance(value, dict):
        raise _fail(field, "expected an object")
    if missing := PLAYER_KEYS - set(value):
        raise _fail(f"{field}.{sorted(missing)[0]}", "missing")
    if extra := set(value) - PLAYER_KEYS:
        raise _fail(f"{field}.{sorted(extra)[0]}", "unknown field")
    p = Player()
    if value["board"] is not None and (
        not isinstance(value["board"], str) or value["board"] not in BOARD_GOODS
    ):
        raise _fail(f"{field}.board", f"unknown board {value['board']!r}")
    p.board = value["board"]
    p.coins = _int(value["coins"], f"{field}.coins")
    city = value["city"]
    if (
        not isinstance(city, list)
        or len(city) != SIZE
        or any(not isinstance(row, list) or len(row) != SIZE for row in city)
    ):
        raise _fail(f"{field}.city", f"expected {SIZE} rows of {SIZE} spaces")
    p.city = [
        None if t is None else _tile(t, f"{field}.city.{y}.{x}")
        for y, row in enumerate(city)
        for x, t in enumerate(row)
    ]
    p.facing = facing_roads(p.city)
    goods = value["goods"]
    if not isinstance(goods, list) or any(
        not isinstance(g, str) or g not in ALL_GOODS for g in goods
    ):
        raise _fail(f"{field}.goods", f"expected a list of goods, got {goods!r}")
    if len(set(goods)) != len(goods):
        raise _fail(f"{field}.goods", f"each good is held once ({len(goods)} listed)")
    p.goods = set(goods)
    p.cornerstones = _tiles(value["cornerstones"], f"{field}.cornerstones")
    p.hand = _tiles(value["hand"], f"{field}.hand")
    sel = value["selected"]
    p.selected = None if sel is None else _tile(sel, f"{field}.selected")
    if not isinstance(value["acted"], bool):
        raise _fail(f"{field}.acted", "expected true or false")
    p.acted = value["acted"]
    return p
