"""The ``rulespec`` command line: check, diff, play, replay, serve, rules, coverage.

Exit statuses (every command; ``rulespec --help`` lists them):

- 0: judged, and every result passed or was an expected failure;
- 1: something was judged and failed (a failed, errored, crashed, timed-out scenario...);
- 2: interrupted (Ctrl-C, SIGTERM);
- 3: an engine or harness error: the engine cannot start or fails its handshake, the
  results are unreadable, a report cannot be written;
- 4: a usage error: bad flags, a bad configuration file, an unknown game or rule;
- 5: nothing was judged (every result skipped, or nothing selected).
"""

from __future__ import annotations

import json
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import click
from click.exceptions import Exit

from conformance.cli.base import PATH, Group, argument
from conformance.cli.check import (
    FAILING,
    LEVELS,
    rule_rows,
    run_scenarios,
    suite_games,
)

EXIT_HELP = (
    "Exit status: 0 judged and all passed (or expected failures); 1 some failed; "
    "2 interrupted; 3 engine or harness error (cannot start, handshake failed, results "
    "unreadable, report not writable); 4 usage error (bad flags or configuration); "
    "5 nothing judged."
)
EXIT_OK, EXIT_FAILED, EXIT_INTERRUPTED, EXIT_HARNESS, EXIT_USAGE, EXIT_NOTHING = range(6)
#: click's shell completion reads it, however rulespec is started (script, -m, -c)
COMPLETE_VAR = "_RULESPEC_COMPLETE"
COMPLETION_HELP = (  # \b: click keeps the lines as they are
    "\b\nShell completion, a line in ~/.bashrc, ~/.zshrc or ~/.config/fish/config.fish:\n"
    '  eval "$(_RULESPEC_COMPLETE=bash_source rulespec)"\n'
    '  eval "$(_RULESPEC_COMPLETE=zsh_source rulespec)"\n'
    "  _RULESPEC_COMPLETE=fish_source rulespec | source"
)


class _Console:
    """A ``rich`` console made on first use (``rulespec serve`` never loads rich)."""

    def __init__(self, **settings: Any) -> None:
        self._settings = settings
        self._console: Any = None

    def __getattr__(self, name: str) -> Any:
        if self._console is None:
            from rich.console import Console

            self._console = Console(highlight=False, soft_wrap=True, **self._settings)
        return getattr(self._console, name)


out: Any = _Console()
err: Any = _Console(stderr=True)


def fail(message: str, code: int = EXIT_USAGE) -> None:
    err.print(f"[bold red]error:[/] {message}")
    raise Exit(code)


def _version(ctx: click.Context, _param: click.Parameter, value: bool) -> None:
    if value and not ctx.resilient_parsing:
        from rulespec import __version__

        out.print(f"rulespec {__version__}")
        ctx.exit(0)


@click.group(
    cls=Group,
    no_args_is_help=True,
    epilog=f"{EXIT_HELP}\n\n{COMPLETION_HELP}",
    context_settings={"show_default": True},
)
@click.option("--version", is_flag=True, callback=_version, is_eager=True, expose_value=False,
              help="print the version")  # fmt: skip
def app() -> None:
    """Board-game rulebooks as executable specifications; judge any engine against them."""


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


def _settings() -> Any:
    from conformance.cli import config

    try:
        return config.load(Path.cwd())
    except config.ConfigError as error:
        fail(str(error))


@app.command(epilog=EXIT_HELP)
@click.option("--game", "-g", multiple=True, help="game id (repeatable)")
@click.option("--engine", help="engine command, split with POSIX shell rules (quote a path with "
              "spaces: '\"./my engine/run.sh\" --fast'); run in the current directory; default: "
              "the reference")  # fmt: skip
@click.option("--rule", help="only the scenarios pinning this rule id")
@click.option("--timeout", type=float, help="seconds per request (subprocess) [default: 10]")
@click.option("--shell/--no-shell", default=None, help="run the engine through a shell")
@click.option("--jobs", "-j", type=int, help="parallel engine processes [default: 1]")
@click.option("--level", help="protocol, scenarios, invariants, differential or all [scenarios]")
@click.option("--examples", type=int,
              help="exactly N whole games per configuration (instead of --budget)")  # fmt: skip
@click.option("--budget", type=float, help="deep levels: seconds per game and configuration "
              "[default: a share of 24 s per game and level]")  # fmt: skip
@click.option("--emit-dir", type=PATH, help="where divergences are written as scenarios "
              "[default: ./rulespec-regressions]")  # fmt: skip
@click.option("--features", type=PATH, multiple=True,
              help="also run the scenarios in this folder (repeatable)")  # fmt: skip
