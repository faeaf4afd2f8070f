"""Canonical JSON of a Gnomeville position and its exact reconstruction.

Spaces are ``[row, col]`` from the top left; order-free collections are sorted.
"""

from __future__ import annotations

from typing import Any

from reference_impl.core import MalformedInput, exported_options
from reference_impl.gnomeville.data import (
    ABILITIES,
    BOARD_GEOMETRY,
    BOULDER,
    DELIVERIES,
    EVENTS,
    GAME_ID,
    GNOME,
    GOALS,
    KINDS,
    TROLL,
    TROLL_CARDS,
)
from reference_impl.gnomeville.player import STATUSES, Gnome, Player

CELL_VALUES = (*KINDS, TROLL, BOULDER)
PLAYER_FIELDS = (
    "board", "cells", "gnomes", "stumps", "bag", "stacks", "open_stack", "mushrooms", "score",
    "stew", "status", "stuck", "hand", "moves", "transit", "activation", "drawn_abilities",
    "attack", "delivery", "buys_left", "trigger", "tbt_done", "full_town",
)  # fmt: skip
STATE_FIELDS = (
    "game", "num_players", "options", "to_act", "terminal", "round", "phase", "chance",
    "supply", "boulder_supply", "troll_deck", "troll_card", "surprise_card", "troll_discard",
    "ability_deck", "ability_bottom", "delivery_deck", "delivery_card", "delivery_discard",
    "event_deck", "events", "goal_deck", "goals", "attack_queue", "delivery_queue", "players",
)  # fmt: skip


def _coord(p: Player, i: int) -> list[int] | None:
    return p.board.coord(i) if i >= 0 else None


def player_to_canonical(p: Player) -> dict[str, Any]:
    b = p.board
    act = None
    if p.activation is not None:
        act = dict(p.activation)
        act["space"] = b.coord(act["space"])
    att = None
    if p.attack is not None:
        att = {
            "boulders": sorted(b.coord(i) for i in p.attack["boulders"]),
            "trolls": sorted(b.coord(i) for i in p.attack["trolls"]),
            "moves": [list(m) for m in p.attack["moves"]],
        }
    return {
        "board": b.name,
        "cells": [p.cells[row] for row in b.row_slices],
        "gnomes": [
            {
                "space": _coord(p, g.pos),
                "hammer": g.hammer,
                "sword": g.sword,
                "graduated": g.graduated,
                "ability": g.ability,
            }
            for g in p.gnomes
        ],
        "stumps": p.stumps,
        "bag": dict(p.bag),  # kept in canonical order (Player, player_from_canonical)
        "stacks": sorted(sorted(s) for s in p.stacks),
        "open_stack": sorted(p.open_stack) if p.open_stack is not None else None,
        "mushrooms": p.mushrooms,
        "score": p.score,
        "stew": p.stew,
        "status": p.status,
        "stuck": p.stuck,
        "hand": p.hand,
        "moves": p.moves,
        "transit": p.transit if p.transit >= 0 else None,
        "activation": act,
        "drawn_abilities": sorted(p.drawn_abilities),
        "attack": att,
        "delivery": list(p.delivery),
        "buys_left": p.buys_left,
        "trigger": _coord(p, p.trigger),
        "tbt_done": p.tbt_done,
        "full_town": p.full_town,
    }


def state_to_canonical(s: Any) -> dict[str, Any]:
    return {
        "game": GAME_ID,
        "num_players": s.n,
        "options": exported_options(s.options),
        "to_act": s.to_act(),
        "terminal": s.terminal,
        "round": s.round,
        "phase": s.phase,
        "chance": dict(s.chance) if s.chance is not None else None,
        "supply": dict(s.supply),  # kept in canonical order (GVState, state_from_canonical)
        "boulder_supply": s.boulder_supply,
        "troll_deck": sorted(s.troll_deck),
        "troll_card": _card(s.troll_card),
        "surprise_card": _card(s.surprise_card),
        "troll_discard": sorted(s.troll_discard),
        "ability_deck": sorted(s.ability_deck),
        "ability_bottom": list(s.ability_bottom),
        "delivery_deck": sorted(s.delivery_deck),
        "delivery_card": s.delivery_card,
        "delivery_discard": sorted(s.delivery_discard),
        "event_deck": sorted(s.event_deck),
        "events": list(s.events),
        "goal_deck": sorted(s.goal_deck),
        "goals": [
            {"players": list(g["players"]), "cards": sorted(g["cards"]), "size": g["size"]}
            for g in s.goals
        ],
        "attack_queue": [list(a) for a in s.attack_queue],
        "delivery_queue": list(s.delivery_queue),
        "players": [player_to_canonical(p) for p in s.players],
    }


