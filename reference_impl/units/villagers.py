"""The one registration of Villagers (group ``rulespec.games``)."""

from reference_impl.units.own import own_unit

UNIT = own_unit(
    "villagers",
    "Villagers (solo against the Countess)",
    steps=True,
    perft_depth=2,
    step_cost=0.8,
    outcome_details=("countess",),
)
