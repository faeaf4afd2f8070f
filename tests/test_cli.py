"""The command line as a user runs it: subprocesses, exit statuses, closing lines."""

from __future__ import annotations

import os
import re
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from conformance.cli.check import suite_games
from conformance.specification import catalogue
from reference_impl import registry
from tests.support.checkout import CHECKOUT as ROOT

RULESPEC = [sys.executable, "-c", "from conformance.cli import main; main()"]
SERVE = f"{sys.executable} -m reference_impl.server"


def rulespec(*args: str, timeout: float = 600) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [*RULESPEC, *args], capture_output=True, text=True, cwd=ROOT, timeout=timeout
    )


@pytest.mark.parametrize("command", ["check", "play", "replay", "serve", "rules", "coverage"])
def test_every_command_has_help(command: str) -> None:
    result = rulespec(command, "--help")
    assert result.returncode == 0
    assert "Usage" in result.stdout


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["check", "--game", "chess"], "unknown game 'chess'"),
        (["play", "chess", "--players", "2"], "unknown game 'chess'"),
        (["rules", "chess"], "unknown game 'chess'"),
        (["coverage", "--game", "chess"], "unknown game 'chess'"),
        (["replay", "/nonexistent/trace.jsonl"], "no trace file"),
        (["replay", "/dev/null"], "/dev/null: not a trace file (a special file)"),
        (
            ["perft", "neom", "-p", "2", "--from", "README.md"],
            "--from README.md: not JSON (line 1, column 1: Expecting value)",
        ),
        # an output that cannot be written is refused before anything runs
        (
            ["play", "neom", "-p", "2", "--trace", "/no-such-dir/t.jsonl"],
            "--trace /no-such-dir/t.jsonl: the folder /no-such-dir does not exist",
        ),
        (
            ["check", "--game", "neom", "--report", "/no-such-dir/r.jsonl"],
            "--report /no-such-dir/r.jsonl: the folder /no-such-dir does not exist",
        ),
        (["check", "--game", "neom", "--junit", "."], "--junit .: is a folder, not a file"),
        (
            ["check", "--game", "neom", "--emit-dir", "README.md"],
            "--emit-dir README.md: is a file, not a folder",
        ),
        (
            ["campaign", "neom", "--engine", "rulespec serve", "--out", "README.md/runs"],
            "--out README.md/runs: README.md is a file, not a folder",
        ),
        # mutate makes the report's missing folders: refused only where it cannot
        (
            ["mutate", "neom", "--sample", "1", "--report", "README.md/m.jsonl"],
            "--report README.md/m.jsonl: README.md is a file, not a folder",
        ),
        (
            ["mutate", "neom", "--sample", "1", "--kill-matrix", "README.md/km.json"],
            "--kill-matrix README.md/km.json: README.md is a file, not a folder",
        ),
    ],
)
def test_bad_arguments_are_named_and_exit_4(args: list[str], message: str) -> None:
    result = rulespec(*args)
    assert result.returncode == 4
    assert message in result.stderr


@pytest.mark.parametrize("game", registry.available_games())
def test_play_rejects_a_player_count_the_game_does_not_have(game: str) -> None:
    result = rulespec("play", game, "--players", "9")
    assert result.returncode == 4
    assert "players" in result.stderr


def test_play_and_perft_default_to_a_solo_games_only_player_count() -> None:
    """Villagers is played alone (villagers.ja.txt: solo against the Countess): no
    ``--players`` to give."""
    played = rulespec("play", "villagers", "--games", "2")
    assert played.returncode == 0, played.stderr
    assert re.search(r"^2 games, \d+ actions", played.stdout, re.MULTILINE)
    counted = rulespec("perft", "villagers", "--depth", "1")
    assert counted.returncode == 0, counted.stderr
    assert counted.stdout == rulespec("perft", "villagers", "-p", "1", "-d", "1").stdout


