"""The conformance suite: every feature of every game, run through the engine client."""

from pathlib import Path

import pytest

from conformance.steps.common import *  # noqa: F403 - step definitions are fixtures
from conformance.suite.games import GAMES_MODULE, GamesFile


def pytest_pycollect_makemodule(module_path: Path, parent: pytest.Collector) -> pytest.File | None:
    """``test_games.py`` is collected as one module per registered game."""
    if module_path == GAMES_MODULE:
        return GamesFile.from_parent(parent, path=module_path)
    return None
