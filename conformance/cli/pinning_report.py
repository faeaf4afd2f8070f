"""``rulespec coverage --by-mutants``: which rules their own scenarios pin, by mutants.

The rule-to-scenario coverage says a rule has scenarios; this says whether they check it:
from the game's kill matrix (:mod:`conformance.mutation.pinning`), per rule, how many
mutants of the lines naming it alone its own scenarios fail, and whose scenarios fail the
others. A rule whose clause only other rules' scenarios check is blamed as a neighbour when
an engine breaks it.
"""

from __future__ import annotations

from pathlib import Path

from conformance.cli.base import EXIT_NOTHING, fail, out
from conformance.levels.kill_signatures import KillMatrixError, load, read, scenario_key
from conformance.mutation.pinning import Pinning, RulePinning, pinning

#: unpinned mutants listed per rule without --verbose
SHOWN = 2


def scenario_tags(game: str) -> dict[str, frozenset[str]]:
    """Each of the game's scenarios' rule ids, by kill-matrix key: read from a run of its
    scenarios against the reference (a few seconds), as the judge collects them (those that
    check a refusal of an impossible position too: they pin the loading checks' lines)."""
    from conformance.cli.check import run_scenarios

    run = run_scenarios([game])
    return {scenario_key(r["test"]): frozenset(r.get("rules", []))
            for report in run.games for r in report.results
            if r.get("test")}  # fmt: skip


def _digests_now(game: str) -> dict[str, str]:
    """Each scenario's digest of its steps as collected now ({} when it cannot be told)."""
    from conformance.mutation.kill_matrix import collected_with_digests

    try:
        return collected_with_digests(game)[1]
    except ValueError:
        return {}


def report(games: list[str], matrix_file: Path | None, verbose: bool) -> int:
    """Print each game's pinning by mutants and the totals; the exit status: 1 when a rule
    is pinned only through other rules' scenarios, 5 when no game has a kill matrix."""
    totals = [0, 0, 0]  # pinned whole, partly, only through others
    judged = 0
    for game in games:
        try:
            matrix = read(matrix_file, game) if matrix_file else load(game)
        except KillMatrixError as error:
            fail(str(error))
        if matrix is None:
            out.print(f"{game}: no kill matrix (make one: rulespec mutate {game} -j 2 "
                      f"--kill-matrix spec/{game}/kill_matrix.json)", markup=False)  # fmt: skip
            continue
        judged += 1
        found = pinning(matrix, scenario_tags(game))
        _print_game(game, found, len(matrix.mutants), verbose)
        changed = matrix.changed(_digests_now(game))
        if changed:
            out.print(f"  the kill matrix is stale: {len(changed)} of its scenarios changed "
                      f"since it was made (the judge leaves them out of its kill signatures; "
                      f"remake it: rulespec mutate {game} -j 2 --kill-matrix FILE)",
                      markup=False)  # fmt: skip
        totals = [a + b for a, b in zip(totals, found.counts(), strict=True)]
    if not judged:
        return EXIT_NOTHING
    pinned, partly, others = totals
    out.print(f"rules with mutants {sum(totals)}, pinned by their own scenarios {pinned}, "
              f"partly {partly}, only through other rules' scenarios {others}")  # fmt: skip
    return 1 if others else 0


def _print_game(game: str, found: Pinning, mutants: int, verbose: bool) -> None:
    pinned, partly, others = found.counts()
    out.print(f"{game}: {len(found.rules)} rules have mutants of lines naming them alone "
              f"(kill matrix of {mutants} killed mutants, alike ones counted once); pinned "
              f"by their own scenarios {pinned}, partly {partly}, "
              f"only through other rules' scenarios {others}", markup=False)  # fmt: skip
    if found.gone or found.added:
        out.print(f"  the kill matrix is stale: {len(found.added)} scenarios collected now "
                  f"are not in it, {len(found.gone)} in it are no longer collected (remake "
                  f"it: rulespec mutate {game} -j 2 --kill-matrix FILE)", markup=False)  # fmt: skip
    for rule in found.rules:
        if rule.unpinned:
            _print_rule(rule, verbose)


def _print_rule(rule: RulePinning, verbose: bool) -> None:
    out.print(f"  {rule.rule}: its scenarios fail {rule.pinned} of its {rule.mutants} "
              f"mutants", markup=False)  # fmt: skip
    shown = rule.unpinned if verbose else rule.unpinned[:SHOWN]
    for unpinned in shown:
        out.print(f"    {unpinned.describe()}", markup=False)
    if len(shown) < len(rule.unpinned):
        out.print(f"    ... {len(rule.unpinned) - len(shown)} more (--verbose)", markup=False)
