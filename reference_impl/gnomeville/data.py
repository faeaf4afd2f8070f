"""Component data for Gnomeville, read from ``spec/gnomeville/components.yaml``.

Implements GV-COMP-NAMES, GV-COMP-BOARD, GV-COMP-STACK-TABLE (the data, not the play).
"""

from __future__ import annotations

from typing import Any

from reference_impl.components import component

GAME_ID = "gnomeville"

BUILDINGS: dict[str, dict[str, Any]] = component(GAME_ID, "buildings")
KINDS: tuple[str, ...] = tuple(sorted(BUILDINGS))
TIER: dict[str, int] = {k: v["tier"] for k, v in BUILDINGS.items()}  # GV-COMP-LINES: the tiers
LINE: dict[str, str] = {k: v["line"] for k, v in BUILDINGS.items()}
# GV-COMP-LINES
NEXT: dict[str, tuple[str, ...]] = {k: tuple(v["next"]) for k, v in BUILDINGS.items()}
SUPPLY_COUNT: dict[str, int] = {k: v["count"] for k, v in BUILDINGS.items()}  # GV-COMP-TILES
GNOME = "gnome"
TILE_KINDS: tuple[str, ...] = (*KINDS, GNOME)
TROLL = "troll"
BOULDER = "boulder"

STARTING_BAG: dict[str, int] = component(GAME_ID, "starting-bag")
TOKENS: dict[str, int] = component(GAME_ID, "tokens")
BOARDS: dict[str, dict[str, Any]] = component(GAME_ID, "town-boards")
STACK_TABLE: dict[str, Any] = component(GAME_ID, "stack-scoring")
TROLL_CARDS: dict[str, dict[str, Any]] = {c["id"]: c for c in component(GAME_ID, "troll-cards")}
EVENTS: dict[str, dict[str, Any]] = {c["id"]: c for c in component(GAME_ID, "event-cards")}
DELIVERIES: dict[str, dict[str, Any]] = {c["id"]: c for c in component(GAME_ID, "delivery-cards")}
GOALS: dict[str, dict[str, Any]] = {c["id"]: c for c in component(GAME_ID, "goal-cards")}
ABILITIES: tuple[str, ...] = tuple(component(GAME_ID, "ability-cards"))
SOLO_RANKS: list[list[Any]] = component(GAME_ID, "solo-ranks")

# GV-MOVE-STEP
DIRS: dict[str, tuple[int, int]] = {"N": (-1, 0), "E": (0, 1), "S": (1, 0), "W": (0, -1)}
DELIVERY_GAPS: tuple[int, ...] = (5, 10, 15)  # GV-DELIVERY-GAPS: > 5, > 10, > 15
FULL_TOWN_BONUS = 10  # GV-SCORE-FULL-TOWN
EVENT_FIRST_ROUND = 3


def stack_points(height: int) -> int:
    """Points of one upgrade stack: per-tile points plus the height bonus (GV-SCORE-STACK;
    GV-COMP-STACK-TABLE, the provisional table; GV-SCORE-STACK-EX: 6 tiles score 6 + 2)."""
    bonus = STACK_TABLE["bonus"].get(str(height))
    if bonus is None:
        # GV-COMP-STACK-TABLE: above the table
        bonus = max(0, height - 4) if height > 4 else 0
    return STACK_TABLE["per_tile"] * height + bonus


