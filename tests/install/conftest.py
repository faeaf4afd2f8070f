"""rulespec installed from a wheel into a fresh venv, once per test session: the
``installed`` fixture of the wheel tests and of the README journeys.

The wheel is built from a copy of the working tree (the build writes ``build/`` and
``*.egg-info`` where it runs: never into the checkout). In a parallel run (pytest-xdist)
the workers share one build: the first to arrive builds under a lock in the run's common
temporary folder, the others wait and reuse it.
"""

from __future__ import annotations

import contextlib
import fcntl
import json
import os
import shutil
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.support.checkout import CHECKOUT

SHIPPED = ("pyproject.toml", "README.md", "rulespec", "conformance", "reference_impl", "spec",
           "features")  # fmt: skip


def run(args: list[str], cwd: Path, env: dict[str, str], timeout: float = 900) -> str:
    """ARGS in ``cwd``; their standard output, or a failed assertion with both outputs."""
    done = subprocess.run(args, cwd=cwd, env=env, capture_output=True, text=True,
                          timeout=timeout)  # fmt: skip
    assert done.returncode == 0, (
        f"{args}: exit {done.returncode}\n{done.stdout[-3000:]}" + (done.stderr[-3000:])
    )
    return done.stdout


def _environment() -> dict[str, str]:
    # bytecode is written into the venv as a user's install has it: by the first import
    # there, as pip would have compiled it (``--no-compile`` below)
    dropped = ("PYTHONPATH", "VIRTUAL_ENV", "PYTHONDONTWRITEBYTECODE")
    return {k: v for k, v in os.environ.items() if k not in dropped}


def _build(top: Path) -> Path:
    """A wheel of the working tree, installed with its ``mutate`` extra into ``top/venv``."""
    source = top / "source"
    source.mkdir()
    ignore = shutil.ignore_patterns("__pycache__", "*.pyc", "regressions")
    for name in SHIPPED:
        path = CHECKOUT / name
        if path.is_dir():
            shutil.copytree(path, source / name, ignore=ignore)
        else:
            shutil.copy2(path, source / name)
    env = _environment()
    run([sys.executable, "-m", "pip", "wheel", "-q", "--no-deps", "-w", str(top / "dist"),
         str(source)], top, env)  # fmt: skip
    wheel = next((top / "dist").glob("rulespec-*.whl"))
    venv = top / "venv"
    # this environment's pip installs into the new one (``--python``, pip 22.3 on), with the
    # wheel's declared dependencies and its ``mutate`` extra's (not ``campaign``'s: the
    # journeys check its missing-extra message), nothing else; without bytecode, which the
    # first imports write (seeding the venv with a pip of its own and compiling every
    # module of every dependency were 15 of this fixture's 30 seconds)
    run([sys.executable, "-m", "venv", "--without-pip", str(venv)], top, env)
    run([sys.executable, "-m", "pip", "--python", str(venv / "bin" / "python"), "install",
         "-q", "--no-compile", f"{wheel}[mutate]"], top, env)  # fmt: skip
    return venv


@contextlib.contextmanager
def _locked(path: Path) -> Iterator[None]:
    with path.open("w") as handle:
        fcntl.flock(handle, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(handle, fcntl.LOCK_UN)


@pytest.fixture(scope="session")
def installed(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, dict[str, str]]:
    """(venv, environment with the venv's ``bin`` first on ``PATH``)."""
    run_id = os.environ.get("PYTEST_XDIST_TESTRUNUID")
    if run_id is None:  # one process: its own temporary folder
        venv = _build(tmp_path_factory.mktemp("wheel"))
    else:  # the workers of one run share the build
        shared = tmp_path_factory.getbasetemp().parent / f"rulespec-wheel-{run_id}"
        shared.mkdir(exist_ok=True)
        done = shared / "venv.json"
        with _locked(shared / "lock"):
            if done.is_file():
                venv = Path(json.loads(done.read_text())["venv"])
            else:
                venv = _build(shared)
                done.write_text(json.dumps({"venv": str(venv)}))
    env = _environment()
    env["PATH"] = os.pathsep.join([str(venv / "bin"), env.get("PATH", "")])
    return venv, env


#: the game ``layered`` writes with ``rulespec new-game`` and installs
NEW_GAME = "stones"


def _site_packages(venv: Path) -> Path:
    return next((venv / "lib").glob("python3*/site-packages"))


@pytest.fixture(scope="session")
def layered(installed: tuple[Path, dict[str, str]], tmp_path_factory: pytest.TempPathFactory
            ) -> tuple[Path, dict[str, str]]:  # fmt: skip
    """A ``rulespec new-game`` skeleton installed from its folder (``NEW_GAME`` in the folder
    returned), in a venv layered on ``installed``: a new venv whose ``site-packages`` reaches
    the installed one's through a ``.pth`` file, rulespec's wheel installed again without its
    dependencies (its own ``rulespec`` command) and the game package beside it, so the game
    never enters the venv the other tests share. (the folder, its environment)"""
    base, env = installed
    top = tmp_path_factory.mktemp("new-game")
    venv = top / "venv"
    run([sys.executable, "-m", "venv", "--without-pip", str(venv)], top, env)
    (_site_packages(venv) / "installed.pth").write_text(f"{_site_packages(base)}\n")
    wheel = next((base.parent / "dist").glob("rulespec-*.whl"))
    pip = [sys.executable, "-m", "pip", "--python", str(venv / "bin" / "python"), "install",
           "-q", "--no-compile"]  # fmt: skip
    run([*pip, "--no-deps", "--ignore-installed", str(wheel)], top, env)  # its own command
    layered_env = {**env, "PATH": f"{venv / 'bin'}:{env['PATH']}"}
    run(["rulespec", "new-game", NEW_GAME, str(top / NEW_GAME)], top, layered_env)
    run([*pip, "--no-deps", str(top / NEW_GAME)], top, layered_env)
    return top, layered_env
