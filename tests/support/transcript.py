"""The protocol README's transcript: a whole solo gnomeville game with ``rulespec serve``.

``python -m tests.support.transcript`` prints the transcript block of
``spec/protocol/README.md`` (regenerate it on purpose, then read the diff);
``tests/install/test_protocol_transcript.py`` replays the README's block against the
reference and requires every documented reply, byte for byte as JSON.

The driver is what any driver does: handshake, new_game, then ``legal_actions`` and one
``apply`` per step (the choice made by a seeded random generator, chance outcomes too),
then a per-player ``state`` view, ``outcome`` and ``stop``.
"""

from __future__ import annotations

import json
import random
import subprocess
import sys
from typing import Any

GAME, PLAYERS, SEED = "gnomeville", 1, 5
BEGIN, END = "<!-- transcript:begin -->", "<!-- transcript:end -->"


def _compact(message: dict[str, Any]) -> str:
    return json.dumps(message, ensure_ascii=False, separators=(",", ":"))


def session() -> list[tuple[str, str]]:
    """(request line, reply line) of the whole session, in order."""
    server = subprocess.Popen([sys.executable, "-m", "reference_impl.server"], text=True,
                              stdin=subprocess.PIPE, stdout=subprocess.PIPE)  # fmt: skip
    assert server.stdin is not None and server.stdout is not None
    lines: list[tuple[str, str]] = []

    def send(command: str, **arguments: Any) -> dict[str, Any]:
        request = _compact({"id": len(lines) + 1, "cmd": command, **arguments})
        server.stdin.write(request + "\n")  # type: ignore[union-attr]
        server.stdin.flush()  # type: ignore[union-attr]
        reply = server.stdout.readline().strip()  # type: ignore[union-attr]
        lines.append((request, reply))
        return json.loads(reply)

    choose = random.Random(SEED)
    send("handshake", protocol=[1])
    send("new_game", game=GAME, num_players=PLAYERS)
    while True:
        listed = send("legal_actions")["result"]
        if not listed["to_act"]:
            break
        if listed.get("chance"):
            action = choose.choice(listed["chance"])["action"]
        else:
            action = choose.choice(listed["actions"])
        if send("apply", action=action)["result"]["terminal"]:
            break
    send("state", view=0)
    send("outcome")
    send("stop")
    server.wait(timeout=10)
    return lines


def block(lines: list[tuple[str, str]]) -> str:
    """The README block: ``>`` a request, ``<`` its reply, one message per line."""
    body = "\n".join(f"> {request}\n< {reply}" for request, reply in lines)
    return f"{BEGIN}\n```text\n{body}\n```\n{END}"


if __name__ == "__main__":
    print(block(session()))