@pytest.mark.parametrize("command", [["play"], ["perft", "--depth", "1"]])
def test_a_game_for_several_player_counts_asks_which_one(command: list[str]) -> None:
    result = rulespec(command[0], "notre_dame", *command[1:])
    assert result.returncode == 4
    assert "notre_dame is for 2-5 players: give --players N (-p N)" in result.stderr


@pytest.mark.parametrize("game", registry.available_games())
def test_a_trace_replays_to_the_same_final_state(game: str, tmp_path: Path) -> None:
    players = registry.get_game(game).max_players
    trace = tmp_path / "trace.jsonl"
    played = rulespec("play", game, "--players", str(players), "--games", "3", "--seed", "7",
                      "--trace", str(trace))  # fmt: skip
    assert played.returncode == 0, played.stderr
    assert re.search(r"3 games, \d+ actions in .*games/s, .* actions/s", played.stdout)
    replayed = rulespec("replay", str(trace))
    assert replayed.returncode == 0, replayed.stdout + replayed.stderr
    assert replayed.stdout.count("same final state") == 3


def test_a_tampered_trace_is_a_mismatch(tmp_path: Path) -> None:
    game = registry.available_games()[0]
    players = registry.get_game(game).max_players
    trace = tmp_path / "trace.jsonl"
    rulespec("play", game, "--players", str(players), "--trace", str(trace))
    lines = trace.read_text().splitlines()
    lines[-1] = lines[-1].replace('"terminal":true', '"terminal":false', 1)
    trace.write_text("\n".join(lines) + "\n")
    replayed = rulespec("replay", str(trace))
    assert replayed.returncode == 1
    assert "MISMATCH" in replayed.stdout
    assert replayed.stdout.strip().endswith("1 of 1 games differ from the recorded final state")


@pytest.mark.parametrize("game", catalogue.games_with_catalogue())
def test_rules_shows_the_entry_and_its_scenarios(game: str) -> None:
    rule = catalogue.load(game).rules[0]
    result = rulespec("rules", game, rule.id)
    assert result.returncode == 0, result.stderr
    assert rule.id in result.stdout
    assert rule.text.split()[0] in result.stdout
    assert "scenarios (" in result.stdout


def test_coverage_closes_with_the_totals() -> None:
    result = rulespec("coverage")
    last = result.stdout.strip().splitlines()[-1]
    assert re.fullmatch(r"rules \d+, covered \d+, uncovered \d+", last)
    assert result.returncode == (0 if last.endswith("uncovered 0") else 1)


def _rule_with_rejection_scenarios() -> tuple[str, str] | None:
    """A game and a rule of it with a scenario whose action is rejected (the rule's
    scenarios, not the game's: the claim is about the verdict, not the count)."""
    for game in suite_games():
        for scenario in catalogue.load(game).scenarios:
            lines = catalogue.feature_path(scenario.feature).read_text("utf-8").splitlines()
            body = []
            for line in lines[scenario.line :]:
                if line.strip().startswith(("Scenario", "@", "Rule:", "Examples:")):
                    break
                body.append(line)
            if scenario.rule_ids and any("the action is rejected" in b for b in body):
                return game, scenario.rule_ids[0]
    return None


def test_check_with_several_rules_runs_the_scenarios_pinning_any_of_them(tmp_path: Path) -> None:
    import json

    def tests_of(*rules: str) -> set[str]:
        report = tmp_path / f"{'+'.join(rules)}.jsonl"
        chosen = [a for rule in rules for a in ("--rule", rule)]
        done = rulespec("check", "--game", "villagers", *chosen, "--report", str(report))
        assert done.returncode == 0, done.stdout[-2000:] + done.stderr[-2000:]
        lines = [json.loads(line) for line in report.read_text("utf-8").splitlines()]
        return {r["test"] for r in lines if r.get("type") == "result"}

    first, second = tests_of("VL-CHAIN-FOUNDERS"), tests_of("VL-BUILD-LIMIT-WHEN")
    assert first and second and first != second
    assert tests_of("VL-CHAIN-FOUNDERS", "VL-BUILD-LIMIT-WHEN") == first | second
    unknown = rulespec("check", "--game", "villagers", "--rule", "VL-CHAIN-FOUNDERS",
                       "--rule", "VL-NO-SUCH-RULE")  # fmt: skip
    assert unknown.returncode == 4 and "--rule VL-NO-SUCH-RULE: no such rule" in unknown.stderr


