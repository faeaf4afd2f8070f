"""Kill signatures: a game's shipped kill matrix names the rule one of whose reference
mutants fails exactly the scenarios an engine fails, and corroboration blames it first
among the failing candidates (:mod:`conformance.levels.kill_signatures`, issue 29)."""

from __future__ import annotations

import importlib.util
import json
import os
import re
import subprocess
import sys
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest

from conformance.levels import kill_signatures
from conformance.levels.attribution import Attribution, Blame
from conformance.levels.corroboration import ScenarioTally, corroborate
from conformance.levels.kill_signatures import (
    KillMatrixError,
    exact_signatures,
    read_data,
    scenario_key,
)
from conformance.mutation import kill_matrix
from conformance.specification.catalogue import load
from rulespec import games
from rulespec.resources import ROOT


def _matrix(*mutants: tuple[list[str], list[int]], scenarios: int = 6) -> dict:
    return {
        "game": "gnomeville", "made_by": "a test", "fingerprint": "0", "killers": 40,
        "mutants_run": len(mutants), "scenarios": [f"test_gnomeville.py::test_{i}"
                                                   for i in range(scenarios)],
        "mutants": [{"rules": rules, "at": f"scoring.py:{n + 10}", "change": "`a` -> `b`",
                     "killed_by": killed} for n, (rules, killed) in enumerate(mutants)],
    }  # fmt: skip


def _keys(*indices: int) -> set[str]:
    return {f"test_gnomeville.py::test_{i}" for i in indices}


def test_a_node_id_is_keyed_from_its_suite_modules_file_name_wherever_it_is_installed() -> None:
    key = "test_neom.py::test_x[2-a/b]"
    assert scenario_key("conformance/suite/test_neom.py::test_x[2-a/b]") == key
    assert scenario_key("../venv/lib/site-packages/conformance/suite/" + key) == key
    assert scenario_key(key) == key


def test_only_a_mutant_failing_exactly_the_engines_failing_scenarios_signs_its_rule() -> None:
    matrix = read_data(_matrix((["GV-A"], [0, 1]), (["GV-B"], [0, 1, 2]), (["GV-C"], [0]),
                               (["GV-A", "GV-D"], [0, 1])), "m.json")  # fmt: skip
    found = exact_signatures(matrix, _keys(0, 1), judged=_keys(0, 1, 2, 3))
    assert sorted(found) == ["GV-A", "GV-D"]
    assert found["GV-A"].alike == 2 and found["GV-D"].alike == 1
    assert (
        "mutant at scoring.py:10 (`a` -> `b`) fails exactly the 2 scenarios"
        in found["GV-A"].evidence()
    )
    assert exact_signatures(matrix, set(), judged=_keys(0, 1, 2)) == {}  # nothing failed


def test_scenarios_not_judged_in_the_session_do_not_count_against_a_mutant() -> None:
    matrix = read_data(_matrix((["GV-B"], [0, 1, 2])), "m.json")
    # scenario 2 was skipped for this engine (a capability it lacks): B's mutant still matches
    assert list(exact_signatures(matrix, _keys(0, 1), judged=_keys(0, 1, 3))) == ["GV-B"]
    assert exact_signatures(matrix, _keys(0, 1), judged=_keys(0, 1, 2, 3)) == {}


def test_a_scenario_the_matrix_does_not_list_is_left_out_of_the_match() -> None:
    matrix = read_data(_matrix((["GV-B"], [0, 1]), scenarios=3), "m.json")
    newer = "test_gnomeville.py::test_added_since"  # failing, but newer than the matrix
    found = exact_signatures(matrix, {*_keys(0, 1), newer}, judged={*_keys(0, 1, 2), newer})
    assert list(found) == ["GV-B"]
    assert exact_signatures(matrix, {newer}, judged={*_keys(0, 1), newer}) == {}


