"""Random playouts with the reference engines, JSON-lines traces, and their replay.

A trace holds, per game: a ``setup`` record (game, players, options, seed), one ``action``
record per action applied (chance outcomes included, so the replay needs no seed), and a
``final`` record (canonical state and outcome). Replaying applies the actions to a new
game and compares the final canonical state.
"""

from __future__ import annotations

import json
import random
import time
from collections.abc import Iterator
from dataclasses import dataclass
from typing import IO, Any

from reference_impl.core import CHANCE, GameDefinition, GameState, sample_chance


@dataclass(frozen=True)
class PlayoutResult:
    index: int
    seed: int
    actions: int
    scores: tuple[int, ...]
    winners: tuple[int, ...]
    details: dict[str, Any]


def play_one(
    game: GameDefinition,
    num_players: int,
    options: dict[str, Any],
    seed: int,
    index: int = 0,
    trace: IO[str] | None = None,
    max_actions: int = 1_000_000,
) -> PlayoutResult:
    """One uniformly random legal playout; chance by its probabilities, all from ``seed``."""
    rng = random.Random(seed)
    state = game.new_game(num_players, options)
    if trace is not None:
        _write(
            trace,
            {
                "type": "setup",
                "game_index": index,
                "game": game.id,
                "num_players": num_players,
                "options": options,
                "seed": seed,
            },
        )
    actions = 0
    while not state.is_terminal():
        if actions >= max_actions:
            raise RuntimeError(f"{game.id} game {index} (seed {seed}) passed {max_actions} actions")
        if CHANCE in state.to_act():
            action = sample_chance(state, rng)
        else:
            legal = state.legal_actions()
            if not legal:
                raise RuntimeError(
                    f"{game.id} game {index} (seed {seed}): no legal action for "
                    f"{state.to_act()} after {actions} actions"
                )
            action = legal[rng.randrange(len(legal))]
        state.apply(action)
        actions += 1
        if trace is not None:
            _write(trace, {"type": "action", "game_index": index, "action": action})
    outcome = state.outcome()
    if trace is not None:
        _write(
            trace,
            {
                "type": "final",
                "game_index": index,
                "state": state.to_canonical(),
                "outcome": outcome.to_json(),
            },
        )
    return PlayoutResult(index, seed, actions, outcome.scores, outcome.winners, outcome.details)


def play_many(
    game: GameDefinition,
    num_players: int,
    options: dict[str, Any],
    games: int,
    seed: int,
    trace: IO[str] | None = None,
) -> Iterator[PlayoutResult]:
    master = random.Random(seed)
    for index in range(games):
        yield play_one(game, num_players, options, master.randrange(2**63), index, trace)


def _write(handle: IO[str], record: dict[str, Any]) -> None:
    handle.write(json.dumps(record, ensure_ascii=False, separators=(",", ":")) + "\n")


@dataclass(frozen=True)
class ReplayResult:
    index: int
    actions: int
    matches: bool
    problem: str = ""


def replay(lines: IO[str], get_game: Any) -> Iterator[ReplayResult]:
    """Replay every game of a trace; each result says whether the final state matches."""
    state: GameState | None = None
    index = -1
    actions = 0
    for number, line in enumerate(lines, start=1):
        if not line.strip():
            continue
        try:
            record = json.loads(line)
            kind = record["type"]
        except (json.JSONDecodeError, KeyError, TypeError):
            raise ValueError(f"trace line {number}: not a trace record: {line[:80]!r}") from None
        if kind == "setup":
            state = get_game(record["game"]).new_game(record["num_players"], record["options"])
            index, actions = record["game_index"], 0
        elif state is None:
            raise ValueError(f"trace line {number}: {kind!r} record before any setup record")
        elif kind == "action":
            state.apply(record["action"])
            actions += 1
        elif kind == "final":
            final = state.to_canonical()
            same = final == record["state"]
            yield ReplayResult(index, actions, same, "" if same else "final state differs")
            state = None
        else:
            raise ValueError(f"trace line {number}: unknown record type {kind!r}")
    if state is not None:
        yield ReplayResult(index, actions, False, "trace ends before the game's final record")


def throughput(results: list[PlayoutResult], seconds: float) -> tuple[float, float]:
    total = sum(r.actions for r in results)
    seconds = max(seconds, 1e-9)
    return len(results) / seconds, total / seconds


def timed(function: Any, *args: Any) -> tuple[Any, float]:
    start = time.perf_counter()
    value = function(*args)
    return value, time.perf_counter() - start
