"""Loading a canonical Notre Dame position (``load_state``), refusing what cannot be played.

Implements the load contract of issue 13 item 4 for Notre Dame: the whole position is read
and checked before a state is returned; a wrong type, an out-of-range value, an unknown or
missing key, or a position the rules cannot reach (cubes of a colour not adding up to
ND-COMP-CUBES, a message twice or off its colour's district, counts that do not fit the
phase, ND-ROUND-PHASES, an action card out of the decks in more copies than there are
colours, ND-SETUP-DECKS) is a MalformedInput naming the field path. Every problem found is
listed, the first one leading. The new state is then exported and its legal actions listed;
a position the engine cannot continue is refused too. ``to_act``, ``terminal``, ``stage``
and ``tile`` are derived: their types are checked, their values recomputed.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from reference_impl.core import CHANCE, EngineError, MalformedInput
from reference_impl.notre_dame.data import (
    AREA_SET,
    AREAS,
    BROWN_SET,
    CARD_SET,
    CARDS_PLAYED,
    CUBES_PER_COLOUR,
    GAME_ID,
    LETTERED,
    MESSAGE_VALUES,
    OUTER,
    PERSONS,
    RAT_MAX,
    ROUNDS,
    STAGES,
    node,
    road_graph,
)
from reference_impl.notre_dame.flow import plague_candidates, settle
from reference_impl.notre_dame.player import Player
from reference_impl.notre_dame.state import PHASES, NotreDameState

if TYPE_CHECKING:
    from reference_impl.notre_dame.game import NotreDameGame

TOP_KEYS = frozenset(
    {
        "game", "num_players", "options", "to_act", "terminal", "tile", "round", "stage",
        "phase", "start_player", "current", "pending", "draft_step", "display", "brown_deck",
        "lettered", "notre_dame", "messages", "players",
    }
)  # fmt: skip
PLAYER_KEYS = frozenset(
    {
        "coins", "prestige", "rats", "cubes", "stock", "areas", "friend", "carriage",
        "messages", "message_set", "deck", "draft_hand", "cards", "played", "bought",
    }
)  # fmt: skip


class Problems:
    """Every problem of one position, each naming its field path."""

    def __init__(self) -> None:
        self.found: list[str] = []

    def add(self, path: str, why: str, value: Any = None, show: bool = True) -> None:
        shown = f", got {value!r}" if show else ""
        self.found.append(f"state.{path} {why}{shown}" if path else f"state {why}{shown}")

    def fail(self) -> MalformedInput:
        more = f" (and {len(self.found) - 1} more: {'; '.join(self.found[1:])})"
        return MalformedInput(self.found[0] + (more if len(self.found) > 1 else ""))


class Refused(Exception):
    """A problem that stops the reading of the position (the value cannot be used)."""


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


class Reader:
    """Reads fields, recording problems; a value that cannot be used raises Refused."""

    def __init__(self) -> None:
        self.problems = Problems()

    def stop(self, path: str, why: str, value: Any = None, show: bool = True) -> Refused:
        self.problems.add(path, why, value, show)
        return Refused()

    def obj(self, value: Any, path: str, keys: frozenset[str]) -> dict[str, Any]:
        if not isinstance(value, dict):
            raise self.stop(path, "must be an object", value)
        for key in sorted(keys - set(value)):
            self.problems.add(_join(path, key), "is missing", show=False)
        for key in sorted(set(value) - keys, key=str):
            self.problems.add(_join(path, str(key)), "is not a field of the state", show=False)
        if keys - set(value):
            raise Refused()
        return value

    def int(self, value: Any, path: str, lo: int | None = None, hi: int | None = None) -> int:
        if not _is_int(value):
            raise self.stop(path, "must be an integer", value)
        if (lo is not None and value < lo) or (hi is not None and value > hi):
            raise self.stop(path, f"must be within {lo}..{hi}", value)
        return value

    def floored(
        self, value: Any, path: str, options: Mapping[str, Any], floor: str, hi: int | None = None
    ) -> int:
        """An integer up to ``hi``, below 0 only when the option ``floor`` (ND-RATS-FLOOR,
        ND-PRESTIGE-FLOOR) is off: the option is looked up for a negative count alone."""
        number = self.int(value, path, None, hi)
        if number < 0 and options[floor]:
            raise self.stop(path, f"must be within 0..{hi}", value)
        return number

    def names(self, value: Any, path: str, allowed: frozenset[str] | set[str]) -> list[str]:
        if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
            raise self.stop(path, "must be a list of names", value)
        unknown = [v for v in value if v not in allowed]
        if unknown:
            raise self.stop(path, f"has unknown name {unknown[0]!r}", value)
        return sorted(value)

    def unique(self, items: list[Any], path: str) -> None:
        twice = sorted(k for k, c in Counter(items).items() if c > 1)
        if twice:
            self.problems.add(path, f"lists {twice[0]!r} twice", items)


def _join(path: str, key: str) -> str:
    return f"{path}.{key}" if path else key


def load(game: NotreDameGame, data: Any) -> NotreDameState:
    """Rebuild and check a position from canonical JSON; MalformedInput names the bad field."""
    reader = Reader()
    try:
        st = _read(game, reader, data)
    except Refused:
        raise reader.problems.fail() from None
    if not reader.problems.found:
        _consistent(st, reader.problems)
    if reader.problems.found:
        raise reader.problems.fail()
    return _continued(st)


def _read(game: NotreDameGame, r: Reader, data: Any) -> NotreDameState:
    data = r.obj(data, "", TOP_KEYS)
    if data["game"] != GAME_ID:
        raise r.stop("game", f"must be {GAME_ID!r}", data["game"])
    n = data["num_players"]
    if not _is_int(n):
        raise r.stop("num_players", "must be an integer", n)
    try:
        game.check_players(n)
    except EngineError as error:
        raise r.stop("num_players", error.message, show=False) from None
    if not isinstance(data["options"], dict):
        raise r.stop("options", "must be an object", data["options"])
    try:
        options = game.options_of(data["options"])
    except EngineError as error:
        raise r.stop("options", error.message, show=False) from None
    st = NotreDameState(n, options)
    _derived(r, data)
    st.round = r.int(data["round"], "round", 1, ROUNDS)
    st.phase = data["phase"]
    if not isinstance(st.phase, str) or st.phase not in PHASES:
        raise r.stop("phase", f"must be one of {', '.join(PHASES)}", st.phase)
    st.start = r.int(data["start_player"], "start_player", 0, n - 1)
    current = data["current"]
    st.current = None if current is None else r.int(current, "current", 0, n - 1)
    pending = data["pending"]
    if not isinstance(pending, list):
        raise r.stop("pending", "must be a list", pending)
    st.pending = sorted(r.int(p, f"pending.{i}", 0, n - 1) for i, p in enumerate(pending))
    r.unique(st.pending, "pending")
    step = data["draft_step"]
    st.draft_step = None if step is None else r.int(step, "draft_step", 1, 2)
    st.display = r.names(data["display"], "display", PERSONS)
    st.brown_deck = r.names(data["brown_deck"], "brown_deck", BROWN_SET)
    r.unique(st.brown_deck, "brown_deck")
    lettered = r.obj(data["lettered"], "lettered", frozenset(STAGES))
    st.lettered = {}
    for k in STAGES:
        st.lettered[k] = r.names(lettered[k], f"lettered.{k}", frozenset(LETTERED[k]))
        r.unique(st.lettered[k], f"lettered.{k}")
    nd = data["notre_dame"]
    if not isinstance(nd, list) or len(nd) != n:
        raise r.stop("notre_dame", f"must list {n} cube counts", nd)
    st.nd = [r.int(v, f"notre_dame.{i}", 0, CUBES_PER_COLOUR) for i, v in enumerate(nd)]
    st.board = _board(r, data["messages"], n, st.ring)
    players = data["players"]
    if not isinstance(players, list) or len(players) != n:
        raise r.stop("players", f"must list {n} players", players)
    st.players = [_player(r, pj, f"players.{i}", st) for i, pj in enumerate(players)]
    return st


def _derived(r: Reader, data: dict[str, Any]) -> None:
    """The derived fields are recomputed, but must have their types."""
    to_act = data["to_act"]
    if not isinstance(to_act, list) or not all(a == CHANCE or _is_int(a) for a in to_act):
        r.problems.add("to_act", "must be a list of seats or 'chance'", to_act)
    if not isinstance(data["terminal"], bool):
        r.problems.add("terminal", "must be true or false", data["terminal"])
    if not isinstance(data["stage"], str) or data["stage"] not in STAGES:
        r.problems.add("stage", f"must be one of {', '.join(STAGES)}", data["stage"])
    if not isinstance(data["tile"], str) or data["tile"] not in ("triangle", "square", "pentagon"):
        r.problems.add("tile", "must be triangle, square or pentagon", data["tile"])


def _message(r: Reader, m: Any, path: str, n: int) -> tuple[int, int]:
    m = r.obj(m, path, frozenset({"color", "value"}))
    colour = r.int(m["color"], f"{path}.color", 0, n - 1)
    value = r.int(m["value"], f"{path}.value", min(MESSAGE_VALUES), max(MESSAGE_VALUES))
    return colour, value


def _board(r: Reader, value: Any, n: int, ring: tuple[int, ...]) -> dict[str, tuple[int, int]]:
    if not isinstance(value, dict):
        raise r.stop("messages", "must map squares to messages", value)
    graph = road_graph(ring)
    board = {}
    for sq in sorted(value, key=str):
        if sq not in graph:
            raise r.stop(f"messages.{sq}", "is not a square of the board", sq)
        board[sq] = _message(r, value[sq], f"messages.{sq}", n)
        colour = board[sq][0]
        if sq not in {node(colour, s) for s in OUTER}:
            r.problems.add(
                f"messages.{sq}", f"lies off the outer squares of district {colour}", value[sq]
            )
    return board


def _player(r: Reader, pj: Any, path: str, st: NotreDameState) -> Player:
    pj = r.obj(pj, path, PLAYER_KEYS)
    n = st.num
    pl = Player.__new__(Player)
    pl.coins = r.int(pj["coins"], f"{path}.coins", 0)
    pl.prestige = r.floored(pj["prestige"], f"{path}.prestige", st.options, "prestige_floor")
    pl.rats = r.floored(pj["rats"], f"{path}.rats", st.options, "rat_floor", RAT_MAX)
    pl.cubes = r.int(pj["cubes"], f"{path}.cubes", 0, CUBES_PER_COLOUR)
    pl.stock = r.int(pj["stock"], f"{path}.stock", 0, CUBES_PER_COLOUR)
    areas = r.obj(pj["areas"], f"{path}.areas", AREA_SET)
    pl.areas = {a: r.int(areas[a], f"{path}.areas.{a}", 0, CUBES_PER_COLOUR) for a in AREAS}
    friend = pj["friend"]
    if friend is not None and (not isinstance(friend, str) or friend not in AREA_SET):
        raise r.stop(f"{path}.friend", "must be null or an area of the district", friend)
    pl.friend = friend
    carriage = pj["carriage"]
    if not isinstance(carriage, str) or carriage not in road_graph(st.ring):
        raise r.stop(f"{path}.carriage", "must be a square of the board", carriage)
    pl.carriage = carriage
    messages = pj["messages"]
    if not isinstance(messages, list):
        raise r.stop(f"{path}.messages", "must be a list", messages)
    pl.messages = sorted(
        _message(r, m, f"{path}.messages.{i}", n) for i, m in enumerate(messages)
    )
    mset = pj["message_set"]
    if not isinstance(mset, list):
        raise r.stop(f"{path}.message_set", "must be a list of colours", mset)
    colours = [r.int(c, f"{path}.message_set.{i}", 0, n - 1) for i, c in enumerate(mset)]
    r.unique(colours, f"{path}.message_set")
    pl.message_set = set(colours)
    for name in ("deck", "draft_hand", "cards", "played"):
        setattr(pl, name, r.names(pj[name], f"{path}.{name}", CARD_SET))
    r.unique(pl.deck, f"{path}.deck")
    if len(pl.played) > CARDS_PLAYED:
        r.problems.add(f"{path}.played", f"holds more than {CARDS_PLAYED} cards", pl.played)
    bought = pj["bought"]
    if bought is not None and (not isinstance(bought, str) or bought not in PERSONS):
        raise r.stop(f"{path}.bought", "must be null or a person", bought)
    pl.bought = bought
    return pl


def _consistent(st: NotreDameState, problems: Problems) -> None:
    """What the rules can reach: conservation of cubes and messages, the phase's counts."""
    for p, pl in enumerate(st.players):
        total = pl.cubes + sum(pl.areas.values()) + st.nd[p] + pl.stock
        if total != CUBES_PER_COLOUR:
            problems.add(
                f"players.{p}.stock",
                f"leaves colour {p} with {total} cubes (hand {pl.cubes}, districts "
                f"{sum(pl.areas.values())}, Notre Dame {st.nd[p]}, stock {pl.stock}), "
                f"not {CUBES_PER_COLOUR} (ND-COMP-CUBES)",
                show=False,
            )
    _messages_conserved(st, problems)
    _cards_conserved(st, problems)
    _display(st, problems)
    _phase(st, problems)


