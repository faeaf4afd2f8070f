"""Run a game's scenarios against its mutants: workers, selection, timeouts, the cache.

Per mutant the outcome is ``killed`` (a scenario failed, or was skipped although it passed
unmutated: the mutant declares less, such as one player fewer; the first is named),
``survived`` (every scenario that runs the mutated lines passed, or none runs them),
``timed out`` (the worker was stopped when one scenario ran longer than ``timeout_factor``
times its baseline time plus ``grace`` seconds: the worker reports each scenario as it
starts, so a hang costs about one scenario's budget, not the whole selection's; a hang is
caught by any engine author's suite, so it counts with the killed), ``invalid`` (the edit
is not Python) or ``not imported`` (a module of the package the engine never imports, such
as a data generator); the last two are left out of the score.

Only the scenarios that execute a ``function``-scope mutant's lines can see it, so only they
run (mutmut does the same with coverage); ``global`` mutants (import time, class bodies) and
lines that run at import run all. The baseline records each scenario's lines with every
cache cold (see :mod:`conformance.mutation.worker`), so a line that runs only while a cache
is built counts for every scenario that uses the cache. Scenarios tagged with the mutant's
rules go first, then the fastest.

With ``-j N`` the N workers are started together, the baseline's scenarios are split between
them, and each mutant goes to the first free worker.

The cache (one JSON line per mutant in ``<cache>/<game>/results.jsonl``, and the last
baseline in ``<cache>/<game>/baseline.json``, or ``baseline.<RULE>.json`` for one rule's
scenarios) is keyed on a fingerprint of the game's package, its features, the shared step
code and :data:`RESULTS_VERSION`, so a result is reused only while none of them has
changed; a run waits while another sharing the cache takes the same baseline, then reads
it. The mutants made of each module are kept beside
them (``<cache>/<game>/generated/``, :mod:`conformance.mutation.generated_cache`). A run
whose files change on disk before it ends stops with an error (see :func:`_unchanged`)
rather than report a mix of two versions.
"""

from __future__ import annotations

import contextlib
import hashlib
import importlib.util
import json
import multiprocessing
import os
import shutil
import tempfile
import time
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from multiprocessing.connection import wait
from pathlib import Path
from typing import Any

from conformance.mutation import DEFAULT_CACHE
from conformance.mutation.generate import Mutant, MutantSet
from rulespec import games
from rulespec.resources import ROOT

SUITE_DIR = ROOT / "conformance" / "suite"
#: part of the fingerprint: raised when the runner would judge a cached mutant differently
#: (2: the baseline's coverage is taken with every cache cold, see :func:`select`)
RESULTS_VERSION = 3


class MutationRunError(RuntimeError):
    """The suite could not be run at all (collection failed, the baseline failed)."""


@dataclass
class Outcome:
    key: str
    status: str  # killed | survived | timed out | invalid
    killers: list[str] = field(default_factory=list)
    message: str = ""
    seconds: float = 0.0
    ran: int = 0  # scenarios run against the mutant
    killer_rules: list[str] = field(default_factory=list)  # the rule tags of the killers
    cached: bool = False

    def as_json(self) -> dict[str, Any]:
        return {
            "status": self.status, "killers": self.killers, "killer_rules": self.killer_rules,
            "message": self.message, "seconds": round(self.seconds, 4), "ran": self.ran,
        }  # fmt: skip


@dataclass
class Baseline:
    scenarios: list[dict[str, Any]]  # the passing ones, with their lines and time
    failing: list[str]  # nodeids that fail (or skip) on the unmutated engine: never used
    imported: dict[str, set[int]]  # lines run at import time
    modules: set[str]  # modules of the package the suite imports
    lines: list[dict[str, set[int]]] = field(default_factory=list)
    seconds: float = 0.0  # wall time to start the workers and measure it (0: from the cache)

    def __post_init__(self) -> None:
        self.lines = [{m: set(ls) for m, ls in s["lines"].items()} for s in self.scenarios]


