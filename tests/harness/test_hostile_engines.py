"""Hostile engines (``tests/fauxengines/faux.py``) are classified for what they did, fast.

Client level: each mode against :class:`SubprocessClient` on the toy game; the status is
the exception's class, the message names the request, and a crash is seen within a
couple of seconds, not at the request timeout.
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

import pytest

from conformance.engine.client import SubprocessClient
from conformance.engine.errors import (
    EngineCrashed,
    EngineRefused,
    EngineTimeout,
    ProtocolViolation,
    TransportError,
)

TIMEOUT = 30.0  # per request: a crash must be seen long before it


def faux(mode: str, *args: str, timeout: float = TIMEOUT) -> SubprocessClient:
    command = [sys.executable, "-m", "tests.fauxengines.faux", mode, *args, "--toy"]
    client = SubprocessClient(command, timeout=timeout)
    client.handshake()
    return client


def third_request_fails(mode: str, timeout: float = TIMEOUT) -> tuple[TransportError, float]:
    """Handshake and new_game, then the third request; its error and how long it took."""
    client = faux(mode, timeout=timeout)
    try:
        client.new_game("toy", 2)
        started = time.monotonic()
        with pytest.raises(TransportError) as raised:
            client.legal_actions()
        return raised.value, time.monotonic() - started
    finally:
        client.close()


@pytest.mark.parametrize(
    ("mode", "kind", "words"),
    [
        ("json-bomb", ProtocolViolation, "nested more than 64 levels deep"),
        ("huge-int", ProtocolViolation, "more than 4300 digits"),
        ("nan", ProtocolViolation, "NaN is not a JSON number"),
        ("duplicate-key", ProtocolViolation, "duplicate key 'ok'"),
        ("garbage", ProtocolViolation, "not JSON"),
        ("huge-listing", ProtocolViolation, "more than 500,000 JSON values"),
    ],
)
def test_an_unparseable_reply_is_a_protocol_error_naming_the_request(
    mode: str, kind: type, words: str
) -> None:
    error, _ = third_request_fails(mode)
    assert type(error) is kind and error.status == "protocol error"
    assert "legal_actions (request id 3)" in str(error)
    assert words in str(error)


def test_closed_stdout_with_a_live_process_is_a_crash_within_two_seconds() -> None:
    error, took = third_request_fails("close-stdout")
    assert type(error) is EngineCrashed, error
    assert "closed its output but kept running" in str(error)
    assert took < 2.5


def test_an_exited_engine_whose_child_holds_the_pipe_is_a_crash_within_two_seconds() -> None:
    error, took = third_request_fails("fork-exit")
    assert type(error) is EngineCrashed, error
    assert "exited (status 4) without replying" in str(error)
    assert took < 2.5


def test_half_a_line_then_silence_is_a_timeout() -> None:
    error, took = third_request_fails("half-line", timeout=1.0)
    assert type(error) is EngineTimeout
    assert "no reply within 1s" in str(error)
    assert took < 3


def test_a_crashed_engine_is_stopped_with_its_children() -> None:
    client = faux("fork-exit")
    try:
        client.new_game("toy", 2)
        with pytest.raises(EngineCrashed):
            client.legal_actions()
        # The whole process group is gone: nothing holds the pipe, the reader sees the end.
        deadline = time.monotonic() + 5
        while not client._output.ended() and time.monotonic() < deadline:
            time.sleep(0.05)
        assert client._output.ended()
    finally:
        client.close()


def test_an_id_of_1_0_is_not_the_id_1() -> None:
    command = [sys.executable, "-m", "tests.fauxengines.faux", "float-id", "1", "--toy"]
    client = SubprocessClient(command, timeout=TIMEOUT)
    try:
        with pytest.raises(ProtocolViolation, match=r"does not echo the request id \(got 1\.0\)"):
            client.handshake()
    finally:
        client.close()


def test_duplicated_actions_and_chance_outcomes_are_a_protocol_error() -> None:
    client = faux("duplicated-lists")
    try:
        client.new_game("toy", 2)
        with pytest.raises(ProtocolViolation) as raised:
            client.legal_actions()  # the toy starts at a chance node (who moves first)
    finally:
        client.close()
    text = str(raised.value)
    assert "is listed more than once" in text
    assert "chance outcome" in text


def test_probabilities_that_do_not_sum_to_one_are_a_protocol_error() -> None:
    client = faux("bad-probability")
    try:
        client.new_game("toy", 2)
        with pytest.raises(ProtocolViolation, match="sum to 2, not 1"):
            client.legal_actions()
    finally:
        client.close()


def test_a_lone_surrogate_in_a_name_or_a_message_is_just_text() -> None:
    client = faux("surrogate")
    try:
        assert client.identity["name"] == "faux \ud800 engine"
        client.new_game("toy", 2)
        with pytest.raises(EngineRefused) as refused:
            client.apply({"actor": "chance", "type": "coin", "first": 0})
    finally:
        client.close()
    assert refused.value.kind == "internal"
    assert "\ud800" in refused.value.message_text


def test_after_a_crash_a_fresh_engine_starts_from_a_clean_slate(tmp_path: Path) -> None:
    """Restarted within the request that crashed; the next game owes nothing to it."""
    marker = tmp_path / "closed"
    command = [sys.executable, "-m", "tests.fauxengines.faux", "close-stdout", f"3:{marker}",
               "--toy"]  # fmt: skip
    client = SubprocessClient(command, timeout=TIMEOUT, restarts=1)
    try:
        client.handshake()
        client.new_game("toy", 2)
        listing = client.legal_actions()  # crashes, is restarted, rebuilt and retried
        assert len(client.incidents) == 1 and isinstance(client.incidents[0], EngineCrashed)
        assert listing["to_act"] == ["chance"]
        assert client.new_game("toy", 2)["to_act"] == ["chance"]  # the next game: no charge
    finally:
        client.close()
    assert marker.exists()
