"""Regenerate the golden traces (the recorded games) of ``spec/<game>/recorded/`` on purpose.

    .venv/bin/python scripts/regen_golden.py            # every game
    .venv/bin/python scripts/regen_golden.py neom       # one game

Each file is a ``rulespec play --trace`` recording (setup, every action with chance
outcomes, final state and outcome) of random games of the reference engine under the
edition's default options, from the fixed seeds below. The errata impact report
(``rulespec errata impact``) replays them under a ruleset before and after an erratum;
``tests/rulings/test_errata.py`` checks that they still replay as recorded. Regenerate
only when a game's rules (or the playout's sampling) deliberately change, review the diff,
and update ``EXPECTED_TRACES`` in ``tests/rulings/test_errata.py`` from
``rulespec errata impact GAME ERRATUM`` (the traces each example erratum changes).
"""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from conformance.levels.playout import play_many  # noqa: E402
from conformance.specification.errata import recorded_dir  # noqa: E402
from reference_impl import registry  # noqa: E402

#: game -> (players, seed, games) of each golden file
CORPUS: dict[str, list[tuple[int, int, int]]] = {
    "gnomeville": [(2, 1, 3), (3, 2, 2)],
    "isle_traces": [(2, 1, 2), (4, 2, 1)],
    "neom": [(2, 1, 2), (3, 2, 1)],
    "notre_dame": [(2, 1, 2), (4, 2, 1)],
    "villagers": [(1, 1, 3)],
}


def regenerate(game: str) -> list[Path]:
    """Write every golden file of ``game``; returns their paths."""
    definition = registry.get_game(game)
    directory = recorded_dir(game)  # the checkout's spec/ (run from a checkout)
    directory.mkdir(parents=True, exist_ok=True)
    for stale in directory.glob("*.jsonl"):
        stale.unlink()
    written = []
    for players, seed, games in CORPUS[game]:
        path = directory / f"{players}p-seed{seed}.jsonl"
        options = definition.resolve_options({})
        with path.open("w", encoding="utf-8") as handle:
            for _ in play_many(definition, players, options, games, seed, handle):
                pass
        written.append(path)
    return written


def main(argv: list[str]) -> int:
    for game in argv or sorted(CORPUS):
        if game not in CORPUS:
            print(f"unknown game {game!r} (known: {', '.join(sorted(CORPUS))})", file=sys.stderr)
            return 2
        for path in regenerate(game):
            print(f"wrote {path.relative_to(ROOT)} ({path.stat().st_size:,} bytes)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
