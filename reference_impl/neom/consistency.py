"""Consistency of a loaded NEOM position: what the rules can reach and the engine can handle.

Every problem is reported at once, each with the dotted path of the field
(``players.1.city.0.3``), as python-chess's ``Board.status()`` does. Checked: tiles in the zones
where the rules can put them (a deck holds only its generation, a city no disaster, a hand only
the current generation's tiles), copies (a deck and the discard hold no more than the player
count puts in play; the box is exactly what it removes, NM-SETUP-PLAYERCOUNT), the city (the
centre, every tile joined to it, NM-PLACE-ROAD; at most ``generation`` cornerstones,
NM-CORNER-LIMIT), the board and its good, phase flags (selections, ``acted``, pending disasters:
in their selectors' seat order, NM-DISASTER-ORDER, so at most one per seat and a solo hand's
left-overs), kept cornerstones in the draft (exactly ``turn - 1`` in draft round ``turn``, none
before it, NM-DRAFT-DEAL) and the deals (each deck holds what every deal still to come needs: a
deck found empty at a deal would divide by zero; while boards are dealt, the cornerstone deal of
4 is still to come, so ``deal_target`` is 4 and the cornerstone deck holds 4 x players).

Conservation is required out of the decks: no tile is in more copies in the cities,
hands, selections, kept cornerstones and discard together than the game has (the components
file's copies, every player-count icon's: a city of twelve ``g1-houses`` is refused, the
game has five). It is not required with the decks counted: scenarios write positions as
edits of an exported state (features/README.md), placing a tile without taking it from a
deck; the invariants of ``conformance/invariants/neom.py`` check whole conservation along
played games. Every list and count a position sizes is bounded: a deck and the discard by
the copies in play, a hand by 8, kept cornerstones by 3, pending disasters by the seats and
a solo hand.

Implements the load side of NM-SETUP-BOARDS, NM-SETUP-PLAYERCOUNT, NM-PLACE-ROAD,
NM-CORNER-LIMIT, NM-DISASTER-SELECTOR, NM-DISASTER-ORDER, NM-DRAFT-DEAL and NM-GEN-DEAL.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from reference_impl.neom.city import all_connected
from reference_impl.neom.data import (
    BOARD_GOODS,
    CENTRE,
    CORNERSTONE_COPIES,
    DRAFT_DEALT,
    DRAFT_KEPT,
    GENERATIONS,
    HAND_SIZE,
    ICONS,
    SIZE,
    TILES,
    centre_tile,
    deck_for,
)

if TYPE_CHECKING:
    from reference_impl.neom.state import NeomState, Player


def pile_sizes(total: int) -> list[int]:
    """Solo: a generation's tiles in 7 piles, larger first (as NeomState deals them)."""
    from reference_impl.neom.state import pile_sizes as sizes

    return sizes(total)


Problem = tuple[str, str]

#: phases in which generation (0: the draft) is fixed
DRAFT_PHASES = ("boards", "draft")
GENERATION_PHASES = ("select", "act", "disaster")


def _cell(index: int) -> str:
    return f"{index // SIZE}.{index % SIZE}"


def problems(state: NeomState) -> list[Problem]:
    """Every inconsistency of ``state`` (loaded, not yet settled), as (field, problem)."""
    out = _flow(state)
    out += _zones(state)
    for seat, p in enumerate(state.players):
        out += _player(state, seat, p)
    out += _boards(state)
    out += _disasters(state)
    out += _deal(state)
    out += _conservation(state)
    return out


def _conservation(state: NeomState) -> list[Problem]:
    """No tile in more copies than the player count puts in play, across every zone that
    holds one (decks, discard, hands, selections, kept cornerstones, cities); the City
    Centres are checked with their boards. Conservation of each kind as the components
    file gives the copies (``spec/neom/components.yaml``)."""
    held: dict[str, int] = {}
    for name, count in state.discard.items():
        held[name] = held.get(name, 0) + count
    for p in state.players:
        for name in (*p.city, *p.cornerstones, *p.hand, p.selected):
            if name is not None:
                held[name] = held.get(name, 0) + 1
    copies = _game_copies()
    return [
        ("players", f"{count} copies of {name} in the cities, hands, selections, kept "
         f"cornerstones and discard; the game has {copies.get(name, 0)} (NM-COMP-TILES)")
        for name, count in sorted(held.items())
        if TILES[name].category != "centre" and count > copies.get(name, 0)
    ]  # fmt: skip


