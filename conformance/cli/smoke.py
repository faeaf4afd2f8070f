"""The engine probe of ``rulespec check``: one handshake before the suite, and the
``--level protocol`` smoke test (handshake and one game's lifecycle per declared game).

Both run in this process, in the current directory, in seconds: an engine that cannot start
or fails its handshake is reported in one line (exit 3) before any scenario runs.
"""

from __future__ import annotations

from dataclasses import dataclass
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


def lifecycle(engine: str | None, timeout: float, shell: bool, games: list[str]) -> list[
    tuple[str, str, str]
]:
    """Per game: (game, status, detail) of new_game, state, legal_actions and one apply,
    state again and outcome (the commands the engine declares)."""
    from conformance.engine.errors import HarnessError

    client = _connect(engine, timeout, shell)
    rows = []
    try:
        for game in games:
            declared = client.games.get(game)
            if declared is None:
                rows.append((game, "skipped", "the engine does not declare this game"))
                continue
            steps = []
            try:
                client.new_game(game, int(declared["min_players"]))
                steps.append("new_game")
                state = client.state()
                steps.append("state")
                if state.get("game") != game:
                    raise AssertionError(f"state.game is {state.get('game')!r}, not {game!r}")
                if "legal_actions" in client.capabilities and not state["terminal"]:
                    listed = client.legal_actions()
                    steps.append("legal_actions")
                    chance = listed.get("chance") or []
                    actions = listed["actions"] or [c["action"] for c in chance]
                    if actions:
                        client.apply(actions[0])
                        steps.append("apply")
                        client.state()
                if "outcome" in client.capabilities:
                    client.outcome()
                    steps.append("outcome")
                rows.append((game, "passed", ", ".join(steps)))
            except (HarnessError, AssertionError, KeyError, TypeError) as error:
                done = ", ".join(steps) or "nothing"
                line = str(error).strip().splitlines()[0] if str(error).strip() else repr(error)
                rows.append((game, getattr(error, "status", "failed"), f"after {done}: {line}"))
    finally:
        _stop(client)
    return rows
