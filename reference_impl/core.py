"""The in-process engine API every reference engine implements.

A game is a small package (``reference_impl/<game>/``) exposing a module-level
``GAME: GameDefinition``. A :class:`GameState` is mutable and cloneable; values it
hands out (canonical states, actions) are plain JSON data.

Conventions shared by every game (see ``spec/protocol/README.md``):

- An *action* is a JSON object with at least ``"actor"`` (a seat number ``0..n-1`` or
  the string ``"chance"``) and ``"type"``. Actions are compared as JSON values.
- The *canonical state* is a JSON object with at least ``game``, ``num_players``,
  ``options``, ``to_act`` (list of actors who may act now, ``[]`` when the game is
  over) and ``terminal``. Equal positions give equal JSON.
- *Chance is an actor*: when ``"chance"`` is in ``to_act``, ``chance_outcomes()``
  lists every outcome with its exact probability, and the driver applies one of them.
- ``apply`` validates first and mutates only once the action is known to be legal:
  an :class:`IllegalAction` leaves the state exactly as it was.
"""

from __future__ import annotations

import functools
import json
import random
from abc import ABC, abstractmethod
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any, ClassVar

from reference_impl.option_reads import READ, NotedOptions

Action = dict[str, Any]
Actor = int | str
CHANCE = "chance"
#: The option every game accepts for rule parameters changed by errata (see :func:`rule_param`).
PARAMS_OPTION = "params"


