"""Which of a game's optional parts it provides: ``rulespec coverage`` names the absent ones.

A game is whole with its catalogue, schemas, features and reference engine (its
:class:`rulespec.games.GameUnit`); each optional part buys one kind of check, and its absence
is reported, never an error: invariants (``--level invariants``), proofs (``rulespec
proofs``), a renderer (``rulespec show``, the reports' pictures), errata (``rulespec errata``,
versioned rulesets), recorded games (an erratum's impact on whole games) and perft vectors
(a regression count of the reference's move generation).
"""

from __future__ import annotations

from rulespec import games


def parts(game: str) -> dict[str, bool]:
    """Optional part -> whether ``game`` provides it."""
    unit = games.unit(game)
    spec = unit.spec_dir
    return {
        "invariants": unit.invariants is not None,
        "proofs": unit.proofs is not None,
        "renderer": unit.renderer is not None,
        "errata": any((spec / "errata").glob("*.yaml")),
        "recorded games": any((spec / "recorded").glob("*.jsonl")),
        "perft vectors": unit.perft is not None,
    }


def absent(game: str) -> list[str]:
    """The optional parts ``game`` does not provide."""
    return [name for name, present in parts(game).items() if not present]
