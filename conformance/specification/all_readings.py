"""``rulespec check --all-readings``: each game's scenarios under its defaults, then again
under every other reading of each ruling option (:func:`rulings.reading_runs
<conformance.specification.rulings.reading_runs>`).

Against the reference in-process, the run under the defaults notes which options the engine
looked up in each scenario (``--rulespec-note-options``, :mod:`reference_impl.option_reads`).
Under another value of one option, only the scenarios that can play differently run again:
those in which the engine read that option, those whose feature file names it (a step may
read the options the state echoes), and those that did not pass under the defaults. The
reference is deterministic, so every other scenario sends the same requests and gets the
same answers but for the option's echo in the state: it is reported as unchanged, not run
twice. Against any other engine nothing is known of its reads and every scenario runs under
every reading.
"""

from __future__ import annotations

import json
import tempfile
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from conformance.specification.unchanged import keep_arguments, may_change


@dataclass
class ReadingRun:
    """One run of ``--all-readings``: a game under one reading (``option`` None: defaults).

    ``unchanged`` counts the scenarios not run again: under the defaults they passed without
    reading ``option`` (the reference in-process only)."""

    game: str
    option: str | None
    value: Any
    run: Any  # conformance.cli.check.CheckRun
    unchanged: int = 0

    @property
    def label(self) -> str:
        if self.option is None:
            return f"{self.game} (every default reading)"
        label = f"{self.game} {self.option}={json.dumps(self.value)}"
        if self.unchanged:
            label += f" ({self.unchanged} more unchanged: they never read {self.option})"
        return label


def all_readings(games: list[str], **check: Any) -> list[ReadingRun]:
    """Run each game's scenarios under its defaults, then once per other reading: all the
    game's other readings in one child process (:func:`run_passes
    <conformance.cli.check.run_passes>`), which starts and parses the features once.

    ``check`` goes to :func:`conformance.cli.check.run_passes` (engine, timeout, ...).
    Scenarios tagged with another reading of the run's option are deselected.
    """
    from conformance.cli.check import CheckRun, GameReport, Pass, run_passes, run_scenarios
    from conformance.specification.rulings import reading_runs  # which imports this module

    noting = check.get("engine") is None  # the reference in-process: its reads are known
    check = dict(check)
    extra = [*(check.pop("extra", None) or [])]
    noted = [*extra, "--rulespec-note-options"] if noting else extra
    runs = []
    with tempfile.TemporaryDirectory(prefix="rulespec-readings-") as folder:
        for game in games:
            defaults = run_scenarios([game], extra=noted, **check)
            runs.append(ReadingRun(game, None, None, defaults))
            results = [r for report in defaults.games for r in report.results]
            readings, passes = [], []
            for number, (name, value) in enumerate(reading_runs(game)):
                again, keep = None, ()
                if noting:
                    again = [r["test"] for r in results if may_change(r, {name}, {name})]
                    place = Path(folder) / f"{game}-{number}"
                    place.mkdir()
                    keep = tuple(keep_arguments(place, again))
                readings.append((name, value, again))
                if again != []:  # none to run is a run of nothing that judged nothing wrong
                    passes.append(Pass({game: {name: value}}, (*extra, *keep)))
            done = iter(run_passes([game], passes, **check) if passes else [])
            for name, value, again in readings:
                run = CheckRun([GameReport(game)], 0, "") if again == [] else next(done)
                unchanged = 0 if again is None else len(results) - len(again)
                runs.append(ReadingRun(game, name, value, run, unchanged))
    return runs
