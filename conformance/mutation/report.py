"""The mutation report of a game: score, survivors by rule, share killed per rule.

The score is (killed + timed out) / (mutants - equivalent - invalid - not imported): the
share of the wrong engines that the L2 scenarios catch. A survivor recorded as equivalent in
``spec/<game>/mutants.yaml`` is triaged and leaves the denominator; every other survivor
is a rule the scenarios pin too weakly (or a mutant still to triage). The score counting
equivalents (``score_counting_equivalents``: equivalent mutants left in the denominator, as
survivors) is shown beside it, so that a triage file cannot raise the figure unseen; so is
the number of mutants not made because they only decide what ``fired`` reports
(``skipped_instrumentation``, see :mod:`conformance.mutation.generate`).

Written as JSON lines (``--report FILE``): a ``header`` line, one ``mutant`` line per mutant
(the mutant, its outcome, the killing scenario, the triage reason), a ``summary`` line. The
last run of each game is kept in the cache folder for the HTML rulebook.
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from dataclasses import dataclass, field
from html import escape
from pathlib import Path
from typing import TYPE_CHECKING, Any

from conformance.mutation import DEFAULT_CACHE

if TYPE_CHECKING:  # reading a report needs neither mutmut nor libcst
    from conformance.mutation.generate import Mutant
    from conformance.mutation.run import Outcome
    from conformance.mutation.triage import Triage

NO_RULE = "(no rule named)"


@dataclass
class RuleTally:
    total: int = 0
    killed: int = 0
    equivalent: int = 0
    survivors: list[dict[str, Any]] = field(default_factory=list)

    @property
    def share(self) -> float | None:
        judged = self.total - self.equivalent
        return self.killed / judged if judged else None


@dataclass
class Summary:
    game: str
    records: list[dict[str, Any]]  # one per mutant: mutant fields, outcome, triage
    skipped: dict[str, int] = field(default_factory=dict)  # mutants not made, by reason
    header: dict[str, Any] = field(default_factory=dict)  # a read report's run (its header)

    def count(self, status: str) -> int:
        return sum(1 for r in self.records if r["status"] == status)

    @property
    def equivalent(self) -> list[dict[str, Any]]:
        return [r for r in self.records if r["status"] == "survived" and r.get("equivalent")]

    @property
    def survivors(self) -> list[dict[str, Any]]:
        """Survivors not triaged as equivalent: the weakly pinned rules."""
        return [r for r in self.records if r["status"] == "survived" and not r.get("equivalent")]

    @property
    def contradicted(self) -> list[dict[str, Any]]:
        """Mutants the triage file calls equivalent that a scenario killed: the recorded
        reason is wrong (the mutant changes what the engine does), so the entry must go."""
        return [r for r in self.records
                if r["status"] in ("killed", "timed out") and r.get("contradicts")]  # fmt: skip

    @property
    def killed(self) -> int:
        return self.count("killed") + self.count("timed out")

    @property
    def judged(self) -> int:
        left_out = self.count("invalid") + self.count("not imported")
        return len(self.records) - len(self.equivalent) - left_out

    @property
    def score(self) -> float | None:
        return self.killed / self.judged if self.judged else None

    @property
    def score_counting_equivalents(self) -> float | None:
        """The score with the equivalent mutants counted as survivors."""
        judged = self.judged + len(self.equivalent)
        return self.killed / judged if judged else None

    def by_rule(self) -> dict[str, RuleTally]:
        tallies: dict[str, RuleTally] = {}
        for record in self.records:
            if record["status"] in ("invalid", "not imported"):
                continue
            for rule in record["rules"] or [NO_RULE]:
                tally = tallies.setdefault(rule, RuleTally())
                tally.total += 1
                if record["status"] in ("killed", "timed out"):
                    tally.killed += 1
                elif record.get("equivalent"):
                    tally.equivalent += 1
                else:
                    tally.survivors.append(record)
        return dict(sorted(tallies.items(), key=lambda kv: (kv[1].share or 0, kv[0])))

    def totals(self) -> dict[str, Any]:
        return {
            "mutants": len(self.records), "killed": self.count("killed"),
            "timed_out": self.count("timed out"), "survived": self.count("survived"),
            "equivalent": len(self.equivalent), "invalid": self.count("invalid"),
            "not_imported": self.count("not imported"),
            "score": None if self.score is None else round(self.score, 4),
            "score_counting_equivalents": _round(self.score_counting_equivalents),
            "skipped_instrumentation": self.skipped.get("instrumentation", 0),
            "contradicted": len(self.contradicted),
            "seconds": round(sum(r.get("seconds", 0.0) for r in self.records), 2),
        }  # fmt: skip


def _round(value: float | None) -> float | None:
    return None if value is None else round(value, 4)


def percent(value: float | None) -> str:
    return "n/a" if value is None else f"{100 * value:.1f}%"


def summarise(
    game: str,
    results: Iterable[tuple[Mutant, Outcome]],
    triage: Triage,
    skipped: dict[str, int] | None = None,
) -> Summary:
    records = []
    for mutant, outcome in results:
        record = {**mutant.as_json(), **outcome.as_json()}
        reason = triage.reason(mutant)
        record["equivalent"] = reason if outcome.status == "survived" else None
        if reason is not None and outcome.status in ("killed", "timed out"):
            record["contradicts"] = reason  # an entry whose mutant a scenario killed
        if mutant.seed_rule:  # a hand-written mutant must fall to a scenario of its rule
            record["pinned"] = mutant.seed_rule in outcome.killer_rules
        records.append(record)
    return Summary(game, records, dict(skipped or {}))


def retriage(summary: Summary, mutants: Iterable[Mutant], triage: Triage) -> int:
    """Judge an earlier run's survivors by today's triage file, in place: a survivor that
    ``spec/<game>/mutants.yaml`` now names is equivalent, one whose entry went is not. A
    survivor whose mutant the engine no longer has (its key is gone: the code changed) keeps
    the reason it was written with. Returns how many survivors changed."""
    by_key = {mutant.key: mutant for mutant in mutants}
    changed = 0
    for record in summary.records:
        mutant = by_key.get(record.get("key", ""))
        if mutant is None:
            continue
        reason = triage.reason(mutant)
        if record.get("status") in ("killed", "timed out"):
            record.pop("contradicts", None)
            if reason is not None:
                record["contradicts"] = reason
        elif record.get("status") == "survived" and reason != record.get("equivalent"):
            record["equivalent"] = reason
            changed += 1
    return changed


def write_jsonl(path: Path, summary: Summary, header: dict[str, Any]) -> None:
    """The report as JSON lines: header, one line per mutant, summary."""
    lines = [{"type": "header", "game": summary.game, **header}]
    lines += [{"type": "mutant", **record} for record in summary.records]
    lines.append({
        "type": "summary", **summary.totals(),
        "rules": {
            rule: {"mutants": t.total, "killed": t.killed, "equivalent": t.equivalent,
                   "share": None if t.share is None else round(t.share, 4)}
            for rule, t in summary.by_rule().items()
        },
    })  # fmt: skip
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(
        "".join(json.dumps(line, ensure_ascii=False) + "\n" for line in lines), encoding="utf-8"
    )


def read_jsonl(path: Path, game: str | None = None) -> Summary:
    """A report written by :func:`write_jsonl` (``rulespec mutate --report FILE``)."""
    records, found, skipped, header = [], None, {}, {}
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        if not line.strip():
            continue
        try:
            record = json.loads(line)
        except json.JSONDecodeError as error:
            raise ValueError(f"{path}:{number}: not JSON ({error.msg})") from error
        if record.get("type") == "header":
            found, header = record.get("game"), record
        elif record.get("type") == "mutant":
            records.append(record)
        elif record.get("type") == "summary" and record.get("skipped_instrumentation"):
            skipped = {"instrumentation": int(record["skipped_instrumentation"])}
    if found is None:
        raise ValueError(f"{path}: no header line: not a rulespec mutate report")
    if game is not None and found != game:
        raise ValueError(f"{path}: a report of {found!r}, not of {game!r}")
    return Summary(found, records, skipped, header)


def last_run_path(game: str, cache: Path = DEFAULT_CACHE) -> Path:
    return cache / game / "last.jsonl"


def last_run(game: str, cache: Path = DEFAULT_CACHE) -> Summary | None:
    """The last ``rulespec mutate`` run of ``game`` in this folder's cache, if any."""
    path = last_run_path(game, cache)
    try:
        return read_jsonl(path, game) if path.is_file() else None
    except ValueError:
        return None


