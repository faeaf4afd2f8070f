"""The board renderers (:mod:`conformance.render`): pure functions from any canonical state
to well-formed SVG, with highlights, provisional marking and escaping."""

from __future__ import annotations

import random
import xml.etree.ElementTree as ET
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from conformance.render import RenderError, games, render
from reference_impl import registry
from reference_impl.core import CHANCE, sample_chance
from rulespec import games as registered

SVG = "{http://www.w3.org/2000/svg}"


def position(game: str, players: int, seed: int, steps: int) -> dict[str, Any]:
    """A reachable position: ``steps`` random legal actions (chance sampled) from a new game."""
    definition = registry.get_game(game)
    state = definition.new_game(players)
    rng = random.Random(seed)
    for _ in range(steps):
        if state.is_terminal():
            break
        if CHANCE in state.to_act():
            state.apply(sample_chance(state, rng))
        else:
            actions = state.legal_actions()
            state.apply(actions[rng.randrange(len(actions))])
    return state.to_canonical()


def parse(svg: str, least: float = 100) -> ET.Element:
    root = ET.fromstring(svg)
    assert root.tag == f"{SVG}svg"
    assert float(root.get("width", 0)) > least and float(root.get("height", 0)) > least / 4
    return root


#: the games whose renderer rulespec ships (``conformance.render``): drawn to its conventions
#: (a board, a legend, differing fields marked); a game package's renderer is its own
OWN = [g for g in games() if registered.unit(g).renderer.startswith("conformance.render.")]


def player_counts(game: str) -> list[int]:
    definition = registry.get_game(game)
    return list(range(definition.min_players, definition.max_players + 1))


@settings(max_examples=60, deadline=None, derandomize=True)
@given(data=st.data())
def test_random_reachable_positions_of_every_game_draw_as_well_formed_svg(data: Any) -> None:
    game = data.draw(st.sampled_from(OWN))
    players = data.draw(st.sampled_from(player_counts(game)))
    steps = data.draw(st.integers(0, 400))
    state = position(game, players, data.draw(st.integers(0, 10_000)), steps)
    svg = render(state)
    root = parse(svg)
    assert "could not be drawn" not in svg
    assert len(root.findall(f".//{SVG}rect")) >= 6  # a board, not an empty frame


@pytest.mark.parametrize("game", OWN)
def test_a_differing_field_is_marked_and_an_unshown_one_is_listed(game: str) -> None:
    state = position(game, player_counts(game)[0], 1, 30)
    path = next(p for p in ("players.0.coins", "player.gold", "reserve.0", "phase")
                if _has(state, p))
    svg = render(state, differs=[path, "no.such.field"])
    root = parse(svg)
    marked = [e for e in root.iter() if e.get("class") == "rs-diff"]
    assert marked and all(_touches(e.get("data-path", ""), path) for e in marked)
    texts = ["".join(e.itertext()) for e in root.iter(f"{SVG}text")]
    assert "differs: no.such.field" in texts
    assert f"differs: {path}" not in texts  # it was drawn, so it is not listed again


def _has(state: Any, path: str) -> bool:
    node = state
    for key in path.split("."):
        if isinstance(node, list) and key.isdigit() and int(key) < len(node):
            node = node[int(key)]
        elif isinstance(node, dict) and key in node:
            node = node[key]
        else:
            return False
    return True


def _touches(path: str, highlight: str) -> bool:
    return path == highlight or path.startswith(highlight + ".") or highlight.startswith(path + ".")


def test_the_action_just_applied_is_shown_and_its_space_marked() -> None:
    state = position("neom", 2, 3, 40)
    action = {"type": "place", "actor": 0, "tile": "g1-houses", "x": 1, "y": 2}
    root = parse(render(state, action=action))
    assert [e.get("data-path") for e in root.iter() if e.get("class") == "rs-action"] == [
        "players.0.city.2.1"
    ]
    assert any("action: " in "".join(e.itertext()) for e in root.iter(f"{SVG}text"))


def test_provisional_component_data_is_drawn_dashed_with_a_legend() -> None:
    svg = render(position("isle_traces", 2, 2, 10))  # map-cards are provisional
    root = parse(svg)
    assert any(e.get("stroke-dasharray") for e in root.iter(f"{SVG}rect"))
    assert "provisional component data" in svg
    published = render({**position("villagers", 1, 2, 0), "stacks": []})  # no placeholder drawn
    assert "provisional component data" not in published


HOSTILE = "</text><script>alert(1)</script>\ud800\x00\x1b&"


@pytest.mark.parametrize("game", games())
def test_engine_text_cannot_break_the_svg(game: str) -> None:
    """Every string of the state replaced by hostile text: still well-formed, no markup."""
    state = position(game, player_counts(game)[0], 4, 25)

    def poison(node: Any) -> Any:
        if isinstance(node, dict):
            return {k: (v if k == "game" else poison(v)) for k, v in node.items()}
        if isinstance(node, list):
            return [poison(v) for v in node]
        return HOSTILE if isinstance(node, str) else node

    svg = render(poison(state), differs=[HOSTILE], action={"type": HOSTILE})
    root = parse(svg)
    assert not list(root.iter(f"{SVG}script")) and not list(root.iter("script"))
    assert "<script>" not in svg


@pytest.mark.parametrize("game", games())
def test_a_state_of_the_wrong_shape_still_gives_a_valid_picture(game: str) -> None:
    """Another engine's export may hold anything: the renderer never raises on it."""
    for junk in (5, "x", None, [1, [2]], {"a": {}}):
        state = {"game": game, **{k: junk for k in ("players", "grid", "city", "road",
                                                   "stacks", "display", "player", "countess",
                                                   "explorers", "feather", "reserve")}}
        parse(render(state), least=40)


def test_an_unknown_game_is_refused_by_name() -> None:
    with pytest.raises(RenderError, match="'chess'"):
        render({"game": "chess"})


def test_the_isle_traces_withdrawn_explorer_is_told_in_words_not_a_dict() -> None:
    import re

    state = position("isle_traces", 2, 1, 10)
    state["withdrawn"] = {"player": 0, "row": 8, "col": 6}
    texts = re.findall(r"<text[^>]*>([^<]*)</text>", render(state))
    line = next(text for text in texts if "withdrawn" in text)
    assert line.replace("&#x27;", "'").endswith("withdrawn: player 0's (row 8, col 6)"), line
    assert not any("{" in text for text in texts)


@pytest.mark.parametrize("game", OWN)
def test_every_picture_has_a_legend_for_its_symbols(game: str) -> None:
    import re

    players = {"villagers": 1}.get(game, 2)
    texts = re.findall(r"<text[^>]*>([^<]*)</text>", render(position(game, players, 3, 20)))
    assert "legend" in texts
    explained = texts[texts.index("legend") + 1 :]
    assert len(explained) >= 3 and all(len(line) > 4 for line in explained)
