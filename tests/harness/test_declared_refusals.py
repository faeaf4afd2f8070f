"""A ``new_game`` refused for what the engine itself declares is a failure, not a skip.

Only a game, player count or option the engine does not declare (or an option value other
than the one it declares) may be refused as ``unsupported`` and skipped; an engine that
answers ``unsupported`` to everything it declares (``faux.py unsupported``) must not pass.
"""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from conformance.engine.errors import EngineRefused
from conformance.plugin import _undeclared
from conformance.reports.model import read_jsonl
from tests.reports.conftest import rulespec

DECLARED = {"id": "toy", "min_players": 2, "max_players": 4,
            "options": {"fast": False, "colour": "red"}}  # fmt: skip


def refused(kind: str = "unsupported") -> EngineRefused:
    return EngineRefused("new_game", {"kind": kind, "message": "no"})


@pytest.mark.parametrize(
    ("players", "options", "kind", "skipped"),
    [
        (3, None, "unsupported", False),  # declared count, no options: it claims to play it
        (3, {"fast": False}, "unsupported", False),  # the declared value
        (2, {"fast": False, "colour": "red"}, "unsupported", False),
        (5, None, "unsupported", True),  # outside the declared counts
        (3, {"speed": 1}, "unsupported", True),  # an option it does not declare
        (3, {"speed": 1}, "malformed", True),
        (3, {"fast": True}, "unsupported", True),  # another value than the declared one
        (3, {"fast": True}, "malformed", False),
        (3, None, "internal", False),
    ],
)
def test_only_what_the_engine_does_not_declare_is_skipped(
    players: int, options: dict[str, object] | None, kind: str, skipped: bool
) -> None:
    reason = _undeclared(DECLARED, "toy", players, options, refused(kind))
    assert (reason is not None) == skipped, reason


def test_an_undeclared_game_is_skipped() -> None:
    assert "does not declare toy" in str(_undeclared(None, "toy", 2, None, refused()))


@pytest.mark.slow
def test_an_engine_refusing_everything_it_declares_fails(tmp_path: Path) -> None:
    report = tmp_path / "run.jsonl"
    engine = f"{sys.executable} -m tests.fauxengines.faux unsupported"
    done = rulespec("check", "--game", "villagers", "--rule", "VL-SILVER-PRIEST,VL-SETUP-ROAD",
                    "--engine", engine, "--report", report, timeout=300)  # fmt: skip
    assert done.returncode == 1, done.stdout[-3000:]
    results = read_jsonl(report).results
    assert results and all(r["status"] not in ("passed", "skipped") for r in results), [
        (r["test"], r["status"]) for r in results
    ]
    assert "level reached: L2" not in done.stdout
