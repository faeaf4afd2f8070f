"""The Gnomeville game state: round and phase flow, chance nodes, actions.

Implements GV-ROUNDS, GV-PHASES, GV-PREPARE-REVEAL, GV-SETUP-*, GV-BUY, GV-BUY-LIMIT,
GV-REFRESH, GV-REFRESH-STAYS, GV-REFRESH-FULL-TOWN, GV-ROUND-TRACKER, GV-EVENT-REVEAL,
GV-FINAL-NO-BUY, GV-EXHAUST-REDEPLOY, GV-BOARD-RIVER, GV-BOARD-BOULDERS.
"""

from __future__ import annotations

import functools
import operator
from fractions import Fraction
from itertools import chain, repeat
from typing import Any, NamedTuple

from reference_impl.core import (
    CHANCE,
    GameState,
    IllegalAction,
    MalformedInput,
    Outcome,
    exactly_listed,
)
from reference_impl.gnomeville.actions import check_shape
from reference_impl.gnomeville.build import BuildRules, find_groups, space_actions
from reference_impl.gnomeville.data import (
    ABILITIES,
    BOULDER,
    DELIVERIES,
    EVENTS,
    GNOME,
    GOALS,
    KINDS,
    SUPPLY_COUNT,
    TIER,
    TILE_KINDS,
    TOKENS,
    TROLL,
    TROLL_CARDS,
)
from reference_impl.gnomeville.delivery import DeliveryRules
from reference_impl.gnomeville.enemies import EnemyRules, card_spawns
from reference_impl.gnomeville.player import Player
from reference_impl.gnomeville.scoring import ScoringRules, solo_rank

Action = dict[str, Any]
ROUNDS = 5  # GV-PHASES: 5 rounds
PHASES = ("setup", "prepare", "build", "attack", "delivery", "buy", "reveal", "end")
#: a troll card arrow: the side it points to, and one head (step) or two (far)
DIRECTIONS = ("N", "E", "S", "W")
HEADS = ("step", "far")
#: the order of a draw's outcomes (a bag counts every tile kind)
DRAW_ORDER = tuple(sorted(TILE_KINDS))
#: a bag's counts of every tile kind, in draw order
bag_counts = operator.itemgetter(*DRAW_ORDER)
#: the action of an (action, probability) chance outcome, read in C
outcome_action = operator.itemgetter(0)


@functools.cache
def draw_action(player: int, tile: str) -> Action:
    """GV-BUILD-DRAW: the chance outcome of ``player`` drawing ``tile`` from the bag (with its
    tier, but for a gnome tile), made once and shared like :func:`troll_card_action`'s."""
    action: Action = {"actor": CHANCE, "type": "draw", "player": player, "tile": tile}
    if tile != GNOME:
        action["tier"] = TIER[tile]
    return action


@functools.cache
def troll_card_action(card: str) -> Action:
    """GV-PREPARE-REVEAL: the chance outcome revealing deck card ``card``, with its whole
    matrix, made once per card and shared by every position (the engine never mutates an
    action; a card revealed is copied out of it, :meth:`GVState._revealed_troll_card`)."""
    data = TROLL_CARDS[card]
    return {
        "actor": CHANCE,
        "type": "troll_card",
        "card": card,
        "matrix": list(data["matrix"]),
        "moves": [list(m) for m in data["moves"]],
    }


@functools.lru_cache(maxsize=1024)
def probability(count: int, total: int) -> Fraction:
    """``count / total`` as an exact fraction, made once per pair (a Fraction is immutable)."""
    return Fraction(count, total)


@functools.cache
def affordable_kinds(mushrooms: int) -> tuple[str, ...]:
    """GV-BUY-COST: the building kinds ``mushrooms`` pay for (the cost is the tier), in the
    order of :data:`KINDS`, made once per amount."""
    return tuple(k for k in KINDS if TIER[k] <= mushrooms)  # GV-BUY-COST: cost = tier


