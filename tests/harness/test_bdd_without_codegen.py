"""The ``rulespec check`` child loads pytest-bdd without its code generation (mako), and a
pytest-bdd that asks the stand-in for anything else still gets the real module."""

from __future__ import annotations

import subprocess
import sys

PROBE = """
import sys
import conformance.bdd_without_codegen
import pytest_bdd.plugin
print("mako" in sys.modules)
generation = sys.modules["pytest_bdd.generation"]
print(hasattr(generation, "_mock_name"), generation.cmdline_main(None))
print(callable(generation.generate_code), "mako" in sys.modules)
"""


def test_generation_is_left_out_until_a_public_name_is_asked_for() -> None:
    done = subprocess.run([sys.executable, "-c", PROBE], capture_output=True, text=True,
                          timeout=120)  # fmt: skip
    assert done.returncode == 0, done.stderr
    assert done.stdout.split("\n")[:3] == ["False", "False None", "True True"], done.stdout


def test_the_child_is_started_with_it_first_and_without_unused_builtins(tmp_path) -> None:
    from conformance.cli.check import suite_command

    command = suite_command(["x.py"], tmp_path)
    plugins = [command[i + 1] for i, arg in enumerate(command) if arg == "-p"]
    assert plugins[:3] == ["conformance.bdd_without_codegen", "conformance.plugin",
                           "pytest_bdd.plugin"]  # fmt: skip
    assert "no:doctest" in plugins and "no:cacheprovider" in plugins
