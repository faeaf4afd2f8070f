"""``rulespec new-engine GAME --lang python|node DIR``: a runnable engine skeleton.

The folder gets the protocol loop and request dispatch, the game's canonical state and
actions as types generated from ``spec/<game>/state.schema.json`` and
``action.schema.json`` (:mod:`conformance.cli.schema_types`), a stub per request and per
action type that refuses as ``unsupported`` saying it is not implemented yet, a
``rulespec.toml`` naming the engine and the game (so ``rulespec check`` there needs no
flag) and a README of next steps. The skeleton passes the handshake, and ``rulespec check
--level protocol`` then fails in one line naming ``new_game``.

The templates are package data (``conformance/templates/new_engine/``); the schemas, the
player counts and the default options come from the installed specification and reference
registry, so it works from a wheel. A folder that exists and is not empty, an unknown game
or an unknown language is a usage error (exit 4); nothing is written then.
"""

from __future__ import annotations

import json
import textwrap
from dataclasses import dataclass
from importlib.resources import files
from pathlib import Path
from typing import Any

import click

from conformance.cli.base import (
    PATH,
    Command,
    argument,
    fail,
    require_empty_folder,
    write_skeleton,
)
from conformance.cli.schema_types import (
    declare,
    handler_key,
    handler_name,
    jsdoc_types,
    python_types,
)


@dataclass(frozen=True)
class Language:
    name: str
    language: str
    engine: str
    game: str
    types: str
    errors: str
    run: str
    extra: tuple[str, ...] = ()


LANGUAGES = {
    "python": Language("python", "Python", "engine.py", "game.py", "game_types.py",
                       "errors.py", "python3 engine.py"),
    "node": Language("node", "Node.js", "engine.js", "game.js", "types.js", "errors.js",
                     "node engine.js", ("package.json",)),
}  # fmt: skip


def games() -> list[str]:
    """The games with a state and an action schema in the installed spec and a reference
    engine (whose player counts and default options the skeleton declares)."""
    from reference_impl import registry
    from rulespec.games import spec_file

    wanted = ("state.schema.json", "action.schema.json")
    return [game for game in registry.available_games()
            if all(spec_file(game, name) is not None for name in wanted)]  # fmt: skip


def _schemas(game: str) -> tuple[dict[str, Any], dict[str, Any]]:
    from rulespec.games import spec_dir

    return tuple(  # type: ignore[return-value]
        json.loads((spec_dir(game) / f"{name}.schema.json").read_text(encoding="utf-8"))
        for name in ("state", "action")
    )


def _declared(game: str) -> tuple[str, int, int, dict[str, Any]]:
    """Title, player counts and default options, as the reference declares them."""
    from reference_impl import registry

    definition = registry.get_game(game)
    return (definition.title, definition.min_players, definition.max_players,
            dict(definition.default_options))  # fmt: skip


def _template(language: str, name: str) -> str:
    folder = files("conformance") / "templates" / "new_engine"
    where = folder / language / f"{name}.tmpl"
    if not where.is_file():
        where = folder / f"{name}.tmpl"
    return where.read_text(encoding="utf-8")


def _by_handler(variants: list[tuple[str, str, bool, str]]) -> dict[tuple[str, str], Any]:
    """(dispatch key, function name) -> [(type name, description)] of its variants."""
    found: dict[tuple[str, str], list[tuple[str, str]]] = {}
    for type_name, action_type, chance, description in variants:
        key = (handler_key(action_type, chance), handler_name(action_type, chance))
        found.setdefault(key, []).append((type_name, description))
    return found


def _python_handlers(variants: list[tuple[str, str, bool, str]]) -> str:
    found = _by_handler(variants)
    blocks = []
    for (key, function), shapes in found.items():
        typed = " | ".join(name for name, _ in shapes)
        said = "; ".join(d for _, d in shapes if d) or key
        doc = textwrap.wrap(said, 92) or [key]
        docstring = (f'    """{doc[0]}"""' if len(doc) == 1 else
                     '    """' + "\n    ".join(doc) + '\n    """')  # fmt: skip
        arguments = f'"apply {key}", "write {function}() in game.py"'
        signature = f"def {function}(state: State, action: {typed}) -> list[str]:"
        if len(signature) > 100:
            signature = f"def {function}(\n    state: State, action: {typed}\n) -> list[str]:"
        raised = f"    raise NotImplementedYet({arguments})"
        if len(raised) > 100:
            raised = f"    raise NotImplementedYet(\n        {arguments}\n    )"
        blocks.append(f"\n\n{signature}\n{docstring}\n{raised}\n")
    table = "".join(f'    "{key}": {function},\n' for key, function in found)
    return "".join(blocks) + f"\n\nHANDLERS = {{\n{table}}}"


