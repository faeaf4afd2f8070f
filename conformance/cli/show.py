"""``rulespec show GAME STATE.json -o out.svg``: draw any canonical state as SVG.

The file holds a canonical state (an engine's ``state`` reply, a saved trace step, a
regression scenario's position), or an object with the state under ``"state"``; ``-``
reads standard input. ``--differs PATH`` highlights fields, ``--action JSON`` shows (and
where the game can, marks) the action just applied.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

import click

from conformance.cli.analysis import fail, known_game, out
from conformance.cli.base import PATH, Command, argument
from conformance.specification import catalogue


def _read_state(source: str) -> Any:
    try:
        text = sys.stdin.read() if source == "-" else Path(source).read_text(encoding="utf-8")
    except OSError as error:
        fail(f"cannot read {source}: {error.strerror}")
    except UnicodeDecodeError as error:
        fail(f"{source}: not UTF-8 text ({error.reason} at byte {error.start})")
    try:
        document = json.loads(text)
    except json.JSONDecodeError as error:
        fail(f"{source}: not JSON (line {error.lineno}, column {error.colno}: {error.msg})")
    if isinstance(document, dict) and isinstance(document.get("state"), dict):
        document = document["state"]
    if not isinstance(document, dict):
        fail(f"{source}: expected a canonical state (a JSON object), got {type(document).__name__}")
    return document


@click.command("show", cls=Command)
@argument("game", "game id")
@argument("state_file", "canonical state as JSON ('-': stdin)")
@click.option("-o", "--out", "output", type=PATH, help="SVG file (default: stdout)")
@click.option("--differs", multiple=True, help="a state path to highlight (repeatable)")
@click.option("--action", help="the action just applied (JSON)")
@click.option("--anyway", is_flag=True,
              help="draw a state that breaks its state schema (an engine's, say)")  # fmt: skip
def show(
    game: str, state_file: str, output: Path | None, differs: tuple[str, ...],
    action: str | None, anyway: bool,
) -> None:  # fmt: skip
    """Draw a canonical state of GAME as a self-contained SVG picture."""
    from conformance.engine import jsonpath
    from conformance.render import render
    from rulespec.protocol import state_problems

    known_game(game, catalogue.games_with_catalogue())
    state = _read_state(state_file)
    if state.get("game") != game:
        fail(f"{state_file}: the state is of game {state.get('game')!r}, not {game!r}")
    problems = [] if anyway else state_problems(game, state)
    if problems:
        listed = "\n  ".join(problems[:8]) + ("\n  ..." if len(problems) > 8 else "")
        fail(f"{state_file}: not a {game} state (spec/{game}/state.schema.json; --anyway "
             f"draws it as it is):\n  {listed}")  # fmt: skip
    for path in differs:
        try:
            jsonpath.get(state, path)
        except jsonpath.PathError as error:
            fail(f"--differs {path}: not in the state ({error})")
    shown_action = None
    if action is not None:
        try:
            shown_action = json.loads(action)
        except json.JSONDecodeError as error:
            fail(f"--action: not JSON ({error.msg} at column {error.colno})")
        if not isinstance(shown_action, dict):
            fail("--action: expected a JSON object")
    svg = render(state, differs=list(differs), action=shown_action)
    if output is None:
        sys.stdout.write(svg)
        return
    try:
        output.write_text(svg, encoding="utf-8")
    except OSError as error:
        fail(f"cannot write {output}: {error.strerror}")
    out.print(f"{game} position drawn to {output}", markup=False)


def register(app: click.Group) -> None:
    app.add_command(show)
