"""The games rulespec knows: each one a :class:`GameUnit`, registered once as an entry point.

A game is a unit with ONE registration: the package that provides it declares, in its
``pyproject.toml``::

    [project.entry-points."rulespec.games"]
    pig = "rulespec_pig:UNIT"

and ``rulespec_pig.UNIT`` is a :class:`GameUnit` whose ``id`` is the entry point's name.
rulespec's own five games register the same way in rulespec's ``pyproject.toml``; nothing
in rulespec lists games. Everything else is found through the unit: the catalogue, the
components, the schemas and the recorded games in its ``spec`` folder, the scenarios in its
``features`` folder, the reference engine, and the optional parts (steps, invariants, proofs,
renderer, perft vectors). What a game does not provide is reported as absent, never a crash.

The unit's module should not import the engine: an engine that asks the registry for its
spec folder while it loads (``reference_impl.components``) would find the unit half made.
Keep the unit in the package's ``__init__`` with the engine in a subpackage (as ``rulespec
new-game`` writes it), or in a module outside the engine's package (rulespec's own games:
``reference_impl/units/<game>.py``): listing the games then imports no engine.

Loading is lazy: :func:`ids` reads the entry points' names only; a unit's module is
imported the first time the unit is asked for (:func:`unit`), and its engine, steps,
invariants or renderer module only when they are (:meth:`GameUnit.definition`, ...).

This module lives in the neutral ``rulespec`` package: the reference engine
(``reference_impl``) and the harness (``conformance``) both read it, neither imports the other
through it.
"""

from __future__ import annotations

import importlib
import importlib.util
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from importlib.metadata import EntryPoint
    from importlib.resources.abc import Traversable

#: the entry-point group a game package registers its unit in
GROUP = "rulespec.games"


@dataclass(frozen=True)
class GameUnit:
    """One game: its id, its title, and where each of its parts is.

    Modules are named by their import path (a string: imported only when asked for); folders
    and files are :mod:`importlib.resources` Traversables on disk, usually
    ``files(__package__) / "spec"`` (a :class:`pathlib.Path` is one too).

    Required:

    - ``id``: the game id: the entry point's name, ``state["game"]``, the ``--game`` of every
      command, the ``"game"`` of the protocol. Lower case, ``[a-z][a-z0-9_]*``.
    - ``title``: the game's name for people (``rulespec coverage``, ``show``, reports).
    - ``engine``: the module of the reference engine; its attribute ``GAME`` is the game's
      :class:`reference_impl.core.GameDefinition` (``rulespec serve`` and the in-process
      reference serve it; the deep levels compare a candidate against it).
    - ``spec``: the game's specification folder:

      - ``rules.yaml``: the rule catalogue (rules.schema.json; each rule's ``source`` cites a
        rulebook file, found in ``rulebooks``);
      - ``state.schema.json``, ``action.schema.json``: the canonical state and action;
      - optional: ``components.yaml`` (the component data), ``decisions.yaml`` (the open
        readings), ``mutants.yaml`` (the mutation triage), ``kill_matrix.json`` (which
        scenarios each mutant fails: blame by kill signature), ``errata/*.yaml`` (errata, as
        versioned rulesets), ``recorded/*.jsonl`` (recorded games: the golden traces errata
        are replayed over), ``positions/*.json`` (published base positions).
    - ``features``: the folder of the game's ``.feature`` files (the scenarios, tagged with
      rule ids), bound to the shared steps plus ``steps``.

    Optional (``None``: the game has none; the commands that need it say it is absent):

    - ``steps``: a module of extra pytest-bdd step definitions the game's scenarios use
      (imported into the game's suite module; the shared steps of
      ``conformance.steps.common`` always apply).
    - ``invariants``: a module as ``conformance.invariants`` describes (``INVARIANTS``,
      ``STEP_BOUND``, optionally ``CONFIGS`` and ``TRANSITIONS``): ``--level invariants``
      plays whole random games and checks each state; without one the level skips the game.
    - ``proofs``: a pytest module of z3 proofs (test functions marked ``rule``): ``rulespec
      proofs`` and ``rulespec rules`` index it by rule id.
    - ``renderer``: a module with ``draw(canvas, state)`` and ``action_targets(action)``
      (``conformance.render``): ``rulespec show`` and the reports' pictures; without one a
      position is drawn as a placeholder saying there is no renderer.
    - ``perft``: a file of golden perft vectors, one ``players depth count`` a line
      (``conformance.levels.perft``); ``perft_depth`` is the depth they cover.
    - ``rulebooks``: the folder of the rulebook texts the catalogue cites (a game package
      ships its own); ``None``: ``$RULESPEC_RULEBOOKS`` / ``../shared/rulebooks`` beside a
      checkout (rulespec's own games, whose rulebooks are not shipped).
    - ``step_cost``: the relative cost of one scenario step (1.0 is Notre Dame's with the
      reference in-process); it only balances ``rulespec check -j`` shares.
    - ``outcome_details``: the fields of the outcome's ``details`` whose meaning the game
      defines for every engine (the protocol README's table): differential play compares
      each one a candidate gives with the reference's at the end of a game, as it compares
      the scores; a field a candidate leaves out is not compared (``details`` is optional).
      A path names a field inside one (``breakdown.*.money``: ``*`` is every entry of a
      list).
    """

    id: str
    title: str
    engine: str
    spec: Traversable
    features: Traversable
    steps: str | None = None
    invariants: str | None = None
    proofs: str | None = None
    renderer: str | None = None
    perft: Traversable | None = None
    perft_depth: int = 2
    rulebooks: Traversable | None = None
    step_cost: float = 1.0
    outcome_details: tuple[str, ...] = ()

    @property
    def spec_dir(self) -> Path:
        """The ``spec`` folder as a path."""
        return Path(str(self.spec))

    @property
    def features_dir(self) -> Path:
        """The ``features`` folder as a path."""
        return Path(str(self.features))

    def definition(self) -> Any:
        """The reference engine's ``GAME`` (its module imported now, not before)."""
        return importlib.import_module(self.engine).GAME

    def module(self, part: str) -> Any | None:
        """The module of an optional part (``steps``, ``invariants``, ``proofs``,
        ``renderer``), imported; None when the game provides none."""
        name = getattr(self, part)
        return None if name is None else importlib.import_module(name)


