"""``rulespec matrix RUN.jsonl ... --html OUT``: several engines' reports side by side."""

from __future__ import annotations

from pathlib import Path

import click
from click.exceptions import Exit

from conformance.cli.base import PATH, Command, fail, out


@click.command("matrix", cls=Command)
@click.argument("runs", nargs=-1, required=True, type=PATH)
@click.option("--html", type=PATH, help="write the side-by-side page here")
@click.option("--verbose", "-v", is_flag=True, help="list the rules where the runs disagree")
def matrix(runs: tuple[Path, ...], html: Path | None, verbose: bool) -> None:
    """Compare reports (check --report) of several engines, per rule and per scenario."""
    from conformance.reports import matrix as page
    from conformance.reports.model import ReportError, read_jsonl

    loaded = []
    for path in runs:
        try:
            loaded.append(page.Run(str(path), read_jsonl(path)))
        except ReportError as error:
            fail(str(error))
    for index, run in enumerate(loaded):
        counts = ", ".join(f"{n} {status}" for status, n in run.report.counts().items() if n)
        out.print(f"{index + 1}: {run.label}  {run.report.engine_label}  "
                  f"({counts or 'no results'})", markup=False)  # fmt: skip
    for game, (rules, tests) in page.disagreements(loaded).items():
        out.print(f"{game}: the runs disagree on {rules} rules and {tests} scenarios or tests",
                  markup=False)  # fmt: skip
        if verbose:
            for rule_id, row in page.rule_statuses(loaded, game):
                if page._differ([s for s, _, total in row if total]):
                    shown = "  ".join(f"{n + 1}:{status}" for n, (status, _, _) in enumerate(row))
                    out.print(f"  {rule_id}  {shown}", markup=False)
    if html is not None:
        try:
            page.write(loaded, html)
        except OSError as error:
            fail(f"cannot write the page to {html}: {error.strerror}", 3)
        out.print(f"matrix of {len(loaded)} runs written to {html}", markup=False)
    raise Exit(0)


def register(app: click.Group) -> None:
    app.add_command(matrix)
