"""Differential play finds a drifting engine, shrinks the trace, attributes it, and writes a
scenario where the user works (never into the source tree) that passes on the reference
and fails on the broken engine; rule-guided play finds a bug in a rule uniform play seldom
reaches (issue 15)."""

from __future__ import annotations

import ast
import json
import re
import subprocess
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from conformance.levels.differential import differences
from rulespec.resources import FEATURES_DIR, ROOT
from tests.support.child_pytest import lean_command, lean_environment, pytest_run

DRIFT = f"{sys.executable} -m tests.fauxengines.faux drift players.1.coins:12"
ARMORY = f"{sys.executable} -m tests.harness.rare_rule_engine"
LEVEL = str(ROOT / "conformance/suite/level_differential.py")
REGRESSIONS = str(ROOT / "conformance/suite/level_regressions.py")


def test_differences_name_every_leaf_path() -> None:
    expected = {"a": 1, "b": [1, 2], "c": {"d": "x"}}
    actual = {"a": 1, "b": [1, 3], "c": {"d": "y", "e": 0}}
    paths = [path for path, _, _ in differences(expected, actual)]
    assert paths == ["b.1", "c.d", "c.e"]


def test_a_long_differing_value_is_cut_on_the_console_and_kept_whole_in_the_scenario() -> None:
    """A whole deck differing (Isle Traces' 27 cards, each with its faces) is shown to its
    first characters and its length; the divergence keeps every value for the scenario."""
    from conformance.levels.differential import SHOWN_CHARACTERS, Divergence, _describe

    deck = [{"id": n, "faces": [["plains/creature5", "mountain"] * 3] * 2} for n in range(27)]
    diffs = differences({"deck": deck}, {"deck": deck[:18]})
    text = _describe(diffs)
    whole = len(json.dumps(deck, ensure_ascii=False))
    assert f"… ({whole:,} characters)" in text and len(text) < 3 * SHOWN_CHARACTERS
    divergence = Divergence("isle_traces", 2, {}, [], "start", text, first="deck",
                            expected={"deck": deck}, values=(deck, deck[:18]))  # fmt: skip
    assert divergence.expected["deck"] == deck and "characters)" in divergence.headline()
    assert _describe([("coins", 3, 4)]) == "  coins: reference 3, candidate 4"


def test_a_drifting_engine_is_caught_shrunk_and_written_where_the_user_works(
    tmp_path: Path,
) -> None:
    """No --rulespec-emit-dir: the scenario goes to ./rulespec-regressions/<game>/ of the
    directory pytest runs in, and a folder of such scenarios runs against any engine."""
    run = subprocess.run(
        lean_command(LEVEL, "-c", str(ROOT / "pyproject.toml"), "--rootdir", str(ROOT),
                     "-k", "notre_dame-2p", "--engine", DRIFT, "--rulespec-examples", "3",
                     "--rulespec-shrink-seconds", "20", "--rulespec-reproduce-seconds", "0"),
        cwd=tmp_path, capture_output=True, text=True, timeout=600,
        env=lean_environment(PYTHONPATH=str(ROOT)),  # the fake engine runs here too
    )  # fmt: skip
    assert run.returncode == 1, run.stdout[-2000:]
    assert "candidate diverges from the reference (state) after 12 actions" in run.stdout
    assert re.search(
        r"step 12 \(.*\): state differs at players\.1\.coins: reference \d+, "
        r"candidate \d+",
        run.stdout,
    )  # the console names step, action, values
    folder = tmp_path / "rulespec-regressions"
    written = folder / "notre_dame" / "differential_notre_dame_2p.feature"
    text = written.read_text()
    steps = [line for line in text.splitlines() if not line.lstrip().startswith("#")]
    assert sum(line.count('{"actor"') for line in steps) == 12
    assert "players.1.coins = " in text
    assert not (FEATURES_DIR / "notre_dame" / "regressions").exists()

    assert pytest_run(REGRESSIONS, "--rulespec-features", str(folder)).returncode == 0
    broken = pytest_run(REGRESSIONS, "--rulespec-features", str(folder), "--engine", DRIFT)
    assert broken.returncode == 1
    assert "players.1.coins: expected" in broken.stdout


