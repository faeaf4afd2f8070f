"""Build phase: building from hand along chains, padlock payments, basic villagers.

Implements VL-BUILD-HAND, VL-BUILD-LIMIT, VL-BUILD-BASIC, VL-BUILD-BASIC-LIMIT,
VL-CHAIN-ON, VL-CHAIN-FOUNDERS, VL-LOCK-OWN, VL-LOCK-COUNTESS, VL-LOCK-BANK,
VL-BUILD-FOUNDERS-FLIP, VL-EVENT-SERFDOM, VL-EVENT-COUNTESS-BANK, VL-EVENT-ARSON.
"""

from __future__ import annotations

from bisect import insort
from functools import cache
from typing import TYPE_CHECKING, Any

from reference_impl.core import Action, IllegalAction, MalformedInput, rule_param
from reference_impl.villagers import events
from reference_impl.villagers.cards import BASICS, CARDS, FOUNDERS, SETUP, build_limit

if TYPE_CHECKING:
    from reference_impl.villagers.state import VillagersState

BASIC_LIMIT = 3
LOCK_FEE = 2
COUNTESS_BANK_FEE = 3
ARSON, ARSON_COST = "e15", 3
SERFDOM, COUNTESS_BANK = "e8", "e12"


def start(state: VillagersState) -> None:
    """Build limit from the builder icons shown at the start of the phase (VL-BUILD-LIMIT).

    VL-BUILD-ONLY-PLAYER: the phase is the player's alone, the Countess builds nothing here.
    """
    state.phase = "build"
    state.built = 0
    state.basics_built = 0
    # VL-BUILD-LIMIT-WHEN: the builder icons are counted once, at the start of the phase
    state.build_limit = build_limit(state.player_tally().builders)
    state.fired.append("VL-BUILD-LIMIT")
    # VL-EVENT-ARSON, VL-EVENT-TIMING: an active Arson acts at the start of the build
    state.step = "arson" if ARSON in state.active else "build"


def lock_plan(state: VillagersState, name: str) -> tuple[str, int]:
    """Who pays for ``name``'s padlock: ("none"|"own"|"countess"|"bank", gold you pay)."""
    lock = CARDS[name].lock
    if lock is None:
        return "none", 0  # VL-BUILD-HAND: no padlock, nothing to pay
    # VL-LOCK-OWN: the unlocker is in your village, the bank pays
    if any(card == lock for column in state.columns for card, _ in column):
        return "own", 0
    # VL-LOCK-COUNTESS: the unlocker is only in her village, you pay 2
    if any(card == lock for card, _ in state.c_cards):
        return "countess", LOCK_FEE
    bank_fee = rule_param(state.options, "VL-LOCK-BANK", "fee", LOCK_FEE)
    # VL-EVENT-COUNTESS-BANK: while active, the bank's fee is 3; VL-LOCK-BANK: else 2
    fee = COUNTESS_BANK_FEE if COUNTESS_BANK in state.active else bank_fee
    return "bank", fee


def placements(state: VillagersState, name: str) -> list[int | None]:
    """Columns ``name`` may go on (None: a new column). Implements VL-CHAIN-ON."""
    on = CARDS[name].on
    if on is None:
        return [None]
    if on == FOUNDERS:  # VL-CHAIN-FOUNDERS: a new chain on the Founders, if it has room
        return [None] if state.may_branch() else []
    return [i for i, column in enumerate(state.columns) if column[-1][0] == on]


