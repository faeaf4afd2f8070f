"""Step lookup is remembered per (suite module, step) for rulespec's own scenario modules
only; any other pytest-bdd test gets pytest-bdd's lookup, every time."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from conformance import step_lookup


@dataclass
class Step:
    type: str
    name: str


@dataclass
class Node:
    path: Path


class FixtureManager:
    """Stands in for pytest's (hashable, weakly referenced)."""


def test_a_suite_module_asks_pytest_bdd_once_per_step_and_others_every_time() -> None:
    asked: list[tuple[str, str]] = []

    def original(step: Step, fixturemanager: object, node: Node) -> list[str]:
        asked.append((str(node.path), step.name))
        return [f"definition of {step.name}"]

    lookup = step_lookup.remembering(original)
    manager = FixtureManager()
    suite = Node(step_lookup.SUITE_DIR / "test_notre_dame.py")
    elsewhere = Node(Path("/somewhere/tests/test_mine.py"))
    step = Step("given", "a new game")
    for _ in range(3):
        assert list(lookup(step=step, fixturemanager=manager, node=suite)) == [
            "definition of a new game"
        ]
        assert list(lookup(step=step, fixturemanager=manager, node=elsewhere))
    assert asked.count((str(suite.path), "a new game")) == 1
    assert asked.count((str(elsewhere.path), "a new game")) == 3
    list(lookup(step=Step("then", "a new game"), fixturemanager=manager, node=suite))
    list(lookup(step=step, fixturemanager=FixtureManager(), node=suite))  # another session
    assert asked.count((str(suite.path), "a new game")) == 3


def test_install_wraps_pytest_bdd_once() -> None:
    import importlib

    scenario = importlib.import_module("pytest_bdd.scenario")
    step_lookup.install()
    installed = scenario.find_fixturedefs_for_step
    step_lookup.install()
    assert scenario.find_fixturedefs_for_step is installed
    assert installed.__wrapped__ is not None
