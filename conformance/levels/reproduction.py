"""Blame by reproduction: which one-token change of the reference does what the candidate did.

Code evidence (:mod:`conformance.levels.attribution`) says whose code *wrote* the part that
differs; the bug is often elsewhere, in another rule's condition that decided the write.
This asks the converse question, as mutation-based fault localisation does (Metallaxis-FL,
MUSE): the reference's own mutants (:mod:`conformance.mutation.generate`, mutmut's one-token
changes) of the lines the reference ran at the divergent step are tried, each from the
position before the step, and a mutant that does **exactly what the candidate did** there is
evidence for the rule its line implements (:func:`conformance.levels.rule_sites.rule_at`,
read from the line's call stack as it ran):

- ``state`` / ``start``: the same differing paths with the candidate's values;
- ``legal``: the candidate's listing (the reference's, less what it left out, plus what it
  added);
- ``refused``: a refusal of the action the reference applies;
- ``outcome``: the candidate's scores and winners.

A mutant that gives only the candidate's value at the first differing path, or only the
first action it left out or added, is weaker evidence (``partly``).

Then the component data's one-value changes are tried the same way
(:mod:`conformance.levels.component_trials`, for :data:`DATA_SHARE` of the time again): a
misread card or table, which no code mutant reaches, is evidence for the component's rule.
They need no mutation tools, so they run without the ``mutate`` extra too.

The trials run in a child process (``python -m conformance.levels.reproduction``, a JSON
request on its input, a JSON answer on its output): each mutant's package is imported
afresh (:mod:`conformance.mutation.worker`'s finders), so no mutant's cache or module state
reaches the next one or the harness; they stop at a time budget, and an alarm cuts a mutant
that loops. The module-level mutants (constants, tables) of the modules that ran come after
the lines that ran.
"""

from __future__ import annotations

import contextlib
import importlib
import json
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from types import FrameType
from typing import Any

#: seconds the trials of one divergence may take (``--rulespec-reproduce-seconds``)
DEFAULT_SECONDS = 10.0
#: the data trials (:mod:`conformance.levels.component_trials`) may take this share of the
#: code trials' seconds again, after them
DATA_SHARE = 0.3
#: seconds one mutant's trial may take (a mutant may loop)
TRIAL_SECONDS = 2.0
#: how a field one side lacks is written in a request (JSON has no "absent")
ABSENT = "\u0000absent"


@dataclass(frozen=True)
class Reproduced:
    """A rule some of whose mutants do what the candidate did."""

    rule: str
    exact: int  # mutants that do exactly what the candidate did
    partly: int  # mutants that agree with it on the first difference only
    example: str  # the best such mutant: where, and the change
    step: int = 0  # the divergent step
    #: the configuration whose step it is, when the trials were another configuration's
    #: (the same failure met again: :class:`TrialsDone`)
    configuration: str = ""
    #: the same, counting every mutant whose line may implement the rule (not only those
    #: named for it first): a line often serves several rules
    line_exact: int = 0
    line_partly: int = 0
    #: one-value changes of the component data that do it (:mod:`component_trials`)
    data_exact: int = 0
    data_partly: int = 0
    data_example: str = ""

    def evidence(self) -> str:
        """The example and how many changes like it (the line counts include the named);
        the component data's, when a change of it did what no code mutant did as well."""
        code = max(self.exact, self.line_exact, self.partly, self.line_partly)
        data = self.data_exact or self.data_partly
        if data and (not code or (self.data_exact and not (self.exact or self.line_exact))):
            return self._data_evidence()
        exactly = bool(self.exact or self.line_exact)
        how = "exactly what" if exactly else "part of what"
        counts = (self.exact, self.line_exact) if exactly else (self.partly, self.line_partly)
        count = max(counts)
        named = self.exact or self.partly
        where = f"{self.rule}'s code" if named else f"lines {self.rule} shares with other rules"
        more = f" ({count} such one-token changes in {where})" if count > 1 else ""
        step = f"step {self.step}" + (f" of {self.configuration}" if self.configuration else "")
        return f"a reference with {self.example} does {how} the candidate did at {step}{more}"

    def _data_evidence(self) -> str:
        how = "exactly what" if self.data_exact else "part of what"
        count = self.data_exact or self.data_partly
        more = f" ({count} such changes of {self.rule}'s data)" if count > 1 else ""
        step = f"step {self.step}" + (f" of {self.configuration}" if self.configuration else "")
        return (f"a reference whose component data has {self.data_example} does {how} the "
                f"candidate did at {step}{more}")  # fmt: skip

    def to_json(self) -> dict[str, Any]:
        return {"rule": self.rule, "exact": self.exact, "partly": self.partly,
                "line_exact": self.line_exact, "line_partly": self.line_partly,
                "example": self.example, "step": self.step,
                "configuration": self.configuration, "data_exact": self.data_exact,
                "data_partly": self.data_partly,
                "data_example": self.data_example}  # fmt: skip


