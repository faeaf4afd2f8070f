"""``rulespec check``: the command (flags, configuration, output, exit statuses, reports);
the run itself is :mod:`conformance.cli.check`."""

from __future__ import annotations

import json
import time
from pathlib import Path
from typing import Any

import click
from click.exceptions import Exit

from conformance.cli.base import (
    DURATION,
    EXIT_FAILED,
    EXIT_HARNESS,
    EXIT_HELP,
    EXIT_INTERRUPTED,
    EXIT_NOTHING,
    EXIT_OK,
    PATH,
    Command,
    _known_game,
    err,
    fail,
    out,
    unusable_folder,
    unwritable,
    visible,
)
from conformance.cli.check import (
    CONCERNS,
    FAILING,
    LEVELS,
    concern_summary,
    rule_rows,
    run_scenarios,
    suite_games,
)
from conformance.rule_selection import selected_rules


def _settings() -> Any:
    from conformance.cli import config

    try:
        return config.load(Path.cwd())
    except config.ConfigError as error:
        fail(str(error))


@click.command(cls=Command, epilog=EXIT_HELP)
@click.option("--game", "-g", multiple=True, help="game id (repeatable)")
@click.option("--engine", help="engine command, split with POSIX shell rules (quote a path with "
              "spaces: '\"./my engine/run.sh\" --fast'); run in the current directory; default: "
              "the reference")  # fmt: skip
@click.option(
    "--rule",
    "rules",
    multiple=True,
    help="only the scenarios pinning this rule id (repeatable: any of them)",
)
@click.option("--timeout", type=DURATION, help="per request (subprocess) [default: 10s]")
@click.option("--shell/--no-shell", default=None, help="run the engine through a shell")
@click.option("--jobs", "-j", type=int, help="parallel engine processes [default: 1]")
@click.option("--level", help="protocol, scenarios, invariants, differential or all [all: "
              "every level the engine's capabilities allow; scenarios with --rule]")  # fmt: skip
@click.option("--examples", type=int,
              help="exactly N whole games per configuration (instead of --budget)")  # fmt: skip
@click.option("--budget", type=DURATION, help="deep levels: time per game and configuration "
              "[default: a share of 24 s per game and level]")  # fmt: skip
