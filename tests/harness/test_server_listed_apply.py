"""``apply`` hands the engine its own listed object for an action exactly as listed
(``reference_impl.server._as_listed``): the replies and positions are those of handing it
the request's copy, for listed actions, near misses (``1`` as ``true`` or ``1.0``, a key
more or less, keys in another order) and actions after a new game."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from reference_impl import registry
from reference_impl import server as server_module
from reference_impl.server import Server


def _near_miss(action: dict[str, Any], rng: random.Random) -> dict[str, Any]:
    """The action, or one a wire could carry that differs from it slightly."""
    changed = dict(action)
    numbers = [k for k, v in changed.items() if type(v) is int and k != "actor"]
    way = rng.randrange(6)
    if way == 1 and numbers:
        key = rng.choice(numbers)
        changed[key] = True if changed[key] == 1 else float(changed[key])
    elif way == 2:
        changed["extra"] = 0
    elif way == 3 and len(changed) > 2:
        del changed[rng.choice([k for k in changed if k not in ("actor", "type")])]
    elif way == 4:
        changed = dict(reversed(list(changed.items())))  # the same action, keys reordered
    return changed


@pytest.mark.parametrize("game", registry.available_games())
def test_apply_answers_as_if_the_engine_got_the_request_copy(
    game: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    looked_up, plain = Server(), Server()
    rng = random.Random(7)
    steps = 0
    found: list[bool] = []
    as_listed = server_module._as_listed

    def counted(action: Any, listed: list[Any]) -> Any:
        own = as_listed(action, listed)
        found.append(own is not None)
        return own

    monkeypatch.setattr(server_module, "_as_listed", counted)
    definition = registry.get_game(game)
    counts = range(definition.min_players, definition.max_players + 1)

    def both(request: dict[str, Any]) -> dict[str, Any]:
        text = json.dumps(request)
        with monkeypatch.context() as patch:
            patch.setattr(server_module, "LISTED_LOOKUP", -1)  # never looks up
            expected = plain.handle(json.loads(text))
        got = looked_up.handle(json.loads(text))
        assert json.dumps(got, sort_keys=True) == json.dumps(expected, sort_keys=True)
        return got

    both({"id": 1, "cmd": "handshake", "protocol": [1]})
    number = 0
    while number < 3 or (steps <= 100 and number < 100):  # three games, more if they are short
        players = counts[number % len(counts)]
        number += 1
        both({"id": 2, "cmd": "new_game", "game": game, "num_players": players})
        for _ in range(60):
            listing = both({"id": 3, "cmd": "legal_actions"})
            if not listing["ok"] or not listing["result"]["actions"]:
                break
            action = _near_miss(rng.choice(listing["result"]["actions"]), rng)
            both({"id": 4, "cmd": "apply", "action": action})
            both({"id": 5, "cmd": "state"})
            steps += 1
    assert steps > 100
    assert any(found) and not all(found)  # the engine's own objects, and near misses
    assert looked_up.state is not None and plain.state is not None
    assert looked_up.state.to_canonical() == plain.state.to_canonical()
