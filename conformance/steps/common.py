"""The shared step vocabulary (``features/README.md``). Every step talks to the engine
through :class:`conformance.engine.client.EngineClient` and reads canonical JSON only."""

from __future__ import annotations

import json
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

import pytest
from pytest_bdd import given, parsers, then, when

from conformance.engine import jsonpath
from conformance.engine.client import EngineClient
from conformance.engine.errors import EngineRefused
from conformance.levels.places import action_type, extra_place, missing_place


@dataclass
class ScenarioContext:
    """What a scenario remembers between steps."""

    engine: EngineClient
    game: str | None = None
    rejected: EngineRefused | None = None
    refusal: EngineRefused | None = None  # of the last request step (requested, loaded)
    state_before_refusal: dict[str, Any] | None = None  # when that request had a game to keep
    state_before_rejection: dict[str, Any] | None = None
    applied: list[dict[str, Any]] = field(default_factory=list)
    #: an accepted action the engine had not listed (see :meth:`apply`), told at the next
    #: step that expects it accepted: a step expecting a rejection says that instead
    unlisted: str | None = None
    #: the type of the action rejected or accepted unlisted (the failure's place)
    pending_type: Any = None

    def expect_no_pending_rejection(self) -> None:
        if self.unlisted is not None:
            unlisted, self.unlisted = self.unlisted, None
            fail(unlisted, [missing_place(self.pending_type)], pytrace=False)
        if self.rejected is not None:
            error, self.rejected = self.rejected, None
            fail(f"the engine rejected an action the scenario expected to succeed:\n{error}",
                 [missing_place(self.pending_type)])  # fmt: skip
        if self.refusal is not None:
            refused, self.refusal = self.refusal, None
            pytest.fail(f"the engine refused a request the scenario relies on:\n{refused}")

    def state(self) -> dict[str, Any]:
        return self.engine.state()

    def apply(self, action: dict[str, Any]) -> None:
        """Send ``action``; a refusal is kept for a later step to check. An engine that
        lists its actions must have listed every action it accepts (the protocol's
        ``legal_actions``): a scenario that plays a move checks its listing too, so an
        engine that accepts the move but never offers it fails the scenario's rules."""
        self.expect_no_pending_rejection()
        before = self.engine.state()
        listed = self._listing(before)
        try:
            self.engine.apply(action)
        except EngineRefused as error:
            if error.kind not in ("illegal_action", "malformed"):
                raise
            self.rejected = error
            self.state_before_rejection = before
            self.pending_type = action_type(action)
        else:
            self.applied.append(action)
            if listed is not None and not _offered(action, listed):
                self.pending_type = action_type(action)
                sent = json.dumps(action, ensure_ascii=False)
                self.unlisted = (f"the engine accepted {sent} but listed no such action "
                                 "among its legal actions just before (legal_actions lists "
                                 "every action apply accepts)")  # fmt: skip

    def _listing(self, state: dict[str, Any]) -> list[Any] | None:
        """The legal actions in ``state``, the engine's position now, from an engine that
        declares ``legal_actions``, when a seat is to act (None otherwise: an engine that
        does not list, a refusal to list here, or chance to act, whose outcomes a scenario
        may rig)."""
        if "legal_actions" not in getattr(self.engine, "capabilities", ()):
            return None
        if "chance" in state.get("to_act", ()):
            return None
        try:
            return self.engine.legal_actions()["actions"]
        except EngineRefused:
            return None


def fail(message: str, places: list[str], pytrace: bool = True) -> None:
    """Fail the scenario, the failure carrying its places (``rulespec_places``): where it
    shows, as a divergence of the deep levels would (:func:`missing_place`,
    :func:`extra_place`, a state path); the deep levels weigh a rule whose failing
    scenarios show where a divergence does
    (:func:`conformance.levels.corroboration.corroborate`)."""
    raise failure_at(message, places, pytrace)


def failure_at(message: str, places: list[str], pytrace: bool = True) -> BaseException:
    """The failure :func:`fail` raises, for a step that adds more to it before raising."""
    failure = pytest.fail.Exception(message, pytrace=pytrace)
    failure.rulespec_places = places  # type: ignore[attr-defined]
    return failure