def _messages_conserved(st: NotreDameState, problems: Problems) -> None:
    """Each message lies on the board or is held, once. (That every placed colour still has all
    four messages is not required: scenarios hand messages to a player without lifting them.)"""
    where: dict[tuple[int, int], list[str]] = {}
    for sq, message in st.board.items():
        where.setdefault(message, []).append(f"messages.{sq}")
    for p, pl in enumerate(st.players):
        for message in pl.messages:
            where.setdefault(message, []).append(f"players.{p}.messages")
    for (colour, value), paths in sorted(where.items()):
        if len(paths) > 1:
            problems.add(paths[1], f"repeats message {value} of colour {colour} ({paths[0]})")


def _cards_conserved(st: NotreDameState, problems: Problems) -> None:
    """ND-SETUP-DECKS: each colour has one card of each action, so no action card is out of
    the decks (draft hands, hands, played cards: every player's together) in more copies
    than there are colours. The decks are not counted: scenarios hand a player cards
    without taking them from a deck (features/README.md)."""
    held: Counter[str] = Counter()
    for pl in st.players:
        held.update(pl.draft_hand)
        held.update(pl.cards)
        held.update(pl.played)
    for name, count in sorted(held.items()):
        if count > st.num:
            problems.add(
                "players",
                f"hold {count} {name} cards in draft hands, hands and played cards; the game "
                f"has {st.num}, one per colour (ND-SETUP-DECKS)",
                show=False,
            )


