"""The in-process reference lends its step replies to differential lockstep instead of
copying them (:meth:`conformance.engine.client.InProcessClient.lending`): their checks
still run, their text is the candidate's known text, and nothing a divergence keeps is
the reference's own object."""

from __future__ import annotations

from collections import UserString
from typing import Any

import orjson
import pytest

from conformance.engine.client import InProcessClient, known_text
from conformance.engine.errors import ProtocolViolation
from conformance.levels.differential import Divergence, lockstep
from tests.support.toy import GAME

TOY = {"toy": GAME}


class Recorded(InProcessClient):
    """The in-process reference, keeping every reply the server made (before any copy)."""

    def __init__(self) -> None:
        super().__init__(TOY)
        self.made: list[dict[str, Any]] = []
        handle = self.server.handle

        def kept(request: Any) -> dict[str, Any]:
            self.made.append(handle(request))
            return self.made[-1]

        self.server.handle = kept  # type: ignore[method-assign]


def test_within_lending_a_step_reply_is_the_servers_own_with_its_text() -> None:
    client = Recorded()
    client.handshake()
    client.new_game("toy", 2)
    listing = client.legal_actions()
    assert listing is not client.made[-1]["result"]  # outside lending: a copy
    assert client.result_text is None
    with client.lending():
        listing = client.legal_actions()
        assert listing is client.made[-1]["result"]  # lent
        assert client.result_text == orjson.dumps(listing)
        state = client.state()
        assert state is not client.made[-1]["result"]["state"]  # not a step reply: copied
        assert client.result_text is None  # and no text kept for it
    assert client.result_text is None  # dropped when the lending ends


def test_a_lent_reply_is_still_checked() -> None:
    client = InProcessClient(TOY)
    client.handshake()
    client.new_game("toy", 2)
    twice = {"actor": 0, "type": "mark", "cell": 4}
    broken = {"to_act": [0], "actions": [twice, dict(twice)]}  # one action twice
    client.server._handlers["legal_actions"] = lambda request: broken
    with client.lending(), pytest.raises(ProtocolViolation, match="more than once"):
        client.legal_actions()


def test_a_result_orjson_will_not_write_as_json_would_is_copied_the_careful_way() -> None:
    """A ``str`` subclass (``UserString`` is not one, so ``json`` refuses it) is no text of
    orjson's own: the reply goes the careful way, which refuses it over the wire."""

    class Name(str):
        pass

    client = InProcessClient(TOY)
    client.handshake()
    client.new_game("toy", 2)
    subclassed = {"to_act": [Name("0")], "actions": []}
    client.server._handlers["legal_actions"] = lambda request: subclassed
    with client.lending():
        with pytest.raises(ProtocolViolation):  # "0" is no seat: the schema refuses it
            client.legal_actions()
        assert client.result_text is None
    client.server._handlers["legal_actions"] = lambda request: {"odd": UserString("x")}
    with client.lending(), pytest.raises(ProtocolViolation, match="cannot go over the wire"):
        client.legal_actions()


def test_the_candidate_takes_the_lent_text_as_the_known_reply_text() -> None:
    result = {"to_act": [0], "terminal": False}
    body = orjson.dumps(result)
    assert known_text(7, result, body) == known_text(7, result)
    assert known_text(7, {"other": 1}, body) == b'{"id":7,"ok":true,"result":%b}\n' % body


class Liar(InProcessClient):
    """A toy engine that states one cell wrong from its second ``apply`` on (in the apply
    replies and the ``state`` replies alike: one wrong engine, not two code paths)."""

    def __init__(self) -> None:
        super().__init__(TOY)
        handle = self.server.handle
        self.applied = 0

        def lying(request: Any) -> dict[str, Any]:
            reply = handle(request)
            if request.get("cmd") == "apply" and reply.get("ok"):
                self.applied += 1
            if self.applied >= 2 and reply.get("ok") and "state" in reply["result"]:
                board = reply["result"]["state"]["board"]
                board[8] = "lie"
            return reply

        self.server.handle = lying  # type: ignore[method-assign]


def test_what_a_divergence_keeps_is_not_the_references_own() -> None:
    reference, candidate = Recorded(), Liar()
    reference.handshake()
    candidate.handshake()
    with pytest.raises(Divergence) as raised:
        lockstep(candidate, reference, "toy", 2, None, lambda count: 0)
    divergence = raised.value
    assert divergence.kind == "state" and divergence.first.startswith("board")
    made = [reply["result"] for reply in reference.made if reply.get("ok")]
    owned = {id(value) for result in made for value in _containers(result)}
    kept = [*divergence.actions, divergence.expected]
    assert not owned & {id(value) for item in kept for value in _containers(item)}


def _containers(value: Any) -> list[Any]:
    """``value`` and every dict and list inside it."""
    found = [value] if isinstance(value, dict | list) else []
    children = (
        value.values() if isinstance(value, dict) else value if isinstance(value, list) else []
    )
    for child in children:
        found += _containers(child)
    return found


def test_lockstep_gives_the_lending_back() -> None:
    reference = InProcessClient(TOY)
    reference.handshake()
    candidate = InProcessClient(TOY)
    candidate.handshake()
    steps = lockstep(candidate, reference, "toy", 2, None, lambda count: count - 1)
    assert steps > 0
    assert reference._lending is False and reference.result_text is None
    assert reference.legal_actions() is not reference.server._listed  # copies again
