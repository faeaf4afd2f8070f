"""The scenario base positions are published data (``spec/<game>/positions/``), equal to
what the reference builds (``tests.support.positions``), valid canonical states, and the
ones the steps load: ``Given a villagers game at step "X"`` starts from ``X.json``."""

from __future__ import annotations

import json
import re

import pytest

from conformance.steps import villagers
from rulespec.resources import FEATURES_DIR, SPEC_DIR
from rulespec.schema_check import SchemaCheck
from tests.support import positions

STEPS = sorted(villagers.PHASE_OF)


def test_every_step_the_features_name_has_a_published_position() -> None:
    named = {
        match
        for path in (FEATURES_DIR / "villagers").glob("*.feature")
        for match in re.findall(r'a villagers game at step "([a-z_]+)"', path.read_text("utf-8"))
    }
    assert named and named <= set(STEPS)
    assert sorted(p.stem for p in villagers.POSITIONS.glob("*.json")) == STEPS


@pytest.mark.parametrize("step", STEPS)
def test_a_published_position_is_the_references_and_a_canonical_state(step: str) -> None:
    path = villagers.POSITIONS / f"{step}.json"
    assert path.read_text(encoding="utf-8") == positions.text(step), (
        f"{path} is stale: python -m tests.support.positions rewrites it"
    )
    state = json.loads(path.read_text(encoding="utf-8"))
    schema = json.loads((SPEC_DIR / "villagers" / "state.schema.json").read_text("utf-8"))
    assert SchemaCheck(schema).problems(state) == []
    assert villagers.base_position(step) == state


class _Recorder:
    """An engine stand-in: what the step loads."""

    def __init__(self) -> None:
        self.loaded: dict | None = None

    def new_game(self, game: str, players: int, **_: object) -> dict:
        return {}

    def state(self) -> dict:
        return {"options": {"tie_break": "fewest_villagers"}}

    def load_state(self, state: dict) -> dict:
        self.loaded = state
        return state


def test_the_step_loads_the_published_position_with_the_runs_options() -> None:
    engine = _Recorder()
    ctx = villagers.ScenarioContext(engine=engine)  # type: ignore[arg-type]
    villagers._at_step(ctx, "build", "")
    expected = positions.build("build")
    expected["options"] = {"tie_break": "fewest_villagers"}
    assert engine.loaded == expected
