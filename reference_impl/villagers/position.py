"""Checks of a loaded Villagers position: reachable by the rules and usable by the engine.

Implements the load_state contract (issue 13): canonical.load_state reads each field with
its type; :func:`problems` then lists what no play from a new game produces (each naming
its field), and :func:`usable_problems` that the engine can export the position and act
in it. A position with any problem is refused whole (MalformedInput).
"""

from __future__ import annotations

from collections import Counter
from itertools import pairwise
from typing import TYPE_CHECKING

from reference_impl.core import CHANCE, MalformedInput
from reference_impl.villagers.build import BASIC_LIMIT
from reference_impl.villagers.cards import ALL_CARDS, BASIC_COUNT, CARDS, EVENTS, FOUNDERS, SETUP

if TYPE_CHECKING:
    from reference_impl.villagers.state import VillagersState

#: step -> the phases it occurs in
STEP_PHASES: dict[str, tuple[str, ...]] = {
    "deal": ("setup",),
    "reveal": ("setup", "event"),
    "rats": ("draft",),
    "take": ("draft",),
    "countess": ("draft",),
    "refill": ("draft",),
    "coin": ("draft",),
    "road_reserve": ("draft",),
    "arson": ("build",),
    "build": ("build",),
    "events": ("event",),
    "countess_build": ("event",),
    "over": ("over",),
}
#: chance kind -> the steps it is pending in
CHANCE_STEPS: dict[str, tuple[str, ...]] = {
    "hand": ("deal",),
    "event": ("reveal",),
    "road": ("refill", "road_reserve"),
    "square": ("countess", "refill"),
    "countess": ("events",),
    "countess_reveal": ("countess_build",),
}
#: at most this many problems are named in one refusal
SHOWN = 5
MAX_LIMIT = 5  # VL-DRAFT-COUNT, VL-BUILD-LIMIT: at most 5


def refuse(found: list[str]) -> None:
    if found:
        more = f" (and {len(found) - SHOWN} more)" if len(found) > SHOWN else ""
        raise MalformedInput("; ".join(found[:SHOWN]) + more)


def problems(s: VillagersState) -> list[str]:
    """What the rules cannot reach, each as 'state field <path>: <why>'."""
    out = []
    if s.round < 1:
        out.append(f"state field round: rounds count from 1, got {s.round}")
    if s.phase not in STEP_PHASES[s.step]:
        out.append(f"state field step: {s.step!r} does not occur in phase {s.phase!r}")
    if (s.step == "over") != (s.phase == "over"):
        out.append("state field phase: 'over' exactly when the step is 'over'")
    out += _chance_problems(s)
    out += _count_problems(s)
    out += _market_problems(s)
    out += _card_problems(s)
    out += _chain_problems(s)
    out += _event_problems(s)
    return out


def _chance_problems(s: VillagersState) -> list[str]:
    chance = s.chance
    if chance is None:
        return []
    out = []
    kind = chance["kind"]
    keys = {"kind", "deck"} if kind == "event" else {"kind", "stack"}
    if set(chance) != keys:
        out.append(f"state field chance: a {kind} draw has exactly {sorted(keys)}")
    if s.step not in CHANCE_STEPS[kind]:
        out.append(f"state field chance.kind: no {kind} draw is pending at step {s.step!r}")
    stack = chance.get("stack")
    if type(stack) is bool:
        out.append("state field chance.stack: an index 0..5 or null")
    elif kind != "event" and stack is not None and s.stacks[stack]["hidden"] <= 0:
        out.append(f"state field chance.stack: stack {stack} has no hidden card to draw")
    elif kind != "event" and stack is None and s.reserve <= 0:
        out.append("state field chance: a draw from the reserve needs a card in it")
    if kind == "event" and not s.decks[chance["deck"]]:
        out.append(f"state field chance.deck: the {chance['deck']} deck is empty")
    return out


