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
from dataclasses import dataclass
from typing import Any

from conformance import catalogue
from conformance.plugin import tag_value


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


@dataclass
class ReadingRun:
    """One run of ``--all-readings``: a game under one reading (``option`` None: defaults)."""

    game: str
    option: str | None
    value: Any
    run: Any  # conformance.check.CheckRun

    @property
    def label(self) -> str:
        if self.option is None:
            return f"{self.game} (every default reading)"
        return f"{self.game} {self.option}={json.dumps(self.value)}"


def all_readings(games: list[str], **check: Any) -> list[ReadingRun]:
    """Run each game's scenarios under its defaults, then once per other reading.

    ``check`` goes to :func:`conformance.check.run_scenarios` (engine, timeout, ...).
    Scenarios tagged with another reading of the run's option are deselected.
    """
    from conformance.check import run_scenarios

    runs = []
    for game in games:
        runs.append(ReadingRun(game, None, None, run_scenarios([game], **check)))
        for name, value in reading_runs(game):
            options = {game: {name: value}}
            result = run_scenarios([game], options=options, **check)
            runs.append(ReadingRun(game, name, value, result))
    return runs
