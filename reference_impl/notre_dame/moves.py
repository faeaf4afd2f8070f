"""Player decisions of phases 3 and 4: playing action cards and buying persons.

Implements ND-PLAY-CARD, ND-PLACE-CUBE, ND-PLACE-MOVE, ND-PLACE-NONE, ND-PLAY-FORGO,
ND-BANK, ND-BANK-PLUS, ND-RESIDENCE, ND-CLOISTER, ND-CLOISTER-LIMIT, ND-CARRIAGE-MOVE,
ND-CARRIAGE-OTHER, ND-MESSAGE-*, ND-GUEST, ND-GUEST-DOUBLE, ND-FRIEND-*, ND-PARK,
ND-PARK-BONUS, ND-HOSPITAL, ND-ND-OFFERING, ND-ND-PAY, ND-BUY-*, ND-PERSON-*.
"""

from __future__ import annotations

from collections.abc import Sequence
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
#: the parameters of an area action with no choice left open (read only: merged into actions)
_NO_CHOICE: tuple[dict[str, Any], ...] = ({},)


# ---------------------------------------------------------------- messages (carriage)


def colours_left(st: NotreDameState) -> set[int]:
    return {colour for colour, _ in st.board.values()}


def set_complete(st: NotreDameState, pl: Player) -> bool:
    """A full set: every colour held in the current set or gone from the board (ND-MESSAGE-SET,
    ND-MESSAGE-EXHAUSTED)."""
    left = colours_left(st)
    return all(c in pl.message_set or c not in left for c in range(st.num))


def may_take(st: NotreDameState, pl: Player, colour: int) -> bool:
    """ND-MESSAGE-COLOR: no second message of a colour until a full set is complete."""
    return colour not in pl.message_set or set_complete(st, pl)


# ---------------------------------------------------------------- parameters of area actions


def area_params(
    st: NotreDameState, pl: Player, area: str, count: int
) -> Sequence[dict[str, Any]]:
    """The choices an area's action leaves open when it is performed with ``count`` people."""
    if area == "carriage":
        out: list[dict[str, Any]] = []
        for square in within(st.ring, pl.carriage, count):
            out.append({"square": square, "take": False})
            message = st.board.get(square)
            if message is not None and may_take(st, pl, message[0]):
                out.append({"square": square, "take": True})
        return out
    if area == "guesthouse":
        if count >= GUEST_DOUBLE_AT:
            return [{"choices": list(c)} for c in (*_GUEST_SINGLES, *_GUEST_PAIRS)]
        return [{"choices": list(c)} for c in _GUEST_SINGLES]
    return _NO_CHOICE


# ---------------------------------------------------------------- legal actions


def play_actions(st: NotreDameState, p: int) -> list[Action]:
    """Phase 3: every way for ``p`` to play one of the cards kept in the draft.

    ND-PLAY-FORGO: a card is played without its action only when the action cannot be
    performed (ND-PLACE-NONE, ND-ND-PAY), or at any time under ``forgo_at_will``.
    """
    pl = st.players[p]
    acts: list[Action] = []
    for card in sorted(set(pl.cards)):
        performed = card_actions(st, p, card)
        if not performed or st.options["forgo_at_will"]:
            acts.append({"actor": p, "type": "play", "card": card, "forgo": True})
        acts.extend(performed)
    return acts


def card_actions(st: NotreDameState, p: int, card: str) -> list[Action]:
    """Every way to play ``card`` performing its action (empty: the action is impossible)."""
    pl = st.players[p]
    acts: list[Action] = []
    if card == FRIEND:
        for area in AREAS:
            if area == pl.friend:
                continue
            for params in area_params(st, pl, area, pl.areas[area] + 1):
                acts.append({"actor": p, "type": "play", "card": card, "area": area, **params})
        return acts
    sources = ["hand"] if pl.cubes > 0 else [a for a in AREAS if a != card and pl.areas[a] > 0]
    for src in sources:
        if card == NOTRE_DAME:
            for offering in sorted(OFFERINGS):
                if offering <= pl.coins:
                    play = {"actor": p, "type": "play", "card": card, "from": src}
                    acts.append({**play, "offering": offering})
            continue
        count = pl.people(card) + 1
        for params in area_params(st, pl, card, count):
            acts.append({"actor": p, "type": "play", "card": card, "from": src, **params})
    return acts


def buy_actions(st: NotreDameState, p: int) -> list[Action]:
    """Phase 4: pass, or pay one coin for one displayed person (and its choices)."""
    pl = st.players[p]
    acts: list[Action] = [{"actor": p, "type": "pass"}]
    if pl.coins < 1:
        return acts
    for person in sorted(set(st.display)):
        base = {"actor": p, "type": "buy", "person": person}
        if person == "landlady":
            acts.extend({**base, "choice": c} for c in GUEST_OPTIONS)
        elif person == "poet":
            acts.extend(poet_moves(st, p))
        elif person == "magician":
            acts.extend(magician_moves(st, p))
        else:
            acts.append(base)
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
    pl = st.players[p]
    out = []
    for frm, cubes in move_sources(st, p):
        has_friend = pl.friend == frm
        counts = range(min(POET_MAX, cubes) + 1)
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
    return out


