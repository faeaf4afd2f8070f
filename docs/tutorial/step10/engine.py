#!/usr/bin/env python3
"""Notre Dame: 10th Anniversary: a rulespec engine.

Written by `rulespec new-engine`; it speaks protocol version 1.

This file is the protocol: it reads one JSON request per line on standard input, calls the
game (game.py) and writes one JSON reply per line on standard output, flushed. The game lives
in game.py; here you only add to CAPABILITIES what the game can do. The contract is
`spec/protocol/README.md` of rulespec (the installed copy's folder:
`python -c "import rulespec.resources as r; print(r.PROTOCOL_DIR)"`).

Only the standard library is used: run it with any Python 3.11+, `python3 engine.py`.
"""

from __future__ import annotations

import copy
import json
import sys
import traceback
from typing import Any

import game
from errors import EngineError, Malformed, Unsupported

PROTOCOL = 1
#: what this engine can do; add each when it works (README.md, "Next steps"):
#: "load_state" (the scenarios, level L2), "validates_positions" (load_state refuses
#: impossible positions), "legal_actions" and "chance" (differential play, level L3),
#: "outcome", "fired", "views"
CAPABILITIES: list[str] = ["load_state", "validates_positions", "outcome", "legal_actions", "chance"]  # noqa: E501  # fmt: skip


class Session:
    """One engine process: the current game, replaced by every new_game and load_state."""

    def __init__(self) -> None:
        self.game: dict[str, Any] | None = None  # the canonical state of the game

    def current(self) -> dict[str, Any]:
        if self.game is None:
            raise Malformed("no game in progress: send new_game or load_state first")
        return self.game

    def handshake(self, request: dict[str, Any]) -> dict[str, Any]:
        if PROTOCOL not in (request.get("protocol") or []):
            raise Unsupported(f"driver speaks {request.get('protocol')}, engine speaks [1]")
        return {
            "protocol": PROTOCOL,
            "engine": {"name": game.ENGINE_NAME, "version": "0.1.0", "language": "python"},
            "games": [{"id": game.GAME, "min_players": game.MIN_PLAYERS,
                       "max_players": game.MAX_PLAYERS, "options": dict(game.DEFAULT_OPTIONS)}],
            "capabilities": CAPABILITIES,
        }  # fmt: skip

    def new_game(self, request: dict[str, Any]) -> dict[str, Any]:
        if request.get("game") != game.GAME:
            asked = request.get("game")
            raise Unsupported(f"this engine plays {game.GAME!r} only, not {asked!r}")
        players = request.get("num_players")
        if type(players) is not int or not game.MIN_PLAYERS <= players <= game.MAX_PLAYERS:
            raise Unsupported(f"{game.GAME} is played by {game.MIN_PLAYERS}-{game.MAX_PLAYERS}"
                              f" players, not {players!r}")  # fmt: skip
        options = game.resolve_options(request.get("options") or {})
        self.game = game.new_game(players, options, request.get("setup") or {})
        return {"state": self.game}

    def load_state(self, request: dict[str, Any]) -> dict[str, Any]:
        state = request.get("state")
        if not isinstance(state, dict) or state.get("game") != game.GAME:
            raise Malformed(f"state: expected a canonical {game.GAME} state")
        self.game = game.load_state(copy.deepcopy(state))
        return {"state": self.game}

    def state(self, request: dict[str, Any]) -> dict[str, Any]:
        if request.get("view") is not None:
            if "views" not in CAPABILITIES:
                raise Unsupported("views are not implemented (capability 'views')")
            return {"state": game.view(self.current(), request["view"])}
        return {"state": self.current()}

    def legal_actions(self, request: dict[str, Any]) -> dict[str, Any]:
        return game.legal_actions(self.current())

    def apply(self, request: dict[str, Any]) -> dict[str, Any]:
        action = request.get("action")
        if not isinstance(action, dict) or "actor" not in action or "type" not in action:
            raise Malformed("action: expected an object with 'actor' and 'type'")
        # on any error the game stays exactly as it was: the move is made on a copy
        candidate = copy.deepcopy(self.current())
        fired = game.apply(candidate, action)
        self.game = candidate
        result = {"to_act": candidate["to_act"], "terminal": candidate["terminal"]}
        if "fired" in CAPABILITIES:
            result["fired"] = fired
        return result

    def outcome(self, request: dict[str, Any]) -> dict[str, Any]:
        return game.outcome(self.current())

    def stop(self, request: dict[str, Any]) -> dict[str, Any]:
        return {}


COMMANDS = ("handshake", "new_game", "load_state", "state", "legal_actions", "apply",
            "outcome", "stop")  # fmt: skip


def reply_to(session: Session, line: str) -> dict[str, Any]:
    try:
        request = json.loads(line)
    except json.JSONDecodeError as error:
        return {"id": None, "ok": False,
                "error": {"kind": "malformed", "message": f"not JSON: {error}"}}  # fmt: skip
    if not isinstance(request, dict):
        refused = {"kind": "malformed", "message": "a request is a JSON object"}
        return {"id": None, "ok": False, "error": refused}
    command = request.get("cmd")
    try:
        if command not in COMMANDS:
            raise Unsupported(f"unknown command {command!r}")
        result = getattr(session, command)(request)
        return {"id": request.get("id"), "ok": True, "result": result}
    except EngineError as error:
        return {"id": request.get("id"), "ok": False, "error": error.as_reply()}
    except Exception as error:  # a bug in the engine: say so, keep serving
        traceback.print_exc(file=sys.stderr)
        message = f"{type(error).__name__}: {error}"
        return {"id": request.get("id"), "ok": False,
                "error": {"kind": "internal", "message": message}}  # fmt: skip


def main() -> int:
    session = Session()
    for line in sys.stdin:
        if not line.strip():
            continue
        reply = reply_to(session, line)
        sys.stdout.write(json.dumps(reply, separators=(",", ":")) + "\n")
        sys.stdout.flush()
        if reply["ok"] and json.loads(line).get("cmd") == "stop":
            break
    return 0


if __name__ == "__main__":
    sys.exit(main())
