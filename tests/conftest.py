"""The order of a parallel run (``pytest -n auto --dist worksteal``): each worker's share
starts with modules that hold slow tests and ends with short tests.

pytest-xdist's work stealing hands each of N workers one contiguous Nth of the collection and
lets an idle worker take the back half of a busy one's queue. In collection order the
mutation tests came last, and one worker went on with them alone for the run's last 13 s.
Here the modules holding slow tests are dealt out over the N shares (the most slow tests
first, each to the share with the fewest so far; a module is never split, so its
module-scoped fixtures are still set up once), and each share is then filled up with the
other tests in their order. What is stolen, and what is left at the end, is then short
tests. Every worker sorts the same way, so their collections stay equal, as xdist requires.
A run without xdist keeps pytest's order.
"""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    workerinput = getattr(config, "workerinput", None)
    if workerinput is None:  # not an xdist worker
        return
    shares = int(workerinput["workercount"])
    slow = Counter(item.path for item in items if item.get_closest_marker("slow"))
    modules: dict[Path, list[pytest.Item]] = {}
    for item in items:
        modules.setdefault(item.path, []).append(item)
    heavy: list[list[pytest.Item]] = [[] for _ in range(shares)]
    dealt = [0] * shares  # slow tests dealt to each share
    for path in sorted(slow, key=lambda p: (-slow[p], str(p))):
        share = dealt.index(min(dealt))
        heavy[share] += modules[path]
        dealt[share] += slow[path]
    light = [item for item in items if item.path not in slow]
    ordered: list[pytest.Item] = []
    for index, share_items in enumerate(heavy):
        last = index == shares - 1
        size = len(items) * (index + 1) // shares - len(ordered)  # xdist's first split
        take = len(light) if last else max(size - len(share_items), 0)
        ordered += share_items + light[:take]
        light = light[take:]
    assert len(ordered) == len(items)
    items[:] = ordered
