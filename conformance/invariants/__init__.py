"""Invariants on canonical states, per game, each tagged with the rule id it protects.

A game module ``conformance/invariants/<game>.py`` exposes ``INVARIANTS: list[Invariant]``
and ``STEP_BOUND: int`` (no legal game takes more actions). The checks read canonical JSON
only, so they judge any engine through the protocol.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any

CanonicalState = dict[str, Any]


@dataclass(frozen=True)
class Invariant:
    """A property every reachable canonical state must have. ``check`` yields problems."""

    rule: str
    name: str
    check: Callable[[CanonicalState], Iterable[str]]

    def problems(self, state: CanonicalState) -> list[str]:
        return [f"{self.rule} {self.name}: {problem}" for problem in self.check(state)]


@dataclass(frozen=True)
class GameInvariants:
    game: str
    invariants: tuple[Invariant, ...]
    step_bound: int


def for_game(game: str) -> GameInvariants:
    module = importlib.import_module(f"conformance.invariants.{game}")
    return GameInvariants(game, tuple(module.INVARIANTS), int(module.STEP_BOUND))
