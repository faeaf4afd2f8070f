"""The mutable game position and its turn machine.

Implements IT-TURN-ORDER, IT-TURN-SEQUENCE, IT-PLACE-DRAW, IT-PLACE-FACE, IT-PLACE-FIRST,
IT-PLACE-ADJACENT, IT-PLACE-OVERLAP, IT-PLACE-FULLCOVER, IT-PLACE-NOPIECE, IT-PLACE-AREA,
IT-PLACE-PORTRAIT, IT-PLACE-NONE, IT-FEATHER-ICON, IT-FEATHER-RESTRICT, IT-FEATHER-MOVE,
IT-EXPL-PLACE, IT-EXPL-MAX, IT-EXPL-FREE, IT-EXPL-ONEPERCELL, IT-REEXP-ONCE, IT-REEXP-WHOSE,
IT-REEXP-SAME, IT-REEXP-ELSEWHERE, IT-FLIP-ONE, IT-FLIP-CONDITIONS, IT-FLIP-ORIENT,
IT-FLIP-FACE, IT-FLIP-FEATHER, IT-FLIP-AGAIN, IT-END-DECK, and the drawings' joins of
IT-SCORE-CONNECT / IT-COMP-ART (``shut``: per grid cell the closed sides of the visible
drawing, turned with its card; kept only when some card of the game has a closed side).

Pieces: ``piece[g]`` is -1 (empty), a seat (that seat's explorer) or FEATHER. Alongside
the lists the state keeps bitsets (see board.py): ``onmap`` (cells under a card), ``occ``
(cells holding a piece) and ``touched`` (placements touching the map), updated on every
change, so legal actions are a few mask operations away; the list of the position is
cached until the next apply; the chance outcomes (IT-SETUP-SHUFFLE) are kept per number
of cards left, shared by the games of a card list.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
from itertools import compress
from typing import Any

from reference_impl.core import (
    CHANCE,
    Action,
    Actor,
    GameState,
    IllegalAction,
    MalformedInput,
    Outcome,
    rule_param,
)
from reference_impl.isle_traces import rules as R
from reference_impl.isle_traces.actions import (
    ACTION_FIELDS,
    CELL_ACTIONS,
    LISTED,
    PASS,
    action,
    cell_table,
    place_tables,
)
from reference_impl.isle_traces.board import (
    LANDSCAPE,
    ROTATIONS,
    Placement,
    centre,
    few_bits,
    geometry,
    select,
    selector,
)
from reference_impl.isle_traces.cards import (
    face_has_feather,
    side_mask,
    turn_mask,
    validate_closed,
)
from reference_impl.isle_traces.scoring import COAST, joined, score, winners

FEATHER = -2
EMPTY = -1
EXPLORERS_PER_PLAYER = 3
PHASES = ("draw", "place", "place_feather", "explore", "reexplore", "flip", "flip_feather", "over")
PHASE_TYPES: dict[str, tuple[str, ...]] = {
    "draw": ("draw",),
    "place": ("place_card", "discard"),
    "place_feather": ("place_feather", "pass"),
    "explore": ("place_explorer", "reexplore", "pass"),
    "reexplore": ("reexplore_place",),
    "flip": ("flip", "flip_same", "pass"),
    "flip_feather": ("place_feather", "pass"),
    "over": (),
}
#: per action type: exactly the keys an action of that type has
_KEYS = {kind: frozenset(("actor", "type", *fields)) for kind, fields in ACTION_FIELDS.items()}
#: per action type: the integer fields (the key of an action is the type and these values)
_INT_FIELDS = {
    kind: tuple(f for f in fields if f != "faces") for kind, fields in ACTION_FIELDS.items()
}
_INT_TYPES = {kind: (int,) * len(fields) for kind, fields in _INT_FIELDS.items()}
#: a draw of a card whose drawings close some side also carries ``closed`` (IT-COMP-ART)
_DRAW_ART_KEYS = _KEYS["draw"] | {"closed"}


@dataclass
class DeckCache:
    """What a card list implies, filled on first use and shared by every game dealt from
    it (its cards never change): the draw action of each card (IT-SETUP-DECK), its chance
    outcome when so many cards are left (IT-SETUP-SHUFFLE), whether a face shows the red
    feather icon (IT-FEATHER-ICON), the terrains of a face's cells (IT-COMP-TERRAIN), the
    closed-side masks of a turned face (IT-COMP-ART)."""

    draws: dict[int, Action] = field(default_factory=dict)
    #: cards left -> card -> (its draw, the probability 1/cards left)
    outcomes: dict[int, dict[int, tuple[Action, Fraction]]] = field(default_factory=dict)
    draw_ids: dict[int, int] = field(default_factory=dict)  # id of a draw object -> card
    feathered: dict[tuple[int, int], bool] = field(default_factory=dict)
    terrains: dict[tuple[int, int], tuple[str, ...]] = field(default_factory=dict)
    shut: dict[tuple[int, int, int], tuple[int, ...]] = field(default_factory=dict)


class IsleState(GameState):
    """One position of Isle Traces: Isle Side."""

    def __init__(
        self,
        num_players: int,
        options: dict[str, Any],
        cards: dict[int, list[list[str]]],
        closed: dict[int, list[list[str]]] | None = None,
        shared: DeckCache | None = None,
    ) -> None:
        """``shared``: the :class:`DeckCache` of ``cards`` when other games use it too."""
        self.n = num_players
        self.options = options
        self.size = int(options["area_size"])  # IT-PLACE-AREA
        self.geo = geometry(self.size)
        self.cards = cards  # id -> two faces (lists of cell strings), never mutated
        #: id -> closed sides per face (IT-COMP-ART), only for cards with some closed side
        self.closed: dict[int, list[list[str]]] = closed or {}
        self.art = bool(self.closed)  # IT-COMP-ART: whether ``shut`` can hold anything but 0
        self.deck: list[int] = sorted(cards)  # IT-SETUP-DECKSIZE: all cards, any player count
        self.drawn: int | None = None
        self.discarded: list[int] = []  # IT-PLACE-NONE: cards set aside
        self.placed: list[list[int]] = []  # [id, face] per card, bottom to top
        self.ids: list[int] = []  # the id per card of ``placed``
        self.where: list[Placement] = []  # footprint per placed card
        self.overlaps: list[bool] = []  # IT-FLIP-CONDITIONS: shares a cell with another card
        self.covered: list[bool] = []  # IT-FLIP-CONDITIONS: another card lies on it
        cells = self.size * self.size
        self.top = [EMPTY] * cells  # IT-PLACE-OVERLAPRULES: the top card per cell
        self.cell: list[str | None] = [None] * cells
        self.terrain: list[str | None] = [None] * cells  # the cell strings' terrains
        self.shut = [0] * cells  # IT-COMP-ART: closed sides (n 1, e 2, s 4, w 8) of the top drawing
        self.piece = [EMPTY] * cells
        self.onmap = 0  # bitset of the cells under a card
        self.occ = 0  # bitset of the cells holding a piece (explorer or feather)
        self.touched = 0  # IT-PLACE-ADJACENT: bitset of the placements touching the map
        # shared by clones: cards never change, nor do their draw actions or feather icons
        shared = shared or DeckCache()
        self._draws = shared.draws
        self._outcomes = shared.outcomes  # see chance_outcomes
        self._draw_ids = shared.draw_ids  # see _own_draw
        self._feathered = shared.feathered
        self._terrains = shared.terrains  # see terrains_of
        self._shut = shared.shut  # see shut_masks
        self.feather = EMPTY  # IT-SETUP-FEATHER: it starts beside the map
        per_player = rule_param(options, "IT-COMP-EXPLORERS", "per_player", EXPLORERS_PER_PLAYER)
        self.reserve = [per_player] * num_players  # IT-SETUP-EXPLORERS
        self.chips = [True] * num_players  # IT-SETUP-CHIP: one unused chip per seat
        self.current = 0  # IT-SETUP-START: seat 0 starts
        self.phase = "draw"  # IT-TURN-SEQUENCE: a turn begins with its draw
        self.withdrawn: tuple[int, int] | None = None
        self.fired: list[str] = []
        self._legal: list[Action] | None = None  # legal actions of this position
        self._mask: int | None = None  # legal placements / feather cells of this position

    # ----------------------------------------------------------------- queries
    def to_act(self) -> list[Actor]:
        if self.phase == "over":
            return []
        return [CHANCE] if self.phase == "draw" else [self.current]

    def is_terminal(self) -> bool:
        return self.phase == "over"

    def chance_outcomes(self) -> list[tuple[Action, Fraction]]:
        """Each card left in the deck, drawn with the same probability (IT-SETUP-SHUFFLE,
        IT-SETUP-DECK), from the deck's shared outcomes per number of cards left."""
        if self.phase != "draw":
            return []
        n = len(self.deck)
        outcomes = self._outcomes.get(n)
        if outcomes is None:
            p = Fraction(1, n)  # IT-SETUP-SHUFFLE: each card left equally likely
            draws = self._draw_table()
            outcomes = self._outcomes[n] = {cid: (draw, p) for cid, draw in draws.items()}
        return list(map(outcomes.__getitem__, self.deck))  # IT-SETUP-DECK: the cards in the deck

    def legal_actions(self) -> list[Action]:
        """The legal actions, a list cached until the next apply (not to be mutated)."""
        legal = self._legal
        if legal is None:
            legal = self._legal = self._compute_legal()
        return legal

    def outcome(self) -> Outcome:
        pieces = [p if p >= 0 else EMPTY for p in self.piece]
        shut = self.shut if self.art else None
        # IT-SCORE-END, IT-SCORE-END2, IT-COMP-COUNTERS: the points come from the map;
        # no score is kept during play
        result = score(self.cell, pieces, self.feather, self.n, self.size, self.options, shut)
        # IT-WIN-GOAL, IT-WIN-MOST: winners only once the game is over
        wins = tuple(winners(result)) if self.phase == "over" else ()
        return Outcome(tuple(result["scores"]), wins, result)

    def line_mask(self, start: int) -> int:
        """Bitset of the line (IT-SCORE-LINE) holding map cell ``start``, as find_lines finds."""
        terrain = self.terrain
        kind = terrain[start]  # IT-SCORE-TERRAINS: every terrain forms lines
        geo = self.geo
        near = geo.neighbours
        diagonal = kind == COAST and bool(self.options["coast_diagonal"])  # IT-SCORE-COAST
        mask = 1 << start
        stack = [start]
        # IT-SCORE-CONNECT (IT-COMP-ART); coast always joins (IT-SCORE-COAST)
        if self.art and kind != COAST:  # drawings must join across the side
            shut, size = self.shut, self.size
            while stack:
                i = stack.pop()
                for j in near[i]:
                    if terrain[j] == kind and not mask >> j & 1 and joined(shut, size, i, j):
                        mask |= 1 << j
                        stack.append(j)
            return mask
        while stack:
            i = stack.pop()
            for j in near[i] + geo.diagonals[i] if diagonal else near[i]:  # IT-SCORE-COAST
                if terrain[j] == kind and not mask >> j & 1:  # IT-SCORE-LINE
                    mask |= 1 << j
                    stack.append(j)
        return mask

    def feather_mask(self) -> int:
        """Bitset of the cells the red feather may go to now (IT-FEATHER-ICON, -RESTRICT)."""
        free = self.onmap & ~self.occ
        if self.feather >= 0:
            free &= ~(1 << self.feather)  # IT-FEATHER-MOVE: to another cell
        rule = self.options["feather_restriction"]  # IT-FEATHER-RESTRICT
        if rule == "none":  # IT-FEATHER-RESTRICT
            return free
        banned = 0  # IT-FEATHER-RESTRICT: the cells of a line the feather keeps off
        if rule == "no_explorer":  # IT-FEATHER-RESTRICT
            piece = self.piece
            for g in few_bits(self.occ):
                if piece[g] >= 0 and not banned >> g & 1:
                    banned |= self.line_mask(g)
        elif self.feather >= 0:  # IT-FEATHER-RESTRICT
            banned = self.line_mask(self.feather)
        return free & ~banned

    def flippable(self) -> list[int]:
        """Indices into ``placed`` of cards that may be flipped (IT-FLIP-CONDITIONS)."""
        blocked = self.overlaps if self.options["flip_requires"] == "no_overlap" else self.covered
        occ, where = self.occ, self.where
        # IT-FLIP-CONDITIONS, IT-FLIP-AGAIN: an earlier flip does not matter
        return [i for i, b in enumerate(blocked) if not b and not where[i].mask & occ]

    def place_mask(self) -> int:
        """Bitset of the legal placements (IT-PLACE-FIRST, -ADJACENT, -NOPIECE, -PORTRAIT)."""
        geo = self.geo
        if not self.placed:
            return geo.first_mask  # IT-PLACE-FIRST, IT-PLACE-CENTRE
        # IT-PLACE-ADJACENT, IT-PLACE-OVERLAP, IT-PLACE-FULLCOVER, IT-PLACE-OVERLAPRULES:
        # next to or over map cells, any number of them covered
        mask = self.touched
        if not self.options["allow_portrait"]:  # IT-PLACE-PORTRAIT
            mask &= geo.landscape_mask  # IT-PLACE-PORTRAIT (allow_portrait: false)
        cover = geo.cover_mask  # IT-PLACE-NOPIECE
        blocked = 0  # IT-PLACE-NOPIECE
        for g in few_bits(self.occ):  # IT-PLACE-NOPIECE
            blocked |= cover[g]  # IT-PLACE-NOPIECE, IT-PLACE-NOPIECE2, IT-FEATHER-OBSTRUCT
        return mask & ~blocked  # IT-PLACE-NOPIECE

    # ------------------------------------------------------------ legal moves
    def _masked(self) -> int:
        """The placement (phase place) or feather-cell bitset of this position, cached."""
        mask = self._mask
        if mask is None:
            mask = self._mask = self.place_mask() if self.phase == "place" else self.feather_mask()
        return mask

    def _is_legal(self, key: tuple) -> bool:
        """Whether the key of a well-formed, in-phase action by the actor to act is legal.

        Answers exactly as membership in the legal list would, without building it.
        """
        kind = key[0]
        if kind == "pass":
            return True
        if kind == "place_card":
            i = self.geo.index.get(key[2:])
            return i is not None and bool(self._masked() >> i & 1)
        if kind == "discard":
            return not self._masked()
        if kind == "draw":
            return key[1] in self.cards and key[1] in self.deck
        if kind == "flip" or kind == "flip_same":
            if kind == "flip_same" and self.options["flip_face"] != "any":
                return False
            blocked = (
                self.overlaps if self.options["flip_requires"] == "no_overlap" else self.covered
            )
            if key[1] not in self.ids:
                return False
            i = self.ids.index(key[1])
            return not blocked[i] and not self.where[i].mask & self.occ
        g = key[1] * self.size + key[2]
        if kind == "place_feather":
            return bool(self._masked() >> g & 1)
        free = self.onmap & ~self.occ
        if kind == "place_explorer":
            # IT-EXPL-ONEPERCELL, IT-EXPL-PLACE: a free map cell; IT-EXPL-MAX, IT-EXPL-FREE
            return self.reserve[self.current] > 0 and bool(free >> g & 1)
        if kind == "reexplore":
            owner, me = self.piece[g], self.current
            return (
                self.chips[me]
                and bool(free)
                and owner >= 0
                and (owner == me or bool(self.options["reexplore_any"]))
            )
        # reexplore_place: only in phase reexplore, where ``withdrawn`` is always set
        assert self.withdrawn is not None
        # IT-REEXP-ELSEWHERE, IT-EXPL-ONEPERCELL
        return g != self.withdrawn[1] and bool(free >> g & 1)

    def _draw_table(self) -> dict[int, Action]:
        """The draw action of every card (IT-SETUP-DECK), built on first use and shared by
        the games of this card list (never mutated): the card and its faces, and its closed
        sides when its drawings close some (IT-COMP-ART)."""
        draws = self._draws
        if len(draws) < len(self.cards):
            for cid, faces in self.cards.items():
                draws[cid] = {
                    "actor": CHANCE,
                    "type": "draw",
                    "card": cid,
                    "faces": [list(f) for f in faces],
                }
                if cid in self.closed:
                    draws[cid]["closed"] = [list(f) for f in self.closed[cid]]
                self._draw_ids[id(draws[cid])] = cid
        return draws

    def _compute_legal(self) -> list[Action]:
        """The legal actions in order, assembled from the shared action tables."""
        phase, size = self.phase, self.size
        if phase == "draw":
            # IT-SETUP-DECK: only cards in the deck
            return list(map(self._draw_table().__getitem__, self.deck))
        seat = self.current
        if phase == "place":
            ok = self._masked()
            if not ok:
                return [action(seat, ("discard",))]  # IT-PLACE-NONE
            # IT-PLACE-FACE: either face at every legal placement
            face0, face1 = place_tables(size, seat)
            chosen = selector(ok)
            legal = list(compress(face0, chosen))
            legal += compress(face1, chosen)
            return legal
        if phase == "over":
            return []
        # IT-TURN-SEQUENCE: actions 2 and 3 and the red feather are optional; re-placing is not
        legal = [PASS[seat]] if phase != "reexplore" else []
        if phase in ("place_feather", "flip_feather"):
            # IT-FEATHER-ICON, IT-FLIP-FEATHER: any cell feather_mask allows
            legal += select(cell_table(size, seat, "place_feather"), self._masked())
        elif phase == "explore":
            free = self.onmap & ~self.occ
            if self.reserve[seat] > 0:  # IT-EXPL-MAX
                # IT-EXPL-PLACE, IT-EXPL-FREE: any map cell without a piece (IT-EXPL-ONEPERCELL)
                legal += select(cell_table(size, seat, "place_explorer"), free)
            if self.chips[seat] and free:  # IT-REEXP-CHIP, IT-REEXP-TIMING: instead of placing
                anyone = self.options["reexplore_any"]  # IT-REEXP-WHOSE
                piece = self.piece
                table = cell_table(size, seat, "reexplore")
                legal += [
                    table[g]
                    for g in few_bits(self.occ)
                    if piece[g] >= 0 and (anyone or piece[g] == seat)  # IT-REEXP-WHOSE
                ]
        elif phase == "reexplore":
            free = self.onmap & ~self.occ
            if self.withdrawn is not None:
                free &= ~(1 << self.withdrawn[1])  # IT-REEXP-ELSEWHERE
            legal += select(cell_table(size, seat, "reexplore_place"), free)
        elif phase == "flip":
            placed = self.placed
            ok = self.flippable()  # IT-FLIP-ONE, IT-FLIP-CONDITIONS
            legal += [action(seat, ("flip", placed[i][0])) for i in ok]
            if self.options["flip_face"] == "any":  # IT-FLIP-FACE (flip_face: any)
                legal += [action(seat, ("flip_same", placed[i][0])) for i in ok]
        return legal

    # ------------------------------------------------------------------ apply
    def apply(self, action: Action) -> None:
        # a shared listed action (this very object), or the deck's own draw: its shape is
        # known good (see actions.LISTED)
        entry = LISTED.get(id(action))
        if entry is not None and entry[0] is action:
            key = self._check_turn(action, entry[1], entry[2])
        else:
            listed = self._own_draw(action)
            key = self._parse(action) if listed is None else self._check_turn(action, *listed)
        if not self._is_legal(key):
            self._diagnose(action, key)
            raise IllegalAction(R.TURN_SEQUENCE, f"illegal action {action!r} {self._where()}")
        if key[0] == "draw":
            self._check_draw(action, key[1])
        self.fired = []
        _DO[key[0]](self, *key[1:])
        self._legal = self._mask = None

    def _own_draw(self, action: Any) -> tuple[Actor, tuple] | None:
        """(CHANCE, key) when ``action`` is the very draw object this deck lists (built from
        the card and never mutated, so its shape is known good)."""
        cid = self._draw_ids.get(id(action))
        if cid is None or self._draws[cid] is not action:
            return None
        return CHANCE, ("draw", cid)

    def _check_draw(self, action: Action, cid: int) -> None:
        """The draw must carry the card's whole content: faces and closed sides."""
        closed = action.get("closed")
        if closed is not None:
            closed = validate_closed(closed, "action.closed")
            if not any(any(face) for face in closed):
                closed = None
        if action["faces"] != self.cards[cid] or closed != self.closed.get(cid):
            raise IllegalAction(
                R.SETUP_DECK, f"card {cid} in the deck has other faces or drawings: {action!r}"
            )

    def _parse(self, action: Any) -> tuple:
        """The key (type, integer fields...) of a well-formed action of the actor to act.

        Raises MalformedInput for a bad shape, IllegalAction for a cell outside the area
        (IT-PLACE-AREA), another actor (IT-TURN-ORDER) or a type not of this phase
        (IT-TURN-SEQUENCE), in that order.
        """
        if not isinstance(action, dict):
            raise MalformedInput(f"an action is a JSON object, got {action!r}")
        kind = action.get("type")
        if kind not in ACTION_FIELDS:
            raise MalformedInput(f"unknown action type {kind!r} in {action!r}")
        if action.keys() != _KEYS[kind] and not (
            kind == "draw" and action.keys() == _DRAW_ART_KEYS
        ):
            fields = ACTION_FIELDS[kind]
            extra = set(action) - {"actor", "type", *fields, *(("closed",) * (kind == "draw"))}
            missing = [f for f in ("actor", *fields) if f not in action]
            raise MalformedInput(
                f"{kind} action {action!r}: missing {missing or 'nothing'}, "
                f"unexpected {sorted(extra) or 'nothing'}"
            )
        actor = action["actor"]
        if actor != CHANCE and (type(actor) is not int or not 0 <= actor < self.n):  # IT-TURN-ORDER
            raise MalformedInput(f"actor must be a seat 0..{self.n - 1} or 'chance': {action!r}")
        names = _INT_FIELDS[kind]
        values = tuple(map(action.__getitem__, names))
        if tuple(map(type, values)) != _INT_TYPES[kind]:
            for f, value in zip(names, values, strict=True):
                if type(value) is not int:
                    raise MalformedInput(f"field {f!r} must be an integer in {action!r}")
        if kind == "place_card":
            if action["face"] not in (0, 1):  # IT-PLACE-FACE
                raise MalformedInput(f"face must be 0 or 1 in {action!r}")
            if action["rot"] not in ROTATIONS:
                raise MalformedInput(f"rot must be one of {list(ROTATIONS)} in {action!r}")
        return self._check_turn(action, actor, (kind, *values))

    def _check_turn(self, action: Action, actor: Actor, key: tuple) -> tuple:
        """``key`` of a well-formed action by ``actor``, once its cells lie in the area
        (IT-PLACE-AREA), it is ``actor``'s turn (IT-TURN-ORDER) and its type is one of the
        phase's (IT-TURN-SEQUENCE); raises IllegalAction naming the first broken rule."""
        kind = key[0]
        if kind in CELL_ACTIONS:
            for f in ("row", "col"):
                if not 0 <= action[f] < self.size:
                    raise IllegalAction(R.PLACE_AREA, f"{f} outside the play area: {action!r}")
        phase = self.phase
        if phase == "over" or actor != (CHANCE if phase == "draw" else self.current):
            raise IllegalAction(
                R.TURN_ORDER, f"{action!r}: it is not {actor!r}'s turn ({self._where()})"
            )
        if kind not in PHASE_TYPES[phase]:
            raise IllegalAction(
                R.TURN_SEQUENCE, f"{kind} is not possible {self._where()}: {action!r}"
            )
        return key

    def _where(self) -> str:
        return f"in phase {self.phase!r} of seat {self.current}"

    def _diagnose(self, action: Action, key: tuple) -> None:
        """Name the rule an illegal (well-formed, in-phase) action breaks."""
        kind, size = key[0], self.size
        msg = f"{action!r} {self._where()}"
        if kind == "draw":
            raise IllegalAction(R.SETUP_DECK, f"card {key[1]} is not in the deck: {msg}")
        if kind == "discard":
            raise IllegalAction(R.PLACE_NONE, f"the card can be placed, so it must be: {msg}")
        if kind == "place_card":
            _, _face, rot, row, col = key
            if rot not in LANDSCAPE and not self.options["allow_portrait"]:
                raise IllegalAction(R.PLACE_PORTRAIT, f"cards lie landscape: {msg}")
            place = self.geo.by_key.get((rot, row, col))
            if place is None:
                raise IllegalAction(R.PLACE_AREA, f"the card leaves the play area: {msg}")
            if not self.placed:
                raise IllegalAction(
                    R.PLACE_FIRST,
                    f"the first card goes landscape at the centre {list(centre(size))}: {msg}",
                )
            if any(self.piece[g] != EMPTY for g, _ in place.cells):
                raise IllegalAction(R.PLACE_NOPIECE, f"the card would cover a piece: {msg}")
            raise IllegalAction(R.PLACE_ADJACENT, f"the card touches no map card: {msg}")
        if kind == "flip_same" and self.options["flip_face"] != "any":
            raise IllegalAction(
                R.FLIP_FACE, f"a flip turns the card to its other face (flip_face: other): {msg}"
            )
        if kind == "flip" or kind == "flip_same":
            index = next((i for i, p in enumerate(self.placed) if p[0] == key[1]), None)
            if index is None:
                raise IllegalAction(R.FLIP_ONE, f"card {key[1]} is not on the map: {msg}")
            raise IllegalAction(
                R.FLIP_CONDITIONS, f"card {key[1]} overlaps a card or holds a piece: {msg}"
            )
        g = key[1] * size + key[2]
        if kind == "place_explorer" and self.reserve[self.current] == 0:
            raise IllegalAction(R.EXPL_MAX, f"all three explorers are on the map: {msg}")
        if kind == "reexplore":
            if not self.chips[self.current]:
                raise IllegalAction(R.REEXP_ONCE, f"the re-exploration chip is used: {msg}")
            if self.piece[g] < 0:
                raise IllegalAction(R.REEXP_SAME, f"no explorer on that cell: {msg}")
            raise IllegalAction(R.REEXP_WHOSE, f"only one's own explorer may be withdrawn: {msg}")
        if self.top[g] < 0:
            raise IllegalAction(R.EXPL_PLACE, f"the cell is not on the map: {msg}")
        if kind == "reexplore_place" and self.withdrawn and g == self.withdrawn[1]:
            raise IllegalAction(R.REEXP_ELSEWHERE, f"re-place it on another cell: {msg}")
        if self.piece[g] != EMPTY:
            raise IllegalAction(R.EXPL_ONEPERCELL, f"the cell already holds a piece: {msg}")
        if kind == "place_feather":
            raise IllegalAction(R.FEATHER_RESTRICT, f"the red feather may not go there: {msg}")

    # ----------------------------------------------------------- transitions
    def set_piece(self, g: int, value: int) -> None:
        """Put ``value`` (a seat, FEATHER or EMPTY) on cell ``g``, keeping the counters."""
        self.piece[g] = value
        if value == EMPTY:
            self.occ &= ~(1 << g)
        else:
            self.occ |= 1 << g

    def cover_cell(self, g: int, index: int, cell: str, shut: int = 0) -> bool:
        """Card ``index`` now shows ``cell`` (closed sides ``shut``) at ``g``; True when a
        card was below."""
        below = self.top[g]
        if below < 0:
            self.touched |= self.geo.touch_mask[g]
            self.onmap |= 1 << g
        else:
            self.overlaps[below] = True
            self.covered[below] = True
        self.top[g] = index
        self.cell[g] = cell
        self.terrain[g] = cell.partition("/")[0]
        self.shut[g] = shut
        return below >= 0

    def shut_masks(self, cid: int, face: int, rot: int) -> tuple[int, ...]:
        """Closed-side bits per face cell of a card face turned ``rot`` (IT-COMP-ART)."""
        key = (cid, face, rot)
        found = self._shut.get(key)
        if found is None:
            sides = self.closed.get(cid)
            found = self._shut[key] = tuple(
                turn_mask(side_mask(sides[face][k]), rot) if sides else 0 for k in range(6)
            )
        return found

    def _end_turn(self) -> None:
        self.current = (self.current + 1) % self.n  # IT-TURN-ORDER: seat order
        if self.deck:  # IT-END-ALL, IT-END-DECK: play goes on until the deck is empty
            self.phase = "draw"  # IT-TURN-SEQUENCE: the next turn begins with its draw
        else:
            self.phase = "over"
            self.fired.append(R.END_DECK)

    def _do_draw(self, cid: int) -> None:
        self.deck.remove(cid)
        self.drawn = cid
        self.phase = "place"
        self.fired.append(R.PLACE_DRAW)

    def _do_discard(self) -> None:
        self.discarded.append(self.drawn)
        self.drawn = None
        self.phase = "explore"
        self.fired.append(R.PLACE_NONE)

    def _do_place_card(self, face: int, rot: int, row: int, col: int) -> None:
        cid = self.drawn
        place = self.geo.by_key[(rot, row, col)]  # IT-PLACE-GRID: whole cells, face cells as turned
        self.fired.append(R.PLACE_FIRST if not self.placed else R.PLACE_ADJACENT)
        self.fired.append(R.PLACE_FACE)
        index = len(self.placed)
        # IT-FLIP-CONDITIONS: does it overlap a card (IT-PLACE-OVERLAP, IT-PLACE-FULLCOVER)
        overlap = bool(place.mask & self.onmap)
        cells = self.cards[cid][face]  # IT-PLACE-FACE: the chosen face up
        terrains = self.terrains_of(cid, face)
        top, cell, terrain = self.top, self.cell, self.terrain
        touch_mask = self.geo.touch_mask
        for g, k in place.cells:
            below = top[g]
            if below < 0:  # IT-FLIP-CONDITIONS, IT-PLACE-OVERLAP: else it covers a card
                self.touched |= touch_mask[g]  # IT-PLACE-ADJACENT: placements now by the map
            else:
                self.overlaps[below] = self.covered[below] = True  # IT-PLACE-OVERLAP
            top[g] = index  # IT-PLACE-OVERLAPRULES: the top card's cell counts
            cell[g] = cells[k]  # IT-PLACE-GRID: face cell k at g as turned (IT-PLACE-OVERLAPRULES)
            terrain[g] = terrains[k]  # IT-PLACE-GRID
        self.onmap |= place.mask  # IT-EXPL-PLACE, IT-FEATHER-ICON: the cells pieces may go on
        if self.art:
            shut, masks = self.shut, self.shut_masks(cid, face, rot)  # IT-COMP-ART
            for g, k in place.cells:
                shut[g] = masks[k]  # IT-COMP-ART: drawings turned with the card
        if overlap:
            self.fired.append(R.PLACE_OVERLAP)
        self.placed.append([cid, face])
        self.ids.append(cid)
        self.where.append(place)
        self.overlaps.append(overlap)
        self.covered.append(False)  # IT-FLIP-CONDITIONS
        self.drawn = None
        # IT-FEATHER-ICON, IT-FEATHER-FACEUP: only the icon of the face placed up counts
        if self._has_feather(cid, face):
            self.phase = "place_feather"
            self.fired.append(R.FEATHER_ICON)
        else:
            self.phase = "explore"

    def terrains_of(self, cid: int, face: int) -> tuple[str, ...]:
        """The terrain of each cell of that face of the card (IT-COMP-TERRAIN)."""
        found = self._terrains.get((cid, face))
        if found is None:
            found = self._terrains[cid, face] = tuple(
                text.partition("/")[0] for text in self.cards[cid][face]
            )
        return found

    def _has_feather(self, cid: int, face: int) -> bool:
        """Whether that face of the card shows the red feather icon (IT-FEATHER-ICON)."""
        found = self._feathered.get((cid, face))
        if found is None:
            found = self._feathered[cid, face] = face_has_feather(self.cards[cid][face])
        return found

    def _do_pass(self) -> None:
        # IT-TURN-SEQUENCE: the red feather, action 2, action 3 may each be skipped
        if self.phase == "place_feather":
            self.phase = "explore"
        elif self.phase == "explore":
            self.phase = "flip"
        else:
            self._end_turn()

    def _do_place_feather(self, row: int, col: int) -> None:
        if self.feather >= 0:  # IT-FEATHER-MOVE: the one red feather leaves its cell
            self.set_piece(self.feather, EMPTY)  # IT-FEATHER-MOVE: there is one red feather
            self.fired.append(R.FEATHER_MOVE)
        self.feather = row * self.size + col  # IT-FEATHER-ICON, IT-FLIP-FEATHER, IT-FEATHER-MOVE
        self.set_piece(self.feather, FEATHER)  # IT-FEATHER-OBSTRUCT: a piece, in occ
        self.fired.append(R.FEATHER_RESTRICT)
        if self.phase == "place_feather":  # IT-TURN-SEQUENCE: action 2 follows action 1
            self.phase = "explore"  # IT-TURN-SEQUENCE
        else:
            self.fired.append(R.FLIP_FEATHER)  # IT-FLIP-FEATHER: after a flip, the turn ends
            self._end_turn()

    def _do_place_explorer(self, row: int, col: int) -> None:
        self.set_piece(row * self.size + col, self.current)  # IT-EXPL-PLACE, IT-EXPL-FREE
        self.reserve[self.current] -= 1  # IT-EXPL-MAX: from the supply
        self.fired.append(R.EXPL_PLACE)
        self.phase = "flip"  # IT-EXPL-ONEPERTURN: one explorer, then action 3

    def _do_reexplore(self, row: int, col: int) -> None:
        g = row * self.size + col
        self.withdrawn = (self.piece[g], g)  # IT-REEXP-SAME: held, not in the reserve
        self.set_piece(g, EMPTY)  # IT-REEXP-ONCE, IT-REEXP-SAME: withdrawn, off the map
        self.chips[self.current] = False  # IT-REEXP-ONCE, IT-REEXP-CHIP: the chip is used up
        self.fired.append(R.REEXP_ONCE)
        self.phase = "reexplore"  # IT-REEXP-SAME, IT-REEXP-TIMING: re-placing follows at once

    def _do_reexplore_place(self, row: int, col: int) -> None:
        assert self.withdrawn is not None
        self.set_piece(row * self.size + col, self.withdrawn[0])  # IT-REEXP-WHOSE: same owner
        self.withdrawn = None
        self.fired.append(R.REEXP_SAME)
        self.phase = "flip"  # IT-REEXP-TIMING: re-exploring was action 2

    def _do_flip(self, cid: int) -> None:
        """IT-FLIP-ONE: the card shows its other face, in the same cells and rotation."""
        index = self.ids.index(cid)
        face = 1 - self.placed[index][1]  # IT-FLIP-FACE: the other face
        self.placed[index][1] = face
        place = self.where[index]  # IT-FLIP-ORIENT: same cells and rotation
        cells, terrains = self.cards[cid][face], self.terrains_of(cid, face)
        for g, k in place.cells:
            self.cell[g] = cells[k]  # IT-FLIP-ONE, IT-FLIP-ORIENT: the other face, same cells
            self.terrain[g] = terrains[k]
        if self.art:
            masks = self.shut_masks(cid, face, place.rot)  # IT-FLIP-ORIENT, IT-COMP-ART
            for g, k in place.cells:
                self.shut[g] = masks[k]
        self.fired.append(R.FLIP_ONE)
        self._after_flip(cid, face)

    def _do_flip_same(self, cid: int) -> None:
        """IT-FLIP-FACE (flip_face: any): the card is put back with the same face up."""
        face = self.placed[self.ids.index(cid)][1]
        self.fired += [R.FLIP_ONE, R.FLIP_FACE]
        self._after_flip(cid, face)

    def _after_flip(self, cid: int, face: int) -> None:
        """IT-FLIP-FEATHER: a red feather icon face up lets the red feather move."""
        if self._has_feather(cid, face):
            self.phase = "flip_feather"
        else:
            self._end_turn()

    # ------------------------------------------------------------------ copy
    def clone(self) -> IsleState:
        other = IsleState.__new__(IsleState)
        fields = self.__dict__.copy()  # one dict copy, then the lists this state changes
        for name in (
            "deck",
            "discarded",
            "ids",
            "where",
            "overlaps",
            "covered",
            "top",
            "cell",
            "terrain",
            "shut",
            "piece",
            "reserve",
            "chips",
            "fired",
        ):
            fields[name] = fields[name].copy()
        fields["placed"] = list(map(list.copy, self.placed))
        other.__dict__ = fields
        return other  # the cached legal list and mask are the same position's: shared

    def to_canonical(self) -> dict[str, Any]:
        return canonical.export(self)


#: action type -> the transition applying it (IsleState._do_<type>)
_DO = {kind: getattr(IsleState, "_do_" + kind) for kind in ACTION_FIELDS}

# last: canonical imports this module (its names are all defined by now); the export is
# looked up on the module per call, not imported per call
from reference_impl.isle_traces import canonical  # noqa: E402
