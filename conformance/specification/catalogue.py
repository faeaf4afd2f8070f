"""The rule catalogue (``spec/<game>/rules.yaml``) and the scenarios that pin it.

Loading validates the catalogue against ``spec/rules.schema.json``; :func:`self_check`
returns every problem at once (unique ids, prefix, quotes at their cited lines, coverage,
unknown tags, duplicate scenario names), like a position check that lists all faults.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING, Any

from rulespec import games
from rulespec.resources import FEATURES_DIR, SPEC_DIR, rulebooks_dir

if TYPE_CHECKING:  # imported to check a catalogue (it brings jsonschema-rs), not for rule_ids
    from rulespec.schema_check import SchemaCheck

RULE_TAG = re.compile(r"^[A-Z]{2,4}(-[A-Z0-9]+)+$")
SOURCE = re.compile(r"^(?P<file>[^:]+):(?P<first>\d+)(?:-(?P<last>\d+))?$")


class CatalogueError(ValueError):
    """A catalogue or feature file that cannot be read; the message names file and place."""


@dataclass(frozen=True)
class Rule:
    id: str
    area: str
    kind: str
    status: str
    text: str
    source: str | None = None
    quote: str | None = None
    ruling: dict[str, Any] | None = None
    params: dict[str, Any] | None = None
    notes: str | None = None
    #: the rule decides the result from the scores (the winners, a tie-break, a solo rank)
    #: and changes no score: blame leaves it out where the scores differ
    result_from_scores: bool = False


@dataclass(frozen=True)
class Scenario:
    name: str
    feature: str  # path relative to features/
    line: int
    tags: tuple[str, ...]
    outcomes: int = 1  # number of Then steps: a scenario without one asserts nothing
    block: str | None = None  # the rule id that opens the title of its Gherkin ``Rule:``

    @property
    def rule_ids(self) -> tuple[str, ...]:
        return tuple(t for t in self.tags if RULE_TAG.match(t))


@dataclass(frozen=True)
class Catalogue:
    game: str
    title: str
    prefix: str | None
    sources: tuple[str, ...]
    rules: tuple[Rule, ...]
    scenarios: tuple[Scenario, ...] = field(default=())

    def rule(self, rule_id: str) -> Rule:
        for rule in self.rules:
            if rule.id == rule_id:
                return rule
        raise KeyError(f"{self.game} has no rule {rule_id!r}")

    def scenarios_for(self, rule_id: str) -> list[Scenario]:
        return [s for s in self.scenarios if rule_id in s.rule_ids]

    def uncovered(self) -> list[Rule]:
        pinned = {rule_id for s in self.scenarios for rule_id in s.rule_ids}
        return [rule for rule in self.rules if rule.id not in pinned]


def games_with_catalogue() -> list[str]:
    """The registered games (:mod:`rulespec.games`) whose spec folder holds a catalogue."""
    return [game for game in games.ids() if games.spec_file(game, "rules.yaml") is not None]


@cache
def _schema_validator() -> SchemaCheck:
    from rulespec.schema_check import SchemaCheck

    schema = json.loads((SPEC_DIR / "rules.schema.json").read_text(encoding="utf-8"))
    return SchemaCheck(schema)


def load(game: str, scenarios: bool = True) -> Catalogue:
    """Load and schema-check the game's ``rules.yaml`` plus its features (its unit's ``spec``
    and ``features`` folders: ``spec/<game>/``, ``features/<game>/`` for rulespec's own).

    ``scenarios=False`` reads the rules alone (the catalogue's ``scenarios`` empty): what
    ``rulespec check`` needs to know a ``--rule`` and print the rules' rows, since its pytest
    child parses the feature files it runs; parsing them twice was most of a one-rule
    check's start-up."""
    from conformance.specification.documents import read_checked_yaml

    path = games.spec_file(game, "rules.yaml")
    if path is None:
        known = ", ".join(games_with_catalogue()) or "none"
        where = f" ({games.spec_dir(game) / 'rules.yaml'})" if games.is_registered(game) else ""
        raise CatalogueError(f"no catalogue for game {game!r}{where}; catalogues: {known}")
    document = read_checked_yaml(path, _schema_validator(), CatalogueError)
    rules = tuple(Rule(**entry) for entry in document["rules"])
    return Catalogue(
        game=document["game"],
        title=document["title"],
        prefix=document.get("prefix"),
        sources=tuple(document["sources"]),
        rules=rules,
        scenarios=tuple(load_scenarios(game)) if scenarios else (),
    )


#: how the catalogues list their rules: ``rules:`` at the top level, then one list item per
#: rule that opens with its id, a plain scalar (``- id: VL-BUILD-ORDER``)
_RULES_KEY = re.compile(r"^rules:[ \t]*$", re.M)
_TOP_LEVEL = re.compile(r"^(?![ \t]|- |-$|#|$)", re.M)  # the next top-level key
_ITEM = re.compile(r"^-(?: |$)", re.M)
_ID_ITEM = re.compile(r"^- id: ([A-Z]{2,4}(?:-[A-Z0-9]+)+)[ \t]*$", re.M)
_OTHER_ID = re.compile(r"^[ \t]+['\"]?id['\"]?[ \t]*:", re.M)


@cache
def rule_ids(game: str) -> tuple[str, ...]:
    """The ids of the rules of ``spec/<game>/rules.yaml`` in catalogue order: the ids
    ``load(game)`` gives, read from the file's text without YAML, the schema or the rules'
    other fields (what ``rulespec check`` needs: to know a ``--rule``, to list the rules'
    rows). A file written otherwise than one ``- id: ID`` item per rule under a top-level
    ``rules:`` (another document, an id quoted, tagged, or given twice, an item without one)
    is loaded whole instead, with :func:`load`'s errors. The text is not checked against the
    schema here: ``load`` (``rulespec rules``, ``coverage``) and the test suite do that."""
    path = games.spec_file(game, "rules.yaml")
    try:
        text = path.read_text(encoding="utf-8") if path is not None else ""
    except (OSError, UnicodeDecodeError):
        text = ""
    ids = _indexed_ids(text)
    if ids is None:
        return tuple(rule.id for rule in load(game, scenarios=False).rules)
    return ids


def _indexed_ids(text: str) -> tuple[str, ...] | None:
    """The ids of the items of the top-level ``rules:`` list of ``text`` (None when they
    cannot be read safely from the text alone)."""
    keys = list(_RULES_KEY.finditer(text))
    if len(keys) != 1 or re.search(r"^(---|\.\.\.)", text, re.M):
        return None
    body = text[keys[0].end() :]
    end = _TOP_LEVEL.search(body, 1)
    body, rest = (body[: end.start()], body[end.start() :]) if end else (body, "")
    ids = _ID_ITEM.findall(body)
    if not ids or len(ids) != len(_ITEM.findall(body)) or _OTHER_ID.search(body):
        return None
    if _ITEM.search(rest):  # a list item after the next top-level key: not a plain layout
        return None
    return tuple(ids)


def feature_path(feature: str) -> Path:
    """The file of a scenario's ``feature`` (``<game>/<path in its features folder>``; any
    other: relative to rulespec's features folder)."""
    game, _, rest = feature.partition("/")
    if games.is_registered(game):
        return games.features_dir(game) / rest
    return FEATURES_DIR / feature


class GherkinError(ValueError):
    """A feature file that is not valid Gherkin (or cannot be read): the text says why."""


def parse_feature(path: Path) -> dict[str, Any]:
    """The Gherkin document of a ``.feature`` file; :class:`GherkinError` saying where it
    breaks the syntax (``(line:column): expected ..., got ...``) or why it cannot be read."""
    from gherkin.errors import CompositeParserException, ParserError
    from gherkin.parser import Parser
    from gherkin.token_scanner import TokenScanner

    try:
        return Parser().parse(TokenScanner(path.read_text(encoding="utf-8")))
    except (CompositeParserException, ParserError) as error:
        raise GherkinError(f"not valid Gherkin: {error}") from None
    except (OSError, UnicodeDecodeError) as error:
        raise GherkinError(f"cannot be read: {error}") from None


def feature_problem(given: Path) -> str | None:
    """The first feature file under ``given`` (a folder, or one file) that is not valid
    Gherkin, as ``<file>: <why>``; None when every one parses."""
    files = [given] if given.is_file() else sorted(given.glob("**/*.feature"))
    for path in files:
        try:
            parse_feature(path)
        except GherkinError as error:
            shown = path.relative_to(given).as_posix() if path != given else path.name
            return f"{shown}: {error}"
    return None


def load_scenarios(game: str) -> list[Scenario]:
    """Every scenario of the game's ``*.feature`` files with its tags (inherited ones too);
    each scenario's ``feature`` is ``<game>/<path in the features folder>``."""
    scenarios: list[Scenario] = []
    folder = games.features_dir(game)
    for path in sorted(folder.glob("**/*.feature")):
        relative = f"{game}/{path.relative_to(folder).as_posix()}"
        try:
            document = parse_feature(path)
        except GherkinError as error:
            raise CatalogueError(f"{relative}: {error}") from None
        feature = document.get("feature")
        if not feature:
            continue
        scenarios.extend(_walk(feature["children"], _tags(feature), relative))
    return scenarios


def _tags(node: dict[str, Any]) -> tuple[str, ...]:
    return tuple(tag["name"].lstrip("@") for tag in node.get("tags", []))


def _walk(
    children: list[dict[str, Any]],
    inherited: tuple[str, ...],
    feature: str,
    block: str | None = None,
):
    for child in children:
        if "rule" in child:
            rule = child["rule"]
            opening = rule["name"].split(maxsplit=1)[0] if rule["name"].strip() else ""
            rule_id = opening if RULE_TAG.match(opening) else None
            yield from _walk(rule["children"], inherited + _tags(rule), feature, rule_id)
        elif "scenario" in child:
            scenario = child["scenario"]
            tags = inherited + _tags(scenario)
            for examples in scenario.get("examples", []):
                tags += _tags(examples)
            outcomes = sum(1 for step in scenario["steps"] if step["keywordType"] == "Outcome")
            yield Scenario(
                scenario["name"], feature, scenario["location"]["line"], tags, outcomes, block
            )


def game_rulebooks(game: str | None) -> Path:
    """Where ``game``'s catalogue finds the rulebook files it cites: its unit's
    ``rulebooks`` (a game package ships its own), else :func:`rulespec.resources.rulebooks_dir`
    (rulespec's own games, whose rulebooks are not shipped)."""
    if game is not None and games.is_registered(game):
        shipped = games.unit(game).rulebooks
        if shipped is not None:
            return Path(str(shipped))
    return rulebooks_dir()


def source_lines(source: str, game: str | None = None) -> tuple[Path, int, int]:
    """The rulebook file ``source`` cites (``file.txt:A-B``, in ``game``'s rulebooks) and
    its first and last line."""
    match = SOURCE.match(source)
    if not match:
        raise CatalogueError(f"bad source {source!r}: expected file.txt:LINE or file.txt:A-B")
    first = int(match["first"])
    last = int(match["last"] or first)
    return game_rulebooks(game) / match["file"], first, last


def quote_problem(rule: Rule, game: str | None = None) -> str | None:
    """Why ``rule.quote`` is not verbatim at ``rule.source`` (None when it is)."""
    if not rule.source or not rule.quote:
        return None
    path, first, last = source_lines(rule.source, game)
    if not path.exists():
        return f"{rule.id}: {path.name} not found in {path.parent}"
    lines = _read_lines(path)
    if not 1 <= first <= last <= len(lines):
        return f"{rule.id}: {rule.source} is outside {path.name} (1-{len(lines)})"
    cited = [line.strip() for line in lines[first - 1 : last]]
    if rule.quote in "".join(cited) or rule.quote in "\n".join(cited):
        return None
    return f"{rule.id}: quote not found at {rule.source}: {rule.quote[:60]!r}"


@cache
def _read_lines(path: Path) -> list[str]:
    return path.read_text(encoding="utf-8").splitlines()


def self_check(catalogue: Catalogue, check_quotes: bool = True) -> list[str]:
    """Every problem of a catalogue and its features, all at once."""
    problems: list[str] = []
    seen: set[str] = set()
    for rule in catalogue.rules:
        if rule.id in seen:
            problems.append(f"{rule.id}: duplicate rule id")
        seen.add(rule.id)
        if catalogue.prefix and not rule.id.startswith(catalogue.prefix + "-"):
            problems.append(f"{rule.id}: id does not start with {catalogue.prefix}-")
        if rule.source:
            file = rule.source.split(":")[0]
            if file not in catalogue.sources:
                problems.append(f"{rule.id}: cites {file}, not among the catalogue's sources")
        if check_quotes:
            problem = quote_problem(rule, catalogue.game)
            if problem:
                problems.append(problem)
    for rule in catalogue.uncovered():
        problems.append(f"{rule.id}: no scenario pins this rule")
    names: dict[str, Scenario] = {}
    for scenario in catalogue.scenarios:
        where = f"{scenario.feature}:{scenario.line}"
        if scenario.name in names:
            first = names[scenario.name]
            problems.append(
                f"{where}: scenario name {scenario.name!r} repeats {first.feature}:{first.line}"
            )
        names[scenario.name] = scenario
        if not scenario.rule_ids:
            problems.append(f"{where}: scenario {scenario.name!r} pins no rule")
        if not scenario.outcomes:
            problems.append(f"{where}: scenario {scenario.name!r} has no Then step")
        for rule_id in scenario.rule_ids:
            if rule_id not in seen:
                problems.append(f"{where}: tag @{rule_id} is not a rule of {catalogue.game}")
        if scenario.block and scenario.block not in scenario.rule_ids:
            problems.append(
                f"{where}: scenario {scenario.name!r} sits under Rule {scenario.block}"
                " but does not pin it"
            )
    return problems
