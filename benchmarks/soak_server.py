"""Soak the reference server: 100,000 malformed, mutated, hostile and valid messages.

    python benchmarks/soak_server.py [--messages 100000] [--seed 1] [--no-hostile]

In-process. One message in ten is hostile (unless ``--no-hostile``): a ``new_game`` whose
``params`` name unknown rules or parameters, or give values of another type, at the
bounds, or huge lists; a ``load_state`` or ``new_game`` with a list of up to 200,000
items. The slowest reply is printed with its message.

Prints the crashes (an exception out of the server, or not exactly one reply line), the
`internal` replies (the engine failed on its input instead of refusing it by name), the
replies that break the protocol schemas or do not echo the id, the refusals by kind and
the refusals after which the exported state was not what it was before. Every count but
the refusals must be 0; the exit status is 1 otherwise. The messages are those of
``tests/harness/server_fuzz.py`` (the fuzz test sends a few thousand of them per run).
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tests.harness.server_fuzz import FUZZED, GAMES, Fuzzer


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--messages", type=int, default=100_000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--game", action="append", help=f"games to fuzz (default: {FUZZED})")
    parser.add_argument("--no-hostile", action="store_true", help="no hostile params, lists")
    args = parser.parse_args(argv)
    games = {game: GAMES[game] for game in args.game} if args.game else FUZZED
    fuzzer = Fuzzer(random.Random(args.seed), games, hostile=not args.no_hostile)
    print(f"games: {', '.join(sorted(games))}")
    started = time.process_time()
    step = max(1, args.messages // 10)
    slowest = (0.0, "")
    while fuzzer.tally.messages < args.messages:
        fuzzer.last_seconds = 0.0
        fuzzer.step()
        if fuzzer.last_seconds > slowest[0]:
            slowest = (fuzzer.last_seconds, fuzzer.last_request)
        if fuzzer.tally.messages % step == 0:
            print(f"  {fuzzer.tally.messages} messages, {len(fuzzer.tally.failures)} failures",
                  flush=True)  # fmt: skip
    tally = fuzzer.tally
    seconds = time.process_time() - started
    print(f"messages: {tally.messages} ({tally.messages / seconds:.0f}/s CPU), seed {args.seed}")
    print(f"accepted: {tally.accepted}")
    refused = ", ".join(f"{kind} {n}" for kind, n in sorted(tally.refusals.items()))
    print(f"refusals: {sum(tally.refusals.values())} ({refused})")
    print(f"slowest reply (the server's time): {slowest[0]:.3f}s to {slowest[1][:200]}")
    print(f"crashes: {len(tally.crashes)}")
    print(f"invalid replies: {len(tally.bad_replies)}")
    print(f"state changes on refusal: {len(tally.state_changes)}")
    print(f"internal errors (the engine failed on its input): {len(tally.internal_errors)}")
    for line in tally.failures[:20]:
        print(f"  {line}")
    print(f"positions without a legal action (not terminal): {len(tally.stuck)}")
    for line in tally.stuck[:5]:
        print(f"  {line}")
    return 1 if tally.failures else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
