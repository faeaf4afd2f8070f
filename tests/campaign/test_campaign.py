"""``rulespec campaign``: shards, budgets and merging, then real Dask parts: a scheduler and
two workers started as processes on 127.0.0.1, a campaign against the reference and
against an engine with a known divergence, a replay of the divergent shard in one process,
and a worker killed mid-campaign without losing or double-counting a shard."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from conformance.campaign.driver import Budget, CampaignSummary, run
from conformance.campaign.shards import Shard, ShardError, plan
from conformance.campaign.worker import ShardResult, run_shard

distributed = pytest.importorskip("distributed", reason="the campaign extra is not installed")

ROOT = Path(__file__).resolve().parents[2]
REFERENCE = f"{sys.executable} -m reference_impl.server"
LIAR = f"{sys.executable} -m tests.fauxengines.faux lie-state players.0.prestige"
DASK = str(Path(sys.executable).with_name("dask"))


def test_a_shard_id_round_trips_and_a_bad_one_is_refused_by_name() -> None:
    shard = Shard("notre_dame", 3, 120, 10)
    assert Shard.parse(shard.id) == shard and shard.id == "notre_dame-3p-s120-n10"
    with pytest.raises(ShardError, match="expected GAME-<players>p-s<seed>-n<games>"):
        Shard.parse("notre_dame-3-120")


def test_the_plan_is_round_robin_and_never_reuses_a_seed() -> None:
    configs = [("neom", 1), ("neom", 2), ("neom", 3)]
    shards = [next(s) for s in [plan(configs, 5)] for _ in range(9)]
    assert [(s.game, s.players) for s in shards[:3]] == configs
    seeds = [seed for s in shards for seed in s.seeds()]
    assert len(seeds) == len(set(seeds)) == 45
    assert next(plan(configs, 5, 7)).seed == 7


def test_budgets_stop_the_campaign_and_a_shard_counts_once() -> None:
    summary = CampaignSummary()
    first = ShardResult("neom-2p-s0-n2", "w1", games=2, steps=300, fired=["NM-A"])
    assert summary.add(first) and not summary.add(first)  # a rerun shard counts once
    assert Budget(seconds=None, games=2).spent(summary) == "game budget of 2 reached"
    assert Budget(seconds=None, steps=301, divergences=None).spent(summary) is None
    summary.add(ShardResult("neom-2p-s2-n2", "w2", games=1, steps=10, divergence={
        "first_field": "players.0.coins"}))
    assert Budget(seconds=None).spent(summary) == "1 divergence(s) found"
    assert summary.by_first_field() == {"players.0.coins": 1}


def test_a_shard_is_deterministic_from_its_id() -> None:
    shard = Shard("villagers", 1, 3, 1)
    once, again = (run_shard(shard, REFERENCE, cwd=str(ROOT), timeout=60) for _ in range(2))
    assert once.status == again.status == "passed", once.message
    assert (once.games, once.steps, once.fired) == (again.games, again.steps, again.fired)
    assert once.steps > 50


def test_a_campaign_plays_every_reading_the_engine_declares() -> None:
    """Seeds take the option plan in turn: the default options, then each other reading of
    each ruling option the engine declares (Villagers: seven)."""
    shard = Shard("villagers", 1, 0, 8)
    result = run_shard(shard, REFERENCE, cwd=str(ROOT), timeout=60)
    assert result.status == "passed", result.message
    assert result.starts["default options"] == 1 and len(result.starts) == 8
    assert 'tie_break="fewest_villagers"' in result.starts


def test_the_campaign_page_is_titled_for_a_campaign_and_lists_the_capabilities(
    tmp_path: Path,
) -> None:
    """The shard keeps the candidate's handshake; the report's header and page show it."""
    from conformance.campaign.report import write_all

    result = run_shard(Shard("villagers", 1, 3, 1), REFERENCE, cwd=str(ROOT), timeout=60)
    assert result.engine["name"] == "rulespec-reference" and "load_state" in result.engine[
        "capabilities"
    ]
    assert ShardResult.from_json(result.to_json()) == result
    summary = CampaignSummary(results={result.shard: result})
    written = write_all(summary, ["villagers"], REFERENCE, tmp_path)
    page = written["html"].read_text(encoding="utf-8")
    assert "<title>rulespec campaign: rulespec-reference " in page
    assert "rulespec check" not in page and "none declared" not in page
    assert ", ".join(result.engine["capabilities"]) in page


@pytest.fixture(scope="module")
def cluster(tmp_path_factory: pytest.TempPathFactory) -> Iterator[dict[str, object]]:
    """A real ``dask scheduler`` and two ``dask worker`` processes on 127.0.0.1."""
    folder = tmp_path_factory.mktemp("dask")
    scheduler_file = folder / "scheduler.json"
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    quiet = {"stdout": subprocess.DEVNULL, "stderr": subprocess.DEVNULL, "cwd": ROOT, "env": env}
    scheduler = subprocess.Popen(
        [DASK, "scheduler", "--host", "127.0.0.1", "--port", "0", "--no-dashboard",
         "--scheduler-file", str(scheduler_file)], **quiet,
    )
    workers = [
        subprocess.Popen(
            [DASK, "worker", "--scheduler-file", str(scheduler_file), "--nthreads", "1",
             "--no-dashboard", "--no-nanny", "--host", "127.0.0.1"], **quiet,
        )
        for _ in range(2)
    ]
    try:
        deadline = time.monotonic() + 60
        while not scheduler_file.exists() and time.monotonic() < deadline:
            time.sleep(0.2)
        client = distributed.Client(scheduler_file=str(scheduler_file), timeout="30s")
        client.wait_for_workers(2, timeout=60)
        address = client.scheduler.address
        client.close()
        yield {"address": address, "workers": workers}
    finally:
        for process in [*workers, scheduler]:
            process.kill()
            process.wait(timeout=30)


def test_a_campaign_on_a_real_cluster_against_the_reference(cluster: dict[str, object]) -> None:
    shards = [Shard("notre_dame", 2, seed, 1) for seed in range(4)]
    summary = run([], REFERENCE, Budget(seconds=None, divergences=None),
                  scheduler=str(cluster["address"]), shards=iter(shards),
                  shard_options={"cwd": str(ROOT), "timeout": 60})
    assert sorted(summary.results) == sorted(s.id for s in shards)
    problems = {k: r.message for k, r in summary.results.items() if r.status != "passed"}
    assert not problems
    assert summary.games == 4 and summary.steps > 100 and len(summary.fired) > 10
    assert len(summary.per_worker()) == 2  # both workers took shards


def test_a_known_divergence_is_found_and_its_shard_replays_locally(
    cluster: dict[str, object],
) -> None:
    shards = [Shard("notre_dame", 3, seed, 2) for seed in (10, 12)]
    summary = run([], LIAR, Budget(seconds=None, divergences=None),
                  scheduler=str(cluster["address"]), shards=iter(shards),
                  shard_options={"cwd": str(ROOT), "shrink_seconds": 5, "timeout": 60})
    found = summary.results[shards[0].id]
    assert found.status == "failed" and found.divergence is not None
    assert found.divergence["first_field"] == "players.0.prestige"
    assert "Scenario: Differential divergence" in found.divergence["feature"]
    again = run_shard(Shard.parse(found.shard), LIAR, cwd=str(ROOT), shrink_seconds=5, timeout=60)
    keys = ("seed", "kind", "first_field", "step")
    assert {k: again.divergence[k] for k in keys} == {k: found.divergence[k] for k in keys}


def test_killing_a_worker_mid_campaign_loses_no_shard(cluster: dict[str, object]) -> None:
    shards = [Shard("villagers", 1, seed, 1) for seed in range(100, 108)]
    workers = cluster["workers"]
    killed: list[int] = []

    def kill_one(summary: CampaignSummary) -> None:
        if not killed:
            victim = workers[0]  # type: ignore[index]
            victim.send_signal(signal.SIGKILL)
            killed.append(victim.pid)

    summary = run([], REFERENCE, Budget(seconds=None, divergences=None),
                  scheduler=str(cluster["address"]), shards=iter(shards),
                  shard_options={"cwd": str(ROOT), "timeout": 60}, on_progress=kill_one)
    assert killed
    assert sorted(summary.results) == sorted(s.id for s in shards)  # each exactly once
    assert all(r.status == "passed" for r in summary.results.values())
