"""``rulespec mutate`` as a user runs it: a weak suite scores low, reports, cache, rulebook."""

from __future__ import annotations

import json
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from rulespec.resources import ROOT

RULESPEC = [sys.executable, "-m", "conformance"]
#: six mutants of Notre Dame's scoring code
SAMPLE = ["notre_dame", "--module", "scoring.py", "--sample", "6", "--seed", "3"]


def mutate(cwd: Path, *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [*RULESPEC, "mutate", *args], capture_output=True, text=True, cwd=cwd, timeout=900
    )


def read(path: Path) -> tuple[dict, list[dict], dict]:
    lines = [json.loads(line) for line in path.read_text("utf-8").splitlines()]
    return lines[0], lines[1:-1], lines[-1]


def status() -> str:
    return subprocess.run(
        ["git", "status", "--porcelain", "--untracked-files=all"], capture_output=True,
        text=True, cwd=ROOT,
    ).stdout  # fmt: skip


@pytest.mark.slow
def test_a_weak_suite_scores_low_and_the_full_suite_kills_more(
    tmp_path: Path, shared_cache: Path
) -> None:
    before = status()
    # ND-BANK's scenarios alone: a deliberately weak suite for the scoring code
    weak = mutate(tmp_path, *SAMPLE, "--scenarios-of", "ND-BANK", "--report", "weak.jsonl")
    assert weak.returncode == 1, weak.stdout + weak.stderr
    assert "survivors (" in weak.stdout
    assert "counting equivalents as survivors" in weak.stdout
    assert "instrumentation mutants" in weak.stdout
    header, records, summary = read(tmp_path / "weak.jsonl")
    assert header["scenarios_of"] == "ND-BANK" and len(records) == 6
    assert {"score", "score_counting_equivalents", "skipped_instrumentation"} <= set(summary)
    assert all(r["function"] and r["occurrence"] >= 1 for r in records)
    assert summary["survived"] >= 3, summary
    # the whole suite's baseline is the session's (the weak run above used the default cache)
    full = mutate(tmp_path, *SAMPLE, "--report", "full.jsonl", "--cache", str(shared_cache))
    assert full.returncode in (0, 1), full.stderr
    _, full_records, full_summary = read(tmp_path / "full.jsonl")
    assert [r["key"] for r in full_records] == [r["key"] for r in records]
    assert full_summary["killed"] > summary["killed"], (summary, full_summary)
    for record in full_records:
        if record["status"] == "killed":
            assert record["killers"] and record["killers"][0].startswith("conformance/suite/")
    assert status() == before, "a run wrote into the source tree"
    assert (tmp_path / ".rulespec-cache" / ".gitignore").read_text("utf-8").endswith("*\n")

    again = mutate(tmp_path, *SAMPLE, "--scenarios-of", "ND-BANK", "--report", "again.jsonl")
    _, again_records, _ = read(tmp_path / "again.jsonl")
    assert [(r["key"], r["status"]) for r in again_records] == [
        (r["key"], r["status"]) for r in records
    ]
    assert again.returncode == 1

    page = tmp_path / "nd.html"
    lent = _lent(shared_cache, tmp_path / "lent", "notre_dame")  # the mutants, made once
    shown = mutate(tmp_path, "notre_dame", "--mutation-results", "weak.jsonl", "--html", "nd.html",
                   "--cache", str(lent))  # fmt: skip
    assert shown.returncode == 1 and "score" in shown.stdout
    text = page.read_text("utf-8")
    assert 'id="mutation"' in text and "Mutation score" in text
    survivor = next(r for r in records if r["status"] == "survived")
    assert f"scoring.py:{survivor['line']}" in text


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["no_such_game"], "unknown game"),
        (["notre_dame", "--sample", "0"], "--sample"),
        (["notre_dame", "--killers", "0"], "--killers must be at least 1"),
        (["notre_dame", "--module", "nothing.py"], "--module 'nothing.py'"),
        (["notre_dame", "--operators", "bogus"], "bogus"),
        (["notre_dame", "--mutation-results", "missing.jsonl"], "no file"),
    ],
)
def test_bad_arguments_are_named(tmp_path: Path, args: list[str], message: str) -> None:
    result = mutate(tmp_path, *args)
    assert result.returncode == 4, result.stdout + result.stderr  # a usage error
    assert message in result.stderr


def test_a_file_that_is_not_a_report_is_refused(tmp_path: Path) -> None:
    (tmp_path / "r.jsonl").write_text('{"type": "result"}\n', "utf-8")
    result = mutate(tmp_path, "notre_dame", "--mutation-results", "r.jsonl")
    assert result.returncode == 4 and "not a rulespec mutate report" in result.stderr


def _files(folder: Path) -> dict[str, int]:
    return {str(p.relative_to(folder)): p.stat().st_mtime_ns for p in folder.rglob("*")}


