"""``rulespec campaign GAME --engine CMD``: differential play on Dask, budgeted and loud.

Exit status: 0 when shards ran and none diverged or failed; 1 on a divergence; 3 when the
engine or the harness failed (a shard crashed, timed out, answered garbage, or no shard
ran); 4 on a usage error.
"""

from __future__ import annotations

import json
import sys
import time
from pathlib import Path

import click
from click.exceptions import Exit

from conformance.cli.analysis import err, fail, known_game, out
from conformance.cli.base import DURATION, PATH, Command, argument, unusable_folder
from conformance.specification import catalogue


def _needs_the_campaign_extra() -> None:
    """A usage error naming the extra when Dask is not installed (``--replay`` runs a shard
    in this process and does without it)."""
    try:
        import distributed  # noqa: F401
    except ImportError as error:
        fail(f"rulespec campaign runs on Dask, which the 'campaign' extra installs ({error}):"
             " pip install 'rulespec[campaign]'", code=4)  # fmt: skip


class _Progress:
    """A live line on a terminal; a plain line every few seconds in a pipe or CI log."""

    def __init__(self, label: str, budget_seconds: float | None) -> None:
        self.label, self.budget = label, budget_seconds
        self.tty = sys.stderr.isatty()
        self.last = 0.0

    def __call__(self, summary: object) -> None:
        now = time.monotonic()
        if not self.tty and now - self.last < 5:
            return
        self.last = now
        elapsed = summary.elapsed  # type: ignore[attr-defined]
        rate = summary.steps / max(elapsed, 1e-9)  # type: ignore[attr-defined]
        budget = f"/{self.budget:.0f}s" if self.budget else ""
        line = (
            f"{self.label}: {elapsed:.0f}s{budget}  shards {len(summary.results)}  "  # type: ignore[attr-defined]
            f"games {summary.games}  steps {summary.steps}  {rate:.0f} steps/s  "  # type: ignore[attr-defined]
            f"rules {len(summary.fired)}  divergences {len(summary.divergences)}"  # type: ignore[attr-defined]
        )
        if self.tty:
            sys.stderr.write("\r\x1b[K" + line)
        else:
            sys.stderr.write(line + "\n")
        sys.stderr.flush()

    def done(self) -> None:
        if self.tty:
            sys.stderr.write("\n")


@click.command("campaign", cls=Command)
@argument("game", "game id")
@click.option("--engine", required=True, help="the candidate engine command (POSIX shell words)")
@click.option("--budget", type=DURATION, default="60s", help="wall-time budget, e.g. 60s, 10m, 1h")
@click.option("--games", type=int, help="stop after this many games")
@click.option("--steps", type=int, help="stop after this many steps")
@click.option("--max-divergences", type=int, default=1, help="stop after N divergences")
@click.option("--players", type=int, multiple=True, help="player counts to play (default: all)")
@click.option("--scheduler", help="an existing Dask scheduler, tcp://HOST:PORT")
@click.option("--workers", type=int, help="local workers (default: one per core)")
@click.option("--shard-games", type=int, default=2, help="games per shard")
@click.option("--seed", type=int, default=0, help="first seed of the plan")
@click.option("--timeout", type=DURATION, default="10s", help="per engine request, e.g. 10, 10s")
@click.option("--shrink-seconds", type=DURATION, default="30s",
              help="shrinking budget per divergence")  # fmt: skip
@click.option("--out", "out_dir", type=PATH, default=Path("rulespec-campaign"),
              help="where reports and scenarios go")  # fmt: skip
