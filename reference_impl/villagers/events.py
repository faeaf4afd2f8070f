"""Event phase: the 24 solo events, the Jester, and events acting on reveal.

Implements VL-EVENT-ORDER, VL-EVENT-JESTER, VL-EVENT-TIMING and every VL-EVENT-<NAME>
effect of the Countess's events (effects from facts §2.5, rulings in the catalogue).
"""

from __future__ import annotations

from bisect import insort
from typing import TYPE_CHECKING, Any

from reference_impl.core import Action, IllegalAction, MalformedInput
from reference_impl.villagers.cards import CARDS, EVENTS, KEYRING, silver_value

if TYPE_CHECKING:
    from reference_impl.villagers.state import VillagersState

MOOD_SWING, DARK_MOOD, IT_WAS_YOU = "e2", "e13", "e14"
RULE_OF: dict[str, str] = {
    "e1": "VL-EVENT-BANQUET",
    "e2": "VL-EVENT-MOOD-SWING",
    "e3": "VL-EVENT-BLACK-MARKET",
    "e4": "VL-EVENT-VAT",
    "e5": "VL-EVENT-LAND-CLAIM",
    "e6": "VL-EVENT-TEMP-EMPLOYMENT",
    "e7": "VL-EVENT-BRIBES",
    "e8": "VL-EVENT-SERFDOM",
    "e9": "VL-EVENT-CUSTOMS",
    "e10": "VL-EVENT-GUILD",
    "e11": "VL-EVENT-BETRAYER",
    "e12": "VL-EVENT-COUNTESS-BANK",
    "e13": "VL-EVENT-DARK-MOOD",
    "e14": "VL-EVENT-IT-WAS-YOU",
    "e15": "VL-EVENT-ARSON",
    "e16": "VL-EVENT-CONSCRIPTION",
    "e17": "VL-EVENT-TRIBUTE",
    "e18": "VL-EVENT-PROTECTION",
    "e19": "VL-EVENT-TRADE-NETWORK",
    "e20": "VL-EVENT-SPY-NETWORK",
    "e21": "VL-EVENT-BLACKMAIL",
    "e22": "VL-EVENT-ABDUCTION",
    "e23": "VL-EVENT-ARREST",
    "e24": "VL-EVENT-RATS",
}


def _ekey(event: str) -> int:
    return int(event[1:])


def on_reveal(state: VillagersState, event: str, deck: str) -> None:
    """A revealed event becomes active, except the two that act on reveal."""
    if event == MOOD_SWING:  # VL-EVENT-MOOD-SWING: discarded, one more from the same deck
        discard(state, event)
        state.reveal_left += 1
        state.fired.append(RULE_OF[event])
    elif event == DARK_MOOD:  # VL-EVENT-DARK-MOOD: discarded, two more from the same deck
        discard(state, event)
        state.reveal_left += 2
        state.fired.append(RULE_OF[event])
    else:  # VL-EVENT-TIMING: in force until its own phase
        insort(state.active, event, key=_ekey)
        state.fired.append("VL-EVENT-TIMING")


def discard(state: VillagersState, event: str) -> None:
    """Put ``event`` on the event discard pile, which is kept in event-number order."""
    insort(state.event_discard, event, key=_ekey)


def spend(state: VillagersState, timing: str) -> None:
    """The active events timed for ``timing``'s phase are spent with it (VL-EVENT-TIMING)."""
    # VL-EVENT-TIMING: spent, onto the discard pile
    for event in [e for e in state.active if EVENTS[e]["timing"] == timing]:
        state.active.remove(event)
        discard(state, event)


def pending(state: VillagersState) -> list[str]:
    """Active events timed for the event phase (VL-EVENT-ORDER)."""
    return [e for e in state.active if EVENTS[e]["timing"] == "event"]


