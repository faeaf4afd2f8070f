"""Throughput of every reference engine, as a ratio to a tic-tac-toe baseline, in one run.

    python benchmarks/bench_engines.py [--seconds 2] [--game G ...]

Counts (legal actions + apply) per second over random whole games (chance steps count as
chance-outcomes + apply), like OpenSpiel's Python tic-tac-toe measured the same way
(about 60k/s on these machines). Also reports the peak memory of one whole game. The
ratios are measured in the same run, so they hold on a busy machine; nothing here is a
timed test.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
import tracemalloc
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from reference_impl import registry
from reference_impl.core import GameDefinition, random_playout
from tests.support.toy import GAME as TOY

TARGET = 60_000


def rate(game: GameDefinition, players: int, seconds: float, seed: int = 1) -> float:
    rng = random.Random(seed)
    steps = 0
    elapsed = 0.0
    while elapsed < seconds:
        state = game.new_game(players)
        start = time.perf_counter()
        steps += random_playout(state, rng)
        elapsed += time.perf_counter() - start
    return steps / elapsed


def peak_memory(game: GameDefinition, players: int) -> int:
    tracemalloc.start()
    random_playout(game.new_game(players), random.Random(2))
    peak = tracemalloc.get_traced_memory()[1]
    tracemalloc.stop()
    return peak


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=2.0)
    parser.add_argument("--game", action="append")
    args = parser.parse_args()
    games = args.game or registry.available_games()
    baseline = rate(TOY, 2, args.seconds)
    print(f"{'engine':<26}{'actions/s':>12}{'x baseline':>12}{'x 60k':>8}{'peak KiB':>10}")
    print(
        f"{'tic-tac-toe (baseline)':<26}{baseline:>12,.0f}{1.0:>12.2f}"
        f"{baseline / TARGET:>8.2f}{peak_memory(TOY, 2) / 1024:>10.0f}"
    )
    for name in games:
        game = registry.get_game(name)
        for players in sorted({game.min_players, game.max_players}):
            measured = rate(game, players, args.seconds)
            label = f"{name} {players}p"
            print(
                f"{label:<26}{measured:>12,.0f}{measured / baseline:>12.2f}"
                f"{measured / TARGET:>8.2f}{peak_memory(game, players) / 1024:>10.0f}"
            )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
