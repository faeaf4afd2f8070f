"""Run a campaign on Dask: shards submitted to a cluster, results merged as they arrive.

By default an embedded ``LocalCluster`` with one single-threaded worker process per core
(no setup on one machine); with ``scheduler`` an existing cluster (``dask scheduler`` and
``dask worker`` processes whose hosts have the engine installed). A shard whose worker is
lost is rerun elsewhere by the scheduler; results are keyed by shard id, so it counts once.
Stops on the first budget reached (wall seconds, games, steps) or after ``max_divergences``.
"""

from __future__ import annotations

import logging
import os
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import Any

from conformance.campaign.shards import Shard, plan
from conformance.campaign.worker import ShardResult, run_shard


class CampaignError(RuntimeError):
    """The campaign could not run (Dask missing, the scheduler unreachable, ...)."""


@dataclass
class Budget:
    seconds: float | None = 60.0
    games: int | None = None
    steps: int | None = None
    divergences: int | None = 1

    def spent(self, summary: CampaignSummary) -> str | None:
        """Why the campaign should stop now, or None."""
        if self.seconds is not None and summary.elapsed >= self.seconds:
            return f"time budget of {self.seconds:g} s spent"
        if self.games is not None and summary.games >= self.games:
            return f"game budget of {self.games} reached"
        if self.steps is not None and summary.steps >= self.steps:
            return f"step budget of {self.steps} reached"
        if self.divergences is not None and len(summary.divergences) >= self.divergences:
            return f"{len(summary.divergences)} divergence(s) found"
        return None


@dataclass
class CampaignSummary:
    """Everything merged from the shards' results."""

    started: float = field(default_factory=time.monotonic)
    elapsed: float = 0.0
    results: dict[str, ShardResult] = field(default_factory=dict)
    stopped: str = ""

    @property
    def games(self) -> int:
        return sum(r.games for r in self.results.values())

    @property
    def steps(self) -> int:
        return sum(r.steps for r in self.results.values())

    @property
    def divergences(self) -> list[ShardResult]:
        return [r for r in self.results.values() if r.divergence is not None]

    @property
    def fired(self) -> set[str]:
        return {rule for r in self.results.values() for rule in r.fired}

    def starts(self) -> dict[str, int]:
        """Games played per option reading (the default options and each other reading)."""
        found: dict[str, int] = {}
        for result in self.results.values():
            for label, count in result.starts.items():
                found[label] = found.get(label, 0) + count
        return found

    def add(self, result: ShardResult) -> bool:
        """Merge one shard's result; False when that shard was already counted."""
        if result.shard in self.results:
            return False
        self.results[result.shard] = result
        return True

    def per_worker(self) -> dict[str, tuple[int, float]]:
        """worker -> (steps, seconds spent in its shards)."""
        found: dict[str, tuple[int, float]] = {}
        for result in self.results.values():
            steps, seconds = found.get(result.worker, (0, 0.0))
            found[result.worker] = (steps + result.steps, seconds + result.seconds)
        return found

    def by_first_field(self) -> dict[str, int]:
        counts: dict[str, int] = {}
        for result in self.divergences:
            key = str(result.divergence["first_field"])  # type: ignore[index]
            counts[key] = counts.get(key, 0) + 1
        return counts


def configurations(games: list[str], players: list[int] | None = None) -> list[tuple[str, int]]:
    """Every (game, player count) the reference serves, or the given counts only."""
    from reference_impl import registry

    found = []
    for game in games:
        definition = registry.get_game(game)
        for count in range(definition.min_players, definition.max_players + 1):
            if players is None or count in players:
                found.append((game, count))
    return found


def _client(scheduler: str | None, workers: int | None) -> Any:
    try:
        from distributed import Client, LocalCluster
    except ImportError as error:
        raise CampaignError(
            "rulespec campaign runs on Dask: pip install 'rulespec[campaign]' "
            f"(dask[distributed]); {error}"
        ) from None
    if scheduler:
        try:
            return Client(scheduler, timeout="10s")
        except OSError as error:
            message = f"cannot reach the Dask scheduler at {scheduler}: {error}"
            raise CampaignError(message) from None
    cluster = LocalCluster(
        n_workers=workers or os.cpu_count() or 1,
        threads_per_worker=1,
        processes=True,
        dashboard_address=None,
        host="127.0.0.1",
        silence_logs=logging.ERROR,
    )
    return Client(cluster)


def run(
    configs: list[tuple[str, int]],
    engine: str,
    budget: Budget,
    *,
    scheduler: str | None = None,
    workers: int | None = None,
    games_per_shard: int = 2,
    first_seed: int = 0,
    shard_options: dict[str, Any] | None = None,
    on_progress: Callable[[CampaignSummary], None] | None = None,
    shards: Iterator[Shard] | None = None,
) -> CampaignSummary:
    """Submit shards until the budget is spent; returns the merged summary."""
    from distributed import as_completed

    client = _client(scheduler, workers)
    summary = CampaignSummary()
    options = dict(shard_options or {})
    if budget.seconds is not None:
        options["deadline"] = time.time() + budget.seconds  # shards stop when time is up
    if scheduler is None:
        options.setdefault("cwd", os.getcwd())  # local workers: the engine runs where we do
    pending = shards if shards is not None else plan(configs, games_per_shard, first_seed)
    try:
        slots = max(2, 2 * len(client.scheduler_info().get("workers", {})) or 2)
        queue = as_completed()
        submitted = 0
        for _ in range(slots):
            shard = next(pending, None)
            if shard is None:
                break
            queue.add(_submit(client, shard, engine, options))
            submitted += 1
        for future in queue:
            result = future.result()
            summary.add(ShardResult.from_json(result))
            summary.elapsed = time.monotonic() - summary.started
            if on_progress is not None:
                on_progress(summary)
            reason = budget.spent(summary)
            if reason:
                summary.stopped = reason
                if reason.startswith("time"):  # the rest stop at the deadline: keep them
                    for other in queue:
                        summary.add(ShardResult.from_json(other.result()))
                else:
                    client.cancel(list(queue.futures))
                break
            shard = next(pending, None)
            if shard is not None:
                queue.add(_submit(client, shard, engine, options))
                submitted += 1
        if not summary.stopped:
            summary.stopped = "every planned shard ran"
    finally:
        cluster = getattr(client, "cluster", None)
        client.close()
        if scheduler is None and cluster is not None:
            cluster.close()
    summary.elapsed = time.monotonic() - summary.started
    return summary


def _submit(client: Any, shard: Shard, engine: str, options: dict[str, Any]) -> Any:
    return client.submit(
        _run_shard_json, shard, engine, options, key=f"rulespec-shard-{shard.id}", pure=False,
        retries=3,
    )


def _run_shard_json(shard: Shard, engine: str, options: dict[str, Any]) -> dict[str, Any]:
    """What a worker runs: plain data back, so any worker version can send it."""
    return run_shard(shard, engine, **options).to_json()
