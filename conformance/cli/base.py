"""The click pieces the ``rulespec`` command modules share.

- :class:`Command`: its help lists the positional arguments, each with its help text (click
  before 8.5 has no help for arguments), and the command list of a group shows the first
  paragraph of its help whole rather than cut at 45 characters;
- :class:`Group`: the same for groups, listed in the order they were added (its ``lazy``
  commands first, imported when asked for); called with no arguments it prints its help on
  standard output and exits 4 (a usage error, as every other bad command line);
- :func:`argument`: a positional argument with a help text; :data:`PATH`: a path option
  or argument given to the command as a :class:`pathlib.Path`;
- the exit statuses (``EXIT_OK`` ... ``EXIT_NOTHING``, :data:`EXIT_HELP`), the consoles
  ``out`` and ``err`` (rich, loaded on first use), :func:`fail` and ``_known_game``, used by
  ``conformance.cli.main`` and ``conformance.cli.check_command``.

Only click is imported here, so ``rulespec check`` and ``rulespec serve`` stay cheap to
start (typer, which this replaces, imported pydantic and built a validator per parameter).
"""

from __future__ import annotations

import importlib
import inspect
import os
from collections.abc import Callable
from pathlib import Path
from typing import Any

import click
from click.exceptions import Exit

EXIT_HELP = (
    "Exit status: 0 judged and all passed (or expected failures); 1 some failed; "
    "2 interrupted; 3 engine or harness error (cannot start, handshake failed, results "
    "unreadable, report not writable); 4 usage error (bad flags or configuration); "
    "5 nothing judged."
)
#: the exit statuses of every command (``conformance.cli.main``'s docstring lists them)
EXIT_OK, EXIT_FAILED, EXIT_INTERRUPTED, EXIT_HARNESS, EXIT_USAGE, EXIT_NOTHING = range(6)

#: a path parameter: ``pathlib.Path``, nothing checked (the command says what is wrong)
PATH = click.Path(path_type=Path)


class Duration(click.ParamType):
    """Seconds, with or without a unit: ``20``, ``20s``, ``2m``, ``1h``
    (:mod:`conformance.durations`, the one spelling of the CLI, the configuration file and
    the pytest plugin)."""

    name = "duration"

    def convert(self, value: Any, param: Any, ctx: Any) -> float:
        from conformance.durations import parse_duration

        try:
            return parse_duration(value)
        except ValueError as error:
            self.fail(str(error), param, ctx)


#: a duration parameter, given to the command in seconds (a float)
DURATION = Duration()


class _Console:
    """A ``rich`` console made on first use (``rulespec serve`` never loads rich)."""

    def __init__(self, **settings: Any) -> None:
        self._settings = settings
        self._console: Any = None

    def __getattr__(self, name: str) -> Any:
        if self._console is None:
            from rich.console import Console

            self._console = Console(highlight=False, soft_wrap=True, **self._settings)
        return getattr(self._console, name)


out: Any = _Console()
err: Any = _Console(stderr=True)


def fail(message: str, code: int = EXIT_USAGE) -> None:
    """``error: MESSAGE`` on stderr, then exit ``code``. The message is plain text, shown
    as it is (no rich markup: ``[/usr/share/x]`` from an engine is text) with every control
    character made a visible escape (:func:`visible`)."""
    err.print("[bold red]error:[/] ", end="")
    err.print(visible(message), markup=False)
    raise Exit(code)


def player_count(game: str, players: int | None, least: int, most: int) -> int:
    """``players`` as given; unset, the game's only player count (Villagers: 1), or a
    usage error naming the counts to choose from (exit 4)."""
    if players is not None:
        return players
    if least != most:
        fail(f"{game} is for {least}-{most} players: give --players N (-p N)")
    return least


def unwritable(path: Path, makes_folders: bool = False) -> str | None:
    """Why a file cannot be written at ``path`` (its folder missing or read-only, a folder
    in its place), or None; nothing is created. ``makes_folders``: the writer creates the
    missing folders, so the nearest existing one must be a writable folder."""
    path = Path(path).expanduser()
    folder = path.parent
    if path.is_dir():
        return "is a folder, not a file"
    if makes_folders:
        while not folder.exists() and folder != folder.parent:
            folder = folder.parent
    if not folder.is_dir():
        if folder.exists():
            return f"{folder} is a file, not a folder"
        return f"the folder {folder} does not exist"
    if not os.access(folder, os.W_OK) or (path.exists() and not os.access(path, os.W_OK)):
        return "cannot be written here (permission denied)"
    return None


def unusable_folder(path: Path) -> str | None:
    """Why files cannot be written into the folder ``path`` (made with its parents when
    missing): a file in its place or on its way, or no permission; None when they can.
    Nothing is created."""
    path = Path(path).expanduser()
    if path.exists():
        if not path.is_dir():
            return "is a file, not a folder"
        return None if os.access(path, os.W_OK) else "cannot be written (permission denied)"
    return unwritable(path / "file", makes_folders=True)


