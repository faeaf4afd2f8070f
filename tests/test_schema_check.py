"""The two-speed schema check names every problem by its place, whichever validator decides."""

from __future__ import annotations

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from rulespec import schema_check
from rulespec.schema_check import SchemaCheck

SCHEMA = {
    "type": "object",
    "required": ["n"],
    "properties": {"n": {"type": "integer", "maximum": 3},
                   "cells": {"type": "array", "items": {"type": "string", "maxLength": 1}}},
    "additionalProperties": False,
}  # fmt: skip


def test_a_valid_document_has_no_problem() -> None:
    assert SchemaCheck(SCHEMA).problems({"n": 3, "cells": ["a"]}) == []


def test_problems_are_sorted_by_place_and_cut_at_the_limit() -> None:
    check = SchemaCheck(SCHEMA)
    document = {"n": 9, "cells": ["a", "bb", 3, "cc"]}
    places = [p.split(":")[0] for p in check.problems(document)]
    assert places == ["at cells/1", "at cells/2", "at cells/3", "at n"]
    assert len(check.problems(document, limit=2)) == 2
    assert check.problems({"cells": []}) == ['at (top): "n" is a required property']


def test_the_python_validator_decides_a_value_the_compiled_one_cannot_take() -> None:
    if schema_check.jsonschema_rs is None:
        pytest.skip("jsonschema_rs is not installed")
    check = SchemaCheck(SCHEMA)
    document = {"n": "x", "\ud800": 1}  # a lone surrogate in a key: no UTF-8 for Rust
    with pytest.raises(ValueError):
        list(check.compiled().iter_errors(document))
    problems = check.problems(document)
    assert "at n: 'x' is not of type 'integer'" in problems  # jsonschema's own wording
    assert any("Additional properties" in p for p in problems)


def test_without_the_compiled_validator_the_python_one_names_the_problems(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(schema_check, "jsonschema_rs", None)
    check = SchemaCheck(SCHEMA)
    assert check.compiled() is None and not check.is_valid({"n": 1})
    assert check.problems({"n": 1}) == []
    assert check.problems({"n": 4}) == ["at n: 4 is greater than the maximum of 3"]


_SCALARS = st.none() | st.booleans() | st.integers(-(2**70), 2**70) | st.text(max_size=3)
_JSON = st.recursive(
    _SCALARS,
    lambda inner: st.lists(inner, max_size=6) | st.dictionaries(st.text(max_size=3), inner),
    max_leaves=40,
)


def _counted(value: object, keys: bool) -> int:
    """Every value inside ``value`` (and every key, with ``keys``), by a plain walk."""
    if isinstance(value, dict):
        inner = sum(_counted(v, keys) for v in value.values())
        return 1 + inner + (len(value) if keys else 0)
    if isinstance(value, list):
        return 1 + sum(_counted(v, keys) for v in value)
    return 1


@settings(max_examples=300, deadline=None)
@given(value=_JSON, keys=st.booleans())
@example(value=[0, 0, 0], keys=False)  # the tersest texts: two characters a value
@example(value={"": 0, "a": [""]}, keys=True)
def test_the_size_check_answers_as_a_count_of_every_value_would(value: object, keys: bool) -> None:
    """The check's shortcut (a text no longer than the limit holds no more values than
    that) and its walk give the count's answer at every limit about the count (where a
    loose shortcut would answer wrong), integers beyond 64 bits included."""
    count = _counted(value, keys)
    for limit in range(max(0, count - 3), count + 4):
        assert schema_check.holds_more_values(value, limit, keys) == (count > limit), limit
