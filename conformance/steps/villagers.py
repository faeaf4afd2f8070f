"""Step sugar for Villagers solo: positions at a given step, villages in card notation.

An event made active or discarded in a position leaves its deck (it is in one place
only). Card notation: columns separated by ``;``, a chain bottom-up joined by ``>``, coins in
brackets: ``Lumberjack > Cooper(2) ; Miner``. The Countess's village and the road are flat
lists separated by ``,``: ``Blacksmith(2), Cooper``. Everything goes through canonical JSON
and the engine client.
"""

from __future__ import annotations

import re
from typing import Any

from pytest_bdd import given, parsers, then

from conformance.engine import jsonpath
from conformance.steps.common import ScenarioContext, _check_assignments

GAME = "villagers"
PHASE_OF = {
    "deal": "setup",
    "reveal": "event",
    "rats": "draft",
    "take": "draft",
    "countess": "draft",
    "refill": "draft",
    "coin": "draft",
    "road_reserve": "draft",
    "arson": "build",
    "build": "build",
    "events": "event",
    "countess_build": "event",
}
CARD = re.compile(r"^\s*(?P<name>[A-Za-z !]+?)\s*(\((?P<coins>\d+)\))?\s*$")


def card(text: str) -> dict[str, Any]:
    match = CARD.match(text)
    if not match:
        raise ValueError(f"not a card in notation 'Name' or 'Name(coins)': {text!r}")
    return {"card": match["name"], "coins": int(match["coins"] or 0)}


def flat(text: str) -> list[dict[str, Any]]:
    return sorted(
        (card(part) for part in text.split(",") if part.strip()),
        key=lambda c: (c["card"], c["coins"]),
    )


def village(text: str) -> list[list[dict[str, Any]]]:
    columns = [[card(c) for c in col.split(">")] for col in text.split(";") if col.strip()]
    return sorted(columns, key=lambda col: [[c["card"], c["coins"]] for c in col])


SUGAR = {
    "village": ("player.village", village),
    "countess": ("countess.village", flat),
    "road": ("road", flat),
}


def parse_block(block: str) -> list[tuple[str, Any]]:
    """``path = json`` lines, plus ``village =``, ``countess =`` and ``road =`` in notation."""
    out = []
    plain = []
    for raw in block.splitlines():
        key, sep, value = raw.strip().partition("=")
        if sep and key.strip() in SUGAR:
            path, parse = SUGAR[key.strip()]
            out.append((path, parse(value)))
        else:
            plain.append(raw)
    return jsonpath.parse_assignments("\n".join(plain)) + out


def _at_step(ctx: ScenarioContext, step: str, block: str) -> None:
    if step not in PHASE_OF:
        raise ValueError(f"unknown villagers step {step!r} (known: {sorted(PHASE_OF)})")
    ctx.game = GAME
    ctx.engine.new_game(GAME, 1)
    state = ctx.engine.state()
    state.update(phase=PHASE_OF[step], step=step, chance=None)
    state["player"]["hand"] = []
    state["events"]["active"] = []
    state["draft"] = {"limit": 2, "taken": 0}
    state["build"] = {"limit": 2, "built": 0, "basics": 0}
    for path, value in parse_block(block):
        jsonpath.set_(state, path, value)
    events = state["events"]
    out = set(events["active"]) | set(events["discard"])  # an event is in one place only
    for season in ("summer", "winter"):
        events[season] = [e for e in events[season] if e not in out]
    ctx.engine.load_state(state)


@given(parsers.parse('a villagers game at step "{step}"'))
def villagers_at_step(ctx: ScenarioContext, step: str) -> None:
    _at_step(ctx, step, "")


@given(parsers.parse('a villagers game at step "{step}" with:'))
def villagers_at_step_with(ctx: ScenarioContext, step: str, docstring: str) -> None:
    _at_step(ctx, step, docstring)


@then(parsers.parse('the village is "{text}"'))
def then_village(ctx: ScenarioContext, text: str) -> None:
    ctx.expect_no_pending_rejection()
    _check_assignments(ctx.state(), [("player.village", village(text))], "the village")


@then(parsers.parse('the Countess\'s village is "{text}"'))
def then_countess(ctx: ScenarioContext, text: str) -> None:
    ctx.expect_no_pending_rejection()
    _check_assignments(ctx.state(), [("countess.village", flat(text))], "her village")


@then(parsers.parse('the road is "{text}"'))
def then_road(ctx: ScenarioContext, text: str) -> None:
    ctx.expect_no_pending_rejection()
    _check_assignments(ctx.state(), [("road", flat(text))], "the road")


@then(parsers.parse('chance draws "{name}" with probability "{probability}"'))
def then_chance_probability(ctx: ScenarioContext, name: str, probability: str) -> None:
    ctx.expect_no_pending_rejection()
    ctx.engine.require("chance")
    outcomes = ctx.engine.legal_actions().get("chance", [])
    found = [o for o in outcomes if name in (o["action"].get("card"), o["action"].get("event"))]
    if not found:
        raise AssertionError(f"no chance outcome reveals {name!r}: {outcomes[:40]}")
    if str(found[0]["probability"]) != probability:
        raise AssertionError(
            f"{name}: probability {found[0]['probability']}, expected {probability}"
        )


@then(parsers.parse("there are {count:d} chance outcomes"))
def then_chance_count(ctx: ScenarioContext, count: int) -> None:
    ctx.expect_no_pending_rejection()
    ctx.engine.require("chance")
    outcomes = ctx.engine.legal_actions().get("chance", [])
    if len(outcomes) != count:
        raise AssertionError(f"{len(outcomes)} chance outcomes, expected {count}")
