"""Component data: the provisional deck is reproducible and obeys the symbol rules."""

from __future__ import annotations

from pathlib import Path

import pytest

from reference_impl.core import MalformedInput
from reference_impl.isle_traces import board, gen_components
from reference_impl.isle_traces.cards import (
    DECK_SIZE,
    load_component_cards,
    side_mask,
    split_cell,
    turn_mask,
    validate_card_list,
)
from reference_impl.isle_traces.gen_components import generate_provisional_cards
from rulespec.yaml_safe import safe_load

PATH = Path(gen_components.PATH)


def test_components_file_is_the_generator_output() -> None:
    """IT-COMP-FACES: regenerate with python -m reference_impl.isle_traces.gen_components."""
    document = safe_load(PATH.read_text(encoding="utf-8"))
    cards = next(c for c in document["components"] if c["id"] == "map-cards")
    if cards["provenance"] != "provisional":
        pytest.skip("a real card list replaced the provisional one")
    assert PATH.read_text(encoding="utf-8") == gen_components.render()
    assert cards["data"] == generate_provisional_cards()


def test_component_cards_follow_the_rules() -> None:
    cards = load_component_cards()
    assert len(cards) == DECK_SIZE
    for card in cards:
        for face in card["faces"]:
            assert len(face) == 6
            assert sum(1 for c in face if split_cell(c)[1] == "feather") <= 1


@pytest.mark.parametrize(
    "cell",
    ["mountain/fort", "forest/harbour", "road/feather", "mountain/creature1", "lake", "plains/"],
)
def test_symbol_placement_rules_are_enforced(cell: str) -> None:
    faces = [[cell, *["plains"] * 5], ["plains"] * 6]
    with pytest.raises(MalformedInput):
        validate_card_list([{"id": 1, "faces": faces}])


def test_duplicate_ids_are_refused() -> None:
    face = ["plains"] * 6
    with pytest.raises(MalformedInput, match="unique"):
        validate_card_list([{"id": 1, "faces": [face, face]}, {"id": 1, "faces": [face, face]}])


@pytest.mark.parametrize("rot", board.ROTATIONS)
def test_every_rotation_shows_each_face_cell_once(rot: int) -> None:
    h, w = board.shape(rot)
    shown = sorted(board.face_index(rot, a, b) for a in range(h) for b in range(w))
    assert shown == list(range(6))


def test_rotations_compose() -> None:
    """Turning by 90 twice is turning by 180 (IT-PLACE-GRID)."""

    def turn(grid: list[list[int]]) -> list[list[int]]:  # clockwise
        return [list(row) for row in zip(*grid[::-1], strict=True)]

    base = [[0, 1, 2], [3, 4, 5]]
    expected = {0: base, 90: turn(base), 180: turn(turn(base)), 270: turn(turn(turn(base)))}
    for rot, grid in expected.items():
        h, w = board.shape(rot)
        assert [[board.face_index(rot, a, b) for b in range(w)] for a in range(h)] == grid


def test_component_art_is_provisional_and_joins_everywhere() -> None:
    """IT-COMP-ART: the provisional drawings close no side, so the cards carry no closed."""
    document = safe_load(PATH.read_text(encoding="utf-8"))
    art = next(c for c in document["components"] if c["id"] == "map-card-art")
    assert art["provenance"] == "provisional"
    assert art["rule"] == "IT-COMP-ART"
    assert sorted(e["id"] for e in art["data"]) == list(range(1, DECK_SIZE + 1))
    if all(side == "" for e in art["data"] for face in e["closed"] for side in face):
        assert all("closed" not in card for card in load_component_cards())


def test_closed_sides_are_validated_and_normalised() -> None:
    face = ["road"] * 6
    card = {"id": 1, "faces": [face, face], "closed": [["sn", "", "", "", "", "we"], [""] * 6]}
    (clean,) = validate_card_list([card])
    assert clean["closed"] == [["ns", "", "", "", "", "ew"], [""] * 6]
    (plain,) = validate_card_list([{**card, "closed": [[""] * 6, [""] * 6]}])
    assert "closed" not in plain
    for bad in (
        [["x", "", "", "", "", ""], [""] * 6],
        [["nn", "", "", "", "", ""], [""] * 6],
        [[""] * 5, [""] * 6],
        [[""] * 6],
        [[1, "", "", "", "", ""], [""] * 6],
    ):
        with pytest.raises(MalformedInput, match=r"cards\.0\.closed"):
            validate_card_list([{**card, "closed": bad}])


@pytest.mark.parametrize(("rot", "expected"), [(0, "n"), (90, "e"), (180, "s"), (270, "w")])
def test_a_closed_side_turns_with_the_card(rot: int, expected: str) -> None:
    assert turn_mask(side_mask("n"), rot) == side_mask(expected)
    assert turn_mask(side_mask("ne"), rot) == turn_mask(side_mask("n"), rot) | turn_mask(
        side_mask("e"), rot
    )
