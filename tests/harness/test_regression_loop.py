"""The regression loop (issue 29): a folder of scenarios written by ``rulespec check --level
differential`` and by ``rulespec campaign`` (and a hand-edited copy beside them) runs again
with ``rulespec check --features DIR`` and with ``pytest --rulespec-features DIR``: each
scenario is attributed to its game and its rule tags, fails on the engine that lied and
passes on the reference. The same loop from an installed wheel is in
``tests/install/test_wheel.py``."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from conformance.campaign.driver import CampaignSummary
from conformance.campaign.report import write_scenarios
from conformance.campaign.shards import Shard
from conformance.campaign.worker import run_shard
from conformance.engine.client import InProcessClient
from tests.support.checkout import CHECKOUT as ROOT

RULESPEC = [sys.executable, "-c", "from conformance.cli import main; main()"]
#: every state reply says one round more: a divergence at the start of every game
LIAR = f"{sys.executable} {ROOT / 'tests' / 'fauxengines' / 'faux.py'} lie-state round"
REFERENCE = f"{sys.executable} -m reference_impl.server"
#: every outcome reply gives the first player one point more
WRONG_SCORE = f"{sys.executable} {ROOT / 'tests' / 'fauxengines' / 'faux.py'} wrong-score"
TAG = re.compile(r"@(\S+)")


def _rulespec(*args: str | Path, cwd: Path = ROOT) -> subprocess.CompletedProcess[str]:
    return subprocess.run([*RULESPEC, *map(str, args)], cwd=cwd, capture_output=True,
                          text=True, timeout=600)  # fmt: skip


@pytest.fixture(scope="module")
def folder(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """``out/regressions/<game>/``: what ``check --level differential --emit-dir`` wrote for
    Notre Dame (2-5 players) and Villagers, what a campaign's shard wrote for Notre Dame
    (``campaign --out out``), and, in a folder of the user's naming, a hand-edited copy and
    a scenario starting from a whole state (as one from a scenario's position is written)."""
    out = tmp_path_factory.mktemp("loop") / "out"
    folder = out / "regressions"
    emitted = _rulespec("check", "--level", "differential", "-g", "notre_dame", "-g",
                        "villagers", "--examples", "1", "--engine", LIAR,
                        "--blame-seconds", "0", "--emit-dir", folder)  # fmt: skip
    assert emitted.returncode == 1, emitted.stdout[-3000:] + emitted.stderr[-3000:]
    shard = Shard.parse("notre_dame-3p-s0-n1")
    found = run_shard(shard, LIAR, cwd=str(ROOT), shrink_seconds=5)
    assert found.divergence is not None, found.message
    write_scenarios(CampaignSummary(results={shard.id: found}), out)
    edited = folder / "mine" / "edited.feature"
    edited.parent.mkdir()
    text = (folder / "villagers" / "differential_villagers_1p.feature").read_text("utf-8")
    text = re.sub(r"Scenario: .*", "Scenario: My copy of the Villagers divergence", text)
    edited.write_text(text.replace("  Scenario:", "  @wip\n  Scenario:", 1), "utf-8")
    # as the differential level writes a game it started from a scenario's position
    reference = InProcessClient()
    reference.handshake()
    state = json.dumps(reference.new_game("notre_dame", 2))
    (folder / "mine" / "from_a_state.feature").write_text(
        "Feature: A position of my own\n\n  @ND-SETUP-BOARD\n  Scenario: From a whole state\n"
        f'    Given the state:\n      """\n      {state}\n      """\n'
        '    Then "round" is 1\n',
        "utf-8",
    )
    return folder


def _written(folder: Path) -> dict[str, tuple[str, list[str]]]:
    """File name -> (game, rule tags) of every file in the folder (one scenario each; the
    names of start divergences are the same in every file)."""
    expected = {}
    for path in sorted(folder.rglob("*.feature")):
        text = path.read_text("utf-8")
        assert text.count("Scenario:") == 1, text
        game = re.search(r'Given a new "(\w+)" game', text) or re.search(r'"game": "(\w+)"', text)
        assert game is not None, text
        tags = [t for t in TAG.findall(text) if re.fullmatch(r"[A-Z]{2,4}(-[A-Z0-9]+)+", t)]
        expected[path.name] = (game.group(1), sorted(tags))
    return expected


def _regressions(report: Path) -> list[dict[str, Any]]:
    lines = [json.loads(line) for line in report.read_text("utf-8").splitlines()]
    return [r for r in lines if r.get("type", "result") == "result"
            and "level_regressions.py" in r["test"]]  # fmt: skip


def _rules(folder: Path) -> list[str]:
    found = sorted({rule for _, rules in _written(folder).values() for rule in rules})
    return [arg for rule in found for arg in ("--rule", rule)]


def test_the_folder_holds_every_kind_of_file(folder: Path) -> None:
    names = sorted(str(p.relative_to(folder)) for p in folder.rglob("*.feature"))
    assert names == ["mine/edited.feature", "mine/from_a_state.feature",
                     "notre_dame/campaign_notre_dame-3p-s0-n1.feature",
                     *(f"notre_dame/differential_notre_dame_{n}p.feature" for n in (2, 3, 4, 5)),
                     "villagers/differential_villagers_1p.feature"]  # fmt: skip
    assert len(_written(folder)) == len(names)


def test_check_features_fails_on_the_liar_attributed_to_game_and_rules(
    folder: Path, tmp_path: Path
) -> None:
    """With ``-g``: each scenario of the folder pinning the rules asked for fails, under its
    game and its rule tags (the campaign's under the game's first setup rule, where no
    evidence blamed one)."""
    report = tmp_path / "run.jsonl"
    run = _rulespec("check", "--features", folder, "-g", "notre_dame", "-g", "villagers",
                    *_rules(folder), "--engine", LIAR, "--report", report)  # fmt: skip
    assert run.returncode == 1, run.stdout[-3000:] + run.stderr[-3000:]
    results = _regressions(report)
    expected = {name: found for name, found in _written(folder).items() if found[1]}
    assert {Path(r["feature"]).name: (r["game"], r["rules"]) for r in results} == expected
    assert {r["status"] for r in results} == {"failed"}
    assert "round: expected 1, got 2" in run.stdout


def test_check_features_passes_on_the_reference_without_a_game(
    folder: Path, tmp_path: Path
) -> None:
    report = tmp_path / "run.jsonl"
    run = _rulespec("check", "--features", folder, *_rules(folder), "--engine", REFERENCE,
                    "--report", report)  # fmt: skip
    assert run.returncode == 0, run.stdout[-3000:] + run.stderr[-3000:]
    results = _regressions(report)
    assert len(results) == len(_written(folder))  # the campaign's too: filed under a rule
    assert {r["status"] for r in results} == {"passed"}
    assert "no catalogue" not in run.stdout + run.stderr


@pytest.mark.parametrize(("engine", "status"), [(LIAR, 1), (REFERENCE, 0)])
def test_pytest_rulespec_features_runs_the_folder_from_an_author_folder(
    folder: Path, tmp_path: Path, engine: str, status: int
) -> None:
    """``pytest --rulespec-suite --rulespec-features DIR`` from a folder of the user's (the
    plugin from its entry point): every scenario of the folder is collected and judged."""
    report = tmp_path / "run.jsonl"
    run = subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "--rulespec-suite",
         "--rulespec-features", str(folder), "-k", "level_regressions", "--engine", engine,
         "--rulespec-report", str(report)],
        cwd=tmp_path, capture_output=True, text=True, timeout=600,
    )  # fmt: skip
    assert run.returncode == status, run.stdout[-3000:] + run.stderr[-3000:]
    results = _regressions(report)
    assert {Path(r["feature"]).name: (r["game"], r["rules"]) for r in results} == _written(folder)
    assert {r["status"] for r in results} == {"failed" if status else "passed"}


