"""Step lookup for rulespec's own scenario modules, answered once per step text.

pytest-bdd finds a step's definition by asking pytest, for every registered fixture name,
which definitions the scenario can see (``pytest_bdd.scenario.find_fixturedefs_for_step``).
Under pytest 9 each question walks the item's parents and builds their node ids, so about a
third of a game's scenario run (measured on Notre Dame's 318 scenarios) went to step
lookup, giving the same answer for the same step text in every scenario of a module.

For the scenarios of rulespec's suite modules (``conformance/suite/``: their step
definitions live in the suite's conftest and the shared step modules, never on a class or
an item, so every scenario of one module sees the same ones) the answer is kept per
(module, step type, step text) for the session. Any other item, a user's own pytest-bdd
tests among them, gets pytest-bdd's lookup unchanged.
"""

from __future__ import annotations

import functools
import importlib
import inspect
import weakref
from collections.abc import Callable, Iterable, Iterator
from pathlib import Path
from typing import Any

SUITE_DIR = Path(__file__).resolve().parent / "suite"

Lookup = Callable[..., Iterable[Any]]


@functools.cache
def _is_suite_module(path: str) -> bool:
    return Path(path).resolve().parent == SUITE_DIR


def _in_suite(node: Any) -> bool:
    path = getattr(node, "path", None)
    return path is not None and _is_suite_module(str(path))


def remembering(original: Lookup) -> Lookup:
    """``original`` (pytest-bdd's lookup), remembered for items of rulespec's suite modules."""
    answers: weakref.WeakKeyDictionary[Any, dict[tuple[str, str, str], tuple[Any, ...]]]
    answers = weakref.WeakKeyDictionary()

    def find_fixturedefs_for_step(step: Any, fixturemanager: Any, node: Any) -> Iterator[Any]:
        if not _in_suite(node):
            return iter(original(step=step, fixturemanager=fixturemanager, node=node))
        known = answers.setdefault(fixturemanager, {})
        key = (str(node.path), step.type, step.name)
        if key not in known:
            known[key] = tuple(original(step=step, fixturemanager=fixturemanager, node=node))
        return iter(known[key])

    find_fixturedefs_for_step.__wrapped__ = original  # type: ignore[attr-defined]
    return find_fixturedefs_for_step


def remembered_signature(original: Callable[[Any], inspect.Signature]) -> Callable[..., Any]:
    """``inspect.signature`` kept per function: pytest-bdd asks for a step function's
    signature twice in every step it runs (the arguments to pass, the fixtures it needs),
    about 5% of a game's scenario run. A function's signature does not change while it
    lives; what cannot be weakly referenced is asked afresh each time."""
    known: weakref.WeakKeyDictionary[Any, inspect.Signature] = weakref.WeakKeyDictionary()

    def signature(function: Any, **options: Any) -> inspect.Signature:
        if options:
            return original(function, **options)
        try:
            return known[function]
        except KeyError:
            found = known[function] = original(function)
            return found
        except TypeError:  # not weakly referable
            return original(function)

    signature.__wrapped__ = original  # type: ignore[attr-defined]
    return signature


def install() -> None:
    """Put the remembering lookup in place of pytest-bdd's, and the remembered signature in
    the two modules that ask for one per step (once; idempotent)."""
    # the module: the package's own ``scenario`` name is the decorator of that name
    scenario = importlib.import_module("pytest_bdd.scenario")

    current = scenario.find_fixturedefs_for_step
    if getattr(current, "__wrapped__", None) is None:
        scenario.find_fixturedefs_for_step = remembering(current)
    for name in ("pytest_bdd.scenario", "pytest_bdd.utils"):
        module = importlib.import_module(name)
        if getattr(module.signature, "__wrapped__", None) is None:
            module.signature = remembered_signature(module.signature)
