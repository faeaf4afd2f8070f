"""The reference notes the options it looks up (``reference_impl.option_reads``), which is
what lets ``check --all-readings`` run again only the scenarios that read an option."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from reference_impl import option_reads, registry


@pytest.fixture
def noting() -> Iterator[None]:
    option_reads.take()
    option_reads.note_reads()
    yield
    option_reads.note_reads(False)
    option_reads.take()


def test_lookups_are_noted_and_whole_copies_are_not(noting: None) -> None:
    options = option_reads.noted({"a": 1, "b": 2, "c": 3})
    assert dict(options) == {"a": 1, "b": 2, "c": 3}
    assert sorted(options.items()) == [("a", 1), ("b", 2), ("c", 3)]
    assert {**options} == {"a": 1, "b": 2, "c": 3}
    assert option_reads.take() == []  # echoing the whole is no lookup
    assert options["a"] == 1 and options.get("b") == 2 and "z" not in options
    assert option_reads.take() == ["a", "b", "z"]
    assert option_reads.take() == []  # a new record
    copied = options.copy()
    assert copied == options and copied is not options
    copied["c"]
    assert option_reads.take() == ["c"]


def test_off_hands_out_a_plain_dict() -> None:
    game = registry.get_game("notre_dame")
    options = game.options_of(None)
    assert type(options) is dict
    options["rat_floor"]
    assert option_reads.take() == []


def test_a_game_notes_only_the_options_its_play_looks_up(noting: None) -> None:
    """A Notre Dame game: setting up reads the neutral districts' option; a clone holds
    the same noting options; the canonical state's echo of them is not a lookup."""
    game = registry.get_game("notre_dame")
    state = game.new_game(2)
    assert "neutral_districts" in option_reads.take()
    other = state.clone()
    other.options["rat_floor"]
    assert option_reads.take() == ["rat_floor"]
    state.to_canonical()
    assert option_reads.take() == []  # the canonical state echoes the options, unnoted


def test_the_scenarios_left_unchanged_pass_when_run_again_under_the_reading() -> None:
    """The shortcut's premise, checked on one option: every Villagers scenario that
    ``--all-readings`` would leave unchanged under tie_break=fewest_villagers (it passed
    under the defaults without reading it) passes when it is run under that reading."""
    import tempfile
    from pathlib import Path

    from conformance.cli.check import run_scenarios
    from conformance.specification.unchanged import keep_arguments, may_change

    defaults = run_scenarios(["villagers"], extra=["--rulespec-note-options"])
    results = defaults.games[0].results
    left = [r["test"] for r in results if not may_change(r, {"tie_break"}, {"tie_break"})]
    assert len(results) > len(left) > len(results) // 2, len(left)
    with tempfile.TemporaryDirectory() as folder:
        reading = {"villagers": {"tie_break": "fewest_villagers"}}
        again = run_scenarios(["villagers"], options=reading,
                              extra=keep_arguments(Path(folder), left))  # fmt: skip
    assert again.counts() == {"passed": len(left)}, again.log[-3000:]


def test_an_unreadable_keep_list_is_named(tmp_path) -> None:
    from rulespec.resources import ROOT
    from tests.support.child_pytest import pytest_run

    missing = tmp_path / "none.txt"
    run = pytest_run(str(ROOT / "conformance" / "suite" / "test_games.py"),
                     "--rulespec-games", "notre_dame", "--rulespec-keep", str(missing))  # fmt: skip
    assert run.returncode == 4, run.stdout[-2000:]
    assert f"--rulespec-keep {missing}: cannot be read" in run.stdout + run.stderr


def test_a_rule_parameter_looked_up_is_noted_with_its_rule(noting: None) -> None:
    from reference_impl.core import rule_param

    options = option_reads.noted({"params": {"GV-TROLL-CAP": {"cap": 4}}})
    assert rule_param(options, "GV-TROLL-CAP", "cap", 3) == 4
    assert rule_param(options, "GV-SCORE-EVENTS", "points", 5) == 5
    assert option_reads.take() == ["params", "params.GV-SCORE-EVENTS", "params.GV-TROLL-CAP"]
    assert rule_param({"params": {}}, "GV-TROLL-CAP", "cap", 3) == 3  # a plain dict: unnoted
    assert option_reads.take() == []
