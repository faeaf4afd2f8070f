"""The Villagers solo state: fields, canonical JSON, chance nodes and the phase machine.

Implements VL-SETUP-*, VL-ROUND-ORDER, VL-DRAFT-REFILL, VL-MARKET-*, VL-END-*.
Player decisions live in ``draft.py``, ``build.py`` and ``events.py``.
"""

from __future__ import annotations

from bisect import insort
from fractions import Fraction
from typing import Any

import orjson

from reference_impl.core import CHANCE, Action, GameState, IllegalAction, MalformedInput, Outcome
from reference_impl.villagers import build, draft, events
from reference_impl.villagers.canonical import card_entries, dump_state
from reference_impl.villagers.cards import (
    ALL_CARDS,
    BASIC_COUNT,
    CARDS,
    COUNTESS,
    EVENTS,
    FOUNDERS,
    FOUNDERS_SIDES,
    SETUP,
    Card,
    Tally,
    draft_limit,
    reveal_count,
    silver_value,
    tally,
)

ROAD_SIZE = SETUP["road"]
HAND_SIZE = SETUP["hand"]
PLAYER_STEPS = frozenset({"rats", "take", "countess", "coin", "arson", "build", "events"})
ALL_STEPS = PLAYER_STEPS | {"deal", "reveal", "refill", "road_reserve", "countess_build", "over"}
PHASES = ("setup", "draft", "build", "event", "over")


