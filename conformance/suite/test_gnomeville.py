"""The gnomeville conformance scenarios, bound to the shared steps."""

from pytest_bdd import scenarios

from conformance.plugin import feature_paths
from conformance.steps.gnomeville import *  # noqa: F403

scenarios(*feature_paths("gnomeville"))
