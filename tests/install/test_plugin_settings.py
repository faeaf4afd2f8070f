"""The pytest plugin in an engine author's project: ``rulespec_suite = true`` makes plain
``pytest`` honour ``[tool.rulespec]`` (engine, games, level, durations...) as ``rulespec
check`` does, with the CLI's option names after ``--rulespec-`` (the older names still
work), and the session header names rulespec's version, the engine, its declared games
and its capabilities."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from reference_impl import registry

PLUGINS = ("-p", "conformance.plugin", "-p", "pytest_bdd.plugin")


def _project(folder: Path, rulespec: str) -> None:
    (folder / "pyproject.toml").write_text(
        f"[tool.pytest.ini_options]\nrulespec_suite = true\n\n[tool.rulespec]\n{rulespec}"
    )
    engine = folder / "engine.sh"
    engine.write_text(f'#!/bin/sh\nexec "{sys.executable}" -m reference_impl.server\n')
    broken = folder / "broken.sh"
    broken.write_text("#!/bin/sh\necho 'this engine is broken' >&2\nexit 1\n")
    for script in (engine, broken):
        script.chmod(0o755)


def _pytest(folder: Path, *args: str) -> subprocess.CompletedProcess[str]:
    """The author's plain ``pytest`` (autoload off, the two plugins named: quicker)."""
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    env["PYTEST_DISABLE_PLUGIN_AUTOLOAD"] = "1"
    return subprocess.run(
        [sys.executable, "-m", "pytest", "-p", "no:cacheprovider", *PLUGINS, *args],
        cwd=folder, env=env, capture_output=True, text=True, timeout=600,
    )  # fmt: skip


def test_a_broken_engine_named_in_tool_rulespec_makes_plain_pytest_fail(tmp_path: Path) -> None:
    _project(tmp_path, 'engine = "./broken.sh"\ngames = ["notre_dame"]\ntimeout = "5s"\n')
    done = _pytest(tmp_path, "--rulespec-rule", "ND-BANK")
    assert done.returncode == 1, done.stdout[-3000:] + done.stderr[-2000:]
    assert "engine: ./broken.sh: cannot start:" in done.stdout
    assert "handshake" in done.stdout and "1 failed" in done.stdout


def test_the_header_names_the_engine_its_games_and_capabilities(tmp_path: Path) -> None:
    _project(tmp_path, 'engine = "./engine.sh"\ngames = ["notre_dame"]\n')
    done = _pytest(tmp_path, "--rulespec-rule", "ND-BANK", "-rA")
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-2000:]
    head = done.stdout.split("collected")[0]
    assert f"settings: {tmp_path / 'pyproject.toml'}" in head and "rulespec " in head
    assert "engine: ./engine.sh (rulespec-reference " in head
    declared = ", ".join(f"{g.id} {g.min_players}-{g.max_players}p"
                         for g in map(registry.get_game, registry.available_games()))  # fmt: skip
    assert f"declared games: {declared}\n" in head  # every registered game
    assert "notre_dame 2-5p" in head  # the rulebook's player counts
    capabilities = "apply_listing, apply_state, chance, fired, legal_actions, load_state"
    assert f"capabilities: {capabilities}" in head
    # games = ["notre_dame"]: only its scenarios are kept
    listed = _pytest(tmp_path, "--co", "-q")
    assert "test_notre_dame.py::" in listed.stdout and "test_neom.py::" not in listed.stdout


def test_the_command_line_wins_and_the_old_option_names_still_work(tmp_path: Path) -> None:
    _project(tmp_path, 'engine = "./broken.sh"\ngames = ["notre_dame"]\n')
    for timeout in (("--rulespec-timeout", "5s"), ("--engine-timeout", "5")):
        done = _pytest(tmp_path, "-q", "--rulespec-rule", "ND-BANK", "--engine=./engine.sh",
                       *timeout)  # fmt: skip
        assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-2000:]
        assert "1 passed" in done.stdout


@pytest.mark.parametrize(
    ("rulespec", "args", "message"),
    [
        ('engnie = "./engine.sh"\n', (), "unknown key 'engnie'"),
        ('budget = "soon"\n', (), "'soon' is not a duration"),
        ("", ("--rulespec-budget", "soon"), "invalid duration value: 'soon'"),
        ('level = "protocol"\n', (), "rulespec check --level protocol"),
        # each of these was an INTERNALERROR traceback, or a run that found out at its end
        ('games = ["chess"]\n', (), "--rulespec-games: unknown game 'chess' (known: "),
        ("", ("--rulespec-options", "{bad"), "--rulespec-options: not JSON"),
        # (a settings file's path is resolved from its folder)
        ('expectations = "none.toml"\n', (), "/none.toml: cannot read (No such file or directory)"),
        (
            "",
            ("--rulespec-report", "no/such/r.jsonl"),
            "--rulespec-report no/such/r.jsonl: the folder no/such does not exist",
        ),
        (
            "",
            ("--rulespec-fired", "no/such/f.jsonl"),
            "--rulespec-fired no/such/f.jsonl: the folder no/such does not exist",
        ),
        ('emit_dir = "engine.sh"\n', (), "/engine.sh: is a file, not a folder"),
        # a selection that matched nothing ran nothing, or the bare edition, without a word
        ("", ("--rulespec-rule", "NM-NOPE"), "--rulespec-rule NM-NOPE: no such rule in "),
        ('ruleset = "nope"\n', (), "--rulespec-ruleset: no erratum 'nope' in "),
    ],
)
def test_a_bad_setting_is_a_usage_error_naming_it(
    tmp_path: Path, rulespec: str, args: tuple[str, ...], message: str
) -> None:
    _project(tmp_path, rulespec)
    done = _pytest(tmp_path, "--co", "-q", *args)
    assert done.returncode == 4, done.stdout[-2000:] + done.stderr[-2000:]
    assert message in done.stderr


def test_a_ruleset_sets_the_options_of_its_errata_as_check_does(tmp_path: Path) -> None:
    """``--rulespec-ruleset example-sell-six`` runs the erratum's scenarios under the option
    it sets (NEOM's sale gives 6 coins), as ``rulespec check --ruleset`` does: plain
    pytest selected the erratum's scenario but played it under the edition's option."""
    _project(tmp_path, 'engine = "./engine.sh"\ngames = ["neom"]\n')
    done = _pytest(tmp_path, "-q", "--rulespec-ruleset", "example-sell-six", "--rulespec-rule",
                   "NM-SELL")  # fmt: skip
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-2000:]
    assert "selling_the_selected_tile_gives_6_coins" in _pytest(
        tmp_path, "--co", "-q", "--rulespec-ruleset", "example-sell-six", "--rulespec-rule",
        "NM-SELL").stdout  # fmt: skip