def actions(state: VillagersState) -> list[Action]:
    """The build step's actions, in a new list of shared actions (never mutated).

    VL-BUILD-ORDER: both kinds of build are offered at every step, in any order.
    """
    out: list[Action] = []
    if state.step == "arson":  # VL-EVENT-ARSON: build 1 fewer, or pay 3 if you can
        out.append(ARSON_FEWER)
        if state.gold >= ARSON_COST:
            out.append(ARSON_PAY)
        return out
    out.append(END_BUILD)  # VL-BUILD-OPTIONAL: stop at will
    hand = sorted(state.hand)
    if state.built < state.build_limit:  # VL-BUILD-HAND within VL-BUILD-LIMIT
        columns = state.columns
        own: set[str] | None = None  # VL-LOCK-AFFORD: your villagers, read when needed
        countess: set[str] | None = None  # VL-LOCK-AFFORD: hers, read on a first padlock
        bank_fee = LOCK_FEE
        gold = state.gold
        tops = [column[-1][0] for column in columns]  # VL-CHAIN-ON: the top card of each column
        new_branch: bool | None = None  # VL-CHAIN-FOUNDERS: room for a chain, read once
        for name in hand:
            card = CARDS[name]
            lock = card.lock
            if lock is not None:
                if countess is None:
                    countess = {n for n, _ in state.c_cards}
                    if COUNTESS_BANK in state.active:  # VL-EVENT-COUNTESS-BANK: the fee is 3
                        bank_fee = COUNTESS_BANK_FEE
                    else:
                        bank_fee = rule_param(state.options, "VL-LOCK-BANK", "fee", LOCK_FEE)
                # VL-LOCK-AFFORD: a padlock you cannot pay keeps the villager in hand
                if (LOCK_FEE if lock in countess else bank_fee) > gold:
                    if own is None:
                        own = {n for column in columns for n, _ in column}
                    if lock not in own:  # your own unlocker makes the padlock free
                        continue
            on = card.on
            if on is None:  # VL-CHAIN-ON: no parent, a new column
                out.append(_NEW_COLUMN_BUILDS[name])
            elif on == FOUNDERS:
                if new_branch is None:
                    new_branch = state.may_branch()
                if new_branch:  # VL-CHAIN-FOUNDERS: the Founders has room for another chain
                    out.append(_NEW_COLUMN_BUILDS[name])
            elif on in tops:
                for i, top in enumerate(tops):  # VL-CHAIN-ON: on a column topped by the parent
                    if top == on:
                        out.append(_column_build(name, i))
    if state.basics_built < BASIC_LIMIT and hand:  # VL-BUILD-BASIC within VL-BUILD-BASIC-LIMIT
        # VL-EVENT-SERFDOM: the card goes to her village; VL-BUILD-RETURN-STACK: else onto
        # a stack that still holds cards
        stacks = (None,) if SERFDOM in state.active else tuple(state.stacks_with_cards())
        rows = _basic_rows(stacks)
        basics = state.basics
        for basic in BASICS:
            if basics[basic] > 0:  # VL-BUILD-BASIC-SUPPLY: an exhausted kind cannot be built
                by_card = rows[basic]
                for name in hand:
                    out += by_card[name]
    return out


#: the Arson choices and the end of the build (shared by every listing, never mutated)
ARSON_FEWER: Action = {"actor": 0, "type": "arson", "choice": "fewer"}
ARSON_PAY: Action = {"actor": 0, "type": "arson", "choice": "pay"}
END_BUILD: Action = {"actor": 0, "type": "end_build"}
#: build actions onto a new column by card (shared by every listing, never mutated)
_NEW_COLUMN_BUILDS: dict[str, Action] = {
    name: {"actor": 0, "type": "build", "card": name, "column": None} for name in CARDS
}
#: build actions onto a column by (card, column), made on first listing, then shared
_COLUMN_BUILDS: dict[tuple[str, int], Action] = {}


def _column_build(name: str, column: int) -> Action:
    """The (shared, never mutated) action building ``name`` on column ``column``."""
    action = _COLUMN_BUILDS.get((name, column))
    if action is None:
        action = {"actor": 0, "type": "build", "card": name, "column": column}
        _COLUMN_BUILDS[name, column] = action
    return action


#: build_basic actions by basic, returned card and stack (None: Serfdom's), shared by every
#: listing and never mutated
_BASIC_BUILDS: dict[str, dict[str, dict[int | None, Action]]] = {
    basic: {
        name: {
            stack: {
                "actor": 0,
                "type": "build_basic",
                "basic": basic,
                "return": name,
                "stack": stack,
            }
            for stack in (None, *range(SETUP["stacks"]))
        }
        for name in CARDS
    }
    for basic in BASICS
}


@cache
def _basic_rows(stacks: tuple[int | None, ...]) -> dict[str, dict[str, tuple[Action, ...]]]:
    """The build_basic actions by basic and returned card, one per stack of ``stacks`` in
    their order: a hand card's actions are then listed in one go. Kept per tuple of stacks
    (at most 65: the subsets of the six stacks, and Serfdom's None)."""
    return {
        basic: {name: tuple(by_stack[stack] for stack in stacks) for name, by_stack in rows.items()}
        for basic, rows in _BASIC_BUILDS.items()
    }


