"""The ``rulespec`` command line: check, diff, play, replay, serve, rules, coverage.

Every command exits 0 only on success; bad arguments get a message that names them.
"""

from __future__ import annotations

import json
import sys
import tempfile
import time
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.console import Console

from conformance.cli import analysis, campaign, mutate, rulings_errata, show
from conformance.cli.check import FAILING, LEVELS, rule_rows, run_scenarios, suite_games
from conformance.specification import catalogue

app = typer.Typer(
    add_completion=False,
    no_args_is_help=True,
    help="Board-game rulebooks as executable specifications; judge any engine against them.",
)
out = Console(highlight=False, soft_wrap=True)
err = Console(stderr=True, highlight=False, soft_wrap=True)


def fail(message: str, code: int = 2) -> None:
    err.print(f"[bold red]error:[/] {message}")
    raise typer.Exit(code)


def _known_game(game: str, known: list[str], what: str) -> str:
    if game not in known:
        fail(f"unknown game {game!r} for {what} (known: {', '.join(known) or 'none'})")
    return game


def _parse_options(pairs: list[str]) -> dict[str, Any]:
    options: dict[str, Any] = {}
    for pair in pairs:
        name, sep, value = pair.partition("=")
        if not sep or not name:
            fail(f'--option {pair!r}: expected NAME=VALUE (VALUE is JSON, e.g. true, 3, "x")')
        try:
            options[name] = json.loads(value)
        except json.JSONDecodeError:
            options[name] = value
    return options


@app.command()
def check(
    game: Annotated[
        list[str] | None, typer.Option("--game", "-g", help="game id (repeatable)")
    ] = None,
    engine: Annotated[
        str | None, typer.Option(help="engine command; default: the reference")
    ] = None,
    rule: Annotated[
        str | None, typer.Option(help="only the scenarios pinning this rule id")
    ] = None,
    timeout: Annotated[float, typer.Option(help="seconds per request (subprocess)")] = 10.0,
    shell: Annotated[bool, typer.Option(help="run the engine command through a shell")] = False,
    jobs: Annotated[int, typer.Option("--jobs", "-j", help="parallel engine processes")] = 1,
    level: Annotated[
        str, typer.Option(help="scenarios, invariants, differential or all")
    ] = "scenarios",
    examples: Annotated[int, typer.Option(help="random whole games per configuration")] = 2,
    verbose: Annotated[bool, typer.Option("--verbose", "-v", help="list every rule")] = False,
    report: Annotated[
        Path | None, typer.Option(help="write a JSON-lines report (spec/report.schema.json)")
    ] = None,
    junit: Annotated[Path | None, typer.Option(help="write JUnit XML for CI")] = None,
    html: Annotated[
        Path | None, typer.Option(help="write a self-contained HTML report (rule matrix)")
    ] = None,
    expectations: Annotated[
        Path | None, typer.Option(help="known failures of the engine (TOML)")
    ] = None,
    update_expectations: Annotated[
        bool, typer.Option(help="rewrite --expectations FILE from this run's failures")
    ] = False,
    all_readings: Annotated[
        bool, typer.Option(help="run again under every reading of each ruling option")
    ] = False,
    ruleset: Annotated[
        str | None, typer.Option(help="errata of the ruleset (comma-separated ids)")
    ] = None,
    timeout_multiplier: Annotated[
        float, typer.Option(help="scale every timeout (slow machines, slow engines)")
    ] = 1.0,
    game_timeout: Annotated[float, typer.Option(help="seconds per whole game")] = 300.0,
    restarts: Annotated[int, typer.Option(help="engine restart budget for the run")] = 3,
    memory_mb: Annotated[int | None, typer.Option(help="engine memory limit (MB)")] = None,
    cpu_seconds: Annotated[int | None, typer.Option(help="engine CPU-time limit (s)")] = None,
) -> None:
    """Run the conformance scenarios against an engine; per-rule summary, N passed, N failed."""
    available = suite_games()
    games = [_known_game(g, available, "check") for g in game] if game else available
    if rule is not None and not any(rule in {r.id for r in catalogue.load(g).rules} for g in games):
        fail(f"--rule {rule}: no such rule in {', '.join(games)}")
    if jobs < 1:
        fail("--jobs must be at least 1")
    if level not in LEVELS:
        fail(f"--level {level!r}: choose one of {', '.join(LEVELS)}")
    if examples < 1:
        fail("--examples must be at least 1")
    if timeout_multiplier <= 0 or game_timeout <= 0 or restarts < 0:
        fail("--timeout-multiplier and --game-timeout must be positive, --restarts >= 0")
    robustness = [
        "--timeout-multiplier",
        str(timeout_multiplier),
        "--engine-game-timeout",
        str(game_timeout),
        "--engine-restarts",
        str(restarts),
    ]
    if memory_mb is not None:
        robustness += ["--engine-memory", str(memory_mb)]
    if cpu_seconds is not None:
        robustness += ["--engine-cpu", str(cpu_seconds)]  # fmt: skip
    known = _read_expectations(expectations, update_expectations)
    if all_readings:
        _check_all_readings(games, engine=engine, timeout=timeout, shell=shell, workers=jobs)
    options, errata_ids = _ruleset_arguments(games, ruleset)
    target = engine or "the reference engine (in-process)"
    out.print(f"rulespec check: {', '.join(games)} against {target}")
    started = time.perf_counter()
    run = run_scenarios(
        games, engine, rule, timeout, shell, jobs, level, examples,
        expectations if known is not None else None, options=options, errata=errata_ids,
        extra=robustness,
    )  # fmt: skip
    elapsed = time.perf_counter() - started
    if run.exit_code == 5:
        fail(
            f"nothing to run: no {level} checks for {', '.join(games)}"
            + (f" pinning {rule}" if rule else ""),
            1,
        )
    if run.exit_code not in (0, 1) and not any(g.results for g in run.games):
        err.print(run.log[-4000:])
        fail(f"the scenario run did not start (pytest exit status {run.exit_code})", 3)
    for game_report in run.games:
        _print_game(game_report, rule, verbose)
    counts = run.counts()
    failed = sum(counts[s] for s in FAILING)
    skipped = counts["skipped"] + counts["not run"]
    out.print(f"results: {dict(sorted(counts.items()))} in {elapsed:.1f}s")
    if report or junit or html or update_expectations:
        from conformance.reports import model

        written = model.from_run(
            run, command=engine, games=games, level=level, rule=rule, expectations=known,
            expectations_path=str(expectations) if known is not None else None, duration=elapsed,
        )  # fmt: skip
        _write_reports(written, report, junit, html)
        if update_expectations and expectations is not None:
            _update_expectations(expectations, known, written)
    closing = f"{counts['passed'] + counts['expected failure']} passed, {failed} failed"
    if skipped:
        closing += f", {skipped} skipped"
    out.print(closing)
    raise typer.Exit(1 if failed or run.exit_code not in (0, 1, 5) else 0)


