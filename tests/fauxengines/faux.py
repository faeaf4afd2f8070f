"""Deliberately broken engines: the reference server with one fault injected.

``python -m tests.fauxengines.faux MODE [ARG] [--toy]`` serves the reference games (or the
toy game with ``--toy``) and misbehaves as MODE says. The harness self-tests check that
each fault is classified correctly (timeout, crash, protocol error, rule failure).

Modes (ARG in brackets):
  hang [N]            never answer the N-th request (default 3)
  crash [N]           exit with status 3 (traceback on stderr) at the N-th request
  crash-once N:FILE   crash at the N-th request unless FILE exists (then create it)
  garbage [N]         print a non-JSON line for the N-th request
  wrong-id [N]        echo a wrong id from the N-th request on
  wrong-version       claim protocol version 2 in the handshake
  accept-illegal      answer an illegal action with ok (the state stays as it was)
  lie-state PATH      add 1 to the number at PATH in every state reply
  wrong-score         add 1 to the first player's score in every outcome reply
  drift PATH:N        from the N-th apply on, add 1 to the number at PATH in state replies
  drop-legal          leave the last action out of every legal_actions reply with two or more
  slow SECONDS        sleep before every reply
  flood-stderr        write 1 MB to stderr before every reply
"""

from __future__ import annotations

import contextlib
import json
import os
import sys
import time
from typing import Any

from conformance.engine import jsonpath
from reference_impl.server import Server


def _server(toy: bool) -> Server:
    if toy:
        from tests.support.toy import GAME

        return Server({"toy": GAME})
    return Server()


def main(argv: list[str]) -> int:
    toy = "--toy" in argv
    args = [a for a in argv if a != "--toy"]
    mode = args[0] if args else "none"
    arg = args[1] if len(args) > 1 else None
    server = _server(toy)
    count = 0
    for line in sys.stdin:
        if not line.strip():
            continue
        count += 1
        request = json.loads(line)
        nth = int(arg) if arg and arg.isdigit() else 3
        if mode == "hang" and count == nth:
            time.sleep(3600)
        if mode == "crash-once" and arg:
            at, _, marker = arg.partition(":")
            if count == int(at) and not os.path.exists(marker):
                open(marker, "w").close()
                print("crashed once on purpose", file=sys.stderr)
                sys.stderr.flush()
                return 3
        if mode == "crash" and count == nth:
            print(
                "Traceback (most recent call last):\nFauxError: crashed on purpose", file=sys.stderr
            )
            sys.stderr.flush()
            return 3
        if mode == "garbage" and count == nth:
            sys.stdout.write("this is not json\n")
            sys.stdout.flush()
            continue
        reply = _mutate(mode, arg, request, server.handle(request), count, nth, server)
        if mode == "slow":
            time.sleep(float(arg or 1))
        if mode == "flood-stderr":
            for _ in range(1024):
                sys.stderr.write("x" * 1023 + "\n")
            sys.stderr.flush()
        sys.stdout.write(json.dumps(reply) + "\n")
        sys.stdout.flush()
        if server.stopped:
            break
    return 0


def _mutate(
    mode: str,
    arg: str | None,
    request: dict[str, Any],
    reply: dict[str, Any],
    count: int,
    nth: int,
    server: Server,
) -> dict[str, Any]:
    command = request.get("cmd")
    if mode == "wrong-id" and count >= nth:
        reply["id"] = (reply.get("id") or 0) + 1000
    elif mode == "wrong-version" and command == "handshake":
        reply["result"]["protocol"] = 2
    elif mode == "accept-illegal" and reply.get("ok") is False:
        if reply["error"]["kind"] == "illegal_action":  # claim success, change nothing
            reply = {
                "id": reply["id"],
                "ok": True,
                "result": {"to_act": server.state.to_act(), "terminal": False},
            }
    elif mode == "drift" and command in ("apply", "new_game", "load_state"):
        server.applied = getattr(server, "applied", 0) + 1 if command == "apply" else 0
    elif mode == "lie-state" and arg and reply.get("ok") and "state" in reply["result"]:
        state = reply["result"]["state"]
        with contextlib.suppress(jsonpath.PathError, TypeError):
            jsonpath.set_(state, arg, jsonpath.get(state, arg) + 1)
    if mode == "drift" and reply.get("ok") and "state" in reply.get("result", {}):
        path, _, after = (arg or "").partition(":")
        if getattr(server, "applied", 0) >= int(after or 1):
            with contextlib.suppress(jsonpath.PathError, TypeError):
                state = reply["result"]["state"]
                jsonpath.set_(state, path, jsonpath.get(state, path) + 1)
    elif mode == "drop-legal" and command == "legal_actions" and reply.get("ok"):
        result = reply["result"]
        if len(result["actions"]) > 1:
            dropped = result["actions"].pop()
            if "chance" in result:
                result["chance"] = [c for c in result["chance"] if c["action"] != dropped]
    elif mode == "wrong-score" and command == "outcome" and reply.get("ok"):
        scores = reply["result"]["scores"]
        if scores:
            scores[0] += 1
    return reply


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
