"""A long-lived worker: one pytest session of a game's scenarios, run against mutant after mutant.

The worker collects the game's suite once (``conformance/suite/test_<game>.py``, the same
scenarios ``rulespec check`` runs, through the in-process client), then serves requests from
its parent over a pipe:

- ``{"type": "baseline", "order": [...]}``: those scenarios against the unmutated engine,
  with a line tracer on the game's package, so the parent knows which scenarios pass and
  which lines each one runs (and which run at import time). Each scenario runs with every
  cache cold: the package is purged and imported again before it, as a mutant's is, so a
  line that runs only while a module-level cache is built (``functools.cache``, a dict
  filled on first use, data loaded at import) is recorded for every scenario that uses the
  cache, not only for the first one that happened to fill it. A ``functools`` cache's
  build is traced once and its lines credited to each scenario that needs it
  (:mod:`conformance.mutation.cache_replay`): building them under the tracer again for
  every scenario was most of the baseline. With ``-j N`` the parent splits the scenarios
  between its workers;
- ``{"mutant": ...}``: swap the mutated module into ``sys.modules`` (an in-memory source, served
  by a finder ahead of the normal import system, with every module of the game's package
  reimported so that none keeps a reference to the original), run the scenarios in the order
  given until the first one fails (or, with ``"killers": N``, until N have failed: the
  mutant's kill set, for a kill matrix), restore the original package, reply.

Nothing is written: the mutant exists only in memory, bytecode caching is off. A mutant that
loops or hangs is the parent's to kill (it knows each scenario's baseline time).

The shared component files (``reference_impl.components``, outside every game's package and
never mutated) are parsed once per worker: each purge hands the next import a fresh deep
copy instead of parsing the YAML again (NEOM's took 0.7 s of every mutant), so a mutant that
edits the data in place still cannot leak into the next one.
"""

from __future__ import annotations

import contextlib
import copy
import functools
import gc
import importlib
import importlib.abc
import importlib.machinery
import importlib.util
import os
import sys
import time
from collections.abc import Iterator
from multiprocessing.connection import Connection
from pathlib import Path
from types import ModuleType
from typing import Any

import orjson

from conformance.mutation.cache_replay import CacheReplay

MEMORY_LIMIT_MB = 3072


class _CodeCache(importlib.abc.MetaPathFinder):
    """Imports the unmutated modules of the game's package from code compiled once per worker.

    Every mutant and every baseline scenario imports the whole package again; without
    bytecode files (``PYTHONDONTWRITEBYTECODE``, or a read-only install) each import compiled
    every module from source again, about 0.1 s a time. The mutated module is served ahead
    of this finder by :class:`_MutantFinder`."""

    def __init__(self, package: str) -> None:
        self.package = package
        self.codes: dict[str, Any] = {}

    def find_spec(self, fullname: str, path: Any = None, target: Any = None) -> Any:
        if fullname != self.package and not fullname.startswith(self.package + "."):
            return None
        spec = importlib.machinery.PathFinder.find_spec(fullname, path)
        if spec is None or not isinstance(spec.loader, importlib.machinery.SourceFileLoader):
            return spec
        spec.loader = _CachedLoader(fullname, spec.loader.path, self.codes)
        return spec


class _CachedLoader(importlib.machinery.SourceFileLoader):
    def __init__(self, fullname: str, path: str, codes: dict[str, Any]) -> None:
        super().__init__(fullname, path)
        self.codes = codes

    def get_code(self, fullname: str) -> Any:
        if self.path not in self.codes:
            self.codes[self.path] = super().get_code(fullname)
        return self.codes[self.path]


