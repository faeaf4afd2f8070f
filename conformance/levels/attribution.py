"""Blame a divergence on evidence: which rule's effect differs, not what fired nearby.

A divergence between a candidate engine and the reference shows at one step: the states
were equal after the step before, so the difference was made by what the reference (or the
candidate) did in that step. :func:`attribute` replays the divergent trace on the reference
in this process and asks, by kind of divergence:

- ``state`` (and ``start``): which lines of the reference wrote the differing paths during
  the step (a line tracer watching just those paths), and which rule those lines implement
  (:mod:`conformance.levels.rule_sites`: the rule ids written in the function around the
  line, or its callers'); where the reference wrote none of them (the candidate changed a
  field the reference left alone), the rules the reference fired at the step whose
  catalogue text names the field, then any catalogue rule that does;
- ``legal``: an action the candidate lists and the reference does not is applied to the
  reference, whose refusal names the rule; an action the candidate leaves out was offered
  to the candidate (by :func:`~conformance.levels.differential.lockstep`), whose refusal
  names the rule it applies; at a chance point the rules the reference's code names in
  dealing chance's outcomes (a shuffle, a deck's make-up) come first;
- ``refused``: the rule the candidate's refusal cites, else the rules the action fires;
- ``chance``: the rules the chance outcome fires;
- ``outcome``: the rules whose code computes the outcome; where the scores differ, not
  those the catalogue marks ``result_from_scores`` (who wins, tie-breaks, a solo rank: they
  change no score), and where only the winners differ, only those.

The candidate's own ``fired`` list, when it declares one, adds the rules it reported and
the reference did not (or the other way round) as further evidence. The result is one
primary rule with its evidence, a short ranked list behind it, and the other rules the
reference fired at the step as context.
"""

from __future__ import annotations

import json
import re
import sys
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from types import FrameType
from typing import Any

from conformance.levels.places import divergence_places
from reference_impl.core import EngineError, GameState

#: ranked rules kept behind the primary one
RANKED = 3
#: differing paths watched while the reference replays the step
WATCHED = 6
#: rules whose code computed a value written to a differing path, kept as evidence
PROVIDERS = 8
#: steps the reference plays on by itself to find the next write of a path it left alone
CONTINUATION = 40


@dataclass(frozen=True)
class Blame:
    """One rule and the evidence that ties the divergence to it."""

    rule: str
    evidence: str
    #: a refusal names the rule (the reference refusing what the candidate lists, the
    #: candidate refusing what the reference plays or lists): evidence tied to one rule
    cited: bool = False
    #: the evidence ties the rule to the differing part itself (its code wrote the differing
    #: path or computed the value written there, the outcome's part it scores, a refusal):
    #: stronger than a rule that merely fired, or was applied, at the step
    direct: bool = True


