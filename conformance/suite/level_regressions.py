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

from pathlib import Path
from typing import Any

import pytest
from pytest_bdd import scenarios
from pytest_bdd.utils import CONFIG_STACK

from conformance.plugin import ERRATUM_TAG, READING_TAG, RULE_TAG


def feature_folders(config: pytest.Config) -> list[str]:
    """The ``--rulespec-features`` folders, resolved from where pytest was started."""
    folders = []
    for given in config.getoption("--rulespec-features", None) or []:
        path = Path(given)
        if not path.is_absolute():
            path = config.invocation_params.dir / path
        if not path.exists():
            raise pytest.UsageError(f"--rulespec-features {given}: no such file or folder")
        folders.append(str(path.resolve()))
    return folders


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


if CONFIG_STACK and feature_folders(CONFIG_STACK[-1]):
    _labels = _Labels(CONFIG_STACK[-1])
    CONFIG_STACK[-1].pluginmanager.register(_labels)
    try:
        scenarios(*feature_folders(CONFIG_STACK[-1]))
    finally:
        CONFIG_STACK[-1].pluginmanager.unregister(_labels)
