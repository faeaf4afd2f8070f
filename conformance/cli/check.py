"""``rulespec check``: run the conformance scenarios against an engine, roll up by rule id.

The scenarios run under pytest in a child process, which writes one JSON line per scenario;
this module reads them back and reports per rule. The child runs the suite as the installed
package's files (``conformance/suite``) with a pytest configuration of its own (written to
a temporary folder: nothing of rulespec's ``pyproject.toml`` is needed), in the directory
``rulespec check`` was started from, so a relative engine command such as ``./engine.sh``
means what the user meant; nothing is added to the engine's ``PYTHONPATH``, and the child
runs with ``python -P`` so the user's directory does not shadow rulespec's own modules.
"""

from __future__ import annotations

import contextlib
import json
import os
import re
import signal
import subprocess
import sys
import tempfile
import threading
from collections import Counter
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from importlib.resources import files
from pathlib import Path
from typing import Any

from conformance.cli.suite_child import PLUGINS as SUITE_CHILD_PLUGINS
from conformance.cli.suite_child import combined as _combined
from rulespec.resources import FEATURES_DIR

FAILING = ("failed", "errored", "crashed", "timed out", "protocol error", "unexpected pass")
JUDGED = (*FAILING, "passed", "expected failure")


def suite_dir() -> Path:
    """The conformance suite's folder, wherever the ``conformance`` package is installed."""
    return Path(str(files("conformance.suite")))


def suite_games() -> list[str]:
    """The games the suite has scenarios for: every registered game (:mod:`rulespec.games`;
    ``conformance/suite/test_games.py`` binds each one's features)."""
    from rulespec import games

    return games.ids()


@dataclass
class GameReport:
    game: str
    results: list[dict[str, Any]] = field(default_factory=list)

    def rule_status(self, rule_id: str) -> tuple[str, int, int]:
        """(status, passed, total) of the scenarios that pin ``rule_id`` (a concern's are
        reported in its own section, :func:`concern_summary`, never here)."""
        mine = [r for r in self.results if rule_id in r["rules"] and not r.get("concern")]
        if not mine:
            return "not run", 0, 0
        statuses = [r["status"] for r in mine]
        passed = statuses.count("passed")
        for bad in (*FAILING, "expected failure"):  # a known failure is not a pass either
            if bad in statuses:
                return bad, passed, len(mine)
        if passed:
            return "passed", passed, len(mine)
        return "skipped", 0, len(mine)

    def level_status(self, level: str) -> tuple[str, str]:
        """(status, reason) of one level: scenarios, invariants or differential.

        A level passes only when it ran and every result passed (expected failures
        allowed); a level whose results were all skipped is skipped, with the reason.
        Skips (what the engine declares it does not support) are left out: the level is
        judged over what the engine declares.
        """
        mine = [r for r in self.results if level_of(r["test"]) == level and not r.get("concern")]
        if not mine:
            return "not run", ""
        statuses = {r["status"] for r in mine}
        for bad in FAILING:
            if bad in statuses:
                return bad, ""
        if statuses <= {"skipped", "not run"}:
            lines = mine[0]["message"].strip().splitlines()
            return "skipped", lines[-1] if lines else ""
        return "passed", ""

    def level_reached(self, capabilities: Iterable[str] | None = None) -> str:
        """L1 protocol, L2 scenarios, L3 differential: the highest level fully passed. An
        engine that does not declare ``load_state`` (``capabilities``, when known) is held
        at L1, as the protocol says: the scenarios it ran are not the scenario level."""
        reached = "L1" if any(r["status"] not in ("crashed", "protocol error", "timed out")
                              for r in self.results) else "none"  # fmt: skip
        if capabilities is not None and "load_state" not in capabilities:
            return reached
        if self.level_status("scenarios")[0] == "passed":
            reached = "L2"
            if self.level_status("differential")[0] == "passed" and self.level_status(
                "invariants"
            )[0] in ("passed", "not run", "skipped"):
                reached = "L3"
        return reached


#: concern -> the title of its section: scenarios reported apart from the game's rules
CONCERNS = {"position_validation": "refuses impossible positions"}


def concern_summary(results: list[dict[str, Any]], concern: str) -> str | None:
    """``refuses impossible positions: 3 passed, 1 failed, 0 skipped``, and the reason when
    every one was skipped; None when no result has the concern."""
    mine = [r for r in results if r.get("concern") == concern]
    if not mine:
        return None
    statuses = Counter(r["status"] for r in mine)
    passed = statuses["passed"] + statuses["expected failure"]
    skipped = statuses["skipped"] + statuses["not run"]
    line = (f"{CONCERNS[concern]}: {passed} passed, {len(mine) - passed - skipped} failed, "
            f"{skipped} skipped")  # fmt: skip
    if skipped == len(mine) and concern == "position_validation":
        line += " (the engine does not declare validates_positions)"
    return line


