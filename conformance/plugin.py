"""pytest plugin: the engine under test, rule-id tags as markers, and per-rule results.

Installing rulespec registers it with pytest (the ``pytest11`` entry point, named
``conformance.plugin`` like the module, so ``-p conformance.plugin`` and the entry point
are one plugin); it registers its own markers (``rule``, ``reading``, ``since``, ``until``),
so it needs nothing from rulespec's ``pyproject.toml``. In an engine author's project
``pytest --rulespec-suite --engine CMD`` (or ``rulespec_suite = true`` in the project's
pytest configuration, then ``pytest --engine CMD``) adds the conformance scenarios to the
run; ``pytest --pyargs conformance.suite --engine CMD`` does the same explicitly. Options:

- ``--rulespec-suite``: add the conformance scenarios (``conformance/suite/test_*.py``) to
  the collected paths (ini ``rulespec_suite``);
- ``--rulespec-features DIR``: also run the scenarios of this folder (repeatable), such as
  those ``rulespec check --level differential`` and ``rulespec campaign`` write, each judged
  under the game it plays and its rule tags (:mod:`conformance.suite.level_regressions`);

- ``--engine CMD``: run every scenario against this command over the protocol
  (default: the reference engines in-process);
- ``--engine-timeout S``: seconds per request for a subprocess engine;
- ``--engine-shell``: run CMD through the shell (default: no shell);
- ``--rulespec-report FILE``: write one JSON line per test (rule ids, status, message) as
  it finishes, then a footer line (see :class:`ResultRecorder`); a scenario checking a
  ``load_state`` refusal (:func:`refuses_a_position`, run only for an engine declaring
  ``validates_positions``) has ``"concern": "position_validation"``;
- ``--rulespec-engine-info FILE``: write the engine's handshake identity (JSON);
- ``--rulespec-expectations FILE``: known failures (TOML, see
  :mod:`conformance.reports.expectations`); matching tests are marked ``xfail(strict=True)``,
  so a failure is an "expected failure" and a pass an "unexpected pass";
- ``--rulespec-options JSON``: options per game (``{"notre_dame": {"rat_floor": false}}``),
  merged under each scenario's own options by every ``new_game``; a scenario tagged
  ``@reading:<option>=<value>`` with another value of an option given here is deselected;
- ``--rulespec-errata IDS``: the errata of the ruleset under test (comma-separated); a
  scenario tagged ``@since:<id>`` runs only when ``id`` is listed, ``@until:<id>`` only when
  it is not; ``*`` ignores both tags (the impact report compares every scenario; see
  :mod:`conformance.specification.errata`);
- ``--rulespec-fired FILE``: one JSON line per test with the rule ids the engine reported
  as fired by its ``apply`` requests (the errata impact report);
- ``--rulespec-note-options``: with the reference in-process, each result lists the options
  the engine looked up in it (``options_read``, see :mod:`reference_impl.option_reads`);
- ``--rulespec-keep FILE``: run only the tests whose node ids the file lists, one per line
  (what ``check --all-readings`` re-runs under another reading).
"""

from __future__ import annotations

import argparse
import contextlib
import fnmatch
import functools
import json
import os
import re
import signal
import threading
from collections.abc import Iterator, Mapping
from pathlib import Path
from typing import Any

import pytest

from conformance.durations import duration
from conformance.engine.client import DEFAULT_TIMEOUT, EngineClient, Limits, connect
from conformance.engine.errors import (
    BudgetExhausted,
    CapabilityMissing,
    EngineRefused,
    HarnessError,
    UnsolicitedLine,
)
from conformance.engine.recording import FiredRecorder
from conformance.levels import seeds
from conformance.levels.kill_signatures import scenario_digest, scenario_key
from conformance.reports.text import sanitised

RULE_TAG = re.compile(r"^[A-Z]{2,4}(-[A-Z0-9]+)+$")
READING_TAG = re.compile(r"^reading:[a-z][a-z0-9_]*=.+$")
ERRATUM_TAG = re.compile(r"^(since|until):[a-z0-9][a-z0-9_.-]*$")


def scenario_of(item_or_function: Any) -> Any:
    """The pytest-bdd scenario template of a test (``.name``, ``.feature.rel_filename``).

    pytest-bdd has no public lookup from a test to its scenario; this reads its registry,
    a private name, which is why ``pyproject.toml`` pins pytest-bdd's major versions and
    ``tests/install/test_pytest_bdd_api.py`` fails loudly when the registry moves.
    """
    from pytest_bdd.scenario import scenario_wrapper_template_registry

    function = getattr(item_or_function, "obj", item_or_function)
    try:
        return scenario_wrapper_template_registry.get(function)
    except TypeError:  # not weak-referenceable: not a scenario
        return None


def feature_key(feature: Any, game: str | None) -> str:
    """A scenario's feature file as the catalogue names it (``Scenario.feature``):
    ``<game>/<path in the game's features folder>``. pytest-bdd's ``rel_filename`` is
    that only for a folder under rulespec's own ``features/``; a game package's folder
    gives ``features/x.feature``."""
    from rulespec import games

    if game is not None and games.is_registered(game):
        try:
            folder = games.features_dir(game).resolve()
            inside = Path(feature.filename).resolve().relative_to(folder)
        except (OSError, ValueError):  # not in the game's folder (--features)
            pass
        else:
            return f"{game}/{inside.as_posix()}"
    return str(feature.rel_filename)


RULE_ENV = "RULESPEC_ONLY_RULE"


def feature_paths(game: str) -> list[str]:
    """The feature files ``test_<game>.py`` binds (:mod:`conformance.suite.games`): the
    game's whole features folder, or, when the run is for some rules
    (``$RULESPEC_ONLY_RULE``, set by ``rulespec check --rule``; several comma-separated),
    only the files that carry one of their tags; ``--rulespec-rule`` still selects the
    scenarios. Parsing every feature file is most of a one-rule run's start-up."""
    from conformance.rule_selection import selected_rules
    from rulespec import games

    folder = games.features_dir(game)
    rules = selected_rules(os.environ.get(RULE_ENV))
    if not rules:
        return [str(folder)]
    either = "|".join(re.escape(rule) for rule in sorted(rules))
    tag = re.compile(rf"@(?:{either})(?![\w-])")
    chosen = [str(path) for path in sorted(folder.rglob("*.feature"))
              if tag.search(path.read_text(encoding="utf-8"))]  # fmt: skip
    return chosen or [str(folder)]


#: the capability of an engine whose ``load_state`` refuses a position the rules cannot reach
VALIDATES_POSITIONS = "validates_positions"
#: the concern (marker, report field) of the scenarios that check such a refusal
POSITION_VALIDATION = "position_validation"
NOT_VALIDATING = (
    f"the engine does not declare {VALIDATES_POSITIONS}: a load_state refusal is checked "
    "only for an engine that declares it (refuses impossible positions)"
)
_LOADS = re.compile(r"^the (?:position|state) is loaded:?$")
_REFUSED = re.compile(r"^the request is refused as ")


def refuses_a_position(scenario: Any) -> bool:
    """True when the scenario checks that ``load_state`` refuses a position: a step loads
    one (``the position is loaded:``, ``the state is loaded:``) and a later ``Then the
    request is refused as ...`` answers it, no other Given or When between them. Such a
    scenario is marked ``position_validation`` (as is one tagged so by hand)."""
    loaded = False
    for step in scenario.steps:
        if _LOADS.match(step.name):
            loaded = True
        elif step.type in ("given", "when"):
            loaded = False
        elif loaded and _REFUSED.match(step.name):
            return True
    return False