def test_check_flags_an_engine_that_accepts_illegal_actions() -> None:
    found = _rule_with_rejection_scenarios()
    if found is None:
        pytest.skip("no game has a rejection scenario yet")
    game, rule = found
    faux = f"{sys.executable} -m tests.fauxengines.faux accept-illegal"
    result = rulespec("check", "--game", game, "--rule", rule, "--engine", faux)
    closing = result.stdout.strip().splitlines()[-1]
    assert result.returncode == 1
    assert not closing.endswith(" 0 failed")
    assert "accepted an action the rulebook forbids" in result.stdout


def test_an_engine_over_its_memory_limit_crashes_and_the_budget_stops_the_run() -> None:
    result = rulespec("check", "--game", "villagers", "--engine", SERVE,
                      "--memory-mb", "8", "--restarts", "0")  # fmt: skip
    assert result.returncode == 1
    assert "\n  CRASHED " in result.stdout
    assert "restart budget (0) is spent: not run" in result.stdout  # the skips, by reason
    assert result.stdout.strip().splitlines()[-1].startswith("0 passed, 1 failed, ")


def test_an_engine_lying_about_its_state_fails_the_rule_it_breaks() -> None:
    """The README's "read a failure" example, as a user runs it."""
    liar = f"{sys.executable} -m tests.fauxengines.faux lie-state players.0.prestige"
    result = rulespec("check", "--game", "notre_dame", "--rule", "ND-PLAGUE", "--engine", liar)
    assert result.returncode == 1
    assert "failed ND-PLAGUE" in result.stdout
    assert "players.0.prestige: expected 3, got 4" in result.stdout
    assert result.stdout.strip().endswith("0 passed, 3 failed")  # ND-PLAGUE's three scenarios


def test_play_reports_the_solo_rank() -> None:
    result = rulespec("play", "neom", "--players", "1", "--games", "2")
    assert result.returncode == 0
    assert result.stdout.count("rank: ") == 2


def test_the_commands_of_every_module_are_listed_and_run() -> None:
    """Commands defined outside ``main`` are registered when one of them (or help) is
    asked for; ``check`` and ``serve`` do not import them."""
    listed = rulespec("--help")
    assert listed.returncode == 0
    for command in ("check", "serve", "perft", "firing", "mutate", "errata", "rulings",
                    "show", "campaign"):  # fmt: skip
        assert re.search(rf"\b{command}\b", listed.stdout), command
    assert rulespec("mutate", "--help").returncode == 0
    assert rulespec("errata", "list", "--help").returncode == 0


PASSING_ON = """
import signal, subprocess, sys, time
from pathlib import Path
from conformance.cli.check import _interruptible, _outputs
folder = Path(sys.argv[1])
child = (
    "import signal, sys, time\\n"
    "def stop(*_):\\n"
    "    open(sys.argv[1], 'w').write('stopped')\\n"
    "    sys.exit(2)\\n"
    "signal.signal(signal.SIGTERM, stop)\\n"
    "print('ready', flush=True)\\n"
    "time.sleep(60)\\n"
)
with _interruptible() as interruption:
    children = [subprocess.Popen([sys.executable, "-c", child, str(folder / f"child{i}")],
                                 stdout=subprocess.PIPE, text=True, start_new_session=True)
                for i in range(2)]
    interruption.children += children
    for c in children:
        c.stdout.readline()
    signal.setitimer(signal.ITIMER_REAL, 0.2)
    signal.signal(signal.SIGALRM, lambda *_: signal.raise_signal(signal.SIGTERM))
    _outputs(children)
print("signals", interruption.signals, "children", [c.returncode for c in children])
"""


