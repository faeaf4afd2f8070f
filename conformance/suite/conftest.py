"""The conformance suite: every feature of every game, run through the engine client."""

from conformance.steps.common import *  # noqa: F403 - step definitions are fixtures
