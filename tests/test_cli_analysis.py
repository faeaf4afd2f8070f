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
    *_, total, verdict = result.stdout.strip().splitlines()
    match = re.fullmatch(r"perft\(2\) = (\d+) over (\d+) first actions", total)
    assert match, total
    assert verdict == f"agreed with the reference on all {match[2]} first actions"
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
    assert re.search(r"\n\d+ differences? from the reference$", result.stdout.strip())


def test_perft_compare_without_divide_ends_with_the_verdict_and_needs_an_engine() -> None:
    result = rulespec("perft", "neom", "--players", "2", "--depth", "2", "--compare",
                      "--engine", SERVE)  # fmt: skip
    assert result.returncode == 0, result.stdout + result.stderr
    assert result.stdout.strip().splitlines()[-1] == "agreed with the reference"
    alone = rulespec("perft", "neom", "--players", "2", "--depth", "2", "--compare")
    assert alone.returncode == 4 and "give --engine CMD" in alone.stderr


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


def test_the_proofs_ship_in_the_package_and_run_from_anywhere(tmp_path: Path) -> None:
    """Found through importlib.resources (a wheel has no tests/ folder), run by a child
    pytest in a temporary folder: nothing is written where the command was started."""
    import subprocess

    from conformance.specification.proofs import proof_module, proofs

    found = proofs("notre_dame")
    located = proof_module("notre_dame")  # the game unit's proofs module, in the package
    assert located is not None and located[0].parent.parts[-2:] == ("conformance", "proofs")
    assert found and all(p.test.startswith("conformance/proofs/test_notre_dame") for p in found)
    done = subprocess.run([sys.executable, "-m", "conformance", "proofs", "-g", "notre_dame"],
                          cwd=tmp_path, capture_output=True, text=True, timeout=300)  # fmt: skip
    assert done.returncode == 0, done.stdout[-2000:] + done.stderr[-2000:]
    assert f"proofs {len(found)}, decision tables" in done.stdout
    assert list(tmp_path.iterdir()) == []


def test_a_failing_a_skipped_and_a_parametrized_proof_are_told_apart(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from conformance.specification import proofs as module

    folder = tmp_path / "conformance" / "proofs"
    folder.mkdir(parents=True)
    (folder / "test_toy_proofs.py").write_text(
        "import pytest\n\n"
        "def test_holds():\n    '''TY-A: always.'''\n\n"
        "def test_breaks():\n    '''TY-B: never.'''\n"
        "    assert False, 'counterexample: [x = 3]'\n\n"
        "def test_absent():\n    '''TY-C: needs a rulebook.'''\n"
        "    pytest.skip('rulebook not present')\n\n"
        "@pytest.mark.parametrize('n', [1, 2, 3])\n"
        "def test_some(n):\n    '''TY-D: for n in 1..3.'''\n    assert n != 2\n",
        encoding="utf-8",
    )
    located = (folder / "test_toy_proofs.py", tmp_path)  # the toy game's proofs module
    monkeypatch.setattr(module, "proof_module", lambda game: located if game == "toy" else None)
    found = module.proofs("toy")
    assert [p.patterns for p in found] == [("TY-A",), ("TY-B",), ("TY-C",), ("TY-D",)]
    outcomes = module.run(found)
    by_rule = {p.patterns[0]: outcomes[p.test] for p in found}
    assert by_rule["TY-A"].status == "PASSED"
    assert by_rule["TY-B"].status == "FAILED" and "x = 3" in by_rule["TY-B"].detail
    assert by_rule["TY-C"] == module.Outcome("SKIPPED", "rulebook not present")
    assert by_rule["TY-D"].status == "FAILED"
