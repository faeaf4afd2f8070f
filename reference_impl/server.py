"""The reference engines served over the rulespec protocol v1 (JSON Lines on stdio).

``rulespec serve`` or ``python -m reference_impl.server``. The same :class:`Server`
answers in-process requests (``conformance.engine.client.InProcessClient``), so the two
transports cannot drift apart.
"""

from __future__ import annotations

import io
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
from rulespec.protocol import (
    PROTOCOL_VERSION,
    WireError,
    decode,
    encode_line,
    encode_reply_line,
    is_request_id,
    same_json,
    schema_problems,
    state_problems,
)
from rulespec.schema_check import holds_more_values

ENGINE_NAME = "rulespec-reference"
ENGINE_VERSION = "0.1.0"
#: ``validates_positions``: load_state refuses a position the rules cannot reach;
#: ``apply_state`` / ``apply_listing``: ``apply`` with ``"state": true`` / ``"legal_actions":
#: true`` also replies the state / the legal_actions result after the action
CAPABILITIES = ["load_state", "legal_actions", "chance", "views", "fired", "outcome",
                "validates_positions", "apply_state", "apply_listing"]  # fmt: skip


def _fraction_text(probability: Any) -> str:
    return f"{probability.numerator}/{probability.denominator}"


class Server:
    """Dispatches protocol requests to reference engines; never raises on bad input.

    Every request gets exactly one reply. A refused request leaves the game exactly as it
    was: ``new_game`` and ``load_state`` build, export and check the new game before it
    replaces the current one, and an engine failure inside ``apply`` rebuilds the game from
    its start and the actions applied since (the games are deterministic).
    """

    def __init__(self, games: Mapping[str, GameDefinition] | None = None) -> None:
        self._games = games  # looked up per request: a lazy mapping stays lazy
        self.state: GameState | None = None
        self.stopped = False
        self._start: tuple[str, dict[str, Any]] | None = None  # how the game began
        self._applied: list[dict[str, Any]] = []  # the actions applied since
        self._listed: list[Any] | None = None  # the engine's last listing of this position
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
        if not isinstance(request, dict):
            kind = _json_type(request)
            return _error(None, MalformedInput(f"a request must be a JSON object, not {kind}"))
        if "id" not in request:
            return _error(None, MalformedInput("the request has no 'id'"))
        request_id = request["id"]
        if not is_request_id(request_id):
            return _error(None, MalformedInput(
                f"'id' must be an integer or a string, not {_json_type(request_id)} "
                f"{_shown(request_id)}"))  # fmt: skip
        command = request.get("cmd")
        handler = self._handlers.get(command) if isinstance(command, str) else None
        if handler is None:
            return _error(request_id, MalformedInput(f"unknown command {_shown(command)}"))
        if holds_more_values(request, MAX_REQUEST_VALUES, keys=True):
            return _error(request_id, MalformedInput(
                f"{command}: the request holds more than {MAX_REQUEST_VALUES:,} JSON values "
                "(a position of any game here holds about 1,000)"))  # fmt: skip
        problems = schema_problems(f"{command}.request", request)
        if problems:
            return _error(request_id, MalformedInput(f"{command}: " + "; ".join(problems[:8])))
        try:
            return {"id": request_id, "ok": True, "result": handler(request)}
        except EngineError as error:
            return _error(request_id, error)
        except Exception as error:  # an engine bug must not kill the session
            return _error(request_id, EngineError(f"internal error in {command}: {_detail(error)}"))

    def serve(self, stdin: IO[Any], stdout: IO[Any]) -> int:
        """The stdio loop: one JSON request per line, one JSON reply per line.

        ``stdin``/``stdout`` may be text or binary streams. Nothing on a line can stop the
        loop: a line that is not UTF-8, not JSON, too deep, too long or not an object gets a
        ``malformed`` reply with id null; only ``stop`` or the end of input ends it.
        """
        binary_out = not isinstance(stdout, io.TextIOBase)
        line_number = 0
        while not self.stopped:
            line, too_long = _read_line(stdin)
            if not line and not too_long:
                break
            line_number += 1
            exported = False  # a successful reply carrying the engine's exports
            if too_long:
                reply = _error(None, MalformedInput(
                    f"line {line_number}: longer than {MAX_LINE_BYTES} bytes"))  # fmt: skip
            elif not line.strip():
                continue
            else:
                try:
                    request = decode(line)
                except WireError as error:
                    reply = _error(None, MalformedInput(f"line {line_number}: {error}"))
                else:
                    reply = self.handle(request)
                    exported = reply["ok"] is True and request["cmd"] in _EXPORTS
            try:
                data = encode_reply_line(reply) if exported else encode_line(reply)
            except WireError as error:
                failure = EngineError(f"internal error: the reply {error}")
                data = encode_line(_error(reply.get("id"), failure))
            try:
                stdout.write(data if binary_out else data.decode("utf-8"))
                stdout.flush()
            except (BrokenPipeError, ValueError, OSError):
                return 0  # the driver has gone
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
        canonical = _exported(game, state)
        self._replace(state, ("new_game", request))
        return {"state": canonical}

    def _load_state(self, request: dict[str, Any]) -> dict[str, Any]:
        """Implements the protocol's load_state: schema first, then the game's own checks."""
        given = request["state"]
        game = self._game(given["game"])
        problems = state_problems(game.id, given)
        if problems:
            shown = "; ".join(p.replace("at ", "at state/", 1) for p in problems[:8])
            raise MalformedInput(f"load_state: the state breaks {game.id}'s state schema: {shown}")
        state = game.load(given)
        canonical = _exported(game, state)
        _playable(state)
        self._replace(state, ("load_state", request))
        return {"state": canonical}

    def _replace(self, state: GameState, start: tuple[str, dict[str, Any]]) -> None:
        self.state = state
        self._start = start
        self._applied = []
        self._listed = None

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
        self._listed = result["actions"] if len(result["actions"]) <= LISTED_LOOKUP else None
        return result

    def _apply(self, request: dict[str, Any]) -> dict[str, Any]:
        state = self._current()
        listed, self._listed = self._listed, None
        if state.is_terminal():
            raise MalformedInput("the game is over: no action can be applied")
        action = request["action"]
        own = _as_listed(action, listed) if listed is not None else None
        try:
            state.apply(action if own is None else own)
        except EngineError:
            raise
        except Exception:
            self._rebuild()  # the engine failed half-way: back to the position before
            raise
        fired = list(getattr(state, "fired", ()))
        result = {"to_act": state.to_act(), "terminal": state.is_terminal(), "fired": fired}
        try:  # capabilities apply_state and apply_listing: what the request asks for too
            if request.get("state"):
                result["state"] = state.to_canonical()
            if request.get("legal_actions"):
                over = {"to_act": result["to_act"], "actions": []}  # the game is over
                result["legal_actions"] = over if result["terminal"] else self._legal_actions({})
        except Exception:
            self._rebuild()  # a failure after the action: back to the position before it
            raise
        self._applied.append(request["action"])
        return result

    def _rebuild(self) -> None:
        """The current game again, from how it began and the actions applied since."""
        if self._start is None:
            return
        command, request = self._start
        applied = self._applied
        try:
            self._handlers[command](request)
            state = self._current()
            for action in applied:
                state.apply(action)
            self._start, self._applied = (command, request), applied
        except Exception:  # cannot happen with a deterministic engine; say so on next use
            self.state = None

    def _outcome(self, request: dict[str, Any]) -> dict[str, Any]:
        state = self._current()
        outcome = state.outcome().to_json()
        return {"terminal": state.is_terminal(), **outcome}

    def _stop(self, request: dict[str, Any]) -> dict[str, Any]:
        self.stopped = True
        return {}


