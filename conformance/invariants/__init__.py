"""Invariants on canonical states, per game, each tagged with the rule id it protects.

A game's invariants module (its unit's ``invariants``, :mod:`rulespec.games`; rulespec's own
games' are ``conformance/invariants/<game>.py``) exposes ``INVARIANTS: list[Invariant]``,
``STEP_BOUND: int`` (no legal game takes more actions; ``None`` for a game that need not
end, such as a dice game where rolling on is always legal: its games are cut at the game's
step horizon and counted as partial, never a failure), and optionally ``CONFIGS`` and
``TRANSITIONS`` (properties of a step: before, action, after).
The checks read canonical JSON only, so they judge any engine through the protocol.
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
class Transition:
    """A property of every step: ``check(before, action, after)`` yields problems.

    For what one state cannot show: scores never decrease, nothing crosses a hedge.
    """

    rule: str
    name: str
    check: Callable[[CanonicalState, dict[str, Any], CanonicalState], Iterable[str]]

    def problems(
        self, before: CanonicalState, action: dict[str, Any], after: CanonicalState
    ) -> list[str]:
        return [f"{self.rule} {self.name}: {p}" for p in self.check(before, action, after)]


@dataclass(frozen=True)
class GameInvariants:
    game: str
    invariants: tuple[Invariant, ...]
    step_bound: int
    #: (players, options) configurations to play; default: every player count, no options
    configs: tuple[tuple[int, dict[str, Any]], ...]
    transitions: tuple[Transition, ...] = ()
    #: False when the game need not end (``STEP_BOUND = None``): ``step_bound`` is then its
    #: step horizon, where a game is cut (a partial game), not GEN-BOUND broken
    bounded: bool = True


def has_invariants(game: str) -> bool:
    """Whether ``game`` is registered with an invariants module."""
    from rulespec import games

    return games.is_registered(game) and games.unit(game).invariants is not None


def for_game(game: str) -> GameInvariants:
    """The invariants of the game's invariants module (:class:`LookupError` when it provides
    none: :func:`has_invariants`).

    The module may define ``CONFIGS`` (a list of ``(players, options)``); by default every
    player count of the reference game is played with default options.
    """
    from rulespec import games

    name = games.unit(game).invariants
    if name is None:
        raise LookupError(f"{game} provides no invariants module")
    module = importlib.import_module(name)
    configs = getattr(module, "CONFIGS", None)
    if configs is None:
        from reference_impl.registry import get_game

        definition = get_game(game)
        configs = [(n, {}) for n in range(definition.min_players, definition.max_players + 1)]
    bound = module.STEP_BOUND
    if bound is None:  # the game need not end: cut at its step horizon
        from conformance.levels.campaign import step_horizon

        bound = step_horizon(game)
    return GameInvariants(
        game,
        tuple(module.INVARIANTS),
        int(bound),
        tuple(tuple(c) for c in configs),
        tuple(getattr(module, "TRANSITIONS", ())),
        module.STEP_BOUND is not None,
    )
