"""The author's own tests, run by the same `pytest` as the conformance suite."""

import json
import subprocess
from pathlib import Path

ENGINE = Path(__file__).resolve().parent.parent / "engine.sh"


def test_the_engine_declares_notre_dame_for_two_to_four_players() -> None:
    request = json.dumps({"id": 1, "cmd": "handshake", "protocol": [1]}) + "\n"
    reply = subprocess.run([str(ENGINE)], input=request, capture_output=True, text=True,
                           timeout=30)
    games = json.loads(reply.stdout.splitlines()[0])["result"]["games"]
    assert [(g["id"], g["min_players"], g["max_players"]) for g in games] == [
        ("notre_dame", 2, 4)
    ]
