"""The wire's JSON rules (``rulespec.protocol``): what is refused, and the two fast paths.

``decode`` refuses what the protocol refuses, with a message naming it; ``wire_copy`` (the
in-process transport) gives exactly what a JSON round trip gives and refuses the same;
the compiled validator agrees with jsonschema on valid and mutated replies.
"""

from __future__ import annotations

import json
import math
import random
import re
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from jsonschema import Draft202012Validator

from reference_impl.server import Server
from rulespec import protocol, schema_check
from rulespec.protocol import WireError, decode, encode, wire_copy
from rulespec.resources import PROTOCOL_DIR, SPEC_DIR
from tests.harness.server_fuzz import mutate


def test_every_protocol_and_state_schema_is_a_valid_schema() -> None:
    paths = [*PROTOCOL_DIR.glob("*.schema.json"), *SPEC_DIR.glob("*/state.schema.json")]
    assert len(paths) >= 20
    for path in paths:
        Draft202012Validator.check_schema(json.loads(path.read_text(encoding="utf-8")))


@pytest.mark.parametrize(
    ("text", "words"),
    [
        (b'{"a": 1, "a": 2}', "duplicate key 'a'"),
        (b"[NaN]", "NaN is not a JSON number"),
        (b"[-Infinity]", "-Infinity is not a JSON number"),
        (b"[" + b"9" * 4301 + b"]", "more than 4300 digits"),
        (b"[" * 65 + b"]" * 65, "nested more than 64 levels deep"),
        (b"[" * 100_000 + b"]" * 100_000, "nested more than 64 levels deep"),
        (b'"\xff"', "not UTF-8 (byte 1"),
        (b'{"a": ', "not JSON (Expecting value at line 1 column 7)"),
    ],
)
def test_decode_refuses_with_a_message_naming_the_problem(text: bytes, words: str) -> None:
    with pytest.raises(WireError, match=words.replace("(", r"\(").replace(")", r"\)")):
        decode(text)


def test_decode_accepts_what_json_allows_within_the_limits() -> None:
    assert decode(b'{"s": "\\ud800", "n": ' + b"9" * 4300 + b"}")["s"] == "\ud800"
    assert decode(b"[" * 64 + b"]" * 64) is not None


#: over MAX_DEPTH brackets: decoded by the fast path (no duplicate-key hook, one walk)
_PADDING = ", ".join(f'"p{i}": [[{i}]]' for i in range(40))
_DEEP = "[" * 63 + "]" * 63  # 64 levels with the object around it: the most allowed


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("{" + _PADDING + ', "a": 1, "b": {"c": [], "c": {}}}', "duplicate key 'c'"),
        ('{"a": 1, ' + _PADDING + ', "a": "x:y"}', "duplicate key 'a'"),
        ("{" + _PADDING + ', "d": [' + _DEEP + "]}", "nested more than 64 levels deep"),
        ("{" + _PADDING + ', "n": [NaN]}', "NaN is not a JSON number"),
        ("{" + _PADDING + ', "n": ' + "9" * 4301 + "}", "more than 4300 digits"),
    ],
)
def test_a_large_message_is_refused_as_a_small_one_is(text: str, words: str) -> None:
    assert text.count("[") + text.count("{") > protocol.MAX_DEPTH
    with pytest.raises(WireError, match=words):
        decode(text)


def test_a_large_message_with_colons_in_its_strings_decodes_as_json_does() -> None:
    text = "{" + _PADDING + ', "t": "12:30", "u": {"v:w": ["x:", ":y"]}, "d": ' + _DEEP + "}"
    assert decode(text) == json.loads(text)
    assert decode(text.encode()) == json.loads(text)
    plain = "{" + _PADDING + ', "d": ' + _DEEP + "}"
    assert decode(plain) == json.loads(plain)


