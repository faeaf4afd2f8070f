"""Player decisions of phases 3 and 4: playing action cards and buying persons.

Implements ND-PLAY-CARD, ND-PLACE-CUBE, ND-PLACE-MOVE, ND-PLACE-NONE, ND-PLAY-FORGO,
ND-BANK, ND-BANK-PLUS, ND-RESIDENCE, ND-CLOISTER, ND-CLOISTER-LIMIT, ND-CARRIAGE-MOVE,
ND-CARRIAGE-OTHER, ND-MESSAGE-*, ND-GUEST, ND-GUEST-DOUBLE, ND-FRIEND-*, ND-PARK,
ND-PARK-BONUS, ND-HOSPITAL, ND-ND-OFFERING, ND-ND-PAY, ND-BUY-*, ND-PERSON-*.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache
from typing import TYPE_CHECKING, Any

from reference_impl.core import rule_param
from reference_impl.notre_dame.data import (
    AREAS,
    FRIEND,
    GUEST_DOUBLE_AT,
    GUEST_OPTIONS,
    LETTERED_EFFECTS,
    MESSAGE_EFFECTS,
    NOTRE_DAME,
    OFFERINGS,
    POET_MAX,
    within,
)
from reference_impl.notre_dame.scoring import park_bonus

if TYPE_CHECKING:
    from reference_impl.notre_dame.player import Player
    from reference_impl.notre_dame.state import NotreDameState

Action = dict[str, Any]

_GUEST_SINGLES = tuple([c] for c in GUEST_OPTIONS)
_GUEST_PAIRS = tuple([a, b] for i, a in enumerate(GUEST_OPTIONS) for b in GUEST_OPTIONS[i:])


# ---------------------------------------------------------------- messages (carriage)


def colours_left(st: NotreDameState) -> set[int]:
    # ND-MESSAGE-EXHAUSTED: the colours with a message still on the board
    return {colour for colour, _ in st.board.values()}


def set_complete(st: NotreDameState, pl: Player) -> bool:
    """A full set: every colour held in the current set or gone from the board (ND-MESSAGE-SET,
    ND-MESSAGE-EXHAUSTED); the colours in play are the players' (ND-MESSAGES-2P)."""
    left = colours_left(st)
    return all(c in pl.message_set or c not in left for c in range(st.num))


def blocked_colours(st: NotreDameState, pl: Player) -> set[int] | tuple[()]:
    """ND-MESSAGE-COLOR: the colours of the current set, until a full set is complete."""
    return pl.message_set if pl.message_set and not set_complete(st, pl) else ()


def may_take(st: NotreDameState, pl: Player, colour: int) -> bool:
    """ND-MESSAGE-COLOR: no second message of a colour until a full set is complete."""
    return colour not in blocked_colours(st, pl)


# ---------------------------------------------------------------- shared actions

#: the fields an action's key names, in the action's order, before an area's choices
_PLAY = ("actor", "type", "card", "from")
_FRIEND = ("actor", "type", "card", "area")
_MAGICIAN = ("actor", "type", "person", "from", "to", "piece")


class _Stops(dict):
    """Square -> the carriage actions stopping there, without and with taking its message
    (ND-CARRIAGE-MOVE), each ``head`` and the square; made when a square is first reached."""

    __slots__ = ("head",)

    def __init__(self, head: Action) -> None:
        super().__init__()
        self.head = head

    def __missing__(self, square: str) -> tuple[Action, Action]:
        head = self.head
        stops = self[square] = (
            {**head, "square": square, "take": False},
            {**head, "square": square, "take": True},
        )
        return stops


def _performed(head: Action, area: str) -> Any:
    """``head`` (actor, type, card or person, the piece's fields) performing ``area``'s
    action: the carriage's stops by square, the guesthouse's single choices and all its
    choices, the Notre Dame offerings in order, or ``head`` alone."""
    if area == "carriage":
        return _Stops(head)
    if area == "guesthouse":
        singles = tuple({**head, "choices": list(c)} for c in _GUEST_SINGLES)
        return singles, singles + tuple({**head, "choices": list(c)} for c in _GUEST_PAIRS)
    if area == NOTRE_DAME:
        return tuple({**head, "offering": offering} for offering in sorted(OFFERINGS))
    return (head,)


