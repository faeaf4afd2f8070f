"""The shared step vocabulary (rulespec's conformance.steps.common), for the package's own
run of its scenarios (tests/test_scenarios.py)."""

from conformance.steps.common import *  # noqa: F403 - step definitions are fixtures
