"""The gnomeville conformance scenarios, bound to the shared steps."""

from pytest_bdd import scenarios

from conformance.steps.gnomeville import *  # noqa: F403
from rulespec.resources import FEATURES_DIR

scenarios(str(FEATURES_DIR / "gnomeville"))
