"""The ambiguity register: the readings of every ambiguous or unspecified rule.

An ``ambiguous``/``unspecified`` catalogue entry names its readings in ``ruling.reading``
(the one the reference implements) and ``ruling.alternatives``; where a reading changes
play, ``ruling.option`` names the engine option that switches it, with the ruling's
default and the ``values`` of every reading. :func:`register_problems` lists every way a
game's catalogue, engine and features break that contract, all at once;
:func:`reading_runs` is the plan of ``rulespec check --all-readings`` (one run per
non-default value of each option, the default being the plain run).
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

from conformance.plugin import tag_value
from conformance.specification import catalogue


@dataclass(frozen=True)
class OptionReading:
    """One option of the register: the rules it rules on, its default and its values."""

    name: str
    rules: tuple[str, ...]
    default: Any
    values: tuple[Any, ...]

    def others(self) -> list[Any]:
        """The values other than the default: one ``--all-readings`` run each."""
        return [v for v in self.values if v != self.default]


def options_of(game: str) -> list[OptionReading]:
    """Every ``ruling.option`` of the catalogue, merged by name, in catalogue order."""
    found: dict[str, OptionReading] = {}
    for rule in catalogue.load(game).rules:
        option = (rule.ruling or {}).get("option")
        if not option:
            continue
        name = option["name"]
        values = tuple(option.get("values") or [option["default"]])
        if name in found:
            old = found[name]
            merged = old.values + tuple(v for v in values if v not in old.values)
            found[name] = OptionReading(name, (*old.rules, rule.id), old.default, merged)
        else:
            found[name] = OptionReading(name, (rule.id,), option["default"], values)
    return list(found.values())


def reading_runs(game: str) -> list[tuple[str, Any]]:
    """(option, value) of every non-default reading: the extra runs of ``--all-readings``.

    A value the reference refuses at some player count (``boards`` names one board per
    player) is not a reading every scenario can run under: see :func:`partial_readings`.
    """
    return [
        (o.name, value)
        for o in options_of(game)
        for value in o.others()
        if not refused_counts(game, {o.name: value})
    ]


def partial_readings(game: str) -> list[tuple[str, Any, list[int]]]:
    """(option, value, refused player counts) of the readings ``--all-readings`` skips."""
    found = []
    for option in options_of(game):
        for value in option.others():
            refused = refused_counts(game, {option.name: value})
            if refused:
                found.append((option.name, value, refused))
    return found


def refused_counts(game: str, options: dict[str, Any]) -> list[int]:
    """The player counts at which the reference's ``new_game`` refuses ``options``."""
    from reference_impl import registry
    from reference_impl.core import EngineError

    definition = registry.get_game(game)
    refused = []
    for players in range(definition.min_players, definition.max_players + 1):
        try:
            definition.new_game(players, options)
        except EngineError:
            refused.append(players)
    return refused


def without_readings(game: str) -> list[str]:
    """Ambiguous/unspecified rule ids whose ruling names no alternative reading."""
    return [
        rule.id
        for rule in catalogue.load(game).rules
        if rule.status != "explicit"
        and not ((rule.ruling or {}).get("reading") and (rule.ruling or {}).get("alternatives"))
    ]


def accepts(game: str, options: dict[str, Any]) -> str | None:
    """None when the reference's ``new_game`` takes ``options`` at some player count."""
    from reference_impl import registry
    from reference_impl.core import EngineError

    definition = registry.get_game(game)
    last = "no player count"
    for players in range(definition.min_players, definition.max_players + 1):
        try:
            definition.new_game(players, options)
            return None
        except EngineError as error:
            last = error.message
    return last


def register_problems(game: str) -> list[str]:
    """Every option of the register that the engine or the features contradict."""
    from reference_impl import registry

    defaults = registry.get_game(game).default_options
    problems: list[str] = []
    options = {o.name: o for o in options_of(game)}
    for option in options.values():
        where = f"{game} {', '.join(option.rules)}: option {option.name!r}"
        if option.name not in defaults:
            problems.append(f"{where} is not an option of the engine (known: {sorted(defaults)})")
            continue
        if defaults[option.name] != option.default:
            problems.append(
                f"{where}: catalogue default {json.dumps(option.default)}, "
                f"engine default {json.dumps(defaults[option.name])}"
            )
        if len(option.values) < 2:
            problems.append(f"{where} lists no alternative values")
        for value in option.values:
            refused = accepts(game, {option.name: value})
            if refused:
                problems.append(f"{where}: new_game refuses {json.dumps(value)}: {refused}")
    for scenario in catalogue.load(game).scenarios:
        for tag in scenario.tags:
            if not tag.startswith("reading:"):
                continue
            name, _, text = tag.removeprefix("reading:").partition("=")
            where = f"{scenario.feature}:{scenario.line} @{tag}"
            if name not in options:
                problems.append(f"{where}: {name!r} is no ruling option of {game}")
                continue
            refused = accepts(game, {name: tag_value(text)})
            if refused:
                problems.append(f"{where}: new_game refuses it: {refused}")
    return problems


