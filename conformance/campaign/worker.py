"""One shard, played in whichever process runs it (a Dask worker, or this one on replay).

The candidate runs as a subprocess, the reference in-process; each game of the shard is a
lockstep game (:func:`conformance.levels.differential.lockstep`) whose choices come from
``random.Random(seed)``. The shard stops at its first divergence, which is shrunk once,
within its own time budget, into a ready-to-run Gherkin scenario.
"""

from __future__ import annotations

import os
import random
import socket
import time
from dataclasses import asdict, dataclass, field
from typing import Any

from conformance.campaign.shards import Shard
from conformance.engine.client import EngineClient, InProcessClient, SubprocessClient
from conformance.engine.errors import HarnessError
from conformance.engine.recording import FiredRecorder
from conformance.levels.campaign import GameCut, option_plan, step_horizon
from conformance.levels.campaign import fallback_rule as default_rule
from conformance.levels.differential import Divergence, divergence_feature, lockstep, shrink
from conformance.levels.reproduction import DEFAULT_SECONDS as DEFAULT_REPRODUCE_SECONDS

STEP_BOUND = 100_000


@dataclass
class ShardResult:
    """What one shard did; plain data, so it crosses process and machine boundaries."""

    shard: str
    worker: str
    games: int = 0
    steps: int = 0
    seconds: float = 0.0  # wall time of the shard
    cpu: float = 0.0  # CPU time of the process that drove it (not the engine's)
    fired: list[str] = field(default_factory=list)  # rules the reference fired
    starts: dict[str, int] = field(default_factory=dict)  # games per option reading
    status: str = "passed"  # passed, failed (divergence) or the harness status
    divergence: dict[str, Any] | None = None
    message: str = ""
    #: what the candidate's handshake said: name, version, language, capabilities, games
    engine: dict[str, Any] = field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        return asdict(self)

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> ShardResult:
        return cls(**data)


def _worker_name() -> str:
    try:
        from distributed import get_worker

        return str(get_worker().address)
    except (ImportError, ValueError):
        return f"{socket.gethostname()}:{os.getpid()}"


def first_field(divergence: Divergence) -> str:
    """What differed first: a state or outcome path, or the kind of listing."""
    if divergence.kind in ("state", "start", "outcome"):
        for line in divergence.detail.splitlines():
            path = line.strip().split(":", 1)[0]
            if path:
                return path
        return divergence.kind
    return {
        "legal": "legal actions",
        "chance": "chance probabilities",
        "refused": "refused a legal action",
    }.get(divergence.kind, divergence.kind)


def run_shard(
    shard: Shard,
    engine: str,
    *,
    timeout: float = 10.0,
    shell: bool = False,
    cwd: str | None = None,
    shrink_seconds: float = 30.0,
    fallback_rule: str = "",
    deadline: float | None = None,
) -> ShardResult:
    """Play every game of ``shard`` against ``engine``; deterministic from the shard id.

    ``deadline`` (seconds since the epoch) stops the shard when the campaign's time is up,
    even inside a game: the games it did play are those a replay plays first, so any
    divergence it found replays the same.
    """
    started, cpu_started = time.monotonic(), time.process_time()
    result = ShardResult(shard.id, _worker_name())
    reference = FiredRecorder(InProcessClient())
    reference.handshake()
    candidate: EngineClient | None = None
    try:
        candidate = SubprocessClient(engine, timeout, shell, cwd=cwd)
        candidate.handshake()
        plan = option_plan(shard.game, shard.players, candidate.games.get(shard.game, {}))
        result.engine = {
            **{key: candidate.identity.get(key) for key in ("name", "version", "language")},
            "capabilities": sorted(candidate.capabilities), "games": sorted(candidate.games),
        }  # fmt: skip
        for seed in shard.seeds():
            rng = random.Random(seed)
            choices: list[int] = []
            label, options = plan[seed % len(plan)]  # every declared reading, in turn
            result.starts[label] = result.starts.get(label, 0) + 1
            try:
                result.steps += lockstep(
                    candidate,
                    reference,
                    shard.game,
                    shard.players,
                    options,
                    _chooser(rng, deadline),
                    step_horizon(shard.game),
                    choices,
                    chance_by_probability=True,
                )
            except GameCut as cut:
                result.steps += cut.steps
                result.games += 1
                continue
            except _TimeUp:
                result.steps += len(choices)
                result.message = f"stopped by the campaign's deadline in game {seed}"
                break
            except Divergence as found:
                result.games += 1
                result.steps += len(found.actions)
                result.status = "failed"
                probe = (engine, shell, timeout)  # the engine's scenarios, from here
                result.divergence = _divergence(
                    candidate,
                    reference.client,
                    found,
                    choices,
                    seed,
                    shrink_seconds,
                    fallback_rule,
                    probe if cwd is None or os.path.samefile(cwd, os.getcwd()) else None,
                )
                result.message = str(found).splitlines()[0]
                break
            result.games += 1
    except HarnessError as error:
        result.status = error.status
        result.message = str(error)[:4000]
    finally:
        if candidate is not None:
            candidate.close()
        result.fired = sorted(reference.fired)
        result.seconds = time.monotonic() - started
        result.cpu = time.process_time() - cpu_started
    return result


class _TimeUp(Exception):
    """The campaign's deadline passed during a game."""


def _chooser(rng: random.Random, deadline: float | None) -> Any:
    def choose(count: int) -> int:
        if deadline is not None and time.time() > deadline:
            raise _TimeUp
        return rng.randrange(count)

    return choose


def _divergence(
    candidate: EngineClient,
    reference: EngineClient,
    found: Divergence,
    choices: list[int],
    seed: int,
    shrink_seconds: float,
    fallback_rule: str,
    probe: tuple[str, bool, float] | None = None,
    reproduce_seconds: float = DEFAULT_REPRODUCE_SECONDS,
) -> dict[str, Any]:
    """The shrunk divergence, blamed (with the reference's mutants that do what the
    candidate did, :mod:`conformance.levels.reproduction`); with ``probe`` (the engine
    command, shell, timeout) the blame is corroborated with the game's scenarios, probed
    against the engine from this worker once, as the differential level does without a
    scenario level (a probe that judges nothing leaves the code evidence as it was)."""
    smaller = shrink(candidate, reference, found, choices, shrink_seconds,
                     chance_by_probability=True)  # fmt: skip
    blame = smaller.blamed()
    if reproduce_seconds:
        from conformance.levels.reproduction import with_reproduction

        blame = smaller.blame = with_reproduction(smaller, blame, reproduce_seconds)
    if probe is not None:
        from conformance.levels.corroboration import probed

        blame = smaller.blame = probed(blame, found.game, *probe)
        smaller.rules = blame.rules
    return {
        "seed": seed,
        "kind": found.kind,
        "first_field": first_field(found),
        "step": len(found.actions),
        "rules": blame.rules[:1],
        "blame": blame.to_json(),
        "headline": smaller.headline(),
        "options": found.options,
        "detail": found.detail,
        "shrunk_steps": len(smaller.actions),
        "feature": divergence_feature(smaller, fallback_rule or default_rule(found.game)),
    }