class VillagersState(GameState):
    """A position of the solo game. Lists are kept sorted so the canonical form is unique."""

    def __init__(self, options: dict[str, Any]) -> None:
        self.options = options
        self.fired: list[str] = []
        self.round = 1
        self.phase = "setup"
        self.step = "deal"
        self.chance: dict[str, Any] | None = None
        self.gold = SETUP["gold"]  # VL-SETUP-GOLD: 8 gold in supply
        self.hand: dict[str, int] = {}  # VL-SETUP-HAND: dealt from the reserve by chance
        self.square: dict[str, int] = {}  # VL-SETUP-SQUARE: the empty village square
        self.founders = "gold"  # VL-SETUP-FOUNDERS: gold side up
        self.columns: list[list[list[Any]]] = []
        self.countess_gold = SETUP["countess_gold"]  # VL-SETUP-COUNTESS-GOLD: 1 gold
        self.c_cards: list[list[Any]] = []
        # VL-SETUP-ROAD, VL-COMP-ROAD: the six starting villagers on the road
        self.road: list[list[Any]] = sorted([name, 0] for name in _starting_road())
        self.stacks: list[dict[str, Any]] = []  # VL-SETUP-STACKS
        for index in range(SETUP["stacks"]):  # VL-SETUP-STACKS: six face-down stacks of 5
            market = None
            # VL-SETUP-MARKETS: first market under the second stack, second under the last
            if index == SETUP["first_market_stack"]:
                market = 1
            elif index == SETUP["second_market_stack"]:  # VL-SETUP-MARKETS
                market = 2
            self.stacks.append({"known": [], "hidden": SETUP["stack_size"], "market": market})
        # VL-SETUP-REMOVE, VL-COMP-COPIES: the shuffled base cards left off the road, face down
        # (in card-name order, the order of the draws' chance outcomes)
        self.unseen: dict[str, int] = dict(sorted(_deck().items()))
        # VL-SETUP-RESERVE: the cards not dealt to the stacks form the reserve
        self.reserve = sum(self.unseen.values()) - SETUP["stacks"] * SETUP["stack_size"]
        self.basics: dict[str, int] = dict(BASIC_COUNT)  # VL-SETUP-BASICS: 10 of each kind
        self.discard: dict[str, int] = {}  # in card-name order, the canonical order
        self.markets = ["hidden", "hidden"]  # VL-SETUP-MARKETS: both under their stacks
        # VL-SETUP-EVENTS, VL-COMP-EVENTS: a summer and a winter deck, each drawn at random
        self.decks: dict[str, list[str]] = {
            season: sorted((e for e, d in EVENTS.items() if d["season"] == season), key=_ekey)
            for season in ("summer", "winter")
        }
        self.active: list[str] = []  # VL-SETUP-FIRST-EVENT: revealed by chance at setup
        self.event_discard: list[str] = []  # VL-SETUP-EVENTS: none played yet
        self.jester = True  # VL-SETUP-JESTER: available once per game
        self.draft_limit = 0
        self.drafted = 0
        self.build_limit = 0
        self.built = 0
        self.basics_built = 0
        self.reveal_left = 0
        self.reveal_deck = "summer"
        self._tally: Tally | None = None  # the player's village counted, until it changes
        self._village_text: bytes | None = None  # its columns' canonical JSON, until it changes

    # ------------------------------------------------------------------ views
    def to_act(self) -> list[Any]:
        if self.step == "over":
            return []
        if self.chance is not None:
            return [CHANCE]
        return [0]

    def is_terminal(self) -> bool:
        return self.step == "over"

    def village_cards(self) -> list[tuple[Card, int, bool]]:
        """(card, coins, top of chain) for the player's village, Founders first."""
        branches = self.branches()
        # VL-CHAIN-FOUNDERS: the Founders is covered once it carries a chain
        out = [(FOUNDERS_SIDES[self.founders], 0, branches == 0)]
        append = out.append
        for column in self.columns:
            last = len(column) - 1
            for depth in range(last):
                name, coins = column[depth]
                append((CARDS[name], coins, False))
            name, coins = column[last]
            append((CARDS[name], coins, True))
        return out

    def countess_cards(self) -> list[tuple[Card, int, bool]]:
        # VL-COUNTESS-BUILD: her cards stand alone, each visible; VL-SETUP-COUNTESS: her
        # Countess card (4 printed gold) first, then the villagers she built
        return [(COUNTESS, 0, True)] + [(CARDS[n], c, True) for n, c in self.c_cards]

    def branches(self) -> int:
        return sum(1 for column in self.columns if CARDS[column[0][0]].on == FOUNDERS)

    def may_branch(self) -> bool:
        """Another chain may start on the Founders (VL-CHAIN-FOUNDERS). Every reading allows
        one, so the option ``founders_branches`` is looked up once a chain exists."""
        branches = self.branches()
        return branches == 0 or branches < self.options["founders_branches"]

    def player_tally(self) -> Tally:
        """The player's village counted, kept until a rule changes the village."""
        t = self._tally
        if t is None:
            t = self._tally = tally(
                self.village_cards(),
                self.options["icons_count_covered"],
                self.options["gold_top_only"],
            )
        return t

    def village_changed(self) -> None:
        """A rule changed the player's village: its cards, their coins or the Founders' side."""
        self._tally = None
        self._village_text = None

    def village_export(self) -> list[list[dict[str, Any]]]:
        """The player's columns as the canonical state holds them, a new object at every
        call: read from their JSON text, which is kept until a rule changes the village."""
        text = self._village_text
        if text is None:
            text = self._village_text = orjson.dumps([card_entries(c) for c in self.columns])
        return orjson.loads(text)

    def countess_tally(self) -> Tally:
        # VL-COMP-COUNTESS-MARKET: her village counts like yours, every card visible
        return tally(self.countess_cards())

    def silver_total(self, cards: list[tuple[Card, int, bool]], t: Tally) -> int:
        """The village's silver (VL-SILVER-FORMULA: every silver card scores by its own
        formula); each silver card valued reports its own rule (``silver_rule``, from the
        component data) fired, as the rules named in code do."""
        valued = [card for card, _, _ in cards]
        self.fired.extend(card.silver_rule for card in valued if card.silver_rule)
        return sum(silver_value(card, t) for card in valued)

    def discard_villagers(self, cards: list[str]) -> None:
        """Villagers onto the discard pile, which is kept in card-name order (the canonical
        order, so an export copies it as it is)."""
        discard = self.discard
        for card in cards:
            discard[card] = discard.get(card, 0) + 1
        self.discard = {name: discard[name] for name in sorted(discard)}

    def stack_has_cards(self, index: int) -> bool:
        stack = self.stacks[index]
        return bool(stack["known"]) or stack["hidden"] > 0

    def leftmost_stack(self) -> int | None:
        for index, stack in enumerate(self.stacks):
            if stack["known"] or stack["hidden"] > 0:
                return index
        return None

    def stacks_with_cards(self) -> list[int]:
        """Indexes of the stacks that still hold a card, left to right."""
        return [i for i, st in enumerate(self.stacks) if st["known"] or st["hidden"] > 0]

    def final_round(self) -> bool:
        """VL-EVENT-FINAL: the round in which the second market card was revealed."""
        return self.markets[1] != "hidden"

    # ----------------------------------------------------------------- chance
    def chance_outcomes(self) -> list[tuple[Action, Fraction]]:
        """Every outcome of the pending chance node, in a new list; each action is shared
        by every listing and never mutated (as every listed action of this engine).

        Draws come in card-name order: ``unseen`` is kept in that order (built sorted, and
        names only ever leave it), so its items are already the outcomes' order. Names in
        ``unseen`` are villager names (a load refuses any other), each with its action.
        """
        if self.chance is None:
            return []
        if self.chance["kind"] == "event":
            deck = self.decks[self.chance["deck"]]
            if not deck:
                return []
            each = _fraction(1, len(deck))
            reveals = _REVEALS
            return [(reveals[e], each) for e in deck]
        unseen = self.unseen
        total = sum(unseen.values())
        if not total:
            return []
        row = _ROWS.get(total) or _row(total)
        draws = _DRAWS
        return [(draws[name], row[count]) for name, count in unseen.items()]

    def legal_actions(self) -> list[Action]:
        """A new list at every call, of actions most of which are shared between listings:
        callers may keep or change the list, and keep the actions, but never change one."""
        if self.step == "over":
            return []
        if self.chance is not None:  # the chance outcomes' actions, in their order
            return [action for action, _ in self.chance_outcomes()]
        return _player_actions(self)

    # ------------------------------------------------------------------ apply
    def apply(self, action: Action) -> None:
        if not isinstance(action, dict):
            raise MalformedInput(f"action must be a JSON object, got {action!r}")
        actor = action.get("actor")
        kind = action.get("type")
        if not isinstance(kind, str):
            raise MalformedInput(f"action needs a string 'type': {action!r}")
        if actor not in (0, CHANCE) or isinstance(actor, bool):
            raise MalformedInput(f"action 'actor' must be 0 or 'chance': {action!r}")
        if self.step == "over":
            raise IllegalAction("VL-END-GAME", f"{action!r}: the game is over")
        if actor == CHANCE:
            if self.chance is None:
                raise IllegalAction("VL-ROUND-ORDER", f"{action!r}: no chance event pending")
            self._apply_chance(action)
        else:
            if self.chance is not None:
                raise IllegalAction(
                    "VL-ROUND-ORDER",
                    f"{action!r}: chance must act first ({self.chance['kind']} pending)",
                )
            self.fired = []
            handler = _HANDLERS.get(kind)
            if handler is None:
                raise MalformedInput(f"unknown action type {kind!r} in {action!r}")
            handler(self, action)
        self.run()

    def _apply_chance(self, action: Action) -> None:
        pending = self.chance
        assert pending is not None
        if pending["kind"] == "event":
            event = action.get("event")
            if action.get("type") != "event" or not isinstance(event, str):
                raise MalformedInput(
                    f"chance action must be {{'type': 'event', 'event': id}}: {action!r}"
                )
            if event not in self.decks[pending["deck"]]:
                raise IllegalAction(
                    "VL-EVENT-DECKS", f"{action!r}: {event} is not in the {pending['deck']} deck"
                )
            self.fired = ["VL-EVENT-REVEAL"]
            self.chance = None
            self.decks[pending["deck"]].remove(event)
            self.reveal_left -= 1  # VL-EVENT-REVEAL: one of the events owed is revealed
            events.on_reveal(self, event, pending["deck"])
            return
        card = action.get("card")
        if action.get("type") != "draw" or not isinstance(card, str):
            raise MalformedInput(
                f"chance action must be {{'type': 'draw', 'card': name}}: {action!r}"
            )
        if self.unseen.get(card, 0) <= 0:
            raise IllegalAction("VL-COMP-CARDS", f"{action!r}: no unseen {card!r} left to draw")
        self.fired = []
        self.chance = None
        self.unseen[card] -= 1
        if not self.unseen[card]:
            del self.unseen[card]
        stack = pending.get("stack")
        if stack is None:
            self.reserve -= 1
        else:
            self.stacks[stack]["hidden"] -= 1
            self.check_market(stack)
        self.place_drawn(card, pending["kind"])

    def place_drawn(self, card: str, kind: str) -> None:
        """Put a drawn card where the pending draw sends it."""
        if kind == "hand":
            _add(self.hand, card)
            self.fired.append("VL-SETUP-HAND")
        elif kind == "square":
            _add(self.square, card)  # VL-DRAFT-STACK: a stack's top card onto the square
            self.fired.append("VL-DRAFT-STACK")
        elif kind == "road":
            insort(self.road, [card, 0])
            self.fired.append("VL-DRAFT-REFILL")
        elif kind in ("countess", "countess_reveal"):
            insort(self.c_cards, [card, 0])
            self.fired.append("VL-COUNTESS-BUILD")
            if kind == "countess_reveal":  # VL-EVENT-COUNTESS-BUILD: her card reveals events
                c = CARDS[card]
                # VL-EVENT-SILVER-VALUE: a silver card counts its value in her village
                value = silver_value(c, self.countess_tally()) if c.silver else c.gold
                # VL-EVENT-REVEAL: her card's gold 0 -> 3 events, 1-9 -> 2, 10+ -> 1
                self.reveal_left = reveal_count(value)
                # VL-EVENT-DECKS: summer until the first market is resolved, then winter
                self.reveal_deck = "summer" if self.markets[0] != "resolved" else "winter"
                self.step = "reveal"
                self.fired.append("VL-EVENT-REVEAL")

    def take_from_stack(self, index: int, kind: str) -> None:
        """Draw the top of stack ``index``: known cards at once, hidden ones by chance."""
        stack = self.stacks[index]
        if stack["known"]:
            card = stack["known"].pop()
            self.check_market(index)
            # VL-BUILD-RETURN-STACK: a returned card on top, known, is drawn at once, before
            # the stack's hidden cards
            self.place_drawn(card, kind)
        else:
            self.chance = {"kind": kind, "stack": index}

    def check_market(self, index: int) -> None:
        """VL-MARKET-REVEAL: a market card is revealed once the cards above it are gone."""
        stack = self.stacks[index]
        if stack["market"] and not stack["known"] and stack["hidden"] == 0:
            self.markets[stack["market"] - 1] = "revealed"
            stack["market"] = None
            self.fired.append("VL-MARKET-REVEAL")

    # ------------------------------------------------------------ automation
    def run(self) -> None:
        """Run automatic steps until a player decision or a chance node is due."""
        while self.chance is None:
            step = self.step
            if step == "deal":
                # VL-SETUP-HAND: 5 cards from the reserve, one chance draw each
                if _total(self.hand) < HAND_SIZE and self.reserve > 0:
                    self.chance = {"kind": "hand", "stack": None}
                    return
                # VL-SETUP-FIRST-EVENT: one summer event is revealed at setup
                self.step = "reveal"
                self.reveal_left = 1  # VL-SETUP-FIRST-EVENT: one event
                self.reveal_deck = "summer"  # VL-SETUP-FIRST-EVENT: from the summer deck
            elif step == "reveal":
                # VL-EVENT-REVEAL; VL-EVENT-EMPTY: an exhausted deck reveals what it has
                if self.reveal_left > 0 and self.decks[self.reveal_deck]:
                    self.chance = {"kind": "event", "deck": self.reveal_deck}
                    return
                self.reveal_left = 0
                if self.phase == "setup":  # VL-SETUP-FIRST-EVENT: revealed, round 1's draft begins
                    draft.start(self)
                else:
                    self.markets_phase()  # VL-ROUND-ORDER: the market phase follows the events
            elif step == "refill":
                if not draft.refill(self):
                    return
            elif step == "road_reserve":
                # VL-DRAFT-DISCARD-REFILL: every empty road place, from the reserve while it lasts
                if len(self.road) < ROAD_SIZE and self.reserve > 0:
                    self.chance = {"kind": "road", "stack": None}
                    return
                build.start(self)  # VL-ROUND-ORDER: the build phase follows the draft
            elif step == "countess_build":
                if self.final_round() or self.reserve <= 0:
                    self.fired.append("VL-EVENT-FINAL" if self.final_round() else "VL-EVENT-EMPTY")
                    self.markets_phase()
                else:
                    # VL-EVENT-COUNTESS-BUILD: she builds the top card of the reserve (chance)
                    self.chance = {"kind": "countess_reveal", "stack": None}
                    return
            elif step in PLAYER_STEPS:
                # VL-EVENT-ORDER: once no event-phase event is left, step 2 follows
                if step == "events" and not events.pending(self):
                    self.step = "countess_build"
                    continue
                # VL-DRAFT-COUNT, VL-DRAFT-EMPTY: the draft ends when the repetitions are done
                # or nothing can be taken
                if step == "take" and not draft.can_take(self):
                    draft.end(self)
                    continue
                # VL-DRAFT-EMPTY: with an empty road the Countess builds nothing
                if step == "countess" and not self.road:
                    self.step = "refill"
                    continue
                # VL-DRAFT-EMPTY: with an empty road the bank coin step is skipped
                if step == "coin" and not self.road:
                    draft.discard_road(self)
                    continue
                return
            else:  # "over"
                return

    def markets_phase(self) -> None:
        """Implements VL-MARKET-FIRST, VL-MARKET-SECOND and VL-END-GAME."""
        first, second = self.markets
        # VL-MARKET-REVEAL: a revealed market is resolved now; the first before the second
        if first == "revealed" or (second == "revealed" and first == "hidden"):
            self.pay_market(silver=False)
            self.markets[0] = "resolved"
            self.fired.append("VL-MARKET-FIRST")
        if second == "revealed":
            self.pay_market(silver=True)
            self.markets[1] = "resolved"
            self.fired.append("VL-MARKET-SECOND")
            # VL-END-GAME: the game ends when the second market phase is over
            self.phase = "over"
            self.step = "over"
            return
        # VL-ROUND-ORDER: the next round begins with the draft phase
        self.round += 1
        draft.start(self)

    def pay_market(self, silver: bool) -> None:
        for side in ("player", "countess"):  # VL-MARKET-BOTH: for the player and the Countess
            cards = self.village_cards() if side == "player" else self.countess_cards()
            t = self.player_tally() if side == "player" else self.countess_tally()
            # VL-MARKET-FIRST, VL-MARKET-SECOND (silver values only at the second);
            # VL-MARKET-SECOND-COINS: the coins on cards are counted and stay there
            income = t.gold + t.coins + (self.silver_total(cards, t) if silver else 0)
            if side == "player":
                self.gold += income
            else:
                self.countess_gold += income

    # --------------------------------------------------------------- outcome
    def outcome(self) -> Outcome:
        """Implements VL-END-WIN and VL-END-TIE."""
        details = {"player": self.gold, "countess": self.countess_gold}
        winners: tuple[int, ...] = ()
        if self.step == "over":
            won = self.gold > self.countess_gold  # VL-END-WIN: more gold; VL-END-TIE: a tie loses
            # VL-END-TIE, alternative reading: fewest villagers wins a tie
            if self.gold == self.countess_gold and self.options["tie_break"] == "fewest_villagers":
                mine = 1 + sum(len(c) for c in self.columns)
                won = mine < 1 + len(self.c_cards)
            winners = (0,) if won else ()
        return Outcome(scores=(self.gold,), winners=winners, details=details)

    def clone(self) -> VillagersState:
        """An independent copy, every container copied as deep as it nests (a card is a
        ``[name, coins]`` list, a stack a dict holding a list); the counted tally is shared,
        since a :class:`Tally` is never changed (a rule that changes the village drops it)."""
        other = VillagersState.__new__(VillagersState)
        other.__dict__.update(self.__dict__)
        other.options, other.fired = dict(self.options), list(self.fired)
        other.chance = None if self.chance is None else dict(self.chance)
        other.hand, other.square = dict(self.hand), dict(self.square)
        other.columns = [[list(card) for card in column] for column in self.columns]
        other.c_cards = [list(card) for card in self.c_cards]
        other.road = [list(card) for card in self.road]
        other.stacks = [{**stack, "known": list(stack["known"])} for stack in self.stacks]
        other.unseen, other.basics = dict(self.unseen), dict(self.basics)
        other.discard, other.markets = dict(self.discard), list(self.markets)
        other.decks = {season: list(deck) for season, deck in self.decks.items()}
        other.active, other.event_discard = list(self.active), list(self.event_discard)
        return other

    def to_canonical(self) -> dict[str, Any]:
        return dump_state(self)


