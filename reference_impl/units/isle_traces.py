"""The one registration of Isle Traces: Isle Side (group ``rulespec.games``)."""

from reference_impl.units.own import own_unit

UNIT = own_unit(
    "isle_traces",
    "Isle Traces: Isle Side",
    steps=True,
    step_cost=1.5,
    outcome_details=("scores", "longest_line_creatures", "creatures"),
)
