"""``rulespec new-game`` from a built wheel, in a fresh venv in a temporary folder: the
skeleton, installed with ``pip install DIR``, is a game every command handles, with no file
of rulespec edited (the journey of issue 33).

The venv: ``layered`` (tests/install/conftest.py), the skeleton installed in a venv of its
own on top of the session's wheel install.
"""

from __future__ import annotations

import json
import subprocess
from pathlib import Path

import pytest

from tests.install.conftest import NEW_GAME as GAME


def _rulespec(args: list[str], cwd: Path, env: dict[str, str]) -> subprocess.CompletedProcess:
    return subprocess.run(["rulespec", *args], cwd=cwd, env=env, capture_output=True, text=True,
                          timeout=600)  # fmt: skip


@pytest.mark.slow
def test_the_skeleton_checks_at_once_in_process_and_served(layered: tuple[Path, dict]) -> None:
    top, env = layered
    for engine in ([], ["--engine", "rulespec serve"]):
        done = _rulespec(["check", "--game", GAME, "--level", "scenarios", *engine], top, env)
        assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-2000:]
        assert f"{GAME}: rules 1, passing 1, other 0" in done.stdout
        assert done.stdout.strip().endswith("1 passed, 0 failed")


@pytest.mark.slow
def test_every_level_rules_coverage_and_show_handle_the_skeleton(
    layered: tuple[Path, dict],
) -> None:
    top, env = layered
    every = _rulespec(["check", "--game", GAME, "--level", "all", "--budget", "2"], top, env)
    assert every.returncode == 0, every.stdout[-3000:] + every.stderr[-2000:]
    assert "invariants passed" in every.stdout and "differential passed" in every.stdout
    rules = _rulespec(["rules", GAME], top, env)
    assert rules.returncode == 0 and rules.stdout.strip().endswith("1 rules"), rules.stdout
    covered = _rulespec(["coverage", "--game", GAME], top, env)
    assert covered.returncode == 0, covered.stdout + covered.stderr
    assert "uncovered 0" in covered.stdout
    assert "absent: proofs, errata, recorded games, perft vectors" in covered.stdout
    state = top / "state.json"  # rulebook line 4: seven stones; two taken, player 1 next
    state.write_text(
        json.dumps(
            {
                "game": GAME,
                "num_players": 2,
                "options": {},
                "to_act": [1],
                "terminal": False,
                "pile": 5,
                "current": 1,
                "winner": None,
            }
        )
    )
    shown = _rulespec(["show", GAME, str(state), "-o", str(top / "state.svg")], top, env)
    assert shown.returncode == 0, shown.stdout + shown.stderr
    assert "5 stones in the pile" in (top / "state.svg").read_text()
