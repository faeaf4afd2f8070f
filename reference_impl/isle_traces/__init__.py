"""Isle Traces: Isle Side (ノルカソルカ): reference engine. See spec/isle_traces/rules.yaml."""

from __future__ import annotations

from reference_impl.isle_traces.game import IsleTracesGame

GAME = IsleTracesGame()

__all__ = ["GAME"]
