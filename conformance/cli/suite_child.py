"""The pytest child of ``rulespec check``: ``python -P -m conformance.cli.suite_child ARGS``.

It is ``python -m pytest ARGS`` (same arguments, same exit status) without three start-up
costs that a one-scenario check paid for nothing. Found with cProfile of the child; together
they took a one-scenario child (``check --game villagers --rule VL-BUILD-ORDER``) from a
median 0.77 to 0.55 s CPU (ten interleaved rounds, 2 cores at a load of about 1.6), the
collector and the teardown each about 0.12 s alone and 0.2 s together (the teardown ends with
a full collection), the plugin look-up about 0.01 s:

- **plugin look-up.** Each ``-p NAME`` made pytest read the entry points of every installed
  distribution for a plugin of that name (plugin autoload is off in the child, so none is
  found that way). The suite's plugins (:data:`PLUGINS`) are imported here and handed to
  ``pytest.main`` as modules, registered under their module names; the ``-p`` arguments stay
  in the command (pytest-xdist starts its workers from it) and find them registered. Imported
  before pytest's assertion rewriting is installed, they are not rewritten: they hold no
  ``assert`` statement (a test checks it), so no message changes.
- **the cyclic garbage collector during start-up.** Imports and collection allocate objects
  that live as long as the run (modules, classes, parsed features, items); the collector's
  full passes over them free nothing. It is off until the test loop starts, then what exists
  is frozen (``gc.freeze``: later passes skip it) and it is on again, so the scenarios' and
  the deep levels' garbage is collected as before. Cyclic garbage made during collection is
  kept: about 30,000 objects (4 MB) when every game's scenarios are collected.
- **interpreter teardown.** Once pytest has returned (the results, footer and engine files are
  written and closed, the engine stopped), the output is flushed, the ``atexit`` handlers run
  and the process ends with ``os._exit``, skipping the module-by-module teardown; when a
  thread that would be waited for is still running, or the output cannot be flushed, it ends
  as any Python program does.

``python -P -m conformance.cli.suite_child --sessions PLAN`` runs several pytest sessions in
turn in this one process (:func:`run_sessions`): ``rulespec check --all-readings`` runs a
game's scenarios once per reading, and each further session costs its collection only, not
a start-up and a parse of the features again (Isle Traces' ten readings: 20 s to 14 s).
"""

from __future__ import annotations

import atexit
import gc
import importlib
import json
import os
import sys
import threading
from pathlib import Path
from typing import Any

#: the suite's plugins, in the order ``suite_command`` names them with ``-p``
#: (``bdd_without_codegen`` must come before ``pytest_bdd.plugin``)
PLUGINS = ("conformance.bdd_without_codegen", "conformance.plugin", "pytest_bdd.plugin")


def resume_collector() -> None:
    """Freeze what exists and turn the cyclic garbage collector back on (idempotent)."""
    if not gc.isenabled():
        gc.freeze()
        gc.enable()


def plugins() -> list[Any]:
    """The suite's plugin modules, imported in order, and the collector's switch: it
    turns the collector back on as the test loop starts, before any other plugin's loop
    (pytest-xdist's controller, which collects nothing itself, runs its own)."""
    import pytest

    class CollectorBack:
        @pytest.hookimpl(tryfirst=True)
        def pytest_runtestloop(self, session: pytest.Session) -> None:
            resume_collector()

    modules: list[Any] = [importlib.import_module(name) for name in PLUGINS]
    return [*modules, CollectorBack()]


def _flushed() -> bool:
    try:
        for stream in (sys.stdout, sys.stderr):
            if stream is not None:
                stream.flush()
    except (OSError, ValueError):
        return False
    return True


def _quick_exit(code: int) -> None:
    """End the process with ``code`` as Python would, without its module teardown."""
    main_thread = threading.main_thread()
    if any(t is not main_thread and not t.daemon and t.is_alive() for t in threading.enumerate()):
        sys.exit(code)  # Python waits for such a thread: so does this
    if not _flushed():
        sys.exit(code)  # let Python report it as it would
    atexit._run_exitfuncs()
    atexit._clear()
    if not _flushed():
        sys.exit(code)
    os._exit(code)


def run_sessions(plan: Path) -> int:
    """Run each session of ``plan`` in turn, in this one process, and return the first
    abnormal status, else 1 if any failed, 0 if any ran, else 5.

    ``plan`` is a JSON list of ``{"args": [...], "log": FILE, "status": FILE}``: the
    arguments of one ``pytest`` run, where its standard output goes, where its exit status
    is written. Start-up, imports and the parsing of the feature files are paid once for
    all of them (``rulespec check --all-readings`` runs a game once per reading). After an
    interrupted session (Ctrl-C, status 2) the rest are not run: they have no status file.
    """
    import pytest

    loaded = plugins()
    codes = []
    for index, session in enumerate(json.loads(plan.read_text(encoding="utf-8"))):
        if index:
            gc.disable()  # this session's collection, as the first one's start-up
        code = _logged(session["args"], Path(session["log"]), loaded)
        Path(session["status"]).write_text(str(code), encoding="utf-8")
        codes.append(code)
        if code == pytest.ExitCode.INTERRUPTED:
            break
    return combined(codes)


def combined(codes: list[int]) -> int:
    """One pytest exit status for several runs: the first abnormal one, else 1 if any
    failed, 0 if any ran, else 5 (nothing collected)."""
    for code in codes:
        if code not in (0, 1, 5):
            return code
    if 1 in codes:
        return 1
    return 0 if 0 in codes else 5


def _logged(arguments: list[str], log: Path, loaded: list[Any]) -> int:
    """``pytest.main(arguments)`` with this process's standard output (its descriptor: the
    capture plugin saves and restores whatever it is) going to ``log``."""
    import pytest

    sys.stdout.flush()
    saved = os.dup(1)
    try:
        with log.open("wb") as stream:
            os.dup2(stream.fileno(), 1)
            try:
                return int(pytest.main(arguments, plugins=loaded))
            finally:
                resume_collector()
                sys.stdout.flush()
    finally:
        os.dup2(saved, 1)
        os.close(saved)


def main(arguments: list[str] | None = None) -> None:
    """Run pytest on ``arguments`` (default: the command line) and end with its status;
    ``--sessions PLAN`` runs several (:func:`run_sessions`)."""
    gc.disable()  # first: pytest's and the plugins' imports are most of the start-up heap
    arguments = sys.argv[1:] if arguments is None else arguments
    if arguments[:1] == ["--sessions"] and len(arguments) == 2:
        _quick_exit(run_sessions(Path(arguments[1])))
    try:
        import pytest

        code = pytest.main(arguments, plugins=plugins())
    finally:
        resume_collector()
    _quick_exit(int(code))


if __name__ == "__main__":
    main()
