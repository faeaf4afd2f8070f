"""How much of the planted-bug corpus the default ``rulespec check`` flags, and whom it blames.

``benchmarks/corpus/<game>/`` holds an engine written from the public documents only (by
someone who never read ``reference_impl/``) and ``bugs.toml``: one-line rule bugs planted in
it, each switched on by ``CORPUS_BUG=<id>`` and mapped to the one catalogue rule it breaks.
For the clean engine and each bug this runs the default ``rulespec check --game GAME
--engine "python engine.py"`` (no level flag, the default budget) and reports:

- flagged: the run exits 1 (a clean engine must exit 0);
- seconds: the run's wall time;
- blamed: the rules of the failing results (a scenario's tags; a deep level's primary rule,
  blamed on evidence), and whether the bug's own rule is among them (``hit``) or is the
  deep level's primary rule (``primary``).

The corpus measures the suite; it is not a target to tune the scenarios to. Bugs come in
batches (``batch`` in ``bugs.toml``): entries without the field are batch ``tuning``, the set
the blame was developed against; ``heldout-1`` to ``heldout-5`` were planted later, each by
someone who read the documents only (never the reference or the blame code) and before any
judge run on them, to measure it honestly: ``heldout-2`` after the ranking was chosen on the
other two, ``heldout-3`` after the reference's mutants joined the evidence, ``heldout-4`` and
``heldout-5`` with the order unchanged since.
``--batch NAME`` (repeatable) runs only those batches' bugs (and the clean engines); by
default every batch runs. ``--json FILE`` is written again as each run ends (a run cut
short keeps what it finished), with each failing scenario's test id (``failing_tests``) for
:mod:`rerank_corpus`. Usage::

    python benchmarks/bench_corpus.py                      # every game, every bug
    python benchmarks/bench_corpus.py --batch heldout-1 -j 1 --json heldout.json
    python benchmarks/bench_corpus.py --game neom --bug money-round-up cost-strict --budget 10
    python benchmarks/bench_corpus.py -j 2 --json corpus.json
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time
import tomllib
from concurrent.futures import ThreadPoolExecutor
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

CORPUS = Path(__file__).resolve().parent / "corpus"
FAILING = {"failed", "errored", "crashed", "timed out", "protocol error", "unexpected pass"}


@dataclass
class Outcome:
    game: str
    bug: str  # "" for the clean engine
    rule: str
    exit_code: int
    seconds: float
    blamed: list[str] = field(default_factory=list)
    primary: list[str] = field(default_factory=list)  # the deep levels' primary rules
    levels: list[str] = field(default_factory=list)  # the levels that failed
    #: each divergence's blame as reported (its ``considered`` list: what corroboration
    #: weighed per candidate rule), for studying the ranking offline
    blames: list[dict[str, Any]] = field(default_factory=list)
    #: the rules of each failing scenario (the scenario level's evidence, per scenario)
    failing_scenarios: list[list[str]] = field(default_factory=list)
    #: each failing scenario's test id, in the order of ``failing_scenarios``
    failing_tests: list[str] = field(default_factory=list)

    @property
    def flagged(self) -> bool:
        return self.exit_code == 1

    @property
    def hit(self) -> bool:
        return self.rule in self.blamed

    @property
    def primary_hit(self) -> bool:
        return self.rule in self.primary


def corpus_games() -> list[str]:
    """The games the corpus holds an engine and planted bugs for."""
    return sorted(p.name for p in CORPUS.iterdir() if (p / "bugs.toml").exists())


def bugs_of(game: str) -> list[dict[str, str]]:
    return tomllib.loads((CORPUS / game / "bugs.toml").read_text("utf-8"))["bug"]


def batch_of(bug: dict[str, str]) -> str:
    """A bug's batch: its ``batch`` field, ``tuning`` for the entries without one."""
    return bug.get("batch", "tuning")


