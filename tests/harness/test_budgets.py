"""The deep levels' machinery: time budgets, budgeted shrinking, rule guidance, progress,
and the campaign statistics a level's result carries (issue 15)."""

from __future__ import annotations

import ast
import io
import random
import sys
import time
import xml.etree.ElementTree as ET
from pathlib import Path
from typing import Any

import pytest

from conformance.levels.campaign import CampaignStats, run_campaign, shrink_choices
from conformance.levels.guide import RuleGuide, signature
from conformance.levels.progress import Progress
from conformance.specification import catalogue
from reference_impl import registry
from reference_impl.core import CHANCE, GameState
from rulespec.resources import ROOT
from tests.support.child_pytest import pytest_run

SERVE = f"{sys.executable} -m reference_impl.server"


def test_a_campaign_plays_whole_games_until_its_budget_is_spent() -> None:
    stats = CampaignStats("invariants", "toy", "toy-2p", budget=0.25)

    def play(index: int) -> int:
        time.sleep(0.02)
        return 10

    run_campaign(stats, play)
    assert 5 <= stats.games <= 13
    assert stats.steps == 10 * stats.games
    assert stats.seconds >= 0.25
    assert stats.steps_per_second == pytest.approx(stats.steps / stats.seconds)


def test_a_game_count_replaces_the_budget_and_one_game_is_always_played() -> None:
    counted = run_campaign(CampaignStats("d", "toy", "c", budget=100.0), lambda i: 1, games=4)
    assert counted.games == 4
    spent = run_campaign(CampaignStats("d", "toy", "c", budget=0.0), lambda i: 7)
    assert (spent.games, spent.steps) == (1, 7)


def test_an_interrupted_campaign_keeps_its_figures_and_says_so() -> None:
    stats = CampaignStats("differential", "toy", "toy-2p", budget=60.0)

    def play(index: int) -> int:
        if index == 2:
            raise KeyboardInterrupt
        return 5

    with pytest.raises(KeyboardInterrupt):
        run_campaign(stats, play)
    assert (stats.games, stats.steps, stats.interrupted) == (2, 10, True)
    assert stats.to_json()["interrupted"] is True
    assert "[interrupted]" in stats.summary()


def _first_three(prefix: list[int], longest: int = 40) -> tuple[AssertionError, list[int]] | None:
    """A synthetic game of 40 choices (the prefix, then zeros) failing at its first 3, cut
    after ``longest`` choices as a shrinking attempt may be."""
    taken = (prefix + [0] * 40)[: min(40, longest)]
    if 3 not in taken:
        return None
    at = taken.index(3) + 1
    return AssertionError(f"3 at {at}"), taken[:at]


def test_shrinking_reaches_the_smallest_failing_choices() -> None:
    rng = random.Random(4)
    choices = [rng.choice([0, 1, 2, 4, 5]) for _ in range(25)] + [3, 1, 3]
    failure, _ = _first_three(choices) or (None, None)
    result = shrink_choices(_first_three, failure, choices, lambda f: int(str(f)[5:]), 10.0)
    assert result.choices == [3]
    assert str(result.failure) == "3 at 1"
    assert result.complete


def test_each_attempt_is_told_the_shortest_failure_so_far() -> None:
    """An attempt may stop once its trace is longer than that: it could not be kept."""
    told: list[int] = []

    def attempt(prefix: list[int], longest: int) -> tuple[AssertionError, list[int]] | None:
        told.append(longest)
        return _first_three(prefix, longest)

    choices = [1] * 12 + [3]
    failure, _ = _first_three(choices) or (None, None)
    result = shrink_choices(attempt, failure, choices, lambda f: int(str(f)[5:]), 10.0)
    assert str(result.failure) == "3 at 1" and result.choices == [3]
    assert told[0] == 13 and told[-1] == 1
    assert told == sorted(told, reverse=True)  # it only ever shrinks


def test_shrinking_stops_at_its_budget_and_keeps_the_shortest_so_far() -> None:
    choices = [1] * 30 + [3]
    failure, _ = _first_three(choices) or (None, None)
    result = shrink_choices(_first_three, failure, choices, lambda f: int(str(f)[5:]), 0.0)
    assert not result.complete
    assert str(result.failure) == "3 at 31"  # nothing tried: the failure as found


def _state_with_a_singular_rule(game: str, players: int) -> tuple[GameState, int, str]:
    """A reference position with an action firing a rule no other legal action fires."""
    rng = random.Random(1)
    state = registry.get_game(game).new_game(players)
    while not state.is_terminal():
        actions = _legal(state)
        fired = []
        for action in actions:
            trial = state.clone()
            trial.apply(action)
            fired.append(set(trial.fired))
        for index, rules in enumerate(fired):
            others = set().union(*(f for i, f in enumerate(fired) if i != index))
            if rules - others and len(actions) > 2:
                return state, index, sorted(rules - others)[0]
        state.apply(actions[rng.randrange(len(actions))])
    raise AssertionError("no position with a singular rule")


