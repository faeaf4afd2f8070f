"""``rulespec mutate GAME``: how many wrong reference engines the game's scenarios catch.

Registered on the main app by :func:`register`. Exit status: 0 when every non-equivalent
mutant run was killed, 1 when some survived (they are listed, by rule), 4 for bad arguments
or a triage file that does not name one mutant per entry, 3 when the scenarios could not be
run at all. ``--check-triage`` runs nothing: it lists the entries of
``spec/GAME/mutants.yaml`` that match several mutants (with the ``function`` and
``occurrence`` that would name each) or none, exit 1 when there is one.
"""

from __future__ import annotations

import json
import sys
import time
from pathlib import Path
from typing import Any

import click
from click.exceptions import Exit
from rich.console import Console

from conformance.cli.analysis import known_game
from conformance.cli.base import PATH, Command, argument, fail, unwritable
from conformance.mutation import DEFAULT_CACHE, KILL_MATRIX_KILLERS

out = Console(highlight=False, soft_wrap=True)
err = Console(stderr=True, highlight=False, soft_wrap=True)


@click.command(cls=Command)
@argument("game", "game id")
@click.option("--sample", type=int, help="run a random sample of N mutants (default: all)")
@click.option("--seed", type=int, default=0, help="seed of the sample")
@click.option("--jobs", "-j", type=int, default=1, help="worker processes")
@click.option("--module", help="only mutants of this module (e.g. scoring.py)")
@click.option("--rule", help="only mutants of code implementing it")
@click.option("--operators", help="comma-separated mutmut operators, or 'all'")
@click.option("--report", type=PATH, help="write the report as JSON lines")
@click.option("--html", type=PATH, help="write the HTML rulebook with this run's mutation score")
@click.option("--mutation-results", "results", type=PATH,
              help="report from an earlier run: show, don't run")  # fmt: skip
@click.option("--cache", type=PATH, default=DEFAULT_CACHE,
              help="cache folder (results, last run, made mutants)")  # fmt: skip
@click.option("--no-cache/--no-no-cache", default=False, help="neither read nor write the cache")
@click.option("--scenarios-of",
              help="run only the scenarios pinning this rule (how well they pin it)")  # fmt: skip
@click.option("--timeout-factor", type=float, default=10.0,
              help="a scenario times out after this many times its baseline time")  # fmt: skip
@click.option("--killers", type=int,
              help="go on past a mutant's first failing scenario until this many have "
                   "failed: the report's killers are then each mutant's kill set "
                   "(default 1; 40 with --kill-matrix)")  # fmt: skip
@click.option("--kill-matrix", "kill_matrix", type=PATH,
              help="write the game's kill matrix (each killed mutant's rule and failing "
                   "scenarios: spec/GAME/kill_matrix.json, which the deep levels blame "
                   "with); with --mutation-results, made from that report; with --module "
                   "and an existing FILE, that module's entries are remade, the rest "
                   "kept")  # fmt: skip
@click.option("--verbose", "-v", is_flag=True, help="every rule, every mutant")
@click.option("--reread-rules", is_flag=True,
              help="with --kill-matrix FILE: run nothing; read each entry's rule again from its "
                   "line (after a change of the engine's comments or docstrings only)")  # fmt: skip
