"""Step sugar for Gnomeville: towns written as grids, and a quick start into the build phase.

Town grid: one row per line, cells separated by spaces. ``.`` empty, ``mk`` market, ``ho``
house, ``ws`` workshop, ``tv`` tavern, ``ar`` armory, ``ac`` academy, ``ba`` ballista, ``mo``
monument, ``TR`` troll, ``BO`` boulder; ``@N`` after a cell puts gnome N there (``mk@0``,
``.@1``). Gnomes not written are in camp. Everything goes through the client as canonical
JSON.
"""

from __future__ import annotations

import json
from typing import Any

import pytest
from pytest_bdd import given, parsers, then

from conformance.steps.common import ScenarioContext

CODES = {
    ".": None,
    "mk": "market",
    "ho": "house",
    "ws": "workshop",
    "tv": "tavern",
    "ar": "armory",
    "ac": "academy",
    "ba": "ballista",
    "mo": "monument",
    "TR": "troll",
    "BO": "boulder",
}
EMPTY_CARD = {"matrix": [".....", ".....", ".....", ".....", "....."], "moves": []}


def parse_town(block: str) -> tuple[list[list[str | None]], dict[int, list[int]]]:
    rows: list[list[str | None]] = []
    gnomes: dict[int, list[int]] = {}
    for r, line in enumerate(x for x in block.splitlines() if x.strip()):
        row: list[str | None] = []
        for c, token in enumerate(line.split()):
            code, _, gnome = token.partition("@")
            if code not in CODES:
                raise ValueError(f"town row {r}: unknown cell {code!r} (known: {sorted(CODES)})")
            row.append(CODES[code])
            if gnome:
                gnomes[int(gnome)] = [r, c]
        rows.append(row)
    return rows, gnomes


def _start(
    ctx: ScenarioContext, players: int, options: dict[str, Any], card: dict[str, Any]
) -> None:
    ctx.game = "gnomeville"
    ctx.engine.new_game("gnomeville", players, options=options or None)
    while True:
        state = ctx.engine.state()
        if state["to_act"] != ["chance"]:
            break
        chance = state["chance"]
        if chance["type"] == "goal":
            deck = state["goal_deck"]
            ctx.engine.apply({"actor": "chance", "type": "goal", "card": deck[0]})
        elif chance["type"] == "troll_card" and state["phase"] == "prepare":
            ctx.engine.apply(
                {"actor": "chance", "type": "troll_card", "card": state["troll_deck"][0], **card}
            )
        else:
            break


@given(parsers.parse("a gnomeville game with {players:d} players in the build phase"))
@given(parsers.parse("a gnomeville game with {players:d} player in the build phase"))
def start_build(ctx: ScenarioContext, players: int) -> None:
    _start(ctx, players, {}, EMPTY_CARD)


@given(parsers.parse("a gnomeville game with {players:d} players in the build phase and options:"))
@given(parsers.parse("a gnomeville game with {players:d} player in the build phase and options:"))
def start_build_options(ctx: ScenarioContext, players: int, docstring: str) -> None:
    _start(ctx, players, json.loads(docstring), EMPTY_CARD)


@given(parsers.parse("a gnomeville game with {players:d} players whose round troll card is:"))
@given(parsers.parse("a gnomeville game with {players:d} player whose round troll card is:"))
def start_with_card(ctx: ScenarioContext, players: int, docstring: str) -> None:
    _start(ctx, players, {}, json.loads(docstring))


@given(parsers.parse("player {seat:d}'s town is:"))
def given_town(ctx: ScenarioContext, seat: int, docstring: str) -> None:
    ctx.expect_no_pending_rejection()
    rows, gnomes = parse_town(docstring)
    state = ctx.engine.state()
    player = state["players"][seat]
    rebalance_supply(state, player["cells"], rows)
    player["cells"] = rows
    for k, gnome in enumerate(player["gnomes"]):
        gnome["space"] = gnomes.get(k)
    ctx.engine.load_state(state)


def rebalance_supply(state: dict[str, Any], old: list[list[Any]], new: list[list[Any]]) -> None:
    """The tiles and boulders a town edit adds come from the shared supply and those it
    removes go back there, so the position keeps every component count (GV-COMP-TILES,
    GV-COMP-BOULDERS). Trolls come from the town's own stands; an edit that needs more than
    the supply holds is left for load_state to refuse."""
    flat_old = [c for row in old for c in row]
    flat_new = [c for row in new for c in row]
    for kind in state["supply"]:
        state["supply"][kind] += flat_old.count(kind) - flat_new.count(kind)
    state["boulder_supply"] += flat_old.count("boulder") - flat_new.count("boulder")


@then(parsers.parse("player {seat:d}'s town is:"))
def then_town(ctx: ScenarioContext, seat: int, docstring: str) -> None:
    ctx.expect_no_pending_rejection()
    rows, gnomes = parse_town(docstring)
    player = ctx.engine.state()["players"][seat]
    actual_gnomes = {k: g["space"] for k, g in enumerate(player["gnomes"]) if g["space"]}
    if player["cells"] != rows or actual_gnomes != gnomes:
        pytest.fail(
            f"town of player {seat} differs:\n  expected {rows} gnomes {gnomes}\n"
            f"  got      {player['cells']} gnomes {actual_gnomes}"
        )
