"""How close differential lockstep comes to what a subprocess pipe carries, in one run.

    python benchmarks/bench_harness.py [--rounds 3] [--seconds 2] [--game G ...]
                                       [--play guided|uniform|both] [--pin CPU]

Each round measures, interleaved (so a busy machine slows every figure alike):

- raw echo: JSON-lines round trips per second through a subprocess pipe (the driver
  encodes a request, a child Python process echoes the line, the driver decodes it);
- lockstep: differential play per game, the candidate ``rulespec serve`` as a subprocess
  and the reference in-process (``conformance.levels.differential.lockstep``, every reply
  schema-checked and every state compared), rule-guided as the differential level plays
  by default (``guided``: a :class:`~conformance.levels.guide.RuleGuide` over the game's
  catalogue) and/or with uniform random choices (``uniform``, ``--rulespec-uniform``);
  either way chance outcomes are drawn by their stated probabilities, never by the guide,
  as the level draws them.

Printed per game and play: steps per CPU second, the candidate's round trips per step, two
ratios to the echo, and where a step's CPU goes (microseconds in the driver: the in-process
reference, the checks of every reply, the guide; and in the candidate); per game, with
``--play both``, how many times faster uniform play steps than guided play, round by round.
``ratio``: the candidate's round trips per second during lockstep (counted at the client,
every request it sends) over the echo's, 100% being the pipe's limit. ``3-trip ratio``:
steps per second times 3 over the echo's round trips per second, the rate of a step's work
counted as the three requests it makes without the ``apply_state`` and ``apply_listing``
capabilities (``legal_actions``, ``apply``, ``state``): ``rulespec serve`` answers
``apply`` with the state and the next listing, one round trip a step, so the first ratio no
longer counts the requests a step saves. Rates are in CPU time: the driver's process time
plus the child's (``/proc/<pid>/stat``; where that is missing, wall time, and the header
says so). Printed: each round, then min/median/max over rounds, the JSON codec in use, the
machine (CPU model and count) and the load average. Nothing here is a timed test.

``--pin CPU`` measures every round twice, interleaved: pinned (the driver and its children
on that one CPU) and unpinned (on every CPU this process may use), and prints both ratios.
A pipe round trip's CPU time depends on whether the two processes meet on one core or wake
each other across cores; on a shared 2-core machine the unpinned echo measured from about
4,000 to 56,000 round trips/s from one run to the next, so the unpinned ratios move with
it (the lockstep rates far less). Pinned, every round trip is a same-core one: quote the
pinned figures.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import subprocess
import sys
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from machine_info import load, machine

from conformance.engine.client import InProcessClient, SubprocessClient
from conformance.levels.differential import lockstep
from conformance.levels.guide import RuleGuide
from conformance.specification import catalogue
from reference_impl import registry
from rulespec import protocol

ECHO = (
    "import sys\n"
    "for line in sys.stdin:\n"
    "    sys.stdout.write(line)\n"
    "    sys.stdout.flush()\n"
)  # fmt: skip
#: a request of typical size (a legal_actions reply is larger; this is the floor)
MESSAGE = {"id": 0, "cmd": "apply", "action": {"actor": 0, "type": "place", "space": [2, 3]}}


@dataclass(frozen=True)
class Lockstep:
    """One lockstep measurement: candidate round trips/s, steps/s (CPU), games played."""

    trips: float
    steps: float
    per_step: float
    games: int
    cpu: bool
    #: CPU microseconds a step in the driver (reference, checks, guide) and in the candidate
    #: (None without /proc)
    driver_us: float | None = None
    candidate_us: float | None = None


def child_cpu(pid: int) -> float | None:
    """User + system CPU seconds of a running child (Linux ``/proc``), or None."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return None
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


class Clock:
    """CPU time of this process plus one child (wall time when the child's is unknown)."""

    def __init__(self, pid: int) -> None:
        self.pid = pid
        self.cpu = child_cpu(pid) is not None
        self._start = self._parts()

    def _parts(self) -> tuple[float, float]:
        """(this process's CPU, the child's CPU), or (wall time, 0) without /proc."""
        if self.cpu:
            return time.process_time(), child_cpu(self.pid) or 0.0
        return time.perf_counter(), 0.0

    def elapsed_parts(self) -> tuple[float, float]:
        """This process's and the child's CPU seconds since the start."""
        now = self._parts()
        return now[0] - self._start[0], now[1] - self._start[1]

    def elapsed(self) -> float:
        return sum(self.elapsed_parts())