class ChanceNode(NamedTuple):
    """A chance node's outcomes with their probabilities, and their actions alone (its
    legal actions), both in the outcomes' order."""

    outcomes: tuple[tuple[Action, Fraction], ...]
    actions: tuple[Action, ...]


def chance_node(outcomes: tuple[tuple[Action, Fraction], ...]) -> ChanceNode:
    return ChanceNode(outcomes, tuple(map(outcome_action, outcomes)))


@functools.lru_cache(maxsize=4096)
def draw_outcomes(player: int, counts: tuple[int, ...]) -> ChanceNode:
    """GV-BUILD-DRAW: ``player``'s draw from a bag of ``counts`` (:data:`bag_counts`), each
    tile kind by its share of the bag, made once per seat and bag."""
    total = sum(counts)
    return chance_node(
        tuple(
            (draw_action(player, k), probability(n, total))
            for k, n in zip(DRAW_ORDER, counts, strict=True)
            if n
        )
    )


@functools.lru_cache(maxsize=4096)
def deck_outcomes(kind: str, deck: tuple[str, ...]) -> ChanceNode:
    """GV-CHANCE: the card revealed from ``deck`` (a troll, goal, event or delivery card,
    ``kind``), every card left equally likely, made once per deck."""
    each = probability(1, len(deck))
    if kind == "troll_card":  # GV-COMP-TROLL-CARDS: the outcome is the whole card
        # each card's shared outcome paired with the one probability, in C
        return chance_node(tuple(zip(map(troll_card_action, deck), repeat(each))))
    return chance_node(tuple(({"actor": CHANCE, "type": kind, "card": c}, each) for c in deck))