@dataclass
class Attribution:
    """The rules a divergence is blamed on, best first, and the rules around it."""

    ranked: list[Blame] = field(default_factory=list)
    #: the other rules the reference fired at the step (not blamed)
    context: list[str] = field(default_factory=list)
    #: every rule whose code the reference ran to make the step's differing part (the
    #: candidates :func:`corroborate` may bring forward)
    applied: list[str] = field(default_factory=list)
    #: every rule with evidence, best first (``ranked`` keeps the first few)
    evidence: list[Blame] = field(default_factory=list)
    #: what corroboration weighed, per candidate rule: its evidence's rank and kind and how
    #: its own scenarios went (:func:`~conformance.levels.corroboration.corroborate`)
    considered: list[dict[str, Any]] = field(default_factory=list, compare=False)
    #: rule -> the reference's mutants that do what the candidate did at the step
    #: (:func:`~conformance.levels.reproduction.reproduce`), once tried
    reproduced: dict[str, Any] = field(default_factory=dict, compare=False)
    #: how the trials went (tried, selected, complete, problem), once tried
    trials: dict[str, Any] = field(default_factory=dict, compare=False)
    #: where the divergence shows (:func:`~conformance.levels.places.divergence_places`):
    #: a rule whose own failing scenarios show there is corroborated first
    places: list[str] = field(default_factory=list, compare=False)

    @property
    def primary(self) -> str | None:
        return self.ranked[0].rule if self.ranked else None

    @property
    def rules(self) -> list[str]:
        return [blame.rule for blame in self.ranked]

    def to_json(self) -> dict[str, Any]:
        return {
            "primary": self.primary,
            "ranked": [
                {"rule": b.rule, "evidence": b.evidence, "cited": b.cited, "direct": b.direct}
                for b in self.ranked
            ],
            "context": self.context,
            "applied": self.applied,
            "considered": self.considered,
            "reproduced": [r.to_json() for r in self.reproduced.values()],
            "trials": self.trials,
            "places": self.places,
        }

    def describe(self) -> str:
        if not self.ranked:
            return "no rule could be blamed on evidence"
        lines = [f"blamed on {self.ranked[0].rule}: {self.ranked[0].evidence}"]
        lines += [f"  also possible: {b.rule}: {b.evidence}" for b in self.ranked[1:]]
        if self.context:
            lines.append(f"  other rules the reference fired at that step: "
                         f"{', '.join(self.context)}")  # fmt: skip
        where = "at that step"
        if self.trials.get("reused"):  # another configuration's trials (TrialsDone)
            where = f"for the same failure in {self.trials['reused']} (not tried again)"
        if self.trials and not self.trials.get("tried"):
            lines.append(f"  one-token changes of the reference not tried {where}: "
                         f"{self.trials.get('problem') or 'none ran'}")  # fmt: skip
        elif self.trials.get("tried"):
            lines.append(self._tried("one-token changes of the reference", where, "", "tried",
                                     "complete"))  # fmt: skip
        if self.trials.get("data_tried"):
            lines.append(self._tried("one-value changes of the component data", where, "data_",
                                     "data_tried", "data_complete"))  # fmt: skip
        return "\n".join(lines)

    def _tried(self, what: str, where: str, prefix: str, tried: str, complete: str) -> str:
        """How many trials of one kind ran (``prefix``: the reproduction counts' prefix,
        ``tried`` and ``complete``: the trials' keys) and how many did the candidate's."""
        exact = sum(getattr(r, prefix + "exact") for r in self.reproduced.values())
        partly = sum(getattr(r, prefix + "partly") for r in self.reproduced.values())
        cut = "" if self.trials.get(complete, True) else " (time ran out before the rest)"
        return (f"  {what} tried {where}: {self.trials[tried]}{cut}; {exact} did exactly what "
                f"the candidate did, {partly} part of it")  # fmt: skip


def value_at(state: Any, path: str) -> Any:
    """The value at a dotted path of a JSON value (``_ABSENT`` where there is none): the
    step vocabulary's own lookup (:func:`conformance.engine.jsonpath.get`)."""
    from conformance.engine.jsonpath import PathError, get

    try:
        return get(state, path) if path else state
    except PathError:
        return _ABSENT


class _Absent:
    def __repr__(self) -> str:
        return "<absent>"


_ABSENT = _Absent()


# -- replaying the reference ----------------------------------------------------------------


def _definition(divergence: Any) -> Any:
    """The reference's definition of the divergent game (its ``GameDefinition``)."""
    from reference_impl import registry

    return registry.get_game(divergence.game)


def _make_start(divergence: Any) -> GameState:
    """The reference's position as the divergent game begins: the scenario's position loaded,
    else a new game."""
    definition = _definition(divergence)
    seed = getattr(divergence, "seed_state", None)
    if seed is not None:
        return definition.load(seed)
    return definition.new_game(divergence.num_players, divergence.options or None)


def reference_before(divergence: Any) -> tuple[GameState, list[str]] | None:
    """The reference's state before the divergent step's action, and the catalogue's ids."""
    from conformance.specification.catalogue import rule_ids

    try:
        state = _make_start(divergence)
        for action in divergence.actions[:-1]:
            state.apply(action)
    except (EngineError, KeyError, ValueError, TypeError):
        return None
    return state, list(rule_ids(divergence.game))