def fingerprint(mutants: MutantSet) -> str:
    """Hash of the game's package, features, suite binding and the shared step code."""
    digest = hashlib.sha256(f"results {RESULTS_VERSION}\0".encode())
    paths = [mutants.directory / m for m in sorted(mutants.sources)]
    unit = games.unit(mutants.game) if games.is_registered(mutants.game) else None
    paths += sorted(unit.features_dir.rglob("*.feature")) if unit is not None else []
    paths += sorted((ROOT / "conformance" / "steps").glob("*.py"))
    paths += [ROOT / "conformance" / "plugin.py", SUITE_DIR / "games.py"]
    if unit is not None and unit.steps is not None:  # a game package's own steps module
        found = importlib.util.find_spec(unit.steps)
        paths += [Path(found.origin)] if found is not None and found.origin else []
    for path in paths:
        if path.is_file():
            digest.update(path.name.encode() + b"\0" + path.read_bytes() + b"\0")
    return digest.hexdigest()[:16]


def select(mutant: Mutant, baseline: Baseline) -> list[str] | None:
    """The scenarios to run against ``mutant``, in order; None when its module never loads."""
    first, last = mutant.span
    span = set(range(first, last + 1))
    if mutant.module not in baseline.modules:
        return None
    chosen = []
    for scenario, lines in zip(baseline.scenarios, baseline.lines, strict=True):
        if (
            mutant.scope == "global"
            or span & baseline.imported.get(mutant.module, set())
            or span & lines.get(mutant.module, set())
        ):
            chosen.append(scenario)
    rules = set(mutant.rules)
    chosen.sort(key=lambda s: (not rules & set(s["rules"]), s["seconds"]))
    return [s["nodeid"] for s in chosen]


@dataclass
class Job:
    """A mutant on a worker: when it started, the scenarios to run, and the deadline, moved on
    as each scenario starts (its baseline time times ``timeout_factor``, plus ``grace``)."""

    mutant: Mutant
    started: float
    order: list[str]
    deadline: float


def worker_arguments(game: str, folder: Path, scenario_rule: str | None = None) -> list[str]:
    """The worker's pytest arguments: the game's suite with a configuration of its own,
    written into ``folder`` (``rulespec check``'s: an installed rulespec has no
    ``pyproject.toml`` beside its package, so the worker never reads the checkout's)."""
    from conformance.cli.check import write_suite_ini

    args = [
        str(SUITE_DIR / "test_games.py"), "-c", str(write_suite_ini(folder)),
        "--rootdir", str(ROOT),
        "--confcutdir", str(SUITE_DIR), "-p", "conformance.plugin", "-q",
        "-p", "no:cacheprovider", "--strict-markers", "--rulespec-games", game,
    ]  # fmt: skip
    if scenario_rule:
        args += ["--rulespec-rule", scenario_rule]
    return args


class _Worker:
    def __init__(self, game: str, directory: Path, scenario_rule: str | None = None) -> None:
        from conformance.mutation import worker

        self.folder = Path(tempfile.mkdtemp(prefix="rulespec-mutate-"))
        args = worker_arguments(game, self.folder, scenario_rule)
        self.spec = (game, directory, scenario_rule)
        context = multiprocessing.get_context("spawn")
        self.conn, child = context.Pipe()
        self.process = context.Process(
            target=worker.serve, args=(game, str(directory), child, args), daemon=True
        )
        try:
            self.process.start()
        except BaseException:  # no worker to stop later: its folder goes now
            shutil.rmtree(self.folder, ignore_errors=True)
            raise
        child.close()
        self.job: Job | None = None

    def receive(self, timeout: float | None = None) -> dict[str, Any]:
        if not self.conn.poll(timeout):
            raise MutationRunError(f"the worker said nothing for {timeout} s")
        try:
            message = self.conn.recv()
        except EOFError as error:
            raise MutationRunError(f"the worker died (exit {self.process.exitcode})") from error
        if message.get("type") == "exit":
            raise MutationRunError(
                f"the scenario suite could not be collected (pytest exit {message['code']})"
            )
        return message

    def stop(self, kill: bool = False) -> None:
        if not kill:
            try:
                self.conn.send(None)
            except (BrokenPipeError, OSError):
                kill = True
        self.process.join(timeout=0 if kill else 10)
        if self.process.is_alive():
            self.process.kill()
            self.process.join()
        self.conn.close()
        shutil.rmtree(self.folder, ignore_errors=True)


@dataclass
class RunSettings:
    jobs: int = 1
    timeout_factor: float = 10.0
    grace: float = 5.0
    cache: Path | None = DEFAULT_CACHE
    scenario_rule: str | None = None  # run only the scenarios pinning this rule
    #: go on past the first failing scenario until this many have failed (1: stop at the
    #: first, as a mutation score needs; more: each mutant's kill set, a kill matrix)
    killers: int = 1


