"""Notre Dame (10th anniversary), the reference engine. ``GAME`` is its definition."""

from __future__ import annotations

from reference_impl.notre_dame.game import NotreDameGame

GAME = NotreDameGame()

__all__ = ["GAME"]
