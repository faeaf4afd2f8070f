"""Position validation is its own concern (issue 29, item 6): the scenarios that check a
``load_state`` refusal are found from their steps, run only for an engine that declares the
``validates_positions`` capability, and are reported in a section of their own ("refuses
impossible positions"), each still naming the rule it protects, never against the game's
rules. The engine is ``tests/fauxengines/accept_positions.py``: the reference, accepting
every loaded position."""

from __future__ import annotations

import json
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from jsonschema import Draft202012Validator
from pytest_bdd.parser import FeatureParser

from conformance.plugin import POSITION_VALIDATION, VALIDATES_POSITIONS, refuses_a_position
from conformance.specification.catalogue import rule_ids
from reference_impl.server import Server
from rulespec import games
from rulespec.resources import SPEC_DIR
from tests.support.checkout import CHECKOUT as ROOT

GAME = "isle_traces"
RULESPEC = [sys.executable, "-c", "from conformance.cli import main; main()"]
ACCEPTS = f"{sys.executable} -m tests.fauxengines.accept_positions"
SECTION = "refuses impossible positions"
#: steps that judge play, not a loaded position
JUDGES_PLAY = ("the action is", "the legal actions", "the outcome", "the game is over")


@dataclass
class Run:
    process: subprocess.CompletedProcess[str]
    jsonl: Path
    html: Path

    @property
    def lines(self) -> list[dict[str, Any]]:
        return [json.loads(line) for line in self.jsonl.read_text("utf-8").splitlines()]

    @property
    def results(self) -> list[dict[str, Any]]:
        return [line for line in self.lines if line["type"] == "result"]

    def concern(self) -> list[dict[str, Any]]:
        return [r for r in self.results if r.get("concern") == POSITION_VALIDATION]

    def others(self) -> list[dict[str, Any]]:
        return [r for r in self.results if "concern" not in r]


def _check(folder: Path, *args: str) -> Run:
    jsonl, html = folder / "run.jsonl", folder / "run.html"
    process = subprocess.run(
        [*RULESPEC, "check", "-g", GAME, "--level", "scenarios", "--report", str(jsonl),
         "--html", str(html), *args],
        cwd=ROOT, capture_output=True, text=True, timeout=600,
    )  # fmt: skip
    assert process.returncode in (0, 1), process.stdout[-3000:] + process.stderr[-3000:]
    return Run(process, jsonl, html)


@pytest.fixture(scope="module")
def undeclared(tmp_path_factory: pytest.TempPathFactory) -> Run:
    return _check(tmp_path_factory.mktemp("undeclared"), "--engine", ACCEPTS)


@pytest.fixture(scope="module")
def declared(tmp_path_factory: pytest.TempPathFactory) -> Run:
    return _check(tmp_path_factory.mktemp("declared"), "--engine", f"{ACCEPTS} --declare")


def _scenarios(game: str) -> list[Any]:
    found = []
    folder = games.features_dir(game)
    for path in sorted(folder.glob("*.feature")):
        feature = FeatureParser(str(folder), str(path.relative_to(folder))).parse()
        found += feature.scenarios.values()
    return found


@pytest.mark.parametrize("game", games.ids())
def test_the_refusal_scenarios_are_found_from_their_steps(game: str) -> None:
    """A position loaded (``When the position/state is loaded``), then ``Then the request is
    refused as ...``: a refusal of ``new_game`` is not one, nor a loaded position the
    scenario plays on (a game with no such scenario has nothing to find)."""
    marked = [s for s in _scenarios(game) if refuses_a_position(s)]
    if not marked:
        pytest.skip(f"{game} has no scenario checking a load_state refusal")
    for scenario in marked:
        names = [step.name for step in scenario.steps]
        loads = [i for i, name in enumerate(names) if name.endswith(" is loaded:")]
        refusals = [i for i, n in enumerate(names) if n.startswith("the request is refused")]
        assert loads and refusals and loads[0] < refusals[-1], (scenario.name, names)
        assert not any(name.endswith("is requested") for name in names), scenario.name
        # its other checks are of the position (a precondition, an accepted bound): none
        # judges play, which an engine not declaring the capability would never be shown
        plays = [n for n in names if n.startswith(JUDGES_PLAY) or " plays:" in n]
        assert plays == [], (scenario.name, plays)