def _legal(state: GameState) -> list[dict[str, Any]]:
    if CHANCE in state.to_act():
        return [action for action, _ in state.chance_outcomes()]
    return state.legal_actions()


def test_the_guide_takes_the_action_that_fires_a_rule_the_campaign_has_not_fired() -> None:
    position, wanted, rule = _state_with_a_singular_rule("notre_dame", 2)
    rules = [r.id for r in catalogue.load("notre_dame").rules]
    guide = RuleGuide(rules, share=1.0, width=1000, uniform_every=0)
    guide.start("notre_dame", 2, None)
    guide._shadow = position  # the campaign's game has reached this position
    actions = _legal(position)
    guide.counts.update({r: 10**6 for r in rules if r != rule})
    guide.taken.update({signature(a): 10**6 for a in actions})  # no action kind is new

    def uniform(count: int) -> int:
        raise AssertionError("a guided step fell back to uniform play")

    assert guide.choose(actions, uniform) == wanted
    assert guide.guided_steps == 1


def test_every_third_game_of_a_campaign_is_uniform() -> None:
    guide = RuleGuide(["ND-SETUP"], share=1.0)
    actions = _legal(registry.get_game("notre_dame").new_game(2))
    uniform: list[int] = []
    for game in range(1, 7):
        guide.start("notre_dame", 2, None)
        guide.choose(actions, lambda n, g=game: uniform.append(g) or 0)
    assert uniform == [3, 6]


def test_progress_prints_plain_lines_in_a_pipe_and_redraws_one_line_on_a_terminal() -> None:
    plain = io.StringIO()
    progress = Progress("differential toy-2p", stream=plain, live=False, every=0.0)
    progress.update("1 games")
    progress.update("2 games")
    progress.done("finished")
    assert plain.getvalue().splitlines() == [
        "rulespec differential toy-2p: 1 games",
        "rulespec differential toy-2p: 2 games",
        "rulespec differential toy-2p: finished",
    ]
    slow = io.StringIO()
    throttled = Progress("invariants toy-2p", stream=slow, live=False, every=60.0)
    throttled.update("1 games")
    throttled.update("2 games")
    assert slow.getvalue() == ""  # the first plain line comes after one interval
    live = io.StringIO()
    terminal = Progress("differential toy-2p", stream=live, live=True, every=0.0)
    terminal.update("shrinking: 12 actions")
    terminal.done("DIVERGED at step 12")
    assert live.getvalue().count("\r\x1b[2K") == 2
    assert live.getvalue().endswith("\n") and live.getvalue().count("\n") == 1


def test_the_level_reports_its_campaign_and_shows_progress_through_the_capture(
    tmp_path: Path,
) -> None:
    junit = tmp_path / "junit.xml"
    run = pytest_run(
        str(ROOT / "conformance/suite/level_differential.py"), "-k", "notre_dame-2p",
        "--engine", SERVE, "--rulespec-budget", "1", "--junitxml", str(junit),
    )  # fmt: skip
    assert run.returncode == 0, run.stdout[-2000:] + run.stderr[-2000:]
    assert "rulespec differential notre_dame-2p: " in run.stderr  # past pytest's capture
    properties = {p.get("name"): p.get("value") for p in ET.parse(junit).getroot().iter("property")}
    stats = ast.literal_eval(properties["stats"])  # junitxml writes the repr
    assert stats["games"] >= 1 and stats["steps"] >= 170  # whole games: 2 players take ~175
    assert stats["steps_per_second"] > 0
    assert stats["rules_reached"] + len(stats["rules_unreached"]) == stats["rules_total"]
    # every catalogue rule is reached, never reached, or not observable by firing (the
    # reference never reports it): never silently left out
    unobservable = stats["rules_unobservable"]
    assert stats["rules_total"] + len(unobservable) == len(catalogue.load("notre_dame").rules)
    assert not set(unobservable) & set(stats["rules_reached_ids"] + stats["rules_unreached"])
    # a share of the observable rules (a fast machine reaches every one within the budget)
    assert 0 < stats["rules_share"] <= 1
    share = stats["rules_reached"] / stats["rules_total"]
    assert stats["rules_share"] == pytest.approx(share, abs=1e-4)


def test_a_game_after_the_first_stops_when_the_budget_runs_out() -> None:
    from conformance.levels.campaign import TickingChoices

    stats = CampaignStats("differential", "toy", "toy-2p", budget=0.1)

    def play(index: int) -> int:
        choices = TickingChoices(None, stats, index)
        for step in range(10**9):  # an endless game: only the budget ends it
            if index == 0 and step == 5:
                return 5
            choices.append(0)
        return 0

    run_campaign(stats, play)
    assert (stats.games, stats.partial_games) == (1, 1)
    assert stats.steps > 5
    assert "(+1 cut off by the budget)" in stats.summary()