def level_of(test_id: str) -> str:
    """The level a result belongs to, from its test file."""
    if "level_invariants.py" in test_id:
        return "invariants"
    if "level_differential.py" in test_id:
        return "differential"
    return "scenarios"


@dataclass
class CheckRun:
    games: list[GameReport]
    exit_code: int
    log: str
    engine: dict[str, Any] | None = None  # the handshake's identity (None: never connected)
    problem: str | None = None  # the results could not be read (a harness error)
    interrupted: bool = False  # stopped (Ctrl-C, SIGTERM): the results are what finished

    def counts(self) -> Counter[str]:
        return Counter(r["status"] for g in self.games for r in g.results)

    def judged(self) -> int:
        """Results that were judged: passed, failed or an expected failure (not skips)."""
        counts = self.counts()
        return sum(counts[s] for s in JUDGED)


LEVELS = ("protocol", "scenarios", "invariants", "differential", "all")

#: the child pytest's whole configuration (rulespec's own pyproject.toml is not read)
SUITE_INI = """\
[pytest]
addopts =
python_files = test_*.py level_*.py
xfail_strict = true
bdd_features_base_dir = {features}
filterwarnings = error::pytest.PytestUnknownMarkWarning
"""


#: the pytest plugins the suite needs, named with ``-p`` (the child imports them first, see
#: :mod:`conformance.cli.suite_child`): the child runs with plugin autoload off
#: (``PYTEST_DISABLE_PLUGIN_AUTOLOAD``), so other plugins installed beside rulespec neither
#: slow its start-up nor change its verdicts
SUITE_PLUGINS = SUITE_CHILD_PLUGINS
#: pytest's own plugins the child has no use for (doctests, unittest classes, ``tmpdir``,
#: pastebin, JUnit XML: the parent writes its own reports, step-wise and setup-only runs):
#: left out, they are not imported, which is start-up saved
UNUSED_BUILTINS = ("doctest", "unittest", "legacypath", "pastebin", "junitxml", "stepwise",
                   "setuponly", "setupplan")  # fmt: skip
RANDOM_PLUGINS = ("_hypothesis_pytestplugin",)  # the levels that play random games
PARALLEL_PLUGINS = ("xdist.plugin",)


def write_suite_ini(folder: Path) -> Path:
    """``SUITE_INI`` written into ``folder``: the whole configuration of a child pytest
    (``rulespec check``'s, a mutation worker's), never rulespec's own ``pyproject.toml``."""
    ini = folder / "pytest.ini"
    ini.write_text(SUITE_INI.format(features=FEATURES_DIR), encoding="utf-8")
    return ini


def suite_command(files: list[str], tmp: Path, plugins: tuple[str, ...] = ()) -> list[str]:
    """``python -P -m pytest FILES`` with a configuration of its own, written into ``tmp``,
    started through :mod:`conformance.cli.suite_child` (pytest with less start-up)."""
    suite = suite_dir()
    ini = write_suite_ini(tmp)
    loaded = [arg for name in (*SUITE_PLUGINS, *plugins) for arg in ("-p", name)]
    loaded += [arg for name in UNUSED_BUILTINS for arg in ("-p", f"no:{name}")]
    return [
        sys.executable, "-P", "-m", "conformance.cli.suite_child", *files, "-c", str(ini),
        "--rootdir", str(suite.parent.parent), "--confcutdir", str(suite.parent),
        *loaded, "-p", "no:cacheprovider", "--strict-markers",
        "-q", "--tb=short", "--no-header",
    ]  # fmt: skip


def suite_environment(rule: str | None = None) -> dict[str, str]:
    """The child's environment: the caller's, with pytest's plugin autoload off (and, for
    a one-rule run, the rule, so only the feature files tagging it are parsed)."""
    environment = {**os.environ, "PYTEST_DISABLE_PLUGIN_AUTOLOAD": "1"}
    environment.pop("RULESPEC_ONLY_RULE", None)
    if rule is not None:
        environment["RULESPEC_ONLY_RULE"] = rule
    return environment


@dataclass(frozen=True)
class Pass:
    """One of several runs of the same selection in one child process (:func:`run_passes`):
    the options its ``new_game`` requests carry, and arguments of its own for the child
    (a keep list, say)."""

    options: dict[str, dict[str, Any]] | None = None
    extra: tuple[str, ...] = ()