def _node_handlers(variants: list[tuple[str, str, bool, str]]) -> str:
    found = _by_handler(variants)
    blocks = []
    for (key, function), shapes in found.items():
        typed = " | ".join(f"import('./types').{name}" for name, _ in shapes)
        said = "; ".join(d for _, d in shapes if d) or key
        blocks.append(
            f"\n/**\n * {said}\n * @param {{State}} state\n * @param {{{typed}}} action\n"
            f" * @returns {{string[]}}\n */\nfunction {function}(state, action) {{\n"
            f'  throw new NotImplementedYet("apply {key}", "write {function}() in game.js");\n}}\n'
        )
    table = "".join(f"  {json.dumps(key)}: {function},\n" for key, function in found)
    return "".join(blocks) + f"\nconst HANDLERS = {{\n{table}}};\n"


def _python_value(value: Any) -> str:
    """A JSON value as Python source, strings in double quotes (as ruff format writes)."""
    if isinstance(value, dict):
        inner = ", ".join(f"{json.dumps(k)}: {_python_value(v)}" for k, v in value.items())
        return "{" + inner + "}"
    if isinstance(value, list):
        return "[" + ", ".join(_python_value(v) for v in value) + "]"
    return json.dumps(value) if isinstance(value, str) else repr(value)


def _python_literal(options: dict[str, Any]) -> str:
    """The options as a Python dict literal, one per line."""
    if not options:
        return "{}"
    lines = [f"    {json.dumps(name)}: {_python_value(value)}," for name, value in options.items()]
    return "{\n" + "\n".join(lines) + "\n}"


def render(game: str, lang: str) -> dict[str, str]:
    """The skeleton's files: relative path -> text."""
    language = LANGUAGES[lang]
    state, action = _schemas(game)
    title, low, high, options = _declared(game)
    python = lang == "python"
    _, variants = declare(state, action, python=python)
    named = sorted({"Action", "State", *(name for name, *_ in variants)})
    values = {
        "GAME": game,
        "TITLE": title,
        "ENGINE_NAME": f"{game.replace('_', '-')}-engine",
        "MIN_PLAYERS": str(low),
        "MAX_PLAYERS": str(high),
        "DEFAULT_OPTIONS": _python_literal(options) if python else json.dumps(options, indent=2),
        "HANDLERS": _python_handlers(variants) if python else _node_handlers(variants),
        "TYPE_IMPORTS": "(\n" + "".join(f"    {name},\n" for name in named) + ")",
        "LANG": lang,
        "LANGUAGE": language.language,
        "ENGINE_FILE": language.engine,
        "GAME_FILE": language.game,
        "TYPES_FILE": language.types,
        "ERRORS_FILE": language.errors,
        "RUN": language.run,
    }  # fmt: skip
    written = {}
    for name in (language.engine, language.game, language.errors, *language.extra,
                 "README.md", "rulespec.toml"):  # fmt: skip
        text = _template(lang, name)
        for key, value in values.items():
            text = text.replace("{{" + key + "}}", value)
        written[name] = text
    types = python_types if python else jsdoc_types
    written[language.types] = types(state, action, title)
    return written


@click.command("new-engine", cls=Command)
@argument("game", "game id")
@argument("directory", "the folder to create (absent or empty)", type=PATH)
@click.option("--lang", "lang", required=True, help="python or node")
def new_engine(game: str, directory: Path, lang: str) -> None:
    """Write a runnable engine skeleton for GAME into DIRECTORY; rulespec check runs there.

    The skeleton speaks the protocol and passes the handshake; `rulespec check --level
    protocol` in the folder then names the first request to write (new_game), and its
    README.md lists the next steps.
    """
    known = games()
    if game not in known:
        fail(f"unknown game {game!r} for new-engine (known: {', '.join(known)})")
    if lang not in LANGUAGES:
        fail(f"--lang {lang!r}: unknown language (known: {', '.join(LANGUAGES)})")
    require_empty_folder(directory, "new-engine")
    write_skeleton(directory, render(game, lang), f"{game} engine skeleton ({lang})",
                   f"cd {directory} && rulespec check --level protocol",
                   executable=LANGUAGES[lang].engine)  # fmt: skip


def register(app: click.Group) -> None:
    app.add_command(new_engine)
