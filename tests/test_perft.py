"""Perft regression vectors: the reference still counts what it counted (tests/perft/)."""

from __future__ import annotations

import pytest

from conformance.engine.client import InProcessClient
from conformance.levels.perft import divide, perft, read_golden
from rulespec import games
from tests.support.toy import GAME as TOY

#: every registered game; one without a golden vector (its unit's perft) is skipped
GAMES = [
    game if games.unit(game).perft is not None else
    pytest.param(game, marks=pytest.mark.skip(f"{game} provides no perft vector"))
    for game in games.ids()
]  # fmt: skip


@pytest.fixture(scope="module")
def reference() -> InProcessClient:
    client = InProcessClient()
    client.handshake()
    return client


@pytest.mark.parametrize("game", GAMES)
def test_reference_matches_its_golden_perft_vector(game: str, reference: InProcessClient) -> None:
    for players, depth, count in read_golden(game):
        start = reference.new_game(game, players)
        assert perft(reference, start, depth) == count, f"{game} {players}p depth {depth}"


def test_divide_sums_to_perft() -> None:
    client = InProcessClient({"toy": TOY})
    client.handshake()
    start = client.new_game("toy", 2)
    rows = divide(client, start, 3)
    assert len(rows) == 2  # the coin: either player may start
    assert sum(count for _, count in rows) == perft(client, start, 3)
    # tic-tac-toe after the coin: 9 first marks, then 8 replies each
    assert perft(client, start, 3) == 2 * 9 * 8


def test_a_malformed_golden_line_is_named(tmp_path, monkeypatch) -> None:
    import conformance.levels.perft as module

    (tmp_path / "toy.perft").write_text("2 1 9\n2 x 3\n")
    monkeypatch.setattr(module, "PERFT_DIR", tmp_path)
    with pytest.raises(ValueError, match=r"toy.perft:2: expected 'players depth count'"):
        module.read_golden("toy")
