"""The :class:`rulespec.games.GameUnit` of one of rulespec's own games.

rulespec's own games keep their parts where they always were: the catalogue and schemas in
``spec/<game>/``, the scenarios in ``features/<game>/`` (both shipped inside the ``rulespec``
package), the engine in ``reference_impl/<game>``, the steps, invariants, proofs and renderer
in ``conformance``'s folders, the perft vectors in the checkout's ``tests/perft/`` (absent
from a wheel). Each game's ``reference_impl/units/<game>.py`` builds its ``UNIT`` with
:func:`own_unit` and rulespec's ``pyproject.toml`` registers it, as any game package does.
"""

from __future__ import annotations

from rulespec.games import GameUnit
from rulespec.resources import FEATURES_DIR, SPEC_DIR, checkout_dir


def own_unit(
    game: str,
    title: str,
    *,
    steps: bool = False,
    perft_depth: int = 3,
    step_cost: float = 1.0,
    outcome_details: tuple[str, ...] = (),
) -> GameUnit:
    """The unit of rulespec's own ``game``: every part at its usual place (``steps``: the
    game has a ``conformance/steps/<game>.py``)."""
    checkout = checkout_dir()
    perft = checkout / "tests" / "perft" / f"{game}.perft" if checkout is not None else None
    return GameUnit(
        id=game,
        title=title,
        engine=f"reference_impl.{game}",
        spec=SPEC_DIR / game,
        features=FEATURES_DIR / game,
        steps=f"conformance.steps.{game}" if steps else None,
        invariants=f"conformance.invariants.{game}",
        proofs=f"conformance.proofs.test_{game}_proofs",
        renderer=f"conformance.render.{game}",
        perft=perft if perft is not None and perft.is_file() else None,
        perft_depth=perft_depth,
        step_cost=step_cost,
        outcome_details=outcome_details,
    )
