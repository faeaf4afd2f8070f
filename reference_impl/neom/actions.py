"""Player and chance actions of NEOM: shape checks, legal lists, validation and effects.

Implements NM-ACT-CHOICE, NM-PLACE-REQ, NM-PLACE-REQFAIL, NM-REQ-COST, NM-PLACE-SPACE,
NM-PLACE-REPLACE, NM-PLACE-ROAD, NM-PLACE-NOROTATE, NM-CORNER-DISCARD, NM-CORNER-PLACE,
NM-CORNER-LIMIT, NM-CORNER-REQ, NM-CORNER-NODISASTER, NM-SELL, NM-GOODS-GAIN,
NM-DISASTER-SELECTOR, NM-DISASTER-STRIKE, NM-DISASTER-ORDER, NM-DISASTER-SACRIFICECOUNT.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from reference_impl.core import CHANCE, Action, Actor, IllegalAction, MalformedInput, rule_param
from reference_impl.neom.city import (
    ROADS,
    can_place,
    disaster_amount,
    keeps_joined,
    sacrifice_spaces,
)
from reference_impl.neom.data import CENTRE, CORNERSTONES, SELL_PRICE, SIZE, TILES

if TYPE_CHECKING:
    from reference_impl.neom.state import NeomState, Player

#: allowed keys per action type (required, optional)
SHAPES: dict[str, tuple[frozenset[str], frozenset[str]]] = {
    "board": (frozenset({"player", "good"}), frozenset()),
    "deal": (frozenset({"player", "tile"}), frozenset()),
    "deal_cornerstone": (frozenset({"player", "tile"}), frozenset()),
    "keep": (frozenset({"tile"}), frozenset()),
    "select": (frozenset({"tile"}), frozenset()),
    "place": (frozenset({"x", "y"}), frozenset({"tile", "rotation"})),
    "cornerstone": (frozenset({"tile", "x", "y"}), frozenset({"rotation"})),
    "sell": (frozenset(), frozenset()),
    "pay": (frozenset(), frozenset()),
    "sacrifice": (frozenset({"x", "y"}), frozenset()),
}
CHANCE_TYPES = frozenset({"board", "deal", "deal_cornerstone"})
PHASE_TYPES = {
    "draft": ("keep",),
    "select": ("select",),
    "act": ("place", "cornerstone", "sell"),
    "disaster": ("pay", "sacrifice"),
}


def _text(action: Action) -> str:
    return json.dumps(action, ensure_ascii=False, sort_keys=True)


def check_shape(action: Any) -> None:
    """Raise MalformedInput unless ``action`` has the shape of a NEOM action."""
    if not isinstance(action, dict):
        raise MalformedInput(f"action must be a JSON object, got {action!r}")
    kind = action.get("type")
    if kind not in SHAPES:
        raise MalformedInput(f"action.type: unknown type {kind!r} in {_text(action)}")
    actor = action.get("actor")
    if actor != CHANCE and (not isinstance(actor, int) or isinstance(actor, bool)):
        raise MalformedInput(f"action.actor: expected a seat or 'chance' in {_text(action)}")
    if (actor == CHANCE) != (kind in CHANCE_TYPES):
        raise MalformedInput(f"action.actor: {actor!r} cannot take a {kind!r} action")
    required, optional = SHAPES[kind]
    keys = set(action) - {"actor", "type"}
    if missing := required - keys:
        raise MalformedInput(f"action.{sorted(missing)[0]}: missing in {_text(action)}")
    if extra := keys - required - optional:
        raise MalformedInput(f"action.{sorted(extra)[0]}: unknown field in {_text(action)}")
    for key in ("x", "y"):
        if key in action:
            v = action[key]
            if not isinstance(v, int) or isinstance(v, bool) or not 0 <= v < SIZE:
                raise MalformedInput(f"action.{key}: expected 0-{SIZE - 1}, got {v!r}")
    for key in ("player", "rotation"):
        if key in action and (not isinstance(action[key], int) or isinstance(action[key], bool)):
            raise MalformedInput(f"action.{key}: expected an integer, got {action[key]!r}")
    for key in ("tile", "good"):
        if key in action and not isinstance(action[key], str):
            raise MalformedInput(f"action.{key}: expected a string, got {action[key]!r}")
    if "tile" in action and action["tile"] not in TILES:
        raise MalformedInput(f"action.tile: unknown tile {action['tile']!r}")


# -- requirements ---------------------------------------------------------------------------


def meets(player: Player, name: str) -> bool:
    """The selected tile's requirements: its cost in coins and the goods it needs (NM-REQ-COST)."""
    tile = TILES[name]
    return player.coins >= tile.cost and tile.requires <= player.goods