def _ruleset_arguments(games: list[str], ruleset: str | None) -> tuple[Any, list[str]]:
    """``--ruleset``: (options per game, errata ids) for :func:`run_scenarios`."""
    from conformance.specification import errata

    try:
        chosen = errata.rulesets_for(games, [i for i in (ruleset or "").split(",") if i])
    except errata.ErratumError as error:
        fail(f"--ruleset: {error}")
    for found in chosen.values():
        if found.errata:
            out.print(f"ruleset: {found.label}", markup=False)
    return errata.check_arguments(chosen)


def _check_all_readings(games: list[str], **check: Any) -> None:
    """``check --all-readings``: every game once per reading; exit 1 on any failure."""
    from conformance.specification import rulings

    failed = 0
    for game in games:
        for name, value, counts in rulings.partial_readings(game):
            out.print(f"{game} {name}={json.dumps(value)}: not run (refused for {counts} players)")
    for result in rulings.all_readings(games, **check):
        counts = result.run.counts()
        bad = sum(counts[s] for s in FAILING)
        failed += bad or result.run.exit_code not in (0, 1)
        passed = counts["passed"] + counts["expected failure"]
        out.print(f"{result.label}: {passed} passed, {bad} failed", markup=False)
        for failure in (r for g in result.run.games for r in g.results if r["status"] in FAILING):
            out.print(f"  [red]{failure['status'].upper()}[/] {failure['scenario']}")
            for line in failure["message"].strip().splitlines()[-6:]:
                out.print(f"    {line}", markup=False)
    out.print("every scenario passes under every reading" if not failed else "readings fail")
    raise typer.Exit(1 if failed else 0)


def _read_expectations(path: Path | None, update: bool) -> Any:
    """The known failures of ``--expectations`` (None without one, or a file still to write)."""
    from conformance.reports.expectations import ExpectationsError, load

    if path is None:
        if update:
            fail("--update-expectations needs --expectations FILE (the file to rewrite)")
        return None
    if update and not path.exists():
        return None
    if not path.is_file():
        fail(f"--expectations: no file at {path}")
    try:
        return load(path)
    except ExpectationsError as error:
        fail(f"--expectations: {error}")


