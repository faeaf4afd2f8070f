"""Blame by reproduction: the reference's one-token mutants of the lines it ran at the
divergent step are tried in a child process, and a mutant that does what the candidate did
is evidence for its line's rule (:mod:`conformance.levels.reproduction`)."""

from __future__ import annotations

import random
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from conformance.levels.differential import Divergence
from conformance.levels.reproduction import reproduce
from reference_impl import registry


def _played(steps: int) -> tuple[list[dict[str, Any]], list[str]]:
    """A seeded 3-player Notre Dame trace: its 23rd action is player 1 playing a card in the
    card phase (the next to play, clockwise, is player 2: ND-PLAY-ORDER, ND-LEFT)."""
    state = registry.get_game("notre_dame").new_game(3)
    chooser = random.Random(2)
    actions = []
    for _ in range(steps):
        if "chance" in state.to_act():
            listed = [action for action, _ in state.chance_outcomes()]
        else:
            listed = state.legal_actions()
        action = chooser.choice(listed)
        actions.append(action)
        state.apply(action)
    return actions, list(state.fired)


def _divergence(observed: list[tuple[str, Any]], kind: str = "state") -> Divergence:
    actions, fired = _played(23)
    assert actions[-1]["type"] == "play" and actions[-1]["actor"] == 1
    return Divergence("notre_dame", 3, {}, actions, kind, "", first=observed[0][0],
                      observed=observed, reference_fired=fired)  # fmt: skip


@pytest.mark.slow
def test_a_candidate_that_does_not_pass_the_turn_on_is_reproduced_in_the_turn_orders_code() -> None:
    """A candidate that leaves no player current after a card is played: the reference with
    the line that moves the turn on (clockwise) changed does the same."""
    found = reproduce(_divergence([("current", None)]), seconds=60)
    assert found.complete and found.tried == found.selected > 0
    rules = found.by_rule()
    assert "ND-LEFT" in rules, found.to_json()
    assert "flow.py" in rules["ND-LEFT"].example and "st.current" in rules["ND-LEFT"].example
    assert rules["ND-LEFT"].evidence().startswith("a reference with `st.current = ")


@pytest.mark.slow
def test_a_change_no_one_token_mutant_makes_gives_no_evidence() -> None:
    found = reproduce(_divergence([("players.1.coins", 99)]), seconds=60)
    assert found.tried > 0 and found.rules == []


def test_what_cannot_be_tried_says_why() -> None:
    chance = reproduce(_divergence([("current", None)], kind="chance"), seconds=60)
    assert chance.rules == [] and "chance divergence is not tried" in chance.problem
    assert reproduce(_divergence([("current", None)]), seconds=0).problem == "no time given"
    hurried = reproduce(_divergence([("current", None)]), seconds=0.001)
    assert not hurried.complete and hurried.rules == []  # out of time: nothing claimed
    broken = _divergence([("current", None)])
    broken.actions = [{"actor": 0, "type": "no such action"}, *broken.actions]
    unreplayable = reproduce(broken, seconds=60)
    assert unreplayable.tried == 0
    assert unreplayable.problem == "the reference cannot replay the trace"


ROOT = Path(__file__).resolve().parents[2]


#: a drift the faux engine plays in each game (from that apply on, one more at that path)
_DRIFTS = {"villagers": "player.gold:20", "notre_dame": "players.0.coins:12"}


def _check(tmp_path: Path, *extra: str, game: str = "villagers") -> str:
    engine = f"{sys.executable} -m tests.fauxengines.faux drift {_DRIFTS[game]}"
    done = subprocess.run(
        [sys.executable, "-c", "from conformance.cli import main; main()", "check", "--game",
         game, "--level", "differential", "--budget", "2", "--engine", engine,
         "--emit-dir", str(tmp_path / "emitted"), *extra],
        cwd=ROOT, capture_output=True, text=True, timeout=600,
    )  # fmt: skip
    assert done.returncode == 1, done.stdout[-3000:] + done.stderr[-2000:]
    return done.stdout