def echo_rate(seconds: float) -> tuple[float, bool]:
    """Round trips per (CPU) second of a JSON-lines echo child."""
    child = subprocess.Popen([sys.executable, "-c", ECHO], stdin=subprocess.PIPE,
                             stdout=subprocess.PIPE)  # fmt: skip
    assert child.stdin is not None and child.stdout is not None
    try:
        child.stdin.write(b"{}\n")  # the child is up before the clock starts
        child.stdin.flush()
        child.stdout.readline()
        clock, wall = Clock(child.pid), time.perf_counter()
        trips = 0
        while time.perf_counter() - wall < seconds:
            for _ in range(200):
                MESSAGE["id"] = trips
                child.stdin.write((json.dumps(MESSAGE) + "\n").encode())
                child.stdin.flush()
                reply = json.loads(child.stdout.readline())
                assert reply["id"] == trips
                trips += 1
        return trips / clock.elapsed(), clock.cpu
    finally:
        child.stdin.close()
        child.wait(timeout=5)


class Counted:
    """The candidate's transport, counting every round trip it makes (instrumented at
    ``_exchange``: one request written, one reply read)."""

    def __init__(self, client: SubprocessClient) -> None:
        self.trips = 0
        exchange = client._exchange

        def counted(request: dict[str, Any]) -> Any:
            self.trips += 1
            return exchange(request)

        client._exchange = counted  # type: ignore[method-assign]


def guide_for(game: str, play: str, seed: int) -> RuleGuide | None:
    """The differential level's default guide over ``game``'s catalogue (None: uniform)."""
    if play == "uniform":
        return None
    rules = [rule.id for rule in catalogue.load(game).rules]
    return RuleGuide(rules, seed=f"bench:{seed}:differential:{game}")


def lockstep_rate(game: str, seconds: float, seed: int, play: str) -> Lockstep:
    """Lockstep against ``rulespec serve``: candidate round trips and steps per CPU second."""
    definition = registry.get_game(game)
    reference = InProcessClient()
    reference.handshake()
    reference.new_game(game, definition.min_players)  # the same first-use loading here
    candidate = SubprocessClient([sys.executable, "-m", "reference_impl.server"])
    candidate.handshake()
    # the child imports the game and loads its components on first use: not lockstep
    candidate.new_game(game, definition.min_players)
    counter = Counted(candidate)
    rng = random.Random(seed)
    guide = guide_for(game, play, seed)
    try:
        clock, wall = Clock(candidate.process.pid), time.perf_counter()
        steps = games = 0
        while games == 0 or time.perf_counter() - wall < seconds:
            players = definition.min_players + games % (
                definition.max_players - definition.min_players + 1
            )
            # chance drawn by its probabilities, never by the guide: as the level plays
            steps += lockstep(candidate, reference, game, players, None, rng.randrange,
                              guide=guide, chance_by_probability=True)  # fmt: skip
            games += 1
        driver, child = clock.elapsed_parts()
        elapsed = driver + child
        split = (driver / steps * 1e6, child / steps * 1e6) if clock.cpu and steps else (None, None)
        return Lockstep(counter.trips / elapsed, steps / elapsed, counter.trips / max(1, steps),
                        games, clock.cpu, *split)  # fmt: skip
    finally:
        candidate.close()


def codec() -> str:
    """Which JSON codec the protocol uses (orjson when installed, else the standard one)."""
    orjson = protocol.orjson
    return f"orjson {orjson.__version__}" if orjson is not None else "json (standard library)"


def spread(values: list[float], form: str = ",.0f") -> str:
    low, mid, high = min(values), statistics.median(values), max(values)
    return f"{low:{form}} / {mid:{form}} / {high:{form}}"


#: the requests a step makes without ``apply_state``: legal_actions, apply, state
STEP_REQUESTS = 3


