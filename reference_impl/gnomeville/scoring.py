"""Phase 4 scoring and the end of the game.

Implements GV-SCORE-STACK, GV-SCORE-EVENTS, GV-EVENT-TIE-FIRST, GV-EVENT-TIE-SECOND,
GV-EVENT-TWO-PLAYERS, GV-SCORE-FULL-TOWN, GV-DELIVERY, GV-DELIVERY-DECLINE,
GV-END-ADJACENCY, GV-END-ADJACENCY-TIE, GV-END-ADJACENCY-LOSER, GV-END-WINNER,
GV-END-TIEBREAK, GV-SOLO-EVENTS, GV-SOLO-RANK.
"""

from __future__ import annotations

from typing import Any

from reference_impl.gnomeville.data import (
    BOULDER,
    DELIVERY_GAPS,
    EVENTS,
    FULL_TOWN_BONUS,
    GOALS,
    LINE,
    SOLO_RANKS,
    TIER,
    TROLL,
    stack_points,
)
from reference_impl.gnomeville.player import Player

DELIVERY_POINTS = 2  # provisional value of a "points" icon (GV-COMP-DELIVERY)


def tie_share(points: int, tied: int) -> int:
    """Each tied player's share, rounded up (GV-EVENT-TIE-FIRST, GV-END-ADJACENCY-TIE).

    ``(points + tied - 1) div tied``; z3 integer terms go through it too (their ``/`` is
    integer division), so the proofs check this very kernel."""
    numerator = points + tied - 1
    if isinstance(numerator, int):
        return numerator // tied
    return numerator / tied


def metric(p: Player, name: str) -> int:
    """The quantities events and goal cards compare (provisional card data)."""
    if name == "bag_tiles":
        return p.bag_size()
    if name == "mushrooms":
        return p.mushrooms
    if name == "buildings":
        return p.buildings()
    if name == "trolls":
        return p.count(TROLL)
    if name == "boulders":
        return p.count(BOULDER)
    if name == "gnomes_deployed":
        return p.deployed()
    if name == "tier4plus":
        return sum(1 for c in p.cells if c in TIER and TIER[c] >= 4)
    if name == "sword_gnomes":
        # GV-END-EX-SWORDS: hammers do not count
        return sum(1 for g in p.gnomes if g.pos >= 0 and g.sword)
    if name == "hammer_gnomes":
        return sum(1 for g in p.gnomes if g.pos >= 0 and g.hammer)
    if name == "graduated":
        return sum(1 for g in p.gnomes if g.pos >= 0 and g.graduated)
    if name == "prosperity_buildings":
        # GV-END-EX-BLUE: the blue buildings are the prosperity line's (GV-COMP-LINES)
        return sum(1 for c in p.cells if c in LINE and LINE[c] == "prosperity")
    if name == "defense_buildings":
        return sum(1 for c in p.cells if c in LINE and LINE[c] == "defense")
    if name == "empty_spaces":
        return p.empty_spaces()
    raise KeyError(f"unknown metric {name!r}")


def event_points(
    values: list[int], goal: str, first: int, second: int, second_paid: bool
) -> list[int]:
    """Points per player of one event (GV-SCORE-EVENTS and its tie rules)."""
    sign = 1 if goal == "most" else -1
    keyed = [sign * v for v in values]
    out = [0] * len(values)  # GV-EVENT-PLACES: the others score nothing
    ranks = sorted(set(keyed), reverse=True)  # GV-EVENT-COMPARE: all players ranked together
    top = [i for i, k in enumerate(keyed) if k == ranks[0]]
    if len(top) > 1:  # GV-EVENT-TIE-FIRST
        pot = first + (second if second_paid else 0)  # GV-EVENT-TIE-FIRST, GV-EVENT-TWO-PLAYER-TIE
        for i in top:
            out[i] = tie_share(pot, len(top))
        return out
    out[top[0]] = first  # GV-EVENT-PLACES: first place
    # GV-EVENT-PLACES, GV-EVENT-TWO-PLAYERS: second place
    if second_paid and len(ranks) > 1:
        nxt = [i for i, k in enumerate(keyed) if k == ranks[1]]
        for i in nxt:
            # GV-EVENT-TIE-SECOND, GV-EVENT-EX: shared, rounded up
            out[i] = tie_share(second, len(nxt))
    return out


def event_tie_rules(values: list[int], goal: str, n: int) -> list[str]:  # pragma: no mutate block
    """Which placing rule an event's standings invoke (reported as fired rule ids).

    Left out of mutation testing (the pragma): its result only feeds ``fired``, which the
    firing level judges and the scenarios do not, as ``rulespec mutate`` already leaves
    ``fired.append`` alone; the points themselves come from :func:`event_points`.

    GV-EVENT-PLACES, GV-EVENT-TIE-FIRST, GV-EVENT-TIE-SECOND, GV-EVENT-TWO-PLAYERS,
    GV-EVENT-TWO-PLAYER-TIE; the same cases as ``spec/gnomeville/decisions.yaml``.
    """
    sign = 1 if goal == "most" else -1
    keyed = [sign * v for v in values]
    ranks = sorted(set(keyed), reverse=True)
    tied_first = keyed.count(ranks[0])
    if n == 2:
        return ["GV-EVENT-TWO-PLAYER-TIE" if tied_first == 2 else "GV-EVENT-TWO-PLAYERS"]
    if tied_first > 1:
        return ["GV-EVENT-TIE-FIRST"]
    if len(ranks) > 1 and keyed.count(ranks[1]) > 1:
        return ["GV-EVENT-TIE-SECOND"]
    return ["GV-EVENT-PLACES"]


