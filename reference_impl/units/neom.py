"""The one registration of NEOM (group ``rulespec.games``)."""

from reference_impl.units.own import own_unit

UNIT = own_unit(
    "neom",
    "NEOM",
    step_cost=0.83,
    outcome_details=(
        "breakdown.*.tiles",
        "breakdown.*.neighbourhoods",
        "breakdown.*.goods",
        "breakdown.*.money",
        "breakdown.*.pollution",
        "breakdown.*.ghost_town",
        "breakdown.*.power",
        "rank",
        "tile_set",
    ),
)
