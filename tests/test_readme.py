"""The README opens with the two quick-start commands, and CI runs the second verbatim."""

from __future__ import annotations

import re

from tests.support.checkout import CHECKOUT as ROOT


def _opening_commands() -> list[str]:
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    return [block.strip() for block in re.findall(r"```sh\n(.*?)```", text, re.S)[:2]]


def test_the_readme_opens_with_the_check_and_the_test_commands() -> None:
    check, tests = _opening_commands()
    assert check.endswith("rulespec check") and "pip install" in check
    assert tests.endswith(("pytest", "pytest -n auto", "pytest -n auto --dist worksteal"))
    assert "pip install" in tests


def test_ci_runs_the_readme_test_command_verbatim() -> None:
    _, tests = _opening_commands()
    assert tests in (ROOT / ".ci" / "run").read_text(encoding="utf-8")
