"""The optional ``apply_state`` and ``apply_listing`` capabilities, the reply taken by its
known text, and the chance probabilities read once per distinct text
(spec/protocol/README.md, ``apply``)."""

from __future__ import annotations

import io
import json
import sys
from typing import Any

import pytest

from conformance.engine.client import (
    APPLY_LISTING,
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


def test_an_apply_asking_for_the_listing_replies_what_legal_actions_would() -> None:
    replies = serve_lines(
        {"id": 1, "cmd": "handshake", "protocol": [1]},
        {"id": 2, "cmd": "new_game", "game": "toy", "num_players": 2},
        {"id": 3, "cmd": "apply", "action": COIN, "legal_actions": True},
        {"id": 4, "cmd": "legal_actions"},
        *({"id": 5 + cell, "cmd": "apply", "action": {"actor": cell % 2, "type": "mark",
           "cell": cell}, "legal_actions": True} for cell in (0, 1, 4, 3, 8)),
    )  # fmt: skip
    assert APPLY_LISTING in replies[0]["result"]["capabilities"]
    assert all(reply["ok"] for reply in replies), replies
    assert replies[2]["result"]["legal_actions"] == replies[3]["result"]
    assert len(replies[3]["result"]["actions"]) == 9  # a mark on every cell
    last = replies[-1]["result"]  # player 0 holds 0, 4 and 8: a line, the game is over
    assert last["terminal"] is True and last["legal_actions"] == {"to_act": [], "actions": []}
    for reply in replies[2:]:
        assert reply_problems("apply" if "legal_actions" in reply["result"] else "legal_actions",
                              reply) == []  # fmt: skip


class _Recorded(InProcessClient):
    """The toy reference, its requests' commands recorded; it may leave ``apply_state`` out
    of its handshake, or leave the state out of an apply reply that was asked for it."""

    def __init__(self, declares: bool = True, drops: str = "") -> None:
        super().__init__(TOY)
        self.declares, self.drops = declares, drops
        self.commands: list[str] = []

    def _exchange(self, request: dict[str, Any]) -> Any:
        asked = "".join(f"+{key}" for key in ("state", "legal_actions") if request.get(key))
        self.commands.append(request["cmd"] + asked)
        reply = super()._exchange(request)
        if request["cmd"] == "handshake" and not self.declares:
            reply["result"]["capabilities"].remove(APPLY_STATE)
            reply["result"]["capabilities"].remove(APPLY_LISTING)
        if request["cmd"] == "apply" and self.drops:
            reply["result"].pop(self.drops, None)
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


@pytest.mark.parametrize(("declares", "commands"), [
    (True, ["apply+state+legal_actions"]),  # the whole step in one round trip
    (False, ["apply", "state"]),  # the listing is asked for apart, when it is needed
])  # fmt: skip
def test_with_listing_apply_returns_the_legal_actions_after_it_when_declared(
    declares: bool, commands: list[str]
) -> None:
    client = _Recorded(declares)
    client.handshake()
    client.new_game("toy", 2)
    client.commands.clear()
    with client.applying_with_state(listing=True):
        result = client.apply(COIN)
    assert client.commands == commands
    if declares:
        assert result["legal_actions"] == client.legal_actions()
    else:
        assert "legal_actions" not in result


@pytest.mark.parametrize(("drops", "capability"), [
    ("state", "apply_state"), ("legal_actions", "apply_listing")])  # fmt: skip
def test_an_engine_declaring_it_that_leaves_it_out_breaks_the_protocol(
    drops: str, capability: str
) -> None:
    client = _Recorded(drops=drops)
    client.handshake()
    client.new_game("toy", 2)
    refused = pytest.raises(ProtocolViolation, match=capability)
    with client.applying_with_state(listing=True), refused:
        client.apply(COIN)


def test_a_listing_in_an_apply_reply_is_checked_as_a_legal_actions_reply_is() -> None:
    class _Twice(InProcessClient):
        def _exchange(self, request: dict[str, Any]) -> Any:
            reply = super()._exchange(request)
            if request["cmd"] == "apply" and "legal_actions" in reply["result"]:
                actions = reply["result"]["legal_actions"]["actions"]
                actions.append(actions[0])
            return reply

    client = _Twice(TOY)
    client.handshake()
    client.new_game("toy", 2)
    refused = pytest.raises(ProtocolViolation, match="more than once")
    with client.applying_with_state(listing=True), refused:
        client.apply(COIN)


class _WrongState(InProcessClient):
    """The toy reference whose states after an action give one cell wrong: in the apply
    replies that carry one and, unless ``only_in_replies``, in the ``state`` replies after
    an action too (the same wrong engine either way, answering from one code path or two)."""

    def __init__(self, only_in_replies: bool = False) -> None:
        super().__init__(TOY)
        self.only_in_replies = only_in_replies
        self.applied = False

    def _exchange(self, request: dict[str, Any]) -> Any:
        reply = super()._exchange(request)
        self.applied = self.applied or request["cmd"] == "apply"
        asked = request["cmd"] == "state" and self.applied and not self.only_in_replies
        if (request["cmd"] == "apply" or asked) and "state" in reply.get("result", {}):
            reply["result"]["state"] = {**reply["result"]["state"]}
            reply["result"]["state"]["board"] = [*reply["result"]["state"]["board"]]
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


def test_an_apply_reply_whose_state_is_not_what_state_answers_is_a_protocol_error() -> None:
    candidate, reference = _WrongState(only_in_replies=True), InProcessClient(TOY)
    candidate.handshake()
    reference.handshake()
    with pytest.raises(ProtocolViolation, match="apply reply carried and the state `state`"):
        lockstep(candidate, reference, "toy", 2, None, lambda count: 0)


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