def magician_moves(st: NotreDameState, p: int) -> list[Action]:
    """ND-PERSON-MAGICIAN: one cube or the friend to another area, whose action is performed
    (the buy actions of the magician)."""
    pl = st.players[p]
    out = []
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
                count = pl.areas[to] + 1 if piece == "friend" else pl.people(to) + 1
                for params in area_params(st, pl, to, count):
                    out.append(
                        {"actor": p, "type": "buy", "person": "magician", "from": frm,
                         "to": to, "piece": piece, **params}
                    )  # fmt: skip
    return out


# ---------------------------------------------------------------- effects


def gain_prestige(st: NotreDameState, p: int, amount: int) -> None:
    """Gain prestige plus the park bonus (ND-PARK-BONUS, ND-PARK-FRIEND)."""
    if amount <= 0:
        return
    pl = st.players[p]
    people = pl.areas["park"]
    if pl.friend == "park" and st.options["friend_in_park_bonus"]:
        people += 1
    bonus = park_bonus(people)
    if bonus:
        st.fired.append("ND-PARK-BONUS")
    pl.prestige += amount + bonus


def remove_rat(st: NotreDameState, p: int) -> None:
    """Drive one rat away; the track stops at 0 (ND-RATS-REMOVE, ND-RATS-FLOOR)."""
    pl = st.players[p]
    if pl.rats > 0 or not st.options["rat_floor"]:
        pl.rats -= 1
    st.fired.append("ND-RATS-REMOVE")


def take_cubes(st: NotreDameState, p: int, n: int) -> None:
    """Cubes from the general stock, as many as are left (ND-CLOISTER-LIMIT)."""
    pl = st.players[p]
    got = min(n, pl.stock)
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
    complete = set_complete(st, pl)
    colour, value = st.board.pop(square)
    if complete:
        st.fired.append("ND-MESSAGE-SET")
        pl.message_set = {colour}
    else:
        pl.message_set.add(colour)
    pl.messages.append((colour, value))
    pl.messages.sort()
    st.fired.append("ND-MESSAGE-REWARD")
    apply_gains(st, p, MESSAGE_EFFECTS[value])


def area_action(st: NotreDameState, p: int, area: str, a: Action) -> None:
    """Perform a district's action with the people now in it (ND-FRIEND-COUNT)."""
    pl = st.players[p]
    count = pl.people(area)
    if area == "bank":
        pl.coins += count
        st.fired.append("ND-BANK")
    elif area == "residence":
        gain_prestige(st, p, count)
        st.fired.append("ND-RESIDENCE")
    elif area == "cloister":
        take_cubes(st, p, count)
        st.fired.append("ND-CLOISTER")
    elif area == "carriage":
        pl.carriage = a["square"]
        st.fired.append("ND-CARRIAGE-MOVE")
        if a["take"]:
            take_message(st, p, a["square"])
    elif area == "guesthouse":
        for choice in a["choices"]:
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
        pl.friend = a["area"]
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
        pl.coins -= a["offering"]
        st.fired.append("ND-ND-OFFERING")
        table = rule_param(st.options, "ND-ND-OFFERING", "offerings", {})
        gain_prestige(st, p, int(table.get(str(a["offering"]), OFFERINGS[a["offering"]])))
        return
    pl.areas[card] += 1
    area_action(st, p, card, a)


def do_buy(st: NotreDameState, p: int, a: Action) -> None:
    """Apply a legal purchase (validated by the caller)."""
    pl = st.players[p]
    person = a["person"]
    pl.coins -= 1
    pl.bought = person
    st.fired.append("ND-BUY-ONE")
    if person == "landlady":
        gain_prestige(st, p, 3)
        apply_gains(st, p, _CHOICE_GAIN[a["choice"]])
        st.fired.append("ND-PERSON-LANDLADY")
    elif person == "monk":
        take_cubes(st, p, 2)
        gain_prestige(st, p, 1)
        st.fired.append("ND-PERSON-MONK")
    elif person == "moneylender":
        pl.coins += 2
        gain_prestige(st, p, 1)
        st.fired.append("ND-PERSON-MONEYLENDER")
    elif person == "poet":
        _take_from(st, p, a["from"], a["cubes"])
        pl.areas[a["to"]] += a["cubes"]
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
        st.fired.append("ND-PERSON-DOCTOR")
    else:
        apply_gains(st, p, LETTERED_EFFECTS[person])
        st.fired.append("ND-PERSONS-LETTERED")


def _take_from(st: NotreDameState, p: int, source: str, cubes: int) -> None:
    """Remove moved cubes from an area or from Notre Dame (ND-PLACE-ND-SOURCE)."""
    if source == NOTRE_DAME:
        st.nd[p] -= cubes
        st.fired.append("ND-PLACE-ND-SOURCE")
    else:
        st.players[p].areas[source] -= cubes


_CHOICE_GAIN = {"coin": {"coins": 1}, "cube": {"cubes": 1}, "rat": {"rats_removed": 1}}
