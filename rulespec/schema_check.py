"""A JSON Schema, checked at two speeds, with every problem named by its place.

The compiled validator (jsonschema-rs) decides whether a document is valid, and it also
names the problems of a document it refuses: for a large state, the pure-Python walk of
jsonschema took 30-55 ms where the compiled one takes under 1 ms, and the reference engine's
refusals of deliberately broken positions were 40% of an Isle Traces scenario run. The
Python validator is built only where the compiled one is missing, or cannot take a value
(an integer beyond 64 bits, say): then it decides, and names the problems itself. Where the
two disagree about a document (a regex dialect, say), the stricter one wins.

A problem reads ``at <place>: <what>``: the place is the path of keys and indices into the
document, joined with ``/`` (``(top)`` for the document itself); problems come sorted by
place, as many as asked for.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from jsonschema import Draft202012Validator

try:  # the compiled validator; without it every check is the (slow) detailed one
    import jsonschema_rs
except ImportError:  # pragma: no cover - a platform without a wheel
    jsonschema_rs = None

try:  # a document's text, whose length bounds how many values it holds
    import orjson
except ImportError:  # pragma: no cover - a platform without a wheel
    orjson = None

#: what the compiled validator raises for a value it cannot represent
_UNTAKEN = (ValueError, TypeError, OverflowError)


class SchemaCheck:
    """One schema's checks: :meth:`is_valid` (the fast yes) and :meth:`problems`."""

    def __init__(self, schema: dict[str, Any], name: str = "the schema") -> None:
        self.schema = schema
        self.name = name
        self._compiled: Any = None
        self._detailed: Draft202012Validator | None = None

    def compiled(self) -> Any:
        """The jsonschema-rs validator (None where jsonschema-rs is not installed)."""
        if self._compiled is None and jsonschema_rs is not None:
            self._compiled = jsonschema_rs.validator_for(self.schema)
        return self._compiled

    def detailed(self) -> Draft202012Validator:
        """The pure-Python validator, built on first use."""
        if self._detailed is None:
            from jsonschema import Draft202012Validator

            self._detailed = Draft202012Validator(self.schema)
        return self._detailed

    def is_valid(self, document: Any) -> bool:
        """The compiled validator's yes (no: refused, or a value it cannot take)."""
        compiled = self.compiled()
        if compiled is None:
            return False
        try:
            return bool(compiled.is_valid(document))
        except _UNTAKEN:
            return False

    def problems(self, document: Any, limit: int | None = None) -> list[str]:
        """``at <place>: <what>`` for each violation (at most ``limit``); [] when valid."""
        if self.is_valid(document):
            return []
        compiled = self.compiled()
        if compiled is not None and not holds_more_values(document, EAGER_LIMIT):
            try:
                found = _listed(((e.instance_path, e.message)
                                 for e in compiled.iter_errors(document)), limit)  # fmt: skip
            except _UNTAKEN:
                found = None  # a value it cannot take: the Python validator decides
            if found is not None:
                return found or [f"at (top): does not match {self.name}"]
        found = _listed(((e.absolute_path, e.message)
                         for e in self.detailed().iter_errors(document)), limit)  # fmt: skip
        if not found and compiled is not None:
            found.append(f"at (top): does not match {self.name} (its compiled check)")
        return found


#: the compiled validator names every problem of a document before the first is read (39 us
#: each: seconds for a list of 200,000 bad items); a document holding more values than this
#: has its first problems named by the Python validator, which stops at ``limit``
EAGER_LIMIT = 5_000


def holds_more_values(value: Any, limit: int, keys: bool = False) -> bool:
    """Whether a JSON ``value`` holds more than ``limit`` values (an object's keys counted
    too with ``keys``), counted only until past the limit: a size check that costs nothing
    on ordinary documents and stops early on huge ones."""
    if orjson is not None:  # every value and key takes a character of the text, or more
        try:
            if len(orjson.dumps(value)) <= limit:
                return False
        except (TypeError, orjson.JSONEncodeError):
            pass  # not JSON as orjson writes it (a key that is no string...): counted
    count = 0
    stack = [value]
    while stack:
        item = stack.pop()
        count += 1
        if count > limit:
            return True
        if type(item) is dict:
            if keys:
                count += len(item)
            stack.extend(item.values())
        elif type(item) is list:
            stack.extend(item)
    return False


def _listed(errors: Iterable[tuple[Iterable[Any], str]], limit: int | None) -> list[str]:
    first = [(list(map(str, path)), message)
             for path, message in itertools.islice(errors, limit)]  # fmt: skip
    first.sort(key=lambda error: error[0])
    return [f"at {'/'.join(path) or '(top)'}: {message}" for path, message in first]
