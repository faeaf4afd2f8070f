"""``docs/adding-a-game.md`` walked as a rules editor would: every checked command of the
page run against the ``rulespec new-game`` skeleton installed from the wheel (``layered``,
tests/install/conftest.py), its output holding the lines shown, in order (``...`` in a line
stands for any text), and its exit status the one said.

A checked block is a ``console`` code fence right after ``<!-- check: exit E -->``; its first
line is the command after ``$ ``. ``rulespec new-game`` runs in an empty folder of its own,
in the wheel's venv without the skeleton (where the game is not registered yet); every other
command in the folder holding the installed skeleton, in its venv.
"""

from __future__ import annotations

import re
import shlex
import subprocess
from dataclasses import dataclass
from pathlib import Path

import pytest

from tests.install.conftest import NEW_GAME
from tests.support.checkout import CHECKOUT

PAGE = CHECKOUT / "docs" / "adding-a-game.md"
MARK = re.compile(r"<!-- check: exit (\d+) -->\n```console\n(.*?)```", re.S)


@dataclass(frozen=True)
class Check:
    exit: int
    command: str
    expected: tuple[str, ...]


def checks() -> list[Check]:
    found = []
    for match in MARK.finditer(PAGE.read_text(encoding="utf-8")):
        lines = match[2].rstrip("\n").splitlines()
        assert lines[0].startswith("$ rulespec "), f"a checked block runs rulespec: {lines[0]!r}"
        found.append(Check(int(match[1]), lines[0][2:], tuple(lines[1:])))
    return found


def _pattern(line: str) -> re.Pattern[str]:
    return re.compile(".*".join(re.escape(part) for part in line.strip().split("...")))


def test_the_page_checks_the_skeletons_game_from_start_to_mutation() -> None:
    commands = [shlex.split(check.command)[1] for check in checks()]
    assert commands[0] == "new-game" and "check" in commands and commands[-1] == "mutate"
    assert all(NEW_GAME in check.command for check in checks())


@pytest.mark.slow
@pytest.mark.parametrize("check", checks(), ids=lambda check: check.command)
def test_each_command_says_what_the_page_says(
    check: Check,
    installed: tuple[Path, dict[str, str]],
    layered: tuple[Path, dict[str, str]],
    tmp_path: Path,
) -> None:
    words = shlex.split(check.command)
    folder, env = (tmp_path, installed[1]) if words[1] == "new-game" else layered
    done = subprocess.run(words, cwd=folder, capture_output=True, text=True, timeout=600,
                          env={**env, "COLUMNS": "200"})  # fmt: skip
    output = done.stdout + done.stderr
    assert done.returncode == check.exit, f"exit {done.returncode}\n{output}"
    remaining = output.splitlines()
    for line in check.expected:
        pattern = _pattern(line)
        at = next((i for i, text in enumerate(remaining) if pattern.fullmatch(text.strip())), None)
        assert at is not None, f"not found (in order): {line!r}\n{output}"
        remaining = remaining[at + 1 :]
