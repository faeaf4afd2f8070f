"""A mutation cache shared by this session's tests (and its xdist workers): a game's baseline
(every scenario once, with coverage and cold caches: 7-12 CPU-seconds) is taken once per
session instead of once per test. Each test still judges its own mutants, which no other
test runs."""

from __future__ import annotations

import os
from pathlib import Path

import pytest


@pytest.fixture(scope="session")
def shared_cache(tmp_path_factory: pytest.TempPathFactory) -> Path:
    base = tmp_path_factory.getbasetemp()
    if os.environ.get("PYTEST_XDIST_WORKER"):  # the workers' folders share one parent
        base = base.parent
    return base / "rulespec-mutation-cache"