def _write_reports(report: Any, jsonl: Path | None, junit: Path | None, html: Path | None) -> None:
    from conformance.reports import html as html_report
    from conformance.reports import junit as junit_report
    from conformance.reports import model

    for path, writer, what in (
        (jsonl, model.write_jsonl, "JSON-lines report"),
        (junit, junit_report.write, "JUnit XML"),
        (html, html_report.write, "HTML report"),
    ):
        if path is None:
            continue
        try:
            writer(report, path)
        except OSError as error:
            fail(f"cannot write the {what} to {path}: {error.strerror}")
        out.print(f"{what} written to {path}")


def _update_expectations(path: Path, known: Any, report: Any) -> None:
    from conformance.reports.expectations import Expectations, dump, update

    updated = update(known or Expectations(), report.results)
    try:
        path.write_text(dump(updated, report.engine_label), encoding="utf-8")
    except OSError as error:
        fail(f"cannot write the expectations to {path}: {error.strerror}")
    before = len(known.entries) if known else 0
    out.print(f"expectations: {len(updated.entries)} entries written to {path} (were {before})")


def _print_game(report: Any, rule: str | None, verbose: bool) -> None:
    rows = rule_rows(report, rule)
    statuses = [status for _, status, _, _ in rows]
    passed = statuses.count("passed")
    out.print(
        f"\n[bold]{report.game}[/]: rules {len(rows)}, passing {passed}, other {len(rows) - passed}"
    )
    levels = []
    for level in ("scenarios", "invariants", "differential"):
        status, reason = report.level_status(level)
        levels.append(f"{level} {status}" + (f" ({reason})" if reason else ""))
    out.print(f"  level reached: {report.level_reached()}; " + "; ".join(levels))
    scenarios_ran = report.level_status("scenarios")[0] != "not run"
    for rule_id, status, ok, total in rows:
        if status == "not run" and not scenarios_ran and not verbose:
            continue  # another level ran: its results are listed by rule below if they fail
        if verbose or status != "passed":
            colour = {"passed": "green", "skipped": "yellow", "expected failure": "yellow"}.get(
                status, "red"
            )
            out.print(f"  [{colour}]{status:>14}[/] {rule_id}  ({ok}/{total} scenarios)")
    for result in report.results:
        if result["status"] in FAILING:
            rules = f" [{', '.join(result['rules'])}]" if result["rules"] else ""
            name = result["scenario"] or result["test"]
            out.print(f"\n  [red]{result['status'].upper()}[/] {name}{rules}")
            for line in _failure_excerpt(result["message"]):
                out.print(f"    {line}", markup=False)


def _failure_excerpt(message: str, limit: int = 18) -> list[str]:
    """The assertion's own lines (pytest's ``E`` lines), not hypothesis's draw notes."""
    lines = message.strip().splitlines()
    explained = [line[1:].strip() for line in lines if line.startswith("E ")]
    explained = [line for line in explained if not line.startswith("Draw ")]
    return (explained or lines)[:limit] if explained else lines[-limit:]


@app.command()
def diff(
    before: Annotated[Path, typer.Argument(help="the earlier report (check --report)")],
    after: Annotated[Path, typer.Argument(help="the later report")],
    verbose: Annotated[bool, typer.Option("--verbose", "-v", help="list every change")] = False,
) -> None:
    """Compare two reports: new failures, fixed, still failing...; exit 1 on a new failure."""
    from conformance.reports import diff as differ
    from conformance.reports.model import ReportError, read_jsonl

    try:
        old, new = read_jsonl(before), read_jsonl(after)
    except ReportError as error:
        fail(str(error))
    for label, path, report in (("A", before, old), ("B", after, new)):
        out.print(
            f"{label}: {path}  {report.engine_label}, {report.header.get('date')}, "
            f"{len(report.results)} results",
            markup=False,
        )
    changes = differ.compare(old, new)
    shown = differ.KINDS if verbose else ("new failure", "fixed")
    for kind in shown:
        listed = [c for c in changes if c.kind == kind]
        if listed:
            out.print(f"\n[bold]{kind}[/] ({len(listed)})")
        for change in listed:
            rules = ", ".join(change.rules)
            out.print(f"  {change.key}  [{rules}]  {change.statuses}", markup=False)
    counts = differ.summary(changes)
    out.print("\n" + ", ".join(f"{kind} {n}" for kind, n in counts.items()))
    raise typer.Exit(1 if counts["new failure"] else 0)


