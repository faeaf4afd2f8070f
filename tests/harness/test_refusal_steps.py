"""The refusal steps judge what they say (features/README.md): a refused load or a
malformed action passes only when refused with the named kind and the held game untouched,
and a refusal no step looked at fails the scenario.

The steps are called directly on a scripted engine (no pytest-bdd run): each engine below
gets one thing wrong, and the step must fail on it.
"""

from __future__ import annotations

import copy
from typing import Any

import pytest

from conformance.engine.errors import EngineRefused
from conformance.steps import common

STATE = {"game": "toy", "terminal": False, "to_act": [0], "coins": 3}


class ScriptedEngine:
    """Holds one state; refuses loads and actions as told, optionally corrupting first."""

    def __init__(self, refuse_as: str | None = "malformed", corrupt: bool = False) -> None:
        self.held: dict[str, Any] = copy.deepcopy(STATE)
        self.refuse_as = refuse_as
        self.corrupt = corrupt

    def state(self, view: int | None = None) -> dict[str, Any]:
        return copy.deepcopy(self.held)

    def _maybe_refuse(self, command: str) -> None:
        if self.corrupt:
            self.held["coins"] += 1
        if self.refuse_as is not None:
            raise EngineRefused(command, {"kind": self.refuse_as, "message": "bad coins"})

    def load_state(self, state: dict[str, Any]) -> dict[str, Any]:
        self._maybe_refuse("load_state")
        self.held = copy.deepcopy(state)
        return {"state": self.state()}

    def apply(self, action: dict[str, Any]) -> dict[str, Any]:
        self._maybe_refuse("apply")
        self.held["coins"] -= 1
        return {"state": self.state()}


def context(engine: ScriptedEngine) -> common.ScenarioContext:
    return common.ScenarioContext(engine=engine)  # type: ignore[arg-type]


def test_a_refused_load_that_keeps_the_game_passes() -> None:
    ctx = context(ScriptedEngine())
    common.position_loaded(ctx, "coins = -1")
    common.request_refused(ctx, "malformed")


@pytest.mark.parametrize(
    ("engine", "complaint"),
    [
        (ScriptedEngine(refuse_as=None), "accepted a request the rulebook forbids"),
        (ScriptedEngine(refuse_as="illegal_action"), "expected 'malformed'"),
        (ScriptedEngine(corrupt=True), "changed the state"),
    ],
    ids=["accepts", "wrong-kind", "refuses-but-changes"],
)
def test_a_load_step_fails_an_engine_that(engine: ScriptedEngine, complaint: str) -> None:
    ctx = context(engine)
    common.state_loaded(ctx, '{"game": "toy", "terminal": false, "to_act": [0], "coins": -1}')
    with pytest.raises(pytest.fail.Exception, match=complaint):
        common.request_refused(ctx, "malformed")


def test_a_malformed_action_refused_as_malformed_passes() -> None:
    ctx = context(ScriptedEngine())
    common.action_applied(ctx, '{"actor": 0, "type": "spend", "coins": "three"}')
    common.then_refused_malformed(ctx)
    assert ctx.rejected is None


@pytest.mark.parametrize(
    ("engine", "step", "complaint"),
    [
        (ScriptedEngine(refuse_as=None), common.then_refused_malformed, "accepted an action"),
        (ScriptedEngine(refuse_as="illegal_action"), common.then_refused_malformed,
         "expected 'malformed'"),
        (ScriptedEngine(corrupt=True), common.then_refused_malformed, "changed the state"),
        (ScriptedEngine(refuse_as="malformed"), common.then_rejected, "expected 'illegal_action'"),
    ],
    ids=["accepts", "illegal-for-malformed", "refuses-but-changes", "malformed-for-illegal"],
)  # fmt: skip
def test_an_action_step_fails_an_engine_that(
    engine: ScriptedEngine, step: Any, complaint: str
) -> None:
    ctx = context(engine)
    common.action_applied(ctx, '{"actor": 0, "type": "spend", "coins": "three"}')
    with pytest.raises(pytest.fail.Exception, match=complaint):
        step(ctx)


def test_a_refusal_no_step_checked_fails_the_scenario() -> None:
    """The ``ctx`` fixture's teardown: a scenario that ends on a refused action fails."""
    engine = ScriptedEngine(refuse_as="malformed")
    fixture = common.ctx.__wrapped__  # type: ignore[attr-defined]

    class Config:
        def getoption(self, name: str, default: Any = None) -> Any:
            return default

        def getini(self, name: str) -> Any:
            return ""

    class Request:
        config = Config()

    lifetime = fixture(engine, Request())
    ctx = next(lifetime)
    common.action_applied(ctx, '{"actor": 0, "type": "spend"}')
    with pytest.raises(pytest.fail.Exception, match="ended with a refusal no step checked"):
        next(lifetime)


def test_a_refused_load_no_step_checked_fails_the_scenario() -> None:
    """A refused ``When the position is loaded:`` fails the scenario whether a later step
    reads the (unchanged) state or nothing looks at it at all."""
    ctx = context(ScriptedEngine())
    common.position_loaded(ctx, "coins = -1")
    with pytest.raises(pytest.fail.Exception, match="refused a request the scenario relies on"):
        common.then_path_is(ctx, "coins", "3")
