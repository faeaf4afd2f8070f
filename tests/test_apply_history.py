"""Every reference engine answers ``apply`` the same whatever was asked before (issue 16).

Reachable positions of each game (random playouts through the protocol server), each listed
action and each probed illegal action applied fresh from ``load_state``, after a
``legal_actions`` request, after a view and a refused probe, and in the engine that played to
the position: the same reply and the same resulting state (``tests/support/apply_history.py``).
Two deliberately history-dependent toy engines show that the check can fail.
"""

from __future__ import annotations

from typing import Any

import pytest

from reference_impl import registry
from reference_impl.core import Action, IllegalAction
from tests.support import toy
from tests.support.apply_history import check_game

#: game -> (players, playout seed, options) of the playouts, and the sampling step (about a
#: dozen positions per whole game; a few seconds per game on a loaded machine)
GAMES: dict[str, tuple[list[tuple[int, int, dict[str, Any]]], int]] = {
    "neom": (
        [(1, 1, {}), (2, 2, {"allow_replace": False}), (3, 3, {}), (5, 5, {})],
        23,
    ),
    "notre_dame": ([(2, 1, {}), (3, 2, {}), (5, 3, {})], 23),
    "gnomeville": ([(1, 1, {}), (2, 2, {"master_build": True}), (3, 3, {})], 11),
    "villagers": ([(1, 1, {}), (1, 2, {})], 11),
    "isle_traces": ([(2, 1, {}), (4, 2, {})], 13),
}


#: a game not tuned above plays its smallest player count, default options, every position
#: sampled (a short game has few)
DEFAULT_EVERY = 1


@pytest.mark.parametrize("game", registry.available_games())
def test_apply_does_not_depend_on_prior_requests(game: str) -> None:
    smallest = registry.get_game(game).min_players
    configs, every = GAMES.get(game, ([(smallest, 1, {})], DEFAULT_EVERY))
    report = check_game(game, configs, every=every, limit=40, per_position=5, seed=7)
    shown = "\n  ".join(str(f)[:600] for f in report.findings[:5])
    assert not report.findings, f"{len(report.findings)} history-dependent answers:\n  {shown}"
    # the run judged something: positions of every configuration, and both kinds of answer
    assert report.positions >= 4 * len(configs)
    assert report.accepted >= report.positions
    assert report.refused >= report.positions


# -- the check can fail ---------------------------------------------------------------------


class _TrustingState(toy.ToyState):
    """Trusts its own listing, which (wrongly) offers cell 4 even when it is taken."""

    def __init__(self) -> None:
        super().__init__()
        self._listed: list[Action] | None = None

    def legal_actions(self) -> list[Action]:
        actions = super().legal_actions()
        if self.current != toy.CHANCE and self.board[4] is not None:
            actions.append({"actor": self.current, "type": "mark", "cell": 4})
        self._listed = actions
        return [dict(a) for a in actions]

    def apply(self, action: Action) -> None:
        listed, self._listed = self._listed, None
        if listed is not None and action in listed and action.get("type") == "mark":
            self.board[action["cell"]] = None  # the cache answers: the cell counts as empty
        super().apply(action)


class _RefusalMemoryState(toy.ToyState):
    """After a refusal it stops checking that a cell is empty."""

    def __init__(self) -> None:
        super().__init__()
        self._lenient = False

    def apply(self, action: Action) -> None:
        cell = action.get("cell") if isinstance(action, dict) else None
        if self._lenient and cell in range(9) and action.get("actor") == self.current:
            self.board[cell] = None  # no longer checked: a taken cell counts as empty
        try:
            super().apply(action)
        except IllegalAction:
            self._lenient = True
            raise


class _Game(toy.ToyGame):
    def __init__(self, state_class: type[toy.ToyState]) -> None:
        self.state_class = state_class

    def new_game(self, num_players, options=None, setup=None):  # type: ignore[no-untyped-def]
        self.check_players(num_players)
        return self.state_class()

    def load(self, canonical: dict[str, Any]) -> toy.ToyState:
        plain = super().load(canonical)
        state = self.state_class()
        state.board, state.current, state.winner = plain.board, plain.current, plain.winner
        return state


def _findings(state_class: type[toy.ToyState]) -> list[str]:
    games = {"toy": _Game(state_class)}
    configs = [(2, seed, {}) for seed in range(6)]
    report = check_game("toy", configs, every=3, limit=3, per_position=9, games=games)
    return [str(f) for f in report.findings]


def test_the_plain_toy_passes() -> None:
    assert _findings(toy.ToyState) == []


def test_a_cache_that_decides_is_found() -> None:
    """The trusting toy accepts the taken cell 4 only after ``legal_actions`` was asked."""
    found = _findings(_TrustingState)
    assert found and all('"cell": 4' in f for f in found), found
    # One history refuses what another accepts (the server's load_state lists actions
    # itself while it validates the position, so which history is "fresh" varies).
    assert any("(False, 'illegal_action', 'TT-EMPTY')" in f for f in found), found


def test_a_refusal_that_changes_later_answers_is_found() -> None:
    found = _findings(_RefusalMemoryState)
    assert any("probed: (True" in f and "fresh: (False" in f for f in found), found
