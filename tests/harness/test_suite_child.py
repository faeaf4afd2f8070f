"""The ``rulespec check`` pytest child (``conformance.cli.suite_child``): pytest's own run,
with the suite's plugins handed over as modules, the garbage collector off during start-up
and no interpreter teardown; exit statuses, output and ``atexit`` handlers as pytest's."""

from __future__ import annotations

import ast
import importlib.util
import os
import subprocess
import sys
from pathlib import Path

from conformance.cli.suite_child import PLUGINS

TESTS = """
import atexit
import gc
import sys


def test_the_collector_is_on_and_the_start_up_heap_frozen():
    # run at exit, after pytest returned: proof that atexit handlers still run
    atexit.register(lambda: open("atexit-ran", "w").close())  # in the run's folder
    assert gc.isenabled()
    assert gc.get_freeze_count() > 0


def test_plugins_are_registered_once_under_their_module_names(request):
    manager = request.config.pluginmanager
    for name in {names}:
        assert manager.get_plugin(name) is sys.modules[name]
    assert len([p for p in manager.get_plugins() if p is sys.modules["conformance.plugin"]]) == 1


def test_a_failure_is_reported_as_pytest_reports_it():
    assert [1, 2] == [1, 3]
"""


def _run(tmp_path: Path, *extra: str) -> subprocess.CompletedProcess[str]:
    (tmp_path / "test_probe.py").write_text(TESTS.replace("{names}", repr(PLUGINS)), "utf-8")
    (tmp_path / "pytest.ini").write_text("[pytest]\naddopts =\n", "utf-8")
    plugins = [arg for name in PLUGINS for arg in ("-p", name)]
    command = [sys.executable, "-P", "-m", "conformance.cli.suite_child", "test_probe.py",
               "-c", "pytest.ini", *plugins, "-p", "no:cacheprovider", "-q",
               *extra]  # fmt: skip
    environment = {**os.environ, "PYTEST_DISABLE_PLUGIN_AUTOLOAD": "1"}
    return subprocess.run(command, cwd=tmp_path, env=environment, capture_output=True,
                          text=True, timeout=120)  # fmt: skip


def test_the_child_runs_pytest_with_its_statuses_output_and_atexit_handlers(tmp_path) -> None:
    done = _run(tmp_path)
    assert done.returncode == 1, done.stdout + done.stderr
    assert "1 failed, 2 passed" in done.stdout
    assert "assert [1, 2] == [1, 3]" in done.stdout  # the rewritten assertion's message
    assert "At index 1 diff: 2 != 3" in done.stdout
    assert (tmp_path / "atexit-ran").exists()
    passing = _run(tmp_path, "-k", "not failure")
    assert passing.returncode == 0, passing.stdout + passing.stderr
    assert "2 passed, 1 deselected" in passing.stdout
    usage = _run(tmp_path, "--no-such-option")
    assert usage.returncode == 4 and "unrecognized arguments" in usage.stderr


def test_the_plugins_it_imports_unrewritten_hold_no_assert_statement() -> None:
    """Handed over already imported, pytest does not rewrite their assertions: so none may
    have one whose message the rewriting would have explained."""
    for name in PLUGINS:
        spec = importlib.util.find_spec(name)
        assert spec is not None and spec.origin is not None, name
        tree = ast.parse(Path(spec.origin).read_text(encoding="utf-8"))
        asserts = [node.lineno for node in ast.walk(tree) if isinstance(node, ast.Assert)]
        assert not asserts, f"{name}: assert statements at lines {asserts}"


SESSION_TESTS = """
def test_one():
    print("SESSION-OUTPUT")


def test_failing():
    assert False


def test_interrupt():
    # what Ctrl-C raises (a signal would not do: under pytest-xdist, SIGINT is ignored)
    raise KeyboardInterrupt
"""

def test_sessions_run_in_turn_each_with_its_own_log_and_status_until_one_is_interrupted(
    tmp_path: Path,
) -> None:
    """``suite_child --sessions PLAN``: each session is a pytest run of its own (its exit
    status and its output in its own files); after an interrupted one nothing more runs."""
    import json

    (tmp_path / "test_sessions.py").write_text(SESSION_TESTS, "utf-8")
    (tmp_path / "pytest.ini").write_text("[pytest]\naddopts =\n", "utf-8")
    plugins = [arg for name in PLUGINS for arg in ("-p", name)]
    base = ["test_sessions.py", "-c", "pytest.ini", *plugins, "-p", "no:cacheprovider",
            "-q", "-s"]  # fmt: skip
    selections = ["one", "failing", "nothing_matches", "interrupt", "one"]
    plan = [{"args": [*base, "-k", k], "log": str(tmp_path / f"log{i}"),
             "status": str(tmp_path / f"status{i}")} for i, k in enumerate(selections)]
    (tmp_path / "plan.json").write_text(json.dumps(plan), "utf-8")
    environment = {**os.environ, "PYTEST_DISABLE_PLUGIN_AUTOLOAD": "1"}
    done = subprocess.run(
        [sys.executable, "-P", "-m", "conformance.cli.suite_child", "--sessions", "plan.json"],
        cwd=tmp_path, env=environment, capture_output=True, text=True, timeout=120,
    )  # fmt: skip
    statuses = [(tmp_path / f"status{i}").read_text() if (tmp_path / f"status{i}").exists()
                else None for i in range(len(selections))]  # fmt: skip
    assert statuses == ["0", "1", "5", "2", None], (statuses, done.stdout, done.stderr)
    assert done.returncode == 2  # the first abnormal status
    assert "SESSION-OUTPUT" not in done.stdout  # each session's output went to its log
    assert "1 passed" in (tmp_path / "log0").read_text()
    assert "1 failed" in (tmp_path / "log1").read_text()
    assert "KeyboardInterrupt" in (tmp_path / "log3").read_text()
