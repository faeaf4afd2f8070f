"""Villager card data and the village arithmetic (gold, food, builders, silver).

Implements VL-COMP-CARDS, VL-COMP-COPIES, VL-CHAIN-VISIBLE, VL-ICONS-COVERED, VL-SILVER-*.
Pure helpers over plain data, so z3 terms can go through :func:`silver_formula`.
"""

from __future__ import annotations

import operator
from dataclasses import dataclass
from typing import Any

from reference_impl.components import component

GAME_ID = "villagers"
FOUNDERS = "Founders"
COUNTESS_CARD = "Countess"
BASICS = ("Hayer", "Lumberjack", "Miner")
SUITS = ("grain", "grapes", "hay", "ore", "solitary", "wood")


@dataclass(frozen=True)
class Card:
    """One villager kind (frozen value object)."""

    name: str
    suit: str
    sym: int
    on: str | None
    lock: str | None
    food: int
    build: int
    gold: int
    silver: tuple[str, int, int] | None  # (count, per, each)
    basic: bool
    silver_rule: str | None = None  # the card's own VL-SILVER-* rule, from the component data


def _card(name: str, raw: dict[str, Any], basic: bool = False) -> Card:
    silver = raw.get("silver")
    return Card(
        name=name,
        suit=raw["suit"],
        sym=int(raw["sym"]),
        on=raw.get("parent"),
        lock=raw.get("lock"),
        food=int(raw["food"]),
        build=int(raw["build"]),
        gold=int(raw["gold"]),
        silver=(silver["count"], int(silver["per"]), int(silver["each"])) if silver else None,
        basic=basic,
        silver_rule=silver.get("rule") if silver else None,
    )


# VL-COMP-CARDS: the base-set villagers as the component data lists them
CARDS: dict[str, Card] = {n: _card(n, r) for n, r in component(GAME_ID, "villagers").items()}
BASIC_DATA = component(GAME_ID, "basic-villagers")
for _name, _raw in BASIC_DATA.items():
    CARDS[_name] = _card(_name, _raw, basic=True)
BASIC_COUNT: dict[str, int] = {n: int(r["count"]) for n, r in BASIC_DATA.items()}
_FOUNDERS = component(GAME_ID, "founders")
FOUNDERS_SIDES: dict[str, Card] = {
    side: _card(FOUNDERS, {**_FOUNDERS[side], "parent": None, "lock": None})
    for side in ("gold", "food")
}
FOUNDERS_BRANCHES: int = int(_FOUNDERS["max_branches"])
COUNTESS_GOLD: int = int(component(GAME_ID, "countess-card")["gold"])
STARTING_ROAD: tuple[str, ...] = tuple(component(GAME_ID, "starting-road"))
SETUP: dict[str, int] = dict(component(GAME_ID, "setup"))
EVENTS: dict[str, dict[str, str]] = {
    event: {**data, **component(GAME_ID, "event-seasons")[event]}
    for event, data in component(GAME_ID, "events").items()
}

# VL-COMP-COPIES: 2 copies of each base villager; VL-SETUP-REMOVE: only the base villagers
# (no Special, Wool or Leather card) are in the game
_COPIES = int(component(GAME_ID, "villager-copies")["default"])
DECK: dict[str, int] = {n: _COPIES for n in component(GAME_ID, "villagers")}
#: every villager card in the game (deck + starting road), for conservation checks.
ALL_CARDS: dict[str, int] = dict(DECK)
for _name in STARTING_ROAD:
    ALL_CARDS[_name] = ALL_CARDS.get(_name, 0) + 1

#: keyring number: how many cards of the game a villager unlocks (VL-EVENT-BRIBES).
KEYRING: dict[str, int] = {}
for _name, _count in ALL_CARDS.items():
    _lock = CARDS[_name].lock
    if _lock:
        KEYRING[_lock] = KEYRING.get(_lock, 0) + _count


def _ite(condition: Any, then: Any, otherwise: Any) -> Any:
    return then if condition else otherwise


