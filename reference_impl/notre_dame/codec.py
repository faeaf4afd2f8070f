"""Canonical JSON of a Notre Dame position, per-player views, and loading it back.

The canonical state is complete (it continues the game) and normalised (card lists and
decks sorted, the board's squares in sorted order). ``to_act``, ``terminal``, ``stage``
and ``tile`` are derived from the other fields: ``load`` (``loading``) recomputes them.

The export relies on orders the state keeps (``NotreDameState``): the options' sorted items
are taken once, the board's squares are held in sorted order, ``lettered`` holds the
letters of ``STAGES`` and a player's ``areas`` the areas of ``AREAS``, in those orders.
Every container it returns is new (callers may keep or change it).
"""

from __future__ import annotations

from typing import Any

from reference_impl.core import exported_options
from reference_impl.notre_dame.data import (
    GAME_ID,
    STAGES,
    TILES,
)
from reference_impl.notre_dame.flow import stage_of
from reference_impl.notre_dame.player import Player
from reference_impl.notre_dame.state import NotreDameState

HIDDEN = ("deck", "draft_hand", "cards")


def to_canonical(st: NotreDameState) -> dict[str, Any]:
    return {
        "game": GAME_ID,
        "num_players": st.num,
        "options": exported_options(st.options_sorted),
        "to_act": st.to_act(),
        "terminal": st.is_terminal(),
        "tile": TILES[st.num],
        "round": st.round,
        "stage": stage_of(st.round),
        "phase": st.phase,
        "start_player": st.start,
        "current": st.current,
        "pending": list(st.pending),
        "draft_step": st.draft_step,
        "display": list(st.display),
        "brown_deck": list(st.brown_deck),
        "lettered": {k: list(st.lettered[k]) for k in STAGES},
        "notre_dame": list(st.nd),
        "messages": {sq: {"color": c, "value": v} for sq, (c, v) in st.board.items()},
        "players": [_player_json(pl) for pl in st.players],
    }


def _player_json(pl: Player) -> dict[str, Any]:
    return {
        "coins": pl.coins,
        "prestige": pl.prestige,
        "rats": pl.rats,
        "cubes": pl.cubes,
        "stock": pl.stock,
        "areas": dict(pl.areas),
        "friend": pl.friend,
        "carriage": pl.carriage,
        "messages": [{"color": c, "value": v} for c, v in pl.messages],
        "message_set": sorted(pl.message_set),
        "deck": list(pl.deck),
        "draft_hand": list(pl.draft_hand),
        "cards": list(pl.cards),
        "played": list(pl.played),
        "bought": pl.bought,
    }


def view(st: NotreDameState, player: int) -> dict[str, Any]:
    """ND-DRAFT-HIDDEN: other players' decks, draft hands and cards become counts."""
    state = to_canonical(st)
    for p, pj in enumerate(state["players"]):
        if p != player:
            for name in HIDDEN:
                pj[name] = len(pj[name])
    state["viewer"] = player
    return state


# ---------------------------------------------------------------- load


def load(game: Any, data: Any) -> NotreDameState:
    """Rebuild a position from canonical JSON (checked whole: ``loading``)."""
    from reference_impl.notre_dame.loading import load as checked_load

    return checked_load(game, data)