def cornerstones_in(player: Player) -> int:
    """The cornerstones in the player's city (NM-CORNER-LIMIT), counted once per city."""
    count = player.corners
    if count is None:
        count = player.corners = sum(map(CORNERSTONES.__contains__, player.city))
    return count


def _spaces(state: NeomState, player: Player, name: str, facing: list[int]) -> list[int]:
    """Spaces where ``name`` may go: empty or (by option) replacing, road-joined to the centre.

    ``facing`` is the player's (:func:`facing_roads` of the city).
    """
    city = player.city
    replace = state.options["allow_replace"]
    roads = ROADS[name]
    # NM-PLACE-ROAD: on an empty space, one of its roads meets a road of the city;
    # NM-PLACE-REPLACE: on a tile, if replacing it keeps every tile joined
    return [
        i
        for i, t in enumerate(city)
        if (facing[i] & roads if t is None else replace and keeps_joined(city, i, name, facing))
    ]


def _corner_ok(state: NeomState, player: Player, name: str, index: int) -> bool:
    """The cornerstone limit after placing: never more than the current generation."""
    old = player.city[index]
    after = cornerstones_in(player) + 1 - (1 if old is not None and TILES[old].gen == 0 else 0)
    return after <= state.generation


# -- legal actions --------------------------------------------------------------------------


def player_actions(state: NeomState) -> list[Action]:
    """The actions of the seats to act, in seat order. Each seat's list is kept in
    ``state._seat_cache`` until an action changes it (one player's action never changes
    another's in the same step: NeomState._apply_checked)."""
    out: list[Action] = []
    phase = state.phase
    cache = state._seat_cache
    for seat in state.to_act():
        cached = cache.get(seat)  # type: ignore[arg-type]
        if cached is None:
            seat_actions = SEAT_ACTIONS[phase]
            cached = cache[seat] = seat_actions(state, seat, state.players[seat])  # type: ignore[index]
        out += cached
    return out


def _choice_actions(state: NeomState, seat: Actor, p: Player) -> list[Action]:
    """Keep one cornerstone (NM-DRAFT-DEAL) or select one tile (NM-SELECT-SIMUL) of the hand."""
    kind = "keep" if state.phase == "draft" else "select"  # NM-DRAFT-DEAL, NM-SELECT-SIMUL
    by_name = _choices(seat, kind)  # type: ignore[arg-type]
    return [by_name[t] for t in sorted(set(p.hand))]