@pytest.mark.parametrize(
    ("change", "place", "word"),
    [
        (lambda m: m.pop("killers"), "at (top): ", "killers"),
        (lambda m: m.update(killers=1), "at killers: ", "2"),
        (lambda m: m["mutants"][0].update(killed_by=[9]), "at mutants/0/killed_by: ",
         "scenario 9 is not listed (there are 6)"),
        (lambda m: m["mutants"][0].update(rules=[]), "at mutants/0/rules: ", "[]"),
        (lambda m: m.update(game="neom"), "", "a kill matrix of 'neom', not of 'gnomeville'"),
    ],
)  # fmt: skip
def test_a_matrix_that_does_not_hold_together_is_refused_by_its_place(
    change, place: str, word: str
) -> None:
    data = _matrix((["GV-A"], [0, 1]))
    change(data)
    with pytest.raises(KillMatrixError) as refused:
        read_data(data, "spec/gnomeville/kill_matrix.json", "gnomeville")
    message = str(refused.value)
    assert message.startswith(f"spec/gnomeville/kill_matrix.json: {place}")
    assert word in message


def test_a_file_that_is_not_json_is_refused_naming_it(tmp_path: Path) -> None:
    path = tmp_path / "kill_matrix.json"
    path.write_text("{not json", encoding="utf-8")
    with pytest.raises(KillMatrixError, match=r"kill_matrix.json: not JSON"):
        kill_signatures.read(path)
    with pytest.raises(KillMatrixError, match="cannot be read"):
        kill_signatures.read(tmp_path / "absent.json")


def _attribution() -> Attribution:
    return Attribution(
        ranked=[Blame("XX-WRITER", "players.0.coins is written at step 7", cited=True)],
        context=[],
        applied=["XX-WRITER", "XX-FORMULA", "XX-COUNT"],
    )


def test_a_signed_failing_rule_is_blamed_first_with_the_mutant_as_evidence() -> None:
    tallies = {"XX-WRITER": ScenarioTally(2, 2), "XX-COUNT": ScenarioTally(1, 4),
               "XX-ELSEWHERE": ScenarioTally(1, 1)}  # fmt: skip
    matrix = read_data(_matrix((["XX-COUNT"], [0]), (["XX-ELSEWHERE"], [0])), "m.json")
    signed = exact_signatures(matrix, _keys(0), judged=_keys(0, 1))
    blame = corroborate(_attribution(), tallies, signatures=signed)
    # the signature outranks even a cited rule; of two signed, the applied one comes first
    assert blame.rules == ["XX-COUNT", "XX-ELSEWHERE", "XX-WRITER"]
    assert blame.ranked[0].evidence.startswith(
        "a reference mutant at scoring.py:10 (`a` -> `b`) fails exactly the scenario this "
        "engine fails"
    )
    assert "the reference applies" not in blame.ranked[1].evidence  # it was not applied
    assert [c["rule"] for c in blame.considered if c["signature"]] == ["XX-COUNT", "XX-ELSEWHERE"]
    assert corroborate(_attribution(), tallies).primary == "XX-WRITER"  # without: the cited


def test_a_signed_rule_whose_own_scenarios_all_pass_is_not_blamed() -> None:
    tallies = {"XX-WRITER": ScenarioTally(2, 2), "XX-COUNT": ScenarioTally(0, 4)}
    matrix = read_data(_matrix((["XX-COUNT"], [0])), "m.json")
    signed = exact_signatures(matrix, _keys(0), judged=_keys(0))
    assert corroborate(_attribution(), tallies, signatures=signed).primary == "XX-WRITER"


def test_the_plugin_matches_the_sessions_failing_scenarios_of_the_game_only() -> None:
    from conformance.plugin import _JUDGED_KEY
    from conformance.plugin import kill_signatures as session_signatures

    matrix = kill_signatures.load("notre_dame")
    assert matrix is not None
    mutant = next(m for m in matrix.mutants if len(m.killed_by) == 2)
    failing, passing = sorted(mutant.killed_by), "test_notre_dame.py::test_not_in_the_matrix"
    judged = {"notre_dame": [(["ND-X"], "failed", failing[0], []),
                             (["ND-X"], "failed", failing[1], ["players.*.coins"]),
                             (["ND-Y"], "passed", passing, []),
                             (["ND-Z"], "skipped", "skipped", [])],
              "neom": [(["NE-X"], "failed", "test_neom.py::test_x", [])]}  # fmt: skip
    config = SimpleNamespace(stash={_JUDGED_KEY: judged})
    found = session_signatures(config, "notre_dame")
    assert set(mutant.rules) <= set(found)
    assert all(s.failing == 2 for s in found.values())
    assert session_signatures(SimpleNamespace(stash={}), "notre_dame") == {}


