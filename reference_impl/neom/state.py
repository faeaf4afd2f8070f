"""The NEOM game state: phases, legal actions and apply.

Flow (NM-FLOW-PRELIM, NM-FLOW-TURNS): chance assigns city boards (NM-SETUP-BOARDS), deals 4
cornerstones each (NM-DRAFT-DEAL), players keep 1 and pass 3 until each holds 3; then three
generations of 7 turns: chance deals 8 tiles each (NM-GEN-DEAL), every player selects (NM-SELECT-
SIMUL, sequentialised: any order, hidden in ``view``), acts (place / cornerstone / sell), disasters
strike (NM-DISASTER-STRIKE), hands pass (NM-PASS), income after turn 7 (NM-INCOME).
"""

from __future__ import annotations

import json
from fractions import Fraction
from typing import Any

from reference_impl.core import (
    CHANCE,
    Action,
    Actor,
    GameState,
    IllegalAction,
    MalformedInput,
    Outcome,
    exported_options,
)
from reference_impl.neom import actions as act
from reference_impl.neom.city import ORTHO, ROADS, facing_roads
from reference_impl.neom.data import (
    BOARD_GOODS,
    CORNERSTONE_COPIES,
    DRAFT_DEALT,
    DRAFT_KEPT,
    GENERATIONS,
    HAND_SIZE,
    SIZE,
    STARTING_COINS,
    TILES,
    TURNS,
    centre_tile,
    deck_for,
    icons_for,
)
from reference_impl.neom.scoring import score_city, solo_rank, winners

#: the rules applied when the final position is scored (reported as fired at game end)
SCORING_RULES = (
    "NM-GOAL-WINNER", "NM-RULES-REQUIRED", "NM-SCORE-TILES", "NM-SCORE-HOOD",
    "NM-SCORE-HOODTABLE", "NM-SCORE-GOODS", "NM-SCORE-MONEY", "NM-SCORE-POLLUTION",
    "NM-SCORE-GHOST", "NM-SCORE-POWER", "NM-SCORE-TIE",
)  # fmt: skip
# Phases of the canonical state.
BOARDS, DEAL, DRAFT, SELECT, ACT, DISASTER, OVER = (
    "boards",
    "deal",
    "draft",
    "select",
    "act",
    "disaster",
    "over",
)
PHASES = (BOARDS, DEAL, DRAFT, SELECT, ACT, DISASTER, OVER)
#: generation -> the key of its deck (generation 0: the cornerstone draft, NM-DRAFT-DEAL;
#: generations 1-3 deal their own tiles, NM-GEN-DEAL)
DECK_KEYS = ("cornerstone", *(str(gen) for gen in range(1, GENERATIONS + 1)))
#: the city's rows, as slices of its spaces (index y * SIZE + x)
ROWS = tuple(slice(y * SIZE, (y + 1) * SIZE) for y in range(SIZE))


class Player:
    """One seat's city board, coins, goods, kept cornerstones, hand and selection."""

    __slots__ = (
        "acted", "board", "city", "coins", "corners", "cornerstones", "facing", "goods", "hand",
        "owed", "selected", "spaces",
    )  # fmt: skip

    def __init__(self) -> None:
        self.board: str | None = None
        self.coins = STARTING_COINS  # NM-SETUP-COINS
        self.city: list[str | None] = [None] * (SIZE * SIZE)
        self.goods: set[str] = set()
        self.cornerstones: list[str] = []
        self.hand: list[str] = []
        self.selected: str | None = None
        self.acted = False
        #: disaster kind -> the coins it costs this city (NM-DISASTER-COUNT), computed once
        #: per city: :meth:`set_space`, by which every rule changes the city, starts afresh
        self.owed: dict[str, int] = {}
        #: by space, its sides facing a neighbouring tile's road (city.facing_roads), kept
        #: by :meth:`set_space`
        self.facing = facing_roads(self.city)
        #: road bits -> the spaces where a tile with those roads may go (actions._spaces),
        #: computed once per city like ``owed``
        self.spaces: dict[int, list[int]] = {}
        #: the cornerstones in the city (actions.cornerstones_in), counted once per city
        self.corners: int | None = None

    def set_space(self, index: int, name: str | None) -> None:
        """Put ``name`` (``None``: nothing) on space ``index`` of the city."""
        self.city[index] = name
        self.owed = {}  # a new dict: a clone may share the old one
        self.spaces = {}  # likewise
        self.corners = None
        roads = 0 if name is None else ROADS[name]
        facing = self.facing
        for j, side, back in ORTHO[index]:  # each neighbour's side facing this space:
            facing[j] = facing[j] | back if roads & side else facing[j] & ~back  # NM-ROADS-MEET

    def copy(self) -> Player:
        other = Player.__new__(Player)  # every slot set below: no empty city made first
        other.board, other.coins, other.acted, other.selected = (
            self.board,
            self.coins,
            self.acted,
            self.selected,
        )
        other.city = list(self.city)
        other.goods = set(self.goods)
        other.cornerstones = list(self.cornerstones)
        other.hand = list(self.hand)
        other.owed = self.owed  # the same city owes the same
        other.spaces = self.spaces  # and has the same spaces
        other.corners = self.corners
        other.facing = list(self.facing)
        return other

    def to_json(self) -> dict[str, Any]:
        return {
            "board": self.board,
            "coins": self.coins,
            "city": [self.city[row] for row in ROWS],
            "goods": sorted(self.goods),
            "cornerstones": sorted(self.cornerstones),
            "hand": sorted(self.hand),
            "selected": self.selected,
            "acted": self.acted,
        }