def _offered(action: Any, listed: list[Any]) -> bool:
    """Whether ``action`` is one the listing offers: a listed action it matches
    (:func:`jsonpath.matches`, as "the legal actions include" does) on every field it
    gives, a ``null`` field standing for one left out, as the protocol lets a sender leave
    out what the position decides (NEOM's ``tile``)."""
    if not isinstance(action, dict):
        return True  # not an action the step could send: the schema check says so
    given = {key: value for key, value in action.items() if value is not None}
    left_out = [key for key, value in action.items() if value is None]
    return any(
        jsonpath.matches(entry, given) and all(entry.get(key) is None for key in left_out)
        for entry in listed
    )


class _RunOptions:
    """The engine, with the run's options (``--rulespec-options``, per game) merged under
    the scenario's own in every ``new_game``: how ``check --all-readings`` and
    ``check --ruleset`` reach every scenario, game-specific steps included."""

    def __init__(self, engine: EngineClient, options: dict[str, dict[str, Any]]) -> None:
        self._engine = engine
        self._options = options

    def __getattr__(self, name: str) -> Any:
        return getattr(self._engine, name)

    def new_game(
        self,
        game: str,
        num_players: int,
        options: dict[str, Any] | None = None,
        setup: dict[str, Any] | None = None,
    ) -> dict[str, Any]:
        merged = {**self._options.get(game, {}), **(options or {})}
        return self._engine.new_game(game, num_players, options=merged or None, setup=setup)


@pytest.fixture
def ctx(engine: EngineClient, request: pytest.FixtureRequest) -> Iterator[ScenarioContext]:
    """The scenario's context. A refusal no step looked at fails the scenario: a scenario
    whose last step sends an action the engine refuses has not shown what it meant to."""
    from conformance.plugin import run_options

    options = run_options(request.config)
    context = ScenarioContext(engine=_RunOptions(engine, options) if options else engine)  # type: ignore[arg-type]
    yield context
    if context.unlisted is not None:
        pytest.fail(context.unlisted, pytrace=False)
    if context.rejected is not None:
        pytest.fail(
            "the scenario ended with a refusal no step checked (add `Then the action is "
            f"rejected ...` or `Then the action is refused as malformed`):\n{context.rejected}",
            pytrace=False,
        )
    if context.refusal is not None:
        pytest.fail(
            "the scenario ended with a refused request no step checked (add `Then the "
            f"request is refused as <kind>`):\n{context.refusal}",
            pytrace=False,
        )


def _json(text: str, what: str) -> Any:
    return jsonpath.parse_value(text, what)


def set_in_engine_state(state: Any, path: str, value: Any) -> None:
    """``path = value`` in a state the engine sent; a state without the path is the
    engine's failure, told in one line (not the harness's traceback)."""
    try:
        jsonpath.set_(state, path, value)
    except jsonpath.PathError as error:
        pytest.fail(f"the engine's state has no place for the scenario's edit: {error}",
                    pytrace=False)  # fmt: skip


def _edit_position(ctx: ScenarioContext, assignments: list[tuple[str, Any]]) -> None:
    ctx.expect_no_pending_rejection()
    state = ctx.engine.state()
    for path, value in assignments:
        set_in_engine_state(state, path, value)
    ctx.engine.load_state(state)


# -- Given ------------------------------------------------------------------------------------


@given(parsers.parse('a new "{game}" game with {players:d} players'))
@given(parsers.parse('a new "{game}" game with {players:d} player'))
def new_game(ctx: ScenarioContext, game: str, players: int) -> None:
    ctx.game = game
    ctx.engine.new_game(game, players)


@given(parsers.parse('a new "{game}" game with {players:d} players and options:'))
@given(parsers.parse('a new "{game}" game with {players:d} player and options:'))
def new_game_with_options(ctx: ScenarioContext, game: str, players: int, docstring: str) -> None:
    ctx.game = game
    ctx.engine.new_game(game, players, options=_json(docstring, "options"))


@given(parsers.parse('a new "{game}" game with {players:d} players and setup:'))
@given(parsers.parse('a new "{game}" game with {players:d} player and setup:'))
def new_game_with_setup(ctx: ScenarioContext, game: str, players: int, docstring: str) -> None:
    spec = _json(docstring, "setup")
    unknown = set(spec) - {"options", "setup"}
    if unknown:
        raise ValueError(f"setup block: unknown keys {sorted(unknown)} (use options, setup)")
    ctx.game = game
    ctx.engine.new_game(game, players, options=spec.get("options"), setup=spec.get("setup"))


