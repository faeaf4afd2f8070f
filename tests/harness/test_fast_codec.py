"""The compiled codec (``orjson``, when installed) changes no verdict of the wire's rules.

``rulespec.protocol`` parses, writes and copies messages with ``orjson`` where it can and
checks that the result is the standard library's; these tests run every entry point both
ways (``orjson`` switched off by monkeypatching) on generated texts and values built to
hit the cases where the two libraries differ: keys given twice (with ``:`` in strings, and
spelled as an escape), nesting around the limit, ``NaN``, infinities, integers beyond 64
bits, lone surrogates, tuples, non-string keys, subclasses, types JSON does not have.
"""

from __future__ import annotations

import dataclasses
import enum
import math
from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rulespec import protocol
from rulespec.protocol import WireError, decode, encode, encode_line, wire_copy

pytestmark = pytest.mark.skipif(protocol.orjson is None, reason="orjson is not installed")


def _both(monkeypatch: pytest.MonkeyPatch, call: Callable[[], Any]) -> tuple[Any, Any]:
    """``call()``'s outcome with orjson and without: ("ok", repr of the value) or
    ("refused", the message)."""

    def outcome() -> tuple[str, Any]:
        try:
            return "ok", _described(call())
        except WireError as error:
            return "refused", str(error)

    fast = outcome()
    with monkeypatch.context() as patch:
        patch.setattr(protocol, "orjson", None)
        slow = outcome()
    return fast, slow


def _described(value: Any) -> Any:
    """The value with every type named (1, 1.0 and True differ; -0.0 is not 0.0)."""
    if type(value) is dict:
        return ["dict", [(key, _described(item)) for key, item in value.items()]]
    if type(value) is list:
        return ["list", [_described(item) for item in value]]
    if type(value) is int:
        return ["int", hex(value)]  # no digit limit on hex
    return [type(value).__name__, repr(value)]


_KEYS = st.sampled_from(["a", "b", "a:b", "\\u003a", "\\u003A:", "k"])
_SCALARS = st.sampled_from([
    "1", "-0", "-0.0", "1.0", "1e16", "1e400", "1E5", "0.1000000000000000055511151231257827",
    "true", "false", "null", '"s"', '"a:b"', '"\\u003a"', '"\\ud800"', '"\\ud83d\\ude00"',
    '"\\u00e9"', '"\u00e9"', "NaN", "-Infinity", "9" * 25, "-" + "9" * 19, '"[{"', '" ]}"',
    " 2 ", '"\\n"', '"\\\\"',
])  # fmt: skip


def _object(children: st.SearchStrategy[str]) -> st.SearchStrategy[str]:
    pairs = st.lists(st.tuples(_KEYS, children), max_size=4)
    return pairs.map(lambda items: "{" + ",".join(f'"{k}": {v}' for k, v in items) + "}")


_TEXTS = st.recursive(
    _SCALARS,
    lambda children: (
        st.lists(children, max_size=4).map(lambda xs: "[" + ",".join(xs) + "]") | _object(children)
    ),
    max_leaves=25,
)
#: many brackets: the large-message way of the careful parse
_PADDING = ", ".join(f'"p{i}": [[{i}]]' for i in range(30))


@st.composite
def texts(draw: st.DrawFn) -> str:
    text = draw(_TEXTS)
    depth = draw(st.sampled_from([0, 0, 0, 61, 62, 63, 64, 70]))
    text = "[" * depth + text + "]" * depth
    if draw(st.booleans()):
        text = "{" + _PADDING + ', "body": ' + text + "}"
    return text


@settings(max_examples=500, deadline=None)
@given(texts(), st.booleans())
def test_decode_gives_what_the_standard_library_gives(text: str, as_bytes: bool) -> None:
    with pytest.MonkeyPatch.context() as monkeypatch:
        data = text.encode("utf-8") if as_bytes else text
        fast, slow = _both(monkeypatch, lambda: decode(data))
    assert fast == slow


class Colour(enum.IntEnum):
    RED = 1


class Text(str):
    pass


@dataclasses.dataclass
class Point:
    x: int


_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=3)
    | st.sampled_from([Colour.RED, Text("t"), Point(1), b"x", 2**63, 2**64, -(2**63) - 1, -0.0])
    | st.sampled_from([4299, 4300]).map(lambda digits: 10**digits),
    lambda children: st.lists(children, max_size=3)
    | st.dictionaries(st.text(max_size=2) | st.integers(0, 2) | st.none(), children, max_size=3)
    | st.tuples(children),
    max_leaves=15,
)  # fmt: skip


def _nested(depth: int) -> list[Any]:
    value: list[Any] = []
    for _ in range(depth - 1):
        value = [value]
    return value


@settings(max_examples=500, deadline=None)
@given(_VALUES | st.sampled_from([63, 64, 65, 66]).map(_nested))
def test_wire_copy_and_encode_give_what_the_standard_library_gives(value: Any) -> None:
    with pytest.MonkeyPatch.context() as monkeypatch:
        fast, slow = _both(monkeypatch, lambda: wire_copy(value))
        assert fast == slow
        # the texts may differ (orjson writes 1e16 where json writes 1e+16); what the
        # other side reads from them may not, nor a refusal
        fast, slow = _both(monkeypatch, lambda: decode(encode(value)))
        assert fast == slow
        fast, slow = _both(monkeypatch, lambda: decode(encode_line(value)))
        assert fast == slow


