"""``rulespec new-game NAME DIR``: the files it writes and the usage errors it refuses (the
skeleton installed and judged from a wheel: tests/install/test_new_game_wheel.py)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import yaml

from conformance.cli.new_game import prefix_of, render

RULESPEC = [sys.executable, "-c", "from conformance.cli import main; main()"]


def _run(*args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run([*RULESPEC, *args], cwd=cwd, capture_output=True, text=True,
                          timeout=120)  # fmt: skip


def test_the_skeleton_is_a_registered_package_whose_catalogue_cites_its_rulebook() -> None:
    files = render("last_stone")
    assert 'last_stone = "rulespec_last_stone:UNIT"' in files["pyproject.toml"]
    assert '[project.entry-points."rulespec.games"]' in files["pyproject.toml"]
    catalogue = yaml.safe_load(files["src/rulespec_last_stone/spec/rules.yaml"])
    [rule] = catalogue["rules"]
    assert catalogue["game"] == "last_stone" and rule["id"] == "LAST-TAKE"
    cited, line = rule["source"].split(":")
    book = files[f"src/rulespec_last_stone/rulebooks/{cited}"].splitlines()
    assert rule["quote"] in book[int(line) - 1]
    feature = files["src/rulespec_last_stone/features/last_stone.feature"]
    assert "@LAST-TAKE" in feature and 'a new "last_stone" game' in feature
    assert "{{" not in "".join(files.values())  # every placeholder filled


def test_the_prefix_is_two_to_four_capitals() -> None:
    assert [prefix_of(n) for n in ("pig", "last_stone", "x", "go2")] == ["PIG", "LAST", "XX",
                                                                          "GO"]  # fmt: skip


def test_a_bad_name_a_registered_game_or_a_full_folder_is_a_usage_error(tmp_path: Path) -> None:
    bad = _run("new-game", "Pig!", str(tmp_path / "a"), cwd=tmp_path)
    assert bad.returncode == 4 and "'Pig!' is not a game id" in bad.stderr
    taken = _run("new-game", "notre_dame", str(tmp_path / "b"), cwd=tmp_path)
    assert taken.returncode == 4 and "a game 'notre_dame' is registered already" in taken.stderr
    full = tmp_path / "full"
    full.mkdir()
    (full / "mine.txt").write_text("x")
    refused = _run("new-game", "stones_two", str(full), cwd=tmp_path)
    assert refused.returncode == 4 and "is not empty" in refused.stderr
    assert sorted(p.name for p in tmp_path.iterdir()) == ["full"]  # nothing written
