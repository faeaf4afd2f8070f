"""An engine whose child leaves its process group and keeps the pipes open (issue 30).

``faux.py escaped-child S`` forks a child that calls ``setsid`` (so a kill of the engine's
process group misses it) and holds stdin, stdout and stderr for S seconds, then serves
normally. Closing the engine, and a whole ``rulespec check``, must not wait for that child:
each test gives the child an hour and the run minutes at most, and cleans the child up.
"""

from __future__ import annotations

import contextlib
import os
import signal
import subprocess
import sys
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest

from conformance.engine.client import SubprocessClient
from tests.reports.conftest import rulespec


@pytest.fixture
def token(tmp_path: Path) -> Iterator[str]:
    """A word on the engine's command line, to find (and end) its escaped child after."""
    word = f"escaped-{tmp_path.name}"
    yield word
    found = subprocess.run(["ps", "-ww", "-eo", "pid,args"], capture_output=True, text=True).stdout
    for line in found.splitlines():
        if word in line and "ps -eo" not in line:
            pid = int(line.split()[0])
            if pid != os.getpid():
                with contextlib.suppress(ProcessLookupError):
                    os.kill(pid, signal.SIGKILL)


def test_closing_the_engine_does_not_wait_for_its_escaped_child(token: str) -> None:
    client = SubprocessClient([sys.executable, "-m", "tests.fauxengines.faux", "escaped-child",
                               "3600", token], timeout=30)  # fmt: skip
    client.handshake()
    client.new_game("notre_dame", 2)
    # the whole test is bounded by pytest's and the suite's own timeouts; before the fix
    # this close() waited on the stderr reader until the child ended (an hour)
    done: list[bool] = []
    closer = threading.Thread(target=lambda: (client.close(), done.append(True)), daemon=True)
    closer.start()
    closer.join(60)
    assert done, "close() still waits for the engine's escaped child"


@pytest.mark.slow
def test_a_check_run_is_not_held_by_the_escaped_child(token: str) -> None:
    engine = f"{sys.executable} -m tests.fauxengines.faux escaped-child 3600 {token}"
    done = rulespec("check", "--game", "villagers", "--rule", "VL-SILVER-PRIEST", "--engine",
                    engine, timeout=240)  # fmt: skip
    assert done.returncode == 0, done.stdout[-2000:] + done.stderr[-2000:]
