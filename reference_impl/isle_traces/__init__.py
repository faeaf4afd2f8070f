"""Isle Traces: Isle Side (ノルカソルカ): reference engine. See spec/isle_traces/rules.yaml."""

from __future__ import annotations

from reference_impl.isle_traces.game import IsleTracesGame
from reference_impl.own_unit import own_unit

GAME = IsleTracesGame()

__all__ = ["GAME", "UNIT"]

#: the game's one registration (rulespec's pyproject.toml, group rulespec.games)
UNIT = own_unit("isle_traces", "Isle Traces: Isle Side", steps=True, step_cost=1.5)
