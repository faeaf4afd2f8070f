"""The README's commands, walked as a user walks them: from a wheel installed in a fresh
venv (``installed``: tests/install/conftest.py, built once per session) and from this
checkout's own install, each in a temporary folder outside the checkout. Each journey
checks the command's verdict, not only its exit status: ``proofs`` runs as many proofs as
the clone has, ``errata impact`` checks the recorded games, ``play`` plays, ``replay``
and ``perft --compare`` end with their verdicts, ``campaign`` without its extra names it.
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from conformance.specification import errata
from conformance.specification.decisions import decision_tables
from conformance.specification.proofs import proofs

pytestmark = pytest.mark.slow


@pytest.fixture(params=["wheel", "clone"])
def user(request: pytest.FixtureRequest, tmp_path: Path) -> tuple[str, dict[str, str], Path]:
    """(where rulespec comes from, the environment, an empty folder to work in)."""
    if request.param == "wheel":
        _, env = request.getfixturevalue("installed")
    else:  # this checkout's install: its venv's bin first on PATH, nothing on PYTHONPATH
        env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "VIRTUAL_ENV")}
        env["PATH"] = os.pathsep.join([str(Path(sys.executable).parent), env.get("PATH", "")])
    work = tmp_path / "work"
    work.mkdir()
    return request.param, env, work


def _run(user: tuple[str, dict[str, str], Path], *args: str, code: int = 0) -> str:
    """``args`` in the user's folder; stdout, after checking the exit status is ``code``."""
    _, env, work = user
    done = subprocess.run(list(args), cwd=work, env=env, capture_output=True, text=True,
                          timeout=900)  # fmt: skip
    assert done.returncode == code, (
        f"{args}: exit {done.returncode}\n{done.stdout[-3000:]}\n{done.stderr[-3000:]}"
    )
    return done.stdout + done.stderr if code else done.stdout


def _last(text: str) -> str:
    return text.strip().splitlines()[-1]


def _games(user: tuple[str, dict[str, str], Path]) -> list[str]:
    """The games registered where the journey runs (rulespec's own, and any game package
    installed there: the clone's venv may hold examples/pig)."""
    code = "from rulespec import games; print(*games.ids())"
    return _run(user, "python", "-c", code).split()


def test_check_an_engine_and_keep_reports(user: tuple[str, dict[str, str], Path]) -> None:
    assert _run(user, "rulespec", "--version").startswith("rulespec ")
    for module in ("rulespec", "conformance"):
        assert _run(user, "python", "-m", module, "--version").startswith("rulespec ")
    protocol = _run(user, "rulespec", "check", "--level", "protocol", "--engine", "rulespec serve")
    assert _last(protocol) == f"{len(_games(user))} passed, 0 failed, 0 skipped"
    first = _run(user, "rulespec", "check", "--game", "notre_dame", "--rule", "ND-PLAGUE",
                 "--engine", "rulespec serve", "--report", "a.jsonl")  # fmt: skip
    assert re.fullmatch(r"\d+ passed, 0 failed", _last(first)) and "results: {" not in first
    _run(user, "rulespec", "check", "--game", "notre_dame", "--rule", "ND-PLAGUE",
         "--report", "b.jsonl", "--html", "b.html")  # fmt: skip
    compared = _run(user, "rulespec", "diff", "a.jsonl", "b.jsonl")
    assert _last(compared).startswith("new failure 0, fixed 0")
    side_by_side = _run(user, "rulespec", "matrix", "a.jsonl", "b.jsonl", "--html", "m.html")
    assert "notre_dame: the runs disagree on 0 rules and 0 scenarios" in side_by_side
    assert Path(user[2], "m.html").stat().st_size > 1000
    deep = _run(user, "rulespec", "check", "--game", "villagers", "--level", "differential",
                "--engine", "rulespec serve", "--budget", "2s", "--examples", "1")  # fmt: skip
    assert _last(deep).endswith(" 0 failed")


