"""The engine probe of ``rulespec check``: one handshake before the suite, and the
``--level protocol`` smoke test (handshake and one game's lifecycle per declared game).

Both run in this process, in the current directory, in seconds: an engine that cannot start
or fails its handshake is reported in one line (exit 3) before any scenario runs.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from typing import Any


class ProbeFailed(Exception):
    """The engine could not be started or failed its handshake (one line, exit 3)."""


@dataclass
class Probe:
    identity: dict[str, Any]
    games: dict[str, dict[str, Any]]
    capabilities: frozenset[str]


def _connect(engine: str | None, timeout: float, shell: bool) -> Any:
    from conformance.engine.client import connect
    from conformance.engine.errors import HarnessError

    try:
        return connect(engine, timeout=timeout, shell=shell)
    except ValueError as error:  # an empty command, unbalanced quotes
        raise ProbeFailed(f"engine command {engine!r}: {error}") from None
    except HarnessError as error:
        first = str(error).strip().splitlines()[0] if str(error).strip() else type(error).__name__
        raise ProbeFailed(f"engine {engine!r} failed its handshake: {first}") from None


def probe(engine: str | None, timeout: float, shell: bool) -> Probe:
    """Start the engine, handshake, stop it: what it declares."""
    client = _connect(engine, timeout, shell)
    try:
        return Probe(dict(client.identity), dict(client.games), client.capabilities)
    finally:
        _stop(client)


def _stop(client: Any) -> None:
    try:
        if getattr(client, "process", None) is not None:
            client.stop()
    except Exception:
        pass
    client.close()


def lifecycle(
    engine: str | None, timeout: float, shell: bool, games: list[str]
) -> list[tuple[str, str, str]]:
    """Per game: (game, status, detail) of new_game, state, legal_actions and one apply,
    state again and outcome (the commands the engine declares)."""
    return run_protocol(engine, timeout, shell, games).rows


@dataclass
class ProtocolRun:
    """``--level protocol``: a row per game, the engine's identity, the time taken."""

    rows: list[tuple[str, str, str]]
    identity: dict[str, Any] = field(default_factory=dict)
    durations: dict[str, float] = field(default_factory=dict)

    def results(self) -> list[dict[str, Any]]:
        """The rows as results of a report (``conformance.reports.model``)."""
        return [{"test": f"protocol::{game}", "game": game, "scenario": None, "feature": None,
                 "rules": [], "status": status, "message": detail,
                 "duration": self.durations.get(game, 0.0)}
                for game, status, detail in self.rows]  # fmt: skip


#: states and listed actions checked against the game's schemas (the first problems named)
SHOWN_PROBLEMS = 3


def run_protocol(engine: str | None, timeout: float, shell: bool, games: list[str]) -> ProtocolRun:
    """The handshake, then per declared game new_game, state, legal_actions and one apply,
    state again and outcome (the commands the engine declares); every state is checked
    against ``spec/<game>/state.schema.json`` and every listed action against
    ``spec/<game>/action.schema.json``."""
    from conformance.engine.errors import HarnessError

    client = _connect(engine, timeout, shell)
    run = ProtocolRun([], {**client.identity, "capabilities": sorted(client.capabilities),
                           "games": sorted(client.games)})  # fmt: skip
    try:
        for game in games:
            declared = client.games.get(game)
            if declared is None:
                run.rows.append((game, "skipped", "the engine does not declare this game"))
                continue
            steps: list[str] = []
            started = time.monotonic()
            try:
                _game_lifecycle(client, game, declared, steps)
                run.rows.append((game, "passed", ", ".join(steps)))
            except (HarnessError, AssertionError, KeyError, TypeError) as error:
                done = ", ".join(steps) or "nothing"
                line = str(error).strip().splitlines()[0] if str(error).strip() else repr(error)
                status = getattr(error, "status", "failed")
                run.rows.append((game, status, f"after {done}: {line}"))
            run.durations[game] = round(time.monotonic() - started, 4)
    finally:
        _stop(client)
    return run


def _game_lifecycle(client: Any, game: str, declared: dict[str, Any], steps: list[str]) -> None:
    state = client.new_game(game, int(declared["min_players"]))
    _check_state(game, state, "new_game")
    steps.append("new_game")
    state = client.state()
    _check_state(game, state, "state")
    steps.append("state")
    if state.get("game") != game:
        raise AssertionError(f"state.game is {state.get('game')!r}, not {game!r}")
    if "legal_actions" in client.capabilities and not state["terminal"]:
        listed = client.legal_actions()
        chance = listed.get("chance") or []
        actions = listed["actions"] or [c["action"] for c in chance]
        _check_actions(game, actions)
        steps.append("legal_actions")
        if actions:
            client.apply(actions[0])
            steps.append("apply")
            _check_state(game, client.state(), "state after apply")
    if "outcome" in client.capabilities:
        client.outcome()
        steps.append("outcome")


def _check_state(game: str, state: Any, asked: str) -> None:
    """A state that breaks the game's state schema is a protocol error naming the fields."""
    from conformance.engine.errors import ProtocolViolation
    from rulespec.protocol import state_problems

    problems = state_problems(game, state)
    if problems:
        more = (
            f" (and {len(problems) - SHOWN_PROBLEMS} more)"
            if len(problems) > SHOWN_PROBLEMS
            else ""
        )
        raise ProtocolViolation(f"{asked}: the state breaks the {game} state schema: "
                                f"{'; '.join(problems[:SHOWN_PROBLEMS])}{more}")  # fmt: skip


def _check_actions(game: str, actions: list[Any]) -> None:
    """A listed action that breaks the game's action schema is a protocol error."""
    from conformance.engine.errors import ProtocolViolation
    from rulespec.protocol import action_problems

    for index, action in enumerate(actions):
        problems = action_problems(game, action)
        if problems:
            shown = _best_problem(game, action) or "; ".join(problems[:SHOWN_PROBLEMS])
            raise ProtocolViolation(
                f"legal_actions: listed action {index} breaks the {game} action schema: {shown}"
            )


def _best_problem(game: str, action: Any) -> str | None:
    """The most telling problem of an action against the game's action schema, as
    ``at <place>: <what>``: inside a ``oneOf`` of action kinds, a problem of the kind whose
    ``type`` (or other constant) the action matches, and of those the one with fewest
    problems; None when it cannot say."""
    from rulespec.protocol import action_check

    check = action_check(game)
    if check is None:
        return None
    errors = list(check.detailed().iter_errors(action))
    while len(errors) == 1 and errors[0].context:
        branches: dict[Any, list[Any]] = {}
        for sub in errors[0].context:
            branches.setdefault(sub.relative_schema_path[0], []).append(sub)

        def closeness(found: list[Any]) -> tuple[bool, int]:
            return any(e.validator in ("const", "enum") for e in found), len(found)

        errors = min(branches.values(), key=closeness)
    if not errors:
        return None
    error = errors[0]
    place = "/".join(map(str, error.absolute_path)) or "(top)"
    message = error.message if len(error.message) <= 200 else error.message[:200] + "..."
    return f"at {place}: {message}"
