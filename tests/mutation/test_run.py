"""The runner classifies a hanging mutant as timed out, a crashing one as killed, and one that
declares less (a refused player count it had declared, or a scenario skipped that passed
unmutated) as killed, and goes on."""

from __future__ import annotations

from pathlib import Path

import pytest

from conformance.mutation import generate, run, worker

SEEDS = [
    {  # hangs as soon as a player's plague areas are listed (asleep: the wait costs no CPU)
        "rule": "ND-PLAGUE-CHOICE", "module": "flow", "old": "    best = -1\n",
        "new": "    while True:\n        __import__(\"time\").sleep(1)\n",
    },
    {  # takes the worker process down with it
        "rule": "ND-PLAGUE-CHOICE", "module": "flow",
        "old": '    printed = sum(PERSON_RATS[c] for c in st.display)\n',
        "new": '    printed = __import__("os")._exit(3)\n',
    },
    {  # an ordinary wrong rule, after both: a fresh worker must still judge it
        "rule": "ND-PLAGUE-CHOICE", "module": "flow", "old": "if people > best:",
        "new": "if people < best:",
    },
    {  # the engine no longer declares five players: its 5-player scenarios are skipped
        "rule": "ND-SETUP-COLORS", "module": "game", "old": "    max_players = MAX_PLAYERS\n",
        "new": "    max_players = MAX_PLAYERS - 1\n",
    },
]  # fmt: skip


@pytest.mark.slow
def test_hang_crash_wrong_rule_and_a_narrower_declaration_are_each_classified(
    shared_cache: Path,
) -> None:
    mutants = generate.generate("notre_dame", SEEDS, operators=[], modules=[])
    settings = run.RunSettings(jobs=1, timeout_factor=0.5, grace=3.0, cache=shared_cache)
    results, baseline = run.run(mutants, mutants.mutants, settings)
    statuses = [outcome.status for _, outcome in results]
    assert statuses == ["timed out", "killed", "killed", "killed"], [o for _, o in results]
    # the narrower declaration: the worker's engine declared 2-5 players at its handshake,
    # so the mutant's refusal of a 5-player game fails that scenario (a refusal of what the
    # engine declares is a failure, not a skip), or, where the declaration was read again,
    # a scenario it skips had passed unmutated; killed either way
    narrower = results[3][1]
    assert narrower.message == worker.DECLARES_LESS or (
        "for 2-4 players, not 5" in narrower.message and narrower.killers
    ), narrower
    assert results[1][1].killers == ["<worker died>"]
    killer = results[2][1].killers[0]
    assert killer.startswith("conformance/suite/test_notre_dame.py::")
    assert "ND-PLAGUE-CHOICE" in results[2][1].killer_rules
    assert baseline is not None and not baseline.failing



def _card_turned_wrongly(cache: Path) -> tuple[generate.MutantSet, generate.Mutant]:
    """Isle Traces' mutants of ``board.py``, and the one that turns every card wrongly."""
    mutants = generate.generate("isle_traces", modules=["board.py"], cache=cache)
    mutant = next(
        m for m in mutants.mutants
        if m.function == "face_index" and m.before == "return 3 * (1 - b) + a"
        and m.after == "return 3 * (2 - b) + a"
    )  # fmt: skip
    return mutants, mutant


@pytest.mark.slow
def test_a_line_run_only_while_a_cache_is_built_is_run_by_every_scenario_using_it(
    shared_cache: Path,
) -> None:
    """Isle Traces turns a card through ``board.face_index``, called only while the
    ``functools.cache`` of ``board.geometry`` is built: once per process when the coverage was
    taken with warm caches, so five scenarios ran such a mutant and it survived (23 of the
    25 mutants of ``face_index`` did). With every cache cold each scenario that places a card
    runs it. Shown on the scenarios of IT-PLACE-GRID (cards turned every way): a baseline
    of these alone, not of all 264 scenarios, which the sample's test takes."""
    mutants, mutant = _card_turned_wrongly(shared_cache)
    assert mutant.scope == "function"
    settings = run.RunSettings(jobs=1, cache=shared_cache, scenario_rule="IT-PLACE-GRID")
    results, baseline = run.run(mutants, [mutant], settings)
    assert baseline is not None and len(baseline.scenarios) >= 10
    users = run.select(mutant, baseline) or []
    assert len(users) > len(baseline.scenarios) // 2, (len(users), len(baseline.scenarios))
    assert results[0][1].status == "killed", results[0][1]


