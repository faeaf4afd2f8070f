"""The Node.js example engine (``examples/notre_dame_js``): a third-party engine in another
language passes the scenario suite, and its documented deliberate bug (``--bug``), which the
scenarios miss, is found by differential play, shrunk, and written as a Gherkin scenario
that passes on the reference and fails on the buggy engine."""

from __future__ import annotations

import shlex
import shutil
from pathlib import Path

import pytest

from conformance.cli.check import run_scenarios
from rulespec.resources import ROOT
from tests.support.child_pytest import pytest_run

NODE = shutil.which("node")
ENGINE_JS = ROOT / "examples" / "notre_dame_js" / "engine.js"
ENGINE = shlex.join([NODE or "node", str(ENGINE_JS)])
BUGGY = f"{ENGINE} --bug"

pytestmark = pytest.mark.skipif(
    NODE is None, reason="node (Node.js 20) is not installed: the example engine needs it"
)


def test_the_node_engine_passes_the_scenario_suite_and_the_bug_slips_through() -> None:
    correct = run_scenarios(["notre_dame"], ENGINE)
    counts = correct.counts()
    assert correct.exit_code == 0, correct.log[-3000:]
    assert correct.engine is not None and correct.engine["language"] == "javascript"
    assert counts["passed"] > 100 and set(counts) == {"passed"}, counts
    # the deliberate bug is one no hand-written scenario anticipated
    buggy = run_scenarios(["notre_dame"], BUGGY)
    assert buggy.exit_code == 0, buggy.log[-3000:]
    assert buggy.counts() == counts


def test_differential_play_finds_the_bug_and_shrinks_it_to_a_scenario(tmp_path: Path) -> None:
    emit = tmp_path / "emit"
    run = pytest_run(
        str(ROOT / "conformance/suite/level_differential.py"), "-k", "notre_dame-2p",
        "--engine", BUGGY, "--rulespec-emit", str(emit), "--rulespec-examples", "3",
        "--rulespec-reproduce-seconds", "0",
    )  # fmt: skip
    assert run.returncode == 1, run.stdout[-3000:]
    assert "candidate diverges from the reference (legal)" in run.stdout, run.stdout[-3000:]
    written = emit / "notre_dame" / "differential_notre_dame_2p.feature"
    text = written.read_text(encoding="utf-8")
    actions = text.count('{"actor"')
    assert 0 < actions <= 40, text  # shrunk: a short trace, not a whole game
    assert "Then the legal actions include:" in text
    assert '"area": "carriage"' in text or '"card": "carriage"' in text, text

    binding = tmp_path / "test_regression.py"
    binding.write_text(
        "from pytest_bdd import scenarios\n"
        "from conformance.steps.common import *  # noqa: F403\n"
        f"scenarios({str(written)!r})\n",
        encoding="utf-8",
    )
    base = [str(binding), "--rootdir", str(ROOT), "-c", str(ROOT / "pyproject.toml")]
    on_reference = pytest_run(*base)
    assert on_reference.returncode == 0, on_reference.stdout[-3000:]
    on_correct = pytest_run(*base, "--engine", ENGINE)
    assert on_correct.returncode == 0, on_correct.stdout[-3000:]
    on_buggy = pytest_run(*base, "--engine", BUGGY)
    assert on_buggy.returncode == 1, on_buggy.stdout[-3000:]
    assert "no legal action matches" in on_buggy.stdout
