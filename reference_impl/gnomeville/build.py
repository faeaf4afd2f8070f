"""Phase 2, the town build: draw or pass, second chance, placement, upgrades, movement and
building effects.

Implements GV-BUILD-DRAW, GV-BUILD-PASS, GV-BUILD-SECOND-CHANCE, GV-BUILD-PLACE,
GV-BUILD-AUTOPASS, GV-BUILD-GNOME-TILE, GV-BUILD-STUCK, GV-UPGRADE-TRIGGER,
GV-UPGRADE-STACK, GV-UPGRADE-LINE, GV-UPGRADE-CHAIN, GV-UPGRADE-TIER5,
GV-UPGRADE-EXHAUSTED, GV-UPGRADE-OCCUPIED, GV-MOVE-*, GV-BLDG-*, GV-VAR-MASTER.
"""

from __future__ import annotations

import functools
import operator
from typing import Any

from reference_impl.gnomeville.data import BOULDER, DIRS, GNOME, NEXT, TIER, TROLL, Board
from reference_impl.gnomeville.player import Player

Action = dict[str, Any]
#: the tiles an upgrade takes: every building below tier 5 (GV-UPGRADE-TIER5)
UPGRADABLE = frozenset(kind for kind in TIER if TIER[kind] < 5)


@functools.cache
def idle_actions(pi: int, draws: bool, passes: bool) -> tuple[Action, ...]:
    """An idle builder's actions: draw (GV-BUILD-DRAW) when ``draws``, pass (GV-BUILD-PASS)
    when ``passes``; made once per seat and case and shared by every position (the engine
    never mutates an action, like the chance outcomes of ``state.draw_action``)."""
    acts: list[Action] = []
    if draws:
        acts.append({"actor": pi, "type": "draw"})  # GV-BUILD-DRAW
    if passes:
        acts.append({"actor": pi, "type": "pass"})  # GV-BUILD-PASS
    return tuple(acts)


@functools.cache
def space_actions(pi: int, kind: str, board: Board, what: str | None = None) -> tuple[Action, ...]:
    """Seat ``pi``'s action ``kind`` on each space of ``board``, by space index (a tile's
    placement, GV-BUILD-PLACE; a redeployed gnome, GV-EXHAUST-REDEPLOY; with ``what``, the
    spawn of a boulder or troll, GV-ATTACK-ORDER): made once per seat, kind and board and
    shared like :func:`idle_actions`'."""
    head: Action = {"actor": pi, "type": kind}
    if what is not None:
        head["what"] = what  # GV-ATTACK-ORDER: a boulder or troll spawned
    return tuple({**head, "space": board.coord(i)} for i in range(board.size))


#: a player's build status ("building", "passed" or "stuck"), read in C over every player
status_of = operator.attrgetter("status")

#: the directions of a gnome's steps in the order they are listed (GV-MOVE-STEP)
STEP_ORDER = tuple(sorted(DIRS))


def find_groups(p: Player) -> list[list[int]]:
    """Groups of 3+ orthogonally connected, matching, unoccupied tiles below tier 5.

    Implements GV-UPGRADE-TRIGGER, GV-UPGRADE-OCCUPIED, GV-UPGRADE-TIER5, GV-BOARD-HEDGE.
    """
    if p.groups is not None:
        return p.groups
    occ = p.occupied()
    seen: set[int] = set()
    groups: list[list[int]] = []
    cells = p.cells
    # only a building below tier 5 starts a group (group_at), each tile once; a kind with
    # fewer than three tiles in the town has none (GV-UPGRADE-TRIGGER: three or more)
    for kind in UPGRADABLE.intersection(cells):
        if cells.count(kind) >= 3:
            for i in p.spaces_of(kind):
                group = group_at(p, i, occ, seen)
                if group is not None:
                    groups.append(group)
    groups.sort()  # by their first space, the order of the town's spaces
    p.groups = groups
    return groups