@cache
def performed(key: tuple[Any, ...], area: str) -> Any:
    """The actions of ``key`` (its fields, then their values) performing ``area``'s action
    that way, one per choice it leaves open (:func:`_performed`): made once, shared by every
    position and never mutated, like flow's keep and draw actions, so that a listing is
    made of them instead of new dicts."""
    return _performed(dict(zip(key[0], key[1:], strict=True)), area)


# ---------------------------------------------------------------- area actions


def area_actions(
    st: NotreDameState, pl: Player, area: str, count: int, key: tuple[Any, ...]
) -> Sequence[Action]:
    """The ways to perform an area's action with ``count`` people, one per choice it leaves
    open; ``key`` names the actions' other fields (:func:`performed`)."""
    shared = performed(key, area)
    if area == "carriage":  # ND-CARRIAGE-MOVE
        out: list[Action] = []
        blocked = blocked_colours(st, pl)  # ND-MESSAGE-COLOR: decided once (may_take)
        # ND-CARRIAGE-MOVE: up to one square per person; ND-CARRIAGE-OTHER: into any district
        for square in within(st.ring, pl.carriage, count):
            stop, take = shared[square]
            out.append(stop)  # ND-CARRIAGE-MOVE: taking is optional
            message = st.board.get(square)  # ND-CARRIAGE-STOP: the message where it stops
            if message is not None and message[0] not in blocked:  # ND-MESSAGE-COLOR
                out.append(take)
        return out
    if area == "guesthouse":  # ND-GUEST
        singles, both = shared
        if count >= GUEST_DOUBLE_AT:  # ND-GUEST-DOUBLE: two, the same or different, with 3+
            return both
        return singles  # ND-GUEST: one of three
    return shared


# ---------------------------------------------------------------- legal actions


@cache
def forgo_action(p: int, card: str) -> Action:
    """``p`` playing ``card`` without its action (ND-PLAY-FORGO); shared, never mutated."""
    return {"actor": p, "type": "play", "card": card, "forgo": True}


def play_actions(st: NotreDameState, p: int) -> list[Action]:
    """Phase 3: every way for ``p`` to play one of the cards kept in the draft.

    ND-PLAY-FORGO: a card is played without its action only when the action cannot be
    performed (ND-PLACE-NONE, ND-ND-PAY), or at any time under ``forgo_at_will``.
    """
    pl = st.players[p]
    acts: list[Action] = []
    for card in sorted(set(pl.cards)):  # ND-DRAFT-CARDS: only the cards kept in the draft
        plays = card_actions(st, p, card)
        if not plays or st.options["forgo_at_will"]:  # ND-PLAY-FORGO
            acts.append(forgo_action(p, card))
        acts += plays
    return acts


def card_actions(st: NotreDameState, p: int, card: str) -> list[Action]:
    """ND-PLAY-CARD: every way to play ``card`` performing its action (empty: the action is
    impossible, ND-PLACE-NONE)."""
    pl = st.players[p]
    acts: list[Action] = []
    if card == FRIEND:  # ND-FRIEND-PLACE: no cube, the friend goes
        for area in AREAS:  # ND-FRIEND-PLACE, ND-FRIEND-NOTND: an area of the district
            if area == pl.friend:  # ND-FRIEND-MOVE: to a different area
                continue
            key = (_FRIEND, p, "play", card, area)
            # ND-FRIEND-COUNT: the friend counts with the cubes there
            acts += area_actions(st, pl, area, pl.areas[area] + 1, key)
        return acts
    if pl.cubes > 0:  # noqa: SIM108 (a rule per branch)  # ND-PLACE-CUBE: from hand
        sources = ["hand"]
    else:  # with none in hand, a cube of another area of the district; none at all: no play
        # ND-PLACE-MOVE, ND-PLACE-MOVE-NOTND: moved from another area, never Notre Dame
        sources = [a for a in AREAS if a != card and pl.areas[a] > 0]
    for src in sources:
        if card == NOTRE_DAME:  # ND-ND-OFFERING: 1, 2 or 3 coins
            for play in performed((_PLAY, p, "play", card, src), card):
                if play["offering"] <= pl.coins:  # ND-ND-PAY: no cube without the coins
                    acts.append(play)
            continue
        count = pl.people(card) + 1  # ND-FRIEND-COUNT: the people there with the new cube
        acts.extend(area_actions(st, pl, card, count, (_PLAY, p, "play", card, src)))
    return acts


