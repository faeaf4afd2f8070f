"""A campaign's unit of work: a shard is (game, player count, first seed, number of games).

Every game of a shard is a lockstep game whose every choice comes from
``random.Random(seed)``, so a shard is deterministic from its id alone: a divergence found
on any machine replays on any other from ``notre_dame-3p-s120-n10``.
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Iterator
from dataclasses import dataclass

SHARD_ID = re.compile(
    r"^(?P<game>[a-z][a-z0-9_]*)-(?P<players>\d+)p-s(?P<seed>\d+)-n(?P<games>\d+)$"
)


class ShardError(ValueError):
    """A shard id that does not parse; the message shows the expected form."""


@dataclass(frozen=True)
class Shard:
    game: str
    players: int
    seed: int
    games: int

    @property
    def id(self) -> str:
        return f"{self.game}-{self.players}p-s{self.seed}-n{self.games}"

    def seeds(self) -> range:
        return range(self.seed, self.seed + self.games)

    @classmethod
    def parse(cls, text: str) -> Shard:
        found = SHARD_ID.match(text.strip())
        if found is None:
            raise ShardError(
                f"not a shard id: {text!r} (expected GAME-<players>p-s<seed>-n<games>, "
                "e.g. notre_dame-3p-s120-n10)"
            )
        return cls(found["game"], int(found["players"]), int(found["seed"]), int(found["games"]))


def plan(
    configurations: list[tuple[str, int]], games_per_shard: int, first_seed: int = 0
) -> Iterator[Shard]:
    """Shards round-robin over the configurations, seeds never reused: an endless plan
    that a budget cuts short. Configuration ``k`` of ``n`` takes seed blocks ``k, k+n, ...``
    so the plan is the same whatever the budget."""
    count = len(configurations)
    for block in itertools.count():
        for index, (game, players) in enumerate(configurations):
            start = first_seed + (block * count + index) * games_per_shard
            yield Shard(game, players, start, games_per_shard)
