"""Final scoring: lines, the explorer majority, the red feather, the winner.

Implements IT-SCORE-LINE, IT-SCORE-TERRAINS, IT-SCORE-COAST, IT-SCORE-CONNECT,
IT-SCORE-POINTS, IT-SCORE-OWN, IT-EXPL-MAJORITY, IT-SCORE-TIE, IT-SCORE-FEATHER,
IT-SCORE-SYMBOLS, IT-WIN-MOST, IT-WIN-TIE1, IT-WIN-TIE2, IT-WIN-ANIMAL, IT-WIN-SHARED.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from reference_impl.isle_traces.board import geometry

COAST = "coast"


def majority(counts: Sequence[int]) -> int | None:
    """The seat with strictly more explorers on a line than every other seat (IT-SCORE-TIE).

    None when nobody has an explorer there or the highest count is shared.
    """
    best = max(counts)
    # IT-SCORE-TIE, IT-SCORE-TIEMULTI (a shared top count), IT-EXPL-NEED (no explorer there)
    if best <= 0 or list(counts).count(best) > 1:
        return None
    return list(counts).index(best)  # IT-SCORE-OWN, IT-SCORE-MAJORITY, IT-EXPL-MAJORITY


def line_points(cells: int, option: str) -> int:
    """Points a line of ``cells`` cells is worth (IT-SCORE-POINTS)."""
    return cells if option == "cells" else 1


def joined(shut: Sequence[int], size: int, i: int, j: int) -> bool:
    """Whether the drawings of side-adjacent cells ``i`` and ``j`` meet (IT-SCORE-CONNECT).

    ``shut`` holds per grid cell the closed sides of its visible drawing (n 1, e 2, s 4,
    w 8, already turned with the card, IT-COMP-ART); the side of ``i`` facing ``j`` and the
    side of ``j`` facing ``i`` must both be open.
    """
    step = j - i
    if step == -size:
        mine, theirs = 1, 4
    elif step == 1:
        mine, theirs = 2, 8
    elif step == size:
        mine, theirs = 4, 1
    else:
        mine, theirs = 8, 2
    return not (shut[i] & mine or shut[j] & theirs)


def find_lines(
    terrain: Sequence[str | None],
    size: int,
    coast_diagonal: bool,
    shut: Sequence[int] | None = None,
) -> list[list[int]]:
    """Orthogonally connected same-terrain cells (IT-SCORE-LINE), each line sorted.

    With ``shut`` (closed sides per cell) two cells of a terrain other than coast join
    only where their drawings meet (IT-SCORE-CONNECT); coast cells join whenever they
    share a side (IT-SCORE-COAST, nolcasolca.ja.txt:90-91). With ``coast_diagonal`` coast
    cells also join diagonally (IT-SCORE-COAST alternative).
    """
    geo = geometry(size)
    seen = [False] * len(terrain)
    lines = []
    for start, kind in enumerate(terrain):  # IT-SCORE-LINE, IT-SCORE-TERRAINS: every terrain
        if kind is None or seen[start]:
            continue
        seen[start] = True
        stack = [start]
        line = []
        while stack:
            i = stack.pop()
            line.append(i)
            near = geo.neighbours[i]
            if coast_diagonal and kind == COAST:  # IT-SCORE-COAST (coast_diagonal: true)
                near = near + geo.diagonals[i]
            art = shut is not None and kind != COAST  # IT-SCORE-CONNECT, IT-SCORE-COAST
            for j in near:
                if not seen[j] and terrain[j] == kind and (not art or joined(shut, size, i, j)):
                    seen[j] = True
                    stack.append(j)
        lines.append(sorted(line))
    return lines


def score(
    cells: Sequence[str | None],
    pieces: Sequence[int],
    feather: int,
    num_players: int,
    size: int,
    options: dict[str, Any],
    shut: Sequence[int] | None = None,
) -> dict[str, Any]:
    """Scores and tie-break figures of a finished (or running) map.

    ``cells`` holds the visible cell string per grid index (None off the map), ``pieces``
    the explorer owner per grid index (-1 none), ``feather`` the red feather's index (-1),
    ``shut`` the closed sides of each visible drawing (None: every drawing joins).
    """
    terrain = [c.partition("/")[0] if c else None for c in cells]
    scores = [0] * num_players
    longest = [0] * num_players
    longest_creatures = [0] * num_players
    creatures = [0] * num_players
    lines_out = []
    for line in find_lines(terrain, size, bool(options["coast_diagonal"]), shut):
        counts = [0] * num_players
        for i in line:  # IT-EXPL-ONLY, IT-EXPL-NEED: the explorers on the line
            if pieces[i] >= 0:
                counts[pieces[i]] += 1
        blocked = feather in line  # IT-SCORE-FEATHER, IT-FEATHER-NOSCORE, IT-FEATHER-LINE
        owner = None if blocked else majority(counts)  # IT-SCORE-FEATHER, IT-SCORE-MAJORITY
        # IT-WIN-ANIMAL: the animals are the creatures, all six kinds
        beasts = sum(1 for i in line if "/creature" in (cells[i] or ""))
        # IT-SCORE-POINTS, IT-SCORE-SYMBOLS: the symbols add no points
        points = line_points(len(line), options["line_points"]) if owner is not None else 0
        if owner is not None:
            scores[owner] += points  # IT-SCORE-OWN, IT-EXPL-ONLY
            creatures[owner] += beasts  # IT-WIN-TIE2: creatures in the lines one scores
            if len(line) > longest[owner]:  # IT-WIN-TIE1: one's longest scored line
                longest[owner], longest_creatures[owner] = len(line), beasts
            elif len(line) == longest[owner]:  # IT-WIN-TIE1: of equal longest, most creatures
                longest_creatures[owner] = max(longest_creatures[owner], beasts)
        if any(counts) or blocked:
            lines_out.append(
                {
                    "terrain": terrain[line[0]],
                    "cells": [[i // size, i % size] for i in line],
                    "explorers": counts,
                    "feather": blocked,
                    "owner": owner,
                    "points": points,
                    "creatures": beasts,
                }
            )
    return {
        "scores": scores,
        "longest_line_creatures": longest_creatures,
        "creatures": creatures,
        "lines": lines_out,
    }


def winners(result: dict[str, Any]) -> list[int]:
    """IT-WIN-MOST, IT-WIN-TIE1, IT-WIN-TIE2, IT-WIN-SHARED: most points; then creatures in
    one's longest line; then creatures; players still tied share the win."""
    seats = list(range(len(result["scores"])))
    # IT-WIN-MOST, IT-WIN-TIE1, IT-WIN-TIE2
    for key in ("scores", "longest_line_creatures", "creatures"):
        best = max(result[key][s] for s in seats)
        seats = [s for s in seats if result[key][s] == best]
    return seats  # IT-WIN-SHARED: those still tied all win