def pytest_addoption(parser: pytest.Parser) -> None:
    group = parser.getgroup("rulespec")
    group.addoption(
        "--rulespec-suite",
        action="store_true",
        default=None,
        help="add rulespec's conformance scenarios to the run (ini: rulespec_suite)",
    )
    parser.addini("rulespec_suite", "add rulespec's conformance scenarios", type="bool",
                  default=False)  # fmt: skip
    # The names of ``rulespec check``'s flags and ``[tool.rulespec]``'s keys, after
    # ``--rulespec-``; the older names stay as aliases (``rulespec check`` passes them)
    group.addoption("--engine", default=None, help="engine command (default: the reference)")
    group.addoption("--rulespec-timeout", "--engine-timeout", dest="engine_timeout",
                    type=duration, default=DEFAULT_TIMEOUT,
                    metavar="DURATION", help="per request, e.g. 10, 10s")  # fmt: skip
    group.addoption("--rulespec-shell", "--engine-shell", dest="engine_shell",
                    action="store_true", help="run the command via a shell")  # fmt: skip
    group.addoption("--rulespec-game-timeout", "--engine-game-timeout",
                    dest="engine_game_timeout", type=duration, default=300.0,
                    metavar="DURATION", help="per whole game, e.g. 300, 5m")  # fmt: skip
    group.addoption("--rulespec-timeout-multiplier", "--timeout-multiplier",
                    dest="timeout_multiplier", type=float, default=1.0,
                    help="scale every timeout")  # fmt: skip
    group.addoption("--rulespec-restarts", "--engine-restarts", dest="engine_restarts",
                    type=int, default=3, help="restart budget per run")  # fmt: skip
    group.addoption("--rulespec-memory-mb", "--engine-memory", dest="engine_memory", type=int,
                    default=None, help="memory limit (MB)")  # fmt: skip
    group.addoption("--rulespec-cpu-seconds", "--engine-cpu", dest="engine_cpu", type=int,
                    default=None, help="CPU-time limit (s)")  # fmt: skip
    group.addoption("--rulespec-level", default=None,
                    help="with the suite: scenarios, invariants, differential or all "
                    "(default: scenarios)")  # fmt: skip
    group.addoption("--rulespec-report", default=None, help="JSON-lines result file")
    # The deep levels (invariants, differential): time budgets, guidance, progress, output.
    from conformance.levels.campaign import DEFAULT_GAME_BUDGET, DEFAULT_SHRINK_SECONDS
    from conformance.levels.reproduction import DEFAULT_SECONDS as DEFAULT_REPRODUCE_SECONDS

    group.addoption("--rulespec-budget", type=duration, default=None, metavar="DURATION",
                    help="time per game and configuration, per deep level (20, 20s, 2m) "
                    f"(default: {DEFAULT_GAME_BUDGET:g}s per game and level, shared)")  # fmt: skip
    group.addoption("--rulespec-examples", type=int, default=None,
                    help="exactly this many games per configuration (no budget)")  # fmt: skip
    group.addoption("--rulespec-emit-dir", "--rulespec-emit", dest="rulespec_emit_dir",
                    default=None, help="where regression scenarios go "
                    "(default ./rulespec-regressions/<game>/)")  # fmt: skip
    group.addoption("--rulespec-shrink-seconds", type=duration, metavar="DURATION",
                    default=DEFAULT_SHRINK_SECONDS,
                    help="shrinking budget per failure (then the shortest so far)")  # fmt: skip
    group.addoption("--rulespec-reproduce-seconds", type=duration, metavar="DURATION",
                    default=DEFAULT_REPRODUCE_SECONDS,
                    help="time per failure to try the reference's one-token mutants for one "
                    "that does what the engine did, and a third as long again its component "
                    "data's one-value changes (blame evidence; 0: none)")  # fmt: skip
    group.addoption("--rulespec-seed", default="0", help="seed of the deep levels' games")
    group.addoption("--rulespec-uniform", action="store_true",
                    help="uniform random play only (no rule guidance)")  # fmt: skip
    group.addoption("--rulespec-quiet", action="store_true", help="no live progress lines")
    group.addoption("--rulespec-features", action="append", default=[],
                    help="extra feature folder (regression scenarios; repeatable)")  # fmt: skip
    group.addoption("--rulespec-games", default=None, help="comma-separated games to keep")
    group.addoption("--rulespec-players", type=_player_counts, default=None,
                    help="deep levels: only these player counts (comma-separated)")  # fmt: skip
    group.addoption(
        "--rulespec-rule",
        default=None,
        help="run only the tests that pin this rule (several: comma-separated)",
    )
    group.addoption("--rulespec-engine-info", default=None, help="write the engine identity here")
    group.addoption("--rulespec-expectations", default=None, help="known failures (TOML)")
    group.addoption("--rulespec-options", default=None, help="JSON options per game id")
    group.addoption("--rulespec-ruleset", "--rulespec-errata", dest="rulespec_errata",
                    default="", help="errata of the ruleset (comma list)")  # fmt: skip
    group.addoption("--rulespec-fired", default=None, help="write each test's fired rule ids")
    group.addoption("--rulespec-note-options", action="store_true",
                    help="the reference in-process: list the options each test read")  # fmt: skip
    group.addoption("--rulespec-keep", default=None, help="run only the node ids in this file")
    group.addoption(
        "--rulespec-positions", default=None, help="write each scenario's positions (JSON lines)"
    )
    group.addoption(
        "--rulespec-scenario-digests",
        default=None,
        help="write each collected scenario's digest (JSON), for a kill matrix",
    )
    group.addoption("--rulespec-assertion-writers", default=None,
                    help="the reference in-process: write, per scenario, the rules whose code "
                         "wrote each state path it checks (JSON lines)")  # fmt: skip


@pytest.hookimpl(tryfirst=True)
def pytest_bdd_apply_tag(tag: str, function: Any) -> bool | None:
    """Rule-id tags become ``rule`` markers, ``reading:`` tags ``reading`` markers."""
    if RULE_TAG.match(tag):
        pytest.mark.rule(tag)(function)
        return True
    if READING_TAG.match(tag):
        pytest.mark.reading(tag.removeprefix("reading:"))(function)
        return True
    if ERRATUM_TAG.match(tag):
        kind, _, erratum = tag.partition(":")
        getattr(pytest.mark, kind)(erratum)(function)
        return True
    return None


@pytest.fixture
def engine(request: pytest.FixtureRequest) -> Iterator[EngineClient]:
    """The engine under test; a crashed subprocess is restarted for the next test."""
    config = request.config
    cache = config.stash.setdefault(_CLIENT_KEY, {})
    client: EngineClient | None = cache.get("client")
    if client is None or _is_dead(client):
        if client is not None:
            client.close()
            cache.pop("client")
        try:
            client = _connect(config, cache)
        except BudgetExhausted as error:
            # a skip, so pytest does not format a traceback for each remaining test (with
            # source: about 0.1 s each, minutes for a suite after a crash); recorded as
            # "not run" by pytest_runtest_makereport
            _skip(request.node, error)
        cache["client"] = client
        cache.setdefault("identity", engine_identity(client))
    game = item_game(request.node)
    if game is not None and client.games and game not in client.games:
        declared = ", ".join(sorted(client.games))
        pytest.skip(f"the engine does not declare {game} (it declares: {declared})")
    if (request.node.get_closest_marker(POSITION_VALIDATION)
            and VALIDATES_POSITIONS not in client.capabilities):  # fmt: skip
        _skip(request.node, CapabilityMissing(NOT_VALIDATING))
    incidents = list(getattr(client, "incidents", []))
    client.test = request.node.nodeid  # a line nobody asked for names the test it follows
    scoped: Any = Declared(client, config)
    if config.getoption("--rulespec-fired", None):
        scoped = FiredRecorder(scoped)
        request.node.stash[_FIRED_KEY] = scoped
    yield scoped
    recovered = getattr(client, "incidents", [])[len(incidents) :]
    if recovered:
        # The engine was restarted and the game rebuilt so the run could go on; the test
        # it happened in still reports the crash or hang.
        cache["recoveries"] = cache.get("recoveries", 0) + len(recovered)
        raise recovered[-1]
    settled = getattr(client, "check_settled", None)
    if settled is not None:  # a reply sent twice is this test's, not the next one's
        settled()


