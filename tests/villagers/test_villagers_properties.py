"""Hypothesis: whole random games keep every Villagers invariant (any seed, any options)."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from conformance.invariants.villagers import INVARIANTS, STEP_BOUND
from reference_impl.core import CHANCE, sample_chance
from reference_impl.villagers import GAME

OPTIONS = st.fixed_dictionaries(
    {
        "icons_count_covered": st.booleans(),
        "gold_top_only": st.booleans(),
        "tie_break": st.sampled_from(["countess", "fewest_villagers"]),
        "founders_branches": st.integers(1, 3),
        "build_limit_dynamic": st.booleans(),
    }
)


@settings(max_examples=8, deadline=None, derandomize=True)
@given(seed=st.integers(0, 2**32 - 1), options=OPTIONS)
def test_whole_games_keep_the_invariants(seed, options):
    """Invariants on every canonical state of a whole game, ending within STEP_BOUND."""
    rng = random.Random(seed)
    state = GAME.new_game(1, options)
    for _ in range(STEP_BOUND):
        canonical = state.to_canonical()
        for invariant in INVARIANTS:
            assert not invariant.problems(canonical), invariant.problems(canonical)
        if state.is_terminal():
            return
        if CHANCE in state.to_act():
            state.apply(sample_chance(state, rng))
        else:
            actions = state.legal_actions()
            state.apply(actions[rng.randrange(len(actions))])
    raise AssertionError(f"no end within {STEP_BOUND} actions")