@pytest.mark.slow
def test_with_killers_a_mutant_is_run_on_until_that_many_scenarios_failed(
    shared_cache: Path,
) -> None:
    """A kill matrix: ``killers=N`` goes on past a mutant's first failing scenario until N
    failed, and those results are cached apart from the first-killer ones (a later plain run
    still names one killer). The mutant turns every card wrongly, so every scenario of
    IT-PLACE-GRID that places a card fails."""
    mutants, mutant = _card_turned_wrongly(shared_cache)

    def settings(killers: int) -> run.RunSettings:
        return run.RunSettings(jobs=1, cache=shared_cache, scenario_rule="IT-PLACE-GRID",
                               killers=killers)  # fmt: skip

    ((_, several),) = run.run(mutants, [mutant], settings(3))[0]
    assert several.status == "killed" and len(several.killers) == 3, several
    assert len(set(several.killers)) == 3 and several.ran >= 3
    ((_, first),) = run.run(mutants, [mutant], settings(1))[0]
    assert first.status == "killed" and len(first.killers) == 1, first
    ((_, again),) = run.run(mutants, [mutant], settings(3))[0]
    assert again.cached and again.killers == several.killers


def test_a_worker_parses_component_files_once_and_hands_out_copies(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from conformance.mutation import worker
    from reference_impl import components

    monkeypatch.setattr(components, "_load", components._load)  # put back afterwards
    worker.keep_components()
    data = components._load("notre_dame")
    assert data == components._load.__wrapped__("notre_dame")
    data.clear()  # a mutant that edits the parsed file in place
    worker.purge("reference_impl.no_such_game")  # what happens between two mutants
    again = components._load("notre_dame")
    assert again and again is not data
    assert components._load("notre_dame") is again  # one copy until the next purge


def test_the_baseline_is_cached_per_fingerprint(tmp_path: Path) -> None:
    scenarios = [
        {"nodeid": "a", "outcome": "passed", "rules": ["ND-BANK"], "seconds": 0.5,
         "lines": {"scoring.py": [3, 4]}},
        {"nodeid": "b", "outcome": "failed"},
    ]  # fmt: skip
    baseline = run._baseline([{"scenarios": scenarios, "import": {"data.py": [1]},
                               "modules": ["data.py", "scoring.py"]}])  # fmt: skip
    run._save_baseline(tmp_path, "notre_dame", "print-1", baseline)
    again = run._load_baseline(tmp_path, "notre_dame", "print-1")
    assert again is not None
    assert (again.lines, again.failing, again.imported) == ([{"scoring.py": {3, 4}}], ["b"],
                                                            {"data.py": {1}})  # fmt: skip
    assert again.modules == {"data.py", "scoring.py"} and again.seconds == 0.0
    assert run._load_baseline(tmp_path, "notre_dame", "print-2") is None  # code changed
    assert run._load_baseline(tmp_path, "gnomeville", "print-1") is None
    # one rule's baseline (--scenarios-of) is kept beside the whole suite's, not over it
    run._save_baseline(tmp_path, "notre_dame", "print-1:ND-BANK", baseline)
    assert run._load_baseline(tmp_path, "notre_dame", "print-1") is not None
    assert run._load_baseline(tmp_path, "notre_dame", "print-1:ND-BANK") is not None


def test_a_second_run_waits_for_the_baseline_another_is_taking_and_reads_it(
    tmp_path: Path,
) -> None:
    import threading

    scenarios = [{"nodeid": "a", "outcome": "passed", "rules": [], "seconds": 0.1,
                  "lines": {}}]  # fmt: skip
    baseline = run._baseline([{"scenarios": scenarios, "import": {}, "modules": []}])
    taken, seen = threading.Event(), []

    def second() -> None:
        taken.wait()
        with run._taking_baseline(tmp_path, "neom", "print"):
            seen.append(run._load_baseline(tmp_path, "neom", "print"))

    other = threading.Thread(target=second)
    other.start()
    with run._taking_baseline(tmp_path, "neom", "print"):
        taken.set()
        other.join(0.5)
        assert other.is_alive(), "the second run did not wait"
        run._save_baseline(tmp_path, "neom", "print", baseline)
    other.join(10)
    assert seen and seen[0] is not None and seen[0].scenarios == baseline.scenarios


def test_a_run_whose_engine_changes_on_disk_midway_stops_naming_why(tmp_path: Path) -> None:
    """A worker imports the unmutated modules from disk for every mutant: an edit during a
    run would mix two versions in one report, so the run stops instead."""
    engine = tmp_path / "scoring.py"
    engine.write_text("POINTS = 3\n", "utf-8")
    mutants = generate.MutantSet("no_such_game", "reference_impl.no_such_game", tmp_path,
                                 {"scoring.py": "POINTS = 3\n"}, [])  # fmt: skip
    print_ = run.fingerprint(mutants)
    run._unchanged(mutants, print_)
    run._unchanged(mutants, print_ + ":ND-BANK")  # a --scenarios-of run's fingerprint
    engine.write_text("POINTS = 4\n", "utf-8")
    with pytest.raises(run.MutationRunError, match="changed on disk during the run"):
        run._unchanged(mutants, print_)