def table(summary: Summary, limit: int = 40) -> list[str]:
    """The terminal report: totals, the weakest rules, every survivor with its line."""
    t = summary.totals()
    lines = [
        f"{summary.game}: mutants {t['mutants']}, killed {t['killed']}, timed out "
        f"{t['timed_out']}, survived {t['survived']} (equivalent {t['equivalent']}), "
        f"invalid {t['invalid']}, not imported {t['not_imported']}; score "
        f"{percent(summary.score)} of the non-equivalent, "
        f"{percent(summary.score_counting_equivalents)} counting equivalents as survivors",
        f"  skipped at generation: {t['skipped_instrumentation']} instrumentation mutants "
        "(the condition of an if that only records a fired rule)",
        f"  {'rule':<30} {'mutants':>7} {'killed':>6} {'equiv':>5} {'share':>6}",
    ]
    rules = list(summary.by_rule().items())
    for rule, tally in rules[:limit]:
        share = "-" if tally.share is None else f"{100 * tally.share:.0f}%"
        lines.append(
            f"  {rule:<30} {tally.total:>7} {tally.killed:>6} {tally.equivalent:>5} {share:>6}"
        )
    if len(rules) > limit:
        lines.append(f"  (+{len(rules) - limit} more rules, weakest first above: -v lists all)")
    contradicted = summary.contradicted
    if contradicted:
        lines.append(f"  triage contradicted ({len(contradicted)}): called equivalent in "
                     f"spec/{summary.game}/mutants.yaml, killed by a scenario (remove the "
                     "entry):")  # fmt: skip
        lines += [f"    {describe(record)}  [reason was: {record['contradicts']}]"
                  for record in contradicted]  # fmt: skip
    survivors = summary.survivors
    if survivors:
        lines.append(f"  survivors ({len(survivors)}), by the rules their code implements:")
        groups: dict[str, list[dict[str, Any]]] = {}
        for record in survivors:
            groups.setdefault(rule_label(record["rules"]), []).append(record)
        for label, records in sorted(groups.items()):
            lines.append(f"    {label}:")
            lines += [f"      {describe(record)}" for record in records]
    return lines