def _count_problems(s: VillagersState) -> list[str]:
    out = []
    for name, most in BASIC_COUNT.items():
        if s.basics[name] > most:
            out.append(
                f"state field basics.{name}: at most {most}, got {s.basics[name]} (VL-SETUP-BASICS)"
            )
    checks: list[tuple[str, int, int]] = [
        ("draft.limit", s.draft_limit, MAX_LIMIT),
        ("draft.taken", s.drafted, max(s.draft_limit, 0)),
        ("build.limit", s.build_limit, MAX_LIMIT),
        ("build.built", s.built, MAX_LIMIT),
        ("build.basics", s.basics_built, BASIC_LIMIT),
        ("reveal.left", s.reveal_left, len(EVENTS)),  # Mood Swing and Dark Mood add more
    ]
    for field, value, most in checks:
        if value > most:
            out.append(f"state field {field}: at most {most}, got {value}")
    if len(s.road) > SETUP["road"]:
        out.append(f"state field road: at most {SETUP['road']} villagers, got {len(s.road)}")
    for i, stack in enumerate(s.stacks):
        if stack["hidden"] > SETUP["stack_size"]:
            out.append(f"state field stacks.{i}.hidden: at most {SETUP['stack_size']}")
    if s.markets[1] == "resolved" and s.step != "over":
        out.append("state field markets.second: the game ends with the second market")
    if s.reveal_left and s.step != "reveal":  # VL-EVENT-REVEAL: owed only while revealing
        out.append(
            f"state field reveal.left: {s.reveal_left} events to reveal at step {s.step!r}; "
            "events are revealed only at step 'reveal'"
        )
    return out


def _market_problems(s: VillagersState) -> list[str]:
    """VL-SETUP-MARKETS, VL-MARKET-REVEAL: a market card lies under its stack until the
    cards above it are gone, and an emptied stack never takes a card again."""
    out = []
    under = {
        SETUP["first_market_stack"]: (1, "first"),
        SETUP["second_market_stack"]: (2, "second"),
    }
    for i, stack in enumerate(s.stacks):
        k, name = under.get(i, (None, ""))
        hidden = k is not None and s.markets[k - 1] == "hidden"
        if stack["market"] != (k if hidden else None):
            where = f"the {name} market card is {s.markets[k - 1]!r}" if k else "no market card"
            out.append(f"state field stacks.{i}.market: {stack['market']!r}, but {where}")
        elif hidden and not s.stack_has_cards(i):
            out.append(f"state field stacks.{i}: an emptied stack reveals its {name} market")
        elif k is not None and not hidden and s.stack_has_cards(i):
            out.append(f"state field stacks.{i}: the {name} market is revealed, its stack is gone")
    return out


def _card_problems(s: VillagersState) -> list[str]:
    """VL-COMP-COPIES, VL-SETUP-BASICS: every card of the game is in exactly one place.

    The 84 villager cards (VL-COMP-COPIES, VL-COMP-ROAD) lie in hand, square, a village,
    the road, a stack, the discard or face down (``unseen``), and the face-down places are
    exactly the hidden stack cards and the reserve; the basic villagers are only in the
    supply or the player's village, 10 of each in all (VL-SETUP-BASICS).
    """
    out = []
    places: dict[str, list[str]] = {
        "player.hand": _names(s.hand),
        "player.square": _names(s.square),
        "countess.village": [name for name, _ in s.c_cards],
        "road": [name for name, _ in s.road],
        "stacks": [name for st in s.stacks for name in st["known"]],
        "discard": _names(s.discard),
        "unseen": _names(s.unseen),
    }
    found: Counter[str] = Counter()
    built: Counter[str] = Counter()
    for column in s.columns:
        for name, _ in column:
            (built if name in BASIC_COUNT else found)[name] += 1
    for field, names in places.items():
        for name in names:
            if name in BASIC_COUNT:
                out.append(f"state field {field}: a basic {name} is in the supply or a village")
            else:
                found[name] += 1
    for name, total in ALL_CARDS.items():  # every name a place can hold (load checks names)
        if found[name] != total:
            out.append(
                f"state field unseen: the game has {total} {name}, the position has "
                f"{found[name]} (VL-COMP-COPIES)"
            )
    face_down = s.reserve + sum(st["hidden"] for st in s.stacks)
    if sum(s.unseen.values()) != face_down:
        out.append(
            f"state field unseen: {sum(s.unseen.values())} unseen cards, but the reserve and "
            f"the hidden stack cards are {face_down}"
        )
    for name, total in BASIC_COUNT.items():
        if s.basics[name] + built[name] != total:
            out.append(
                f"state field basics.{name}: {s.basics[name]} in the supply and {built[name]} "
                f"built, the game has {total} (VL-SETUP-BASICS)"
            )
    return out