def test_a_broken_matrix_leaves_a_probed_blame_to_the_other_evidence(monkeypatch) -> None:
    from conformance.levels import corroboration

    def broken(game: str) -> None:
        raise KillMatrixError(f"spec/{game}/kill_matrix.json: at (top): not an object")

    monkeypatch.setattr(kill_signatures, "load", broken)
    probe = corroboration.Probe({"XX-COUNT": ScenarioTally(1, 4)}, frozenset({"k"}),
                                frozenset({"k"}))  # fmt: skip
    with pytest.raises(KillMatrixError, match="not an object"):
        probe.signatures("xx")
    monkeypatch.setattr(corroboration, "_PROBES", {("xx", "engine"): probe})
    monkeypatch.setattr(corroboration, "rule_areas", lambda game: {})
    monkeypatch.setattr(corroboration, "rule_illustrations", lambda game: frozenset())
    blame = corroboration.probed(_attribution(), "xx", "engine")
    assert blame.primary == "XX-COUNT"  # corroborated by the tallies alone


# -- the shipped matrices ----------------------------------------------------------------


def _shipped() -> list[str]:
    return [game for game in games.ids() if games.spec_file(game, "kill_matrix.json")]


@pytest.fixture(scope="module")
def current_scenarios() -> set[str]:
    """The keys of every scenario the suite collects now."""
    done = subprocess.run(
        [sys.executable, "-m", "pytest", "--collect-only", "-q", "-p", "no:cacheprovider",
         "conformance/suite/test_games.py"],
        capture_output=True, text=True, cwd=ROOT, timeout=300,
    )  # fmt: skip
    assert done.returncode == 0, done.stdout[-2000:] + done.stderr[-2000:]
    return {scenario_key(line) for line in done.stdout.splitlines() if "::" in line}


def test_rulespecs_games_ship_kill_matrices() -> None:
    assert {"gnomeville", "isle_traces", "neom", "notre_dame", "villagers"} <= set(_shipped())


@pytest.mark.parametrize("game", _shipped())
def test_a_shipped_matrix_still_covers_its_games_scenarios_and_rules(
    game: str, current_scenarios: set[str]
) -> None:
    """Remake a matrix that fails this: ``rulespec mutate GAME -j 2 --kill-matrix
    spec/GAME/kill_matrix.json`` (:mod:`conformance.mutation.kill_matrix`)."""
    matrix = kill_signatures.load(game)
    assert matrix is not None and len(matrix.mutants) >= 100
    gone = matrix.scenarios - current_scenarios
    assert len(gone) <= len(matrix.scenarios) // 10, (
        f"{len(gone)} scenarios gone: {sorted(gone)[:5]}"
    )
    known = {rule.id for rule in load(game).rules}
    unknown = {rule for mutant in matrix.mutants for rule in mutant.rules} - known
    assert not unknown, f"{game}'s kill matrix names rules the catalogue lacks: {sorted(unknown)}"


def test_a_kill_matrix_is_made_from_a_killers_report(tmp_path: Path) -> None:
    """``rulespec mutate --mutation-results R --kill-matrix F``: each killed mutant's line
    rule (read from the source now), its kill set keyed wherever the suite was; a mutant
    that reached the bound, survived or names no rule is left out; alike ones once."""
    suite = "conformance/suite/test_notre_dame.py::"
    header = {"type": "header", "game": "notre_dame", "fingerprint": "f", "killers": 3}

    def mutant(line: int, status: str, killers: list[str], rules: list[str]) -> dict:
        return {"type": "mutant", "module": "scoring.py", "line": line, "status": status,
                "rules": rules, "killers": [suite + k for k in killers],
                "before": "x = 1  # ND-SOMETHING", "after": "x = 2  # ND-SOMETHING"}  # fmt: skip

    records = [
        mutant(1, "killed", ["test_a", "test_b"], ["ND-PLAGUE"]),
        mutant(1, "killed", ["test_b", "test_a"], ["ND-PLAGUE"]),  # alike
        mutant(1, "killed", ["test_a", "test_b", "test_c"], ["ND-PLAGUE"]),  # bound
        mutant(1, "survived", [], ["ND-PLAGUE"]),
        mutant(1, "killed", ["test_c"], []),
    ]  # line 1 is the docstring: no rule
    report = tmp_path / "nd.jsonl"
    report.write_text("".join(json.dumps(r) + "\n" for r in [header, *records]), "utf-8")
    out = tmp_path / "made" / "kill_matrix.json"
    done = subprocess.run(
        [sys.executable, "-m", "conformance", "mutate", "notre_dame", "--mutation-results",
         str(report), "--kill-matrix", str(out)],
        capture_output=True, text=True, cwd=tmp_path, timeout=300,
    )  # fmt: skip
    assert re.search(r"kill matrix of 1 mutants over \d+ scenarios written", done.stderr)
    matrix = kill_signatures.read(out, "notre_dame")
    # every scenario collected now is listed, the report's unknown ones too
    assert len(matrix.scenarios) > 200 and "test_notre_dame.py::test_a" in matrix.scenarios
    assert [(m.rules, m.at, m.change) for m in matrix.mutants] == [
        (("ND-PLAGUE",), "scoring.py:1", "`x = 1` -> `x = 2`")
    ]
    assert matrix.mutants[0].killed_by == {
        "test_notre_dame.py::test_a",
        "test_notre_dame.py::test_b",
    }
    assert matrix.killers == 3


