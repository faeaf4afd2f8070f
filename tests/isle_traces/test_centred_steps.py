"""The scenario steps' area frame (conformance/steps/isle_traces.py, IT-PLACE-AREA and
IT-PLACE-CENTRE): under another area_size reading the scenario's coordinates are moved by
the difference of the centres, and the engine's answers moved back."""

from __future__ import annotations

from typing import Any

import pytest

from conformance.engine.client import InProcessClient
from conformance.engine.errors import EngineRefused
from conformance.steps.isle_traces import CentredEngine, _moved, centre

CARD = {"faces": [["road"] * 3 + ["plains"] * 3, ["forest"] * 6]}


def test_the_centres_follow_the_ruling() -> None:
    assert centre(15) == (6, 6)
    assert centre(13) == (5, 5)
    assert centre(17) == (7, 7)
    assert centre(14) == (6, 5)


def test_moving_there_and_back_is_the_identity_and_keeps_the_grid_cells() -> None:
    state: dict[str, Any] = {
        "map": [{"id": 1, **CARD, "face": 0, "rot": 0, "row": 6, "col": 6}],
        "explorers": [{"player": 0, "row": 7, "col": 8}],
        "feather": {"row": 6, "col": 7},
        "withdrawn": None,
        "grid": [[None] * 15 for _ in range(15)],
        "lines": [{"cells": [[6, 6], [6, 7]], "explorers": [1, 0]}],
    }
    state["grid"][6][6] = "road"
    small = _moved(state, -1, -1, 15, 13)
    assert small["map"][0]["row"] == 5 and small["map"][0]["col"] == 5
    assert small["explorers"] == [{"player": 0, "row": 6, "col": 7}]
    assert small["feather"] == {"row": 5, "col": 6}
    assert len(small["grid"]) == 13 and all(len(r) == 13 for r in small["grid"])
    assert small["grid"][5][5] == "road"
    assert small["lines"][0]["cells"] == [[5, 5], [5, 6]]
    assert small["lines"][0]["explorers"] == [1, 0]  # not a coordinate
    assert _moved(small, 1, 1, 13, 15) == state
    bad = {"grid": [[1]], "explorers": []}
    assert _moved(bad, -1, -1, 15, 13) == bad  # a malformed grid reaches the engine as it is


def test_a_thirteen_area_game_is_seen_in_the_fifteen_frame() -> None:
    engine = CentredEngine(InProcessClient())
    engine.handshake()
    state = engine.new_game("isle_traces", 2)
    assert state["options"]["area_size"] == 15  # no reading: the frame itself
    lens = CentredEngine(_Reading(InProcessClient(), {"area_size": 13}))
    lens.handshake()
    lens.new_game("isle_traces", 2)
    held = lens.state()
    assert held["options"]["area_size"] == 13 and len(held["grid"]) == 15
    held["map"] = [{"id": 1, **CARD, "face": 0, "rot": 0, "row": 6, "col": 6}]
    held["deck"] = [c for c in held["deck"] if c["id"] != 1]
    held["phase"] = "explore"
    lens.load_state(held)
    raw = lens._engine.state()
    assert (raw["map"][0]["row"], raw["map"][0]["col"]) == centre(13)
    lens.apply({"actor": 0, "type": "place_explorer", "row": 7, "col": 8})
    assert raw["grid"][6][7] == "plains"
    assert lens._engine.state()["explorers"] == [{"player": 0, "row": 6, "col": 7}]
    assert lens.state()["explorers"] == [{"player": 0, "row": 7, "col": 8}]
    assert lens.state()["grid"][7][8] == "plains"


def test_a_refused_load_keeps_the_frame() -> None:
    lens = CentredEngine(_Reading(InProcessClient(), {"area_size": 13}))
    lens.handshake()
    lens.new_game("isle_traces", 2)
    bad = lens.state()
    bad["options"] = {**bad["options"], "area_size": 5}
    bad["phase"] = "explore"  # with an empty map: refused
    with pytest.raises(EngineRefused):
        lens.load_state(bad)
    assert lens._shift() == (-1, -1)


class _Reading:
    """The run's options merged under the scenario's (as --rulespec-options does)."""

    def __init__(self, engine: Any, options: dict[str, Any]) -> None:
        self._engine, self._options = engine, options

    def __getattr__(self, name: str) -> Any:
        return getattr(self._engine, name)

    def new_game(self, game: str, players: int, options: Any = None, setup: Any = None) -> Any:
        merged = {**self._options, **(options or {})}
        return self._engine.new_game(game, players, options=merged, setup=setup)
