"""A Gnomeville engine whose armory hands out no sword: a bug in a rule random play seldom
reaches, for the differential level's rule-guided search (issue 15).

``python -m tests.harness.rare_rule_engine`` serves the reference games over the protocol
with one rule's effect altered: a gnome entering an armory does not take a sword (breaks
GV-BLDG-ARMORY). ``rulespec firing`` figures: uniformly random 2-player games reach the
armory in about 1 game in 300 (seeded runs of 300 games: 1), so uniform play with the
default budget almost never sees the bug. The fault is patched in when it serves;
importing this module changes nothing.
"""

from __future__ import annotations

import sys
from typing import Any

from reference_impl.server import Server

BROKEN_RULE = "GV-BLDG-ARMORY"


def install() -> None:
    """Break GV-BLDG-ARMORY: taking the armory's (optional) effect fires as before, but the
    gnome keeps no sword."""
    from reference_impl.gnomeville.build import BuildRules

    use = BuildRules._use

    def no_sword(self: Any, pi: int, act: dict[str, Any]) -> None:
        gnome = self.players[pi].gnomes[act["gnome"]]
        had = gnome.sword
        use(self, pi, act)
        if act["kind"] == "armory":
            gnome.sword = had

    BuildRules._use = no_sword  # type: ignore[method-assign]


def main() -> int:
    install()
    sys.stdin.reconfigure(encoding="utf-8")  # type: ignore[union-attr]
    sys.stdout.reconfigure(encoding="utf-8")  # type: ignore[union-attr]
    return Server().serve(sys.stdin, sys.stdout)


if __name__ == "__main__":
    raise SystemExit(main())
