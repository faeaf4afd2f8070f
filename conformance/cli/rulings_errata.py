"""Rulings and errata commands of ``rulespec``: ``errata list|impact``, ``rulings diff``.

Registered on the main app by :func:`register`.
"""

from __future__ import annotations

import json
from pathlib import Path

import click
from click.exceptions import Exit

from conformance.cli.analysis import err, fail, known_game, out
from conformance.cli.base import PATH, Group, argument

errata_app = Group("errata", no_args_is_help=True, help="Errata as versioned rulesets.")
rulings_app = Group("rulings", no_args_is_help=True, help="Readings of ambiguous rules.")


@errata_app.command("list")
@argument("game", "game id")
def errata_list(game: str) -> None:
    """The errata of a game: id, date, rules touched, title."""
    from conformance.specification import catalogue, errata

    known_game(game, catalogue.games_with_catalogue())
    if not errata.available(game):
        out.print(f"{game}: errata absent (no errata/*.yaml in its spec folder)", markup=False)
    for erratum_id in errata.available(game):
        found = errata.load(game, erratum_id)
        mark = " (example)" if found.example else ""
        touched = ", ".join(found.rules)
        out.print(f"{found.id}  {found.date}  [{touched}]  {found.title}{mark}", markup=False)


@errata_app.command("impact")
@argument("game", "game id")
@argument("erratum", "erratum id (spec/GAME/errata/ID.yaml)")
@click.option("--base", help="errata already in the ruleset (comma-separated)")
def errata_impact(game: str, erratum: str, base: str | None) -> None:
    """Scenarios and recorded games whose outcome the erratum changes; exit 1 on a regression."""
    from conformance.specification import catalogue, errata

    known_game(game, catalogue.games_with_catalogue())
    try:
        found = errata.impact(game, erratum, [i for i in (base or "").split(",") if i])
    except errata.ErratumError as error:
        fail(str(error))
    out.print(f"{found.before.label}  ->  {found.after.label}", markup=False)
    out.print(f"touches: {', '.join(found.erratum.rules)}")
    out.print(f"\nscenarios: {len(found.scenarios)} of {found.scenarios_checked} change")
    for change in found.scenarios:
        mark = "" if change.tagged else "  REGRESSION: not tagged @since/@until"
        out.print(f"  {change.before} -> {change.after}  {change.key}{mark}", markup=False)
        out.print(f"    pins {', '.join(change.rules)}; fired {', '.join(change.fired)}")
    out.print(f"\ntraces: {len(found.traces)} of {found.traces_checked} recorded games change")
    if not found.traces_checked:
        err.print(f"warning: {game} has no recorded games ({errata.recorded_dir(game)})")
    for trace in found.traces:
        mark = "" if trace.touched else "  REGRESSION: no touched rule fired"
        where = "setup" if trace.step == 0 else f"action {trace.step}"
        out.print(f"  {trace.trace} at {where}: {trace.what}{mark}", markup=False)
        out.print(f"    then: {trace.final}", markup=False)
        if trace.action is not None:
            out.print(f"    action {json.dumps(trace.action, ensure_ascii=False)}", markup=False)
        out.print(f"    fired {', '.join(trace.fired) or '(none)'}")
    problems = found.regressions()
    out.print(f"\nregressions: {len(problems)}")
    raise Exit(1 if problems else 0)


@rulings_app.command("diff")
@argument("game", "game id")
@argument("rule", "rule id (or its option name)")
@click.option("--seeds", type=int, default=60, help="random playouts per player count")
@click.option("--out", "output", type=PATH, help="also write it here")
@click.option("--html", type=PATH,
              help="write a page with the positions drawn under each reading")  # fmt: skip
def rulings_diff(game: str, rule: str, seeds: int, output: Path | None, html: Path | None) -> None:
    """A small position where the readings of RULE differ, as a Gherkin Scenario Outline."""
    from conformance.specification import catalogue, rulings

    known_game(game, catalogue.games_with_catalogue())
    if seeds < 1:
        fail("--seeds must be at least 1")
    try:
        found = rulings.find_divergence(game, rule, seeds=seeds)
    except rulings.RulingError as error:
        fail(str(error))
    if found is None:
        err.print(
            f"no divergence of {rule}'s readings in {seeds} random games per player count; "
            "try more --seeds (the readings may differ only in rare positions)"
        )
        raise Exit(1)
    text = rulings.gherkin(found)
    out.print(text, markup=False, end="")
    if output is not None:
        output.write_text(text, encoding="utf-8")
    if html is not None:
        from conformance.render.pages import rulings_page

        try:
            html.write_text(rulings_page(found, text), encoding="utf-8")
        except OSError as error:
            fail(f"cannot write the page to {html}: {error.strerror}")
        err.print(f"positions under each reading written to {html}")


def register(app: click.Group) -> None:
    app.add_command(errata_app)
    app.add_command(rulings_app)