def pile_sizes(total: int) -> list[int]:
    """Solo: a generation's tiles split into 7 piles as evenly as possible (NM-SOLO-PLAY)."""
    base, extra = divmod(total, TURNS)
    return [base + (1 if i < extra else 0) for i in range(TURNS)]


class NeomState(GameState):
    """A NEOM position. Mutated in place by :meth:`apply`; :meth:`clone` copies it."""

    def __init__(self, num_players: int, options: dict[str, Any]) -> None:
        self.n = num_players
        self.options = options
        self.phase = BOARDS
        self.generation = 0
        self.turn = 1
        self.deal_target = DRAFT_DEALT
        self.icons = icons_for(num_players, options)  # NM-SETUP-PLAYERCOUNT
        #: each deck in its exported form (names sorted, no empty counts), which a deal
        #: keeps (:meth:`take_from_deck`), so an export copies it as it is
        self.decks: dict[str, dict[str, int]] = {"cornerstone": _multiset(CORNERSTONE_COPIES)}
        self.box: dict[str, int] = {}
        all_icons = icons_for(5, options)
        for gen in range(1, GENERATIONS + 1):  # NM-SETUP-PLAYERCOUNT: the rest to the box
            self.decks[str(gen)] = _multiset(deck_for(gen, self.icons))
            for name, count in deck_for(gen, all_icons).items():
                left = count - self.decks[str(gen)].get(name, 0)
                if left:
                    self.box[name] = left
        self.discard: dict[str, int] = {}
        self.boards: list[str] = list(BOARD_GOODS)  # NM-SETUP-BOARDS: dealt by chance
        self.disasters: list[dict[str, Any]] = []
        self.players = [Player() for _ in range(num_players)]
        self.fired: list[str] = []
        self._legal: list[Action] | None = None
        #: act phase: each seat's actions (one player's action never changes another's)
        self._seat_cache: dict[int, list[Action]] = {}
        self._to_act: list[Actor] | None = None
        #: deal phase: the recipient's shared deal actions by tile name (:func:`_deal_actions`),
        #: kept until the recipient's hand is full (:meth:`after_deal`, where every deal ends)
        self._dealing: dict[str, Action] | None = None
        #: the exported form of the box and the discard (names sorted, no empty counts),
        #: dropped by the rule changing the multiset (:meth:`discard_tiles`), copied by
        #: every export
        self._exported: dict[str, dict[str, int]] = {}

    # -- queries ----------------------------------------------------------------------------

    @property
    def solo(self) -> bool:
        return self.n == 1

    def deck_key(self) -> str:
        return DECK_KEYS[self.generation]

    def deal_recipient(self) -> int | None:
        for seat, player in enumerate(self.players):
            if len(player.hand) < self.deal_target:
                return seat
        return None

    def to_act(self) -> list[Actor]:
        if self._to_act is None:
            self._to_act = self._compute_to_act()
        return list(self._to_act)

    def _compute_to_act(self) -> list[Actor]:
        phase = self.phase
        if phase in (BOARDS, DEAL):
            return [CHANCE]
        if phase in (DRAFT, SELECT):
            return [s for s, p in enumerate(self.players) if p.selected is None]
        if phase == ACT:
            return [s for s, p in enumerate(self.players) if not p.acted]
        if phase == DISASTER:
            return act.disaster_to_act(self)
        return []

    def is_terminal(self) -> bool:
        return self.phase == OVER

    def chance_outcomes(self) -> list[tuple[Action, Fraction]]:
        if self.phase == BOARDS:
            share = Fraction(1, len(self.boards))
            return [(a, share) for a in self._chance_list()]
        if self.phase == DEAL:
            deck = self.decks[self.deck_key()]
            by_name = self._dealer()
            shares = _shares(sum(deck.values()))
            return [(by_name[name], shares[count]) for name, count in deck.items()]
        return []

    def _is_chance_outcome(self, action: Action) -> bool:
        """``action`` (shape-checked, actor chance) is one of :meth:`chance_actions`."""
        if self.phase == BOARDS:
            seat = next(s for s, p in enumerate(self.players) if p.board is None)
            return (
                action["type"] == "board"
                and action["player"] == seat
                and action["good"] in self.boards
            )
        kind = "deal_cornerstone" if self.generation == 0 else "deal"
        return (
            action["type"] == kind
            and action["player"] == self.deal_recipient()
            and bool(self.decks[self.deck_key()].get(action["tile"]))
        )

    def chance_actions(self) -> list[Action]:
        """The chance outcomes without their probabilities (cheap: no Fractions)."""
        return list(self._chance_list())

    def _chance_list(self) -> list[Action]:
        """The chance outcomes' actions (shared dicts), cached until the next apply: the
        next board to a player (NM-SETUP-BOARDS) or the next tile dealt (NM-GEN-DEAL)."""
        if self._legal is None:
            if self.phase == BOARDS:
                seat = next(s for s, p in enumerate(self.players) if p.board is None)
                self._legal = [
                    _chance_action("board", seat, "good", g) for g in sorted(self.boards)
                ]
            else:
                by_name = self._dealer()
                # the deck in its exported form: names sorted, none without copies
                self._legal = [by_name[name] for name in self.decks[self.deck_key()]]
        return self._legal

    def _dealer(self) -> dict[str, Action]:
        """The recipient's shared deal actions by tile name (NM-GEN-DEAL, NM-DRAFT-DEAL)."""
        by_name = self._dealing
        if by_name is None:
            kind = "deal_cornerstone" if self.generation == 0 else "deal"
            by_name = self._dealing = _deal_actions(kind, self.deal_recipient())  # type: ignore[arg-type]
        return by_name

    def legal_actions(self) -> list[Action]:
        """The legal actions, a list cached until the next apply (not to be mutated)."""
        if self._legal is None:
            if self.phase in (BOARDS, DEAL):
                return self._chance_list()
            self._legal = act.player_actions(self)
        return self._legal

    def _listed(self, action: Action) -> bool:
        """Whether ``action`` is one of the actions this position listed (legal_actions or
        chance_outcomes, cached since the last apply) handed back: legal as it stands. A deal
        is one of the recipient's shared deal actions of a tile left in the deck."""
        if self.phase == DEAL:
            by_name = self._dealing
            if by_name is None or type(action) is not dict:
                return False
            tile = action.get("tile")
            return (
                type(tile) is str
                and by_name.get(tile) is action
                and tile in self.decks[self.deck_key()]  # NM-GEN-DEAL: a tile left in the deck
            )
        legal = self._legal
        if legal is not None:
            for listed in legal:
                if listed is action:
                    return True
        return False

    # -- apply ------------------------------------------------------------------------------

    def apply(self, action: Action) -> None:
        if self._listed(action):
            self._apply_checked(action)
            return
        act.check_shape(action)
        actor = action["actor"]
        kind = action["type"]
        if actor != CHANCE and not 0 <= actor < self.n:
            raise MalformedInput(f"action.actor: no seat {actor} in a {self.n}-player game")
        to_act = self._to_act
        if to_act is None:
            to_act = self._to_act = self._compute_to_act()
        if actor not in to_act:
            selected = self.players[actor].selected if actor != CHANCE else None
            if self.phase == ACT and selected and TILES[selected].category == "disaster":
                rule = "NM-CORNER-NODISASTER" if kind == "cornerstone" else "NM-DISASTER-SELECTOR"
                raise IllegalAction(
                    rule, f"{json.dumps(action)}: selecting a disaster allows no action"
                )
            raise IllegalAction(
                "NM-SELECT-SIMUL" if self.phase != OVER else "NM-FLOW-END",
                f"{json.dumps(action)}: actor {actor!r} may not act now "
                f"(phase {self.phase}, to act {self.to_act()})",
            )
        if actor == CHANCE:
            if not self._is_chance_outcome(action):
                raise IllegalAction(
                    "NM-GEN-DEAL" if self.phase == DEAL else "NM-SETUP-BOARDS",
                    f"{json.dumps(action)} is not a chance outcome here (phase {self.phase})",
                )
        else:
            act.validate_player_action(self, action)
        self._apply_checked(action)

    def _apply_checked(self, action: Action) -> None:
        """Apply a legal action (NM-FLOW-TURNS); keep the other seats' cached options when
        the action leaves them unchanged."""
        actor = action["actor"]
        fired: list[str] = []
        self.fired = fired
        if actor == CHANCE:
            act.apply_chance(self, action, fired)
            self._legal = None
            # chance deals on until every hand is full (NM-GEN-DEAL); the seat cache stays
            # empty (a player's action changing the phase empties it)
            self._to_act = [CHANCE] if self.phase in (BOARDS, DEAL) else None
            return
        kind = action["type"]
        phase = self.phase
        current = self.disasters[0] if phase == DISASTER else None
        to_act = self._to_act
        act.apply_player_action(self, action, fired)
        self._invalidate()
        if (
            (self.phase == ACT and kind in ("place", "cornerstone", "sell"))
            or (
                self.phase == phase
                and phase in (DRAFT, SELECT)
                and self.players[actor].selected is not None
            )
            or (
                self.phase == phase == DISASTER
                and bool(self.disasters)
                and self.disasters[0] is current
            )
        ):
            self._seat_cache.pop(actor, None)  # the others' options are untouched
            if to_act is not None:  # and so is whether they are to act
                self._to_act = [s for s in to_act if s != actor]
        else:
            self._seat_cache.clear()

    def _invalidate(self) -> None:
        self._legal = None
        self._to_act = None

    # -- flow -------------------------------------------------------------------------------

    def start_deal(self, target: int) -> None:
        self.phase = DEAL
        self.deal_target = target

    def start_generation(self, fired: list[str]) -> None:
        """Deal 8 (solo: the first pile) of the generation's tiles (NM-GEN-DEAL)."""
        self.turn = 1  # NM-FLOW-TURNS: a generation's turns count from the first
        fired.append("NM-GEN-ORDER")
        self.start_deal(self.turn_target())

    def turn_target(self) -> int:
        if self.solo:
            key = (self.generation, self.icons)
            piles = _PILES.get(key)
            if piles is None:
                piles = _PILES[key] = pile_sizes(sum(deck_for(*key).values()))
            return piles[self.turn - 1]
        return HAND_SIZE

    def after_deal(self, fired: list[str]) -> None:
        """The recipient's hand is full: deal to the next, or end the deal."""
        self._dealing = None  # another recipient
        if self.deal_recipient() is not None:
            return
        self.phase = DRAFT if self.generation == 0 else SELECT  # NM-GEN-DEAL, NM-DRAFT-DEAL
        fired.append("NM-DRAFT-DEAL" if self.generation == 0 else "NM-GEN-DEAL")

    def end_draft_round(self, fired: list[str]) -> None:
        """Keep the selected cornerstones, pass the rest; after 3 keeps discard the rest."""
        for p in self.players:
            p.cornerstones.append(p.selected)  # type: ignore[arg-type]
            p.selected = None
        fired.append("NM-DRAFT-DEAL")
        if self.turn >= DRAFT_KEPT:
            for p in self.players:
                self.discard_tiles(p.hand)
                p.hand = []
            self.generation = 1
            fired.append("NM-FLOW-PRELIM")
            self.start_generation(fired)
            return
        self.turn += 1
        self.pass_hands(fired)
        self.phase = DRAFT

    def pass_hands(self, fired: list[str]) -> None:
        """Each hand goes to the next seat (NM-PASS, NM-PASS-DIRECTION)."""
        hands = [p.hand for p in self.players]
        for seat, p in enumerate(self.players):
            p.hand = hands[seat - 1]  # NM-PASS-DIRECTION: the previous seat's hand
        fired += ["NM-PASS", "NM-PASS-DIRECTION"]

    def end_turn(self, fired: list[str]) -> None:
        """After disasters: pass hands, or end the generation with income (NM-INCOME)."""
        for p in self.players:
            p.acted = False  # NM-FLOW-TURN: every player acts again next turn
        if self.solo:
            self.discard_tiles(self.players[0].hand)
            self.players[0].hand = []
            fired.append("NM-SOLO-PLAY")
        if self.turn >= TURNS:
            for p in self.players:
                self.discard_tiles(p.hand)
                p.hand = []
            fired.append("NM-PASS-LAST")
            for p in self.players:  # NM-INCOME-GEN, NM-INCOME-FINAL: after the 7th turn
                # NM-INCOME: the income on the tiles
                p.coins += sum(TILES[t].income for t in p.city if t is not None)
            fired.append("NM-INCOME")
            if self.generation >= GENERATIONS:  # NM-FLOW-END: the third generation's income ends it
                self.phase = OVER  # NM-FLOW-END, NM-INCOME-FINAL: after the 3rd generation's income
                fired += ["NM-INCOME-FINAL", "NM-SCORE-END", "NM-FLOW-END", *SCORING_RULES]
                if self.solo:
                    fired += ["NM-SOLO-TABLE", "NM-SOLO-SET", "NM-SOLO-WIN"]
                return
            fired.append("NM-INCOME-GEN")
            self.generation += 1  # NM-GEN-ORDER, NM-INCOME-GEN
            self.start_generation(fired)
            return
        self.turn += 1
        fired += ["NM-FLOW-TURNS", "NM-GEN-STEPS"]
        if self.solo:  # NM-SOLO-PLAY: each turn the next pile is dealt
            self.start_deal(self.turn_target())
            return
        self.pass_hands(fired)  # NM-GEN-STEPS: C. the remaining tiles are passed
        self.phase = SELECT  # NM-GEN-STEPS: the next turn starts with A. selecting

    def settle(self) -> None:
        """Advance a loaded (possibly hand-edited) position past steps nobody has to take.

        An exported position never needs this; a scenario that edits one (everybody has
        selected, no struck player owes anything) would otherwise wait for nobody.
        """
        fired: list[str] = []
        if self.phase == DEAL:
            self.after_deal(fired)
        elif self.phase == DRAFT and all(p.selected is not None for p in self.players):
            self.end_draft_round(fired)
        elif self.phase == SELECT and all(p.selected is not None for p in self.players):
            act.start_act(self, fired)
        elif self.phase == ACT and all(p.acted for p in self.players):
            act.finish_act(self, fired)
        elif self.phase == DISASTER and not act.disaster_to_act(self):
            act.advance_disasters(self, fired)
        self._invalidate()
        self._seat_cache.clear()

    def discard_tiles(self, names: list[str]) -> None:
        for name in names:
            self.discard[name] = self.discard.get(name, 0) + 1
        self._exported.pop("discard", None)

    def take_from_deck(self, name: str) -> None:
        """One copy of ``name`` leaves the current deck (NM-GEN-DEAL, NM-DRAFT-DEAL); the
        deck stays in its exported form (the names keep their order, none left empty)."""
        deck = self.decks[self.deck_key()]
        left = deck[name] - 1
        if left:
            deck[name] = left
        else:
            del deck[name]

    def _exported_counts(self, key: str, counts: dict[str, int]) -> dict[str, int]:
        """``counts`` (the box or the discard) as exported, a fresh dict."""
        exported = self._exported.get(key)
        if exported is None:
            exported = self._exported[key] = _multiset(counts)
        return dict(exported)

    # -- outcome ----------------------------------------------------------------------------

    def outcome(self) -> Outcome:
        parts = [score_city(p.city, p.goods, p.coins) for p in self.players]
        totals = tuple(part["total"] for part in parts)
        details: dict[str, Any] = {"breakdown": parts}
        if self.solo:
            details["rank"] = solo_rank(totals[0], self.options["solo_tile_set"])
            details["tile_set"] = self.options["solo_tile_set"]
        won = winners(totals) if self.is_terminal() else ()
        return Outcome(scores=totals, winners=won, details=details)

    # -- canonical --------------------------------------------------------------------------

    def to_canonical(self) -> dict[str, Any]:
        return {
            "game": "neom",
            "num_players": self.n,
            "options": exported_options(self.options),
            "to_act": self.to_act(),
            "terminal": self.is_terminal(),
            "phase": self.phase,
            "generation": self.generation,
            "turn": self.turn,
            "deal_target": self.deal_target,
            "decks": {k: dict(v) for k, v in sorted(self.decks.items())},
            "box": self._exported_counts("box", self.box),
            "discard": self._exported_counts("discard", self.discard),
            "boards": sorted(self.boards),
            "disasters": [
                {"tile": d["tile"], "by": d["by"], "decided": sorted(d["decided"])}
                for d in self.disasters
            ],
            "players": [p.to_json() for p in self.players],
        }

    def view(self, player: int) -> dict[str, Any]:
        """Hides decks, the discard pile, other hands, cornerstones and pending selections."""
        state = self.to_canonical()
        for key, deck in state["decks"].items():
            state["decks"][key] = {"hidden": sum(deck.values())}
        state["discard"] = {"hidden": sum(state["discard"].values())}
        selecting = self.phase in (DRAFT, SELECT)
        for seat, p in enumerate(state["players"]):
            if seat == player:
                continue
            p["hand"] = {"hidden": len(p["hand"])}
            p["cornerstones"] = {"hidden": len(p["cornerstones"])}
            if selecting and p["selected"] is not None:
                p["selected"] = "hidden"
        return state

    def clone(self) -> NeomState:
        other = NeomState.__new__(NeomState)
        other.n, other.options, other.phase = self.n, self.options.copy(), self.phase
        other.generation, other.turn, other.deal_target = (
            self.generation,
            self.turn,
            self.deal_target,
        )
        other.icons = self.icons
        other.decks = {k: dict(v) for k, v in self.decks.items()}
        other.box, other.discard, other.boards = (
            dict(self.box),
            dict(self.discard),
            list(self.boards),
        )
        other.disasters = [
            {"tile": d["tile"], "by": d["by"], "decided": list(d["decided"])}
            for d in self.disasters
        ]
        other.players = [p.copy() for p in self.players]
        other.fired = list(self.fired)
        # the same position lists the same: its caches are kept (each is replaced, never
        # changed in place, when a rule changes the position; the seat cache is a dict
        # that loses entries, so it is copied)
        other._legal = self._legal
        other._seat_cache = dict(self._seat_cache)
        other._to_act = self._to_act
        other._dealing = self._dealing
        other._exported = dict(self._exported)  # its dicts are replaced, never changed
        return other


