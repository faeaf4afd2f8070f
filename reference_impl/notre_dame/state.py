"""The Notre Dame game position: who acts, legal actions, apply, outcome.

Implements ND-ROUND-PHASES, ND-GAME-ROUNDS, ND-GAME-WIN, ND-TIEBREAK, ND-TIE-SHARED and
the engine contract (validate before mutating, legal actions sorted, chance as an actor).
"""

from __future__ import annotations

import json
from fractions import Fraction
from typing import Any

from reference_impl.core import CHANCE, Action, Actor, GameState, Outcome
from reference_impl.notre_dame import flow, moves
from reference_impl.notre_dame.data import (
    BROWN,
    CUBES_PER_COLOUR,
    LETTERED,
    START_CUBES,
    ring_of,
)
from reference_impl.notre_dame.player import Player
from reference_impl.notre_dame.scoring import winners
from reference_impl.notre_dame.validate import check_shape, diagnose

PHASES = ("setup", "reveal", "deal", "draft", "play", "buy", "plague", "over")
CHANCE_PHASES = frozenset({"setup", "reveal", "deal"})


class NotreDameState(GameState):
    """A mutable position. Card and person lists are kept sorted (normal form)."""

    def __init__(self, num_players: int, options: dict[str, Any]) -> None:
        self.num = num_players
        self.options = options
        #: the options' items in sorted order, as the canonical state lists them (taken once:
        #: a state's options never change; copying the items is no lookup, ``option_reads``)
        self.options_sorted = tuple(sorted(options.items()))
        self.ring = ring_of(num_players, options)  # ND-SETUP-BOARD, ND-SETUP-2P-LAYOUT
        self.round = 1
        self.phase = "setup"
        self.start = 0  # ND-SETUP-START: seat 0 starts
        self.current: int | None = None
        # ND-SETUP-MESSAGES: a message set per player's district (ND-MESSAGES-2P)
        self.pending: list[int] = list(range(num_players))
        self.draft_step: int | None = None
        self.display: list[str] = []
        self.brown_deck: list[str] = sorted(BROWN)  # ND-SETUP-BROWN: the six brown cards
        # ND-SETUP-LETTERED, ND-PERSONS-LETTERED: the unused cards of each letter
        self.lettered: dict[str, list[str]] = {k: sorted(v) for k, v in LETTERED.items()}
        self.nd: list[int] = [0] * num_players
        # square -> (colour, value), held in sorted square order (flow, loading)
        self.board: dict[str, tuple[int, int]] = {}
        # ND-SETUP-COLORS: colour = seat; ND-SETUP-STOCK: 14 cubes a colour (ND-COMP-CUBES),
        # 4 of them in hand (ND-SETUP-RESOURCES), the rest in the stock
        self.players = [Player(p, CUBES_PER_COLOUR - START_CUBES) for p in range(num_players)]
        self.fired: list[str] = []
        self._cache: list[Action] | None = None
        self._chance: list[tuple[Action, Fraction]] = []
        #: draft: seat -> its keep actions, kept while it is still to choose (its hand does
        #: not change until it keeps) and dropped when the hands pass (flow.do_keep)
        self._keeps: dict[int, list[Action]] = {}

    # ------------------------------------------------------------ protocol surface

    def to_act(self) -> list[Actor]:
        phase = self.phase
        if phase in CHANCE_PHASES:
            return [CHANCE]
        if phase in ("play", "buy"):
            return [self.current] if self.current is not None else []
        if phase in ("draft", "plague"):  # ND-DRAFT-SIMUL, ND-PLAGUE-CHOICE: all still to choose
            return list(self.pending)
        return []

    def legal_actions(self) -> list[Action]:
        if self._cache is None:
            acts = self._generate()
            self._cache = acts
        return self._cache

    def _generate(self) -> list[Action]:
        phase = self.phase
        if phase in CHANCE_PHASES:
            self._chance = flow.chance_outcomes(self)
            return [a for a, _ in self._chance]
        if phase == "play":
            return moves.play_actions(self, self.current)
        if phase == "buy":
            return moves.buy_actions(self, self.current)
        if phase == "draft":
            acts = []
            for p in self.pending:
                keeps = self._keeps.get(p)
                if keeps is None:
                    by_card = flow.keep_actions(p)
                    hand = sorted(set(self.players[p].draft_hand))
                    keeps = self._keeps[p] = [by_card[c] for c in hand]
                acts += keeps
            return acts
        if phase == "plague":
            return [
                flow.lose_cube_actions(p)[a]
                for p in self.pending
                for a in flow.plague_candidates(self, p)
            ]
        return []

    def chance_outcomes(self) -> list[tuple[Action, Fraction]]:
        if self.phase not in CHANCE_PHASES:
            return []
        self.legal_actions()
        return list(self._chance)

    def apply(self, action: Action) -> None:
        legal = self.legal_actions()
        for found in legal:  # one of the listed actions handed back: already known legal
            if found is action:
                break
        else:
            # a well-formed action (typed fields, flat) equals a listed one as a dict exactly
            # when it is that action: JSON objects compare without regard to key order
            check_shape(action, self.num)
            for found in legal:
                if found == action:
                    break
            else:
                raise diagnose(self, action)
        self.fired = []
        self._cache = None
        self._do(found)

    def _do(self, a: Action) -> None:
        kind = a["type"]
        actor = a["actor"]
        if actor == CHANCE:
            flow.apply_chance(self, a)
        elif kind == "keep":
            flow.do_keep(self, actor, a["card"])
        elif kind == "play":
            moves.do_play(self, actor, a)
            flow.after_play(self)
        elif kind == "buy":
            moves.do_buy(self, actor, a)
            flow.after_buy(self)
        elif kind == "pass":
            self.fired.append("ND-BUY-OPTIONAL")
            flow.after_buy(self)
        elif kind == "lose_cube":  # ND-PLAGUE-CHOICE
            flow.do_lose_cube(self, actor, a["area"])

    def is_terminal(self) -> bool:
        return self.phase == "over"

    def outcome(self) -> Outcome:
        scores = tuple(pl.prestige for pl in self.players)  # ND-GAME-WIN: prestige
        tiebreak = [pl.coins + pl.cubes for pl in self.players]  # ND-TIEBREAK: coins + cubes
        # ND-GAME-WIN, ND-END: the winners once the ninth round is over
        won = tuple(winners(scores, tiebreak)) if self.is_terminal() else ()
        return Outcome(scores, won, {"tiebreak": tiebreak})

    def clone(self) -> NotreDameState:
        other = NotreDameState.__new__(NotreDameState)
        other.num = self.num
        other.options = self.options.copy()
        other.options_sorted = self.options_sorted
        other.ring = self.ring
        other.round = self.round
        other.phase = self.phase
        other.start = self.start
        other.current = self.current
        other.pending = list(self.pending)
        other.draft_step = self.draft_step
        other.display = list(self.display)
        other.brown_deck = list(self.brown_deck)
        other.lettered = {k: list(v) for k, v in self.lettered.items()}
        other.nd = list(self.nd)
        other.board = dict(self.board)
        other.players = [pl.copy() for pl in self.players]
        other.fired = list(self.fired)
        # the same position lists the same: the listing and its chance outcomes are shared
        # (an apply or a load replaces them, never changes them in place)
        other._cache = self._cache
        other._chance = self._chance
        other._keeps = {}
        return other

    def to_canonical(self) -> dict[str, Any]:
        from reference_impl.notre_dame.codec import to_canonical

        return to_canonical(self)

    def view(self, player: int) -> dict[str, Any]:
        from reference_impl.notre_dame.codec import view

        return view(self, player)

    def __repr__(self) -> str:
        return f"NotreDameState({json.dumps(self.to_canonical(), sort_keys=True)})"
