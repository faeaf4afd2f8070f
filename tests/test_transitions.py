"""Transition invariants judge a step (before, action, after) and can fail."""

from __future__ import annotations

from conformance.invariants import for_game
from conformance.invariants.gnomeville import HEDGES


def _state(space: list[int] | None, score: int) -> dict:
    gnome = {"space": space}
    return {"players": [{"board": "maizeville", "score": score, "gnomes": [gnome]}]}


def test_a_step_across_a_maizeville_hedge_and_a_falling_score_are_flagged() -> None:
    a, b = sorted(next(iter(HEDGES["maizeville"])))
    transitions = {t.name: t for t in for_game("gnomeville").transitions}
    step = {"actor": 0, "type": "step", "gnome": 0, "dir": "S"}
    crossing = transitions["no gnome steps across a hedge"]
    assert crossing.problems(_state(list(a), 0), step, _state(list(b), 0))
    assert not crossing.problems(_state(list(a), 0), step, _state(list(a), 0))
    falling = transitions["scores never decrease"]
    assert falling.problems(_state(None, 5), step, _state(None, 4))
    assert not falling.problems(_state(None, 5), step, _state(None, 7))