def _card(card: dict[str, Any] | None) -> dict[str, Any] | None:
    if card is None:
        return None
    return {
        "id": card["id"],
        "matrix": list(card["matrix"]),
        "moves": [list(m) for m in card["moves"]],
    }


# -- loading ------------------------------------------------------------------------------
def _req(d: Any, key: str, kind: Any, path: str) -> Any:
    if not isinstance(d, dict) or key not in d:
        raise MalformedInput(f"state field {path}.{key} is missing")
    v = d[key]
    if kind is int and (type(v) is not int):
        raise MalformedInput(f"state field {path}.{key} must be an integer, got {v!r}")
    if kind is int and v < 0:
        raise MalformedInput(f"state field {path}.{key} must not be negative, got {v!r}")
    if kind is not int and kind is not None and not isinstance(v, kind):
        raise MalformedInput(f"state field {path}.{key} has the wrong type: {v!r}")
    return v


def _ids(v: Any, known: Any, path: str) -> list[str]:
    if not isinstance(v, list) or any(not isinstance(x, str) or x not in known for x in v):
        raise MalformedInput(f"state field {path} must list known card ids, got {v!r}")
    if len(set(v)) != len(v):
        raise MalformedInput(f"state field {path} lists a card twice: {v!r}")
    return list(v)


def _keys(d: dict[str, Any], known: Any, path: str) -> None:
    """Refuse fields the canonical form does not have (the schemas' additionalProperties)."""
    extra = sorted(set(d) - set(known))
    if extra:
        raise MalformedInput(f"state field {path} has unknown fields {extra}")


def _tiles(v: Any, path: str) -> list[str]:
    if not isinstance(v, list) or any(not isinstance(k, str) or k not in KINDS for k in v):
        raise MalformedInput(f"state field {path} must list building kinds, got {v!r}")
    return list(v)


def _int_in(v: Any, low: int, high: int, path: str) -> int:
    if type(v) is not int or not low <= v <= high:
        raise MalformedInput(f"state field {path} must be an integer {low}..{high}, got {v!r}")
    return v


def _moves(v: Any, path: str) -> list[list[str]]:
    if not isinstance(v, list) or not all(
        isinstance(m, list)
        and len(m) == 2
        and m[0] in ("N", "E", "S", "W")
        and m[1] in ("step", "far")
        for m in v
    ):
        raise MalformedInput(f"state field {path} must list [dir, 'step'|'far'], got {v!r}")
    return [list(m) for m in v]


def _space(p: Player, v: Any, path: str) -> int:
    if v is None:
        return -1
    i = p.board.index(v)
    if i < 0:
        raise MalformedInput(f"state field {path} is not a space of the board: {v!r}")
    return i


def _card_in(v: Any, path: str) -> dict[str, Any] | None:
    if v is None:
        return None
    if (
        not isinstance(v, dict)
        or set(v) != {"id", "matrix", "moves"}
        or not isinstance(v["id"], str)
        or v["id"] not in TROLL_CARDS
    ):
        raise MalformedInput(f"state field {path} must be a troll card or null, got {v!r}")
    matrix = v["matrix"]
    if not isinstance(matrix, list) or not all(
        isinstance(r, str) and set(r) <= set(".BT") for r in matrix
    ):
        raise MalformedInput(f"state field {path}.matrix must be rows of '.', 'B', 'T'")
    return {"id": v["id"], "matrix": list(matrix), "moves": _moves(v["moves"], path + ".moves")}