@cache
def person_actions(p: int, person: str) -> tuple[Action, ...]:
    """``p`` buying ``person`` with no move to choose: the landlady with each of her choices
    (ND-PERSON-LANDLADY), any other person alone; shared, never mutated."""
    base = {"actor": p, "type": "buy", "person": person}
    if person == "landlady":
        return tuple({**base, "choice": c} for c in GUEST_OPTIONS)  # ND-PERSON-LANDLADY
    return (base,)


@cache
def pass_action(p: int) -> Action:
    """``p`` buying nobody (ND-BUY-OPTIONAL); shared, never mutated."""
    return {"actor": p, "type": "pass"}


def buy_actions(st: NotreDameState, p: int) -> list[Action]:
    """ND-BUY-ONE, ND-BUY-OPTIONAL: phase 4: pass, or pay one coin for one displayed person
    (and its choices)."""
    pl = st.players[p]
    acts: list[Action] = [pass_action(p)]  # ND-BUY-OPTIONAL
    if pl.coins < 1:  # ND-BUY-ONE: a person costs 1 coin
        return acts
    # ND-BUY-ONE: one of the displayed persons; ND-BUY-SHARED: bought by another or not
    for person in sorted(set(st.display)):
        if person == "poet":
            acts += poet_moves(st, p)
        elif person == "magician":
            acts += magician_moves(st, p)
        else:
            acts += person_actions(p, person)  # ND-PERSON-LANDLADY: with her choice
    return acts


def move_sources(st: NotreDameState, p: int) -> list[tuple[str, int]]:
    """(area, cubes there) a poet or magician may move from: the district's areas, and Notre
    Dame under ``notre_dame_source`` (ND-PLACE-ND-SOURCE)."""
    pl = st.players[p]
    found = [(area, pl.areas[area]) for area in AREAS]
    if st.options["notre_dame_source"]:
        found.append((NOTRE_DAME, st.nd[p]))
    return found


def poet_moves(st: NotreDameState, p: int) -> list[Action]:
    """ND-PERSON-POET: 1-3 people (cubes and/or the friend) from one area to another (the
    buy actions of the poet)."""
    friend = st.players[p].friend
    out: list[Action] = []
    for frm, cubes in move_sources(st, p):
        out += poet_moves_from(p, frm, min(POET_MAX, cubes), friend == frm)
    return out


@cache
def poet_moves_from(p: int, frm: str, cubes: int, has_friend: bool) -> tuple[Action, ...]:
    """The poet's moves for ``p`` from ``frm``, holding ``cubes`` (at most three) and the
    friend or not, in listing order; shared, never mutated."""
    out = []
    counts = range(cubes + 1)
    for to in AREAS:
        if to == frm:
            continue
        for k in counts:
            for f in (False, True) if has_friend else (False,):
                if 1 <= k + f <= POET_MAX:
                    out.append(
                        {"actor": p, "type": "buy", "person": "poet", "from": frm,
                         "to": to, "cubes": k, "friend": f}
                    )  # fmt: skip
    return tuple(out)


def magician_moves(st: NotreDameState, p: int) -> list[Action]:
    """ND-PERSON-MAGICIAN: one cube or the friend to another area, whose action is performed
    (the buy actions of the magician)."""
    pl = st.players[p]
    out: list[Action] = []
    for frm, cubes in move_sources(st, p):
        pieces = []
        if cubes > 0:
            pieces.append("cube")
        if pl.friend == frm:
            pieces.append("friend")
        for piece in pieces:
            for to in AREAS:
                if to == frm:
                    continue
                # ND-FRIEND-COUNT: the people there once the piece has moved in
                count = pl.areas[to] + 1 if piece == "friend" else pl.people(to) + 1
                key = (_MAGICIAN, p, "buy", "magician", frm, to, piece)
                out += area_actions(st, pl, to, count, key)
    return out


# ---------------------------------------------------------------- effects


def gain_prestige(st: NotreDameState, p: int, amount: int) -> None:
    """Gain prestige plus the park bonus (ND-PARK-BONUS, ND-PARK-FRIEND); prestige has no
    limit (ND-COINS-SUPPLY)."""
    if amount <= 0:  # ND-PARK-BONUS: a gain of 0 earns no bonus
        return
    pl = st.players[p]
    people = pl.areas["park"]
    if pl.friend == "park" and st.options["friend_in_park_bonus"]:  # ND-PARK-FRIEND
        people += 1
    bonus = park_bonus(people)  # ND-PARK-BONUS: one per two people (ND-PARK-EX)
    if bonus:
        st.fired.append("ND-PARK-BONUS")
    pl.prestige += amount + bonus


