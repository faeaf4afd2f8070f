"""The neom conformance scenarios, bound to the shared steps."""

from pytest_bdd import scenarios

from rulespec.resources import FEATURES_DIR

scenarios(str(FEATURES_DIR / "neom"))