def test_a_kill_matrix_needs_kill_sets(tmp_path: Path) -> None:
    done = subprocess.run(
        [sys.executable, "-m", "conformance", "mutate", "notre_dame", "--killers", "1",
         "--kill-matrix", str(tmp_path / "m.json")],
        capture_output=True, text=True, cwd=tmp_path, timeout=300,
    )  # fmt: skip
    assert done.returncode == 4
    assert "--kill-matrix needs kill sets: --killers must be at least 2" in done.stderr
    assert not (tmp_path / "m.json").exists()


@pytest.mark.slow
def test_a_default_run_blames_the_rule_one_of_whose_mutants_fails_what_the_engine_fails(
    tmp_path: Path,
) -> None:
    """The corpus's Isle Traces engine placing explorers without ending the turn (bug
    ``explore-many-per-turn``, IT-EXPL-ONEPERTURN: one explorer a turn): the scenarios and
    the differential level run together, as by default, and the divergence is blamed on the
    bug's rule with the kill signature as its evidence; the same evidence without the
    signature ranks IT-EXPL-FREE first (2 of its 2 scenarios fail, against 1 of 1)."""
    from conformance.levels.corroboration import rule_areas, rule_illustrations

    script = ROOT / "benchmarks" / "rerank_corpus.py"  # rebuilds a recorded blame's evidence
    spec = importlib.util.spec_from_file_location("rerank_corpus", script)
    assert spec is not None and spec.loader is not None
    rerank = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(rerank)
    corpus = ROOT / "benchmarks" / "corpus" / "isle_traces"
    report = tmp_path / "run.jsonl"
    done = subprocess.run(
        [sys.executable, "-m", "conformance", "check", "--game", "isle_traces", "--engine",
         f"{sys.executable} engine.py", "--players", "2", "--budget", "4", "--report",
         str(report), "--emit-dir", str(tmp_path / "emitted")],
        cwd=corpus, env={**os.environ, "CORPUS_BUG": "explore-many-per-turn"},
        capture_output=True, text=True, timeout=600,
    )  # fmt: skip
    assert done.returncode == 1, done.stdout[-3000:] + done.stderr[-2000:]
    results = [json.loads(line) for line in report.read_text("utf-8").splitlines()]
    divergences = [(r.get("stats") or {}).get("divergence") for r in results
                   if r.get("status") == "failed"]  # fmt: skip
    blames = [divergence["blame"] for divergence in divergences if divergence]
    assert blames, "the differential level found no divergence"
    for blame in blames:
        assert blame["primary"] == "IT-EXPL-ONEPERTURN"
        assert "fails exactly the" in blame["ranked"][0]["evidence"]
        attribution, tallies = rerank.rebuilt(blame)
        unsigned = corroborate(attribution, tallies, rule_areas("isle_traces"),
                               rule_illustrations("isle_traces"))  # fmt: skip
        assert unsigned.primary == "IT-EXPL-FREE"


def _matrix_json(mutants: list[tuple[str, list[str]]], scenarios: list[str], **head: Any) -> dict:
    """A kill matrix's JSON: ``mutants`` as (at, the names of the scenarios it fails)."""
    entries = [{"rules": ["ND-PLAGUE"], "at": at, "change": "`a` -> `b`",
                "killed_by": sorted(scenarios.index(name) for name in names)}
               for at, names in mutants]  # fmt: skip
    return {"game": "notre_dame", "made_by": "a test", "fingerprint": "f", "killers": 40,
            "mutants_run": len(entries), "scenarios": scenarios, "mutants": entries,
            **head}  # fmt: skip


