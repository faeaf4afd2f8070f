"""Time-budgeted campaigns of whole games, their statistics, and budgeted shrinking.

The invariant and differential levels play as many whole games as fit in a budget per
game and configuration (not a fixed number of games). Every game draws its choices from
its own seeded generator (``seed``, game, configuration and game index), so a failing
game is replayed exactly from its recorded choices, and a campaign with the same seed
plays the same games in the same order (how many depends on the budget).

:func:`shrink_choices` makes a failing game's choice list smaller within its own time
budget and returns the smallest failure found so far when the budget runs out.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Generic, TypeVar

import pytest

from conformance.levels.guide import RuleGuide
from conformance.levels.progress import Progress

#: default seconds per game and level, split evenly over the game's configurations (so
#: ``rulespec check --level all`` of one game takes about a minute); ``--rulespec-budget``
#: gives the seconds per game and configuration instead
DEFAULT_GAME_BUDGET = 24.0
#: seconds to shrink one failure (``--rulespec-shrink-seconds``)
DEFAULT_SHRINK_SECONDS = 30.0

#: one rule guide per level and game, shared by its configurations (``config.stash``)
_GUIDES = pytest.StashKey[dict[str, RuleGuide]]()

Failure = TypeVar("Failure", bound=BaseException)


@dataclass
class CampaignStats:
    """What one campaign (a game, a configuration, a level) did."""

    level: str
    game: str
    config: str
    budget: float
    games: int = 0
    steps: int = 0
    seconds: float = 0.0
    cpu_seconds: float = 0.0
    guided_steps: int = 0
    rules_reached: list[str] = field(default_factory=list)
    rules_unreached: list[str] = field(default_factory=list)
    campaign_reached: int = 0  # rules reached by every configuration of the game so far
    interrupted: bool = False
    shrink: dict[str, Any] = field(default_factory=dict)
    divergence: dict[str, Any] = field(default_factory=dict)
    #: games cut off by the budget's end (the first game of a campaign always ends)
    partial_games: int = 0
    #: when games after the first stop (``time.monotonic``); None: no budget
    deadline: float | None = None
    _started: tuple[float, float] = (0.0, 0.0)

    def begin(self) -> None:
        self._started = (time.monotonic(), time.process_time())

    def account(self) -> None:
        """Bring ``seconds`` and ``cpu_seconds`` up to now."""
        self.seconds = time.monotonic() - self._started[0]
        self.cpu_seconds = time.process_time() - self._started[1]

    @property
    def steps_per_second(self) -> float:
        return self.steps / self.seconds if self.seconds > 0 else 0.0

    @property
    def rules_total(self) -> int:
        return len(self.rules_reached) + len(self.rules_unreached)

    def summary(self, rules: bool = True) -> str:
        share = len(self.rules_reached) / self.rules_total if self.rules_total else 0.0
        cut = " (+1 cut off by the budget)" if self.partial_games else ""
        text = (
            f"{self.games} games{cut}, {self.steps} steps in {self.seconds:.1f}s "
            f"({self.steps_per_second:,.0f} steps/s)"
        )
        if not rules:
            return text
        text += f", rules reached {len(self.rules_reached)}/{self.rules_total} ({share:.0%})"
        if self.campaign_reached > len(self.rules_reached):
            text += f", {self.campaign_reached} over the game's campaign"
        return text + (" [interrupted]" if self.interrupted else "")

    def to_json(self) -> dict[str, Any]:
        """The ``stats`` property of the level's result (JSON-lines report)."""
        found = {
            "level": self.level,
            "game": self.game,
            "config": self.config,
            "budget_seconds": self.budget,
            "games": self.games,
            "steps": self.steps,
            "seconds": round(self.seconds, 3),
            "cpu_seconds": round(self.cpu_seconds, 3),
            "steps_per_second": round(self.steps_per_second, 1),
            "partial_games": self.partial_games,
            "guided_steps": self.guided_steps,
            "rules_total": self.rules_total,
            "rules_reached": len(self.rules_reached),
            "rules_share": round(len(self.rules_reached) / self.rules_total, 4)
            if self.rules_total
            else 0.0,
            "campaign_rules_reached": self.campaign_reached,
            "rules_unreached": self.rules_unreached,
            "interrupted": self.interrupted,
        }
        if self.shrink:
            found["shrink"] = self.shrink
        if self.divergence:
            found["divergence"] = self.divergence
        return found


