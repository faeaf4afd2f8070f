"""Step sugar for Isle Traces: map cards written one per line (canonical JSON via the client).

Card lines: ``<id> <face> <rot> <row> <col> : <6 cells of face 0> | <6 cells of face 1>``
for the map, ``<id> : <6 cells> | <6 cells>`` for the deck and the drawn card. Cells are
the canonical cell strings (``road``, ``road/fort``, ``plains/creature2``), row-major with
the card landscape. A cell may end in ``!<sides>``, the sides its drawing does not cross
(``road!ns``: a road running east-west; sides n, e, s, w with the card landscape, face up),
written into the card's ``closed`` (IT-COMP-ART); a card with no ``!`` has no ``closed``.
Blank lines and ``#`` comments are ignored.
"""

from __future__ import annotations

from typing import Any

import pytest
from pytest_bdd import given, parsers, then, when

from conformance.engine import jsonpath
from conformance.engine.errors import EngineRefused
from conformance.steps.common import ScenarioContext


def _faces(text: str, number: int) -> dict[str, Any]:
    """``{"faces": [...]}``, with ``"closed"`` when some cell names closed sides."""
    halves = text.split("|")
    tokens = [h.split() for h in halves]
    if len(tokens) != 2 or any(len(f) != 6 for f in tokens):
        raise ValueError(f"card line {number}: expected 6 cells | 6 cells, got {text!r}")
    faces = [[t.partition("!")[0] for t in face] for face in tokens]
    closed = [[t.partition("!")[2] for t in face] for face in tokens]
    card: dict[str, Any] = {"faces": faces}
    if any(any(face) for face in closed):
        card["closed"] = closed
    return card


def _lines(block: str) -> list[tuple[int, str, str]]:
    out = []
    for number, raw in enumerate(block.splitlines(), start=1):
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        head, sep, cells = line.partition(":")
        if not sep:
            raise ValueError(f"card line {number}: expected '<head> : <cells> | <cells>'")
        out.append((number, head.split(), cells))
    return out


def parse_map(block: str) -> list[dict[str, Any]]:
    cards = []
    for number, head, cells in _lines(block):
        if len(head) != 5:
            raise ValueError(f"map line {number}: expected '<id> <face> <rot> <row> <col> :'")
        cid, face, rot, row, col = (int(x) for x in head)
        cards.append(
            {"id": cid, **_faces(cells, number), "face": face, "rot": rot, "row": row, "col": col}
        )
    return cards


def parse_cards(block: str) -> list[dict[str, Any]]:
    cards = []
    for number, head, cells in _lines(block):
        if len(head) != 1:
            raise ValueError(f"card line {number}: expected '<id> :'")
        cards.append({"id": int(head[0]), **_faces(cells, number)})
    return cards


def _edit(ctx: ScenarioContext, change: Any) -> None:
    ctx.expect_no_pending_rejection()
    state = ctx.engine.state()
    change(state)
    ctx.engine.load_state(state)


def _without(cards: list[dict[str, Any]], ids: set[int]) -> list[dict[str, Any]]:
    return [c for c in cards if c["id"] not in ids]


@given("the isle map:")
def isle_map(ctx: ScenarioContext, docstring: str) -> None:
    """The map, bottom card first; those card ids leave the deck."""
    cards = parse_map(docstring)

    def change(state: dict[str, Any]) -> None:
        state["map"] = cards
        state["deck"] = _without(state["deck"], {c["id"] for c in cards})

    _edit(ctx, change)


@given("the isle deck:")
def isle_deck(ctx: ScenarioContext, docstring: str) -> None:
    """The deck holds exactly these cards."""
    cards = parse_cards(docstring)

    def change(state: dict[str, Any]) -> None:
        state["deck"] = sorted(cards, key=lambda c: c["id"])

    _edit(ctx, change)


@given("the isle deck is empty")
def isle_deck_empty(ctx: ScenarioContext) -> None:
    _edit(ctx, lambda state: state.__setitem__("deck", []))


@given("the isle card drawn:")
def isle_drawn(ctx: ScenarioContext, docstring: str) -> None:
    """The current player has drawn this card (phase place); it leaves the deck."""
    (card,) = parse_cards(docstring)

    def change(state: dict[str, Any]) -> None:
        state["drawn"] = card
        state["phase"] = "place"
        state["deck"] = _without(state["deck"], {card["id"]})

    _edit(ctx, change)


@when(parsers.parse('a new "isle_traces" game with {players:d} players is requested with setup:'))
def isle_request_setup(ctx: ScenarioContext, players: int, docstring: str) -> None:
    """Ask for a game with this setup; a refusal is kept for the shared ``refused as`` step."""
    spec = jsonpath.parse_value(docstring, "setup")
    ctx.game = "isle_traces"
    try:
        ctx.engine.new_game(
            "isle_traces", players, options=spec.get("options"), setup=spec.get("setup")
        )
    except EngineRefused as error:
        ctx.refusal = error
    else:
        ctx.refusal = None


@then(parsers.parse("the isle deck holds {count:d} cards"))
def isle_deck_holds(ctx: ScenarioContext, count: int) -> None:
    ctx.expect_no_pending_rejection()
    deck = ctx.engine.state()["deck"]
    if len(deck) != count:
        pytest.fail(f"the deck holds {len(deck)} cards, expected {count}")
    ids = [c["id"] for c in deck]
    if len(set(ids)) != len(ids):
        pytest.fail(f"the deck repeats a card id: {ids}")