def test_a_run_of_one_module_replaces_that_modules_entries_and_keeps_the_rest() -> None:
    """:func:`kill_matrix.merge`: the kept entries find their scenarios by name in the new
    list (one no longer collected is appended); the module's old entries go."""
    old = _matrix_json([("scoring.py:5", ["s::a"]), ("moves.py:9", ["s::b", "s::gone"])],
                  ["s::a", "s::b", "s::gone"])  # fmt: skip
    new = _matrix_json([("scoring.py:7", ["s::c"])], ["s::c", "s::a", "s::b"], made_by="run 2")
    merged = kill_matrix.merge(old, new, "scoring.py", mutants_now=120)
    assert merged["scenarios"] == ["s::c", "s::a", "s::b", "s::gone"]
    assert [(m["at"], m["killed_by"]) for m in merged["mutants"]] == [
        ("moves.py:9", [2, 3]),
        ("scoring.py:7", [0]),
    ]
    assert merged["mutants_run"] == 120
    assert merged["made_by"] == "a test; then scoring.py remade by run 2"
    kill_signatures.read_data(merged, "merged")  # still a matrix the judge reads
    with pytest.raises(ValueError, match="--killers 40, this run with --killers 3"):
        kill_matrix.merge(old, {**new, "killers": 3}, "scoring.py", 1)
    with pytest.raises(ValueError, match="a kill matrix of 'notre_dame', not of 'neom'"):
        kill_matrix.merge(old, {**new, "game": "neom"}, "scoring.py", 1)


def test_a_module_run_that_cannot_merge_is_refused_before_it_runs(tmp_path: Path) -> None:
    """``--module M --kill-matrix F`` with F there merges into F: a sampled run, or a file
    that is no kill matrix, is refused at once, and F is left as it was."""
    matrix = tmp_path / "km.json"
    matrix.write_text(json.dumps(_matrix_json([("moves.py:9", ["s::b"])], ["s::b"])), "utf-8")
    before = matrix.read_text("utf-8")
    broken = tmp_path / "broken.json"
    broken.write_text('{"game": "notre_dame"}', "utf-8")
    for extra, said in (
        (["--kill-matrix", str(matrix), "--sample", "3"], "only a whole run of --module"),
        (["--kill-matrix", str(broken)], "cannot merge one module's mutants into it"),
    ):
        done = subprocess.run(
            [sys.executable, "-m", "conformance", "mutate", "notre_dame", "--module",
             "scoring.py", *extra],
            capture_output=True, text=True, cwd=tmp_path, timeout=300,
        )  # fmt: skip
        assert done.returncode == 4, done.stderr
        assert said in done.stderr
    assert matrix.read_text("utf-8") == before


def test_a_modules_report_merges_into_the_shipped_matrix_json(tmp_path: Path) -> None:
    """``--mutation-results R --kill-matrix F`` where R ran one module: F's other entries
    stay, the module's are R's, and the matrix stands for every mutant of the engine."""
    shipped = ROOT / "spec" / "notre_dame" / "kill_matrix.json"
    out = tmp_path / "kill_matrix.json"
    out.write_text(shipped.read_text("utf-8"), "utf-8")
    old = json.loads(out.read_text("utf-8"))
    suite = "conformance/suite/test_notre_dame.py::"
    scenario = old["scenarios"][0]
    header = {"type": "header", "game": "notre_dame", "fingerprint": "f2", "killers": 40,
              "module": "scoring.py", "operators": "default"}  # fmt: skip
    record = {"type": "mutant", "module": "scoring.py", "line": 1, "status": "killed",
              "rules": ["ND-PLAGUE"], "killers": [suite + scenario.split("::", 1)[1]],
              "before": "x = 1", "after": "x = 2"}  # fmt: skip
    report = tmp_path / "nd.jsonl"
    report.write_text("".join(json.dumps(r) + "\n" for r in [header, record]), "utf-8")
    done = subprocess.run(
        [sys.executable, "-m", "conformance", "mutate", "notre_dame", "--mutation-results",
         str(report), "--kill-matrix", str(out), "--no-cache"],
        capture_output=True, text=True, cwd=tmp_path, timeout=600,
    )  # fmt: skip
    assert "scoring.py's mutants remade in the kill matrix" in done.stderr, done.stderr
    merged = json.loads(out.read_text("utf-8"))
    others = [m for m in old["mutants"] if not m["at"].startswith("scoring.py:")]
    assert len(merged["mutants"]) == len(others) + 1
    assert merged["mutants"][-1]["at"] == "scoring.py:1"
    assert merged["fingerprint"] == "f2" and merged["made_by"].startswith(old["made_by"])
    assert merged["mutants_run"] >= old["mutants_run"] - 200  # every mutant of the engine now