@app.command()
def play(
    game: Annotated[str, typer.Argument(help="game id")],
    players: Annotated[int, typer.Option("--players", "-p", help="number of players")],
    games: Annotated[int, typer.Option("--games", "-n", help="number of games")] = 1,
    seed: Annotated[int, typer.Option(help="seed for every chance outcome and choice")] = 0,
    trace: Annotated[Path | None, typer.Option(help="write a JSON-lines trace here")] = None,
    option: Annotated[list[str] | None, typer.Option(help="NAME=VALUE game option")] = None,
    quiet: Annotated[bool, typer.Option("--quiet", "-q", help="only the totals")] = False,
) -> None:
    """Uniformly random legal playouts with the reference engine."""
    from conformance.levels.playout import play_many
    from reference_impl import registry
    from reference_impl.core import EngineError

    _known_game(game, registry.available_games(), "play")
    if games < 1:
        fail("--games must be at least 1")
    definition = registry.get_game(game)
    try:
        options = definition.resolve_options(_parse_options(option or []))
        definition.check_players(players)
    except EngineError as error:
        fail(error.message)
    handle = trace.open("w", encoding="utf-8") if trace else None
    results = []
    started = time.perf_counter()
    try:
        for result in play_many(definition, players, options, games, seed, handle):
            results.append(result)
            if not quiet:
                winners = ", ".join(f"P{w}" for w in result.winners) or "-"
                rank = result.details.get("rank", "")
                extra = (
                    f"  rank: {rank or 'none (below the chart)'}"
                    if "rank" in result.details
                    else ""
                )
                out.print(
                    f"game {result.index + 1}: scores {list(result.scores)}  "
                    f"winner {winners}  ({result.actions} actions){extra}"
                )
    finally:
        if handle:
            handle.close()
    elapsed = max(time.perf_counter() - started, 1e-9)
    actions = sum(r.actions for r in results)
    out.print(
        f"{len(results)} games, {actions} actions in {elapsed:.2f}s: "
        f"{len(results) / elapsed:.1f} games/s, {actions / elapsed:,.0f} actions/s"
    )
    if trace:
        out.print(f"trace written to {trace}")


@app.command()
def replay(trace: Annotated[Path, typer.Argument(help="a trace written by rulespec play")]) -> None:
    """Replay a trace and check that every game reaches the recorded final state."""
    from conformance.levels.playout import replay as replay_trace
    from reference_impl import registry

    if not trace.is_file():
        fail(f"no trace file at {trace}")
    bad = 0
    with trace.open(encoding="utf-8") as lines:
        try:
            for result in replay_trace(lines, registry.get_game):
                mark = "same final state" if result.matches else f"MISMATCH: {result.problem}"
                out.print(f"game {result.index + 1}: {result.actions} actions, {mark}")
                bad += not result.matches
        except ValueError as error:
            fail(f"{trace}: {error}")
    raise typer.Exit(1 if bad else 0)


@app.command()
def serve() -> None:
    """Serve the reference engines over the protocol on stdin/stdout."""
    from reference_impl.server import main as serve_main

    raise typer.Exit(serve_main())


@app.command()
def rules(
    game: Annotated[str, typer.Argument(help="game id")],
    rule_id: Annotated[str | None, typer.Argument(help="a rule id; omit to list all")] = None,
    html: Annotated[
        Path | None, typer.Option(help="write the browsable HTML rulebook of the game here")
    ] = None,
    report: Annotated[
        Path | None, typer.Option(help="scenario results for --html (check --report FILE)")
    ] = None,
    run: Annotated[bool, typer.Option(help="for --html: run the scenarios now")] = False,
    ruleset: Annotated[
        str | None, typer.Option(help="for --html: errata of the ruleset (comma-separated)")
    ] = None,
) -> None:
    """The catalogue entry: source, quote, English, status, ruling, pinning scenarios."""
    _known_game(game, catalogue.games_with_catalogue(), "rules")
    loaded = catalogue.load(game)
    if html is not None:
        _write_rulebook(loaded, html, report, run, ruleset)
        return
    if rule_id is None:
        for rule in loaded.rules:
            out.print(f"{rule.id:<28} {rule.status:<11} {rule.text[:90]}", markup=False)
        out.print(f"{len(loaded.rules)} rules")
        return
    try:
        rule = loaded.rule(rule_id)
    except KeyError:
        close = [r.id for r in loaded.rules if rule_id.upper() in r.id][:8]
        fail(
            f"{game} has no rule {rule_id!r}"
            + (f" (did you mean {', '.join(close)}?)" if close else "")
        )
    out.print(f"[bold]{rule.id}[/]  ({rule.kind}, {rule.status}, area {rule.area})")
    if rule.source:
        out.print(f"source: {rule.source}")
    if rule.quote:
        out.print(f"quote:  {rule.quote}", markup=False)
    out.print(f"text:   {rule.text}", markup=False)
    if rule.ruling:
        out.print("ruling:")
        for key, value in rule.ruling.items():
            out.print(f"  {key}: {json.dumps(value, ensure_ascii=False)}", markup=False)
    if rule.params:
        out.print(f"params: {json.dumps(rule.params, ensure_ascii=False)}", markup=False)
    pinned = loaded.scenarios_for(rule.id)
    out.print(f"scenarios ({len(pinned)}):")
    for scenario in pinned:
        out.print(f"  {scenario.feature}:{scenario.line}  {scenario.name}", markup=False)
    for heading, items in analysis.guardians(game, rule.id):
        out.print(f"{heading} ({len(items)}):")
        for item in items:
            out.print(f"  {item}", markup=False)