def require_empty_folder(directory: Path, command: str) -> None:
    """A skeleton command writes into a new or empty folder only: a usage error otherwise."""
    if directory.exists() and (not directory.is_dir() or any(directory.iterdir())):
        what = "is not a folder" if not directory.is_dir() else "is not empty"
        fail(f"{directory} {what}: {command} writes into a new or empty folder only")


def write_skeleton(
    directory: Path, written: dict[str, str], heading: str, next_step: str,
    executable: str | None = None,
) -> None:  # fmt: skip
    """Write a skeleton's files (relative path -> text) into ``directory``, then list them
    under ``heading`` and say the ``next_step``; a file that cannot be written is a usage
    error naming the folder. ``executable``: the one file made executable."""
    try:
        for relative, text in written.items():
            path = directory / relative
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(text, encoding="utf-8")
        if executable is not None:
            (directory / executable).chmod(0o755)
    except OSError as error:
        fail(f"cannot write the skeleton into {directory}: {error.strerror}")
    out.print(f"{heading} written to {directory}:", markup=False)
    for relative in sorted(written):
        out.print(f"  {relative}", markup=False)
    out.print(f"next: {next_step}", markup=False)


def visible(text: object) -> str:
    """``text`` safe for a terminal: escape sequences (ESC, CSI, OSC), bells and other
    control characters shown as ``\x1b``-style escapes, never obeyed; newlines and tabs
    kept. For anything an engine said before it reaches the terminal."""
    from conformance.reports.text import printable

    return printable(text)


def _known_game(game: str, known: list[str], what: str) -> str:
    if game not in known:
        fail(f"unknown game {game!r} for {what} (known: {', '.join(known) or 'none'})")
    return game


class Argument(click.Argument):
    """A positional argument with a help text (shown under "Arguments" by :class:`Command`)."""

    def __init__(self, param_decls: list[str], help: str = "", **attrs: Any) -> None:
        super().__init__(param_decls, **attrs)
        self.help_text = help


def argument(name: str, help: str, **attrs: Any) -> Callable[[Any], Any]:
    """``click.argument`` with a help text: ``@argument("game", "game id")``."""
    return click.argument(name, cls=Argument, help=help, **attrs)


class _WholeShortHelp:
    """The command list of a group shows a command's first paragraph whole."""

    help: str | None
    short_help: str | None

    def get_short_help_str(self, limit: int = 45) -> str:
        if self.short_help or not self.help:
            return super().get_short_help_str(limit)  # type: ignore[misc]
        paragraph = inspect.cleandoc(self.help).partition("\n\n")[0]
        return " ".join(paragraph.split())


class Command(_WholeShortHelp, click.Command):
    """A command whose help lists its arguments (with their help) before its options."""

    def format_options(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        rows = [
            (param.get_usage_pieces(ctx)[0],
             param.help_text + (" [required]" if param.required else ""))
            for param in self.get_params(ctx)
            if isinstance(param, Argument)
        ]  # fmt: skip
        if rows:
            with formatter.section("Arguments"):
                formatter.write_dl(rows)
        super().format_options(ctx, formatter)


class Group(_WholeShortHelp, click.Group):
    """A command group: its commands are :class:`Command`, its subgroups :class:`Group`.

    ``lazy`` (name -> ``"module:attribute"``) names commands whose module is imported only
    when the command is asked for (run, completed, or listed in the help): listed first, in
    their order, then the others in the order they were added."""

    command_class = Command
    group_class = type  # a subgroup is of the class of its parent

    def __init__(self, *args: Any, lazy: dict[str, str] | None = None, **attrs: Any) -> None:
        super().__init__(*args, **attrs)
        self.lazy = dict(lazy or {})

    def list_commands(self, ctx: click.Context) -> list[str]:
        """In the order they were added (``check`` first), not alphabetical."""
        return [*self.lazy, *(name for name in self.commands if name not in self.lazy)]

    def get_command(self, ctx: click.Context, name: str) -> click.Command | None:
        if name in self.lazy and name not in self.commands:
            self.load(name)
        return super().get_command(ctx, name)

    def load(self, name: str) -> None:
        """Import the lazy command ``name`` and add it."""
        module, _, attribute = self.lazy[name].partition(":")
        self.add_command(getattr(importlib.import_module(module), attribute), name)

    def parse_args(self, ctx: click.Context, args: list[str]) -> list[str]:
        """No arguments at all: the help on standard output, exit 4 (a usage error)."""
        if not args and self.no_args_is_help and not ctx.resilient_parsing:
            click.echo(ctx.get_help(), color=ctx.color)
            ctx.exit(EXIT_USAGE)
        return super().parse_args(ctx, args)