@given("the position:")
def given_position(ctx: ScenarioContext, docstring: str) -> None:
    _edit_position(ctx, jsonpath.parse_assignments(docstring))


@given(parsers.re(r'"(?P<path>[^"]+)" is (?P<value>.+)'))
def given_path_is(ctx: ScenarioContext, path: str, value: str) -> None:
    _edit_position(ctx, [(path, _json(value, path))])


@given("the state:")
def given_state(ctx: ScenarioContext, docstring: str) -> None:
    state = _json(docstring, "state")
    ctx.game = state.get("game")
    ctx.engine.load_state(state)


@given("these actions are applied:")
def given_actions(ctx: ScenarioContext, docstring: str) -> None:
    for action in _json(docstring, "actions"):
        ctx.apply(action)
        ctx.expect_no_pending_rejection()


# -- When -------------------------------------------------------------------------------------


@when(parsers.parse("player {seat:d} plays:"))
def player_plays(ctx: ScenarioContext, seat: int, docstring: str) -> None:
    ctx.apply({**_json(docstring, "action"), "actor": seat})


@when("chance reveals:")
def chance_reveals(ctx: ScenarioContext, docstring: str) -> None:
    ctx.apply({**_json(docstring, "chance action"), "actor": "chance"})


@when("the action is applied:")
def action_applied(ctx: ScenarioContext, docstring: str) -> None:
    ctx.apply(_json(docstring, "action"))


@when("these actions are applied:")
def actions_applied(ctx: ScenarioContext, docstring: str) -> None:
    for action in _json(docstring, "actions"):
        ctx.apply(action)
        if ctx.rejected is not None:
            return


@when(parsers.parse('a new "{game}" game with {players:d} players is requested'))
@when(parsers.parse('a new "{game}" game with {players:d} player is requested'))
def new_game_requested(ctx: ScenarioContext, game: str, players: int) -> None:
    """Ask for a game that the rules may forbid; a refusal is kept for the next step."""
    ctx.game = game
    ctx.state_before_refusal = None
    try:
        ctx.engine.new_game(game, players)
    except EngineRefused as error:
        ctx.refusal = error
    else:
        ctx.refusal = None


@when(parsers.parse('a new "{game}" game with {players:d} players and options is requested:'))
def new_game_with_options_requested(
    ctx: ScenarioContext, game: str, players: int, docstring: str
) -> None:
    ctx.game = game
    ctx.state_before_refusal = None
    try:
        ctx.engine.new_game(game, players, options=_json(docstring, "options"))
    except EngineRefused as error:
        ctx.refusal = error
    else:
        ctx.refusal = None


@when(parsers.parse('a new "{game}" game with {players:d} players and setup is requested:'))
@when(parsers.parse('a new "{game}" game with {players:d} player and setup is requested:'))
def new_game_with_setup_requested(
    ctx: ScenarioContext, game: str, players: int, docstring: str
) -> None:
    """Ask for a game with a setup the rules may forbid (``{"options", "setup"}``, as the
    ``and setup:`` Given step); a refusal is kept for the next step."""
    spec = _json(docstring, "setup")
    unknown = set(spec) - {"options", "setup"}
    if unknown:
        raise ValueError(f"setup block: unknown keys {sorted(unknown)} (use options, setup)")
    ctx.game = game
    ctx.state_before_refusal = None
    try:
        ctx.engine.new_game(game, players, options=spec.get("options"), setup=spec.get("setup"))
    except EngineRefused as error:
        ctx.refusal = error
    else:
        ctx.refusal = None


def _load_requested(ctx: ScenarioContext, state: dict[str, Any]) -> None:
    """Send a position that the rules may forbid; a refusal is kept for the next step,
    with the state it must leave untouched."""
    try:
        before = ctx.engine.state()
    except EngineRefused:
        before = None  # no game yet: nothing to keep
    ctx.state_before_refusal = before
    try:
        ctx.engine.load_state(state)
    except EngineRefused as error:
        ctx.refusal = error
    else:
        ctx.refusal = None


@when("the position is loaded:")
def position_loaded(ctx: ScenarioContext, docstring: str) -> None:
    """The current state with these ``path = value`` edits, sent with ``load_state``."""
    ctx.expect_no_pending_rejection()
    state = ctx.engine.state()
    for path, value in jsonpath.parse_assignments(docstring):
        set_in_engine_state(state, path, value)
    _load_requested(ctx, state)