def test_a_sigterm_stops_the_children_in_order_and_the_run_goes_on(tmp_path: Path) -> None:
    """Children lead sessions of their own; a SIGTERM to ``rulespec check`` is sent on to
    them (they write their results and end), and this process waits for them and goes on
    (to report what finished) rather than dying with them."""
    done = subprocess.run([sys.executable, "-c", PASSING_ON, str(tmp_path)], cwd=ROOT,
                          capture_output=True, text=True, timeout=60)  # fmt: skip
    assert done.returncode == 0, done.stderr
    assert f"signals [{int(signal.SIGTERM)}] children [2, 2]" in done.stdout
    assert [(tmp_path / f"child{i}").read_text() for i in range(2)] == ["stopped"] * 2


#: every command's parameters as the typer command line had them (arguments upper-case,
#: an option's spellings joined by "/"): the click port keeps each one
PARAMETERS = {
    "": "--version",
    "check": "--game/-g --engine --rule --timeout --shell/--no-shell --jobs/-j --level "
    "--examples --budget --players --blame-seconds --emit-dir --features --verbose/-v --report "
    "--junit --html "
    "--expectations --update-expectations/--no-update-expectations "
    "--all-readings/--no-all-readings --ruleset --timeout-multiplier --game-timeout "
    "--restarts --memory-mb --cpu-seconds --maxfail --exitfirst/-x",
    "diff": "BEFORE AFTER --verbose/-v",
    "play": "GAME --players/-p --games/-n --seed --trace --option --quiet/-q",
    "replay": "TRACE --quiet/-q",
    "serve": "",
    "rules": "GAME RULE_ID --html --report --run/--no-run --ruleset",
    "coverage": "--game/-g --by-mutants --kill-matrix --by-assertions --verbose/-v",
    "perft": "GAME --players/-p --depth/-d --engine --from --divide/--no-divide "
    "--compare/--no-compare",
    "firing": "GAME --games/-n --seed --policy",
    "proofs": "--game/-g",
    "mutate": "GAME --sample --seed --jobs/-j --module --rule --operators --report --html "
    "--mutation-results --cache --no-cache/--no-no-cache --scenarios-of --timeout-factor "
    "--killers --kill-matrix --verbose/-v --reread-rules --check-triage/--no-check-triage",
    "errata": "",
    "errata list": "GAME",
    "errata impact": "GAME ERRATUM --base",
    "rulings": "",
    "rulings diff": "GAME RULE --seeds --out --html",
    "show": "GAME STATE_FILE -o/--out --differs --action --anyway",
    "campaign": "GAME --engine --budget --games --steps --max-divergences --players "
    "--scheduler --workers --shard-games --seed --timeout --shrink-seconds --out --replay",
}


def _spellings(param: object) -> str:
    import click

    assert isinstance(param, click.Parameter)
    if isinstance(param, click.Argument):
        return (param.name or "").upper()
    return "/".join([*param.opts, *param.secondary_opts])


@pytest.mark.parametrize("command", list(PARAMETERS))
def test_the_help_of_every_command_lists_every_parameter_with_its_help(command: str) -> None:
    """In-process (click's runner): the parameters are those of the typer command line, in
    its order, and ``--help`` shows each spelling and each help text (wrapping aside)."""
    import click
    from click.testing import CliRunner

    from conformance.cli.main import _register_commands, app

    _register_commands(["--help"])
    found: click.Command = app
    for word in command.split():
        assert isinstance(found, click.Group)
        found = found.commands[word]
    assert [_spellings(p) for p in found.params] == PARAMETERS[command].split()
    shown = CliRunner().invoke(app, [*command.split(), "--help"])
    assert shown.exit_code == 0, shown.output
    words = set(re.findall(r"[-\w]+", shown.output))
    squeezed = "".join(shown.output.split())
    for param in found.params:
        for spelling in _spellings(param).split("/"):
            assert spelling in words, (command, spelling)
        text = getattr(param, "help", None) or getattr(param, "help_text", "")
        assert "".join(text.split()) in squeezed, (command, param.name, text)
    for name in getattr(found, "commands", {}):
        assert name in words, (command, name)


