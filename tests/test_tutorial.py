"""``docs/new-engine.md`` walked as a new author would: the skeleton from ``rulespec
new-engine``, each step's files (``docs/tutorial/stepN/``) laid over it, and every command of
the page's checked blocks run in the folder, its output holding the lines shown, in order
(``...`` in a line stands for any text), and its exit status the one said.

A checked block is a ``console`` code fence right after ``<!-- tutorial: step N, exit E
-->`` (``, slow`` after the exit status marks a run of the whole game ``slow``); its first
line is the command after ``$ ``.
"""

from __future__ import annotations

import os
import re
import shlex
import shutil
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

import pytest

from conformance.cli.new_engine import render
from tests.support.checkout import CHECKOUT

PAGE = CHECKOUT / "docs" / "new-engine.md"
STEPS = CHECKOUT / "docs" / "tutorial"
MARK = re.compile(r"<!-- tutorial: step (\d+), exit (\d+)(, slow)? -->\n```console\n(.*?)```", re.S)


@dataclass(frozen=True)
class Check:
    step: int
    exit: int
    command: str
    expected: tuple[str, ...]
    slow: bool = False


def checks() -> list[Check]:
    found = []
    for match in MARK.finditer(PAGE.read_text(encoding="utf-8")):
        lines = match[4].rstrip("\n").splitlines()
        assert lines[0].startswith("$ "), f"a checked block starts with '$ ': {lines[0]!r}"
        found.append(
            Check(int(match[1]), int(match[2]), lines[0][2:], tuple(lines[1:]), bool(match[3]))
        )
    return found


def engine_at(step: int, folder: Path) -> Path:
    """The skeleton with the files of steps 1..step laid over it, in order."""
    for name, text in render("notre_dame", "python").items():
        (folder / name).write_text(text, encoding="utf-8")
    for number in range(1, step + 1):
        for path in sorted((STEPS / f"step{number}").glob("*.py")):
            shutil.copy2(path, folder / path.name)
    return folder


def _pattern(line: str) -> re.Pattern[str]:
    return re.compile(".*".join(re.escape(part) for part in line.strip().split("...")))


def test_the_page_has_a_check_for_every_kept_step() -> None:
    steps = sorted({check.step for check in checks()})
    kept = sorted(int(p.name.removeprefix("step")) for p in STEPS.glob("step*"))
    assert steps == [0, *kept], (steps, kept)


def test_each_step_changes_only_what_the_page_says() -> None:
    """A step's engine.py is the skeleton's with another CAPABILITIES line, the one the page
    shows; the rest of a step is game.py."""
    page = PAGE.read_text(encoding="utf-8")
    skeleton = render("notre_dame", "python")["engine.py"].splitlines()
    for step in sorted(STEPS.glob("step*")):
        names = sorted(p.name for p in step.glob("*.py"))
        assert set(names) <= {"engine.py", "game.py"}, (step, names)
        if not (step / "engine.py").exists():
            continue
        lines = (step / "engine.py").read_text(encoding="utf-8").splitlines()
        changed = [new for old, new in zip(skeleton, lines, strict=True) if old != new]
        assert len(changed) == 1 and changed[0].startswith("CAPABILITIES: list[str] = ["), step
        shown = changed[0].partition("  #")[0]  # a long list stays on one line: noqa, fmt: skip
        assert f"`{shown}`" in page, f"{step}: the page does not show {shown!r}"


def test_the_levels_the_page_claims_are_the_last_steps() -> None:
    """The table of steps names L2 at step 8 and L3 at step 10; the checked blocks of those
    steps say so (``level reached: L2`` / ``L3``), and no earlier step claims them for the
    whole game."""
    whole = [c for c in checks() if "--rule" not in c.command]
    claimed = {c.step: line for c in whole for line in c.expected if "level reached:" in line}
    assert "level reached: L2;" in claimed[8] and "level reached: L3;" in claimed[10], claimed
    assert all("L1;" in line for step, line in claimed.items() if step < 8), claimed


@pytest.mark.parametrize(
    "check",
    [
        pytest.param(c, id=f"step{c.step}: {c.command}", marks=[pytest.mark.slow] if c.slow else [])
        for c in checks()
    ],
)
def test_each_command_says_what_the_page_says(check: Check, tmp_path: Path) -> None:
    folder = engine_at(check.step, tmp_path)
    words = shlex.split(check.command)
    assert words[0] == "rulespec", check.command
    done = subprocess.run([sys.executable, "-m", "conformance", *words[1:]], cwd=folder,
                          capture_output=True, text=True, timeout=300,
                          env={**os.environ, "COLUMNS": "200"})  # fmt: skip
    output = done.stdout + done.stderr
    assert done.returncode == check.exit, f"exit {done.returncode}\n{output}"
    remaining = output.splitlines()
    for line in check.expected:
        pattern = _pattern(line)
        at = next((i for i, text in enumerate(remaining) if pattern.fullmatch(text.strip())), None)
        assert at is not None, f"not found (in order): {line!r}\n{output}"
        remaining = remaining[at + 1 :]