def _game_copies() -> dict[str, int]:
    """The copies of every tile in the game, every player-count icon's (the components
    file's counts)."""
    copies = dict(CORNERSTONE_COPIES)
    for gen in range(1, GENERATIONS + 1):
        copies.update(deck_for(gen, ICONS))
    return copies


def _flow(state: NeomState) -> list[Problem]:
    phase, gen, turn = state.phase, state.generation, state.turn
    out: list[Problem] = []
    if phase in DRAFT_PHASES and gen != 0:
        out.append(("generation", f"the {phase} phase is in the preliminary round (0), not {gen}"))
    if phase in GENERATION_PHASES and gen == 0:
        out.append(("generation", f"the {phase} phase needs a generation 1-{GENERATIONS}"))
    if phase == "over" and gen != GENERATIONS:
        out.append(("generation", f"the game ends after generation {GENERATIONS}, not {gen}"))
    if gen == 0 and turn > DRAFT_KEPT:
        out.append(("turn", f"the draft has {DRAFT_KEPT} rounds, not {turn}"))
    if phase == "boards" and turn != 1:
        out.append(("turn", "boards are dealt before the first turn (1)"))
    return out


def _zones(state: NeomState) -> list[Problem]:
    """Decks, box and discard hold only what can be there, never more copies than exist."""
    out: list[Problem] = []
    in_play = _in_play(state)
    for key, deck in sorted(state.decks.items()):
        gen = 0 if key == "cornerstone" else int(key)
        for name, count in sorted(deck.items()):
            if TILES[name].gen != gen:
                out.append((f"decks.{key}.{name}", f"not a tile of the {key} deck"))
            elif count > in_play[name]:
                out.append((f"decks.{key}.{name}", f"{count} copies; {in_play[name]} are in play"))
    expected_box = _box(state)
    if state.box != expected_box:
        out.append(
            (
                "box",
                f"holds {state.box}; the box holds exactly the copies the player count "
                f"removes, {expected_box}",
            )
        )
    for name, count in sorted(state.discard.items()):
        if TILES[name].category == "centre":
            out.append((f"discard.{name}", "a replaced City Centre leaves the game"))
        elif count > in_play[name]:
            out.append((f"discard.{name}", f"{count} copies; {in_play[name]} are in play"))
    return out


def _in_play(state: NeomState) -> dict[str, int]:
    """The copies of every tile the player count puts in play (the box's never come out)."""
    copies = dict(CORNERSTONE_COPIES)
    for gen in range(1, GENERATIONS + 1):
        copies.update(deck_for(gen, state.icons))
    return copies


def _box(state: NeomState) -> dict[str, int]:
    """The copies removed by the player-count icons (NM-SETUP-PLAYERCOUNT)."""
    in_play = _in_play(state)
    box: dict[str, int] = {}
    for gen in range(1, GENERATIONS + 1):
        for name, count in deck_for(gen, ICONS).items():
            if count > in_play[name]:
                box[name] = count - in_play[name]
    return box


def _player(state: NeomState, seat: int, p: Player) -> list[Problem]:
    field = f"players.{seat}"
    out: list[Problem] = []
    phase, gen = state.phase, state.generation
    city = p.city
    if p.board is None:
        if phase != "boards":
            out.append((f"{field}.board", f"every board is dealt before the {phase} phase"))
        for i, t in enumerate(city):
            if t is not None:
                out.append((f"{field}.city.{_cell(i)}", "a city without a board is empty"))
                break
        if p.goods:
            out.append((f"{field}.goods", "goods come with the board"))
    else:
        if p.board not in p.goods:
            out.append((f"{field}.goods", f"the board's raw good {p.board} is held from setup"))
        if city[CENTRE] is None:
            out.append((f"{field}.city.{_cell(CENTRE)}", "the centre space is never empty"))
    for i, t in enumerate(city):
        if t is None:
            continue
        tile = TILES[t]
        where = f"{field}.city.{_cell(i)}"
        if tile.category == "disaster":
            out.append((where, f"{t} is a disaster: it is never placed"))
        elif tile.category == "centre" and (i != CENTRE or t != centre_tile(p.board or "")):
            out.append((where, f"{t} is printed on the centre of the {t[7:]} board only"))
        elif tile.gen > max(gen, 0):
            out.append((where, f"{t} is a generation {tile.gen} tile in generation {gen}"))
    if p.board is not None and city[CENTRE] is not None and not all_connected(city):
        out.append((f"{field}.city", "every tile must be joined by road to the centre space"))
    placed = sum(1 for t in city if t is not None and TILES[t].gen == 0)
    if placed > gen:
        out.append((f"{field}.city", f"{placed} cornerstones placed in generation {gen}"))
    for i, t in enumerate(p.cornerstones):
        if TILES[t].gen != 0:
            out.append((f"{field}.cornerstones.{i}", f"{t} is not a cornerstone"))
    out += _kept_in_draft(state, field, p)
    if len(p.cornerstones) + placed > DRAFT_KEPT:
        out.append(
            (
                f"{field}.cornerstones",
                f"{len(p.cornerstones)} kept and {placed} placed; only {DRAFT_KEPT} are drafted",
            )
        )
    out += _hand(state, field, p)
    return out