@when("the state is loaded:")
def state_loaded(ctx: ScenarioContext, docstring: str) -> None:
    """A whole canonical state, sent with ``load_state``."""
    ctx.expect_no_pending_rejection()
    _load_requested(ctx, _json(docstring, "state"))


# -- Then -------------------------------------------------------------------------------------


@then(parsers.parse("the request is refused as {kind}"))
def request_refused(ctx: ScenarioContext, kind: str) -> None:
    """The last request step (a new game, a loaded position) was refused with this error
    kind (``unsupported``, ``malformed``), and a game the engine held is unchanged."""
    refusal, ctx.refusal = ctx.refusal, None  # looked at
    if refusal is None:
        pytest.fail(f"the engine accepted a request the rulebook forbids (expected {kind})")
    if refusal.kind != kind:
        pytest.fail(f"refused as {refusal.kind!r}, expected {kind!r}: {refusal.message_text}")
    if ctx.state_before_refusal is not None and ctx.engine.state() != ctx.state_before_refusal:
        pytest.fail("the engine refused the request but changed the state (DESIGN 6)")


def _check_assignments(
    document: Any,
    assignments: list[tuple[str, Any]],
    what: str,
    position: ScenarioContext | None = None,
    place: str = "",
) -> None:
    """Fail naming every path whose value is not the rulebook's, at those paths (its
    places, each after ``place``: ``outcome:`` for the outcome's). With ``position`` (the
    document is the canonical state), the failure carries the actual position, the
    expected one (the actual with the rulebook's values put in) and the differing paths,
    so reports can draw both (:mod:`conformance.render`)."""
    mismatches = []
    differs: list[tuple[str, Any]] = []
    for path, expected in assignments:
        try:
            actual = jsonpath.get(document, path)
        except jsonpath.PathError as error:
            mismatches.append(str(error))
            differs.append((path, expected))
            continue
        if actual != expected:
            mismatches.append(
                f"{path}: expected {json.dumps(expected, ensure_ascii=False)}, "
                f"got {json.dumps(actual, ensure_ascii=False)}"
            )
            differs.append((path, expected))
    if mismatches:
        failure = failure_at(f"{what} differs from the rulebook:\n  " + "\n  ".join(mismatches),
                             [place + path for path, _ in differs])  # fmt: skip
        if position is not None:
            failure.rulespec_position = _failed_position(document, differs, position)  # type: ignore[attr-defined]
        raise failure


def _failed_position(
    document: Any, differs: list[tuple[str, Any]], ctx: ScenarioContext
) -> dict[str, Any]:
    expected = json.loads(json.dumps(document))
    for path, value in differs:
        try:
            jsonpath.set_(expected, path, value)
        except (jsonpath.PathError, TypeError, ValueError):
            continue  # a path the engine's state lacks: listed as differing, not drawn
    return {
        "actual": document,
        "expected": expected,
        "differs": [path for path, _ in differs],
        "action": ctx.applied[-1] if ctx.applied else None,
    }


@then(parsers.re(r'"(?P<path>[^"]+)" is (?P<value>.+)'))
def then_path_is(ctx: ScenarioContext, path: str, value: str) -> None:
    ctx.expect_no_pending_rejection()
    _check_assignments(ctx.state(), [(path, _json(value, path))], "the state", ctx)


@then("the position has:")
def then_position_has(ctx: ScenarioContext, docstring: str) -> None:
    ctx.expect_no_pending_rejection()
    _check_assignments(ctx.state(), jsonpath.parse_assignments(docstring), "the state", ctx)


@then(parsers.parse("the view of player {seat:d} has:"))
def then_view_has(ctx: ScenarioContext, seat: int, docstring: str) -> None:
    """What ``seat`` may see (hidden information replaced as the game's schema says)."""
    ctx.expect_no_pending_rejection()
    view = ctx.engine.state(view=seat)
    _check_assignments(view, jsonpath.parse_assignments(docstring), f"player {seat}'s view",
                       place="view:")  # fmt: skip


@then("the outcome has:")
def then_outcome_has(ctx: ScenarioContext, docstring: str) -> None:
    ctx.expect_no_pending_rejection()
    _check_assignments(ctx.engine.outcome(), jsonpath.parse_assignments(docstring), "the outcome",
                       place="outcome:")  # fmt: skip