class EngineError(Exception):
    """Base class of the errors an engine reports through the protocol."""

    kind = "internal"

    def __init__(self, message: str, rule: str | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.rule = rule

    def to_json(self) -> dict[str, Any]:
        error: dict[str, Any] = {"kind": self.kind, "message": self.message}
        if self.rule:
            error["rule"] = self.rule
        return error


class IllegalAction(EngineError):
    """A well-formed action that the rules forbid here. ``rule`` names the rule id."""

    kind = "illegal_action"

    def __init__(self, rule: str, message: str) -> None:
        super().__init__(message, rule)


class MalformedInput(EngineError):
    """Input that does not have the shape of an action, state, option or setup."""

    kind = "malformed"


class Unsupported(EngineError):
    """A request the engine does not implement (player count, option, capability)."""

    kind = "unsupported"


@dataclass(frozen=True)
class Outcome:
    """Final (or running) result: scores per seat and the winning seats."""

    scores: tuple[int, ...]
    winners: tuple[int, ...]
    details: dict[str, Any] = field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        return {"scores": list(self.scores), "winners": list(self.winners), "details": self.details}


class GameState(ABC):
    """A mutable game position. Subclasses keep internal fields as they like."""

    #: rule ids that fired during the last successful ``apply`` (rule-firing coverage).
    fired: list[str]

    @abstractmethod
    def to_canonical(self) -> dict[str, Any]:
        """The canonical JSON state (validated by ``spec/<game>/state.schema.json``)."""

    def view(self, player: int) -> dict[str, Any]:
        """Canonical state as ``player`` sees it; hidden information replaced by counts."""
        return self.to_canonical()

    @abstractmethod
    def to_act(self) -> list[Actor]:
        """Actors who may act now: seats, or ``["chance"]``; ``[]`` when terminal."""

    @abstractmethod
    def legal_actions(self) -> list[Action]:
        """Every legal action of every actor in ``to_act()``, in a deterministic order.

        For chance these are the outcomes (see :meth:`chance_outcomes`).
        """

    def chance_outcomes(self) -> list[tuple[Action, Fraction]]:
        """Chance outcomes with exact probabilities summing to 1 (empty if not chance)."""
        return []

    @abstractmethod
    def apply(self, action: Action) -> None:
        """Validate and apply; raise IllegalAction/MalformedInput leaving state untouched."""

    @abstractmethod
    def is_terminal(self) -> bool: ...

    @abstractmethod
    def outcome(self) -> Outcome:
        """Scores so far (final once terminal) and winners (empty until terminal)."""

    @abstractmethod
    def clone(self) -> GameState:
        """An independent copy (only when asked: never per step in the hot path)."""


class GameDefinition(ABC):
    """Fixed rules and configuration of one game."""

    id: str
    title: str
    min_players: int
    max_players: int
    #: option name -> default value (rulings and variants selectable per game)
    default_options: ClassVar[dict[str, Any]] = {}

    @abstractmethod
    def new_game(
        self,
        num_players: int,
        options: dict[str, Any] | None = None,
        setup: dict[str, Any] | None = None,
    ) -> GameState:
        """A fresh game. Random setup is left to chance nodes unless ``setup`` fixes it."""

    @abstractmethod
    def load(self, canonical: dict[str, Any]) -> GameState:
        """Rebuild a state from its canonical JSON (raise MalformedInput naming the field)."""

    def resolve_options(self, options: dict[str, Any] | None) -> dict[str, Any]:
        """Defaults overlaid with ``options``; unknown names or wrong types are malformed."""
        resolved = dict(self.default_options)
        for name, value in (options or {}).items():
            if name == PARAMS_OPTION and name not in resolved:
                resolved.update(_params_option(value, self.id))
                continue
            if name not in resolved:
                known = ", ".join(sorted(resolved)) or "none"
                raise MalformedInput(f"unknown option {name!r} for {self.id} (known: {known})")
            default = resolved[name]
            if default is not None and type(value) is not type(default):
                raise MalformedInput(
                    f"option {name!r} must be {type(default).__name__}, got {value!r}"
                )
            resolved[name] = value
        return resolved

    def options_of(self, options: dict[str, Any] | None) -> dict[str, Any]:
        """The options a new or loaded state holds: :meth:`resolve_options`, noting the names
        the engine then looks up while noting is on (:mod:`reference_impl.option_reads`)."""
        from reference_impl.option_reads import noted

        return noted(self.resolve_options(options))

    def check_players(self, num_players: int) -> None:
        if not isinstance(num_players, int) or isinstance(num_players, bool):
            raise MalformedInput(f"num_players must be an integer, got {num_players!r}")
        if not self.min_players <= num_players <= self.max_players:
            raise Unsupported(
                f"{self.id} is for {self.min_players}-{self.max_players} players, not {num_players}"
            )


def rule_param(options: dict[str, Any], rule_id: str, name: str, default: Any) -> Any:
    """Parameter ``name`` of catalogue rule ``rule_id`` (its ``params``: caps, counts, tables).

    ``default`` is the edition's value, the one in ``spec/<game>/rules.yaml``. A ruleset
    with errata (``spec/<game>/errata/``, :mod:`conformance.specification.errata`) overrides
    it through the ``params`` option, ``{"params": {"GV-TROLL-CAP": {"cap": 4}}}``, which
    every game accepts and keeps in its canonical ``options`` only when it is not empty.
    """
    if type(options) is NotedOptions:  # noting: the rule's parameters were looked up
        READ.add(f"{PARAMS_OPTION}.{rule_id}")
    return options.get(PARAMS_OPTION, {}).get(rule_id, {}).get(name, default)


def _params_option(value: Any, game: str | None = None) -> dict[str, Any]:
    """The ``params`` option checked: rule id -> {parameter: value}, each rule id one of
    the game's catalogue rules with parameters, each parameter one that rule has, each value
    of the shape of the edition's (:func:`param_problem`); {} dropped."""
    if not isinstance(value, dict) or not all(
        isinstance(k, str) and isinstance(v, dict) for k, v in value.items()
    ):
        raise MalformedInput(f"option 'params' must map rule ids to objects, got {_short(value)}")
    if game is not None and value:
        edition = catalogue_params(game)
        for rule_id, changed in value.items():
            if rule_id not in edition:
                known = ", ".join(sorted(edition)) or "none"
                raise MalformedInput(f"option 'params': {_short(rule_id)} is not a rule of "
                                     f"{game} with parameters (those are: {known})")  # fmt: skip
            for name, given in changed.items():
                if name not in edition[rule_id]:
                    known = ", ".join(sorted(edition[rule_id]))
                    raise MalformedInput(f"option 'params': {rule_id} has no parameter "
                                         f"{_short(name)} (it has: {known})")  # fmt: skip
                problem = param_problem(given, edition[rule_id][name])
                if problem is not None:
                    raise MalformedInput(f"option 'params': {rule_id}.{name} {problem}")
    return {PARAMS_OPTION: value} if value else {}


#: the largest number a rule parameter may be given (the editions' largest is 135)
MAX_PARAM = 10_000
#: the most items a list or table parameter may be given
MAX_PARAM_ITEMS = 100


def param_problem(given: Any, edition: Any) -> str | None:
    """What is wrong with ``given`` for a parameter whose edition value is ``edition``
    (None: nothing): it must have the same JSON type (a whole number in 0-10,000 for a
    number; a list or table of at most 100 items whose items are of the edition's items'
    type)."""
    if type(edition) is bool or type(edition) is str:
        if type(given) is not type(edition) or (type(given) is str and len(given) > 100):
            return f"must be a {type(edition).__name__} like {_short(edition)}, not {_short(given)}"
        return None
    if type(edition) is int:
        if type(given) is not int or not 0 <= given <= MAX_PARAM:
            return f"must be a whole number in 0-{MAX_PARAM:,}, not {_short(given)}"
        return None
    if isinstance(edition, list | dict):
        if type(given) is not type(edition) or len(given) > MAX_PARAM_ITEMS:
            kind = "list" if isinstance(edition, list) else "table"
            return f"must be a {kind} of at most {MAX_PARAM_ITEMS} items, not {_short(given)}"
        items = edition if isinstance(edition, list) else list(edition.values())
        values = given if isinstance(given, list) else list(given.values())
        for item in values:
            problem = param_problem(item, items[0]) if items else None
            if problem is not None:
                return f"item {problem}"
        return None
    return None


def catalogue_params(game: str) -> dict[str, dict[str, Any]]:
    """Rule id -> its ``params`` (the edition's values), for the rules of ``game``'s
    catalogue that have some (read once, when a ``params`` option is first given)."""
    return dict(_catalogue_params(game))


@functools.cache
def _catalogue_params(game: str) -> tuple[tuple[str, dict[str, Any]], ...]:
    from rulespec.games import spec_file
    from rulespec.yaml_safe import safe_load

    path = spec_file(game, "rules.yaml")
    if path is None:
        return ()
    document = safe_load(path.read_text(encoding="utf-8"))
    rules = document.get("rules", []) if isinstance(document, dict) else document or []
    return tuple((rule["id"], dict(rule["params"])) for rule in rules
                 if isinstance(rule, dict) and isinstance(rule.get("params"), dict))  # fmt: skip


def json_copy(value: Any) -> Any:
    """A copy of a JSON-like value (dicts and lists, nested, copied; the rest shared)."""
    if type(value) is dict:
        return {key: json_copy(item) for key, item in value.items()}
    if type(value) is list:
        return [json_copy(item) for item in value]
    return value


def exported_options(options: Any) -> dict[str, Any]:
    """The options (a mapping, or its items) as a canonical state holds them: new all the
    way down, for a caller may change what an export hands out, and ``params`` nests
    objects (a shallow copy shared them with the engine: an exported state edited before
    it was loaded changed the live game's errata)."""
    exported = dict(options)
    for key, value in exported.items():
        if type(value) is dict or type(value) is list:
            exported[key] = json_copy(value)
    return exported


def _short(value: Any, limit: int = 80) -> str:
    text = repr(value)
    return text if len(text) <= limit else text[:limit] + "..."


def sample_chance(state: GameState, rng: random.Random) -> Action:
    """Pick a chance outcome with its exact probability (driver-side helper).

    Each probability is read as a float once per distinct object: engines list many
    outcomes under one shared ``Fraction`` (a deal's equal shares), whose ``numerator`` and
    ``denominator`` are Python-level properties; the float and the sum are the same."""
    outcomes = state.chance_outcomes()
    point = rng.random()
    cumulative = 0.0
    last: Any = None
    value = 0.0
    for action, probability in outcomes:
        if probability is not last:
            last, value = probability, probability.numerator / probability.denominator
        cumulative += value
        if point < cumulative:
            return action
    return outcomes[-1][0]


def random_playout(state: GameState, rng: random.Random, max_steps: int = 1_000_000) -> int:
    """Play uniformly random legal actions (chance by its probabilities) to the end.

    Returns the number of actions applied. Raises RuntimeError if ``max_steps`` is hit.
    """
    steps = 0
    while not state.is_terminal():
        if steps >= max_steps:
            raise RuntimeError(f"game did not end within {max_steps} actions")
        if CHANCE in state.to_act():
            action = sample_chance(state, rng)
        else:
            actions = state.legal_actions()
            action = actions[rng.randrange(len(actions))]
        state.apply(action)
        steps += 1
    return steps


def exactly_listed(action: Action, actions: list[Action]) -> bool:
    """``action in actions`` with JSON's types kept apart: Python's ``==`` takes ``1.0``
    for ``1`` and ``false`` for ``0``, so a listed ``{"space": [4, 0]}`` would admit a sent
    ``{"space": [4, false]}`` that the engine then fails on. The equal ones are compared
    again as canonical JSON text (only those: the fast path stays one ``in``), unless the
    action is one of the listed objects itself (an in-process driver choosing from the list)."""
    for listed in actions:
        if listed is action:
            return True
    if action not in actions:
        return False
    sent = json.dumps(action, sort_keys=True)
    return any(json.dumps(a, sort_keys=True) == sent for a in actions if a == action)
