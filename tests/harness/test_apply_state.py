"""The optional ``apply_state`` capability, the reply taken by its known text, and the
chance probabilities read once per distinct text (spec/protocol/README.md, ``apply``)."""

from __future__ import annotations

import io
import json
import sys
from typing import Any

import pytest

from conformance.engine.client import (
    APPLY_STATE,
    InProcessClient,
    KnownReply,
    SubprocessClient,
    known_text,
    listing_problems,
)
from conformance.engine.errors import ProtocolViolation
from conformance.levels.differential import Divergence, lockstep
from reference_impl.server import Server
from rulespec.protocol import encode_line, reply_problems
from tests.support.toy import GAME

TOY = {"toy": GAME}
COIN = {"actor": "chance", "type": "coin", "first": 0}


def serve_lines(*requests: dict[str, Any]) -> list[dict[str, Any]]:
    stdout = io.StringIO()
    text = "".join(json.dumps(request) + "\n" for request in requests)
    Server(TOY).serve(io.StringIO(text), stdout)
    return [json.loads(line) for line in stdout.getvalue().splitlines()]


def test_an_apply_asking_for_the_state_replies_the_state_a_state_request_would() -> None:
    replies = serve_lines(
        {"id": 1, "cmd": "handshake", "protocol": [1]},
        {"id": 2, "cmd": "new_game", "game": "toy", "num_players": 2},
        {"id": 3, "cmd": "apply", "action": COIN, "state": True},
        {"id": 4, "cmd": "state"},
        {"id": 5, "cmd": "apply", "action": {"actor": 0, "type": "mark", "cell": 4}},
    )
    assert APPLY_STATE in replies[0]["result"]["capabilities"]
    assert all(reply["ok"] for reply in replies), replies
    assert replies[2]["result"]["state"] == replies[3]["result"]["state"]
    assert "state" not in replies[4]["result"]  # not asked: not sent
    for command, reply in zip(["handshake", "new_game", "apply", "state", "apply"], replies,
                              strict=True):  # fmt: skip
        assert reply_problems(command, reply) == []


class _Recorded(InProcessClient):
    """The toy reference, its requests' commands recorded; it may leave ``apply_state`` out
    of its handshake, or leave the state out of an apply reply that was asked for it."""

    def __init__(self, declares: bool = True, drops_state: bool = False) -> None:
        super().__init__(TOY)
        self.declares, self.drops_state = declares, drops_state
        self.commands: list[str] = []

    def _exchange(self, request: dict[str, Any]) -> Any:
        self.commands.append(request["cmd"] + ("+state" if request.get("state") else ""))
        reply = super()._exchange(request)
        if request["cmd"] == "handshake" and not self.declares:
            reply["result"]["capabilities"].remove(APPLY_STATE)
        if request["cmd"] == "apply" and self.drops_state:
            reply["result"].pop("state", None)
        return reply


@pytest.mark.parametrize(("declares", "commands"), [
    (True, ["apply+state"]),  # one round trip
    (False, ["apply", "state"]),  # an engine without the capability: apply, then state
])  # fmt: skip
def test_within_applying_with_state_apply_returns_the_state_after_the_action(
    declares: bool, commands: list[str]
) -> None:
    client = _Recorded(declares)
    client.handshake()
    client.new_game("toy", 2)
    client.commands.clear()
    with client.applying_with_state():
        result = client.apply(COIN)
    assert client.commands == commands
    assert result["state"]["to_act"] == [0] and result["to_act"] == [0]  # the coin says 0
    assert result["state"] == client.state()
    client.commands.clear()
    assert "state" not in client.apply({"actor": 0, "type": "mark", "cell": 4})
    assert client.commands == ["apply"]  # outside it: the plain request, as before


def test_an_engine_declaring_apply_state_that_leaves_the_state_out_breaks_the_protocol() -> None:
    client = _Recorded(drops_state=True)
    client.handshake()
    client.new_game("toy", 2)
    with client.applying_with_state(), pytest.raises(ProtocolViolation, match="apply_state"):
        client.apply(COIN)


class _WrongState(InProcessClient):
    """The toy reference whose apply replies (asked for the state) give one cell wrong."""

    def __init__(self) -> None:
        super().__init__(TOY)

    def _exchange(self, request: dict[str, Any]) -> Any:
        reply = super()._exchange(request)
        if request["cmd"] == "apply" and "state" in reply.get("result", {}):
            reply["result"]["state"]["board"][8] = 1
        return reply


def test_lockstep_compares_the_state_an_apply_reply_carries() -> None:
    candidate, reference = _WrongState(), InProcessClient(TOY)
    candidate.handshake()
    reference.handshake()
    with pytest.raises(Divergence) as found:
        lockstep(candidate, reference, "toy", 2, None, lambda count: 0)
    assert found.value.kind == "state" and found.value.first == "board.8"
    assert found.value.step == 1  # the coin: its state differs already


def test_the_known_text_is_the_line_the_server_writes() -> None:
    reference = InProcessClient()
    reference.handshake()
    reference.new_game("notre_dame", 3)
    listing = reference.legal_actions()
    line = encode_line({"id": 12, "ok": True, "result": listing})
    assert known_text(12, listing) == line
    assert known_text("12", listing) is None  # a string id: the reply is parsed


@pytest.fixture
def served() -> Any:
    candidate = SubprocessClient([sys.executable, "-m", "reference_impl.server"])
    try:
        candidate.handshake()
        yield candidate
    finally:
        candidate.close()


def test_a_reply_of_exactly_the_expected_text_is_the_expected_result(served: Any) -> None:
    reference = InProcessClient()
    reference.handshake()
    reference.new_game("notre_dame", 2)
    served.new_game("notre_dame", 2)
    listing = reference.legal_actions()
    replies: list[Any] = []
    exchange = served._exchange

    def recorded(request: dict[str, Any]) -> Any:
        replies.append(exchange(request))
        return replies[-1]

    served._exchange = recorded
    served.expect("legal_actions", listing)
    taken = served.legal_actions()
    assert type(replies[-1]) is KnownReply  # not parsed, nor checked again
    assert taken == listing and taken is not listing and taken["actions"] is listing["actions"]
    # one value off: the reply is parsed and checked, and it is the engine's own listing
    changed = {**listing, "actions": listing["actions"][1:]}
    served.expect("legal_actions", changed)
    taken = served.legal_actions()
    assert type(replies[-1]) is dict and taken == listing
    # an expectation for another command is not used
    served.expect("state", listing)
    assert served.legal_actions() == listing and type(replies[-1]) is dict


@pytest.mark.parametrize(("probabilities", "problem"), [
    (["1/3", "1/3", "1/3"], None),
    (["1/2", "1/4", "1/4"], None),
    (["1/2", "1/2", "1/2"], "the chance probabilities sum to 3/2, not 1"),
    (["1/2", "1/3", "1/3"], "the chance probabilities sum to 7/6, not 1"),
    (["1/2", "2/1", "x"], "probability \"2/1\" is not an exact fraction"),
    (["1/2", "1/2", "0"], "probability \"0\" is not an exact fraction"),
])  # fmt: skip
def test_probabilities_stated_more_than_once_count_each_time(
    probabilities: list[str], problem: str | None
) -> None:
    actions = [{"actor": "chance", "type": "draw", "card": n} for n in range(3)]
    chance = [{"action": a, "probability": p}
              for a, p in zip(actions, probabilities, strict=True)]  # fmt: skip
    problems = listing_problems({"to_act": ["chance"], "actions": actions, "chance": chance})
    if problem is None:
        assert problems == []
    else:
        assert len(problems) == 1 and problem in problems[0], problems
