"""Which rules their own scenarios pin, read from a game's kill matrix.

A scenario pins the rules it is tagged with; whether it checks what those rules say shows
when the rule's code is broken. The kill matrix (:mod:`conformance.levels.kill_signatures`)
records, for each one-token mutant of the reference, the rules its line names and the
scenarios that fail against it. A mutant whose line names one rule alone changes only that
rule's behaviour: when none of the scenarios failing it is tagged with that rule, the rule's
clause is checked only through other rules' scenarios. An engine breaking that clause then
fails the other rules' scenarios, and the blame (:mod:`conformance.levels.corroboration`,
which weighs each rule's own failing scenarios) names a neighbour instead of the rule.

:func:`pinning` says, per rule, how many of those mutants its own scenarios fail and, for
the others, whose scenarios do: the gaps a rules editor closes with a scenario of the rule
(``rulespec coverage --by-mutants``).
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from conformance.levels.kill_signatures import KilledMutant, KillMatrix


@dataclass(frozen=True)
class Unpinned:
    """A mutant of one rule's line that none of that rule's scenarios fails."""

    mutant: KilledMutant
    #: the rules of the scenarios that fail it, with how many of them each tags, most first
    failed_by: tuple[tuple[str, int], ...]

    def describe(self) -> str:
        by = ", ".join(f"{rule} ({count})" for rule, count in self.failed_by[:3])
        change = self.mutant.change.replace("\n", " / ")  # several lines, as Mutant.describe
        return f"{self.mutant.at} {change}: failed by scenarios of {by or 'no rule'}"


@dataclass(frozen=True)
class RulePinning:
    """How one rule's own scenarios fail the mutants of the lines that name it alone."""

    rule: str
    mutants: int
    unpinned: tuple[Unpinned, ...]

    @property
    def pinned(self) -> int:
        return self.mutants - len(self.unpinned)


@dataclass(frozen=True)
class Pinning:
    """A game's pinning by mutants: per rule, and the matrix's scenarios the suite no
    longer collects or collects since (the matrix is then stale for them)."""

    rules: tuple[RulePinning, ...]
    gone: frozenset[str]
    added: frozenset[str]

    def only_through_others(self) -> list[RulePinning]:
        return [r for r in self.rules if r.pinned == 0]

    def partly(self) -> list[RulePinning]:
        return [r for r in self.rules if 0 < r.pinned < r.mutants]

    def counts(self) -> tuple[int, int, int]:
        """How many rules are pinned whole by their own scenarios, partly, and only through
        other rules' scenarios."""
        others, partly = len(self.only_through_others()), len(self.partly())
        return len(self.rules) - partly - others, partly, others


def pinning(matrix: KillMatrix, tags: dict[str, frozenset[str]]) -> Pinning:
    """The pinning of ``matrix``'s rules by their own scenarios, ``tags`` being each
    collected scenario's rule ids by key (:func:`~conformance.levels.kill_signatures.
    scenario_key`). Only mutants whose line names one rule count (a line naming several is
    shared code, whose mutants any of its rules' scenarios may rightly fail); rules ordered
    from the least pinned share."""
    counts: Counter[str] = Counter()
    unpinned: dict[str, list[Unpinned]] = {}
    for mutant in matrix.mutants:
        if len(mutant.rules) != 1:
            continue
        (rule,) = mutant.rules
        counts[rule] += 1
        killers = [tags.get(key, frozenset()) for key in mutant.killed_by]
        if any(rule in found for found in killers):
            continue
        by = Counter(other for found in killers for other in found)
        ranked = tuple(sorted(by.items(), key=lambda item: (-item[1], item[0])))
        unpinned.setdefault(rule, []).append(Unpinned(mutant, ranked))
    rules = [RulePinning(rule, total, tuple(unpinned.get(rule, ())))
             for rule, total in counts.items()]  # fmt: skip
    rules.sort(key=lambda r: (r.pinned / r.mutants, -r.mutants, r.rule))
    collected = frozenset(tags)
    return Pinning(tuple(rules), matrix.scenarios - collected, collected - matrix.scenarios)
