"""The engine protocol v1: message schemas, their validation, and the wire's JSON rules.

Lifecycle of a session (``spec/protocol/README.md`` has the full text):

1. the driver starts the engine and sends ``handshake``; the engine names its protocol
   version, its games and its capabilities;
2. ``new_game`` or ``load_state`` starts a game; ``state``, ``legal_actions``, ``apply`` and
   ``outcome`` query and advance it; a new ``new_game``/``load_state`` replaces it;
3. ``stop`` ends the session; the engine replies and exits.

Every request carries an ``id`` that the reply echoes. A reply is either
``{"id", "ok": true, "result": {...}}`` or ``{"id", "ok": false, "error": {"kind", ...}}``.

What a message may contain on the wire, for both sides (:func:`decode`, :func:`wire_copy`):
UTF-8 JSON text, objects without duplicate keys, no ``NaN``/``Infinity``, integers of at
most :data:`MAX_INT_DIGITS` digits, nesting at most :data:`MAX_DEPTH` deep. Anything else
is refused with a :class:`WireError` naming the problem, never a Python exception.

Validation is two-speed (:class:`rulespec.schema_check.SchemaCheck`): a compiled validator
(``jsonschema_rs``, built once per schema, on its first use) says yes or no, and names the
problems of a message it refuses; ``jsonschema`` is imported only for a value the compiled
one cannot take.

The codec is two-speed too when ``orjson`` is installed: its parse, its text and its copy
are kept only where they are, checked, what the standard library's ``json`` gives under
these rules (:func:`_fast_decode`, :func:`_fast_encode`, :func:`_fast_copy`); anything
else (a key twice, a float that is not finite, an integer beyond 64 bits, a lone
surrogate, a type JSON does not have...) goes the ``json`` way, which decides and names it.
"""

from __future__ import annotations

import itertools
import json
from functools import cache
from pathlib import Path
from typing import Any

from rulespec import games
from rulespec.resources import PROTOCOL_DIR
from rulespec.schema_check import SchemaCheck

try:  # the compiled codec; without it every message goes the standard library's way
    import orjson
except ImportError:  # pragma: no cover - not installed
    orjson = None

PROTOCOL_VERSION = 1
COMMANDS = (
    "handshake",
    "new_game",
    "load_state",
    "state",
    "legal_actions",
    "apply",
    "outcome",
    "stop",
)
ERROR_KINDS = ("illegal_action", "malformed", "unsupported", "internal")
CAPABILITIES = ("load_state", "legal_actions", "chance", "views", "fired", "outcome",
                "validates_positions", "apply_state", "apply_listing")  # fmt: skip

#: deepest nesting of arrays and objects a message may have (a state needs about 8)
MAX_DEPTH = 64
#: longest integer literal (Python's own limit on converting text to int)
MAX_INT_DIGITS = 4300
_INT_LIMIT = 10**MAX_INT_DIGITS
#: problems listed for one message (the first found; a refusal should be quick to say)
MAX_PROBLEMS = 8


class WireError(ValueError):
    """A message that breaks the wire's JSON rules; the text says what and where."""


# -- validation ------------------------------------------------------------------------------


class SchemaFileError(ValueError):
    """A schema file that is not JSON (a game package's, being written): the text names it."""


@cache
def _read_schema(path: Path) -> dict[str, Any]:
    # The schemas themselves are checked by the test suite, not on every start; one that
    # is not JSON at all is named, wherever it is first read.
    try:
        return json.loads(path.read_text(encoding="utf-8"))
    except json.JSONDecodeError as error:
        raise SchemaFileError(f"{path}: not valid JSON ({error})") from None


def _protocol_schema(name: str) -> dict[str, Any]:
    return _read_schema(PROTOCOL_DIR / f"{name}.schema.json")


@cache
def _state_schema(game: str) -> dict[str, Any] | None:
    path = games.spec_file(game, "state.schema.json")
    return _read_schema(path) if path is not None else None


@cache
def schema_check(name: str) -> SchemaCheck:
    """The two-speed check of ``spec/protocol/<name>.schema.json`` (e.g. ``apply.reply``)."""
    return SchemaCheck(_protocol_schema(name), f"the {name} schema")


