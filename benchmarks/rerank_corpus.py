"""Re-rank a corpus run's divergences offline with the shipped blame order.

``bench_corpus.py --json FILE`` keeps, for every divergence the deep levels blamed, what
corroboration weighed per candidate rule (the report's ``blame.considered``: the rule's rank
in the code evidence and among the rules applied at the step, whether a refusal cites it,
whether its evidence is direct, and how many of its own scenarios failed). Those are
recorded before any ranking, so this script can rebuild each attribution and rank it again
with :func:`conformance.levels.corroboration.corroborate` as it is now, without playing a
game (``--without-reproduction``: leaving out the reference's mutants that did what the
candidate did, :mod:`conformance.levels.reproduction`; ``--without-signatures``: leaving
out the kill signatures a run since session 21 recorded,
:mod:`conformance.levels.kill_signatures`): a change to the order is judged on the tuning
batch of an existing run in seconds, and checked on a held-out batch it was not chosen on.

It prints, per batch and game, how often the primary rule is the planted bug's: as the run
reported it, and as the current order ranks the same evidence. Usage::

    python benchmarks/rerank_corpus.py corpus.json
    python benchmarks/rerank_corpus.py corpus.json --misses   # the bugs blamed wrongly
    python benchmarks/rerank_corpus.py corpus.json --either-reader  # either label counts

A clean engine that fails (Gnomeville's departs from a ruling on purpose, as its README
says) is listed apart with the rules it is blamed on, as run and as ranked now: a change
to the order that moves a known departure shows there.

``--either-reader`` counts a primary rule right when it is the planter's or one the second
blind reader named for the bug (``second_reader.json``): where two readers of the rulebook
name different rules for one bug (a clause and its worked example, a component and the
setup rule that uses it), a judge naming either has not named a rule the bug leaves alone.
"""

from __future__ import annotations

import argparse
import json
import tomllib
from collections import defaultdict
from pathlib import Path
from typing import Any

from conformance.levels import corroboration
from conformance.levels.attribution import Attribution, Blame
from conformance.levels.corroboration import (
    REPRODUCTIONS,
    ScenarioTally,
    corroborate,
    rule_areas,
    rule_illustrations,
)
from conformance.levels.kill_signatures import KilledMutant, Signature
from conformance.levels.reproduction import Reproduced

CORPUS = Path(__file__).resolve().parent / "corpus"
#: the place a rebuilt attribution shows at, where its recorded ``seen`` failures show
RECORDED = "recorded"


def batches() -> dict[tuple[str, str], str]:
    """Each corpus bug's batch (``tuning`` for the entries without one), by (game, bug)."""
    found = {}
    for folder in sorted(CORPUS.iterdir()):
        if (folder / "bugs.toml").exists():
            for bug in tomllib.loads((folder / "bugs.toml").read_text("utf-8"))["bug"]:
                found[(folder.name, bug["id"])] = bug.get("batch", "tuning")
    return found


def second_readers_rules() -> dict[tuple[str, str], set[str]]:
    """The rules the second blind reader named for each bug, by (game, bug): its rule and
    those it could not choose between (``second_reader.json``, :mod:`label_agreement`)."""
    labels = json.loads((CORPUS / "second_reader.json").read_text("utf-8"))
    return {(label["game"], label["id"]): {label["rule"], *label.get("also", [])}
            for label in labels}  # fmt: skip


def rebuilt(
    blame: dict[str, Any], reproduction: bool = True
) -> tuple[Attribution, dict[str, ScenarioTally]]:
    """The attribution and scenario tallies a recorded blame was corroborated from (with
    ``reproduction`` false, without the mutants that did what the candidate did)."""
    considered = blame.get("considered") or []
    applied = sorted((c for c in considered if c["applied_rank"] is not None),
                     key=lambda c: c["applied_rank"])  # fmt: skip
    evidence = sorted((c for c in considered if c["evidence_rank"] is not None),
                      key=lambda c: c["evidence_rank"])  # fmt: skip
    blames = [Blame(c["rule"], "recorded", c["cited"], c["direct"]) for c in evidence]
    reproduced = {c["rule"]: Reproduced(c["rule"], c["exact"], c["partly"], "recorded",
                                        line_exact=c.get("line_exact", 0),
                                        line_partly=c.get("line_partly", 0),
                                        data_exact=c.get("data_exact", 0),
                                        data_partly=c.get("data_partly", 0))
                  for c in considered
                  if reproduction and any(c.get(k) for k in REPRODUCTIONS)}  # fmt: skip
    attribution = Attribution(blames[:3], [], [c["rule"] for c in applied], blames,
                              reproduced=reproduced, places=[RECORDED])  # fmt: skip
    # a rule's failing scenarios seen where the divergence showed (``seen``: runs since
    # session 30) stand in as that many failures at the one recorded place
    tallies = {c["rule"]: ScenarioTally(c["failed"], c["run"], ((RECORDED,),) * c.get("seen", 0))
               for c in considered if c["run"]}  # fmt: skip
    return attribution, tallies


def recorded_signatures(blame: dict[str, Any]) -> dict[str, Signature]:
    """The rules a recorded blame found signed by the game's kill matrix (``considered``'s
    ``signature``: runs since session 21), each with a stand-in for its mutant."""
    stand_in = KilledMutant((), "recorded", "recorded", frozenset())
    return {c["rule"]: Signature(c["rule"], stand_in, 0)
            for c in blame.get("considered") or [] if c.get("signature")}  # fmt: skip