@click.option(
    "--players",
    type=int,
    multiple=True,
    help="deep levels: only this player count (repeatable) [default: every count]",
)
@click.option("--blame-seconds", type=DURATION, help="deep levels: time per divergence to try "
              "the reference's one-token changes for one that does what the engine did, "
              "and a third as long again its component data's one-value changes "
              "[default: 10s; 0: none]")  # fmt: skip
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
@click.option("--game-timeout", type=DURATION, help="per whole game [default: 300s]")
@click.option("--restarts", type=int, help="engine restart budget for the run [default: 3]")
@click.option("--memory-mb", type=int, help="engine memory limit (MB)")
@click.option("--cpu-seconds", type=int, help="engine CPU-time limit (s)")
@click.option("--maxfail", type=int, help="stop after N failures (per engine process, -j)")
@click.option("--exitfirst", "-x", is_flag=True, help="stop at the first failure (--maxfail 1)")
def check(
    game: tuple[str, ...],
    engine: str | None,
    rules: tuple[str, ...],
    timeout: float | None,
    shell: bool | None,
    jobs: int | None,
    level: str | None,
    examples: int | None,
    budget: float | None,
    players: tuple[int, ...],
    blame_seconds: float | None,
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
    maxfail: int | None,
    exitfirst: bool,
) -> None:
    """Judge an engine: every level its capabilities allow (the scenarios, then whole games
    checked for invariants and played in lockstep with the reference, within a time budget
    per game); per-rule summary, N passed, N failed.

    Settings come from [tool.rulespec] in ./pyproject.toml or from ./rulespec.toml (keys as
    the flags, with underscores: engine, games, level, timeout, game_timeout, ...); flags
    override them. The engine runs in the current directory.
    """
    from conformance.cli.check import stop_on_sigterm

    stop_on_sigterm()  # a SIGTERM outside the run is Ctrl-C too: exit 2, not 143
    settings = _settings()
    rule = ",".join(sorted(selected_rules(",".join(rules)))) or None  # one string: "A,B"
    engine = engine if engine is not None else settings.get("engine")
    shell = shell if shell is not None else settings.get("shell", False)
    timeout = timeout if timeout is not None else float(settings.get("timeout", 10.0))
    jobs = jobs if jobs is not None else settings.get("jobs", 1)
    # the default verdict is every level the engine allows; a rule selection asks about
    # the scenarios pinning those rules (the deep levels pin none)
    level = level or settings.get("level", "scenarios" if rules else "all")
    examples = examples if examples is not None else settings.get("examples")
    budget = budget if budget is not None else settings.get("budget")
    players = players or tuple(settings.get("players", ()))
    if blame_seconds is None:
        blame_seconds = settings.get("blame_seconds")
    emit_dir = (
        emit_dir
        if emit_dir is not None
        else (Path(settings.get("emit_dir")) if settings.get("emit_dir") else None)
    )
    problem = unusable_folder(emit_dir) if emit_dir is not None else None
    if problem:  # found now, not when a divergence is written
        fail(f"--emit-dir {emit_dir}: {problem}")
    features = list(features) or [Path(f) for f in settings.get("features", [])] or None
    ruleset = ruleset if ruleset is not None else settings.get("ruleset")
    _check_numbers(timeout=timeout, jobs=jobs, examples=examples, budget=budget,
                   blame_seconds=blame_seconds, timeout_multiplier=timeout_multiplier,
                   game_timeout=game_timeout, restarts=restarts, memory_mb=memory_mb,
                   cpu_seconds=cpu_seconds)  # fmt: skip
    multiplier = (timeout_multiplier if timeout_multiplier is not None
                  else float(settings.get("timeout_multiplier", 1.0)))  # fmt: skip
    game_timeout = (game_timeout if game_timeout is not None
                    else float(settings.get("game_timeout", 300.0)))  # fmt: skip
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
    _distinct_outputs(report=report, junit=junit, html=html,
                      expectations=expectations if update_expectations else None)  # fmt: skip
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
    if any(count < 1 for count in players):
        fail(f"--players {min(players)}: a player count is at least 1")
    for folder in features or []:
        if not folder.exists():
            fail(f"--features {folder}: no such file or folder")
        from conformance.specification.catalogue import feature_problem

        problem = feature_problem(folder)
        if problem:  # said now, not as a run interrupted at collection
            fail(f"--features {folder}: {problem}")
    if multiplier <= 0 or game_timeout <= 0 or restarts < 0 or timeout <= 0:
        fail("--timeout, --timeout-multiplier and --game-timeout must be positive, "
             "--restarts >= 0")  # fmt: skip
    if rule is not None:
        from conformance.specification.catalogue import rule_ids

        for one in sorted(selected_rules(rule)):
            if not any(one in rule_ids(g) for g in games):
                fail(f"--rule {one}: no such rule in {', '.join(games)}")
    known = _read_expectations(expectations, update_expectations)
    from conformance.cli import smoke

    target = engine or "the reference engine (in-process)"
    if level == "protocol":
        _check_protocol(engine, timeout * multiplier, shell, games, target,
                        outputs=(report, junit, html))  # fmt: skip
    if engine is not None:  # the reference in-process declares every game
        try:
            declared = smoke.probe(engine, timeout * multiplier, shell)
        except smoke.ProbeFailed as error:
            fail(str(error), EXIT_HARNESS)
        undeclared = [g for g in games if g not in declared.games]
        for name in undeclared:
            declares = ", ".join(sorted(declared.games)) or "none"
            out.print(f"{name}: skipped (the engine does not declare it; it declares: "
                      f"{visible(declares)})", markup=False)  # fmt: skip
        games = [g for g in games if g in declared.games]
    if not games:
        fail("nothing judged: the engine declares none of the games asked for", EXIT_NOTHING)
    if players and level != "scenarios":
        _check_players(players, games)
    robustness = [
        "--timeout-multiplier", str(multiplier), "--engine-game-timeout", str(game_timeout),
        "--engine-restarts", str(restarts),
    ]  # fmt: skip
    if memory_mb is not None:
        robustness += ["--engine-memory", str(memory_mb)]
    if cpu_seconds is not None:
        robustness += ["--engine-cpu", str(cpu_seconds)]  # fmt: skip
    if blame_seconds is not None:
        robustness += ["--rulespec-reproduce-seconds", str(blame_seconds)]
    if players:
        robustness += ["--rulespec-players", ",".join(map(str, sorted(set(players))))]
    maxfail = 1 if exitfirst else maxfail
    if maxfail is not None:
        if maxfail < 1:
            fail("--maxfail must be at least 1")
        robustness += ["--maxfail", str(maxfail)]
    if all_readings:
        _check_all_readings(games, engine=engine, timeout=timeout, shell=shell, workers=jobs,
                            rule=rule)  # fmt: skip
    options, errata_ids = _ruleset_arguments(games, ruleset)
    out.print(f"rulespec check: {', '.join(games)} against {visible(target)}", markup=False)
    started = time.perf_counter()
    run = run_scenarios(
        games, engine, rule=rule, timeout=timeout, shell=shell, workers=jobs, level=level,
        examples=examples, expectations=expectations if known is not None else None,
        options=options, errata=errata_ids, extra=robustness, budget=budget,
        emit_dir=emit_dir, features=features,
    )  # fmt: skip
    elapsed = time.perf_counter() - started
    _check_run_started(run, level, games, rule)
    for game_report in run.games:
        _print_game(game_report, rule, verbose, (run.engine or {}).get("capabilities"))
    counts = run.counts()
    failed = sum(counts[s] for s in FAILING)
    skipped = counts["skipped"] + counts["not run"]
    from conformance.cli.check_output import closing_line, print_skips

    print_skips(out, [r for g in run.games for r in g.results], verbose)
    if report or junit or html or update_expectations:
        from conformance.reports import model

        written = model.from_run(
            run, command=engine, games=games, level=level, rule=rule, expectations=known,
            expectations_path=str(expectations) if known is not None else None, duration=elapsed,
            interrupted=_interrupted(run),
        )  # fmt: skip
        _write_reports(written, report, junit, html)
        if update_expectations and expectations is not None:
            _update_expectations(expectations, known, written)
    closing = closing_line(counts["passed"] + counts["expected failure"], failed, skipped,
                           maxfail)  # fmt: skip
    if _interrupted(run):
        closing += " (interrupted)"
    out.print(closing)
    raise Exit(_exit_status(run, failed))


