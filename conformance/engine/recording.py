"""An engine client that remembers which rules its ``apply`` replies said fired: how the
errata impact report, the rule-firing figures and campaigns learn what play reached."""

from __future__ import annotations

from typing import Any

from conformance.engine.client import EngineClient


class FiredRecorder:
    """The engine, remembering the rule ids every ``apply`` reply says fired."""

    def __init__(self, client: EngineClient) -> None:
        self._client = client
        self.fired: set[str] = set()

    @property
    def client(self) -> EngineClient:
        """The engine itself (requests through it are not recorded)."""
        return self._client

    def __getattr__(self, name: str) -> Any:
        return getattr(self._client, name)

    def apply(self, action: dict[str, Any]) -> dict[str, Any]:
        reply = self._client.apply(action)
        self.fired.update(reply.get("fired") or [])
        return reply
