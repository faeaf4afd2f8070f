"""Campaign scaling on the embedded Dask cluster: steps/s with 1 and 2 local workers.

Interleaved rounds (1 worker, then 2, repeated) of a fixed time budget each, so a busy
machine slows both alike; prints steps/s per run, the 2:1 ratio per round (near 2 on two
idle cores) and the per-shard overhead (an empty shard: engine start, handshake, close,
plus the scheduler's round trip), from the same run.

    python benchmarks/bench_campaign.py --game notre_dame --seconds 20 --rounds 3
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time

from conformance.campaign.driver import Budget, configurations, run
from conformance.campaign.shards import Shard


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="notre_dame")
    parser.add_argument("--engine", default=f"{sys.executable} -m conformance serve")
    parser.add_argument("--seconds", type=float, default=20.0, help="budget per run")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--shard-games", type=int, default=2)
    args = parser.parse_args()
    configs = configurations([args.game])
    rates: dict[int, list[float]] = {1: [], 2: []}
    ratios = []
    for round_ in range(args.rounds):
        for workers in (1, 2):
            summary = run(configs, args.engine, Budget(seconds=args.seconds, divergences=None),
                          workers=workers, games_per_shard=args.shard_games,
                          first_seed=round_ * 100_000)
            busy = sum(r.seconds for r in summary.results.values()) or 1e-9
            rate = summary.steps / max(summary.elapsed, 1e-9)
            rates[workers].append(rate)
            print(f"round {round_ + 1} workers {workers}: {summary.steps} steps, "
                  f"{summary.games} games in {summary.elapsed:.1f}s wall = {rate:.0f} steps/s "
                  f"({summary.steps / busy:.0f} steps/s per busy worker-second)")
        ratios.append(rates[2][-1] / max(rates[1][-1], 1e-9))
    empty = [Shard(args.game, configs[0][1], seed, 0) for seed in range(20)]
    started = time.monotonic()
    summary = run([], args.engine, Budget(seconds=None, divergences=None), workers=2,
                  shards=iter(empty))
    per_shard = [r.seconds for r in summary.results.values()]
    print(f"2:1 worker ratio min {min(ratios):.2f} median {statistics.median(ratios):.2f} "
          f"max {max(ratios):.2f}")
    print(f"per-shard overhead (empty shard, in the worker): median "
          f"{statistics.median(per_shard) * 1000:.0f} ms; 20 empty shards through the cluster "
          f"in {time.monotonic() - started:.1f}s wall, the cluster's start included")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
