"""Perft for board games: count the action sequences of length N from a position.

As in chess perft, the count is of leaf paths (a position reached two ways counts twice);
chance outcomes count as branches like decisions. Works through the client on any engine
with ``load_state`` and ``legal_actions``; :func:`divide` gives the count under each first
action, to find the branch where two engines disagree.

Golden vectors are each game's unit's ``perft`` file (:mod:`rulespec.games`; rulespec's own
games': ``tests/perft/<game>.perft``, regenerated on purpose by ``python -m
conformance.levels.perft --write``), plain text, one line per ``players depth count``, up to
the unit's ``perft_depth``.
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path
from typing import Any

from conformance.engine.client import EngineClient, InProcessClient
from rulespec import games
from rulespec.resources import ROOT

#: where ``--write`` puts the vectors of rulespec's own games (the checkout's tests)
PERFT_DIR = ROOT / "tests" / "perft"


def perft(client: EngineClient, state: dict[str, Any], depth: int) -> int:
    """Number of action sequences of length ``depth`` from ``state`` (terminal: 1)."""
    if depth == 0 or state["terminal"]:
        return 1
    client.load_state(state)
    actions = client.legal_actions()["actions"]
    if depth == 1:
        return len(actions)
    total = 0
    for action in actions:
        client.load_state(state)
        client.apply(action)
        total += perft(client, client.state(), depth - 1)
    return total


def divide(client: EngineClient, state: dict[str, Any], depth: int) -> list[tuple[str, int]]:
    """``(action as JSON, perft(depth - 1) below it)`` for every legal first action."""
    client.load_state(state)
    rows = []
    for action in client.legal_actions()["actions"]:
        client.load_state(state)
        client.apply(action)
        below = perft(client, client.state(), depth - 1)
        rows.append((json.dumps(action, sort_keys=True, ensure_ascii=False), below))
    return rows


def golden_path(game: str) -> Path:
    """The golden vector file of ``game``: its unit's ``perft``, else
    ``tests/perft/<game>.perft`` (the file ``--write`` writes)."""
    shipped = games.unit(game).perft if games.is_registered(game) else None
    return Path(str(shipped)) if shipped is not None else PERFT_DIR / f"{game}.perft"


def read_golden(game: str) -> list[tuple[int, int, int]]:
    """``(players, depth, count)`` rows of the game's golden vector (:func:`golden_path`)."""
    path = golden_path(game)
    rows = []
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
        text = line.split("#", 1)[0].strip()
        if not text:
            continue
        parts = text.split()
        if len(parts) != 3 or not all(p.isdigit() for p in parts):
            raise ValueError(f"{path}:{number}: expected 'players depth count', got {line!r}")
        players, depth, count = map(int, parts)
        rows.append((players, depth, count))
    return rows


def write_golden(game: str, client: EngineClient) -> None:
    """Regenerate the golden vector of ``game`` from the reference (on purpose only)."""
    spec = client.games[game]
    lines = [
        f"# perft of {game} from the start of a new game: players depth count",
        "# regression vector, regenerated on purpose: "
        f"python -m conformance.levels.perft --write {game}",
    ]
    for players in range(spec["min_players"], spec["max_players"] + 1):
        start = client.new_game(game, players)
        for depth in range(1, games.unit(game).perft_depth + 1):
            lines.append(f"{players} {depth} {perft(client, start, depth)}")
    PERFT_DIR.mkdir(parents=True, exist_ok=True)
    (PERFT_DIR / f"{game}.perft").write_text("\n".join(lines) + "\n", encoding="utf-8")


def main() -> int:
    parser = argparse.ArgumentParser(description="regenerate golden perft vectors")
    parser.add_argument("--write", nargs="+", metavar="GAME", required=True)
    args = parser.parse_args()
    client = InProcessClient()
    client.handshake()
    for game in args.write:
        write_golden(game, client)
        print(f"wrote {PERFT_DIR / (game + '.perft')}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