class NotDeclared(EngineRefused):
    """A ``new_game`` the engine refused as ``unsupported`` for a game or player count it
    does not declare, or an option value other than the one it declares (as the protocol
    allows), or as ``unsupported`` or ``malformed`` for an option it does not declare. A
    declared game and player count with declared option values refused is a failure.
    Still a refusal for the steps that expect one; a test it escapes from is ``skipped``
    with the reason, counted apart from failures."""

    status = "skipped"

    def __init__(self, refused: EngineRefused, reason: str) -> None:
        super().__init__(refused.command, {"kind": refused.kind, "rule": refused.rule,
                                           "message": refused.message_text})  # fmt: skip
        self.reason = reason


class Declared:
    """The engine, turning refusals of what it does not declare into :class:`NotDeclared`."""

    def __init__(self, client: EngineClient, config: pytest.Config) -> None:
        self._client = client
        self._config = config

    def __getattr__(self, name: str) -> Any:
        return getattr(self._client, name)

    def new_game(
        self,
        game: str,
        num_players: int,
        options: dict[str, Any] | None = None,
        setup: dict[str, Any] | None = None,
    ) -> dict[str, Any]:
        try:
            return self._client.new_game(game, num_players, options=options, setup=setup)
        except EngineRefused as refused:
            reason = _undeclared(self._client.games.get(game), game, num_players, options,
                                 refused)  # fmt: skip
            if reason is None:
                raise
            raise NotDeclared(refused, reason) from None

    def load_state(self, state: dict[str, Any]) -> dict[str, Any]:
        loaded = self._client.load_state(state)
        seeds.note(self._config, state)  # a position the deep levels may start from
        return loaded


def _undeclared(
    declared: dict[str, Any] | None,
    game: str,
    players: int,
    options: dict[str, Any] | None,
    refused: EngineRefused,
) -> str | None:
    """Why a refused ``new_game`` is outside what the engine supports, or None."""
    answer = f"(it answered {refused.kind}: {refused.message_text})"
    if declared is None:
        return f"the engine does not declare {game} {answer}"
    low, high = declared.get("min_players"), declared.get("max_players")
    outside = isinstance(low, int) and isinstance(high, int) and not low <= players <= high
    if outside:
        return f"the engine declares {game} for {low}-{high} players, not {players} {answer}"
    known = declared.get("options")
    known = known if isinstance(known, dict) else {}
    unknown = sorted(set(options or {}) - set(known))
    if unknown and refused.kind in ("unsupported", "malformed"):
        return f"the engine does not declare the option(s) {', '.join(unknown)} {answer}"
    # a declared option asked for with another value than the one declared: a value the
    # engine may not implement; a declared player count with the declared options (or
    # none) is what the engine claims to play, so refusing it is a failure, not a skip
    asked = options or {}
    other = sorted(name for name, value in asked.items() if name in known and known[name] != value)
    if other and refused.kind == "unsupported":
        values = ", ".join(f"{name}={json.dumps(asked[name])}" for name in other)
        return f"the engine declares other values of the option(s): {values} {answer}"
    return None


_FIRED_KEY = pytest.StashKey[FiredRecorder]()
#: (status, reason) of a test skipped by :func:`_skip`, for pytest_runtest_makereport
_SKIP_KEY = pytest.StashKey[tuple[str, str]]()


def _skip(item: pytest.Item, error: HarnessError) -> None:
    """Skip ``item`` for ``error`` (a missing capability or declaration, a spent restart
    budget) as pytest's own skip, so pytest formats no traceback with source for it (about
    0.1 s a test: for an engine without ``load_state``, or after a crash, most of a run);
    the report keeps the error's status and reason."""
    reason = getattr(error, "reason", None) or str(error)
    item.stash[_SKIP_KEY] = (error.status, reason)
    pytest.skip(reason)


def engine_identity(client: EngineClient) -> dict[str, Any]:
    """What the handshake said about the engine, and how it was started."""
    command = getattr(client, "command", None)
    return {
        "name": client.identity.get("name"),
        "version": client.identity.get("version"),
        "language": client.identity.get("language"),
        "command": command if command is None or isinstance(command, str) else " ".join(command),
        "capabilities": sorted(client.capabilities),
        "games": sorted(client.games),
    }


def _connect(config: pytest.Config, cache: dict[str, Any]) -> EngineClient:
    """Start the engine under test with the run's limits, within the restart budget.

    The budget counts every start after the first and every in-game recovery; once it is
    spent, the remaining tests are skipped ("not run") with the reason.
    """
    command = config.getoption("--engine")
    if command is None:
        return _reference(config)
    budget = config.getoption("--engine-restarts")
    starts = cache.get("starts", 0)
    used = starts + cache.get("recoveries", 0)  # every start after the first is a restart
    if used > budget:
        raise BudgetExhausted(f"the engine's restart budget ({budget}) is spent: not run")
    cache["starts"] = starts + 1
    scale = config.getoption("--timeout-multiplier")
    limits = Limits(config.getoption("--engine-memory"), config.getoption("--engine-cpu"))
    return connect(
        command,
        timeout=config.getoption("--engine-timeout") * scale,
        shell=config.getoption("--engine-shell"),
        limits=limits,
        game_timeout=config.getoption("--engine-game-timeout") * scale,
        restarts=max(0, budget - used),
    )


def _reference(config: pytest.Config) -> EngineClient:
    """The reference in-process: only the games of ``--rulespec-games`` when given (their
    engines alone are imported), else every game."""
    from conformance.engine.client import InProcessClient

    wanted = [g for g in (config.getoption("--rulespec-games") or "").split(",") if g]
    games = None
    if wanted:
        from reference_impl import registry

        known = set(registry.available_games())
        games = _Games([g for g in wanted if g in known]) or None
    client = InProcessClient(games)
    client.handshake()
    from reference_impl import option_reads

    # set either way: a process may run several sessions (``suite_child --sessions``)
    option_reads.note_reads(bool(config.getoption("--rulespec-note-options")))
    return client


class _Games(Mapping[str, Any]):
    """Some of the reference's games, each looked up in the registry when asked for (never
    held: ``rulespec mutate`` swaps an engine's modules between runs, and a held game
    object would keep judging the unmutated engine)."""

    def __init__(self, ids: list[str]) -> None:
        self._ids = ids

    def __getitem__(self, game: str) -> Any:
        if game not in self._ids:
            raise KeyError(game)
        from reference_impl import registry

        return registry.get_game(game)

    def __iter__(self) -> Iterator[str]:
        return iter(self._ids)

    def __len__(self) -> int:
        return len(self._ids)


def _is_dead(client: EngineClient) -> bool:
    process = getattr(client, "process", None)
    return process is not None and process.poll() is not None


_CLIENT_KEY = pytest.StashKey[dict[str, Any]]()


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line("markers", "rule(id): the catalogue rule ids a test pins")
    config.addinivalue_line(
        "markers", "reading(spec): the scenario depends on a reading of an ambiguous rule"
    )
    config.addinivalue_line("markers", "since(erratum): runs only when the ruleset has it")
    config.addinivalue_line("markers", "until(erratum): runs only when the ruleset lacks it")
    config.addinivalue_line(
        "markers",
        f"{POSITION_VALIDATION}: checks that load_state refuses an impossible position; run "
        f"only for an engine declaring {VALIDATES_POSITIONS}, reported apart from its rules",
    )
    _check_numbers(config)
    _add_suite(config)
    _check_inputs(config)
    if config.pluginmanager.has_plugin("pytest_bdd.plugin") or config.pluginmanager.has_plugin(
        "pytest-bdd"
    ):
        from conformance import step_lookup

        step_lookup.install()
    path = config.getoption("--rulespec-report", default=None)
    if path and not hasattr(config, "workerinput"):  # xdist: the controller records
        config.pluginmanager.register(
            ResultRecorder(path, config.getoption("--rulespec-engine-info", default=None)),
            "rulespec-recorder",
        )
        if threading.current_thread() is threading.main_thread():
            signal.signal(signal.SIGTERM, _stop_on_signal)
            if signal.getsignal(signal.SIGINT) is signal.default_int_handler:
                signal.signal(signal.SIGINT, _stop_on_signal)
    positions = config.getoption("--rulespec-positions", default=None)
    if positions:
        from conformance.render.positions import PositionRecorder

        config.pluginmanager.register(PositionRecorder(positions), "rulespec-positions")
    writers = config.getoption("--rulespec-assertion-writers", default=None)
    if writers:
        if config.getoption("--engine", default=None):
            raise pytest.UsageError("--rulespec-assertion-writers traces the reference in this "
                                    "process: give no --engine")  # fmt: skip
        from conformance.levels.assertion_writers import WriterRecorder

        recorder = WriterRecorder(writers)
        recorder.install()
        config.pluginmanager.register(recorder, "rulespec-assertion-writers")


