"""The protocol server and both client transports, on the toy game."""

from __future__ import annotations

import io
import json
import sys
from typing import Any

import pytest

from conformance.engine.client import InProcessClient, SubprocessClient
from conformance.engine.errors import (
    CapabilityMissing,
    EngineCrashed,
    EngineRefused,
    ProtocolViolation,
)
from reference_impl.server import Server
from rulespec.protocol import reply_problems
from tests.support.toy import GAME

TOY = {"toy": GAME}


def serve_lines(*lines: str) -> list[dict]:
    stdout = io.StringIO()
    Server(TOY).serve(io.StringIO("".join(line + "\n" for line in lines)), stdout)
    return [json.loads(line) for line in stdout.getvalue().splitlines()]


def test_every_reply_echoes_the_id_and_matches_its_schema() -> None:
    requests = [
        {"id": 1, "cmd": "handshake", "protocol": [1]},
        {"id": "b", "cmd": "new_game", "game": "toy", "num_players": 2},
        {"id": 3, "cmd": "legal_actions"},
        {"id": 4, "cmd": "apply", "action": {"actor": "chance", "type": "coin", "first": 0}},
        {"id": 5, "cmd": "state", "view": 1},
        {"id": 6, "cmd": "outcome"},
        {"id": 7, "cmd": "stop"},
    ]
    replies = serve_lines(*(json.dumps(r) for r in requests))
    assert [r["id"] for r in replies] == [r["id"] for r in requests]
    for request, reply in zip(requests, replies, strict=True):
        assert reply["ok"] is True, reply
        assert reply_problems(request["cmd"], reply) == []
    assert replies[2]["result"]["chance"][0]["probability"] == "1/2"


def test_bad_input_gets_a_structured_error_naming_what_was_wrong() -> None:
    replies = serve_lines(
        "not json",
        json.dumps({"id": 1, "cmd": "fly"}),
        json.dumps({"id": 2, "cmd": "apply", "action": {"actor": 0, "type": "mark"}}),
        json.dumps({"id": 3, "cmd": "new_game", "game": "chess", "num_players": 2}),
        json.dumps({"id": 4, "cmd": "new_game", "game": "toy", "num_players": 3}),
        json.dumps({"id": 5, "cmd": "new_game", "game": "toy"}),
        json.dumps({"id": 6, "cmd": "new_game", "game": "toy", "num_players": 2,
                    "options": {"speed": 1}}),
    )  # fmt: skip
    kinds = [(r["id"], r["error"]["kind"]) for r in replies]
    assert kinds == [
        (None, "malformed"),
        (1, "malformed"),
        (2, "malformed"),
        (3, "unsupported"),
        (4, "unsupported"),
        (5, "malformed"),
        (6, "malformed"),
    ]
    messages = [r["error"]["message"] for r in replies]
    assert "line 1: not JSON" in messages[0]
    assert "unknown command 'fly'" in messages[1]
    assert "no game in progress" in messages[2]
    assert "unknown game 'chess'" in messages[3]
    assert "2-2 players, not 3" in messages[4]
    assert '"num_players" is a required property' in messages[5]
    assert "unknown option 'speed'" in messages[6]
    for reply in replies:
        assert reply_problems("apply", reply) == []


def test_an_illegal_action_names_its_rule_and_leaves_the_state_untouched() -> None:
    client = InProcessClient(TOY)
    client.handshake()
    client.new_game("toy", 2)
    client.apply({"actor": "chance", "type": "coin", "first": 0})
    client.apply({"actor": 0, "type": "mark", "cell": 4})
    before = client.state()
    with pytest.raises(EngineRefused) as refused:
        client.apply({"actor": 1, "type": "mark", "cell": 4})
    assert (refused.value.kind, refused.value.rule) == ("illegal_action", "TT-EMPTY")
    assert client.state() == before


def test_in_process_results_are_copies_so_steps_cannot_corrupt_the_engine() -> None:
    client = InProcessClient(TOY)
    client.handshake()
    state = client.new_game("toy", 2)
    state["board"][0] = 1
    assert client.state()["board"][0] is None


def test_a_missing_capability_is_a_skip_not_a_pass() -> None:
    client = InProcessClient(TOY)
    client.handshake()
    client.capabilities = frozenset()
    with pytest.raises(CapabilityMissing, match="does not declare the 'load_state'"):
        client.load_state({})


def test_subprocess_transport_round_trip_and_clean_stop() -> None:
    client = SubprocessClient([sys.executable, "-m", "tests.support.toy_server"], timeout=10)
    try:
        assert client.handshake()["games"][0]["id"] == "toy"
        state = client.new_game("toy", 2)
        assert state["to_act"] == ["chance"]
        assert client.load_state(state) == state
    finally:
        client.close()
    assert client.process.poll() is not None


def test_an_engine_that_cannot_start_is_reported_as_crashed() -> None:
    with pytest.raises(EngineCrashed, match="cannot start engine"):
        SubprocessClient("/nonexistent/engine --flag")


def test_the_engine_output_is_read_as_lines_with_a_timeout() -> None:
    """The subprocess transport's reader (no thread on POSIX): lines split across reads,
    an over-long line cut for the caller to refuse, a timeout, stale lines, the end."""
    import os
    import queue

    from conformance.engine.output import ReplyLines

    read_end, write_end = os.pipe()
    with open(read_end, "rb", buffering=0) as stream:
        output = ReplyLines(stream, 10)
        os.write(write_end, b'{"id"')
        with pytest.raises(queue.Empty):
            output.line(0.05)  # half a line is no reply
        os.write(write_end, b":1}\n[2]\n")
        assert output.line(1.0) == b'{"id":1}\n'
        assert output.line(1.0) == b"[2]\n"
        os.write(write_end, b"0123456789ABCDEF\n")
        assert output.line(1.0) == b"0123456789A"  # MAX_REPLY_BYTES + 1: refused as too long
        output.drop_lines()  # the rest of that line is stale
        os.write(write_end, b"[3]\n[4]\n[5")
        output.drop_lines()  # whole lines already sent are stale; the half line is kept
        os.write(write_end, b"]\n")
        assert output.line(1.0) == b"[5]\n"
        assert not output.ended()
        os.write(write_end, b"[6]")
        os.close(write_end)
        assert output.line(1.0) == b"[6]"  # a last line without its newline, as readline
        assert output.line(1.0) is None
        assert output.ended()


class _Declaring(InProcessClient):
    """The reference, but its handshake declares notre_dame's players as given."""

    def __init__(self, low: int, high: int) -> None:
        super().__init__()
        self.low, self.high = low, high

    def _exchange(self, request: dict[str, Any]) -> Any:
        reply = super()._exchange(request)
        if request["cmd"] == "handshake":
            for game in reply["result"]["games"]:
                if game["id"] == "notre_dame":
                    game.update(min_players=self.low, max_players=self.high)
        return reply


@pytest.mark.parametrize(("low", "high", "problem"), [
    (0, 5, "min_players"),  # the schema: a game has at least one player
    (4, 3, "declares min_players 4 above max_players 3"),
])  # fmt: skip
def test_a_handshake_declaring_an_impossible_player_range_is_a_protocol_error(
    low: int, high: int, problem: str
) -> None:
    with pytest.raises(ProtocolViolation, match=problem):
        _Declaring(low, high).handshake()
