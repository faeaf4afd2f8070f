"""Notre Dame (10th anniversary), the reference engine. ``GAME`` is its definition."""

from __future__ import annotations

from reference_impl.notre_dame.game import NotreDameGame
from reference_impl.own_unit import own_unit

GAME = NotreDameGame()

__all__ = ["GAME", "UNIT"]

#: the game's one registration (rulespec's pyproject.toml, group rulespec.games)
UNIT = own_unit("notre_dame", "Notre Dame: 10th Anniversary", step_cost=1.0)