def _need_build(state: VillagersState, action: Action, rule: str) -> None:
    if state.step != "build":
        raise IllegalAction(rule, f"{action!r}: not in the build phase (step {state.step!r})")


def do_arson(state: VillagersState, action: Action) -> None:
    """VL-EVENT-ARSON: 1 fewer build action, or pay 3 gold to the bank."""
    if state.step != "arson":
        raise IllegalAction("VL-EVENT-ARSON", f"{action!r}: no Arson choice is due")
    choice = action.get("choice")
    if choice not in ("pay", "fewer"):
        raise MalformedInput(f"{action!r}: 'choice' must be 'pay' or 'fewer'")
    if choice == "pay" and state.gold < ARSON_COST:
        raise IllegalAction("VL-EVENT-ARSON", f"{action!r}: {state.gold} gold, Arson costs 3")
    if choice == "pay":  # VL-EVENT-ARSON: pay 3 gold to the bank, or 1 fewer build
        state.gold -= ARSON_COST
    else:
        state.build_limit = max(0, state.build_limit - 1)
    state.fired.append("VL-EVENT-ARSON")
    state.step = "build"


def do_build(state: VillagersState, action: Action) -> None:
    _need_build(state, action, "VL-BUILD-HAND")
    name, column = action.get("card"), action.get("column", None)
    if not isinstance(name, str) or not (
        column is None or (isinstance(column, int) and not isinstance(column, bool))
    ):
        raise MalformedInput(f"{action!r}: needs 'card' (string) and 'column' (integer or null)")
    if state.hand.get(name, 0) <= 0:
        raise IllegalAction("VL-BUILD-HAND", f"{action!r}: no {name!r} in hand")
    if state.built >= state.build_limit:  # VL-BUILD-LIMIT
        raise IllegalAction(
            "VL-BUILD-LIMIT", f"{action!r}: {state.built} of {state.build_limit} builds used"
        )
    if column not in placements(state, name):
        on = CARDS[name].on
        rule = "VL-CHAIN-FOUNDERS" if on == FOUNDERS else "VL-CHAIN-ON"
        raise IllegalAction(rule, f"{action!r}: {name} must go on a top {on or 'new column'}")
    plan, fee = lock_plan(state, name)
    if fee > state.gold:  # VL-LOCK-AFFORD: gold never goes negative
        rule = "VL-LOCK-COUNTESS" if plan == "countess" else "VL-LOCK-BANK"
        raise IllegalAction(rule, f"{action!r}: the padlock costs {fee}, you have {state.gold}")
    # mutate
    dynamic = state.options["build_limit_dynamic"]  # VL-BUILD-LIMIT-WHEN, alternative reading
    builders_before = state.player_tally().builders if dynamic else 0  # VL-BUILD-LIMIT-WHEN
    lock = CARDS[name].lock  # VL-LOCK-OWN, VL-LOCK-COUNTESS: the unlocker
    state.gold -= fee  # VL-LOCK-COUNTESS, VL-LOCK-BANK: you pay the padlock fee
    if plan == "own":
        # VL-LOCK-OWN: 2 bank coins on your unlocker (VL-LOCK-TARGET: the first copy)
        _first_coin_target([c for col in state.columns for c in col], lock)[1] += LOCK_FEE
        state.fired.append("VL-LOCK-OWN")
    elif plan == "countess":
        # VL-LOCK-COUNTESS: your 2 gold onto her unlocker (VL-LOCK-TARGET: the first copy)
        _first_coin_target(state.c_cards, lock)[1] += LOCK_FEE
        state.c_cards.sort()
        state.fired.append("VL-LOCK-COUNTESS")
    elif plan == "bank":
        state.fired.append("VL-LOCK-BANK")
        if fee == COUNTESS_BANK_FEE:
            state.fired.append("VL-EVENT-COUNTESS-BANK")
    _take(state.hand, name)  # VL-BUILD-HAND: from hand into the village
    if column is None:  # VL-CHAIN-ON: a new column, or on top of its parent's column
        state.columns.append([[name, 0]])
    else:
        state.columns[column].append([name, 0])
    state.columns.sort()
    state.village_changed()
    state.built += 1  # VL-BUILD-LIMIT: one build from hand used
    state.fired += ["VL-BUILD-HAND", "VL-CHAIN-ON", "VL-BUILD-LIMIT"]
    if dynamic:  # VL-BUILD-LIMIT-WHEN, alternative reading
        after = state.player_tally().builders
        state.build_limit += build_limit(after) - build_limit(builders_before)


