"""Extra scenario folders, run like the built-in scenarios: ``--rulespec-features DIR``.

The differential level writes each divergence as a Gherkin scenario into an output folder
(``--rulespec-emit-dir``, default ``./rulespec-regressions/<game>/``), never into the
source tree, and ``rulespec campaign`` into ``OUT/regressions/<game>/``; this module binds
every ``.feature`` file under each folder given with ``--rulespec-features`` (repeatable)
to the shared steps, so such a folder, or a copy edited by hand, runs against any engine
(``--engine CMD``) with the same plugin options as the scenario level. Each scenario is
judged under the game it plays (:func:`conformance.plugin.regression_game`: its steps,
else its file name) and its rule-id tags; a tag that is neither a rule id nor a marker the
plugin knows (a campaign's ``@UNKNOWN``, a hand-written ``@wip``) is a plain label, where
under ``--strict-markers`` it would stop the collection. With no folder given it binds
nothing; the plugin collects this module whenever a folder is given.

The folders come from the run's configuration at import time, as pytest-bdd itself reads
its settings then (its configuration stack).
"""

from __future__ import annotations

from typing import Any

import pytest
from pytest_bdd import scenarios
from pytest_bdd.utils import CONFIG_STACK

from conformance.plugin import ERRATUM_TAG, READING_TAG, RULE_TAG
from conformance.plugin import feature_folders as checked_folders


def feature_folders(config: pytest.Config) -> list[str]:
    """The ``--rulespec-features`` folders, resolved from where pytest was started
    (:func:`conformance.plugin.feature_folders`)."""
    return [str(path) for path in checked_folders(config)]


class _Labels:
    """While the folders are bound: a tag that is neither a rule id, a reading, an erratum
    nor a registered marker labels nothing (it is in the file for its reader)."""

    def __init__(self, config: pytest.Config) -> None:
        self.markers = {line.split(":")[0].split("(")[0].strip()
                        for line in config.getini("markers")}  # fmt: skip

    @pytest.hookimpl(tryfirst=True)
    def pytest_bdd_apply_tag(self, tag: str, function: Any) -> bool | None:
        known = RULE_TAG.match(tag) or READING_TAG.match(tag) or ERRATUM_TAG.match(tag)
        return None if known or tag in self.markers else True


def played_games(folders: list[str]) -> list[str]:
    """The games the folders' scenarios play (:func:`conformance.plugin.regression_game`),
    in the order first met."""
    from pytest_bdd.feature import get_features

    from conformance.plugin import regression_game

    found: dict[str, None] = {}
    for feature in get_features(folders):
        for scenario in feature.scenarios.values():
            game = regression_game(scenario)
            if game is not None:
                found.setdefault(game, None)
    return list(found)


def _import_steps(games: list[str], namespace: dict[str, Any]) -> None:
    """The step definitions of each game's unit, star-imported into ``namespace`` (what the
    game's own scenario module does): a copy of a bundled feature file, which uses its game's
    steps (a Gnomeville town drawn as a grid), runs from a folder too."""
    from rulespec import games as registered

    for game in games:
        steps = registered.unit(game).steps
        if steps is not None:
            exec(f"from {steps} import *", namespace)


if CONFIG_STACK and feature_folders(CONFIG_STACK[-1]):
    _labels = _Labels(CONFIG_STACK[-1])
    CONFIG_STACK[-1].pluginmanager.register(_labels)
    try:
        _folders = feature_folders(CONFIG_STACK[-1])
        _import_steps(played_games(_folders), globals())
        scenarios(*_folders)
    finally:
        CONFIG_STACK[-1].pluginmanager.unregister(_labels)
