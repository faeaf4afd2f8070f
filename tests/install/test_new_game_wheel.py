"""``rulespec new-game`` from a built wheel, in a fresh venv in a temporary folder: the
skeleton, installed with ``pip install DIR``, is a game every command handles, with no file
of rulespec edited (the journey of issue 33).

The venv is layered on the session's wheel install (``installed``, tests/install/conftest.py):
a new venv whose ``site-packages`` reaches the installed one's through a ``.pth`` file, with
rulespec's wheel installed again without its dependencies (its own ``rulespec`` command) and
the game package beside it, so the game never enters the venv the other tests share.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from tests.install.conftest import run

GAME = "stones"


def _site_packages(venv: Path) -> Path:
    return next((venv / "lib").glob("python3*/site-packages"))


@pytest.fixture(scope="module")
def layered(installed: tuple[Path, dict[str, str]], tmp_path_factory: pytest.TempPathFactory
            ) -> tuple[Path, dict[str, str]]:  # fmt: skip
    """(the folder to work in, the environment with the layered venv first on PATH)."""
    base, env = installed
    top = tmp_path_factory.mktemp("new-game")
    venv = top / "venv"
    run([sys.executable, "-m", "venv", "--without-pip", str(venv)], top, env)
    (_site_packages(venv) / "installed.pth").write_text(f"{_site_packages(base)}\n")
    wheel = next((base.parent / "dist").glob("rulespec-*.whl"))
    pip = [sys.executable, "-m", "pip", "--python", str(venv / "bin" / "python"), "install",
           "-q", "--no-compile"]  # fmt: skip
    run([*pip, "--no-deps", "--ignore-installed", str(wheel)], top, env)  # its own command
    layered_env = {**env, "PATH": f"{venv / 'bin'}:{env['PATH']}"}
    run(["rulespec", "new-game", GAME, str(top / GAME)], top, layered_env)
    run([*pip, "--no-deps", str(top / GAME)], top, layered_env)
    return top, layered_env


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