def _write_rulebook(
    loaded: catalogue.Catalogue, path: Path, report: Path | None, run: bool, ruleset: str | None
) -> None:
    """``rules GAME --html FILE``: see :mod:`conformance.specification.rulebook_html`."""
    from conformance.specification import errata as errata_mod
    from conformance.specification import rulebook_html

    if report is not None and run:
        fail("--report and --run: give one source of results")
    chosen = None
    try:
        if ruleset:
            chosen = errata_mod.ruleset(loaded.game, [i for i in ruleset.split(",") if i])
    except errata_mod.ErratumError as error:
        fail(f"--ruleset: {error}")
    options, ids = errata_mod.check_arguments({loaded.game: chosen} if chosen else {})
    statuses, origin = None, ""
    if report is not None:
        if not report.is_file():
            fail(f"--report: no file at {report}")
        try:
            statuses = rulebook_html.statuses_from_report(report, loaded.game)
        except (ValueError, KeyError) as error:
            fail(f"--report {report}: not a check report ({error})")
        origin = str(report)
    # The worked examples' positions come from a run of the game's scenarios against the
    # reference; with --run, that run's results are the statuses too.
    from conformance.render import positions as recorded

    with tempfile.TemporaryDirectory(prefix="rulespec-positions-") as scratch:
        where = Path(scratch) / "positions.jsonl"
        result = run_scenarios(
            [loaded.game], options=options, errata=ids, extra=["--rulespec-positions", str(where)]
        )
        drawn = recorded.read(where) if where.is_file() else {}
    if run:
        statuses = rulebook_html.statuses_from_results(
            (r for g in result.games for r in g.results), loaded.game
        )
        origin = "rulespec check run by rulespec rules --run"
    try:
        rulebook_html.write(
            path, loaded, statuses=statuses, errata=chosen, origin=origin, positions=drawn
        )
    except OSError as error:
        fail(f"cannot write the rulebook to {path}: {error.strerror}")
    out.print(f"{loaded.title}: {len(loaded.rules)} rules written to {path}", markup=False)


@app.command()
def coverage(
    game: Annotated[list[str] | None, typer.Option("--game", "-g", help="game id")] = None,
) -> None:
    """Rule-to-scenario coverage, closing with: rules N, covered N, uncovered N."""
    known = catalogue.games_with_catalogue()
    games = [_known_game(g, known, "coverage") for g in game] if game else known
    total = covered = 0
    for name in games:
        loaded = catalogue.load(name)
        uncovered = loaded.uncovered()
        total += len(loaded.rules)
        covered += len(loaded.rules) - len(uncovered)
        out.print(
            f"{name}: rules {len(loaded.rules)}, scenarios {len(loaded.scenarios)}, "
            f"uncovered {len(uncovered)}"
        )
        for rule in uncovered:
            out.print(f"  uncovered: {rule.id}  {rule.text[:80]}", markup=False)
    out.print(f"rules {total}, covered {covered}, uncovered {total - covered}")
    raise typer.Exit(1 if total != covered else 0)


analysis.register(app)
mutate.register(app)

rulings_errata.register(app)

show.register(app)

campaign.register(app)


def main() -> None:
    try:
        app()
    except catalogue.CatalogueError as error:
        err.print(f"[bold red]error:[/] {error}", markup=True)
        sys.exit(2)
