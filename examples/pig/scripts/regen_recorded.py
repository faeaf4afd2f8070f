"""Regenerate Pig's recorded games (``src/rulespec_pig/spec/recorded/``) on purpose.

    python scripts/regen_recorded.py

Each file is a ``rulespec play --trace`` recording (setup, every action with chance
outcomes, final state and outcome) of random games of the reference engine under the
edition's default options, from the fixed seeds below. ``rulespec errata impact pig
example-goal-fifty`` replays them before and after the erratum. Regenerate only when the
rules deliberately change, and review the diff.
"""

from __future__ import annotations

from pathlib import Path

from conformance.levels.playout import play_many

from rulespec_pig.engine import GAME

RECORDED = Path(__file__).resolve().parent.parent / "src" / "rulespec_pig" / "spec" / "recorded"
#: (players, seed, games) of each golden file
CORPUS = [(2, 1, 2), (4, 2, 1)]


def main() -> None:
    RECORDED.mkdir(parents=True, exist_ok=True)
    for stale in RECORDED.glob("*.jsonl"):
        stale.unlink()
    for players, seed, games in CORPUS:
        path = RECORDED / f"{players}p-seed{seed}.jsonl"
        with path.open("w", encoding="utf-8") as handle:
            for _ in play_many(GAME, players, GAME.resolve_options({}), games, seed, handle):
                pass
        print(path)


if __name__ == "__main__":
    main()
