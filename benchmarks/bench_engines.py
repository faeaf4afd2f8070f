"""Throughput of every reference engine, as a ratio to a tic-tac-toe baseline, in one run.

    python benchmarks/bench_engines.py [--seconds 2] [--game G ...] [--players N ...]

Counts (legal actions + apply) per CPU second (``time.process_time``) over random whole
games (chance steps count as chance-outcomes + apply), for every player count of each game
(``--players`` keeps some). The baseline, the in-repo tic-tac-toe toy, is measured again
right before each engine (interleaved, not once at the start), and each ratio is to that
neighbouring measurement, so the ratios hold on a busy machine. When the optional
``open_spiel`` package is importable, OpenSpiel's ``python_tic_tac_toe`` is measured the
same way (legal actions + apply) as an outside anchor (the toy alone is no anchor: it runs
several times faster than OpenSpiel's), beside a toy run of its own, and each engine's
``x OpenSpiel`` is its ratio to the toy over OpenSpiel's (the target is 3x); otherwise the
reason it is skipped is printed. Also reports the peak memory of one whole game. Nothing
here is a timed test.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
import tracemalloc
from importlib import metadata
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from machine_info import load, machine

from reference_impl import registry
from reference_impl.core import GameDefinition, random_playout
from tests.support.toy import GAME as TOY

TARGET = 60_000
#: (legal actions + apply) per CPU second against OpenSpiel's Python tic-tac-toe (issue 34)
OPENSPIEL_TARGET = 3.0


def rate(game: GameDefinition, players: int, seconds: float, seed: int = 1) -> float:
    """(legal actions + apply) per CPU second over random whole games."""
    rng = random.Random(seed)
    steps = 0
    elapsed = 0.0
    while elapsed < seconds:
        state = game.new_game(players)
        start = time.process_time()
        steps += random_playout(state, rng)
        elapsed += time.process_time() - start
    return steps / elapsed


def open_spiel_rate(seconds: float, seed: int = 1) -> tuple[float | None, str]:
    """OpenSpiel's python_tic_tac_toe measured like :func:`rate` and the package's version,
    or (None, why not)."""
    try:
        import pyspiel
        from open_spiel.python.games import tic_tac_toe  # noqa: F401 - registers the game
    except ImportError as error:
        return None, f"open_spiel is not installed ({error})"
    game = pyspiel.load_game("python_tic_tac_toe")
    rng = random.Random(seed)
    steps = 0
    elapsed = 0.0
    while elapsed < seconds:
        start = time.process_time()
        state = game.new_initial_state()
        while not state.is_terminal():
            state.apply_action(rng.choice(state.legal_actions()))
            steps += 1
        elapsed += time.process_time() - start
    return steps / elapsed, f"open_spiel {metadata.version('open_spiel')}"


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
    parser.add_argument("--players", type=int, action="append", help="only these counts")
    args = parser.parse_args()
    games = args.game or registry.available_games()
    print(f"machine: {machine()}; load average at the start: {load()}")
    print("CPU time (process_time); each ratio is to the baseline measured just before it")
    print(f"{'engine':<26}{'actions/s':>12}{'baseline/s':>12}{'x baseline':>12}{'x 60k':>8}"
          f"{'x OpenSpiel':>13}{'peak KiB':>10}")  # fmt: skip
    baseline = rate(TOY, 2, args.seconds)
    print(
        f"{'tic-tac-toe toy':<26}{baseline:>12,.0f}{baseline:>12,.0f}{1.0:>12.2f}"
        f"{baseline / TARGET:>8.2f}{'':>13}{peak_memory(TOY, 2) / 1024:>10.0f}"
    )
    spiel, why = open_spiel_rate(args.seconds)
    spiel_ratio = None  # OpenSpiel's rate over the toy's, measured side by side
    if spiel is None:
        print(f"{'openspiel tic-tac-toe':<26}skipped: {why}")
    else:
        baseline = rate(TOY, 2, args.seconds)
        spiel_ratio = spiel / baseline
        print(f"{'openspiel tic-tac-toe':<26}{spiel:>12,.0f}{baseline:>12,.0f}"
              f"{spiel_ratio:>12.2f}{spiel / TARGET:>8.2f}{1.0:>13.2f}  {why}")  # fmt: skip
    below = []
    for name in games:
        game = registry.get_game(name)
        for players in range(game.min_players, game.max_players + 1):
            if args.players and players not in args.players:
                continue
            baseline = rate(TOY, 2, args.seconds)  # interleaved: the neighbour of this engine
            measured = rate(game, players, args.seconds)
            label = f"{name} {players}p"
            versus = ""
            if spiel_ratio is not None:
                times = measured / baseline / spiel_ratio
                versus = f"{times:.2f}"
                if times < OPENSPIEL_TARGET:
                    below.append(f"{label} {times:.2f}x")
            print(
                f"{label:<26}{measured:>12,.0f}{baseline:>12,.0f}{measured / baseline:>12.2f}"
                f"{measured / TARGET:>8.2f}{versus:>13}{peak_memory(game, players) / 1024:>10.0f}"
            )
    if spiel_ratio is not None:
        verdict = ", ".join(below) if below else "none"
        print(f"below {OPENSPIEL_TARGET:.0f}x OpenSpiel's Python tic-tac-toe: {verdict}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