class UnknownGame(LookupError):
    """No registered game has this id."""

    def __init__(self, game: str) -> None:
        self.game = game
        known = ", ".join(ids()) or "none: is rulespec installed (pip install -e .)?"
        super().__init__(f"unknown game {game!r} (registered games: {known})")


class GameRegistrationError(RuntimeError):
    """An entry point of ``rulespec.games`` that does not give a valid unit."""


@cache
def _entry_points() -> dict[str, EntryPoint]:
    from importlib.metadata import entry_points

    found: dict[str, EntryPoint] = {}
    for point in entry_points(group=GROUP):
        seen = found.get(point.name)
        if seen is not None and seen.value != point.value:
            raise GameRegistrationError(
                f"game {point.name!r} is registered twice in {GROUP!r}: {seen.value} and "
                f"{point.value}"
            )
        found[point.name] = point
    return found


def ids() -> list[str]:
    """Every registered game's id, sorted (no game module is imported)."""
    return sorted(_entry_points())


def is_registered(game: str) -> bool:
    return game in _entry_points()


@cache
def unit(game: str) -> GameUnit:
    """The unit of ``game``, its registration loaded; :class:`UnknownGame` when none."""
    point = _entry_points().get(game)
    if point is None:
        raise UnknownGame(game)
    where = f"entry point {game} = {point.value!r} of group {GROUP!r}"
    try:
        loaded = point.load()
    except Exception as error:
        raise GameRegistrationError(f"{where}: cannot be loaded ({error})") from error
    if not isinstance(loaded, GameUnit):
        raise GameRegistrationError(f"{where}: is a {type(loaded).__name__}, not a GameUnit")
    if loaded.id != game:
        raise GameRegistrationError(f"{where}: its unit's id is {loaded.id!r}")
    return loaded


def units() -> list[GameUnit]:
    """Every registered game's unit (each game's unit module imported)."""
    return [unit(game) for game in ids()]


def spec_dir(game: str) -> Path:
    """``game``'s specification folder (:attr:`GameUnit.spec`)."""
    return unit(game).spec_dir


def spec_file(game: str, name: str) -> Path | None:
    """The file ``name`` of ``game``'s spec folder (``rules.yaml``, ``state.schema.json``,
    ...); None when the game is not registered or provides no such file."""
    if not is_registered(game):
        return None
    path = unit(game).spec_dir / name
    return path if path.is_file() else None


def features_dir(game: str) -> Path:
    """``game``'s features folder (:attr:`GameUnit.features`)."""
    return unit(game).features_dir


def available(game: str) -> bool:
    """Registered and its engine module importable (a game lands when its package does)."""
    if not is_registered(game):
        return False
    try:
        return importlib.util.find_spec(unit(game).engine) is not None
    except ModuleNotFoundError:  # its parent package is absent
        return False


def clear_cache() -> None:
    """Forget the entry points and units read (after installing a game in-process)."""
    _entry_points.cache_clear()
    unit.cache_clear()