class PathWatcher:
    """Runs a call on the reference with a line tracer that notes, for each watched path of
    the canonical state, the code locations (innermost first) of every line that changed it."""

    def __init__(self, state: GameState, paths: Iterable[str], scope: str | None = None) -> None:
        self.state = state
        self.paths = list(paths)
        self.writes: list[tuple[str, list[tuple[str, int]]]] = []
        #: per write (same index as ``writes``), the functions that ran while the writing
        #: line was evaluated, innermost call order: the code that computed the value
        self.providers: list[list[tuple[str, int]]] = []
        self._values: tuple[Any, ...] = ()
        self._last_line: dict[int, int] = {}
        self._calls: list[tuple[str, int]] = []  # (file, line) of every call and line run
        self._line_start: dict[int, int] = {}  # frame -> len(_calls) when its line began
        self._owner: dict[int, tuple[str, int]] = {}  # index in _calls -> its function
        from conformance.levels.rule_sites import engine_folder

        #: the traced code (the game's engine package's folder)
        self._scope = scope or engine_folder(state)

    def _current(self) -> tuple[Any, ...]:
        """The watched paths' values now. The export must leave the state as it was: an
        engine may memoise what it derives (Gnomeville's ``to_act``, kept until the next
        ``apply``), and a memo taken half-way through a change would outlive the change;
        so the state's attributes are bound back to what they were before the export."""
        attributes = getattr(self.state, "__dict__", None)
        before = dict(attributes) if attributes is not None else {}
        try:
            canonical = self.state.to_canonical()
        except Exception:  # a state half-way through a change may not export
            return self._values
        finally:
            if attributes is not None:
                attributes.clear()
                attributes.update(before)
        return tuple(json.dumps(value_at(canonical, p), sort_keys=True, default=repr)
                     for p in self.paths)  # fmt: skip

    def _stack(self, frame: FrameType | None, line: int) -> list[tuple[str, int]]:
        """The traced code's locations, innermost first, the innermost at ``line`` (the line
        that just ran, where the frame has moved on)."""
        stack = _scope_stack(frame, self._scope)
        if stack:
            stack[0] = (stack[0][0], line)
        return stack

    def _check(self, frame: FrameType, line: int) -> None:
        now = self._current()
        if now != self._values:
            stack = self._stack(frame, line)
            start = self._line_start.get(id(frame), len(self._calls))
            ran = self._calls[start:] + self._sources(frame, line, start)
            for index, (old, new) in enumerate(zip(self._values, now, strict=True)):
                if old != new:
                    self.writes.append((self.paths[index], stack))
                    self.providers.append(list(ran))
            self._values = now

    def _sources(self, frame: FrameType, line: int, before: int) -> list[tuple[str, int]]:
        """The lines run earlier in the step that assigned what the writing line reads (an
        attribute of any object, or a local of the same function), the latest first: where
        the value written was computed when it was kept in a field or variable first."""
        from conformance.levels import rule_sites

        filename = frame.f_code.co_filename
        reads, _ = rule_sites.data_flow(filename, line)
        if not reads:
            return []
        function = (frame.f_code.co_filename, frame.f_code.co_firstlineno)
        found = []
        for at in range(before - 2, -1, -1):
            where, other = self._calls[at]
            _, writes = rule_sites.data_flow(where, other)
            shared = reads & writes
            local = where == filename and self._owner.get(at) == function
            if any(name.startswith(".") or local for name in shared):
                found.append((where, other))
                found += self._ran_during(at, before - 1)
        return found

    def _ran_during(self, at: int, end: int) -> list[tuple[str, int]]:
        """The calls and lines run while the line at index ``at`` of ``_calls`` was evaluated
        (up to its frame's next line): the code that computed the value it assigned."""
        owner = self._owner.get(at)
        ran = []
        for index in range(at + 1, end):
            if self._owner.get(index) == owner:
                break
            ran.append(self._calls[index])
        return ran

    def _local(self, frame: FrameType, event: str, arg: Any) -> Any:
        key = id(frame)
        if event == "line":
            previous = self._last_line.get(key)
            if previous is not None:
                self._check(frame, previous)
            self._owner[len(self._calls)] = (frame.f_code.co_filename,
                                             frame.f_code.co_firstlineno)  # fmt: skip
            self._calls.append((frame.f_code.co_filename, frame.f_lineno))
            self._line_start[key] = len(self._calls)
            self._last_line[key] = frame.f_lineno
        elif event == "return":
            self._check(frame, self._last_line.pop(key, frame.f_lineno))
            self._line_start.pop(key, None)
        return self._local

    def _global(self, frame: FrameType, event: str, arg: Any) -> Any:
        if event == "call" and frame.f_code.co_filename.startswith(self._scope):
            self._calls.append((frame.f_code.co_filename, frame.f_code.co_firstlineno))
            return self._local
        return None

    def run(self, call: Callable[[], Any]) -> Any:
        self._values = self._current()
        previous = sys.gettrace()
        sys.settrace(self._global)
        try:
            return call()
        finally:
            sys.settrace(previous)