def _kept_in_draft(state: NeomState, field: str, p: Player) -> list[Problem]:
    """In the preliminary round a seat holds exactly ``turn - 1`` kept cornerstones: none
    before the draft (phases boards and deal), one per round ended in phase draft, the keep
    of this round being its selection (NM-DRAFT-DEAL; spec/neom/state.schema.json)."""
    if state.generation != 0 or state.phase not in ("boards", "deal", "draft"):
        return []
    expected = state.turn - 1 if state.phase == "draft" else 0
    if len(p.cornerstones) == expected:
        return []
    when = f"draft round {state.turn}" if state.phase == "draft" else f"the {state.phase} phase"
    return [
        (
            f"{field}.cornerstones",
            f"{len(p.cornerstones)} kept; a seat holds {expected} in {when} (NM-DRAFT-DEAL)",
        )
    ]


def _hand(state: NeomState, field: str, p: Player) -> list[Problem]:
    """Hand, selection and ``acted`` as the phase allows them."""
    out: list[Problem] = []
    phase, gen = state.phase, state.generation
    limit = DRAFT_DEALT if gen == 0 else HAND_SIZE
    if len(p.hand) + (p.selected is not None) > limit:
        out.append((f"{field}.hand", f"{len(p.hand)} tiles; a hand holds at most {limit}"))
    if phase in ("boards", "over") and p.hand:
        out.append((f"{field}.hand", f"no hand is held in the {phase} phase"))
    for i, t in enumerate(p.hand):
        if TILES[t].gen != gen:
            what = "cornerstone" if gen == 0 else f"generation {gen} tile"
            out.append((f"{field}.hand.{i}", f"{t} is not a {what}"))
    sel = p.selected
    if sel is not None:
        tile = TILES[sel]
        if phase not in ("draft", "select", "act"):
            out.append((f"{field}.selected", f"nothing is selected in the {phase} phase"))
        elif tile.gen != gen:
            out.append((f"{field}.selected", f"{sel} is not a tile of generation {gen}"))
        elif phase == "act" and p.acted and tile.category != "disaster":
            out.append((f"{field}.selected", "a player who has acted holds no selection"))
        elif phase == "act" and not p.acted and tile.category == "disaster":
            out.append(
                (
                    f"{field}.acted",
                    f"a player who selected {sel} takes no action this turn "
                    "and has acted (NM-DISASTER-SELECTOR)",
                )
            )
    elif phase == "act" and not p.acted:
        out.append((f"{field}.selected", "a player still to act needs a selection"))
    elif phase in ("draft", "select") and not p.hand:
        out.append((f"{field}.hand", "a player still to select needs a tile in hand"))
    if p.acted and phase not in ("act", "disaster"):
        out.append((f"{field}.acted", f"only the act and disaster phases record it, not {phase}"))
    return out


def _boards(state: NeomState) -> list[Problem]:
    out: list[Problem] = []
    dealt = [p.board for p in state.players if p.board is not None]
    for seat, p in enumerate(state.players):
        if p.board is not None and p.board in [q.board for q in state.players[:seat]]:
            out.append((f"players.{seat}.board", f"{p.board} is dealt twice"))
    if len(set(state.boards)) != len(state.boards):
        out.append(("boards", "each board is listed once"))
    for good in state.boards:
        if good in dealt:
            out.append(("boards", f"{good} is both dealt and undealt"))
    if sorted(state.boards + dealt) != sorted(BOARD_GOODS) and not out:
        out.append(("boards", f"undealt and dealt boards make the {len(BOARD_GOODS)} boards"))
    undealt = next((s for s, p in enumerate(state.players) if p.board is None), state.n)
    for seat in range(undealt, state.n):
        if state.players[seat].board is not None:
            out.append((f"players.{seat}.board", "boards are dealt in seat order"))
    return out