@click.option("--verbose", "-v", is_flag=True, help="list every rule")
@click.option("--report", type=PATH, help="write a JSON-lines report (spec/report.schema.json)")
@click.option("--junit", type=PATH, help="write JUnit XML for CI")
@click.option("--html", type=PATH, help="write a self-contained HTML report (rule matrix)")
@click.option("--expectations", type=PATH, help="known failures of the engine (TOML)")
@click.option("--update-expectations/--no-update-expectations", default=False,
              help="rewrite --expectations FILE from this run's failures")  # fmt: skip
@click.option("--all-readings/--no-all-readings", default=False,
              help="run again under every reading of each ruling option")  # fmt: skip
@click.option("--ruleset", help="errata of the ruleset (comma-separated ids)")
@click.option("--timeout-multiplier", type=float,
              help="scale every timeout (slow machines, slow engines)")  # fmt: skip
@click.option("--game-timeout", type=float, help="seconds per whole game [default: 300]")
@click.option("--restarts", type=int, help="engine restart budget for the run [default: 3]")
@click.option("--memory-mb", type=int, help="engine memory limit (MB)")
@click.option("--cpu-seconds", type=int, help="engine CPU-time limit (s)")
def check(
    game: tuple[str, ...],
    engine: str | None,
    rule: str | None,
    timeout: float | None,
    shell: bool | None,
    jobs: int | None,
    level: str | None,
    examples: int | None,
    budget: float | None,
    emit_dir: Path | None,
    features: tuple[Path, ...],
    verbose: bool,
    report: Path | None,
    junit: Path | None,
    html: Path | None,
    expectations: Path | None,
    update_expectations: bool,
    all_readings: bool,
    ruleset: str | None,
    timeout_multiplier: float | None,
    game_timeout: float | None,
    restarts: int | None,
    memory_mb: int | None,
    cpu_seconds: int | None,
) -> None:
    """Run the conformance scenarios against an engine; per-rule summary, N passed, N failed.

    Settings come from [tool.rulespec] in ./pyproject.toml or from ./rulespec.toml (keys as
    the flags, with underscores: engine, games, level, timeout, game_timeout, ...); flags
    override them. The engine runs in the current directory.
    """
    settings = _settings()
    engine = engine if engine is not None else settings.get("engine")
    shell = shell if shell is not None else settings.get("shell", False)
    timeout = timeout if timeout is not None else float(settings.get("timeout", 10.0))
    jobs = jobs if jobs is not None else settings.get("jobs", 1)
    level = level or settings.get("level", "scenarios")
    examples = examples if examples is not None else settings.get("examples")
    budget = budget if budget is not None else settings.get("budget")
    emit_dir = emit_dir if emit_dir is not None else (
        Path(settings["emit_dir"]) if settings.get("emit_dir") else None)
    features = list(features) or [Path(f) for f in settings.get("features", [])] or None
    ruleset = ruleset if ruleset is not None else settings.get("ruleset")
    multiplier = timeout_multiplier or float(settings.get("timeout_multiplier", 1.0))
    game_timeout = game_timeout or float(settings.get("game_timeout", 300.0))
    restarts = restarts if restarts is not None else settings.get("restarts", 3)
    memory_mb = memory_mb if memory_mb is not None else settings.get("memory_mb")
    cpu_seconds = cpu_seconds if cpu_seconds is not None else settings.get("cpu_seconds")
    paths = {
        key: Path(settings.get(key)) if flag is None and settings.get(key) else flag
        for key, flag in (("expectations", expectations), ("report", report),
                          ("junit", junit), ("html", html))
    }  # fmt: skip
    expectations, report, junit, html = (paths[k] for k in ("expectations", "report", "junit",
                                                             "html"))  # fmt: skip
    if settings.source is not None:
        out.print(f"settings: {settings.source}", markup=False)
    available = suite_games()
    wanted = game or settings.get("games")
    games = [_known_game(g, available, "check") for g in wanted] if wanted else available
    if jobs < 1:
        fail("--jobs must be at least 1")
    if level not in LEVELS:
        fail(f"--level {level!r}: choose one of {', '.join(LEVELS)}")
    if examples is not None and examples < 1:
        fail("--examples must be at least 1")
    if budget is not None and budget <= 0:
        fail("--budget must be positive (seconds)")
    for folder in features or []:
        if not folder.exists():
            fail(f"--features {folder}: no such file or folder")
    if multiplier <= 0 or game_timeout <= 0 or restarts < 0 or timeout <= 0:
        fail("--timeout, --timeout-multiplier and --game-timeout must be positive, "
             "--restarts >= 0")  # fmt: skip
    if rule is not None:
        from conformance.specification.catalogue import rule_ids

        if not any(rule in rule_ids(g) for g in games):
            fail(f"--rule {rule}: no such rule in {', '.join(games)}")
    known = _read_expectations(expectations, update_expectations)
    from conformance.cli import smoke

    target = engine or "the reference engine (in-process)"
    if level == "protocol":
        _check_protocol(engine, timeout * multiplier, shell, games, target)
    if engine is not None:  # the reference in-process declares every game
        try:
            declared = smoke.probe(engine, timeout * multiplier, shell)
        except smoke.ProbeFailed as error:
            fail(str(error), EXIT_HARNESS)
        undeclared = [g for g in games if g not in declared.games]
        for name in undeclared:
            declares = ", ".join(sorted(declared.games)) or "none"
            out.print(f"{name}: skipped (the engine does not declare it; it declares: "
                      f"{declares})")  # fmt: skip
        games = [g for g in games if g in declared.games]
    if not games:
        fail("nothing judged: the engine declares none of the games asked for", EXIT_NOTHING)
    robustness = [
        "--timeout-multiplier", str(multiplier), "--engine-game-timeout", str(game_timeout),
        "--engine-restarts", str(restarts),
    ]  # fmt: skip
    if memory_mb is not None:
        robustness += ["--engine-memory", str(memory_mb)]
    if cpu_seconds is not None:
        robustness += ["--engine-cpu", str(cpu_seconds)]  # fmt: skip
    if all_readings:
        _check_all_readings(games, engine=engine, timeout=timeout, shell=shell, workers=jobs,
                            rule=rule)  # fmt: skip
    options, errata_ids = _ruleset_arguments(games, ruleset)
    out.print(f"rulespec check: {', '.join(games)} against {target}")
    started = time.perf_counter()
    run = run_scenarios(
        games, engine, rule, timeout, shell, jobs, level, examples,
        expectations if known is not None else None, options=options, errata=errata_ids,
        extra=robustness, budget=budget, emit_dir=emit_dir, features=features,
    )  # fmt: skip
    elapsed = time.perf_counter() - started
    _check_run_started(run, level, games, rule)
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
    raise Exit(_exit_status(run, failed))