@click.option(
    "--check-triage/--no-check-triage",
    default=False,
    help="run nothing: list the triage entries that name several mutants, or none",
)
def mutate(
    game: str, sample: int | None, seed: int, jobs: int, module: str | None, rule: str | None,
    operators: str | None, report: Path | None, html: Path | None, results: Path | None,
    cache: Path, no_cache: bool, scenarios_of: str | None, timeout_factor: float,
    killers: int | None, kill_matrix: Path | None, verbose: bool, reread_rules: bool,
    check_triage: bool,
) -> None:  # fmt: skip
    """Mutate GAME's reference engine (in memory) and run its scenarios against each mutant."""
    from conformance.specification import catalogue

    known_game(game, catalogue.games_with_catalogue())
    outputs = (("--report", report, True), ("--html", html, False),
               ("--kill-matrix", kill_matrix, True))  # fmt: skip
    for flag, path, makes_folders in outputs:
        problem = unwritable(path, makes_folders) if path is not None else None
        if problem:  # found now, not once the run is over
            fail(f"{flag} {path}: {problem}")
    made = None if no_cache else cache  # mutants made by earlier runs (read, never written)
    if check_triage:
        raise Exit(_check_triage(game, verbose, made))
    if reread_rules:
        raise Exit(_reread_rules(game, kill_matrix))
    if kill_matrix is not None and module is not None and kill_matrix.is_file():
        try:  # found now, not after the run
            _mergeable(module, operators, sample, rule)
            _matrix_at(kill_matrix, game)
        except ValueError as error:
            fail(f"--kill-matrix {kill_matrix}: {error}")
    if killers is None:
        killers = KILL_MATRIX_KILLERS if kill_matrix is not None else 1
    elif kill_matrix is not None and killers < 2:
        fail("--kill-matrix needs kill sets: --killers must be at least 2")
    if results is not None:
        summary = _read(results, game, made)
        origin = str(results)
        if kill_matrix is not None:
            header = summary.header
            ran = f"rulespec mutate {game} --killers {header.get('killers')}" + "".join(
                f" --{flag} {header[flag]}" for flag in ("module", "rule", "operators")
                if header.get(flag) not in (None, "default"))  # fmt: skip
            made_by = f"{ran} (its report {results.name}, made a matrix by --mutation-results)"
            _write_kill_matrix(kill_matrix, game, summary.records, header, made_by, made)
    else:
        if sample is not None and sample < 1:
            fail("--sample must be at least 1")
        if jobs < 1:
            fail("--jobs must be at least 1")
        if killers < 1:
            fail("--killers must be at least 1")
        settings = (jobs, None if no_cache else cache, timeout_factor, scenarios_of, killers)
        summary, header = _run(game, sample, seed, module, rule, operators, settings, verbose)
        from conformance.mutation import report as report_mod

        if report is not None:
            try:
                report_mod.write_jsonl(report, summary, header)
            except OSError as error:
                fail(f"cannot write the report to {report}: {error.strerror}")
        if not no_cache:
            report_mod.write_jsonl(report_mod.last_run_path(game, cache), summary, header)
        origin = f"rulespec mutate {game}" + (f" --sample {sample} --seed {seed}" if sample else "")
        if kill_matrix is not None:
            made_by = f"{origin} --killers {killers}" + "".join(
                f" {flag} {value}" for flag, value in
                (("--module", module), ("--rule", rule), ("--operators", operators))
                if value)  # fmt: skip
            _write_kill_matrix(kill_matrix, game, summary.records, header, made_by, made)
    from conformance.mutation import report as report_mod

    for line in report_mod.table(summary, limit=10_000 if verbose else 25):
        out.print(line, markup=False)
    if html is not None:
        from conformance.specification import rulebook_html

        try:
            rulebook_html.write(html, catalogue.load(game), mutation=summary, origin=origin)
        except OSError as error:
            fail(f"cannot write the rulebook to {html}: {error.strerror}")
        out.print(f"rulebook with the mutation score written to {html}")
    if summary.judged == 0:
        fail("no mutant was judged", 1)
    raise Exit(1 if summary.survivors or summary.contradicted else 0)


