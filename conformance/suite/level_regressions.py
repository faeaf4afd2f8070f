"""Extra scenario folders, run like the built-in scenarios: ``--rulespec-features DIR``.

The differential level writes each divergence as a Gherkin scenario into an output folder
(``--rulespec-emit-dir``, default ``./rulespec-regressions/<game>/``), never into the
source tree; this module binds every ``.feature`` file under each folder given with
``--rulespec-features`` (repeatable) to the shared steps, so such a folder runs against
any engine (``--engine CMD``) with the same plugin options as the scenario level. With
no folder given it binds nothing.

The folders come from the run's configuration at import time, as pytest-bdd itself reads
its settings then (its configuration stack).
"""

from __future__ import annotations

from pathlib import Path

import pytest
from pytest_bdd import scenarios
from pytest_bdd.utils import CONFIG_STACK


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


if CONFIG_STACK and feature_folders(CONFIG_STACK[-1]):
    scenarios(*feature_folders(CONFIG_STACK[-1]))
