"""The positions of scenarios as they run: the state a scenario builds before its first
``When`` step, the action it applies and the state it ends in. Recorded by the pytest
plugin with ``--rulespec-positions FILE`` (one JSON line per scenario), so the HTML
rulebook can draw every worked example's position from any engine's run."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest


class PositionRecorder:
    """pytest-bdd hooks writing ``{test, scenario, feature, before, action, after}``."""

    def __init__(self, path: str) -> None:
        self.path = Path(path)
        self.path.write_text("", encoding="utf-8")
        self.before: dict[str, Any] = {}

    @staticmethod
    def _state(request: pytest.FixtureRequest) -> Any:
        try:
            ctx = request.getfixturevalue("ctx")
            return ctx.state()
        except Exception:  # no game yet, or the engine refused: nothing to draw
            return None

    @pytest.hookimpl
    def pytest_bdd_before_step(
        self, request: pytest.FixtureRequest, feature: Any, scenario: Any, step: Any,
        step_func: Any,
    ) -> None:
        node = request.node.nodeid
        if step.type == "when" and node not in self.before:
            self.before[node] = self._state(request)

    @pytest.hookimpl
    def pytest_bdd_after_scenario(
        self, request: pytest.FixtureRequest, feature: Any, scenario: Any
    ) -> None:
        from conformance.plugin import feature_key, item_game

        node = request.node.nodeid
        try:
            applied = request.getfixturevalue("ctx").applied
        except Exception:
            applied = []
        entry = {
            "test": node,
            "scenario": scenario.name,
            "feature": feature_key(feature, item_game(request.node)),
            "before": self.before.pop(node, None),
            "action": applied[-1] if applied else None,
            "after": self._state(request),
        }
        with self.path.open("a", encoding="utf-8") as handle:
            handle.write(json.dumps(entry, ensure_ascii=True) + "\n")


def read(path: Path) -> dict[tuple[str, str], dict[str, Any]]:
    """(feature, scenario name) -> the recorded positions of that scenario."""
    found: dict[tuple[str, str], dict[str, Any]] = {}
    for line in path.read_text(encoding="utf-8").splitlines():
        if line.strip():
            entry = json.loads(line)
            found[(entry["feature"], entry["scenario"])] = entry
    return found
