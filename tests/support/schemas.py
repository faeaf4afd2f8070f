"""Compiled validators of a game's data schemas (``spec/<game>/*.schema.json``) for the
engine tests, which check every state and action of whole games: jsonschema-rs, as the
harness uses, instead of the pure-Python validator (a large Isle Traces state took most of
a millisecond to check)."""

from __future__ import annotations

import json
from functools import cache
from typing import Any

import jsonschema_rs

from rulespec.resources import SPEC_DIR


@cache
def game_schema(game: str, name: str) -> Any:
    """The compiled validator of ``spec/<game>/<name>.schema.json`` (``.validate(x)`` raises
    ``jsonschema_rs.ValidationError`` naming the place)."""
    schema = json.loads((SPEC_DIR / game / f"{name}.schema.json").read_text(encoding="utf-8"))
    return jsonschema_rs.validator_for(schema)
