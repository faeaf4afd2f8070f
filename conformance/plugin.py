"""pytest plugin: the engine under test, rule-id tags as markers, and per-rule results.

Loaded by ``-p conformance.plugin`` (see ``pyproject.toml``). Options:

- ``--engine CMD``: run every scenario against this command over the protocol
  (default: the reference engines in-process);
- ``--engine-timeout S``: seconds per request for a subprocess engine;
- ``--engine-shell``: run CMD through the shell (default: no shell);
- ``--rulespec-report FILE``: write one JSON line per test (rule ids, status, message);
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
  as fired by its ``apply`` requests (the errata impact report).
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from typing import Any

import pytest
from pytest_bdd.scenario import scenario_wrapper_template_registry

from conformance.engine.client import DEFAULT_TIMEOUT, EngineClient, Limits, connect
from conformance.engine.errors import BudgetExhausted, CapabilityMissing, HarnessError

RULE_TAG = re.compile(r"^[A-Z]{2,4}(-[A-Z0-9]+)+$")
READING_TAG = re.compile(r"^reading:[a-z][a-z0-9_]*=.+$")
ERRATUM_TAG = re.compile(r"^(since|until):[a-z0-9][a-z0-9_.-]*$")


def pytest_addoption(parser: pytest.Parser) -> None:
    group = parser.getgroup("rulespec")
    group.addoption("--engine", default=None, help="engine command (default: the reference)")
    group.addoption("--engine-timeout", type=float, default=DEFAULT_TIMEOUT)
    group.addoption("--engine-shell", action="store_true", help="run the command via a shell")
    group.addoption("--engine-game-timeout", type=float, default=300.0, help="seconds per game")
    group.addoption("--timeout-multiplier", type=float, default=1.0, help="scale every timeout")
    group.addoption("--engine-restarts", type=int, default=3, help="restart budget per run")
    group.addoption("--engine-memory", type=int, default=None, help="memory limit (MB)")
    group.addoption("--engine-cpu", type=int, default=None, help="CPU-time limit (s)")
    group.addoption("--rulespec-report", default=None, help="JSON-lines result file")
    group.addoption(
        "--rulespec-examples", type=int, default=2, help="random whole games per configuration"
    )
    group.addoption("--rulespec-emit", default=None, help="where differential play writes")
    group.addoption(
        "--rulespec-shrink-seconds", type=float, default=60.0, help="shrinking budget per failure"
    )
    group.addoption("--rulespec-games", default=None, help="comma-separated games to keep")
    group.addoption("--rulespec-rule", default=None, help="run only the tests that pin this rule")
    group.addoption("--rulespec-engine-info", default=None, help="write the engine identity here")
    group.addoption("--rulespec-expectations", default=None, help="known failures (TOML)")
    group.addoption("--rulespec-options", default=None, help="JSON options per game id")
    group.addoption("--rulespec-errata", default="", help="errata of the ruleset (comma list)")
    group.addoption("--rulespec-fired", default=None, help="write each test's fired rule ids")
    group.addoption(
        "--rulespec-positions", default=None, help="write each scenario's positions (JSON lines)"
    )


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
        client = _connect(config, cache)
        cache["client"] = client
        cache.setdefault("identity", engine_identity(client))
    incidents = list(getattr(client, "incidents", []))
    if config.getoption("--rulespec-fired", None):
        recorder = FiredRecorder(client)
        request.node.stash[_FIRED_KEY] = recorder
        yield recorder  # type: ignore[misc]
    else:
        yield client
    recovered = getattr(client, "incidents", [])[len(incidents) :]
    if recovered:
        # The engine was restarted and the game rebuilt so the run could go on; the test
        # it happened in still reports the crash or hang.
        cache["recoveries"] = cache.get("recoveries", 0) + len(recovered)
        raise recovered[-1]


class FiredRecorder:
    """The engine, remembering the rule ids every ``apply`` reply says fired."""

    def __init__(self, client: EngineClient) -> None:
        self._client = client
        self.fired: set[str] = set()

    def __getattr__(self, name: str) -> Any:
        return getattr(self._client, name)

    def apply(self, action: dict[str, Any]) -> dict[str, Any]:
        reply = self._client.apply(action)
        self.fired.update(reply.get("fired") or [])
        return reply


_FIRED_KEY = pytest.StashKey[FiredRecorder]()


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
        return connect(None)
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


def _is_dead(client: EngineClient) -> bool:
    process = getattr(client, "process", None)
    return process is not None and process.poll() is not None


_CLIENT_KEY = pytest.StashKey[dict[str, Any]]()


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line("markers", "since(erratum): runs only when the ruleset has it")
    config.addinivalue_line("markers", "until(erratum): runs only when the ruleset lacks it")
    path = config.getoption("--rulespec-report", default=None)
    if path:
        config.pluginmanager.register(
            ResultRecorder(path, config.getoption("--rulespec-engine-info", default=None)),
            "rulespec-recorder",
        )
    positions = config.getoption("--rulespec-positions", default=None)
    if positions:
        from conformance.render.positions import PositionRecorder

        config.pluginmanager.register(PositionRecorder(positions), "rulespec-positions")


def pytest_unconfigure(config: pytest.Config) -> None:
    client = config.stash.get(_CLIENT_KEY, {}).get("client")
    if client is not None:
        client.close()


def item_game(item: pytest.Item) -> str | None:
    """The game a test judges: its ``game`` parameter, or ``test_<game>.py``."""
    callspec = getattr(item, "callspec", None)
    if callspec is not None and "game" in callspec.params:
        return str(callspec.params["game"])
    name = item.path.stem
    return name.removeprefix("test_") if name.startswith("test_") else None


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    _select(config, items)
    path = config.getoption("--rulespec-expectations")
    if path:
        from conformance.reports.expectations import load as load_expectations

        expectations = load_expectations(path)
        for item in items:
            scenario = scenario_wrapper_template_registry.get(getattr(item, "obj", None))
            found = expectations.match(
                item.nodeid, item_game(item), scenario.name if scenario else None, rule_ids(item)
            )
            if found is not None:
                item.add_marker(pytest.mark.xfail(strict=True, reason=found.describe()))


def _select(config: pytest.Config, items: list[pytest.Item]) -> None:
    wanted = config.getoption("--rulespec-rule")
    games = config.getoption("--rulespec-games")
    options = run_options(config)
    errata = {e for e in config.getoption("--rulespec-errata", "").split(",") if e}
    keep = [
        item
        for item in items
        if (not wanted or wanted in rule_ids(item))
        and (not games or item_game(item) in games.split(","))
        and _fits_reading(item, options.get(item_game(item) or "", {}))
        and _fits_ruleset(item, errata)
    ]
    if len(keep) == len(items):
        return
    config.hook.pytest_deselected(items=[item for item in items if item not in keep])
    items[:] = keep


def run_options(config: pytest.Config) -> dict[str, dict[str, Any]]:
    """``--rulespec-options``: game id -> options merged under every scenario's own."""
    text = config.getoption("--rulespec-options", None)
    if not text:
        return {}
    options = json.loads(text)
    if not isinstance(options, dict) or not all(isinstance(v, dict) for v in options.values()):
        raise pytest.UsageError('--rulespec-options: expected {"<game>": {"<option>": value}}')
    return options


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


