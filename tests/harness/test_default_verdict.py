"""The default verdict reaches where the bugs are (issue 28): every level by default, a
differential verdict for an engine that cannot list its actions, every declared reading
and the scenarios' positions played in lockstep, and games that need not end cut at a
horizon within the budget."""

from __future__ import annotations

import json
import subprocess
import sys
import time
from fractions import Fraction
from pathlib import Path
from typing import Any

from conformance.engine.client import InProcessClient
from conformance.levels.campaign import CampaignStats, run_campaign
from conformance.levels.differential import GameCut, lockstep
from reference_impl.core import CHANCE, GameDefinition, GameState, IllegalAction, Outcome
from tests.support.checkout import CHECKOUT as ROOT
from tests.support.child_pytest import pytest_run

LEVEL = str(ROOT / "conformance/suite/level_differential.py")
LISTLESS = f"{sys.executable} -m tests.fauxengines.listless"
#: Villagers' readings other than the defaults (spec/villagers/rules.yaml's rulings)
READINGS = [("countess_builds", "road_draft"), ("build_limit_dynamic", True),
            ("founders_branches", 1), ("founders_branches", 3), ("gold_top_only", False),
            ("icons_count_covered", False), ("tie_break", "fewest_villagers")]  # fmt: skip


def _stats(report: Path) -> list[dict[str, Any]]:
    results = [json.loads(line) for line in report.read_text("utf-8").splitlines()]
    return [r["stats"] for r in results if "stats" in r]


def test_an_engine_that_cannot_list_its_actions_gets_a_differential_verdict(
    tmp_path: Path,
) -> None:
    report = tmp_path / "run.jsonl"
    run = pytest_run(LEVEL, "-k", "villagers", "--engine", LISTLESS, "--rulespec-examples", "2",
                     "--rulespec-report", str(report))  # fmt: skip
    assert run.returncode == 0, run.stdout[-3000:]
    [stats] = _stats(report)
    assert stats["games"] == 2 and stats["steps"] > 100
    assert stats["comparisons"] == ["outcome", "states"]  # no legal sets, no chance listings

    drifting = pytest_run(LEVEL, "-k", "villagers", "--engine", f"{LISTLESS} drift player.gold:5",
                          "--rulespec-examples", "2", "--rulespec-shrink-seconds", "3",
                          "--rulespec-reproduce-seconds", "0",
                          "--rulespec-emit-dir", str(tmp_path / "emitted"))  # fmt: skip
    assert drifting.returncode == 1, drifting.stdout[-3000:]
    assert "state differs at player.gold" in drifting.stdout


def test_lockstep_plays_each_declared_reading_and_the_scenarios_positions(tmp_path: Path) -> None:
    """Scenarios first, then differential games in the same run: the games start under
    every other reading of each option the engine declares, and from the positions the
    scenarios loaded."""
    report = tmp_path / "run.jsonl"
    run = pytest_run(str(ROOT / "conformance/suite/test_games.py"), LEVEL,
                     "--rulespec-games", "villagers", "-k",
                     "villagers", "--engine", f"{sys.executable} -m reference_impl.server",
                     "--rulespec-examples", "28", "--rulespec-report", str(report))  # fmt: skip
    assert run.returncode == 0, run.stdout[-3000:]
    [stats] = _stats(report)
    starts = stats["starts"]  # 14 positions, 7 new games under the default options, and one
    assert starts == {"scenario positions": 14, "default options": 7,  # under each of the
                      **{f"{name}={json.dumps(value)}": 1 for name, value in READINGS}}  # others
    assert stats["seed_positions"] > 20


class _Forever(GameState):
    """A dice game where rolling on is always legal: it never ends."""

    def __init__(self) -> None:
        self.rolls = 0
        self.fired: list[str] = []

    def to_canonical(self) -> dict[str, Any]:
        return {"game": "forever", "num_players": 1, "options": {}, "to_act": [CHANCE],
                "terminal": False, "rolls": self.rolls}  # fmt: skip

    def to_act(self) -> list[Any]:
        return [CHANCE]

    def chance_outcomes(self) -> list[tuple[dict[str, Any], Fraction]]:
        return [({"actor": CHANCE, "type": "roll", "die": d}, Fraction(1, 6)) for d in range(6)]

    def legal_actions(self) -> list[dict[str, Any]]:
        return [action for action, _ in self.chance_outcomes()]

    def apply(self, action: dict[str, Any]) -> None:
        if action not in self.legal_actions():
            raise IllegalAction("FV-ROLL", "not a roll")
        self.rolls += 1

    def is_terminal(self) -> bool:
        return False

    def outcome(self) -> Outcome:
        return Outcome((0,), ())

    def clone(self) -> GameState:
        other = _Forever()
        other.rolls = self.rolls
        return other


class _ForeverGame(GameDefinition):
    id = "forever"
    title = "Forever"
    min_players = 1
    max_players = 1

    def new_game(self, num_players: int, options: Any = None, setup: Any = None) -> GameState:
        return _Forever()

    def load(self, canonical: dict[str, Any]) -> GameState:
        state = _Forever()
        state.rolls = canonical["rolls"]
        return state


def test_a_game_that_need_not_end_is_cut_at_its_horizon_within_the_budget() -> None:
    games = {"forever": _ForeverGame()}
    candidate, reference = InProcessClient(games), InProcessClient(games)
    candidate.handshake()
    reference.handshake()
    stats = CampaignStats("differential", "forever", "forever-1p", budget=1.0)

    def play(index: int) -> int:
        import random

        choose = random.Random(index).randrange
        return lockstep(candidate, reference, "forever", 1, None, choose, 500,
                        chance_by_probability=True)  # fmt: skip

    started = time.monotonic()
    run_campaign(stats, play)
    assert time.monotonic() - started < 4.0
    assert stats.games >= 1 and stats.cut_games == stats.games  # partial games, no failure
    assert stats.steps == 500 * stats.games
    try:
        play(0)
    except GameCut as cut:
        assert cut.steps == 500
    else:
        raise AssertionError("a game past its horizon is cut")


def test_the_default_check_judges_every_level_and_holds_an_engine_without_load_state_at_l1(
    tmp_path: Path,
) -> None:
    """No --level: the scenarios, then invariants and differential play within the budget;
    the summary names each level, its games and steps, and what was compared. An engine
    that cannot load positions still gets its deep levels but is held at L1."""
    engine = f"{sys.executable} -m tests.fauxengines.no_load_state"
    done = subprocess.run([sys.executable, "-m", "conformance", "check", "--game", "villagers",
                           "--engine", engine, "--budget", "2", "--emit-dir", str(tmp_path)],
                          cwd=ROOT, capture_output=True, text=True, timeout=600)  # fmt: skip
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-2000:]
    assert "level reached: L1; scenarios passed; invariants passed; differential passed" in (
        done.stdout
    )
    assert "  invariants: " in done.stdout and "  differential: " in done.stdout
    assert "compared: chance listings, legal sets, outcome, states" in done.stdout
