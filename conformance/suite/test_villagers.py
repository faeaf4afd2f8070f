"""The villagers conformance scenarios, bound to the shared steps."""

from pytest_bdd import scenarios

from conformance.steps.villagers import *  # noqa: F403
from rulespec.resources import FEATURES_DIR

scenarios(str(FEATURES_DIR / "villagers"))