json_values = st.recursive(
    st.none()
    | st.booleans()
    | st.integers()
    | st.floats(allow_nan=False, allow_infinity=False)
    | st.text(),
    lambda children: (
        st.lists(children, max_size=4)
        | st.dictionaries(st.text(max_size=5), children, max_size=4)
        | st.tuples(children, children)
    ),
    max_leaves=20,
)


@settings(max_examples=300, deadline=None)
@given(json_values)
def test_wire_copy_is_a_json_round_trip_without_the_text(value: object) -> None:
    copied = wire_copy(value)
    assert copied == json.loads(json.dumps(value))
    assert json.dumps(copied) == json.dumps(value)
    assert decode(encode(value)) == copied


@pytest.mark.parametrize(
    "value",
    [math.nan, [math.inf], {"n": 10**4300}, {(1, 2): 3}, {1}, object(), [[[]]] * 1],
)
def test_wire_copy_refuses_what_the_wire_refuses(value: object) -> None:
    if value == [[[]]]:  # a small nesting is fine; 65 levels is not
        value = nested = []
        for _ in range(64):
            nested.append([])
            nested = nested[0]
    with pytest.raises(WireError):
        wire_copy(value)
    with pytest.raises(WireError):
        encode(value) if not isinstance(value, list) else decode(encode(value))


def test_wire_copy_turns_keys_and_tuples_into_what_json_writes() -> None:
    assert wire_copy({2: (2, 3), False: None, None: 1.5}) == {"2": [2, 3], "false": None,
                                                              "null": 1.5}  # fmt: skip
    shared = [1]
    copied = wire_copy({"a": shared})
    copied["a"].append(2)
    assert shared == [1]


def test_the_compiled_validator_agrees_with_jsonschema_on_mutated_replies() -> None:
    if schema_check.jsonschema_rs is None:
        pytest.skip("jsonschema_rs is not installed")
    server = Server()
    rng = random.Random(5)
    replies = [server.handle({"id": 1, "cmd": "handshake", "protocol": [1]})]
    replies.append(server.handle({"id": 2, "cmd": "new_game", "game": "notre_dame",
                                  "num_players": 2}))  # fmt: skip
    for number in range(3, 40):
        listing = server.handle({"id": number, "cmd": "legal_actions"})
        replies.append(json.loads(json.dumps(listing)))
        action = rng.choice(listing["result"]["actions"])
        replies.append(server.handle({"id": number, "cmd": "apply", "action": action}))
    commands = ["handshake", "new_game", *(["legal_actions", "apply"] * 37)]
    checked = 0
    for command, reply in zip(commands, replies, strict=True):
        for candidate in [reply, *(mutate(json.loads(json.dumps(reply)), rng) for _ in range(5))]:
            name = f"{command}.reply"
            check = protocol.schema_check(name)
            try:
                fast = check.compiled().is_valid(candidate)
            except ValueError:  # e.g. a lone surrogate: production falls back to jsonschema
                continue
            slow = check.detailed().is_valid(candidate)
            assert fast == slow, (name, candidate)
            # the compiled validator names problems exactly where jsonschema finds them
            try:
                named = {tuple(map(str, e.instance_path))
                         for e in check.compiled().iter_errors(candidate)}  # fmt: skip
            except ValueError:  # a lone surrogate in a key: production falls back too
                continue
            expected = {tuple(map(str, e.absolute_path))
                        for e in check.detailed().iter_errors(candidate)}  # fmt: skip
            assert named == expected, (name, candidate)
            checked += 1
    assert checked > 400


def test_a_schema_file_that_is_not_json_is_named(tmp_path: Path) -> None:
    """A game package's state schema being written, broken: the error names the file
    (it was a bare JSONDecodeError inside an engine's internal error)."""
    from rulespec.protocol import SchemaFileError, _read_schema

    broken = tmp_path / "state.schema.json"
    broken.write_text("{bad", encoding="utf-8")
    with pytest.raises(SchemaFileError, match=rf"^{re.escape(str(broken))}: not valid JSON \("):
        _read_schema(broken)
