"""Step sugar for Villagers solo: positions at a given step, villages in card notation.

``a villagers game at step "X"`` starts from the published position
``spec/villagers/positions/X.json`` (written by ``tests/support/positions.py``) with the
run's options, whatever the engine's own new game holds.

An event made active or discarded in a position leaves its deck (it is in one place
only). Card notation: columns separated by ``;``, a chain bottom-up joined by ``>``, coins in
brackets: ``Lumberjack > Cooper(2) ; Miner``. The Countess's village and the road are flat
lists separated by ``,``: ``Blacksmith(2), Cooper``. Everything goes through canonical JSON
and the engine client. A position given at a step keeps every card of the game in one
place (:func:`balance`), since an engine refuses one that does not (load_state).
"""

from __future__ import annotations

import json
import re
from collections import Counter
from typing import Any

from pytest_bdd import given, parsers, then

from conformance.engine import jsonpath
from conformance.invariants.villagers import ALL_CARDS
from conformance.steps.common import ScenarioContext, _check_assignments, set_in_engine_state
from reference_impl.components import component
from rulespec.resources import SPEC_DIR

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
BASIC_COUNT = {n: int(d["count"]) for n, d in component(GAME, "basic-villagers").items()}
EVENT_COUNT = len(component(GAME, "events"))
_SETUP = component(GAME, "setup")
MARKET_STACKS = (_SETUP["first_market_stack"], _SETUP["second_market_stack"])
#: the published base positions, one per step (tests/support/positions.py writes them)
POSITIONS = SPEC_DIR / GAME / "positions"
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


def base_position(step: str) -> dict[str, Any]:
    """``spec/villagers/positions/<step>.json``: where ``a villagers game at step`` starts."""
    if step not in PHASE_OF:
        raise ValueError(f"unknown villagers step {step!r} (known: {sorted(PHASE_OF)})")
    return json.loads((POSITIONS / f"{step}.json").read_text(encoding="utf-8"))


def _at_step(ctx: ScenarioContext, step: str, block: str) -> None:
    state = base_position(step)
    ctx.game = GAME
    ctx.engine.new_game(GAME, 1)  # the options in force: the run's, as the engine has them
    state["options"] = ctx.engine.state()["options"]
    edits = parse_block(block)
    for path, value in edits:
        set_in_engine_state(state, path, value)
    events = state["events"]
    out = set(events["active"]) | set(events["discard"])  # an event is in one place only
    for season in ("summer", "winter"):
        events[season] = [e for e in events[season] if e not in out]
    if not _said({path for path, _ in edits}, "events.discard"):  # an emptied deck's cards
        placed = out | set(events["summer"]) | set(events["winter"])
        gone = [f"e{i}" for i in range(1, EVENT_COUNT + 1) if f"e{i}" not in placed]
        events["discard"] = sorted(events["discard"] + gone, key=lambda e: int(e[1:]))
    balance(state, {path for path, _ in edits})
    ctx.engine.load_state(state)


def _said(edited: set[str], field: str) -> bool:
    return any(path == field or path.startswith(field + ".") for path in edited)


def balance(state: dict[str, Any], edited: set[str]) -> None:
    """Keep every card of the game in one place (VL-COMP-COPIES, VL-SETUP-BASICS) around
    the fields a scenario set: a villager it puts in view leaves the face-down cards, the
    basic villagers it builds leave the supply; a market card it takes from under its
    stack is revealed, and a market it reveals has its stack gone (VL-MARKET-REVEAL).
    Unless the scenario sets them, ``unseen`` is what is not in view, the ``reserve`` holds
    what the stacks do not, and when the scenario fixes the face-down places (an empty
    reserve) the cards left over lie in the discard (the first copy of each name stays
    face down before any second one)."""
    for name, index in (("first", MARKET_STACKS[0]), ("second", MARKET_STACKS[1])):
        if _said(edited, f"markets.{name}") or _said(edited, "markets"):
            if state["markets"][name] != "hidden" and not _said(edited, f"stacks.{index}"):
                state["stacks"][index] = {"known": [], "hidden": 0, "market": None}
        elif state["stacks"][index]["market"] is None:
            state["markets"][name] = "revealed"
    player = state["player"]
    in_village = [c["card"] for column in player["village"] for c in column]
    if not _said(edited, "basics"):
        for basic, total in BASIC_COUNT.items():
            state["basics"][basic] = total - in_village.count(basic)
    shown: Counter[str] = Counter(name for name in in_village if name not in BASIC_COUNT)
    shown.update(player["hand"])
    shown.update(player["square"])
    shown.update(c["card"] for c in state["countess"]["village"])
    shown.update(c["card"] for c in state["road"])
    shown.update(name for stack in state["stacks"] for name in stack["known"])
    hidden = sum(stack["hidden"] for stack in state["stacks"])
    if _said(edited, "unseen"):
        if not _said(edited, "discard"):
            rest = ALL_CARDS - shown - Counter(state["unseen"])
            state["discard"] = dict(sorted(rest.items()))
        return
    shown.update(state["discard"])
    pool = ALL_CARDS - shown
    if not _said(edited, "reserve"):
        state["reserve"] = max(0, pool.total() - hidden)
    excess = pool.total() - state["reserve"] - hidden
    if excess > 0 and not _said(edited, "discard"):
        order = sorted(
            ((copy, name) for name, count in pool.items() for copy in range(count)), reverse=True
        )
        gone = Counter(name for _, name in order[:excess])
        pool -= gone
        state["discard"] = dict(sorted((Counter(state["discard"]) + gone).items()))
    state["unseen"] = dict(sorted(pool.items()))


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