# -- rulings diff: where the readings of a rule part ------------------------------------------


class RulingError(ValueError):
    """A rule whose readings cannot be compared (no option, unknown rule)."""


@dataclass
class Divergence:
    """The shortest found position where the readings of one option differ."""

    game: str
    rule: str
    option: str
    players: int
    readings: list[Any]
    actions: list[dict[str, Any]]  # applied to a new game before the diverging step
    kind: str  # "setup", "state", "legal" or "outcome"
    action: dict[str, Any] | None = None  # the diverging action (state), or the probed one
    values: dict[str, list[Any]] = field(default_factory=dict)  # path -> value per reading
    seed: int = 0
    state: dict[str, Any] | None = None  # the common canonical state before the divergence
    after: list[dict[str, Any] | None] | None = None  # per reading, the state it led to

    @property
    def length(self) -> int:
        return len(self.actions) + (1 if self.kind == "state" else 0)


def option_of(game: str, rule_or_option: str) -> tuple[str, OptionReading]:
    """The rule id and the register option of a rule id (or of an option name)."""
    for option in options_of(game):
        if rule_or_option in option.rules or rule_or_option == option.name:
            return option.rules[0] if rule_or_option == option.name else rule_or_option, option
    rules = catalogue.load(game)
    try:
        rule = rules.rule(rule_or_option)
    except KeyError:
        raise RulingError(f"{game} has no rule or ruling option {rule_or_option!r}") from None
    raise RulingError(
        f"{rule.id} ({rule.status}) names no engine option, so its readings cannot be played "
        "against each other; its ruling: " + json.dumps(rule.ruling or {}, ensure_ascii=False)
    )


def _leaf_diffs(values: list[Any], path: str = "") -> list[str]:
    """Dotted paths (deepest first found) where the JSON values do not all agree."""
    first = values[0]
    if all(v == first for v in values[1:]):
        return []
    if all(isinstance(v, dict) for v in values):
        keys = sorted(set().union(*values))
        if all(set(v) == set(first) for v in values):
            return [p for k in keys for p in _leaf_diffs([v[k] for v in values], _join(path, k))]
    if all(isinstance(v, list) for v in values) and len({len(v) for v in values}) == 1:
        return [
            p
            for i in range(len(first))
            for p in _leaf_diffs([v[i] for v in values], _join(path, i))
        ]
    return [path]


def _join(path: str, key: Any) -> str:
    return f"{path}.{key}" if path else str(key)


def _position(state: Any) -> dict[str, Any]:
    canonical = state.to_canonical()
    canonical.pop("options", None)
    return canonical


def _legal(state: Any) -> set[str]:
    return {json.dumps(a, sort_keys=True) for a in state.legal_actions()}


def _values(documents: list[Any], limit: int = 3, width: int = 60) -> dict[str, list[Any]]:
    """Up to ``limit`` differing paths, short values first (a table cell stays readable)."""
    from conformance.engine import jsonpath

    found = {p: [jsonpath.get(d, p) for d in documents] for p in _leaf_diffs(documents) if p}
    if not found:
        return {"": documents}
    size = {p: max(len(json.dumps(v)) for v in values) for p, values in found.items()}
    short = [p for p in found if size[p] <= width] or [min(found, key=size.__getitem__)]
    return {p: found[p] for p in short[:limit]}


def _after(state: Any, action: dict[str, Any]) -> dict[str, Any]:
    """The position ``action`` leads to, on a copy (the playout goes on unchanged)."""
    copy = state.clone()
    copy.apply(action)
    return copy.to_canonical()


