"""The ``params`` option of the NEOM reference: applied for NM-SELL, ``unsupported`` otherwise.

spec/protocol/README.md (``new_game``: options and setup): a rule id that is not a rule of
the game with parameters, a parameter the rule does not have or a value of the wrong shape
is ``malformed``; a rule whose parameters the engine does not implement is ``unsupported``.
The reference applies only NM-SELL's ``price`` (the example erratum's); every other NEOM rule
with parameters (NM-FLOW-PRELIM, NM-FLOW-TURNS, NM-GEN-DEAL, NM-SCORE-HOODTABLE,
NM-SCORE-GOODS, ...) is answered ``unsupported``, by ``new_game`` and by ``load_state``.
This is the reference's own answer, not a rule every engine must share (an engine that
applies NM-SCORE-HOODTABLE's values accepts them), so it is pinned here, not in features/.
"""

from __future__ import annotations

from typing import Any

import pytest

from reference_impl.core import catalogue_params
from reference_impl.server import Server


def server() -> Server:
    made = Server()
    made.handle({"id": 1, "cmd": "handshake", "protocol": [1]})
    return made


def new_game(engine: Server, params: dict[str, Any]) -> dict[str, Any]:
    return engine.handle({"id": 2, "cmd": "new_game", "game": "neom", "num_players": 2,
                          "options": {"params": params}})  # fmt: skip


UNAPPLIED = sorted(set(catalogue_params("neom")) - {"NM-SELL"})


def test_the_unapplied_rules_are_the_catalogues_others() -> None:
    # the rules of spec/neom/rules.yaml with params, NM-SELL set apart
    assert {"NM-SCORE-HOODTABLE", "NM-SCORE-GOODS", "NM-GEN-DEAL"} <= set(UNAPPLIED)
    assert "NM-SELL" not in UNAPPLIED


@pytest.mark.parametrize("rule_id", UNAPPLIED)
def test_params_of_a_rule_the_reference_does_not_apply_are_unsupported(rule_id: str) -> None:
    edition = catalogue_params("neom")[rule_id]  # the edition's own values, well-formed
    reply = new_game(server(), {rule_id: edition})
    assert reply["ok"] is False and reply["error"]["kind"] == "unsupported", reply
    assert rule_id in reply["error"]["message"]


def test_a_load_state_with_unapplied_params_is_unsupported_and_keeps_the_game() -> None:
    engine = server()
    state = new_game(engine, {})["result"]["state"]
    loaded = dict(state, options=dict(state["options"], params={"NM-SCORE-GOODS": {"raw": 2}}))
    reply = engine.handle({"id": 3, "cmd": "load_state", "state": loaded})
    assert reply["ok"] is False and reply["error"]["kind"] == "unsupported", reply
    assert engine.handle({"id": 4, "cmd": "state"})["result"]["state"] == state


def test_a_malformed_value_is_malformed_before_it_is_unsupported() -> None:
    reply = new_game(server(), {"NM-SCORE-HOODTABLE": {"values": [1, "x"]}})
    assert reply["error"]["kind"] == "malformed", reply


def test_nm_sell_price_is_accepted() -> None:
    # the example erratum example-sell-six (its sale of 6 coins is pinned in errata.feature)
    engine = server()
    reply = new_game(engine, {"NM-SELL": {"price": 6}})
    assert reply["ok"], reply
    assert reply["result"]["state"]["options"]["params"] == {"NM-SELL": {"price": 6}}
