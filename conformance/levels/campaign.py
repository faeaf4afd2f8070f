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

import json
import random
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Generic, TypeVar

import pytest

from conformance.levels.guide import RuleGuide
from conformance.levels.progress import Progress

#: default seconds per game and level, split evenly over the game's configurations (so
#: ``rulespec check --level all`` of one game takes about a minute); ``--rulespec-budget``
#: gives the seconds per game and configuration instead
DEFAULT_GAME_BUDGET = 24.0
#: a campaign's first game ends by the budget's end plus this (or the budget, if longer),
#: so an engine or a game that never ends cannot hold the run
FIRST_GAME_GRACE = 5.0
#: the step horizon of a game that names none (``GameDefinition.step_horizon``)
DEFAULT_STEP_HORIZON = 20_000
#: seconds to shrink one failure (``--rulespec-shrink-seconds``); a failure already shrunk
#: in another configuration of the game is not shrunk again
DEFAULT_SHRINK_SECONDS = 10.0

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
    #: games cut at the game's step horizon (counted in ``games``: partial, not failures)
    cut_games: int = 0
    #: games played per start (option readings, scenario positions)
    starts: dict[str, int] = field(default_factory=dict)
    #: what could be compared with this engine (legal sets, chance listings, states, outcome)
    comparisons: list[str] = field(default_factory=list)
    #: positions from the scenarios available to start from
    seeds: int = 0
    #: catalogue rules the reference never reports as fired (firing cannot observe them)
    rules_unobservable: list[str] = field(default_factory=list)
    _started: tuple[float, float] = (0.0, 0.0)

    def played(self, start: str) -> None:
        """One more game from ``start`` (an option reading, or scenario positions)."""
        self.starts[start] = self.starts.get(start, 0) + 1

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
        """The rules firing can observe (the unobservable ones are listed apart)."""
        return len(self.rules_reached) + len(self.rules_unreached)

    def summary(self, rules: bool = True) -> str:
        share = len(self.rules_reached) / self.rules_total if self.rules_total else 0.0
        cut = " (+1 cut off by the budget)" if self.partial_games else ""
        if self.cut_games:
            cut += f" ({self.cut_games} cut: at the step horizon, or with no legal action)"
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
            "rules_reached_ids": self.rules_reached,
            "rules_unobservable": self.rules_unobservable,
            "interrupted": self.interrupted,
            "cut_games": self.cut_games,
            "starts": self.starts,
            "comparisons": self.comparisons,
            "seed_positions": self.seeds,
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


class GameCut(Exception):
    """A lockstep game reached its step horizon without ending: a partial game."""

    def __init__(self, steps: int) -> None:
        super().__init__(f"the game did not end within {steps} actions (its step horizon)")
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
        if deadline is not None:
            if self._index == 0:  # the first game may overrun, within bounds
                deadline += max(FIRST_GAME_GRACE, self._stats.budget)
            if time.monotonic() > deadline:
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
            except GameCut as cut:
                stats.steps += cut.steps
                stats.cut_games += 1
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


def step_horizon(game: str) -> int:
    """The number of actions after which a game is cut (a game need not end: a dice game
    where rolling on is always legal): the game's ``step_horizon``, else the default."""
    from reference_impl import registry

    return int(getattr(registry.get_game(game), "step_horizon", None) or DEFAULT_STEP_HORIZON)


def option_plan(game: str, players: int, declared: dict[str, Any]) -> list[tuple[str, dict]]:
    """(label, options) of the games a configuration plays in turn: the default options
    first, then every other reading of each ruling option (the catalogue's register) that
    the engine declares and the reference accepts at this player count."""
    from conformance.specification import rulings
    from reference_impl import registry
    from reference_impl.core import EngineError

    known = declared.get("options")
    names = set(known) if isinstance(known, dict) else set()
    plan: list[tuple[str, dict[str, Any]]] = [("default options", {})]
    definition = registry.get_game(game)
    for option in rulings.options_of(game):
        if option.name not in names:
            continue
        for value in option.others():
            try:
                definition.new_game(players, {option.name: value})
            except EngineError:
                continue
            plan.append((f"{option.name}={json.dumps(value)}", {option.name: value}))
    return plan


def fallback_rule(game: str) -> str:
    """The rule a divergence no evidence blames is filed under: the game's first setup rule."""
    from conformance.specification import catalogue

    rules = catalogue.load(game).rules
    setup = [rule.id for rule in rules if rule.area == "setup"]
    return (setup or [rules[0].id])[0]


def emit_directory(config: Any, game: str) -> Path:
    """Where a divergence's scenario goes: ``--rulespec-emit-dir`` or ./rulespec-regressions."""
    chosen = config.getoption("--rulespec-emit-dir")
    base = Path(chosen) if chosen else config.invocation_params.dir / "rulespec-regressions"
    return base / game


def reach_rules(
    request: Any, stats: CampaignStats, guide: RuleGuide | None, fired: set[str]
) -> None:
    """Fill in the rules reached (those the reference applied), never reached, and not
    observable (the reference never reports them as fired), and attach the stats to the
    result (``stats`` property)."""
    from conformance.levels.rule_sites import observable_rules
    from conformance.specification import catalogue

    rules = [rule.id for rule in catalogue.load(stats.game).rules]
    observable = observable_rules(stats.game)
    stats.rules_reached = [rule for rule in rules if rule in fired]
    stats.rules_unreached = [r for r in rules if r not in fired and r in observable]
    stats.rules_unobservable = [r for r in rules if r not in fired and r not in observable]
    stats.campaign_reached = len(guide.reached()) if guide is not None else 0
    request.node.user_properties.append(("stats", stats.to_json()))
