"""Canonical JSON of a Villagers solo position, and loading it back (round-trip exact).

The layout is documented by ``spec/villagers/state.schema.json``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from reference_impl.core import MalformedInput, exported_options
from reference_impl.villagers.cards import BASICS, CARDS, EVENTS

if TYPE_CHECKING:
    from reference_impl.villagers.state import VillagersState

GAME_ID = "villagers"
MARKET_STATES = ("hidden", "revealed", "resolved")
CHANCE_KINDS = ("hand", "square", "road", "countess", "countess_reveal", "event")


def _multiset(counter: dict[str, int]) -> list[str]:
    names = sorted(counter)  # counts are positive (a name at 0 is dropped)
    if len(names) == sum(counter.values()):  # so each name once, as hands mostly are
        return names
    return [name for name in names for _ in range(counter[name])]


def card_entries(cards: list[list[Any]]) -> list[dict[str, Any]]:
    """Cards held as ``[name, coins]`` as the canonical state lists them."""
    return [{"card": name, "coins": coins} for name, coins in cards]


def dump_state(s: VillagersState) -> dict[str, Any]:
    return {
        "game": GAME_ID,
        "num_players": 1,
        "options": exported_options(s.options),
        "to_act": s.to_act(),
        "terminal": s.is_terminal(),
        "round": s.round,
        "phase": s.phase,
        "step": s.step,
        "chance": dict(s.chance) if s.chance else None,
        "player": {
            "gold": s.gold,
            "hand": _multiset(s.hand),
            "square": _multiset(s.square),
            "founders": s.founders,
            "village": s.village_export(),
        },
        "countess": {"gold": s.countess_gold, "village": card_entries(s.c_cards)},
        "road": card_entries(s.road),
        "stacks": [
            {"known": list(st["known"]), "hidden": st["hidden"], "market": st["market"]}
            for st in s.stacks
        ],
        "reserve": s.reserve,
        # unseen and discard are kept in card-name order (VillagersState), so copied as they are
        "unseen": dict(s.unseen),
        "basics": {name: s.basics[name] for name in BASICS},
        "discard": dict(s.discard),
        "markets": {"first": s.markets[0], "second": s.markets[1]},
        "events": {
            "summer": list(s.decks["summer"]),
            "winter": list(s.decks["winter"]),
            "active": list(s.active),
            "discard": list(s.event_discard),
        },
        "jester": s.jester,
        "draft": {"limit": s.draft_limit, "taken": s.drafted},
        "build": {"limit": s.build_limit, "built": s.built, "basics": s.basics_built},
        "reveal": {"left": s.reveal_left, "deck": s.reveal_deck},
    }


def _need(obj: Any, key: str, kind: type | tuple[type, ...], path: str) -> Any:
    if not isinstance(obj, dict) or key not in obj:
        raise MalformedInput(f"state field {path}{key} is missing")
    value = obj[key]
    if not isinstance(value, kind) or (isinstance(value, bool) and kind is int):
        raise MalformedInput(f"state field {path}{key} has the wrong type: {value!r}")
    if isinstance(value, int) and not isinstance(value, bool) and value < 0:
        raise MalformedInput(f"state field {path}{key} must not be negative: {value!r}")
    return value


def _card_name(name: Any, path: str) -> str:
    if not isinstance(name, str) or name not in CARDS:
        raise MalformedInput(f"state field {path} names an unknown villager: {name!r}")
    return name


def _counter(names: Any, path: str) -> dict[str, int]:
    if not isinstance(names, list):
        raise MalformedInput(f"state field {path} must be a list of villager names")
    out: dict[str, int] = {}
    for i, name in enumerate(names):
        _card_name(name, f"{path}.{i}")
        out[name] = out.get(name, 0) + 1
    return out


def _count_map(obj: Any, path: str) -> dict[str, int]:
    if not isinstance(obj, dict):
        raise MalformedInput(f"state field {path} must be an object of counts")
    out = {}
    for name, count in obj.items():
        _card_name(name, f"{path}.{name}")
        if not isinstance(count, int) or isinstance(count, bool) or count < 0:
            raise MalformedInput(f"state field {path}.{name} must be a count: {count!r}")
        if count:
            out[name] = count
    return out


def _card_list(items: Any, path: str) -> list[list[Any]]:
    if not isinstance(items, list):
        raise MalformedInput(f"state field {path} must be a list of {{card, coins}}")
    out = []
    for i, item in enumerate(items):
        name = _card_name(_need(item, "card", str, f"{path}.{i}."), f"{path}.{i}.card")
        out.append([name, _need(item, "coins", int, f"{path}.{i}.")])
    return out


def _events(items: Any, path: str) -> list[str]:
    if not isinstance(items, list) or any(not isinstance(e, str) or e not in EVENTS for e in items):
        raise MalformedInput(f"state field {path} must be a list of event ids: {items!r}")
    return sorted(items, key=lambda e: int(e[1:]))


def load_state(data: Any, checked: bool = True) -> VillagersState:
    """Rebuild a position; MalformedInput names the bad field.

    With ``checked`` (every load but the engine's own clone) the position must also be
    reachable by the rules and usable by the engine (reference_impl/villagers/position.py);
    a refused position is never half-built.
    """
    from reference_impl.villagers import GAME, position
    from reference_impl.villagers.state import ALL_STEPS, PHASES, VillagersState

    if not isinstance(data, dict):
        raise MalformedInput("state must be a JSON object")
    if data.get("game") != GAME_ID:
        raise MalformedInput(f"state field game must be {GAME_ID!r}, got {data.get('game')!r}")
    if data.get("num_players") != 1:
        raise MalformedInput(f"state field num_players must be 1, got {data.get('num_players')!r}")
    options = GAME.options_of(_need(data, "options", dict, ""))
    s = VillagersState(options)
    s.round = _need(data, "round", int, "")
    s.phase = _need(data, "phase", str, "")
    if s.phase not in PHASES:
        raise MalformedInput(f"state field phase is not one of {PHASES}: {s.phase!r}")
    s.step = _need(data, "step", str, "")
    if s.step not in ALL_STEPS:
        raise MalformedInput(f"state field step is unknown: {s.step!r}")
    if "chance" not in data:
        raise MalformedInput("state field chance is missing")
    chance = data["chance"]
    if chance is not None:
        kind = _need(chance, "kind", str, "chance.")
        if kind not in CHANCE_KINDS:
            raise MalformedInput(f"state field chance.kind is unknown: {kind!r}")
        if kind == "event" and chance.get("deck") not in ("summer", "winter"):
            raise MalformedInput("state field chance.deck must be 'summer' or 'winter'")
        stack = chance.get("stack")
        if stack is not None and (type(stack) is not int or not 0 <= stack < 6):
            raise MalformedInput(f"state field chance.stack must be 0..5 or null: {stack!r}")
        s.chance = dict(chance)
    player = _need(data, "player", dict, "")
    s.gold = _need(player, "gold", int, "player.")
    s.hand = _counter(_need(player, "hand", list, "player."), "player.hand")
    s.square = _counter(_need(player, "square", list, "player."), "player.square")
    s.founders = _need(player, "founders", str, "player.")
    if s.founders not in ("gold", "food"):
        raise MalformedInput(f"state field player.founders must be gold or food: {s.founders!r}")
    village = _need(player, "village", list, "player.")
    s.columns = []
    for i, column in enumerate(village):
        cards = _card_list(column, f"player.village.{i}")
        if not cards:
            raise MalformedInput(f"state field player.village.{i} is an empty column")
        s.columns.append(cards)
    s.columns.sort()
    countess = _need(data, "countess", dict, "")
    s.countess_gold = _need(countess, "gold", int, "countess.")
    s.c_cards = sorted(
        _card_list(_need(countess, "village", list, "countess."), "countess.village")
    )
    s.road = sorted(_card_list(_need(data, "road", list, ""), "road"))
    stacks = _need(data, "stacks", list, "")
    if len(stacks) != 6:
        raise MalformedInput(f"state field stacks must hold 6 stacks, got {len(stacks)}")
    s.stacks = []
    for i, st in enumerate(stacks):
        if not isinstance(st, dict) or set(st) != {"known", "hidden", "market"}:
            raise MalformedInput(f"state field stacks.{i} must be {{known, hidden, market}}")
        known = _need(st, "known", list, f"stacks.{i}.")
        for j, name in enumerate(known):
            _card_name(name, f"stacks.{i}.known.{j}")
        market = st.get("market")
        if market is not None and (type(market) is not int or market not in (1, 2)):
            raise MalformedInput(f"state field stacks.{i}.market must be null, 1 or 2")
        s.stacks.append(
            {
                "known": list(known),
                "hidden": _need(st, "hidden", int, f"stacks.{i}."),
                "market": market,
            }
        )
    s.reserve = _need(data, "reserve", int, "")
    # in card-name order, the order of the draws' chance outcomes (VillagersState.unseen)
    s.unseen = dict(sorted(_count_map(_need(data, "unseen", dict, ""), "unseen").items()))
    basics = _need(data, "basics", dict, "")
    s.basics = {b: _need(basics, b, int, "basics.") for b in BASICS}
    s.discard = dict(sorted(_count_map(_need(data, "discard", dict, ""), "discard").items()))
    markets = _need(data, "markets", dict, "")
    s.markets = [_need(markets, k, str, "markets.") for k in ("first", "second")]
    if any(m not in MARKET_STATES for m in s.markets):
        raise MalformedInput(f"state field markets must be one of {MARKET_STATES}: {markets!r}")
    ev = _need(data, "events", dict, "")
    s.decks = {
        k: _events(_need(ev, k, list, "events."), f"events.{k}") for k in ("summer", "winter")
    }
    s.active = _events(_need(ev, "active", list, "events."), "events.active")
    s.event_discard = _events(_need(ev, "discard", list, "events."), "events.discard")
    s.jester = _need(data, "jester", bool, "")
    dr = _need(data, "draft", dict, "")
    s.draft_limit = _need(dr, "limit", int, "draft.")
    s.drafted = _need(dr, "taken", int, "draft.")
    bd = _need(data, "build", dict, "")
    s.build_limit = _need(bd, "limit", int, "build.")
    s.built = _need(bd, "built", int, "build.")
    s.basics_built = _need(bd, "basics", int, "build.")
    rv = _need(data, "reveal", dict, "")
    s.reveal_left = _need(rv, "left", int, "reveal.")
    s.reveal_deck = _need(rv, "deck", str, "reveal.")
    if s.reveal_deck not in ("summer", "winter"):
        raise MalformedInput(f"state field reveal.deck must be summer or winter: {s.reveal_deck!r}")
    if checked:
        position.check(s)
        try:
            s.run()
        except (ArithmeticError, LookupError, TypeError, ValueError) as error:
            raise MalformedInput(
                f"state field step: the engine cannot handle this position ({error!r})"
            ) from error
        position.check_usable(s)
    else:
        s.run()
    s.fired = []
    return s
