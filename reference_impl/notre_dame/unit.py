"""The game"s one registration (rulespec"s ``pyproject.toml``, group ``rulespec.games``).

A module of its own, so that the registry can load it while the engine package is still
being imported (the engine looks its spec folder up through the registry as it loads).
"""

from reference_impl.own_unit import own_unit

UNIT = own_unit("notre_dame", "Notre Dame: 10th Anniversary", step_cost=1.0)