#: the plugin's numeric options -> their ``[tool.rulespec]`` key, held to its bounds
NUMBER_OPTIONS = {
    "engine_timeout": "timeout", "engine_game_timeout": "game_timeout",
    "timeout_multiplier": "timeout_multiplier", "engine_restarts": "restarts",
    "engine_memory": "memory_mb", "engine_cpu": "cpu_seconds",
    "rulespec_examples": "examples", "rulespec_budget": "budget",
}  # fmt: skip


def _check_numbers(config: pytest.Config) -> None:
    """Every numeric option finite and within the bounds ``rulespec check`` holds its flags
    to (:data:`conformance.cli.config.BOUNDS`): else a usage error naming it, as the CLI's
    (``--rulespec-timeout 0``, ``--timeout-multiplier nan``, ``--rulespec-restarts -1``)."""
    from conformance.cli.config import shown, value_problem

    given = [str(arg) for arg in config.invocation_params.args]
    for dest, key in NUMBER_OPTIONS.items():
        value = config.getoption(dest, None)
        problem = value_problem(key, value)
        if problem is None:
            continue
        names = SETTING_OPTIONS[key][1:]
        named = next((n for n in names for a in given if a == n or a.startswith(n + "=")),
                     names[0])  # fmt: skip
        raise pytest.UsageError(f"{named} {shown(value)}: {problem}")


#: the plugin's output files (``--rulespec-report FILE``...), checked before the run
OUTPUT_OPTIONS = ("--rulespec-report", "--rulespec-fired", "--rulespec-positions",
                  "--rulespec-assertion-writers", "--rulespec-scenario-digests",
                  "--rulespec-engine-info")  # fmt: skip


def _check_inputs(config: pytest.Config) -> None:
    """The games, the options' JSON, the expectations file and the output files and folder
    of a run, checked before anything runs: a usage error naming the option and what is
    wrong, as ``rulespec check`` names its flags' (it was an internal error, or a run that
    found out at its end)."""
    from conformance.cli.base import unusable_folder, unwritable

    given = [g for g in (config.getoption("--rulespec-games", None) or "").split(",") if g]
    if given:
        from rulespec import games

        unknown = [g for g in given if not games.is_registered(g)]
        if unknown:
            raise pytest.UsageError(f"--rulespec-games: unknown game {unknown[0]!r} (known: "
                                    f"{', '.join(games.ids())})")  # fmt: skip
    _check_rules_and_errata(config)  # before run_options, which reads the ruleset's errata
    try:
        run_options(config)
    except json.JSONDecodeError as error:
        raise pytest.UsageError(f"--rulespec-options: not JSON ({error})") from None
    path = config.getoption("--rulespec-expectations", None)
    if path:
        from conformance.reports.expectations import ExpectationsError
        from conformance.reports.expectations import load as load_expectations

        try:
            load_expectations(path)
        except ExpectationsError as error:
            raise pytest.UsageError(f"--rulespec-expectations: {error}") from None
    for option in OUTPUT_OPTIONS:
        path = config.getoption(option, None)
        problem = unwritable(Path(path)) if path else None
        if problem:
            raise pytest.UsageError(f"{option} {path}: {problem}")
    folder = config.getoption("--rulespec-emit-dir", None)
    problem = unusable_folder(Path(folder)) if folder else None
    if problem:
        raise pytest.UsageError(f"--rulespec-emit-dir {folder}: {problem}")


def _check_rules_and_errata(config: pytest.Config) -> None:
    """Each ``--rulespec-rule`` id a rule and each ``--rulespec-ruleset`` id an erratum of
    some registered game (not only the run's: ``rulespec check -j N`` hands every child the
    whole selection), else a usage error naming it (the run selected nothing, or ran the
    bare edition, without a word)."""
    from conformance.rule_selection import selected_rules

    rules = selected_rules(config.getoption("--rulespec-rule", None))
    given = (config.getoption("--rulespec-errata", None) or "").split(",")
    errata_ids = [e for e in given if e and e != "*"]  # "*": every scenario (errata impact)
    if not rules and not errata_ids:
        return
    from rulespec import games

    if rules:
        from conformance.specification.catalogue import rule_ids

        known = set().union(*(rule_ids(g) for g in games.ids() if _has_catalogue(g)))
        unknown = sorted(rules - known)
        if unknown:
            raise pytest.UsageError(f"--rulespec-rule {unknown[0]}: no such rule in "
                                    f"{', '.join(games.ids())}")  # fmt: skip
    if errata_ids:
        from conformance.specification import errata

        try:
            errata.rulesets_for(games.ids(), errata_ids)
        except errata.ErratumError as error:
            raise pytest.UsageError(f"--rulespec-ruleset: {error}") from None


def _suite_wanted(config: pytest.Config) -> bool:
    wanted = config.getoption("--rulespec-suite", None)
    return bool(config.getini("rulespec_suite") if wanted is None else wanted)


def _add_suite(config: pytest.Config) -> None:
    """``--rulespec-suite`` (or ini ``rulespec_suite``): collect the conformance scenarios
    too, from wherever the ``conformance`` package is installed; the project's
    ``[tool.rulespec]`` settings apply (:func:`_apply_settings`), and ``--rulespec-level``
    adds the deep levels' modules. ``--rulespec-features``: collect the scenarios of those
    folders."""
    if _suite_wanted(config):
        _apply_settings(config)
        from importlib.resources import files

        suite = Path(str(files("conformance.suite")))
        level = config.getoption("--rulespec-level") or "scenarios"
        if level not in PLUGIN_LEVELS:
            hint = " (that one is rulespec check --level protocol)" if level == "protocol" else ""
            raise pytest.UsageError(
                f"--rulespec-level {level!r}: choose one of {', '.join(PLUGIN_LEVELS)}{hint}"
            )
        wanted = [str(suite)] if level in ("scenarios", "all") else []
        for deep in ("invariants", "differential"):
            if level in (deep, "all"):
                wanted.append(str(suite / f"level_{deep}.py"))
        for path in wanted:
            if not any(str(arg).startswith(path) for arg in config.args):
                config.args.append(path)
    if config.getoption("--rulespec-features", None):
        feature_folders(config)  # checked before anything is collected
        # the folders are bound by level_regressions.py: collected with the suite's folder
        # (pytest_collect_file), else named, which pytest collects whatever its patterns
        named = {Path(str(arg).partition("::")[0]).resolve() for arg in config.args}
        if not named & {REGRESSIONS, REGRESSIONS.parent}:
            config.args.append(str(REGRESSIONS))


def feature_folders(config: pytest.Config) -> list[Path]:
    """The ``--rulespec-features`` folders (or files), resolved from where pytest was
    started; a usage error naming the folder when one is missing, or the file and the line
    when a feature file in it is not valid Gherkin."""
    from conformance.specification.catalogue import feature_problem

    folders = []
    for given in config.getoption("--rulespec-features", None) or []:
        path = Path(given)
        if not path.is_absolute():
            path = config.invocation_params.dir / path
        if not path.exists():
            raise pytest.UsageError(f"--rulespec-features {given}: no such file or folder")
        problem = feature_problem(path)
        if problem:
            raise pytest.UsageError(f"--rulespec-features {given}: {problem}")
        folders.append(path.resolve())
    return folders


