"""Differential play finds a drifting engine, shrinks the trace, and writes a scenario
that passes on the reference and fails on the broken engine."""

from __future__ import annotations

import sys
from pathlib import Path

from conformance.levels.differential import differences
from rulespec.resources import ROOT
from tests.support.child_pytest import pytest_run

DRIFT = f"{sys.executable} -m tests.fauxengines.faux drift players.1.coins:12"


def test_differences_name_every_leaf_path() -> None:
    expected = {"a": 1, "b": [1, 2], "c": {"d": "x"}}
    actual = {"a": 1, "b": [1, 3], "c": {"d": "y", "e": 0}}
    paths = [path for path, _, _ in differences(expected, actual)]
    assert paths == ["b.1", "c.d", "c.e"]


def test_a_drifting_engine_is_caught_shrunk_and_written_as_a_scenario(tmp_path: Path) -> None:
    emit = tmp_path / "emit"
    run = pytest_run(
        str(ROOT / "conformance/suite/level_differential.py"), "-k", "notre_dame-2p",
        "--engine", DRIFT, "--rulespec-emit", str(emit), "--rulespec-examples", "3",
    )  # fmt: skip
    assert run.returncode == 1, run.stdout[-2000:]
    assert "candidate diverges from the reference (state) after 12 actions" in run.stdout
    written = emit / "notre_dame" / "differential_notre_dame_2p.feature"
    text = written.read_text()
    assert text.count('{"actor"') == 12
    assert "players.1.coins = " in text

    binding = tmp_path / "test_regression.py"
    binding.write_text(
        "from pytest_bdd import scenarios\n"
        "from conformance.steps.common import *  # noqa: F403\n"
        f"scenarios({str(written)!r})\n"
    )
    base = [str(binding), "--rootdir", str(ROOT), "-c", str(ROOT / "pyproject.toml")]
    assert pytest_run(*base).returncode == 0
    broken = pytest_run(*base, "--engine", DRIFT)
    assert broken.returncode == 1
    assert "players.1.coins: expected" in broken.stdout