class BudgetSpent(Exception):
    """The budget ran out in the middle of a game (not the campaign's first)."""

    def __init__(self, steps: int) -> None:
        super().__init__(f"budget spent after {steps} steps of a game")
        self.steps = steps


class TickingChoices(list[int]):
    """The choice list of one game, updating the progress line (when due) at every step.

    In a budgeted campaign it ends a game other than the first when the budget runs out
    (:class:`BudgetSpent`), so a slow engine does not overrun the budget by whole games.
    """

    def __init__(self, progress: Progress | None, stats: CampaignStats, index: int) -> None:
        super().__init__()
        self._progress = progress
        self._stats = stats
        self._index = index

    def append(self, choice: int) -> None:
        deadline = self._stats.deadline
        if self._index > 0 and deadline is not None and time.monotonic() > deadline:
            raise BudgetSpent(len(self))
        super().append(choice)
        if self._progress is not None and self._progress.due():
            stats = self._stats
            stats.account()
            steps = stats.steps + len(self)
            rate = steps / stats.seconds if stats.seconds > 0 else 0.0
            self._progress.update(
                f"game {self._index + 1}, step {len(self)}; {stats.games} games and {steps} "
                f"steps in {stats.seconds:.1f}s ({rate:,.0f} steps/s)"
            )


def campaign_games(config: Any) -> int | None:
    """A fixed game count instead of the budget: ``--rulespec-examples``; and one game per
    configuration when no ``--engine`` is given (the reference judging itself in-process,
    as the repository's own test run does: a smoke run, the budgets are for engines)."""
    games = config.getoption("--rulespec-examples")
    if games is None and config.getoption("--engine") is None:
        return 1
    return games


def configuration_budget(config: Any, configurations: int) -> float:
    """Seconds for one configuration: ``--rulespec-budget``, else the game's share."""
    given = config.getoption("--rulespec-budget")
    if given is not None:
        return float(given)
    return DEFAULT_GAME_BUDGET / max(1, configurations)


def game_chooser(seed: int | str, label: str, index: int) -> Callable[[int], int]:
    """The uniform chooser of game ``index`` of a campaign (its own seeded generator)."""
    rng = random.Random(f"{seed}:{label}:{index}")
    return rng.randrange


def campaign_guide(config: Any, level: str, game: str) -> RuleGuide | None:
    """The guide of ``game``'s campaign in ``level``, shared by its configurations."""
    if config.getoption("--rulespec-uniform"):
        return None
    guides = config.stash.setdefault(_GUIDES, {})
    key = f"{level}:{game}"
    if key not in guides:
        from conformance.specification import catalogue

        rules = [rule.id for rule in catalogue.load(game).rules]
        guides[key] = RuleGuide(rules, seed=f"{config.getoption('--rulespec-seed')}:{key}")
    return guides[key]


