"""The pytest plugin holds its numeric options to the bounds ``rulespec check`` holds its
flags to (issue 30): plain ``pytest --engine-timeout 0`` (or nan, inf, a negative, a huge
value; a restart budget below 0, a memory limit of 0) is a usage error naming the option,
exit 4, before any engine is started. Before, ``0`` and huge values ran (a correct engine
timed out, or the run never stopped) and ``--timeout-multiplier nan`` timed out every
request."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

PLUGINS = ("-p", "conformance.plugin", "-p", "pytest_bdd.plugin")


def _pytest(folder: Path, *args: str) -> subprocess.CompletedProcess[str]:
    (folder / "pyproject.toml").write_text("[tool.pytest.ini_options]\nrulespec_suite = true\n")
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    env["PYTEST_DISABLE_PLUGIN_AUTOLOAD"] = "1"
    return subprocess.run(
        [sys.executable, "-m", "pytest", "-p", "no:cacheprovider", *PLUGINS, "--co", "-q",
         "--rulespec-rule", "ND-BANK", *args],
        cwd=folder, env=env, capture_output=True, text=True, timeout=300,
    )  # fmt: skip


@pytest.mark.parametrize(
    ("option", "value", "words"),
    [
        ("--engine-timeout", "0", "must be above 0"),
        ("--rulespec-timeout", "99999999", "at most 86,400"),
        ("--engine-game-timeout", "0", "must be above 0"),
        ("--rulespec-game-timeout", "1000000000", "at most 604,800"),
        ("--timeout-multiplier", "nan", "must be a finite number"),
        ("--rulespec-timeout-multiplier", "inf", "must be a finite number"),
        ("--rulespec-timeout-multiplier", "-2", "must be above 0"),
        ("--engine-restarts", "-1", "must be at least 0"),
        ("--rulespec-memory-mb", "0", "must be at least 1"),
        ("--rulespec-cpu-seconds", "-5", "must be at least 1"),
        ("--rulespec-budget", "0", "must be above 0"),
        ("--rulespec-examples", "0", "must be at least 1"),
    ],
)
def test_a_number_option_out_of_bounds_is_a_usage_error_naming_it(
    tmp_path: Path, option: str, value: str, words: str
) -> None:
    done = _pytest(tmp_path, f"{option}={value}")
    assert done.returncode == 4, done.stdout[-2000:] + done.stderr[-2000:]
    assert f"{option} " in done.stderr and words in done.stderr, done.stderr


@pytest.mark.parametrize("value", ["nan", "inf", "-1", "1e400"])
def test_a_duration_option_that_is_not_a_duration_is_a_usage_error(
    tmp_path: Path, value: str
) -> None:
    """The duration parser refuses these itself (argparse's named error): the same exit."""
    done = _pytest(tmp_path, f"--engine-timeout={value}")
    assert done.returncode == 4, done.stdout[-2000:] + done.stderr[-2000:]
    assert "--engine-timeout" in done.stderr and "invalid duration value" in done.stderr


def test_ordinary_values_are_taken(tmp_path: Path) -> None:
    done = _pytest(tmp_path, "--engine-timeout=5", "--timeout-multiplier=2",
                   "--engine-restarts=0", "--rulespec-memory-mb=512")  # fmt: skip
    assert done.returncode == 0, done.stdout[-2000:] + done.stderr[-2000:]
    assert "test_the_first_cube_in_the_bank_gives_one_coin" in done.stdout