def test_a_scenario_whose_game_cannot_be_told_is_still_reported(tmp_path: Path) -> None:
    """A hand-written file naming no game the harness knows is reported (skipped: the
    engine does not declare it) under game ``?``, never a usage error for want of a
    catalogue."""
    folder = tmp_path / "odd"
    folder.mkdir()
    (folder / "odd.feature").write_text(
        "Feature: odd\n  @VL-SETUP-SOLO\n  Scenario: A game no catalogue has\n"
        '    Given a new "chess" game with 2 players\n    Then "terminal" is false\n',
        "utf-8",
    )
    report = tmp_path / "run.jsonl"
    run = _rulespec("check", "--features", folder, "--rule", "VL-SETUP-SOLO", "-g", "villagers",
                    "--report", report)  # fmt: skip
    assert run.returncode == 0, run.stdout[-3000:] + run.stderr[-3000:]
    [odd] = _regressions(report)
    assert (odd["scenario"], odd["game"], odd["status"]) == (
        "A game no catalogue has",
        None,
        "skipped",
    )


@pytest.mark.parametrize(("engine", "status"), [(WRONG_SCORE, "failed"), (REFERENCE, "passed")])
def test_a_copy_of_a_bundled_feature_runs_with_its_games_own_steps(
    tmp_path: Path, engine: str, status: str
) -> None:
    """A user's copy of a bundled Gnomeville feature (its towns drawn as grids: steps of
    Gnomeville's own, not the shared vocabulary) runs from a folder: every copied scenario
    is judged, never an error for a step the folder's module did not know."""
    from rulespec.resources import FEATURES_DIR

    folder = tmp_path / "mine"
    folder.mkdir()
    text = (FEATURES_DIR / "gnomeville" / "end.feature").read_text("utf-8")
    (folder / "end_copy.feature").write_text(text.replace("Feature:", "Feature: (copy)", 1))
    report = tmp_path / "run.jsonl"
    run = _rulespec("check", "--features", folder, "-g", "gnomeville", "--rule",
                    "GV-END-EX-SWORDS", "--engine", engine, "--report", report)  # fmt: skip
    assert run.returncode == (status == "failed"), run.stdout[-3000:] + run.stderr[-3000:]
    copied = [r for r in _regressions(report) if Path(r["feature"]).name == "end_copy.feature"]
    assert len(copied) == text.count("@GV-END-EX-SWORDS") >= 3, copied
    assert {(r["game"], r["status"]) for r in copied} == {("gnomeville", status)}
