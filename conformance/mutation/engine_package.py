"""Where a game's reference engine package is (what ``rulespec mutate`` mutates and what a
kill matrix's lines are read from), without the mutation tools (libcst, mutmut): reading a
kill matrix's rules again (``--reread-rules``) needs no mutant."""

from __future__ import annotations

import importlib.util
from pathlib import Path


class MutantError(ValueError):
    """A seed mutant that does not apply, or a package that cannot be read."""


def engine_package(game: str) -> str:
    """The reference engine's package of ``game`` (its unit's ``engine``: ``reference_impl.<game>``
    for rulespec's own games), the package whose modules are mutated."""
    from rulespec import games

    return games.unit(game).engine


def package_dir(game: str) -> Path:
    """Where the game's reference engine package is imported from (never written to)."""
    package = engine_package(game)
    spec = importlib.util.find_spec(package)
    if spec is None or not spec.submodule_search_locations:
        raise MutantError(f"{game}: the reference engine {package} is not a package of modules "
                          "(rulespec mutate mutates a package)")  # fmt: skip
    return Path(next(iter(spec.submodule_search_locations)))
