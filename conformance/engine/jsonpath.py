"""Dotted paths into canonical JSON (``players.0.coins``) and ``path = value`` blocks."""

from __future__ import annotations

import json
from typing import Any


class PathError(ValueError):
    """A path that does not lead anywhere in the document (names the failing segment)."""


def _step(node: Any, segment: str, path: str) -> Any:
    if isinstance(node, list):
        try:
            return node[int(segment)]
        except (ValueError, IndexError):
            raise PathError(
                f"{path!r}: {segment!r} is not an index of a list of {len(node)}"
            ) from None
    if isinstance(node, dict):
        if segment not in node:
            keys = ", ".join(sorted(map(str, node))[:20])
            raise PathError(f"{path!r}: no key {segment!r} (keys: {keys})")
        return node[segment]
    raise PathError(f"{path!r}: cannot go into {type(node).__name__} at {segment!r}")


def get(document: Any, path: str) -> Any:
    node = document
    for segment in path.split("."):
        node = _step(node, segment, path)
    return node


def set_(document: Any, path: str, value: Any) -> None:
    """Set an existing key or list index; a new key may be added to an object."""
    *parents, last = path.split(".")
    node = document
    for segment in parents:
        node = _step(node, segment, path)
    if isinstance(node, list):
        try:
            node[int(last)] = value
        except (ValueError, IndexError):
            raise PathError(
                f"{path!r}: {last!r} is not an index of a list of {len(node)}"
            ) from None
    elif isinstance(node, dict):
        node[last] = value
    else:
        raise PathError(f"{path!r}: cannot set {last!r} inside {type(node).__name__}")


def parse_value(text: str, where: str) -> Any:
    try:
        return json.loads(text)
    except json.JSONDecodeError as error:
        raise ValueError(f"{where}: {text!r} is not a JSON value ({error.msg})") from None


def parse_assignments(block: str) -> list[tuple[str, Any]]:
    """``path = json`` per line; blank lines and ``#`` comments ignored."""
    assignments = []
    for number, raw in enumerate(block.splitlines(), start=1):
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        path, sep, value = line.partition("=")
        if not sep or not path.strip():
            raise ValueError(f"line {number} of the block: expected 'path = value', got {raw!r}")
        assignments.append((path.strip(), parse_value(value.strip(), f"line {number}")))
    return assignments


def matches(candidate: Any, pattern: Any) -> bool:
    """Partial match: every key of ``pattern`` equal in ``candidate`` (recursively for objects)."""
    if isinstance(pattern, dict):
        return isinstance(candidate, dict) and all(
            key in candidate and matches(candidate[key], value) for key, value in pattern.items()
        )
    return candidate == pattern