class _MutantFinder(importlib.abc.MetaPathFinder, importlib.abc.Loader):
    """Serves one module's mutated source from memory; every other import goes on as usual."""

    def __init__(self, name: str, source: str, path: str, package: bool) -> None:
        self.name, self.source, self.path, self.package = name, source, path, package

    def find_spec(self, fullname: str, path: Any = None, target: Any = None) -> Any:
        if fullname != self.name:
            return None
        locations = [str(Path(self.path).parent)] if self.package else None
        return importlib.util.spec_from_file_location(
            fullname, self.path, loader=self, submodule_search_locations=locations
        )

    def create_module(self, spec: Any) -> ModuleType | None:
        return None

    def exec_module(self, module: ModuleType) -> None:
        exec(compile(self.source, self.path, "exec"), module.__dict__)


@contextlib.contextmanager
def swapped_in(package: str, finder: _MutantFinder) -> Iterator[None]:
    """Within the block, ``package`` imports afresh with ``finder``'s mutated module (every
    module of the package forgotten before and after, so none keeps the other's code)."""
    purge(package)
    sys.meta_path.insert(0, finder)
    try:
        yield
    finally:
        sys.meta_path.remove(finder)
        purge(package)


def purge(package: str) -> None:
    """Forget every module of ``package`` and every cache the shared reference code holds."""
    for name in [n for n in sys.modules if n == package or n.startswith(package + ".")]:
        del sys.modules[name]
    for name, module in list(sys.modules.items()):
        if name.startswith("reference_impl.") and module is not None:
            for value in list(vars(module).values()):
                clear = getattr(value, "cache_clear", None)
                if callable(clear) and getattr(value, "__module__", None) in (name, __name__):
                    clear()


def keep_components() -> None:
    """Parse each game's component file once in this process: ``reference_impl.components``
    then hands out a deep copy of the parsed file after every purge (its own cache is
    cleared with the rest), never the parsed original."""
    from reference_impl import components

    original = getattr(components._load, "__wrapped__", None)
    if original is None:  # already replaced, or no longer a functools cache
        return
    parsed: dict[str, Any] = {}

    @functools.cache
    def _load(game: str) -> Any:
        if game not in parsed:
            parsed[game] = original(game)
        return _copied(parsed[game])

    components._load = _load


def _copied(data: Any) -> Any:
    """A deep copy of parsed YAML: through orjson (C, so the line tracer does not slow it, as
    it did ``copy.deepcopy``'s recursion) when the copy equals the original, which it does
    for JSON's types; ``copy.deepcopy`` for anything else (a tuple, a non-text key, a date)."""
    try:
        copied = orjson.loads(orjson.dumps(data))
    except (TypeError, ValueError):  # orjson.JSONEncodeError is a TypeError
        return copy.deepcopy(data)
    return copied if copied == data else copy.deepcopy(data)


class _Tracer:
    """The lines each scenario runs in the game's package, measured by coverage.py (its C
    tracer: a pure-Python ``settrace`` made the baseline ten times slower), one dynamic
    context per scenario, kept in memory (``data_file=None``)."""

    def __init__(self, directory: str) -> None:
        import coverage

        self.prefix = directory.rstrip(os.sep) + os.sep
        self.coverage = coverage.Coverage(
            data_file=None, include=[self.prefix + "*"], config_file=False, branch=False
        )
        self.coverage.start()
        self.on = True

    def context(self, name: str) -> None:
        self.coverage.switch_context(name)

    @contextlib.contextmanager
    def paused(self) -> Iterator[None]:
        """Nothing is recorded inside the block (``on`` is false meanwhile)."""
        self.coverage.stop()
        self.on = False
        try:
            yield
        finally:
            self.coverage.start()
            self.on = True

    def finish(self) -> dict[str, dict[str, list[int]]]:
        """context -> module -> lines."""
        self.coverage.stop()
        self.on = False
        data = self.coverage.get_data()
        found: dict[str, dict[str, set[int]]] = {}
        for filename in data.measured_files():
            module = Path(filename).relative_to(self.prefix).as_posix()
            for line, contexts in data.contexts_by_lineno(filename).items():
                for context in contexts:
                    found.setdefault(context, {}).setdefault(module, set()).add(line)
        return {c: {m: sorted(ls) for m, ls in ms.items()} for c, ms in found.items()}