def _check_protocol(
    engine: str | None, timeout: float, shell: bool, games: list[str], target: str
) -> None:
    """``--level protocol``: the handshake and one game's lifecycle per declared game."""
    from conformance.cli import smoke

    out.print(f"rulespec check --level protocol: {', '.join(games)} against {target}")
    try:
        rows = smoke.lifecycle(engine, timeout, shell, games)
    except smoke.ProbeFailed as error:
        fail(str(error), EXIT_HARNESS)
    for game, status, detail in rows:
        colour = {"passed": "green", "skipped": "yellow"}.get(status, "red")
        out.print(f"  [{colour}]{status:>14}[/] {game}: ", end="")
        out.print(detail, markup=False)
    judged = [status for _, status, _ in rows if status != "skipped"]
    bad = sum(status != "passed" for status in judged)
    out.print(f"{len(judged) - bad} passed, {bad} failed, {len(rows) - len(judged)} skipped")
    raise Exit(EXIT_NOTHING if not judged else EXIT_FAILED if bad else EXIT_OK)


def _check_run_started(run: Any, level: str, games: list[str], rule: str | None) -> None:
    """One clear line and a non-zero status when the run judged nothing it can stand by."""
    interrupted = run.exit_code == 2 and "KeyboardInterrupt" in run.log
    if interrupted and not any(g.results for g in run.games):
        fail("interrupted before any result", EXIT_INTERRUPTED)
    if run.problem:
        fail(run.problem, EXIT_HARNESS)
    if run.exit_code == 5:
        fail(
            f"nothing judged: no {level} checks for {', '.join(games)}"
            + (f" pinning {rule}" if rule else ""),
            EXIT_NOTHING,
        )
    if (run.exit_code not in (0, 1) and not interrupted) or not any(g.results for g in run.games):
        err.print(run.log[-4000:], markup=False)
        fail(
            f"the scenario run did not produce results (pytest exit status {run.exit_code})",
            EXIT_HARNESS,
        )


def _exit_status(run: Any, failed: int) -> int:
    """The exit-status contract: 0 only when something was judged and nothing failed."""
    if run.exit_code == 2 and "KeyboardInterrupt" in run.log:
        return EXIT_INTERRUPTED
    if failed:
        return EXIT_FAILED
    if not run.judged():
        err.print("nothing judged: every result was skipped (see the reasons above)")
        return EXIT_NOTHING
    return EXIT_OK


