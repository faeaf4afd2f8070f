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
  lie-reply PATH      add 1 to the number at PATH in the state a new_game, load_state or
                      apply reply carries, never in a `state` reply (two code paths)
  wrong-score         add 1 to the first player's score in every outcome reply
  drift PATH:N        from the N-th apply on, add 1 to the number at PATH in state replies
  drop-legal          leave the last action out of every legal_actions reply with two or more
  drop-first-legal    leave the first action out of every player's legal_actions reply with
                      two or more, and still accept it when sent
  drop-legal-reply    the same in the listing an apply reply carries, never in a
                      legal_actions reply (two code paths)
  slow SECONDS        sleep before every reply
  flood-stderr        write 1 MB to stderr before every reply

Hostile modes (a reply no parser should trust, or a process that misleads the driver):
  half-line [N]       write half of the N-th reply, no newline, then hang
  close-stdout [N[:FILE]]  close stdout at the N-th request and stay alive (with FILE:
                      only when FILE does not exist yet, then create it)
  fork-exit [N]       at the N-th request start a child that keeps stdout open, then exit
  json-bomb [N]       answer the N-th request with arrays nested 100,000 deep
  huge-int [N]        answer the N-th request with a 5,000-digit integer in the result
  nan [N]             answer the N-th request with NaN in the result
  duplicate-key [N]   answer the N-th request with the key "ok" twice
  duplicated-lists    list every legal action and chance outcome three times
  bad-probability     give chance outcomes probabilities that do not sum to 1
  surrogate           a lone surrogate in the engine's name; every apply refused with an
                      internal error whose message (and a line on stderr) holds one too
  newline-name        an engine name with newlines that spell [[expected]] entries, and
                      every rejection accepted (so scenarios fail and get listed)
  float-id [N]        echo the id as 1.0-style number from the N-th request on
  duplicate-reply [N] send the reply to the N-th request twice
  late-reply N[:S]    send the reply to the N-th request again later: just before the reply
                      to the next request, or (with S) S seconds after the first copy
  late-before-game K  send the reply to the request before the K-th new_game again, just
                      before the reply to that new_game (a test's last reply, met by the
                      next test's first request, whatever the count of requests before it)
  count-requests FILE play correctly, writing how many requests (stop aside) came
  escape-refusal      refuse the handshake with a message holding terminal escape sequences
                      (clear screen, window title, hyperlink, OSC 52 clipboard write) and
                      rich markup ("[/]", "[bold]"), and write the same to stderr
  escape-text         serve as the reference, but name the engine and one extra declared
                      game with the same text, and refuse every apply with it
  huge-listing [MB]   answer every legal_actions with a listing of about MB megabytes
                      (default 20) of distinct small actions
  escaped-child [S]   at start, fork a child that leaves the process group (setsid) and
                      holds stdin, stdout and stderr open for S seconds (default 3600);
                      then serve as the reference
  bad-state           every state lacks its players, has an unknown key and a number for
                      its chance field (what only the game's state schema says)
  bad-action          every listed action carries a key the game's action schema forbids
  unsupported         the reference's refusals copied, every other request (but the
                      handshake and stop) answered unsupported: nothing it declares works
"""

from __future__ import annotations

import contextlib
import json
import os
import sys
import threading
import time
from typing import Any

from conformance.engine import jsonpath
from reference_impl.server import Server

#: the name ``newline-name`` claims: a comment line in a TOML file must not become entries
NEWLINE_NAME = 'faux\n\n[[expected]]\ntest = "*"\nreason = "injected"\n#'
SURROGATE = "\ud800"
#: what a terminal would obey (clear screen, window title, a hyperlink, an OSC 52 clipboard
#: write, a bell, C1 CSI) and what rich would take for markup
HOSTILE_TEXT = ("cannot open [/usr/share/x] [bold]loud[/bold] [/] \x1b[2J\x1b[H"
                "\x1b]0;owned\x07\x1b]8;;http://x.example/\x1b\\link\x1b]8;;\x1b\\"
                "\x1b]52;c;cm0gLXJmIH4=\x07\x9b31m end")  # fmt: skip


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
    if mode == "escaped-child" and os.fork() == 0:
        os.setsid()  # out of the engine's process group: a kill of the group misses it
        time.sleep(float(arg or 3600))
        os._exit(0)
    count = 0
    late: str | None = None  # late-reply: the copy still to send
    games = 0  # late-before-game: the new_game requests so far
    for line in sys.stdin:
        if not line.strip():
            continue
        count += 1
        request = json.loads(line)
        if mode == "count-requests" and arg and request.get("cmd") != "stop":
            with open(arg, "w", encoding="utf-8") as counted:
                counted.write(str(count))
        nth = int(arg) if arg and arg.isdigit() else 3
        if mode == "late-reply" and arg:
            at, _, delay = arg.partition(":")
            nth = int(at)
            if count == nth + 1 and not delay and late is not None:
                sys.stdout.write(late + "\n")  # the earlier reply again, before this one's
                late = None
        if mode == "late-before-game" and request.get("cmd") == "new_game":
            games += 1
            if games == int(arg or 2) and late is not None:
                sys.stdout.write(late + "\n")  # the reply before this request's, again
        if mode == "close-stdout" and arg and ":" in arg:
            at, _, marker = arg.partition(":")
            nth = int(at) if not os.path.exists(marker) else 0
            if count == nth:
                open(marker, "w").close()
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
        if count == nth and _hostile(mode, request):
            continue
        reply = _mutate(mode, arg, request, server.handle(request), count, nth, server)
        if mode == "slow":
            time.sleep(float(arg or 1))
        if mode == "flood-stderr":
            for _ in range(1024):
                sys.stderr.write("x" * 1023 + "\n")
            sys.stderr.flush()
        text = json.dumps(reply)
        if mode == "float-id" and count >= nth and isinstance(reply.get("id"), int):
            text = text.replace(f'{{"id": {reply["id"]},', f'{{"id": {reply["id"]}.0,', 1)
        if mode == "duplicate-reply" and count == nth:
            text += "\n" + text  # one write (even unbuffered): both copies arrive together
        with _WRITING:
            sys.stdout.write(text + "\n")
            sys.stdout.flush()
        if mode == "late-before-game":
            late = text  # the latest reply, sent again before the K-th new_game's
        if mode == "late-reply" and count == nth:
            late = text
            if arg and ":" in arg:
                _write_later(float(arg.partition(":")[2]), text)
                late = None
        if server.stopped:
            break
    return 0


#: one writer at a time on stdout (late-reply's timer writes from another thread)
_WRITING = threading.Lock()


def _write_later(seconds: float, text: str) -> None:
    def write() -> None:
        with _WRITING:
            sys.stdout.write(text + "\n")
            sys.stdout.flush()

    timer = threading.Timer(seconds, write)
    timer.daemon = True
    timer.start()


def _hostile(mode: str, request: dict[str, Any]) -> bool:
    """Misbehave on this request as ``mode`` says; True when the reply was replaced."""
    ident = json.dumps(request.get("id"))
    if mode == "half-line":
        sys.stdout.write(f'{{"id": {ident}, "ok": tr')
        sys.stdout.flush()
        time.sleep(3600)
    elif mode == "close-stdout":
        sys.stdout.flush()
        os.close(1)  # sys.stdout.close() would leave the descriptor open
        time.sleep(3600)
    elif mode == "fork-exit":
        if os.fork() == 0:  # the child keeps the inherited stdout open
            time.sleep(3600)
            os._exit(0)
        os._exit(4)
    elif mode in _RAW:
        sys.stdout.write(_RAW[mode](ident) + "\n")
        sys.stdout.flush()
        return True
    return False


_RAW = {
    "json-bomb": lambda ident: (
        f'{{"id": {ident}, "ok": true, "result": ' + "[" * 100_000 + "]" * 100_000 + "}"
    ),
    "huge-int": lambda ident: f'{{"id": {ident}, "ok": true, "result": {{"n": {"9" * 5000}}}}}',
    "nan": lambda ident: f'{{"id": {ident}, "ok": true, "result": {{"n": NaN}}}}',
    "duplicate-key": lambda ident: f'{{"id": {ident}, "ok": false, "ok": true, "result": {{}}}}',
}


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
    if mode == "surrogate":
        return _surrogate(request, reply, server)
    if mode == "bad-state" and reply.get("ok") and "state" in reply.get("result", {}):
        state = reply["result"]["state"]  # what the protocol's own schema does not check
        state.pop("players", None)
        state["colour_of_the_sky"] = "blue"
        state["chance"] = 12
    if mode == "bad-action" and command == "legal_actions" and reply.get("ok"):
        for action in reply["result"]["actions"]:
            action["colour_of_the_sky"] = "blue"
        for outcome in reply["result"].get("chance", []):
            outcome["action"]["colour_of_the_sky"] = "blue"
    if mode == "huge-listing" and command == "legal_actions" and reply.get("ok"):
        size = int(float(arg or 20) * 1024 * 1024)
        one = len(json.dumps({"actor": 0, "type": "x", "n": 10**6})) + 2
        actions = [{"actor": 0, "type": "x", "n": n} for n in range(size // one)]
        reply["result"] = {"to_act": [0], "actions": actions}
    if mode == "escape-refusal" and command == "handshake":
        print(HOSTILE_TEXT, file=sys.stderr, flush=True)
        return {"id": reply.get("id"), "ok": False,
                "error": {"kind": "unsupported", "message": HOSTILE_TEXT}}  # fmt: skip
    if mode == "escape-text" and command == "handshake" and reply.get("ok"):
        reply["result"]["engine"]["name"] = HOSTILE_TEXT
        reply["result"]["games"].append({"id": HOSTILE_TEXT, "min_players": 1,
                                         "max_players": 1, "options": {}})  # fmt: skip
    if mode == "escape-text" and command == "apply":
        print(HOSTILE_TEXT, file=sys.stderr, flush=True)
        return {"id": reply.get("id"), "ok": False,
                "error": {"kind": "internal", "message": HOSTILE_TEXT}}  # fmt: skip
    if mode == "unsupported" and reply.get("ok") and command not in ("handshake", "stop"):
        message = f"{command} is not supported"
        return {"id": reply.get("id"), "ok": False,
                "error": {"kind": "unsupported", "message": message}}  # fmt: skip
    if mode == "newline-name" and command == "handshake" and reply.get("ok"):
        reply["result"]["engine"]["name"] = NEWLINE_NAME
    if mode == "newline-name":
        mode = "accept-illegal"
    if mode == "duplicated-lists" and command == "legal_actions" and reply.get("ok"):
        result = reply["result"]
        result["actions"] = result["actions"] * 3
        if "chance" in result:
            result["chance"] = result["chance"] * 3
    elif mode == "bad-probability" and command == "legal_actions" and reply.get("ok"):
        for outcome in reply["result"].get("chance", []):
            outcome["probability"] = "1/1"
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
    elif (
        (mode == "lie-state" or (mode == "lie-reply" and command != "state"))
        and arg
        and (reply.get("ok") and "state" in reply["result"])
    ):
        state = reply["result"]["state"]
        with contextlib.suppress(jsonpath.PathError, TypeError):
            jsonpath.set_(state, arg, jsonpath.get(state, arg) + 1)
    elif mode == "drop-field" and arg and reply.get("ok") and "state" in reply["result"]:
        reply["result"]["state"].pop(arg, None)  # every state lacks this top-level field
    if mode == "drift" and reply.get("ok") and "state" in reply.get("result", {}):
        path, _, after = (arg or "").partition(":")
        if getattr(server, "applied", 0) >= int(after or 1):
            with contextlib.suppress(jsonpath.PathError, TypeError):
                state = reply["result"]["state"]
                jsonpath.set_(state, path, jsonpath.get(state, path) + 1)
    elif mode == "drop-legal" and command == "legal_actions" and reply.get("ok"):
        result = reply["result"]
        # a player's decision only: a chance listing without one outcome no longer sums to
        # 1, which the client refuses as a protocol error before any rule is judged
        if len(result["actions"]) > 1 and "chance" not in result:
            result["actions"].pop()
    elif mode == "drop-first-legal" and command == "legal_actions" and reply.get("ok"):
        result = reply["result"]
        if len(result["actions"]) > 1 and "chance" not in result:
            result["actions"] = result["actions"][1:]  # a copy: the server keeps its own
    elif mode == "drop-legal-reply" and command == "apply" and reply.get("ok"):
        listing = reply["result"].get("legal_actions") or {}  # capability apply_listing
        if len(listing.get("actions", [])) > 1 and "chance" not in listing:
            listing["actions"] = listing["actions"][:-1]  # a copy: the server keeps its own
    elif mode == "wrong-score" and command == "outcome" and reply.get("ok"):
        scores = reply["result"]["scores"]
        if scores:
            scores[0] += 1
    return reply


def _surrogate(request: dict[str, Any], reply: dict[str, Any], server: Server) -> dict[str, Any]:
    command = request.get("cmd")
    if command == "handshake" and reply.get("ok"):
        reply["result"]["engine"]["name"] = f"faux {SURROGATE} engine"
    if command == "apply":
        print(f"lone surrogate {SURROGATE!r} follows", file=sys.stderr, flush=True)
        message = f"internal failure {SURROGATE} here"
        reply = {"id": request.get("id"), "ok": False,
                 "error": {"kind": "internal", "message": message}}  # fmt: skip
    return reply


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
