"""Notre Dame step sugar: a player's view, and refused player counts (through the client)."""

from __future__ import annotations

import pytest
from pytest_bdd import parsers, then, when

from conformance import jsonpath
from conformance.errors import EngineRefused
from conformance.steps.common import ScenarioContext, _check_assignments


@then(parsers.parse("player {seat:d} sees:"))
def player_sees(ctx: ScenarioContext, seat: int, docstring: str) -> None:
    """Paths into ``state(view=seat)``: hidden cards appear as counts (ND-DRAFT-HIDDEN)."""
    ctx.expect_no_pending_rejection()
    view = ctx.engine.state(view=seat)
    _check_assignments(view, jsonpath.parse_assignments(docstring), f"player {seat}'s view")


@when(parsers.parse('a new "notre_dame" game with {players:d} players is requested'))
def request_player_count(ctx: ScenarioContext, players: int) -> None:
    """Ask for a game with this player count; a refusal is remembered for the next step."""
    ctx.game = "notre_dame"
    try:
        ctx.engine.new_game("notre_dame", players)
    except EngineRefused as error:
        ctx.refusal = error  # type: ignore[attr-defined]
    else:
        ctx.refusal = None  # type: ignore[attr-defined]


@then(parsers.parse("the request is refused as {kind}"))
def request_refused(ctx: ScenarioContext, kind: str) -> None:
    """The engine refused the last request with this error kind (e.g. ``unsupported``)."""
    error = getattr(ctx, "refusal", None)
    if error is None:
        pytest.fail(f"the engine accepted a request the rulebook forbids (expected {kind})")
    if error.kind != kind:
        pytest.fail(f"refused as {error.kind!r}, expected {kind!r}: {error.message_text}")