def choices(state: VillagersState, event: str) -> tuple[str, list[Any]] | None:
    """The parameter the player picks for ``event`` and its values (None: no choice)."""
    values: list[Any]
    if event == "e7":  # VL-EVENT-BRIBES: one of her unlockers
        name, values = "card", sorted({n for n, _ in state.c_cards if KEYRING.get(n)})
    elif event in ("e11", "e23"):  # VL-EVENT-BETRAYER, VL-EVENT-ARREST: a non-basic top
        name = "column"
        values = [i for i, col in enumerate(state.columns) if not CARDS[col[-1][0]].basic]
    elif event == "e16":  # VL-EVENT-CONSCRIPTION: a stack with cards or the reserve (None)
        name = "stack"
        values = state.stacks_with_cards()
        if state.reserve > 0:
            values.append(None)
    elif event == "e18":  # VL-EVENT-PROTECTION: the coins on one of your villagers
        name = "coins"
        values = sorted({0} | {c for col in state.columns for _, c in col})
    elif event == "e19":  # VL-EVENT-TRADE-NETWORK: one of her silver cards, valued in her village
        t = state.countess_tally()
        name = "value"
        values = sorted({silver_value(CARDS[n], t) for n, _ in state.c_cards if CARDS[n].silver})
    elif event == "e20":  # VL-EVENT-SPY-NETWORK: one of your silver cards, valued in yours
        t = state.player_tally()
        name = "value"
        values = sorted(
            {silver_value(CARDS[n], t) for col in state.columns for n, _ in col if CARDS[n].silver}
        )
    elif event == "e22":  # VL-EVENT-ABDUCTION: a card from your hand
        name, values = "card", sorted(state.hand)
    else:
        return None
    return (name, values) if values else None


def actions(state: VillagersState) -> list[Action]:
    out: list[Action] = []
    for event in pending(state):
        choice = choices(state, event)
        if choice is None:
            out.append({"actor": 0, "type": "resolve_event", "event": event})
        else:
            name, values = choice
            out.extend(
                {"actor": 0, "type": "resolve_event", "event": event, name: v} for v in values
            )
    return out


def jester_actions(state: VillagersState) -> list[Action]:
    if not state.jester:
        return []
    return [{"actor": 0, "type": "jester", "event": e} for e in state.active]


def do_jester(state: VillagersState, action: Action) -> None:
    """VL-EVENT-JESTER: once per game, discard the Jester to cancel an event."""
    event = action.get("event")
    if not isinstance(event, str):
        raise MalformedInput(f"{action!r}: 'event' must be an event id")
    if not state.jester:
        raise IllegalAction("VL-EVENT-JESTER", f"{action!r}: the Jester was already used")
    if event not in state.active:
        raise IllegalAction("VL-EVENT-JESTER", f"{action!r}: {event} is not an active event")
    state.jester = False
    state.active.remove(event)
    discard(state, event)
    state.fired.append("VL-EVENT-JESTER")
    if event == "e24" and state.step == "rats":  # the Rats choice is cancelled with it
        state.step = "take"
    elif event == "e15" and state.step == "arson":
        state.step = "build"


def do_resolve(state: VillagersState, action: Action) -> None:
    event = action.get("event")
    if not isinstance(event, str) or event not in EVENTS:
        raise MalformedInput(f"{action!r}: 'event' must be an event id e1..e24")
    if state.step != "events":
        raise IllegalAction("VL-EVENT-ORDER", f"{action!r}: not in the event phase")
    if event not in pending(state):
        raise IllegalAction("VL-EVENT-ORDER", f"{action!r}: {event} is not an active event")
    choice = choices(state, event)
    value: Any = None
    if choice is None:
        extra = set(action) - {"actor", "type", "event"}
        if any(action[k] is not None for k in extra):
            raise IllegalAction(RULE_OF[event], f"{action!r}: {event} offers no choice now")
    else:
        name, values = choice
        if name not in action:
            raise MalformedInput(f"{action!r}: {event} needs {name!r}, one of {values}")
        value = action[name]
        if isinstance(value, bool) or value not in values:
            raise IllegalAction(RULE_OF[event], f"{action!r}: {name} must be one of {values}")
    state.active.remove(event)
    discard(state, event)
    state.fired += ["VL-EVENT-ORDER", RULE_OF[event]]
    _EFFECTS[event](state, value)


def _pay(state: VillagersState, amount: int) -> None:
    """Pay the Countess; never more than you have (VL-EVENT-PAY-CAP)."""
    amount = min(amount, state.gold)
    state.gold -= amount
    state.countess_gold += amount


def _banquet(state: VillagersState, _: Any) -> None:
    # VL-EVENT-BANQUET: the Countess earns 2 gold per food icon in her village
    state.countess_gold += 2 * state.countess_tally().food


def _black_market(state: VillagersState, _: Any) -> None:
    # VL-EVENT-BLACK-MARKET: each gains the silver value of their own village
    state.gold += state.silver_total(state.village_cards(), state.player_tally())
    # VL-EVENT-BLACK-MARKET: and the Countess the silver value of hers
    state.countess_gold += state.silver_total(state.countess_cards(), state.countess_tally())


def _vat(state: VillagersState, _: Any) -> None:
    # VL-EVENT-VAT: 1 gold per visible gold symbol in your village
    _pay(state, state.player_tally().gold_symbols)


