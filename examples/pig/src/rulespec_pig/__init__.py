"""Pig, the dice game, as a rulespec game package: its rulebook, catalogue, scenarios,
reference engine, invariants, proofs and renderer (``rulespec check --game pig``)."""

from __future__ import annotations