class MutationSession:
    """pytest plugin: takes over the run loop and serves the parent's requests."""

    def __init__(
        self, game: str, directory: str, conn: Connection, replay_caches: bool = True
    ) -> None:
        self.game, self.directory, self.conn = game, directory, conn
        from conformance.mutation.generate import engine_package

        self.package = engine_package(game)
        self.replay_caches = replay_caches  # off: every cache's build traced every time

    def pytest_runtestloop(self, session: Any) -> bool:
        items = {item.nodeid: item for item in session.items}
        # a lone scenario has no neighbour: given itself as the next item, pytest's setup
        # state breaks on the second run (every mutant "killed" by a KeyError in the
        # plugin); without one, its fixtures are torn down and set up again each run
        self.neighbours = {
            a.nodeid: b if b is not a else None
            for a, b in zip(session.items, [*session.items[1:], *session.items[:1]], strict=True)
        }
        keep_components()
        sys.meta_path.insert(0, _CodeCache(self.package))
        # the collected session lives as long as the worker: out of the garbage collector's
        # sight, each collection no longer walks it (a tenth of Isle Traces' baseline)
        gc.freeze()
        self.conn.send({"type": "ready", "scenarios": list(items)})
        while True:
            request = self.conn.recv()
            if request is None:
                break
            if request.get("type") == "baseline":
                self.conn.send(self._baseline([items[n] for n in request["order"]]))
            else:
                self.conn.send(self._mutant(request, items))
        return True

    def _baseline(self, items: list[Any]) -> dict[str, Any]:
        tracer = _Tracer(self.directory)
        caches = CacheReplay(self.package, tracer)
        scenarios = []
        modules: set[str] = set()
        with caches.installed() if self.replay_caches else contextlib.nullcontext():
            for index, item in enumerate(items):
                purge(self.package)  # every cache cold, as it is for a mutant's scenarios
                caches.context("<import>")
                if index == 0:
                    importlib.import_module(self.package)
                else:  # the import runs the same lines each time: traced once
                    with tracer.paused():
                        importlib.import_module(self.package)
                caches.context(item.nodeid)
                started = time.perf_counter()
                outcome, _message = _run(item, self.neighbours[item.nodeid])
                seconds = time.perf_counter() - started
                scenarios.append({
                    "nodeid": item.nodeid, "name": _name(item), "outcome": outcome,
                    "rules": sorted({m.args[0] for m in item.iter_markers("rule") if m.args}),
                    "seconds": seconds,
                })  # fmt: skip
                modules |= self._imported()  # a submodule one scenario imports lazily counts
            purge(self.package)  # no module keeps the baseline's caches
        lines = caches.credit(tracer.finish()) if self.replay_caches else tracer.finish()
        for scenario in scenarios:
            scenario["lines"] = lines.get(scenario["nodeid"], {})
        imported = lines.get("<import>", {})
        return {
            "type": "baseline", "scenarios": scenarios, "import": imported,
            "modules": sorted(modules),
            "cache_builds": {"traced": len(caches.built), "untraced": caches.untraced},
        }  # fmt: skip

    def _imported(self) -> set[str]:
        """The files of the game's package that are imported now."""
        inside = self.package + "."
        mine = [m for n, m in sys.modules.items() if n == self.package or n.startswith(inside)]
        return {
            Path(m.__file__).relative_to(self.directory).as_posix()
            for m in mine
            if getattr(m, "__file__", None)
        }

    def _mutant(self, request: dict[str, Any], items: dict[str, Any]) -> dict[str, Any]:
        started = time.perf_counter()
        finder = _MutantFinder(
            request["module_name"], request["source"], request["path"], request["is_package"]
        )
        reply: dict[str, Any] = {"type": "result", "key": request["key"], "killers": [], "ran": 0}
        try:
            with swapped_in(self.package, finder):
                return self._judged(request, items, reply)
        finally:
            reply["seconds"] = time.perf_counter() - started

    def _judged(
        self, request: dict[str, Any], items: dict[str, Any], reply: dict[str, Any]
    ) -> dict[str, Any]:
        """The mutant, swapped in, against the scenarios in the order given."""
        try:
            compile(request["source"], request["path"], "exec")
        except SyntaxError as error:
            reply.update(status="invalid", message=f"not Python: {error}")
            return reply
        try:
            importlib.import_module(self.package)
        except BaseException as error:  # any failure to import kills it, even SystemExit
            reply.update(status="killed", killers=["<import>"],
                         message=f"{type(error).__name__}: {error}"[:300])  # fmt: skip
            return reply
        wanted = max(1, int(request.get("killers", 1)))
        for index, nodeid in enumerate(request["order"]):
            self.conn.send({"type": "scenario", "index": index})  # the parent's deadline
            outcome, message = _run(items[nodeid], self.neighbours[nodeid])
            reply["ran"] += 1
            if outcome in ("failed", "skipped"):  # skipped: passed unmutated, declares less
                if not reply["killers"]:
                    reply.update(status="killed", message=DECLARES_LESS
                                 if outcome == "skipped" else message)  # fmt: skip
                reply["killers"].append(nodeid)
                if len(reply["killers"]) >= wanted:
                    return reply
        if not reply["killers"]:
            reply.update(status="survived", message="")
        return reply


