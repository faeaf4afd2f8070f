"""Gnomeville engines with one rule deliberately broken, served over the protocol (issue 8).

``python -m tests.fauxengines.gnomeville_bugs BUG`` serves the reference Gnomeville with one
fault injected; everything else (the protocol, the other rules) is the reference's, so the
harness must find the fault through the rules alone. The faults:

  fourth-troll     a town takes a fourth troll (breaks GV-TROLL-CAP)
  lost-tile        every upgrade loses one tile of its stack (breaks GV-UPGRADE-STACK,
                   caught by the conservation of tiles GV-COMP-TILES)
  tie-round-down   an event tie split is rounded down, not up (breaks GV-EVENT-TIE-FIRST)

The faults are patched into this process only, when it serves; importing this module
changes nothing.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from typing import Any

from reference_impl.gnomeville import GAME
from reference_impl.server import Server

BUGS: dict[str, str] = {
    "fourth-troll": "GV-TROLL-CAP",
    "lost-tile": "GV-UPGRADE-STACK",
    "tie-round-down": "GV-EVENT-TIE-FIRST",
}


def _fourth_troll() -> None:
    """Break GV-TROLL-CAP: the cap the attack resolution reads becomes four."""
    from reference_impl.gnomeville import enemies

    enemies.TROLL_CAP = enemies.TROLL_CAP + 1


def _lost_tile() -> None:
    """Break GV-UPGRADE-STACK: one tile of each upgrade never reaches the stack."""
    from reference_impl.gnomeville.build import BuildRules

    upgrade = BuildRules._upgrade

    def lossy(self: Any, pi: int, i: int, new: str | None) -> None:
        upgrade(self, pi, i, new)
        p = self.players[pi]
        stack = p.open_stack if p.open_stack is not None else p.stacks[-1]
        stack.pop()

    BuildRules._upgrade = lossy  # type: ignore[method-assign]


def _tie_round_down() -> None:
    """Break GV-EVENT-TIE-FIRST (and -SECOND): event ties share points rounded down."""
    from reference_impl.gnomeville import scoring

    event_points = scoring.event_points

    def floor_share(points: int, tied: int) -> int:
        return points // tied

    def rounded_down(*args: Any) -> list[int]:
        share, scoring.tie_share = scoring.tie_share, floor_share
        try:
            return event_points(*args)
        finally:
            scoring.tie_share = share

    scoring.event_points = rounded_down


INSTALL: dict[str, Callable[[], None]] = {
    "fourth-troll": _fourth_troll,
    "lost-tile": _lost_tile,
    "tie-round-down": _tie_round_down,
}


def main(argv: list[str]) -> int:
    if len(argv) != 1 or argv[0] not in INSTALL:
        print(f"usage: gnomeville_bugs {{{'|'.join(INSTALL)}}}", file=sys.stderr)
        return 2
    INSTALL[argv[0]]()
    sys.stdin.reconfigure(encoding="utf-8")  # type: ignore[union-attr]
    sys.stdout.reconfigure(encoding="utf-8")  # type: ignore[union-attr]
    return Server({"gnomeville": GAME}).serve(sys.stdin, sys.stdout)


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
