"""The villagers conformance scenarios, bound to the shared steps."""

from pytest_bdd import scenarios

from conformance.plugin import feature_paths
from conformance.steps.villagers import *  # noqa: F403

scenarios(*feature_paths("villagers"))