@cache
def state_check(game: str) -> SchemaCheck | None:
    """The two-speed check of ``spec/<game>/state.schema.json`` (None for a game without
    one)."""
    schema = _state_schema(game)
    return None if schema is None else SchemaCheck(schema, f"the {game} state schema")


@cache
def action_check(game: str) -> SchemaCheck | None:
    """The two-speed check of ``spec/<game>/action.schema.json`` (None for a game without
    one)."""
    path = games.spec_file(game, "action.schema.json")
    if path is None:
        return None
    return SchemaCheck(_read_schema(path), f"the {game} action schema")


def action_problems(game: str, action: Any) -> list[str]:
    """Every violation of ``spec/<game>/action.schema.json`` ([] for a game without one)."""
    check = action_check(game)
    return [] if check is None else check.problems(action, MAX_PROBLEMS)


def schema_problems(name: str, message: Any) -> list[str]:
    """Every violation of the named protocol schema, as ``at <path>: <what>`` lines (the
    first :data:`MAX_PROBLEMS`)."""
    return schema_check(name).problems(message, MAX_PROBLEMS)


def state_problems(game: str, state: Any) -> list[str]:
    """Every violation of ``spec/<game>/state.schema.json`` ([] for a game without one)."""
    check = state_check(game)
    return [] if check is None else check.problems(state, MAX_PROBLEMS)


def reply_problems(command: str, reply: Any) -> list[str]:
    """Problems with an engine's reply to ``command`` (success or error form)."""
    if isinstance(reply, dict) and reply.get("ok") is False:
        return schema_problems("error.reply", reply)
    return schema_problems(f"{command}.reply", reply)


def is_request_id(value: Any) -> bool:
    """An id as the schemas mean it: an integer (not ``1.0``, not ``true``) or a string."""
    return type(value) is int or type(value) is str


# -- the wire ----------------------------------------------------------------------------------


def _no_constant(name: str) -> Any:
    raise WireError(f"{name} is not a JSON number the protocol accepts")