#: A scenario the unmutated engine passed is skipped under the mutant: the mutant no longer
#: declares a player count, option or capability the reference declares (``max_players = 4``
#: for a 5-player game). An engine that stops declaring part of the game is a different
#: engine, and the plugin would judge it over less: the mutant is caught, not a survivor.
DECLARES_LESS = "skipped under the mutant, passed unmutated: the mutant declares less"


def _name(item: Any) -> str:
    scenario = getattr(getattr(item, "obj", None), "__scenario__", None)
    return getattr(scenario, "name", None) or item.name


def _run(item: Any, neighbour: Any) -> tuple[str, str]:
    """Run one collected test again: ``passed``, ``failed`` or ``skipped``, and a message.

    ``neighbour`` is another item of the same module (None for a lone one), given to pytest
    as the next one so that module- and session-scoped fixtures stay up between runs (all
    of a game's scenarios are collected from one module; tearing them down each time
    doubled the cost).
    """
    from _pytest.runner import runtestprotocol

    item._initrequest()  # fresh function-scoped fixtures for every run of the same item
    reports = runtestprotocol(item, nextitem=neighbour, log=False)
    for report in reports:
        if report.failed:
            text = str(report.longrepr).strip().splitlines()
            return "failed", (text[-1] if text else "")[:300]
    if any(report.skipped for report in reports):
        return "skipped", ""
    return "passed", ""


def confine() -> None:
    """Limits for a process that runs mutants: no bytecode written beside the sources, and
    at most ``MEMORY_LIMIT_MB`` of memory (a mutant may build without end)."""
    import resource

    sys.dont_write_bytecode = True
    try:
        size = MEMORY_LIMIT_MB * 1024 * 1024
        resource.setrlimit(resource.RLIMIT_AS, (size, size))
    except (ValueError, OSError):
        pass


def serve(
    game: str, directory: str, conn: Connection, args: list[str], replay_caches: bool = True
) -> None:
    """Entry point of a worker process (``multiprocessing``, spawn)."""
    import pytest

    confine()
    devnull = os.open(os.devnull, os.O_WRONLY)
    os.dup2(devnull, 1)
    os.dup2(devnull, 2)
    session = MutationSession(game, directory, conn, replay_caches)
    code = pytest.main(args, plugins=[session])
    conn.send({"type": "exit", "code": int(code)})