class Board:
    """Geometry of one town board kind (frozen after construction): the grid, centre and
    stumps of GV-COMP-BOARD, the provisional layouts of GV-BOARD-LAYOUTS."""

    __slots__ = (
        "boulders",
        "centre",
        "cols",
        "diag",
        "height",
        "move_order",
        "name",
        "nbrs",
        "ortho",
        "ring",
        "river",
        "row_slices",
        "rows",
        "size",
        "stumps",
        "takes",
    )

    def __init__(self, name: str, spec: dict[str, Any]) -> None:
        self.name = name
        self.rows = spec["rows"]
        self.cols = spec["cols"]
        self.size = self.rows * self.cols
        #: the slice of each row of the board in its list of cells, top to bottom
        self.row_slices = tuple(slice(r * self.cols, (r + 1) * self.cols) for r in range(self.rows))
        self.centre = spec["centre"][0] * self.cols + spec["centre"][1]
        self.stumps = tuple(spec["stumps"])  # GV-COMP-BOARD: movement per stump
        hedges = {  # GV-BOARD-HEDGE
            frozenset((a[0] * self.cols + a[1], b[0] * self.cols + b[1])) for a, b in spec["hedges"]
        }
        # the river's spaces (GV-BOARD-RIVER); its bridges ("bridges" in the data) are not
        # river spaces and need nothing of the engine, so only the renderer reads them
        self.river = frozenset(r * self.cols + c for r, c in spec["river"])
        # GV-BOARD-BOULDERS
        self.boulders = tuple(sorted(r * self.cols + c for r, c in spec["boulders"]))
        self.height = {  # GV-BOARD-TOWER: N+ spaces
            int(k.split(",")[0]) * self.cols + int(k.split(",")[1]): v
            for k, v in spec["height"].items()
        }
        # GV-BOARD-TOWER: the spaces a tile of each tier may go on (height at most the tier)
        self.takes = {
            tier: tuple(i for i in range(self.size) if self.height.get(i, 0) <= tier)
            for tier in sorted(set(TIER.values()))
        }
        # GV-TROLL-MOVE-ORDER: the sort key of the trolls moving each way, the troll furthest
        # in the direction first
        self.move_order = {
            d: tuple(-((i // self.cols) * dr + (i % self.cols) * dc) for i in range(self.size))
            for d, (dr, dc) in DIRS.items()
        }
        # ortho[i]: dir -> neighbour index or -1 when off board or behind a hedge (for gnomes,
        # upgrades and ballistas); nbrs[i]: dir -> neighbour ignoring hedges (for enemies).
        self.ortho: list[dict[str, int]] = []
        self.nbrs: list[dict[str, int]] = []
        self.diag: list[tuple[int, ...]] = []
        self.ring: list[tuple[int, ...]] = []
        for i in range(self.size):
            r, c = divmod(i, self.cols)
            o: dict[str, int] = {}
            n: dict[str, int] = {}
            for d, (dr, dc) in DIRS.items():
                rr, cc = r + dr, c + dc
                j = rr * self.cols + cc if 0 <= rr < self.rows and 0 <= cc < self.cols else -1
                n[d] = j
                # GV-BOARD-HEDGE: a hedge blocks gnomes and upgrades (not enemies: nbrs)
                o[d] = -1 if j < 0 or frozenset((i, j)) in hedges else j
            self.ortho.append(o)
            self.nbrs.append(n)
            around = []
            ring = []
            for dr in (-1, 0, 1):  # GV-BLDG-ADJACENT: the 8 spaces around
                for dc in (-1, 0, 1):
                    rr, cc = r + dr, c + dc
                    if (dr or dc) and 0 <= rr < self.rows and 0 <= cc < self.cols:
                        j = rr * self.cols + cc
                        ring.append(j)
                        # GV-BOARD-HEDGE: a hedge blocks a ballista too
                        if (dr == 0 or dc == 0) and frozenset((i, j)) in hedges:
                            continue
                        around.append(j)
            self.diag.append(tuple(around))
            self.ring.append(tuple(ring))

    def coord(self, i: int) -> list[int]:
        return [i // self.cols, i % self.cols]

    def index(self, space: Any) -> int:
        """Index of a ``[row, col]`` space, or -1 when it is not on this board."""
        if (
            isinstance(space, list)
            and len(space) == 2
            and all(type(x) is int for x in space)
            and 0 <= space[0] < self.rows
            and 0 <= space[1] < self.cols
        ):
            return space[0] * self.cols + space[1]
        return -1


BOARD_GEOMETRY: dict[str, Board] = {name: Board(name, spec) for name, spec in BOARDS.items()}