def reranked(
    game: str, blame: dict[str, Any], reproduction: bool = True, signatures: bool = True
) -> str | None:
    """The primary rule the current order gives the recorded evidence (the reported one
    when the run recorded no candidates); ``signatures`` false leaves out the kill
    signatures the run recorded."""
    if not blame.get("considered"):
        return blame.get("primary")
    attribution, tallies = rebuilt(blame, reproduction)
    signed = recorded_signatures(blame) if signatures else {}
    return corroborate(attribution, tallies, rule_areas(game), rule_illustrations(game),
                       signed).primary  # fmt: skip


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("run", type=Path, help="a bench_corpus.py --json file")
    parser.add_argument("--misses", action="store_true", help="list the bugs blamed wrongly")
    parser.add_argument("--without-reproduction", action="store_true",
                        help="leave out the mutants that did what the candidate did")  # fmt: skip
    parser.add_argument("--without-signatures", action="store_true",
                        help="leave out the kill signatures the run recorded")  # fmt: skip
    parser.add_argument("--seen", choices=("any", "count", "off"),
                        default=corroboration.SEEN_WEIGHT,
                        help="how a rule's failing scenarios that show where the divergence "
                             "does are weighed (off: as before session 30)")  # fmt: skip
    parser.add_argument("--reproduced", choices=("exact", "partly", "none"),
                        default=corroboration.REPRODUCED_FORWARD,
                        help="which reproductions bring a rule none of whose scenarios fail "
                             "forward (partly: as shipped)")  # fmt: skip
    parser.add_argument("--data", choices=("first", "alone", "ties", "off"),
                        default=corroboration.DATA_FORWARD,
                        help="where a rule whose component data's one-value change did what "
                             "the candidate did stands (runs since session 32)")  # fmt: skip
    parser.add_argument("--citation", choices=("first", "share"),
                        default=corroboration.CITATION_WHEN_NOTHING_FAILS,
                        help="where a cited rule stands when no rule weighed fails a scenario "
                             "(share: as before session 34)")  # fmt: skip
    parser.add_argument("--shown", choices=("first", "off"),
                        default=corroboration.SHOWN_WHEN_NOTHING_FAILS,
                        help="where a rule failing its scenarios where the divergence shows "
                             "stands when no rule weighed fails one (off: as before session "
                             "34)")  # fmt: skip
    parser.add_argument("--either-reader", action="store_true",
                        help="count a primary rule right when it is the planter's or one the "
                             "second blind reader named (second_reader.json)")  # fmt: skip
    args = parser.parse_args()
    corroboration.SEEN_WEIGHT = args.seen
    corroboration.REPRODUCED_FORWARD = args.reproduced
    corroboration.DATA_FORWARD = args.data
    corroboration.CITATION_WHEN_NOTHING_FAILS = args.citation
    corroboration.SHOWN_WHEN_NOTHING_FAILS = args.shown
    batch_of = batches()
    readers = second_readers_rules() if args.either_reader else {}
    counts: dict[tuple[str, str], list[int]] = defaultdict(lambda: [0, 0, 0])
    reproduction = not args.without_reproduction
    signatures = not args.without_signatures
    for outcome in json.loads(args.run.read_text("utf-8")):
        if not outcome["primary"]:
            continue  # a bug no deep level found, or a clean engine that passed
        game, rule = outcome["game"], outcome["rule"]
        blames = outcome.get("blames") or []
        recorded = {b.get("primary") for b in blames}
        others = {p for p in outcome["primary"] if p not in recorded}  # invariants' rules
        now = others | {reranked(game, b, reproduction, signatures) for b in blames}
        if not outcome["bug"]:  # a clean engine's own departure: its rule is in its README
            print(f"clean {game:11} blamed {sorted(map(str, outcome['primary']))} as run, "
                  f"{sorted(map(str, now))} as ranked now")  # fmt: skip
            continue
        entry = counts[(batch_of.get((game, outcome["bug"]), "?"), game)]
        right = {rule} | readers.get((game, outcome["bug"]), set())
        entry[0] += bool(right & set(outcome["primary"]))
        entry[1] += bool(right & now)
        entry[2] += 1
        if args.misses and not right & now:
            print(f"miss {game:11} {outcome['bug']:28} {rule:26} blamed {sorted(map(str, now))}")
    label = "either reader's rule" if args.either_reader else "the bug's"
    print_counts(counts, "as run / as ranked now", label)


def print_counts(
    counts: dict[tuple[str, str], list[int]], columns: str, label: str = "the bug's"
) -> None:
    """Per batch, then per game: how often each of two rankings named the bug's rule (or, as
    ``label`` says, one of the rules counted right), of how many bugs (``counts``: (batch,
    game) -> [first right, second right, bugs])."""
    for batch in sorted({b for b, _ in counts}):
        rows = {g: c for (b, g), c in counts.items() if b == batch}
        total = [sum(c[i] for c in rows.values()) for i in range(3)]
        print(f"{batch}: primary rule is {label}, {columns}: "
              f"{total[0]} / {total[1]} of {total[2]}")  # fmt: skip
        for game, (first, second, of) in sorted(rows.items()):
            print(f"  {game:11} {first} / {second} of {of}")


if __name__ == "__main__":
    main()
