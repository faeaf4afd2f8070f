"""The protocol README's transcript is a real session: replayed against the reference,
every documented reply comes back, equal as JSON."""

from __future__ import annotations

import json
import re
import subprocess
import sys

from tests.support.checkout import CHECKOUT
from tests.support.transcript import BEGIN, END

README = CHECKOUT / "spec" / "protocol" / "README.md"


def _documented() -> list[tuple[str, str]]:
    text = README.read_text(encoding="utf-8")
    found = re.search(re.escape(BEGIN) + r"\n```text\n(.*?)\n```\n" + re.escape(END), text, re.S)
    assert found, f"{README}: no transcript block"
    lines = found.group(1).splitlines()
    assert len(lines) % 2 == 0 and all(
        line.startswith("> " if i % 2 == 0 else "< ") for i, line in enumerate(lines)
    ), "the transcript alternates '> request' and '< reply' lines"
    return [(lines[i][2:], lines[i + 1][2:]) for i in range(0, len(lines), 2)]


def test_the_transcript_is_a_whole_game_from_handshake_to_stop() -> None:
    pairs = _documented()
    commands = [json.loads(request)["cmd"] for request, _ in pairs]
    assert commands[:2] == ["handshake", "new_game"] and commands[-3:] == [
        "state", "outcome", "stop"]  # fmt: skip
    applies = [json.loads(reply) for request, reply in pairs if '"cmd":"apply"' in request]
    assert applies[-1]["result"]["terminal"] is True
    assert not any(a["result"]["terminal"] for a in applies[:-1])
    assert json.loads(pairs[-2][1])["result"]["terminal"] is True


def test_the_reference_answers_every_request_as_documented() -> None:
    pairs = _documented()
    stdin = "".join(request + "\n" for request, _ in pairs)
    served = subprocess.run([sys.executable, "-m", "reference_impl.server"], input=stdin,
                            capture_output=True, text=True, timeout=120)  # fmt: skip
    replies = served.stdout.splitlines()
    assert len(replies) == len(pairs)
    for (request, documented), actual in zip(pairs, replies, strict=True):
        expected, answered = json.loads(documented), json.loads(actual)
        if '"cmd":"handshake"' in request:  # the games documented: rulespec's own; a game
            shown = {game["id"] for game in expected["result"]["games"]}  # package installed
            games = answered["result"]["games"]  # beside rulespec is served too
            answered["result"]["games"] = [game for game in games if game["id"] in shown]
        assert answered == expected, f"reply to {request[:120]}"