def judge(game: str, bug: str, rule: str, budget: float | None) -> Outcome:
    """One default ``rulespec check`` of the corpus engine with ``bug`` switched on."""
    folder = CORPUS / game
    with tempfile.TemporaryDirectory(prefix="rulespec-corpus-") as tmp:
        report = Path(tmp) / "run.jsonl"
        command = [sys.executable, "-m", "conformance", "check", "--game", game,
                   "--engine", f"{sys.executable} engine.py", "--report", str(report),
                   "--emit-dir", str(Path(tmp) / "emitted")]  # fmt: skip
        if budget is not None:
            command += ["--budget", str(budget)]
        environment = {**os.environ, "CORPUS_BUG": bug}
        started = time.monotonic()
        done = subprocess.run(command, cwd=folder, env=environment, capture_output=True,
                              text=True, timeout=1800)  # fmt: skip
        seconds = time.monotonic() - started
        outcome = Outcome(game, bug, rule, done.returncode, round(seconds, 1))
        if report.exists():
            for line in report.read_text("utf-8").splitlines():
                entry = json.loads(line)
                if entry.get("type") not in (None, "result") or entry.get("status") not in FAILING:
                    continue
                rules = entry.get("rules") or []
                outcome.blamed += [r for r in rules if r not in outcome.blamed]
                test = entry.get("test", "")
                level = ("differential" if "level_differential" in test else
                         "invariants" if "level_invariants" in test else "scenarios")  # fmt: skip
                if level not in outcome.levels:
                    outcome.levels.append(level)
                if level == "scenarios":
                    if entry.get("concern") is None:  # not a position-validation scenario
                        outcome.failing_scenarios.append(rules)
                        outcome.failing_tests.append(test)
                else:
                    outcome.primary += [r for r in rules[:1] if r not in outcome.primary]
                blame = ((entry.get("stats") or {}).get("divergence") or {}).get("blame")
                if blame:
                    outcome.blames.append(blame)
    return outcome


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", action="append", help="corpus game (repeatable)")
    parser.add_argument("--bug", action="extend", nargs="+", help="only these bug ids (1 or more)")
    parser.add_argument(
        "--batch",
        action="append",
        help="only this batch's bugs ('tuning': entries without one; repeatable)",
    )
    parser.add_argument("--budget", type=float, help="deep levels' budget (default: check's)")
    parser.add_argument("-j", "--jobs", type=int, default=1, help="runs at once")
    parser.add_argument("--json", type=Path, help="write every outcome here")
    args = parser.parse_args()
    games = args.game or corpus_games()
    plan = []
    for game in games:
        if not args.bug:
            plan.append((game, "", ""))
        plan += [(game, b["id"], b["rule"]) for b in bugs_of(game)
                 if (not args.bug or b["id"] in args.bug)
                 and (args.batch is None or batch_of(b) in args.batch)]  # fmt: skip
    if (args.bug or args.batch) and not any(bug for _, bug, _ in plan):
        parser.error(f"no bug of {', '.join(games)} matches --bug {args.bug} --batch {args.batch}")
    outcomes = []
    with ThreadPoolExecutor(max_workers=max(1, args.jobs)) as pool:
        for outcome in pool.map(lambda p: judge(*p, args.budget), plan):
            outcomes.append(outcome)
            _print(outcome)  # as each run ends: a long benchmark shows its progress
            if args.json:  # written as it goes: a run cut short keeps what it finished
                args.json.write_text(json.dumps([asdict(o) for o in outcomes], indent=1), "utf-8")
    print()
    _summarise(games, outcomes)


def _print(outcome: Outcome) -> None:
    name = outcome.bug or "(clean)"
    verdict = ("FLAGGED" if outcome.flagged else "passed" if outcome.exit_code == 0
               else f"exit {outcome.exit_code}")  # fmt: skip
    blame = ("" if not outcome.bug else " right rule" if outcome.hit else " WRONG RULE"
             if outcome.flagged else "")  # fmt: skip
    print(f"{outcome.game:11} {name:28} {verdict:8}{blame:12} {outcome.seconds:6.1f}s "
          f"levels {','.join(outcome.levels) or '-':24} expected {outcome.rule or '-':24} "
          f"blamed {','.join(outcome.blamed[:4]) or '-'}", flush=True)  # fmt: skip


def _summarise(games: list[str], outcomes: list[Outcome]) -> None:
    for game in games:
        mine = [o for o in outcomes if o.game == game and o.bug]
        clean = [o for o in outcomes if o.game == game and not o.bug]
        deep = [o for o in mine if o.primary]
        if mine:
            flagged = [o for o in mine if o.flagged]
            print(f"{game}: flagged {len(flagged)}/{len(mine)}; the bug's rule among those "
                  f"blamed {sum(o.hit for o in flagged)}/{len(flagged)}; deep-level primary "
                  f"rule is the bug's {sum(o.primary_hit for o in deep)}/{len(deep)}; "
                  f"seconds per run median {sorted(o.seconds for o in mine)[len(mine) // 2]}"
                  + (f"; clean engine exit {clean[0].exit_code}" if clean else ""))  # fmt: skip
        elif clean:
            print(f"{game}: clean engine exit {clean[0].exit_code} in {clean[0].seconds}s")


if __name__ == "__main__":
    main()
