"""``rulespec rulings diff GAME RULE``: the divergence it finds is a Scenario Outline that
pytest-bdd runs, and every Examples row (one per reading) passes against the reference."""

from __future__ import annotations

import subprocess
from importlib.util import find_spec
from pathlib import Path

import pytest

from conformance.specification import rulings
from rulespec.resources import ROOT
from tests.support.child_pytest import lean_command, lean_environment

CASES = [
    ("notre_dame", "ND-RATS-FLOOR", 4),  # a state difference after a short game start
    ("isle_traces", "IT-PLACE-PORTRAIT", 1),  # legal actions differ
    ("gnomeville", "GV-EVENT-TWO-PLAYER-TIE", 3),  # long: starts from the common position
    ("neom", "NM-SOLO-SET", 1),  # the setups already differ
    ("notre_dame", "ND-PARK-FRIEND", 3),  # a 3-valued option would add a row each
]


def run_outline(game: str, text: str, tmp_path: Path) -> subprocess.CompletedProcess[str]:
    feature = tmp_path / "diff.feature"
    feature.write_text(f"Feature: rulings diff\n\n{text}", encoding="utf-8")
    module = tmp_path / "test_generated.py"
    # as conformance/suite does: the shared steps in a conftest, the game's (which may
    # override a shared fixture such as ``ctx``) in the test module
    (tmp_path / "conftest.py").write_text(
        "from conformance.steps.common import *  # noqa\n", encoding="utf-8"
    )
    steps = [game] if find_spec(f"conformance.steps.{game}") else []
    module.write_text(
        "from pytest_bdd import scenarios\n"
        + "".join(f"from conformance.steps.{name} import *  # noqa\n" for name in steps)
        + f"scenarios({str(feature)!r})\n",
        encoding="utf-8",
    )
    return subprocess.run(
        lean_command(str(module), "-c", str(ROOT / "pyproject.toml"), "--rootdir", str(tmp_path)),
        capture_output=True, text=True, cwd=ROOT, timeout=300, env=lean_environment(),
    )  # fmt: skip


@pytest.mark.parametrize(("game", "rule", "seeds"), CASES)
def test_the_outline_runs_and_every_reading_passes(
    game: str, rule: str, seeds: int, tmp_path: Path
) -> None:
    found = rulings.find_divergence(game, rule, seeds=seeds)
    assert found is not None
    text = rulings.gherkin(found)
    assert "Scenario Outline:" in text and text.count("\n      | ") == 1 + len(found.readings)
    done = run_outline(game, text, tmp_path)
    assert f"{len(found.readings)} passed" in done.stdout, done.stdout[-3000:] + text[-2000:]


def test_the_shortest_divergence_is_kept() -> None:
    option = rulings.option_of("notre_dame", "ND-RATS-FLOOR")[1]
    lengths = [
        d.length
        for seed in range(4)
        if (d := rulings.playout_divergence("notre_dame", "ND-RATS-FLOOR", option, 2, seed, 10**4))
    ]
    best = rulings.find_divergence("notre_dame", "ND-RATS-FLOOR", seeds=4)
    assert best is not None and best.length <= min(lengths)


def test_a_rule_without_an_option_is_refused_with_its_ruling() -> None:
    with pytest.raises(rulings.RulingError, match="names no engine option"):
        rulings.find_divergence("notre_dame", "ND-COINS-SUPPLY")
    with pytest.raises(rulings.RulingError, match="no rule or ruling option"):
        rulings.find_divergence("notre_dame", "ND-NOPE")


def test_z3_finds_the_smallest_arithmetic_case_where_the_readings_part() -> None:
    """ND-RATS-FLOOR: 0 rats, no printed rats, one person in the hospital: 0 or -1."""
    found = rulings.arithmetic_witness("notre_dame", "ND-RATS-FLOOR")
    assert found == {
        "inputs": {"hospital": 1, "printed": 0, "rats": 0},
        "outcomes": [0, -1],
        "readings": [True, False],
    }
    assert rulings.arithmetic_witness("notre_dame", "ND-PRESTIGE-FLOOR")["outcomes"] == [0, -1]
    assert rulings.arithmetic_witness("villagers", "VL-END-TIE") is None
    assert "hospital=1" in rulings.witness_comment("notre_dame", "ND-RATS-FLOOR")
