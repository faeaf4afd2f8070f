"""An engine that cannot list its actions: the reference server declaring neither
``legal_actions`` nor ``chance`` (nor ``fired``, ``views``), and refusing ``legal_actions``
as unsupported. Differential play still judges it: the reference chooses every action and
both engines must accept it and reach equal states.

``python -m tests.fauxengines.listless [drift PATH:N]``: with ``drift``, from the N-th
apply on, the number at PATH in every state reply is one more than the reference's.
"""

from __future__ import annotations

import json
import sys
from typing import Any

from conformance.engine import jsonpath
from reference_impl.server import Server

KEPT = ("load_state", "outcome")


def main(argv: list[str]) -> int:
    drift = argv[1].partition(":") if len(argv) > 1 and argv[0] == "drift" else None
    server = Server()
    applied = 0
    for line in sys.stdin:
        if not line.strip():
            continue
        request = json.loads(line)
        if request.get("cmd") == "legal_actions":
            refusal = {"kind": "unsupported", "message": "this engine cannot list its actions"}
            reply: dict[str, Any] = {"id": request.get("id"), "ok": False, "error": refusal}
        else:
            reply = server.handle(request)
        if request.get("cmd") == "handshake" and reply.get("ok"):
            reply["result"]["capabilities"] = [c for c in reply["result"]["capabilities"]
                                               if c in KEPT]  # fmt: skip
        if request.get("cmd") in ("new_game", "load_state"):
            applied = 0
        if request.get("cmd") == "apply" and reply.get("ok"):
            applied += 1
            reply["result"].pop("fired", None)
        if drift and reply.get("ok") and "state" in reply.get("result", {}):
            path, _, start = drift
            if applied >= int(start):
                state = reply["result"]["state"]
                jsonpath.set_(state, path, jsonpath.get(state, path) + 1)
        sys.stdout.write(json.dumps(reply) + "\n")
        sys.stdout.flush()
        if server.stopped:
            break
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
