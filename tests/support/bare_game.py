"""A registered game with nothing optional: the toy tic-tac-toe's engine, no steps,
invariants, proofs, renderer, errata, recorded games or perft vector (tests/test_games.py
registers it for one test at a time)."""

from __future__ import annotations

from pathlib import Path

from rulespec.games import GameUnit

HERE = Path(__file__).resolve().parent

UNIT = GameUnit(
    id="toy",
    title="Coin tic-tac-toe",
    engine="tests.support.toy",
    spec=HERE / "bare_game_spec",
    features=HERE / "bare_game_features",
)
NOT_A_UNIT = {"id": "toy"}
