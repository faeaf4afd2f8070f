"""Regenerate the golden traces (the recorded games) of a game's ``recorded/`` on purpose.

    .venv/bin/python scripts/regen_golden.py            # every registered game
    .venv/bin/python scripts/regen_golden.py neom       # one game

Each file is a ``rulespec play --trace`` recording (setup, every action with chance
outcomes, final state and outcome) of random games of the reference engine under the
edition's default options. A file is regenerated as it is: ``<players>p-seed<seed>.jsonl``
holding as many games as it held; a game with no recorded games yet gets one file of two
games at its smallest player count, seed 1. The errata impact report
(``rulespec errata impact``) replays them under a ruleset before and after an erratum;
``tests/rulings/test_errata.py`` checks that they still replay as recorded. Regenerate
only when a game's rules (or the playout's sampling) deliberately change, review the diff,
and update ``EXPECTED_TRACES`` in ``tests/rulings/test_errata.py`` from
``rulespec errata impact GAME ERRATUM`` (the traces each example erratum changes).
"""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from conformance.levels.playout import play_many  # noqa: E402
from conformance.specification.errata import recorded_dir  # noqa: E402
from reference_impl import registry  # noqa: E402

NAME = re.compile(r"^(\d+)p-seed(\d+)\.jsonl$")


def corpus(game: str) -> list[tuple[int, int, int]]:
    """``(players, seed, games)`` of each golden file of ``game``, read from the files."""
    found = []
    for path in sorted(recorded_dir(game).glob("*.jsonl")):
        named = NAME.match(path.name)
        if named is None:
            raise SystemExit(f"{path}: not named <players>p-seed<seed>.jsonl")
        lines = path.read_text(encoding="utf-8").splitlines()
        games = sum(1 for line in lines if json.loads(line).get("type") == "setup")
        found.append((int(named[1]), int(named[2]), games))
    if not found:
        found.append((registry.get_game(game).min_players, 1, 2))
    return found


def regenerate(game: str) -> list[Path]:
    """Write every golden file of ``game``; returns their paths."""
    definition = registry.get_game(game)
    plan = corpus(game)
    directory = recorded_dir(game)  # the game's spec folder (a checkout's, not a wheel's)
    directory.mkdir(parents=True, exist_ok=True)
    for stale in directory.glob("*.jsonl"):
        stale.unlink()
    written = []
    for players, seed, games in plan:
        path = directory / f"{players}p-seed{seed}.jsonl"
        options = definition.resolve_options({})
        with path.open("w", encoding="utf-8") as handle:
            for _ in play_many(definition, players, options, games, seed, handle):
                pass
        written.append(path)
    return written


def main(argv: list[str]) -> int:
    known = registry.available_games()
    for game in argv or known:
        if game not in known:
            print(f"unknown game {game!r} (known: {', '.join(known)})", file=sys.stderr)
            return 2
        for path in regenerate(game):
            print(f"wrote {path} ({path.stat().st_size:,} bytes)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