def test_a_scenario_whose_steps_changed_since_the_matrix_is_left_out_of_the_match() -> None:
    """A check dropped from scenario 1 since the matrix was made: B's mutant no longer fails
    it, and an engine with B's bug passes it; the matrix's kill set still names it, so the
    match leaves it out (as a scenario added since) and B's mutant still signs."""
    data = _matrix((["GV-B"], [0, 1]), scenarios=3)
    data["scenario_digests"] = ["0" * 16, "1" * 16, "2" * 16]
    matrix = read_data(data, "m.json")
    now = {"test_gnomeville.py::test_0": "0" * 16, "test_gnomeville.py::test_1": "f" * 16,
           "test_gnomeville.py::test_2": "2" * 16}  # fmt: skip
    assert matrix.changed(now) == {"test_gnomeville.py::test_1"}
    assert list(exact_signatures(matrix, _keys(0), judged=_keys(0, 1, 2), digests=now)) == ["GV-B"]
    assert exact_signatures(matrix, _keys(0), judged=_keys(0, 1, 2)) == {}  # digests unknown
    unknown = read_data({**data, "scenario_digests": ["", "", ""]}, "m.json")
    assert unknown.changed(now) == frozenset()  # an empty digest is not known, not changed


def test_a_matrix_whose_digests_do_not_match_its_scenarios_is_refused() -> None:
    data = {**_matrix((["GV-B"], [0, 1]), scenarios=3), "scenario_digests": ["0" * 16]}
    with pytest.raises(KillMatrixError, match="1 digests for 3 scenarios"):
        read_data(data, "m.json")
    data["scenario_digests"] = ["0" * 16, "NOT-HEX", ""]
    with pytest.raises(KillMatrixError, match=r"m\.json"):
        read_data(data, "m.json")


def test_a_merged_matrix_keeps_the_old_digest_of_a_scenario_changed_since() -> None:
    old = _matrix_json([("moves.py:9", ["s::a", "s::b"])], ["s::a", "s::b"],
                       scenario_digests=["a" * 16, "b" * 16])  # fmt: skip
    new = _matrix_json([("scoring.py:7", ["s::c"])], ["s::a", "s::b", "s::c"],
                       scenario_digests=["a" * 16, "e" * 16, "c" * 16])  # fmt: skip
    merged = kill_matrix.merge(old, new, "scoring.py", mutants_now=3)
    # s::b changed: moves.py's kept kill set predates it, so it stays out of the match
    assert merged["scenario_digests"] == ["a" * 16, "b" * 16, "c" * 16]


def test_the_digest_of_a_scenario_follows_its_steps_not_its_tags(tmp_path: Path) -> None:
    """``--rulespec-scenario-digests`` (what a kill matrix records): a changed tag keeps a
    scenario's digest, a changed expected value does not."""

    def digest(tag: str, coins: int) -> str:
        folder = tmp_path / f"{tag}-{coins}"
        folder.mkdir()
        (folder / "one.feature").write_text(
            f"Feature: One\n\n  @{tag}\n  Scenario: A new game\n"
            f'    Given a new "notre_dame" game with 2 players\n'
            f'    Then "players.0.coins" is {coins}\n',
            "utf-8",
        )
        where = folder / "digests.json"
        run = subprocess.run(
            [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "--rulespec-suite",
             "--rulespec-features", str(folder), "-k", "level_regressions", "--collect-only",
             "--rulespec-scenario-digests", str(where)],
            cwd=tmp_path, capture_output=True, text=True, timeout=600,
        )  # fmt: skip
        assert run.returncode == 0, run.stdout[-2000:] + run.stderr[-2000:]
        digests = json.loads(where.read_text("utf-8"))
        (found,) = [d for key, d in digests.items() if key.startswith("level_regressions.py::")]
        return found

    first = digest("ND-SETUP-BOARD", 3)
    assert re.fullmatch(r"[0-9a-f]{16}", first)
    assert digest("ND-SETUP-COINS", 3) == first
    assert digest("ND-SETUP-BOARD", 4) != first


