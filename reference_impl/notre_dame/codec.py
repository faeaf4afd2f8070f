"""Canonical JSON of a Notre Dame position, per-player views, and loading it back.

The canonical state is complete (it continues the game) and normalised (card lists and
decks sorted, the board's squares in sorted order). ``to_act``, ``terminal``, ``stage``
and ``tile`` are derived from the other fields: ``load`` ignores them and recomputes them.
"""

from __future__ import annotations

from typing import Any

from reference_impl.core import MalformedInput
from reference_impl.notre_dame.data import (
    AREA_SET,
    AREAS,
    BROWN_SET,
    CARD_SET,
    GAME_ID,
    LETTERED,
    MESSAGE_VALUES,
    PERSONS,
    ROUNDS,
    STAGES,
    TILES,
    road_graph,
)
from reference_impl.notre_dame.flow import settle, stage_of
from reference_impl.notre_dame.player import Player
from reference_impl.notre_dame.state import PHASES, NotreDameState

HIDDEN = ("deck", "draft_hand", "cards")


def to_canonical(st: NotreDameState) -> dict[str, Any]:
    return {
        "game": GAME_ID,
        "num_players": st.num,
        "options": dict(sorted(st.options.items())),
        "to_act": st.to_act(),
        "terminal": st.is_terminal(),
        "tile": TILES[st.num],
        "round": st.round,
        "stage": stage_of(st.round),
        "phase": st.phase,
        "start_player": st.start,
        "current": st.current,
        "pending": list(st.pending),
        "draft_step": st.draft_step,
        "display": list(st.display),
        "brown_deck": list(st.brown_deck),
        "lettered": {k: list(v) for k, v in sorted(st.lettered.items())},
        "notre_dame": list(st.nd),
        "messages": {sq: {"color": c, "value": v} for sq, (c, v) in sorted(st.board.items())},
        "players": [_player_json(pl) for pl in st.players],
    }


def _player_json(pl: Player) -> dict[str, Any]:
    return {
        "coins": pl.coins,
        "prestige": pl.prestige,
        "rats": pl.rats,
        "cubes": pl.cubes,
        "stock": pl.stock,
        "areas": {a: pl.areas[a] for a in AREAS},
        "friend": pl.friend,
        "carriage": pl.carriage,
        "messages": [{"color": c, "value": v} for c, v in pl.messages],
        "message_set": sorted(pl.message_set),
        "deck": list(pl.deck),
        "draft_hand": list(pl.draft_hand),
        "cards": list(pl.cards),
        "played": list(pl.played),
        "bought": pl.bought,
    }


def view(st: NotreDameState, player: int) -> dict[str, Any]:
    """ND-DRAFT-HIDDEN: other players' decks, draft hands and cards become counts."""
    state = to_canonical(st)
    for p, pj in enumerate(state["players"]):
        if p != player:
            for name in HIDDEN:
                pj[name] = len(pj[name])
    state["viewer"] = player
    return state


# ---------------------------------------------------------------- load


def _bad(path: str, why: str, value: Any) -> MalformedInput:
    return MalformedInput(f"state.{path} {why}, got {value!r}")


def _get(obj: dict[str, Any], key: str, path: str) -> Any:
    if not isinstance(obj, dict):
        raise _bad(path, "must be an object", obj)
    if key not in obj:
        raise MalformedInput(
            f"state.{path}.{key} is missing" if path else f"state.{key} is missing"
        )
    return obj[key]


def _int(value: Any, path: str, lo: int | None = None, hi: int | None = None) -> int:
    if not isinstance(value, int) or isinstance(value, bool):
        raise _bad(path, "must be an integer", value)
    if (lo is not None and value < lo) or (hi is not None and value > hi):
        raise _bad(path, f"must be within {lo}..{hi}", value)
    return value


def _names(value: Any, path: str, allowed: frozenset[str] | set[str]) -> list[str]:
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        raise _bad(path, "must be a list of names", value)
    for v in value:
        if v not in allowed:
            raise _bad(path, f"has unknown name {v!r}", value)
    return sorted(value)


