"""The reference server under fuzzing: one valid reply per message, no half-changed game.

Hypothesis drives :class:`tests.harness.server_fuzz.Fuzzer` (its random choices), a few
thousand malformed, mutated and valid messages per run, bounded to about ten seconds.
"""

from __future__ import annotations

import io
import json
import random

from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st

from reference_impl import server as server_module
from reference_impl.server import Server
from tests.harness.server_fuzz import Fuzzer

MESSAGES_PER_EXAMPLE = 30


# No shrinking: the random choices do not shrink into anything shorter, and the failure
# lists say what went wrong.
@settings(max_examples=80, deadline=None, suppress_health_check=list(HealthCheck),
          derandomize=True, phases=[Phase.generate])  # fmt: skip
@given(st.randoms(use_true_random=False))
def test_every_message_gets_one_valid_reply_and_a_refusal_changes_nothing(
    rng: random.Random,
) -> None:
    fuzzer = Fuzzer(rng)
    for _ in range(MESSAGES_PER_EXAMPLE):
        fuzzer.step()
    assert fuzzer.tally.failures == []
    assert sum(fuzzer.tally.refusals.values()) > 0  # the fuzzing did reach the refusals


@settings(max_examples=10, deadline=None, suppress_health_check=list(HealthCheck),
          derandomize=True, phases=[Phase.generate])  # fmt: skip
@given(st.randoms(use_true_random=False))
def test_hostile_params_and_huge_lists_get_named_refusals_or_playable_games(
    rng: random.Random,
) -> None:
    """Issue 30: new_game params of every shape and bound, and lists just past the
    server's bound, are refused by name or give a game that plays on without an internal
    error (the soak, ``benchmarks/soak_server.py``, sends lists of up to 200,000 items)."""
    fuzzer = Fuzzer(rng, hostile=True)
    fuzzer.huge = (1_000, 25_000)
    for _ in range(MESSAGES_PER_EXAMPLE):
        fuzzer.send(fuzzer._hostile())
        fuzzer.step()
    assert fuzzer.tally.failures == []


def test_a_line_over_the_limit_is_refused_and_the_next_one_answered(monkeypatch) -> None:
    monkeypatch.setattr(server_module, "MAX_LINE_BYTES", 1000)
    lines = b'"' + b"x" * 5000 + b'"\n' + b'{"id": 2, "cmd": "stop"}\n'
    output = io.BytesIO()
    Server().serve(io.BytesIO(lines), output)
    replies = [json.loads(line) for line in output.getvalue().splitlines()]
    assert replies[0]["id"] is None and "longer than 1000 bytes" in replies[0]["error"]["message"]
    assert replies[1] == {"id": 2, "ok": True, "result": {}}


def test_an_id_of_1_0_gets_a_malformed_reply_never_ok_with_id_null() -> None:
    reply = Server().handle({"id": 1.0, "cmd": "handshake", "protocol": [1]})
    assert reply["ok"] is False and reply["id"] is None
    assert "'id' must be an integer or a string, not a number 1.0" in reply["error"]["message"]


def test_a_refused_load_state_names_the_field_and_keeps_the_game() -> None:
    server = Server()
    server.handle({"id": 1, "cmd": "new_game", "game": "notre_dame", "num_players": 2})
    before = server.state.to_canonical()
    broken = json.loads(json.dumps(before))
    broken["round"] = "three"
    reply = server.handle({"id": 2, "cmd": "load_state", "state": broken})
    assert reply["ok"] is False and reply["error"]["kind"] == "malformed"
    assert "at state/round" in reply["error"]["message"]
    assert server.state.to_canonical() == before
