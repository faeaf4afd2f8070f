"""Hypothesis properties of the NEOM engine, named by kind (round-trip, idempotent, equivalent)."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from reference_impl.neom import GAME
from reference_impl.neom.city import can_place
from reference_impl.neom.consistency import _game_copies
from reference_impl.neom.data import CENTRE, TILES
from reference_impl.neom.scoring import pollution_penalty, score_city

PLACEABLE = sorted(n for n, t in TILES.items() if t.category not in ("centre", "disaster"))


@st.composite
def cities(draw: st.DrawFn) -> list[str | None]:
    """Cities grown from the centre as play grows them: each tile joined by road (NM-PLACE-ROAD),
    at most 3 cornerstones (NM-CORNER-LIMIT in generation 3), no tile in more copies than
    the game has (the components file's counts, which load_state holds the cities to)."""
    city: list[str | None] = [None] * 25
    city[CENTRE] = "centre-oil"
    moves = draw(st.lists(st.tuples(st.sampled_from(PLACEABLE), st.integers(0, 24)), max_size=40))
    corners = 0
    copies = _game_copies()
    for name, index in moves:
        if city.count(name) >= copies.get(name, 0):
            continue
        if city[index] is None and can_place(city, index, name):
            if TILES[name].gen == 0:
                if corners == 3:
                    continue
                corners += 1
            city[index] = name
    city[CENTRE] = None  # _with_city puts the centre back
    return city



def _with_city(city: list[str | None], coins: int) -> dict:
    canonical = GAME.new_game(2, setup={"boards": ["oil", "ore"]}).to_canonical()
    canonical["phase"] = "over"
    canonical["to_act"] = []
    canonical["terminal"] = True
    canonical["generation"] = 3
    city = list(city)
    city[CENTRE] = "centre-oil"
    canonical["players"][0]["city"] = [city[y * 5 : y * 5 + 5] for y in range(5)]
    canonical["players"][0]["coins"] = coins
    return canonical


@settings(max_examples=60, deadline=None, derandomize=True)
@given(cities(), st.integers(0, 300))
def test_load_round_trip_and_idempotent(city: list[str | None], coins: int) -> None:
    """round-trip: load(x).to_canonical() == x for a settled position; load is idempotent."""
    canonical = _with_city(city, coins)
    once = GAME.load(canonical).to_canonical()
    assert once == canonical
    assert GAME.load(once).to_canonical() == once


@settings(max_examples=60, deadline=None, derandomize=True)
@given(cities(), st.integers(0, 300))
def test_outcome_total_is_the_sum_of_its_parts(city: list[str | None], coins: int) -> None:
    """equivalent: the outcome score equals the breakdown's sum, and pollution equals the
    pair-sum definition of line 94 computed independently here."""
    state = GAME.load(_with_city(city, coins))
    outcome = state.outcome()
    parts = outcome.details["breakdown"][0]
    assert outcome.scores[0] == sum(v for k, v in parts.items() if k != "total")
    cells = list(city)
    cells[CENTRE] = "centre-oil"
    res = [t is not None and TILES[t].category == "residential" for t in cells]
    pol = [t is not None and TILES[t].pollutes for t in cells]
    expected = 0
    for i in range(25):
        for j in range(25):
            dx, dy = abs(i % 5 - j % 5), abs(i // 5 - j // 5)
            if res[i] and pol[j] and max(dx, dy) == 1:
                expected += 2 if dx + dy == 1 else 1
    assert -parts["pollution"] == expected == pollution_penalty(res, pol)
    assert parts == score_city(cells, ["oil"], coins)