def _no_duplicates(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    value = dict(pairs)
    if len(value) != len(pairs):
        seen: set[str] = set()
        twice = next(key for key, _ in pairs if key in seen or seen.add(key))  # type: ignore[func-returns-value]
        raise WireError(f"duplicate key {twice!r} in an object")
    return value


_DECODER = json.JSONDecoder(object_pairs_hook=_no_duplicates, parse_constant=_no_constant)
_PLAIN_DECODER = json.JSONDecoder(parse_constant=_no_constant)
_MISSING = object()


def decode(data: bytes | str) -> Any:
    """One message from its JSON text, under the wire's rules (:class:`WireError` if not)."""
    if orjson is not None:
        value = _fast_decode(data)
        if value is not _MISSING:
            return value
    if isinstance(data, bytes):
        try:
            text = data.decode("utf-8")
        except UnicodeDecodeError as error:
            raise WireError(f"not UTF-8 (byte {error.start}: {data[error.start:error.start + 1]!r})"
                            ) from None  # fmt: skip
    else:
        text = data
    if text.count("[") + text.count("{") > MAX_DEPTH:
        # A large message: parsed without the duplicate-key hook, then walked once for its
        # depth and its key count (see :func:`_walk`); only a doubtful one is parsed again.
        try:
            value = _PLAIN_DECODER.decode(text)
        except (ValueError, RecursionError):
            value = _MISSING  # the careful parse below says what is wrong
        if value is not _MISSING and _walk(value) == text.count(":"):
            return value
    try:
        value = _DECODER.decode(text)
    except WireError:
        raise
    except json.JSONDecodeError as error:
        raise WireError(f"not JSON ({error.msg} at line {error.lineno} column {error.colno})"
                        ) from None  # fmt: skip
    except RecursionError:
        raise WireError(f"nested more than {MAX_DEPTH} levels deep") from None
    except ValueError as error:  # an integer literal beyond Python's conversion limit
        if "digits" in str(error):
            raise WireError(f"an integer has more than {MAX_INT_DIGITS} digits") from None
        raise WireError(f"not JSON ({error})") from None
    if text.count("[") + text.count("{") > MAX_DEPTH:  # else it cannot be too deep
        _check_depth(value)
    return value


def _fast_decode(data: bytes | str) -> Any:
    """``orjson``'s parse when it is the careful one's, else ``_MISSING``.

    ``orjson`` refuses what the careful parse refuses (and more: a lone surrogate escape,
    which then goes the careful way), keeps the last of two equal keys as ``json`` does,
    and parses numbers and strings to the same values, but for an integer beyond 64 bits
    (a float to it: such text goes the careful way, :data:`_LONG_DIGITS`). So its parse
    is the careful one when no key came twice and the nesting is within the limit, which
    its indented text of the parse tells (:func:`_indented_within`): that text holds one
    ``:`` per key plus those inside strings, the message's text as many plus one per key
    given twice, as long as no string in it spells a ``:`` as an escape (then the careful
    way decides)."""
    raw = data.encode("utf-8", "surrogatepass") if isinstance(data, str) else data
    if b"\\u003" in raw or _LONG_DIGITS in raw.translate(_DIGITS_ONLY):
        return _MISSING  # a ":" spelled as an escape, or a number orjson may read as a float
    try:
        value = orjson.loads(raw)
    except (ValueError, TypeError):  # orjson.JSONDecodeError is a ValueError
        return _MISSING
    if type(value) is not dict and type(value) is not list:
        return value  # a scalar: no key, no nesting
    indented = _indented_within(value)
    if indented is None:
        return _MISSING
    return value if raw.count(b":") == indented.count(b":") else _MISSING


#: orjson reads an integer beyond 64 bits as a float: text with 19 digits in a row (an
#: integer beyond 64 bits has more, and so does ``-2**63 - 1``) goes the careful way
_LONG_DIGITS = b"0" * 19
_DIGITS_ONLY = bytes(48 if 48 <= i <= 57 else 32 for i in range(256))


#: a line of orjson's indented text holding an element of a container MAX_DEPTH deep
_DEEP_LINE = b"\n" + b" " * (2 * MAX_DEPTH)


def _indented_within(value: Any) -> bytes | None:
    """``orjson``'s text of ``value`` indented by two, when it nests at most
    :data:`MAX_DEPTH` deep (else None: too deep, or not sure).

    An element of a container at depth ``d`` (the message itself is at depth 1) stands on
    a line indented ``2 * d``; strings hold no line break (it is escaped). No line indented
    ``2 * MAX_DEPTH`` means no container at depth :data:`MAX_DEPTH` holds anything, so none
    lies deeper."""
    try:
        indented = orjson.dumps(value, option=orjson.OPT_INDENT_2)
    except (TypeError, orjson.JSONEncodeError):  # e.g. deeper than orjson writes
        return None
    return None if _DEEP_LINE in indented else indented


def _walk(value: Any) -> int:
    """The keys in a parsed message, all objects together; :class:`WireError` if it is
    nested more than :data:`MAX_DEPTH` deep.

    Parsing keeps the last of two equal keys, so a message whose text holds as many ``:``
    as its parse holds keys had none twice: every key is followed by one ``:`` (a ``:``
    inside a string only makes the text's count larger, and then the message is parsed
    again with the duplicate check). The walk goes one nesting level at a time, each level
    in a few passes of built-in functions (a parsed message holds exact dicts and lists).
    """
    keys = 0
    dicts, lists = _containers([value])
    for _ in range(MAX_DEPTH):
        keys += sum(map(len, dicts))
        dicts, lists = _containers([*_chain(map(dict.values, dicts)), *_chain(lists)])
        if not dicts and not lists:
            return keys
    raise WireError(f"nested more than {MAX_DEPTH} levels deep")


_is_dict = dict.__instancecheck__
_is_list = list.__instancecheck__
_chain = itertools.chain.from_iterable


def _containers(items: list[Any]) -> tuple[list[Any], list[Any]]:
    """The dicts and the lists among ``items`` (exact types), found in C-speed passes."""
    kinds = set(map(type, items))
    dicts = list(filter(_is_dict, items)) if dict in kinds else []
    return dicts, list(filter(_is_list, items)) if list in kinds else []


def _check_depth(value: Any, depth: int = 1) -> None:
    """Refuse nesting deeper than :data:`MAX_DEPTH` (a parsed message, walked once)."""
    if depth > MAX_DEPTH:
        raise WireError(f"nested more than {MAX_DEPTH} levels deep")
    children = value.values() if type(value) is dict else value if type(value) is list else ()
    for child in children:
        if type(child) is dict or type(child) is list:
            _check_depth(child, depth + 1)


def encode(message: Any) -> str:
    """The JSON text of one message (no newline); :class:`WireError` if it cannot be sent.

    Non-ASCII text is written as UTF-8, except a string holding a lone surrogate (valid in
    JSON only as an escape), which is written escaped.
    """
    if orjson is not None:
        data = _fast_encode(message)
        if data is not None:
            return data.decode("utf-8")
    return _encode(message)


def encode_line(message: Any) -> bytes:
    """:func:`encode`'s text as UTF-8 with the newline that ends it on the wire."""
    if orjson is not None:
        data = _fast_encode(message, orjson.OPT_APPEND_NEWLINE)
        if data is not None:
            return data
    return (_encode(message) + "\n").encode("utf-8")


def encode_reply_line(message: Any) -> bytes:
    """:func:`encode_line` for a reply the reference server built from an engine's exports,
    written by ``orjson`` without parsing its text back (that check costs more than the
    writing: half of a serve step on Isle Traces, whose replies run to 20 KB).

    A dataclass, a date, a subclass of a JSON type, a key that is no string, an integer
    beyond 64 bits or a lone surrogate still goes the careful way (``orjson`` refuses them
    here). Two things are not looked for: a float that is not finite (written ``null``)
    and a plain ``Enum`` or ``UUID`` (written as its value). No reference engine makes
    either (none computes with floats, none exports an enum), and the driver still checks
    every reply against its schema."""
    data = unchecked_text(message, newline=True)
    return encode_line(message) if data is None else data


def unchecked_text(value: Any, newline: bool = False) -> bytes | None:
    """``orjson``'s compact text of ``value``, not parsed back (see :func:`encode_reply_line`
    for what that leaves unlooked for); None without orjson, or for a value it refuses here:
    a dataclass, a date, a subclass of a JSON type (``json`` refuses the first two and writes
    subclasses by their own methods), a key that is no string, an integer beyond 64 bits, a
    lone surrogate."""
    if orjson is None:
        return None
    option = _NOT_ITS_OWN_WAY | (orjson.OPT_APPEND_NEWLINE if newline else 0)
    try:
        return orjson.dumps(value, option=option)
    except (TypeError, orjson.JSONEncodeError):
        return None


#: what ``orjson`` would write its own way: refused, so the careful way decides
_NOT_ITS_OWN_WAY = 0
if orjson is not None:
    _NOT_ITS_OWN_WAY = (
        orjson.OPT_PASSTHROUGH_DATACLASS
        | orjson.OPT_PASSTHROUGH_DATETIME
        | orjson.OPT_PASSTHROUGH_SUBCLASS
    )


def _fast_encode(message: Any, option: int = 0) -> bytes | None:
    """``orjson``'s text when it means what ``json``'s would, else None.

    ``orjson`` writes a float that is not finite as ``null`` and writes some types that
    ``json`` refuses (dataclasses, dates, enums), and refuses what it cannot write as
    ``json`` would (non-string keys, integers beyond 64 bits, lone surrogates): its text is
    kept when it parses back equal to the message, so none of those is in it (a tuple, which
    ``json`` writes as a list too, only makes the check fail and go the ``json`` way)."""
    try:
        data = orjson.dumps(message, option=option)
    except (TypeError, orjson.JSONEncodeError):
        return None
    try:
        return data if orjson.loads(data) == message else None
    except Exception:  # an object whose comparison fails: json decides
        return None


def _encode(message: Any) -> str:
    """:func:`encode` by the standard library's ``json``."""
    try:
        text = json.dumps(message, ensure_ascii=False, allow_nan=False, separators=(",", ":"))
        text.encode("utf-8")
        return text
    except UnicodeEncodeError:
        return json.dumps(message, allow_nan=False, separators=(",", ":"))
    except (TypeError, ValueError, RecursionError) as error:
        raise WireError(f"cannot be written as JSON: {_short(error)}") from None


def sorted_texts(values: list[Any]) -> list[bytes] | None:
    """``orjson``'s text of each value with its keys sorted: equal texts for equal JSON
    values (``1``, ``1.0`` and ``true`` differ); None without orjson or for a value it
    cannot write. A float that is not finite is written ``null``, so equal texts of such
    values still need an exact check."""
    if orjson is None:
        return None
    try:
        return list(map(_sorted_dumps, values))
    except (TypeError, orjson.JSONEncodeError):
        return None


def _sorted_dumps(value: Any) -> bytes:
    return orjson.dumps(value, option=orjson.OPT_SORT_KEYS)


def same_json(left: Any, right: Any) -> bool:
    """Whether two messages are one JSON value (``1``, ``1.0`` and ``true`` differ; the
    order of an object's keys does not matter)."""
    if left != right:  # also: a NaN, which orjson would write as null, equals nothing
        return False
    if orjson is not None:
        try:
            return _sorted_dumps(left) == _sorted_dumps(right)
        except (TypeError, orjson.JSONEncodeError):
            pass
    try:
        return json.dumps(left, sort_keys=True) == json.dumps(right, sort_keys=True)
    except (TypeError, ValueError):  # keys json cannot sort, say: not one JSON value
        return False


def _short(error: BaseException) -> str:
    if isinstance(error, RecursionError):
        return "nested too deeply"
    return str(error)


_KEY_TEXT = {True: "true", False: "false", None: "null"}


def wire_copy(message: Any) -> Any:
    """What the other side gets from ``decode(encode(message))``, without the text between.

    Tuples become lists and non-string keys strings, as ``json`` writes them; a value the
    wire refuses (NaN, an over-long integer, nesting beyond :data:`MAX_DEPTH`, a type JSON
    does not have) is a :class:`WireError`. The result shares nothing mutable with
    ``message``. This is the in-process transport's copy.
    """
    if orjson is not None:
        copied = _fast_copy(message)
        if copied is not _MISSING:
            return copied
    return _copy(message, 1)


def _fast_copy(message: Any) -> Any:
    """``orjson``'s round trip when it is :func:`_copy`'s result, else ``_MISSING``.

    As in :func:`_fast_encode`: kept when it equals the message (no ``NaN`` turned
    ``null``, no tuple, no type JSON lacks) and the nesting is within :data:`MAX_DEPTH`
    (:func:`_indented_within`)."""
    indented = _indented_within(message)
    if indented is None:
        return _MISSING
    copied = orjson.loads(indented)
    try:
        return copied if copied == message else _MISSING
    except Exception:  # an object whose comparison fails: _copy decides
        return _MISSING


_PLAIN = frozenset({str, bool, type(None)})


def _copy(value: Any, depth: int) -> Any:
    kind = type(value)
    if kind is dict:
        if depth > MAX_DEPTH:
            raise WireError(f"nested more than {MAX_DEPTH} levels deep")
        copied = {}
        for key, item in value.items():
            if type(key) is not str:
                key = _key(key)
                if key in copied:
                    raise WireError(f"duplicate key {key!r} in an object")
            kind = type(item)
            if kind in _PLAIN or (kind is int and -_INT_LIMIT < item < _INT_LIMIT):
                copied[key] = item
            else:
                copied[key] = _copy(item, depth + 1)
        return copied
    if kind is list or kind is tuple:
        if depth > MAX_DEPTH:
            raise WireError(f"nested more than {MAX_DEPTH} levels deep")
        return [
            item
            if type(item) in _PLAIN or (type(item) is int and -_INT_LIMIT < item < _INT_LIMIT)
            else _copy(item, depth + 1)
            for item in value
        ]
    if kind in _PLAIN:
        return value
    if kind is int:
        if -_INT_LIMIT < value < _INT_LIMIT:
            return value
        raise WireError(f"an integer has more than {MAX_INT_DIGITS} digits")
    if kind is float:
        if value - value == 0.0:  # neither NaN nor an infinity
            return value
        raise WireError(f"{value!r} is not a JSON number the protocol accepts")
    if isinstance(value, int | float | str | dict | list | tuple):  # a subclass: as json does
        plain = {int: int, float: float, str: str, dict: dict, list: list, tuple: list}
        base = next(b for b in plain if isinstance(value, b))
        return _copy(plain[base](value), depth)
    raise WireError(f"a {kind.__name__} cannot be written as JSON")


def _key(key: Any) -> str:
    if type(key) is bool or key is None:
        return _KEY_TEXT[key]
    if type(key) is int:
        return str(_copy(key, 1))
    if type(key) is float:
        return json.dumps(_copy(key, 1))
    raise WireError(f"a {type(key).__name__} key cannot be written as JSON")
