"""A partial engine: the reference notre_dame, declared for 2-4 players only.

It answers a 5-player ``new_game`` (or ``load_state`` of a 5-player position) with
``unsupported``, as the protocol allows. ``rulespec check`` must report those scenarios
as skipped with the reason, and still judge the rest. Standalone: it imports only the
installed ``reference_impl`` (run as ``python partial_engine.py``).
"""

from __future__ import annotations

import sys
from typing import Any

from reference_impl import registry
from reference_impl.server import Server

MAX_PLAYERS = 4


class PartialServer(Server):
    def handle(self, request: Any) -> dict[str, Any]:
        reply = super().handle(request)
        if not isinstance(request, dict):
            return reply
        command = request.get("cmd")
        if command == "handshake" and reply.get("ok"):
            games = [g for g in reply["result"]["games"] if g["id"] == "notre_dame"]
            for game in games:
                game["max_players"] = MAX_PLAYERS
            reply["result"]["games"] = games
            reply["result"]["engine"]["name"] = "partial-notre-dame"
        players = request.get("num_players")
        if command == "load_state" and isinstance(request.get("state"), dict):
            players = request["state"].get("num_players")
        wanted = command in ("new_game", "load_state") and isinstance(players, int)
        if wanted and players > MAX_PLAYERS:
            return {"id": request.get("id"), "ok": False, "error": {
                "kind": "unsupported",
                "message": f"this engine plays 2-{MAX_PLAYERS} players, not {players}",
            }}  # fmt: skip
        return reply


if __name__ == "__main__":
    server = PartialServer({"notre_dame": registry.get_game("notre_dame")})
    sys.exit(server.serve(sys.stdin, sys.stdout))