def _reread_rules(game: str, path: Path | None) -> int:
    """``--reread-rules``: the kill matrix at ``path`` with each entry's rule read again
    (:func:`conformance.mutation.kill_matrix.reread_rules`); exit 1 when an entry's line
    could not be found (its code changed: the matrix needs a run)."""
    from conformance.mutation import kill_matrix

    if path is None:
        fail("--reread-rules needs --kill-matrix FILE (the matrix to read again)")
    try:
        matrix, renamed, moved, lost = kill_matrix.reread_rules(
            game, _matrix_at(path, game, "read it")
        )
    except ValueError as error:
        fail(f"--kill-matrix {path}: {error}")
    if renamed or moved:
        note = "; then its rules read again by rulespec mutate --reread-rules"
        matrix = {**matrix, "made_by": matrix["made_by"] + note}
        try:
            kill_matrix.write(path, matrix)
        except OSError as error:
            fail(f"cannot write the kill matrix to {path}: {error.strerror}")
    out.print(f"{path}: {len(matrix['mutants'])} entries; rule read anew for {renamed}, "
              f"line moved for {moved}, not found for {lost}", markup=False)  # fmt: skip
    if lost:
        err.print(f"{lost} entries' code is no longer at or near their line: remake the "
                  f"matrix (rulespec mutate {game} -j 2 --kill-matrix {path})")  # fmt: skip
    return 1 if lost else 0


def _write_kill_matrix(
    path: Path,
    game: str,
    records: list[dict[str, Any]],
    header: dict[str, Any],
    made_by: str,
    cache: Path | None,
) -> None:
    """Write the run's kill matrix to ``path`` (:mod:`conformance.mutation.kill_matrix`); a
    run of one module (``--module``) merges into the game's matrix already at ``path``."""
    from conformance.mutation import kill_matrix

    module = header.get("module")
    merging = module is not None and path.is_file()
    try:
        universe, digests = kill_matrix.collected_with_digests(game)
        matrix = kill_matrix.build(game, records, header, made_by, universe)
        matrix = kill_matrix.with_digests(matrix, digests)
        if merging:
            _mergeable(module, header.get("operators"), header.get("sample"), header.get("rule"))
            matrix = kill_matrix.merge(_matrix_at(path, game), matrix, module,
                                       _mutants_now(game, cache))  # fmt: skip
    except ValueError as error:
        fail(f"--kill-matrix {path}: {error}")
    try:
        kill_matrix.write(path, matrix)
    except OSError as error:
        fail(f"cannot write the kill matrix to {path}: {error.strerror}")
    what = f"{module}'s mutants remade in the kill matrix" if merging else "kill matrix"
    err.print(f"{what} of {len(matrix['mutants'])} mutants over "
              f"{len(matrix['scenarios'])} scenarios written to {path}", markup=False)  # fmt: skip


def _of_rule(game: str, pool: list[Any], rule: str) -> list[Any]:
    """The mutants of code implementing ``rule``: in a function (or block) whose docstring
    or rule ids name it, or on a line the kill matrix gives it (its own comment, the
    nearest statement naming a rule: :func:`~conformance.mutation.kill_matrix.line_rules`),
    so that ``--rule R --scenarios-of R`` runs the mutants ``coverage --by-mutants`` counts
    for R."""
    from conformance.mutation.kill_matrix import line_rules
    from conformance.specification.catalogue import load

    known = {entry.id for entry in load(game).rules}
    return [m for m in pool if rule in m.rules or rule in line_rules(game, m.as_json(), known)]


def _mergeable(module: str, operators: Any, sample: Any, rule: Any) -> None:
    """Refuse (:class:`ValueError`) a run of ``module`` that cannot stand for all its mutants
    in a matrix: one with other operators, a sample, or one rule's mutants only."""
    if operators not in (None, "default") or sample or rule:
        raise ValueError(f"only a whole run of --module {module} with the default operators "
                         "(no --operators, --sample or --rule) merges into a matrix")  # fmt: skip


def _matrix_at(
    path: Path, game: str, doing: str = "merge one module's mutants into it"
) -> dict[str, Any]:
    """The kill matrix already at ``path``, checked (a run of one module merges into it)."""
    from conformance.levels.kill_signatures import KillMatrixError, read_data

    try:
        data = json.loads(path.read_text(encoding="utf-8"))
        read_data(data, str(path), game)
    except (OSError, json.JSONDecodeError, UnicodeDecodeError, KillMatrixError) as error:
        raise ValueError(f"cannot {doing}: {error}") from None
    return data