@pytest.mark.slow
def test_check_says_how_many_changes_it_tried_and_blame_seconds_0_tries_none(
    tmp_path: Path,
) -> None:
    """The console says how many of the reference's one-token changes were tried at the
    divergent step (``--blame-seconds``: for how long), once per failure: Notre Dame at 3
    and 4 players fails alike from the same drift, and a failure met again takes the trials
    of the configuration that met it first rather than trying the same mutants again.
    ``--blame-seconds 0`` tries none (and says nothing of them)."""
    told = _check(tmp_path, "--blame-seconds", "2", "--players", "3", "--players", "4",
                  game="notre_dame")  # fmt: skip
    assert told.count("0 passed, 2 failed") == 1, told[-3000:]
    tried = [line for line in told.splitlines() if "one-token changes of the reference" in line]
    here = [line for line in tried if "tried at that step" in line]
    again = [line for line in tried if "for the same failure in notre_dame-" in line]
    assert here and again and len(here) + len(again) == len(tried), tried
    assert all("(not tried again)" in line for line in again), again
    assert "one-token changes" not in _check(tmp_path, "--blame-seconds", "0")


def test_the_blame_says_what_was_tried_and_why_nothing_was() -> None:
    from conformance.levels.attribution import Attribution, Blame
    from conformance.levels.reproduction import Reproduced

    blamed = [Blame("ND-LEFT", "players.0.coins is written by ND-LEFT at step 3")]
    found = {"ND-LEFT": Reproduced("ND-LEFT", 2, 1, "`a` changed to `b` at flow.py:1", step=3)}
    told = Attribution(blamed, reproduced=found, trials={"tried": 40, "complete": False})
    assert (
        "one-token changes of the reference tried at that step: 40 (time ran out before "
        "the rest); 2 did exactly what the candidate did, 1 part of it"
    ) in told.describe()
    missing = "the trials need mutmut and libcst: pip install 'rulespec[mutate]'"
    untried = Attribution(blamed, trials={"tried": 0, "problem": missing})
    assert f"not tried at that step: {missing}" in untried.describe()
    assert "one-token" not in Attribution(blamed).describe()  # not asked: nothing said


def test_a_failure_met_again_takes_the_first_configurations_trials() -> None:
    from conformance.levels.attribution import Attribution, Blame
    from conformance.levels.reproduction import Reproduced, TrialsDone

    found = {"ND-LEFT": Reproduced("ND-LEFT", 2, 0, "`a` changed to `b` at flow.py:1", step=3)}
    done = TrialsDone(found, {"tried": 40, "complete": True}, "notre_dame-3p")
    again = done.reused(Attribution([Blame("ND-LEFT", "players.0.coins is written by ND-LEFT")]))
    evidence = again.reproduced["ND-LEFT"].evidence()
    assert evidence.endswith("does exactly what the candidate did at step 3 of notre_dame-3p "
                             "(2 such one-token changes in ND-LEFT's code)")  # fmt: skip
    assert (
        "one-token changes of the reference tried for the same failure in notre_dame-3p (not "
        "tried again): 40; 2 did exactly what the candidate did, 0 part of it"
    ) in again.describe()
    assert found["ND-LEFT"].configuration == ""  # the first configuration's own stay as they were
    untried = TrialsDone({}, {"tried": 0, "problem": "none ran"}, "notre_dame-2p")
    assert "not tried for the same failure in notre_dame-2p (not tried again): none ran" in (
        untried.reused(Attribution([Blame("ND-LEFT", "e")])).describe()
    )


def test_a_change_on_a_line_another_rule_is_named_for_says_so() -> None:
    from conformance.levels.reproduction import Reproduced

    shared = Reproduced("ND-HOSPITAL-REDUCE", 0, 0, "`x - h` changed to `(x)` at s.py:7 in f",
                        step=30, line_exact=2)  # fmt: skip
    assert shared.evidence() == (
        "a reference with `x - h` changed to `(x)` at s.py:7 in f does exactly what the "
        "candidate did at step 30 (2 such one-token changes in lines ND-HOSPITAL-REDUCE "
        "shares with other rules)"
    )
    named = Reproduced("ND-LEFT", 0, 1, "`a` changed to `b` at f.py:1 in g", step=3)
    assert named.evidence().endswith("does part of what the candidate did at step 3")
