"""The Pig game definition: options (the Two-Dice variant, the win ruling), new games,
and loading a canonical state with every problem named at once.

Implements PIG-PLAYERS, PIG-SETUP-SCORES, PIG-SETUP-FIRST and the options of PIG-WIN
(``win_without_hold``) and PIG-VAR-TWO-DICE (``two_dice``).
"""

from __future__ import annotations

from typing import Any, ClassVar

from reference_impl.core import CHANCE, GameDefinition, MalformedInput

from rulespec_pig.engine import rules
from rulespec_pig.engine.state import GAME_ID, OVER, PHASES, ROLL, PigState

SETUP_KEYS = ("start_player",)
STATE_KEYS = (
    "game",
    "num_players",
    "options",
    "to_act",
    "terminal",
    "phase",
    "current",
    "scores",
    "turn_total",
)


class PigGame(GameDefinition):
    id = GAME_ID
    title = "Pig"
    min_players = 2
    max_players = 6
    default_options: ClassVar[dict[str, Any]] = {
        "two_dice": False,
        "win_without_hold": False,
    }
    #: Pig need not end (a player may roll on and on): the random levels cut a game after
    #: this many actions and count it as partial (a random game takes a few hundred)
    step_horizon = 2_000

    def new_game(
        self,
        num_players: int,
        options: dict[str, Any] | None = None,
        setup: dict[str, Any] | None = None,
    ) -> PigState:
        """Every score 0, the first player to roll (seat 0 unless ``setup`` names
        ``start_player``)."""
        self.check_players(num_players)
        settled = self.options_of(options)
        start = 0
        if setup:
            if not isinstance(setup, dict):
                raise MalformedInput(f"setup must be a JSON object, got {setup!r}")
            for key in setup:
                if key not in SETUP_KEYS:
                    raise MalformedInput(f"setup.{key} is unknown (known: start_player)")
            if "start_player" in setup:
                start = setup["start_player"]
                if type(start) is not int or not 0 <= start < num_players:
                    raise MalformedInput(
                        f"setup.start_player must be a seat 0..{num_players - 1}, got {start!r}"
                    )
        state = PigState(num_players, settled, start)
        state.fired = ["PIG-SETUP-SCORES", "PIG-SETUP-FIRST"]
        return state

    def load(self, canonical: dict[str, Any]) -> PigState:
        """A state from its canonical JSON; MalformedInput lists every problem found."""
        if not isinstance(canonical, dict):
            raise MalformedInput(f"a state must be a JSON object, got {type(canonical).__name__}")
        problems = [f"{key}: missing" for key in STATE_KEYS if key not in canonical]
        problems += [
            f"{key}: not a field of a Pig state" for key in canonical if key not in STATE_KEYS
        ]
        if problems:
            raise MalformedInput("state: " + "; ".join(problems))
        if canonical["game"] != GAME_ID:
            raise MalformedInput(f"game: {canonical['game']!r} is not {GAME_ID!r}")
        num = canonical["num_players"]
        if type(num) is not int or not self.min_players <= num <= self.max_players:
            raise MalformedInput(f"num_players: {num!r} is not 2..6 (PIG-PLAYERS)")
        if not isinstance(canonical["options"], dict):
            raise MalformedInput("options: not a JSON object")
        state = PigState(num, self.options_of(canonical["options"]), 0)
        problems = _fill(state, canonical)
        if problems:
            raise MalformedInput("state: " + "; ".join(problems))
        return state


def _whole(value: Any) -> bool:
    return type(value) is int and value >= 0


def _fill(state: PigState, canonical: dict[str, Any]) -> list[str]:
    """Set ``state`` from ``canonical`` and return every problem: shapes first, then
    what no game can reach."""
    num = state.num
    problems: list[str] = []
    phase, current = canonical["phase"], canonical["current"]
    scores, total = canonical["scores"], canonical["turn_total"]
    if phase not in PHASES:
        problems.append(f"phase: {phase!r} is not one of {', '.join(PHASES)}")
    if type(current) is not int or not 0 <= current < num:
        problems.append(f"current: {current!r} is not a seat 0..{num - 1}")
    if not isinstance(scores, list) or len(scores) != num or not all(map(_whole, scores)):
        problems.append(f"scores: {scores!r} is not {num} whole numbers")
    if not _whole(total):
        problems.append(f"turn_total: {total!r} is not a whole number")
    if type(canonical["terminal"]) is not bool:
        problems.append(f"terminal: {canonical['terminal']!r} is not true or false")
    if problems:
        return problems
    state.phase, state.current, state.scores, state.turn_total = phase, current, list(scores), total
    return _reachable(state, canonical)


def _reachable(state: PigState, canonical: dict[str, Any]) -> list[str]:
    """What no game reaches: to_act and terminal that do not fit the phase (PIG-TURN-ROLL),
    a turn total or a score that no roll makes (PIG-ROLL-ADD, PIG-VAR-TWO-DICE), a score
    past the goal while the game goes on, or an end without a winner (PIG-WIN)."""
    problems = []
    expected_to_act = (
        [] if state.phase == OVER else [CHANCE] if state.phase == ROLL else [state.current]
    )
    if canonical["to_act"] != expected_to_act:
        problems.append(
            f"to_act: {canonical['to_act']!r}, but phase {state.phase!r} gives {expected_to_act!r}"
        )
    if canonical["terminal"] != (state.phase == OVER):
        problems.append(f"terminal: {canonical['terminal']}, but phase {state.phase!r}")
    two = bool(state.options["two_dice"])
    least = rules.smallest_gain(two)
    if 0 < state.turn_total < least:
        problems.append(
            f"turn_total: {state.turn_total} is no sum of rolls (each adds {least} or more)"
        )
    for seat, score in enumerate(state.scores):
        if 0 < score < least:
            problems.append(
                f"scores.{seat}: {score} is no sum of turn totals (each {least} or more)"
            )
    goal = state.goal()
    if state.phase == OVER:
        problems += _ended(state, goal, two)
    else:
        for seat, score in enumerate(state.scores):
            if rules.has_won(score, goal):
                problems.append(
                    f"scores.{seat}: {score} reaches the goal {goal}, but the game goes on"
                )
        if state.options["win_without_hold"] and rules.ends_without_hold(
            state.scores[state.current], state.turn_total, goal
        ):
            problems.append(
                f"turn_total: {state.turn_total} takes player {state.current} "
                f"to {goal} or more, which ends the game (win_without_hold)"
            )
    return problems


def _ended(state: PigState, goal: int, two: bool) -> list[str]:
    """PIG-WIN: the current player won, alone, and the turn total was banked."""
    problems = []
    if state.turn_total:
        problems.append(f"turn_total: {state.turn_total} left over after the game ended")
    winner = state.scores[state.current]
    if not rules.has_won(winner, goal):
        problems.append(f"scores.{state.current}: the winner has {winner}, less than {goal}")
    elif state.options["win_without_hold"] and winner >= goal + rules.largest_gain(two):
        problems.append(
            f"scores.{state.current}: {winner} is past what one roll from below "
            f"{goal} reaches (win_without_hold)"
        )
    for seat, score in enumerate(state.scores):
        if seat != state.current and rules.has_won(score, goal):
            problems.append(
                f"scores.{seat}: {score} reaches the goal {goal}, but player {state.current} won"
            )
    return problems