def load(game: Any, data: Any) -> NotreDameState:
    """Rebuild a position from canonical JSON; MalformedInput names the bad field."""
    if not isinstance(data, dict):
        raise MalformedInput(f"state must be a JSON object, got {type(data).__name__}")
    if _get(data, "game", "") != GAME_ID:
        raise _bad("game", f"must be {GAME_ID!r}", data.get("game"))
    n = _get(data, "num_players", "")
    game.check_players(n)
    options = game.resolve_options(_get(data, "options", ""))
    st = NotreDameState(n, options)
    st.round = _int(_get(data, "round", ""), "round", 1, ROUNDS)
    st.phase = _get(data, "phase", "")
    if st.phase not in PHASES:
        raise _bad("phase", f"must be one of {', '.join(PHASES)}", st.phase)
    st.start = _int(_get(data, "start_player", ""), "start_player", 0, n - 1)
    current = _get(data, "current", "")
    st.current = None if current is None else _int(current, "current", 0, n - 1)
    if st.phase in ("play", "buy") and st.current is None:
        raise _bad("current", f"must name a seat in phase {st.phase}", current)
    pending = _get(data, "pending", "")
    if not isinstance(pending, list):
        raise _bad("pending", "must be a list", pending)
    st.pending = sorted({_int(p, "pending", 0, n - 1) for p in pending})
    step = _get(data, "draft_step", "")
    st.draft_step = None if step is None else _int(step, "draft_step", 1, 2)
    if st.phase == "draft" and st.draft_step is None:
        raise _bad("draft_step", "must be 1 or 2 in the draft", step)
    st.display = _names(_get(data, "display", ""), "display", PERSONS)
    st.brown_deck = _names(_get(data, "brown_deck", ""), "brown_deck", BROWN_SET)
    lettered = _get(data, "lettered", "")
    if not isinstance(lettered, dict) or sorted(lettered) != sorted(STAGES):
        raise _bad("lettered", f"must have the keys {', '.join(STAGES)}", lettered)
    st.lettered = {
        k: _names(v, f"lettered.{k}", frozenset(LETTERED[k])) for k, v in lettered.items()
    }
    nd = _get(data, "notre_dame", "")
    if not isinstance(nd, list) or len(nd) != n:
        raise _bad("notre_dame", f"must list {n} cube counts", nd)
    st.nd = [_int(v, f"notre_dame.{i}", 0) for i, v in enumerate(nd)]
    st.board = _board(_get(data, "messages", ""), n, st.ring)
    players = _get(data, "players", "")
    if not isinstance(players, list) or len(players) != n:
        raise _bad("players", f"must list {n} players", players)
    st.players = [_player(pj, f"players.{i}", n, st.ring) for i, pj in enumerate(players)]
    settle(st)  # a hand-edited reveal/deal position with nothing left to draw moves on
    return st


def _board(value: Any, n: int, ring: tuple[int, ...]) -> dict[str, tuple[int, int]]:
    if not isinstance(value, dict):
        raise _bad("messages", "must map squares to messages", value)
    graph = road_graph(ring)
    board = {}
    for sq in sorted(value):
        if sq not in graph:
            raise _bad(f"messages.{sq}", "is not a square of the board", sq)
        m = value[sq]
        path = f"messages.{sq}"
        colour = _int(_get(m, "color", path), f"{path}.color", 0, n - 1)
        val = _int(
            _get(m, "value", path), f"{path}.value", min(MESSAGE_VALUES), max(MESSAGE_VALUES)
        )
        board[sq] = (colour, val)
    return board


def _player(pj: Any, path: str, n: int, ring: tuple[int, ...]) -> Player:
    pl = Player.__new__(Player)
    pl.coins = _int(_get(pj, "coins", path), f"{path}.coins", 0)
    pl.prestige = _int(_get(pj, "prestige", path), f"{path}.prestige")
    pl.rats = _int(_get(pj, "rats", path), f"{path}.rats")
    pl.cubes = _int(_get(pj, "cubes", path), f"{path}.cubes", 0)
    pl.stock = _int(_get(pj, "stock", path), f"{path}.stock", 0)
    areas = _get(pj, "areas", path)
    if not isinstance(areas, dict) or set(areas) != AREA_SET:
        raise _bad(f"{path}.areas", f"must have exactly the areas {', '.join(AREAS)}", areas)
    pl.areas = {a: _int(areas[a], f"{path}.areas.{a}", 0) for a in AREAS}
    friend = _get(pj, "friend", path)
    if friend is not None and friend not in AREA_SET:
        raise _bad(f"{path}.friend", "must be null or an area", friend)
    pl.friend = friend
    carriage = _get(pj, "carriage", path)
    if carriage not in road_graph(ring):
        raise _bad(f"{path}.carriage", "must be a square of the board", carriage)
    pl.carriage = carriage
    messages = _get(pj, "messages", path)
    if not isinstance(messages, list):
        raise _bad(f"{path}.messages", "must be a list", messages)
    pl.messages = sorted(
        (
            _int(_get(m, "color", f"{path}.messages"), f"{path}.messages.color", 0, n - 1),
            _int(_get(m, "value", f"{path}.messages"), f"{path}.messages.value", 1, 4),
        )
        for m in messages
    )
    mset = _get(pj, "message_set", path)
    if not isinstance(mset, list):
        raise _bad(f"{path}.message_set", "must be a list of colours", mset)
    pl.message_set = {_int(c, f"{path}.message_set", 0, n - 1) for c in mset}
    pl.deck = _names(_get(pj, "deck", path), f"{path}.deck", CARD_SET)
    pl.draft_hand = _names(_get(pj, "draft_hand", path), f"{path}.draft_hand", CARD_SET)
    pl.cards = _names(_get(pj, "cards", path), f"{path}.cards", CARD_SET)
    pl.played = _names(_get(pj, "played", path), f"{path}.played", CARD_SET)
    bought = _get(pj, "bought", path)
    if bought is not None and bought not in PERSONS:
        raise _bad(f"{path}.bought", "must be null or a person", bought)
    pl.bought = bought
    return pl