def test_check_help_names_the_configuration_table() -> None:
    """Plain click help keeps ``[tool.rulespec]`` (typer's rich help took it for markup)."""
    result = rulespec("check", "--help")
    assert result.returncode == 0
    assert "Settings come from [tool.rulespec] in ./pyproject.toml" in " ".join(
        result.stdout.split()
    )


def test_no_command_prints_the_help_and_is_a_usage_error() -> None:
    for words in ([], ["errata"]):
        result = rulespec(*words)
        assert result.returncode == 4, words
        assert "Usage:" in result.stdout and "Commands:" in result.stdout, words


def test_shell_completion_names_the_commands_and_options() -> None:
    """click's completion, under ``_RULESPEC_COMPLETE`` however rulespec is started."""
    import os

    def complete(words: str) -> list[str]:
        env = {**os.environ, "_RULESPEC_COMPLETE": "bash_complete", "COMP_WORDS": words,
               "COMP_CWORD": str(len(words.split()) - 1)}  # fmt: skip
        done = subprocess.run(RULESPEC, capture_output=True, text=True, cwd=ROOT, env=env,
                              timeout=60)  # fmt: skip
        assert done.returncode == 0, done.stderr
        return done.stdout.split()

    assert complete("rulespec mu") == ["plain,mutate"]
    assert complete("rulespec check --timeout-m") == ["plain,--timeout-multiplier"]
    script = subprocess.run(RULESPEC, capture_output=True, text=True, cwd=ROOT, timeout=60,
                            env={**os.environ, "_RULESPEC_COMPLETE": "bash_source"})  # fmt: skip
    assert "_RULESPEC_COMPLETE=bash_complete" in script.stdout


def test_check_and_serve_load_neither_the_other_commands_nor_typer() -> None:
    """``rulespec check`` starts on click alone: the other modules' commands are not
    registered (nor imported), and neither typer nor pydantic is loaded."""
    probe = (
        "import sys\n"
        "sys.argv = ['rulespec', sys.argv[1], '--help']\n"
        "from conformance.cli import main\n"
        "try:\n    main()\nexcept SystemExit as stop:\n    assert stop.code == 0, stop.code\n"
        "print(sorted(m for m in sys.modules if m.split('.')[0] in ('typer', 'pydantic')\n"
        "             or m.startswith(('conformance.cli.', 'rich'))))\n"
    )
    expected = {
        "check": ["conformance.cli.base", "conformance.cli.check", "conformance.cli.check_command",
                  "conformance.cli.main", "conformance.cli.suite_child"],  # its plugin list
        "serve": ["conformance.cli.base", "conformance.cli.main"],  # nor the check command
    }  # fmt: skip
    for command, modules in expected.items():
        done = subprocess.run([sys.executable, "-c", probe, command], capture_output=True,
                              text=True, cwd=ROOT, timeout=60)  # fmt: skip
        assert done.returncode == 0, done.stderr
        assert done.stdout.strip().splitlines()[-1] == str(modules), command


def test_serve_alone_goes_straight_to_the_server_without_click() -> None:
    """``rulespec serve`` (an engine process) answers the protocol without the command
    line's modules: neither click nor ``conformance.cli.main`` is imported."""
    probe = (
        "import atexit, sys\n"
        "atexit.register(lambda: print(sorted(m for m in sys.modules\n"
        "    if m == 'click' or m.startswith('conformance.cli.')), file=sys.stderr))\n"
        "sys.argv = ['rulespec', 'serve']\n"
        "from conformance.cli import main\n"
        "main()\n"
    )
    done = subprocess.run([sys.executable, "-c", probe], input="", capture_output=True,
                          text=True, cwd=ROOT, timeout=60)  # fmt: skip
    assert done.returncode == 0, done.stderr
    assert done.stderr.strip().splitlines()[-1] == "[]"


@pytest.mark.parametrize("module", ["rulespec", "conformance"])
def test_python_dash_m_runs_the_command_line(module: str, tmp_path: Path) -> None:
    done = subprocess.run([sys.executable, "-m", module, "--version"], capture_output=True,
                          text=True, cwd=tmp_path, timeout=60)  # fmt: skip
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith("rulespec ")


