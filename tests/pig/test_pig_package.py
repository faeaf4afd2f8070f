"""Pig (``examples/pig``), a game package outside rulespec's own, judged as CI judges it:
``rulespec check`` in-process and served, ``--level all``, a mutation sample and a campaign.

CI installs it (``.ci/run``: ``pip install examples/pig``); where the folder is absent or the
package is not installed, every test here skips and says why. Nothing of rulespec names Pig:
it is found through its registration (entry-point group ``rulespec.games``).
"""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

from rulespec import games
from tests.support.checkout import CHECKOUT

PIG = CHECKOUT / "examples" / "pig"
RULESPEC = [sys.executable, "-c", "from conformance.cli import main; main()"]
SERVE = f"{sys.executable} -m reference_impl.server"

if not (PIG / "pyproject.toml").is_file():
    pytest.skip("examples/pig is absent from this checkout", allow_module_level=True)
if not games.is_registered("pig"):
    pytest.skip("Pig is not installed: pip install examples/pig (as .ci/run does)",
                allow_module_level=True)  # fmt: skip


def rulespec(*args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run([*RULESPEC, *args], cwd=cwd, capture_output=True, text=True,
                          timeout=900)  # fmt: skip


def _summary(done: subprocess.CompletedProcess[str]) -> str:
    return done.stdout.strip().splitlines()[-1] if done.stdout.strip() else done.stderr


def test_pig_is_registered_from_its_own_package() -> None:
    unit = games.unit("pig")
    assert unit.engine.startswith("rulespec_pig") and unit.spec_dir.is_dir()
    assert not unit.spec_dir.is_relative_to(CHECKOUT / "spec")  # its own spec folder


@pytest.mark.parametrize("served", [False, True], ids=["in-process", "served"])
def test_check_passes_every_pig_scenario(served: bool, tmp_path: Path) -> None:
    engine = ["--engine", SERVE] if served else []
    done = rulespec("check", "--game", "pig", "--level", "scenarios", *engine, cwd=tmp_path)
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-2000:]
    assert _summary(done).endswith(" failed") and " 0 failed" in _summary(done)
    assert "pig: rules 21, passing 21" in done.stdout  # the catalogue's 21 rules, all pinned


@pytest.mark.slow
def test_check_level_all_passes_for_pig(tmp_path: Path) -> None:
    done = rulespec("check", "--game", "pig", "--level", "all", "--budget", "2", cwd=tmp_path)
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-2000:]
    assert "invariants passed" in done.stdout and "differential passed" in done.stdout


@pytest.mark.slow
def test_a_mutation_sample_of_the_pig_engine_is_killed(tmp_path: Path) -> None:
    """A sample of mutants of ``rulespec_pig.engine`` (the unit's engine package): each
    killed or triaged equivalent in examples/pig's mutants.yaml (exit 0)."""
    done = rulespec("mutate", "pig", "--sample", "3", "--no-cache", cwd=tmp_path)
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-2000:]
    assert "PIG-" in done.stdout


@pytest.mark.slow
def test_a_campaign_against_the_served_pig_finds_no_divergence(tmp_path: Path) -> None:
    done = rulespec("campaign", "pig", "--engine", SERVE, "--games", "4", "--workers", "1",
                    "--budget", "60s", "--out", str(tmp_path / "out"), cwd=tmp_path)  # fmt: skip
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-2000:]
    assert "4 games" in done.stdout and "stopped: game budget of 4 reached" in done.stdout


#: Pig served with one rule broken: a hold banks one point more than the turn total
HOLDS_ONE_MORE = """
import sys
from rulespec_pig.engine import rules
right = rules.after_hold
rules.after_hold = lambda score, turn_total: right(score, turn_total) + 1
from reference_impl.server import main
sys.exit(main())
"""


def test_a_divergence_in_pigs_engine_is_blamed_on_the_rule_its_own_code_names(
    tmp_path: Path,
) -> None:
    """The attribution traces the game's own package (``rulespec_pig``), not rulespec's
    reference folder: the differing score is written from the value PIG-HOLD's code computes
    (traced in rulespec's folder only, the blame had no such evidence)."""
    engine = tmp_path / "holds_one_more.py"
    engine.write_text(HOLDS_ONE_MORE, "utf-8")
    done = rulespec("check", "--game", "pig", "--level", "differential", "--examples", "1",
                    "--engine", f"{sys.executable} {engine}", cwd=tmp_path)  # fmt: skip
    assert done.returncode == 1, done.stdout[-3000:] + done.stderr[-2000:]
    assert "failed PIG-HOLD" in done.stdout, done.stdout[-3000:]
    assert re.search(r"blamed on PIG-HOLD: scores\.0 is written .*(by PIG-HOLD|PIG-HOLD's code)",
                     done.stdout), done.stdout[-3000:]  # fmt: skip


def test_coverage_by_assertions_traces_pigs_own_package(tmp_path: Path) -> None:
    done = rulespec("coverage", "--by-assertions", "-g", "pig", cwd=tmp_path)
    assert done.returncode in (0, 1), done.stdout[-3000:] + done.stderr[-2000:]
    found = re.search(r"pig: scenarios \d+, checked paths (\d+), written by their actions (\d+)",
                      done.stdout)  # fmt: skip
    assert found and int(found[2]) > 0, done.stdout