def test_a_loaded_position_played_on_is_a_game_rule_scenario() -> None:
    """Its rules' checks run for every engine (the refused load that ended it is a
    scenario of its own)."""
    name = "A position in the middle of an attack is accepted and only the choosing player acts"
    [played_on] = [s for s in _scenarios("gnomeville") if s.name == name]
    assert not refuses_a_position(played_on)


def test_the_reference_declares_the_capability() -> None:
    reply = Server().handle({"id": 1, "cmd": "handshake", "protocol": [1]})
    assert VALIDATES_POSITIONS in reply["result"]["capabilities"]


def test_an_engine_that_validates_nothing_passes_every_rule_and_its_refusals_are_skipped(
    undeclared: Run,
) -> None:
    """The issue's Isle Traces engine: scoring right, every position accepted. Reported
    failing 36 rules before; now every rule passes and the refusals are skipped apart."""
    assert undeclared.process.returncode == 0, undeclared.process.stdout[-3000:]
    refusals = undeclared.concern()
    assert len(refusals) > 20
    assert {r["status"] for r in refusals} == {"skipped"}
    assert all(VALIDATES_POSITIONS in r["message"] for r in refusals)
    assert all(r["rules"] for r in refusals)  # each still names the rule it protects
    assert {r["status"] for r in undeclared.others()} == {"passed"}
    total = len(rule_ids(GAME))
    out = undeclared.process.stdout
    assert f"{GAME}: rules {total}, passing {total}, other 0" in out
    assert f"{SECTION}: 0 passed, 0 failed, {len(refusals)} skipped" in out
    assert f"(the engine does not declare {VALIDATES_POSITIONS})" in out


def test_declaring_the_capability_fails_the_refusals_in_their_section_only(
    declared: Run,
) -> None:
    assert declared.process.returncode == 1
    refusals = declared.concern()
    failing = [r for r in declared.results if r["status"] not in ("passed", "skipped")]
    assert failing and all(r.get("concern") == POSITION_VALIDATION for r in failing)
    # failed; a protocol error where the position echoed breaks the load_state reply schema
    assert "failed" in {r["status"] for r in refusals} <= {"failed", "protocol error"}
    assert {r["status"] for r in declared.others()} == {"passed"}
    total = len(rule_ids(GAME))
    out = declared.process.stdout
    assert f"{GAME}: rules {total}, passing {total}, other 0" in out
    assert "level reached: L2; scenarios passed" in out
    assert f"{SECTION}: 0 passed, {len(refusals)} failed, 0 skipped" in out
    assert "the engine accepted a request the rulebook forbids" in out
    page = declared.html.read_text("utf-8")
    assert f"{SECTION}: 0 passed, {len(refusals)} failed" in page
    assert 'data-status="failed"' not in page  # no rule row of the matrix is failed


def test_the_reference_passes_its_refusals_in_the_section(tmp_path: Path) -> None:
    run = _check(tmp_path, "--rule", "IT-PLACE-GRID")
    assert run.process.returncode == 0, run.process.stdout[-3000:]
    refusals = run.concern()
    assert refusals and {r["status"] for r in refusals} == {"passed"}
    assert f"{SECTION}: {len(refusals)} passed, 0 failed, 0 skipped" in run.process.stdout


def test_the_report_lines_are_valid_against_the_schema(undeclared: Run, declared: Run) -> None:
    schema = json.loads((SPEC_DIR / "report.schema.json").read_text(encoding="utf-8"))
    validator = Draft202012Validator(schema, format_checker=Draft202012Validator.FORMAT_CHECKER)
    for run in (undeclared, declared):
        problems = [error.message for line in run.lines for error in validator.iter_errors(line)]
        assert problems == []
        assert run.concern()
