"""``rulespec check`` as an engine author runs it from their own folder: the engine's
directory, configuration files, fail-fast start-up, honest skips and the exit statuses."""

from __future__ import annotations

import os
import resource
import subprocess
import sys
import time
from pathlib import Path

import pytest

from reference_impl import registry
from tests.support.checkout import CHECKOUT

RULESPEC = [sys.executable, "-m", "conformance"]
PARTIAL = CHECKOUT / "tests" / "support" / "partial_engine.py"


def rulespec(cwd: Path, *args: str, timeout: float = 600) -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    return subprocess.run([*RULESPEC, *args], cwd=cwd, env=env, capture_output=True, text=True,
                          timeout=timeout)  # fmt: skip


def _engine_script(folder: Path, name: str = "engine.sh") -> Path:
    """A shell engine in the author's folder: records its working directory, serves."""
    script = folder / name
    script.write_text(
        "#!/bin/sh\n"
        'pwd > "$(dirname "$0")/engine-cwd.txt"\n'
        'echo "${PYTHONPATH-unset}" > "$(dirname "$0")/engine-pythonpath.txt"\n'
        f'exec "{sys.executable}" -m reference_impl.server\n'
    )
    script.chmod(0o755)
    return script


def test_a_relative_engine_runs_in_the_folder_check_started_from(tmp_path: Path) -> None:
    _engine_script(tmp_path)
    # one rule's scenarios: the claim is where the engine runs (the wheel's test and the
    # register's run every scenario of a game through the served reference)
    result = rulespec(tmp_path, "check", "--game", "villagers", "--rule", "VL-CHAIN-FOUNDERS",
                      "--engine", "./engine.sh")  # fmt: skip
    assert result.returncode == 0, result.stdout[-2000:] + result.stderr[-2000:]
    assert result.stdout.strip().splitlines()[-1].endswith(" passed, 0 failed")
    assert (tmp_path / "engine-cwd.txt").read_text().strip() == str(tmp_path.resolve())
    assert (tmp_path / "engine-pythonpath.txt").read_text().strip() == "unset"
    assert not (CHECKOUT / "engine-cwd.txt").exists()


def test_an_engine_path_with_spaces_is_quoted_as_in_a_posix_shell(tmp_path: Path) -> None:
    folder = tmp_path / "my engine"
    folder.mkdir()
    _engine_script(folder, "run me.sh")
    result = rulespec(tmp_path, "check", "--level", "protocol", "--game", "villagers",
                      "--engine", '"./my engine/run me.sh"')  # fmt: skip
    assert result.returncode == 0, result.stdout + result.stderr
    assert "passed villagers" in " ".join(result.stdout.split())


