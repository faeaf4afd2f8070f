"""Whole games of random legal play through the engine client, checking invariants.

Works on any engine (in-process or ``--engine CMD``): every decision and every chance
outcome is picked by a chooser from the legal sets the engine lists (a seeded or
rule-guided chooser in the level, see :mod:`conformance.levels.campaign`; a hypothesis
``data`` object also works), so a failure replays from its choices and shrinks to a short
action trace. Checked on every state: the game's own invariants
(``conformance/invariants/<game>.py``, each tagged with a rule id) and the generic ones:

- ``GEN-ACTOR``: a non-terminal state has someone to act and a legal action for them;
- ``GEN-CHANCE``: chance probabilities are exact fractions summing to 1;
- ``GEN-ILLEGAL``: an action that is not legal is refused and changes nothing;
- ``GEN-ROUNDTRIP``: loading an exported state gives the same state (when supported);
- ``GEN-BOUND``: the game ends within the game's step bound (a game that need not end is
  cut at its step horizon instead: :class:`~conformance.levels.campaign.GameCut`);
- ``GEN-DETERMINISM``: the same actions from the same start give the same final state.
"""

from __future__ import annotations

import json
from collections import Counter
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from hypothesis import strategies as st

from conformance.engine.client import EngineClient
from conformance.engine.errors import EngineRefused
from conformance.invariants import GameInvariants
from conformance.levels.campaign import GameCut
from conformance.levels.guide import Chooser, RuleGuide

ROUNDTRIP_EVERY = 25


class InvariantViolation(AssertionError):
    """An invariant broke; the message holds the rule id and the action trace."""

    def __init__(self, message: str, rule: str = "", steps: int = 0) -> None:
        super().__init__(message)
        self.rule = rule
        self.steps = steps


@dataclass
class PlayRecord:
    actions: list[dict[str, Any]] = field(default_factory=list)
    fired: Counter[str] = field(default_factory=Counter)

    def trace_text(self, limit: int = 60) -> str:
        shown = self.actions[-limit:]
        skipped = len(self.actions) - len(shown)
        lines = [f"  ... {skipped} earlier actions"] if skipped else []
        start = len(self.actions) - len(shown)
        lines += [
            f"  {start + i + 1}. {json.dumps(a, ensure_ascii=False)}" for i, a in enumerate(shown)
        ]
        return "\n".join(lines)


def _fail(rule: str, what: str, record: PlayRecord) -> None:
    raise InvariantViolation(
        f"{rule}: {what}\nafter {len(record.actions)} actions:\n{record.trace_text()}",
        rule,
        len(record.actions),
    )


def _illegal_probe(legal: list[dict[str, Any]], to_act: list[Any], num_players: int):
    """An action nobody may take now: a legal action given to a seat that is not to act."""
    idle = [seat for seat in range(num_players) if seat not in to_act]
    if not idle or not legal:
        return None
    probe = dict(legal[0])
    probe["actor"] = idle[0]
    return probe


def play_checked(
    client: EngineClient,
    game: GameInvariants,
    num_players: int,
    options: dict[str, Any] | None,
    choose: Chooser | st.DataObject,
    record: PlayRecord | None = None,
    guide: RuleGuide | None = None,
    choices: list[int] | None = None,
    stop_after: int | None = None,
) -> PlayRecord:
    """Play one whole game; raise :class:`InvariantViolation` on a violation.

    ``choose(n)`` picks each action's index among the ``n`` legal ones (through
    ``guide.choose`` when a guide is given); a hypothesis ``data`` object draws them
    instead. The picks are appended to ``choices`` when it is given. With ``stop_after``
    the game ends, with no violation, once that many actions are applied and the position
    after them is checked (a shrinking attempt gains nothing from a longer trace).
    """
    record = record or PlayRecord()
    if hasattr(choose, "draw"):
        data = choose
        choose = lambda count: data.draw(st.integers(0, count - 1), label="action index")  # noqa: E731
    if guide is not None:
        guide.start(game.game, num_players, options)
    start = client.new_game(game.game, num_players, options)
    can_load = "load_state" in client.capabilities
    state = start
    for step in range(game.step_bound + 1):
        for invariant in game.invariants:
            problems = invariant.problems(state)
            if problems:
                _fail(invariant.rule, "; ".join(problems), record)
        if state["terminal"]:
            break
        if step == game.step_bound:
            if not game.bounded:  # a game that need not end, at its step horizon
                raise GameCut(len(record.actions))
            _fail("GEN-BOUND", f"no end after {game.step_bound} actions", record)
        listing = client.legal_actions()
        actions = listing["actions"]
        if not listing["to_act"] or not actions:
            _fail("GEN-ACTOR", f"non-terminal state with to_act={listing['to_act']} and "
                  f"{len(actions)} legal actions", record)  # fmt: skip
        if "chance" in listing["to_act"]:
            total = sum(Fraction(o["probability"]) for o in listing.get("chance", []))
            if total != 1:
                _fail("GEN-CHANCE", f"chance probabilities sum to {total}", record)
        elif step % 7 == 0:
            probe = _illegal_probe(actions, listing["to_act"], num_players)
            if probe is not None and probe not in actions:
                try:
                    client.apply(probe)
                except EngineRefused:
                    if client.state() != state:
                        _fail("GEN-ILLEGAL", f"refused {probe} but changed the state", record)
                else:
                    _fail("GEN-ILLEGAL", f"accepted {probe}, whose actor is not to act", record)
        if stop_after is not None and len(record.actions) >= stop_after:
            return record
        index = guide.choose(actions, choose) if guide is not None else choose(len(actions))
        if choices is not None:
            choices.append(index)
        action = actions[index]
        reply = client.apply(action)
        record.actions.append(action)
        record.fired.update(reply.get("fired", []))
        if guide is not None:
            guide.observe(action, reply.get("fired"))
        before, state = state, client.state()
        for transition in game.transitions:
            problems = transition.problems(before, action, state)
            if problems:
                _fail(transition.rule, "; ".join(problems), record)
        if can_load and step % ROUNDTRIP_EVERY == 0 and client.load_state(state) != state:
            _fail("GEN-ROUNDTRIP", "load_state(state) returned a different state", record)
    _check_determinism(client, game, num_players, options, start, state, record)
    return record


def _check_determinism(client, game, num_players, options, start, final, record) -> None:
    again = client.new_game(game.game, num_players, options)
    if again != start:
        _fail("GEN-DETERMINISM", "two new games with the same settings differ", record)
    for action in record.actions:
        client.apply(action)
    if client.state() != final:
        _fail("GEN-DETERMINISM", "replaying the same actions gave another final state", record)
