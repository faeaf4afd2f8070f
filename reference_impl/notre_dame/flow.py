"""The round structure: setup, person reveal, card deal, draft, plague, round and stage end.

Implements ND-SETUP-MESSAGES, ND-PERSONS-REVEAL, ND-PERSONS-RESHUFFLE, ND-SETUP-LETTERED,
ND-DRAFT-DRAW, ND-DRAFT-KEEP1, ND-DRAFT-KEEP2, ND-DRAFT-LAST, ND-PLAY-ORDER,
ND-BUY-ORDER, ND-RATS-INCREASE, ND-HOSPITAL-REDUCE, ND-PLAGUE, ND-PLAGUE-RESET,
ND-PLAGUE-CHOICE, ND-START-PASS, ND-STAGE-PAYOUT, ND-ND-RETURN, ND-ND-PARK,
ND-STAGE-RECOLLECT and ND-END.
"""

from __future__ import annotations

from fractions import Fraction
from functools import cache
from itertools import permutations
from typing import TYPE_CHECKING, Any

from reference_impl.notre_dame.data import (
    AREAS,
    BROWN,
    BROWN_PER_ROUND,
    BROWN_SET,
    CARDS,
    CARDS_PER_DRAW,
    CARDS_PLAYED,
    MESSAGE_VALUES,
    OUTER,
    PERSON_RATS,
    PERSONS,
    PLAGUE_PRESTIGE,
    RAT_MAX,
    ROUNDS,
    ROUNDS_PER_STAGE,
    STAGES,
    node,
    tile_value,
)
from reference_impl.notre_dame.moves import gain_prestige
from reference_impl.notre_dame.scoring import lose_prestige, payout_shares, rats_after_round

if TYPE_CHECKING:
    from reference_impl.notre_dame.state import NotreDameState

Action = dict[str, Any]

ARRANGEMENTS = tuple(list(p) for p in permutations(MESSAGE_VALUES))