def pytest_collect_file(file_path: Path, parent: pytest.Collector) -> pytest.Module | None:
    """With ``--rulespec-features``, the module binding the folders is collected with the
    suite's folder even where the run's ``python_files`` patterns (a user's project:
    ``test_*.py``) leave ``level_*.py`` out; where they name it, pytest collects it."""
    if file_path != REGRESSIONS or not parent.config.getoption("--rulespec-features", None):
        return None
    patterns = parent.config.getini("python_files")
    if parent.session.isinitpath(file_path) or any(fnmatch.fnmatch(file_path.name, pattern)
                                                   for pattern in patterns):  # fmt: skip
        return None
    return pytest.Module.from_parent(parent, path=file_path)


PLUGIN_LEVELS = ("scenarios", "invariants", "differential", "all")
#: ``[tool.rulespec]`` key -> the plugin option it sets (``rulespec check``'s own keys
#: ``jobs``, ``report``, ``junit`` and ``html`` are pytest's business: ``-n``, ``--junitxml``)
SETTING_OPTIONS: dict[str, tuple[str, ...]] = {  # key -> its option's dest, then its names
    "engine": ("engine", "--engine"),
    "shell": ("engine_shell", "--rulespec-shell", "--engine-shell"),
    "games": ("rulespec_games", "--rulespec-games"),
    "level": ("rulespec_level", "--rulespec-level"),
    "timeout": ("engine_timeout", "--rulespec-timeout", "--engine-timeout"),
    "game_timeout": ("engine_game_timeout", "--rulespec-game-timeout",
                     "--engine-game-timeout"),
    "timeout_multiplier": ("timeout_multiplier", "--rulespec-timeout-multiplier",
                           "--timeout-multiplier"),
    "restarts": ("engine_restarts", "--rulespec-restarts", "--engine-restarts"),
    "memory_mb": ("engine_memory", "--rulespec-memory-mb", "--engine-memory"),
    "cpu_seconds": ("engine_cpu", "--rulespec-cpu-seconds", "--engine-cpu"),
    "examples": ("rulespec_examples", "--rulespec-examples"),
    "budget": ("rulespec_budget", "--rulespec-budget"),
    "emit_dir": ("rulespec_emit_dir", "--rulespec-emit-dir", "--rulespec-emit"),
    "features": ("rulespec_features", "--rulespec-features"),
    "ruleset": ("rulespec_errata", "--rulespec-ruleset", "--rulespec-errata"),
    "expectations": ("rulespec_expectations", "--rulespec-expectations"),
}  # fmt: skip


def _apply_settings(config: pytest.Config) -> None:
    """The project's ``[tool.rulespec]`` (``pyproject.toml``) or ``rulespec.toml``, read
    from the rootdir as ``rulespec check`` reads it from its folder; each key sets the
    option of the same name unless that option is on the command line. A bad file is a
    usage error naming the file, the key and the problem."""
    from conformance.cli import config as settings_file

    try:
        settings = settings_file.load(Path(config.rootpath))
    except settings_file.ConfigError as error:
        raise pytest.UsageError(str(error)) from None
    if settings.source is None:
        return
    config.stash[_SETTINGS_KEY] = settings.source
    given = [str(arg) for arg in config.invocation_params.args]
    for key, value in settings.values.items():
        if key not in SETTING_OPTIONS:
            continue
        dest, *names = SETTING_OPTIONS[key]
        if any(arg == name or arg.startswith(name + "=") for arg in given for name in names):
            continue  # the command line wins
        if key == "games":
            value = ",".join(value)
        elif key == "features":
            base = settings.source.parent
            value = [str((base / folder).resolve()) for folder in value]
        setattr(config.option, dest, value)


_SETTINGS_KEY = pytest.StashKey[Path]()


def pytest_report_header(config: pytest.Config) -> list[str] | None:
    """With the suite on (or ``--engine``): the rulespec version, the settings file, the
    engine under test with its identity, declared games and capabilities. The engine is
    started here (and kept for the tests); one that cannot start is named, and every test
    that needs it then errors."""
    if not _suite_wanted(config) and config.getoption("--engine") is None:
        return None
    from rulespec import __version__

    lines = [f"rulespec {__version__}"]
    source = config.stash.get(_SETTINGS_KEY, None)
    if source is not None:
        lines[0] += f", settings: {source}"
    command = config.getoption("--engine")
    target = command if command is not None else "the reference engines (in-process)"
    cache = config.stash.setdefault(_CLIENT_KEY, {})
    try:
        client = cache.get("client") or _connect(config, cache)
    except Exception as error:  # the tests report it too; the header names it once
        first = (str(error).strip().splitlines() or [type(error).__name__])[0]
        lines.append(f"engine: {target}: cannot start: {first}")
        return lines
    cache["client"] = client
    cache.setdefault("identity", engine_identity(client))
    identity = cache["identity"]
    named = " ".join(str(identity[k]) for k in ("name", "version") if identity.get(k))
    language = f", {identity['language']}" if identity.get("language") else ""
    lines.append(f"engine: {target}" + (f" ({named}{language})" if named else ""))
    games = []
    for game, declared in sorted(client.games.items()):
        low, high = _declared(declared, "min_players"), _declared(declared, "max_players")
        games.append(f"{game} {low}-{high}p" if low is not None and high is not None else game)
    lines.append(f"declared games: {', '.join(games) or 'none'}")
    lines.append(f"capabilities: {', '.join(sorted(client.capabilities)) or 'none declared'}")
    return lines


def _declared(declared: Any, key: str) -> Any:
    if isinstance(declared, Mapping):
        return declared.get(key)
    return getattr(declared, key, None)


def pytest_unconfigure(config: pytest.Config) -> None:
    writers = config.pluginmanager.get_plugin("rulespec-assertion-writers")
    if writers is not None:
        writers.uninstall()
    client = config.stash.get(_CLIENT_KEY, {}).get("client")
    if client is not None:
        client.close()


def item_game(item: pytest.Item) -> str | None:
    """The game a test judges: its ``game`` parameter, ``test_<game>.py``, or, for a
    scenario of a ``--rulespec-features`` folder, the game it plays
    (:func:`regression_game`)."""
    callspec = getattr(item, "callspec", None)
    if callspec is not None and "game" in callspec.params:
        return str(callspec.params["game"])
    name = item.path.stem
    if name == REGRESSIONS.stem:
        if _GAME_KEY not in item.stash:
            item.stash[_GAME_KEY] = regression_game(scenario_of(item))
        return item.stash[_GAME_KEY]
    if not name.startswith("test_"):
        return None
    game = name.removeprefix("test_")  # a binding of another name (test_regression) is none
    return game if _has_catalogue(game) else None


#: the module binding the ``--rulespec-features`` folders
REGRESSIONS = Path(__file__).resolve().parent / "suite" / "level_regressions.py"
_GAME_KEY = pytest.StashKey[str | None]()
#: a step that starts a game (``a new "neom" game ...``, ``a villagers game at step ...``)
GAME_STEP = re.compile(r'^an? (?:new )?"?([a-z][a-z0-9_]*)"? game\b')
#: a whole state in a step's docstring
GAME_FIELD = re.compile(r'"game"\s*:\s*"([a-z][a-z0-9_]*)"')
#: the file names ``check --level differential`` and ``campaign`` write
GAME_FILE = re.compile(r"^(?:differential|campaign)_([a-z][a-z0-9_]*?)[_-]\d+p\b")


