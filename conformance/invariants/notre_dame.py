"""Notre Dame invariants over canonical states (any engine, through the protocol).

Totals come from the component data (spec/notre_dame/components.yaml): 14 cubes and
4 messages per colour, rat track 0..9, nine action cards per player.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from typing import Any

from conformance.invariants import Invariant
from reference_impl.components import component

CUBES = component("notre_dame", "influence-cubes")["per_colour"]
RAT_MAX = component("notre_dame", "rat-track")["max"]
CARDS = component("notre_dame", "action-cards")
MESSAGE_VALUES = sorted(int(v) for v in component("notre_dame", "messages"))
BROWN = set(component("notre_dame", "brown-persons"))
STAGES = "ABC"
#: 9 rounds x (3 reveals + 3n draws + 2n keeps + 2n plays + n buys + n plague choices)
#: + n message placements, for n = 5: 9 * 48 + 5 = 437.
STEP_BOUND = 500

State = dict[str, Any]


def cubes_conserved(s: State) -> Iterator[str]:
    for i, p in enumerate(s["players"]):
        total = p["cubes"] + sum(p["areas"].values()) + s["notre_dame"][i] + p["stock"]
        if total != CUBES:
            yield f"colour {i} has {total} cubes (hand, districts, Notre Dame, stock), not {CUBES}"


def coins_not_negative(s: State) -> Iterator[str]:
    for i, p in enumerate(s["players"]):
        if p["coins"] < 0:
            yield f"player {i} has {p['coins']} coins"


def rats_on_track(s: State) -> Iterator[str]:
    low = 0 if s["options"]["rat_floor"] else None
    for i, p in enumerate(s["players"]):
        if p["rats"] > RAT_MAX or (low is not None and p["rats"] < low):
            yield f"player {i} has {p['rats']} rats, outside 0..{RAT_MAX}"


def plague_resets_to_nine(s: State) -> Iterator[str]:
    if s["phase"] == "plague":
        for i in s["pending"]:
            if s["players"][i]["rats"] != RAT_MAX:
                yield f"player {i} chooses a plague cube with {s['players'][i]['rats']} rats"


def round_structure(s: State) -> Iterator[str]:
    if not 1 <= s["round"] <= 9:
        yield f"round {s['round']} outside 1..9"
        return
    if s["stage"] != STAGES[(s["round"] - 1) // 3]:
        yield f"stage {s['stage']} in round {s['round']}"
    phase, to_act = s["phase"], s["to_act"]
    if phase in ("setup", "reveal", "deal") and to_act != ["chance"]:
        yield f"phase {phase} but to_act {to_act}"
    if phase in ("play", "buy") and to_act != [s["current"]]:
        yield f"phase {phase} but to_act {to_act}, current {s['current']}"
    if phase in ("draft", "plague") and to_act != s["pending"]:
        yield f"phase {phase} but to_act {to_act}, pending {s['pending']}"
    if (phase == "over") != s["terminal"] or (phase == "over" and (to_act or s["round"] != 9)):
        yield f"phase {phase}, terminal {s['terminal']}, to_act {to_act}, round {s['round']}"


def turn_order(s: State) -> Iterator[str]:
    n = s["num_players"]
    played = [len(p["played"]) for p in s["players"]]
    if any(k > 2 for k in played):
        yield f"cards played {played}: more than two"
    if s["phase"] == "play":
        total = sum(played)
        if s["current"] != (s["start_player"] + total) % n:
            yield f"{total} cards played from start {s['start_player']}, but current {s['current']}"
        for i, p in enumerate(s["players"]):
            if len(p["cards"]) + len(p["played"]) != 3:
                yield f"player {i} holds {p['cards']} and played {p['played']}: not 3 cards"


def decks_are_own_cards(s: State) -> Iterator[str]:
    for i, p in enumerate(s["players"]):
        deck = p["deck"]
        if len(set(deck)) != len(deck) or not set(deck) <= set(CARDS):
            yield f"player {i}'s deck {deck} is not a subset of the nine cards"
        if s["phase"] in ("reveal", "draft", "play", "buy", "plague") and len(deck) % 3:
            yield f"player {i}'s deck has {len(deck)} cards outside the deal"


def display_well_formed(s: State) -> Iterator[str]:
    display = s["display"]
    browns = [c for c in display if c in BROWN]
    if len(display) > 3 or len(browns) > 2:
        yield f"display {display}: more than 2 brown or 3 persons"
    if set(browns) & set(s["brown_deck"]):
        yield f"display {display} shares cards with the brown deck {s['brown_deck']}"


def messages_conserved(s: State) -> Iterator[str]:
    if s["phase"] == "setup":
        return
    count: Counter[tuple[int, int]] = Counter()
    for m in s["messages"].values():
        count[m["color"], m["value"]] += 1
    for p in s["players"]:
        for m in p["messages"]:
            count[m["color"], m["value"]] += 1
    for colour in range(s["num_players"]):
        for value in MESSAGE_VALUES:
            if count[colour, value] != 1:
                yield f"message colour {colour} value {value} exists {count[colour, value]} times"


def message_set_held(s: State) -> Iterator[str]:
    for i, p in enumerate(s["players"]):
        held = {m["color"] for m in p["messages"]}
        if not set(p["message_set"]) <= held:
            yield f"player {i}'s current set {p['message_set']} has colours never taken"


def notre_dame_empty_at_stage_start(s: State) -> Iterator[str]:
    if (
        s["round"] in (1, 4, 7)
        and s["phase"] in ("reveal", "deal", "draft")
        and any(s["notre_dame"])
    ):
        yield f"Notre Dame holds {s['notre_dame']} at the start of round {s['round']}"


INVARIANTS = [
    Invariant("ND-COMP-CUBES", "cubes conserved per colour", cubes_conserved),
    Invariant("ND-ND-PAY", "coins never negative", coins_not_negative),
    Invariant("ND-RATS-LIMIT", "rats within 0..9", rats_on_track),
    Invariant("ND-PLAGUE-RESET", "plague leaves 9 rats", plague_resets_to_nine),
    Invariant("ND-ROUND-PHASES", "round, stage and phase structure", round_structure),
    Invariant("ND-PLAY-SECOND", "two cards each in turn order", turn_order),
    Invariant("ND-DRAFT-DECK", "decks hold the player's own cards", decks_are_own_cards),
    Invariant("ND-PERSONS-REVEAL", "two brown and one lettered person", display_well_formed),
    Invariant("ND-MESSAGE-COLOR", "every message exists once", messages_conserved),
    Invariant("ND-MESSAGE-SET", "the current set holds taken colours", message_set_held),
    Invariant("ND-ND-RETURN", "Notre Dame empty at a stage start", notre_dame_empty_at_stage_start),
]