#: Fractions are immutable: chance probabilities are shared, keyed by (numerator, denominator).
_FRACTIONS: dict[tuple[int, int], Fraction] = {}


def _fraction(numerator: int, denominator: int) -> Fraction:
    key = (numerator, denominator)
    value = _FRACTIONS.get(key)
    if value is None:
        value = _FRACTIONS[key] = Fraction(numerator, denominator)
    return value


#: Fraction(count, total) for count 0..total, per total (a count never exceeds the total).
_ROWS: dict[int, list[Fraction]] = {}


def _row(total: int) -> list[Fraction]:
    row = _ROWS[total] = [_fraction(count, total) for count in range(total + 1)]
    return row


#: The chance actions, by card and by event: shared by every listing, never mutated.
_DRAWS: dict[str, Action] = {n: {"actor": CHANCE, "type": "draw", "card": n} for n in CARDS}
_REVEALS: dict[str, Action] = {e: {"actor": CHANCE, "type": "event", "event": e} for e in EVENTS}


def _ekey(event: str) -> int:
    return int(event[1:])


def _add(counter: dict[str, int], card: str, n: int = 1) -> None:
    counter[card] = counter.get(card, 0) + n


def _total(counter: dict[str, int]) -> int:
    return sum(counter.values())


def _starting_road() -> list[str]:
    from reference_impl.villagers.cards import STARTING_ROAD

    return list(STARTING_ROAD)


def _deck() -> dict[str, int]:
    # VL-SETUP-STACKS, VL-COMP-COPIES: every card of the game but the starting road
    # villagers is shuffled for the stacks and the reserve
    out = dict(ALL_CARDS)
    for name in _starting_road():
        out[name] -= 1
    return {k: v for k, v in out.items() if v}


def _player_actions(state: VillagersState) -> list[Action]:
    step = state.step
    if step in ("rats", "take", "countess", "coin"):
        actions = draft.actions(state)
    elif step in ("arson", "build"):
        actions = build.actions(state)
    else:
        actions = events.actions(state)
    actions.extend(events.jester_actions(state))
    return actions


_HANDLERS = {
    "rats": draft.do_rats,
    "take_road": draft.do_take_road,
    "take_stack": draft.do_take_stack,
    "countess_build": draft.do_countess,
    "place_coin": draft.do_coin,
    "no_coin": draft.do_coin,
    "arson": build.do_arson,
    "build": build.do_build,
    "build_basic": build.do_build_basic,
    "end_build": build.do_end_build,
    "resolve_event": events.do_resolve,
    "jester": events.do_jester,
}

__all__ = ["ALL_STEPS", "PHASES", "VillagersState", "draft_limit"]
