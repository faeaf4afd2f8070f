"""Shapes of Gnomeville actions (``spec/gnomeville/action.schema.json``) for MalformedInput."""

from __future__ import annotations

from typing import Any

from reference_impl.core import MalformedInput
from reference_impl.gnomeville.data import KINDS

Action = dict[str, Any]


def _is_space(v: Any) -> bool:
    return isinstance(v, list) and len(v) == 2 and all(type(x) is int and x >= 0 for x in v)


_FIELDS: dict[str, dict[str, Any]] = {
    "draw": {},
    "pass": {},
    "second_chance": {},
    "stop": {},
    "decline": {},
    "use": {},
    "done": {},
    "place": {"space?": _is_space},
    "upgrade": {"space": _is_space, "kind": lambda v: v is None or v in KINDS},
    "step": {"gnome": lambda v: type(v) is int, "dir": lambda v: v in ("N", "E", "S", "W")},
    "buy": {"kind": lambda v: v in KINDS},
    "deploy": {"space": _is_space},
    "destroy": {"space": _is_space},
    "place_gnome": {"space": _is_space},
    "keep": {"card": lambda v: isinstance(v, str)},
    "spawn": {"what": lambda v: v in ("boulder", "troll"), "space": _is_space},
    "delivery": {
        "icon": lambda v: isinstance(v, str),
        "take": lambda v: type(v) is bool,
        "space?": _is_space,
    },
}


def check_shape(action: Action) -> None:
    """MalformedInput for an action that is not of any action shape (action.schema.json)."""
    fields = _FIELDS.get(action["type"])
    if fields is None:
        raise MalformedInput(f"unknown action type {action['type']!r} in {action!r}")
    allowed = {"actor", "type"} | {k.rstrip("?") for k in fields}
    extra = set(action) - allowed
    if extra:
        raise MalformedInput(f"unexpected fields {sorted(extra)} in {action!r}")
    for key, check in fields.items():
        name = key.rstrip("?")
        if name not in action:
            if key.endswith("?"):
                continue
            raise MalformedInput(f"action {action['type']!r} needs {name!r}: {action!r}")
        if not check(action[name]):
            raise MalformedInput(f"bad {name!r} {action[name]!r} in {action!r}")
