"""Type declarations generated from a game's JSON Schemas, for ``rulespec new-engine``.

:func:`python_types` writes ``TypedDict`` declarations (the functional form, since some keys
are not identifiers: ``"1"``, ``"from"``, ``"return"``), :func:`jsdoc_types` JSDoc
``@typedef`` blocks in TypeScript's type syntax. Both declare the canonical state
(``State`` and one type per nested object), one type per action variant of
``action.schema.json``'s ``oneOf`` (``ChanceAction<Type>`` for chance's, ``Action<Type>``
for the players'; a type with several variants numbers the later ones) and their union
``Action``. Every declared key carries its schema ``description`` as a comment. Types are
written children first, so a declaration never names one not yet made.

Only the keywords the games' schemas use are read (``type``, ``const``, ``enum``,
``oneOf``, ``anyOf``, ``$ref`` into ``$defs``, ``properties``/``required``,
``additionalProperties``, ``items``, ``prefixItems``); anything else becomes ``Any``
(``any``): a type the generator cannot say is left open, never narrowed.
"""

from __future__ import annotations

import json
import re
import textwrap
from dataclasses import dataclass, field
from typing import Any

PYTHON_SCALARS = {"string": "str", "integer": "int", "number": "float", "boolean": "bool",
                  "null": "None"}  # fmt: skip
JS_SCALARS = {"string": "string", "integer": "number", "number": "number",
              "boolean": "boolean", "null": "null"}  # fmt: skip


def camel(text: str) -> str:
    """``draft_hand`` -> ``DraftHand``, ``1`` -> ``T1`` (a name must not start with a digit)."""
    name = "".join(part[:1].upper() + part[1:] for part in re.split(r"[^A-Za-z0-9]+", text))
    return name if name[:1].isalpha() else f"T{name}"


@dataclass
class Declared:
    name: str
    description: str
    #: (key, type text, required, description)
    fields: list[tuple[str, str, bool, str]] | None = None
    alias: str | None = None  # a declaration that is one type expression


@dataclass
class _Writer:
    """Turns schema nodes into type expressions, declaring named types as it goes."""

    python: bool
    defs: dict[str, Any]
    declared: list[Declared] = field(default_factory=list)
    names: set[str] = field(default_factory=set)
    refs: dict[str, str] = field(default_factory=dict)
    #: a ``$defs`` entry's JSON text -> its declared name (the same def in both schemas)
    shapes: dict[str, str] = field(default_factory=dict)

    def literal(self, value: Any) -> str:
        if self.python and not isinstance(value, str):
            return repr(value)  # None, True, 3
        return json.dumps(value)  # a string in double quotes, as ruff format writes it

    def union(self, parts: list[str]) -> str:
        unique = list(dict.fromkeys(parts))
        literals = [p for p in unique if p.startswith("Literal[")]
        if self.python and len(literals) > 1:  # Literal["a"] | Literal["b"] -> Literal["a", "b"]
            inner = ", ".join(p[len("Literal[") : -1] for p in literals)
            unique = [f"Literal[{inner}]"] + [p for p in unique if p not in literals]
        if "Any" in unique or "any" in unique:
            return "Any" if self.python else "any"
        return " | ".join(unique) if unique else ("Any" if self.python else "any")

    def fresh(self, hint: str, parent: str) -> str:
        name = camel(hint)
        if name in self.names:
            name = parent + name
        base, n = name, 2
        while name in self.names:
            name, n = f"{base}{n}", n + 1
        self.names.add(name)
        return name

    def type_of(self, node: Any, hint: str, parent: str = "") -> str:
        anything = "Any" if self.python else "any"
        if not isinstance(node, dict):
            return anything
        if "$ref" in node:
            return self.ref(node["$ref"])
        if "const" in node:
            literal = self.literal(node["const"])
            return f"Literal[{literal}]" if self.python and literal != "None" else literal
        if "enum" in node:
            parts = [self.literal(v) for v in node["enum"]]
            if self.python:
                parts = [p if p == "None" else f"Literal[{p}]" for p in parts]
            return self.union(parts)
        for key in ("oneOf", "anyOf"):
            if key in node:
                return self.union([self.type_of(o, hint, parent) for o in node[key]])
        kind = node.get("type")
        if isinstance(kind, list):
            return self.union([self.type_of({**node, "type": k}, hint, parent) for k in kind])
        if kind == "object" or "properties" in node:
            return self.object(node, hint, parent)
        if kind == "array":
            if "prefixItems" in node:
                parts = [self.type_of(p, hint + "_item", parent) for p in node["prefixItems"]]
                item = self.union(parts)
            elif "items" in node:
                item = self.type_of(node["items"], hint + "_item", parent)
            else:
                item = anything
            return f"list[{item}]" if self.python else f"Array<{item}>"
        scalars = PYTHON_SCALARS if self.python else JS_SCALARS
        return scalars.get(kind, anything) if isinstance(kind, str) else anything

    def ref(self, ref: str) -> str:
        if ref in self.refs:
            return self.refs[ref]
        name = ref.rsplit("/", 1)[-1]
        node = self.defs.get(name)
        if node is None:
            return "Any" if self.python else "any"
        shape = json.dumps(node, sort_keys=True)
        if shape in self.shapes:
            self.refs[ref] = self.shapes[shape]
            return self.shapes[shape]
        if isinstance(node, dict) and ("properties" in node):
            typed = self.object(node, name, "")
        else:
            expression = self.type_of(node, name, "")
            typed = self.fresh(name, "")
            self.declared.append(Declared(typed, node.get("description", ""), alias=expression))
        self.refs[ref] = self.shapes[shape] = typed
        return typed

    def object(self, node: dict[str, Any], hint: str, parent: str) -> str:
        anything = "Any" if self.python else "any"
        properties = node.get("properties")
        extra = node.get("additionalProperties")
        if not properties:
            value = self.type_of(extra, hint + "_value", parent) if isinstance(extra, dict) \
                else anything  # fmt: skip
            return f"dict[str, {value}]" if self.python else f"Record<string, {value}>"
        name = self.fresh(hint, parent)
        required = set(node.get("required", []))
        fields = [
            (key, self.type_of(sub, key, name), key in required,
             sub.get("description", "") if isinstance(sub, dict) else "")
            for key, sub in properties.items()
        ]  # fmt: skip
        self.declared.append(Declared(name, node.get("description", ""), fields))
        return name


