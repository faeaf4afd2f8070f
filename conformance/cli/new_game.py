"""``rulespec new-game NAME DIR``: an installable game package skeleton.

The folder gets a package ``rulespec_<name>`` registering its :class:`rulespec.games.GameUnit`
in the entry-point group ``rulespec.games`` (``pyproject.toml``), a tiny rulebook text, a
one-rule catalogue citing it, state and action schemas, a feature with one scenario, a
minimal reference engine (a subpackage, so that loading the unit never imports it),
invariants and a renderer stub. The skeleton is a whole small game (take one or two stones;
whoever takes the last stone wins): ``pip install DIR`` then ``rulespec check --game NAME``
passes at once, in-process and served, and ``--level all``, ``rules``, ``coverage`` and
``show`` handle it; its README lists the parts in the order to replace them (the guide:
``docs/adding-a-game.md``).

The templates are package data (``conformance/templates/new_game/``). A folder that exists
and is not empty, a name that is not a game id or a game already registered is a usage error
(exit 4); nothing is written then.
"""

from __future__ import annotations

import re
from importlib.resources import files
from pathlib import Path

import click

from conformance.cli.base import (
    PATH,
    Command,
    argument,
    fail,
    require_empty_folder,
    write_skeleton,
)

GAME_ID = re.compile(r"^[a-z][a-z0-9_]*$")
#: template -> the path written, relative to the folder (``{package}``, ``{name}`` filled in)
FILES = {
    "pyproject.toml": "pyproject.toml",
    "README.md": "README.md",
    "package/__init__.py": "src/{package}/__init__.py",
    "package/engine.py": "src/{package}/engine/__init__.py",
    "package/invariants.py": "src/{package}/invariants.py",
    "package/render.py": "src/{package}/render.py",
    "package/rules.yaml": "src/{package}/spec/rules.yaml",
    "package/state.schema.json": "src/{package}/spec/state.schema.json",
    "package/action.schema.json": "src/{package}/spec/action.schema.json",
    "package/rulebook.en.txt": "src/{package}/rulebooks/rulebook.en.txt",
    "package/game.feature": "src/{package}/features/{name}.feature",
}


def prefix_of(name: str) -> str:
    """The catalogue's rule-id prefix: the name's first letters in capitals, 2 to 4 of them
    (``pig`` -> ``PIG``, ``last_stone`` -> ``LAST``, ``x`` -> ``XX``)."""
    letters = re.sub(r"[^A-Z]", "", name.upper())[:4] or "GAME"
    return letters if len(letters) >= 2 else letters * 2


def render(name: str) -> dict[str, str]:
    """The skeleton's files: relative path -> text."""
    package = f"rulespec_{name}"
    values = {
        "NAME": name,
        "TITLE": name.replace("_", " ").title(),
        "PACKAGE": package,
        "DIST": f"rulespec-{name.replace('_', '-')}",
        "PREFIX": prefix_of(name),
    }
    folder = files("conformance") / "templates" / "new_game"
    written = {}
    for template, target in FILES.items():
        text = (folder / f"{template}.tmpl").read_text(encoding="utf-8")
        for key, value in values.items():
            text = text.replace("{{" + key + "}}", value)
        written[target.format(package=package, name=name)] = text
    return written


@click.command("new-game", cls=Command)
@argument("name", "the game id (lower case: letters, digits, _)")
@argument("directory", "the folder to create (absent or empty)", type=PATH)
def new_game(name: str, directory: Path) -> None:
    """Write an installable game package skeleton for NAME into DIRECTORY.

    `pip install DIRECTORY` registers the game; `rulespec check --game NAME` then passes.
    Its README.md lists the parts to replace, in order, with the command that checks each.
    """
    from rulespec import games

    if not GAME_ID.match(name):
        fail(f"{name!r} is not a game id: lower-case letters, digits and _, a letter first")
    if games.is_registered(name):
        fail(f"a game {name!r} is registered already (rulespec coverage --game {name})")
    require_empty_folder(directory, "new-game")
    write_skeleton(directory, render(name), f"{name} game package",
                   f"pip install -e {directory} && rulespec check --game {name}")  # fmt: skip


def register(app: click.Group) -> None:
    app.add_command(new_game)