def run(
    mutants: MutantSet,
    chosen: Iterable[Mutant],
    settings: RunSettings | None = None,
    progress: Callable[[Mutant, Outcome, int, int], None] | None = None,
) -> tuple[list[tuple[Mutant, Outcome]], Baseline | None]:
    """Run the scenarios against each chosen mutant; (mutant, outcome) pairs in order."""
    settings = settings or RunSettings()
    todo = list(chosen)
    print_ = fingerprint(mutants) + (f":{settings.scenario_rule}" if settings.scenario_rule else "")
    # a kill set is not a first killer: those results are kept apart (the baseline is shared)
    results_print = print_ + (f":killers={settings.killers}" if settings.killers > 1 else "")
    cached = _load_cache(settings.cache, mutants.game, results_print)
    outcomes: dict[str, Outcome] = {}
    pending = []
    for mutant in todo:
        if mutant.key in cached:
            outcomes[mutant.key] = cached[mutant.key]
            if progress:
                progress(mutant, outcomes[mutant.key], len(outcomes), len(todo))
        else:
            pending.append(mutant)
    baseline = None
    if pending:
        baseline = _execute(
            mutants, pending, settings, outcomes, (print_, results_print), len(todo), progress
        )
    return [(m, outcomes[m.key]) for m in todo], baseline


def _execute(
    mutants: MutantSet,
    pending: list[Mutant],
    settings: RunSettings,
    outcomes: dict[str, Outcome],
    prints: tuple[str, str],
    total: int,
    progress: Callable[[Mutant, Outcome, int, int], None] | None,
) -> Baseline:
    """Run the pending mutants; ``prints`` are the baseline's fingerprint and the results'."""
    game = mutants.game
    print_, results_print = prints

    def finish(mutant: Mutant, outcome: Outcome) -> None:
        _done(mutants, mutant, outcome, outcomes, settings, results_print, total, progress)

    workers = [
        _Worker(game, mutants.directory, settings.scenario_rule)
        for _ in range(max(1, settings.jobs))
    ]
    try:
        started = time.monotonic()
        with _taking_baseline(settings.cache, game, print_):  # another run may be taking it
            baseline = _load_baseline(settings.cache, game, print_)
            if baseline is None:
                baseline = _measure(workers)
                baseline.seconds = time.monotonic() - started
                _save_baseline(settings.cache, game, print_, baseline)
            else:
                for worker in workers:
                    worker.receive(timeout=300)  # ready
        queue: list[tuple[Mutant, list[str]]] = []
        for mutant in pending:
            order = select(mutant, baseline)
            if order is None:  # not engine code: the engine never imports the module
                why = "its module is never imported by the engine under the scenarios"
                finish(mutant, Outcome(mutant.key, "not imported", message=why))
            elif not order:
                why = "no scenario runs this line"
                finish(mutant, Outcome(mutant.key, "survived", message=why))
            else:
                queue.append((mutant, order))
        ready = list(workers)
        starting: list[_Worker] = []
        seconds = {s["nodeid"]: s["seconds"] for s in baseline.scenarios}
        rules = {s["nodeid"]: s["rules"] for s in baseline.scenarios}
        while queue or any(w.job for w in workers):
            for worker in ready:
                if queue and worker.job is None:
                    mutant, order = queue.pop(0)
                    now = time.monotonic()
                    first = settings.timeout_factor * seconds[order[0]] + settings.grace
                    worker.job = Job(mutant, now, order, now + settings.grace + first)
                    worker.conn.send({
                        "key": mutant.key, "module_name": mutants.module_name(mutant.module),
                        "source": mutants.source_of(mutant), "order": order,
                        "killers": settings.killers,
                        "path": str(mutants.directory / mutant.module),
                        "is_package": mutant.module.endswith("__init__.py"),
                    })  # fmt: skip
            busy = {w.conn: w for w in ready if w.job} | {w.conn: w for w in starting}
            deadlines = [w.job.deadline for w in ready if w.job]
            wait_for = max(0.0, min(deadlines) - time.monotonic()) if deadlines else 1.0
            for conn in wait(list(busy), timeout=wait_for):
                worker = busy[conn]
                try:
                    message = worker.receive(timeout=0)
                except MutationRunError as error:
                    if worker.job is None:
                        raise
                    mutant = worker.job.mutant
                    finish(mutant, Outcome(mutant.key, "killed", ["<worker died>"], str(error)))
                    _unchanged(mutants, print_)
                    _replace(worker, workers, ready, starting, game, mutants)
                    continue
                if message["type"] == "ready":
                    starting.remove(worker)
                    ready.append(worker)
                elif message["type"] == "scenario" and worker.job:
                    nodeid = worker.job.order[message["index"]]
                    budget = settings.timeout_factor * seconds[nodeid] + settings.grace
                    worker.job.deadline = time.monotonic() + budget
                elif message["type"] == "result" and worker.job:
                    mutant = worker.job.mutant
                    worker.job = None
                    outcome = Outcome(
                        mutant.key, message["status"], message["killers"], message["message"],
                        message["seconds"], message["ran"],
                        sorted({r for k in message["killers"] for r in rules.get(k, ())}),
                    )  # fmt: skip
                    finish(mutant, outcome)
            now = time.monotonic()
            for worker in list(ready):
                if worker.job and now > worker.job.deadline:
                    mutant, started = worker.job.mutant, worker.job.started
                    outcome = Outcome(mutant.key, "timed out", [], "stopped after "
                                      f"{now - started:.1f} s", now - started)  # fmt: skip
                    finish(mutant, outcome)
                    _unchanged(mutants, print_)
                    _replace(worker, workers, ready, starting, game, mutants)
        _unchanged(mutants, print_)
        return baseline
    finally:
        for worker in workers:
            worker.stop()


