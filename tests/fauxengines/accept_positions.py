"""The reference server, accepting every loaded position: an engine whose ``load_state``
validates nothing (issue 29, item 6).

``python -m tests.fauxengines.accept_positions [--declare]``. A position the reference
refuses is taken as given: the ``load_state`` reply echoes it, ``state`` shows it, and the
game goes no further (``legal_actions``, ``apply`` and ``outcome`` are answered
``internal``) until the next ``new_game`` or accepted ``load_state``. Every other request
is the reference's, so the engine plays every rule right. Without ``--declare`` it does not
declare the ``validates_positions`` capability (the scenarios that check a refusal are
skipped with the reason); with it, it declares it and fails them.
"""

from __future__ import annotations

import json
import sys
from typing import Any

from reference_impl.server import Server

VALIDATES = "validates_positions"
STOPPED_THERE = ("legal_actions", "apply", "outcome")


def main(argv: list[str]) -> int:
    declare = "--declare" in argv
    server = Server()
    taken: dict[str, Any] | None = None  # a position the reference refused, as given
    for line in sys.stdin:
        if not line.strip():
            continue
        request = json.loads(line)
        command = request.get("cmd")
        reply = server.handle(request)
        if command in ("new_game", "load_state") and reply.get("ok"):
            taken = None
        given = request.get("state")
        if command == "load_state" and not reply.get("ok") and isinstance(given, dict):
            taken = given
            reply = {"id": request.get("id"), "ok": True, "result": {"state": given}}
        elif taken is not None and command == "state":
            reply = {"id": request.get("id"), "ok": True, "result": {"state": taken}}
        elif taken is not None and command in STOPPED_THERE:
            reply = {"id": request.get("id"), "ok": False, "error": {"kind": "internal",
                     "message": "this engine cannot play the position it was given"}}  # fmt: skip
        if command == "handshake" and reply.get("ok"):
            declared = [c for c in reply["result"]["capabilities"] if c != VALIDATES]
            reply["result"]["capabilities"] = [*declared, VALIDATES] if declare else declared
        sys.stdout.write(json.dumps(reply) + "\n")
        sys.stdout.flush()
        if server.stopped:
            break
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
