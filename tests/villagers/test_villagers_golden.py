"""Golden trace: two recorded games (``rulespec play villagers -p 1 -n 2 --seed 5 --trace``)
replay action by action to the recorded final states. Regenerate on purpose only, with
that command, when a rule change is meant to alter play."""

from __future__ import annotations

import json
from pathlib import Path

from reference_impl.villagers import GAME

TRACE = Path(__file__).with_name("golden_seed5.jsonl")


def test_golden_trace_replays_to_the_recorded_final_states():
    games: dict[int, object] = {}
    finals = 0
    for line in TRACE.read_text(encoding="utf-8").splitlines():
        record = json.loads(line)
        index = record["game_index"]
        if record["type"] == "setup":
            games[index] = GAME.new_game(record["num_players"], record["options"])
        elif record["type"] == "action":
            state = games[index]
            assert record["action"] in state.legal_actions()
            state.apply(record["action"])
        elif record["type"] == "final":
            assert games[index].to_canonical() == record["state"]
            finals += 1
    assert finals == 2
