"""The rule guide's look-ahead copies (conformance.levels.guide.Copier): a pickled snapshot
or the engine's clone give the same trials, so the same choices; the last trial is played
on the shadow itself, which a different action then cannot follow."""

from __future__ import annotations

import json
import pickle
import random
from collections import Counter
from typing import Any

import pytest

from conformance.levels.guide import Copier, RuleGuide
from reference_impl import registry


def _midgame(game: str, steps: int, seed: int = 5):
    """A reference game of ``game`` after ``steps`` uniform actions (or at its end)."""
    definition = registry.get_game(game)
    state = definition.new_game(definition.min_players)
    rng = random.Random(seed)
    for _ in range(steps):
        if state.is_terminal():
            break
        if "chance" in state.to_act():
            actions = [action for action, _ in state.chance_outcomes()]
        else:
            actions = state.legal_actions()
        state.apply(rng.choice(actions))
    return state


@pytest.mark.parametrize("game", ["gnomeville", "villagers", "notre_dame"])
def test_a_snapshot_copy_is_the_state_and_shares_nothing_with_it(game: str) -> None:
    state = _midgame(game, 40)
    for snapshot in (True, False):
        copies = Copier(snapshot).copies(state)
        first, second = next(copies), next(copies)
        assert first is not state and second is not first
        assert first.to_canonical() == second.to_canonical() == state.to_canonical()
        if not state.is_terminal() and "chance" not in state.to_act():
            first.apply(state.legal_actions()[0])  # a trial on one copy
            assert second.to_canonical() == state.to_canonical()  # leaves the others


def _choices(game: str, snapshot: bool, games: int = 2) -> tuple[list[int], list[str]]:
    """The guide's picks over ``games`` games against the in-process reference, with one
    way of copying forced; and the rules it reached."""
    definition = registry.get_game(game)
    guide = RuleGuide(["X"], seed="copies", uniform_every=0)
    guide._copiers[type(definition.new_game(definition.min_players))] = Copier(snapshot)
    rng = random.Random(3)
    picks: list[int] = []
    for _ in range(games):
        guide.start(game, definition.min_players, None)
        state = definition.new_game(definition.min_players)
        while not state.is_terminal() and len(picks) < 400:
            if "chance" in state.to_act():
                actions = [action for action, _ in state.chance_outcomes()]
            else:
                actions = state.legal_actions()
            index = guide.choose(actions, rng.randrange)
            picks.append(index)
            state.apply(actions[index])
            guide.observe(actions[index])
    assert guide.guided_steps > 50  # the shadow followed the games: the copies were used
    return picks, sorted(guide.counts)


@pytest.mark.parametrize("game", ["gnomeville", "villagers"])
def test_snapshot_and_clone_copies_steer_alike(game: str) -> None:
    assert _choices(game, snapshot=True) == _choices(game, snapshot=False)


def _step(state: Any, rng: random.Random) -> None:
    if "chance" in state.to_act():
        actions = [action for action, _ in state.chance_outcomes()]
    else:
        actions = state.legal_actions()
    state.apply(rng.choice(actions))


@pytest.mark.parametrize("game", ["gnomeville", "villagers", "notre_dame", "neom", "isle_traces"])
def test_a_clone_is_the_position_shares_nothing_and_plays_like_a_pickled_copy(game: str) -> None:
    """Each engine's ``clone``: at every position of two random games, the same canonical
    state; a few actions played on it leave the original as it was, and end where the same
    actions played on a pickled copy end."""
    definition = registry.get_game(game)
    positions = 0
    for seed in range(2):
        state = definition.new_game(min(definition.min_players + seed, definition.max_players))
        rng = random.Random(seed)
        while not state.is_terminal() and positions < 300 * (seed + 1):
            clone, before = state.clone(), json.dumps(state.to_canonical())
            assert clone is not state and json.dumps(clone.to_canonical()) == before
            pickled = pickle.loads(pickle.dumps(state))
            ahead, alike = random.Random(positions), random.Random(positions)
            for _ in range(6):
                if clone.is_terminal():
                    break
                _step(clone, ahead)
                _step(pickled, alike)
            assert json.dumps(state.to_canonical()) == before
            assert json.dumps(clone.to_canonical()) == json.dumps(pickled.to_canonical())
            _step(state, rng)
            positions += 1
    assert positions > 100


def test_a_state_that_does_not_pickle_is_cloned() -> None:
    state = _midgame("notre_dame", 10)
    state.unpicklable = lambda: None  # a lambda cannot be pickled
    assert Copier.for_state(state).snapshot is False
    copier = Copier(snapshot=True)  # chosen on a state that pickled, then one that does not
    copy = next(copier.copies(state))
    assert copier.snapshot is False and copy.to_canonical() == state.to_canonical()


class _Often(Counter):
    """Counts in which every rule and kind has been seen often: no trial scores the top."""

    def __missing__(self, key: object) -> int:
        return 1_000


def test_the_shadow_spent_on_the_last_trial_cannot_follow_another_action() -> None:
    definition = registry.get_game("villagers")
    guide = RuleGuide(["X"], seed="spent", uniform_every=0, share=1.0)
    guide.counts, guide.taken = _Often(), _Often()
    guide.start("villagers", definition.min_players, None)
    state = definition.new_game(definition.min_players)
    while "chance" in state.to_act() or len(state.legal_actions()) < 3:
        actions = ([a for a, _ in state.chance_outcomes()] if "chance" in state.to_act()
                   else state.legal_actions())  # fmt: skip
        state.apply(actions[0])
        guide.observe(actions[0])
    actions = state.legal_actions()
    index = guide.choose(actions, lambda count: 0)
    assert guide._spent  # every trial ran, the last on the shadow
    other = next(i for i in range(len(actions)) if i != index)
    guide.observe(actions[other])
    assert guide._shadow is None  # uniform for the rest of the game
    assert guide.choose(actions, lambda count: 1) == 1
