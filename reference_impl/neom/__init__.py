"""NEOM (Paul Sottosanti, Lookout Games 2018): the reference engine.

Source: ``neom.ja.txt`` (catalogue ``spec/neom/rules.yaml``, prefix NM). The tile list, goods
tree and disaster table are PROVISIONAL data in ``spec/neom/components.yaml``.
"""

from __future__ import annotations

from typing import Any

from reference_impl.core import PARAMS_OPTION, GameDefinition, MalformedInput, Unsupported
from reference_impl.neom.data import BOARD_GOODS, ICONS
from reference_impl.neom.load import load_state
from reference_impl.neom.state import NeomState, place_centre

SCOPES = ("adjacent", "city")
#: the catalogue rules whose ``params`` this engine applies (``rule_param``): NM-SELL's price;
#: the parameters of any other rule are answered ``unsupported`` (spec/protocol/README.md,
#: ``new_game``: options and setup)
APPLIED_PARAMS = frozenset({"NM-SELL"})


class NeomGame(GameDefinition):
    """NEOM for 1-5 players; options are the rulings of the catalogue."""

    id = "neom"
    title = "NEOM"
    min_players = 1
    max_players = 5
    default_options: dict[str, Any] = {  # noqa: RUF012
        "allow_replace": True,  # NM-PLACE-REPLACE
        "cornerstone_requirements": True,  # NM-CORNER-REQ
        "protection_scope": "adjacent",  # NM-DISASTER-SCOPE
        "solo_tile_set": "1+",  # NM-SOLO-SET
        "solo_disasters_strike": True,  # NM-SOLO-PLAY
    }

    def resolve_options(self, options: dict[str, Any] | None) -> dict[str, Any]:
        """The defaults with ``options`` applied, their values checked."""
        resolved = super().resolve_options(options)
        self.check_option_values(resolved)
        return resolved

    def check_option_values(self, options: dict[str, Any]) -> None:
        """Option values outside their rulings' values are malformed; params for a rule
        whose parameters the engine does not apply are unsupported."""
        if options["protection_scope"] not in SCOPES:
            raise MalformedInput(f"option 'protection_scope' must be one of {list(SCOPES)}")
        if options["solo_tile_set"] not in ICONS:
            raise MalformedInput(f"option 'solo_tile_set' must be one of {list(ICONS)}")
        ignored = sorted(set(options.get(PARAMS_OPTION, {})) - APPLIED_PARAMS)
        if ignored:
            raise Unsupported(
                f"option 'params': the reference engine does not apply the parameters of "
                f"{', '.join(ignored)} (it applies those of {', '.join(sorted(APPLIED_PARAMS))})"
            )

    def new_game(
        self,
        num_players: int,
        options: dict[str, Any] | None = None,
        setup: dict[str, Any] | None = None,
    ) -> NeomState:
        """A fresh game: chance assigns the city boards unless ``setup`` names them.

        ``setup`` may be ``{"boards": [good per seat]}`` (NM-SETUP-BOARDS).
        """
        self.check_players(num_players)
        resolved = self.options_of(options)
        state = NeomState(num_players, resolved)
        if setup:
            if not isinstance(setup, dict) or set(setup) - {"boards"}:
                raise MalformedInput("setup: only 'boards' may be given")
            boards = setup.get("boards")
            if (
                not isinstance(boards, list)
                or len(boards) != num_players
                or len(set(boards)) != num_players
                or any(b not in BOARD_GOODS for b in boards)
            ):
                raise MalformedInput(
                    f"setup.boards: expected {num_players} distinct goods of {list(BOARD_GOODS)}"
                )
            for seat, good in enumerate(boards):
                place_centre(state.players[seat], good)
                state.boards.remove(good)
            state.start_deal(state.deal_target)
        return state

    def load(self, canonical: dict[str, Any]) -> NeomState:
        return load_state(self, canonical)


GAME = NeomGame()
