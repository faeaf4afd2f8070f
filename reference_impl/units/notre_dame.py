"""The one registration of Notre Dame: 10th Anniversary (group ``rulespec.games``)."""

from reference_impl.units.own import own_unit

UNIT = own_unit("notre_dame", "Notre Dame: 10th Anniversary", step_cost=1.0)
