"""The notre_dame conformance scenarios, bound to the shared steps."""

from pytest_bdd import scenarios

from conformance.paths import FEATURES_DIR
from conformance.steps.notre_dame import *  # noqa: F403

scenarios(str(FEATURES_DIR / "notre_dame"))