def _ruleset_arguments(games: list[str], ruleset: str | None) -> tuple[Any, list[str]]:
    """``--ruleset``: (options per game, errata ids) for :func:`run_scenarios`."""
    ids = [i for i in (ruleset or "").split(",") if i]
    if not ids:  # the bare editions: no options, no errata (and no errata files read)
        return {}, []
    from conformance.specification import errata

    try:
        chosen = errata.rulesets_for(games, ids)
    except errata.ErratumError as error:
        fail(f"--ruleset: {error}")
    for found in chosen.values():
        if found.errata:
            out.print(f"ruleset: {found.label}", markup=False)
    return errata.check_arguments(chosen)


def _check_all_readings(games: list[str], **check: Any) -> None:
    """``check --all-readings``: every game once per reading; exit 1 on any failure.

    With ``--rule`` each run keeps that rule's scenarios, and a reading under which all of
    them are deselected (tagged with another reading) runs none, which is not a failure."""
    from conformance.specification import rulings

    allowed = (0, 1, 5) if check.get("rule") else (0, 1)  # 5: nothing selected
    failed = 0
    for game in games:
        for name, value, counts in rulings.partial_readings(game):
            out.print(f"{game} {name}={json.dumps(value)}: not run (refused for {counts} players)")
    for result in rulings.all_readings(games, **check):
        counts = result.run.counts()
        bad = sum(counts[s] for s in FAILING)
        failed += bad or result.run.exit_code not in allowed
        passed = counts["passed"] + counts["expected failure"]
        out.print(f"{result.label}: {passed} passed, {bad} failed", markup=False)
        for failure in (r for g in result.run.games for r in g.results if r["status"] in FAILING):
            out.print(f"  [red]{failure['status'].upper()}[/] {failure['scenario']}")
            for line in failure["message"].strip().splitlines()[-6:]:
                out.print(f"    {line}", markup=False)
    out.print("every scenario passes under every reading" if not failed else "readings fail")
    raise Exit(1 if failed else 0)


def _read_expectations(path: Path | None, update: bool) -> Any:
    """The known failures of ``--expectations`` (None without one, or a file still to write)."""
    if path is None:
        if update:
            fail("--update-expectations needs --expectations FILE (the file to rewrite)")
        return None
    if update and not path.exists():
        return None
    if not path.is_file():
        fail(f"--expectations: no file at {path}")
    from conformance.reports.expectations import ExpectationsError, load

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
            fail(f"cannot write the {what} to {path}: {error.strerror}", EXIT_HARNESS)
        out.print(f"{what} written to {path}")


def _update_expectations(path: Path, known: Any, report: Any) -> None:
    from conformance.reports.expectations import Expectations, dump, update

    updated = update(known or Expectations(), report.results)
    try:
        path.write_text(dump(updated, report.engine_label), encoding="utf-8")
    except OSError as error:
        fail(f"cannot write the expectations to {path}: {error.strerror}", EXIT_HARNESS)
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
    for result in report.results:
        stats = result.get("stats")
        if isinstance(stats, dict):
            unreached = stats.get("rules_unreached") or []
            out.print(
                f"  {stats.get('level')} {stats.get('config')}: games {stats.get('games')}, "
                f"steps {stats.get('steps')}, {stats.get('steps_per_second')} steps/s, rules "
                f"reached {stats.get('rules_reached')}/{stats.get('rules_total')}", markup=False,
            )
            if unreached and verbose:
                out.print(f"    never reached: {', '.join(map(str, unreached))}", markup=False)
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
            message = result["message"]
            if name and message.partition("\n")[0].split(" | ")[:2][-1:] == [name]:
                message = message.partition("\n")[2]  # the headline repeats name and rules
            for line in _failure_excerpt(message):
                out.print(f"    {line}", markup=False)


def _failure_excerpt(message: str, limit: int = 18) -> list[str]:
    """The assertion's own lines (pytest's ``E`` lines), not hypothesis's draw notes."""
    lines = message.strip().splitlines()
    explained = [line[1:].strip() for line in lines if line.startswith("E ")]
    explained = [line for line in explained if not line.startswith("Draw ")]
    return (explained or lines)[:limit] if explained else lines[-limit:]


@app.command()
@argument("before", "the earlier report (check --report)", type=PATH)
@argument("after", "the later report", type=PATH)
@click.option("--verbose", "-v", is_flag=True, help="list every change")
def diff(before: Path, after: Path, verbose: bool) -> None:
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
    raise Exit(1 if counts["new failure"] else 0)


