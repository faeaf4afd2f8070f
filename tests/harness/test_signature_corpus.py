"""``benchmarks/signature_corpus.py`` blames, among the failing candidates of a recorded
divergence, the rule whose reference mutants fail the scenarios the engine fails (issue 29:
a kill matrix as evidence, measured offline on the corpus before any use in the judge)."""

from __future__ import annotations

import importlib.util
import json
import subprocess
import sys
from pathlib import Path

from rulespec.resources import ROOT

SCRIPT = ROOT / "benchmarks" / "signature_corpus.py"
SUITE = "conformance/suite/test_gnomeville.py::"
FAILING = [SUITE + "test_one", SUITE + "test_two"]


def _candidate(rule: str, evidence: int, failed: int, run: int) -> dict:
    return {"rule": rule, "evidence_rank": evidence, "applied_rank": evidence,
            "cited": False, "direct": False, "failed": failed, "run": run}  # fmt: skip


#: the shipped order blames GV-END-ADJACENCY-TIE (2 of 4) over the worked example that
#: illustrates it, GV-END-EX-BOULDERS (2 of 2)
RECORDED = {
    "primary": "GV-END-ADJACENCY-TIE",
    "considered": [
        _candidate("GV-END-ADJACENCY-TIE", 0, 2, 4),
        _candidate("GV-END-EX-BOULDERS", 1, 2, 2),
    ],
}


def _mutant(rules: list[str], killers: list[str]) -> dict:
    # line 1 is the module's docstring: no function, so the report's rules stand
    return {"type": "mutant", "module": "scoring.py", "line": 1, "rules": rules,
            "status": "killed", "killers": killers,
            "before": "x = 1", "after": "x = 2"}  # fmt: skip


def _write_matrix(path: Path, rule: str, killers: list[str]) -> None:
    lines = [{"type": "header", "game": "gnomeville", "killers": 40},
             _mutant([rule], killers),
             _mutant(["GV-END-ADJACENCY-TIE"], [FAILING[0], SUITE + "test_3", SUITE + "test_4"]),
             _mutant(["GV-END-WINNER"], []),  # survived: no kill set
             ]  # fmt: skip
    path.write_text("".join(json.dumps(line) + "\n" for line in lines), "utf-8")


def _run(tmp_path: Path, rule: str, *flags: str, killers: list[str] = FAILING) -> str:
    """The script's output on one recorded divergence, with a matrix in which a mutant of
    ``rule`` fails ``killers``."""
    run = tmp_path / "run.json"
    level = "conformance/suite/level_differential.py::x"  # not a scenario: left out
    outcome = {"game": "gnomeville", "bug": "goal-tie-full-value", "rule": "GV-END-EX-BOULDERS",
               "primary": ["GV-END-ADJACENCY-TIE"], "blames": [RECORDED],
               "failing_tests": [*FAILING, level]}  # fmt: skip
    run.write_text(json.dumps([outcome]), "utf-8")
    matrix = tmp_path / "gv.jsonl"
    _write_matrix(matrix, rule, killers)
    done = subprocess.run(
        [sys.executable, str(SCRIPT), str(run), "--matrix", f"gnomeville={matrix}", "--misses",
         *flags],
        capture_output=True, text=True, cwd=ROOT, timeout=120,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    return done.stdout


def test_the_failing_candidate_whose_mutant_fails_the_same_scenarios_is_blamed(
    tmp_path: Path,
) -> None:
    out = _run(tmp_path, "GV-END-EX-BOULDERS")
    assert "tuning: primary rule is the bug's, shipped / by signature: 0 / 1 of 1" in out
    assert "miss" not in out


def test_with_exact_only_a_mutant_failing_exactly_those_scenarios_counts(tmp_path: Path) -> None:
    assert "0 / 1 of 1" in _run(tmp_path, "GV-END-EX-BOULDERS", "--exact")
    # its mutant fails one scenario more: the better match, but not exact
    wider = [*FAILING, SUITE + "test_5"]
    assert "0 / 1 of 1" in _run(tmp_path, "GV-END-EX-BOULDERS", killers=wider)
    out = _run(tmp_path, "GV-END-EX-BOULDERS", "--exact", killers=wider)
    assert "0 / 0 of 1" in out and "blamed ['GV-END-ADJACENCY-TIE']" in out


def test_a_mutant_of_a_rule_that_is_not_a_failing_candidate_changes_nothing(
    tmp_path: Path,
) -> None:
    out = _run(tmp_path, "GV-END-WINNER")  # matches exactly, but GV-END-WINNER failed nothing
    assert "0 / 0 of 1" in out
    assert "miss gnomeville  goal-tie-full-value" in out and "GV-END-ADJACENCY-TIE" in out


def test_scores_are_the_best_ochiai_similarity_per_rule() -> None:
    spec = importlib.util.spec_from_file_location("signature_corpus", SCRIPT)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    matrix = [(("A",), frozenset({"s1", "s2"})), (("A", "B"), frozenset({"s1", "s3", "s4", "s5"}))]
    best = module.scores({"s1", "s2"}, matrix)
    assert best["A"] == 1.0
    assert abs(best["B"] - 1 / (2**0.5 * 2)) < 1e-9  # 1 shared / sqrt(2 * 4)
