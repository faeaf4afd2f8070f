"""One spelling of a duration (``20``, ``20s``, ``2m``) in ``rulespec check`` and
``rulespec campaign`` flags, ``[tool.rulespec]`` and the pytest plugin's options."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from conformance.durations import parse_duration
from tests.install.test_check_contract import rulespec


@pytest.mark.parametrize(
    ("text", "seconds"),
    [("20", 20.0), ("20s", 20.0), ("2m", 120.0), ("1.5h", 5400.0), ("500ms", 0.5),
     (" 3 s ", 3.0), (7, 7.0), (2.5, 2.5), (".5", 0.5)],
)  # fmt: skip
def test_a_duration_is_seconds_with_or_without_a_unit(text: str | float, seconds: float) -> None:
    assert parse_duration(text) == seconds


@pytest.mark.parametrize("text", ["", "fast", "2x", "-3", "1m30s", "s", True])
def test_anything_else_is_refused_by_name(text: str | bool) -> None:
    with pytest.raises(ValueError, match=r"is not a duration \(e\.g\. 20, 20s, 2m"):
        parse_duration(text)


def test_check_takes_durations_in_its_flags(tmp_path: Path) -> None:
    engine = f"{sys.executable} -m reference_impl.server"
    result = rulespec(tmp_path, "check", "--level", "protocol", "--game", "villagers",
                      "--engine", engine, "--budget", "20s", "--timeout", "5s",
                      "--game-timeout", "2m")  # fmt: skip
    assert result.returncode == 0, result.stdout + result.stderr
    refused = rulespec(tmp_path, "check", "--level", "protocol", "--budget", "soon")
    assert refused.returncode == 4 and "'soon' is not a duration" in refused.stderr


def test_the_configuration_file_takes_durations_too(tmp_path: Path) -> None:
    (tmp_path / "rulespec.toml").write_text(
        f'engine = "{sys.executable} -m reference_impl.server"\ngames = ["villagers"]\n'
        'level = "protocol"\ntimeout = "5s"\ngame_timeout = "2m"\nbudget = "20s"\n'
    )
    result = rulespec(tmp_path, "check")
    assert result.returncode == 0, result.stdout + result.stderr
    (tmp_path / "rulespec.toml").write_text('budget = "a while"\n')
    refused = rulespec(tmp_path, "check")
    assert refused.returncode == 4
    assert "key 'budget'" in refused.stderr and "'a while' is not a duration" in refused.stderr


def test_campaign_takes_the_same_spelling(tmp_path: Path) -> None:
    refused = subprocess.run(
        [sys.executable, "-m", "conformance", "campaign", "notre_dame", "--engine", "x",
         "--budget", "soon"], capture_output=True, text=True, cwd=tmp_path, timeout=60,
    )  # fmt: skip
    assert refused.returncode == 4 and "'soon' is not a duration" in refused.stderr
