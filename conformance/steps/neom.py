"""NEOM step sugar: assertions on a player's view (hidden information), through the client."""

from __future__ import annotations

from pytest_bdd import parsers, then

from conformance import jsonpath
from conformance.steps.common import ScenarioContext, _check_assignments


@then(parsers.parse("the view of player {seat:d} has:"))
def then_view_has(ctx: ScenarioContext, seat: int, docstring: str) -> None:
    """Like ``the position has`` on ``state(view=seat)`` (NM-VIEW-HIDDEN, NM-SELECT-SEQ)."""
    ctx.expect_no_pending_rejection()
    view = ctx.engine.state(view=seat)
    _check_assignments(view, jsonpath.parse_assignments(docstring), f"player {seat}'s view")