def _unchanged(mutants: MutantSet, print_: str) -> None:
    """Raise when the game's code, features or steps changed on disk during the run.

    Only the mutated module comes from memory: a worker imports the rest of the package from
    disk for every mutant, and a worker started after a hang collects the features again, so
    an edit during a run would mix two versions in one report (and its cached results would
    carry the old fingerprint). Checked each time a worker is replaced and at the end."""
    if not print_.startswith(fingerprint(mutants)):
        raise MutationRunError(
            f"{mutants.game}: the engine, its features or the shared steps changed on disk "
            "during the run, so its results would mix two versions: run it again (and leave "
            "the files alone until it ends)"
        )


def _replace(
    worker: _Worker,
    workers: list[_Worker],
    ready: list[_Worker],
    starting: list[_Worker],
    game: str,
    mutants: MutantSet,
) -> None:
    """Kill ``worker`` and start a fresh one in its place (it reports ready when collected)."""
    worker.stop(kill=True)
    workers.remove(worker)
    ready.remove(worker)
    fresh = _Worker(*worker.spec)
    workers.append(fresh)
    starting.append(fresh)


def _measure(workers: list[_Worker]) -> Baseline:
    """The baseline, its scenarios dealt round-robin to the workers (which run in parallel)."""
    names: list[str] = []
    for worker in workers:
        names = worker.receive(timeout=300)["scenarios"]  # ready: the same list for each
    for i, worker in enumerate(workers):
        worker.conn.send({"type": "baseline", "order": names[i :: len(workers)]})
    return _baseline([w.receive(timeout=1800) for w in workers], names)


def _baseline(messages: list[dict[str, Any]], names: list[str] | None = None) -> Baseline:
    """One baseline from the parts the workers measured, in collection order."""
    scenarios = [s for message in messages for s in message["scenarios"]]
    if names is not None:
        index = {name: i for i, name in enumerate(names)}
        scenarios.sort(key=lambda s: index.get(s["nodeid"], len(index)))
    passing = [s for s in scenarios if s["outcome"] == "passed"]
    failing = [s["nodeid"] for s in scenarios if s["outcome"] != "passed"]
    if not passing:
        raise MutationRunError("no scenario passes on the unmutated reference engine")
    imported: dict[str, set[int]] = {}
    modules: set[str] = set()
    for message in messages:
        for module, lines in message["import"].items():
            imported.setdefault(module, set()).update(lines)
        modules.update(message["modules"])
    return Baseline(passing, failing, imported, modules)


def _baseline_path(cache: Path, game: str, print_: str) -> Path:
    """``baseline.json`` of the whole suite; ``baseline.<RULE>.json`` of one rule's scenarios
    (``--scenarios-of``), so that the two do not replace each other."""
    _, _, rule = print_.partition(":")
    return cache / game / (f"baseline.{rule}.json" if rule else "baseline.json")


