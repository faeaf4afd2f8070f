"""The engine protocol v1: message schemas and their validation.

Lifecycle of a session (``spec/protocol/README.md`` has the full text):

1. the driver starts the engine and sends ``handshake``; the engine names its protocol
   version, its games and its capabilities;
2. ``new_game`` or ``load_state`` starts a game; ``state``, ``legal_actions``, ``apply`` and
   ``outcome`` query and advance it; a new ``new_game``/``load_state`` replaces it;
3. ``stop`` ends the session; the engine replies and exits.

Every request carries an ``id`` that the reply echoes. A reply is either
``{"id", "ok": true, "result": {...}}`` or ``{"id", "ok": false, "error": {"kind", ...}}``.
"""

from __future__ import annotations

import json
from functools import cache
from typing import Any

from jsonschema import Draft202012Validator

from rulespec.resources import PROTOCOL_DIR

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
CAPABILITIES = ("load_state", "legal_actions", "chance", "views", "fired", "outcome")


@cache
def validator(name: str) -> Draft202012Validator:
    """Validator for ``spec/protocol/<name>.schema.json`` (e.g. ``apply.reply``)."""
    path = PROTOCOL_DIR / f"{name}.schema.json"
    schema = json.loads(path.read_text(encoding="utf-8"))
    Draft202012Validator.check_schema(schema)
    return Draft202012Validator(schema)


def schema_problems(name: str, message: Any) -> list[str]:
    """Every violation of the named schema, as ``at <path>: <what>`` lines."""
    problems = []
    for error in sorted(validator(name).iter_errors(message), key=lambda e: list(e.path)):
        where = "/".join(str(part) for part in error.absolute_path) or "(top)"
        problems.append(f"at {where}: {error.message}")
    return problems


def reply_problems(command: str, reply: Any) -> list[str]:
    """Problems with an engine's reply to ``command`` (success or error form)."""
    if isinstance(reply, dict) and reply.get("ok") is False:
        return schema_problems("error.reply", reply)
    return schema_problems(f"{command}.reply", reply)
