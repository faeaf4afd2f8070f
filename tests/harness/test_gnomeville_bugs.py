"""The harness catches deliberately broken Gnomeville engines (issue 8).

Each engine is the reference with one rule broken (``tests/fauxengines/gnomeville_bugs.py``),
served as a subprocess. The scenario suite fails the broken rule's scenarios; the invariant
level catches the fourth troll with a shrunk trace holding the rule id; differential play
catches every fault and writes the shrunk trace as a scenario. Random play never builds
three matching tiles in a row, so the lost tile is reached by steering: the choices come
from a reference game played towards an upgrade, then replayed in lockstep.
"""

from __future__ import annotations

import json
import re
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from conformance.engine.client import InProcessClient, SubprocessClient
from conformance.levels.differential import (
    Divergence,
    lockstep,
    replay_chooser,
    shrink,
    write_feature,
)
from rulespec.resources import ROOT
from tests.support.child_pytest import lean_command, lean_environment, pytest_run

SUITE = ROOT / "conformance" / "suite"


def engine(bug: str) -> str:
    return f"{sys.executable} -m tests.fauxengines.gnomeville_bugs {bug}"


@pytest.fixture(scope="module", autouse=True)
def fourth_troll_invariants() -> Iterator[subprocess.Popen[str]]:
    """The invariant level against the fourth-troll engine, started first and run beside the
    other tests (hypothesis shrinking through a subprocess takes most of a minute)."""
    run = subprocess.Popen(
        lean_command(str(SUITE / "level_invariants.py"), "--engine", engine("fourth-troll"),
                     "--rulespec-games", "gnomeville", "--rulespec-examples", "1",
                     "-k", "gnomeville-1p]"),
        cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
        env=lean_environment(),
    )  # fmt: skip
    yield run
    if run.poll() is None:
        run.kill()
    run.communicate()


def test_importing_the_faults_changes_nothing() -> None:
    from reference_impl.gnomeville import enemies, scoring
    from tests.fauxengines import gnomeville_bugs

    assert set(gnomeville_bugs.BUGS) == set(gnomeville_bugs.INSTALL)
    assert enemies.TROLL_CAP == 3
    assert scoring.event_points([3, 3], "fewest", 5, 2, True) == [4, 4]


@pytest.mark.parametrize(
    ("bug", "rule", "failing"),
    [
        ("fourth-troll", "GV-TROLL-CAP", 2),
        ("lost-tile", "GV-UPGRADE-STACK", 2),
        ("tie-round-down", "GV-EVENT-TIE-FIRST", 2),
    ],
)
def test_the_scenario_suite_fails_the_broken_rule(
    bug: str, rule: str, failing: int, tmp_path: Path
) -> None:
    report = tmp_path / "report.jsonl"
    run = pytest_run(
        str(SUITE / "test_games.py"), "--rulespec-games", "gnomeville",
        "--engine", engine(bug), "--rulespec-rule", rule,
        "--rulespec-report", str(report),
    )  # fmt: skip
    assert run.returncode == 1, run.stdout[-2000:]
    results = [json.loads(line) for line in report.read_text().splitlines()]
    failed = [r for r in results if r["status"] == "failed"]
    assert len(failed) >= failing, [(r["status"], r.get("message", "")[:200]) for r in results]
    assert all(rule in r["rules"] for r in failed)


