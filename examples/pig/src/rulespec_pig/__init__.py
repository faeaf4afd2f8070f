"""Pig, the dice game, as a rulespec game package: its rulebook, catalogue, scenarios,
reference engine, invariants, proofs and renderer.

``UNIT`` is the game's one registration (``pyproject.toml``, entry-point group
``rulespec.games``): ``pip install examples/pig`` and ``rulespec check --game pig`` judge the
reference engine against the scenarios; ``rulespec check --game pig -- CMD`` judges yours.
"""

from __future__ import annotations

from importlib.resources import files

from rulespec.games import GameUnit

_HERE = files(__name__)

UNIT = GameUnit(
    id="pig",
    title="Pig",
    engine="rulespec_pig.engine",
    spec=_HERE / "spec",
    features=_HERE / "features",
    invariants="rulespec_pig.invariants",
    proofs="rulespec_pig.proofs.test_pig_proofs",
    renderer="rulespec_pig.render",
    perft=_HERE / "spec" / "pig.perft",
    perft_depth=5,
    rulebooks=_HERE / "rulebooks",
    step_cost=0.2,
)

__all__ = ["UNIT"]
