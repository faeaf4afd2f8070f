"""The ``rulespec`` command line: check, diff, play, replay, serve, rules, coverage.

``check`` is :mod:`conformance.cli.check_command`, imported only when it is asked for (run,
completed, or listed by the help), so ``rulespec serve`` does without it; the other command
groups register themselves from their modules (:func:`_register_commands`).

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

from conformance.cli.base import (
    EXIT_HELP,
    EXIT_INTERRUPTED,
    EXIT_NOTHING,
    EXIT_USAGE,
    PATH,
    Group,
    _known_game,
    argument,
    err,
    fail,
    out,
    player_count,
    unwritable,
)

#: click's shell completion reads it, however rulespec is started (script, -m, -c)
COMPLETE_VAR = "_RULESPEC_COMPLETE"
COMPLETION_HELP = (  # \b: click keeps the lines as they are
    "\b\nShell completion, a line in ~/.bashrc, ~/.zshrc or ~/.config/fish/config.fish:\n"
    '  eval "$(_RULESPEC_COMPLETE=bash_source rulespec)"\n'
    '  eval "$(_RULESPEC_COMPLETE=zsh_source rulespec)"\n'
    "  _RULESPEC_COMPLETE=fish_source rulespec | source"
)


def _version(ctx: click.Context, _param: click.Parameter, value: bool) -> None:
    if value and not ctx.resilient_parsing:
        from rulespec import __version__

        out.print(f"rulespec {__version__}")
        ctx.exit(0)


@click.group(
    cls=Group,
    lazy={"check": "conformance.cli.check_command:check"},  # rulespec serve: not imported
    no_args_is_help=True,
    epilog=f"{EXIT_HELP}\n\n{COMPLETION_HELP}",
    context_settings={"show_default": True},
)
@click.option("--version", is_flag=True, callback=_version, is_eager=True, expose_value=False,
              help="print the version")  # fmt: skip
def app() -> None:
    """Board-game rulebooks as executable specifications; judge any engine against them."""


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
    mismatch = differ.engine_mismatch(old, new)
    if mismatch:
        err.print(f"warning: {mismatch}", markup=False)
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
@click.option(
    "--players", "-p", type=int, help="number of players (default: the game's only count)"
)
@click.option("--games", "-n", type=int, default=1, help="number of games")
@click.option("--seed", type=int, default=0, help="seed for every chance outcome and choice")
@click.option("--trace", type=PATH, help="write a JSON-lines trace here")
@click.option("--option", multiple=True, help="NAME=VALUE game option")
@click.option("--quiet", "-q", is_flag=True, help="only the totals")
def play(
    game: str, players: int | None, games: int, seed: int, trace: Path | None,
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
    players = player_count(game, players, definition.min_players, definition.max_players)
    try:
        options = definition.resolve_options(_parse_options(list(option)))
        definition.check_players(players)
    except EngineError as error:
        fail(error.message)
    problem = unwritable(trace) if trace else None
    if problem:
        fail(f"--trace {trace}: {problem}")
    try:
        handle = trace.open("w", encoding="utf-8") if trace else None
    except OSError as error:
        fail(f"--trace {trace}: cannot be written ({error.strerror})")
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
@click.option("--quiet", "-q", is_flag=True, help="only the mismatches and the verdict")
def replay(trace: Path, quiet: bool) -> None:
    """Replay a trace and check that every game reaches the recorded final state; the last
    line is the verdict (exit 1 on a mismatch, 5 when the trace holds no game)."""
    from conformance.levels.playout import replay as replay_trace
    from reference_impl import registry

    if not trace.is_file():
        what = "a folder" if trace.is_dir() else "a special file"
        fail(f"{trace}: not a trace file ({what})" if trace.exists() else
             f"no trace file at {trace}")  # fmt: skip
    bad = games = actions = 0
    with trace.open(encoding="utf-8") as lines:
        try:
            for result in replay_trace(lines, registry.get_game):
                mark = "same final state" if result.matches else f"MISMATCH: {result.problem}"
                if not quiet or not result.matches:
                    out.print(f"game {result.index + 1}: {result.actions} actions, {mark}",
                              markup=False)  # fmt: skip
                bad += not result.matches
                games += 1
                actions += result.actions
        except ValueError as error:
            fail(f"{trace}: {error}")
    if not games:
        fail(f"{trace}: no game to replay", EXIT_NOTHING)
    verdict = (f"{bad} of {games} games differ from the recorded final state" if bad else
               f"all {games} games reach the recorded final state")  # fmt: skip
    out.print(f"replayed {games} games, {actions} actions: {verdict}")
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
        room = _text_room(28 + 1 + 11 + 1)
        for rule in loaded.rules:
            out.print(f"{rule.id:<28} {rule.status:<11} {shorten(rule.text, room)}", markup=False)
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


def _text_room(used: int) -> int | None:
    """The columns left for text on a line of the terminal (``$COLUMNS`` when set), after
    ``used``; None (no cut) when the output is not a terminal: a pipe has no width."""
    import os
    import shutil

    if "COLUMNS" not in os.environ and not sys.stdout.isatty():
        return None
    return max(10, shutil.get_terminal_size().columns - used)


def shorten(text: str, width: int | None) -> str:
    """``text`` cut at a word to fit ``width`` columns, with an ellipsis (as is if it fits,
    or when ``width`` is None)."""
    text = " ".join(text.split())
    if width is None or len(text) <= width:
        return text
    cut = text[: width - 1]
    if " " in cut and text[width - 1] != " ":
        cut = cut.rsplit(" ", 1)[0]
    return cut.rstrip(" ,;:.") + "…"


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
    from conformance.cli.check import run_scenarios
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
@click.option("--by-mutants", is_flag=True,
              help="whether each rule's own scenarios fail the mutants of the lines naming "
                   "it alone (from the game's kill matrix); exit 1 when a rule is pinned only "
                   "through other rules' scenarios")  # fmt: skip
@click.option("--kill-matrix", "matrix_file", type=PATH,
              help="with --by-mutants and one game: this kill matrix, not the shipped one")
@click.option("--by-assertions", is_flag=True,
              help="which scenarios check a state path that only rules they are not tagged "
                   "with write (traced on the reference); exit 1 when one does")  # fmt: skip
@click.option("--verbose", "-v", is_flag=True,
              help="with --by-mutants: every unpinned mutant, not the first two per rule; with "
                   "--by-assertions: every such check, not the first five per game")  # fmt: skip
def coverage(
    game: tuple[str, ...], by_mutants: bool, matrix_file: Path | None, by_assertions: bool,
    verbose: bool,
) -> None:
    """Rule-to-scenario coverage, closing with: rules N, covered N, uncovered N.

    A game's optional parts it does not provide are named (absent: invariants, proofs, ...).
    With --by-mutants: closing with rules with mutants N, pinned by their own scenarios N,
    partly N, only through other rules' scenarios N. With --by-assertions: closing with
    checked paths N, written by the scenarios' actions N, checked outside their scenarios'
    rules N."""
    from conformance.specification import catalogue
    from conformance.specification.game_parts import absent

    known = catalogue.games_with_catalogue()
    games = [_known_game(g, known, "coverage") for g in game] if game else known
    if by_mutants and by_assertions:
        fail("--by-mutants and --by-assertions are two reports: give one")
    if matrix_file and not by_mutants:
        fail("--kill-matrix goes with --by-mutants")
    if verbose and not (by_mutants or by_assertions):
        fail("--verbose goes with --by-mutants or --by-assertions")
    if by_assertions:
        from conformance.cli.assertion_report import report as assertion_report

        raise Exit(assertion_report(games, verbose))
    if matrix_file and len(games) != 1:
        fail("--kill-matrix needs one game (-g GAME): a kill matrix is one game's")
    if by_mutants:
        from conformance.cli.pinning_report import report

        raise Exit(report(games, matrix_file, verbose))
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
        missing = absent(name)
        if missing:
            out.print(f"  absent: {', '.join(missing)}", markup=False)
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
    from conformance.cli import (
        analysis,
        campaign,
        matrix,
        mutate,
        new_engine,
        new_game,
        rulings_errata,
        show,
    )

    for name in app.lazy:
        app.load(name)
    for module in (analysis, mutate, rulings_errata, show, campaign, new_engine, new_game,
                   matrix):  # fmt: skip
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