def regression_game(scenario: Any) -> str | None:
    """The game of a scenario in a ``--rulespec-features`` folder (written by the
    differential level or a campaign, or by hand): the first step that starts a game or
    loads a whole state, else the file name (``differential_<game>_<n>p.feature``,
    ``campaign_<game>-<n>p-...``), else the feature's title (``... (<game>)``); None when
    none names a game with a catalogue."""
    if scenario is None:
        return None
    for step in scenario.steps:
        for found in (GAME_STEP.match(step.name), GAME_FIELD.search(step.docstring or "")):
            if found and _has_catalogue(found.group(1)):
                return found.group(1)
    named = GAME_FILE.match(Path(scenario.feature.filename).name)
    titled = re.search(r"\(([a-z][a-z0-9_]*)\)\s*$", scenario.feature.name or "")
    for found in (named, titled):
        if found and _has_catalogue(found.group(1)):
            return found.group(1)
    return None


def pytest_bdd_step_func_lookup_error(
    request: pytest.FixtureRequest, feature: Any, scenario: Any, step: Any, exception: Exception
) -> None:
    """A scenario of a ``--rulespec-features`` folder whose game cannot be told has no
    game's steps: say how to tell it, rather than that a step has no definition."""
    if Path(str(request.node.path)).resolve() != REGRESSIONS or regression_game(scenario):
        return
    raise UnknownScenarioGame(
        f'{scenario.feature.filename}: scenario "{scenario.name}": no game is named, so no '
        f'game\'s steps apply (the step "{step.keyword} {step.name}" has none): start it with '
        f'a step that starts a game (Given a new "<game>" game ...) or loads a state whose '
        f'"game" is given, end the feature\'s title with (<game>), or name the file '
        f"differential_<game>_<N>p.feature"
    ) from exception


class UnknownScenarioGame(Exception):
    """A ``--rulespec-features`` scenario names no game (:func:`regression_game`)."""


@functools.cache
def _has_catalogue(game: str) -> bool:
    from rulespec import games

    return games.is_registered(game) and (games.spec_dir(game) / "rules.yaml").is_file()


def pytest_itemcollected(item: pytest.Item) -> None:
    """A scenario that checks a ``load_state`` refusal is marked ``position_validation``
    (before ``-m`` selects: ``-m "not position_validation"`` leaves them out)."""
    scenario = scenario_of(item)
    if scenario is not None and refuses_a_position(scenario):
        item.add_marker(POSITION_VALIDATION)


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    _select(config, items)
    digests = config.getoption("--rulespec-scenario-digests", None)
    if digests:  # what a kill matrix made now records of each scenario it ran
        found = {scenario_key(item.nodeid): scenario_digest(item) for item in items}
        _write_atomically(digests, json.dumps({k: v for k, v in found.items() if v},
                                              ensure_ascii=True))  # fmt: skip
    path = config.getoption("--rulespec-expectations")
    if path:
        from conformance.reports.expectations import load as load_expectations

        expectations = load_expectations(path)
        for item in items:
            scenario = scenario_of(item)
            found = expectations.match(
                item.nodeid, item_game(item), scenario.name if scenario else None, rule_ids(item)
            )
            if found is not None:
                item.add_marker(pytest.mark.xfail(strict=True, reason=found.describe()))


def _player_counts(text: str) -> frozenset[int]:
    """``--rulespec-players 2,3``: the player counts the deep levels play."""
    try:
        counts = frozenset(int(part) for part in text.split(",") if part.strip())
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a comma-separated list of player "
                                         "counts (e.g. 2 or 2,3)") from None  # fmt: skip
    if not counts or min(counts) < 1:
        raise argparse.ArgumentTypeError(f"{text!r}: player counts are whole numbers from 1")
    return counts


def _fits_players(item: pytest.Item, counts: frozenset[int] | None) -> bool:
    """A deep level's configuration (its ``players`` parameter) is one of ``counts``; a
    scenario, whose position fixes its players, always fits."""
    callspec = getattr(item, "callspec", None)
    if counts is None or callspec is None or "players" not in callspec.params:
        return True
    return item.path.stem not in _DEEP_MODULES or callspec.params["players"] in counts


#: the deep levels' modules, whose tests are one configuration (game, player count) each
_DEEP_MODULES = frozenset({"level_invariants", "level_differential"})


def _select(config: pytest.Config, items: list[pytest.Item]) -> None:
    from conformance.rule_selection import selected_rules

    wanted = selected_rules(config.getoption("--rulespec-rule"))
    players = config.getoption("--rulespec-players")
    games = config.getoption("--rulespec-games")
    options = run_options(config)
    errata = {e for e in config.getoption("--rulespec-errata", "").split(",") if e}
    listed = _kept_ids(config)
    keep = [
        item
        for item in items
        if (not wanted or not wanted.isdisjoint(rule_ids(item)))
        and (not games or _outside_games(item) or item_game(item) in games.split(","))
        and _fits_reading(item, options.get(item_game(item) or "", {}))
        and _fits_ruleset(item, errata)
        and (listed is None or item.nodeid in listed)
        and _fits_players(item, players)
    ]
    if len(keep) == len(items):
        return
    kept = set(map(id, keep))
    config.hook.pytest_deselected(items=[item for item in items if id(item) not in kept])
    items[:] = keep


def _kept_ids(config: pytest.Config) -> set[str] | None:
    """The node ids of ``--rulespec-keep FILE`` (None without one)."""
    path = config.getoption("--rulespec-keep")
    if path is None:
        return None
    try:
        text = Path(path).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as error:
        raise pytest.UsageError(f"--rulespec-keep {path}: cannot be read ({error})") from None
    return {line for line in text.splitlines() if line}


def _outside_games(item: pytest.Item) -> bool:
    """A test that judges no game of the suite (an engine author's own test): never
    deselected by ``--rulespec-games``."""
    return item_game(item) not in _suite_games()


@functools.cache
def _suite_games() -> frozenset[str]:
    """The games the suite has scenarios for: the registered games (as
    ``conformance.cli.check.suite_games``, without importing the command line)."""
    from rulespec import games

    return frozenset(games.ids())


def run_options(config: pytest.Config) -> dict[str, dict[str, Any]]:
    """Game id -> options merged under every scenario's own: the ruleset's
    (``--rulespec-ruleset``: the options its errata set, as ``rulespec check --ruleset``
    passes them), then ``--rulespec-options`` over them."""
    text = config.getoption("--rulespec-options", None)
    options = json.loads(text) if text else {}
    if not isinstance(options, dict) or not all(isinstance(v, dict) for v in options.values()):
        raise pytest.UsageError('--rulespec-options: expected {"<game>": {"<option>": value}}')
    ruleset = _ruleset_options(config.getoption("--rulespec-errata", None) or "")
    if not ruleset:
        return options
    return {game: {**ruleset.get(game, {}), **options.get(game, {})}
            for game in {**ruleset, **options}}  # fmt: skip


@functools.cache
def _ruleset_options(errata_ids: str) -> dict[str, dict[str, Any]]:
    """The options the errata ``errata_ids`` (comma-separated) set, by game (``*``, every
    scenario whatever its errata, sets none: the errata impact report passes its options)."""
    ids = [i for i in errata_ids.split(",") if i and i != "*"]
    if not ids:
        return {}
    from conformance.specification import errata
    from rulespec import games

    return errata.check_arguments(errata.rulesets_for(games.ids(), ids))[0]


def tag_value(text: str) -> Any:
    """The value of a ``reading:<option>=<value>`` tag: JSON, else the text itself."""
    try:
        return json.loads(text)
    except json.JSONDecodeError:
        return text


def _fits_reading(item: pytest.Item, options: dict[str, Any]) -> bool:
    """False when the scenario is tagged with another reading of an option of this run."""
    for mark in item.iter_markers("reading"):
        name, _, value = str(mark.args[0]).partition("=")
        if name in options and tag_value(value) != options[name]:
            return False
    return True


def _fits_ruleset(item: pytest.Item, errata: set[str]) -> bool:
    """``@since``/``@until`` against the ruleset's errata; ``*`` runs every scenario."""
    if "*" in errata:
        return True
    since = all(mark.args[0] in errata for mark in item.iter_markers("since"))
    return since and not any(mark.args[0] in errata for mark in item.iter_markers("until"))


