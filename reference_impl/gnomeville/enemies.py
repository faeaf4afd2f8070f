"""Phase 3, the enemy attack: surprise attack, boulders, trolls, troll movement, exhaustion.

Implements GV-ATTACK-SURPRISE, GV-ATTACK-ORDER, GV-BOULDER-SPAWN, GV-TROLL-SPAWN,
GV-TROLL-CAP, GV-TROLL-CHOICE, GV-TROLL-MOVE, GV-TROLL-DESTROY, GV-BOULDER-DESTROY,
GV-SWORD-DEFEAT, GV-HAMMER-BREAK, GV-ONE-PER-SPACE, GV-SWORD-SPACE, GV-HAMMER-SPACE,
GV-BOULDER-SUPPLY-EXHAUSTED, GV-EXHAUST, GV-EXHAUST-REDEPLOY,
GV-FAQ-SPAWN-ORDER, GV-FAQ-TROLL-BOULDER, GV-TILES-TO-BAG.
"""

from __future__ import annotations

import functools
from typing import Any

from reference_impl.core import rule_param
from reference_impl.gnomeville.build import space_actions
from reference_impl.gnomeville.data import BOULDER, TIER, TOKENS, TROLL
from reference_impl.gnomeville.player import Player

Action = dict[str, Any]
TROLL_CAP = TOKENS["trolls_per_player"]


def card_spawns(card: dict[str, Any], p: Player) -> tuple[list[int], list[int]]:
    """Boulder and troll spawn spaces of a troll card's matrix on ``p``'s board (new lists:
    the attack uses them up)."""
    boulders, trolls = matrix_spawns(tuple(card["matrix"]), p.board.rows, p.board.cols)
    return list(boulders), list(trolls)


@functools.lru_cache(maxsize=256)
def matrix_spawns(
    matrix: tuple[str, ...], rows: int, cols: int
) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """The spaces of a matrix's boulders and trolls on a board of ``rows`` x ``cols``, read
    once per matrix and board shape (a scenario's card may bring a matrix of its own).

    GV-ATTACK-MATRIX: the matrix matches the town board space for space, read in board
    orientation by every player (GV-ATTACK-PERSPECTIVE: row 0 at the top)."""
    boulders, trolls = [], []
    for r, row in enumerate(matrix):
        for c, ch in enumerate(row):
            if r < rows and c < cols:
                if ch == "B":
                    boulders.append(r * cols + c)
                elif ch == "T":
                    trolls.append(r * cols + c)
    return tuple(boulders), tuple(trolls)


def spawn_actions(pi: int, p: Player, what: str, spaces: list[int]) -> list[Action]:
    """Seat ``pi``'s spawn of a ``what`` on each of ``spaces``, in board order: the choice of
    which enemy comes first (GV-FAQ-SPAWN-ORDER, GV-FAQ-BOULDER-ORDER)."""
    on = space_actions(pi, "spawn", p.board, what)
    return [on[i] for i in sorted(spaces)]