def _land_claim(state: VillagersState, _: Any) -> None:
    # VL-EVENT-LAND-CLAIM: 2 gold per basic villager in your village
    _pay(state, 2 * state.player_tally().basics)


def _temp(state: VillagersState, _: Any) -> None:
    # VL-EVENT-TEMP-EMPLOYMENT: the Countess earns 2 gold per distinct suit in your hand
    state.countess_gold += 2 * len({CARDS[n].suit for n in state.hand})


def _bribes(state: VillagersState, card: Any) -> None:
    if card is not None:
        target = next(c for c in state.c_cards if c[0] == card)
        target[1] += KEYRING[card]  # VL-EVENT-BRIBES: bank gold equal to its keyring number
        state.c_cards.sort()


def _customs(state: VillagersState, _: Any) -> None:
    counts: dict[str, int] = {"grain": 1}  # VL-EVENT-CUSTOMS: the Founders counts as grain
    for column in state.columns:
        for name, _coins in column:
            suit = CARDS[name].suit
            counts[suit] = counts.get(suit, 0) + 1
    _pay(state, max(counts.values()))  # VL-EVENT-CUSTOMS: 1 per villager of your main suit


def _guild(state: VillagersState, _: Any) -> None:
    for card in state.c_cards:
        if KEYRING.get(card[0]):
            card[1] += 2  # VL-EVENT-GUILD: 2 bank gold on each of her unlockers
    state.c_cards.sort()


def _pop_top(state: VillagersState, column: int) -> list[Any]:
    top = state.columns[column].pop()
    if not state.columns[column]:
        del state.columns[column]
    state.columns.sort()
    state.village_changed()
    return top


def _betrayer(state: VillagersState, column: Any) -> None:
    if column is not None:  # VL-EVENT-BETRAYER
        # VL-EVENT-BETRAYER: your chosen top villager moves, with its coins, to her village
        insort(state.c_cards, _pop_top(state, column))
        state.fired.append("VL-COUNTESS-BUILD")


def _it_was_you(state: VillagersState, _: Any) -> None:
    state.jester = False  # VL-EVENT-IT-WAS-YOU: an unplayed Jester is discarded


def _conscription(state: VillagersState, stack: Any) -> None:
    # VL-EVENT-CONSCRIPTION: the Countess builds one more, from the reserve or a stack
    if stack is None:
        if state.reserve > 0:
            state.chance = {"kind": "countess", "stack": None}
    else:
        state.take_from_stack(stack, "countess")  # VL-EVENT-CONSCRIPTION: the stack's top card


def _tribute(state: VillagersState, _: Any) -> None:
    # VL-EVENT-TRIBUTE: 1 gold per card in your hand
    _pay(state, sum(state.hand.values()))


def _protection(state: VillagersState, coins: Any) -> None:
    # VL-EVENT-PROTECTION: the coins on the villager you chose
    _pay(state, coins)


def _gain(state: VillagersState, value: Any) -> None:
    # VL-EVENT-TRADE-NETWORK, VL-EVENT-SPY-NETWORK: she gains the chosen card's value
    state.countess_gold += value or 0


def _blackmail(state: VillagersState, _: Any) -> None:
    # VL-EVENT-BLACKMAIL: the highest printed gold in your village, covered cards included
    state.countess_gold += max(card.gold for card, _, _ in state.village_cards())


def _abduction(state: VillagersState, card: Any) -> None:
    if card is not None:  # VL-EVENT-ABDUCTION: the chosen hand card is discarded
        state.hand[card] -= 1
        if not state.hand[card]:
            del state.hand[card]
        state.discard_villagers([card])


def _arrest(state: VillagersState, column: Any) -> None:
    if column is not None:  # VL-EVENT-ARREST: the chosen top villager is discarded
        name, _coins = _pop_top(state, column)
        state.discard_villagers([name])


def _none(state: VillagersState, _: Any) -> None:
    """Events timed for another phase act there (VL-EVENT-TIMING)."""


_EFFECTS = {
    "e1": _banquet,
    "e2": _none,
    "e3": _black_market,
    "e4": _vat,
    "e5": _land_claim,
    "e6": _temp,
    "e7": _bribes,
    "e8": _none,
    "e9": _customs,
    "e10": _guild,
    "e11": _betrayer,
    "e12": _none,
    "e13": _none,
    "e14": _it_was_you,
    "e15": _none,
    "e16": _conscription,
    "e17": _tribute,
    "e18": _protection,
    "e19": _gain,
    "e20": _gain,
    "e21": _blackmail,
    "e22": _abduction,
    "e23": _arrest,
    "e24": _none,
}