# -- blaming ----------------------------------------------------------------------------------


def attribute(divergence: Any) -> Attribution:
    """The rules ``divergence`` (a :class:`~conformance.levels.differential.Divergence`) is
    blamed on, with the evidence; empty when the reference cannot replay its trace."""
    from conformance.levels import rule_sites
    from reference_impl.components import entry_rules

    replayed = reference_before(divergence)
    if replayed is None:
        return Attribution(places=divergence_places(divergence))
    state, catalogue_ids = replayed
    known = set(catalogue_ids)
    action = divergence.actions[-1] if divergence.actions else None
    applied = _rules_applied(divergence.kind, state.clone(), action, known)
    fired = [r for r in dict.fromkeys(getattr(divergence, "reference_fired", [])) if r in known]
    ranked: list[Blame] = []
    kind = divergence.kind
    if kind == "start" and action is None:  # the position the game begins from differs
        ranked += _start_blame(divergence, known)
        applied = rule_sites.rules_run(lambda: _make_start(divergence), known, checks=True,
                                       scope=rule_sites.engine_folder(state))  # fmt: skip
        fired = fired or applied  # nothing reports what a new game fires: what its code ran
    elif kind in ("state", "start"):
        ranked += _state_blame(divergence, state, action, known)
    elif kind == "legal":
        ranked += _legal_blame(divergence, state, known)
    elif kind == "refused":
        ranked += _refusal_blame(divergence, known)
    elif kind == "outcome":
        ranked += _outcome_blame(divergence, state, known)
    ranked += _fired_difference(divergence, known)
    if kind in ("state", "start", "outcome", "refused", "chance"):
        ranked += _named_field_blame(divergence, fired)
        doing = (f"fired it applying step {divergence.step}" if action is not None
                 else "ran its code making the game's first position")  # fmt: skip
        entries = entry_rules(divergence.game)
        ranked += [Blame(rule, f"the reference {doing}" + (
                             f" (using a component entry that names it in spec/"
                             f"{divergence.game}/components.yaml)" if rule in entries else ""),
                         direct=False) for rule in fired]  # fmt: skip
    unique: dict[str, Blame] = {}
    for blame in ranked:
        unique.setdefault(blame.rule, blame)
    applied = list(dict.fromkeys([*unique, *fired, *applied]))
    explains = _outcome_part(divergence) if kind == "outcome" else None
    if explains is not None and any(explains(r) for r in applied):
        unique = {rule: blame for rule, blame in unique.items() if explains(rule)}
        applied = [rule for rule in applied if explains(rule)]
    best = list(unique.values())[:RANKED]
    context = [r for r in fired if r not in {b.rule for b in best}]
    return Attribution(best, context, applied, list(unique.values()),
                       places=divergence_places(divergence))  # fmt: skip