#: the rules a deep level's failure is blamed on (on evidence), replacing the test's tags
BLAMED = pytest.StashKey[list[str]]()


def rule_ids(item: pytest.Item) -> list[str]:
    """The rule ids a test's result counts for: its tags, or the rules its failure was
    blamed on (a divergence's primary rule, a broken invariant's own rule)."""
    blamed = item.stash.get(BLAMED, None)
    if blamed is not None:
        return list(blamed)
    return sorted({mark.args[0] for mark in item.iter_markers("rule") if mark.args})


@pytest.hookimpl(tryfirst=True)
def pytest_runtest_setup(item: pytest.Item) -> None:
    """With ``--rulespec-note-options``, each test's record of option reads starts empty."""
    if item.config.getoption("--rulespec-note-options"):
        from reference_impl import option_reads

        option_reads.take()


@pytest.hookimpl(wrapper=True)
def pytest_runtest_call(item: pytest.Item) -> Iterator[None]:
    """A missing capability or an undeclared player count, option or game that a step meets
    is a skip (see :func:`_skip`)."""
    try:
        return (yield)
    except (CapabilityMissing, NotDeclared) as error:
        _skip(item, error)


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo[Any]) -> Iterator[None]:
    outcome = yield
    report = outcome.get_result()
    if report.when == "call" and _FIRED_KEY in item.stash:
        with open(item.config.getoption("--rulespec-fired"), "a", encoding="utf-8") as handle:
            entry = {"test": item.nodeid, "fired": sorted(item.stash[_FIRED_KEY].fired)}
            handle.write(json.dumps(entry) + "\n")
    excinfo = call.excinfo
    # an earlier test's extra reply met in this one: this test is not judged, so its rules
    # are neither charged nor tallied (the message names the test the line follows)
    unjudged = excinfo is not None and excinfo.errisinstance(UnsolicitedLine) and (
        excinfo.value.earlier_test is not None)  # fmt: skip
    places = failure_places(excinfo)
    report.user_properties.append(("rules", [] if unjudged else rule_ids(item)))
    if unjudged:
        report.user_properties.append(("unjudged", True))
    report.user_properties.append(("game", item_game(item)))
    if item.get_closest_marker(POSITION_VALIDATION):
        report.user_properties.append(("concern", POSITION_VALIDATION))
    if report.when == "call" and item.config.getoption("--rulespec-note-options"):
        from reference_impl import option_reads

        report.user_properties.append(("options_read", option_reads.take()))
    cache = item.config.stash.get(_CLIENT_KEY, {})
    if "identity" in cache and not cache.get("identity_sent"):
        cache["identity_sent"] = True  # once per process (per xdist worker)
        report.user_properties.append(("engine", cache["identity"]))
    scenario = scenario_of(item)
    if scenario is not None:
        report.user_properties.append(("scenario", scenario.name))
        report.user_properties.append(("feature", feature_key(scenario.feature, item_game(item))))
        if not unjudged:
            _tally(item, report, places)
    if excinfo is None:
        return
    skipped = item.stash.get(_SKIP_KEY, None)
    if skipped is not None and report.skipped:
        status, reason = skipped
        report.longrepr = (str(item.path), item.location[1] or 0, f"Skipped: {reason}")
        report.user_properties.append(("status", status))
        return
    if excinfo.errisinstance((CapabilityMissing, BudgetExhausted, NotDeclared)):
        report.outcome = "skipped"
        if hasattr(report, "wasxfail"):  # a missing capability is a skip, even if expected
            del report.wasxfail
        reason = getattr(excinfo.value, "reason", None) or str(excinfo.value)
        report.longrepr = (str(item.path), item.location[1] or 0, f"Skipped: {reason}")
    elif (report.failed and (report.when == "call" or excinfo.errisinstance(HarnessError))) or (
        hasattr(report, "wasxfail")
    ):
        # an engine fault outside the call too: a crash or hang the engine fixture
        # recovered from (raised at teardown), an engine that cannot start (at setup)
        _shorten(item, report, excinfo, scenario)
    if excinfo.errisinstance(HarnessError):
        report.user_properties.append(("status", excinfo.value.status))
    position = getattr(excinfo.value, "rulespec_position", None)
    if position is not None:  # a state check failed: the positions to draw
        report.user_properties.append(("positions", position))
    if places:
        report.user_properties.append(("places", places))


#: game -> (rule ids, status, scenario key, places) of each scenario judged in this
#: session: the deep levels corroborate a divergence's blame with them
#: (:func:`scenario_tallies`, :func:`kill_signatures`)
_JUDGED_KEY = pytest.StashKey[dict[str, list[tuple[list[str], str, str, list[str]]]]]()
#: game -> scenario key -> the digest of its steps (:func:`kill_signatures`: a scenario
#: changed since the kill matrix was made is left out of the match)
_DIGESTS_KEY = pytest.StashKey[dict[str, dict[str, str]]]()


def failure_places(excinfo: pytest.ExceptionInfo[BaseException] | None) -> list[str]:
    """Where a scenario's failure shows (the failing check's ``rulespec_places``,
    :func:`conformance.steps.common.fail`): its differing state paths, or the kind of
    action listed wrongly; none for a pass or another failure."""
    if excinfo is None:
        return []
    places = getattr(excinfo.value, "rulespec_places", None)
    return [str(place) for place in places] if isinstance(places, list) else []


def _tally(item: pytest.Item, report: pytest.TestReport, places: list[str]) -> None:
    """Keep a scenario's result for its game (not a position-validation one: a refusal to
    load says nothing of how a rule plays), under its rules and those whose reading it
    names, with the places its failure shows."""
    if report.when != "call" or item.get_closest_marker(POSITION_VALIDATION):
        return
    game = item_game(item)
    if game is not None:
        judged = item.config.stash.setdefault(_JUDGED_KEY, {}).setdefault(game, [])
        expected = hasattr(report, "wasxfail")
        status = "passed" if report.passed and not expected else (
            "failed" if report.failed or expected else "skipped")  # fmt: skip
        readings = [m.args[0] for m in item.iter_markers("reading") if m.args]
        rules = [*rule_ids(item), *_reading_rules(game, readings)]
        judged.append((rules, status, scenario_key(item.nodeid), places))
        digest = scenario_digest(item)
        if digest is not None:
            digests = item.config.stash.setdefault(_DIGESTS_KEY, {}).setdefault(game, {})
            digests[scenario_key(item.nodeid)] = digest


def _reading_rules(game: str, readings: list[str]) -> list[str]:
    """The rules whose ruling a scenario's ``reading:<option>=<value>`` tags name: the
    scenario depends on that reading, so its result corroborates those rules too."""
    if not readings:
        return []
    owners = _option_owners(game)
    return [rule for reading in readings for rule in owners.get(reading.partition("=")[0], ())]


@functools.cache
def _option_owners(game: str) -> dict[str, tuple[str, ...]]:
    from conformance.specification.rulings import options_of

    return {option.name: option.rules for option in options_of(game)}


def scenario_tallies(config: pytest.Config, game: str) -> dict[str, Any]:
    """How each rule's scenarios of ``game`` went in this session (this process), as
    :class:`~conformance.levels.corroboration.ScenarioTally` by rule; empty when none ran."""
    from conformance.levels.corroboration import tally

    judged = config.stash.get(_JUDGED_KEY, {}).get(game, [])
    return tally((rules, status, places) for rules, status, _, places in judged)


def kill_signatures(config: pytest.Config, game: str) -> dict[str, Any]:
    """The rules one of whose mutants in ``game``'s kill matrix fails exactly the scenarios
    of the game that failed in this session (of those judged), as
    :class:`~conformance.levels.kill_signatures.Signature` by rule; empty when the game
    ships no matrix or nothing failed."""
    from conformance.levels.kill_signatures import signatures_for

    judged = config.stash.get(_JUDGED_KEY, {}).get(game, [])
    ran = {key for _, status, key, _ in judged if status != "skipped"}
    failing = {key for _, status, key, _ in judged if status == "failed"}
    digests = config.stash.get(_DIGESTS_KEY, {}).get(game, {})
    return signatures_for(game, failing, ran, digests) if failing else {}


