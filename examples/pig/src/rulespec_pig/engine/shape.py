"""The shape of a Pig action (``action.schema.json``), checked before any rule: an action
of another shape is malformed, not illegal."""

from __future__ import annotations

from typing import Any

from reference_impl.core import CHANCE, MalformedInput

PLAYER_TYPES = ("roll", "hold")
MAX_SEAT = 5


def _is_int(value: Any) -> bool:
    return type(value) is int


def check_shape(action: Any) -> None:
    """Raise MalformedInput naming what is wrong with ``action``'s shape."""
    if not isinstance(action, dict):
        raise MalformedInput(f"an action must be a JSON object, got {action!r}")
    for key in ("actor", "type"):
        if key not in action:
            raise MalformedInput(f"action {action!r} has no {key!r}")
    actor, kind = action["actor"], action["type"]
    if actor == CHANCE:
        if kind != "dice":
            raise MalformedInput(f"chance's action type is 'dice', not {kind!r}")
        extra = set(action) - {"actor", "type", "dice"}
        dice = action.get("dice")
        if extra:
            raise MalformedInput(f"a dice action has no field {sorted(extra)[0]!r}")
        if (
            not isinstance(dice, list)
            or not 1 <= len(dice) <= 2
            or not all(_is_int(d) and 1 <= d <= 6 for d in dice)
        ):
            raise MalformedInput(f"dice must list one or two faces 1..6, got {dice!r}")
        return
    if not _is_int(actor) or not 0 <= actor <= MAX_SEAT:
        raise MalformedInput(f"actor must be a seat 0..{MAX_SEAT} or 'chance', got {actor!r}")
    if kind not in PLAYER_TYPES:
        raise MalformedInput(f"a player's action type is 'roll' or 'hold', not {kind!r}")
    extra = set(action) - {"actor", "type"}
    if extra:
        raise MalformedInput(f"a {kind} action has no field {sorted(extra)[0]!r}")