def remove_rat(st: NotreDameState, p: int) -> None:
    """Drive one rat away; the track stops at 0 (ND-RATS-REMOVE, ND-RATS-FLOOR)."""
    pl = st.players[p]
    if pl.rats > 0 or not st.options["rat_floor"]:  # ND-RATS-FLOOR: none below 0
        pl.rats -= 1  # ND-RATS-REMOVE: one rat
    st.fired.append("ND-RATS-REMOVE")


def take_cubes(st: NotreDameState, p: int, n: int) -> None:
    """Cubes from the general stock, as many as are left (ND-CLOISTER-LIMIT)."""
    pl = st.players[p]
    got = min(n, pl.stock)  # ND-CLOISTER-LIMIT: only what the stock holds
    pl.stock -= got
    pl.cubes += got


def apply_gains(st: NotreDameState, p: int, effect: Any) -> None:
    """A bundle of simple gains: prestige, coins, cubes, rats removed."""
    gain_prestige(st, p, effect.get("prestige", 0))
    st.players[p].coins += effect.get("coins", 0)
    take_cubes(st, p, effect.get("cubes", 0))
    for _ in range(effect.get("rats_removed", 0)):
        remove_rat(st, p)


def take_message(st: NotreDameState, p: int, square: str) -> None:
    """ND-MESSAGE-REWARD and ND-MESSAGE-SET: take the message, start a new set if complete."""
    pl = st.players[p]
    complete = set_complete(st, pl)  # ND-MESSAGE-SET: a full set lifts the restriction
    colour, value = st.board.pop(square)
    # ND-MESSAGE-SET: a full set, counting the colours gone (ND-MESSAGE-EXHAUSTED), of the
    # players' colours (ND-MESSAGES-2P)
    if complete:
        st.fired.append("ND-MESSAGE-SET")
        pl.message_set = {colour}  # ND-MESSAGE-AGAIN: its colour starts a new set
    else:
        pl.message_set.add(colour)  # ND-MESSAGE-COLOR: that colour is blocked
    pl.messages.append((colour, value))
    pl.messages.sort()
    st.fired.append("ND-MESSAGE-REWARD")
    # ND-MESSAGE-REWARD: prestige = its number, with its coin, cube or rat removed
    # (ND-MESSAGE-VALUES, ND-MESSAGE-RAT)
    apply_gains(st, p, MESSAGE_EFFECTS[value])


def area_action(st: NotreDameState, p: int, area: str, a: Action) -> None:
    """Perform a district's action with the people now in it (ND-FRIEND-COUNT)."""
    pl = st.players[p]
    count = pl.people(area)
    if area == "bank":
        pl.coins += count  # ND-BANK-PLUS: a coin per person there (ND-BANK-EX, ND-FRIEND-EX)
        st.fired.append("ND-BANK")
    elif area == "residence":
        gain_prestige(st, p, count)  # ND-RESIDENCE: a prestige per person there
        st.fired.append("ND-RESIDENCE")
    elif area == "cloister":
        take_cubes(st, p, count)  # ND-CLOISTER: a cube per person, all it can (ND-CLOISTER-ALL)
        st.fired.append("ND-CLOISTER")
    elif area == "carriage":
        pl.carriage = a["square"]  # ND-CARRIAGE-MOVE; ND-CARRIAGE-STAYS: where it stopped
        st.fired.append("ND-CARRIAGE-MOVE")
        if a["take"]:
            take_message(st, p, a["square"])
    elif area == "guesthouse":
        for choice in a["choices"]:  # ND-GUEST: a coin, a cube or a rat (ND-GUEST-DOUBLE: two)
            if choice == "coin":
                pl.coins += 1
            elif choice == "cube":
                take_cubes(st, p, 1)
            else:
                remove_rat(st, p)
        st.fired.append("ND-GUEST-DOUBLE" if len(a["choices"]) == 2 else "ND-GUEST")
    elif area == "park":
        remove_rat(st, p)
        st.fired.append("ND-PARK")
    elif area == "hospital":
        remove_rat(st, p)
        st.fired.append("ND-HOSPITAL")