MAX_LINE_BYTES = 32 * 1024 * 1024
#: the commands whose successful replies carry the engine's exports (states, listings),
#: every step's: written without parsing their text back (:func:`encode_reply_line`)
_EXPORTS = frozenset({"apply", "legal_actions", "state"})
#: longest listing whose actions ``apply`` looks the request's action up in (a scan)
LISTED_LOOKUP = 48


def _as_listed(action: Any, listed: list[Any]) -> Any:
    """The engine's own listed object for ``action`` when one is exactly it as JSON, else
    None. Applying the engine's own object is applying the same action; an engine may
    recognise it without a lookup (Notre Dame does, by identity)."""
    try:
        found = listed[listed.index(action)]
    except ValueError:
        return None
    return found if same_json(found, action) else None


def _read_line(stream: IO[Any]) -> tuple[Any, bool]:
    """The next line (empty at the end) and whether it was over the limit (then dropped)."""
    line = stream.readline(MAX_LINE_BYTES + 1)
    if len(line) <= MAX_LINE_BYTES:
        return line, False
    newline = b"\n" if isinstance(line, bytes) else "\n"
    while line and not line.endswith(newline):  # skip the rest of the long line
        line = stream.readline(MAX_LINE_BYTES)
    return line[:0], True


def _exported(game: GameDefinition, state: GameState) -> dict[str, Any]:
    """The new game's canonical state, checked against the game's schema (else internal)."""
    canonical = state.to_canonical()
    problems = state_problems(game.id, canonical)
    if problems:
        raise EngineError(f"internal error: the exported state breaks the schema: {problems[0]}")
    return canonical


def _playable(state: GameState) -> None:
    """A loaded position the engine can play from: who acts and what they may do."""
    try:
        if not state.is_terminal():
            to_act = state.to_act()
            state.chance_outcomes() if CHANCE in to_act else state.legal_actions()
    except EngineError as error:
        raise MalformedInput(f"load_state: the engine cannot play this position: {error}"
                             ) from None  # fmt: skip
    except Exception as error:
        raise MalformedInput(
            f"load_state: the engine cannot play this position: {_detail(error)}"
        ) from None


def _json_type(value: Any) -> str:
    names = {dict: "an object", list: "an array", str: "a string", bool: "a boolean",
             int: "an integer", float: "a number", type(None): "null"}  # fmt: skip
    return names.get(type(value), type(value).__name__)


def _shown(value: Any, limit: int = 80) -> str:
    text = repr(value)
    return text if len(text) <= limit else text[:limit] + "..."


def _detail(error: BaseException) -> str:
    text = "".join(traceback.format_exception_only(type(error), error)).strip()
    return text if len(text) <= 500 else text[:500] + "..."


def _error(request_id: Any, error: EngineError) -> dict[str, Any]:
    """The error reply; a message quoting a huge input is cut to :data:`MAX_MESSAGE`."""
    body = error.to_json()
    message = body.get("message")
    if isinstance(message, str) and len(message) > MAX_MESSAGE:
        body["message"] = message[:MAX_MESSAGE] + f"... ({len(message):,} characters)"
    return {"id": request_id, "ok": False, "error": body}


#: the most JSON values a request may hold: the largest position of the reference's games
#: holds about 1,100; a state or options of 200,000 items is refused before any check
#: looks at it (a schema check names each bad item: seconds for such a list)
MAX_REQUEST_VALUES = 20_000
#: the longest error message sent (one quoting a whole huge list would be megabytes)
MAX_MESSAGE = 2_000


def main() -> int:
    try:
        return Server().serve(sys.stdin.buffer, sys.stdout.buffer)
    except KeyboardInterrupt:
        return 130


if __name__ == "__main__":
    raise SystemExit(main())