def run_scenarios(
    games: list[str], engine: str | None = None, *,
    options: dict[str, dict[str, Any]] | None = None, **check: Any,
) -> CheckRun:
    """Run the scenario suites (and/or the deep levels) of ``games`` under pytest, once:
    :func:`run_passes` with one pass of ``options`` (game id -> options: they reach every
    ``new_game`` and pick the readings run); ``check`` is the rest of its arguments."""
    return run_passes(games, [Pass(options)], engine=engine, **check)[0]  # fmt: skip


def run_passes(
    games: list[str],
    passes: list[Pass],
    engine: str | None = None,
    rule: str | None = None,
    timeout: float | None = None,
    shell: bool = False,
    workers: int = 1,
    level: str = "scenarios",
    examples: int | None = None,
    expectations: str | Path | None = None,
    errata: list[str] | None = None,
    fired: Path | None = None,
    extra: list[str] | None = None,
    budget: float | None = None,
    emit_dir: Path | None = None,
    features: list[Path] | None = None,
) -> list[CheckRun]:
    """Run the scenario suites (and/or the deep levels) of ``games`` under pytest, once
    per pass (:class:`Pass`: its options, its own child arguments), each child process
    running every pass in turn (``suite_child --sessions``: one start-up, one parse of the
    features); one :class:`CheckRun` per pass.

    ``expectations`` is a known-failures file (:mod:`conformance.reports.expectations`);
    ``errata`` name the ruleset, selecting ``@since``/``@until`` scenarios; ``fired`` is a
    file for each test's fired rule ids (JSON lines; with several passes, each pass's file
    has ``.<index>`` before its suffix). ``budget`` is the deep levels' time per game and
    configuration (seconds); ``emit_dir`` where they write divergences as scenarios
    (default ``./rulespec-regressions``); ``features`` extra scenario folders (such
    regressions) run with the scenario level. The engine runs in the current directory;
    the deep levels' progress lines go to this process's stderr.
    """
    suite = suite_dir()
    files = []
    if level in ("scenarios", "all"):
        files.append(str(suite / "test_games.py"))  # each child's --rulespec-games chooses
    if level in ("invariants", "all"):
        files.append(str(suite / "level_invariants.py"))
    if level in ("differential", "all"):
        files.append(str(suite / "level_differential.py"))
    if features and level in ("scenarios", "all"):
        files.append(str(suite / "level_regressions.py"))
    common: list[str] = []
    for folder in (features or []) if level in ("scenarios", "all") else []:
        common += ["--rulespec-features", str(Path(folder).resolve())]
    if level in ("invariants", "differential", "all"):
        chosen = emit_dir if emit_dir is not None else Path.cwd() / "rulespec-regressions"
        common += ["--rulespec-emit-dir", str(Path(chosen).resolve())]
        if budget is not None:
            common += ["--rulespec-budget", str(budget)]
    if engine is not None:
        common += ["--engine", engine]
    if timeout is not None:
        common += ["--engine-timeout", str(timeout)]
    if shell:
        common.append("--engine-shell")
    if rule is not None:
        common += ["--rulespec-rule", rule]
    if examples is not None:
        common += ["--rulespec-examples", str(examples)]
    if expectations is not None:
        common += ["--rulespec-expectations", str(Path(expectations).resolve())]
    if errata:
        common += ["--rulespec-errata", ",".join(errata)]
    common += extra or []  # robustness options for the engine under test
    plugins = RANDOM_PLUGINS if level != "scenarios" else ()
    # -j N: one child per share of the games (each collects only its own games, so no
    # work is done twice); one game with -j N is split by pytest-xdist instead.
    shares = _shares(games, workers) if len(games) > 1 else [games]
    split = workers if len(shares) == 1 and workers > 1 else 0
    if split:
        plugins += PARALLEL_PLUGINS
        common += ["-n", str(split)]
    # Each child leads a session of its own: where Linux shares the CPU between sessions
    # (autogroup), children of one session share one session's share, and -j 2 on a busy
    # machine would be no faster than -j 1; and a Ctrl-C at the terminal reaches this process
    # alone, which stops the children in order (:func:`_interruptible`), so that each writes
    # what it finished before this process reads it back.
    separate = os.name == "posix"
    with tempfile.TemporaryDirectory(prefix="rulespec-") as tmp:
        children = []
        with _interruptible() as interruption:
            for index, share in enumerate(shares):
                folder = Path(tmp) / str(index)
                folder.mkdir()
                command = suite_command(files, folder, plugins)
                sessions = []
                for number, one in enumerate(passes):
                    place = folder / str(number)
                    place.mkdir()
                    own = list(one.extra)
                    if one.options:
                        own += ["--rulespec-options", json.dumps(one.options)]
                    if fired is not None:
                        own += ["--rulespec-fired", str(_numbered(Path(fired), number, passes))]
                    sessions.append({
                        "args": [*command[command.index(SUITE_CHILD) + 1:],
                                 "--rulespec-games", ",".join(share),
                                 "--rulespec-report", str(place / "results.jsonl"),
                                 "--rulespec-engine-info", str(place / "engine.json"),
                                 *common, *own],
                        "log": str(place / "log.txt"), "status": str(place / "status"),
                    })  # fmt: skip
                if len(sessions) == 1:
                    args = [*command[: command.index(SUITE_CHILD) + 1], *sessions[0]["args"]]
                else:
                    plan = folder / "sessions.json"
                    plan.write_text(json.dumps(sessions), encoding="utf-8")
                    args = [*command[: command.index(SUITE_CHILD) + 1], "--sessions", str(plan)]
                if interruption.signals:
                    break  # stopped while starting them: no more
                # stderr passes through: the deep levels' progress lines reach the user
                children.append((folder, subprocess.Popen(
                    args, stdout=subprocess.PIPE, stderr=None, text=True,
                    env=suite_environment(rule), start_new_session=separate)))  # fmt: skip
                interruption.children.append(children[-1][1])
            outputs = _outputs([child for _, child in children])
        runs = [_gathered(games, [(folder / str(number), child, output)
                                  for (folder, child), output in zip(children, outputs,
                                                                     strict=True)],
                          several=len(passes) > 1)
                for number in range(len(passes))]  # fmt: skip
        for run in runs:
            if interruption.signals:  # a child stopped before it wrote anything, or killed
                run.interrupted, run.problem = True, None  # mid-line: what it wrote is kept
        return runs