def _outcome_part(divergence: Any) -> Callable[[str], bool] | None:
    """Which rules can explain an outcome that differs, by the part that differs: where the
    scores differ, not a rule that decides the result from the scores (the catalogue's
    ``result_from_scores``: who wins, a tie-break, a solo rank), since it changes no score
    (a tie-break rule's scenarios fail whenever a score is off, which is not its fault);
    where only the winners differ, only such a rule. None: no such rule is catalogued, or
    neither part differs (only the details)."""
    deciding = deciding_rules(divergence.game)
    if not deciding:
        return None
    expected, actual = divergence.expected_outcome, divergence.actual_outcome
    if expected.get("scores") != actual.get("scores"):
        return lambda rule: rule not in deciding
    if expected.get("winners") != actual.get("winners"):
        return lambda rule: rule in deciding
    return None


@cache
def deciding_rules(game: str) -> frozenset[str]:
    """The rules of ``game``'s catalogue that decide the result from the scores and change
    no score (``result_from_scores``)."""
    from conformance.specification.catalogue import load

    return frozenset(r.id for r in load(game, scenarios=False).rules if r.result_from_scores)


def _start_blame(divergence: Any, known: set[str]) -> list[Blame]:
    """A position that differs as the game begins (kind ``start``, no action yet): the
    reference makes it again (``new_game``, or ``load_state`` of the scenario's position)
    under a line tracer, and each line that assigns a field named like a differing path's
    key (``self.coins = ...`` for ``players.0.coins``: its leaf, else the nearest key above
    it), the last such line for each path, is blamed on the rule it implements
    (:func:`~conformance.levels.rule_sites.rule_at`), the rule that sets most of the
    differing paths first."""
    from conformance.levels import rule_sites

    paths = _differing_paths(divergence)
    wanted = {path: _path_names(path) for path in paths}
    names = {name for choices in wanted.values() for level in choices for name in level}
    assigned: list[tuple[frozenset[str], list[tuple[str, int]]]] = []
    scope = rule_sites.engine_folder(_definition(divergence))

    def lines(frame: FrameType, event: str, arg: Any) -> Any:
        if event == "line":
            filename, line = frame.f_code.co_filename, frame.f_lineno
            writes = rule_sites.data_flow(filename, line)[1]
            writes |= rule_sites.containers_changed(filename, line)
            if writes & names:
                assigned.append((writes, _scope_stack(frame, scope)))
        return lines

    def calls(frame: FrameType, event: str, arg: Any) -> Any:
        if event == "call" and frame.f_code.co_filename.startswith(scope):
            return lines
        return None

    previous = sys.gettrace()
    sys.settrace(calls)
    try:
        _make_start(divergence)
    except (EngineError, KeyError, ValueError, TypeError):
        return []
    finally:
        sys.settrace(previous)
    set_by: dict[str, list[str]] = {}  # rule -> the differing paths its lines assign
    where: dict[str, str] = {}
    for path, levels in wanted.items():
        for level in levels:  # the leaf's name first, then the keys above it
            last = [stack for writes, stack in assigned if writes & level][-1:]
            if not last:
                continue
            # the last line to assign it set the value the position kept (a loaded position
            # overwrites what the constructor set)
            rule, site = rule_sites.rule_at(last[0], known)
            if rule is not None and path not in set_by.setdefault(rule, []):
                set_by[rule].append(path)
                where.setdefault(rule, site)
            break
    order = {p: i for i, p in enumerate(paths)}
    ranked = sorted(set_by, key=lambda r: (-len(set_by[r]), order[set_by[r][0]]))
    return [Blame(rule, f"{', '.join(set_by[rule][:3])} {'is' if len(set_by[rule]) == 1 else 'are'}"
                        f" set by {rule} as the game begins ({where[rule]})")
            for rule in ranked]  # fmt: skip


def _path_names(path: str) -> list[frozenset[str]]:
    """The names a line may assign a state path's field by, nearest first: the leaf joined
    to its parent key (``self.draft_limit`` for ``draft.limit``, ``self.event_discard`` for
    ``events.discard``), then per key of the path from its leaf up (indexes left out), the
    attribute (``.coins``) and the name."""
    keys = [key for key in reversed(path.split(".")) if key and not key.isdigit()]
    levels = [frozenset({f".{key}", key}) for key in keys]
    if len(keys) >= 2:
        leaf, parent = keys[0], keys[1]
        joined = {f"{stem}_{leaf}" for stem in (parent, parent.removesuffix("s"))}
        levels.insert(0, frozenset({*joined, *(f".{name}" for name in joined)}))
    return levels