def goal_points(a: int, b: int, goal: str, value: int, tie: int) -> tuple[int, int]:
    """Adjacency goal between two neighbours with metrics ``a`` and ``b``.

    Implements GV-END-ADJACENCY (the winner scores the card's most/fewest ``value``),
    GV-END-ADJACENCY-LOSER (the other player scores nothing) and GV-END-ADJACENCY-TIE
    (a tie shares ``value + tie``, rounded up: the example's (5 + 2) / 2 = 4,
    GV-END-EX-BOULDERS)."""
    if a == b:  # GV-END-ADJACENCY-TIE
        share = tie_share(value + tie, 2)
        return share, share
    a_wins = a > b if goal == "most" else a < b
    return (value, 0) if a_wins else (0, value)  # GV-END-ADJACENCY-LOSER: the loser scores 0


def solo_rank(score: int) -> str | None:
    """GV-SOLO-RANK: the town's rank from the chart (None below 40)."""
    for threshold, name in SOLO_RANKS:
        if score >= threshold:
            return name
    return None


def delivery_icons(groups: dict[str, list[str]], gap: int) -> list[str]:
    """Icons a player ``gap`` points behind the leader receives (> 5, > 10, > 15)."""
    icons: list[str] = []
    for g in DELIVERY_GAPS:
        if gap > g:  # GV-DELIVERY-GAPS (GV-DELIVERY-EX: 12 behind: > 5 and > 10)
            icons.extend(groups[str(g)])
    return icons


class ScoringRules:
    """Mixin of phase-4 scoring for :class:`GVState`."""

    players: list[Player]
    options: dict[str, Any]
    fired: list[str]
    round: int
    events: list[str | None]
    n: int

    def _score_round(self) -> None:
        for p in self.players:
            for stack in p.stacks:  # GV-UPGRADE-SCORED: every stack, separately
                p.score += stack_points(len(stack))
                self.fired.append("GV-SCORE-STACK")
        # GV-SCORE-EVENTS, GV-SCORE-EVENTS-ORDER
        for card_id in self.events[: max(0, self.round - 2)]:
            if card_id is None:
                continue
            card = EVENTS[card_id]  # GV-COMP-EVENTS: provisional cards
            values = [metric(p, card["metric"]) for p in self.players]
            self.fired.append("GV-SCORE-EVENTS")
            if self.n == 1:  # GV-SOLO-EVENT-SCORING: a threshold
                ok = (  # GV-SOLO-EVENT-SCORING: at most (fewest), at least (most)
                    values[0] <= card["threshold"]
                    if card["goal"] == "fewest"
                    else (values[0] >= card["threshold"])
                )
                if ok:
                    self.players[0].score += card["points"]  # GV-SOLO-EVENT-SCORING
                self.fired.append("GV-SOLO-EVENTS")
                continue
            # GV-EVENT-TWO-PLAYER-TIE: whether a tie pays the second place too
            second_paid = self.n >= 3 or self.options["two_player_tie_includes_second"]
            if self.n >= 3:  # GV-EVENT-TWO-PLAYERS
                pts = event_points(values, card["goal"], card["first"], card["second"], True)
            else:
                pts = event_points(values, card["goal"], card["first"], card["second"], False)
                # GV-EVENT-TWO-PLAYER-TIE: the alternative reading
                if len(set(values)) == 1 and second_paid:
                    pts = [tie_share(card["first"] + card["second"], 2)] * 2
            for i, p in enumerate(self.players):
                p.score += pts[i]  # the points event_points gives each (its tie rules)
            self.fired.extend(event_tie_rules(values, card["goal"], self.n))
        for p in self.players:
            if p.empty_spaces() == 0:  # GV-SCORE-FULL-TOWN
                p.score += FULL_TOWN_BONUS
                p.full_town = True  # GV-REFRESH-FULL-TOWN: the tiles leave in phase 5
                self.fired.append("GV-SCORE-FULL-TOWN")

    def _score_end(self) -> None:
        for pair in self.goals:
            a, b = pair["players"]
            for card_id in pair["cards"]:  # GV-END-ADJACENCY: one by one
                card = GOALS[card_id]  # GV-COMP-GOALS: provisional cards
                va = metric(self.players[a], card["metric"])
                vb = metric(self.players[b], card["metric"])
                pa, pb = goal_points(va, vb, card["goal"], card["value"], card["tie"])
                self.players[a].score += pa
                self.players[b].score += pb
                self.fired.append("GV-END-ADJACENCY-TIE" if va == vb else "GV-END-ADJACENCY")

    def winners(self) -> list[int]:
        """GV-END-WINNER, GV-END-TIEBREAK: score, then building tiles, then mushrooms."""
        keys = [(p.score, p.buildings(), p.mushrooms) for p in self.players]  # GV-END-TIEBREAK
        best = max(keys)
        return [i for i, k in enumerate(keys) if k == best]  # GV-END-TIEBREAK: else a shared win

    goals: list[dict[str, Any]]