def _check_protocol(
    engine: str | None,
    timeout: float,
    shell: bool,
    games: list[str],
    target: str,
    outputs: tuple[Path | None, Path | None, Path | None] = (None, None, None),
) -> None:
    """``--level protocol``: the handshake and one game's lifecycle per declared game (every
    state and listed action checked against the game's schemas); the reports asked for
    (``outputs``: JSON lines, JUnit, HTML) are written."""
    from conformance.cli import smoke

    out.print(f"rulespec check --level protocol: {', '.join(games)} against {visible(target)}",
              markup=False)  # fmt: skip
    started = time.perf_counter()
    try:
        run = smoke.run_protocol(engine, timeout, shell, games)
    except smoke.ProbeFailed as error:
        fail(str(error), EXIT_HARNESS)
    rows = run.rows
    if any(outputs):
        from conformance.reports import model

        results = [model.make_result(raw) for raw in run.results()]
        header = model.make_header(engine=run.identity, command=engine, games=games,
                                   level="protocol")  # fmt: skip
        footer = model.make_footer(results, time.perf_counter() - started)
        _write_reports(model.Report(header, results, footer), *outputs)
    for game, status, detail in rows:
        colour = {"passed": "green", "skipped": "yellow"}.get(status, "red")
        out.print(f"  [{colour}]{status:>14}[/] {game}: ", end="")
        out.print(visible(detail), markup=False)
    judged = [status for _, status, _ in rows if status != "skipped"]
    bad = sum(status != "passed" for status in judged)
    out.print(f"{len(judged) - bad} passed, {bad} failed, {len(rows) - len(judged)} skipped")
    raise Exit(EXIT_NOTHING if not judged else EXIT_FAILED if bad else EXIT_OK)


