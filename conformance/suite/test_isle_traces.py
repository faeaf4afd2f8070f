"""The isle_traces conformance scenarios, bound to the shared steps."""

from pytest_bdd import scenarios

from conformance.paths import FEATURES_DIR
from conformance.steps.isle_traces import *  # noqa: F403

scenarios(str(FEATURES_DIR / "isle_traces"))