def _scope_stack(frame: FrameType | None, scope: str) -> list[tuple[str, int]]:
    """The code locations of ``frame`` and its callers inside ``scope``, innermost first."""
    stack = []
    while frame is not None and frame.f_code.co_filename.startswith(scope):
        stack.append((frame.f_code.co_filename, frame.f_lineno))
        frame = frame.f_back
    return stack


def _rules_applied(kind: str, state: GameState, action: Any, known: set[str]) -> list[str]:
    """The rules named by the reference code that makes the divergent part of the step:
    applying its action (a state, a refusal), listing the actions or chance outcomes at
    the position after it, or computing the outcome there."""
    from conformance.levels import rule_sites

    scope = rule_sites.engine_folder(state)
    if kind in ("state", "start", "refused"):
        if action is None:
            return []
        return rule_sites.rules_run(lambda: state.apply(action), known, checks=True, scope=scope)
    try:
        if action is not None:
            state.apply(action)
    except EngineError:
        return []
    if kind == "legal":
        listing = rule_sites.rules_run(state.legal_actions, known, checks=True, scope=scope)
        if "chance" not in state.to_act():
            return listing
        # at a chance point the listing is chance's outcomes: the rules that deal them
        # (a shuffle, a deck's make-up) come first
        dealing = rule_sites.rules_run(state.chance_outcomes, known, scope=scope)
        return list(dict.fromkeys([*dealing, *listing]))
    if kind == "chance":
        return rule_sites.rules_run(state.chance_outcomes, known, scope=scope)
    if kind == "outcome":
        return rule_sites.rules_run(state.outcome, known, scope=scope)
    return []


def _differing_paths(divergence: Any) -> list[str]:
    paths = [divergence.first] if divergence.first and " " not in divergence.first else []
    paths += [p for p in divergence.expected if p not in paths]
    paths += [p for p in getattr(divergence, "differing", []) if p not in paths]
    return paths[:WATCHED]


def _state_blame(divergence: Any, state: GameState, action: Any, known: set[str]) -> list[Blame]:
    from conformance.levels import rule_sites

    if action is None:
        return []
    paths = _differing_paths(divergence)
    if not paths:
        return []
    watcher = PathWatcher(state, paths)
    try:
        watcher.run(lambda: state.apply(action))
    except EngineError:
        return []
    order = {p: i for i, p in enumerate(paths)}
    written: dict[str, list[str]] = {}  # rule -> the differing paths its code wrote
    where: dict[str, str] = {}
    fired = set(getattr(divergence, "reference_fired", []))
    observable = rule_sites.observable_rules(divergence.game)
    computed: dict[str, tuple[str, str]] = {}  # rule -> (a path, the function computing it)
    writes = sorted(zip(watcher.writes, watcher.providers, strict=True),
                    key=lambda w: order[w[0][0]])  # fmt: skip
    for (path, stack), ran in writes:
        rule, site = rule_sites.rule_at(stack, known, fired, observable)
        if rule is not None:
            paths_of = written.setdefault(rule, [])
            if path not in paths_of:
                paths_of.append(path)
            where.setdefault(rule, site)
        for filename, line in ran:
            for provider in rule_sites.rules_at(filename, line, known):
                if provider != rule and (provider in fired or provider not in observable):
                    computed.setdefault(provider, (path, f"{Path(filename).name}:{line}"))
    # the rule that wrote most of the differing paths first (then the first path's writer)
    ranked = sorted(written, key=lambda r: (-len(written[r]), order[written[r][0]]))
    found = [Blame(rule, f"{', '.join(written[rule][:3])} "
                         f"{'is' if len(written[rule]) == 1 else 'are'} written by {rule} at step "
                         f"{divergence.step} ({where[rule]})") for rule in ranked]  # fmt: skip
    found += [Blame(rule, f"{path} is written at step {divergence.step} from a value {rule}'s "
                          f"code computes ({site})")
              for rule, (path, site) in list(computed.items())[:PROVIDERS]
              if rule not in written]  # fmt: skip
    if paths[0] not in {path for path, _ in watcher.writes}:
        found += _next_write_blame(divergence, state, paths[0], known, observable)
    return found