def _check_players(players: tuple[int, ...], games: list[str]) -> None:
    """``--players`` names a count at least one of the games is played with (the campaign's
    configurations: the same player counts the deep levels play)."""
    from conformance.campaign.driver import configurations
    from reference_impl import registry

    if not configurations(games, list(players)):
        ranges = {g: registry.get_game(g) for g in games}
        played = ", ".join(f"{g} {d.min_players}-{d.max_players}" for g, d in ranges.items())
        fail(f"--players {','.join(map(str, sorted(set(players))))}: no game asked for is "
             f"played with that many players ({played})", EXIT_NOTHING)  # fmt: skip


def _check_run_started(run: Any, level: str, games: list[str], rule: str | None) -> None:
    """One clear line and a non-zero status when the run judged nothing it can stand by."""
    interrupted = _interrupted(run)
    results = any(g.results for g in run.games)
    if not results:
        _check_features(games)  # a feature file pytest could not collect: named, exit 4
    if interrupted:  # what finished is reported (and written), then exit 2
        if not results:
            err.print("interrupted before any result")
        return
    if run.problem:
        fail(run.problem, EXIT_HARNESS)
    if run.exit_code == 5:
        fail(
            f"nothing judged: no {level} checks for {', '.join(games)}"
            + (f" pinning {rule}" if rule else ""),
            EXIT_NOTHING,
        )
    if (run.exit_code not in (0, 1) and not interrupted) or not results:
        err.print(visible(run.log[-4000:]), markup=False)
        fail(
            f"the scenario run did not produce results (pytest exit status {run.exit_code})",
            EXIT_HARNESS,
        )


def _check_features(games: list[str]) -> None:
    """A usage error naming the first of the games' own feature files that is not valid
    Gherkin (a game package's, being written): pytest stops at collection, which the run
    would report as interrupted before any result. Asked only when nothing was judged."""
    from conformance.specification.catalogue import feature_problem
    from rulespec import games as registered

    for game in games:
        problem = feature_problem(registered.features_dir(game))
        if problem:
            fail(f"the scenarios of {game}: {problem}")


def _interrupted(run: Any) -> bool:
    """The run was stopped (Ctrl-C, SIGTERM): its results are what finished."""
    return bool(getattr(run, "interrupted", False)) or (
        run.exit_code == 2 and "KeyboardInterrupt" in run.log
    )


def _exit_status(run: Any, failed: int) -> int:
    """The exit-status contract: 0 only when something was judged and nothing failed."""
    if _interrupted(run):
        err.print("interrupted: the results are those of what finished")
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


def _check_numbers(**flags: Any) -> None:
    """Every numeric flag finite and within its bounds (:data:`config.BOUNDS`), else a usage
    error naming it (the configuration file's values are checked as it is read)."""
    from conformance.cli.config import shown, value_problem

    for key, value in flags.items():
        problem = value_problem(key, value)
        if problem is not None:
            fail(f"--{key.replace('_', '-')} {shown(value)}: {problem}")


def _distinct_outputs(**paths: Path | None) -> None:
    """Two outputs naming one file would leave only the last written, and one that cannot
    be written would be found only when the run is over: usage errors, before it starts."""
    seen: dict[Path, str] = {}
    for name, path in paths.items():
        if path is None:
            continue
        key = Path(path).expanduser().resolve()
        if key in seen:
            fail(f"--{seen[key]} and --{name} name the same file ({path}): give each its own")
        seen[key] = name
        problem = unwritable(key)
        if problem:
            fail(f"--{name} {path}: {problem}")


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
        from conformance.reports.atomic import write_text

        write_text(path, dump(updated, report.engine_label))
    except OSError as error:
        fail(f"cannot write the expectations to {path}: {error.strerror}", EXIT_HARNESS)
    before = len(known.entries) if known else 0
    out.print(f"expectations: {len(updated.entries)} entries written to {path} (were {before})")