def test_a_missing_engine_fails_fast_in_one_line_with_exit_3(tmp_path: Path) -> None:
    """Under 5 s of CPU (about 0.5 s idle; wall time is the machine's load), not 170 s."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    started = time.monotonic()
    result = rulespec(tmp_path, "check", "--game", "notre_dame", "--engine", "./no-such-engine")
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime
    assert cpu < 5 and time.monotonic() - started < 60
    assert result.returncode == 3
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and "./no-such-engine" in lines[0] and "No such file" in lines[0]
    assert "passed" not in result.stdout


def test_an_engine_that_fails_its_handshake_exits_3(tmp_path: Path) -> None:
    script = tmp_path / "mute.sh"
    script.write_text("#!/bin/sh\necho not-json\n")
    script.chmod(0o755)
    result = rulespec(tmp_path, "check", "--game", "notre_dame", "--engine", "./mute.sh")
    assert result.returncode == 3
    assert "handshake" in result.stderr and len(result.stderr.strip().splitlines()) == 1


def test_a_partial_engine_gets_skips_with_the_reason_and_exit_0(tmp_path: Path) -> None:
    """An engine declaring notre_dame for 2-4 players, refusing 5 as ``unsupported``
    (ND-SETUP-BOARD's scenarios: one of them is for 5 players)."""
    report = tmp_path / "report.jsonl"
    engine = f"{sys.executable} {PARTIAL}"
    result = rulespec(tmp_path, "check", "--game", "notre_dame", "--rule", "ND-SETUP-BOARD",
                      "--engine", engine, "--report", str(report))  # fmt: skip
    assert result.returncode == 0, result.stdout[-3000:] + result.stderr[-2000:]
    closing = result.stdout.strip().splitlines()[-1]
    assert closing.endswith("skipped") and " 0 failed" in closing
    assert "level reached: L2" in result.stdout
    text = report.read_text()
    assert "declares notre_dame for 2-4 players, not 5" in text


def test_an_undeclared_game_is_skipped_and_nothing_judged_is_exit_5(tmp_path: Path) -> None:
    result = rulespec(tmp_path, "check", "--game", "villagers", "--engine",
                      f"{sys.executable} {PARTIAL}")  # fmt: skip
    assert result.returncode == 5
    assert "villagers: skipped (the engine does not declare it" in result.stdout


def test_settings_come_from_pyproject_and_flags_override_them(tmp_path: Path) -> None:
    _engine_script(tmp_path)
    (tmp_path / "pyproject.toml").write_text(
        '[project]\nname = "my-engine"\n\n[tool.rulespec]\n'
        'engine = "./engine.sh"\ngames = ["villagers"]\nlevel = "protocol"\ntimeout = 5\n'
    )
    result = rulespec(tmp_path, "check")
    assert result.returncode == 0, result.stdout + result.stderr
    assert "settings:" in result.stdout and "against ./engine.sh" in result.stdout
    assert (tmp_path / "engine-cwd.txt").exists()
    overridden = rulespec(tmp_path, "check", "--engine", "./missing.sh")
    assert overridden.returncode == 3 and "./missing.sh" in overridden.stderr


def test_an_emit_folder_from_the_settings_is_taken(tmp_path: Path) -> None:
    """``emit_dir`` in the settings file (it raised a TypeError reading it before session
    19); the folder is made only when a divergence is written."""
    _engine_script(tmp_path)
    (tmp_path / "rulespec.toml").write_text(
        'engine = "./engine.sh"\ngames = ["villagers"]\nlevel = "protocol"\nemit_dir = "regs"\n'
    )
    result = rulespec(tmp_path, "check")
    assert result.returncode == 0, result.stdout + result.stderr
    assert not (tmp_path / "regs").exists()


@pytest.mark.parametrize(
    ("name", "text", "message"),
    [
        ("rulespec.toml", "engine = \n", "not valid TOML"),
        ("rulespec.toml", 'engnie = "./x"\n', "unknown key 'engnie'"),
        ("rulespec.toml", 'timeout = "fast"\n', "key 'timeout'"),
        ("pyproject.toml", '[tool.rulespec]\ngames = "notre_dame"\n', "key 'games'"),
        ("rulespec.toml", "players = [2, 0]\n", "key 'players' must be a list of player counts"),
        ("rulespec.toml", "players = 2\n", "key 'players'"),
        ("rulespec.toml", 'emit_dir = "rulespec.toml"\n', "rulespec.toml: is a file, not a folder"),
    ],
)
def test_a_bad_configuration_is_named_and_exits_4(
    tmp_path: Path, name: str, text: str, message: str
) -> None:
    (tmp_path / name).write_text(text)
    result = rulespec(tmp_path, "check", "--level", "protocol")
    assert result.returncode == 4
    assert name in result.stderr and message in result.stderr


def test_usage_errors_exit_4_and_version_and_help_list_the_contract(tmp_path: Path) -> None:
    assert rulespec(tmp_path, "check", "--no-such-flag").returncode == 4
    assert rulespec(tmp_path, "check", "--level", "everything").returncode == 4
    version = rulespec(tmp_path, "--version")
    assert version.returncode == 0 and version.stdout.startswith("rulespec ")
    helped = " ".join(rulespec(tmp_path, "check", "--help").stdout.split())
    for phrase in ("1 some failed", "2 interrupted", "3 engine or harness error",
                   "4 usage error", "5 nothing judged"):  # fmt: skip
        assert phrase in helped


def test_protocol_level_checks_every_declared_game_in_seconds(tmp_path: Path) -> None:
    started = time.monotonic()
    result = rulespec(tmp_path, "check", "--level", "protocol",
                      "--engine", f"{sys.executable} -m reference_impl.server")  # fmt: skip
    assert result.returncode == 0, result.stdout + result.stderr
    served = len(registry.available_games())  # rulespec's five and any game package installed
    assert result.stdout.strip().splitlines()[-1] == f"{served} passed, 0 failed, 0 skipped"
    assert time.monotonic() - started < 60  # seconds on an idle machine; generous under load


def test_a_failure_message_starts_with_rule_scenario_and_expected_versus_actual(
    tmp_path: Path,
) -> None:
    liar = tmp_path / "liar.py"
    liar.write_text(LIAR)
    junit = tmp_path / "junit.xml"
    result = rulespec(tmp_path, "check", "--game", "notre_dame", "--rule", "ND-PRESTIGE-FLOOR",
                      "--engine", f"{sys.executable} liar.py", "--junit", str(junit))  # fmt: skip
    assert result.returncode == 1, result.stdout[-2000:]
    xml = junit.read_text()
    assert 'message="ND-PRESTIGE-FLOOR | ' in xml
    assert "prestige: expected 0, got 1" in xml
    assert "Traceback" not in xml and "conformance/steps" not in xml


LIAR = """\
import json, subprocess, sys
child = subprocess.Popen([sys.executable, "-m", "reference_impl.server"], text=True,
                         stdin=subprocess.PIPE, stdout=subprocess.PIPE)
for line in sys.stdin:
    child.stdin.write(line); child.stdin.flush()
    reply = json.loads(child.stdout.readline())
    state = reply.get("result", {}).get("state") if reply.get("ok") else None
    if json.loads(line).get("cmd") == "state" and state:
        for player in state.get("players", []):
            player["prestige"] += 1
    print(json.dumps(reply), flush=True)
"""


def _run_of(results: list[dict[str, object]], exit_code: int = 0, log: str = "",
            problem: str | None = None):  # fmt: skip
    from conformance.cli.check import CheckRun, GameReport

    return CheckRun([GameReport("notre_dame", list(results))], exit_code, log, None, problem)


def _status_of(run: object) -> int:
    """The exit status ``rulespec check`` gives a finished run (no false green)."""
    from click.exceptions import Exit

    from conformance.cli.check_command import _check_run_started, _exit_status

    try:
        _check_run_started(run, "scenarios", ["notre_dame"], None)
    except Exit as stop:
        return stop.exit_code
    counts = run.counts()  # type: ignore[attr-defined]
    failed = sum(counts[s] for s in ("failed", "errored", "crashed", "timed out",
                                     "protocol error", "unexpected pass"))  # fmt: skip
    return _exit_status(run, failed)


def _result(status: str) -> dict[str, object]:
    return {"test": f"t-{status}", "status": status, "rules": [], "message": "", "game": "x"}


@pytest.mark.parametrize(
    ("run", "expected"),
    [
        (_run_of([_result("passed"), _result("expected failure")]), 0),
        (_run_of([_result("passed"), _result("failed")], exit_code=1), 1),
        (_run_of([], exit_code=0), 3),  # an empty results file after a run: never green
        (_run_of([], problem="the results file is unreadable: line 1"), 3),
        (_run_of([_result("passed")], exit_code=3), 3),  # pytest's own internal error
        (_run_of([], exit_code=2, log="error during collection"), 3),
        (_run_of([], exit_code=2, log="!!! KeyboardInterrupt !!!"), 2),
        (_run_of([_result("passed")], exit_code=2, log="KeyboardInterrupt"), 2),
        (_run_of([_result("skipped"), _result("not run")]), 5),
        (_run_of([], exit_code=5), 5),
    ],
)
def test_the_exit_status_contract(run: object, expected: int) -> None:
    assert _status_of(run) == expected


def test_a_results_line_that_is_not_a_result_is_an_error(tmp_path: Path) -> None:
    from conformance.reports.model import read_results

    path = tmp_path / "results.jsonl"
    path.write_text('{"test": "a", "status": "passed", "rules": []}\n[1, 2]\n')
    recorded = read_results(path)
    assert recorded.problem is not None and ":2: not a JSON object" in recorded.problem
    path.write_text('{"test": "a", "status": "passed", "rules": []}\n{"test": "b", "status": "pas')
    recorded = read_results(path)  # a run killed mid-write: what finished is kept, and named
    assert [r["test"] for r in recorded.results] == ["a"]
    assert recorded.problem is not None and "cut short" in recorded.problem


def test_jobs_split_the_games_into_shares_that_cover_each_game_once() -> None:
    from conformance.cli.check import _combined, _shares, suite_games

    games = suite_games()
    for workers in (1, 2, 3, len(games) + 2):
        shares = _shares(games, workers)
        assert len(shares) == min(workers, len(games))
        assert sorted(g for share in shares for g in share) == sorted(games)
    assert _combined([0, 1]) == 1 and _combined([0, 5]) == 0 and _combined([5, 5]) == 5
    assert _combined([1, 3]) == 3 and _combined([0, 2]) == 2
