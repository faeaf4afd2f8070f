"""Shape checks (MalformedInput) and rule diagnoses (IllegalAction) for actions.

Implements the error contract: a malformed action names the bad field; an illegal one
names the rule it breaks (ND-PLAY-ORDER, ND-PLACE-MOVE, ND-MESSAGE-COLOR, ...).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from reference_impl.core import CHANCE, EngineError, IllegalAction, MalformedInput
from reference_impl.notre_dame.data import (
    AREA_SET,
    CARD_SET,
    FRIEND,
    GUEST_DOUBLE_AT,
    GUEST_OPTIONS,
    NOTRE_DAME,
    OFFERINGS,
    PERSONS,
    within,
)
from reference_impl.notre_dame.moves import card_actions, may_take

if TYPE_CHECKING:
    from reference_impl.notre_dame.state import NotreDameState

Action = dict[str, Any]

_STR, _INT, _BOOL, _LIST = "str", "int", "bool", "list"

#: action type -> (required fields, optional fields) with their kinds
SHAPES: dict[str, tuple[dict[str, str], dict[str, str]]] = {
    "place_messages": ({"district": _INT, "values": _LIST}, {}),
    "reveal_person": ({"person": _STR}, {}),
    "draw_card": ({"player": _INT, "card": _STR}, {}),
    "keep": ({"card": _STR}, {}),
    "play": (
        {"card": _STR},
        {
            "forgo": _BOOL,
            "area": _STR,
            "from": _STR,
            "square": _STR,
            "take": _BOOL,
            "choices": _LIST,
            "offering": _INT,
        },
    ),
    "pass": ({}, {}),
    "buy": (
        {"person": _STR},
        {
            "choice": _STR,
            "from": _STR,
            "to": _STR,
            "cubes": _INT,
            "friend": _BOOL,
            "piece": _STR,
            "square": _STR,
            "take": _BOOL,
            "choices": _LIST,
        },
    ),
    "lose_cube": ({"area": _STR}, {}),
}
CHANCE_TYPES = {"place_messages", "reveal_person", "draw_card"}


def _kind_ok(value: Any, kind: str) -> bool:
    if kind == _INT:
        return isinstance(value, int) and not isinstance(value, bool)
    if kind == _BOOL:
        return isinstance(value, bool)
    if kind == _STR:
        return isinstance(value, str)
    return isinstance(value, list)


def check_shape(action: Any, num_players: int) -> None:
    """Raise MalformedInput naming the first bad field of ``action``."""
    if not isinstance(action, dict):
        raise MalformedInput(f"an action must be a JSON object, got {action!r}")
    actor = action.get("actor")
    if actor != CHANCE and not (
        isinstance(actor, int) and not isinstance(actor, bool) and 0 <= actor < num_players
    ):
        raise MalformedInput(
            f"action.actor must be a seat 0..{num_players - 1} or 'chance': {action}"
        )
    kind = action.get("type")
    if kind not in SHAPES:
        raise MalformedInput(f"action.type {kind!r} is not a Notre Dame action: {action}")
    if (actor == CHANCE) != (kind in CHANCE_TYPES):
        raise MalformedInput(f"action.type {kind!r} does not fit actor {actor!r}: {action}")
    required, optional = SHAPES[kind]
    for name, want in required.items():
        if name not in action:
            raise MalformedInput(f"action.{name} is missing: {action}")
        if not _kind_ok(action[name], want):
            raise MalformedInput(f"action.{name} must be {want}: {action}")
    for name, value in action.items():
        if name in ("actor", "type") or name in required:
            continue
        if name not in optional:
            raise MalformedInput(f"action.{name} is not a field of {kind!r}: {action}")
        if not _kind_ok(value, optional[name]):
            raise MalformedInput(f"action.{name} must be {optional[name]}: {action}")
    for name in ("choices", "values"):
        if name in action and not all(
            isinstance(v, str if name == "choices" else int) and not isinstance(v, bool)
            for v in action[name]
        ):
            raise MalformedInput(f"action.{name} has an item of the wrong type: {action}")


def diagnose(st: NotreDameState, a: Action) -> EngineError:
    """Why a well-formed action is not legal here: the rule it breaks."""
    where = f"{a} in round {st.round}, phase {st.phase}"
    actor = a["actor"]
    kind = a["type"]
    if st.phase == "over":
        return IllegalAction("ND-END", f"the game is over: {where}")
    if actor not in st.to_act():
        rule = {
            "play": "ND-PLAY-ORDER",
            "buy": "ND-BUY-ORDER",
            "draft": "ND-DRAFT-KEEP1",
            "plague": "ND-PLAGUE-CHOICE",
        }.get(st.phase, "ND-ROUND-PHASES")
        return IllegalAction(rule, f"{actor!r} may not act now (to act: {st.to_act()}): {where}")
    phase_types = {
        "setup": "place_messages",
        "reveal": "reveal_person",
        "deal": "draw_card",
        "draft": "keep",
        "play": "play",
        "buy": ("buy", "pass"),
        "plague": "lose_cube",
    }[st.phase]
    if kind == "play" and st.phase == "buy":
        return IllegalAction("ND-PLAY-THIRD", f"the third card is not played: {where}")
    if kind not in phase_types:
        return IllegalAction("ND-ROUND-PHASES", f"{kind!r} is not an action of this phase: {where}")
    if actor == CHANCE:
        rule = {
            "setup": "ND-SETUP-MESSAGES",
            "reveal": "ND-PERSONS-REVEAL",
            "deal": "ND-DRAFT-DRAW",
        }[st.phase]
        return IllegalAction(rule, f"not a possible chance outcome: {where}")
    pl = st.players[actor]
    if kind == "keep":
        rule = "ND-DRAFT-KEEP1" if st.draft_step == 1 else "ND-DRAFT-KEEP2"
        return IllegalAction(
            rule, f"{a['card']!r} is not in the draft hand {pl.draft_hand}: {where}"
        )
    if kind == "lose_cube":
        return IllegalAction(
            "ND-PLAGUE-CHOICE", f"the cube must come from an area with the most people: {where}"
        )
    if kind == "play":
        if a.get("forgo"):
            return _diagnose_forgo(st, actor, a, where)
        return _diagnose_play(st, pl, a, where)
    return _diagnose_buy(st, pl, a, where)


def _diagnose_params(
    st: NotreDameState, pl: Any, area: str, count: int, a: Action, where: str
) -> EngineError:
    if area == "carriage":
        to = a.get("square")
        if to not in within(st.ring, pl.carriage, count):
            return IllegalAction(
                "ND-CARRIAGE-MOVE",
                f"{to!r} is not within {count} squares of {pl.carriage}: {where}",
            )
        if a.get("take"):
            message = st.board.get(to)
            if message is None:
                return IllegalAction("ND-CARRIAGE-STOP", f"no message on {to}: {where}")
            if not may_take(st, pl, message[0]):
                return IllegalAction(
                    "ND-MESSAGE-COLOR", f"colour {message[0]} already in the current set: {where}"
                )
    if area == "guesthouse":
        choices = a.get("choices") or []
        if not 1 <= len(choices) <= 2 or any(c not in GUEST_OPTIONS for c in choices):
            return IllegalAction("ND-GUEST", f"choose one of coin, cube, rat: {where}")
        if len(choices) == 2 and count < GUEST_DOUBLE_AT:
            return IllegalAction(
                "ND-GUEST-DOUBLE", f"two choices need 3 people, not {count}: {where}"
            )
    return IllegalAction("ND-PLAY-CARD", f"malformed parameters for the {area} action: {where}")


def _diagnose_forgo(st: NotreDameState, actor: int, a: Action, where: str) -> EngineError:
    card = a["card"]
    if card not in CARD_SET or card not in st.players[actor].cards:
        return IllegalAction(
            "ND-DRAFT-CARDS", f"{card!r} is not among the cards {st.players[actor].cards}: {where}"
        )
    if len(a) != 4 or a["forgo"] is not True:
        return IllegalAction("ND-PLAY-FORGO", f"a forgone play names only the card: {where}")
    if card_actions(st, actor, card):
        return IllegalAction(
            "ND-PLAY-FORGO",
            f"the {card} action can be performed, so the card must perform it: {where}",
        )
    return IllegalAction("ND-PLAY-FORGO", f"malformed forgone play: {where}")


def _diagnose_play(st: NotreDameState, pl: Any, a: Action, where: str) -> EngineError:
    card = a["card"]
    if card not in CARD_SET or card not in pl.cards:
        return IllegalAction(
            "ND-DRAFT-CARDS", f"{card!r} is not among the cards {pl.cards}: {where}"
        )
    if card == FRIEND:
        area = a.get("area")
        if area == NOTRE_DAME:
            return IllegalAction("ND-FRIEND-NOTND", f"the friend cannot go to Notre Dame: {where}")
        if area not in AREA_SET:
            return IllegalAction(
                "ND-FRIEND-PLACE", f"the friend needs an area of the district: {where}"
            )
        if area == pl.friend:
            return IllegalAction("ND-FRIEND-MOVE", f"the friend already stands in {area}: {where}")
        return _diagnose_params(st, pl, area, pl.areas[area] + 1, a, where)
    src = a.get("from")
    if src == "hand":
        if pl.cubes <= 0:
            movable = any(pl.areas[x] > 0 for x in AREA_SET if x != card)
            rule = "ND-PLACE-MOVE" if movable else "ND-PLACE-NONE"
            return IllegalAction(rule, f"no cube in hand: {where}")
    elif src in AREA_SET:
        if pl.cubes > 0:
            return IllegalAction("ND-PLACE-MOVE", f"cubes in hand must be placed first: {where}")
        if src == card or pl.areas[src] <= 0:
            return IllegalAction("ND-PLACE-NONE", f"no cube to move from {src}: {where}")
    elif src == NOTRE_DAME:
        return IllegalAction("ND-PLACE-MOVE-NOTND", f"cubes at Notre Dame stay there: {where}")
    else:
        return IllegalAction("ND-PLACE-CUBE", f"'from' must be 'hand' or an area: {where}")
    if card == NOTRE_DAME:
        offering = a.get("offering")
        if offering not in OFFERINGS:
            return IllegalAction("ND-ND-OFFERING", f"the offering is 1, 2 or 3 coins: {where}")
        if offering > pl.coins:
            return IllegalAction("ND-ND-PAY", f"{offering} coins offered, {pl.coins} held: {where}")
        return IllegalAction("ND-ND-OFFERING", f"malformed Notre Dame play: {where}")
    return _diagnose_params(st, pl, card, pl.people(card) + 1, a, where)


def _diagnose_buy(st: NotreDameState, pl: Any, a: Action, where: str) -> EngineError:
    person = a.get("person")
    if pl.coins < 1:
        return IllegalAction("ND-BUY-ONE", f"a person costs 1 coin, none held: {where}")
    if person not in PERSONS or person not in st.display:
        return IllegalAction("ND-BUY-ONE", f"{person!r} is not on display {st.display}: {where}")
    if person in ("poet", "magician") and a.get("from") == NOTRE_DAME:
        if not st.options["notre_dame_source"]:
            return IllegalAction("ND-PLACE-ND-SOURCE", f"cubes at Notre Dame stay there: {where}")
        if a.get("cubes", 1) > st.nd[a["actor"]]:
            return IllegalAction(
                "ND-PLACE-ND-SOURCE", f"only {st.nd[a['actor']]} cubes at Notre Dame: {where}"
            )
    if person == "poet":
        return IllegalAction("ND-PERSON-POET", f"not a legal poet move: {where}")
    if person == "magician":
        return IllegalAction("ND-PERSON-MAGICIAN", f"not a legal magician move: {where}")
    if person == "landlady":
        return IllegalAction("ND-PERSON-LANDLADY", f"choose coin, cube or rat: {where}")
    return IllegalAction("ND-BUY-ONE", f"unexpected parameters for {person}: {where}")