class GVState(BuildRules, EnemyRules, ScoringRules, DeliveryRules, GameState):
    """A Gnomeville position. Mutated in place by ``apply``; ``clone`` copies it.

    What a position offers is computed once and kept until ``apply`` changes the position:
    ``to_act`` (``_act``), the legal actions (``_cache``) and the chance node
    (``_node``; a class default, so a loaded state starts without one)."""

    _node: ChanceNode | None = None
    #: some town may have no gnome in it: only an exhausted gnome (GV-EXHAUST) leaves one
    #: without, so :meth:`_redeploying` looks at the towns only while this is set; it stays
    #: set while a town has no gnome, placeable or not (a class default, so a new or loaded
    #: state looks once)
    camp_check = True

    def __init__(self, num_players: int, options: dict[str, Any]) -> None:
        self.n = num_players
        self.options = options
        self.round = 1  # GV-SETUP-ROUND-TRACKER
        self.phase = "setup"
        self.chance: dict[str, Any] | None = None
        self.terminal = False
        # GV-SETUP-TOWN-DEAL, GV-SETUP-UNIQUE-CHOICE, GV-BOARD-CHOICE
        boards = options["boards"] or ["symmetric"] * num_players
        self.players = [Player(b) for b in boards]
        # GV-SETUP-TRAYS: one supply shared by all (in the canonical order of its kinds)
        self.supply = dict(sorted(SUPPLY_COUNT.items()))
        self.boulder_supply = TOKENS["boulders"]  # GV-COMP-BOULDERS: 44, shared
        for p in self.players:
            for k, v in p.bag.items():
                if k != GNOME:
                    self.supply[k] -= v  # GV-SETUP-BAG: taken from the supply
            for i in p.board.boulders:  # GV-BOARD-BOULDERS
                p.cells[i] = BOULDER
                self.boulder_supply -= 1
        self.troll_deck = sorted(TROLL_CARDS)  # GV-SETUP-TROLL-DECK: shuffled (GV-CHANCE)
        self.troll_card: dict[str, Any] | None = None
        self.surprise_card: dict[str, Any] | None = None
        self.troll_discard: list[str] = []
        self.ability_deck = sorted(ABILITIES)  # GV-SETUP-ABILITY-DECK: shuffled (GV-CHANCE)
        self.ability_bottom: list[str] = []
        solo = num_players == 1  # GV-SOLO-SETUP: the setup below with its solo changes
        # GV-SETUP-DELIVERY-DECK, GV-SOLO-NO-CARDS
        self.delivery_deck = [] if solo else sorted(DELIVERIES)
        self.delivery_card: str | None = None
        self.delivery_discard: list[str] = []
        deck = "solo" if solo else "multi"  # GV-SETUP-EVENT-DECKS, GV-SOLO-EVENTS
        self.event_deck = sorted(k for k, v in EVENTS.items() if v["deck"] == deck)
        # GV-SETUP-EVENTS: dealt face down (GV-CHANCE)
        self.events: list[str | None] = [None, None, None]
        self.goal_deck = [] if solo else sorted(GOALS)  # GV-SETUP-GOALS, GV-SOLO-NO-CARDS
        if num_players == 2:
            # GV-SETUP-GOALS, GV-END-EX-2P: three cards
            self.goals = [{"players": [0, 1], "cards": [], "size": 3}]
        elif num_players >= 3:
            self.goals = [  # GV-SETUP-GOALS: one card per pair of neighbours
                {"players": sorted([i, (i + 1) % num_players]), "cards": [], "size": 1}
                for i in range(num_players)
            ]
        else:
            self.goals = []
        self.attack_queue: list[list[Any]] = []
        self.delivery_queue: list[int] = []
        self.fired: list[str] = []
        self._cache: list[Action] | None = None
        self._act: list[Any] | None = None
        self._advance()

    # -- the engine API ---------------------------------------------------------------------
    def to_act(self) -> list[Any]:
        # the memo read here first: one call fewer a step
        return list(self._act if self._act is not None else self._acting())

    def _acting(self) -> list[Any]:
        """``to_act`` itself, kept until the next ``apply`` (the engine's own reads)."""
        if self._act is None:
            self._act = self._compute_to_act()
        return self._act

    def _compute_to_act(self) -> list[Any]:
        if self.terminal:
            return []
        if self.chance is not None:
            return [CHANCE]
        if self.camp_check:  # GV-EXHAUST-REDEPLOY: looked for only while a town may have no gnome
            redeploying = self._redeploying()
            if redeploying is not None:
                return [redeploying]
        ph = self.phase
        if ph == "build":
            return self._build_to_act(self._turn_by_turn())
        if ph == "attack" and self.attack_queue:
            return [self.attack_queue[0][0]]
        if ph == "delivery" and self.delivery_queue:
            return [self.delivery_queue[0]]
        if ph == "buy":
            return [i for i, p in enumerate(self.players) if p.buys_left > 0]  # GV-BUY-LIMIT
        return []

    def _build_to_act(self, tbt: bool) -> list[int]:
        """The first player resolving a tile, a movement or an effect; else every player who
        may still draw or pass (:meth:`_idle_actions`; in the turn-by-turn variant a builder
        only until their tile of the turn, GV-VAR-TURN-BY-TURN), whose actions are listed with
        them (the legal actions' memo). GV-OVERVIEW-SIMULTANEOUS, GV-BUILD-SIMULTANEOUS:
        simultaneous play sequentialised, one player resolving at a time. ``tbt``: this round
        is played turn by turn (GV-VAR-TBT-ROUND, :meth:`_turn_by_turn`)."""
        players = self.players
        for i, p in enumerate(players):
            if self._busy(p):
                return [i]
        rejoin = self._rejoin_open(tbt)  # GV-FAQ-REJOIN: the same for every passed player
        acting: list[int] = []
        acts: list[Action] = []
        for i, p in enumerate(players):
            if tbt and p.tbt_done:  # GV-VAR-TURN-BY-TURN: wait (a passer is done too)
                continue
            idle = self._idle_actions(i, rejoin)
            if idle:
                acting.append(i)
                acts += idle
        if acting:  # else the phase ends: the next phase lists its own
            self._cache = acts
        return acting

    def _redeploying(self) -> int | None:
        """The first player who must place a gnome before anything else, if any (asked only
        while ``camp_check`` says a town may have no gnome; cleared once every town has one)."""
        for i, p in enumerate(self.players):
            if self._needs_redeploy(p):
                return i
        self.camp_check = not all(p.deployed() for p in self.players)
        return None

    def _needs_redeploy(self, p: Player) -> bool:
        """GV-EXHAUST-REDEPLOY: no gnome in town and a space free of enemies and boulders
        (the listings ask only while ``camp_check`` says a town may have no gnome)."""
        for g in p.gnomes:
            if g.pos >= 0:
                return False
        return self.phase != "setup" and any(c != TROLL and c != BOULDER for c in p.cells)

    def _busy(self, p: Player) -> bool:
        return (
            p.activation is not None
            or p.hand is not None
            or p.moves > 0
            or p.transit >= 0
            # GV-UPGRADE-PAUSE: an upgrade pauses drawing (the town's groups memo read first)
            or bool(p.groups if p.groups is not None else find_groups(p))
        )

    def legal_actions(self) -> list[Action]:
        if self._cache is None:
            if self.chance is not None:
                self._cache = list(self._chance_node().actions)
            else:
                acting = self._acting()  # idle builders' actions are listed with them
                if self._cache is None:
                    # every actor's actions in to_act's order, joined in C
                    self._cache = list(chain.from_iterable(map(self._actions_of, acting)))
        return self._cache

    def _actions_of(self, pi: int) -> list[Action]:
        p = self.players[pi]
        if self.camp_check and self._needs_redeploy(p):  # GV-EXHAUST-REDEPLOY
            occ = p.occupied()
            on = space_actions(pi, "place_gnome", p.board)
            return [
                on[i] for i, c in enumerate(p.cells) if c not in (TROLL, BOULDER) and i not in occ
            ]
        if self.phase == "build":
            return self._build_actions(pi)
        if self.phase == "attack":
            return self._attack_actions(pi)
        if self.phase == "delivery":
            return self._delivery_actions(pi)
        if self.phase == "buy":
            return self._buy_actions(pi)
        return []

    def _buy_actions(self, pi: int) -> list[Action]:
        """GV-BUY: a tile from the supply the player's mushrooms pay for, or done."""
        p = self.players[pi]
        supply = self.supply
        acts: list[Action] = [
            {"actor": pi, "type": "buy", "kind": k}
            for k in affordable_kinds(p.mushrooms)  # GV-BUY-COST: cost = tier
            if supply[k] > 0
        ]
        acts.append({"actor": pi, "type": "done"})
        return acts

    def chance_outcomes(self) -> list[tuple[Action, Fraction]]:
        if self.chance is None:
            return []
        # the memo read here first: one call fewer a step
        return list((self._node if self._node is not None else self._chance_node()).outcomes)

    def _chance_node(self) -> ChanceNode:
        """The pending chance node, kept until the next ``apply``."""
        if self._node is None:
            self._node = self._chance_outcomes(self.chance)  # type: ignore[arg-type]
        return self._node

    def _chance_outcomes(self, ch: dict[str, Any]) -> ChanceNode:
        t = ch["type"]
        if t == "draw":
            # GV-BUILD-DRAW: by the bag's contents
            return draw_outcomes(ch["player"], bag_counts(self.players[ch["player"]].bag))
        if t == "troll_card":
            return deck_outcomes(t, tuple(self.troll_deck))  # GV-PREPARE-REVEAL
        if t == "ability":
            deck = self.ability_deck
            each = probability(1, len(deck))
            return chance_node(
                tuple(
                    ({"actor": CHANCE, "type": "ability", "player": ch["player"], "card": c}, each)
                    for c in deck
                )
            )
        deck = {
            "goal": self.goal_deck,
            "event": self.event_deck,
            "delivery_card": self.delivery_deck,
        }[t]
        return deck_outcomes(t, tuple(deck))

    def apply(self, action: Action) -> None:
        if not isinstance(action, dict) or "actor" not in action or "type" not in action:
            raise MalformedInput(f"an action is an object with actor and type, got {action!r}")
        if self.terminal:
            raise IllegalAction("GV-END-WINNER", f"{action!r}: the game is over")
        actor = action["actor"]
        if actor == CHANCE:
            self._apply_chance(action)
        else:
            if type(actor) is not int or not 0 <= actor < self.n:
                raise MalformedInput(
                    f"actor must be 'chance' or a seat 0..{self.n - 1}: {action!r}"
                )
            listing = self._cache if self._cache is not None else self.legal_actions()
            if not exactly_listed(action, listing):
                check_shape(action)
                raise IllegalAction(self._diagnose(action), self._where(action))
            self.fired = []
            self._do(action)
        self._cache = self._act = self._node = None
        self._advance()
        if not self.options["boulder_supply_limited"]:
            self._recount_boulders()

    def _recount_boulders(self) -> None:
        """Ruling GV-BOULDER-SUPPLY-EXHAUSTED, unlimited reading: boulders beyond the 44
        tokens are substitutes, so the supply holds what the towns leave of the 44, never
        fewer than none."""
        in_towns = sum(p.count(BOULDER) for p in self.players)
        self.boulder_supply = max(0, TOKENS["boulders"] - in_towns)

    def _where(self, action: Action) -> str:
        return (
            f"illegal action {action!r} in round {self.round}, phase {self.phase}, "
            f"to act {self.to_act()}"
        )

    def _diagnose(self, action: Action) -> str:
        actor = action["actor"]
        if actor not in self.to_act():
            if self.chance is not None:
                return "GV-CHANCE"
            if self.phase == "build" and self.players[actor].status == "stuck":
                return "GV-BUILD-STUCK"
            if self.phase == "buy" and action.get("type") == "buy":
                return "GV-BUY-LIMIT"
            if self.phase == "build" and self.players[actor].status == "passed":
                return "GV-VAR-TURN-BY-TURN" if self._turn_by_turn() else "GV-FAQ-REJOIN"
            return "GV-PHASES"
        p = self.players[actor]
        if self._needs_redeploy(p):
            return "GV-EXHAUST-REDEPLOY"
        if self.phase == "build":
            return self._diagnose_build(actor, action)
        if self.phase == "buy":  # only players with purchases left act (to_act)
            return "GV-BUY"
        if self.phase == "attack":
            return "GV-TROLL-CHOICE"
        if self.phase == "delivery":
            return "GV-DELIVERY"
        return "GV-PHASES"

    def _apply_chance(self, action: Action) -> None:
        ch = self.chance
        if ch is None:
            raise IllegalAction("GV-CHANCE", f"{action!r}: no chance event is pending")
        listed = exactly_listed(action, self.legal_actions())
        if ch["type"] == "troll_card" and action.get("type") == "troll_card":
            card = self._revealed_troll_card(action) if listed else self._custom_troll_card(action)
        elif not listed:
            raise IllegalAction("GV-CHANCE", f"{action!r} is not a possible outcome of {ch!r}")
        else:
            card = None
        self.fired = []
        self.chance = None
        t = action["type"]
        if t == "draw":
            p = self.players[action["player"]]
            p.bag[action["tile"]] -= 1  # GV-BUILD-DRAW
            p.hand = action["tile"]
        elif t == "troll_card":
            assert card is not None
            self.troll_deck.remove(card["id"])
            self.fired.append("GV-PREPARE-REVEAL")
            if self.phase == "prepare":
                self.troll_card = card  # GV-PREPARE-PREVIEW: used in phase 3
            else:
                self.surprise_card = card
                self.fired.append("GV-ATTACK-SURPRISE")
        elif t == "ability":
            self.ability_deck.remove(action["card"])
            p = self.players[action["player"]]
            p.drawn_abilities.append(action["card"])  # GV-ABILITY-GRADUATE: draw 2
            self._next_ability_chance(action["player"])
        elif t == "goal":
            self.goal_deck.remove(action["card"])
            pair = next(g for g in self.goals if len(g["cards"]) < g["size"])
            pair["cards"].append(action["card"])  # GV-SETUP-GOALS-FACE: dealt face up
            pair["cards"].sort()
            self.fired.append("GV-SETUP-GOALS")
        elif t == "event":
            self.event_deck.remove(action["card"])
            self.events[self.round - 3] = action["card"]  # GV-EVENT-REVEAL: the space of this round
            self.fired.append("GV-EVENT-REVEAL")
        elif t == "delivery_card":
            self.delivery_deck.remove(action["card"])
            self.delivery_card = action["card"]
            self._start_delivery()

    def _revealed_troll_card(self, action: Action) -> dict[str, Any]:
        """GV-PREPARE-REVEAL: the deck card a listed outcome reveals, copied out of it."""
        return {
            "id": action["card"],
            "matrix": list(action["matrix"]),
            "moves": [list(m) for m in action["moves"]],
        }

    def _custom_troll_card(self, action: Action) -> dict[str, Any]:
        """A troll card reveal carries its whole matrix; a scenario may define it inline, in
        the deck's card shape: rows of boulder/troll/empty squares, arrows of one of the four
        directions with one or two heads (GV-ATTACK-ORDER)."""
        cid = action.get("card")
        if cid not in self.troll_deck:
            raise IllegalAction("GV-CHANCE", f"{action!r}: card {cid!r} is not in the troll deck")
        matrix, moves = action.get("matrix"), action.get("moves")
        if set(action) != {"actor", "type", "card", "matrix", "moves"}:
            raise MalformedInput(f"troll_card needs card, matrix, moves: {action!r}")
        shape = [len(row) for row in TROLL_CARDS[cid]["matrix"]]
        if not (
            isinstance(matrix, list)
            and all(isinstance(r, str) and set(r) <= set(".BT") for r in matrix)
            and [len(r) for r in matrix] == shape
        ):
            raise MalformedInput(
                f"troll_card matrix must be {len(shape)} rows of {shape[0]} of '.', 'B', 'T': "
                f"{matrix!r}"
            )
        if not (
            isinstance(moves, list)
            and all(
                isinstance(m, list) and len(m) == 2 and m[0] in DIRECTIONS and m[1] in HEADS
                for m in moves
            )
        ):
            raise MalformedInput(f"troll_card moves must be [dir, 'step'|'far']: {moves!r}")
        return {"id": cid, "matrix": list(matrix), "moves": [list(m) for m in moves]}

    def _do(self, action: Action) -> None:
        pi = action["actor"]
        p = self.players[pi]
        t = action["type"]
        if t == "place_gnome":
            g = next(h for h in p.gnomes if h.pos < 0)
            g.pos = p.board.index(action["space"])  # GV-EXHAUST-REDEPLOY: any free space
            p.groups = None
            self.fired.append("GV-EXHAUST-REDEPLOY")
        elif self.phase == "build":
            self._do_build(pi, action)
        elif self.phase == "attack":
            self._do_spawn(pi, action["what"], p.board.index(action["space"]))
        elif self.phase == "delivery":
            self._do_delivery(pi, action)
        elif self.phase == "buy":
            if t == "done":
                p.buys_left = 0
            else:
                k = action["kind"]
                self.supply[k] -= 1
                # GV-BUY-COST: the tier in mushrooms; the tile goes into the bag (GV-REFRESH)
                p.mushrooms -= TIER[k]
                p.bag[k] += 1
                p.buys_left -= 1  # GV-BUY-LIMIT
                self.fired.append("GV-BUY")
            self._auto_done(p)

    def _auto_done(self, p: Player) -> None:
        if p.buys_left > 0 and not any(
            self.supply[k] > 0
            for k in affordable_kinds(p.mushrooms)  # GV-BUY-COST
        ):
            p.buys_left = 0  # GV-BUY-COST: nothing affordable is left

    # -- flow ------------------------------------------------------------------------------
    def _advance(self) -> None:
        while not self.terminal and self.chance is None:
            # GV-EXHAUST-REDEPLOY: looked for only while a town may have no gnome
            if self.camp_check and self._redeploying() is not None:
                return
            ph = self.phase
            if ph == "setup":
                if any(len(g["cards"]) < g["size"] for g in self.goals) and self.goal_deck:
                    self.chance = {"type": "goal"}  # GV-SETUP-GOALS: dealt at setup (GV-CHANCE)
                    return
                self.phase = "prepare"
            elif ph == "prepare":
                if self.troll_card is None:
                    self.chance = {"type": "troll_card"}  # GV-PREPARE-REVEAL
                    return
                for p in self.players:
                    # GV-BUILD-SIMULTANEOUS: every player builds
                    p.status, p.stuck, p.tbt_done = "building", False, False
                self.phase = "build"
            elif ph == "build":
                tbt = self._turn_by_turn()
                if tbt:  # GV-VAR-TURN-BY-TURN: all resolved, draw again
                    active = [p for p in self.players if p.status == "building"]
                    if (
                        active
                        and all(p.tbt_done for p in active)
                        and not any(self._busy(p) for p in self.players)
                    ):
                        for p in active:
                            p.tbt_done = False
                acting = self._build_to_act(tbt)
                if acting:  # kept as to_act's memo: nothing changes before the next apply
                    self._act = acting
                    return
                stuck = [i for i, p in enumerate(self.players) if p.status == "stuck"]
                self.attack_queue = [[i, "surprise"] for i in stuck]  # GV-BUILD-STUCK-SURPRISE
                # GV-ATTACK-ROUND: then everyone
                self.attack_queue += [[i, "round"] for i in range(self.n)]
                self.phase = "attack"
                if stuck:  # GV-ATTACK-SURPRISE: a card turned only for the stuck
                    self.chance = {"type": "troll_card"}
                    return
            elif ph == "attack":
                while self.attack_queue:
                    pi, which = self.attack_queue[0]
                    p = self.players[pi]
                    if p.attack is None:
                        # GV-ATTACK-ROUND
                        card = self.surprise_card if which == "surprise" else self.troll_card
                        assert card is not None
                        b, t = card_spawns(card, p)  # GV-ATTACK-MATRIX
                        p.attack = {
                            "boulders": b,
                            "trolls": t,
                            "moves": [list(m) for m in card["moves"]],
                        }
                    if not self._attack_auto(pi):
                        return
                    self.attack_queue.pop(0)
                for card in (self.troll_card, self.surprise_card):
                    if card is not None:
                        self.troll_discard.append(card["id"])
                self.troll_discard.sort()
                self.troll_card = self.surprise_card = None
                self._score_round()  # GV-PHASES: phase 4
                self.phase = "delivery"
                # GV-DELIVERY-MULTI
                if self.n >= 2 and self.delivery_deck:
                    self.chance = {"type": "delivery_card"}
                    return
            elif ph == "delivery":
                while self.delivery_queue and not self.players[self.delivery_queue[0]].delivery:
                    self.delivery_queue.pop(0)
                if self.delivery_queue:
                    return
                if self.delivery_card is not None:  # GV-DELIVERY-DISCARD: after the round
                    self.delivery_discard.append(self.delivery_card)
                    self.delivery_discard.sort()
                    self.delivery_card = None
                if self.round == ROUNDS:  # GV-FINAL-NO-BUY
                    self._score_end()
                    self.phase = "end"
                    self.terminal = True
                    self.fired.append("GV-FINAL-NO-BUY")
                    return
                self.phase = "buy"
                for p in self.players:
                    p.buys_left = self.round  # GV-BUY-LIMIT: as many as the round
                    self._auto_done(p)
            elif ph == "buy":
                if any(p.buys_left > 0 for p in self.players):
                    return
                self.round += 1  # GV-ROUND-TRACKER
                self.phase = "reveal"  # GV-BUY-ORDER: buy, then the tracker, then prepare
                self.fired.append("GV-ROUND-TRACKER")
                # GV-EVENT-REVEAL
                if self.round >= 3 and self.events[self.round - 3] is None and self.event_deck:
                    self.chance = {"type": "event"}
                    return
            elif ph == "reveal":
                self._refresh()  # GV-REFRESH
                self.phase = "prepare"
            else:
                return

    def _refresh(self) -> None:
        """GV-REFRESH: stacks, gnome tiles (and a full town's buildings) back to the bag;
        nothing else leaves a town but what stands on a river (GV-REFRESH-STAYS)."""
        for pi, p in enumerate(self.players):
            for stack in p.stacks:  # GV-REFRESH: upgraded tiles to the bag
                for k in stack:
                    p.bag[k] += 1
            p.stacks = []
            # GV-REFRESH: the gnome tiles too
            p.bag[GNOME] += p.stumps
            p.stumps = 0
            # GV-REFRESH-FULL-TOWN
            if p.full_town:
                for i, c in enumerate(p.cells):
                    if c in TIER:  # GV-REFRESH-FULL-TOWN: every building tile
                        p.bag[c] += 1
                        p.cells[i] = None
                p.full_town = False
                self.fired.append("GV-REFRESH-FULL-TOWN")
            for i in p.board.river:  # GV-BOARD-RIVER
                c = p.cells[i]
                if c in TIER:  # GV-BOARD-RIVER: everything to its own supply
                    self.supply[c] += 1
                elif c == BOULDER:
                    self.boulder_supply += 1
                p.cells[i] = None
                gi = p.occupant(i)
                if gi >= 0:
                    self._exhaust(pi, gi)  # GV-BOARD-LAYOUTS: to camp, as if exhausted
                p.groups = None
            self.fired.append("GV-REFRESH")

    # -- results ----------------------------------------------------------------------------
    def is_terminal(self) -> bool:
        return self.terminal

    def outcome(self) -> Outcome:
        scores = tuple(p.score for p in self.players)
        details: dict[str, Any] = {
            "buildings": [p.buildings() for p in self.players],
            "mushrooms": [p.mushrooms for p in self.players],
        }
        if self.n == 1:
            details["rank"] = solo_rank(scores[0])
        winners = tuple(self.winners()) if self.terminal else ()
        return Outcome(scores, winners, details)

    def clone(self) -> GVState:
        """An independent copy: each player copied (:meth:`Player.copy`), and each list and
        dict the engine changes in place (:data:`_LISTS`, the supply, the goals and the
        attack queue, as deep as they nest); what it only ever replaces whole (numbers, text,
        the options, the pending chance, the troll cards), the listing and chance caches
        (lists and tuples of actions, which nothing changes) and the component data shared."""
        other = GVState.__new__(GVState)
        fields = other.__dict__
        fields.update(self.__dict__)
        for name in _LISTS:
            if fields[name] is not None:
                fields[name] = list(fields[name])
        other.supply = dict(self.supply)
        other.goals = [
            {"players": list(g["players"]), "cards": list(g["cards"]), "size": g["size"]}
            for g in self.goals
        ]
        other.attack_queue = [list(entry) for entry in self.attack_queue]
        other.players = [player.copy() for player in self.players]
        return other

    def view(self, player: int) -> dict[str, Any]:
        """The canonical state as ``player`` sees it: the two ability cards another player
        has drawn and not yet chosen between are hidden (GV-BLDG-ACADEMY)."""
        state = self.to_canonical()
        for i, p in enumerate(state["players"]):
            if i != player:
                p["drawn_abilities"] = ["hidden"] * len(p["drawn_abilities"])
        return state

    def to_canonical(self) -> dict[str, Any]:
        from reference_impl.gnomeville.canonical import state_to_canonical

        return state_to_canonical(self)


#: the flat lists of a state (or None, the listing caches) that :meth:`GVState.clone` copies
_LISTS = (
    "troll_deck", "troll_discard", "ability_deck", "ability_bottom", "delivery_deck",
    "delivery_discard", "event_deck", "events", "goal_deck", "delivery_queue", "fired",
    "_cache", "_act",
)  # fmt: skip