def _next_write_blame(
    divergence: Any, state: GameState, path: str, known: set[str], observable: Any
) -> list[Blame]:
    """Where the reference leaves the first differing path alone at the step and the
    candidate changes it, the candidate may apply early what the reference applies later:
    the rule whose code next writes that path as the reference plays on by itself from the
    step (its first listed action, its first chance outcome, up to :data:`CONTINUATION`
    steps; ``state`` is the reference after the step, played on in place)."""
    from conformance.levels import rule_sites

    for later in range(1, CONTINUATION + 1):
        try:
            if state.is_terminal():
                return []
            if "chance" in state.to_act():
                action = state.chance_outcomes()[0][0]
            else:
                legal = state.legal_actions()
                if not legal:
                    return []
                action = legal[0]
            watcher = PathWatcher(state, [path])
            watcher.run(lambda: state.apply(action))  # noqa: B023 (run at once)
        except (EngineError, IndexError):
            return []
        if watcher.writes:
            _, stack = watcher.writes[0]
            rule, site = rule_sites.rule_at(stack, known, set(state.fired), observable)
            if rule is None:
                return []
            steps = "the next step" if later == 1 else f"{later} steps later"
            return [Blame(rule, f"the reference leaves {path} alone at step {divergence.step} "
                                f"and {rule} writes it {steps} as it plays on ({site}): the "
                                f"candidate may apply it early", direct=False)]  # fmt: skip
    return []


def _legal_blame(divergence: Any, state: GameState, known: set[str]) -> list[Blame]:
    """The listings differ at the position after the trace's last action: probe there."""
    for action in divergence.actions[-1:]:
        try:
            state.apply(action)
        except EngineError:
            return []
    found: list[Blame] = []
    for extra in divergence.legal_extra[:3]:
        trial = state.clone()
        try:
            trial.apply(extra)
        except EngineError as refused:
            if refused.rule in known:
                listed = json.dumps(extra, ensure_ascii=False)
                because = f"the candidate lists {listed}, which the reference refuses under"
                found.append(Blame(refused.rule, f"{because} {refused.rule}", cited=True))
    cited = getattr(divergence, "candidate_refusal", None)
    if cited and cited.get("rule") in known and divergence.legal_missing:
        found.append(Blame(cited["rule"], f"the candidate leaves out "
                           f"{json.dumps(divergence.legal_missing[0], ensure_ascii=False)} and "
                           f"refuses it under {cited['rule']}", cited=True))  # fmt: skip
    for missing in divergence.legal_missing[:1]:
        trial = state.clone()
        try:
            trial.apply(missing)
        except EngineError:
            continue
        for rule in [r for r in trial.fired if r in known][:1]:
            found.append(Blame(rule, f"the candidate leaves out "
                               f"{json.dumps(missing, ensure_ascii=False)}, which the reference "
                               f"allows and applies under {rule}"))  # fmt: skip
    return found


def _refusal_blame(divergence: Any, known: set[str]) -> list[Blame]:
    cited = getattr(divergence, "candidate_refusal", None) or {}
    rule = cited.get("rule")
    if rule in known:
        return [Blame(rule, f"the candidate refuses the reference's action at step "
                            f"{divergence.step} under {rule}", cited=True)]  # fmt: skip
    return []