def test_a_copy_shares_nothing_and_keeps_no_nan() -> None:
    shared = [1]
    copied = wire_copy({"a": shared, "b": shared})
    assert copied == {"a": [1], "b": [1]} and copied["a"] is not shared
    assert copied["a"] is not copied["b"]
    with pytest.raises(WireError, match="nan is not a JSON number"):
        wire_copy({"a": [math.nan]})
    with pytest.raises(WireError, match="cannot be written as JSON"):
        encode({"a": [math.inf]})


def test_a_key_given_twice_is_refused_however_the_colons_fall() -> None:
    for text in ('{"a": "x:y", "a": 1}', '{"a": 1, "a": "x:y"}', '{"a": 1, "b": "\\u003a", "a": 2}',
                 '[{"a": [1]}, {"a": 1, "a": 2}]', '{"a:": 1, "a:": 2}'):  # fmt: skip
        with pytest.raises(WireError, match="duplicate key"):
            decode(text)
        with pytest.raises(WireError, match="duplicate key"):
            decode(text.encode())


def test_nesting_at_the_limit_is_accepted_and_one_more_level_refused() -> None:
    assert decode("[" * 64 + "]" * 64) == _nested(64)
    assert wire_copy(_nested(64)) == _nested(64)
    with pytest.raises(WireError, match="nested more than 64 levels deep"):
        decode(b"[" * 65 + b"]" * 65)
    with pytest.raises(WireError, match="nested more than 64 levels deep"):
        wire_copy(_nested(65))
    # a container at depth 64 holding scalars is fine; one holding a container is not
    holding: list[Any] = [1, "x"]
    for _ in range(63):
        holding = [holding]
    assert wire_copy(holding) == holding
    assert decode(encode(holding)) == holding
    holding_more: Any = [1, []]
    for _ in range(63):
        holding_more = [holding_more]
    with pytest.raises(WireError, match="nested more than 64 levels deep"):
        wire_copy(holding_more)
    with pytest.raises(WireError, match="nested more than 64 levels deep"):
        decode(encode(holding_more))


def _holds_unlooked_for(value: Any) -> bool:
    """Whether ``value`` holds what :func:`~rulespec.protocol.encode_reply_line` does not
    look for: a float that is not finite (``orjson`` writes it ``null``), a plain enum (its
    value)."""
    if type(value) is float:
        return not math.isfinite(value)
    if type(value) is Shade:
        return True
    if isinstance(value, dict):
        return any(map(_holds_unlooked_for, value.values()))
    if isinstance(value, list | tuple):
        return any(map(_holds_unlooked_for, value))
    return False


class Shade(enum.Enum):
    DARK = "dark"


@settings(max_examples=500, deadline=None)
@given(
    _VALUES
    | st.sampled_from([63, 64, 65, 66]).map(_nested)
    | st.lists(st.sampled_from([Shade.DARK, 1]), max_size=2)
)
def test_a_reply_line_says_what_the_careful_line_says_but_for_what_it_does_not_check(
    value: Any,
) -> None:
    """The reference server's unchecked writing (:func:`~rulespec.protocol.
    encode_reply_line`) reads back as :func:`encode_line` does, or is refused alike, for
    every value but one holding a float that is not finite or a plain enum (its documented
    exceptions; subclasses, dataclasses and dates go the careful way)."""
    with pytest.MonkeyPatch.context() as monkeypatch:
        careful = _both(monkeypatch, lambda: decode(encode_line(value)))[1]
        fast, _ = _both(monkeypatch, lambda: decode(protocol.encode_reply_line(value)))
    if _holds_unlooked_for(value):  # written (a NaN read back as null, an enum as its
        # value), unless something else in it sends it the careful way
        assert fast[0] == "ok" or fast == careful
    else:
        assert fast == careful


def test_the_reference_servers_step_replies_are_the_careful_lines() -> None:
    """Every reply of a few whole games of each reference engine, as ``rulespec serve``
    writes it, is byte for byte what :func:`encode_line` writes."""
    import random

    from conformance.engine.client import InProcessClient
    from reference_impl import registry

    rng = random.Random(7)
    replies = []
    client = InProcessClient()
    client.handshake()
    server = client.server
    for game in ("notre_dame", "gnomeville", "villagers", "isle_traces", "neom"):
        players = registry.get_game(game).min_players
        server.handle({"id": 1, "cmd": "new_game", "game": game, "num_players": players})
        for step in range(60):
            listing = server.handle({"id": 2, "cmd": "legal_actions"})
            if not listing["result"]["actions"]:
                break
            action = rng.choice(listing["result"]["actions"])
            request = {"id": 3 + step, "cmd": "apply", "action": action, "state": True,
                       "legal_actions": True}  # fmt: skip
            replies += [listing, server.handle(request)]
    assert len(replies) > 300
    for reply in replies:
        assert protocol.encode_reply_line(reply) == encode_line(reply)
