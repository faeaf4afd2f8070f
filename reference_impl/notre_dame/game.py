"""The Notre Dame game definition: options (rulings), new games, loading.

Implements ND-SETUP-BOARD, ND-SETUP-RESOURCES, ND-SETUP-START and the options of the
rulings ND-RATS-FLOOR, ND-PARK-FRIEND, ND-HOSPITAL-FRIEND, ND-PRESTIGE-FLOOR, ND-PLAY-FORGO,
ND-PLACE-ND-SOURCE and ND-SETUP-2P-LAYOUT.
"""

from __future__ import annotations

from typing import Any

from reference_impl.core import GameDefinition, MalformedInput
from reference_impl.notre_dame import codec, flow
from reference_impl.notre_dame.data import (
    GAME_ID,
    MAX_PLAYERS,
    MESSAGE_VALUES,
    MIN_PLAYERS,
)
from reference_impl.notre_dame.state import NotreDameState

SETUP_KEYS = ("messages", "start_player")


class NotreDameGame(GameDefinition):
    id = GAME_ID
    title = "Notre Dame: 10th Anniversary"
    min_players = MIN_PLAYERS
    max_players = MAX_PLAYERS
    default_options: dict[str, Any] = {  # noqa: RUF012 (class-level defaults, read only)
        "rat_floor": True,
        "friend_in_park_bonus": True,
        "friend_in_hospital": True,
        "prestige_floor": True,
        "forgo_at_will": False,
        "notre_dame_source": False,
        "neutral_districts": True,
    }

    def new_game(
        self,
        num_players: int,
        options: dict[str, Any] | None = None,
        setup: dict[str, Any] | None = None,
    ) -> NotreDameState:
        """A new game at its first chance node (message placement), unless ``setup`` fixes it.

        ``setup`` may hold ``start_player`` (a seat) and ``messages`` (district -> the four
        values on its outer squares 1-4); messages given for every district skip the chance.
        """
        self.check_players(num_players)
        st = NotreDameState(num_players, self.options_of(options))
        if not setup:
            return st
        if not isinstance(setup, dict):
            raise MalformedInput(f"setup must be a JSON object, got {setup!r}")
        for key in setup:
            if key not in SETUP_KEYS:
                raise MalformedInput(f"setup.{key} is unknown (known: {', '.join(SETUP_KEYS)})")
        if "start_player" in setup:  # ND-SETUP-START: the setup may name the start player
            seat = setup["start_player"]
            if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < num_players:
                raise MalformedInput(f"setup.start_player must be a seat, got {seat!r}")
            st.start = seat
        for district, values in (setup.get("messages") or {}).items():
            try:
                d = int(district)
            except (TypeError, ValueError):
                raise MalformedInput(f"setup.messages key {district!r} is not a district") from None
            if d not in st.pending or sorted(values) != list(MESSAGE_VALUES):
                raise MalformedInput(
                    f"setup.messages.{district} must be a permutation of {list(MESSAGE_VALUES)}"
                    f" for a district 0..{num_players - 1}, got {values!r}"
                )
            flow.apply_chance(
                st, {"actor": "chance", "type": "place_messages", "district": d, "values": values}
            )
        st.fired = []
        return st

    def load(self, canonical: dict[str, Any]) -> NotreDameState:
        return codec.load(self, canonical)
