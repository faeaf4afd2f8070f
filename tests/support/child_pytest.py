"""Run pytest in a child process from the repository root (harness self-tests)."""

from __future__ import annotations

import subprocess
import sys

from rulespec.resources import ROOT


def pytest_run(*args: str, timeout: float = 600) -> subprocess.CompletedProcess[str]:
    """``python -m pytest -q ARGS`` without the cache plugin; output captured as text."""
    return subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", *args],
        cwd=ROOT, capture_output=True, text=True, timeout=timeout,
    )  # fmt: skip