def stage_of(round_: int) -> str:
    # ND-GAME-ROUNDS, ND-SETUP-STACK: rounds 1-3 are stage A, 4-6 stage B, 7-9 stage C
    return STAGES[min(len(STAGES) - 1, (round_ - 1) // ROUNDS_PER_STAGE)]


# ---------------------------------------------------------------- chance


@cache
def one_in(n: int) -> Fraction:
    """The probability of each of ``n`` equally likely outcomes (made once per ``n``)."""
    return Fraction(1, n)


@cache
def message_actions(district: int) -> tuple[Action, ...]:
    """The chance actions placing ``district``'s messages, one per arrangement (shared by
    every position, never mutated)."""
    return tuple(
        {"actor": "chance", "type": "place_messages", "district": district, "values": list(v)}
        for v in ARRANGEMENTS
    )


@cache
def reveal_actions() -> dict[str, Action]:
    """The chance action revealing each person, by person (shared, never mutated)."""
    return {c: {"actor": "chance", "type": "reveal_person", "person": c} for c in sorted(PERSONS)}


@cache
def draw_actions(p: int) -> dict[str, Action]:
    """The chance action drawing each card for player ``p``, by card (shared, never mutated)."""
    return {c: {"actor": "chance", "type": "draw_card", "player": p, "card": c} for c in CARDS}


def chance_outcomes(st: NotreDameState) -> list[tuple[Action, Fraction]]:
    """Every chance outcome of the current chance node with its exact probability."""
    if st.phase == "setup":  # ND-SETUP-MESSAGES: 24 arrangements per district, 1/24 each
        prob = one_in(len(ARRANGEMENTS))
        return [(a, prob) for a in message_actions(st.pending[0])]
    if st.phase == "reveal":  # ND-PERSONS-REVEAL: each undrawn card equally likely
        deck = reveal_source(st)
        prob = one_in(len(deck))
        by_person = reveal_actions()
        return [(by_person[c], prob) for c in deck]
    if st.phase == "deal":  # ND-DRAFT-DRAW: one card at a time, each equally likely
        p = deal_target(st)
        deck = st.players[p].deck
        prob = one_in(len(deck))
        by_card = draw_actions(p)
        return [(by_card[c], prob) for c in deck]
    return []


def reveal_source(st: NotreDameState) -> list[str]:
    """ND-PERSONS-REVEAL, ND-PERSONS-KINDS: the deck the next person comes from: brown
    first, then the stage's letter."""
    browns = sum(1 for c in st.display if c in BROWN_SET)
    # ND-PERSONS-REVEAL: two brown; ND-PERSONS-NEXT: from what the stage left of the deck
    if browns < BROWN_PER_ROUND and st.brown_deck:
        return st.brown_deck
    if len(st.display) - browns < 1:  # ND-PERSONS-REVEAL: one lettered
        # ND-SETUP-STACK: the stage's letter; ND-SETUP-LETTERED: any of its unused cards
        return st.lettered[stage_of(st.round)]
    return []


def deal_target(st: NotreDameState) -> int:
    for p, pl in enumerate(st.players):
        # ND-DRAFT-DRAW: three cards each; ND-DRAFT-NEXT, ND-DRAFT-DECK: from the rest of
        # the deck, which lasts the three rounds of a stage
        if len(pl.draft_hand) < CARDS_PER_DRAW and pl.deck:
            return p
    return -1


def apply_chance(st: NotreDameState, a: Action) -> None:
    """Apply a validated chance outcome and move on."""
    kind = a["type"]
    if kind == "place_messages":
        d = a["district"]
        for square, value in zip(OUTER, a["values"], strict=True):
            st.board[node(d, square)] = (d, value)
        st.board = dict(sorted(st.board.items()))
        st.pending.remove(d)
        st.fired.append("ND-SETUP-MESSAGES")
        if not st.pending:
            start_round(st)
    elif kind == "reveal_person":
        person = a["person"]
        if person in BROWN_SET:
            st.brown_deck.remove(person)
        else:
            st.lettered[stage_of(st.round)].remove(person)  # ND-SETUP-LETTERED: not again
        st.display.append(person)
        st.display.sort()
        st.fired.append("ND-PERSONS-REVEAL")
        settle(st)
    elif kind == "draw_card":
        pl = st.players[a["player"]]
        pl.deck.remove(a["card"])
        pl.draft_hand.append(a["card"])
        pl.draft_hand.sort()
        st.fired.append("ND-DRAFT-DRAW")
        settle(st)


def start_round(st: NotreDameState) -> None:
    st.phase = "reveal"  # ND-ROUND-PHASES: phase 1 opens the round
    st.current = None  # ND-ROUND-PHASES: phase 1 is nobody's turn
    st.fired.append("ND-ROUND-PHASES")
    settle(st)


def settle(st: NotreDameState) -> None:
    """Advance past chance nodes that have nothing left to reveal."""
    if st.phase == "reveal" and not reveal_source(st):
        st.phase = "deal"  # ND-ROUND-PHASES: phase 2 after the reveal
        st.fired.append("ND-ROUND-PHASES")
    if st.phase == "deal" and deal_target(st) < 0:
        st.phase = "draft"  # ND-ROUND-PHASES
        st.fired.append("ND-ROUND-PHASES")
        st.draft_step = 1  # ND-DRAFT-KEEP1: keep one of three first
        st.pending = list(range(st.num))  # ND-DRAFT-SIMUL: every player chooses at once


# ---------------------------------------------------------------- draft


@cache
def keep_actions(p: int) -> dict[str, Action]:
    """Player ``p``'s action keeping each card, by card (shared, never mutated)."""
    return {c: {"actor": p, "type": "keep", "card": c} for c in CARDS}


def do_keep(st: NotreDameState, p: int, card: str) -> None:
    """ND-DRAFT-KEEP1, ND-DRAFT-KEEP2: keep one card of the draft hand; once all have kept
    (ND-DRAFT-SIMUL), pass the rest to the left (ND-LEFT)."""
    pl = st.players[p]
    pl.draft_hand.remove(card)
    pl.cards.append(card)
    pl.cards.sort()
    st.pending.remove(p)
    st.fired.append("ND-DRAFT-KEEP1" if st.draft_step == 1 else "ND-DRAFT-KEEP2")
    if st.pending:  # ND-DRAFT-SIMUL: the cards pass once all have chosen
        return
    st._keeps.clear()  # the hands change
    hands = [pl.draft_hand for pl in st.players]
    for q, pl in enumerate(st.players):  # ND-LEFT: seat q receives from seat q - 1
        pl.draft_hand = hands[(q - 1) % st.num]
    if st.draft_step == 1:  # ND-DRAFT-KEEP2: then keep one of the two received
        st.draft_step = 2
        st.pending = list(range(st.num))  # ND-DRAFT-SIMUL
        return
    for pl in st.players:  # ND-DRAFT-LAST: the last card received is taken
        pl.cards.extend(pl.draft_hand)
        pl.cards.sort()
        pl.draft_hand = []
    st.fired.append("ND-DRAFT-LAST")
    st.draft_step = None
    st.phase = "play"  # ND-ROUND-PHASES: phase 3 after the draft
    st.current = st.start  # ND-PLAY-ORDER: the start player plays first
    st.fired.append("ND-ROUND-PHASES")


# ---------------------------------------------------------------- turn order


def after_play(st: NotreDameState) -> None:
    """ND-PLAY-ORDER, ND-PLAY-SECOND: one card each in turn order, twice."""
    total = sum(len(pl.played) for pl in st.players)
    if total >= CARDS_PLAYED * st.num:  # ND-PLAY-SECOND, ND-PLAY-THIRD: two cards each
        st.phase = "buy"  # ND-ROUND-PHASES: phase 4 after phase 3
        st.current = st.start  # ND-BUY-ORDER: from the start player
        st.fired += ["ND-PLAY-THIRD", "ND-ROUND-PHASES"]
    else:
        st.current = (st.start + total) % st.num  # ND-PLAY-ORDER: clockwise (ND-LEFT)


def after_buy(st: NotreDameState) -> None:
    """ND-BUY-ORDER: clockwise from the start player, then phase 5."""
    assert st.current is not None
    if (st.current - st.start) % st.num == st.num - 1:  # ND-ROUND-PHASES: all have bought
        start_plague(st)
    else:
        st.current = (st.current + 1) % st.num  # ND-BUY-ORDER: clockwise (ND-LEFT)


# ---------------------------------------------------------------- plague


@cache
def lose_cube_actions(p: int) -> dict[str, Action]:
    """Player ``p``'s action losing a cube of each area, by area (shared, never mutated)."""
    return {a: {"actor": p, "type": "lose_cube", "area": a} for a in AREAS}


def plague_candidates(st: NotreDameState, p: int) -> list[str]:
    """ND-PLAGUE-CHOICE, ND-PLAGUE-CUBE: areas with a cube and the most people in the
    player's district."""
    pl = st.players[p]
    best = -1
    found: list[str] = []
    for area in AREAS:  # ND-PLAGUE-CHOICE: the district's areas, not Notre Dame
        if pl.areas[area] <= 0:  # ND-PLAGUE-CHOICE: an area holding only the friend loses none
            continue
        people = pl.people(area)  # ND-PLAGUE-CUBE: cubes and the friend count
        if people > best:
            best, found = people, [area]
        elif people == best:
            found.append(area)
    return found


def start_plague(st: NotreDameState) -> None:
    """ND-RATS-INCREASE, ND-RATS-PERPLAYER: phase 5 for every player: rats rise by the
    persons' rats, less the hospital (ND-HOSPITAL-REDUCE); past 9 the plague (ND-PLAGUE)."""
    # ND-RATS-INCREASE: the rats on the three displayed persons, bought or not (ND-PERSONS-RATS)
    printed = sum(PERSON_RATS[c] for c in st.display)
    st.phase = "plague"  # ND-ROUND-PHASES: phase 5
    st.current = None  # ND-ROUND-PHASES: phase 5 is every player's at once
    st.pending = []  # ND-ROUND-PHASES
    st.fired += ["ND-ROUND-PHASES", "ND-RATS-INCREASE"]
    for p, pl in enumerate(st.players):  # ND-RATS-PERPLAYER: each player's own track
        hospital = pl.areas["hospital"]  # ND-HOSPITAL-REDUCE: the cubes in the hospital
        if pl.friend == "hospital" and st.options["friend_in_hospital"]:  # ND-HOSPITAL-FRIEND
            hospital += 1
        doctor = pl.bought == "doctor"  # ND-PERSON-DOCTOR: the buyer's increase only
        # ND-RATS-INCREASE, ND-HOSPITAL-REDUCE, ND-DOCTOR-ZERO, ND-RATS-LIMIT, ND-PLAGUE-RESET
        pl.rats, plague = rats_after_round(
            pl.rats, printed, hospital, doctor, st.options["rat_floor"], RAT_MAX
        )
        if not plague:
            continue
        st.fired.append("ND-PLAGUE")
        # ND-PLAGUE, ND-PLAGUE-SAME: 2 prestige however far past the limit (ND-PRESTIGE-FLOOR)
        pl.prestige = lose_prestige(pl.prestige, PLAGUE_PRESTIGE, st.options["prestige_floor"])
        where = plague_candidates(st, p)  # ND-PLAGUE-CUBE: one cube dies
        if len(where) == 1:  # ND-PLAGUE-CUBE: one area holds the most people
            pl.areas[where[0]] -= 1  # ND-PLAGUE-CUBE: the cube dies, one (ND-PLAGUE-SAME)
            pl.stock += 1  # ND-PLAGUE-CUBE: back to the stock
        elif where:  # ND-PLAGUE-CHOICE: a tie, the player chooses
            st.pending.append(p)
    if not st.pending:  # ND-PLAGUE-CHOICE: the round waits for each tie's choice
        end_round(st)  # ND-ROUND-PHASES: the round ends after phase 5


def do_lose_cube(st: NotreDameState, p: int, area: str) -> None:
    pl = st.players[p]
    pl.areas[area] -= 1  # ND-PLAGUE-CUBE: the cube dies
    pl.stock += 1  # ND-PLAGUE-CUBE: back to the stock
    st.pending.remove(p)
    st.fired.append("ND-PLAGUE-CHOICE")
    if not st.pending:
        end_round(st)


# ---------------------------------------------------------------- round and stage end


def stage_payout(st: NotreDameState) -> None:
    """ND-STAGE-PAYOUT, ND-ND-BONUS: the tile's prestige split per cube (floor), then cubes
    to stock."""
    value = tile_value(st.num, stage_of(st.round))  # ND-ND-VALUES, ND-SETUP-BOARD
    # ND-ND-PAYOUT: a share per cube of the tile's value (ND-ND-VALUES)
    for p, share in enumerate(payout_shares(value, st.nd)):
        # ND-ND-PAYOUT: the share is prestige (ND-ND-PARK: with the park bonus)
        gain_prestige(st, p, share)
        st.players[p].stock += st.nd[p]  # ND-ND-RETURN: the cubes go back to the stock
        st.nd[p] = 0  # ND-ND-RETURN
    st.fired.append("ND-STAGE-PAYOUT")


def end_round(st: NotreDameState) -> None:
    """ND-START-PASS: clear the round (the cubes placed stay, ND-PLACE-STAY), pass the start
    player left, score a stage end, go on or finish; round 9 ends the same way
    (ND-END-ROUND9)."""
    for pl in st.players:  # ND-DRAFT-CARDS: the round's cards serve this round only
        pl.draft_hand = []
        pl.cards = []  # ND-PLAY-THIRD: the third card is not played
        pl.played = []
        pl.bought = None  # ND-BUY-ONE: one person per player and round
    st.display = []  # ND-PERSONS-NEXT: the next round shows three new persons
    st.pending = []
    st.start = (st.start + 1) % st.num  # ND-START-PASS: to the left neighbour (ND-LEFT)
    st.fired.append("ND-START-PASS")
    # ND-PERSONS-STAGE-END, ND-PERSONS-STAGEB: a stage ends after its third round (3, 6, 9)
    if st.round % ROUNDS_PER_STAGE == 0:
        stage_payout(st)  # ND-STAGE-PAYOUT, ND-ND-BONUS
        for pl in st.players:  # ND-STAGE-RECOLLECT: the emptied decks (ND-STAGE-DECKS-EMPTY)
            pl.deck = sorted(CARDS)
        st.brown_deck = sorted(BROWN)  # ND-PERSONS-RESHUFFLE: the six brown cards again
        st.fired.append("ND-STAGE-RECOLLECT")
    if st.round >= ROUNDS:  # ND-END, ND-GAME-ROUNDS: nine rounds; the round stays 9
        st.phase = "over"
        st.current = None
        st.fired.append("ND-END")
        return
    st.round += 1  # ND-START-PASS: the next round; ND-GAME-ROUNDS: its number, so its stage
    start_round(st)
