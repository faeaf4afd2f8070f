"""perft, firing, proofs and the rule guardians as a user runs them."""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path

import pytest

from tests.test_cli import rulespec

SERVE = f"{sys.executable} -m reference_impl.server"


@pytest.mark.parametrize("command", ["perft", "firing", "proofs", "diff"])
def test_analysis_commands_have_help(command: str) -> None:
    result = rulespec(command, "--help")
    assert result.returncode == 0
    assert "Usage" in result.stdout


def test_perft_divide_through_a_subprocess_agrees_with_the_reference() -> None:
    result = rulespec("perft", "notre_dame", "--players", "2", "--depth", "2", "--divide",
                      "--compare", "--engine", SERVE)  # fmt: skip
    assert result.returncode == 0, result.stdout + result.stderr
    last = result.stdout.strip().splitlines()[-1]
    match = re.fullmatch(r"perft\(2\) = (\d+) over (\d+) first actions", last)
    assert match, last
    assert "<- reference" not in result.stdout


def test_perft_divide_flags_the_branch_an_engine_gets_wrong(tmp_path: Path) -> None:
    """From the first player decision (the fake drops one action of each player's listing;
    a chance listing with a dropped outcome would be a protocol error instead)."""
    import random

    from conformance.engine.client import InProcessClient

    client = InProcessClient()
    client.handshake()
    client.new_game("notre_dame", 2)
    rng = random.Random(1)
    while True:
        listing = client.legal_actions()
        if "chance" not in listing["to_act"]:
            break
        client.apply(rng.choice(listing["actions"]))
    start = tmp_path / "start.json"
    start.write_text(json.dumps(client.state()), encoding="utf-8")
    dropping = f"{sys.executable} -m tests.fauxengines.faux drop-legal"
    result = rulespec("perft", "notre_dame", "--players", "2", "--depth", "2", "--divide",
                      "--compare", "--engine", dropping, "--from", str(start))  # fmt: skip
    assert result.returncode == 1
    assert "<- reference" in result.stdout
    assert "missing   <- reference" in result.stdout


def test_firing_lists_reached_and_never_reached_rules() -> None:
    result = rulespec("firing", "notre_dame", "--games", "3")
    assert result.returncode == 0, result.stderr
    assert re.search(r"rules \d+, fired \d+, never \d+$", result.stdout.strip())
    assert "ND-RATS-INCREASE" in result.stdout


def test_proofs_report_every_proof_and_decision_table() -> None:
    result = rulespec("proofs", "--game", "notre_dame")
    assert result.returncode == 0, result.stdout[-2000:]
    assert "PASSED  ND-ND-PAYOUT" in result.stdout
    assert re.search(r"proofs \d+, decision tables \d+, failed 0$", result.stdout.strip())


def test_rules_lists_the_invariants_proofs_and_tables_of_a_rule() -> None:
    result = rulespec("rules", "notre_dame", "ND-PLAGUE")
    assert result.returncode == 0
    assert "proofs (1):" in result.stdout
    assert "spec/notre_dame/decisions.yaml: rats_at_round_end" in result.stdout