def player_from_canonical(d: Any, path: str) -> Player:
    if not isinstance(d, dict):
        raise MalformedInput(f"state field {path} must be an object, got {d!r}")
    _keys(d, PLAYER_FIELDS, path)
    board = _req(d, "board", str, path)
    if board not in BOARD_GEOMETRY:
        raise MalformedInput(f"state field {path}.board: unknown board {board!r}")
    p = Player(board)
    cells = _req(d, "cells", list, path)
    b = p.board
    if len(cells) != b.rows or any(not isinstance(r, list) or len(r) != b.cols for r in cells):
        raise MalformedInput(f"state field {path}.cells must be {b.rows} rows of {b.cols}")
    flat = [c for row in cells for c in row]
    for c in flat:
        if c is not None and c not in CELL_VALUES:
            raise MalformedInput(f"state field {path}.cells holds an unknown value {c!r}")
    p.cells = flat
    gnomes = _req(d, "gnomes", list, path)
    if len(gnomes) != len(p.gnomes):
        raise MalformedInput(f"state field {path}.gnomes must list {len(p.gnomes)} gnomes")
    for k, gd in enumerate(gnomes):
        g = Gnome()
        gp = f"{path}.gnomes.{k}"
        if not isinstance(gd, dict):
            raise MalformedInput(f"state field {gp} must be an object, got {gd!r}")
        _keys(gd, ("space", "hammer", "sword", "graduated", "ability"), gp)
        g.pos = _space(p, _req(gd, "space", None, gp), gp + ".space")
        g.hammer = _req(gd, "hammer", bool, gp)
        g.sword = _req(gd, "sword", bool, gp)
        g.graduated = _req(gd, "graduated", bool, gp)
        g.ability = _req(gd, "ability", None, gp)
        if g.ability is not None and g.ability not in ABILITIES:
            raise MalformedInput(f"state field {gp}.ability: unknown card {g.ability!r}")
        p.gnomes[k] = g
    p.stumps = _int_in(_req(d, "stumps", int, path), 0, len(b.stumps), path + ".stumps")
    bag = _req(d, "bag", dict, path)
    if set(bag) != {*KINDS, GNOME} or any(type(v) is not int or v < 0 for v in bag.values()):
        raise MalformedInput(f"state field {path}.bag must count every tile kind: {bag!r}")
    p.bag = dict(sorted(bag.items()))  # the canonical order, which the export keeps
    p.stacks = [
        _tiles(st, f"{path}.stacks.{k}") for k, st in enumerate(_req(d, "stacks", list, path))
    ]
    if any(len(st) < 3 for st in p.stacks):
        raise MalformedInput(f"state field {path}.stacks: an upgrade stack has 3 tiles or more")
    ops = _req(d, "open_stack", None, path)
    p.open_stack = _tiles(ops, path + ".open_stack") if ops is not None else None
    p.mushrooms = _req(d, "mushrooms", int, path)
    p.score = _req(d, "score", int, path)
    p.stew = _req(d, "stew", bool, path)
    p.status = _req(d, "status", str, path)
    if p.status not in STATUSES:
        raise MalformedInput(f"state field {path}.status must be one of {STATUSES}")
    p.stuck = _req(d, "stuck", bool, path)
    p.hand = _req(d, "hand", None, path)
    if p.hand is not None and (not isinstance(p.hand, str) or p.hand not in (*KINDS, GNOME)):
        raise MalformedInput(f"state field {path}.hand: unknown tile {p.hand!r}")
    p.moves = _int_in(_req(d, "moves", int, path), 0, 3 + b.size, path + ".moves")
    tr = _req(d, "transit", None, path)
    p.transit = -1 if tr is None else _int_in(tr, 0, len(p.gnomes) - 1, path + ".transit")
    act = _req(d, "activation", None, path)
    if act is not None:
        ap = path + ".activation"
        if not isinstance(act, dict) or not {"kind", "space", "gnome"} <= set(act):
            raise MalformedInput(f"state field {ap} must be {{kind, space, gnome}}, got {act!r}")
        _keys(act, ("kind", "space", "gnome", "to_draw"), ap)
        act = dict(act)
        act["space"] = _space(p, act["space"], ap + ".space")
        if act["space"] < 0:
            raise MalformedInput(f"state field {ap}.space must be a space of the board")
        act["gnome"] = _int_in(act["gnome"], 0, len(p.gnomes) - 1, ap + ".gnome")
        if "to_draw" in act:
            act["to_draw"] = _int_in(act["to_draw"], 1, 2, ap + ".to_draw")
    p.activation = act
    p.drawn_abilities = _ids(
        _req(d, "drawn_abilities", list, path), ABILITIES, path + ".drawn_abilities"
    )
    att = _req(d, "attack", None, path)
    if att is not None:
        ap = path + ".attack"
        if not isinstance(att, dict) or set(att) != {"boulders", "trolls", "moves"}:
            raise MalformedInput(f"state field {ap} must be {{boulders, trolls, moves}}")
        spawns = {}
        for what in ("boulders", "trolls"):
            if not isinstance(att[what], list):
                raise MalformedInput(f"state field {ap}.{what} must list spaces")
            spawns[what] = [_space(p, x, f"{ap}.{what}") for x in att[what]]
            if any(i < 0 for i in spawns[what]) or len(set(spawns[what])) != len(att[what]):
                raise MalformedInput(f"state field {ap}.{what} must list distinct spaces")
        att = {**spawns, "moves": _moves(att["moves"], ap + ".moves")}
    p.attack = att
    p.delivery = list(_req(d, "delivery", list, path))
    if not all(isinstance(icon, str) for icon in p.delivery):
        raise MalformedInput(f"state field {path}.delivery must list icon names")
    p.buys_left = _int_in(_req(d, "buys_left", int, path), 0, 5, path + ".buys_left")
    p.trigger = _space(p, _req(d, "trigger", None, path), path + ".trigger")
    p.tbt_done = _req(d, "tbt_done", bool, path)
    p.full_town = _req(d, "full_town", bool, path)
    p.groups = None
    return p


