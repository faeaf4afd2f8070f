"""NEOM ``load``: positions the rules cannot reach are refused, naming the field."""

from __future__ import annotations

import pytest

from reference_impl.core import IllegalAction, MalformedInput
from reference_impl.neom import GAME


def _act_position_with_unacted_disaster_selector() -> dict:
    """Issue 16: seat 0 selected the fire but is marked as still to act."""
    canonical = GAME.new_game(3, setup={"boards": ["oil", "ore", "sand"]}).to_canonical()
    canonical.update(phase="act", generation=1)
    canonical["players"][0]["selected"] = "g1-fire"
    canonical["players"][1]["acted"] = True
    canonical["players"][2]["acted"] = True
    return canonical


def test_a_disaster_selector_still_to_act_is_refused() -> None:
    """NM-DISASTER-SELECTOR: selecting a disaster is the whole turn, so such a seat has acted."""
    with pytest.raises(MalformedInput, match=r"players\.0\.acted"):
        GAME.load(_act_position_with_unacted_disaster_selector())


def test_the_disaster_selector_sale_does_not_depend_on_a_prior_listing() -> None:
    """Issue 16: the reachable position (acted) refuses the sale with or without a listing."""
    canonical = _act_position_with_unacted_disaster_selector()
    canonical["players"][0]["acted"] = True
    canonical["players"][1]["acted"] = False
    canonical["players"][1]["selected"] = "g1-farm"
    answers = []
    for ask_first in (False, True):
        state = GAME.load(canonical)
        if ask_first:
            legal = state.legal_actions()
            assert all(a["actor"] != 0 for a in legal)
            assert {"actor": 1, "type": "sell"} in legal
        with pytest.raises(IllegalAction) as caught:
            state.apply({"actor": 0, "type": "sell"})
        answers.append(caught.value.rule)
        assert state.to_canonical() == GAME.load(canonical).to_canonical()
    assert answers == ["NM-DISASTER-SELECTOR", "NM-DISASTER-SELECTOR"]