def _outcome_blame(divergence: Any, state: GameState, known: set[str]) -> list[Blame]:
    from conformance.levels import rule_sites

    expected, actual = divergence.expected_outcome, divergence.actual_outcome
    for action in divergence.actions[-1:]:
        try:
            state.apply(action)
        except EngineError:
            return []
    ties_only = expected.get("scores") == actual.get("scores")
    sites = rule_sites.rules_run(lambda: state.outcome(), known,
                                 scope=rule_sites.engine_folder(state))  # fmt: skip
    detailed = _detail_blame(divergence, expected, actual, sites, known)
    if detailed and not ties_only:
        return detailed
    tie_words = re.compile(r"tie|draw|共|同点|同数", re.I)
    if ties_only:
        from conformance.specification.catalogue import load

        texts = {r.id: f"{r.id} {r.text}" for r in load(divergence.game).rules}
        deciding = deciding_rules(divergence.game)
        ties = [r for r in sites if r in deciding or tie_words.search(texts.get(r, ""))]
        sites = ties + [r for r in sites if r not in ties]
        what = "the winners differ with equal scores"
    else:
        what = "the scores differ"
    return [Blame(rule, f"{what}; {rule} is applied where the reference computes the outcome",
                  direct=False) for rule in sites]  # fmt: skip


def _detail_blame(
    divergence: Any, expected: Any, actual: Any, sites: list[str], known: set[str]
) -> list[Blame]:
    """Scores that differ, read through the outcome's ``details`` (a per-seat breakdown,
    where both engines give one): the rule named after the part that differs."""
    from conformance.levels.differential import differences

    if not isinstance(expected.get("details"), dict) or not isinstance(actual.get("details"), dict):
        return []
    from conformance.specification.catalogue import load

    areas = {rule.id: rule.area for rule in load(divergence.game).rules}
    found: list[Blame] = []
    for path, reference, candidate in differences(expected["details"], actual["details"]):
        keys = [k for k in path.split(".") if not k.isdigit()]
        if not keys:
            continue
        named = [r for r in dict.fromkeys([*sites, *sorted(known)]) if _names_key(r, keys[-1])]
        named.sort(key=lambda r: areas.get(r) not in _SCORING)  # scoring rules first
        for rule in named[:1]:
            found.append(Blame(rule, f"the outcome's details.{path} differ (reference "
                                     f"{json.dumps(reference, default=repr)}, candidate "
                                     f"{json.dumps(candidate, default=repr)}): the part "
                                     f"{rule} scores"))  # fmt: skip
    return found


#: catalogue areas whose rules compute scores and winners
_SCORING = frozenset({"scoring", "end", "winner"})


def _names_key(rule: str, key: str) -> bool:
    """Whether a rule id names a field (``NM-SCORE-MONEY`` and ``money``, ``NM-SCORE-HOOD``
    and ``neighbourhoods``): a word of the id past its prefix within the field's name."""
    words = [w.lower() for w in rule.split("-")[1:] if len(w) >= 4]
    name = key.lower().replace("_", "")
    return bool(words) and words[-1] in name


def _fired_difference(divergence: Any, known: set[str]) -> list[Blame]:
    candidate = getattr(divergence, "candidate_fired", None)
    if candidate is None:
        return []
    reference = set(getattr(divergence, "reference_fired", []))
    step = divergence.step
    claimed = [r for r in candidate if r in known and r not in reference]
    missed = [r for r in sorted(reference - set(candidate)) if r in known]
    found = [Blame(r, f"the candidate reports {r} fired at step {step}; the reference does not")
             for r in claimed]  # fmt: skip
    found += [Blame(r, f"the reference fired {r} at step {step}; the candidate does not "
                       "report it") for r in missed]  # fmt: skip
    return found


def _named_field_blame(divergence: Any, fired: list[str]) -> list[Blame]:
    """The weakest evidence: rules whose catalogue text names the differing field."""
    from conformance.specification.catalogue import load

    paths = _differing_paths(divergence)
    words = {part for p in paths for part in p.split(".") if not part.isdigit() and len(part) > 2}
    if not words:
        return []
    texts = {r.id: r.text.lower() for r in load(divergence.game).rules}
    named = [r for r in fired if any(w.lower() in texts.get(r, "") for w in words)]
    did = (f"fired {{}} at step {divergence.step}" if divergence.actions
           else "ran {}'s code making the game's first position")  # fmt: skip
    return [Blame(r, f"the reference {did.format(r)} and its text names "
                     f"{', '.join(sorted(words))}", direct=False) for r in named]  # fmt: skip
