"""Pig, the reference engine. ``GAME`` is its definition (reference_impl.core's API)."""

from __future__ import annotations

from rulespec_pig.engine.game import PigGame

GAME = PigGame()

__all__ = ["GAME"]