def group_at(p: Player, i: int, occ: set[int], seen: set[int]) -> list[int] | None:
    """The group of 3+ (as :func:`find_groups`) that the tile on space ``i`` belongs to,
    sorted, or None; every space it flood-fills is added to ``seen``."""
    cells = p.cells
    kind = cells[i]
    # GV-UPGRADE-TIER5, GV-UPGRADE-OCCUPIED
    if i in seen or kind not in UPGRADABLE or i in occ:
        return None
    ortho = p.board.ortho  # GV-BOARD-HEDGE: no adjacency across a hedge
    group = [i]
    seen.add(i)
    stack = [i]
    while stack:
        j = stack.pop()
        for k in ortho[j].values():
            # GV-UPGRADE-MATCH: tier and type
            if k >= 0 and k not in seen and cells[k] == kind and k not in occ:
                seen.add(k)
                group.append(k)
                stack.append(k)
    if len(group) >= 3:  # GV-UPGRADE-TRIGGER: three or more
        return sorted(group)
    return None


def upgrade_choices(kind: str, supply: dict[str, int]) -> list[str | None]:
    """Tiles an upgrade of ``kind`` may take: the next tier on each line, or two tiers up
    when that tray is empty (GV-UPGRADE-LINE, GV-UPGRADE-EXHAUSTED); [None] when nothing is
    left (ruling GV-UPGRADE-NONE-LEFT)."""
    out: list[str | None] = []
    for nxt in NEXT[kind]:  # GV-UPGRADE-LINE, GV-COMP-LINES: market on either line
        if supply[nxt] > 0:  # GV-UPGRADE-EXHAUSTED: an empty tray is skipped
            out.append(nxt)
        else:
            for up in NEXT[nxt]:  # GV-UPGRADE-EXHAUSTED: two tiers up
                if supply[up] > 0 and up not in out:
                    out.append(up)
    return out or [None]  # GV-UPGRADE-NONE-LEFT


