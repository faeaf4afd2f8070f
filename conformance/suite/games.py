"""One pytest module per registered game, made when ``test_games.py`` is collected.

Each game's module is what a hand-written ``conformance/suite/test_<game>.py`` was: the
game's step definitions (its unit's ``steps`` module) star-imported, then pytest-bdd's
``scenarios`` over the game's features folder (or, for a one-rule run, the files tagging
the rule: :func:`conformance.plugin.feature_paths`). The module's node keeps that file's
path, so node ids stay ``conformance/suite/test_<game>.py::test_<scenario>``, the test's
game is read from its path (:func:`conformance.plugin.item_game`), and the step lookup of
:mod:`conformance.step_lookup` remembers answers per game.

Only the games of ``--rulespec-games`` are made when it is given (a game left out is not
parsed); a game without scenarios is a module skipped with the reason.
"""

from __future__ import annotations

import sys
import types
from collections.abc import Iterable
from pathlib import Path

import pytest

from rulespec import games

SUITE = Path(__file__).resolve().parent
#: the module collected as every registered game's scenario module
GAMES_MODULE = SUITE / "test_games.py"


def module_path(game: str) -> Path:
    """The path of ``game``'s scenario module (virtual: no such file is written)."""
    return SUITE / f"test_{game}.py"


def scenario_module(game: str) -> types.ModuleType:
    """``game``'s scenario module, made now: its steps star-imported, its features bound (a
    game without a ``.feature`` file: a module that skips, saying so)."""
    unit = games.unit(game)
    name = f"conformance.suite.test_{game}"
    module = types.ModuleType(name, f"The {unit.title} conformance scenarios.")
    module.__file__ = str(module_path(game))
    module.__package__ = "conformance.suite"
    lines = ["from pytest_bdd import scenarios"]
    if unit.steps is not None:
        lines.append(f"from {unit.steps} import *")
    folder = unit.features_dir
    if not folder.is_dir() or next(folder.rglob("*.feature"), None) is None:
        reason = f"{game} provides no scenarios (no .feature file in {folder})"
        lines.append(f"import pytest; pytest.skip({reason!r}, allow_module_level=True)")
    else:
        from conformance.plugin import feature_paths

        lines.append(f"scenarios(*{feature_paths(game)!r})")
    sys.modules[name] = module
    # run as the module's own code: pytest-bdd binds the scenarios into the caller's namespace
    exec("\n".join(lines), module.__dict__)
    return module


class GameScenarios(pytest.Module):
    """The scenario module of one game, built in memory rather than imported from a file."""

    game: str

    def _getobj(self) -> types.ModuleType:
        return scenario_module(self.game)


class GamesFile(pytest.File):
    """``test_games.py``: one :class:`GameScenarios` per registered game (those of
    ``--rulespec-games`` when given)."""

    def collect(self) -> Iterable[pytest.Module]:
        wanted = {g for g in (self.config.getoption("--rulespec-games", None) or "").split(",")
                  if g}  # fmt: skip
        for game in games.ids():
            if wanted and game not in wanted:
                continue
            node = GameScenarios.from_parent(self, path=module_path(game))
            node.game = game
            yield node