def test_campaign_without_the_campaign_extra_names_it_and_exits_4(tmp_path: Path) -> None:
    """Dask hidden (``sys.modules['distributed'] = None`` makes its import fail as a
    missing package does): a usage error naming the extra, not a traceback with exit 1."""
    code = "import sys; sys.modules['distributed'] = None; from conformance.cli import main; main()"
    done = subprocess.run(
        [sys.executable, "-c", code, "campaign", "notre_dame", "--engine", "rulespec serve",
         "--budget", "5s"],
        capture_output=True, text=True, cwd=tmp_path, timeout=120,
    )  # fmt: skip
    assert done.returncode == 4, done.stderr
    assert "'campaign' extra" in done.stderr and "rulespec[campaign]" in done.stderr
    assert "Traceback" not in done.stderr and list(tmp_path.iterdir()) == []


def test_rules_fits_the_terminal_cutting_at_a_word_with_an_ellipsis() -> None:
    from conformance.specification import catalogue

    texts = {rule.id: " ".join(rule.text.split()) for rule in catalogue.load("notre_dame").rules}
    for columns in (60, 120):
        done = subprocess.run([*RULESPEC, "rules", "notre_dame"], capture_output=True, text=True,
                              cwd=ROOT, env={**os.environ, "COLUMNS": str(columns)})  # fmt: skip
        assert done.returncode == 0, done.stderr
        lines = done.stdout.splitlines()[:-1]
        assert lines and [line for line in lines if len(line) > columns] == []
        cut = [line for line in lines if line.endswith("…")]
        assert cut, "some rule text is longer than the room left"
        for line in cut:
            rule_id, shown = line[:28].strip(), line[41:-1]
            assert texts[rule_id].startswith(shown) and texts[rule_id][len(shown)] in " ,;:."
    # not a terminal, no $COLUMNS (pytest's own process may put one in its children's
    # environment): nothing is cut
    plain = {k: v for k, v in os.environ.items() if k != "COLUMNS"}
    piped = subprocess.run([*RULESPEC, "rules", "notre_dame"], capture_output=True, text=True,
                           cwd=ROOT, env=plain)  # fmt: skip
    assert all(texts[line[:28].strip()] == line[41:] for line in piped.stdout.splitlines()[:-1])


def test_replay_ends_with_a_verdict_line(tmp_path: Path) -> None:
    trace = tmp_path / "trace.jsonl"
    rulespec("play", "notre_dame", "--players", "2", "--games", "2", "--trace", str(trace))
    done = rulespec("replay", str(trace), "-q")
    assert done.returncode == 0, done.stderr
    assert re.fullmatch(r"replayed 2 games, \d+ actions: all 2 games reach the recorded final "
                        r"state", done.stdout.strip())  # fmt: skip
    empty = tmp_path / "empty.jsonl"
    empty.write_text("")
    nothing = rulespec("replay", str(empty))
    assert nothing.returncode == 5 and "no game to replay" in nothing.stderr


def test_check_players_keeps_the_deep_levels_to_those_counts(tmp_path: Path) -> None:
    """``--players`` (repeatable) plays only those player counts at the deep levels; a count
    no game asked for is played with, or none at all, is named before anything runs."""
    import json

    report = tmp_path / "run.jsonl"
    done = rulespec("check", "--game", "notre_dame", "--level", "differential", "--examples",
                    "1", "--players", "4", "--players", "2", "--report", str(report))  # fmt: skip
    assert done.returncode == 0, done.stdout[-2000:] + done.stderr[-2000:]
    lines = [json.loads(line) for line in report.read_text("utf-8").splitlines()]
    tests = {r["test"].rsplit("[", 1)[-1] for r in lines if r.get("type") == "result"}
    assert tests == {"notre_dame-2p]", "notre_dame-4p]"}, tests
    solo = rulespec("check", "--game", "villagers", "--level", "differential", "--players", "3")
    assert solo.returncode == 5, solo.stdout[-2000:] + solo.stderr[-2000:]
    assert "--players 3: no game asked for is played with that many players (villagers 1-1)" in (
        solo.stderr
    )
    nobody = rulespec("check", "--game", "villagers", "--players", "0")
    assert nobody.returncode == 4 and "--players 0: a player count is at least 1" in nobody.stderr
    bad = subprocess.run([sys.executable, "-m", "pytest", "--co", "-q", "--rulespec-players",
                          "two", str(ROOT / "conformance/suite/level_differential.py")],
                         capture_output=True, text=True, cwd=ROOT, timeout=600)  # fmt: skip
    assert bad.returncode == 4 and "'two' is not a comma-separated list" in bad.stderr, bad.stderr


