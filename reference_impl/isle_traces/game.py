"""The game definition: player counts, options (rulings), new games and loading.

Implements IT-COMP-PLAYERS, IT-COMP-CARDS (a card list of at most 36), IT-SETUP-DECK,
IT-SETUP-SHUFFLE, IT-SETUP-DECKSIZE, IT-SETUP-START, IT-SETUP-EXPLORERS, IT-SETUP-CHIP,
IT-SETUP-FEATHER.
"""

from __future__ import annotations

from functools import cache
from typing import Any, ClassVar

from reference_impl.core import GameDefinition, MalformedInput, rule_param
from reference_impl.isle_traces import canonical
from reference_impl.isle_traces.cards import DECK_SIZE, load_component_cards, validate_card_list
from reference_impl.isle_traces.state import DeckCache, IsleState

#: option -> allowed values (None: any integer in AREA_RANGE)
OPTION_VALUES: dict[str, tuple[Any, ...] | None] = {
    "line_points": ("cells", "one"),
    "allow_portrait": (True, False),
    "feather_restriction": ("no_explorer", "other_line", "none"),
    "flip_requires": ("no_overlap", "uncovered"),
    "coast_diagonal": (False, True),
    "reexplore_any": (True, False),
    "flip_face": ("other", "any"),
    "area_size": None,
}
AREA_RANGE = (5, 31)


class IsleTracesGame(GameDefinition):
    id = "isle_traces"
    title = "Isle Traces: Isle Side"
    min_players = 2  # IT-COMP-PLAYERS: 2 to 4 players
    max_players = 4  # IT-COMP-PLAYERS
    default_options: ClassVar[dict[str, Any]] = {
        "line_points": "cells",
        "allow_portrait": True,
        "feather_restriction": "no_explorer",
        "flip_requires": "no_overlap",
        "coast_diagonal": False,
        "reexplore_any": True,
        "flip_face": "other",
        "area_size": 15,
    }

    def resolve_options(self, options: dict[str, Any] | None) -> dict[str, Any]:
        resolved = super().resolve_options(options)
        for name, allowed in OPTION_VALUES.items():
            value = resolved[name]
            if allowed is None:
                if not AREA_RANGE[0] <= value <= AREA_RANGE[1]:
                    raise MalformedInput(
                        f"option {name!r} must be {AREA_RANGE[0]}..{AREA_RANGE[1]}"
                    )
            elif value not in allowed:
                raise MalformedInput(
                    f"option {name!r} must be one of {list(allowed)}, got {value!r}"
                )
        return resolved

    def new_game(
        self,
        num_players: int,
        options: dict[str, Any] | None = None,
        setup: dict[str, Any] | None = None,
    ) -> IsleState:
        """Seat 0 starts; the whole deck is shuffled by chance (each draw a chance node).

        ``setup`` may give ``{"deck": [card, ...]}``: a real card list replacing the
        provisional one (validated against the symbol placement rules), each card with
        its ``closed`` sides where its drawings do not join (IT-COMP-ART).
        """
        self.check_players(num_players)  # IT-COMP-PLAYERS
        resolved = self.options_of(options)
        setup = setup or {}
        if not isinstance(setup, dict) or set(setup) - {"deck"}:
            raise MalformedInput("setup: only {'deck': [cards]} is understood")
        if "deck" not in setup:
            # IT-SETUP-DECKSIZE: all 36 cards, any player count
            faces, closed, shared = _component_cards()
            return IsleState(num_players, resolved, faces, closed, shared)
        cards = validate_card_list(setup["deck"], "setup.deck")
        most = rule_param(resolved, "IT-COMP-CARDS", "cards", DECK_SIZE)  # IT-COMP-CARDS
        if len(cards) > most:  # a position of this game would be refused (IT-COMP-CARDS)
            raise MalformedInput(f"setup.deck: {len(cards)} cards, the game has {most}")
        return IsleState(
            num_players,
            resolved,
            {c["id"]: c["faces"] for c in cards},
            {c["id"]: c["closed"] for c in cards if "closed" in c},
        )

    def load(self, canonical_state: dict[str, Any]) -> IsleState:
        return canonical.load(self, canonical_state)


@cache
def _component_cards() -> tuple[
    dict[int, list[list[str]]], dict[int, list[list[str]]], DeckCache
]:
    """The validated component deck: id -> faces, id -> closed sides (IT-COMP-ART) of the
    cards whose drawings close some side, and what they imply (a DeckCache); shared by
    every game (never mutated)."""
    cards = load_component_cards()
    return (
        {c["id"]: c["faces"] for c in cards},
        {c["id"]: c["closed"] for c in cards if "closed" in c},
        DeckCache(),
    )