@click.option("--replay", help="replay one shard id in this process, no Dask")
def campaign(
    game: str, engine: str, budget: float, games: int | None, steps: int | None,
    max_divergences: int, players: tuple[int, ...], scheduler: str | None,
    workers: int | None, shard_games: int, seed: int, timeout: float, shrink_seconds: float,
    out_dir: Path, replay: str | None,
) -> None:  # fmt: skip
    """Differential play against the reference, split into deterministic shards on Dask."""
    from conformance.campaign import driver, report, worker
    from conformance.campaign.shards import Shard, ShardError

    known_game(game, catalogue.games_with_catalogue())
    problem = unusable_folder(out_dir) if replay is None else None
    if problem:  # found now, not once the campaign is over
        fail(f"--out {out_dir}: {problem}", code=4)
    if shard_games < 1 or max_divergences < 1:
        fail("--shard-games and --max-divergences must be at least 1", code=4)
    if replay is not None:
        try:
            shard = Shard.parse(replay)
        except ShardError as error:
            fail(str(error), code=4)
        if shard.game != game:
            fail(f"shard {replay} is of game {shard.game!r}, not {game!r}", code=4)
        result = worker.run_shard(shard, engine, timeout=timeout, shrink_seconds=shrink_seconds)
        out.print(
            json.dumps(
                {k: v for k, v in result.to_json().items() if k != "divergence"}, ensure_ascii=False
            ),
            markup=False,
        )
        if result.divergence is not None:
            shown = {k: v for k, v in result.divergence.items() if k != "feature"}
            out.print(json.dumps(shown, ensure_ascii=False), markup=False)
            out.print(result.divergence["feature"], markup=False)
        raise Exit(0 if result.status == "passed" else 1 if result.status == "failed" else 3)
    counts = list(players) or None  # none given: every player count
    configs = driver.configurations([game], counts)
    if not configs:
        fail(f"{game} has no player count among {counts}", code=4)
    limits = driver.Budget(budget, games, steps, max_divergences)
    _needs_the_campaign_extra()
    progress = _Progress(f"campaign {game}", limits.seconds)
    try:
        summary = driver.run(
            configs,
            engine,
            limits,
            scheduler=scheduler,
            workers=workers,
            games_per_shard=shard_games,
            first_seed=seed,
            shard_options={"timeout": timeout, "shrink_seconds": shrink_seconds},
            on_progress=progress,
        )
    except driver.CampaignError as error:
        fail(str(error), code=3)
    except KeyboardInterrupt:
        err.print("interrupted")
        raise Exit(2) from None
    finally:
        progress.done()
    written = report.write_all(summary, [game], engine, out_dir)
    document = json.loads(written["summary"].read_text(encoding="utf-8"))
    coverage = document["coverage"][game]
    out.print(
        f"campaign {game}: {document['shards']} shards, {document['games_played']} games, "
        f"{document['steps']} steps in {document['elapsed_seconds']:.0f}s "
        f"({document['steps_per_second']:.0f} steps/s); rules reached {coverage['reached']}/"
        f"{coverage['rules']}; stopped: {document['stopped']}",
        markup=False,
    )
    for name, info in document["workers"].items():
        out.print(
            f"  worker {name}: {info['steps']} steps, {info['steps_per_second']:.0f}/s",
            markup=False,
        )
    for field, count in document["divergences_by_first_field"].items():
        out.print(f"  divergences at {field}: {count}", markup=False)
    for entry in document["divergences"]:
        out.print(
            f"  {entry['shard']}: {entry['kind']} at step {entry['step']}, first "
            f"difference {entry['first_field']}; rules {', '.join(entry['rules']) or '-'};"
            f" scenario {entry['scenario']}",
            markup=False,
        )
    for problem in document["harness_problems"]:
        out.print(
            f"  {problem['shard']}: {problem['status']}: {problem['message'][:200]}", markup=False
        )
    out.print(
        f"summary {written['summary']}, reports {written['jsonl']}, {written['junit']}, "
        f"{written['html']}",
        markup=False,
    )
    if document["harness_problems"] or not document["shards"]:
        raise Exit(3)
    raise Exit(1 if document["divergences"] else 0)


def register(app: click.Group) -> None:
    app.add_command(campaign)