def test_a_feature_file_that_is_not_gherkin_is_named_before_anything_runs(tmp_path: Path) -> None:
    """A hand-edited regression folder with a broken file: ``check --features`` and
    ``pytest --rulespec-features`` name the file and the line (check reported the run as
    interrupted before any result, with exit 2)."""
    folder = tmp_path / "regressions"
    (folder / "neom").mkdir(parents=True)
    (folder / "neom" / "fine.feature").write_text("Feature: fine\n  Scenario: s\n    Given x\n")
    (folder / "neom" / "broken.feature").write_text(
        "Feature: broken\n  Scenario: s\n    Given x\n    | a | b |\n    | 1 |\n"
    )
    checked = rulespec("check", "--game", "neom", "--level", "scenarios", "--features",
                       str(folder))  # fmt: skip
    assert checked.returncode == 4, checked.stdout + checked.stderr
    assert f"--features {folder}: neom/broken.feature: not valid Gherkin" in checked.stderr
    assert "(5:5): inconsistent cell count within the table" in checked.stderr
    collected = subprocess.run(
        [sys.executable, "-m", "pytest", "-p", "no:cacheprovider", "--rulespec-suite",
         "--rulespec-games", "neom", "--rulespec-features", str(folder)],
        capture_output=True, text=True, cwd=tmp_path, timeout=300,
    )  # fmt: skip
    assert collected.returncode == 4, collected.stdout + collected.stderr
    assert "neom/broken.feature: not valid Gherkin" in collected.stderr


def test_a_scenario_naming_no_game_is_told_how_to_name_one(tmp_path: Path) -> None:
    """A hand-written regression scenario that neither starts a game, nor loads a state,
    nor has a game in its file name or title gets no game's steps: the failure says how to
    name the game, not only that a step has no definition."""
    folder = tmp_path / "mine"
    folder.mkdir()
    (folder / "a.feature").write_text("Feature: x\n  Scenario: y\n    Given a position\n")
    result = rulespec("check", "--game", "neom", "--level", "scenarios", "--features",
                      str(folder))  # fmt: skip
    assert result.returncode == 1, result.stdout + result.stderr
    assert 'scenario "y": no game is named, so no game\'s steps apply' in result.stdout
    assert "end the feature's title with (<game>)" in result.stdout


def test_a_games_own_feature_file_that_is_not_gherkin_is_named(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """A game package being written with a broken feature file: pytest stops at
    collection, and check names the file and the line (it said "interrupted before any
    result", exit 2); asked only when a run judged nothing."""
    from click.exceptions import Exit

    from conformance.cli import check_command
    from rulespec import games

    (tmp_path / "moves.feature").write_text("Feature: m\n  Scenario: s\n    Given x\n    | a |\n")
    (tmp_path / "broken.feature").write_text(
        "Feature: b\n  Scenario: s\n    Given x\n    | a | b |\n    | 1 |\n"
    )
    monkeypatch.setattr(games, "features_dir", lambda game: tmp_path)
    with pytest.raises(Exit) as stopped:
        check_command._check_features(["stones"])
    assert stopped.value.exit_code == 4
    assert "the scenarios of stones: broken.feature: not valid Gherkin" in capsys.readouterr().err
