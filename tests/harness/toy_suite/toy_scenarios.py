"""The toy scenarios, run only by the harness self-tests against (broken) subprocess engines."""

from pathlib import Path

from pytest_bdd import scenarios

from conformance.steps.common import *  # noqa: F403

scenarios(str(Path(__file__).parent / "features"))
