"""Pig's perft vector (spec/pig.perft), worked from the rulebook, against the reference."""

from __future__ import annotations

from conformance.engine.client import InProcessClient
from conformance.levels.perft import perft, read_golden


def test_the_reference_counts_the_rulebooks_perft() -> None:
    """PIG-TURN-ROLL, PIG-COMP-DIE, PIG-CHOICE, PIG-ROLL-FIRST: 1, 6, 11, 41, 96 sequences
    of 1..5 actions from a new game, for every player count."""
    client = InProcessClient()
    client.handshake()
    rows = read_golden("pig")
    assert {players for players, _, _ in rows} == {2, 3, 4, 5, 6}
    for players, depth, count in rows:
        assert perft(client, client.new_game("pig", players), depth) == count