def _mutants_now(game: str, cache: Path | None) -> int:
    """How many mutants (default operators) the engine has today: a merged matrix stands
    for all of them."""
    from conformance.mutation import generate, triage

    return len(generate.generate(game, triage.load(game).seeds, None, None, cache).mutants)


def _check_triage(game: str, verbose: bool, cache: Path | None) -> int:
    """Every ``equivalent`` entry against all the game's mutants (default operators), read
    from the cache folder's made mutants where they are there (nothing is written)."""
    try:
        from conformance.mutation import generate, triage
    except ImportError as error:
        fail(f"mutation testing needs mutmut and libcst ({error}): pip install 'mutmut>=3.8,<4'", 3)
    try:
        triaged = triage.load(game)
        mutants = generate.generate(game, cache=cache, keep=False)
    except (generate.MutantError, triage.TriageError) as error:
        fail(str(error))
    resolution = triaged.resolve(mutants.mutants, mutants.instrumentation)
    ambiguous, stale = resolution.ambiguous(), resolution.stale()
    entries = triaged.equivalent
    for index, candidates in ambiguous.items():
        out.print(f"{triaged.path}: {triage.describe_entry(index, entries[index])} matches "
                  f"{len(candidates)} mutants:", markup=False)  # fmt: skip
        for mutant in candidates:
            out.print(f"    {triage.describe_candidate(mutant)}", markup=False)
    for index in stale:
        entry = triage.describe_entry(index, entries[index])
        out.print(f"{triaged.path}: {entry} matches no mutant (the code changed: remove it or "
                  "triage the new mutant)", markup=False)  # fmt: skip
    for index in resolution.skipped:
        entry = triage.describe_entry(index, entries[index])
        out.print(f"{triaged.path}: {entry} names an instrumentation mutant, no longer run "
                  "(its condition only decides a fired rule): the entry can go",
                  markup=False)  # fmt: skip
    twice = resolution.named_twice()
    for indices in twice:
        listed = "; ".join(triage.describe_entry(i, entries[i]) for i in indices)
        out.print(f"{triaged.path}: {len(indices)} entries name the same mutant (keep one): "
                  f"{listed}", markup=False)  # fmt: skip
    unnamed = [i for i, ms in resolution.matched.items()
               if len(ms) == 1 and "function" not in entries[i]]  # fmt: skip
    if verbose:
        for index in unnamed:
            entry = triage.describe_entry(index, entries[index])
            found = triage.describe_candidate(resolution.matched[index][0])
            out.print(f"{triaged.path}: {entry}: unique; it is {found}", markup=False)
    out.print(
        f"{game}: {len(entries)} equivalent entries: {len(ambiguous)} match several mutants, "
        f"{len(stale)} match none, {len(resolution.skipped)} name an instrumentation mutant, "
        f"{len(twice)} mutants are named twice, "
        f"{len(unnamed)} without `function` match exactly one",
        markup=False,
    )
    return 1 if ambiguous or stale or twice else 0


def _read(path: Path, game: str, cache: Path | None) -> Any:
    from conformance.mutation import report as report_mod

    if not path.is_file():
        fail(f"--mutation-results: no file at {path}")
    try:
        summary = report_mod.read_jsonl(path, game)
    except ValueError as error:
        fail(f"--mutation-results: {error}")
    from conformance.mutation import generate, triage

    try:  # survivors and kills are judged by today's triage file, not the one of the run
        triaged = triage.load(game)
        # a survivor may be triaged now; a kill may contradict an entry of the file
        modules = sorted({r["module"] for r in summary.records if r.get("status") == "survived"}
                         | {str(entry["module"]) for entry in triaged.equivalent})  # fmt: skip
        if not modules:
            return summary
        mutants = generate.generate(game, triaged.seeds, modules=modules, cache=cache, keep=False)
        triaged = triaged.bind(mutants.mutants)
    except (generate.MutantError, triage.TriageError) as error:
        fail(str(error))
    changed = report_mod.retriage(summary, mutants.mutants, triaged)
    if changed:
        out.print(f"{changed} survivors judged again by today's {triaged.path}", markup=False)
    return summary