@dataclass
class Reproductions:
    """What the trials found, per rule (most exact reproductions first)."""

    rules: list[Reproduced]
    tried: int = 0
    selected: int = 0
    #: mutants that reproduce but whose line no rule names (plumbing)
    unnamed: int = 0
    complete: bool = True
    problem: str = ""
    seconds: float = 0.0  # the trials' wall time
    #: the component data's trials (:mod:`conformance.levels.component_trials`)
    data_tried: int = 0
    data_complete: bool = True

    def by_rule(self) -> dict[str, Reproduced]:
        return {r.rule: r for r in self.rules}

    def to_json(self) -> dict[str, Any]:
        return {"rules": [r.to_json() for r in self.rules], "tried": self.tried,
                "selected": self.selected, "unnamed": self.unnamed, "complete": self.complete,
                "problem": self.problem, "seconds": self.seconds,
                "data_tried": self.data_tried, "data_complete": self.data_complete}  # fmt: skip


# -- the harness's side --------------------------------------------------------------------


def request_for(divergence: Any, seconds: float) -> tuple[dict[str, Any] | None, str]:
    """The child's question for ``divergence``, or None and why it cannot be asked (a kind
    it cannot try, a trace the reference cannot replay, nothing to match)."""
    from conformance.levels.attribution import reference_before

    kind = divergence.kind
    if kind not in ("state", "start", "legal", "refused", "outcome"):
        return None, f"a {kind} divergence is not tried"
    fired = list(getattr(divergence, "reference_fired", []))
    request: dict[str, Any] = {"game": divergence.game, "kind": kind, "seconds": seconds,
                               "fired": fired}  # fmt: skip
    if kind == "start":
        request["start"] = {"num_players": divergence.num_players,
                            "options": divergence.options or None,
                            "seed_state": divergence.seed_state}  # fmt: skip
    else:
        replayed = reference_before(divergence)
        if replayed is None:
            return None, "the reference cannot replay the trace"
        state, _ = replayed
        action = divergence.actions[-1] if divergence.actions else None
        if kind in ("legal", "outcome") and action is not None:
            try:
                state.apply(action)
            except Exception:
                return None, "the reference cannot replay the trace"
            action = None
        if kind in ("state", "refused") and action is None:
            return None, "no action to try"
        request["position"] = state.to_canonical()
        request["action"] = action
    if kind in ("state", "start", "outcome"):
        scored = ("scores", "winners")
        observed = [(path, value) for path, value in getattr(divergence, "observed", [])
                    if kind != "outcome" or path.split(".")[0] in scored]  # fmt: skip
        if not observed:
            return None, "no differing value to match"
        request["observed"] = [[path, _absent_marked(value)] for path, value in observed]
    elif kind == "legal":
        from conformance.levels.differential import _key

        request["missing"] = [_key(a) for a in divergence.legal_missing]
        request["extra"] = [_key(a) for a in divergence.legal_extra]
    return request, ""


def _absent_marked(value: Any) -> Any:
    from conformance.levels.differential import _Missing

    return ABSENT if isinstance(value, _Missing) else value