def run_campaign(
    stats: CampaignStats,
    play: Callable[[int], int],
    games: int | None = None,
    progress: Progress | None = None,
    guide: RuleGuide | None = None,
) -> CampaignStats:
    """Call ``play(index)`` (returns the steps played) until the budget is spent.

    At least one game is played. ``games``, when given, replaces the budget: exactly that
    many games. A failure propagates (the stats so far are kept in ``stats``), and so does
    an interrupt (marked ``interrupted``).
    """
    stats.begin()
    deadline = time.monotonic() + stats.budget
    stats.deadline = deadline if games is None else None
    guided_before = guide.guided_steps if guide else 0

    def account() -> None:
        stats.account()
        if guide is not None:
            stats.guided_steps = guide.guided_steps - guided_before

    try:
        while stats.games == 0 or (
            stats.games < games if games is not None else time.monotonic() < deadline
        ):
            try:
                stats.steps += play(stats.games)
            except BudgetSpent as spent:
                stats.steps += spent.steps
                stats.partial_games += 1
                break
            stats.games += 1
            account()
            if progress is not None:
                left = (
                    f"{games - stats.games} games"
                    if games is not None
                    else f"{max(0.0, deadline - time.monotonic()):.0f}s"
                )
                progress.update(f"{stats.summary(rules=False)}, {left} left")
    except KeyboardInterrupt:
        stats.interrupted = True
        raise
    finally:
        account()
    return stats


@dataclass
class Shrunk(Generic[Failure]):
    failure: Failure
    choices: list[int]
    attempts: int
    seconds: float
    complete: bool  # False: the budget ran out first (the best found so far is reported)

    def to_json(self, original: int) -> dict[str, Any]:
        return {
            "original_length": original,
            "attempts": self.attempts,
            "seconds": round(self.seconds, 2),
            "complete": self.complete,
        }


def shrink_choices(
    attempt: Callable[[list[int], int], tuple[Failure, list[int]] | None],
    failure: Failure,
    choices: list[int],
    length: Callable[[Failure], int],
    seconds: float,
    progress: Progress | None = None,
) -> Shrunk[Failure]:
    """Greedy, deterministic shrinking of a failing choice list within ``seconds``.

    ``attempt(prefix, longest)`` replays a game from the choices ``prefix`` (then first
    actions) and returns the failure it shows with the choices really taken, or None; it may
    stop, with None, once its trace is longer than ``longest`` (the length of the shortest
    failure so far, which a longer one cannot replace). A candidate is kept when its failure
    is shorter, or as long with smaller choices. Passes, repeated
    while they help: delete runs of choices (long runs first), set one choice to 0, halve
    it, and at each step try a few other choices followed by first actions.
    """
    started = time.monotonic()
    deadline = started + seconds
    best, best_choices = failure, list(choices[: length(failure)])
    attempts = 0

    def key(found: Failure, taken: list[int]) -> tuple[int, int]:
        return length(found), sum(taken)

    def better(trial: list[int]) -> bool:
        nonlocal best, best_choices, attempts
        if trial == best_choices:
            return False
        attempts += 1
        result = attempt(trial, length(best))
        if result is None:
            return False
        found, taken = result
        taken = taken[: length(found)]
        if key(found, taken) < key(best, best_choices):
            best, best_choices = found, taken
            if progress is not None:
                progress.update(
                    f"shrinking: {length(best)} actions after {attempts} attempts, "
                    f"{max(0.0, deadline - time.monotonic()):.0f}s left"
                )
            return True
        return False

    def out_of_time() -> bool:
        return time.monotonic() > deadline

    improved = True
    while improved and not out_of_time():
        improved = False
        size = max(1, len(best_choices) // 2)
        while size >= 1 and not out_of_time():
            index = len(best_choices) - size
            while index >= 0 and not out_of_time():
                if better(best_choices[:index] + best_choices[index + size :]):
                    improved = True
                index = min(index, len(best_choices) - size) - size
            size //= 2
        for index in reversed(range(len(best_choices))):
            if out_of_time():
                break
            if index < len(best_choices) and best_choices[index] > 0:
                for value in (0, best_choices[index] // 2):
                    trial = list(best_choices)
                    trial[index] = value
                    if better(trial):
                        improved = True
                        break
        index = 0
        while index < len(best_choices) and not out_of_time():
            for alternative in range(1, 4):
                if alternative != best_choices[index] and better(
                    [*best_choices[:index], alternative]
                ):
                    improved = True
                    break
            index += 1
    return Shrunk(best, best_choices, attempts, time.monotonic() - started, not out_of_time())
