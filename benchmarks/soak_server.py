"""Soak the reference server: 100,000 malformed, mutated, hostile and valid messages.

    python benchmarks/soak_server.py [--messages 100000] [--seed 1] [--no-hostile]

In-process. One message in ten is hostile (unless ``--no-hostile``): a ``new_game`` whose
``params`` name unknown rules or parameters, or give values of another type, at the
bounds, or huge lists; a ``load_state`` or ``new_game`` with a list of up to 200,000
items; a ``load_state`` of the current position holding one card, tile or token in more
copies than ``spec/<game>/components.yaml`` gives (:func:`with_surplus`), which must be
refused. The slowest reply is printed with its message.

Prints the crashes (an exception out of the server, or not exactly one reply line), the
`internal` replies (the engine failed on its input instead of refusing it by name), the
replies that break the protocol schemas or do not echo the id, the refusals by kind and
the refusals after which the exported state was not what it was before, and the surplus
positions accepted. Every count but the refusals must be 0; the exit status is 1 otherwise.
The messages are those of ``tests/harness/server_fuzz.py`` (the fuzz test sends a few
thousand of them per run).
"""

from __future__ import annotations

import argparse
import copy
import random
import sys
import time
from functools import cache
from pathlib import Path
from typing import Any

import yaml

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from rulespec.resources import SPEC_DIR
from tests.harness.server_fuzz import FUZZED, GAMES, Fuzzer


@cache
def components(game: str) -> dict[str, Any]:
    """The components file's data by component id (the counts a surplus exceeds)."""
    text = (SPEC_DIR / game / "components.yaml").read_text(encoding="utf-8")
    return {entry["id"]: entry["data"] for entry in yaml.safe_load(text)["components"]}


def with_surplus(state: dict[str, Any], rng: random.Random) -> dict[str, Any] | None:
    """``state`` (a canonical position) with one component in more copies than the game
    has, out of the decks and supply (where every game counts them); None for a game
    without a recipe."""
    state = copy.deepcopy(state)
    game = state["game"]
    if game == "notre_dame":  # one action card per colour (ND-SETUP-DECKS)
        card = rng.choice(components(game)["action-cards"])
        state["players"][0]["cards"] = [card] * (state["num_players"] + 1)
    elif game == "villagers":  # VL-COMP-COPIES, VL-COMP-ROAD
        data = components(game)
        name = rng.choice(sorted(data["villagers"]))
        copies = data["villager-copies"]["default"] + (name in data["starting-road"])
        state["player"]["hand"] = [*state["player"]["hand"], *[name] * (copies + 1)]
    elif game == "isle_traces":  # 36 map cards (IT-COMP-CARDS)
        cards = len(components(game)["map-cards"])
        fresh = 1000 + max((c["id"] for c in state["deck"]), default=0)
        blank = [["plains"] * 6, ["road"] * 6]
        state["deck"] = [{"id": fresh + k, "faces": blank} for k in range(cards + 1)]
    elif game == "gnomeville":  # GV-COMP-TILES: a building kind's supply count
        kind, data = rng.choice(sorted(components(game)["buildings"].items()))
        state["players"][0]["bag"][kind] = data["count"] + 1
    elif game == "neom":  # NM-COMP-TILES: a cornerstone's copies, in a city
        tile = rng.choice(components(game)["cornerstones"]["tiles"])
        row = state["players"][0]["city"][0]
        row[: tile["count"] + 1] = [tile["name"]] * (tile["count"] + 1)
    else:
        return None
    return state


class SurplusFuzzer(Fuzzer):
    """The fuzzer, one hostile message in four a ``load_state`` of a surplus position
    (:func:`with_surplus`): accepting one is a failure (``surplus_accepted``)."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        self.surplus_ids: set[int] = set()
        self.surplus_accepted: list[str] = []
        self.surplus_sent = 0
        super().__init__(*args, **kwargs)

    def _hostile(self) -> dict[str, Any]:
        state = self.server.state
        if state is not None and self.rng.random() < 0.25:
            canonical = state.to_canonical()
            surplus = None if canonical["options"].get("params") else with_surplus(
                canonical, self.rng)  # fmt: skip
            if surplus is not None:  # a ruleset's params may change the counts: not those
                request = self._request("load_state", state=surplus)
                self.surplus_ids.add(request["id"])
                self.surplus_sent += 1
                return request
        return super()._hostile()

    def _check(self, request: Any, reply: Any, before: Any) -> None:
        super()._check(request, reply, before)
        ident = request.get("id") if isinstance(request, dict) else None
        surplus = type(ident) is int and ident in self.surplus_ids
        if surplus and isinstance(reply, dict) and reply.get("ok"):
            self.surplus_accepted.append(self.last_request[:200])


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--messages", type=int, default=100_000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--game", action="append", help=f"games to fuzz (default: {FUZZED})")
    parser.add_argument("--no-hostile", action="store_true", help="no hostile params, lists")
    args = parser.parse_args(argv)
    games = {game: GAMES[game] for game in args.game} if args.game else FUZZED
    fuzzer = SurplusFuzzer(random.Random(args.seed), games, hostile=not args.no_hostile)
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
    accepted = fuzzer.surplus_accepted
    print(f"surplus positions (more copies than the game has): {fuzzer.surplus_sent} sent, "
          f"{len(accepted)} accepted")  # fmt: skip
    for line in accepted[:5]:
        print(f"  {line}")
    return 1 if tally.failures or accepted else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
