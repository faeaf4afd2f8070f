"""A ``functools`` cache's build traced once in the baseline credits every scenario that needs
it with the lines it would run with every cache built cold
(:mod:`conformance.mutation.cache_replay`)."""

from __future__ import annotations

import functools
import multiprocessing
from pathlib import Path
from typing import Any

import pytest

from conformance.mutation import worker
from conformance.mutation.cache_replay import CacheReplay
from conformance.mutation.run import ROOT, worker_arguments


def _baseline(game: str, rule: str, replay_caches: bool, folder: Path) -> dict[str, Any]:
    """A worker's baseline of ``rule``'s scenarios, the caches replayed or built cold."""
    args = worker_arguments(game, folder, rule)
    context = multiprocessing.get_context("spawn")
    conn, child = context.Pipe()
    directory = str(ROOT / "reference_impl" / game)
    process = context.Process(
        target=worker.serve, args=(game, directory, child, args, replay_caches), daemon=True
    )
    process.start()
    child.close()
    try:
        assert conn.poll(120), "the worker never said it was ready"
        ready = conn.recv()
        conn.send({"type": "baseline", "order": ready["scenarios"]})
        assert conn.poll(300), "no baseline"
        baseline = conn.recv()
        conn.send(None)
    finally:
        process.join(30)
        if process.is_alive():
            process.kill()
    for scenario in baseline["scenarios"]:
        del scenario["seconds"]
    return baseline


@pytest.mark.slow
def test_the_replayed_baseline_credits_the_lines_of_a_baseline_with_every_cache_built_cold(
    tmp_path: Path,
) -> None:
    """Isle Traces' IT-PLACE-GRID scenarios each build ``board.geometry`` and the action
    tables (``functools.cache``) in a fresh import: traced once and replayed, the lines per
    scenario and at import are those of every build traced."""
    replayed = _baseline("isle_traces", "IT-PLACE-GRID", replay_caches=True, folder=tmp_path)
    cold = _baseline("isle_traces", "IT-PLACE-GRID", replay_caches=False, folder=tmp_path)
    assert len(cold["scenarios"]) >= 10
    assert cold["cache_builds"] == {"traced": 0, "untraced": 0}
    builds = replayed["cache_builds"]
    assert builds["traced"] > 0 and builds["untraced"] > builds["traced"], builds
    assert replayed["scenarios"] == cold["scenarios"]
    assert replayed["import"] == cold["import"] and replayed["modules"] == cold["modules"]
    # the build's lines reach scenarios that did not build it first: face_index (board.py)
    # runs only while geometry is built
    with_board = [s for s in replayed["scenarios"] if "board.py" in s["lines"]]
    assert len(with_board) == len(replayed["scenarios"])


class _FakeTracer:
    """Records the context switches; ``lines`` is what a tracer would report."""

    on = True

    def __init__(self) -> None:
        self.contexts: list[str] = []

    def context(self, name: str) -> None:
        self.contexts.append(name)


def test_a_build_needed_by_another_build_is_credited_to_each_scenario_that_needs_either() -> None:
    tracer = _FakeTracer()
    replay = CacheReplay("pkg", tracer)
    calls: list[str] = []

    def inner(n: int) -> int:
        calls.append(f"inner {n}")
        return n + 1

    def outer(n: int) -> int:
        calls.append(f"outer {n}")
        return wrapped_inner(n) * 2

    inner.__module__ = outer.__module__ = "pkg.board"
    with replay.installed():
        wrapped_inner, wrapped_outer = functools.cache(inner), functools.cache(outer)
        foreign = functools.cache(len)  # not the game's: the standard cache
        replay.context("first")
        assert wrapped_outer(3) == 8 and wrapped_outer(3) == 8  # the second call: a hit
        replay.context("second")  # as after a purge: a fresh import's caches
        wrapped_inner.cache_clear()
        wrapped_outer.cache_clear()
        assert wrapped_outer(3) == 8
    assert functools.cache is not replay._cache  # put back
    assert hasattr(foreign, "cache_info")  # functools' own wrapper
    assert calls == ["outer 3", "inner 3", "outer 3", "inner 3"]
    assert replay.untraced == 2  # the second scenario's builds of outer and, inside it, inner
    outer_build, inner_build = "<cache 0>", "<cache 1>"
    assert set(replay.built.values()) == {outer_build, inner_build}
    assert tracer.contexts == ["first", outer_build, inner_build, outer_build, "first", "second"]
    lines = {
        "first": {"steps.py": [1]}, "second": {"steps.py": [2]},
        outer_build: {"board.py": [10]}, inner_build: {"board.py": [20], "maths.py": [5]},
    }  # fmt: skip
    credited = replay.credit(lines)
    assert credited == {
        "first": {"steps.py": [1], "board.py": [10, 20], "maths.py": [5]},
        "second": {"steps.py": [2], "board.py": [10, 20], "maths.py": [5]},
    }


def test_a_build_that_raises_is_traced_again_next_time() -> None:
    tracer = _FakeTracer()
    replay = CacheReplay("pkg", tracer)
    attempts: list[int] = []

    def flaky(n: int) -> int:
        attempts.append(n)
        if len(attempts) == 1:
            raise ValueError("not yet")
        return n

    flaky.__module__ = "pkg"
    with replay.installed():
        cached = functools.lru_cache(maxsize=4)(flaky)
        replay.context("first")
        with pytest.raises(ValueError):
            cached(1)
        assert cached(1) == 1
    assert replay.untraced == 0
    assert tracer.contexts == ["first", "<cache 0>", "first", "<cache 1>", "first"]
    lines = {"first": {"s.py": [1]}, "<cache 0>": {"b.py": [7]}, "<cache 1>": {"b.py": [7, 8]}}
    assert replay.credit(lines) == {"first": {"s.py": [1], "b.py": [7, 8]}}


def test_a_typed_lru_cache_keeps_one_and_one_point_zero_apart() -> None:
    replay = CacheReplay("pkg", _FakeTracer())
    seen: list[object] = []

    def kind(value: object) -> str:
        seen.append(value)
        return type(value).__name__

    kind.__module__ = "pkg.maths"
    with replay.installed():
        typed = functools.lru_cache(maxsize=None, typed=True)(kind)
        replay.context("first")
        assert (typed(1), typed(1.0), typed(1)) == ("int", "float", "int")
    assert seen == [1, 1.0]
