"""The reference server, declaring every capability but ``load_state`` (an engine that cannot
load positions: the scenarios that start from one are skipped with the reason)."""

from __future__ import annotations

import json
import sys

from reference_impl.server import Server


def main() -> None:
    server = Server()
    for line in sys.stdin:
        request = json.loads(line)
        reply = server.handle(request)
        if request.get("cmd") == "handshake" and reply.get("ok"):
            declared = reply["result"]["capabilities"]
            reply["result"]["capabilities"] = [c for c in declared if c != "load_state"]
        sys.stdout.write(json.dumps(reply) + "\n")
        sys.stdout.flush()
        if request.get("cmd") == "stop":
            break


if __name__ == "__main__":
    main()
