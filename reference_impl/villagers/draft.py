"""Draft phase: take, the Countess's pick, refill, the bank coin and the road clean-up.

Implements VL-DRAFT-TAKE, VL-DRAFT-STACK, VL-DRAFT-COINS, VL-DRAFT-COUNTESS,
VL-DRAFT-COUNTESS-COINS, VL-DRAFT-REFILL, VL-DRAFT-COUNT, VL-DRAFT-SQUARE,
VL-DRAFT-BANKCOIN, VL-DRAFT-DISCARD, VL-EVENT-RATS.
"""

from __future__ import annotations

from bisect import insort
from typing import TYPE_CHECKING, Any

from reference_impl.core import Action, IllegalAction, MalformedInput
from reference_impl.villagers import events
from reference_impl.villagers.cards import SETUP, draft_limit

if TYPE_CHECKING:
    from reference_impl.villagers.state import VillagersState

RATS = "e24"
RATS_COST = 3
ROAD_SIZE = 6


def start(state: VillagersState) -> None:
    """Start a round's draft: limit from the food icons shown now (VL-DRAFT-COUNT)."""
    state.phase = "draft"
    state.drafted = 0
    # VL-DRAFT-COUNT-WHEN: the food icons are counted once, at the start of the phase
    state.draft_limit = draft_limit(state.player_tally().food)
    state.fired.append("VL-DRAFT-COUNT")
    # VL-EVENT-RATS, VL-EVENT-TIMING: an active Rats acts at the start of the draft
    state.step = "rats" if RATS in state.active else "take"


def can_take(state: VillagersState) -> bool:
    # VL-DRAFT-COMPULSORY: the draft runs to its count; VL-DRAFT-EMPTY: the remaining
    # repetitions lapse once the road is empty and every stack is gone
    return state.drafted < state.draft_limit and (
        bool(state.road) or state.leftmost_stack() is not None
    )


def end(state: VillagersState) -> None:
    """Square to hand (VL-DRAFT-SQUARE); draft-timed events are spent."""
    for card, count in state.square.items():
        state.hand[card] = state.hand.get(card, 0) + count
    state.square = {}
    state.fired.append("VL-DRAFT-SQUARE")
    events.spend(state, "draft")  # VL-EVENT-TIMING: draft-timed events are spent with the draft
    state.step = "coin"


def refill(state: VillagersState) -> bool:
    """Fill the empty road places from the leftmost stack, then the reserve (VL-DRAFT-REFILL).

    Returns False when a chance draw is pending.
    """
    # VL-DRAFT-REFILL-ALL: every empty road place, each from the leftmost stack with cards
    while len(state.road) < ROAD_SIZE:
        index = state.leftmost_stack()
        if index is not None:
            state.take_from_stack(index, "road")
            if state.chance is not None:
                return False
            continue
        if state.reserve > 0:  # VL-DRAFT-REFILL-RESERVE: no stack left, from the reserve
            state.chance = {"kind": "road", "stack": None}
            return False
        break  # VL-DRAFT-REFILL-NONE: the reserve is empty too, the places stay empty
    state.drafted += 1  # VL-DRAFT-COUNT: one repetition of steps 1-3 is done
    state.step = "take"  # VL-DRAFT-COUNT: the next repetition starts again at step 1
    state.fired.append("VL-DRAFT-COUNT")
    return True


def discard_road(state: VillagersState) -> None:
    """Road villagers without coins go to the discard pile (VL-DRAFT-DISCARD)."""
    keep = []
    gone = []
    for card, coins in state.road:
        if coins:  # VL-DRAFT-DISCARD: only road villagers with coins stay
            keep.append([card, coins])
        else:
            gone.append(card)
    state.road = keep
    state.discard_villagers(gone)
    state.fired.append("VL-DRAFT-DISCARD")
    state.step = "road_reserve"


def actions(state: VillagersState) -> list[Action]:
    """The draft step's actions, in a new list of shared actions (never mutated)."""
    step = state.step
    out: list[Action] = []
    if step == "rats":
        out.append(RATS_FEWER)
        if state.gold >= RATS_COST:
            out.append(RATS_PAY)
    elif step == "take":  # VL-DRAFT-COMPULSORY: a card must be taken, there is no pass
        out.extend(_road_choices(state, "take_road"))  # VL-DRAFT-TAKE
        # VL-DRAFT-STACK
        out += [_TAKE_STACK[i] for i in state.stacks_with_cards()]
    elif step == "countess":  # VL-DRAFT-COUNTESS: the player picks a road villager for her
        out.extend(_road_choices(state, "countess_build"))
    elif step == "coin":  # VL-DRAFT-BANKCOIN: the coin is optional
        out.append(NO_COIN)
        out.extend(_road_choices(state, "place_coin"))
    return out


def _road_choices(state: VillagersState, kind: str) -> list[Action]:
    """One action per distinct road villager (the road is sorted, so equal villagers are
    neighbours), each shared and never mutated."""
    out: list[Action] = []
    shared = _ROAD_ACTIONS[kind]
    last = None
    for villager in state.road:
        if villager == last:
            continue
        last = villager
        card, coins = villager
        action = shared.get((card, coins))
        if action is None:
            action = shared[card, coins] = {"actor": 0, "type": kind, "card": card, "coins": coins}
        out.append(action)
    return out