def _disasters(state: NeomState) -> list[Problem]:
    out: list[Problem] = []
    if state.disasters and state.phase != "disaster":
        out.append(("disasters", f"pending only in the disaster phase, not {state.phase}"))
    if state.phase == "disaster" and not state.disasters:
        out.append(("disasters", "the disaster phase needs a pending disaster"))
    for i, d in enumerate(state.disasters):
        field = f"disasters.{i}"
        if TILES[d["tile"]].gen != state.generation:
            out.append((f"{field}.tile", f"{d['tile']} is not of generation {state.generation}"))
        if d["by"] is None and not state.solo:
            out.append((f"{field}.by", "only a solo game's left-over disaster has no selector"))
        if len(set(d["decided"])) != len(d["decided"]):
            out.append((f"{field}.decided", "each struck player answers once"))
        if d["by"] is not None and d["by"] in d["decided"]:
            out.append((f"{field}.decided", "the selector is not struck (NM-DISASTER-SELECTOR)"))
        if i > 0 and d["decided"]:
            out.append((f"{field}.decided", "only the first pending disaster is being answered"))
    seats = [d["by"] for d in state.disasters]
    selectors = [s for s in seats if s is not None]
    if seats[: len(selectors)] != selectors or selectors != sorted(set(selectors)):
        out.append(
            (
                "disasters",
                f"selectors {seats}: disasters strike in their selectors' seat order, "
                "once per selector, a solo game's left-overs last (NM-DISASTER-ORDER)",
            )
        )
    left_over = [d["tile"] for d in state.disasters if d["by"] is None]
    for name in sorted(set(left_over)):
        if left_over.count(name) > state.players[0].hand.count(name):
            out.append(
                (
                    "disasters",
                    f"{left_over.count(name)} left-over {name} pending; a left-over "
                    "disaster strikes from the hand (NM-SOLO-PLAY)",
                )
            )
    return out


def _deal(state: NeomState) -> list[Problem]:
    """The decks hold the tiles every deal still to come needs (NM-GEN-DEAL, NM-SOLO-PLAY):
    a deck found empty at a deal would leave chance with no outcome."""
    if state.phase == "over":
        return []
    out: list[Problem] = []
    missing = 0
    if state.phase == "boards":
        out += _before_the_draft(state)
    if state.phase == "deal":
        if state.generation == 0 and state.deal_target != DRAFT_DEALT:
            out.append(("deal_target", f"the draft deals {DRAFT_DEALT}, not {state.deal_target}"))
        if state.generation > 0 and state.deal_target != state.turn_target():
            out.append(
                ("deal_target", f"this deal is of {state.turn_target()}, not {state.deal_target}")
            )
        for seat, p in enumerate(state.players):
            if len(p.hand) > state.deal_target:
                out.append((f"players.{seat}.hand", f"more than the {state.deal_target} dealt"))
        missing = sum(max(0, state.deal_target - len(p.hand)) for p in state.players)
        if state.generation == 0:
            held = sum(state.decks["cornerstone"].values())
            if missing > held:
                out.append(("decks.cornerstone", f"{held} tiles cannot complete this deal"))
    for gen in range(max(state.generation, 1), GENERATIONS + 1):
        if gen > state.generation:  # a later generation: every deal of it
            need = sum(deck_for(gen, state.icons).values()) if state.solo else state.n * HAND_SIZE
        elif state.solo:  # this deal, then the piles of the later turns
            piles = pile_sizes(sum(deck_for(gen, state.icons).values()))
            need = missing + sum(piles[state.turn :])
        else:  # this deal only
            need = missing
        held = sum(state.decks[str(gen)].values())
        if held < need:
            out.append((f"decks.{gen}", f"{held} tiles; the deals still to come need {need}"))
    return out


def _before_the_draft(state: NeomState) -> list[Problem]:
    """While boards are dealt the cornerstone deal is still to come: ``deal_target`` is its
    size, 4, and the cornerstone deck holds 4 x players (NM-DRAFT-DEAL)."""
    out: list[Problem] = []
    if state.deal_target != DRAFT_DEALT:
        size = f"{DRAFT_DEALT}, not {state.deal_target}"
        out.append(("deal_target", f"the cornerstone deal to come is of {size} (NM-DRAFT-DEAL)"))
    need = DRAFT_DEALT * state.n
    held = sum(state.decks["cornerstone"].values())
    if held < need:
        out.append(
            (
                "decks.cornerstone",
                f"{held} tiles; the cornerstone deal to come needs {need} (NM-DRAFT-DEAL)",
            )
        )
    return out