@dataclass
class Mode:
    """One way of placing the processes (pinned to a CPU, or not) and what it measured."""

    name: str
    cpus: set[int]
    echoes: list[float]
    runs: dict[tuple[str, str], list[Lockstep]]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--seconds", type=float, default=2.0, help="per measurement")
    parser.add_argument("--game", action="append")
    parser.add_argument(
        "--play",
        choices=("guided", "uniform", "both"),
        default="both",
        help="rule-guided (the differential level's default), uniform, both",
    )
    parser.add_argument("--pin", type=int, metavar="CPU",
                        help="measure pinned to this CPU (children too) and unpinned")  # fmt: skip
    args = parser.parse_args()
    if args.rounds < 3:
        parser.error("--rounds: at least 3 (the figures are min/median/max over rounds)")
    games = args.game or registry.available_games()
    plays = ["guided", "uniform"] if args.play == "both" else [args.play]
    keys = [(g, p) for g in games for p in plays]
    modes: list[Mode] = []
    if args.pin is not None:
        try:
            every = os.sched_getaffinity(0)
            os.sched_setaffinity(0, {args.pin})  # children inherit it
            os.sched_setaffinity(0, every)
        except (AttributeError, OSError) as error:
            parser.error(f"--pin {args.pin}: {error}")
        modes.append(Mode(f"pinned to CPU {args.pin}", {args.pin}, [], {k: [] for k in keys}))
        modes.append(Mode("unpinned", every, [], {k: [] for k in keys}))
    else:
        modes.append(Mode("unpinned", set(), [], {k: [] for k in keys}))
    cpu = True
    for round_number in range(1, args.rounds + 1):
        for mode in modes:
            if mode.cpus:
                os.sched_setaffinity(0, mode.cpus)  # the children started now inherit it
            echo, measured = echo_rate(args.seconds)
            cpu &= measured
            mode.echoes.append(echo)
            print(f"round {round_number}, {mode.name}: echo {echo:,.0f} round trips/s",
                  flush=True)  # fmt: skip
            for game, play in keys:
                run = lockstep_rate(game, args.seconds, round_number, play)
                cpu &= run.cpu
                mode.runs[game, play].append(run)
                print(f"  {game:<12} {play:<8} {run.steps:>8,.1f} steps/s, "
                      f"{run.trips:>8,.0f} round trips/s ({run.per_step:.2f}/step, "
                      f"{run.games} games), ratio {run.trips / echo:.2%}, 3-trip ratio "
                      f"{run.steps * STEP_REQUESTS / echo:.2%}", flush=True)  # fmt: skip
    unit = "CPU time (driver + child)" if cpu else "wall time (no /proc here)"
    print(f"\nover {args.rounds} interleaved rounds, in {unit}; min / median / max")
    print(f"machine: {machine()}; codec: {codec()}; load average at the end: {load()}")
    for mode in modes:
        print(f"\n{mode.name}")
        print(f"{'echo round trips/s':<44}{spread(mode.echoes)}")
        for game, play in keys:
            runs = mode.runs[game, play]
            label = f"{game} {play}"
            ratios = [r.trips / e for r, e in zip(runs, mode.echoes, strict=True)]
            steps = [r.steps * STEP_REQUESTS / e for r, e in zip(runs, mode.echoes, strict=True)]
            print(f"{label + ' steps/s':<44}{spread([r.steps for r in runs], ',.1f')}")
            print(f"{label + ' round trips/step':<44}{spread([r.per_step for r in runs], '.2f')}")
            print(f"{label + ' ratio to echo':<44}{spread(ratios, '.2%')}")
            print(f"{label + ' 3-trip ratio to echo':<44}{spread(steps, '.2%')}")
            if all(r.driver_us is not None for r in runs):
                driver = spread([r.driver_us for r in runs], ",.0f")  # type: ignore[misc]
                engine = spread([r.candidate_us for r in runs], ",.0f")  # type: ignore[misc]
                print(f"{label + ' driver CPU us/step':<44}{driver}")
                print(f"{label + ' candidate CPU us/step':<44}{engine}")
        for game in games if len(plays) == 2 else []:
            slower = [
                u.steps / g.steps
                for g, u in zip(mode.runs[game, "guided"], mode.runs[game, "uniform"], strict=True)
            ]
            print(f"{game + ' uniform / guided steps/s':<44}{spread(slower, '.2f')}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