def _display(st: NotreDameState, problems: Problems) -> None:
    """At most three displayed persons, once each (ND-PERSONS-REVEAL); a bought person is one
    of them. The mix of brown and lettered persons is not checked: scenarios display any three."""
    if len(set(st.display)) != len(st.display) or len(st.display) > 3:
        problems.add("display", "must hold at most 3 persons, once each", st.display)
    if st.phase == "setup" and st.display:
        problems.add("display", "must be empty before the first round", st.display)
    for p, pl in enumerate(st.players):
        if pl.bought is None:
            continue
        if pl.bought not in st.display or st.phase not in ("buy", "plague"):
            problems.add(
                f"players.{p}.bought", "must be a displayed person bought in phase 4", pl.bought
            )


def _phase(st: NotreDameState, problems: Problems) -> None:
    """ND-ROUND-PHASES: who may act, and what each phase needs to go on."""
    phase = st.phase
    if (st.current is not None) != (phase in ("play", "buy")):
        problems.add("current", f"must be a seat exactly in phases play and buy, not {phase}",
                     st.current)  # fmt: skip
    if (st.draft_step is not None) != (phase == "draft"):
        problems.add("draft_step", f"must be 1 or 2 exactly in the draft, not {phase}",
                     st.draft_step)  # fmt: skip
    if phase not in ("setup", "draft", "plague") and st.pending:
        problems.add("pending", f"must be empty in phase {phase}", st.pending)
    if phase in ("setup", "draft", "plague") and not st.pending:
        problems.add("pending", f"must name who is still to act in phase {phase}", st.pending)
    if phase == "setup" and st.round != 1:
        problems.add("round", "must be 1 while messages are placed", st.round)
    if phase == "over" and st.round != ROUNDS:
        problems.add("round", f"must be {ROUNDS} when the game is over", st.round)
    played = [len(pl.played) for pl in st.players]
    if phase == "play" and st.current is not None:
        _turn_order(st, played, problems)
    elif any(played) and phase != "buy" and phase != "plague":
        problems.add("players", f"hold played cards in phase {phase}", played)
    for p in st.pending:
        pl = st.players[p]
        if phase == "draft" and not pl.draft_hand:
            problems.add(f"players.{p}.draft_hand", "must hold a card to keep", [])
        if phase == "plague" and not plague_candidates(st, p):
            problems.add(f"players.{p}.areas", "must hold a cube to lose to the plague",
                         pl.areas)  # fmt: skip


