"""The server refuses hostile ``new_game`` params and oversized requests by name (issue 30).

``params`` (ruleset parameters, ``{"GV-TROLL-CAP": {"cap": 4}}``) must name a catalogue
rule of the game that has parameters, one of its parameters, and a value of the edition
value's shape: before, a cap of ``"x"`` was accepted and a later ``apply`` of a listed
action failed with an ``internal`` error. A request holding more than 20,000 JSON values
(a Gnomeville ``options.boards`` of 200,000 items took 30 s to refuse) is refused before
any check walks it, and no error message quotes megabytes of it.
"""

from __future__ import annotations

import json
from typing import Any

import pytest

from reference_impl import registry
from reference_impl.server import MAX_MESSAGE, MAX_REQUEST_VALUES, Server


def server() -> Server:
    made = Server()
    made.handle({"id": 1, "cmd": "handshake", "protocol": [1]})
    return made


@pytest.mark.parametrize(
    ("game", "params", "words"),
    [
        ("gnomeville", {"GV-TROLL-CAP": {"cap": "x"}}, "GV-TROLL-CAP.cap must be a whole number"),
        ("gnomeville", {"GV-TROLL-CAP": {"cap": True}}, "must be a whole number"),
        ("gnomeville", {"GV-TROLL-CAP": {"cap": 10**12}}, "in 0-10,000"),
        ("gnomeville", {"GV-TROLL-CAP": {"cap": -1}}, "in 0-10,000"),
        ("gnomeville", {"GV-NOPE": {"cap": 1}}, "'GV-NOPE' is not a rule of gnomeville"),
        ("gnomeville", {"ND-GAME-ROUNDS": {"rounds": 9}}, "is not a rule of gnomeville"),
        ("gnomeville", {"GV-TROLL-CAP": {"size": 1}}, "GV-TROLL-CAP has no parameter 'size'"),
        ("gnomeville", {"GV-TROLL-CAP": 4}, "must map rule ids to objects"),
        ("neom", {"NM-SCORE-HOODTABLE": {"values": [1, "x"]}}, "values item must be"),
        ("neom", {"NM-SCORE-HOODTABLE": {"values": list(range(500))}}, "at most 100 items"),
        ("notre_dame", {"ND-ND-OFFERING": {"offerings": {"1": [1]}}}, "offerings item"),
        ("villagers", {"VL-LOCK-BANK": {"fee": 2.5}}, "must be a whole number"),
    ],
)
def test_hostile_params_are_refused_as_malformed_naming_them(
    game: str, params: Any, words: str
) -> None:
    engine = server()
    players = registry.get_game(game).min_players
    before = engine.handle({"id": 2, "cmd": "new_game", "game": game, "num_players": players})
    reply = engine.handle({"id": 3, "cmd": "new_game", "game": game, "num_players": players,
                           "options": {"params": params}})  # fmt: skip
    assert reply["ok"] is False and reply["error"]["kind"] == "malformed", reply
    assert words in reply["error"]["message"]
    after = engine.handle({"id": 4, "cmd": "state"})
    assert after["result"]["state"] == before["result"]["state"]  # nothing changed


def test_params_of_the_editions_shape_are_accepted_and_played() -> None:
    engine = server()
    reply = engine.handle({"id": 2, "cmd": "new_game", "game": "gnomeville", "num_players": 2,
                           "options": {"params": {"GV-TROLL-CAP": {"cap": 4}}}})  # fmt: skip
    assert reply["ok"], reply
    for number in range(3, 40):
        listing = engine.handle({"id": number, "cmd": "legal_actions"})["result"]["actions"]
        applied = engine.handle({"id": number, "cmd": "apply", "action": listing[0]})
        assert applied["ok"], applied


@pytest.mark.parametrize("boards", [["symmetric"] * 200_000, list(range(200_000))])
def test_a_state_with_a_huge_list_is_refused_before_it_is_walked(boards: list[Any]) -> None:
    engine = server()
    state = engine.handle({"id": 2, "cmd": "new_game", "game": "gnomeville",
                           "num_players": 2})["result"]["state"]  # fmt: skip
    state["options"]["boards"] = boards
    reply = engine.handle({"id": 3, "cmd": "load_state", "state": state})
    assert reply["ok"] is False and reply["error"]["kind"] == "malformed"
    assert f"more than {MAX_REQUEST_VALUES:,} JSON values" in reply["error"]["message"]
    assert len(json.dumps(reply)) < 1000


def test_an_error_message_quoting_a_huge_input_is_cut() -> None:
    engine = server()
    state = engine.handle({"id": 2, "cmd": "new_game", "game": "gnomeville",
                           "num_players": 2})["result"]["state"]  # fmt: skip
    state["options"]["boards"] = ["symmetric" * 200] * 100  # few values, a long quote
    reply = engine.handle({"id": 3, "cmd": "load_state", "state": state})
    assert reply["ok"] is False
    assert len(reply["error"]["message"]) <= MAX_MESSAGE + 40