def rule_label(rules: list[str]) -> str:
    """A survivor's rules, shortened: a module docstring may name twenty."""
    if not rules:
        return NO_RULE
    return ", ".join(rules[:3]) + (f" (+{len(rules) - 3} more)" if len(rules) > 3 else "")


def describe(record: dict[str, Any]) -> str:
    before = record["before"].replace("\n", " / ")
    after = record["after"].replace("\n", " / ")
    note = f"  [{record['message']}]" if record.get("message") else ""
    where = f" ({record['function']})" if record.get("function") else ""
    return f"{record['module']}:{record['line']}{where}: {before}  ->  {after}{note}"


def html_section(summary: Summary | None, origin: str = "") -> str:
    """The rulebook's mutation section: score, and the rules by share of mutants killed
    (weakest first), each with its surviving mutants; empty without a run."""
    if summary is None:
        return ""
    t = summary.totals()
    rows = []
    for rule, tally in summary.by_rule().items():
        share = "-" if tally.share is None else f"{100 * tally.share:.0f}%"
        weak = tally.share is not None and tally.share < 1
        survivors = "".join(f"<li><code>{escape(describe(r))}</code></li>" for r in tally.survivors)
        link = f'<a href="#{escape(rule)}">{escape(rule)}</a>' if rule != NO_RULE else rule
        rows.append(
            f'<tr data-weak="{str(weak).lower()}"><td>{link}</td><td>{tally.total}</td>'
            f"<td>{tally.killed}</td><td>{tally.equivalent}</td><td>{share}</td>"
            f"<td><ul>{survivors}</ul></td></tr>"
        )
    return (
        f'<section id="mutation"><h2>Mutation score</h2><p>{percent(summary.score)} of '
        f"{summary.judged} non-equivalent mutants killed by the "
        f"scenarios (killed {t['killed']}, timed out {t['timed_out']}, survived "
        f"{t['survived'] - t['equivalent']}, equivalent {t['equivalent']}); "
        f"{percent(summary.score_counting_equivalents)} counting the equivalent ones as "
        f"survivors; {t['skipped_instrumentation']} instrumentation mutants (conditions "
        "that only decide which rules are reported fired) not made"
        + (f" · from {escape(origin)}" if origin else "")
        + "</p>"
        "<table><tr><th>rule</th><th>mutants</th><th>killed</th><th>equivalent</th>"
        f"<th>share</th><th>survivors</th></tr>{''.join(rows)}</table></section>"
    )
