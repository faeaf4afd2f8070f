"""Pig invariants over canonical states and steps (any engine, through the protocol):
``conformance.invariants``'s shape (``INVARIANTS``, ``STEP_BOUND``, ``CONFIGS``,
``TRANSITIONS``), each check tagged with the rule id it protects.

The numbers come from the rulebook: the goal of 100 (PIG-GOAL; an erratum's params may
change it), a roll without a 1 adds 2..6 (one die) or 4..12 (two dice).
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from conformance.invariants import Invariant, Transition

State = dict[str, Any]
Action = dict[str, Any]

#: Pig need not end (rolling on is always legal, and snake eyes reset a score), so no
#: number of actions bounds it: its games are cut at the engine's step horizon (2,000
#: actions; a random game takes about 210, the longest of 600 seeded ones 318)
STEP_BOUND = None
#: two configurations of the one-die game (both readings of PIG-WIN) and the variant
CONFIGS = [
    (2, {}),
    (3, {"two_dice": True}),
    (4, {"win_without_hold": True}),
]


def _goal(s: State) -> int:
    params = s["options"].get("params", {})
    return int(params.get("PIG-GOAL", {}).get("goal", 100))


def _least(s: State) -> int:
    return 4 if s["options"]["two_dice"] else 2


def turn_structure(s: State) -> Iterator[str]:
    """PIG-TURN-ROLL: the player chooses, chance rolls, nobody acts once over."""
    phase, to_act = s["phase"], s["to_act"]
    expected = [] if phase == "over" else ["chance"] if phase == "roll" else [s["current"]]
    if to_act != expected:
        yield f"phase {phase}, current {s['current']}, but to_act {to_act}"
    if s["terminal"] != (phase == "over"):
        yield f"phase {phase} but terminal {s['terminal']}"
    if not 0 <= s["current"] < s["num_players"] or len(s["scores"]) != s["num_players"]:
        yield f"current {s['current']} and {len(s['scores'])} scores for {s['num_players']}"


def totals_are_sums_of_rolls(s: State) -> Iterator[str]:
    """PIG-ROLL-ADD, PIG-VAR-TWO-DICE: every roll kept adds at least 2 (4 with two dice)."""
    least = _least(s)
    for name, value in [("turn_total", s["turn_total"])] + [
        (f"scores.{i}", v) for i, v in enumerate(s["scores"])
    ]:
        if value < 0 or 0 < value < least:
            yield f"{name} is {value}: no sum of rolls of {least} or more"


def goal_ends_the_game(s: State) -> Iterator[str]:
    """PIG-WIN: below the goal while the game goes on; once over, the current player alone
    has reached it and nothing is left in the turn total."""
    goal = _goal(s)
    reached = [i for i, v in enumerate(s["scores"]) if v >= goal]
    if s["phase"] == "over":
        if reached != [s["current"]] or s["turn_total"]:
            yield (
                f"over with scores {s['scores']}, current {s['current']}, "
                f"turn total {s['turn_total']}"
            )
    elif reached:
        yield f"scores {s['scores']} reach {goal} but the game goes on"


def no_unheld_win_under_the_other_reading(s: State) -> Iterator[str]:
    """PIG-WIN (win_without_hold): the roll that takes score plus turn total to the goal
    ends the game, so no such position is ever to be played on."""
    if s["options"]["win_without_hold"] and s["phase"] != "over":
        total = s["scores"][s["current"]] + s["turn_total"]
        if total >= _goal(s):
            yield f"score plus turn total {total} reach the goal and the game goes on"


INVARIANTS = [
    Invariant("PIG-TURN-ROLL", "the chooser, the die and the end take turns", turn_structure),
    Invariant("PIG-ROLL-ADD", "totals are sums of rolls", totals_are_sums_of_rolls),
    Invariant("PIG-WIN", "the goal ends the game", goal_ends_the_game),
    Invariant(
        "PIG-WIN", "no unheld win goes on (win_without_hold)", no_unheld_win_under_the_other_reading
    ),
]


def only_the_mover_scores(before: State, action: Action, after: State) -> Iterator[str]:
    """PIG-TURN-ORDER: a step changes no score but the current player's."""
    seat = before["current"]
    for i, (was, now) in enumerate(zip(before["scores"], after["scores"], strict=False)):
        if i != seat and was != now:
            yield f"player {i}'s score went {was} -> {now} on player {seat}'s turn"


def rolls_and_holds_add_up(before: State, action: Action, after: State) -> Iterator[str]:
    """PIG-ROLL-ADD, PIG-ROLL-ONE, PIG-HOLD, PIG-VAR-ONE, PIG-VAR-SNAKE, PIG-TURN-END:
    what a step does to the score, the turn total and the turn."""
    seat, total = before["current"], before["turn_total"]
    score = before["scores"][seat]
    now_score, now_total = after["scores"][seat], after["turn_total"]
    passed = after["current"] == (seat + 1) % before["num_players"] and after["phase"] == "decide"
    if action.get("type") == "hold":
        if now_score != score + total or now_total != 0:
            yield f"hold of {total} on {score} gave score {now_score}, turn total {now_total}"
        if after["phase"] != "over" and not passed:
            yield f"after a hold player {after['current']} acts, not player {seat}'s left"
    elif action.get("type") == "roll":
        if (now_score, now_total, after["phase"]) != (score, total, "roll"):
            yield f"rolling changed the score or turn total, or rolled no die: {after['phase']}"
    elif action.get("actor") == "chance":
        dice = action.get("dice", [])
        if 1 in dice:
            expected = 0 if dice == [1, 1] else score
            if now_score != expected or now_total != 0 or not passed:
                yield (
                    f"{dice} on score {score}, turn total {total}: score {now_score}, "
                    f"turn total {now_total}, next {after['current']}"
                )
        elif after["phase"] == "over":
            if now_score != score + total + sum(dice):
                yield (
                    f"{dice} ended the game with score {now_score}, not {score + total}"
                    f" + {sum(dice)}"
                )
        elif now_total != total + sum(dice) or now_score != score or after["current"] != seat:
            yield f"{dice} on turn total {total} gave {now_total} (score {now_score})"


TRANSITIONS = [
    Transition("PIG-TURN-ORDER", "only the mover's score changes", only_the_mover_scores),
    Transition("PIG-ROLL-ADD", "rolls and holds add up", rolls_and_holds_add_up),
]