def test_play_trace_replay_count_and_fire(user: tuple[str, dict[str, str], Path]) -> None:
    played = _run(user, "rulespec", "play", "notre_dame", "--players", "4", "--games", "3",
                  "--seed", "1", "--trace", "nd.jsonl")  # fmt: skip
    assert re.search(r"^3 games, \d+ actions in ", played, re.M)
    replayed = _run(user, "rulespec", "replay", "nd.jsonl")
    assert re.fullmatch(r"replayed 3 games, \d+ actions: all 3 games reach the recorded final "
                        r"state", _last(replayed))  # fmt: skip
    solo = _run(user, "rulespec", "play", "gnomeville", "--players", "1", "--option",
                'boards=["towerville"]')  # fmt: skip
    assert "1 games, " in solo
    counted = _run(user, "rulespec", "perft", "neom", "--players", "2", "--depth", "2",
                   "--divide", "--compare", "--engine", "rulespec serve")  # fmt: skip
    assert _last(counted).startswith("agreed with the reference on all ")
    fired = _run(user, "rulespec", "firing", "gnomeville", "--games", "5")
    assert re.fullmatch(r"rules \d+, fired \d+, never \d+", _last(fired))
    final = Path(user[2], "nd.jsonl").read_text(encoding="utf-8").splitlines()[-1]
    Path(user[2], "state.json").write_text(final, encoding="utf-8")
    drawn = _run(user, "rulespec", "show", "notre_dame", "state.json", "-o", "board.svg",
                 "--differs", "players.0.prestige")  # fmt: skip
    assert "drawn to board.svg" in drawn and Path(user[2], "board.svg").stat().st_size > 1000


def test_rules_proofs_and_errata(user: tuple[str, dict[str, str], Path]) -> None:
    listed = _run(user, "rulespec", "rules", "notre_dame")
    assert re.fullmatch(r"\d+ rules", _last(listed))
    entry = _run(user, "rulespec", "rules", "notre_dame", "ND-PLAGUE")
    assert "proofs (1):" in entry and "conformance/proofs/test_notre_dame_proofs.py" in entry
    assert _last(_run(user, "rulespec", "coverage")).endswith(" uncovered 0")
    # the same proofs and decision tables as this checkout has (some may skip without the
    # source rulebooks, which a wheel does not ship: skipped, not failed, not missing)
    theirs = [p for p in proofs() if p.game in _games(user)]  # the games installed there
    tables = sum(len(decision_tables(game)) for game in {p.game for p in theirs})
    proved = _run(user, "rulespec", "proofs")
    assert re.fullmatch(
        rf"proofs {len(theirs)}, decision tables {tables}, failed 0(, skipped \d+)?",
        _last(proved),
    ), _last(proved)
    recorded = len(errata.read_trace_games(errata.golden_traces("villagers")[0])) * len(
        errata.golden_traces("villagers")
    )
    assert recorded > 0
    impact = _run(user, "rulespec", "errata", "impact", "villagers", "example-bank-lock-three")
    assert re.search(rf"^traces: \d+ of {recorded} recorded games change$", impact, re.M)
    assert _last(impact) == "regressions: 0"


def test_campaign_replays_a_shard_and_names_its_extra(
    user: tuple[str, dict[str, str], Path],
) -> None:
    replayed = _run(user, "rulespec", "campaign", "notre_dame", "--engine", "rulespec serve",
                    "--replay", "notre_dame-3p-s120-n1")  # fmt: skip
    assert json.loads(replayed.splitlines()[0])["status"] == "passed"
    if user[0] == "wheel":  # installed without the campaign extra
        refused = _run(user, "rulespec", "campaign", "notre_dame", "--engine", "rulespec serve",
                       "--budget", "10s", code=4)  # fmt: skip
        assert "'campaign' extra" in refused and "rulespec[campaign]" in refused
        assert "Traceback" not in refused
