"""The one registration of Gnomeville (group ``rulespec.games``)."""

from reference_impl.units.own import own_unit

UNIT = own_unit(
    "gnomeville", "Gnomeville", steps=True, step_cost=1.27, outcome_details=("buildings", "rank")
)
