"""What can go wrong when the harness talks to an engine, and which step raises what.

- :class:`EngineRefused`: the engine answered ``ok: false`` (an illegal action, a malformed
  request, an unsupported game or option, an internal error). A normal protocol outcome.
- :class:`TransportError` and its kinds, raised by the subprocess transport:
  :class:`EngineCrashed` (the process exited or closed stdout), :class:`EngineTimeout`
  (no reply within the limit), :class:`ProtocolViolation` (a reply that is not JSON, has
  the wrong id, or breaks the reply schema). Each carries the engine's stderr tail.
"""

from __future__ import annotations

from typing import Any


class HarnessError(Exception):
    """Base of every error the harness reports about an engine."""

    status = "errored"


class EngineRefused(HarnessError):
    """The engine replied with an error object."""

    def __init__(self, command: str, error: dict[str, Any]) -> None:
        self.command = command
        self.kind: str = error.get("kind", "?")
        self.rule: str | None = error.get("rule")
        self.message_text: str = error.get("message", "")
        rule = f" [{self.rule}]" if self.rule else ""
        super().__init__(f"{command}: engine refused ({self.kind}{rule}): {self.message_text}")


class TransportError(HarnessError):
    """The engine process misbehaved; ``stderr`` holds what it printed there."""

    def __init__(self, message: str, stderr: str = "") -> None:
        self.stderr = stderr
        text = message
        if stderr.strip():
            text += "\n--- engine stderr (last lines) ---\n" + stderr.rstrip()
        super().__init__(text)


class EngineCrashed(TransportError):
    status = "crashed"


class EngineTimeout(TransportError):
    status = "timed out"


class ProtocolViolation(TransportError):
    status = "protocol error"


class UnsolicitedLine(ProtocolViolation):
    """A line nobody asked for (a reply sent twice, or late), met at a later request than
    the one it follows. ``earlier_test`` names the test that made that request when it is
    not the test the line was met in: that test is not judged (it is reported, but its
    rules are not charged), and the message names the test the line belongs to."""

    def __init__(self, message: str, stderr: str = "", earlier_test: str | None = None) -> None:
        super().__init__(message, stderr)
        self.earlier_test = earlier_test


class CapabilityMissing(HarnessError):
    """The engine did not declare a capability the check needs (a skip, never a pass)."""

    status = "skipped"


class BudgetExhausted(HarnessError):
    """The engine's restart budget is spent: the remaining tests are not run."""

    status = "not run"