def test_a_matrix_reads_its_rules_again_after_a_change_of_comments_only(tmp_path: Path) -> None:
    """``rulespec mutate GAME --reread-rules --kill-matrix FILE``: an entry whose line moved
    is found again by its code and takes the rule its line names now; one whose code is gone
    is left as it was, and the run exits 1 (the matrix needs a run)."""
    shipped = json.loads((ROOT / "spec" / "notre_dame" / "kill_matrix.json").read_text("utf-8"))
    first = shipped["mutants"][0]
    module, _, line = first["at"].rpartition(":")
    older = {**shipped, "mutants": [
        {**first, "at": f"{module}:{int(line) + 3}", "rules": ["ND-PLAGUE"]},
        {**first, "change": "`no such code here` -> `x`", "killed_by": [0]},
    ]}  # fmt: skip
    matrix, renamed, moved, lost = kill_matrix.reread_rules("notre_dame", older)
    assert (renamed, moved, lost) == (1, 1, 1)
    assert matrix["mutants"][0]["at"] == first["at"]
    assert matrix["mutants"][0]["rules"] == first["rules"]
    assert matrix["mutants"][1] == older["mutants"][1]
    path = tmp_path / "kill_matrix.json"
    kill_matrix.write(path, older)
    run = subprocess.run(
        [sys.executable, "-c", "from conformance.cli import main; main()", "mutate",
         "notre_dame", "--reread-rules", "--kill-matrix", str(path)],
        capture_output=True, text=True, timeout=600, cwd=ROOT,
    )  # fmt: skip
    assert run.returncode == 1, run.stdout + run.stderr
    assert "rule read anew for 1, line moved for 1, not found for 1" in run.stdout
    assert "remake the matrix" in run.stderr
    rewritten = json.loads(path.read_text("utf-8"))
    assert rewritten["mutants"][0]["at"] == first["at"]
    assert rewritten["made_by"].endswith("then its rules read again by rulespec mutate "
                                         "--reread-rules")  # fmt: skip


def test_the_shipped_matrices_rules_are_those_their_lines_name() -> None:
    """Every shipped matrix's entries are where their code is and name the rule their line
    names: a change of the reference's comments is followed by ``--reread-rules``."""
    for game in games.ids():
        path = games.spec_file(game, "kill_matrix.json")
        if path is None:
            continue
        _, renamed, moved, lost = kill_matrix.reread_rules(game, json.loads(path.read_text()))
        assert (renamed, moved, lost) == (0, 0, 0), game


#: ``rulespec mutate`` with the mutation tools missing (a wheel without rulespec[mutate])
WITHOUT_MUTATION_TOOLS = """
import builtins, sys
real = builtins.__import__
def guard(name, *args, **kwargs):
    if name.split(".")[0] in ("libcst", "mutmut"):
        raise ModuleNotFoundError(f"No module named {name!r}")
    return real(name, *args, **kwargs)
builtins.__import__ = guard
from conformance.cli import main
sys.argv = ["rulespec", "mutate", *sys.argv[1:]]
main()
"""


def test_reading_a_matrixs_rules_again_needs_neither_libcst_nor_mutmut(tmp_path: Path) -> None:
    path = tmp_path / "kill_matrix.json"
    path.write_text((ROOT / "spec" / "villagers" / "kill_matrix.json").read_text("utf-8"))
    run = subprocess.run(
        [sys.executable, "-c", WITHOUT_MUTATION_TOOLS, "villagers", "--reread-rules",
         "--kill-matrix", str(path)],
        capture_output=True, text=True, timeout=600, cwd=ROOT,
    )  # fmt: skip
    assert run.returncode == 0, run.stdout + run.stderr
    assert "rule read anew for 0, line moved for 0, not found for 0" in run.stdout
    alone = subprocess.run(
        [sys.executable, "-c", WITHOUT_MUTATION_TOOLS, "villagers", "--reread-rules"],
        capture_output=True, text=True, timeout=600, cwd=ROOT,
    )  # fmt: skip
    assert alone.returncode == 4, alone.stdout + alone.stderr
    assert "--reread-rules needs --kill-matrix FILE" in alone.stderr
