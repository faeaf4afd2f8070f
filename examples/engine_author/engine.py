"""A stand-in for your engine: notre_dame over the rulespec protocol (JSON lines on stdio).

To keep the example short the game logic is borrowed from rulespec's reference engine;
your engine has its own. What it shows is the shape of an engine project:

- it declares what it supports: notre_dame only, for 2-4 players (a 5-player game is
  answered ``unsupported``, so those scenarios are skipped with the reason, not failed);
- it has one known deviation, listed in ``known-failures.toml``: it does not stop prestige
  at 0 when the plague strikes (rule ND-PRESTIGE-FLOOR), so the scenarios pinning that
  rule are expected failures until it is fixed.
"""

from __future__ import annotations

import json
import sys
from typing import Any

from reference_impl import registry
from reference_impl.server import Server

MAX_PLAYERS = 4


class TinyEngine(Server):
    def handle(self, request: Any) -> dict[str, Any]:
        if isinstance(request, dict) and request.get("cmd") == "new_game":
            players = request.get("num_players")
            if isinstance(players, int) and players > MAX_PLAYERS:
                return {"id": request.get("id"), "ok": False, "error": {
                    "kind": "unsupported", "message": f"2-{MAX_PLAYERS} players, not {players}"}}
            # the known deviation: prestige may go below 0 unless the game says otherwise
            options = dict(request.get("options") or {})
            options.setdefault("prestige_floor", False)
            request = {**request, "options": options}
        reply = super().handle(request)
        if isinstance(request, dict) and request.get("cmd") == "handshake" and reply["ok"]:
            result = reply["result"]
            result["engine"] = {"name": "tiny-notre-dame", "version": "0.1.0",
                                "language": "python"}
            result["games"] = [dict(g, max_players=MAX_PLAYERS) for g in result["games"]]
        return reply


def main() -> int:
    engine = TinyEngine({"notre_dame": registry.get_game("notre_dame")})
    for line in sys.stdin:
        if not line.strip():
            continue
        try:
            request = json.loads(line)
        except ValueError as error:
            reply: dict[str, Any] = {"id": None, "ok": False,
                                     "error": {"kind": "malformed", "message": str(error)}}
        else:
            reply = engine.handle(request)
        print(json.dumps(reply, separators=(",", ":")), flush=True)
        if engine.stopped:
            break
    return 0


if __name__ == "__main__":
    sys.exit(main())
