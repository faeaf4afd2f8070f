"""Regenerate ``spec/isle_traces/components.yaml``.

Run: ``python -m reference_impl.isle_traces.gen_components``.

The map-card faces are provisional (IT-COMP-FACES): drawn once by the seeded generator
below; a user who owns the game replaces the ``map-cards`` data with the real list
(same notation) and sets its provenance. The drawings' joins (IT-COMP-ART) are provisional
too: ``map-card-art`` lists, per card and face, the sides of each cell that the drawing does
not cross, every one ``""`` (all joined) until an owner of the cards enters them.
"""

from __future__ import annotations

import random
import sys
from pathlib import Path
from typing import Any

import yaml

from reference_impl.isle_traces.cards import (
    CELLS_PER_FACE,
    CREATURES,
    DECK_SIZE,
    NO_CLOSED,
    TERRAINS,
)

PROVISIONAL_SEED = 2024

PATH = Path(__file__).resolve().parents[2] / "spec" / "isle_traces" / "components.yaml"
SRC = "nolcasolca.ja.txt"


def generate_provisional_cards(seed: int = PROVISIONAL_SEED) -> list[dict[str, Any]]:
    """The provisional deck (IT-COMP-FACES): 36 cards, each face drawn independently.

    Terrain uniform over the five kinds; each cell carries at most one symbol: a fort on
    a road (1/3), a harbour on a coast (1/3), a creature on road/plains/coast/forest (1/4);
    about a quarter of the faces show one red feather on a mountain, forest or plains.
    """
    rng = random.Random(seed)
    cards = []
    for cid in range(1, DECK_SIZE + 1):
        faces = []
        for _ in range(2):
            face = []
            for _ in range(CELLS_PER_FACE):
                terrain = TERRAINS[rng.randrange(len(TERRAINS))]
                symbol = None
                roll = rng.random()
                if terrain == "road" and roll < 1 / 3:
                    symbol = "fort"
                elif terrain == "coast" and roll < 1 / 3:
                    symbol = "harbour"
                elif terrain != "mountain" and roll < 7 / 12:
                    symbol = CREATURES[rng.randrange(len(CREATURES))]
                face.append(terrain if symbol is None else f"{terrain}/{symbol}")
            if rng.random() < 0.25:
                spots = [i for i, c in enumerate(face) if c in ("mountain", "forest", "plains")]
                if spots:
                    k = spots[rng.randrange(len(spots))]
                    face[k] = f"{face[k]}/feather"
            faces.append(face)
        cards.append({"id": cid, "faces": faces})
    return cards


def provisional_art(cards: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The provisional drawing data (IT-COMP-ART): every side of every cell joined."""
    return [{"id": c["id"], "closed": [list(NO_CLOSED), list(NO_CLOSED)]} for c in cards]


def document() -> dict:
    cards = generate_provisional_cards(PROVISIONAL_SEED)
    return {
        "game": "isle_traces",
        "components": [
            {
                "id": "map-cards",
                "provenance": "provisional",
                "source": (
                    f"our placeholder: generate_provisional_cards(seed={PROVISIONAL_SEED}) in "
                    "reference_impl/isle_traces/gen_components.py; count (36), 3x2 cells, "
                    f"terrains and symbol placement follow {SRC}:30,39-49"
                ),
                "rule": "IT-COMP-FACES",
                "description": (
                    "36 double-sided map cards; each face is 6 cells, row-major with the card "
                    "landscape; a cell is 'terrain' or 'terrain/symbol'"
                ),
                "data": cards,
            },
            {
                "id": "map-card-art",
                "provenance": "provisional",
                "source": (
                    f"our placeholder: every drawing joins across every side; {SRC}:90-91 "
                    "implies that terrains other than coast join only where their drawings do"
                ),
                "rule": "IT-COMP-ART",
                "description": (
                    "per map card (by id) and face: six strings, one per cell in the order of "
                    "map-cards, naming the sides (n, e, s, w with the card landscape, face up) "
                    "that the cell's drawing does not cross; '' is a cell joined on every side"
                ),
                "data": provisional_art(cards),
            },
            {
                "id": "explorers",
                "provenance": "rulebook",
                "source": f"{SRC}:33,73",
                "rule": "IT-COMP-EXPLORERS",
                "data": {"per_player": 3},
            },
            {
                "id": "red-feather",
                "provenance": "rulebook",
                "source": f"{SRC}:34",
                "rule": "IT-COMP-FEATHER",
                "data": {"count": 1},
            },
            {
                "id": "reexplore-chips",
                "provenance": "rulebook",
                "source": f"{SRC}:35,66",
                "rule": "IT-COMP-CHIPS",
                "data": {"per_player": 1},
            },
            {
                "id": "play-area",
                "provenance": "rulebook",
                "source": f"{SRC}:92-93 (a guide: 15 x 15 cells)",
                "rule": "IT-PLACE-AREA",
                "data": {"size": 15},
            },
            {
                "id": "first-card",
                "provenance": "provisional",
                "source": f"our ruling on 'the centre' of {SRC}:87",
                "rule": "IT-PLACE-CENTRE",
                "data": {"row": 6, "col": 6},
            },
        ],
    }


def render() -> str:
    header = "# Generated by reference_impl/isle_traces/gen_components.py; map-cards provisional.\n"
    return header + yaml.safe_dump(
        document(), allow_unicode=True, sort_keys=False, width=100, default_flow_style=None
    )


if __name__ == "__main__":
    PATH.write_text(render(), encoding="utf-8")
    sys.stdout.write(f"wrote {PATH}\n")
