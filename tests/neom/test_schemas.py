"""The published NEOM schemas: every property described, and the engine agreeing with them."""

from __future__ import annotations

import json
import random
from typing import Any

import jsonschema
import pytest

from reference_impl.core import CHANCE, IllegalAction, sample_chance
from reference_impl.neom import GAME
from rulespec.resources import SPEC_DIR

SCHEMAS = {
    name: json.loads((SPEC_DIR / "neom" / f"{name}.schema.json").read_text(encoding="utf-8"))
    for name in ("state", "action")
}


def _undescribed(node: Any, path: str) -> list[str]:
    out = []
    if isinstance(node, dict):
        for name, sub in node.get("properties", {}).items():
            if not isinstance(sub, dict) or not sub.get("description"):
                out.append(f"{path}.{name}")
        for key, sub in node.items():
            out += _undescribed(sub, f"{path}.{key}")
    elif isinstance(node, list):
        for i, sub in enumerate(node):
            out += _undescribed(sub, f"{path}.{i}")
    return out


@pytest.mark.parametrize("name", sorted(SCHEMAS))
def test_every_property_is_described(name: str) -> None:
    """Issue 19.6: an outside author implements from these descriptions."""
    assert _undescribed(SCHEMAS[name], name) == []


def test_a_rotated_placement_is_well_formed_and_illegal() -> None:
    """The action schema admits any integer rotation, as the engine does: it is refused as
    illegal citing NM-PLACE-NOROTATE, not as malformed (features/neom/place.feature)."""
    action = {"actor": 0, "type": "place", "x": 2, "y": 1, "rotation": 90}
    jsonschema.validate(action, SCHEMAS["action"])
    state = GAME.new_game(2, setup={"boards": ["oil", "ore"]})
    rng = random.Random(3)
    while state.phase != "act":
        if CHANCE in state.to_act():
            state.apply(sample_chance(state, rng))
        else:
            state.apply(state.legal_actions()[0])
    seat = state.to_act()[0]
    with pytest.raises(IllegalAction) as caught:
        state.apply({**action, "actor": seat, "tile": state.players[seat].selected})
    assert caught.value.rule == "NM-PLACE-NOROTATE"