@pytest.mark.parametrize(
    ("bug", "players", "expected"),
    [
        ("fourth-troll", 1, "GV-TROLL-CAP"),
        ("tie-round-down", 2, "GV-SCORE-EVENTS"),
    ],
)
def test_differential_play_catches_the_fault_and_writes_it_out(
    bug: str, players: int, expected: str, tmp_path: Path
) -> None:
    emit = tmp_path / "emit"
    run = pytest_run(
        str(SUITE / "level_differential.py"), "--engine", engine(bug),
        "-k", f"gnomeville-{players}p", "--rulespec-emit", str(emit), "--rulespec-examples", "3",
        "--rulespec-shrink-seconds", "3",  # a trace shrunk part way still reproduces the fault
        "--rulespec-reproduce-seconds", "0",  # the blame is the evidence, not the trials
    )  # fmt: skip
    assert run.returncode == 1, run.stdout[-2000:]
    assert "candidate diverges from the reference (state)" in run.stdout
    assert expected in run.stdout
    written = emit / "gnomeville" / f"differential_gnomeville_{players}p.feature"
    text = written.read_text()
    [primary] = re.findall(r"^ *blamed on ([A-Z]+(?:-[A-Z0-9]+)+):", run.stdout, re.M)[-1:]
    assert f"  @{primary}\n  Scenario:" in text  # tagged with the primary rule only
    assert expected in text  # the ranked alternatives are its comments

    binding = tmp_path / "test_regression.py"
    binding.write_text(
        "from pytest_bdd import scenarios\n"
        "from conformance.steps.common import *  # noqa: F403\n"
        f"scenarios({str(written)!r})\n"
    )
    base = [str(binding), "--rootdir", str(ROOT), "-c", str(ROOT / "pyproject.toml")]
    assert pytest_run(*base).returncode == 0
    assert pytest_run(*base, "--engine", engine(bug)).returncode == 1


def steered_to_an_upgrade() -> list[int]:
    """Choice indexes of a 2-player reference game in which player 0 draws markets and lays
    them in a row until they upgrade: what random play does not find on its own."""
    reference = InProcessClient()
    reference.handshake()
    reference.new_game("gnomeville", 2, None)
    choices: list[int] = []
    while True:
        actions: list[dict[str, Any]] = reference.legal_actions()["actions"]
        index = _steer(actions)
        choices.append(index)
        reference.apply(actions[index])
        if actions[index]["type"] == "upgrade":
            return choices


def _steer(actions: list[dict[str, Any]]) -> int:
    for wanted in (
        {"type": "upgrade"},
        {"type": "draw", "tile": "market"},
        {"type": "place", "actor": 0},
        {"type": "draw", "actor": 0},
    ):
        for i, action in enumerate(actions):
            if wanted.items() <= action.items():
                return i
    return 0


def test_differential_play_steered_to_an_upgrade_catches_a_lost_tile(tmp_path: Path) -> None:
    choices = steered_to_an_upgrade()
    reference = InProcessClient()
    reference.handshake()
    candidate = SubprocessClient(engine("lost-tile"), cwd=str(ROOT))
    candidate.handshake()
    try:
        taken: list[int] = []
        with pytest.raises(Divergence) as caught:
            lockstep(candidate, reference, "gnomeville", 2, None, replay_chooser(choices),
                     choices=taken)  # fmt: skip
        found = caught.value
        smaller = shrink(candidate, reference, found, taken, seconds=6)
    finally:
        candidate.close()
    assert found.kind == "state"
    assert found.actions[-1]["type"] == "upgrade"
    assert "GV-UPGRADE-STACK" in found.rules
    assert len(smaller.actions) <= len(found.actions)
    assert smaller.expected == {"players.0.stacks.0": ["market", "market", "market"]}
    text = write_feature(smaller, tmp_path, "GV-SETUP-BAG").read_text()
    assert f"  @{smaller.blamed().rules[0]}\n  Scenario:" in text  # the primary rule's tag
    assert "GV-UPGRADE-STACK" in text  # blamed (primary, or ranked in the comments)
    assert 'players.0.stacks.0 = ["market", "market", "market"]' in text


def test_the_invariant_level_catches_a_fourth_troll_with_a_shrunk_trace(
    fourth_troll_invariants: subprocess.Popen[str],
) -> None:
    stdout, _ = fourth_troll_invariants.communicate(timeout=300)
    assert fourth_troll_invariants.returncode == 1, stdout[-2000:]
    found = re.search(r"GV-TROLL-CAP: .*has 4 trolls in town\n.*after (\d+) actions:", stdout)
    assert found, stdout[-3000:]
    assert int(found.group(1)) <= 10  # shrunk to the card, a pass and the spawns
    assert '"type": "spawn", "what": "troll"' in stdout