def state_from_canonical(c: Any) -> Any:
    from reference_impl.gnomeville import GAME
    from reference_impl.gnomeville.state import PHASES, GVState

    if not isinstance(c, dict):
        raise MalformedInput("a state is a JSON object")
    _keys(c, STATE_FIELDS, "state")
    if c.get("game") != GAME_ID:
        raise MalformedInput(f"state field game must be {GAME_ID!r}, got {c.get('game')!r}")
    n = _req(c, "num_players", int, "state")
    GAME.check_players(n)
    options = GAME.options_of(_req(c, "options", dict, "state"))
    s = GVState.__new__(GVState)
    s.n, s.options = n, options
    s.round = _req(c, "round", int, "state")
    if not 1 <= s.round <= 5:
        raise MalformedInput(f"state field round must be 1..5, got {s.round}")
    s.phase = _req(c, "phase", str, "state")
    if s.phase not in PHASES:
        raise MalformedInput(f"state field phase must be one of {PHASES}, got {s.phase!r}")
    s.chance = _req(c, "chance", None, "state")
    if s.chance is not None:
        if not isinstance(s.chance, dict):
            raise MalformedInput(f"state field chance must be an object or null, got {s.chance!r}")
        s.chance = dict(s.chance)
    s.terminal = _req(c, "terminal", bool, "state")
    sup = _req(c, "supply", dict, "state")
    if set(sup) != set(KINDS) or any(type(v) is not int or v < 0 for v in sup.values()):
        raise MalformedInput(f"state field supply must count every building kind: {sup!r}")
    s.supply = dict(sorted(sup.items()))  # the canonical order, which the export keeps
    s.boulder_supply = _req(c, "boulder_supply", int, "state")
    s.troll_deck = _ids(_req(c, "troll_deck", list, "state"), TROLL_CARDS, "troll_deck")
    s.troll_card = _card_in(_req(c, "troll_card", None, "state"), "troll_card")
    s.surprise_card = _card_in(_req(c, "surprise_card", None, "state"), "surprise_card")
    s.troll_discard = _ids(_req(c, "troll_discard", list, "state"), TROLL_CARDS, "troll_discard")
    s.ability_deck = _ids(_req(c, "ability_deck", list, "state"), ABILITIES, "ability_deck")
    s.ability_bottom = _ids(_req(c, "ability_bottom", list, "state"), ABILITIES, "ability_bottom")
    s.delivery_deck = _ids(_req(c, "delivery_deck", list, "state"), DELIVERIES, "delivery_deck")
    s.delivery_card = _req(c, "delivery_card", None, "state")
    if s.delivery_card is not None and not isinstance(s.delivery_card, str):
        raise MalformedInput("state field delivery_card must be a card id or null")
    s.delivery_discard = _ids(
        _req(c, "delivery_discard", list, "state"), DELIVERIES, "delivery_discard"
    )
    s.event_deck = _ids(_req(c, "event_deck", list, "state"), EVENTS, "event_deck")
    ev = _req(c, "events", list, "state")
    known = [e is None or (isinstance(e, str) and e in EVENTS) for e in ev]
    if len(ev) != 3 or not all(known):
        raise MalformedInput(f"state field events must be 3 event ids or null, got {ev!r}")
    s.events = list(ev)
    s.goal_deck = _ids(_req(c, "goal_deck", list, "state"), GOALS, "goal_deck")
    s.goals = []
    for k, g in enumerate(_req(c, "goals", list, "state")):
        if isinstance(g, dict):
            _keys(g, ("players", "cards", "size"), f"goals.{k}")
        seats = _req(g, "players", list, f"goals.{k}")
        if any(type(x) is not int for x in seats):
            raise MalformedInput(f"state field goals.{k}.players must list seats")
        s.goals.append(
            {
                "players": list(seats),
                "cards": _ids(_req(g, "cards", list, f"goals.{k}"), GOALS, f"goals.{k}.cards"),
                "size": _req(g, "size", int, f"goals.{k}"),
            }
        )
    s.attack_queue = _req(c, "attack_queue", list, "state")
    if not all(isinstance(a, list) for a in s.attack_queue):
        raise MalformedInput("state field attack_queue must list [seat, 'surprise'|'round']")
    s.attack_queue = [list(a) for a in s.attack_queue]
    s.delivery_queue = list(_req(c, "delivery_queue", list, "state"))
    pl = _req(c, "players", list, "state")
    if len(pl) != n:
        raise MalformedInput(f"state field players must list {n} players, got {len(pl)}")
    s.players = [player_from_canonical(d, f"players.{i}") for i, d in enumerate(pl)]
    s.fired = []
    s._cache = None
    s._act = None
    return s
