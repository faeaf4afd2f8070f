"""Gnomeville (ノームヴィル): the reference engine.

Implements the catalogue ``spec/gnomeville/rules.yaml`` over the component data of
``spec/gnomeville/components.yaml`` (provisional where the text gives no contents).
"""

from __future__ import annotations

from typing import Any

from reference_impl.core import GameDefinition, GameState, MalformedInput, Unsupported
from reference_impl.gnomeville.data import BOARD_GEOMETRY

BOARD_NAMES = tuple(sorted(BOARD_GEOMETRY))


class Gnomeville(GameDefinition):
    """Implements GV-SETUP-* (through :class:`GVState`) and the option hooks."""

    id = "gnomeville"
    title = "Gnomeville"
    # GV-COMP-PLAYER-COUNT: 1 to 4 players
    min_players = 1
    # GV-COMP-PLAYER-COUNT
    max_players = 4
    default_options: dict[str, Any] = {  # noqa: RUF012
        "boards": [],
        "turn_by_turn_rounds": [],
        "master_build": False,
        "two_player_tie_includes_second": False,
        "hammer_gnome_shields_building": False,
        "sword_gnome_shields_building": False,
        "boulder_supply_limited": True,
    }

    def resolve_options(self, options: dict[str, Any] | None) -> dict[str, Any]:
        resolved = super().resolve_options(options)
        boards = resolved["boards"]
        if any(b not in BOARD_NAMES for b in boards):
            raise MalformedInput(f"option 'boards' lists unknown boards {boards!r} ({BOARD_NAMES})")
        rounds = resolved["turn_by_turn_rounds"]  # GV-VAR-TBT-ROUND: any rounds
        if any(type(r) is not int or not 1 <= r <= 5 for r in rounds):
            raise MalformedInput(f"option 'turn_by_turn_rounds' must list rounds 1..5: {rounds!r}")
        resolved["boards"] = list(boards)
        resolved["turn_by_turn_rounds"] = sorted(set(rounds))
        return resolved

    def new_game(
        self,
        num_players: int,
        options: dict[str, Any] | None = None,
        setup: dict[str, Any] | None = None,
    ) -> GameState:
        from reference_impl.gnomeville.state import GVState

        self.check_players(num_players)  # GV-COMP-PLAYER-COUNT
        resolved = self.options_of(options)
        if resolved["boards"] and len(resolved["boards"]) != num_players:  # GV-SETUP-TOWN-DEAL
            raise MalformedInput(
                f"option 'boards' must name one board per player ({num_players}), "
                f"got {resolved['boards']!r}"
            )
        if setup:
            raise Unsupported("gnomeville takes no explicit setup: drive the chance nodes")
        return GVState(num_players, resolved)

    def load(self, canonical: dict[str, Any]) -> GameState:
        """A new state from a canonical one, or MalformedInput naming the field
        (GV-LOAD-CONSISTENT).

        The whole new state is built, checked for consistency (the rules' counts and the
        positions the engine can handle, :mod:`reference_impl.gnomeville.validate`) and
        exported once before it is returned, so a refused load changes nothing the caller
        holds: nothing is assigned anywhere until this returns."""
        from reference_impl.gnomeville.canonical import state_from_canonical
        from reference_impl.gnomeville.validate import check_state

        try:
            state = state_from_canonical(canonical)
        except (KeyError, TypeError, ValueError, AttributeError, IndexError) as exc:
            raise MalformedInput(f"malformed gnomeville state: {exc!r}") from exc
        check_state(state)
        state.to_canonical()
        return state


GAME = Gnomeville()
