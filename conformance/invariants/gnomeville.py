"""Gnomeville invariants over canonical states (any engine, through the protocol).

Totals come from the component data (the rulebook's counts, gnomeville.ja.txt:23-48).
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from conformance.invariants import Invariant, Transition
from reference_impl.components import component
from rulespec.yaml_safe import safe_load

BUILDINGS: dict[str, Any] = component("gnomeville", "buildings")
TOKENS: dict[str, int] = component("gnomeville", "tokens")
BOARDS: dict[str, Any] = component("gnomeville", "town-boards")
TIERS = {k: v["tier"] for k, v in BUILDINGS.items()}
STEP_BOUND = 50_000

State = dict[str, Any]


def _cells(player: dict[str, Any]) -> list[Any]:
    return [c for row in player["cells"] for c in row]


def troll_cap(s: State) -> Iterator[str]:
    for i, p in enumerate(s["players"]):
        n = _cells(p).count("troll")
        if n > TOKENS["trolls_per_player"]:
            yield f"player {i} has {n} trolls in town"


def one_gnome_per_space(s: State) -> Iterator[str]:
    for i, p in enumerate(s["players"]):
        spaces = [
            tuple(g["space"])
            for k, g in enumerate(p["gnomes"])
            if g["space"] is not None and k != p.get("transit")
        ]
        if len(spaces) != len(set(spaces)):
            yield f"player {i} has two gnomes at rest on one space: {sorted(spaces)}"
        for g in p["gnomes"]:
            if g["space"] is None and (g["hammer"] or g["sword"] or g["ability"]):
                yield f"player {i} has a gnome in camp that keeps equipment or an ability"


def gnome_not_on_enemy(s: State) -> Iterator[str]:
    for i, p in enumerate(s["players"]):
        for g in p["gnomes"]:
            if g["space"] is not None:
                r, c = g["space"]
                if p["cells"][r][c] in ("troll", "boulder"):
                    yield f"player {i} has a gnome on a {p['cells'][r][c]} at {g['space']}"


def buildings_conserved(s: State) -> Iterator[str]:
    for kind, data in BUILDINGS.items():
        total = s["supply"][kind]
        for p in s["players"]:
            total += p["bag"][kind] + _cells(p).count(kind)
            total += sum(stack.count(kind) for stack in p["stacks"])
            total += (p["open_stack"] or []).count(kind)
            total += 1 if p["hand"] == kind else 0
        if total != data["count"]:
            yield f"{total} {kind} tiles in the game, not {data['count']}"


def boulders_conserved(s: State) -> Iterator[str]:
    """GV-COMP-BOULDERS: supply + towns = 44; under the unlimited reading of
    GV-BOULDER-SUPPLY-EXHAUSTED (``boulder_supply_limited`` false) substitutes may lie in the
    towns beyond the 44 and the supply holds what the towns leave of the 44."""
    in_towns = sum(_cells(p).count("boulder") for p in s["players"])
    if s["options"].get("boulder_supply_limited", True) is False:
        if s["boulder_supply"] != max(0, TOKENS["boulders"] - in_towns):
            yield f"{s['boulder_supply']} boulders in the supply with {in_towns} in the towns"
        return
    total = s["boulder_supply"] + in_towns
    if total != TOKENS["boulders"]:
        yield f"{total} boulders, not {TOKENS['boulders']}"


def player_pieces(s: State) -> Iterator[str]:
    for i, p in enumerate(s["players"]):
        if len(p["gnomes"]) != TOKENS["gnomes_per_player"]:
            yield f"player {i} has {len(p['gnomes'])} gnome stands"
        tiles = p["bag"]["gnome"] + p["stumps"] + (1 if p["hand"] == "gnome" else 0)
        if tiles != TOKENS["gnome_tiles_per_player"]:
            yield f"player {i} has {tiles} gnome tiles"
        for what in ("sword", "hammer"):
            n = sum(1 for g in p["gnomes"] if g[what])
            if n > TOKENS[f"{what}s_per_player"]:
                yield f"player {i} uses {n} {what}s"


def counters_non_negative(s: State) -> Iterator[str]:
    for i, p in enumerate(s["players"]):
        for key in ("mushrooms", "score", "moves", "buys_left"):
            if p[key] < 0:
                yield f"player {i} has {key} {p[key]}"
        for kind, n in p["bag"].items():
            if n < 0:
                yield f"player {i} has {n} {kind} in the bag"
    for kind, n in s["supply"].items():
        if n < 0:
            yield f"supply has {n} {kind}"


def unique_boards(s: State) -> Iterator[str]:
    for i, p in enumerate(s["players"]):
        board = BOARDS[p["board"]]
        for key, tier in board["height"].items():
            r, c = map(int, key.split(","))
            cell = p["cells"][r][c]
            if cell in TIERS and TIERS[cell] < tier:
                yield f"player {i} has a tier-{TIERS[cell]} {cell} on a {tier}+ space"
        if s["phase"] == "prepare":
            for r, c in board["river"]:
                if p["cells"][r][c] is not None:
                    yield f"player {i} kept {p['cells'][r][c]} on the river after phase 5"


INVARIANTS = [
    Invariant("GV-TROLL-CAP", "at most three trolls per town", troll_cap),
    Invariant("GV-MOVE-PASS-THROUGH", "one gnome per space at rest", one_gnome_per_space),
    Invariant("GV-ONE-PER-SPACE", "no gnome rests on an enemy or boulder", gnome_not_on_enemy),
    Invariant("GV-COMP-TILES", "building tiles conserved", buildings_conserved),
    Invariant("GV-COMP-BOULDERS", "44 boulders conserved", boulders_conserved),
    Invariant("GV-COMP-PLAYER-SETS", "stands, gnome tiles, swords, hammers", player_pieces),
    Invariant("GV-SETUP-MUSHROOMS", "counters never negative", counters_non_negative),
    Invariant("GV-BOARD-TOWER", "height limits and the river wipe", unique_boards),
]


# -- transitions: what one state cannot show --------------------------------------------------


def _hedges() -> dict[str, set[frozenset[tuple[int, int]]]]:
    """Hedge pairs per board, from the component data (spec, not engine internals)."""

    from rulespec.resources import SPEC_DIR

    document = safe_load((SPEC_DIR / "gnomeville" / "components.yaml").read_text())
    boards = next(c for c in document["components"] if "hedges" in str(c["data"]))["data"]
    return {
        name: {frozenset((tuple(a), tuple(b))) for a, b in layout.get("hedges", [])}
        for name, layout in boards.items()
        if isinstance(layout, dict)
    }


HEDGES = _hedges()


def scores_never_decrease(before: State, action: dict, after: State) -> Iterator[str]:
    for i, (old, new) in enumerate(zip(before["players"], after["players"], strict=True)):
        if new["score"] < old["score"]:
            yield f"player {i} score fell from {old['score']} to {new['score']} on {action}"


def no_gnome_crosses_a_hedge(before: State, action: dict, after: State) -> Iterator[str]:
    if action.get("type") != "step":
        return
    seat, gnome = action["actor"], action["gnome"]
    old = before["players"][seat]["gnomes"][gnome]["space"]
    new = after["players"][seat]["gnomes"][gnome]["space"]
    board = after["players"][seat]["board"]
    if old and new and frozenset((tuple(old), tuple(new))) in HEDGES.get(board, set()):
        yield f"player {seat} gnome {gnome} stepped from {old} to {new} across a hedge"


TRANSITIONS = [
    Transition("GV-SCORE-STACK", "scores never decrease", scores_never_decrease),
    Transition("GV-BOARD-HEDGE", "no gnome steps across a hedge", no_gnome_crosses_a_hedge),
]

#: every player count, plus the four unique boards mixed with both variants
CONFIGS = [
    (1, {}),
    (2, {}),
    (3, {}),
    (4, {}),
    (4, {"boards": ["maizeville", "riverville", "boulderville", "towerville"]}),
    (4, {"boulder_supply_limited": False, "hammer_gnome_shields_building": True,
         "sword_gnome_shields_building": True}),
    (2, {"boards": ["maizeville", "maizeville"], "master_build": True,
         "turn_by_turn_rounds": [1, 2, 3, 4, 5]}),
]  # fmt: skip
