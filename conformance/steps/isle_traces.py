"""Step sugar for Isle Traces: map cards written one per line (canonical JSON via the client).

Card lines: ``<id> <face> <rot> <row> <col> : <6 cells of face 0> | <6 cells of face 1>``
for the map, ``<id> : <6 cells> | <6 cells>`` for the deck and the drawn card. Cells are
the canonical cell strings (``road``, ``road/fort``, ``plains/creature2``), row-major with
the card landscape. A cell may end in ``!<sides>``, the sides its drawing does not cross
(``road!ns``: a road running east-west; sides n, e, s, w with the card landscape, face up),
written into the card's ``closed`` (IT-COMP-ART); a card with no ``!`` has no ``closed``.
Blank lines and ``#`` comments are ignored.

Coordinates in a scenario (the map, explorers, the red feather, actions, ``grid`` paths,
the outcome's line cells) are written for the play area the scenario asks for: its own
``area_size`` option, else 15 (IT-PLACE-AREA). Under another area_size reading of the run
(``check --all-readings``: 13, 17) every coordinate the scenario sends is moved by the
difference of the two areas' centres (IT-PLACE-CENTRE: the first card's top-left cell at
``((size-2)//2, (size-3)//2)``) and every coordinate the engine answers is moved back, so a
scenario states the same position relative to the first card whatever the area; only the
area's edges differ, and the scenarios about them carry ``@reading:area_size=...``.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from pytest_bdd import given, parsers, then, when

from conformance.engine import jsonpath
from conformance.engine.errors import EngineRefused
from conformance.steps.common import ScenarioContext

#: the area the scenarios' coordinates are written for unless their options name another
FRAME = 15


def centre(size: int) -> tuple[int, int]:
    """Top-left cell of the first card in a ``size`` area (IT-PLACE-CENTRE's reading)."""
    return (size - 2) // 2, (size - 3) // 2


def _size(options: Any) -> int | None:
    """The area_size of an options object (15 when not given), None when not readable."""
    if not isinstance(options, dict):
        return None
    size = options.get("area_size", FRAME)
    return size if type(size) is int and size > 0 else None


#: the JSON values that hold no coordinate (a ``row``/``col`` is read from its object)
_LEAVES = frozenset({str, int, float, bool, type(None)})


def _moved(value: Any, dr: int, dc: int, source: int, size: int) -> Any:
    """``value`` with every coordinate moved by (dr, dc); a ``source`` x ``source`` ``grid``
    becomes ``size`` x ``size`` (a grid of another shape, a scenario's malformed one, is left
    as it is).

    Coordinates are the ``row``/``col`` integers of an object (map cards, explorers, the red
    feather, the withdrawn explorer, actions) and the ``[row, col]`` pairs of ``cells``.
    """
    if isinstance(value, list):
        return [v if type(v) in _LEAVES else _moved(v, dr, dc, source, size) for v in value]
    if not isinstance(value, dict):
        return value
    out = {}
    for key, item in value.items():
        if type(item) in _LEAVES or key == "faces":  # a card's faces hold no coordinate
            out[key] = item
        elif key == "grid" and _square(item, source):
            out[key] = _shifted(item, dr, dc, size)
        elif key == "cells" and isinstance(item, list) and all(_pair(p) for p in item):
            out[key] = [[p[0] + dr, p[1] + dc] for p in item]
        else:
            out[key] = _moved(item, dr, dc, source, size)
    if _integer(value.get("row")) and _integer(value.get("col")):
        out["row"], out["col"] = value["row"] + dr, value["col"] + dc
    return out


def _square(grid: Any, size: int) -> bool:
    return (
        isinstance(grid, list)
        and len(grid) == size
        and all(isinstance(row, list) and len(row) == size for row in grid)
    )


def _integer(value: Any) -> bool:
    return type(value) is int


def _pair(value: Any) -> bool:
    return isinstance(value, list) and len(value) == 2 and all(map(_integer, value))


def _shifted(grid: list[list[Any]], dr: int, dc: int, size: int) -> list[list[Any]]:
    """The square ``grid`` moved by (dr, dc) into a ``size`` x ``size`` one: cell (r, c)
    is the grid's (r - dr, c - dc), None where that is outside it."""
    source = len(grid)
    first, end = max(0, dc), min(size, source + dc)  # the columns the grid reaches
    shifted = []
    for row in range(size):
        if 0 <= row - dr < source and first < end:
            cells = grid[row - dr][first - dc : end - dc]
            shifted.append([None] * first + cells + [None] * (size - end))
        else:
            shifted.append([None] * size)
    return shifted


class CentredEngine:
    """The engine seen in the scenario's frame (see the module docstring): what is sent is
    moved from the frame's centre to the game's, what comes back is moved the other way.
    A position the scenario loads whole, with an area of its own, is its own frame."""

    def __init__(self, engine: Any) -> None:
        self._engine = engine
        self._frame = FRAME  # the area the scenario's coordinates are written for
        self._area = FRAME  # the area of the game the engine holds

    def __getattr__(self, name: str) -> Any:
        return getattr(self._engine, name)

    def _shift(self) -> tuple[int, int]:
        (r0, c0), (r1, c1) = centre(self._frame), centre(self._area)
        return r1 - r0, c1 - c0

    def _in(self, value: Any) -> Any:
        """Frame -> game."""
        dr, dc = self._shift()
        return value if (dr, dc) == (0, 0) else _moved(value, dr, dc, self._frame, self._area)

    def _out(self, value: Any) -> Any:
        """Game -> frame."""
        dr, dc = self._shift()
        return value if (dr, dc) == (0, 0) else _moved(value, -dr, -dc, self._area, self._frame)

    def _held(self, state: Any) -> None:
        if isinstance(state, dict) and _size(state.get("options")) is not None:
            self._area = _size(state["options"])

    def new_game(
        self,
        game: str,
        num_players: int,
        options: dict[str, Any] | None = None,
        setup: dict[str, Any] | None = None,
    ) -> dict[str, Any]:
        self._frame = _size(options or {}) or FRAME
        state = self._engine.new_game(game, num_players, options=options, setup=setup)
        self._held(state)
        return self._out(state)

    def load_state(self, state: dict[str, Any]) -> dict[str, Any]:
        kept = self._frame, self._area
        area = _size(state.get("options")) if isinstance(state, dict) else None
        if area is not None and area != self._area:
            self._frame = self._area = area  # a whole position of the scenario's own area
        try:
            loaded = self._engine.load_state(self._in(state))
        except EngineRefused:
            self._frame, self._area = kept  # the engine keeps the game it held
            raise
        self._held(loaded)
        return self._out(loaded)

    def state(self, view: int | None = None) -> dict[str, Any]:
        return self._out(self._engine.state(view))

    def legal_actions(self) -> dict[str, Any]:
        return self._out(self._engine.legal_actions())

    def apply(self, action: dict[str, Any]) -> dict[str, Any]:
        return self._engine.apply(self._in(action))

    def outcome(self) -> dict[str, Any]:
        return self._out(self._engine.outcome())


@pytest.fixture
def ctx(ctx: ScenarioContext) -> Iterator[ScenarioContext]:
    """The shared scenario context, its engine seen through :class:`CentredEngine`."""
    ctx.engine = CentredEngine(ctx.engine)  # type: ignore[assignment]
    yield ctx


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


@then("the outcome's lines are exactly:")
def isle_outcome_lines(ctx: ScenarioContext, docstring: str) -> None:
    """The outcome's ``details.lines`` (order ignored): one entry per line that holds an
    explorer or the red feather, each with ``terrain``, ``cells`` (``[row, col]``, row-major),
    ``explorers`` (per seat), ``feather``, ``owner`` (null: nobody scores it), ``points`` and
    ``creatures``. Each expected entry matches exactly the keys it gives (a partial match, as
    for actions), every line is matched once, and no other line is listed."""
    ctx.expect_no_pending_rejection()
    expected = jsonpath.parse_value(docstring, "lines")
    if not isinstance(expected, list) or not all(isinstance(e, dict) for e in expected):
        raise ValueError("the outcome's lines: expected a JSON list of objects")
    details = ctx.engine.outcome().get("details")
    lines = details.get("lines") if isinstance(details, dict) else None
    if not isinstance(lines, list):
        pytest.fail(f"the outcome has no details.lines list (details: {details!r})")
    left = list(lines)
    for entry in expected:
        hit = next((i for i, line in enumerate(left) if jsonpath.matches(line, entry)), None)
        if hit is None:
            pytest.fail(f"no line of the outcome matches {entry}\n  lines: {lines}")
        left.pop(hit)
    if left:
        pytest.fail(f"the outcome lists lines the rulebook does not: {left}")


@then(parsers.parse("the isle deck holds {count:d} cards"))
def isle_deck_holds(ctx: ScenarioContext, count: int) -> None:
    ctx.expect_no_pending_rejection()
    deck = ctx.engine.state()["deck"]
    if len(deck) != count:
        pytest.fail(f"the deck holds {len(deck)} cards, expected {count}")
    ids = [c["id"] for c in deck]
    if len(set(ids)) != len(ids):
        pytest.fail(f"the deck repeats a card id: {ids}")
