"""The neom conformance scenarios, bound to the shared steps."""

from pytest_bdd import scenarios

from conformance.plugin import feature_paths

scenarios(*feature_paths("neom"))