def _turn_order(st: NotreDameState, played: list[int], problems: Problems) -> None:
    """ND-PLAY-ORDER, ND-PLAY-SECOND: one card each in turn order from the start player, twice
    round. After `total` cards the first total mod n players from the start player have played
    total // n + 1 cards and the others total // n; the current player is the next one and
    holds a card to play."""
    total = sum(played)
    if total >= CARDS_PLAYED * st.num or st.current != (st.start + total) % st.num:
        problems.add(
            "current", f"must be (start_player + cards played {total}) mod {st.num}",
            st.current,
        )  # fmt: skip
    for p, count in enumerate(played):
        due = total // st.num + ((p - st.start) % st.num < total % st.num)
        if count != due:
            problems.add(
                f"players.{p}.played",
                f"must hold {due} cards after {total} played in turn order from start player "
                f"{st.start} (ND-PLAY-ORDER)",
                st.players[p].played,
            )
    if not st.players[st.current].cards:
        problems.add(f"players.{st.current}.cards", "must hold a card to play", [])


def _continued(st: NotreDameState) -> NotreDameState:
    """Advance past empty chance nodes, export, list the legal actions: or refuse."""
    try:
        settle(st)
        st.to_canonical()
        legal = st.legal_actions()
        chance = st.chance_outcomes()
    except Exception as error:
        raise MalformedInput(
            f"state cannot be continued in phase {st.phase}: {type(error).__name__}: {error}"
        ) from None
    if st.to_act() and not legal:
        raise MalformedInput(
            f"state has {st.to_act()} to act but no legal action (phase {st.phase})"
        )
    if CHANCE in st.to_act() and not chance:
        raise MalformedInput(f"state has a chance node without outcomes (phase {st.phase})")
    st._cache = None
    return st