class EnemyRules:
    """Mixin of the enemy-attack resolution of :class:`GVState`."""

    players: list[Player]
    _act: list[Any] | None
    _cache: list[Action] | None
    boulder_supply: int
    fired: list[str]
    ability_bottom: list[str]
    options: dict[str, Any]
    camp_check: bool

    def _exhaust(self, pi: int, gi: int) -> None:
        """GV-EXHAUST: back to camp, tracker unflipped, ability discarded, equipment lost."""
        p = self.players[pi]
        g = p.gnomes[gi]
        # GV-EXHAUST: back to camp
        g.pos = -1
        g.graduated = False
        if g.ability is not None:
            self.ability_bottom.append(g.ability)  # GV-EXHAUST-DISCARD: the deck's bottom
            g.ability = None
        g.hammer = g.sword = False
        p.groups = None
        self.camp_check = True  # the town may have no gnome left (GV-EXHAUST-REDEPLOY)
        self.fired.append("GV-EXHAUST")

    def _destroy_building(self, p: Player, i: int) -> None:
        """GV-TILES-TO-BAG: a destroyed building tile goes back to the bag."""
        kind = p.cells[i]
        if kind is not None and kind in TIER:
            p.bag[kind] += 1
            p.cells[i] = None
            p.groups = None
            self.fired.append("GV-TILES-TO-BAG")

    def _spawn_boulder(self, pi: int, i: int) -> None:
        """GV-BOULDER-SPAWN, GV-BOULDER-DESTROY, GV-HAMMER-BREAK, GV-ONE-PER-SPACE; the
        readings of GV-HAMMER-SPACE and GV-BOULDER-SUPPLY-EXHAUSTED are options."""
        p = self.players[pi]
        self.fired.append("GV-BOULDER-SPAWN")
        if p.cells[i] == BOULDER:
            self.fired.append("GV-ONE-PER-SPACE")
            return
        # GV-BOULDER-SUPPLY-EXHAUSTED
        if self.boulder_supply == 0 and self.options["boulder_supply_limited"]:
            self.fired.append("GV-BOULDER-SUPPLY-EXHAUSTED")
            return
        gi = p.occupant(i)
        if gi >= 0 and p.gnomes[gi].hammer:  # GV-HAMMER-BREAK
            # the boulder lands (destroying what it destroys) and the hammer breaks it at once
            if not self.options["hammer_gnome_shields_building"]:  # GV-HAMMER-SPACE
                self._destroy_building(p, i)  # GV-HAMMER-SPACE: the building under it
            # GV-HAMMER-BREAK: 1 mushroom
            p.mushrooms += 1
            self.fired.extend(("GV-HAMMER-BREAK", "GV-HAMMER-SPACE"))
            return
        if gi >= 0:  # GV-BOULDER-DESTROY
            self._exhaust(pi, gi)  # GV-BOULDER-DESTROY: a gnome without a hammer
        if p.cells[i] == TROLL:  # GV-ONE-PER-SPACE: a boulder destroys a troll
            self.fired.append("GV-BOULDER-DESTROY")
        else:
            self._destroy_building(p, i)  # GV-BOULDER-DESTROY: the building too
        p.cells[i] = BOULDER
        self.boulder_supply = max(0, self.boulder_supply - 1)
        p.groups = None
        self.fired.append("GV-BOULDER-DESTROY")

    def _sword_defeats(self, p: Player, i: int) -> None:
        """A troll arriving on a sword gnome's space ``i`` is defeated (GV-SWORD-DEFEAT); what
        it destroyed on arrival is the reading of GV-SWORD-SPACE (option
        ``sword_gnome_shields_building``)."""
        if not self.options["sword_gnome_shields_building"]:  # GV-SWORD-SPACE
            self._destroy_building(p, i)
        p.mushrooms += 1  # GV-SWORD-DEFEAT: 1 mushroom
        p.groups = None
        self.fired.extend(("GV-SWORD-DEFEAT", "GV-SWORD-SPACE"))

    def _spawn_troll(self, pi: int, i: int) -> None:
        p = self.players[pi]
        self.fired.append("GV-TROLL-SPAWN")
        if p.cells[i] in (BOULDER, TROLL):  # GV-ONE-PER-SPACE: the troll is lost
            self.fired.append("GV-ONE-PER-SPACE")
            return
        gi = p.occupant(i)
        if gi >= 0 and p.gnomes[gi].sword:  # GV-SWORD-DEFEAT
            self._sword_defeats(p, i)
            return
        if gi >= 0:  # GV-TROLL-DESTROY
            self._exhaust(pi, gi)  # GV-TROLL-DESTROY: defeats the gnome
        # GV-TROLL-DESTROY
        self._destroy_building(p, i)
        p.cells[i] = TROLL
        self.fired.append("GV-TROLL-DESTROY")

    def _move_trolls(self, pi: int, d: str, how: str) -> None:
        """GV-TROLL-MOVE: every troll moves one space (step) or until a boulder, the border
        or defeat (far); the troll furthest in the direction moves first and a troll stops
        behind another (ruling GV-TROLL-MOVE-ORDER). Enemies cross hedges."""
        p = self.players[pi]
        cells = p.cells
        nbrs = p.board.nbrs
        trolls = p.spaces_of(TROLL)
        trolls.sort(key=p.board.move_order[d].__getitem__)  # GV-TROLL-MOVE-ORDER
        self.fired.append("GV-TROLL-MOVE")
        self.fired.append("GV-TROLL-MOVE-STEP" if how == "step" else "GV-TROLL-MOVE-FAR")
        for i in trolls:
            pos = i
            while True:
                j = nbrs[pos][d]  # GV-BOARD-HEDGE: enemies pass hedges
                # GV-TROLL-MOVE-FAR, GV-TROLL-MOVE-ORDER: stop
                if j < 0 or cells[j] in (BOULDER, TROLL):
                    if j >= 0 and cells[j] == BOULDER:
                        self.fired.append("GV-FAQ-TROLL-BOULDER")
                    break
                cells[pos] = None  # GV-TROLL-MOVE: the troll leaves its space
                gi = p.occupant(j)
                # GV-SWORD-DEFEAT: the troll is defeated
                if gi >= 0 and p.gnomes[gi].sword:
                    self._sword_defeats(p, j)
                    pos = -1
                    break
                if gi >= 0:
                    self._exhaust(pi, gi)  # GV-TROLL-DESTROY: defeats the gnome
                if cells[j] is not None:
                    self._destroy_building(p, j)  # GV-TROLL-DESTROY
                cells[j] = TROLL  # GV-TROLL-MOVE: and enters the next
                p.groups = None
                pos = j
                if how == "step":  # GV-TROLL-MOVE-STEP: one space
                    break

    # -- decisions ----------------------------------------------------------------------------
    @functools.cached_property
    def troll_cap(self) -> int:
        """GV-TROLL-CAP: the cap parameter (3; an erratum may change it), read once per state
        (the options never change)."""
        return int(rule_param(self.options, "GV-TROLL-CAP", "cap", TROLL_CAP))

    def _spawn_options(self, p: Player) -> tuple[str, list[int]]:
        att = p.attack
        assert att is not None
        if att["boulders"]:  # GV-ATTACK-ORDER: boulders first, any order (GV-FAQ-BOULDER-ORDER)
            return "boulder", att["boulders"]
        if att["trolls"] and p.cells.count(TROLL) < self.troll_cap:  # GV-TROLL-CAP, GV-ATTACK-ORDER
            return "troll", att["trolls"]
        return "", []

    def _attack_actions(self, pi: int) -> list[Action]:
        p = self.players[pi]
        what, spaces = self._spawn_options(p)
        return spawn_actions(pi, p, what, spaces)

    def _do_spawn(self, pi: int, what: str, i: int) -> None:
        p = self.players[pi]
        att = p.attack
        assert att is not None
        if what == "boulder":
            att["boulders"].remove(i)
            self._spawn_boulder(pi, i)
        else:
            att["trolls"].remove(i)
            if len(att["trolls"]) > 0:
                self.fired.append("GV-FAQ-SPAWN-ORDER")
            self._spawn_troll(pi, i)

    def _attack_auto(self, pi: int) -> bool:
        """Resolve what needs no choice; True when this player's card is fully resolved."""
        p = self.players[pi]
        att = p.attack
        assert att is not None
        while True:
            # GV-EXHAUST-REDEPLOY: a town left with no gnome places one at once
            if self.camp_check and self._needs_redeploy(p):  # type: ignore[attr-defined]
                return False
            what, spaces = self._spawn_options(p)
            if len(spaces) > 1:  # GV-FAQ-SPAWN-ORDER, GV-FAQ-BOULDER-ORDER: the player chooses
                if what == "troll" and p.count(TROLL) + len(spaces) > self.troll_cap:
                    self.fired.append("GV-TROLL-CHOICE")
                # kept as to_act's and the listing's memo: nothing changes before the next apply
                self._act = [pi]
                self._cache = spawn_actions(pi, p, what, spaces)
                return False
            if len(spaces) == 1:
                self._do_spawn(pi, what, spaces[0])
                continue
            if att["trolls"]:
                att["trolls"] = []
                self.fired.append("GV-TROLL-CAP")
            if att["moves"]:  # GV-ATTACK-ORDER: then the arrows
                d, how = att["moves"].pop(0)  # GV-TROLL-MOVE: left to right
                self._move_trolls(pi, d, how)
                continue
            p.attack = None
            return True
