"""Every number ``rulespec check`` takes is finite and within its bounds, from a flag or
from the configuration file alike; anything else is a usage error naming it (exit 4).

Before issue 30, ``--timeout nan`` made a correct engine time out at its handshake,
``--game-timeout nan`` silently turned the game budget off, and ``jobs = 100000`` started
a worker a second.
"""

from __future__ import annotations

import math
import subprocess
import sys
from pathlib import Path

import pytest

from conformance.cli.config import BOUNDS, ConfigError, load, value_problem

RULESPEC = [sys.executable, "-c", "from conformance.cli import main; main()"]


def check(folder: Path, *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([*RULESPEC, "check", "--game", "villagers", *args], cwd=folder,
                          capture_output=True, text=True, timeout=120)  # fmt: skip


DURATIONS = ("--timeout", "--game-timeout", "--budget", "--blame-seconds")


@pytest.mark.parametrize(
    ("flag", "value", "words"),
    [
        ("--timeout", "nan", "finite"),
        ("--timeout", "inf", "finite"),
        ("--timeout", "-1", "above 0"),
        ("--timeout", "0", "above 0"),
        ("--game-timeout", "nan", "finite"),
        ("--game-timeout", "0", "above 0"),
        ("--timeout-multiplier", "0", "above 0"),
        ("--timeout-multiplier", "nan", "finite"),
        ("--budget", "nan", "finite"),
        ("--blame-seconds", "-1", "at least 0"),
        ("--blame-seconds", "2d", "at most"),
        ("--jobs", "100000", "at most 64"),
        ("--jobs", "0", "at least 1"),
        ("--restarts", "-1", "at least 0"),
        ("--memory-mb", "0", "at least 1"),
        ("--cpu-seconds", "0", "at least 1"),
        ("--examples", "0", "at least 1"),
    ],
)
def test_a_number_flag_out_of_bounds_is_a_named_usage_error(
    tmp_path: Path, flag: str, value: str, words: str
) -> None:
    done = check(tmp_path, flag, value)
    assert done.returncode == 4, done.stdout + done.stderr
    # a duration flag's parser refuses nan, inf and negatives itself ("is not a duration"):
    # the same named usage error
    named = words in done.stderr or (flag in DURATIONS and "is not a duration" in done.stderr)
    assert flag in done.stderr and named, done.stderr


@pytest.mark.parametrize(
    ("line", "words"),
    [
        ("timeout = nan", "key 'timeout' must be a finite number"),
        ("game_timeout = inf", "key 'game_timeout' must be a finite number"),
        ("budget = -inf", "key 'budget' must be a finite number"),
        ("blame_seconds = -5", "key 'blame_seconds' must be at least 0"),
        ("jobs = 100000", "key 'jobs' must be at least 1 and at most 64"),
        ("timeout_multiplier = 0", "key 'timeout_multiplier' must be above 0"),
        ("restarts = -2", "key 'restarts' must be at least 0"),
    ],
)
def test_a_number_out_of_bounds_in_the_configuration_file_is_named(
    tmp_path: Path, line: str, words: str
) -> None:
    (tmp_path / "rulespec.toml").write_text(line + "\n", encoding="utf-8")
    with pytest.raises(ConfigError, match=words):
        load(tmp_path)
    done = check(tmp_path)
    assert done.returncode == 4 and words in done.stderr, done.stderr


def test_every_bound_lets_its_defaults_and_ordinary_values_through() -> None:
    for key, (low, high, low_allowed) in BOUNDS.items():
        assert value_problem(key, high) is None
        assert value_problem(key, low) is None if low_allowed else value_problem(key, low)
        assert value_problem(key, math.nan) is not None
    assert value_problem("timeout", 10.0) is None and value_problem("jobs", 2) is None