def _run(
    game: str,
    sample: int | None,
    seed: int,
    module: str | None,
    rule: str | None,
    operators: str | None,
    settings_: tuple[int, Path | None, float, str | None, int],
    verbose: bool,
) -> tuple[Any, dict[str, Any]]:
    jobs, cache, timeout_factor, scenarios_of, killers = settings_
    try:
        from conformance.mutation import generate, run, triage
        from conformance.mutation import report as report_mod
    except ImportError as error:
        fail(f"mutation testing needs mutmut and libcst ({error}): pip install 'mutmut>=3.8,<4'", 3)
    chosen_ops = None
    if operators:
        chosen_ops = list(generate.ALL_OPERATORS) if operators == "all" else operators.split(",")
    try:
        triaged = triage.load(game)
        mutants = generate.generate(
            game, triaged.seeds, chosen_ops, None if module is None else [module], cache
        )
        triaged.bind(mutants.mutants)
    except (generate.MutantError, triage.TriageError) as error:
        fail(str(error))
    pool = mutants.mutants
    if module is not None:
        pool = [m for m in pool if m.module == module]
        if not pool:
            fail(f"--module {module!r}: no mutants (modules: {', '.join(mutants.sources)})")
    if rule is not None:
        pool = _of_rule(game, pool, rule)
        if not pool:
            fail(f"--rule {rule!r}: no mutant of code that names it")
    pool = mutants.draw(pool, sample, seed)
    skipped = mutants.skipped.get("instrumentation", 0)
    err.print(f"{game}: {len(pool)} of {len(mutants.mutants)} mutants, {jobs} worker(s); "
              f"{skipped} instrumentation mutants not made")  # fmt: skip
    started = time.monotonic()
    counts: dict[str, int] = {}
    step = 1 if verbose else max(1, len(pool) // 20)

    def progress(mutant: Any, outcome: Any, done: int, total: int) -> None:
        counts[outcome.status] = counts.get(outcome.status, 0) + 1
        if verbose:
            err.print(f"  {outcome.status:<9} {mutant.describe()}", markup=False)
        if done % step == 0 or done == total:
            rate = (time.monotonic() - started) / done
            tally = ", ".join(f"{k} {v}" for k, v in sorted(counts.items()))
            err.print(f"[{done:>5}/{total}] {tally} ({rate:.2f} s/mutant)", markup=False)

    settings = run.RunSettings(jobs, timeout_factor, cache=cache, scenario_rule=scenarios_of,
                               killers=killers)  # fmt: skip
    try:
        results, baseline = run.run(mutants, pool, settings, progress)
    except run.MutationRunError as error:
        fail(f"{game}: {error}", 3)
    except KeyboardInterrupt:
        err.print("interrupted: results so far are in the cache")
        sys.exit(2)
    if baseline is not None:
        where = f"measured in {baseline.seconds:.1f} s" if baseline.seconds else "from the cache"
        err.print(f"baseline: {len(baseline.scenarios)} passing scenarios, {where}")
    summary = report_mod.summarise(game, results, triaged, mutants.skipped)
    header = {
        "fingerprint": run.fingerprint(mutants), "operators": chosen_ops or "default",
        "sample": sample, "seed": seed, "mutants_total": len(mutants.mutants),
        "skipped_instrumentation": skipped,
        "module": module, "rule": rule, "scenarios_of": scenarios_of, "killers": killers,
        "seconds": round(time.monotonic() - started, 2),
        "baseline_seconds": None if baseline is None else round(baseline.seconds, 2),
    }  # fmt: skip
    return summary, header


def register(app: click.Group) -> None:
    app.add_command(mutate)