def _actions(writer: _Writer, schema: dict[str, Any]) -> list[tuple[str, str, bool, str]]:
    """(type name, action type, chance's?, description) of every variant, declared."""
    variants = []
    for variant in schema.get("oneOf", [schema]):
        properties = variant.get("properties", {})
        chance = properties.get("actor", {}).get("const") == "chance"
        kind = properties.get("type", {})
        action_type = kind.get("const") or "_".join(map(str, kind.get("enum", ["action"])))
        hint = ("chance_action_" if chance else "action_") + str(action_type)
        name = writer.object(variant, hint, "")
        variants.append((name, str(action_type), chance, variant.get("description", "")))
    return variants


def handler_key(action_type: str, chance: bool) -> str:
    """A skeleton's key for an action's handler: ``chance_draw``, ``take_road``."""
    return ("chance_" if chance else "") + action_type


def handler_name(action_type: str, chance: bool) -> str:
    """The function a skeleton calls for an action: ``apply_chance_draw``, ``apply_pass``
    (never a keyword of Python or JavaScript)."""
    return "apply_" + re.sub(r"[^A-Za-z0-9_]", "_", handler_key(action_type, chance))


def declare(state: dict[str, Any], action: dict[str, Any], python: bool) -> tuple[
    list[Declared], list[tuple[str, str, bool, str]]
]:  # fmt: skip
    """The declarations of the state and action schemas, and the action variants."""
    writer = _Writer(python, state.get("$defs", {}))
    writer.object(state, "State", "")
    writer.defs, writer.refs = action.get("$defs", {}), {}
    variants = _actions(writer, action)
    writer.declared.append(Declared("Action", "any action", alias=writer.union(
        [name for name, *_ in variants])))  # fmt: skip
    return writer.declared, variants


def _comment(text: str, prefix: str, width: int = 96) -> list[str]:
    if not text:
        return []
    return [prefix + line for line in textwrap.wrap(text, width - len(prefix))]


def python_types(state: dict[str, Any], action: dict[str, Any], title: str) -> str:
    declared, _ = declare(state, action, python=True)
    lines = [
        f'"""{title}: the canonical state and actions as TypedDicts.',
        "",
        "Generated by `rulespec new-engine` from the game's state.schema.json and",
        "action.schema.json; the schemas are the contract, this file only mirrors them.",
        '"""',
        "",
        "from __future__ import annotations",
        "",
        "from typing import Any, Literal, NotRequired, TypedDict",
        "",
        '__all__ = ["Action", "State"]',
    ]
    for item in declared:
        lines += ["", "", *_comment(item.description, "# ")]
        if item.alias is not None:
            lines.append(f"{item.name} = {item.alias}")
            continue
        lines.append(f"{item.name} = TypedDict(")
        lines.append(f'    "{item.name}",')
        lines.append("    {")
        for key, typed, required, description in item.fields or []:
            lines += _comment(description, "        # ")
            shown = typed if required else f"NotRequired[{typed}]"
            lines.append(f"        {json.dumps(key)}: {shown},")
        lines += ["    },", ")"]
    return "\n".join(lines) + "\n"


def jsdoc_types(state: dict[str, Any], action: dict[str, Any], title: str) -> str:
    declared, _ = declare(state, action, python=False)
    lines = [
        "// @ts-check",
        f"// {title}: the canonical state and actions as JSDoc types.",
        "//",
        "// Generated by `rulespec new-engine` from the game's state.schema.json and",
        "// action.schema.json; the schemas are the contract, this file only mirrors them.",
        "// Use them with /** @typedef {import('./types').State} State */.",
        '"use strict";',
    ]
    for item in declared:
        lines += ["", "/**", *_comment(item.description, " * ")]
        if item.alias is not None:
            lines += [f" * @typedef {{{item.alias}}} {item.name}", " */"]
            continue
        lines.append(f" * @typedef {{object}} {item.name}")
        for key, typed, required, description in item.fields or []:
            shown = key if key.isidentifier() else json.dumps(key)
            shown = shown if required else f"[{shown}]"
            text = f" - {description}" if description else ""
            lines.append(f" * @property {{{typed}}} {shown}{text}".rstrip())
        lines.append(" */")
    lines += ["", "module.exports = {};"]
    return "\n".join(lines) + "\n"
