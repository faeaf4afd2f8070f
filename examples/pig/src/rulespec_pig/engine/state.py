"""The Pig game state: whose turn, the scores, the turn total, and whether the die is
rolling (chance acts) or the player is choosing.

Phases: ``decide`` (the current player rolls or holds), ``roll`` (chance reveals the die or
dice), ``over``. Implements PIG-TURN-ROLL, PIG-CHOICE, PIG-ROLL-FIRST, PIG-HOLD,
PIG-TURN-END, PIG-TURN-ORDER and PIG-WIN; the arithmetic is in :mod:`.rules`.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from reference_impl.core import (
    CHANCE,
    Action,
    Actor,
    GameState,
    IllegalAction,
    Outcome,
    rule_param,
)

from rulespec_pig.engine import rules
from rulespec_pig.engine.shape import check_shape

GAME_ID = "pig"
DECIDE, ROLL, OVER = "decide", "roll", "over"
PHASES = (DECIDE, ROLL, OVER)


class PigState(GameState):
    """A Pig position. ``options`` are the game's settled options (two_dice,
    win_without_hold, and params when an erratum sets some)."""

    def __init__(self, num_players: int, options: dict[str, Any], start: int) -> None:
        self.num = num_players
        self.options = options
        self.scores = [0] * num_players  # PIG-SETUP-SCORES
        self.current = start  # PIG-SETUP-FIRST
        self.turn_total = 0
        self.phase = DECIDE
        self.fired: list[str] = []

    # -- the protocol surface -------------------------------------------------------------

    def to_act(self) -> list[Actor]:
        if self.phase == OVER:
            return []
        return [CHANCE] if self.phase == ROLL else [self.current]

    def legal_actions(self) -> list[Action]:
        if self.phase == OVER:
            return []
        if self.phase == ROLL:
            return [action for action, _ in self.chance_outcomes()]
        actions: list[Action] = [{"actor": self.current, "type": "roll"}]
        if self.turn_total > 0:  # PIG-ROLL-FIRST
            actions.append({"actor": self.current, "type": "hold"})
        return actions

    def chance_outcomes(self) -> list[tuple[Action, Fraction]]:
        if self.phase != ROLL:
            return []
        return [
            ({"actor": CHANCE, "type": "dice", "dice": dice}, probability)
            for dice, probability in rules.dice_outcomes(self._two_dice())
        ]

    def apply(self, action: Action) -> None:
        check_shape(action)
        self._check_legal(action)
        self.fired = []
        if action["actor"] == CHANCE:
            self._roll(list(action["dice"]))
        elif action["type"] == "roll":
            self.fired.append("PIG-TURN-ROLL")
            # a turn's first roll is the one PIG-ROLL-FIRST requires; a later one a choice
            self.fired.append("PIG-CHOICE" if self.turn_total > 0 else "PIG-ROLL-FIRST")
            self.phase = ROLL
        else:
            self._hold()

    def is_terminal(self) -> bool:
        return self.phase == OVER

    def outcome(self) -> Outcome:
        winners = (self.current,) if self.phase == OVER else ()
        return Outcome(tuple(self.scores), winners, {"turn_total": self.turn_total})

    def clone(self) -> PigState:
        other = PigState.__new__(PigState)
        other.num = self.num
        other.options = self.options.copy()
        other.scores = list(self.scores)
        other.current = self.current
        other.turn_total = self.turn_total
        other.phase = self.phase
        other.fired = list(self.fired)
        return other

    def to_canonical(self) -> dict[str, Any]:
        return {
            "game": GAME_ID,
            "num_players": self.num,
            "options": dict(self.options.items()),
            "to_act": self.to_act(),
            "terminal": self.phase == OVER,
            "phase": self.phase,
            "current": self.current,
            "scores": list(self.scores),
            "turn_total": self.turn_total,
        }

    # -- the rules --------------------------------------------------------------------------

    def goal(self) -> int:
        """PIG-GOAL: 100, unless an erratum's params change it."""
        return int(rule_param(self.options, "PIG-GOAL", "goal", rules.GOAL))

    def _two_dice(self) -> bool:
        return bool(self.options["two_dice"])

    def _check_legal(self, action: Action) -> None:
        """Raise IllegalAction naming the rule ``action`` breaks here (nothing changed)."""
        actor, kind = action["actor"], action["type"]
        if self.phase == OVER:
            raise IllegalAction(
                "PIG-WIN", f"the game is over (player {self.current} won): no {kind} is possible"
            )
        if actor == CHANCE:
            if self.phase != ROLL:
                raise IllegalAction(
                    "PIG-TURN-ROLL",
                    f"no die is rolling: player {self.current} is choosing to roll or hold",
                )
            dice = action["dice"]
            count = 2 if self._two_dice() else 1
            if len(dice) != count:
                raise IllegalAction(
                    "PIG-VAR-SECOND-DIE",
                    f"this game rolls {count} {'dice' if count == 2 else 'die'}, not {dice}",
                )
            if dice != sorted(dice):
                raise IllegalAction(
                    "PIG-VAR-SECOND-DIE",
                    f"two dice are listed in ascending order: {sorted(dice)}, not {dice}",
                )
            return
        if self.phase == ROLL:
            raise IllegalAction(
                "PIG-TURN-ROLL",
                f"the die is rolling for player "
                f"{self.current}: chance acts now, not player {actor}",
            )
        if actor != self.current:
            raise IllegalAction(
                "PIG-TURN-ORDER", f"it is player {self.current}'s turn, not player {actor}'s"
            )
        if kind == "hold" and self.turn_total == 0:
            raise IllegalAction(
                "PIG-ROLL-FIRST",
                f"player {actor} has not rolled yet this turn: roll at least once before holding",
            )

    def _roll(self, dice: list[int]) -> None:
        """The die (or dice) revealed: PIG-COMP-DIE, PIG-ROLL-ADD, PIG-ROLL-ONE and the
        variant's PIG-VAR-TWO-DICE, PIG-VAR-ONE, PIG-VAR-SNAKE."""
        two = len(dice) == 2
        self.fired += ["PIG-VAR-TWO-DICE", "PIG-VAR-SECOND-DIE"] if two else ["PIG-COMP-DIE"]
        seat = self.current
        score, total, lost = rules.after_roll(self.scores[seat], self.turn_total, dice)
        self.scores[seat] = score
        self.turn_total = total
        if lost:
            if two:
                self.fired.append("PIG-VAR-SNAKE" if dice == [1, 1] else "PIG-VAR-ONE")
            else:
                self.fired.append("PIG-ROLL-ONE")
            self._end_turn()
            return
        self.fired.append("PIG-ROLL-ADD")
        self.phase = DECIDE
        if self.options["win_without_hold"] and rules.ends_without_hold(score, total, self.goal()):
            self.scores[seat] = rules.after_hold(score, total)
            self.turn_total = 0
            self._win()

    def _hold(self) -> None:
        """PIG-HOLD: bank the turn total; PIG-WIN when the score reaches the goal."""
        self.fired += ["PIG-CHOICE", "PIG-HOLD"]
        seat = self.current
        self.scores[seat] = rules.after_hold(self.scores[seat], self.turn_total)
        self.turn_total = 0
        if rules.has_won(self.scores[seat], self.goal()):
            self._win()
        else:
            self._end_turn()

    def _win(self) -> None:
        self.fired += ["PIG-GOAL", "PIG-WIN"]
        self.phase = OVER

    def _end_turn(self) -> None:
        """PIG-TURN-END, PIG-TURN-ORDER: the next seat rolls (the turn total is already 0:
        banked by the hold, or lost by the roll)."""
        self.fired += ["PIG-TURN-END", "PIG-TURN-ORDER"]
        self.current = (self.current + 1) % self.num
        self.phase = DECIDE