def playout_divergence(
    game: str, rule: str, option: OptionReading, players: int, seed: int, limit: int
) -> Divergence | None:
    """One random playout, the same choices under every reading: the first divergence."""
    import random

    from reference_impl import registry
    from reference_impl.core import CHANCE, sample_chance

    definition = registry.get_game(game)
    readings = list(option.values)
    states = [definition.new_game(players, {option.name: v}) for v in readings]
    found = Divergence(game, rule, option.name, players, readings, [], "setup", seed=seed)
    positions = [_position(s) for s in states]
    if any(p != positions[0] for p in positions):
        found.values = _values(positions)
        found.after = [s.to_canonical() for s in states]
        return found
    rng = random.Random(seed)
    while len(found.actions) < limit:
        lead = states[0]
        if lead.is_terminal():
            outcomes = [s.outcome().to_json() for s in states]
            if any(o != outcomes[0] for o in outcomes):
                found.state = lead.to_canonical()
                found.kind, found.values = "outcome", _values(outcomes)
                return found
            return None
        chance = CHANCE in lead.to_act()
        legal = [_legal(s) for s in states] if not chance else []
        if legal and any(sets != legal[0] for sets in legal):
            differing = sorted(set.union(*legal) - set.intersection(*legal))[0]
            found.kind, found.action = "legal", json.loads(differing)
            found.values = {"": [differing in sets for sets in legal]}
            found.state = lead.to_canonical()
            found.after = [_after(s, found.action) if differing in sets else None
                           for s, sets in zip(states, legal, strict=True)]
            return found
        found.state = lead.to_canonical()
        if chance:
            action = sample_chance(lead, rng)
        else:
            actions = lead.legal_actions()
            action = actions[rng.randrange(len(actions))]
        for state in states:
            state.apply(action)
        positions = [_position(s) for s in states]
        if any(p != positions[0] for p in positions):
            found.kind, found.action, found.values = "state", action, _values(positions)
            found.after = [s.to_canonical() for s in states]
            return found
        found.actions.append(action)
    return None


def find_divergence(
    game: str, rule_or_option: str, seeds: int = 40, max_actions: int = 2000
) -> Divergence | None:
    """The shortest divergence over ``seeds`` random playouts at each player count.

    Every playout makes the same choices (from the same seed) under every reading of the
    rule's option and compares the canonical states (and legal actions) after each step.
    """
    rule, option = option_of(game, rule_or_option)
    from reference_impl import registry

    definition = registry.get_game(game)
    refused = {n for v in option.values for n in refused_counts(game, {option.name: v})}
    best: Divergence | None = None
    for players in range(definition.min_players, definition.max_players + 1):
        if players in refused:
            continue
        for seed in range(seeds):
            limit = best.length - 1 if best else max_actions
            if limit < 0:
                return best
            found = playout_divergence(game, rule, option, players, seed, limit)
            if found is not None and (best is None or found.length < best.length):
                best = found
    return best


def _state_template(found: Divergence) -> str:
    """The common position as JSON, the reading's option left as ``<reading>``."""
    state = dict(found.state or {})
    marker = "__READING__"
    state["options"] = {**state.get("options", {}), found.option: marker}
    return json.dumps(state, ensure_ascii=False).replace(json.dumps(marker), "<reading>")


def _cell(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False).replace("|", "\\|")


def _block(text: str, indent: str = "      ") -> str:
    return f'{indent}"""\n{indent}{text}\n{indent}"""\n'


#: above this many actions the scenario starts from the common position (``Given the state:``)
LONGEST_PREFIX = 40


def gherkin(found: Divergence) -> str:
    """A Scenario Outline, one Examples row per reading, ready for a rules editor.

    Short divergences replay their actions from a new game; long ones (a rule of final
    scoring needs a whole game) start from the common position before the divergence, the
    option of the reading substituted into its ``options``.
    """
    from reference_impl import registry

    default = registry.get_game(found.game).default_options[found.option]
    columns = ["reading"]
    then = ""
    rows = [[_cell(v)] for v in found.readings]
    if found.kind == "legal":
        columns.append("verdict")
        then = f"    Then the legal actions <verdict>:\n{_block(_cell(found.action), '      ')}"
        for row, legal in zip(rows, found.values[""], strict=True):
            row.append("include" if legal else "do not include")
    else:
        lines = []
        for index, (path, values) in enumerate(found.values.items()):
            name = f"v{index + 1}"
            columns.append(name)
            for row, value in zip(rows, values, strict=True):
                row.append(_cell(value))
            if found.kind == "outcome":
                lines.append(f"{path} = <{name}>")
            else:
                word = "Then" if index == 0 else "And"
                lines.append(f'    {word} "{path}" is <{name}>')
        if found.kind == "outcome":
            then = "    Then the outcome has:\n" + _block("\n      ".join(lines), "      ")
        else:
            then = "\n".join(lines) + "\n"
    plural = "player" if found.players == 1 else "players"
    text = [
        witness_comment(found.game, found.rule)
        + f"  # rulespec rulings diff {found.game} {found.rule}: option {found.option} "
        f"(default {_cell(default)}), seed {found.seed}, {found.length} actions\n",
        f"  @{found.rule}\n",
        f"  Scenario Outline: {found.rule} readings of {found.option} part: <reading>\n",
        f'    Given a new "{found.game}" game with {found.players} {plural} and options:\n',
        _block(f'{{"{found.option}": <reading>}}', "      "),
    ]
    if len(found.actions) > LONGEST_PREFIX and found.state is not None:
        text[3:] = [
            "    Given the state:\n",
            _block(_state_template(found), "      "),
        ]
    elif found.actions:
        listed = ",\n       ".join(json.dumps(a, ensure_ascii=False) for a in found.actions)
        text.append("    And these actions are applied:\n" + _block(f"[{listed}]", "      "))
    if found.kind == "state":
        text.append("    When the action is applied:\n" + _block(_cell(found.action), "      "))
    text.append(then)
    widths = [max(len(c), *(len(r[i]) for r in rows)) for i, c in enumerate(columns)]
    text.append("\n    Examples:\n")
    for row in [columns, *rows]:
        cells = " | ".join(c.ljust(w) for c, w in zip(row, widths, strict=True))
        text.append(f"      | {cells} |\n")
    return "".join(text)