def reproduce(divergence: Any, seconds: float) -> Reproductions:
    """The rules whose mutants do what the candidate did at ``divergence``'s step, tried for
    at most ``seconds`` in a child process; none when nothing could be tried."""
    if seconds <= 0:
        return Reproductions([], problem="no time given")
    request, why_not = request_for(divergence, seconds)
    if request is None:
        return Reproductions([], problem=why_not)
    try:
        done = subprocess.run(
            [sys.executable, "-P", "-m", "conformance.levels.reproduction"],
            input=json.dumps(request), capture_output=True, text=True,
            timeout=seconds + 30, check=False,
        )  # fmt: skip
        answer = json.loads(done.stdout)
    except (subprocess.TimeoutExpired, ValueError, OSError) as error:
        return Reproductions([], problem=f"the trials did not answer: {error}")
    found = [Reproduced(**{**row, "step": divergence.step}) for row in answer.get("rules", [])]
    return Reproductions(found, answer.get("tried", 0), answer.get("selected", 0),
                         answer.get("unnamed", 0), answer.get("complete", False),
                         answer.get("problem", ""), answer.get("seconds", 0.0),
                         answer.get("data_tried", 0),
                         answer.get("data_complete", True))  # fmt: skip


@dataclass(frozen=True)
class TrialsDone:
    """The trials of one failure, kept for the same failure met in another configuration
    (the same kind, place and primary rule: :meth:`~conformance.levels.differential.
    Divergence.identity`), which takes them rather than trying the same mutants again."""

    reproduced: dict[str, Reproduced]
    trials: dict[str, Any]
    configuration: str  # where they were tried (``neom-3p``)

    def reused(self, attribution: Any) -> Any:
        """``attribution`` with these trials, each marked as ``configuration``'s."""
        from dataclasses import replace

        reproduced = {rule: replace(found, configuration=found.configuration or self.configuration)
                      for rule, found in self.reproduced.items()}  # fmt: skip
        trials = {**self.trials, "reused": self.configuration}
        return replace(attribution, reproduced=reproduced, trials=trials)


def with_reproduction(divergence: Any, attribution: Any, seconds: float) -> Any:
    """``attribution`` with what :func:`reproduce` found for ``divergence`` (for
    :func:`~conformance.levels.corroboration.corroborate` to weigh)."""
    from dataclasses import replace

    found = reproduce(divergence, seconds)
    trials = {k: v for k, v in found.to_json().items() if k != "rules"}
    return replace(attribution, reproduced=found.by_rule(), trials=trials)


# -- the child's side ----------------------------------------------------------------------


class _TrialTimeout(Exception):
    pass


@contextlib.contextmanager
def _alarm(seconds: float) -> Iterator[None]:
    def ring(signum: int, frame: Any) -> None:
        raise _TrialTimeout

    previous = signal.signal(signal.SIGALRM, ring)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)


def _trial(definition: Any, request: dict[str, Any], traced: Any = None) -> Any:
    """What the engine does at the step: its state after it, its listing, its refusal, or
    its outcome. Loading the position is outside ``traced`` (a line tracer's context)."""
    from reference_impl.core import EngineError

    kind = request["kind"]
    tracing = traced if traced is not None else contextlib.nullcontext()
    if kind == "start":
        start = request["start"]
        with tracing:
            if start["seed_state"] is not None:
                state = definition.load(start["seed_state"])
            else:
                state = definition.new_game(start["num_players"], start["options"])
        return _plain(state.to_canonical())
    state = definition.load(request["position"])
    if kind == "state":
        with tracing:
            state.apply(request["action"])
        return _plain(state.to_canonical())
    if kind == "refused":
        with tracing:
            try:
                state.apply(request["action"])
            except EngineError:
                return "refused"
        return "applied"
    if kind == "legal":
        with tracing:
            if "chance" in state.to_act():
                listed = [action for action, _ in state.chance_outcomes()]
            else:
                listed = state.legal_actions()
        return {json.dumps(a, sort_keys=True, ensure_ascii=False) for a in listed}
    with tracing:
        outcome = state.outcome()
    return {"scores": list(outcome.scores), "winners": list(outcome.winners)}


def _plain(value: Any) -> Any:
    """A canonical state as it reads on the wire (tuples as lists)."""
    return json.loads(json.dumps(value))


