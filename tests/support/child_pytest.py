"""Run pytest in a child process from the repository root (harness self-tests).

The children run with plugin autoload off and load only what the harness needs
(:data:`LEAN_PLUGINS`; ``conformance.plugin`` comes from the project's ``addopts``), as
``rulespec check`` runs its own: autoload brings in every installed plugin and, for each,
pytest's assertion rewriting of its whole distribution (rulespec's 180 modules among them),
about a second of CPU per child. The tests that are about what a user's own ``pytest``
loads (tests/install/) start theirs with autoload on.
"""

from __future__ import annotations

import os
import subprocess
import sys

from tests.support.checkout import CHECKOUT as ROOT

LEAN_PLUGINS = ("-p", "pytest_bdd.plugin", "-p", "_hypothesis_pytestplugin")


def lean_environment(**extra: str) -> dict[str, str]:
    """This process's environment with pytest's plugin autoload off (and ``extra``)."""
    return {**os.environ, "PYTEST_DISABLE_PLUGIN_AUTOLOAD": "1", **extra}


def lean_command(*args: str) -> list[str]:
    """``python -m pytest -q`` without the cache plugin, with :data:`LEAN_PLUGINS`, ARGS."""
    return [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", *LEAN_PLUGINS, *args]


def pytest_run(*args: str, timeout: float = 600) -> subprocess.CompletedProcess[str]:
    """``python -m pytest -q ARGS`` (lean, see above); output captured as text."""
    return subprocess.run(
        lean_command(*args), cwd=ROOT, capture_output=True, text=True, timeout=timeout,
        env=lean_environment(),
    )  # fmt: skip
