"""Start-up cost of ``rulespec check`` and what ``-j 2`` buys, in one run.

    python benchmarks/bench_startup.py [--rounds 3] [--jobs-rounds 2] [--skip-jobs]
                                       [--game villagers --rule VL-BUILD-ORDER]

1. One-scenario ``rulespec check`` (``--game G --rule R``: the scenarios pinning one rule),
   against the reference in-process and against ``rulespec serve`` as a subprocess: CPU
   seconds (user + system) of the ``rulespec`` process and everything it waited for (the
   child pytest, the engines), from ``resource.getrusage(RUSAGE_CHILDREN)``, per round,
   then min / median / max. Nearly all of it is start-up: the scenario itself takes
   milliseconds.
2. ``rulespec check`` of every game (scenarios level, the reference in-process) with
   ``-j 1`` and ``-j 2``, interleaved (1, 2, 1, 2, ...): wall seconds per run and the
   ratio per round (below 1: ``-j 2`` is faster). On a machine that other work keeps
   busy the ratio, not the seconds, is the figure.

Runs in a temporary directory (nothing is written into the checkout). Nothing here is a
timed test.
"""

from __future__ import annotations

import argparse
import os
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path


def rulespec() -> list[str]:
    """The ``rulespec`` console script beside this interpreter (else ``-m conformance``)."""
    script = Path(sys.executable).parent / "rulespec"
    return [str(script)] if script.exists() else [sys.executable, "-m", "conformance"]


def run(arguments: list[str], cwd: Path) -> tuple[float, float, int]:
    """(CPU seconds of it and its children, wall seconds, exit status) of one command."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    started = time.perf_counter()
    done = subprocess.run(arguments, cwd=cwd, stdout=subprocess.DEVNULL,
                          stderr=subprocess.DEVNULL, check=False)  # fmt: skip
    wall = time.perf_counter() - started
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return cpu, wall, done.returncode


def spread(values: list[float], form: str = ".2f") -> str:
    low, mid, high = min(values), statistics.median(values), max(values)
    return f"{low:{form}} / {mid:{form}} / {high:{form}}"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=3, help="one-scenario rounds")
    parser.add_argument("--jobs-rounds", type=int, default=2, help="-j 1 / -j 2 rounds")
    parser.add_argument("--skip-jobs", action="store_true", help="only the start-up figures")
    parser.add_argument("--game", default="villagers")
    parser.add_argument("--rule", default="VL-BUILD-ORDER", help="a rule with one scenario")
    args = parser.parse_args()
    if args.rounds < 1 or args.jobs_rounds < 2:
        parser.error("--rounds at least 1, --jobs-rounds at least 2")
    command = rulespec()
    work = Path(tempfile.mkdtemp(prefix="rulespec-bench-"))
    try:
        one = [*command, "check", "--game", args.game, "--rule", args.rule]
        engines = {"reference in-process": [], "rulespec serve": ["--engine", "rulespec serve"]}
        cpu: dict[str, list[float]] = {name: [] for name in engines}
        print(f"one-scenario check: {' '.join(one[1:])}  (CPU s, process + children)")
        for round_number in range(1, args.rounds + 1):
            for name, extra in engines.items():
                seconds, wall, status = run([*one, *extra], work)
                if status != 0:
                    print(f"  {name}: exit status {status} (expected 0)")
                    return 1
                cpu[name].append(seconds)
                print(f"  round {round_number} {name:<22} {seconds:.2f} s CPU "
                      f"({wall:.1f} s wall)", flush=True)  # fmt: skip
        for name in engines:
            print(f"{'  ' + name + ' CPU s':<34}min / median / max {spread(cpu[name])}")
        if args.skip_jobs:
            return 0
        every = [*command, "check", "--level", "scenarios"]
        walls: dict[int, list[float]] = {1: [], 2: []}
        print(f"\nall games, scenarios level: -j 1 vs -j 2 (wall s), {os.cpu_count()} CPUs")
        for round_number in range(1, args.jobs_rounds + 1):
            for jobs in (1, 2):
                _, wall, status = run([*every, "-j", str(jobs)], work)
                walls[jobs].append(wall)
                print(f"  round {round_number} -j {jobs}: {wall:.1f} s wall "
                      f"(exit {status})", flush=True)  # fmt: skip
        ratios = [two / one_ for one_, two in zip(walls[1], walls[2], strict=True)]
        print(f"{'  -j 1 wall s':<34}min / median / max {spread(walls[1], '.1f')}")
        print(f"{'  -j 2 wall s':<34}min / median / max {spread(walls[2], '.1f')}")
        print(f"{'  -j 2 / -j 1 per round':<34}{', '.join(f'{r:.2f}' for r in ratios)}")
        return 0
    finally:
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    raise SystemExit(main())