def _chain_problems(s: VillagersState) -> list[str]:
    """VL-CHAIN-ON, VL-CHAIN-FOUNDERS: each card lies on its chain's parent."""
    out = []
    branches = 0
    for i, column in enumerate(s.columns):
        bottom = CARDS[column[0][0]].on
        if bottom == FOUNDERS:
            branches += 1
        elif bottom is not None:
            out.append(f"state field player.village.{i}: {column[0][0]} needs a {bottom} below")
        for below, above in pairwise(column):
            if CARDS[above[0]].on != below[0]:
                out.append(f"state field player.village.{i}: {above[0]} cannot lie on {below[0]}")
    if branches > 1 and branches > s.options["founders_branches"]:  # every reading allows 1
        out.append(
            f"state field player.village: {branches} chains on the Founders, "
            f"at most {s.options['founders_branches']}"
        )
    return out


def _names(counter: dict[str, int]) -> list[str]:
    """The counter as a list of names; a count above every copy the box holds of that
    villager (VL-COMP-CARDS) is refused before any list is built from it."""
    for name, count in counter.items():
        if count > ALL_CARDS.get(name, 0) + BASIC_COUNT.get(name, 0):
            raise MalformedInput(
                f"state field: {count} copies of {name!r} in one place, more than the game "
                "has (VL-COMP-COPIES)"
            )
    return [name for name, count in counter.items() for _ in range(count)]


def _event_problems(s: VillagersState) -> list[str]:
    out = []
    seen: dict[str, str] = {}
    places = {
        "events.summer": s.decks["summer"],
        "events.winter": s.decks["winter"],
        "events.active": s.active,
        "events.discard": s.event_discard,
    }
    for field, events in places.items():
        season = field.rpartition(".")[2]
        for event in events:
            if event in seen:
                out.append(
                    f"state field {field}: {event} is also in {seen[event]} (VL-COMP-EVENTS)"
                )
            seen[event] = field
            if season in ("summer", "winter") and EVENTS[event]["season"] != season:
                out.append(f"state field {field}: {event} is a {EVENTS[event]['season']} event")
    missing = sorted(set(EVENTS) - set(seen), key=lambda e: int(e[1:]))
    if missing:  # VL-COMP-EVENTS: the 24 event cards are each in one place
        out.append(
            f"state field events: {', '.join(missing)} in no deck, in force or discarded "
            "(VL-COMP-EVENTS)"
        )
    return out


def usable_problems(s: VillagersState) -> list[str]:
    """The engine can export the position and someone can act in it (or it is over)."""
    from reference_impl.villagers.canonical import dump_state

    try:
        dump_state(s)
        acting = s.to_act()
        if acting and not (s.chance_outcomes() if acting == [CHANCE] else s.legal_actions()):
            return [f"state field step: nothing can be done at step {s.step!r} here"]
    except (ArithmeticError, LookupError, TypeError, ValueError) as error:  # a gap in load
        return [f"state field step: the engine cannot handle this position ({error!r})"]
    return []


def check(s: VillagersState) -> None:
    """Refuse the position if it has any problem."""
    refuse(problems(s))


def check_usable(s: VillagersState) -> None:
    refuse(usable_problems(s))


__all__ = ["check", "check_usable", "problems", "usable_problems"]
