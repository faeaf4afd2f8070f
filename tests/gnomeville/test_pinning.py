"""Honest pinning: a scenario tagged with a rule must fail on an engine that breaks the rule.

Each mutant is one small source edit of a reference Gnomeville module that breaks one rule
the way a careless engine would. A child process loads the edited module before anything
imports the engine, then runs only the scenarios tagged with that rule (``--rulespec-rule``)
against the mutated reference in-process: they must fail. A tag on a scenario that cannot
fail is a nominal pin, which is what this guards against (the audit of issue 3/4's
catalogue found 26 such rules; each mutant below survived the 82 scenarios it started with
or is one of the rules they did pin). Expected values stay the rulebook's: the mutants only
decide which scenarios must exist, never what they expect.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import NamedTuple

import pytest

from conformance.paths import ROOT

ENGINE = ROOT / "reference_impl" / "gnomeville"


class Mutant(NamedTuple):
    rule: str
    module: str
    old: str
    new: str


MUTANTS = [
    Mutant("GV-ATTACK-SURPRISE", "state", 'self.attack_queue = [[i, "surprise"] for i in stuck]',
           'self.attack_queue = [[i, "surprise"] for i in range(self.n)] if stuck else []'),
    Mutant("GV-ATTACK-ORDER", "enemies", 'd, how = att["moves"].pop(0)',
           'd, how = att["moves"].pop()'),
    Mutant("GV-TROLL-CAP", "enemies", 'TROLL_CAP = TOKENS["trolls_per_player"]',
           'TROLL_CAP = TOKENS["trolls_per_player"] + 1'),
    Mutant("GV-UPGRADE-TIMING", "build",
           '        p.groups = None\n        self.fired.append("GV-MOVE-STEP")',
           '        self.fired.append("GV-MOVE-STEP")'),
    Mutant("GV-BLDG-ACTIVATE", "build", '        self.fired.append("GV-MOVE-ACTIVATE")\n',
           '        self.fired.append("GV-MOVE-ACTIVATE")\n'
           '        p.mushrooms += 1 if kind == "monument" else 0\n'),
    Mutant("GV-TERM-EMPTY-TOKENS", "build",
           "if c is None and i not in occ and height.get(i, 0) <= tier",
           "if c in (None, BOULDER) and i not in occ and height.get(i, 0) <= tier"),
    Mutant("GV-BUILD-SECOND-CHANCE-NO-EFFECT", "build",
           "            p.bag[p.hand] += 1  # type: ignore[index]\n",
           "            p.moves = 1 if p.hand == GNOME else p.moves\n"
           "            p.bag[p.hand] += 1  # type: ignore[index]\n"),
    Mutant("GV-DELIVERY-GAPS", "scoring", "        if gap > g:", "        if gap >= g:"),
    Mutant("GV-EVENT-TIE-FIRST", "scoring", "            out[i] = tie_share(pot, len(top))",
           "            out[i] = pot // len(top)"),
    Mutant("GV-EVENT-TIE-SECOND", "scoring", "            out[i] = tie_share(second, len(nxt))",
           "            out[i] = second // len(nxt)"),
    Mutant("GV-EVENT-PLACES", "scoring", "    if second_paid and len(ranks) > 1:",
           "    for i in [i for i, k in enumerate(keyed) if len(ranks) > 2 and k == ranks[2]]:\n"
           "        out[i] = 1\n    if second_paid and len(ranks) > 1:"),
    Mutant("GV-EVENT-TWO-PLAYERS", "scoring",
           "pts = event_points(values, card[\"goal\"], card[\"first\"], card[\"second\"], False)",
           "pts = event_points(values, card[\"goal\"], card[\"first\"], card[\"second\"], True)"),
    Mutant("GV-SCORE-EVENTS", "scoring", "self.events[: max(0, self.round - 2)]",
           "self.events[: min(2, max(0, self.round - 2))]"),
    Mutant("GV-BOARD-HEDGE", "data",
           "                        if (dr == 0 or dc == 0) and frozenset((i, j)) in hedges:\n"
           "                            continue\n", ""),
    Mutant("GV-BOARD-RIVER", "state",
           "                if gi >= 0:\n                    self._exhaust(pi, gi)",
           "                if gi >= 0:\n                    pass"),
    Mutant("GV-BOARD-TOWER", "build", "height.get(i, 0) <= tier", "height.get(i, 0) <= tier + 1"),
    Mutant("GV-SOLO-RANK", "scoring", "        if score >= threshold:",
           "        if score > threshold:"),
    Mutant("GV-SOLO-EVENT-SCORING", "scoring", 'values[0] <= card["threshold"]',
           'values[0] < card["threshold"]'),
    Mutant("GV-VAR-TBT-ROUND", "build", 'return self.round in self.options["turn_by_turn_rounds"]',
           'return bool(self.options["turn_by_turn_rounds"])'),
    Mutant("GV-VAR-TURN-BY-TURN", "state", "                        active\n",
           "                        len(active) > 1\n"),
    Mutant("GV-VAR-MASTER", "build",
           '            if self.options["master_build"] and p.trigger in group:\n'
           "                targets = [p.trigger]",
           '            if self.options["master_build"]:\n'
           "                targets = [p.trigger] if p.trigger in group else group[:1]"),
    Mutant("GV-COMP-LINES", "data",
           'NEXT: dict[str, tuple[str, ...]] = {k: tuple(v["next"]) for k, v in BUILDINGS.items()}',
           'NEXT: dict[str, tuple[str, ...]] = {k: tuple(v["next"]) for k, v in BUILDINGS.items()}'
           '\nNEXT["armory"] = ("academy",)'),
    Mutant("GV-UPGRADE-MATCH", "build", "cells[k] == kind and k not in occ",
           "cells[k] in TIER and TIER[cells[k]] == TIER[kind] and k not in occ"),
    Mutant("GV-UPGRADE-OCCUPIED", "build", "cells[k] == kind and k not in occ", "cells[k] == kind"),
    Mutant("GV-UPGRADE-TIER5", "build", "TIER[kind] >= 5", "TIER[kind] > 5"),
    Mutant("GV-UPGRADE-NONE-LEFT", "build", "            p.cells[j] = None\n        stack.sort()",
           "            p.cells[j] = None if new is not None or j != i else kind\n"
           "        stack.sort()"),
    Mutant("GV-UPGRADE-STACK", "build", "        stack.sort()\n",
           "        stack.pop()\n        stack.sort()\n"),
    Mutant("GV-BOULDER-DESTROY", "enemies", "        if gi >= 0 and p.gnomes[gi].hammer:",
           "        if gi >= 0 and (p.gnomes[gi].hammer or p.gnomes[gi].sword):"),
    Mutant("GV-SWORD-DEFEAT", "enemies",
           "                if gi >= 0 and p.gnomes[gi].sword:\n"
           "                    p.mushrooms += 1",
           "                if gi >= 0 and p.gnomes[gi].sword and False:\n"
           "                    p.mushrooms += 1"),
    Mutant("GV-TILES-TO-BAG", "enemies", "            p.bag[kind] += 1", "            pass"),
    Mutant("GV-EXHAUST", "enemies", "        g.graduated = False", "        pass"),
    Mutant("GV-BLDG-ACADEMY", "build", "            if not g.graduated:\n",
           "            if True:\n"),
    Mutant("GV-BLDG-MONUMENT", "build", "p.moves = p.stump_moves() + p.monuments()",
           "p.moves = p.stump_moves()"),
    Mutant("GV-BLDG-HOUSE", "build", "if j not in occ and p.cells[j] not in (TROLL, BOULDER):",
           "if j not in occ and p.cells[j] != TROLL:"),
    Mutant("GV-MOVE-EMPTY", "build",
           '            p.mushrooms += 1\n            self.fired.append("GV-MOVE-EMPTY")',
           '            p.mushrooms += 2\n            self.fired.append("GV-MOVE-EMPTY")'),
    Mutant("GV-MOVE-TROLL", "build", "(c == TROLL and not g.sword) or ", ""),
    Mutant("GV-MOVE-STEP", "data",
           "j = rr * self.cols + cc if 0 <= rr < self.rows and 0 <= cc < self.cols else -1",
           "j = (rr % self.rows) * self.cols + (cc % self.cols)"),
    Mutant("GV-BUILD-DRAW", "build",
           'if p.bag_size() > 0 and (p.status == "building" or self._may_rejoin(pi)):',
           'if p.status == "building" or self._may_rejoin(pi):'),
    Mutant("GV-SCORE-FULL-TOWN", "data", "FULL_TOWN_BONUS = 10", "FULL_TOWN_BONUS = 9"),
    Mutant("GV-COMP-STACK-TABLE", "data", '    return STACK_TABLE["per_tile"] * height + bonus',
           '    return STACK_TABLE["per_tile"] * height + (bonus if height != 7 else 1)'),
    Mutant("GV-REFRESH-FULL-TOWN", "state", "            if p.full_town:\n",
           "            if p.full_town and False:\n"),
    Mutant("GV-BUY-LIMIT", "state", "p.buys_left = self.round", "p.buys_left = self.round + 1"),
    Mutant("GV-END-ADJACENCY-TIE", "scoring", "share = tie_share(high + low, 2)",
           "share = (high + low) // 2"),
    Mutant("GV-END-TIEBREAK", "scoring", "keys = [(p.score, p.buildings(), p.mushrooms)",
           "keys = [(p.score, p.mushrooms, p.buildings())"),
    Mutant("GV-BUILD-STUCK", "build", "if p.stumps >= len(p.board.stumps):",
           "if p.stumps >= len(p.board.stumps) - 1:"),
    Mutant("GV-EXHAUST-REDEPLOY", "state", "if c not in (TROLL, BOULDER) and i not in occ",
           "if c is None and i not in occ"),
    Mutant("GV-DESTROYED-TO-SUPPLY", "delivery",
           "            if p.cells[i] == BOULDER:\n                self.boulder_supply += 1",
           "            if False:\n                self.boulder_supply += 1"),
]  # fmt: skip

CHILD = """
import importlib.util, json, os, sys
mutant = json.loads(os.environ["GV_MUTANT"])
path = os.path.join(mutant["engine"], mutant["module"] + ".py")
name = "reference_impl.gnomeville." + mutant["module"]
source = open(path, encoding="utf-8").read()
spec = importlib.util.spec_from_file_location(name, path)
module = importlib.util.module_from_spec(spec)
sys.modules[name] = module
exec(compile(source.replace(mutant["old"], mutant["new"]), path, "exec"), module.__dict__)
import pytest
sys.exit(pytest.main(["-q", "-p", "no:cacheprovider", mutant["suite"],
                      "--rulespec-rule", mutant["rule"]]))
