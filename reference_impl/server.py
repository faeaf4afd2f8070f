"""The reference engines served over the rulespec protocol v1 (JSON Lines on stdio).

``rulespec serve`` or ``python -m reference_impl.server``. The same :class:`Server`
answers in-process requests (``conformance.engine.client.InProcessClient``), so the two
transports cannot drift apart.
"""

from __future__ import annotations

import json
import sys
import traceback
from collections.abc import Callable, Mapping
from typing import IO, Any

from reference_impl import registry
from reference_impl.core import (
    CHANCE,
    EngineError,
    GameDefinition,
    GameState,
    MalformedInput,
    Unsupported,
)
from rulespec.protocol import PROTOCOL_VERSION, schema_problems

ENGINE_NAME = "rulespec-reference"
ENGINE_VERSION = "0.1.0"
CAPABILITIES = ["load_state", "legal_actions", "chance", "views", "fired", "outcome"]


def _fraction_text(probability: Any) -> str:
    return f"{probability.numerator}/{probability.denominator}"


class Server:
    """Dispatches protocol requests to reference engines; never raises on bad input."""

    def __init__(self, games: Mapping[str, GameDefinition] | None = None) -> None:
        self._games = dict(games) if games is not None else None
        self.state: GameState | None = None
        self.stopped = False
        self._handlers: dict[str, Callable[[dict[str, Any]], dict[str, Any]]] = {
            "handshake": self._handshake,
            "new_game": self._new_game,
            "load_state": self._load_state,
            "state": self._state,
            "legal_actions": self._legal_actions,
            "apply": self._apply,
            "outcome": self._outcome,
            "stop": self._stop,
        }

    # -- dispatch ---------------------------------------------------------------------

    def handle(self, request: Any) -> dict[str, Any]:
        """Answer one request (already parsed from JSON)."""
        request_id = request.get("id") if isinstance(request, dict) else None
        if not isinstance(request_id, int | str) or isinstance(request_id, bool):
            request_id = None
        command = request.get("cmd") if isinstance(request, dict) else None
        handler = self._handlers.get(command) if isinstance(command, str) else None
        if handler is None:
            return _error(request_id, MalformedInput(f"unknown command {command!r}"))
        problems = schema_problems(f"{command}.request", request)
        if problems:
            return _error(request_id, MalformedInput(f"{command}: " + "; ".join(problems)))
        try:
            return {"id": request_id, "ok": True, "result": handler(request)}
        except EngineError as error:
            return _error(request_id, error)
        except Exception as error:  # an engine bug must not kill the session
            detail = "".join(traceback.format_exception_only(type(error), error)).strip()
            return _error(request_id, EngineError(f"internal error in {command}: {detail}"))

    def serve(self, stdin: IO[str], stdout: IO[str]) -> int:
        """The stdio loop: one JSON request per line, one JSON reply per line."""
        for line_number, line in enumerate(stdin, start=1):
            if not line.strip():
                continue
            try:
                request = json.loads(line)
            except json.JSONDecodeError as error:
                reply = _error(None, MalformedInput(f"line {line_number}: not JSON: {error}"))
            else:
                reply = self.handle(request)
            stdout.write(json.dumps(reply, ensure_ascii=False, separators=(",", ":")) + "\n")
            stdout.flush()
            if self.stopped:
                break
        return 0

    # -- commands ---------------------------------------------------------------------

    def _game(self, game_id: str) -> GameDefinition:
        if self._games is not None:
            if game_id not in self._games:
                raise Unsupported(f"unknown game {game_id!r} (available: {sorted(self._games)})")
            return self._games[game_id]
        return registry.get_game(game_id)

    def _game_ids(self) -> list[str]:
        return sorted(self._games) if self._games is not None else registry.available_games()

    def _current(self) -> GameState:
        if self.state is None:
            raise MalformedInput("no game in progress: send new_game or load_state first")
        return self.state

    def _handshake(self, request: dict[str, Any]) -> dict[str, Any]:
        if PROTOCOL_VERSION not in request["protocol"]:
            raise Unsupported(
                f"driver speaks protocol {request['protocol']}, engine speaks [{PROTOCOL_VERSION}]"
            )
        games = []
        for game_id in self._game_ids():
            game = self._game(game_id)
            games.append(
                {
                    "id": game.id,
                    "min_players": game.min_players,
                    "max_players": game.max_players,
                    "options": dict(game.default_options),
                }
            )
        return {
            "protocol": PROTOCOL_VERSION,
            "engine": {"name": ENGINE_NAME, "version": ENGINE_VERSION, "language": "python"},
            "games": games,
            "capabilities": CAPABILITIES,
        }

    def _new_game(self, request: dict[str, Any]) -> dict[str, Any]:
        game = self._game(request["game"])
        state = game.new_game(request["num_players"], request.get("options"), request.get("setup"))
        self.state = state
        return {"state": state.to_canonical()}

    def _load_state(self, request: dict[str, Any]) -> dict[str, Any]:
        canonical = request["state"]
        state = self._game(canonical["game"]).load(canonical)
        self.state = state
        return {"state": state.to_canonical()}

    def _state(self, request: dict[str, Any]) -> dict[str, Any]:
        state = self._current()
        view = request.get("view")
        if view is None:
            return {"state": state.to_canonical()}
        num_players = state.to_canonical()["num_players"]
        if view >= num_players:
            raise MalformedInput(f"view {view}: there are only seats 0..{num_players - 1}")
        return {"state": state.view(view)}

    def _legal_actions(self, request: dict[str, Any]) -> dict[str, Any]:
        state = self._current()
        to_act = state.to_act()
        result: dict[str, Any] = {"to_act": to_act}
        if CHANCE in to_act:
            outcomes = state.chance_outcomes()
            result["actions"] = [action for action, _ in outcomes]
            result["chance"] = [
                {"action": action, "probability": _fraction_text(p)} for action, p in outcomes
            ]
        else:
            result["actions"] = state.legal_actions()
        return result

    def _apply(self, request: dict[str, Any]) -> dict[str, Any]:
        state = self._current()
        if state.is_terminal():
            raise MalformedInput("the game is over: no action can be applied")
        state.apply(request["action"])
        fired = list(getattr(state, "fired", ()))
        return {"to_act": state.to_act(), "terminal": state.is_terminal(), "fired": fired}

    def _outcome(self, request: dict[str, Any]) -> dict[str, Any]:
        state = self._current()
        outcome = state.outcome().to_json()
        return {"terminal": state.is_terminal(), **outcome}

    def _stop(self, request: dict[str, Any]) -> dict[str, Any]:
        self.stopped = True
        return {}


def _error(request_id: Any, error: EngineError) -> dict[str, Any]:
    return {"id": request_id, "ok": False, "error": error.to_json()}


def main() -> int:
    sys.stdin.reconfigure(encoding="utf-8")  # type: ignore[union-attr]
    sys.stdout.reconfigure(encoding="utf-8")  # type: ignore[union-attr]
    return Server().serve(sys.stdin, sys.stdout)


if __name__ == "__main__":
    raise SystemExit(main())
