"""Notre Dame step sugar: what a player's view shows (canonical JSON through the client)."""

from __future__ import annotations

from pytest_bdd import parsers, then

from conformance import jsonpath
from conformance.steps.common import ScenarioContext, _check_assignments


@then(parsers.parse("player {seat:d} sees:"))
def player_sees(ctx: ScenarioContext, seat: int, docstring: str) -> None:
    """Paths into ``state(view=seat)``: hidden cards appear as counts (ND-DRAFT-HIDDEN)."""
    ctx.expect_no_pending_rejection()
    view = ctx.engine.state(view=seat)
    _check_assignments(view, jsonpath.parse_assignments(docstring), f"player {seat}'s view")
