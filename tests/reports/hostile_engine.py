"""An engine whose words are HTML: the reference, with markup in everything it says.

``python -m tests.reports.hostile_engine`` serves the reference games, names itself
``<i>hostile</i> & co``, and refuses every third ``apply`` with an ``internal`` error whose
message (and a line on stderr) is :data:`PAYLOAD`. The HTML report must show all of it as
text: no element, no script run.
"""

from __future__ import annotations

import json
import sys

from reference_impl.server import Server

NAME = "<i>hostile</i> & co"
PAYLOAD = (
    "<script>document.title='owned'</script>"
    "<img src=x onerror=\"document.title='owned'\"> & </pre></details></table>"
)


def main() -> int:
    server = Server()
    applies = 0
    for line in sys.stdin:
        if not line.strip():
            continue
        request = json.loads(line)
        reply = server.handle(request)
        if request.get("cmd") == "handshake" and reply.get("ok"):
            reply["result"]["engine"]["name"] = NAME
        if request.get("cmd") == "apply":
            applies += 1
            if applies % 3 == 0:
                print(PAYLOAD, file=sys.stderr, flush=True)
                error = {"kind": "internal", "message": PAYLOAD}
                reply = {"id": request.get("id"), "ok": False, "error": error}
        sys.stdout.write(json.dumps(reply) + "\n")
        sys.stdout.flush()
        if server.stopped:
            break
    return 0


if __name__ == "__main__":
    sys.exit(main())