#: the module the child command runs (``python -P -m conformance.cli.suite_child``)
SUITE_CHILD = "conformance.cli.suite_child"


def _numbered(path: Path, number: int, passes: list[Pass]) -> Path:
    path = path.resolve()
    return path if len(passes) == 1 else path.with_suffix(f".{number}{path.suffix}")


def _gathered(games: list[str], places: list[tuple[Path, subprocess.Popen[str], str]],
              several: bool) -> CheckRun:  # fmt: skip
    """One pass's results from each child's folder for it."""
    from conformance.reports.model import read_results

    logs, codes, results, problem, engine_identity = [], [], [], None, None
    interrupted = False
    for place, child, output in places:
        code = child.returncode
        if several:  # the child's status is the sessions'; each wrote its own, and its log
            status = place / "status"
            try:
                code = int(status.read_text("utf-8"))
                output = (place / "log.txt").read_text("utf-8", errors="replace")
            except (OSError, ValueError):  # never started: an earlier one was interrupted
                code = child.returncode if child.returncode not in (0, 1, 5) else 2
                output = f"{output}\nnot run: an earlier run in its process ended first" + (
                    " (KeyboardInterrupt)" if code == 2 else "")
        logs.append(output)
        codes.append(code)
        recorded = read_results(place / "results.jsonl")  # never raises
        results += [_with_defaults(entry) for entry in recorded.results]
        interrupted |= bool(recorded.footer and recorded.footer.get("interrupted"))
        if recorded.problem and (code != 5 or recorded.results):
            problem = f"the results file is unreadable: {recorded.problem}"
        identity = place / "engine.json"
        try:
            if engine_identity is None and identity.exists():
                engine_identity = json.loads(identity.read_text("utf-8"))
        except (OSError, ValueError):
            pass
    by_game = {game: GameReport(game) for game in games}
    for result in results:
        game = result.get("game") or "?"
        by_game.setdefault(game, GameReport(game)).results.append(result)
    return CheckRun(list(by_game.values()), _combined(codes), "\n".join(logs),
                    engine_identity, problem, interrupted)  # fmt: skip


STEP = re.compile(r"^\s*(Given|When|Then|And|But) ", re.M)


def _shares(games: list[str], workers: int) -> list[list[str]]:
    """``games`` in at most ``workers`` shares of about equal work (longest first)."""
    from rulespec import games as registered

    def weight(game: str) -> float:
        """The game's scenario steps times its unit's ``step_cost`` (the relative cost of
        one step, measured with the reference in-process)."""
        unit = registered.unit(game)
        steps = sum(len(STEP.findall(p.read_text("utf-8")))
                    for p in unit.features_dir.glob("*.feature"))  # fmt: skip
        return steps * unit.step_cost

    shares: list[list[str]] = [[] for _ in range(min(workers, len(games)))]
    loads = [0.0] * len(shares)
    for game in sorted(games, key=weight, reverse=True):
        lightest = loads.index(min(loads))
        shares[lightest].append(game)
        loads[lightest] += weight(game)
    return [sorted(share) for share in shares if share]