@app.command()
@argument("game", "game id")
@click.option("--players", "-p", type=int, required=True, help="number of players")
@click.option("--games", "-n", type=int, default=1, help="number of games")
@click.option("--seed", type=int, default=0, help="seed for every chance outcome and choice")
@click.option("--trace", type=PATH, help="write a JSON-lines trace here")
@click.option("--option", multiple=True, help="NAME=VALUE game option")
@click.option("--quiet", "-q", is_flag=True, help="only the totals")
def play(
    game: str, players: int, games: int, seed: int, trace: Path | None,
    option: tuple[str, ...], quiet: bool,
) -> None:  # fmt: skip
    """Uniformly random legal playouts with the reference engine."""
    from conformance.levels.playout import play_many
    from reference_impl import registry
    from reference_impl.core import EngineError

    _known_game(game, registry.available_games(), "play")
    if games < 1:
        fail("--games must be at least 1")
    definition = registry.get_game(game)
    try:
        options = definition.resolve_options(_parse_options(list(option)))
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
@argument("trace", "a trace written by rulespec play", type=PATH)
def replay(trace: Path) -> None:
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
    raise Exit(1 if bad else 0)


@app.command()
def serve() -> None:
    """Serve the reference engines over the protocol on stdin/stdout."""
    from reference_impl.server import main as serve_main

    raise Exit(serve_main())


@app.command()
@argument("game", "game id")
@argument("rule_id", "a rule id; omit to list all", required=False)
@click.option("--html", type=PATH, help="write the browsable HTML rulebook of the game here")
@click.option("--report", type=PATH, help="scenario results for --html (check --report FILE)")
@click.option("--run/--no-run", default=False, help="for --html: run the scenarios now")
@click.option("--ruleset", help="for --html: errata of the ruleset (comma-separated)")
def rules(
    game: str, rule_id: str | None, html: Path | None, report: Path | None, run: bool,
    ruleset: str | None,
) -> None:  # fmt: skip
    """The catalogue entry: source, quote, English, status, ruling, pinning scenarios."""
    from conformance.specification import catalogue

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
    from conformance.cli import analysis

    for heading, items in analysis.guardians(game, rule.id):
        out.print(f"{heading} ({len(items)}):")
        for item in items:
            out.print(f"  {item}", markup=False)


def _write_rulebook(
    loaded: Any, path: Path, report: Path | None, run: bool, ruleset: str | None
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
@click.option("--game", "-g", multiple=True, help="game id")
def coverage(game: tuple[str, ...]) -> None:
    """Rule-to-scenario coverage, closing with: rules N, covered N, uncovered N."""
    from conformance.specification import catalogue

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
    raise Exit(1 if total != covered else 0)


#: the commands defined in this module; any other command (or help) registers the rest
OWN_COMMANDS = frozenset({"check", "diff", "play", "replay", "serve", "rules", "coverage"})


_registered: list[bool] = []


def _register_commands(arguments: list[str]) -> None:
    """Add the command groups of the other modules (once), unless the command is one of
    ours: ``rulespec check`` and ``rulespec serve`` do not import what only they need."""
    words = [a for a in arguments if not a.startswith("-")]
    if (words and words[0] in OWN_COMMANDS) or _registered:
        return
    from conformance.cli import analysis, campaign, mutate, rulings_errata, show

    for module in (analysis, mutate, rulings_errata, show, campaign):
        module.register(app)
    _registered.append(True)


def main() -> None:
    """The console script: runs the app and maps every way out to the exit-status contract.

    Command-line parsing errors (click's usage errors and bad parameters) are usage errors
    (4), not click's 2, which here means "interrupted"; so is ``rulespec`` (or a command
    group) with no arguments, which prints its help. Ctrl-C is 2.
    """
    if sys.argv[1:] == ["serve"]:  # an engine process: straight to the server
        from reference_impl.server import main as serve_main

        sys.exit(serve_main())
    _register_commands(sys.argv[1:])
    try:
        code = app.main(standalone_mode=False, complete_var=COMPLETE_VAR)
    except (KeyboardInterrupt, click.exceptions.Abort):  # click turns Ctrl-C into Abort
        err.print("interrupted")
        sys.exit(EXIT_INTERRUPTED)
    except click.ClickException as error:
        error.show()
        sys.exit(EXIT_USAGE)
    except Exception as error:
        from conformance.specification import catalogue

        if not isinstance(error, catalogue.CatalogueError):
            raise
        err.print(f"[bold red]error:[/] {error}", markup=True)
        sys.exit(EXIT_USAGE)
    if code == 130:  # the server's status for Ctrl-C (``rulespec serve`` with options)
        code = EXIT_INTERRUPTED
    sys.exit(code if isinstance(code, int) else 0)
