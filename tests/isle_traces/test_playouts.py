"""Whole random games of isle_traces for every player count and reading, invariants on.

Each step checks the game's invariants (conformance/invariants/isle_traces.py) on the
canonical state every few actions, and the end checks the score bound (IT-SCORE-POINTS:
no player scores more than the cells of the map, nor all of them together).
"""

from __future__ import annotations

import random

import pytest

from conformance.invariants.isle_traces import INVARIANTS, STEP_BOUND
from reference_impl.core import CHANCE, random_playout, sample_chance
from reference_impl.isle_traces import GAME

READINGS = [
    {},
    {"line_points": "one"},
    {"allow_portrait": False},
    {"feather_restriction": "other_line"},
    {"feather_restriction": "none"},
    {"flip_requires": "uncovered"},
    {"coast_diagonal": True},
    {"reexplore_any": False},
    {"area_size": 9},
]


def _problems(state) -> list[str]:
    canonical = state.to_canonical()
    return [p for inv in INVARIANTS for p in inv.problems(canonical)]


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("seed", [1, 2])
def test_random_games_finish_with_invariants(players: int, seed: int) -> None:
    rng = random.Random(seed * 10 + players)
    state = GAME.new_game(players)
    steps = 0
    while not state.is_terminal():
        if steps % 7 == 0:
            assert _problems(state) == [], steps
        if CHANCE in state.to_act():
            action = sample_chance(state, rng)
        else:
            actions = state.legal_actions()
            action = actions[rng.randrange(len(actions))]
        state.apply(action)
        steps += 1
    assert steps <= STEP_BOUND
    assert _problems(state) == []
    outcome = state.outcome()
    cells = sum(1 for c in state.cell if c is not None)
    assert sum(outcome.scores) <= cells
    assert outcome.winners, "a finished game has a winner"
    assert len(state.placed) + len(state.discarded) == 36


@pytest.mark.parametrize(
    "options", READINGS, ids=lambda o: ",".join(map(str, o.items())) or "default"
)
def test_random_games_finish_under_every_reading(options: dict) -> None:
    for seed in range(2):
        state = GAME.new_game(2 + seed * 2, options)
        steps = random_playout(state, random.Random(seed), max_steps=STEP_BOUND)
        assert state.is_terminal() and steps <= STEP_BOUND
        assert _problems(state) == []
        assert sum(state.outcome().scores) <= sum(1 for c in state.cell if c is not None)


def test_clone_is_independent() -> None:
    state = GAME.new_game(3)
    rng = random.Random(5)
    for _ in range(40):
        state.apply(
            sample_chance(state, rng)
            if CHANCE in state.to_act()
            else rng.choice(state.legal_actions())
        )
    before = state.to_canonical()
    copy = state.clone()
    random_playout(copy, rng)
    assert state.to_canonical() == before
    assert copy.is_terminal()


def test_a_flip_on_a_clone_leaves_the_original_face_up_as_it_was() -> None:
    """clone() (no protocol request, so no scenario reaches it) copies each card's face, so
    a flip (IT-FLIP-ONE) on the copy turns only the copy's card; the original, flipped the
    same way, then reaches the same position."""
    rng = random.Random(11)
    flips = 0
    for seed in range(6):
        state = GAME.new_game(2 + seed % 3)
        while not state.is_terminal():
            if CHANCE in state.to_act():
                state.apply(sample_chance(state, rng))
                continue
            actions = state.legal_actions()
            flip = [a for a in actions if a["type"] == "flip"]
            if flip:
                before = state.to_canonical()
                copy = state.clone()
                assert copy.to_canonical() == before
                copy.apply(flip[0])
                assert state.to_canonical() == before
                state.apply(flip[0])
                assert state.to_canonical() == copy.to_canonical()
                assert state.legal_actions() == copy.legal_actions()
                flips += 1
            else:
                state.apply(rng.choice(actions))
    assert flips >= 10