def _lent(shared_cache: Path, folder: Path, game: str) -> Path:
    """A cache folder holding ``game``'s mutants, made through the session's cache (once a
    session: the sample's test reads them from there too), copied (other tests write into
    the session's cache meanwhile)."""
    from conformance.mutation import generate

    generate.generate(game, cache=shared_cache)
    shutil.copytree(shared_cache / game / "generated", folder / game / "generated")
    return folder


def test_check_triage_runs_nothing_and_counts_the_entries(
    tmp_path: Path, shared_cache: Path
) -> None:
    """(Entries naming several mutants: tests/mutation/test_triage.py.) It reads the mutants
    made earlier from the cache folder, when they are there, and writes nothing."""
    cache = _lent(shared_cache, tmp_path / "cache", "notre_dame")
    before = _files(cache)
    clean = mutate(tmp_path, "notre_dame", "--check-triage", "--cache", str(cache))
    assert clean.returncode == 0, clean.stdout + clean.stderr
    assert re.search(r"notre_dame: \d+ equivalent entries: 0 match several mutants, 0 match none",
                     clean.stdout), clean.stdout  # fmt: skip
    assert not (tmp_path / ".rulespec-cache").exists()
    assert _files(cache) == before


def test_an_earlier_report_is_judged_by_todays_triage_file(
    tmp_path: Path, shared_cache: Path
) -> None:
    """A survivor triaged after the run is shown as equivalent, and one whose entry is gone
    (or never was) as a survivor: ``--mutation-results`` reads ``mutants.yaml`` again."""
    from conformance.mutation import generate

    mutants = generate.generate("gnomeville", modules=["__init__.py"]).mutants
    triaged = next(m for m in mutants if (m.before, m.after) == ("min_players = 1",
                                                                 "min_players = 0"))  # fmt: skip
    untriaged = next(m for m in mutants if (m.before, m.after) == ("max_players = 4",
                                                                   "max_players = 5"))  # fmt: skip
    records = [
        {"type": "mutant", **triaged.as_json(), "status": "survived", "equivalent": None},
        {"type": "mutant", **untriaged.as_json(), "status": "survived",
         "equivalent": "an old reason whose entry has gone"},
    ]  # fmt: skip
    lines = [{"type": "header", "game": "gnomeville"}, *records, {"type": "summary"}]
    path = tmp_path / "old.jsonl"
    path.write_text("".join(json.dumps(line) + "\n" for line in lines), "utf-8")
    cache = _lent(shared_cache, tmp_path / "cache", "gnomeville")  # mutants made earlier
    before = _files(cache)
    result = mutate(tmp_path, "gnomeville", "--mutation-results", "old.jsonl",
                    "--cache", str(cache))  # fmt: skip
    assert _files(cache) == before  # read, not written
    assert "2 survivors judged again" in result.stdout, result.stdout + result.stderr
    assert "survived 2 (equivalent 1)" in result.stdout, result.stdout
    assert "max_players = 5" in result.stdout and result.returncode == 1


def test_a_rule_with_one_scenario_judges_each_mutant_by_that_scenario(tmp_path: Path) -> None:
    """``--scenarios-of`` a rule that one scenario pins (NM-COMP-GOODS): the lone scenario
    runs again for each mutant. It used to be handed to pytest as its own next item, and
    every mutant after the first was "killed" by a KeyError in the plugin."""
    sample = ["--module", "scoring.py", "--sample", "4", "--seed", "1"]
    run = mutate(tmp_path, "neom", *sample, "--scenarios-of", "NM-COMP-GOODS", "--no-cache",
                 "--report", "r.jsonl")  # fmt: skip
    assert run.returncode in (0, 1), run.stdout + run.stderr
    _, records, _ = read(tmp_path / "r.jsonl")
    assert len(records) == 4
    assert not [r for r in records if "KeyError" in r.get("message", "")], records
    # the scoring lines sampled are not the goods' (the power penalty, pollution, the ghost
    # town): the goods scenario passes under them
    assert [r["status"] for r in records] == ["survived"] * 4, records


def test_rule_selects_the_lines_a_comment_gives_the_rule_as_the_kill_matrix_does() -> None:
    """``--rule R`` runs the mutants ``coverage --by-mutants`` counts for R: VL-DRAFT-EMPTY
    is named by comments in Villagers' state.py only, never by a docstring, so selecting
    by the functions' rules alone found no mutant of it."""
    from conformance.cli.mutate import _of_rule
    from conformance.mutation import generate, triage

    made = generate.generate("villagers", triage.load("villagers").seeds, None, ["state.py"])
    pool = [m for m in made.mutants if m.module == "state.py"]
    assert not [m for m in pool if "VL-DRAFT-EMPTY" in m.rules]
    chosen = {m.line for m in _of_rule("villagers", pool, "VL-DRAFT-EMPTY")}
    source = (ROOT / "reference_impl" / "villagers" / "state.py").read_text("utf-8")
    commented = [n + 1 for n, text in enumerate(source.splitlines(), start=1)
                 if text.strip().startswith("# VL-DRAFT-EMPTY")]  # fmt: skip
    assert commented and set(commented) <= chosen  # the statements under those comments