_STEP_KEY = pytest.StashKey[str]()


@pytest.hookimpl(tryfirst=True)
def pytest_bdd_step_error(request: pytest.FixtureRequest, step: Any) -> None:
    """Remember the step a scenario failed in, for its short failure message."""
    request.node.stash[_STEP_KEY] = f"{step.keyword} {step.name}".strip()


def _shorten(item: pytest.Item, report: Any, excinfo: Any, scenario: Any) -> None:
    """A failure's text as people read it: rule ids, scenario and the assertion's own
    expected-versus-actual lines first, then the failing step; the traceback through
    pytest and the steps is dropped. Kept only for an error of the harness itself (an
    exception that is neither an assertion nor an engine fault)."""
    value = excinfo.value
    engine_fault = isinstance(value, HarnessError)
    assertion = isinstance(value, AssertionError) or excinfo.typename == "Failed"
    if not (assertion or engine_fault):
        return  # an internal error of the harness: the traceback is what helps
    text = str(value).strip() or excinfo.exconly().strip()
    lines = [line.rstrip() for line in text.splitlines() if line.strip()]
    headline = next((line.strip() for line in lines if not line.rstrip().endswith(":")),
                    lines[0].strip() if lines else excinfo.typename)  # fmt: skip
    rules = ", ".join(rule_ids(item))
    name = scenario.name if scenario is not None else item.name
    first = " | ".join(part for part in (rules, name, headline[:300]) if part)
    body = [first]
    step = item.stash.get(_STEP_KEY, None)
    if step:
        body.append(f"step: {step}")
    body += lines
    report.longrepr = "\n".join(body)
    if assertion and not engine_fault:
        report.user_properties.append(("status", "failed"))


def result_status(report: pytest.TestReport) -> str:
    """The rulespec status of one test phase report."""
    declared = dict(report.user_properties).get("status")
    if declared in ("skipped", "not run"):
        return str(declared)
    if hasattr(report, "wasxfail"):
        return "expected failure" if report.skipped else "unexpected pass"
    if report.failed and str(report.longrepr).startswith("[XPASS(strict)]"):
        return "unexpected pass"
    if report.skipped:
        return "skipped"
    if report.passed:
        return "passed"
    if declared:
        return str(declared)
    if report.when != "call":
        return "errored"
    longrepr = getattr(report, "longrepr", None)
    crash = getattr(longrepr, "reprcrash", None)
    message = getattr(crash, "message", "") or ""
    if message.startswith(("Failed:", "AssertionError", "assert ")):
        return "failed"
    return "errored"


class ResultRecorder:
    """Writes one JSON line per test as it finishes (flushed), and a footer at the end.

    The footer, ``{"type": "footer", "interrupted", "exitstatus", "results"}``, goes to
    ``FILE.footer`` beside the results (so a reader of result lines sees only results) at
    the end of the session, also when it is stopped by Ctrl-C or SIGTERM (then
    ``interrupted`` is true); a run without one was killed or broke
    (:func:`conformance.reports.model.read_results` tells which). Engine text is made safe
    first (:mod:`conformance.reports.text`), so no engine can make the file unwritable.
    """

    def __init__(self, path: str, engine_info: str | None = None) -> None:
        self.footer_path = path + FOOTER_SUFFIX
        with contextlib.suppress(FileNotFoundError):
            os.remove(self.footer_path)  # a footer of an earlier run must not vouch for this one
        self.handle = open(path, "w", encoding="utf-8")  # noqa: SIM115 - closed at session end
        self.results: dict[str, dict[str, Any]] = {}
        self.written: set[str] = set()
        self.engine_info = engine_info
        self.identity: dict[str, Any] | None = None
        self.interrupted = False

    def pytest_runtest_logreport(self, report: pytest.TestReport) -> None:
        properties = dict(report.user_properties)
        if self.identity is None and properties.get("engine"):
            self.identity = properties["engine"]
            self._write_engine_info()
        entry = self.results.setdefault(
            report.nodeid,
            {
                "test": report.nodeid,
                "game": properties.get("game"),
                "scenario": properties.get("scenario"),
                "feature": properties.get("feature"),
                "rules": properties.get("rules", []),
                "status": "passed",
                "message": "",
                "duration": 0.0,
            },
        )
        if properties.get("concern"):
            entry["concern"] = properties["concern"]
        entry["duration"] += report.duration
        if properties.get("unjudged"):  # an earlier test's fault met here: no rule charged
            entry["rules"] = []
        elif report.when == "call":
            # the deep levels add the rules a divergence fired as markers during the call
            entry["rules"] = sorted(set(entry["rules"]) | set(properties.get("rules", [])))
            if properties.get("stats") is not None:
                entry["stats"] = properties["stats"]
            if properties.get("options_read") is not None:
                entry["options_read"] = properties["options_read"]
        status = result_status(report)
        if status != "passed" and entry["status"] in ("passed", "skipped"):
            entry["status"] = status
            entry["message"] = _message(report)
            if properties.get("positions") is not None:
                entry["positions"] = properties["positions"]
            if properties.get("places"):
                entry["places"] = properties["places"]
        if report.when == "teardown":
            self._write(entry)

    def _write(self, entry: dict[str, Any]) -> None:
        if entry["test"] in self.written:
            return
        self.written.add(entry["test"])
        self.handle.write(_json_line(entry))
        self.handle.flush()

    def _write_engine_info(self) -> None:
        if not self.engine_info or self.identity is None:
            return
        text = json.dumps(sanitised(self.identity), ensure_ascii=False)
        _write_atomically(self.engine_info, text)

    def pytest_keyboard_interrupt(self) -> None:
        self.interrupted = True

    def pytest_sessionfinish(self, exitstatus: int) -> None:
        for entry in self.results.values():  # a test cut short by an interruption
            if entry["test"] not in self.written and entry["status"] == "passed":
                entry["status"] = "not run"  # it never finished: not a pass
                entry["message"] = "interrupted before it finished"
            self._write(entry)
        interrupted = self.interrupted or exitstatus == pytest.ExitCode.INTERRUPTED
        footer = {"type": "footer", "interrupted": interrupted, "exitstatus": int(exitstatus),
                  "results": len(self.written)}  # fmt: skip
        self.handle.close()
        self._write_engine_info()
        _write_atomically(self.footer_path, _json_line(footer))


#: the recorder's footer file is the results file's name plus this
FOOTER_SUFFIX = ".footer"


def _write_atomically(path: str, text: str) -> None:
    partial = f"{path}.partial"
    with open(partial, "w", encoding="utf-8") as handle:
        handle.write(text)
    os.replace(partial, path)


def _json_line(entry: dict[str, Any]) -> str:
    return json.dumps(sanitised(entry), ensure_ascii=False) + "\n"


def _stop_on_signal(signum: int, frame: Any) -> None:
    """SIGTERM (a CI timeout, or ``rulespec check`` stopping its children) ends the run as
    Ctrl-C does: reports of what ran are written. Once: a second SIGTERM or SIGINT (the
    terminal's and ``rulespec check``'s both) is ignored while the run ends in order."""
    signal.signal(signal.SIGTERM, signal.SIG_IGN)
    if signal.getsignal(signal.SIGINT) in (signal.default_int_handler, _stop_on_signal):
        signal.signal(signal.SIGINT, signal.SIG_IGN)
    raise KeyboardInterrupt(f"signal {signum}")


def _message(report: pytest.TestReport) -> str:
    if report.skipped and isinstance(report.longrepr, tuple):
        return str(report.longrepr[2])
    text = getattr(report, "longreprtext", "") or ""
    return text[-4000:]