#: solo: (generation, icons) -> the sizes of the generation's 7 piles
_PILES: dict[tuple[int, tuple[str, ...]], list[int]] = {}
#: total -> [Fraction(count, total) for count in 0..total] (Fractions are immutable)
_SHARES: dict[int, list[Fraction]] = {}


def _shares(total: int) -> list[Fraction]:
    """``Fraction(count, total)`` by ``count``, made once per total."""
    shares = _SHARES.get(total)
    if shares is None:
        shares = _SHARES[total] = [Fraction(c, total) for c in range(total + 1)]
    return shares


#: (type, player, field, value) -> a chance action, shared (never mutated)
_CHANCE_ACTIONS: dict[tuple[str, int, str, str], Action] = {}


def _chance_action(kind: str, seat: int, field: str, value: str) -> Action:
    """The shared chance action giving ``value`` (a board good or a tile) to ``seat``."""
    key = (kind, seat, field, value)
    found = _CHANCE_ACTIONS.get(key)
    if found is None:
        found = _CHANCE_ACTIONS[key] = {"actor": CHANCE, "type": kind, "player": seat, field: value}
    return found


#: (type, player) -> tile name -> the shared chance action dealing that tile to the player
_DEAL_ACTIONS: dict[tuple[str, int], dict[str, Action]] = {}


def _deal_actions(kind: str, seat: int) -> dict[str, Action]:
    """The shared chance actions (:func:`_chance_action`) dealing each tile to ``seat``."""
    by_name = _DEAL_ACTIONS.get((kind, seat))
    if by_name is None:
        by_name = _DEAL_ACTIONS[kind, seat] = {
            name: _chance_action(kind, seat, "tile", name) for name in TILES
        }
    return by_name


def _multiset(counts: dict[str, int]) -> dict[str, int]:
    return {k: v for k, v in sorted(counts.items()) if v}


def place_centre(player: Player, good: str) -> None:
    """The board's City Centre is preprinted; its raw good token is taken (NM-SETUP-BOARDS)."""
    player.board = good
    player.set_space((SIZE * SIZE) // 2, centre_tile(good))
    player.goods.add(good)