"""


def _id(mutant: Mutant) -> str:
    return mutant.rule


def test_every_mutant_edits_its_module_in_exactly_one_place() -> None:
    for mutant in MUTANTS:
        source = (ENGINE / f"{mutant.module}.py").read_text(encoding="utf-8")
        assert source.count(mutant.old) == 1, (mutant.rule, mutant.old)


def test_every_mutated_rule_is_in_the_catalogue() -> None:
    from conformance import catalogue

    known = {rule.id for rule in catalogue.load("gnomeville").rules}
    assert {m.rule for m in MUTANTS} <= known
    assert len({m.rule for m in MUTANTS}) == len(MUTANTS)


@pytest.mark.slow
@pytest.mark.parametrize("mutant", MUTANTS, ids=_id)
def test_the_scenarios_tagged_with_a_rule_fail_on_an_engine_breaking_it(
    mutant: Mutant, tmp_path: Path
) -> None:
    env = {
        **os.environ,
        "GV_MUTANT": json.dumps({
            **mutant._asdict(),
            "engine": str(ENGINE),
            "suite": str(ROOT / "conformance" / "suite" / "test_gnomeville.py"),
        }),
    }  # fmt: skip
    run = subprocess.run(
        [sys.executable, "-c", CHILD], cwd=ROOT, env=env, capture_output=True, text=True,
        timeout=300,
    )  # fmt: skip
    assert run.returncode == 1, f"{mutant.rule} survived:\n{run.stdout[-1500:]}{run.stderr[-1500:]}"
    assert " failed" in run.stdout.splitlines()[-1]
