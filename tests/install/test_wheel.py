"""rulespec installed from a built wheel into a fresh virtual environment, used from an
engine author's folder outside the checkout: ``rulespec check`` and ``pytest --engine``."""

from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path

import pytest

from tests.install.conftest import run as _run
from tests.support.checkout import CHECKOUT

# ``installed``: tests/install/conftest.py (one wheel and venv per test session)


@pytest.mark.slow
def test_the_wheel_carries_the_data_and_finds_it_without_the_checkout(
    installed: tuple[Path, dict[str, str]], tmp_path: Path
) -> None:
    venv, env = installed
    where = _run([str(venv / "bin" / "python"), "-c",
                  "import rulespec.resources as r; print(r.SPEC_DIR); print(r.checkout_dir())"],
                 tmp_path, env).split()  # fmt: skip
    assert where[0].startswith(str(venv)) and where[1] == "None"
    assert _run(["rulespec", "rules", "notre_dame"], tmp_path, env).strip().endswith("rules")
    assert _run(["rulespec", "--version"], tmp_path, env).startswith("rulespec ")


@pytest.mark.slow
def test_check_and_pytest_from_an_author_folder_with_a_relative_engine(
    installed: tuple[Path, dict[str, str]], tmp_path: Path
) -> None:
    _, env = installed
    engine = tmp_path / "engine.sh"
    engine.write_text("#!/bin/sh\nexec rulespec serve\n")
    engine.chmod(0o755)
    # one rule's scenarios each: the worked example's test below runs every Notre Dame
    # scenario from the wheel, twice (check and pytest)
    checked = _run(["rulespec", "check", "--game", "notre_dame", "--rule", "ND-RATS-FLOOR",
                    "--engine", "./engine.sh"], tmp_path, env)  # fmt: skip
    assert checked.strip().splitlines()[-1].endswith(" passed, 0 failed")
    # the plugin from the author's own pytest
    tested = _run(["pytest", "-q", "--rulespec-suite", "--rulespec-games", "notre_dame",
                   "--rulespec-rule", "ND-BANK", "--engine", "./engine.sh",
                   "-p", "no:cacheprovider"], tmp_path, env)  # fmt: skip
    assert " passed" in tested and "failed" not in tested


@pytest.mark.slow
def test_mutate_runs_from_the_wheel_and_leaves_only_its_cache(
    installed: tuple[Path, dict[str, str]], tmp_path: Path
) -> None:
    """``rulespec mutate`` from a plain install: its worker reads a configuration of its
    own, never a ``pyproject.toml`` beside the installed package (there is none). ND-BANK's
    scenarios alone leave mutants of the scoring code alive: a run that judged them."""
    _, env = installed
    done = subprocess.run(
        ["rulespec", "mutate", "notre_dame", "--module", "scoring.py", "--sample", "2",
         "--seed", "3", "--scenarios-of", "ND-BANK"],
        cwd=tmp_path, env=env, capture_output=True, text=True, timeout=600,
    )  # fmt: skip
    assert "notre_dame: mutants 2, " in done.stdout, done.stdout + done.stderr
    assert "survived" in done.stdout and done.returncode == 1, done.stdout + done.stderr
    assert sorted(p.name for p in tmp_path.iterdir()) == [".rulespec-cache"]


@pytest.mark.slow
def test_the_worked_example_project_passes_as_documented(
    installed: tuple[Path, dict[str, str]], tmp_path: Path
) -> None:
    _, env = installed
    author = tmp_path / "engine_author"
    shutil.copytree(CHECKOUT / "examples" / "engine_author", author)
    checked = _run(["rulespec", "check", "--level", "scenarios"], author, env)
    assert "expected failure ND-PRESTIGE-FLOOR" in checked
    documented = re.search(r"# (\d+ passed, 0 failed, 3 skipped)",
                           (author / "README.md").read_text(encoding="utf-8"))  # fmt: skip
    assert documented is not None, "the example's README states its check's counts"
    assert checked.strip().splitlines()[-1] == documented[1], (checked[-500:], documented[1])
    tested = _run(["pytest", "--engine", "./engine.sh", "-p", "no:cacheprovider"], author, env)
    assert "2 xfailed" in tested and "3 skipped" in tested and "failed," not in tested
    assert "test_engine.py" in _run(["pytest", "--co", "-q", "--engine", "./engine.sh",
                                     "-p", "no:cacheprovider"], author, env)  # fmt: skip


@pytest.mark.slow
def test_a_regression_folder_runs_again_from_the_wheel(
    installed: tuple[Path, dict[str, str]], tmp_path: Path
) -> None:
    """The regression loop from an install (issue 29): the folder the differential level
    writes runs again with ``rulespec check --features`` (it fails on the engine that lied,
    under the game and the rule tag of the file) and with ``pytest --rulespec-features``
    (it passes on the reference)."""
    _, env = installed
    shutil.copy2(CHECKOUT / "tests" / "fauxengines" / "faux.py", tmp_path / "liar.py")
    liar = "python liar.py lie-state round"  # one round more in every state: from the start
    emitted = subprocess.run(["rulespec", "check", "--level", "differential", "-g", "villagers",
                              "--examples", "1", "--blame-seconds", "0", "--engine", liar],
                             cwd=tmp_path, env=env,
                             capture_output=True, text=True, timeout=600)  # fmt: skip
    assert emitted.returncode == 1, emitted.stdout[-3000:] + emitted.stderr[-3000:]
    folder = tmp_path / "rulespec-regressions"
    [written] = folder.glob("villagers/differential_villagers_1p.feature")
    # the primary rule is the scenario's first tag (the others are the ranked alternatives)
    rule = next(t for t in written.read_text("utf-8").split() if t.startswith("@VL-"))
    checked = subprocess.run(["rulespec", "check", "--features", str(folder), "--rule",
                              rule[1:], "--engine", liar], cwd=tmp_path, env=env,
                             capture_output=True, text=True, timeout=600)  # fmt: skip
    assert checked.returncode == 1, checked.stdout[-3000:] + checked.stderr[-3000:]
    assert "FAILED Differential divergence" in checked.stdout
    assert f"[{rule[1:]}]" in checked.stdout and "round: expected 1, got 2" in checked.stdout
    tested = _run(["pytest", "-q", "-p", "no:cacheprovider", "--rulespec-features", str(folder),
                   "--engine", "rulespec serve"], tmp_path, env)  # fmt: skip
    assert "1 passed" in tested and "failed" not in tested


@pytest.mark.slow
def test_new_engine_skeletons_from_the_wheel_pass_the_handshake(
    installed: tuple[Path, dict[str, str]], tmp_path: Path
) -> None:
    """``rulespec new-engine`` finds its templates and the schemas in the wheel: every game
    in both languages (node where installed), then ``--level protocol`` in the folder."""
    _, env = installed
    languages = ["python", "node"] if shutil.which("node", path=env["PATH"]) else ["python"]
    registered = _run(["python", "-c", "from rulespec import games; print(*games.ids())"],
                      tmp_path, env).split()  # fmt: skip
    assert len(registered) >= 5, registered  # rulespec's own games, registered in the wheel
    for game in registered:
        for lang in languages:
            folder = tmp_path / f"{game}-{lang}"
            _run(["rulespec", "new-engine", game, "--lang", lang, str(folder)], tmp_path, env)
            done = subprocess.run(["rulespec", "check", "--level", "protocol"], cwd=folder,
                                  env=env, capture_output=True, text=True, timeout=120)  # fmt: skip
            assert done.returncode == 1, done.stdout + done.stderr
            assert "new_game is not implemented yet" in done.stdout, done.stdout