def _match(request: dict[str, Any], reference: Any, mutant: Any) -> str | None:
    """``exact`` when the mutant did what the candidate did, ``partly`` when it agrees on the
    first difference only, None otherwise."""
    from conformance.levels.differential import _Missing, differences

    kind = request["kind"]
    if mutant == reference:
        return None
    if kind == "refused":
        return "exact" if mutant == "refused" else None
    if kind == "legal":
        candidate = (reference - set(request["missing"])) | set(request["extra"])
        if mutant == candidate:
            return "exact"
        missing, extra = request["missing"][:1], request["extra"][:1]
        agrees = all(a not in mutant for a in missing) and all(a in mutant for a in extra)
        return "partly" if agrees else None
    observed = {path: value for path, value in request["observed"]}
    made = {path: (ABSENT if isinstance(value, _Missing) else value)
            for path, _, value in differences(reference, mutant)}  # fmt: skip
    if made == observed:
        return "exact"
    first = request["observed"][0][0]
    return "partly" if first in made and made[first] == observed[first] else None


class _Lines:
    """A line tracer on the engine's package: each line that ran, with the call stack
    (innermost first, inside the package) it first ran under."""

    def __init__(self, directory: Path) -> None:
        self.scope = str(directory)
        self.stacks: dict[tuple[str, int], list[tuple[str, int]]] = {}

    def _local(self, frame: FrameType, event: str, arg: Any) -> Any:
        if event == "line":
            where = (frame.f_code.co_filename, frame.f_lineno)
            if where not in self.stacks:
                stack = [where]
                outer = frame.f_back
                while outer is not None and outer.f_code.co_filename.startswith(self.scope):
                    stack.append((outer.f_code.co_filename, outer.f_lineno))
                    outer = outer.f_back
                self.stacks[where] = stack
        return self._local

    def _global(self, frame: FrameType, event: str, arg: Any) -> Any:
        if event == "call" and frame.f_code.co_filename.startswith(self.scope):
            return self._local
        return None

    def __enter__(self) -> _Lines:
        sys.settrace(self._global)
        return self

    def __exit__(self, *exc: Any) -> None:
        sys.settrace(None)


def answer(request: dict[str, Any]) -> dict[str, Any]:
    """The child's work: trace the step on the reference, try the mutants of what ran, then
    the component data's one-value changes (those need no ``mutate`` extra)."""
    from conformance.levels.component_trials import shown_file
    from conformance.mutation.engine_package import package_dir
    from conformance.mutation.worker import _CodeCache, keep_components
    from conformance.specification.catalogue import rule_ids
    from reference_impl import components
    from rulespec import games

    started = time.monotonic()
    game = request["game"]
    package = games.unit(game).engine
    directory = package_dir(game)
    keep_components()
    sys.meta_path.insert(0, _CodeCache(package))
    lines = _Lines(directory)
    try:
        reference = _trial(games.unit(game).definition(), request, lines)
    except Exception as error:  # the reference itself cannot take the step: nothing to try
        return {"rules": [], "problem": f"the reference cannot replay the step: {error}"}
    known = set(rule_ids(game))
    found: dict[str, _Tally] = {}
    code = _code_trials(request, package, directory, reference, lines, found, known,
                        started + float(request["seconds"]))  # fmt: skip
    data = _data_trials(game, package, request, reference, known,
                        time.monotonic() + float(request["seconds"]) * DATA_SHARE)  # fmt: skip
    file = shown_file(game, components.component_file(game))
    for mutant, match in data.found:
        for place, rule in enumerate(mutant.rules):
            found.setdefault(rule, _Tally()).count_data(match, place == 0, mutant.change(file))
    tallies = [tally.reproduced(rule) for rule, tally in found.items()]
    tallies.sort(key=lambda r: (-r.exact, -r.partly, -r.line_exact, -r.line_partly,
                                -r.data_exact, -r.data_partly, r.rule))  # fmt: skip
    return {"rules": [r.to_json() for r in tallies], **code,
            "data_tried": data.tried, "data_complete": data.complete,
            "seconds": round(time.monotonic() - started, 2)}  # fmt: skip


