"""``rulespec check --level protocol`` judges what the game's schemas say, and a reply sent
twice is a protocol error (issue 30).

The protocol's own reply schemas leave a game's state and actions open; the protocol level
checks every state against ``spec/<game>/state.schema.json`` and every listed action
against ``spec/<game>/action.schema.json``, naming the field; it writes the reports asked
for. Engines: ``tests/fauxengines/faux.py`` (``bad-state``, ``bad-action``,
``duplicate-reply``).
"""

from __future__ import annotations

import json
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from jsonschema import Draft202012Validator

from conformance.engine.client import SubprocessClient
from conformance.engine.errors import ProtocolViolation
from conformance.reports.model import read_jsonl
from rulespec.resources import SPEC_DIR
from tests.reports.conftest import rulespec

FAUX = f"{sys.executable} -m tests.fauxengines.faux"


@pytest.mark.parametrize(
    ("mode", "named"),
    [
        ("bad-state", ['"players" is a required property', "'colour_of_the_sky'", "'chance'"]),
        ("bad-action", ["listed action 0", "'colour_of_the_sky' was unexpected"]),
    ],
)
def test_a_state_or_action_outside_the_game_schema_fails_the_protocol_level(
    tmp_path: Path, mode: str, named: list[str]
) -> None:
    report, junit = tmp_path / "run.jsonl", tmp_path / "run.xml"
    done = rulespec("check", "--level", "protocol", "--game", "notre_dame", "--engine",
                    f"{FAUX} {mode}", "--report", report, "--junit", junit,
                    timeout=120)  # fmt: skip
    assert done.returncode == 1, done.stdout + done.stderr
    line = next(x for x in done.stdout.splitlines() if "notre_dame:" in x)
    assert "protocol error" in line and all(words in line for words in named), line
    results = read_jsonl(report).results
    assert [(r["test"], r["status"]) for r in results] == [
        ("protocol::notre_dame", "protocol error")
    ]
    assert ET.parse(junit).getroot().get("errors") == "1"


def test_the_protocol_level_writes_valid_reports_of_a_passing_engine(tmp_path: Path) -> None:
    report, html = tmp_path / "run.jsonl", tmp_path / "run.html"
    done = rulespec("check", "--level", "protocol", "--game", "villagers", "--engine", FAUX,
                    "--report", report, "--html", html, timeout=120)  # fmt: skip
    assert done.returncode == 0, done.stdout + done.stderr
    schema = json.loads((SPEC_DIR / "report.schema.json").read_text(encoding="utf-8"))
    validator = Draft202012Validator(schema)
    lines = [json.loads(x) for x in report.read_text(encoding="utf-8").splitlines()]
    for line in lines:
        validator.validate(line)
    assert lines[0]["level"] == "protocol" and lines[0]["engine"]["name"]
    assert [x["status"] for x in lines if x["type"] == "result"] == ["passed"]
    assert html.read_text(encoding="utf-8").rstrip().endswith("</html>")


@pytest.mark.parametrize("nth", [2, 3, 4])
def test_a_reply_sent_twice_is_a_protocol_error(nth: int) -> None:
    client = SubprocessClient([sys.executable, "-m", "tests.fauxengines.faux",
                               "duplicate-reply", str(nth)], timeout=30)  # fmt: skip
    try:
        client.handshake()
        with pytest.raises(ProtocolViolation, match="twice"):
            client.new_game("notre_dame", 2)
            client.state()
            client.legal_actions()
            client.state()
    finally:
        client.close()
