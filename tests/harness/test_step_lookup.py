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


def test_a_step_functions_signature_is_asked_once_and_what_cannot_be_kept_every_time() -> None:
    import inspect

    asked: list[object] = []

    def original(function: object, **options: object) -> inspect.Signature:
        asked.append(function)
        return inspect.signature(function, **options)  # type: ignore[arg-type]

    def step(request: object, count: int = 2) -> None: ...

    signature = step_lookup.remembered_signature(original)
    first = signature(step)
    assert signature(step) is first and first == inspect.signature(step)
    assert asked == [step]
    unreferable = (1).__add__  # a method-wrapper: it cannot be weakly referenced
    assert signature(unreferable) == signature(unreferable) == inspect.signature(unreferable)
    assert asked == [step, unreferable, unreferable]  # so asked each time
    assert signature(step, follow_wrapped=False) == first and asked[-1] is step


def test_pytest_bdd_asks_the_remembered_signature_once_installed() -> None:
    import importlib

    step_lookup.install()
    for name in ("pytest_bdd.scenario", "pytest_bdd.utils"):
        module = importlib.import_module(name)  # not the package's ``scenario`` decorator
        assert getattr(module.signature, "__wrapped__", None) is not None, name
