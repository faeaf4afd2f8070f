"""``rulespec coverage --by-assertions``: scenarios that check what their rules do not write.

A scenario's checks of the state are the evidence its rules are weighed by when an engine
fails it: a check of a path only another rule writes makes a bug in that rule fail the
scenario and weigh on the scenario's rules (``docs/blame.md``, "A scenario checks its own
rule"). This runs each game's scenarios against the reference in a child process with the
plugin's ``--rulespec-assertion-writers`` (:mod:`conformance.levels.assertion_writers`) and
lists every such check, with the rules that wrote the path.
"""

from __future__ import annotations

import tempfile
from pathlib import Path

from conformance.cli.base import EXIT_HARNESS, out
from conformance.levels.assertion_writers import StrayCheck, read, stray_checks

#: lines (a scenario's checks of one set of writers) listed per game without --verbose
SHOWN = 5
#: paths shown on a line
PATHS = 4


def report(games: list[str], verbose: bool) -> int:
    """Print each game's checks outside their scenarios' rules and the totals; the exit
    status: 1 when there is one, 3 when the reference failed a scenario while traced (the
    audit of that game is void)."""
    from conformance.cli.check import FAILING, run_scenarios

    totals = [0, 0, 0]  # checked paths, written by the scenarios' actions, outside their rules
    void = []
    for game in games:
        with tempfile.TemporaryDirectory(prefix="rulespec-writers-") as scratch:
            where = Path(scratch) / "writers.jsonl"
            run = run_scenarios([game], extra=["--rulespec-assertion-writers", str(where)])
            entries = read(where) if where.is_file() else []
        failed = [r for g in run.games for r in g.results if r.get("status") in FAILING]
        if failed or not entries:
            void.append(game)
            out.print(f"{game}: the reference failed {len(failed)} scenarios while traced; "
                      f"nothing to audit", markup=False)  # fmt: skip
            continue
        checked = sum(len(e["checked"]) for e in entries)
        written = sum(1 for e in entries for w in e["checked"].values() if w["writers"])
        stray = stray_checks(entries)
        _print_game(game, len(entries), checked, written, stray, verbose)
        totals = [a + b for a, b in zip(totals, (checked, written, len(stray)), strict=True)]
    checked, written, stray_total = totals
    out.print(f"checked paths {checked}, written by the scenarios' actions {written}, checked "
              f"outside their scenarios' rules {stray_total}", markup=False)  # fmt: skip
    if void:
        return EXIT_HARNESS
    return 1 if stray_total else 0


def _print_game(
    game: str, scenarios: int, checked: int, written: int, stray: list[StrayCheck], verbose: bool
) -> None:
    places = {(s.feature, s.scenario) for s in stray}
    out.print(f"{game}: scenarios {scenarios}, checked paths {checked}, written by their "
              f"actions {written}, checked outside their rules {len(stray)} (in "
              f"{len(places)} scenarios)", markup=False)  # fmt: skip
    lines = _grouped(stray)
    shown = lines if verbose else lines[:SHOWN]
    for line in shown:
        out.print(f"  {line}", markup=False)
    if len(shown) < len(lines):
        out.print(f"  ... {len(lines) - len(shown)} more (--verbose)", markup=False)


def _grouped(stray: list[StrayCheck]) -> list[str]:
    """One line per scenario and writers: the paths it checks that they alone write (a
    placement writes a dozen cells)."""
    groups: dict[tuple[str, str, tuple[str, ...], tuple[str, ...]], list[str]] = {}
    for check in stray:
        key = (check.feature, check.scenario, check.rules, check.writers)
        groups.setdefault(key, []).append(check.path)
    lines = []
    for (feature, scenario, rules, writers), paths in groups.items():
        shown = ", ".join(paths[:PATHS]) + (f" and {len(paths) - PATHS} more"
                                             if len(paths) > PATHS else "")  # fmt: skip
        verb = "is" if len(paths) == 1 else "are"
        lines.append(f"{feature}: {scenario} [{', '.join(rules)}]: {shown} {verb} written by "
                     f"{', '.join(writers)}")  # fmt: skip
    return lines
