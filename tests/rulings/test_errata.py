"""Errata as versioned rulesets (issue 10): the example erratum of every game, ``check
--ruleset``, the recorded games, and the impact report listing exactly what changes."""

from __future__ import annotations

import io

import pytest

from conformance.cli.check import run_scenarios
from conformance.levels.playout import replay
from conformance.specification import catalogue, errata
from reference_impl import registry
from rulespec import games

GAMES = catalogue.games_with_catalogue()

#: the golden traces each example erratum changes, and where (0: at setup)
EXPECTED_TRACES = {
    "example-troll-cap-4": {
        "2p-seed1.jsonl#0": 48, "2p-seed1.jsonl#1": 55, "2p-seed1.jsonl#2": 33,
        "3p-seed2.jsonl#0": 148, "3p-seed2.jsonl#1": 58,
    },
    "example-four-explorers": {"2p-seed1.jsonl#0": 0, "2p-seed1.jsonl#1": 0, "4p-seed2.jsonl#0": 0},
    "example-offering-seven": {"2p-seed1.jsonl#1": 37, "4p-seed2.jsonl#0": 32},
    "example-sell-six": {"2p-seed1.jsonl#0": 43, "2p-seed1.jsonl#1": 36, "3p-seed2.jsonl#0": 53},
    "example-bank-lock-three": {"1p-seed1.jsonl#0": 50, "1p-seed1.jsonl#1": 26},
}  # fmt: skip


def example(game: str) -> errata.Erratum:
    found = [errata.load(game, i) for i in errata.available(game)]
    if not found:  # optional for a game: what errata buy is the guide's (adding-a-game.md)
        pytest.skip(f"{game}: errata absent (no errata/*.yaml in its spec folder)")
    examples = [e for e in found if e.example]
    assert len(examples) == 1, f"{game}: one worked example erratum, marked example: true"
    return examples[0]


def tagged(game: str, tag: str) -> set[str]:
    return {f"{s.feature}: {s.name}" for s in catalogue.load(game).scenarios if tag in s.tags}


@pytest.mark.parametrize("game", GAMES)
def test_the_example_erratum_changes_a_parameter_of_the_catalogue(game: str) -> None:
    erratum = example(game)
    assert "EXAMPLE" in erratum.title and erratum.params
    rules = catalogue.load(game)
    for rule_id, params in erratum.params.items():
        edition = rules.rule(rule_id).params or {}
        assert any(edition[name] != value for name, value in params.items())
    assert tagged(game, f"since:{erratum.id}"), "a scenario pins the new behaviour"


@pytest.mark.parametrize("game", GAMES)
def test_check_with_the_ruleset_runs_the_since_scenarios_and_passes(game: str) -> None:
    """The scenarios of the erratum's rule under its ruleset: the ``@since`` ones run and
    pass, the ``@until`` ones do not run. (That every other scenario still passes under the
    ruleset follows from the impact report's test below: under the ruleset only the tagged
    scenarios change, and the suite passes under the edition.)"""
    erratum = example(game)
    rule = erratum.rules[0]
    options, ids = errata.check_arguments(errata.rulesets_for([game], [erratum.id]))
    run = run_scenarios([game], options=options, errata=ids, rule=rule)
    ran = {f"{r['feature']}: {r['scenario']}": r["status"] for g in run.games for r in g.results}
    assert run.exit_code == 0, [k for k, v in ran.items() if v != "passed"]
    assert tagged(game, f"since:{erratum.id}") <= set(ran)
    of_the_rule = tagged(game, f"until:{erratum.id}") & tagged(game, rule)
    assert of_the_rule, "an @until scenario of the rule shows it left out"
    assert not tagged(game, f"until:{erratum.id}") & set(ran)
    assert set(ran) <= tagged(game, rule)


@pytest.mark.parametrize("game", GAMES)
def test_the_golden_traces_replay_as_recorded(game: str) -> None:
    paths = errata.golden_traces(game)
    if not paths:  # optional for a game; scripts/regen_golden.py writes them
        pytest.skip(f"{game}: recorded games absent (no recorded/*.jsonl in its spec folder)")
    # shipped data: inside the game's spec folder, found as a wheel finds it (not in tests/)
    assert all(path.is_relative_to(games.spec_dir(game) / "recorded") for path in paths)
    for path in paths:
        results = list(replay(io.StringIO(path.read_text("utf-8")), registry.get_game))
        assert results and all(r.matches for r in results), path.name


@pytest.mark.parametrize("game", GAMES)
def test_the_impact_report_lists_exactly_the_changes(game: str) -> None:
    erratum = example(game)
    report = errata.impact(game, erratum.id)
    declared = tagged(game, f"since:{erratum.id}") | tagged(game, f"until:{erratum.id}")
    assert {s.key for s in report.scenarios} == declared
    for change in report.scenarios:  # each declared by its @since/@until tag
        assert change.tagged
        # errored: the scenario's position is one the erratum makes unreachable, refused at
        # load (Pig's 85 points under a goal of 50)
        assert (change.before, change.after) in (
            ("passed", "failed"), ("failed", "passed"), ("passed", "errored"),
        )  # fmt: skip
    if erratum.id in EXPECTED_TRACES:  # a game package's own example: its own tests say
        assert {t.trace: t.step for t in report.traces} == EXPECTED_TRACES[erratum.id]
    assert report.regressions() == []
    for trace in report.traces:
        assert set(erratum.rules) & set(trace.fired)


def test_a_change_where_no_touched_rule_fired_is_a_regression() -> None:
    """An erratum claiming GV-SCORE-FULL-TOWN while changing the troll cap is caught."""
    liar = errata.Erratum(
        id="liar", game="gnomeville", title="t", date="2026-01-01", example=True,
        rules=("GV-SCORE-FULL-TOWN",), params={"GV-TROLL-CAP": {"cap": 4}},
    )  # fmt: skip
    before = errata.Ruleset("gnomeville")
    after = errata.Ruleset("gnomeville", (liar,))
    path = errata.golden_traces("gnomeville")[0]
    record = errata.read_trace_games(path)[0]
    change = errata.trace_change(registry.get_game("gnomeville"), record, before, after, "x")
    assert change is not None and change.regression and "GV-TROLL-CAP" in change.fired


def test_a_bad_erratum_is_reported_with_every_problem(tmp_path) -> None:
    path = tmp_path / "gnomeville" / "errata" / "bad.yaml"
    path.parent.mkdir(parents=True)
    bad = errata.Erratum(
        id="other", game="gnomeville", title="t", date="2026-01-01", example=True,
        rules=("GV-NOPE",), texts={"GV-BUY": "x"}, params={"GV-TROLL-CAP": {"size": 1}},
    )  # fmt: skip
    problems = "\n".join(errata.erratum_problems(bad, path))
    assert "is not the file name" in problems and "GV-NOPE" in problems
    assert "GV-BUY, missing from rules" in problems and "no parameter 'size'" in problems


def test_a_changed_trace_says_how_the_recorded_game_ends() -> None:
    """ND: the 3-coin offering gives 7, so seat 0 of the recorded 4-player game ends with 38
    prestige instead of 37 (one offering of 3 coins: 7 - 6 = 1 more)."""
    report = errata.impact("notre_dame", "example-offering-seven", scenarios=False)
    traces = {t.trace: t for t in report.traces}
    trace = traces["4p-seed2.jsonl#0"]
    assert trace.final == "final scores [37, 0, 15, 8] -> [38, 0, 15, 8], winners [0] -> [0]"
    assert trace.action is not None
    assert (trace.action["card"], trace.action["offering"]) == ("notre_dame", 3)