def _code_trials(
    request: dict[str, Any], package: str, directory: Path, reference: Any, lines: _Lines,
    found: dict[str, _Tally], known: set[str], deadline: float,
) -> dict[str, Any]:  # fmt: skip
    """The one-token mutants of the lines the step ran (``lines``, in the engine ``package``
    at ``directory``), each tried until ``deadline``, counted into ``found``; the counts, or
    why none was tried."""
    from conformance.levels import rule_sites

    try:
        from conformance.mutation.generate import (
            REPRODUCING_OPERATORS,
            code_of,
            generate,
        )
    except ImportError as missing:  # mutmut and libcst come with the ``mutate`` extra
        return {"tried": 0, "problem": f"the trials need mutmut and libcst ({missing}): "
                                       "pip install 'rulespec[mutate]'"}  # fmt: skip
    game = request["game"]
    ran: dict[str, set[int]] = {}
    for filename, line in lines.stacks:
        module = Path(filename).relative_to(directory).as_posix()
        ran.setdefault(module, set()).add(line)
    mutants = generate(game, operators=REPRODUCING_OPERATORS, modules=sorted(ran), cache=None)
    chosen = [m for m in mutants.mutants
              if m.scope == "function" and _ran(ran[m.module], m.span)]  # fmt: skip
    chosen += [m for m in mutants.mutants if m.scope == "global"]
    fired = set(request.get("fired", []))
    observable = rule_sites.observable_rules(game)
    tried = unnamed = 0
    complete = True
    for mutant in chosen:
        if time.monotonic() > deadline:
            complete = False
            break
        tried += 1
        match = _tried(mutant, mutants, package, directory, request, reference)
        if match is None:
            continue
        rules, site = _rules_of(mutant, directory, lines.stacks, known, fired, observable)
        if not rules:  # plumbing no rule names (a lookup, a cache): no evidence
            unnamed += 1
            continue
        change = f"`{code_of(mutant.before)}` changed to `{code_of(mutant.after)}` at {site}"
        for place, rule in enumerate(rules):
            found.setdefault(rule, _Tally()).count(match, place == 0, change)
    return {"tried": tried, "selected": len(chosen), "unnamed": unnamed,
            "complete": complete, "problem": ""}  # fmt: skip


def _data_trials(
    game: str, package: str, request: dict[str, Any], reference: Any, known: set[str],
    deadline: float,
) -> Any:  # fmt: skip
    """The one-value changes of the game's component data that do what the candidate did
    (:func:`conformance.levels.component_trials.search`, until ``deadline``)."""
    from conformance.levels import component_trials
    from conformance.mutation.worker import _copied
    from reference_impl import components

    try:
        items = _copied(components._load(game))
    except (OSError, ValueError, KeyError):  # a game without component data
        return component_trials.DataTrials([])

    def step(definition: Any) -> Any:
        with _alarm(TRIAL_SECONDS):
            return _trial(definition, request)

    shown = [value for _, value in request.get("observed", [])]
    listed = [json.loads(key) for key in (*request.get("missing", []), *request.get("extra", []))]
    shown += [{k: v for k, v in action.items() if k not in ("actor", "type")} for action in listed
              if isinstance(action, dict)]  # fmt: skip
    hinted = component_trials.hints([v for v in shown if v != ABSENT])
    return component_trials.search(game, package, items, known, step,
                                   lambda result: _match(request, reference, result),
                                   reference, deadline, time.monotonic, hinted)  # fmt: skip


