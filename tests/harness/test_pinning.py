"""Pinning by mutants (``rulespec coverage --by-mutants``): a rule whose line's mutants only
other rules' scenarios fail is named, and makes the command exit 1."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from conformance.levels.kill_signatures import read_data
from conformance.mutation.pinning import pinning

ROOT = Path(__file__).resolve().parents[2]
RULESPEC = [sys.executable, "-m", "conformance"]
CARRIAGE = "test_notre_dame.py::test_one_cube_moves_the_carriage_one_square_to_a_message"
THIRD = "test_notre_dame.py::test_the_third_card_cannot_be_played_in_phase_4"


def _matrix(mutants: list[tuple[list[str], list[str]]], scenarios: list[str]) -> dict:
    """A kill matrix's JSON: ``mutants`` as (its line's rules, the scenarios it fails)."""
    entries = [{"rules": rules, "at": f"flow.py:{i}", "change": "`a` -> `b`",
                "killed_by": sorted(scenarios.index(name) for name in killers)}
               for i, (rules, killers) in enumerate(mutants, start=1)]  # fmt: skip
    return {"game": "notre_dame", "made_by": "a test", "fingerprint": "f", "killers": 40,
            "mutants_run": len(entries), "scenarios": scenarios, "mutants": entries}  # fmt: skip


def test_a_rule_whose_mutants_only_other_rules_scenarios_fail_is_unpinned() -> None:
    tags = {"s::a": frozenset({"X-A"}), "s::b": frozenset({"X-B", "X-C"}),
            "s::new": frozenset({"X-A"})}  # fmt: skip
    matrix = read_data(_matrix([(["X-A"], ["s::a"]), (["X-A"], ["s::b"]), (["X-B"], ["s::b"]),
                                (["X-D"], ["s::a", "s::b"]), (["X-A", "X-D"], ["s::b"])],
                               ["s::a", "s::b", "s::gone"]), "test")  # fmt: skip
    found = pinning(matrix, tags)
    by_rule = {r.rule: r for r in found.rules}
    assert set(by_rule) == {"X-A", "X-B", "X-D"}  # the line naming two rules counts for none
    assert (by_rule["X-A"].pinned, by_rule["X-A"].mutants) == (1, 2)
    assert (by_rule["X-B"].pinned, by_rule["X-B"].mutants) == (1, 1)
    assert [r.rule for r in found.only_through_others()] == ["X-D"]
    assert [r.rule for r in found.partly()] == ["X-A"]
    assert found.rules[0].rule == "X-D"  # the least pinned first
    (unpinned,) = by_rule["X-D"].unpinned
    assert unpinned.failed_by == (("X-A", 1), ("X-B", 1), ("X-C", 1))
    assert unpinned.describe() == (
        "flow.py:4 `a` -> `b`: failed by scenarios of X-A (1), X-B (1), X-C (1)"
    )
    assert found.counts() == (1, 1, 1)  # X-B whole, X-A partly, X-D only through others
    assert found.gone == {"s::gone"} and found.added == {"s::new"}


def _coverage(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([*RULESPEC, "coverage", *args], capture_output=True, text=True,
                          cwd=ROOT, timeout=600)  # fmt: skip


def test_the_command_names_a_rule_pinned_only_through_others_and_exits_1(
    tmp_path: Path,
) -> None:
    """Against the shipped Notre Dame scenarios: a matrix whose ND-PLAY-THIRD mutant only
    the carriage scenario fails names ND-PLAY-THIRD (exit 1); one whose mutant its own
    scenario fails passes (exit 0)."""
    scenarios = [CARRIAGE, THIRD]
    unpinned = tmp_path / "unpinned.json"
    mutants = [(["ND-PLAY-THIRD"], [CARRIAGE]), (["ND-CARRIAGE-MOVE"], [CARRIAGE])]
    unpinned.write_text(json.dumps(_matrix(mutants, scenarios)))
    result = _coverage("--by-mutants", "-g", "notre_dame", "--kill-matrix", str(unpinned))
    assert result.returncode == 1, result.stderr
    assert "ND-PLAY-THIRD: its scenarios fail 0 of its 1 mutants" in result.stdout
    assert "flow.py:1 `a` -> `b`: failed by scenarios of ND-CARRIAGE-MOVE (1)" in result.stdout
    assert "ND-CARRIAGE-MOVE:" not in result.stdout  # pinned: not listed
    assert "the kill matrix is stale" in result.stdout  # it lists two scenarios of hundreds
    assert result.stdout.rstrip().endswith(
        "rules with mutants 2, pinned by their own scenarios 1, partly 0, "
        "only through other rules' scenarios 1"
    )
    pinned = tmp_path / "pinned.json"
    pinned.write_text(json.dumps(_matrix([(["ND-PLAY-THIRD"], [THIRD, CARRIAGE])], scenarios)))
    result = _coverage("--by-mutants", "-g", "notre_dame", "--kill-matrix", str(pinned))
    assert result.returncode == 0, result.stdout + result.stderr
    assert "pinned by their own scenarios 1, partly 0" in result.stdout


def test_the_options_that_need_by_mutants_or_one_game_are_refused(tmp_path: Path) -> None:
    broken = tmp_path / "broken.json"
    broken.write_text("{not json")
    for args, message in [
        (["--kill-matrix", str(broken), "-g", "notre_dame"], "goes with --by-mutants"),
        (["--verbose", "-g", "notre_dame"], "goes with --by-mutants or --by-assertions"),
        (["--by-mutants", "--by-assertions"], "two reports: give one"),
        (["--by-mutants", "--kill-matrix", str(broken)], "needs one game"),
        (["--by-mutants", "-g", "notre_dame", "--kill-matrix", str(broken)], "not JSON"),
    ]:
        result = _coverage(*args)
        assert result.returncode == 4, (args, result.stdout, result.stderr)
        assert message in result.stderr


def test_a_matrix_older_than_a_scenarios_steps_is_reported_stale(tmp_path: Path) -> None:
    """A scenario whose steps changed since the matrix was made (its digest differs): the
    report says the matrix is stale and how many scenarios changed."""
    from conformance.mutation.kill_matrix import collected_with_digests, with_digests

    data = json.loads((ROOT / "spec" / "villagers" / "kill_matrix.json").read_text("utf-8"))
    data = with_digests(data, collected_with_digests("villagers")[1])  # as of now
    data["scenario_digests"][0] = "0" * 16
    older = tmp_path / "kill_matrix.json"
    older.write_text(json.dumps(data), "utf-8")
    result = _coverage("--by-mutants", "-g", "villagers", "--kill-matrix", str(older))
    assert "the kill matrix is stale: 1 of its scenarios changed since it was made" in (
        result.stdout
    ), result.stdout[-2000:] + result.stderr[-2000:]