def _outputs(children: list[subprocess.Popen[str]]) -> list[str]:
    """Every child's standard output, read side by side (a child whose output pipe is full
    would otherwise wait for the one read first), once each has ended."""
    if len(children) == 1:
        return [children[0].communicate()[0]]
    outputs = [""] * len(children)

    def read(index: int) -> None:
        outputs[index] = children[index].communicate()[0]

    readers = [threading.Thread(target=read, args=(i,), daemon=True)
               for i in range(len(children))]  # fmt: skip
    for reader in readers:
        reader.start()
    for reader in readers:
        while reader.is_alive():
            reader.join(0.2)  # in short waits: Ctrl-C reaches this thread
    return outputs


#: the signals that stop a run in order (the children write what they finished)
STOPPING_SIGNALS = ("SIGINT", "SIGTERM", "SIGHUP")
#: how long stopped children may take to write their results before they are killed
STOP_GRACE = 20.0


@dataclass
class Interruption:
    """The signals received while children ran (:func:`_interruptible`), and the children."""

    children: list[subprocess.Popen[str]] = field(default_factory=list)
    signals: list[int] = field(default_factory=list)


@contextlib.contextmanager
def _interruptible() -> Iterator[Interruption]:
    """While the children run, Ctrl-C (SIGINT, to this process or its process group),
    SIGTERM (what a CI timeout sends) or SIGHUP stops the run in order: each child is sent
    SIGTERM, which its pytest takes as Ctrl-C (it ends the test under way, writes its
    results and their footer marked interrupted, stops its engine and exits 2), and this
    process goes on waiting for them, so their results are read back and reported. Children
    still running :data:`STOP_GRACE` seconds later, or at a second signal, are killed with
    their process groups. Outside the main thread nothing changes."""
    interruption = Interruption()
    if threading.current_thread() is not threading.main_thread():
        yield interruption
        return

    def kill() -> None:
        for child in interruption.children:
            if child.poll() is None:
                with contextlib.suppress(ProcessLookupError, PermissionError):
                    if os.name == "posix":
                        os.killpg(child.pid, signal.SIGKILL)
                    else:  # pragma: no cover
                        child.kill()

    def handler(signum: int, frame: Any) -> None:
        interruption.signals.append(signum)
        if len(interruption.signals) > 1:
            kill()
            return
        for child in interruption.children:
            if child.poll() is None:
                with contextlib.suppress(ProcessLookupError, PermissionError):
                    child.send_signal(signal.SIGTERM)
        timer = threading.Timer(STOP_GRACE, kill)
        timer.daemon = True
        timer.start()

    previous = {}
    for name in STOPPING_SIGNALS:
        number = getattr(signal, name, None)
        if number is not None:
            previous[number] = signal.signal(number, handler)
    try:
        yield interruption
    finally:
        for number, action in previous.items():
            signal.signal(number, action)


def stop_on_sigterm() -> None:
    """SIGTERM (a CI timeout) raises KeyboardInterrupt in this process, as Ctrl-C does
    (exit 2, not 143); in the main thread only."""
    if threading.current_thread() is threading.main_thread():
        signal.signal(signal.SIGTERM, _raise_interrupt)


def _raise_interrupt(signum: int, frame: Any) -> None:
    raise KeyboardInterrupt(f"signal {signum}")


def _with_defaults(entry: dict[str, Any]) -> dict[str, Any]:
    entry.setdefault("message", "")
    entry.setdefault("scenario", None)
    entry.setdefault("rules", [])
    return entry


def rule_rows(
    report: GameReport, rule_filter: str | None = None
) -> list[tuple[str, str, int, int]]:
    """(rule id, status, passed, total) for every catalogue rule of the game (of the
    ``--rule`` selection ``rule_filter``, when there is one)."""
    from conformance.rule_selection import selected_rules
    from conformance.specification.catalogue import games_with_catalogue, rule_ids

    if report.game not in games_with_catalogue():  # a scenario of a folder naming no game
        return []
    chosen = selected_rules(rule_filter)
    return [(rule_id, *report.rule_status(rule_id)) for rule_id in rule_ids(report.game)
            if not chosen or rule_id in chosen]  # fmt: skip