def silver_formula(count: Any, per: int, each: int, div: Any = operator.floordiv) -> Any:
    """Implements VL-SILVER-FORMULA: ``each`` silver per ``per`` counted things.

    ``div`` lets z3 terms through (conformance/proofs pass integer division of z3).
    """
    return each * div(count, per)


@dataclass
class Tally:
    """What a village shows: the counts every silver formula reads."""

    gold: int = 0  # printed gold of visible cards (market income)
    gold_symbols: int = 0
    wood_gold: int = 0
    food: int = 0
    builders: int = 0
    padlocks: int = 0
    coins: int = 0
    max_coins: int = 0
    basics: int = 0
    wood_symbols: int = 0
    hay_symbols: int = 0
    ore_symbols: int = 0
    solitary_symbols: int = 0
    grain_symbols: int = 0
    grapes_symbols: int = 0


def tally(
    cards: list[tuple[Card, int, bool]], icons_covered: bool = True, gold_top_only: bool = True
) -> Tally:
    """Count a village given (card, coins on it, is top of its chain) triples.

    Implements VL-CHAIN-VISIBLE and VL-ICONS-COVERED.
    """
    coins = max_coins = gold = gold_symbols = wood_gold = food = builders = padlocks = basics = 0
    symbols = dict.fromkeys(SUITS, 0)
    for card, on_card, top in cards:
        coins += on_card
        if on_card > max_coins:  # VL-SILVER-AGENT: the largest pile of coins
            max_coins = on_card
        if top or not gold_top_only:  # VL-CHAIN-VISIBLE: only top cards show their gold
            printed = card.gold
            if printed:
                gold += printed
                gold_symbols += 1  # VL-SILVER-PEDDLER, VL-EVENT-VAT: visible gold symbols
                if card.suit == "wood":  # VL-SILVER-WOOD-CARVER: gold on wood villagers
                    wood_gold += printed
        if not (top or icons_covered):  # VL-ICONS-COVERED: covered icons count by default
            continue
        food += card.food  # VL-ICONS-COVERED: every icon counts
        builders += card.build  # VL-BUILD-LIMIT: builder icons
        if card.lock:  # VL-SILVER-LOCKSMITH: padlock symbols
            padlocks += 1
        if card.basic:
            basics += 1
        if card.name != COUNTESS_CARD:
            symbols[card.suit] += card.sym
    return Tally(
        gold,
        gold_symbols,
        wood_gold,
        food,
        builders,
        padlocks,
        coins,
        max_coins,
        basics,
        symbols["wood"],
        symbols["hay"],
        symbols["ore"],
        symbols["solitary"],
        symbols["grain"],
        symbols["grapes"],
    )


def silver_value(card: Card, t: Tally) -> int:
    """The silver value of ``card`` in a village that shows ``t`` (0 if it has none).

    VL-SILVER-FORMULA: the one code path for every silver card; each card's own rule is
    its (count, per, each) in the component data.
    """
    if card.silver is None:
        return 0
    count, per, each = card.silver
    return silver_formula(getattr(t, count), per, each)


def draft_limit(food: Any, ite: Any = _ite) -> Any:
    """Implements VL-DRAFT-COUNT: 2 + food icons, at most 5 (``ite`` lets z3 terms through)."""
    return ite(2 + food > 5, 5, 2 + food)


def build_limit(builders: Any, ite: Any = _ite) -> Any:
    """Implements VL-BUILD-LIMIT: 2 + builder icons, at most 5."""
    return ite(2 + builders > 5, 5, 2 + builders)


def reveal_count(value: Any, ite: Any = _ite) -> Any:
    """Implements VL-EVENT-REVEAL: 0 -> 3 events, 1-9 -> 2, 10+ -> 1."""
    return ite(value <= 0, 3, ite(value <= 9, 2, 1))


# VL-SETUP-COUNTESS: the Countess card, gold side up with 4 printed gold
COUNTESS = Card(COUNTESS_CARD, "none", 0, None, None, 0, 0, COUNTESS_GOLD, None, False)
