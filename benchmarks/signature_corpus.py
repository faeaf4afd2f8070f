"""Rank a corpus run's divergences again by kill signatures: which rule's reference mutants
fail the same scenarios the engine fails (mutation-based fault localisation over the whole
suite, after Metallaxis-FL: Papadakis and Le Traon, 2015).

``rulespec mutate GAME --killers 40 --report GAME.jsonl`` runs every mutant of the reference
against the scenarios that run its lines until 40 have failed, so the report lists each
mutant's kill set (a kill matrix; 2,454 Gnomeville mutants took 21 minutes on two cores).
For each divergence a ``bench_corpus.py --json`` run recorded, this script scores every rule
by its best mutant's Ochiai similarity between the mutant's kill set K and the engine's
failing scenarios F, |F and K| / sqrt(|F| |K|); a mutant counts for the rule its line names
(:func:`conformance.levels.rule_sites.rules_for_line`: the statement's comment, the nearest
rule its code names, else its function's docstring), and for every rule of its function only
where the line names none. Among the rules corroboration finds failing their own scenarios,
the best scored is blamed (ties and rules without a mutant keep the shipped order); a
divergence with no failing candidate keeps the shipped primary. With ``--exact`` a signature
counts only where some candidate's mutant fails exactly the scenarios the engine fails
(similarity 1); otherwise the shipped primary stands. It prints, per batch and game, how
often the primary rule is the planted bug's, without and with signatures. Usage::

    python benchmarks/signature_corpus.py RUN.json [RUN2.json ...] \\
        --matrix gnomeville=spec/gnomeville/kill_matrix.json \\
        --matrix isle_traces=it.jsonl [--exact] [--misses]

A matrix is a shipped ``kill_matrix.json`` or a ``--killers`` report (made into one here).
Only the games given a matrix are ranked. ``--exact`` is what the judge does since session 21
(:mod:`conformance.levels.kill_signatures`, among the scenarios judged in the session); this
script weighs the recorded evidence of runs made before, or variants of the rule, without
playing a game. Nothing here is a test: the corpus is a measure.
"""

from __future__ import annotations

import argparse
import json
import math
import sys
from collections import defaultdict
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # the checkout's packages
sys.path.insert(0, str(Path(__file__).resolve().parent))  # rerank_corpus, beside it

from rerank_corpus import batches, print_counts, rebuilt

from conformance.levels import kill_signatures
from conformance.levels.corroboration import corroborate, rule_areas, rule_illustrations
from conformance.mutation import kill_matrix, report


def kill_sets(game: str, path: Path) -> list[tuple[tuple[str, ...], frozenset[str]]]:
    """(the rules its line implements, kill set) of every mutant of a kill matrix: a shipped
    ``kill_matrix.json``, or a ``rulespec mutate --killers`` report made into one now."""
    if path.suffix == ".json":
        matrix = kill_signatures.read(path, game)
    else:
        read = report.read_jsonl(path, game)
        made = kill_matrix.build(game, read.records, read.header, str(path))
        matrix = kill_signatures.read_data(made, str(path))
    return [(mutant.rules, mutant.killed_by) for mutant in matrix.mutants]


def scores(
    failing: set[str], matrix: list[tuple[tuple[str, ...], frozenset[str]]]
) -> dict[str, float]:
    """Each rule's best Ochiai similarity between a mutant's kill set and ``failing``."""
    best: dict[str, float] = {}
    for rules, killers in matrix:
        shared = len(failing & killers)
        if shared:
            similarity = shared / math.sqrt(len(failing) * len(killers))
            for rule in rules:
                best[rule] = max(best.get(rule, 0.0), similarity)
    return best


#: an Ochiai similarity this close to 1 is a mutant failing exactly the engine's scenarios
EXACT = 1 - 1e-9


def shipped_order(game: str, blame: dict[str, Any]) -> list[str]:
    """The rules the shipped order ranks for a recorded divergence, primary first (the
    reported primary alone when the run recorded no candidates)."""
    if not blame.get("considered"):
        return [blame.get("primary")] if blame.get("primary") else []
    attribution, tallies = rebuilt(blame)
    shipped = corroborate(attribution, tallies, rule_areas(game), rule_illustrations(game))
    return [b.rule for b in shipped.ranked]


def primary(
    blame: dict[str, Any], order: list[str], best: dict[str, float], exact: bool = False
) -> str | None:
    """The failing candidate with the best score, the shipped ``order`` breaking ties (with
    ``exact``, only a candidate one of whose mutants fails exactly the engine's failing
    scenarios; else the shipped primary)."""
    considered = [c["rule"] for c in blame.get("considered") or []]
    failing = {c["rule"] for c in blame.get("considered") or [] if c["failed"]}
    candidates = [r for r in dict.fromkeys(order + considered) if r in failing]
    top = max((best.get(r, 0.0) for r in candidates), default=0.0)
    if not top or (exact and top < EXACT):
        return order[0] if order else None
    return next(r for r in candidates if best.get(r, 0.0) >= top - 1e-9)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("runs", type=Path, nargs="+", help="bench_corpus.py --json files")
    parser.add_argument("--matrix", action="append", default=[], metavar="GAME=REPORT",
                        help="a game's rulespec mutate --killers report (repeatable)")  # fmt: skip
    parser.add_argument("--exact", action="store_true",
                        help="weigh a signature only where a mutant fails exactly the engine's "
                             "failing scenarios")  # fmt: skip
    parser.add_argument("--misses", action="store_true", help="list the bugs blamed wrongly")
    args = parser.parse_args()
    matrices = {}
    for item in args.matrix:
        game, _, path = item.partition("=")
        matrices[game] = kill_sets(game, Path(path))
    batch_of = batches()
    counts: dict[tuple[str, str], list[int]] = defaultdict(lambda: [0, 0, 0])
    for run in args.runs:
        for outcome in json.loads(run.read_text("utf-8")):
            game, rule = outcome["game"], outcome["rule"]
            if game not in matrices or not outcome["bug"] or not outcome["primary"]:
                continue
            suite = f"test_{game}.py::"
            failing = {kill_signatures.scenario_key(t)
                       for t in outcome.get("failing_tests") or [] if suite in t}  # fmt: skip
            best = scores(failing, matrices[game])
            blames = outcome.get("blames") or []
            recorded = {b.get("primary") for b in blames}
            others = {p for p in outcome["primary"] if p not in recorded}  # invariants' rules
            orders = [shipped_order(game, b) for b in blames]
            shipped = others | {order[0] if order else None for order in orders}
            pairs = zip(blames, orders, strict=True)
            signed = others | {primary(b, o, best, args.exact) for b, o in pairs}
            entry = counts[(batch_of.get((game, outcome["bug"]), "?"), game)]
            entry[0] += rule in shipped
            entry[1] += rule in signed
            entry[2] += 1
            if args.misses and rule not in signed:
                print(f"miss {game:11} {outcome['bug']:28} {rule:26} "
                      f"blamed {sorted(map(str, signed))}")  # fmt: skip
    print_counts(counts, "shipped / by signature")
    everything = [sum(c[i] for c in counts.values()) for i in range(3)]
    print(f"all: {everything[0]} / {everything[1]} of {everything[2]}")


if __name__ == "__main__":
    main()