@dataclass
class _Tally:
    """One rule's reproducing mutants: named first on their line, or among its rules."""

    exact: int = 0
    partly: int = 0
    line_exact: int = 0
    line_partly: int = 0
    example: str = ""
    #: how the example was credited: (named for the rule first, an exact reproduction)
    example_rank: tuple[bool, bool] = (False, False)
    data_exact: int = 0
    data_partly: int = 0
    data_example: str = ""
    data_rank: tuple[bool, bool] = (False, False)

    def count(self, match: str, first: bool, change: str) -> None:
        if first:
            self.exact += match == "exact"
            self.partly += match == "partly"
        self.line_exact += match == "exact"
        self.line_partly += match == "partly"
        rank = (first, match == "exact")
        if not self.example or rank > self.example_rank:
            self.example, self.example_rank = change, rank

    def count_data(self, match: str, first: bool, change: str) -> None:
        """A one-value change of the component data (named for the rule first: the entry's
        own rule, or the component's when the entry names none)."""
        if first:
            self.data_exact += match == "exact"
            self.data_partly += match == "partly"
        rank = (first, match == "exact")
        if not self.data_example or rank > self.data_rank:
            self.data_example, self.data_rank = change, rank

    def reproduced(self, rule: str) -> Reproduced:
        return Reproduced(rule, self.exact, self.partly, self.example,
                          line_exact=self.line_exact, line_partly=self.line_partly,
                          data_exact=self.data_exact, data_partly=self.data_partly,
                          data_example=self.data_example)  # fmt: skip


def _ran(lines: set[int], span: tuple[int, int]) -> bool:
    return any(line in lines for line in range(span[0], span[1] + 1))


def _tried(
    mutant: Any, mutants: Any, package: str, directory: Path, request: dict[str, Any],
    reference: Any,
) -> str | None:  # fmt: skip
    """One mutant's trial: its package imported afresh, the step taken, the match."""
    from conformance.mutation.worker import _MutantFinder, swapped_in
    from reference_impl.core import EngineError

    module = mutant.module
    finder = _MutantFinder(mutants.module_name(module), mutants.source_of(mutant),
                           str(directory / module), module.endswith("__init__.py"))  # fmt: skip
    try:
        with swapped_in(package, finder), _alarm(TRIAL_SECONDS):
            definition = importlib.import_module(package).GAME
            if request["kind"] != "start":
                try:
                    definition.load(request["position"])
                except EngineError:
                    return None  # the mutant refuses the position itself: not the step
            return _match(request, reference, _trial(definition, request))
    except BaseException as error:  # a mutant may break anything; only the alarm is ours
        if isinstance(error, KeyboardInterrupt):
            raise
        return None


def _rules_of(
    mutant: Any, directory: Path, stacks: dict[tuple[str, int], list[tuple[str, int]]],
    known: set[str], fired: set[str], observable: frozenset[str],
) -> tuple[list[str], str]:  # fmt: skip
    """The rules a mutant's line implements, the one it is named for first (read from the
    call stack it ran under, :func:`~conformance.levels.rule_sites.rule_at`), then the
    others its line may implement (:func:`~conformance.levels.rule_sites.rules_for_line`);
    for a module-level line (a constant, a table), its comments and the mutant's rules."""
    from conformance.levels import rule_sites

    filename = str(directory / mutant.module)
    for line in range(mutant.span[0], mutant.span[1] + 1):
        stack = stacks.get((filename, line))
        if stack is None:
            continue
        rule, site = rule_sites.rule_at(stack, known, fired, observable)
        if rule is None:  # no rule named there fired: the code's own rule still counts
            rule, site = rule_sites.rule_at(stack, known)
        function = rule_sites.function_at(filename, line)
        also = [] if function is None else rule_sites.rules_for_line(filename, function, line,
                                                                      known)  # fmt: skip
        named = [] if rule is None else [rule]
        return list(dict.fromkeys([*named, *also])), site or f"{mutant.module}:{line}"
    where = f"{mutant.module}:{mutant.line}"
    noted = [r for r in rule_sites.line_notes(filename).get(mutant.line, ()) if r in known]
    return list(dict.fromkeys([*noted, *mutant.rules])), where


def main() -> int:
    """The child: a request on standard input, the answer on standard output (whatever a
    mutant prints goes to standard error instead)."""
    from conformance.mutation.worker import confine

    confine()
    request = json.loads(sys.stdin.read())
    answer_to, sys.stdout = sys.stdout, sys.stderr
    try:
        reply = answer(request)
    except Exception as error:  # say what went wrong rather than die without an answer
        reply = {"rules": [], "problem": f"{type(error).__name__}: {error}"}
    answer_to.write(json.dumps(reply))
    return 0


if __name__ == "__main__":
    sys.exit(main())