@contextlib.contextmanager
def _taking_baseline(cache: Path | None, game: str, print_: str) -> Iterator[None]:
    """Held while a baseline is looked up and, if missing, measured and saved: a second run
    sharing the cache (another ``rulespec mutate``, a parallel test) waits for the first's
    baseline and reads it instead of measuring it again. An advisory lock on a file beside
    it (released if the holder dies); without ``fcntl`` (Windows), or a cache, nothing."""
    try:
        import fcntl
    except ImportError:  # pragma: no cover - not POSIX
        fcntl = None  # type: ignore[assignment]
    if cache is None or fcntl is None:
        yield
        return
    prepare_cache(cache)
    path = _baseline_path(cache, game, print_).with_suffix(".lock")
    path.parent.mkdir(parents=True, exist_ok=True)
    with path.open("a") as held:
        fcntl.flock(held, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(held, fcntl.LOCK_UN)


def _load_baseline(cache: Path | None, game: str, print_: str) -> Baseline | None:
    """The cached baseline of this fingerprint, if any (a run of another one replaced it)."""
    if cache is None or not _baseline_path(cache, game, print_).is_file():
        return None
    try:
        data = json.loads(_baseline_path(cache, game, print_).read_text(encoding="utf-8"))
    except (OSError, json.JSONDecodeError):
        return None
    if data.get("fingerprint") != print_:
        return None
    return _baseline([data])


def _save_baseline(cache: Path | None, game: str, print_: str, baseline: Baseline) -> None:
    if cache is None:
        return
    prepare_cache(cache)
    path = _baseline_path(cache, game, print_)
    path.parent.mkdir(parents=True, exist_ok=True)
    data = {
        "fingerprint": print_, "failing": [{"nodeid": n, "outcome": "failed"}
                                           for n in baseline.failing],
        "scenarios": [{**s, "lines": {m: sorted(ls) for m, ls in lines.items()}}
                      for s, lines in zip(baseline.scenarios, baseline.lines, strict=True)],
        "import": {m: sorted(ls) for m, ls in baseline.imported.items()},
        "modules": sorted(baseline.modules),
    }  # fmt: skip
    data["scenarios"] += data.pop("failing")
    temporary = path.with_suffix(f".{os.getpid()}.tmp")  # two runs may share a cache
    temporary.write_text(json.dumps(data), encoding="utf-8")
    temporary.replace(path)


def _done(
    mutants: MutantSet,
    mutant: Mutant,
    outcome: Outcome,
    outcomes: dict[str, Outcome],
    settings: RunSettings,
    print_: str,
    total: int,
    progress: Callable[[Mutant, Outcome, int, int], None] | None,
) -> None:
    outcomes[mutant.key] = outcome
    if settings.cache is not None:
        folder = settings.cache / mutants.game
        prepare_cache(settings.cache)
        folder.mkdir(parents=True, exist_ok=True)
        with (folder / "results.jsonl").open("a", encoding="utf-8") as handle:
            record = {"fingerprint": print_, "key": mutant.key, **outcome.as_json()}
            handle.write(json.dumps(record, ensure_ascii=False) + "\n")
    if progress:
        progress(mutant, outcome, len(outcomes), total)


def prepare_cache(cache: Path) -> None:
    """Create the cache folder with a ``.gitignore`` of ``*`` (as pytest does for its own)."""
    cache.mkdir(parents=True, exist_ok=True)
    top = cache.parent if cache == DEFAULT_CACHE else cache  # the whole ./.rulespec-cache
    ignore = top / ".gitignore"
    if not ignore.exists():
        ignore.write_text("# created by rulespec mutate\n*\n", encoding="utf-8")


def _load_cache(cache: Path | None, game: str, print_: str) -> dict[str, Outcome]:
    if cache is None:
        return {}
    path = cache / game / "results.jsonl"
    found: dict[str, Outcome] = {}
    if not path.is_file():
        return found
    for line in path.read_text(encoding="utf-8").splitlines():
        try:
            record = json.loads(line)
        except json.JSONDecodeError:
            continue  # an interrupted write: that mutant runs again
        if record.get("fingerprint") == print_ and record.get("status"):
            found[record["key"]] = Outcome(
                record["key"], record["status"], record.get("killers", []),
                record.get("message", ""), record.get("seconds", 0.0), record.get("ran", 0),
                record.get("killer_rules", []), cached=True,
            )  # fmt: skip
    return found
