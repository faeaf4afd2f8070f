"""``rulespec new-engine``: a skeleton for every game in both languages passes the
handshake, and ``rulespec check --level protocol`` in its folder (no flag: its
``rulespec.toml`` names the engine) fails in a few lines naming ``new_game``; a non-empty
folder, an unknown game or language is a usage error that writes nothing.

The same from an installed wheel: ``tests/install/test_wheel.py``.
"""

from __future__ import annotations

import ast
import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from conformance.cli.new_engine import games, render

RULESPEC = [sys.executable, "-m", "conformance"]
NODE = shutil.which("node")


def _run(args: list[str], cwd: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run([*RULESPEC, *args], cwd=cwd, capture_output=True, text=True,
                          timeout=120, env={**os.environ, "COLUMNS": "200"})  # fmt: skip


def test_every_game_has_a_skeleton_to_write() -> None:
    """Every registered game has its state and action schemas and a reference engine."""
    from rulespec import games as registered

    assert games() == registered.ids()


@pytest.mark.parametrize("lang", ["python", "node"])
@pytest.mark.parametrize("game", games())
def test_the_skeleton_passes_the_handshake_and_names_new_game(
    game: str, lang: str, tmp_path: Path
) -> None:
    if lang == "node" and NODE is None:
        pytest.skip("node is not installed")
    folder = tmp_path / "my engine"  # a space: the engine command runs in the folder
    made = _run(["new-engine", game, "--lang", lang, str(folder)], tmp_path)
    assert made.returncode == 0, made.stdout + made.stderr
    assert "rulespec check --level protocol" in made.stdout
    checked = _run(["check", "--level", "protocol"], folder)
    lines = checked.stdout.strip().splitlines()
    assert checked.returncode == 1, checked.stdout + checked.stderr
    assert len(lines) <= 4, checked.stdout
    assert lines[0] == f"settings: {folder / 'rulespec.toml'}"
    # the handshake passed: the first request refused is new_game, named with the next step
    assert f"errored {game}: after nothing: new_game: engine refused (unsupported): " \
        "new_game is not implemented yet" in checked.stdout  # fmt: skip
    assert lines[-1] == "0 passed, 1 failed, 0 skipped"


def test_the_python_skeleton_is_plain_python_typed_from_the_schemas(tmp_path: Path) -> None:
    written = render("villagers", "python")
    assert set(written) == {"engine.py", "game.py", "game_types.py", "errors.py", "README.md",
                            "rulespec.toml"}  # fmt: skip
    for name in ("engine.py", "game.py", "game_types.py", "errors.py"):
        ast.parse(written[name], name)
    types = written["game_types.py"]
    assert '"step": Literal[' in types and "Card = Literal[" in types
    assert "ActionTakeRoad = TypedDict(" in types and "ChanceActionDraw = TypedDict(" in types
    # a stub per action type, dispatched by (chance, type); keywords never make a name
    game = written["game.py"]
    assert "def apply_take_road(state: State, action: ActionTakeRoad)" in game
    assert '"chance_draw": apply_chance_draw,' in game
    assert "def apply_pass(" in render("notre_dame", "python")["game.py"]
    assert 'engine = "python3 engine.py"' in written["rulespec.toml"]
    assert 'games = ["villagers"]' in written["rulespec.toml"]


@pytest.mark.parametrize("lang", ["python", "node"])
def test_the_stubs_refuse_and_leave_the_game_as_it_was(lang: str, tmp_path: Path) -> None:
    """The skeleton's own protocol loop: a bad line, an unknown command and a stub each get
    their error kind, the engine keeps serving, and stop ends it."""
    if lang == "node" and NODE is None:
        pytest.skip("node is not installed")
    for name, text in render("notre_dame", lang).items():
        (tmp_path / name).write_text(text, encoding="utf-8")
    requests = [
        "not json",
        '{"id": 1, "cmd": "handshake", "protocol": [1]}',
        '{"id": 2, "cmd": "dance"}',
        '{"id": 3, "cmd": "new_game", "game": "notre_dame", "num_players": 9}',
        '{"id": 4, "cmd": "new_game", "game": "notre_dame", "num_players": 2,'
        ' "options": {"nope": true}}',
        '{"id": 5, "cmd": "state"}',
        '{"id": 6, "cmd": "stop"}',
    ]
    feed = "\n".join(requests) + "\n"
    command = [sys.executable, "engine.py"] if lang == "python" else [str(NODE), "engine.js"]
    done = subprocess.run(command, cwd=tmp_path, text=True, input=feed, capture_output=True,
                          timeout=30)  # fmt: skip
    replies = [json.loads(line) for line in done.stdout.splitlines()]
    assert done.returncode == 0, done.stderr
    assert [r["ok"] for r in replies] == [False, True, False, False, False, False, True]
    kinds = [r["error"]["kind"] for r in replies if not r["ok"]]
    assert kinds == ["malformed", "unsupported", "unsupported", "malformed", "malformed"]
    handshake = replies[1]["result"]
    assert handshake["games"][0]["id"] == "notre_dame"
    assert handshake["games"][0]["options"]["rat_floor"] is True
    assert handshake["capabilities"] == []


@pytest.mark.parametrize(
    ("arguments", "said"),
    [
        (["chess", "--lang", "python"], "unknown game 'chess' for new-engine (known: "),
        (["villagers", "--lang", "rust"], "--lang 'rust': unknown language (known: python, node)"),
    ],
)
def test_an_unknown_game_or_language_is_a_usage_error(
    arguments: list[str], said: str, tmp_path: Path
) -> None:
    done = _run(["new-engine", *arguments, "out"], tmp_path)
    assert done.returncode == 4 and said in done.stderr, done.stdout + done.stderr
    assert not (tmp_path / "out").exists()


def test_a_folder_that_is_not_empty_is_refused_untouched(tmp_path: Path) -> None:
    folder = tmp_path / "mine"
    folder.mkdir()
    (folder / "engine.py").write_text("# my own work\n", encoding="utf-8")
    done = _run(["new-engine", "villagers", "--lang", "python", str(folder)], tmp_path)
    assert done.returncode == 4
    assert f"{folder} is not empty: new-engine writes into a new or empty folder only" in (
        done.stderr.replace("\n", "")
    )
    assert [p.name for p in folder.iterdir()] == ["engine.py"]
    assert (folder / "engine.py").read_text(encoding="utf-8") == "# my own work\n"
    empty = tmp_path / "empty"
    empty.mkdir()
    assert _run(["new-engine", "villagers", "--lang", "node", str(empty)], tmp_path).returncode == 0
    assert (empty / "engine.js").is_file()


@pytest.mark.parametrize("game", games())
def test_the_python_skeleton_is_lint_clean(game: str, tmp_path: Path) -> None:
    """What an author starts from passes ruff with this project's rules (where installed)."""
    pytest.importorskip("ruff")
    for name, text in render(game, "python").items():
        (tmp_path / name).write_text(text, encoding="utf-8")
    rules = ["--isolated", "--line-length", "100", "--select", "E,F,W,I,B,UP,SIM,RUF",
             "--ignore", "RUF001,RUF002,RUF003", "engine.py", "game.py", "errors.py"]  # fmt: skip
    done = subprocess.run([sys.executable, "-m", "ruff", "check", *rules], cwd=tmp_path,
                          capture_output=True, text=True, timeout=60)  # fmt: skip
    assert done.returncode == 0, done.stdout + done.stderr