#: the Rats choices, the bank coin's refusal and the take_stack actions by stack (shared by
#: every listing, never mutated)
RATS_FEWER: Action = {"actor": 0, "type": "rats", "choice": "fewer"}
RATS_PAY: Action = {"actor": 0, "type": "rats", "choice": "pay"}
NO_COIN: Action = {"actor": 0, "type": "no_coin"}
_TAKE_STACK: list[Action] = [
    {"actor": 0, "type": "take_stack", "stack": i} for i in range(SETUP["stacks"])
]
#: the road actions by kind and (card, coins on it), made on first listing, then shared
_ROAD_ACTIONS: dict[str, dict[tuple[str, int], Action]] = {
    kind: {} for kind in ("take_road", "countess_build", "place_coin")
}


def _need_step(state: VillagersState, action: Action, step: str, rule: str) -> None:
    if state.step != step:
        raise IllegalAction(rule, f"{action!r}: not allowed now (step {state.step!r})")


def _road_index(state: VillagersState, action: Action, rule: str) -> int:
    card, coins = action.get("card"), action.get("coins")
    if not isinstance(card, str) or not isinstance(coins, int) or isinstance(coins, bool):
        raise MalformedInput(f"{action!r}: needs 'card' (string) and 'coins' (integer)")
    for index, (name, n) in enumerate(state.road):
        if name == card and n == coins:
            return index
    raise IllegalAction(rule, f"{action!r}: no {card} with {coins} coins on the road")


def do_rats(state: VillagersState, action: Action) -> None:
    """VL-EVENT-RATS: draft 1 fewer card or pay 3 gold to the bank."""
    _need_step(state, action, "rats", "VL-EVENT-RATS")
    choice = action.get("choice")
    if choice not in ("pay", "fewer"):
        raise MalformedInput(f"{action!r}: 'choice' must be 'pay' or 'fewer'")
    if choice == "pay" and state.gold < RATS_COST:
        raise IllegalAction("VL-EVENT-RATS", f"{action!r}: {state.gold} gold, Rats costs 3")
    if choice == "pay":  # VL-EVENT-RATS: pay 3 gold to the bank, or draft 1 fewer time
        state.gold -= RATS_COST
    else:
        state.draft_limit -= 1
    state.fired.append("VL-EVENT-RATS")
    state.step = "take"


def do_take_road(state: VillagersState, action: Action) -> None:
    _need_step(state, action, "take", "VL-DRAFT-TAKE")
    index = _road_index(state, action, "VL-DRAFT-TAKE")
    card, coins = state.road.pop(index)
    state.gold += coins  # VL-DRAFT-COINS: the coins on the taken card go to your supply
    state.square[card] = state.square.get(card, 0) + 1  # VL-DRAFT-TAKE: onto the square
    state.fired += ["VL-DRAFT-TAKE", "VL-DRAFT-COINS"]
    state.step = "countess"


def do_take_stack(state: VillagersState, action: Action) -> None:
    _need_step(state, action, "take", "VL-DRAFT-STACK")
    index = action.get("stack")
    if not isinstance(index, int) or isinstance(index, bool):
        raise MalformedInput(f"{action!r}: 'stack' must be an integer")
    if not 0 <= index < len(state.stacks) or not state.stack_has_cards(index):
        raise IllegalAction("VL-DRAFT-STACK", f"{action!r}: stack {index} has no card")
    state.fired.append("VL-DRAFT-STACK")
    # VL-DRAFT-COUNTESS: the Countess builds after every draft, or only after one from the road
    state.step = "countess" if state.options["countess_builds"] == "every_draft" else "refill"
    state.take_from_stack(index, "square")


def do_countess(state: VillagersState, action: Action) -> None:
    """The Countess builds the chosen road villager; its coins go to the player."""
    _need_step(state, action, "countess", "VL-DRAFT-COUNTESS")
    index = _road_index(state, action, "VL-DRAFT-COUNTESS")
    card, coins = state.road.pop(index)
    state.gold += coins  # VL-DRAFT-COUNTESS-COINS: the coins on her card go to the player
    insort(state.c_cards, [card, 0])  # VL-COUNTESS-BUILD: a card of her own, no chain
    state.fired += ["VL-DRAFT-COUNTESS", "VL-DRAFT-COUNTESS-COINS", "VL-COUNTESS-BUILD"]
    state.step = "refill"


def do_coin(state: VillagersState, action: Action) -> None:
    """VL-DRAFT-BANKCOIN: optionally one bank coin on one road villager."""
    _need_step(state, action, "coin", "VL-DRAFT-BANKCOIN")
    if action["type"] == "place_coin":
        index = _road_index(state, action, "VL-DRAFT-BANKCOIN")
        state.road[index][1] += 1  # VL-DRAFT-BANKCOIN: 1 bank coin on the chosen villager
        state.road.sort()
    state.fired.append("VL-DRAFT-BANKCOIN")
    discard_road(state)


def describe(state: VillagersState) -> dict[str, Any]:
    return {"limit": state.draft_limit, "taken": state.drafted}
