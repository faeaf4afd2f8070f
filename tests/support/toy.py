"""A toy game for testing the spine: tic-tac-toe whose first player is decided by a coin.

Rule ids (``TT-*``) are local to the harness self-tests. Also the speed baseline of
``benchmarks/bench_engines.py`` (the OpenSpiel Python tic-tac-toe analogue).
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from reference_impl.core import (
    CHANCE,
    Action,
    Actor,
    GameDefinition,
    GameState,
    IllegalAction,
    MalformedInput,
    Outcome,
)

LINES = ((0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8), (0, 4, 8), (2, 4, 6))
HALF = Fraction(1, 2)


class ToyState(GameState):
    def __init__(self) -> None:
        self.board: list[int | None] = [None] * 9
        self.current: Actor = CHANCE
        self.winner: int | None = None
        self.fired = []

    def to_canonical(self) -> dict[str, Any]:
        return {
            "game": "toy",
            "num_players": 2,
            "options": {},
            "to_act": self.to_act(),
            "terminal": self.is_terminal(),
            "board": list(self.board),
            "winner": self.winner,
        }

    def to_act(self) -> list[Actor]:
        return [] if self.is_terminal() else [self.current]

    def legal_actions(self) -> list[Action]:
        if self.is_terminal():
            return []
        if self.current == CHANCE:
            return [a for a, _ in self.chance_outcomes()]
        return [
            {"actor": self.current, "type": "mark", "cell": c}
            for c in range(9)
            if self.board[c] is None
        ]

    def chance_outcomes(self) -> list[tuple[Action, Fraction]]:
        if self.current != CHANCE:
            return []
        return [({"actor": CHANCE, "type": "coin", "first": p}, HALF) for p in (0, 1)]

    def apply(self, action: Action) -> None:
        if not isinstance(action, dict) or "type" not in action or "actor" not in action:
            raise MalformedInput(f"not an action: {action!r}")
        if self.is_terminal():
            raise IllegalAction("TT-END", "the game is over")
        if action["actor"] != self.current:
            raise IllegalAction("TT-TURN", f"{action!r}: it is {self.current!r}'s turn")
        if self.current == CHANCE:
            if action["type"] != "coin" or action.get("first") not in (0, 1):
                raise MalformedInput(f"chance action must be a coin with first 0 or 1: {action!r}")
            self.current = action["first"]
            self.fired = ["TT-COIN"]
            return
        cell = action.get("cell")
        if action["type"] != "mark" or not isinstance(cell, int) or not 0 <= cell < 9:
            raise MalformedInput(f"expected a mark on cell 0..8: {action!r}")
        if self.board[cell] is not None:
            raise IllegalAction("TT-EMPTY", f"cell {cell} is taken in {self.board}")
        self.board[cell] = self.current
        self.fired = ["TT-MARK"]
        if any(all(self.board[i] == self.current for i in line) for line in LINES):
            self.winner = self.current
            self.fired.append("TT-LINE")
        self.current = 1 - self.current

    def is_terminal(self) -> bool:
        return self.winner is not None or all(c is not None for c in self.board)

    def outcome(self) -> Outcome:
        if not self.is_terminal():
            return Outcome((0, 0), ())
        if self.winner is None:
            return Outcome((0, 0), (0, 1))
        scores = (1, -1) if self.winner == 0 else (-1, 1)
        return Outcome(scores, (self.winner,))

    def clone(self) -> ToyState:
        other = ToyState()
        other.board = list(self.board)
        other.current, other.winner = self.current, self.winner
        return other


class ToyGame(GameDefinition):
    id = "toy"
    title = "Coin tic-tac-toe"
    min_players = 2
    max_players = 2

    def new_game(self, num_players, options=None, setup=None) -> ToyState:
        self.check_players(num_players)
        self.resolve_options(options)
        return ToyState()

    def load(self, canonical: dict[str, Any]) -> ToyState:
        state = ToyState()
        board = canonical.get("board")
        if not isinstance(board, list) or len(board) != 9:
            raise MalformedInput("state.board: expected a list of 9 cells")
        state.board = list(board)
        to_act = canonical.get("to_act", [])
        state.winner = canonical.get("winner")
        state.current = to_act[0] if to_act else 0
        return state


GAME = ToyGame()