class BuildRules:
    """Mixin of the build-phase decisions of :class:`GVState`."""

    players: list[Player]
    supply: dict[str, int]
    boulder_supply: int
    options: dict[str, Any]
    fired: list[str]
    chance: dict[str, Any] | None
    round: int
    ability_deck: list[str]
    ability_bottom: list[str]

    # -- legal actions ----------------------------------------------------------------------
    def _build_actions(self, pi: int) -> list[Action]:
        p = self.players[pi]
        if p.activation is not None:
            return self._activation_actions(pi)
        groups = find_groups(p)
        if groups:  # GV-UPGRADE-TIMING, GV-UPGRADE-PAUSE: before anything else
            return self._upgrade_actions(pi, groups)
        if p.hand is not None:  # GV-BUILD-ORDER: a drawn tile resolves first
            return self._hand_actions(pi)
        if p.moves > 0:  # GV-BUILD-GNOME-MOVES: resolved at once, before the next draw
            return self._move_actions(pi)
        return list(self._idle_actions(pi, self._rejoin_open(self._turn_by_turn())))

    def _idle_actions(self, pi: int, rejoin: bool) -> tuple[Action, ...]:
        """A player with nothing to resolve draws (GV-BUILD-DRAW; a passed player rejoining
        while ``rejoin``, :meth:`_rejoin_open`, GV-FAQ-REJOIN) or passes (GV-BUILD-PASS)."""
        p = self.players[pi]
        building = p.status == "building"
        # GV-BUILD-DRAW: a tile in the bag (and GV-FAQ-REJOIN: a passed player, not a stuck one)
        draws = any(p.bag.values()) and (building or (rejoin and p.status == "passed"))
        return idle_actions(pi, draws, building)  # GV-BUILD-PASS: while building

    def _rejoin_open(self, tbt: bool) -> bool:
        """GV-FAQ-REJOIN: a passed (not stuck) player may draw again while the phase runs
        (someone still builds), except in the turn-by-turn variant (``tbt``); asked once per
        listing of every idle player."""
        return not tbt and "building" in map(status_of, self.players)

    def _turn_by_turn(self) -> bool:
        return self.round in self.options["turn_by_turn_rounds"]  # GV-VAR-TBT-ROUND

    def _hand_actions(self, pi: int) -> list[Action]:
        p = self.players[pi]
        acts: list[Action] = []
        if p.stew:  # GV-BUILD-SECOND-CHANCE: full stew, before placing (GV-FAQ-NO-LOOP)
            acts.append({"actor": pi, "type": "second_chance"})
        if p.hand == GNOME:  # GV-BUILD-TILE-KINDS, GV-BUILD-GNOME-TILE: on a stump
            acts.append({"actor": pi, "type": "place"})
            return acts
        spaces = self._placeable(p, p.hand)  # GV-BUILD-PLACE
        on = space_actions(pi, "place", p.board)
        acts += [on[i] for i in spaces]
        if not spaces:  # GV-BUILD-AUTOPASS
            acts.append({"actor": pi, "type": "pass"})
        return acts

    def _placeable(self, p: Player, kind: str) -> list[int]:
        """GV-BUILD-PLACE: empty spaces (GV-TERM-EMPTY: no tile or gnome; GV-TERM-EMPTY-TOKENS:
        no enemy or boulder) allowed by height limits (GV-BOARD-TOWER)."""
        occ = p.occupied()
        cells = p.cells
        return [
            i
            for i in p.board.takes[TIER[kind]]  # GV-BOARD-TOWER
            # GV-TERM-EMPTY-TOKENS
            if cells[i] is None and i not in occ
        ]

    def _upgrade_actions(self, pi: int, groups: list[list[int]]) -> list[Action]:
        p = self.players[pi]
        acts: list[Action] = []
        for group in groups:
            kind = p.cells[group[0]]
            assert kind is not None
            targets = group
            if p.open_stack is not None and p.trigger >= 0 and p.trigger not in group:
                continue  # a chain resolves the group of the new tile first
            # GV-VAR-MASTER
            if self.options["master_build"] and p.trigger in group:
                targets = [p.trigger]
            for new in upgrade_choices(kind, self.supply):  # GV-UPGRADE-LINE
                for i in targets:  # GV-UPGRADE-PLACE: on a space of the group
                    # GV-BOARD-TOWER
                    if new is not None and p.board.height.get(i, 0) > TIER[new]:
                        continue
                    acts.append(
                        {"actor": pi, "type": "upgrade", "space": p.board.coord(i), "kind": new}
                    )
        return acts

    def _move_actions(self, pi: int) -> list[Action]:
        p = self.players[pi]
        acts: list[Action] = []
        movers = [p.transit] if p.transit >= 0 else range(len(p.gnomes))  # GV-MOVE-DISTRIBUTE
        # listed by gnome, then direction (STEP_ORDER), then stop
        for gi in movers:
            g = p.gnomes[gi]
            if g.pos < 0:
                continue
            ortho = p.board.ortho[g.pos]
            # the spaces the other gnomes occupy (GV-MOVE-PASS-THROUGH)
            occ = {h.pos for k, h in enumerate(p.gnomes) if k != gi and h.pos >= 0}
            for d in STEP_ORDER:
                j = ortho[d]  # GV-MOVE-STEP: orthogonally
                if j >= 0 and self._may_enter(p, gi, j, p.moves, occ):
                    acts.append({"actor": pi, "type": "step", "gnome": gi, "dir": d})
        # GV-MOVE-OPTIONAL: stop (not while passing through)
        if p.transit < 0:
            acts.append({"actor": pi, "type": "stop"})
        return acts

    def _passable(self, p: Player, gi: int, j: int) -> bool:
        c = p.cells[j]
        g = p.gnomes[gi]
        # GV-MOVE-TROLL, GV-MOVE-BOULDER
        return not ((c == TROLL and not g.sword) or (c == BOULDER and not g.hammer))

    def _may_enter(self, p: Player, gi: int, j: int, moves: int, occ: set[int]) -> bool:
        """GV-MOVE-TROLL, GV-MOVE-BOULDER, GV-MOVE-PASS-THROUGH: a step that can end legally
        (GV-MOVE-PASS-THROUGH-EFFECT: onto another gnome, one of ``occ``, only if a free space
        is in reach)."""
        if not self._passable(p, gi, j):
            return False
        if j not in occ:
            return True
        # passing through: some unoccupied space must be reachable with the moves left
        frontier = {j}  # GV-MOVE-PASS-THROUGH-EFFECT: must end unoccupied
        seen = {j}
        for _ in range(moves - 1):
            nxt = set()
            for a in frontier:
                for b in p.board.ortho[a].values():
                    if b >= 0 and b not in seen and self._passable(p, gi, b):
                        if b not in occ:
                            return True
                        seen.add(b)
                        nxt.add(b)
            frontier = nxt
        return False

    def _activation_actions(self, pi: int) -> list[Action]:
        p = self.players[pi]
        act = p.activation
        assert act is not None
        kind = act["kind"]
        acts: list[Action] = []
        if kind == "market":
            for k in sorted(self.supply):
                if self.supply[k] > 0 and TIER[k] <= p.mushrooms:  # GV-BLDG-MARKET: tier = cost
                    acts.append({"actor": pi, "type": "buy", "kind": k})
        elif kind == "house":
            occ = p.occupied()
            for j in p.board.ring[act["space"]]:  # GV-BLDG-ADJACENT: the 8 around
                if j not in occ and p.cells[j] not in (TROLL, BOULDER):  # GV-BLDG-HOUSE
                    acts.append({"actor": pi, "type": "deploy", "space": p.board.coord(j)})
        elif kind == "ballista":
            for j in p.board.diag[act["space"]]:  # GV-BLDG-ADJACENT, GV-BOARD-HEDGE
                if p.cells[j] in (TROLL, BOULDER):  # GV-BLDG-BALLISTA
                    acts.append({"actor": pi, "type": "destroy", "space": p.board.coord(j)})
        elif kind == "academy" and "to_draw" in act:  # graduated: keep one of the two
            for card in sorted(set(p.drawn_abilities)):
                # GV-ABILITY-GRADUATE: keep one
                acts.append({"actor": pi, "type": "keep", "card": card})
            return acts
        else:  # tavern, workshop, armory, academy: take the effect or decline it
            acts.append({"actor": pi, "type": "use"})
        acts.append({"actor": pi, "type": "decline"})  # GV-BLDG-OPTIONAL
        return acts

    # -- effects ----------------------------------------------------------------------------
    def _do_build(self, pi: int, action: Action) -> None:
        p = self.players[pi]
        t = action["type"]
        if t == "draw":
            if p.status == "passed":
                p.status = "building"
                self.fired.append("GV-FAQ-REJOIN")
            self.chance = {"type": "draw", "player": pi}
            self.fired.append("GV-BUILD-DRAW")
        elif t == "pass":
            if p.hand is not None:  # automatic pass: the tile cannot be placed
                # GV-BUILD-AUTOPASS: back into the bag
                p.bag[p.hand] += 1
                p.hand = None
                self.fired.append("GV-BUILD-AUTOPASS")
            else:
                self.fired.append("GV-BUILD-PASS")
            p.status = "passed"
            p.tbt_done = True  # GV-VAR-TURN-BY-TURN: out of the phase
        elif t == "second_chance":
            p.bag[p.hand] += 1  # type: ignore[index]
            p.hand = None  # GV-BUILD-SECOND-CHANCE-NO-EFFECT: never placed
            # GV-FAQ-SECOND-CHANCE-REPEAT: each use empties it
            p.stew = False
            self.fired.append("GV-BUILD-SECOND-CHANCE")
        elif t == "place":
            self._place(pi, action)
        elif t == "upgrade":
            self._upgrade(pi, p.board.index(action["space"]), action["kind"])
        elif t == "step":
            self._step(pi, action["gnome"], action["dir"])
        elif t == "stop":
            p.moves = 0
            self.fired.append("GV-MOVE-OPTIONAL")
        else:
            self._do_activation(pi, action)
        self._after_build_action(pi)

    def _after_build_action(self, pi: int) -> None:
        p = self.players[pi]
        if p.activation is not None or p.hand is not None or self.chance is not None:
            return
        if find_groups(p):  # GV-UPGRADE-TIMING: an upgrade resolves first
            return
        if p.open_stack is not None:  # GV-UPGRADE-CHAIN: the chain's stack is complete
            p.stacks.append(p.open_stack)
            p.open_stack = None
            p.trigger = -1
        # GV-FAQ-STUCK-MOVE: a stuck player moves first
        if p.moves > 0 or p.transit >= 0:
            return
        p.trigger = -1
        if p.stuck and p.status == "building":  # GV-BUILD-STUCK: then passes at once
            p.status = "stuck"
            self.fired.append("GV-BUILD-STUCK")

    def _place(self, pi: int, action: Action) -> None:
        p = self.players[pi]
        kind = p.hand
        p.hand = None
        if kind == GNOME:
            p.stumps += 1  # GV-BUILD-GNOME-TILE: the topmost uncovered stump
            p.moves = p.stump_moves() + p.monuments()  # GV-BLDG-MONUMENT, GV-BUILD-GNOME-MOVES
            self.fired.append("GV-BUILD-GNOME-TILE")
            if p.monuments():
                self.fired.append("GV-BLDG-MONUMENT")
            if p.stumps >= len(p.board.stumps):  # GV-BUILD-STUCK: the third gnome tile
                p.stuck = True
            p.tbt_done = True  # GV-VAR-TURN-BY-TURN: this tile is resolved
            return
        i = p.board.index(action["space"])
        p.cells[i] = kind  # GV-BUILD-PLACE
        # GV-UPGRADE-TRIGGER: a tile is placed only when no group stands (upgrades are listed
        # first), so the only group there can be is the new tile's
        group = group_at(p, i, p.occupied(), set())
        p.groups = [] if group is None else [group]  # GV-UPGRADE-TRIGGER: the new tile's group
        p.trigger = i  # GV-UPGRADE-TRIGGER, GV-VAR-MASTER: the triggering space
        p.tbt_done = True  # GV-VAR-TURN-BY-TURN: this tile is resolved
        self.fired.append("GV-BUILD-PLACE")

    def _upgrade(self, pi: int, i: int, new: str | None) -> None:
        p = self.players[pi]
        group = next(g for g in find_groups(p) if i in g)
        kind = p.cells[i]
        assert kind is not None
        # GV-UPGRADE-CHAIN, GV-UPGRADE-EX-CHAIN: one stack
        stack = p.open_stack if p.open_stack is not None else []
        if p.open_stack is not None:
            self.fired.append("GV-UPGRADE-CHAIN")
        for j in group:  # GV-UPGRADE-STACK
            stack.append(kind)
            p.cells[j] = None
        stack.sort()
        self.fired.append("GV-UPGRADE-STACK")
        if new is not None:
            self.supply[new] -= 1  # GV-UPGRADE-PLACE: taken from the supply
            p.cells[i] = new  # GV-UPGRADE-PLACE
            if TIER[new] > TIER[kind] + 1:
                self.fired.append("GV-UPGRADE-EXHAUSTED")
        p.groups = None
        p.trigger = i
        p.open_stack = stack
        if self.options["master_build"]:
            self.fired.append("GV-VAR-MASTER")
        if not any(i in g for g in find_groups(p)):  # GV-UPGRADE-CHAIN: no chain from the new tile
            p.stacks.append(stack)  # GV-UPGRADE-SCORED: kept for phase 4
            p.open_stack = None

    def _step(self, pi: int, gi: int, d: str) -> None:
        p = self.players[pi]
        g = p.gnomes[gi]
        j = p.board.ortho[g.pos][d]
        p.moves -= 1  # GV-MOVE-STEP: one point per space
        g.pos = j
        p.groups = None
        self.fired.append("GV-MOVE-STEP")
        # GV-MOVE-PASS-THROUGH-EFFECT
        if any(k != gi and h.pos == j for k, h in enumerate(p.gnomes)):
            p.transit = gi
            self.fired.append("GV-MOVE-PASS-THROUGH")
            return
        p.transit = -1
        c = p.cells[j]  # GV-MOVE-RESOLVE: check and resolve the space
        if c == TROLL:
            p.cells[j] = None
            p.mushrooms += 1  # GV-MOVE-MUSHROOM-MAY: gained, not offered (GV-FAQ-MUSHROOMS)
            self.fired.append("GV-MOVE-TROLL")
        elif c == BOULDER:
            p.cells[j] = None
            self.boulder_supply += 1
            p.mushrooms += 1  # GV-MOVE-MUSHROOM-MAY, GV-FAQ-MUSHROOMS
            self.fired.append("GV-MOVE-BOULDER")
        elif c is None:
            p.mushrooms += 1
            self.fired.append("GV-MOVE-EMPTY")
        else:
            self._activate(pi, gi, j, c)

    def _activate(self, pi: int, gi: int, j: int, kind: str) -> None:
        """GV-BLDG-ACTIVATE: a gnome entering a building activates it (a monument does
        nothing: it is passive, GV-BLDG-MONUMENT). Every effect is optional
        (GV-BLDG-OPTIONAL, gnomeville.ja.txt:251): where the effect can change anything the
        player gets a pending activation to take it (``buy``/``deploy``/``destroy``/``use``) or
        ``decline`` it; an effect that cannot happen (a full stew, a gnome already armed or
        graduated, no target) asks nothing."""
        p = self.players[pi]
        g = p.gnomes[gi]
        self.fired.append("GV-MOVE-ACTIVATE")
        if kind == "market":
            self.fired.append("GV-BLDG-MARKET")
            # GV-BLDG-OPTIONAL: offered when some tile is affordable
            if any(self.supply[k] > 0 and TIER[k] <= p.mushrooms for k in self.supply):
                p.activation = {"kind": "market", "space": j, "gnome": gi}
        elif kind == "house":
            self.fired.append("GV-BLDG-HOUSE")
            if any(h.pos < 0 for h in p.gnomes):  # GV-BLDG-HOUSE: a stand in camp
                p.activation = {"kind": "house", "space": j, "gnome": gi}
                if len(self._activation_actions(pi)) == 1:
                    p.activation = None
        elif kind == "tavern":
            self.fired.append("GV-BLDG-TAVERN")
            if not p.stew:  # GV-BLDG-OPTIONAL: only an empty stew
                p.activation = {"kind": "tavern", "space": j, "gnome": gi}
        elif kind == "academy":
            self.fired.append("GV-BLDG-ACADEMY")
            # GV-BLDG-ACADEMY: graduate if possible
            if not g.graduated:
                p.activation = {"kind": "academy", "space": j, "gnome": gi}
        elif kind == "workshop":
            self.fired.append("GV-BLDG-WORKSHOP")
            # GV-EQUIP-BOTH: a sword does not stop it
            if not g.hammer and self._tokens_free(p, "hammer"):
                p.activation = {"kind": "workshop", "space": j, "gnome": gi}
        elif kind == "armory":
            self.fired.append("GV-BLDG-ARMORY")
            # GV-EQUIP-BOTH: a hammer does not stop it
            if not g.sword and self._tokens_free(p, "sword"):
                p.activation = {"kind": "armory", "space": j, "gnome": gi}
        elif kind == "ballista":
            self.fired.append("GV-BLDG-BALLISTA")
            p.activation = {"kind": "ballista", "space": j, "gnome": gi}
            if len(self._activation_actions(pi)) == 1:
                p.activation = None

    def _tokens_free(self, p: Player, what: str) -> bool:
        # GV-COMP-PLAYER-SETS: 3 of each
        return sum(1 for g in p.gnomes if getattr(g, what)) < 3

    def _next_ability_chance(self, pi: int) -> None:
        p = self.players[pi]
        act = p.activation
        if act is None or act["kind"] != "academy":
            return
        if len(p.drawn_abilities) < act["to_draw"]:
            if self.ability_deck:
                self.chance = {"type": "ability", "player": pi}
            else:  # only known cards left: they come off the bottom queue in order
                # GV-EXHAUST-DISCARD: discarded cards wait at the bottom of the deck
                p.drawn_abilities.append(self.ability_bottom.pop(0))
                self._next_ability_chance(pi)

    def _do_activation(self, pi: int, action: Action) -> None:
        p = self.players[pi]
        act = p.activation
        assert act is not None
        t = action["type"]
        p.activation = None
        if t == "buy":
            k = action["kind"]
            self.supply[k] -= 1
            # GV-BLDG-MARKET: the cost is the tier, the tile goes into the bag at once
            p.mushrooms -= TIER[k]
            p.bag[k] += 1
            self.fired.append("GV-BLDG-MARKET")
        elif t == "deploy":
            j = p.board.index(action["space"])
            new = next(h for h in p.gnomes if h.pos < 0)
            new.pos = j  # GV-BLDG-HOUSE: activates nothing, gains nothing
            p.groups = None
            self.fired.append("GV-BLDG-HOUSE")
        elif t == "destroy":
            j = p.board.index(action["space"])
            # GV-DESTROYED-TO-SUPPLY: a destroyed boulder goes back to the supply
            if p.cells[j] == BOULDER:
                self.boulder_supply += 1
            p.cells[j] = None
            self.fired.append("GV-BLDG-BALLISTA")
        elif t == "use":
            self._use(pi, act)
        elif t == "keep":
            card = action["card"]  # GV-COMP-ABILITIES: kept, with no effect on play
            p.drawn_abilities.remove(card)
            old = p.gnomes[act["gnome"]].ability
            if old is not None:
                self.ability_bottom.append(old)  # GV-EXHAUST-DISCARD: the old card to the bottom
            # GV-ABILITY-GRADUATE; GV-ABILITY-ONCE: never flipped
            p.gnomes[act["gnome"]].ability = card
            # GV-ABILITY-GRADUATE: the other to the bottom
            self.ability_bottom.extend(p.drawn_abilities)
            p.drawn_abilities = []
            self.fired.append("GV-BLDG-ACADEMY")
        else:
            self.fired.append("GV-BLDG-OPTIONAL")

    def _use(self, pi: int, act: dict[str, Any]) -> None:
        """The effect of a tavern, workshop, armory or academy, taken (``use``).

        Implements GV-BLDG-TAVERN, GV-BLDG-WORKSHOP, GV-BLDG-ARMORY, GV-BLDG-ACADEMY."""
        p = self.players[pi]
        g = p.gnomes[act["gnome"]]
        kind = act["kind"]
        if kind == "tavern":
            p.stew = True
            self.fired.append("GV-BLDG-TAVERN")
        elif kind == "workshop":
            g.hammer = True
            self.fired.extend(("GV-BLDG-WORKSHOP", "GV-EQUIP"))
        elif kind == "armory":  # GV-BLDG-ARMORY
            g.sword = True
            self.fired.extend(("GV-BLDG-ARMORY", "GV-EQUIP"))
        else:  # academy: graduate, then draw two ability cards and keep one
            g.graduated = True
            self.fired.extend(("GV-BLDG-ACADEMY", "GV-ABILITY-GRADUATE"))
            # GV-ABILITY-GRADUATE: draw 2
            n = min(2, len(self.ability_deck) + len(self.ability_bottom))
            p.drawn_abilities = []
            if n:
                p.activation = {**act, "to_draw": n}
                self._next_ability_chance(pi)

    def _diagnose_build(self, pi: int, action: Action) -> str:
        """Rule id an illegal build action breaks (for IllegalAction)."""
        p = self.players[pi]
        t = action.get("type")
        if t == "step" and p.moves > 0:
            gi = action.get("gnome")
            if isinstance(gi, int) and 0 <= gi < len(p.gnomes) and p.gnomes[gi].pos >= 0:
                j = p.board.ortho[p.gnomes[gi].pos].get(action.get("dir", ""), -1)
                if j < 0:
                    return (
                        "GV-BOARD-HEDGE"
                        if p.board.nbrs[p.gnomes[gi].pos].get(action.get("dir", ""), -1) >= 0
                        else "GV-MOVE-STEP"
                    )
                if p.cells[j] == TROLL:
                    return "GV-MOVE-TROLL"
                if p.cells[j] == BOULDER:
                    return "GV-MOVE-BOULDER"
                return "GV-MOVE-PASS-THROUGH"
            return "GV-MOVE-STEP"
        if t == "step":  # no movement left: a step needs a movement point (GV-MOVE-STEP)
            return "GV-MOVE-STEP"
        if t == "stop" and p.transit >= 0:
            return "GV-MOVE-PASS-THROUGH"
        if t == "second_chance":
            return "GV-BUILD-SECOND-CHANCE" if p.hand is None or not p.stew else "GV-BUILD-ORDER"
        if t == "place" and p.hand == GNOME:  # a gnome tile goes on a stump, never a space
            return "GV-BUILD-GNOME-TILE"
        if t == "place" and p.hand is not None:
            i = p.board.index(action.get("space"))
            if i >= 0 and p.board.height.get(i, 0) > TIER.get(p.hand, 0):
                return "GV-BOARD-TOWER"
            return "GV-BUILD-PLACE"
        if t == "upgrade":
            if find_groups(p):
                if self.options["master_build"]:
                    return "GV-VAR-MASTER"
                i = p.board.index(action.get("space"))
                if i >= 0 and p.cells[i] == "monument":
                    return "GV-UPGRADE-TIER5"
                return "GV-UPGRADE-LINE"
            return "GV-UPGRADE-TRIGGER"
        if t == "buy" and p.activation is not None:
            return "GV-BLDG-MARKET"
        if t == "deploy":
            return "GV-BLDG-HOUSE"
        if t in ("use", "decline", "keep"):
            return "GV-BLDG-ACTIVATE"
        if t == "destroy":
            return "GV-BLDG-BALLISTA"
        if t == "draw":
            if p.status == "stuck":
                return "GV-BUILD-STUCK"
            if p.status == "passed" and self._turn_by_turn():
                return "GV-VAR-TURN-BY-TURN"
            if p.bag_size() == 0:
                return "GV-BUILD-DRAW"
        return "GV-BUILD-ORDER"