def _take_rejection(ctx: ScenarioContext, kind: str = "illegal_action") -> EngineRefused:
    ctx.unlisted = None  # accepting the action at all is the failure told here
    if ctx.rejected is None:
        last = ctx.applied[-1] if ctx.applied else None
        fail("the engine accepted an action the rulebook forbids", [extra_place(action_type(last))])
    error, ctx.rejected = ctx.rejected, None
    if error.kind != kind:
        pytest.fail(f"refused as {error.kind!r}, expected {kind!r}: {error.message_text}")
    after = ctx.engine.state()
    if after != ctx.state_before_rejection:
        pytest.fail("the engine rejected the action but changed the state (DESIGN 6)")
    return error


@then(parsers.parse('the action is rejected citing rule "{rule}"'))
def then_rejected_citing(ctx: ScenarioContext, rule: str) -> None:
    error = _take_rejection(ctx)
    if error.rule != rule:
        pytest.fail(f"rejected citing {error.rule!r}, expected {rule!r}: {error.message_text}")


@then("the action is rejected")
def then_rejected(ctx: ScenarioContext) -> None:
    _take_rejection(ctx)


@then("the action is refused as malformed")
def then_refused_malformed(ctx: ScenarioContext) -> None:
    """The action has not the shape the game's action schema gives it (``malformed``, not
    ``illegal_action``), and the state is unchanged."""
    _take_rejection(ctx, "malformed")


def _legal(ctx: ScenarioContext) -> list[dict[str, Any]]:
    ctx.expect_no_pending_rejection()
    return ctx.engine.legal_actions()["actions"]


@then("the legal actions include:")
def then_legal_include(ctx: ScenarioContext, docstring: str) -> None:
    pattern = _json(docstring, "action")
    actions = _legal(ctx)
    if not any(jsonpath.matches(action, pattern) for action in actions):
        shown = "\n  ".join(json.dumps(a, ensure_ascii=False) for a in actions[:30])
        fail(f"no legal action matches {json.dumps(pattern)}; legal actions:\n  {shown}",
             [missing_place(action_type(pattern))])  # fmt: skip


@then("the legal actions do not include:")
def then_legal_exclude(ctx: ScenarioContext, docstring: str) -> None:
    pattern = _json(docstring, "action")
    found = [a for a in _legal(ctx) if jsonpath.matches(a, pattern)]
    if found:
        fail(f"legal actions include forbidden {json.dumps(found[0], ensure_ascii=False)}",
             [extra_place(action_type(found[0]))])  # fmt: skip


def _canonical(value: Any) -> str:
    return json.dumps(value, sort_keys=True, ensure_ascii=False)


@then("the legal actions are exactly:")
def then_legal_exactly(ctx: ScenarioContext, docstring: str) -> None:
    wanted = _json(docstring, "actions")
    listed = _legal(ctx)
    expected = sorted(_canonical(a) for a in wanted)
    actual = sorted(_canonical(a) for a in listed)
    if expected != actual:
        missing = sorted(set(expected) - set(actual))
        extra = sorted(set(actual) - set(expected))
        places = [missing_place(action_type(a)) for a in wanted if _canonical(a) in missing]
        places += [extra_place(action_type(a)) for a in listed if _canonical(a) in extra]
        fail(f"legal actions differ\n  missing: {missing}\n  unexpected: {extra}",
             list(dict.fromkeys(places)))  # fmt: skip


@then("the chance outcomes are:")
def then_chance_outcomes(ctx: ScenarioContext, docstring: str) -> None:
    ctx.expect_no_pending_rejection()
    ctx.engine.require("chance")
    expected = _json(docstring, "chance outcomes")
    outcomes = ctx.engine.legal_actions().get("chance", [])
    if len(outcomes) != len(expected):
        pytest.fail(f"expected {len(expected)} chance outcomes, engine lists {len(outcomes)}")
    for item in expected:
        hits = [o for o in outcomes if jsonpath.matches(o["action"], item["action"])]
        if not hits:
            pytest.fail(f"no chance outcome matches {json.dumps(item['action'])}")
        if hits[0]["probability"] != item["probability"]:
            pytest.fail(
                f"{json.dumps(item['action'])}: probability {hits[0]['probability']}, "
                f"expected {item['probability']}"
            )


@then("the game is over")
def then_game_over(ctx: ScenarioContext) -> None:
    ctx.expect_no_pending_rejection()
    state = ctx.state()
    if state["terminal"] is not True or state["to_act"] != []:
        pytest.fail(f"the game is not over: to_act={state['to_act']}")
