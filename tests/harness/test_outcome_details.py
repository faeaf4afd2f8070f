"""Differential play compares the outcome ``details`` fields a game defines for every
engine (the protocol README's table; ``GameUnit.outcome_details``) where the candidate gives
them: a breakdown that is wrong while the scores are right is a divergence, and a candidate
that leaves ``details`` out (it is optional) is not judged on it."""

from __future__ import annotations

import random
from typing import Any

import pytest

from conformance.engine.client import InProcessClient
from conformance.levels.differential import Divergence, defined_details, lockstep


class _Details:
    """The reference, with its outcome's details changed by ``edit``."""

    def __init__(self, edit: Any) -> None:
        self._client = InProcessClient()
        self._edit = edit

    def __getattr__(self, name: str) -> Any:
        return getattr(self._client, name)

    def outcome(self) -> dict[str, Any]:
        found = dict(self._client.outcome())
        found["details"] = self._edit(dict(found.get("details") or {}))
        return found


def _play(candidate: Any) -> int:
    reference = InProcessClient()
    reference.handshake()
    candidate.handshake()
    rng = random.Random(3)
    return lockstep(candidate, reference, "villagers", 1, None, rng.randrange, 2000)


def test_a_wrong_defined_detail_is_an_outcome_divergence() -> None:
    assert defined_details("villagers") == ("countess",)

    def off_by_one(details: dict[str, Any]) -> dict[str, Any]:
        return {**details, "countess": details["countess"] + 1}

    with pytest.raises(Divergence) as caught:
        _play(_Details(off_by_one))
    assert caught.value.kind == "outcome"
    assert caught.value.first == "details.countess"


def test_details_left_out_or_of_the_engines_own_are_not_judged() -> None:
    assert _play(_Details(lambda details: {})) > 0
    assert _play(_Details(lambda details: {**details, "own_field": 1})) > 0


def test_a_defined_path_reaches_into_every_seats_entry() -> None:
    from conformance.levels.differential import defined_values

    details = {"breakdown": [{"money": 3, "total": 9}, {"money": 1}], "rank": None, "own": 1}
    found = defined_values("neom", details)
    assert found == {"breakdown.0.money": 3, "breakdown.1.money": 1, "rank": None}
