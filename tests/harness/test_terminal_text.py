"""What an engine sends reaches the terminal only as visible text (issue 30).

``faux.py escape-refusal`` refuses its handshake with clear-screen, window-title, hyperlink
and OSC 52 clipboard sequences, a bell, a C1 CSI and rich markup (``[/usr/share/x]``,
``[/]``); ``escape-text`` says the same in its name, a declared game and every refused
apply. None of it may be obeyed by a terminal, and none of it may crash the harness: the
handshake refusal is exit 3 with the text escaped. A crash the harness recovered from (the
engine restarted, the game rebuilt) is reported under the scenario's rule headline, not
with a traceback through the harness.
"""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from conformance.reports.model import read_jsonl
from tests.reports.conftest import rulespec

FAUX = f"{sys.executable} -m tests.fauxengines.faux"
OBEYED = ("\x1b", "\x07", "\x9b")


def _visible_only(text: str) -> None:
    assert not any(code in text for code in OBEYED), repr(text[-800:])
    assert "Traceback" not in text and "MarkupError" not in text, text[-2000:]


@pytest.mark.parametrize("level", ["scenarios", "protocol"])
def test_a_handshake_refusal_with_escapes_and_markup_is_shown_escaped_exit_3(level: str) -> None:
    done = rulespec("check", "--game", "villagers", "--level", level, "--engine",
                    f"{FAUX} escape-refusal", timeout=120)  # fmt: skip
    assert done.returncode == 3, done.stdout[-2000:] + done.stderr[-2000:]
    _visible_only(done.stdout + done.stderr)
    assert "cannot open [/usr/share/x] [bold]loud[/bold] [/] \\x1b[2J" in done.stderr
    assert "\\x1b]52;c;" in done.stderr and "\\x9b31m" in done.stderr


def test_perft_against_such_an_engine_shows_the_refusal_escaped_exit_3() -> None:
    done = rulespec("perft", "notre_dame", "-p", "2", "--engine", f"{FAUX} escape-refusal",
                    timeout=120)  # fmt: skip
    assert done.returncode == 3, done.stdout[-2000:] + done.stderr[-2000:]
    _visible_only(done.stdout + done.stderr)
    assert "[/usr/share/x]" in done.stderr and "\\x1b[2J" in done.stderr


def test_engine_text_in_results_and_rows_is_shown_escaped() -> None:
    protocol = rulespec("check", "--game", "villagers", "--level", "protocol", "--engine",
                        f"{FAUX} escape-text", timeout=120)  # fmt: skip
    assert protocol.returncode == 1, protocol.stdout[-2000:] + protocol.stderr[-2000:]
    _visible_only(protocol.stdout + protocol.stderr)
    assert "[/usr/share/x]" in protocol.stdout and "\\x1b]0;owned" in protocol.stdout
    scenarios = rulespec("check", "--game", "villagers", "--rule", "VL-SILVER-PRIEST",
                         "--engine", f"{FAUX} escape-text", timeout=120)  # fmt: skip
    assert scenarios.returncode == 1, scenarios.stdout[-2000:] + scenarios.stderr[-2000:]
    _visible_only(scenarios.stdout + scenarios.stderr)
    assert "\\x1b[2J" in scenarios.stdout


def test_a_crash_recovered_by_a_restart_carries_the_rule_headline(tmp_path: Path) -> None:
    report = tmp_path / "run.jsonl"
    engine = f"{FAUX} crash-once 4:{tmp_path / 'crashed'}"
    done = rulespec("check", "--game", "villagers", "--rule", "VL-SILVER-PRIEST", "--engine",
                    engine, "--report", report, timeout=120)  # fmt: skip
    assert done.returncode == 1, done.stdout[-2000:]
    (result,) = read_jsonl(report).results
    assert result["status"] == "crashed"
    headline = result["message"].splitlines()[0]
    assert headline.startswith("VL-SILVER-PRIEST | ") and "engine closed its output" in headline
    assert "plugin.py" not in result["message"] and "client.py" not in result["message"]