def do_play(st: NotreDameState, p: int, a: Action) -> None:
    """Apply a legal play (validated by the caller)."""
    pl = st.players[p]
    card = a["card"]
    pl.cards.remove(card)
    pl.played.append(card)
    pl.played.sort()
    st.fired.append("ND-PLAY-CARD")
    if a.get("forgo"):
        st.fired.append("ND-PLAY-FORGO")
        return
    if card == FRIEND:
        pl.friend = a["area"]  # ND-FRIEND-PLACE: the friend moves, no cube is placed
        st.fired.append("ND-FRIEND-PLACE")
        area_action(st, p, a["area"], a)
        return
    if a["from"] == "hand":
        pl.cubes -= 1
        st.fired.append("ND-PLACE-CUBE")
    else:
        pl.areas[a["from"]] -= 1
        st.fired.append("ND-PLACE-MOVE")
    if card == NOTRE_DAME:
        st.nd[p] += 1
        pl.coins -= a["offering"]  # ND-ND-OFFERING: the coins offered (ND-ND-PAY)
        st.fired.append("ND-ND-OFFERING")
        table = rule_param(st.options, "ND-ND-OFFERING", "offerings", {})
        # ND-ND-OFFERING: 1, 3 or 6 prestige; ND-ND-PARK: with the park bonus
        gain_prestige(st, p, int(table.get(str(a["offering"]), OFFERINGS[a["offering"]])))
        return
    pl.areas[card] += 1  # ND-PLACE-CUBE, ND-PLACE-MOVE: from hand or moved, on the card's area
    area_action(st, p, card, a)


def do_buy(st: NotreDameState, p: int, a: Action) -> None:
    """Apply a legal purchase (validated by the caller)."""
    pl = st.players[p]
    person = a["person"]
    pl.coins -= 1
    pl.bought = person
    st.fired.append("ND-BUY-ONE")
    if person == "landlady":
        gain_prestige(st, p, 3)  # ND-PERSON-LANDLADY: 3 prestige (ND-PERSON-PARK: park bonus)
        apply_gains(st, p, _CHOICE_GAIN[a["choice"]])
        st.fired.append("ND-PERSON-LANDLADY")
    elif person == "monk":
        take_cubes(st, p, 2)
        gain_prestige(st, p, 1)  # ND-PERSON-MONK: 1 prestige (ND-PERSON-PARK: park bonus)
        st.fired.append("ND-PERSON-MONK")
    elif person == "moneylender":
        pl.coins += 2
        gain_prestige(st, p, 1)  # ND-PERSON-MONEYLENDER: 1 prestige (ND-PERSON-PARK)
        st.fired.append("ND-PERSON-MONEYLENDER")
    elif person == "poet":
        _take_from(st, p, a["from"], a["cubes"])  # ND-PERSON-POET: 1-3 people from one area
        pl.areas[a["to"]] += a["cubes"]  # ND-PERSON-POET: to another, no action
        if a["friend"]:
            pl.friend = a["to"]
        st.fired.append("ND-PERSON-POET")
    elif person == "magician":
        if a["piece"] == "friend":
            pl.friend = a["to"]
        else:
            _take_from(st, p, a["from"], 1)
            pl.areas[a["to"]] += 1
        st.fired.append("ND-PERSON-MAGICIAN")
        area_action(st, p, a["to"], a)
    elif person == "doctor":
        st.fired.append("ND-PERSON-DOCTOR")  # applied in phase 5 (flow.start_plague)
    else:
        apply_gains(st, p, LETTERED_EFFECTS[person])  # ND-PERSONS-LETTERED: provisional gains
        st.fired.append("ND-PERSONS-LETTERED")


def _take_from(st: NotreDameState, p: int, source: str, cubes: int) -> None:
    """Remove moved cubes from an area or from Notre Dame (ND-PLACE-ND-SOURCE)."""
    if source == NOTRE_DAME:
        st.nd[p] -= cubes
        st.fired.append("ND-PLACE-ND-SOURCE")
    else:
        st.players[p].areas[source] -= cubes


_CHOICE_GAIN = {"coin": {"coins": 1}, "cube": {"cubes": 1}, "rat": {"rats_removed": 1}}
