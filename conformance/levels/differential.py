"""Differential play (level L3): a candidate engine and the reference in lockstep.

Both start the same game; at every step their legal action sets (and chance
probabilities) and, after every action, their canonical states are compared (equal
values first, the field-by-field diff only when they differ). Decisions are drawn from
the reference's legal sets by a chooser (seeded, or rule-guided through
:class:`~conformance.levels.guide.RuleGuide`); a divergence names its step, the first
differing field or action, and the rules the reference fired at that step, shrinks to a
short action trace (:func:`shrink`, within a time budget), and :func:`divergence_feature`
writes it out as a ready-to-run Gherkin scenario tagged with those rules.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable
from dataclasses import dataclass, field
from fractions import Fraction
from pathlib import Path
from typing import Any

from hypothesis import strategies as st

from conformance.engine.client import EngineClient
from conformance.engine.errors import EngineRefused, ProtocolViolation
from conformance.levels.attribution import Attribution, attribute
from conformance.levels.campaign import GameCut, shrink_choices
from conformance.levels.guide import RuleGuide
from conformance.levels.places import normalised_path
from conformance.levels.progress import Progress
from rulespec.protocol import wire_copy

MAX_DIFFERENCES = 12
#: characters of a differing value the console shows
SHOWN_CHARACTERS = 240


@dataclass
class Divergence(AssertionError):
    """The candidate differs from the reference after ``actions``."""

    game: str
    num_players: int
    options: dict[str, Any]
    actions: list[dict[str, Any]]
    kind: str  # "start", "legal", "chance", "refused", "state", "outcome"
    detail: str
    rules: list[str] = field(default_factory=list)
    expected: dict[str, Any] = field(default_factory=dict)
    legal_missing: list[dict[str, Any]] = field(default_factory=list)
    legal_extra: list[dict[str, Any]] = field(default_factory=list)
    #: the first differing field (state, outcome), action (legal, refused) or outcome key
    first: str = ""
    #: every differing path (state, start, outcome), and the first one's two values
    differing: list[str] = field(default_factory=list)
    values: tuple[Any, Any] | None = None
    #: every differing path with the candidate's value there (state, start, outcome): what
    #: :mod:`~conformance.levels.reproduction` asks a mutant of the reference to do
    observed: list[tuple[str, Any]] = field(default_factory=list)
    #: the rules the reference fired at the divergent step, and the candidate's (None: it
    #: does not declare ``fired``)
    reference_fired: list[str] = field(default_factory=list)
    candidate_fired: list[str] | None = None
    #: the candidate's refusal ({"kind", "rule"}) of the reference's action, or of an
    #: action it does not list
    candidate_refusal: dict[str, Any] | None = None
    #: the loaded position the game started from (None: a new game)
    seed_state: dict[str, Any] | None = None
    expected_outcome: dict[str, Any] = field(default_factory=dict)
    actual_outcome: dict[str, Any] = field(default_factory=dict)
    #: the evidence (:func:`~conformance.levels.attribution.attribute`), once blamed
    blame: Attribution | None = None

    @property
    def step(self) -> int:
        """The step the divergence shows at: the number of actions applied (0: the start)."""
        return len(self.actions)

    def blamed(self) -> Attribution:
        """The rules this divergence is blamed on (worked out once, on evidence)."""
        if self.blame is None:
            self.blame = attribute(self)
            self.rules = self.blame.rules
        return self.blame

    def where(self) -> tuple[str, str]:
        """The kind and where it shows: the first differing path (seats and indexes as
        ``*``), or the kind of action left out, listed wrongly or refused."""
        if self.kind in ("legal", "refused"):
            shown = (self.legal_missing or self.legal_extra or self.actions[-1:] or [{}])[0]
            side = "refused" if self.kind == "refused" else (
                "missing" if self.legal_missing else "extra")  # fmt: skip
            return self.kind, f"{side}:{shown.get('type')}"
        return self.kind, normalised_path(self.first)

    def identity(self) -> tuple[str, str, str | None]:
        """What makes two divergences the same failure: :meth:`where`, and the primary rule."""
        return (*self.where(), self.blamed().primary)

    def attribution(self) -> dict[str, Any]:
        """Step, kind, first difference, the action, and the rules blamed (with evidence)."""
        found = {"step": self.step, "kind": self.kind, "first": self.first,
                 "rules": self.blamed().rules, "blame": self.blamed().to_json()}  # fmt: skip
        if self.actions:
            found["action"] = self.actions[-1]
        if self.values is not None:  # a side without the field is "<absent>", as shown
            found["reference"], found["candidate"] = (
                repr(v) if isinstance(v, _Missing) else v for v in self.values
            )
        return found

    def headline(self) -> str:
        """The step, the action, the first differing path and both values, in one line."""
        action = json.dumps(self.actions[-1], ensure_ascii=False) if self.actions else "the start"
        text = f"step {self.step} ({action}): {self.kind} differs at {self.first or '?'}"
        if self.values is not None:
            reference, candidate = (shown(v, 120) for v in self.values)
            text += f": reference {reference}, candidate {candidate}"
        return text

    def summary(self) -> str:
        """What diverged, where, on whose evidence, and the differences (no trace)."""
        start = " from a loaded position" if self.seed_state is not None else ""
        options = f", options {json.dumps(self.options)}" if self.options else ""
        return (
            f"{self.game} ({self.num_players} players{start}{options}): candidate diverges "
            f"from the reference ({self.kind}) after {len(self.actions)} actions\n"
            f"{self.headline()}\n{self.blamed().describe()}\n{self.detail}"
        )

    def __str__(self) -> str:
        steps = "\n".join(
            f"  {i + 1}. {json.dumps(a, ensure_ascii=False)}" for i, a in enumerate(self.actions)
        )
        return f"{self.summary()}\ntrace:\n{steps}"


def differences(expected: Any, actual: Any, path: str = "") -> list[tuple[str, Any, Any]]:
    """Leaf paths where two JSON values differ (dotted, as in the step vocabulary)."""
    if isinstance(expected, dict) and isinstance(actual, dict):
        found = []
        for key in sorted(set(expected) | set(actual), key=str):
            sub = f"{path}.{key}" if path else str(key)
            found += differences(expected.get(key, _MISSING), actual.get(key, _MISSING), sub)
        return found
    if isinstance(expected, list) and isinstance(actual, list) and len(expected) == len(actual):
        found = []
        for index, (left, right) in enumerate(zip(expected, actual, strict=True)):
            found += differences(left, right, f"{path}.{index}" if path else str(index))
        return found
    return [] if expected == actual else [(path, expected, actual)]


class _Missing:
    def __repr__(self) -> str:
        return "<absent>"


_MISSING = _Missing()


def _key(action: dict[str, Any]) -> str:
    return json.dumps(action, sort_keys=True, ensure_ascii=False)


def shown(value: Any, limit: int = SHOWN_CHARACTERS) -> str:
    """A value as JSON for the console, cut at ``limit`` characters with how long it was (a
    whole deck of cards differing would fill a screen; the written scenario keeps it all)."""
    text = json.dumps(value, default=repr, ensure_ascii=False)
    return text if len(text) <= limit else f"{text[:limit]}… ({len(text):,} characters)"


def _describe(
    diffs: list[tuple[str, Any, Any]], sides: tuple[str, str] = ("reference", "candidate")
) -> str:
    lines = [
        f"  {path}: {sides[0]} {shown(exp)}, {sides[1]} {shown(act)}"
        for path, exp, act in diffs[:MAX_DIFFERENCES]
    ]
    if len(diffs) > MAX_DIFFERENCES:
        lines.append(f"  ... and {len(diffs) - MAX_DIFFERENCES} more differences")
    return "\n".join(lines)


Chooser = Callable[[int], int]


def hypothesis_chooser(data: st.DataObject) -> Chooser:
    """Choices drawn by hypothesis (so failures are reproducible from its database)."""
    return lambda count: data.draw(st.integers(0, count - 1), label="action index")


def lockstep(
    candidate: EngineClient,
    reference: EngineClient,
    game: str,
    num_players: int,
    options: dict[str, Any] | None,
    choose: Chooser,
    step_bound: int = 100_000,
    choices: list[int] | None = None,
    guide: RuleGuide | None = None,
    stop_after: int | None = None,
    *,
    seed_state: dict[str, Any] | None = None,
    chance_by_probability: bool = False,
    compared: set[str] | None = None,
) -> int:
    """Play one whole game in lockstep; raise :class:`Divergence` at the first difference.

    ``choose(n)`` picks the index of the next action among the reference's ``n`` legal
    actions (through ``guide.choose`` when a guide is given, which calls it on uniform
    steps); the picks are appended to ``choices`` when it is given. With
    ``chance_by_probability`` a chance outcome is drawn with its stated probability
    (``choose(CHANCE_RESOLUTION)`` picks the point), never by the guide. With ``stop_after``
    the game ends, with no divergence, once that many actions are applied and the legal
    actions after them agree (a shrinking attempt gains nothing from a longer trace). A game
    still going after ``step_bound`` actions ends with :class:`GameCut` (a partial game, not
    a divergence). ``seed_state`` starts both engines from a loaded position (a scenario's)
    instead of a new game.

    The reference chooses every action. What the candidate declares decides what else is
    compared: its legal sets (``legal_actions``), its chance listings (``chance``), its
    states after every action (always: in the ``apply`` reply when it declares
    ``apply_state``, else by a ``state`` request; its listings come in the ``apply`` reply
    too when it declares ``apply_listing``), its outcome (``outcome``); ``compared``
    receives the names of the comparisons made. A candidate that refuses an action the
    reference chose diverges (``refused``).

    The reference's step replies are lent, not copied (:meth:`EngineClient.lending`): the
    candidate's reply text is compared with theirs, and what a divergence keeps is copied.
    """
    lists = "legal_actions" in candidate.capabilities
    with (
        candidate.applying_with_state(listing=lists),
        reference.applying_with_state(listing=True),
        reference.lending(),
    ):
        return _lockstep(candidate, reference, game, num_players, options or {}, choose,
                         step_bound, choices, guide, stop_after, seed_state,
                         chance_by_probability, compared)  # fmt: skip


def _lockstep(
    candidate: EngineClient,
    reference: EngineClient,
    game: str,
    num_players: int,
    options: dict[str, Any],
    choose: Chooser,
    step_bound: int,
    choices: list[int] | None,
    guide: RuleGuide | None,
    stop_after: int | None,
    seed_state: dict[str, Any] | None,
    chance_by_probability: bool,
    compared: set[str] | None,
) -> int:
    """:func:`lockstep`'s game, every ``apply`` returning the state after it (and the
    legal actions after it, from an engine that declares ``apply_listing``)."""
    actions: list[dict[str, Any]] = []
    fired: list[str] = []
    candidate_fired: list[str] | None = None
    capabilities = candidate.capabilities
    lists = "legal_actions" in capabilities
    lists_chance = lists and "chance" in capabilities
    reports_fired = "fired" in capabilities
    made = compared if compared is not None else set()
    made.add("states")

    def diverge(kind: str, detail: str, first: str, **extra: Any) -> Divergence:
        return Divergence(game, num_players, options, list(actions), kind, detail,
                          first=first, reference_fired=list(fired),
                          candidate_fired=candidate_fired, seed_state=seed_state,
                          **extra)  # fmt: skip

    def compare(expected: Any, actual: Any, kind: str, **extra: Any) -> None:
        if expected == actual:  # the fast path: no field-by-field walk
            return
        diffs = differences(wire_copy(expected), actual)  # the reference's reply was lent
        if diffs and kind in ("start", "state"):  # its scenario will ask `state`: the same?
            command = ("apply" if kind == "state" else
                       "new_game" if seed_state is None else "load_state")  # fmt: skip
            _reply_is_the_state(candidate, actual, command)
        if diffs:
            raise diverge(kind, _describe(diffs), diffs[0][0], expected=dict(_flat(diffs)),
                          differing=[path for path, _, _ in diffs],
                          values=(diffs[0][1], diffs[0][2]),
                          observed=[(path, act) for path, _, act in diffs], **extra)  # fmt: skip

    if guide is not None:
        guide.start(game, num_players, options, reports_reference=True, state=seed_state)
    if seed_state is not None:
        expected_state = reference.load_state(seed_state)
        actual_state = candidate.load_state(seed_state)
    else:
        expected_state = reference.new_game(game, num_players, options or None)
        actual_state = candidate.new_game(game, num_players, options or None)
    compare(expected_state, actual_state, "start")
    reply: dict[str, Any] = {}  # the reference's last apply result
    answer: dict[str, Any] = {}  # the candidate's
    for _ in range(step_bound):
        if expected_state["terminal"]:
            break
        # the listings the last apply replies carried (capability apply_listing), else asked
        ref_listing = reply.get("legal_actions")
        listing_text = None  # its text, when asked on its own (else in the apply reply's)
        if ref_listing is None:
            ref_listing = reference.legal_actions()
            listing_text = reference.result_text
        legal = ref_listing["actions"]
        if not legal:  # a made-up position (a scenario's) with no way on: nothing to compare
            raise GameCut(len(actions))
        chance_turn = "chance" in ref_listing["to_act"]
        if lists:
            made.add("legal sets")
            cand_listing = answer.get("legal_actions")
            replied = cand_listing is not None
            if cand_listing is None:
                candidate.expect("legal_actions", ref_listing, listing_text)
                cand_listing = candidate.legal_actions()
            if legal is not cand_listing["actions"] and legal != cand_listing["actions"]:
                _compare_legal(wire_copy(legal), cand_listing["actions"], diverge, candidate,
                               replied)  # fmt: skip
            if chance_turn and lists_chance:
                made.add("chance listings")
                _compare_chance(ref_listing, cand_listing, diverge)
        if stop_after is not None and len(actions) >= stop_after:
            return len(actions)
        if chance_turn and chance_by_probability:
            index = _weighted(ref_listing.get("chance") or [], choose(CHANCE_RESOLUTION))
        elif guide is not None:
            index = guide.choose(legal, choose)
        else:
            index = choose(len(legal))
        if choices is not None:
            choices.append(index)
        listed = legal[index]
        action = wire_copy(listed)  # kept: the listing was lent
        reply = reference.apply(action)
        fired = list(reply.get("fired", []))
        if guide is not None:
            guide.observe(listed, fired)  # the object its trial played (it checks identity)
        actions.append(action)
        candidate.expect("apply", reply, reference.result_text)
        try:
            answer = candidate.apply(action)
        except EngineRefused as refused:
            after = reference.state()
            raise diverge(
                "refused",
                f"  the candidate refused it: {refused}",
                f"action {json.dumps(action, ensure_ascii=False)} refused",
                expected={"to_act": after["to_act"], "terminal": after["terminal"]},
                candidate_refusal={"kind": refused.kind, "rule": refused.rule},
            ) from None
        if reports_fired:
            candidate_fired = [r for r in answer.get("fired", []) if isinstance(r, str)]
        expected_state = reply["state"]
        if answer["state"] is not expected_state:  # the same text as the reference's: equal
            compare(expected_state, answer["state"], "state")
    else:
        if not expected_state["terminal"]:
            raise GameCut(len(actions))
    if "outcome" in capabilities:
        made.add("outcome")
        expected_outcome = reference.outcome()
        actual_outcome = candidate.outcome()
        picked = ({k: expected_outcome.get(k) for k in ("scores", "winners")},
                  {k: actual_outcome.get(k) for k in ("scores", "winners")})  # fmt: skip
        given = defined_values(game, actual_outcome.get("details"))
        if given:  # the details every engine's outcome means alike, where it gives them
            theirs = defined_values(game, expected_outcome.get("details"))
            picked[0]["details"] = {path: theirs.get(path, _MISSING) for path in given}
            picked[1]["details"] = given
        compare(*picked, "outcome", expected_outcome=expected_outcome,
                actual_outcome=actual_outcome)  # fmt: skip
    return len(actions)


def _reply_is_the_state(candidate: EngineClient, replied: Any, command: str) -> None:
    """The protocol's contract that a reply's ``state`` is the engine's state: what
    ``state`` returns right after it must be the same. Lockstep compares the replies, the
    scenario it writes for a divergence asks ``state``: an engine answering the two from
    different code (a new game's reply built before its setup finished) would pass the
    scenario written from its own divergence. Asked when a reply's state differs from the
    reference's, before that is reported as a divergence."""
    asked = candidate.state()
    if asked is replied or asked == replied:
        return
    diffs = differences(replied, asked)  # read only: the text of the error
    raise ProtocolViolation(f"the state the engine's {command} reply carried and the state "
                            f"`state` returned right after it differ:\n"
                            f"{_describe(diffs, ('the reply', '`state`'))}",
                            candidate.stderr_tail())  # fmt: skip


def defined_details(game: str) -> tuple[str, ...]:
    """The outcome ``details`` fields the game defines for every engine
    (:attr:`rulespec.games.GameUnit.outcome_details`); none for an unregistered game."""
    from rulespec import games

    return games.unit(game).outcome_details if games.is_registered(game) else ()


def defined_values(game: str, details: Any) -> dict[str, Any]:
    """The values of ``details`` at the game's defined paths (``breakdown.*.money``: ``*``
    is each entry of a list), by concrete path (``breakdown.0.money``); a path the details
    do not have is left out."""
    found: dict[str, Any] = {}

    def walk(value: Any, parts: list[str], where: list[str]) -> None:
        if not parts:
            found[".".join(where)] = value
        elif parts[0] == "*" and isinstance(value, list):
            for index, item in enumerate(value):
                walk(item, parts[1:], [*where, str(index)])
        elif isinstance(value, dict) and parts[0] in value:
            walk(value[parts[0]], parts[1:], [*where, parts[0]])

    for path in defined_details(game):
        walk(details, path.split("."), [])
    return found


#: the points a chance draw by probability picks from (``choose(CHANCE_RESOLUTION)``)
CHANCE_RESOLUTION = 1 << 30


def _weighted(outcomes: list[dict[str, Any]], point: int) -> int:
    """The index of the chance outcome that ``point`` (of ``CHANCE_RESOLUTION``) falls in,
    exactly. The probabilities are the reference's checked ``"n/d"`` (or ``"1"``) texts:
    over one denominator (the usual listing) the running sum is compared in integers,
    ``point / R < sum / d`` being ``point * d < sum * R``, for a tenth of the Fractions'
    cost (a Villagers draw lists about 27); other listings sum Fractions."""
    parts = [outcome["probability"].partition("/") for outcome in outcomes]
    if len({denominator for _, _, denominator in parts}) == 1:
        target = point * int(parts[0][2] or 1)
        cumulative = 0
        for index, (numerator, _, _) in enumerate(parts):
            cumulative += int(numerator)
            if target < cumulative * CHANCE_RESOLUTION:
                return index
        return max(0, len(outcomes) - 1)
    at = Fraction(point, CHANCE_RESOLUTION)
    cumulative = Fraction(0)
    for index, outcome in enumerate(outcomes):
        cumulative += Fraction(outcome["probability"])
        if at < cumulative:
            return index
    return max(0, len(outcomes) - 1)


def _compare_chance(
    ref_listing: dict[str, Any], cand_listing: dict[str, Any], diverge: Callable[..., Any]
) -> None:
    if ref_listing.get("chance") == cand_listing.get("chance"):
        return
    ref_p = {_key(o["action"]): o["probability"] for o in ref_listing.get("chance", [])}
    cand_p = {_key(o["action"]): o["probability"] for o in cand_listing.get("chance", [])}
    if ref_p != cand_p:
        wrong = [k for k in ref_p if ref_p[k] != cand_p.get(k)][:5]
        shown = "; ".join(f"{k}: reference {ref_p[k]}, candidate {cand_p.get(k)}"
                          for k in wrong)  # fmt: skip
        raise diverge("chance", f"  probabilities differ for: {shown}",
                      f"probability of {wrong[0] if wrong else '?'}")  # fmt: skip


def _compare_legal(
    reference: list[dict[str, Any]],
    candidate: list[dict[str, Any]],
    diverge: Callable[..., Any],
    engine: EngineClient | None = None,
    replied: bool = False,
) -> None:
    """Raise when the two legal action lists differ as sets (their order is free).

    A listing an apply reply carried (``replied``, capability ``apply_listing``) is first
    checked against a ``legal_actions`` request (the scenario a divergence is written as
    asks that): a different set is a protocol error. An action the candidate leaves out is
    then offered to it (``engine``): the rule its refusal cites is evidence of the rule it
    applies wrongly (the game ends at this divergence, so the candidate's state no longer
    matters)."""
    ref_keys = {_key(a): a for a in reference}
    cand_keys = {_key(a): a for a in candidate}
    if ref_keys.keys() == cand_keys.keys():
        return
    if replied and engine is not None:
        asked = {_key(a): a for a in engine.legal_actions()["actions"]}
        if asked.keys() != cand_keys.keys():
            only = [json.dumps(cand_keys.get(k) or asked[k], ensure_ascii=False)
                    for k in sorted(asked.keys() ^ cand_keys.keys())[:3]]  # fmt: skip
            raise ProtocolViolation(
                "the legal actions the engine's apply reply carried and the legal_actions "
                f"request right after it differ, in {', '.join(only)}",
                engine.stderr_tail(),
            )
    missing = [ref_keys[k] for k in sorted(ref_keys.keys() - cand_keys.keys())]
    extra = [cand_keys[k] for k in sorted(cand_keys.keys() - ref_keys.keys())]
    first = (
        f"legal action missing: {json.dumps(missing[0], ensure_ascii=False)}"
        if missing
        else f"action not legal in the reference: {json.dumps(extra[0], ensure_ascii=False)}"
    )
    refusal = None
    if missing and engine is not None:
        try:
            engine.apply(missing[0])
        except EngineRefused as refused:
            refusal = {"kind": refused.kind, "rule": refused.rule}
    raise diverge(
        "legal",
        f"  legal actions missing from the candidate: {len(missing)}, "
        f"not legal in the reference: {len(extra)}\n"
        + "".join(f"  missing: {json.dumps(a, ensure_ascii=False)}\n" for a in missing[:5])
        + "".join(f"  extra:   {json.dumps(a, ensure_ascii=False)}\n" for a in extra[:5]),
        first,
        legal_missing=missing,
        legal_extra=extra,
        candidate_refusal=refusal,
    )


def _flat(diffs: list[tuple[str, Any, Any]]) -> list[tuple[str, Any]]:
    return [(path, exp) for path, exp, _ in diffs if not isinstance(exp, _Missing)]


def divergence_feature(divergence: Divergence, fallback_rule: str) -> str:
    """A ready-to-run Gherkin scenario reproducing the divergence against the reference,
    tagged with the primary rule it is blamed on (the ranked alternatives and the evidence
    are its comments): run again, a failure counts against that rule only, as the
    differential level counted it."""
    blame = divergence.blamed()
    rules = blame.rules[:1] or [fallback_rule]
    identity = [divergence.game, divergence.num_players, divergence.options,
                divergence.actions, divergence.kind, divergence.seed_state]  # fmt: skip
    digest = hashlib.sha1(json.dumps(identity, sort_keys=True).encode()).hexdigest()[:10]
    tags = " ".join(f"@{r}" for r in rules)
    plural = "player" if divergence.num_players == 1 else "players"
    evidence = [f"  # {_comment(line)}" for line in blame.describe().splitlines()]
    lines = [
        f"Feature: Differential regression {digest} ({divergence.game})",
        "  # Written by rulespec's differential play: the shrunk trace where a candidate",
        "  # engine diverged from the reference. Expected values are the reference's.",
        f"  # {_comment(divergence.headline())}",
        *evidence,
        "",
        f"  {tags}",
        f"  Scenario: Differential divergence {digest} ({divergence.kind})",
    ]
    if divergence.seed_state is not None:
        lines.append("    Given the state:")
        lines += _docstring(divergence.seed_state)
    elif divergence.options:
        lines.append(
            f'    Given a new "{divergence.game}" game with {divergence.num_players} {plural} '
            "and options:"
        )
        lines += _docstring(divergence.options)
    else:
        lines.append(
            f'    Given a new "{divergence.game}" game with {divergence.num_players} {plural}'
        )
    *prefix, last = divergence.actions or [None]
    if divergence.kind == "legal":
        if divergence.actions:
            lines.append("    And these actions are applied:")
            lines += _docstring(divergence.actions)
        for missing in divergence.legal_missing[:3]:
            lines.append("    Then the legal actions include:")
            lines += _docstring(missing)
        for extra in divergence.legal_extra[:3]:
            lines.append("    Then the legal actions do not include:")
            lines += _docstring(extra)
        return "\n".join(lines) + "\n"
    if prefix:
        lines.append("    And these actions are applied:")
        lines += _docstring(prefix)
    if last is not None:
        lines.append("    When the action is applied:")
        lines += _docstring(last)
    expected = divergence.expected
    if expected:
        lines.append("    Then the position has:" if divergence.kind != "outcome"
                     else "    Then the outcome has:")  # fmt: skip
        lines.append('      """')
        for path, value in sorted(expected.items())[:MAX_DIFFERENCES]:
            lines.append(f"      {path} = {json.dumps(value, ensure_ascii=False)}")
        lines.append('      """')
    else:
        lines.append('    Then "terminal" is ' + json.dumps(last is None))
    return "\n".join(lines) + "\n"


def _comment(text: str) -> str:
    """One line of a Gherkin comment (no line breaks, nothing that reads as a docstring)."""
    return " ".join(text.split()).replace('"""', "'''")


def _docstring(value: Any) -> list[str]:
    """A JSON docstring; a list of actions is written one compact action per line."""
    if isinstance(value, list):
        items = [json.dumps(item, ensure_ascii=False) for item in value]
        body = ["[", *(f"  {item}{',' if i < len(items) - 1 else ''}"
                       for i, item in enumerate(items)), "]"]  # fmt: skip
    else:
        body = [json.dumps(value, ensure_ascii=False)]
    return ['      """', *(f"      {line}" for line in body), '      """']


def replay_chooser(prefix: list[int]) -> Chooser:
    """Replays ``prefix`` (indexes clamped to the legal count), then always picks 0."""
    position = iter(prefix)
    return lambda count: min(next(position, 0), count - 1)


def shrink(
    candidate: EngineClient,
    reference: EngineClient,
    found: Divergence,
    choices: list[int],
    seconds: float = 30.0,
    progress: Progress | None = None,
    report: dict[str, Any] | None = None,
    *,
    chance_by_probability: bool = False,
) -> Divergence:
    """Make a divergent trace smaller within a time budget (greedy, deterministic).

    Every attempt is a real lockstep replay of a choice list (see
    :func:`~conformance.levels.campaign.shrink_choices`), so the result is a divergence the
    candidate really shows; when the budget runs out the shortest found so far is returned.
    A smaller trace is kept only when it shows the same failure (:meth:`Divergence.identity`:
    same kind, same first differing path, same primary rule); another divergence met on the
    way is not substituted but listed in ``report["others"]`` (one line each, by identity).
    ``report``, when given, receives what the shrinking did (attempts, seconds, complete).
    """
    wanted = found.identity()
    others: dict[tuple[str, str, str | None], str] = {}

    def attempt(prefix: list[int], longest: int) -> tuple[Divergence, list[int]] | None:
        taken: list[int] = []
        try:
            lockstep(candidate, reference, found.game, found.num_players, found.options,
                     replay_chooser(prefix), choices=taken, stop_after=longest,
                     seed_state=found.seed_state,
                     chance_by_probability=chance_by_probability)  # fmt: skip
        except Divergence as divergence:
            if divergence.where() == wanted[:2] and divergence.identity() == wanted:
                return divergence, taken
            others.setdefault(divergence.identity(), divergence.headline())
        except GameCut:
            pass
        return None

    result = shrink_choices(attempt, found, choices, lambda d: len(d.actions), seconds, progress)
    if report is not None:
        report.update(result.to_json(len(found.actions)))
        if others:
            report["others"] = [f"{kind} at {where} (blamed on {rule or 'no rule'}): {line}"
                                for (kind, where, rule), line in others.items()]  # fmt: skip
    return result.failure


def write_feature(divergence: Divergence, directory: Path, fallback_rule: str) -> Path:
    """Write (overwrite) the scenario for this game and player count; returns the path."""
    directory.mkdir(parents=True, exist_ok=True)
    path = directory / f"differential_{divergence.game}_{divergence.num_players}p.feature"
    path.write_text(divergence_feature(divergence, fallback_rule), encoding="utf-8")
    return path