def rule_ids(item: pytest.Item) -> list[str]:
    return sorted({mark.args[0] for mark in item.iter_markers("rule") if mark.args})


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo[Any]) -> Iterator[None]:
    outcome = yield
    report = outcome.get_result()
    if report.when == "call" and _FIRED_KEY in item.stash:
        with open(item.config.getoption("--rulespec-fired"), "a", encoding="utf-8") as handle:
            entry = {"test": item.nodeid, "fired": sorted(item.stash[_FIRED_KEY].fired)}
            handle.write(json.dumps(entry) + "\n")
    report.user_properties.append(("rules", rule_ids(item)))
    report.user_properties.append(("game", item_game(item)))
    cache = item.config.stash.get(_CLIENT_KEY, {})
    if "identity" in cache and not cache.get("identity_sent"):
        cache["identity_sent"] = True  # once per process (per xdist worker)
        report.user_properties.append(("engine", cache["identity"]))
    scenario = scenario_wrapper_template_registry.get(getattr(item, "obj", None))
    if scenario is not None:
        report.user_properties.append(("scenario", scenario.name))
        report.user_properties.append(("feature", str(scenario.feature.rel_filename)))
    excinfo = call.excinfo
    if excinfo is None:
        return
    if excinfo.errisinstance((CapabilityMissing, BudgetExhausted)):
        report.outcome = "skipped"
        if hasattr(report, "wasxfail"):  # a missing capability is a skip, even if expected
            del report.wasxfail
        report.longrepr = (str(item.path), item.location[1] or 0, f"Skipped: {excinfo.value}")
    if excinfo.errisinstance(HarnessError):
        report.user_properties.append(("status", excinfo.value.status))
    position = getattr(excinfo.value, "rulespec_position", None)
    if position is not None:  # a state check failed: the positions to draw
        report.user_properties.append(("positions", position))


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
    """Writes one JSON line per test: id, rule ids, status and the failure text."""

    def __init__(self, path: str, engine_info: str | None = None) -> None:
        self.handle = open(path, "w", encoding="utf-8")  # noqa: SIM115 - closed at session end
        self.results: dict[str, dict[str, Any]] = {}
        self.engine_info = engine_info
        self.identity: dict[str, Any] | None = None

    def pytest_runtest_logreport(self, report: pytest.TestReport) -> None:
        properties = dict(report.user_properties)
        if self.identity is None and properties.get("engine"):
            self.identity = properties["engine"]
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
        entry["duration"] += report.duration
        status = result_status(report)
        if status != "passed" and entry["status"] in ("passed", "skipped"):
            entry["status"] = status
            entry["message"] = _message(report)
            if properties.get("positions") is not None:
                entry["positions"] = properties["positions"]

    def pytest_sessionfinish(self) -> None:
        for entry in self.results.values():
            self.handle.write(json.dumps(entry, ensure_ascii=False) + "\n")
        self.handle.close()
        if self.engine_info and self.identity is not None:
            with open(self.engine_info, "w", encoding="utf-8") as handle:
                json.dump(self.identity, handle, ensure_ascii=False)


def _message(report: pytest.TestReport) -> str:
    if report.skipped and isinstance(report.longrepr, tuple):
        return str(report.longrepr[2])
    text = getattr(report, "longreprtext", "") or ""
    return text[-4000:]