def _print_game(
    report: Any, rule: str | None, verbose: bool, capabilities: list[str] | None = None
) -> None:
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
    out.print(f"  level reached: {report.level_reached(capabilities)}; " + "; ".join(levels))
    for line in _deep_summary(report, verbose):
        out.print(line, markup=False)
    scenarios_ran = report.level_status("scenarios")[0] != "not run"
    for rule_id, status, ok, total in rows:
        if status == "not run" and not scenarios_ran and not verbose:
            continue  # another level ran: its results are listed by rule below if they fail
        if verbose or status != "passed":
            colour = {"passed": "green", "skipped": "yellow", "expected failure": "yellow"}.get(
                status, "red"
            )
            out.print(f"  [{colour}]{status:>14}[/] {rule_id}  ({ok}/{total} scenarios)")
    for concern in CONCERNS:
        summary = concern_summary(report.results, concern)
        if summary:
            out.print(f"  {summary}", markup=False)
    from conformance.cli.check_output import print_failures

    print_failures(out, report.results, FAILING, verbose, _failure_excerpt, CONCERNS)


def _failure_excerpt(message: str, limit: int = 18) -> list[str]:
    """The assertion's own lines (pytest's ``E`` lines), not hypothesis's draw notes; a
    deep level's action trace is left to its scenario file (its length is shown)."""
    lines = _without_trace(message.strip().splitlines())
    explained = [line[1:].strip() for line in lines if line.startswith("E ")]
    explained = [line for line in explained if not line.startswith("Draw ")]
    return (explained or lines)[:limit] if explained else lines[-limit:]


def _without_trace(lines: list[str]) -> list[str]:
    """``lines`` with a numbered action trace (``trace:`` then ``  1. {...}``) folded to
    one line: the written scenario holds it."""
    if not any(line.strip() == "trace:" for line in lines):
        return lines
    kept: list[str] = []
    folded = 0
    for line in lines:
        numbered = line.strip().split(". ", 1)[0]
        if kept and kept[-1].strip() == "trace:" and numbered.isdigit():
            folded += 1
            continue
        if folded:
            kept[-1] = f"trace: {folded} actions (the written scenario lists them)"
            folded = 0
        kept.append(line)
    if folded:
        kept[-1] = f"trace: {folded} actions (the written scenario lists them)"
    return kept


def _deep_summary(report: Any, verbose: bool) -> list[str]:
    """Per deep level: games, steps, seconds, what was compared and played, and the rules
    the reference applied (never the candidate's claims); each configuration with ``-v``."""
    lines: list[str] = []
    for level in ("invariants", "differential"):
        found = [r.get("stats") for r in report.results]
        stats = [s for s in found if isinstance(s, dict) and s.get("level") == level]
        if not stats:
            continue
        games = sum(s.get("games", 0) for s in stats)
        steps = sum(s.get("steps", 0) for s in stats)
        seconds = sum(s.get("seconds", 0.0) for s in stats)
        cut = sum(s.get("cut_games", 0) for s in stats)
        reached = {r for s in stats for r in s.get("rules_reached_ids", [])}
        unreached = set.intersection(*(set(s.get("rules_unreached") or []) for s in stats))
        unobservable = set.intersection(*(set(s.get("rules_unobservable") or []) for s in stats))
        unobservable -= reached
        never = unreached - reached
        text = (f"  {level}: {games} games, {steps} steps in {seconds:.1f}s over "
                f"{len(stats)} configurations"
                + (f" ({cut} cut: at the step horizon, or with no legal action)" if cut else "")
                + f"; rules reached {len(reached)}/{len(reached) + len(never)}")  # fmt: skip
        if unobservable:
            text += f" ({len(unobservable)} more not observable by firing)"
        lines.append(text)
        compared = sorted({c for s in stats for c in s.get("comparisons", [])})
        if level == "differential" and compared:
            lines.append(f"    compared: {', '.join(compared)}")
        starts: dict[str, int] = {}
        for s in stats:
            for start, count in (s.get("starts") or {}).items():
                starts[start] = starts.get(start, 0) + count
        if len(starts) > 1 or "scenario positions" in starts:
            lines.append("    played: " + ", ".join(f"{k} ({v})" for k, v in starts.items()))
        if verbose:
            for s in stats:
                lines.append(
                    f"    {s.get('config')}: games {s.get('games')}, steps "
                    f"{s.get('steps')}, {s.get('steps_per_second')} steps/s, rules "
                    f"reached {s.get('rules_reached')}/{s.get('rules_total')}"
                )
            if never:
                lines.append(f"    never reached: {', '.join(sorted(never))}")
            if unobservable:
                lines.append(f"    not observable by firing: {', '.join(sorted(unobservable))}")
    return lines
