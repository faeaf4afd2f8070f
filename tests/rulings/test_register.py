"""The ambiguity register (issue 10): every ambiguous or unspecified rule names its readings,
every ruling option is an engine option with the catalogue's default, and its values are
accepted by ``new_game``; ``@reading:`` tags name such options."""

from __future__ import annotations

import re

import pytest

from conformance.specification import catalogue, rulings

GAMES = catalogue.games_with_catalogue()


@pytest.mark.parametrize("game", GAMES)
def test_every_ruling_option_is_an_engine_option_with_its_values(game: str) -> None:
    assert rulings.register_problems(game) == []


@pytest.mark.parametrize("game", GAMES)
def test_every_ambiguous_rule_names_its_readings(game: str) -> None:
    """Every ambiguous or unspecified entry has a reading and at least one alternative."""
    assert rulings.without_readings(game) == []


@pytest.mark.parametrize("game", GAMES)
def test_every_game_has_readings_to_run(game: str) -> None:
    """``--all-readings`` has at least one run per game with an ambiguous rule, and says
    which it skips."""
    runs = rulings.reading_runs(game)
    if not any(rule.ruling for rule in catalogue.load(game).rules):
        pytest.skip(f"{game}: no rule with a ruling (no reading to run)")
    assert runs, f"{game}: no ruling option with an alternative value"
    for name, value, counts in rulings.partial_readings(game):
        assert (name, value) not in runs and counts


def test_a_reading_tag_of_another_value_is_deselected(tmp_path) -> None:
    """Under rat_floor=false, the scenarios tagged @reading:rat_floor=true are not run."""
    from conformance.cli.check import run_scenarios

    tagged = [
        s.name for s in catalogue.load("notre_dame").scenarios if "reading:rat_floor=true" in s.tags
    ]
    assert tagged
    run = run_scenarios(["notre_dame"], options={"notre_dame": {"rat_floor": False}})
    names = {r["scenario"] for g in run.games for r in g.results}
    assert run.exit_code == 0
    assert not names & set(tagged)
    assert "reading:rat_floor=false" in {
        t for s in catalogue.load("notre_dame").scenarios for t in s.tags if s.name in names
    }


def test_passes_in_one_child_judge_as_their_own_runs_do() -> None:
    """``run_passes``: the passes of one child process (``suite_child --sessions``) give
    each the results its own ``run_scenarios`` gives, the reading tags deselected per pass:
    the engine sees each pass's options, never an earlier pass's."""
    from conformance.cli.check import Pass, run_passes, run_scenarios

    def outcome(run):  # test id -> status, and the options the engine was asked for
        return {r["test"]: r["status"] for g in run.games for r in g.results}

    rule = "ND-RATS-FLOOR"  # its scenarios are tagged with both readings of rat_floor
    readings = [None, {"notre_dame": {"rat_floor": False}}, None]
    together = run_passes(["notre_dame"], [Pass(o) for o in readings], rule=rule)
    alone = [run_scenarios(["notre_dame"], options=o, rule=rule) for o in readings[:2]]
    assert [outcome(run) for run in together] == [outcome(run) for run in [*alone, alone[0]]]
    assert outcome(together[0]) != outcome(together[1])  # the reading changed the selection
    assert all(run.exit_code == 0 and run.judged() > 0 for run in together)
    assert "passed" in together[1].log and together[1].log != together[0].log


def test_check_all_readings_passes_for_a_game() -> None:
    """``rulespec check --all-readings``: the defaults, then one run per other reading (for
    one rule's scenarios: every scenario of every game under every reading is the slow
    test below)."""
    from tests.reports.conftest import rulespec

    done = rulespec("check", "--game", "notre_dame", "--all-readings", "--rule", "ND-RATS-FLOOR")
    assert done.returncode == 0, done.stdout[-3000:]
    for name, value in rulings.reading_runs("notre_dame"):
        assert f"notre_dame {name}={value!s}".lower() in done.stdout.lower()
    assert "every scenario passes under every reading" in done.stdout
    # the rule's scenarios tagged @reading:rat_floor=true are left out under rat_floor=false
    ran = dict(re.findall(r"^notre_dame (.+?)(?: \(\d+ more unchanged[^)]*\))?: (\d+) passed",
                          done.stdout, re.M))  # fmt: skip
    assert int(ran["rat_floor=false"]) < int(ran["(every default reading)"]), ran
    # ND-RATS-FLOOR's scenarios never take a coin from the Notre Dame: none is run again under
    # notre_dame_source=true, every one is said to be unchanged; under the floor's own option
    # every one left (not tagged with the other reading) runs again, none is unchanged
    every = ran["(every default reading)"]
    assert re.search(rf"^notre_dame notre_dame_source=true \({every} more unchanged: they "
                     r"never read notre_dame_source\): 0 passed", done.stdout, re.M), done.stdout
    assert re.search(r"^notre_dame rat_floor=false: [1-9]\d* passed", done.stdout, re.M), (
        done.stdout
    )


@pytest.mark.slow
@pytest.mark.parametrize("game", GAMES)
def test_check_all_readings_passes_and_an_engine_process_gets_the_same_count(game: str) -> None:
    """``rulespec check --game G --all-readings`` against the reference in-process passes
    under every reading, and ``rulespec check --game G --engine "rulespec serve"`` (the same
    engine behind the pipe) closes with the default reading's count: every scenario passes
    through the protocol as it does in-process."""
    import sys

    from tests.reports.conftest import rulespec

    done = rulespec("check", "--game", game, "--all-readings", timeout=1800)
    assert done.returncode == 0, done.stdout[-5000:]
    assert "every scenario passes under every reading" in done.stdout
    default = re.search(rf"^{game} \(every default reading\): (\d+) passed, 0 failed$",
                        done.stdout, re.M)  # fmt: skip
    assert default and int(default[1]) > 0, done.stdout[-3000:]
    serve = f"{sys.executable} -m reference_impl.server"
    served = rulespec("check", "--game", game, "--level", "scenarios", "--engine", serve)
    assert served.returncode == 0, served.stdout[-3000:]
    assert served.stdout.strip().splitlines()[-1] == f"{default[1]} passed, 0 failed"