def _first_coin_target(cards: list[list[Any]], lock: str | None) -> list[Any]:
    """VL-LOCK-TARGET: coins go on the first matching card in canonical order."""
    return next(card for card in cards if card[0] == lock)


def do_build_basic(state: VillagersState, action: Action) -> None:
    _need_build(state, action, "VL-BUILD-BASIC")
    basic, name, stack = action.get("basic"), action.get("return"), action.get("stack", None)
    if basic not in BASICS or not isinstance(name, str):
        raise MalformedInput(f"{action!r}: needs 'basic' in {BASICS} and 'return' (card name)")
    if not (stack is None or (isinstance(stack, int) and not isinstance(stack, bool))):
        raise MalformedInput(f"{action!r}: 'stack' must be an integer or null")
    if state.basics_built >= BASIC_LIMIT:  # VL-BUILD-BASIC-LIMIT
        raise IllegalAction("VL-BUILD-BASIC-LIMIT", f"{action!r}: 3 basic villagers already built")
    if state.basics[basic] <= 0:  # VL-BUILD-BASIC-SUPPLY: an exhausted kind cannot be built
        raise IllegalAction("VL-BUILD-BASIC", f"{action!r}: no {basic} left in the supply")
    if state.hand.get(name, 0) <= 0:
        raise IllegalAction("VL-BUILD-BASIC", f"{action!r}: no {name!r} in hand to return")
    serf = SERFDOM in state.active  # VL-EVENT-SERFDOM
    if serf and stack is not None:
        raise IllegalAction("VL-EVENT-SERFDOM", f"{action!r}: Serfdom sends it to the Countess")
    # VL-BUILD-RETURN-STACK: the card goes onto a stack that still holds cards
    if not serf and (
        stack is None or not 0 <= stack < len(state.stacks) or not state.stack_has_cards(stack)
    ):
        raise IllegalAction("VL-BUILD-BASIC", f"{action!r}: stack {stack} cannot take the card")
    _take(state.hand, name)  # VL-BUILD-BASIC: a hand card is given up
    if serf:  # VL-EVENT-SERFDOM: the card goes to the Countess's village
        insort(state.c_cards, [name, 0])
        state.fired += ["VL-EVENT-SERFDOM", "VL-COUNTESS-BUILD"]
    else:
        # VL-BUILD-RETURN-STACK: face down on top of the stack, known, drawn before its hidden
        state.stacks[stack]["known"].append(name)
    state.basics[basic] -= 1  # VL-BUILD-BASIC-SUPPLY: taken from the 10 of its kind
    insort(state.columns, [[basic, 0]])  # VL-CHAIN-ON: a basic villager starts a new column
    state.village_changed()
    state.basics_built += 1  # VL-BUILD-BASIC-LIMIT: at most 3 per build phase
    state.fired += ["VL-BUILD-BASIC", "VL-BUILD-BASIC-LIMIT"]


def do_end_build(state: VillagersState, action: Action) -> None:
    """End of the build phase (VL-BUILD-OPTIONAL: at the player's will): the Founders flip
    (VL-BUILD-FOUNDERS-FLIP)."""
    _need_build(state, action, "VL-BUILD-HAND")
    # VL-BUILD-FOUNDERS-FLIP: no food icon shown, the Founders turns to food for good
    if state.founders == "gold" and state.player_tally().food == 0:
        state.founders = "food"
        state.village_changed()
        state.fired.append("VL-BUILD-FOUNDERS-FLIP")
    events.spend(state, "build")  # VL-EVENT-TIMING: build-timed events are spent with the phase
    # VL-ROUND-ORDER: the event phase follows the build
    state.phase = "event"
    state.step = "events"  # VL-ROUND-ORDER
    state.fired.append("VL-EVENT-ORDER")


def _take(counter: dict[str, int], name: str) -> None:
    counter[name] -= 1
    if not counter[name]:
        del counter[name]
