"""Invariants of Villagers solo over canonical JSON (any engine, through the protocol)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from itertools import pairwise
from typing import Any

from conformance.invariants import Invariant
from reference_impl.components import component

CanonicalState = dict[str, Any]

_VILLAGERS = component("villagers", "villagers")
_COPIES = int(component("villagers", "villager-copies")["default"])
_ROAD = component("villagers", "starting-road")
_BASIC_COUNT = {n: int(d["count"]) for n, d in component("villagers", "basic-villagers").items()}
ALL_CARDS: Counter[str] = Counter({name: _COPIES for name in _VILLAGERS})
ALL_CARDS.update(_ROAD)
PARENT = {name: data.get("parent") for name, data in _VILLAGERS.items()}
FOUNDERS_BRANCHES = int(component("villagers", "founders")["max_branches"])
#: no legal game takes more actions (generous: random games take about 200).
STEP_BOUND = 5000


def _gold(state: CanonicalState) -> Iterator[str]:
    for side in ("player", "countess"):
        if state[side]["gold"] < 0:
            yield f"{side} gold is negative: {state[side]['gold']}"


def _cards(state: CanonicalState) -> Iterator[str]:
    seen: Counter[str] = Counter()
    for stack in state["stacks"]:
        seen.update(stack["known"])
    seen.update(c["card"] for c in state["road"])
    seen.update(state["player"]["square"])
    seen.update(state["player"]["hand"])
    seen.update(c["card"] for col in state["player"]["village"] for c in col)
    seen.update(c["card"] for c in state["countess"]["village"])
    seen.update(state["discard"])
    seen.update(state["unseen"])
    for basic in _BASIC_COUNT:
        seen.pop(basic, None)
    if seen != ALL_CARDS:
        diff = {
            k: seen[k] - ALL_CARDS[k] for k in set(seen) | set(ALL_CARDS) if seen[k] != ALL_CARDS[k]
        }
        yield f"villager cards not conserved (found minus expected): {diff}"
    hidden = sum(s["hidden"] for s in state["stacks"]) + state["reserve"]
    if hidden != sum(state["unseen"].values()):
        yield f"{hidden} face-down places but {sum(state['unseen'].values())} unseen cards"


def _basics(state: CanonicalState) -> Iterator[str]:
    built = Counter(
        c["card"] for col in state["player"]["village"] for c in col if c["card"] in _BASIC_COUNT
    )
    built.update(c["card"] for c in state["countess"]["village"] if c["card"] in _BASIC_COUNT)
    for basic, total in _BASIC_COUNT.items():
        if state["basics"][basic] + built[basic] != total:
            yield f"{basic}: {state['basics'][basic]} in supply + {built[basic]} built != {total}"


def _draft(state: CanonicalState) -> Iterator[str]:
    d = state["draft"]
    if not 0 <= d["taken"] <= max(d["limit"], 0) or d["limit"] > 5:
        yield f"draft taken {d['taken']} of limit {d['limit']} (max 5)"


def _build(state: CanonicalState) -> Iterator[str]:
    b = state["build"]
    if not 0 <= b["built"] <= b["limit"] <= 5:
        yield f"built {b['built']} of limit {b['limit']} (max 5)"
    if not 0 <= b["basics"] <= 3:
        yield f"{b['basics']} basic villagers built (max 3)"


def _road(state: CanonicalState) -> Iterator[str]:
    if len(state["road"]) > 6:
        yield f"{len(state['road'])} road villagers (6 places)"


def _events(state: CanonicalState) -> Iterator[str]:
    ev = state["events"]
    every = ev["summer"] + ev["winter"] + ev["active"] + ev["discard"]
    if sorted(every) != sorted(f"e{i}" for i in range(1, 25)):
        yield f"event cards not conserved: {sorted(every)}"


def _chains(state: CanonicalState) -> Iterator[str]:
    branches = 0
    for col in state["player"]["village"]:
        bottom = PARENT.get(col[0]["card"])
        if bottom == "Founders":
            branches += 1
        elif bottom is not None:
            yield f"{col[0]['card']} lies at the bottom of a column without its {bottom}"
        for below, above in pairwise(col):
            if PARENT.get(above["card"]) != below["card"]:
                yield f"{above['card']} lies on {below['card']}"
    if branches > state["options"].get("founders_branches", FOUNDERS_BRANCHES):
        yield f"{branches} branches on the Founders"


def _reveal(state: CanonicalState) -> Iterator[str]:
    if state["reveal"]["left"] and state["step"] != "reveal":
        yield f"{state['reveal']['left']} events to reveal at step {state['step']!r}"


def _end(state: CanonicalState) -> Iterator[str]:
    if (state["markets"]["second"] == "resolved") != state["terminal"]:
        yield "the game is over exactly when the second market is resolved"
    if state["terminal"] and state["to_act"]:
        yield "a finished game has someone to act"


INVARIANTS = [
    Invariant(rule="VL-EVENT-PAY-CAP", name="gold never negative", check=_gold),
    Invariant(rule="VL-COMP-COPIES", name="villager cards conserved", check=_cards),
    Invariant(rule="VL-BUILD-BASIC-SUPPLY", name="basic villagers conserved", check=_basics),
    Invariant(rule="VL-DRAFT-COUNT", name="draft count within its limit", check=_draft),
    Invariant(rule="VL-BUILD-LIMIT", name="build counts within their limits", check=_build),
    Invariant(rule="VL-DRAFT-REFILL", name="at most six road villagers", check=_road),
    Invariant(rule="VL-SETUP-EVENTS", name="event cards conserved", check=_events),
    Invariant(rule="VL-CHAIN-ON", name="chains follow their parents", check=_chains),
    Invariant(rule="VL-EVENT-REVEAL", name="events are owed only while revealing", check=_reveal),
    Invariant(rule="VL-END-GAME", name="ends after the second market", check=_end),
]