def _disaster_actions(state: NeomState, seat: Actor, p: Player) -> list[Action]:
    kind = TILES[state.disasters[0]["tile"]].disaster
    amount = owed(state, p, kind)  # type: ignore[arg-type]
    spaces = sacrifice_spaces(p.city, kind, p.facing)  # type: ignore[arg-type]
    out: list[Action] = []
    if p.coins >= amount or not spaces:
        out.append({"actor": seat, "type": "pay"})
    out += [{"actor": seat, "type": "sacrifice", "x": i % SIZE, "y": i // SIZE} for i in spaces]
    return out


def _act_actions(state: NeomState, seat: Actor, p: Player) -> list[Action]:
    """NM-ACT-CHOICE: place, cornerstone and sell; none for a disaster selector
    (NM-DISASTER-SELECTOR)."""
    out: list[Action] = []
    sel = p.selected
    assert sel is not None
    if TILES[sel].category == "disaster":  # NM-DISASTER-SELECTOR
        return out  # selecting a disaster allows no other action that turn
    city = p.city
    facing = p.facing
    #: road bits -> spaces (where a tile may go depends only on its roads and the city)
    spaces = p.spaces
    generation = state.generation
    count = cornerstones_in(p)
    if count <= generation:  # NM-CORNER-LIMIT
        need = state.options["cornerstone_requirements"]
        for cs in sorted(set(p.cornerstones)):
            if need and not meets(p, cs):  # NM-CORNER-REQ
                continue
            roads = ROADS[cs]
            where = spaces.get(roads)
            if where is None:
                where = spaces[roads] = _spaces(state, p, cs, facing)
            by_space = _put_actions(seat, "cornerstone", cs)
            if count < generation:  # NM-CORNER-LIMIT: room for one more anywhere
                out += [by_space[i] for i in where]
            else:  # NM-CORNER-LIMIT: at the limit, only in place of a placed cornerstone
                out += [by_space[i] for i in where if city[i] in CORNERSTONES]
    if meets(p, sel):  # NM-PLACE-REQ
        where = spaces.get(ROADS[sel])
        if where is None:
            where = spaces[ROADS[sel]] = _spaces(state, p, sel, facing)
        by_space = _put_actions(seat, "place", sel)
        out += [by_space[i] for i in where]
    out.append(_SELLS[seat])  # NM-SELL
    return out


#: (seat, type, tile) -> by space index, the action putting the tile there (place or
#: cornerstone); shared by every position, never mutated
_PUTS: dict[tuple[int, str, str], list[Action]] = {}
#: seat -> its sell action (NM-SELL), shared like _PUTS
_SELLS: list[Action] = [{"actor": seat, "type": "sell"} for seat in range(5)]
#: (seat, type) -> tile name -> the action keeping or selecting it, shared like _PUTS
_CHOICES: dict[tuple[int, str], dict[str, Action]] = {}


def _choices(seat: int, kind: str) -> dict[str, Action]:
    """The shared actions by which ``seat`` keeps or selects (``kind``) each tile, by name."""
    by_name = _CHOICES.get((seat, kind))
    if by_name is None:
        by_name = _CHOICES[seat, kind] = {
            name: {"actor": seat, "type": kind, "tile": name} for name in TILES
        }
    return by_name


def _put_actions(seat: int, kind: str, name: str) -> list[Action]:
    """The shared actions by which ``seat`` puts tile ``name`` on each space, by index."""
    key = (seat, kind, name)
    row = _PUTS.get(key)
    if row is None:
        row = _PUTS[key] = [
            {"actor": seat, "type": kind, "tile": name, "x": i % SIZE, "y": i // SIZE}
            for i in range(SIZE * SIZE)
        ]
    return row


def owed(state: NeomState, p: Player, kind: str) -> int:
    """The coins disaster ``kind`` costs ``p``'s city (NM-DISASTER-COUNT, NM-DISASTER-PROTECT),
    computed once per city (``Player.owed``)."""
    amount = p.owed.get(kind)
    if amount is None:
        amount = p.owed[kind] = disaster_amount(p.city, kind, state.options["protection_scope"])
    return amount


#: phase -> the function listing one seat's actions in it
SEAT_ACTIONS: dict[str, Callable[[NeomState, Actor, Player], list[Action]]] = {
    "draft": _choice_actions,
    "select": _choice_actions,
    "act": _act_actions,
    "disaster": _disaster_actions,
}


def disaster_to_act(state: NeomState) -> list[Actor]:
    """Players struck by the current disaster who owe something and have not answered."""
    if not state.disasters:
        return []
    current = state.disasters[0]
    kind = TILES[current["tile"]].disaster
    return [
        s
        for s, p in enumerate(state.players)
        if s != current["by"]
        and s not in current["decided"]
        and owed(state, p, kind) > 0  # type: ignore[arg-type]
    ]


# -- validation -----------------------------------------------------------------------------


class _Where:
    """The action and the position, formatted only when an error message needs them."""

    __slots__ = ("action", "state")

    def __init__(self, state: NeomState, action: Action) -> None:
        self.state, self.action = state, action

    def __format__(self, spec: str) -> str:
        s = self.state
        return f"{_text(self.action)} (generation {s.generation}, turn {s.turn}, {s.phase})"


def validate_player_action(state: NeomState, action: Action) -> None:
    """Raise IllegalAction (naming the rule) unless ``action`` is legal; never mutates.

    Always checks the rules themselves: the legal-action cache is never consulted, so the
    answer cannot depend on whether ``legal_actions`` was asked first (issue 16).
    """
    seat, kind = action["actor"], action["type"]
    p = state.players[seat]
    where = _Where(state, action)
    allowed = PHASE_TYPES.get(state.phase, ())
    if kind not in allowed:
        if state.phase == "act" and p.selected and TILES[p.selected].category == "disaster":
            pass  # reported below as a disaster rule
        else:
            raise IllegalAction("NM-ACT-CHOICE", f"{where}: expected one of {list(allowed)}")
    if kind in ("keep", "select"):
        if action["tile"] not in p.hand:
            rule = "NM-DRAFT-DEAL" if kind == "keep" else "NM-SELECT-SIMUL"
            raise IllegalAction(
                rule, f"{where}: {action['tile']} is not in the hand {sorted(p.hand)}"
            )
        return
    if state.phase == "act":
        _validate_act(state, p, action, where)
        return
    if kind in ("pay", "sacrifice"):
        dkind = TILES[state.disasters[0]["tile"]].disaster
        spaces = sacrifice_spaces(p.city, dkind, p.facing)  # type: ignore[arg-type]
        if kind == "pay":
            amount = owed(state, p, dkind)  # type: ignore[arg-type]
            if p.coins < amount and spaces:
                raise IllegalAction(
                    "NM-DISASTER-SACRIFICECOUNT",
                    f"{where}: owes {amount} with {p.coins} coins; a tile must be sacrificed",
                )
        elif action["y"] * SIZE + action["x"] not in spaces:
            raise IllegalAction(
                "NM-DISASTER-SACRIFICECOUNT",
                f"{where}: not a {dkind} target whose removal keeps the city joined",
            )


def _validate_act(state: NeomState, p: Player, action: Action, where: _Where) -> None:
    kind = action["type"]
    sel = p.selected
    assert sel is not None
    if TILES[sel].category == "disaster":
        rule = "NM-CORNER-NODISASTER" if kind == "cornerstone" else "NM-DISASTER-SELECTOR"
        raise IllegalAction(rule, f"{where}: a selected disaster allows no other action")
    if kind == "sell":
        return
    if action.get("rotation", 0) != 0:
        raise IllegalAction("NM-PLACE-NOROTATE", f"{where}: tiles are never rotated")
    index = action["y"] * SIZE + action["x"]
    if kind == "place":
        if action.get("tile", sel) != sel:
            raise IllegalAction("NM-ACT-CHOICE", f"{where}: the selected tile is {sel}")
        name = sel
        if not meets(p, name):
            raise IllegalAction(
                "NM-PLACE-REQ",
                f"{where}: {name} needs {TILES[name].cost} coins and goods "
                f"{sorted(TILES[name].requires)}; has {p.coins} and {sorted(p.goods)}",
            )
    else:
        name = action["tile"]
        if name not in p.cornerstones:
            raise IllegalAction(
                "NM-CORNER-PLACE", f"{where}: {name} is not among {sorted(p.cornerstones)}"
            )
        if not _corner_ok(state, p, name, index):
            raise IllegalAction(
                "NM-CORNER-LIMIT",
                f"{where}: {cornerstones_in(p)} cornerstones already in "
                f"generation {state.generation}",
            )
        if state.options["cornerstone_requirements"] and not meets(p, name):
            raise IllegalAction(
                "NM-CORNER-REQ",
                f"{where}: {name} needs {TILES[name].cost} coins and goods "
                f"{sorted(TILES[name].requires)}",
            )
    if p.city[index] is not None and not state.options["allow_replace"]:
        raise IllegalAction("NM-PLACE-REPLACE", f"{where}: the space is taken and replacing is off")
    if not can_place(p.city, index, name):
        raise IllegalAction(
            "NM-PLACE-ROAD", f"{where}: {name} would not be joined by road to the centre"
        )


# -- effects --------------------------------------------------------------------------------


def apply_chance(state: NeomState, action: Action, fired: list[str]) -> None:
    seat = action["player"]
    if action["type"] == "board":  # NM-SETUP-BOARDS: a board is dealt, else a tile
        from reference_impl.neom.state import place_centre

        place_centre(state.players[seat], action["good"])  # NM-SETUP-BOARDS, NM-COMP-CENTRE
        state.boards.remove(action["good"])  # NM-SETUP-BOARDS: without replacement
        fired += ["NM-SETUP-BOARDS", "NM-SETUP-COINS", "NM-COMP-BOARD", "NM-COMP-CENTRE"]
        if all(p.board is not None for p in state.players):
            state.start_deal(state.deal_target)
        return
    state.take_from_deck(action["tile"])  # NM-GEN-DEAL, NM-DRAFT-DEAL: from the deck
    hand = state.players[seat].hand
    hand.append(action["tile"])  # NM-GEN-DEAL, NM-DRAFT-DEAL: one tile a deal
    fired += ["NM-COMP-TILES", "NM-SETUP-PLAYERCOUNT"]
    if len(hand) < state.deal_target:  # NM-GEN-DEAL, NM-DRAFT-DEAL: dealt up to a full hand
        return  # the recipient (every seat before it full) is dealt on
    state.after_deal(fired)


def _put(state: NeomState, p: Player, index: int, name: str, fired: list[str]) -> None:
    old = p.city[index]
    if old is not None:
        fired.append("NM-PLACE-REPLACE")
        if index != CENTRE or TILES[old].category != "centre":
            state.discard_tiles([old])
    else:
        fired.append("NM-PLACE-SPACE")
    p.set_space(index, name)  # NM-PLACE-SPACE, NM-PLACE-REPLACE
    tile = TILES[name]
    if tile.produces:
        # NM-GOODS-GAIN: its token, kept if the tile goes; NM-COMP-GOODS: the good it makes
        p.goods.add(tile.produces)
        fired += ["NM-GOODS-GAIN", "NM-COMP-GOODS"]
    fired += ["NM-PLACE-ROAD", "NM-PLACE-ROADPARTIAL", "NM-ROADS-MEET", "NM-PLACE-NOROTATE"]


def apply_player_action(state: NeomState, action: Action, fired: list[str]) -> None:
    seat, kind = action["actor"], action["type"]
    p = state.players[seat]
    if kind == "keep":  # NM-DRAFT-DEAL: keep one cornerstone
        p.selected = action["tile"]
        p.hand.remove(action["tile"])
        if all(q.selected is not None for q in state.players):
            state.end_draft_round(fired)
        return
    if kind == "select":  # NM-SELECT-SIMUL: select one tile of the hand
        p.selected = action["tile"]
        p.hand.remove(action["tile"])
        fired += ["NM-SELECT-SIMUL", "NM-SELECT-SEQ", "NM-VIEW-HIDDEN", "NM-FLOW-TURN"]
        if state.n == 2:
            fired.append("NM-TWOPLAYER")
        if all(q.selected is not None for q in state.players):
            start_act(state, fired)
        return
    if state.phase == "act":
        _act(state, p, action, fired)
        p.acted = True  # NM-SELECT-SIMUL: every player acts once a turn
        if all(q.acted for q in state.players):
            finish_act(state, fired)
        return
    current = state.disasters[0]
    dkind = TILES[current["tile"]].disaster
    fired += ["NM-DISASTER-TABLE", "NM-DISASTER-SACRIFICECOUNT"]
    if any(TILES[t].protects for t in p.city if t is not None):
        fired += ["NM-DISASTER-PROTECT", "NM-DISASTER-SCOPE"]
    if kind == "pay":
        # NM-DISASTER-COUNT, NM-DISASTER-PROTECT: protected tiles owe nothing
        due = owed(state, p, dkind)  # type: ignore[arg-type]
        p.coins -= min(due, p.coins)  # NM-DISASTER-STRIKE, NM-DISASTER-SACRIFICECOUNT: at most all
        fired += ["NM-DISASTER-STRIKE", "NM-DISASTER-COUNT"]
    else:
        index = action["y"] * SIZE + action["x"]  # NM-DISASTER-SACRIFICE: the space chosen
        state.discard_tiles([p.city[index]])  # type: ignore[list-item]  # NM-DISASTER-SACRIFICE
        p.set_space(index, None)  # NM-DISASTER-SACRIFICE: one target tile removed
        fired += ["NM-DISASTER-STRIKE", "NM-DISASTER-SACRIFICE"]
    current["decided"].append(seat)
    advance_disasters(state, fired)


def _act(state: NeomState, p: Player, action: Action, fired: list[str]) -> None:
    kind = action["type"]
    sel = p.selected
    assert sel is not None
    fired.append("NM-ACT-CHOICE")
    if not meets(p, sel):
        fired.append("NM-PLACE-REQFAIL")
    if kind == "sell":
        fired.append("NM-BANK-UNLIMITED")
        state.discard_tiles([sel])  # NM-SELL: discarded unused
        # NM-SELL: the sale's price (NM-BANK-UNLIMITED: paid in full)
        p.coins += rule_param(state.options, "NM-SELL", "price", SELL_PRICE)
        fired.append("NM-SELL")
    elif kind == "place":
        index = action["y"] * SIZE + action["x"]
        p.coins -= TILES[sel].cost  # NM-REQ-COST: the coins are paid; goods are not used up
        _put(state, p, index, sel, fired)
        fired += ["NM-PLACE-REQ", "NM-REQ-COST"]
    else:
        index = action["y"] * SIZE + action["x"]
        name = action["tile"]
        state.discard_tiles([sel])  # NM-CORNER-DISCARD: the selected tile, unused
        p.cornerstones.remove(name)  # NM-CORNER-PLACE: one of the kept cornerstones
        if state.options["cornerstone_requirements"]:
            p.coins -= TILES[name].cost  # NM-CORNER-REQ, NM-REQ-COST
        _put(state, p, index, name, fired)
        fired += ["NM-CORNER-DISCARD", "NM-CORNER-PLACE", "NM-CORNER-LIMIT", "NM-CORNER-SIMILAR"]
        if state.options["cornerstone_requirements"]:
            fired.append("NM-CORNER-REQ")
    p.selected = None


def start_act(state: NeomState, fired: list[str]) -> None:
    state.phase = "act"
    for p in state.players:
        if TILES[p.selected].category == "disaster":  # type: ignore[index]
            p.acted = True  # NM-DISASTER-SELECTOR: no other action this turn
            fired += ["NM-DISASTER-SELECTOR", "NM-CORNER-NODISASTER"]
    if all(q.acted for q in state.players):
        finish_act(state, fired)


def finish_act(state: NeomState, fired: list[str]) -> None:
    """Selected disasters strike the others, in their selectors' seat order (NM-DISASTER-ORDER)."""
    state.disasters = []
    for seat, p in enumerate(state.players):
        if p.selected is not None:  # only disasters remain selected
            # NM-DISASTER-STRIKE: the selected disaster strikes the others at the end of the turn
            state.disasters.append({"tile": p.selected, "by": seat, "decided": []})
            state.discard_tiles([p.selected])
            p.selected = None
    if state.solo and state.options["solo_disasters_strike"]:  # NM-SOLO-PLAY: left-over disasters
        for name in sorted(state.players[0].hand):
            if TILES[name].category == "disaster":
                state.disasters.append({"tile": name, "by": None, "decided": []})
    if not state.disasters:
        fired.append("NM-DISASTER-NONE")
    elif len(state.disasters) > 1:
        fired.append("NM-DISASTER-ORDER")
    advance_disasters(state, fired)


def advance_disasters(state: NeomState, fired: list[str]) -> None:
    """Resolve disasters nobody has to answer; end the turn when none remains."""
    state.phase = "disaster"  # NM-DISASTER-STRIKE: the struck answer at the end of the turn
    while state.disasters:
        state._to_act = None  # NM-DISASTER-STRIKE: the struck by this disaster are to answer
        if disaster_to_act(state):
            return
        state.disasters.pop(0)
        fired.append("NM-DISASTER-STRIKE")
    state._to_act = None
    state.end_turn(fired)