# -- z3: arithmetic rules ------------------------------------------------------------------------


def _arithmetic_kernels() -> dict[tuple[str, str], tuple[Any, dict[str, tuple[int, int]]]]:
    """(game, rule) -> (kernel(reading, ite, **inputs) -> value, input bounds).

    Pure arithmetic kernels the engines share with ``conformance/proofs`` (the ``ite`` hook runs
    them on z3 terms); a reading of the rule's option is the kernel's switch.
    """
    from reference_impl.notre_dame import scoring as nd

    def rats(reading: Any, ite: Any, rats: Any, printed: Any, hospital: Any) -> Any:
        return nd.rats_after_round(rats, printed, hospital, False, bool(reading), 9, ite)[0]

    def prestige(reading: Any, ite: Any, prestige: Any, loss: Any) -> Any:
        return nd.lose_prestige(prestige, loss, bool(reading), ite)

    return {
        ("notre_dame", "ND-RATS-FLOOR"): (
            rats,
            {"rats": (0, 9), "printed": (0, 12), "hospital": (0, 14)},
        ),
        ("notre_dame", "ND-PRESTIGE-FLOOR"): (prestige, {"prestige": (0, 60), "loss": (0, 20)}),
    }


def arithmetic_witness(game: str, rule: str) -> dict[str, Any] | None:
    """z3: the smallest inputs (by their sum) where two readings of an arithmetic rule part.

    Returns ``{"inputs": {...}, "outcomes": [value per reading], "readings": [...]}``, or
    None when the rule has no arithmetic kernel or its readings never part within bounds.
    """
    import z3

    found = _arithmetic_kernels().get((game, rule))
    if found is None:
        return None
    kernel, bounds = found
    _, option = option_of(game, rule)
    names = sorted(bounds)
    terms = {name: z3.Int(name) for name in names}
    solver = z3.Optimize()
    for name, (low, high) in bounds.items():
        solver.add(terms[name] >= low, terms[name] <= high)
    outcomes = [kernel(value, z3.If, **terms) for value in option.values]
    solver.add(z3.Or([outcomes[0] != other for other in outcomes[1:]]))
    solver.minimize(z3.Sum([terms[n] for n in names]))
    if solver.check() != z3.sat:
        return None
    model = solver.model()
    inputs = {name: model.eval(terms[name]).as_long() for name in names}
    values = [kernel(value, _python_ite, **inputs) for value in option.values]
    return {"inputs": inputs, "outcomes": values, "readings": list(option.values)}


def _python_ite(condition: Any, then: Any, otherwise: Any) -> Any:
    return then if condition else otherwise


def witness_comment(game: str, rule: str) -> str:
    """The z3 witness as Gherkin comment lines ('' when the rule is not arithmetic)."""
    found = arithmetic_witness(game, rule)
    if found is None:
        return ""
    inputs = ", ".join(f"{k}={v}" for k, v in found["inputs"].items())
    parts = ", ".join(
        f"{json.dumps(r)} gives {json.dumps(v)}"
        for r, v in zip(found["readings"], found["outcomes"], strict=True)
    )
    return f"  # z3, the smallest arithmetic case: {inputs}: {parts}\n"


# the ``--all-readings`` runs (their own module; named here for the command line)
from conformance.specification.all_readings import ReadingRun, all_readings  # noqa: E402, F401