@pytest.mark.parametrize(
    ("mode", "told"),
    [
        ("lie-reply round", "the state the engine's new_game reply carried and the state "
                            "`state` returned right after it differ:\n  round: the reply 2, "
                            "`state` 1"),
        ("drop-legal-reply", "the legal actions the engine's apply reply carried and the "
                             "legal_actions request right after it differ, in {"),
    ],
)  # fmt: skip
def test_an_engine_whose_replies_and_requests_disagree_is_a_protocol_error(
    tmp_path: Path, mode: str, told: str
) -> None:
    """A reply's state (or an apply reply's listing) that differs from the reference's is
    checked against what ``state`` (``legal_actions``) then returns: an engine that answers
    the two from different code is a protocol error, never a divergence whose written
    scenario (it asks ``state`` and ``legal_actions``) would pass on it."""
    emit = tmp_path / "emit"
    liar = f"{sys.executable} {ROOT / 'tests' / 'fauxengines' / 'faux.py'} {mode}"
    run = pytest_run(LEVEL, "-k", "notre_dame-2p", "--engine", liar, "--rulespec-examples",
                     "1", "--rulespec-emit-dir", str(emit))  # fmt: skip
    assert run.returncode == 1, run.stdout[-3000:]
    assert told in run.stdout, run.stdout[-3000:]
    assert not emit.exists()  # nothing written: no scenario would reproduce it


def test_a_missing_feature_folder_is_named() -> None:
    run = pytest_run(REGRESSIONS, "--rulespec-features", "no/such/folder")
    assert run.returncode != 0
    assert "--rulespec-features no/such/folder: no such file or folder" in run.stdout + run.stderr


def test_rule_guided_play_finds_a_bug_in_a_rule_uniform_play_seldom_reaches(
    tmp_path: Path,
) -> None:
    """The armory (GV-BLDG-ARMORY) fires in about 1 uniformly random 2-player game in 300
    (``rulespec firing`` figures, see ``tests/harness/rare_rule_engine.py``); the guided
    campaign (seed 0) reaches the bug in its seventh game (since GV-BLDG-OPTIONAL made the
    armory's effect a choice, the sword needs a ``use`` too). Ten games fit the default
    gnomeville budget (6 s per configuration) at about 350 lockstep steps/s; the test fixes
    the count (``--rulespec-examples 10``) so its cost and its outcome do not depend on the
    machine's load, and gives shrinking 5 s."""
    emit, junit = tmp_path / "emit", tmp_path / "junit.xml"
    run = pytest_run(
        LEVEL, "-k", "gnomeville-2p", "--engine", ARMORY, "--rulespec-examples", "10",
        "--rulespec-shrink-seconds", "5", "--rulespec-emit-dir", str(emit),
        "--rulespec-reproduce-seconds", "0", "--junitxml", str(junit),
    )  # fmt: skip
    assert run.returncode == 1, run.stdout[-2000:]
    assert re.search(r"state differs at players\.\d\.gnomes\.\d\.sword", run.stdout)
    assert "blamed on GV-BLDG-ARMORY: " in run.stdout
    # the evidence: the probe's kill signature, then who wrote the part that differs
    assert re.search(r"fails exactly the \d+ scenarios this engine fails", run.stdout)
    assert re.search(r"players\.\d\.gnomes\.\d\.sword is written by GV-BLDG-ARMORY", run.stdout)
    written = emit / "gnomeville" / "differential_gnomeville_2p.feature"
    assert "@GV-BLDG-ARMORY" in written.read_text()
    properties = [(p.get("name"), p.get("value")) for p in ET.parse(junit).iter("property")]
    rules = [ast.literal_eval(value) for name, value in properties if name == "rules"]
    assert rules[-1] == ["GV-BLDG-ARMORY"]  # the result counts against the primary rule only
    [stats] = [ast.literal_eval(value) for name, value in properties if name == "stats"]
    assert "GV-BLDG-ARMORY" in stats["divergence"]["rules"]
    assert stats["games"] <= 10 and stats["divergence"]["kind"] == "state"
