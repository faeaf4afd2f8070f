"""One player's town, bag, gnomes and tokens (mutable, owned by the game state).

Implements the player's setup (GV-SETUP-BAG, GV-SETUP-GNOMES, GV-SETUP-MUSHROOMS and the
other GV-SETUP-* of one player) and the bookkeeping the rule modules share.
"""

from __future__ import annotations

from typing import Any

from reference_impl.core import json_copy
from reference_impl.gnomeville.data import (
    BOARD_GEOMETRY,
    BOULDER,
    GNOME,
    KINDS,
    STARTING_BAG,
    TOKENS,
    TROLL,
    Board,
)

STATUSES = ("building", "passed", "stuck")


class Gnome:
    """A gnome stand with its tracker: where it is (-1 = camp) and what it carries."""

    __slots__ = ("ability", "graduated", "hammer", "pos", "sword")

    def __init__(self) -> None:
        self.pos = -1
        self.hammer = False
        self.sword = False
        self.graduated = False
        self.ability: str | None = None

    def copy(self) -> Gnome:
        other = Gnome.__new__(Gnome)
        other.pos, other.hammer, other.sword = self.pos, self.hammer, self.sword
        other.graduated, other.ability = self.graduated, self.ability
        return other


class Player:
    """Mutable per-player state; ``cells[i]`` is None, a building kind, TROLL or BOULDER."""

    __slots__ = (
        "activation",
        "attack",
        "bag",
        "board",
        "buys_left",
        "cells",
        "delivery",
        "drawn_abilities",
        "full_town",
        "gnomes",
        "groups",
        "hand",
        "moves",
        "mushrooms",
        "open_stack",
        "score",
        "stacks",
        "status",
        "stew",
        "stuck",
        "stumps",
        "tbt_done",
        "transit",
        "trigger",
    )

    def __init__(self, board: str) -> None:
        self.board: Board = BOARD_GEOMETRY[board]
        # GV-SETUP-TROLLS: the troll stands wait beside the grid, no troll is on a space
        self.cells: list[str | None] = [None] * self.board.size
        self.gnomes = [Gnome() for _ in range(TOKENS["gnomes_per_player"])]  # GV-COMP-PLAYER-SETS
        self.gnomes[0].pos = self.board.centre  # GV-SETUP-GNOMES: one on the centre
        self.stumps = 0
        # every tile kind counted, in the canonical (sorted) order the export keeps
        self.bag: dict[str, int] = dict.fromkeys(sorted((*KINDS, GNOME)), 0)
        self.bag.update(STARTING_BAG)  # GV-SETUP-BAG
        self.stacks: list[list[str]] = []
        self.open_stack: list[str] | None = None
        self.mushrooms = TOKENS["start_mushrooms"]  # GV-SETUP-MUSHROOMS
        self.score = 0  # GV-SETUP-SCORE
        self.stew = True  # GV-SETUP-STEW: the full side up
        self.status = "building"
        self.stuck = False
        self.hand: str | None = None
        self.moves = 0
        self.transit = -1
        self.activation: dict[str, Any] | None = None
        self.attack: dict[str, Any] | None = None
        self.delivery: list[str] = []
        self.buys_left = 0
        self.trigger = -1
        self.drawn_abilities: list[str] = []
        self.tbt_done = False
        self.full_town = False
        self.groups: list[list[int]] | None = None

    def copy(self) -> Player:
        """An independent copy (for :meth:`GVState.clone`): every container copied as deep
        as it nests; the board geometry, which nothing changes, shared."""
        other = Player.__new__(Player)
        # the numbers, text and flags as they are, the board geometry shared
        other.board, other.status, other.hand = self.board, self.status, self.hand
        other.stumps, other.mushrooms, other.score = self.stumps, self.mushrooms, self.score
        other.moves, other.transit, other.trigger = self.moves, self.transit, self.trigger
        other.buys_left, other.stew, other.stuck = self.buys_left, self.stew, self.stuck
        other.tbt_done, other.full_town = self.tbt_done, self.full_town
        other.cells, other.bag = list(self.cells), dict(self.bag)
        other.gnomes = [gnome.copy() for gnome in self.gnomes]
        other.stacks = [list(stack) for stack in self.stacks]
        other.open_stack = None if self.open_stack is None else list(self.open_stack)
        other.activation, other.attack = json_copy(self.activation), json_copy(self.attack)
        other.delivery, other.drawn_abilities = list(self.delivery), list(self.drawn_abilities)
        other.groups = None if self.groups is None else [list(g) for g in self.groups]
        return other

    # -- derived counts -------------------------------------------------------------------
    def occupant(self, i: int) -> int:
        """Index of the gnome resting on space ``i`` (not the one in transit), or -1
        (GV-TERM-OCCUPIED: one gnome occupies a space; one passing through does not)."""
        for gi, g in enumerate(self.gnomes):
            if g.pos == i and gi != self.transit:
                return gi
        return -1

    def spaces_of(self, what: str | None) -> list[int]:
        """The spaces holding ``what`` (a kind, TROLL, BOULDER or None), in board order."""
        cells = self.cells
        out: list[int] = []
        i = -1
        for _ in range(cells.count(what)):
            i = cells.index(what, i + 1)
            out.append(i)
        return out

    def occupied(self) -> set[int]:
        return {g.pos for g in self.gnomes if g.pos >= 0}  # GV-TERM-OCCUPIED: a gnome on it

    def deployed(self) -> int:
        return sum(1 for g in self.gnomes if g.pos >= 0)

    def count(self, what: str) -> int:
        return self.cells.count(what)

    def buildings(self) -> int:
        # GV-TERM-BUILT: the spaces holding a building tile
        return sum(1 for c in self.cells if c is not None and c != TROLL and c != BOULDER)

    def empty_spaces(self) -> int:
        cells = self.cells
        # GV-TERM-EMPTY: no tile and no stand; GV-TERM-EMPTY-TOKENS: nor a boulder or a troll
        return cells.count(None) - sum(1 for i in self.occupied() if cells[i] is None)

    def monuments(self) -> int:
        return self.count("monument")

    def bag_size(self) -> int:
        return sum(self.bag.values())

    def stump_moves(self) -> int:
        """GV-BUILD-GNOME-MOVES: the movement the stump under the gnome tile just placed
        shows (the board's stump values, GV-COMP-BOARD)."""
        return self.board.stumps[self.stumps - 1]
