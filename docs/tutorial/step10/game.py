"""Notre Dame: 10th Anniversary: the game.

This is the game (notre_dame) behind the functions engine.py calls.

Each function below that says "not implemented yet" is yours to write; until then the engine
refuses that request as `unsupported`, naming it, and `rulespec check --level protocol` in
this folder names the next one to write. The canonical state and the actions are typed in
game_types.py, generated from rulespec's spec/notre_dame/state.schema.json and
action.schema.json (the schemas and spec/protocol/README.md are the contract; rule ids come
from spec/notre_dame/rules.yaml, `rulespec rules notre_dame` lists them).
"""

from __future__ import annotations

import itertools
from collections import Counter
from fractions import Fraction
from typing import Any

from errors import Illegal, Malformed, NotImplementedYet
from game_types import (
    Action,
    ActionBuy,
    ActionKeep,
    ActionLoseCube,
    ActionPass,
    ActionPlay,
    ActionPlay2,
    ActionPlay3,
    ChanceActionDrawCard,
    ChanceActionPlaceMessages,
    ChanceActionRevealPerson,
    State,
)

GAME = "notre_dame"
ENGINE_NAME = "notre-dame-engine"
MIN_PLAYERS = 2
MAX_PLAYERS = 5
#: every option (ruling or variant) the engine implements, with its default; `new_game`
#: merges the request's options over these (spec/protocol/README.md, "new_game")
DEFAULT_OPTIONS: dict[str, Any] = {
    "rat_floor": True,
    "friend_in_park_bonus": True,
    "friend_in_hospital": True,
    "prestige_floor": True,
    "forgo_at_will": False,
    "notre_dame_source": False,
    "neutral_districts": True,
}


def resolve_options(options: dict[str, Any]) -> dict[str, Any]:
    """The defaults overlaid with the request's options: an unknown name or a value of the
    wrong type is malformed; `params` (erratum parameters) is kept only when not empty."""
    if not isinstance(options, dict):
        raise Malformed("options: expected an object")
    resolved = dict(DEFAULT_OPTIONS)
    for name, value in options.items():
        if name == "params":
            if value:
                resolved["params"] = value
            continue
        if name not in DEFAULT_OPTIONS:
            known = ", ".join(sorted(DEFAULT_OPTIONS))
            raise Malformed(f"unknown option {name!r} (known: {known})")
        default = DEFAULT_OPTIONS[name]
        if default is not None and type(value) is not type(default):
            wanted = type(default).__name__
            raise Malformed(f"option {name!r} must be {wanted}, got {value!r}")
        resolved[name] = value
    return resolved


SEATS_TILE = {2: "square", 3: "triangle", 4: "square", 5: "pentagon"}  # ND-SETUP-BOARD
CARDS = ["bank", "carriage", "cloister", "friend", "guesthouse", "hospital", "notre_dame",
         "park", "residence"]  # fmt: skip
AREAS = ["bank", "carriage", "cloister", "guesthouse", "hospital", "park", "residence"]
BROWN = ["doctor", "landlady", "magician", "moneylender", "monk", "poet"]
MESSAGE_SQUARES = (1, 2, 3, 4)  # a district's outer squares, "d-1" .. "d-4"
#: what a message of each value gives its taker (ND-MESSAGE-REWARD)
MESSAGE_REWARD = {1: {"prestige": 1, "coins": 1}, 2: {"prestige": 2, "cubes": 1},
                  3: {"prestige": 3, "rats_removed": 1}, 4: {"prestige": 4}}  # fmt: skip
OFFERINGS = {1: 1, 2: 3, 3: 6}  # coins offered at Notre Dame -> prestige (ND-ND-OFFERING)
GUEST_CHOICES = ["coin", "cube", "rat"]  # ND-GUEST
#: what each lettered person gives (components.yaml, lettered-persons; ND-PERSONS-LETTERED)
LETTERED: dict[str, dict[str, int]] = {
    "A1": {"coins": 2}, "A2": {"cubes": 2}, "A3": {"prestige": 2},
    "A4": {"coins": 1, "cubes": 1}, "A5": {"prestige": 1, "coins": 1},
    "A6": {"prestige": 1, "rats_removed": 1}, "A7": {"cubes": 1, "rats_removed": 1},
    "A8": {"coins": 3}, "A9": {"prestige": 1, "cubes": 1},
    "B1": {"prestige": 2, "coins": 1}, "B2": {"prestige": 3},
    "B3": {"cubes": 1, "rats_removed": 2}, "B4": {"coins": 2, "cubes": 1},
    "B5": {"prestige": 2, "cubes": 1}, "B6": {"prestige": 1, "rats_removed": 2},
    "B7": {"coins": 3}, "B8": {"prestige": 2, "rats_removed": 1}, "B9": {"cubes": 3},
    "C1": {"prestige": 4}, "C2": {"prestige": 3, "cubes": 1},
    "C3": {"prestige": 2, "rats_removed": 2}, "C4": {"prestige": 3, "coins": 1},
    "C5": {"prestige": 5}, "C6": {"prestige": 4, "rats_removed": 1},
    "C7": {"prestige": 2, "coins": 2}, "C8": {"prestige": 3, "rats_removed": 2},
    "C9": {"prestige": 2, "cubes": 2},
}  # fmt: skip
#: the rats printed on each person (components.yaml; ND-PERSONS-RATS)
RATS = {"doctor": 2, "landlady": 1, "magician": 1, "moneylender": 2, "monk": 1, "poet": 1,
        "A1": 1, "A2": 1, "A3": 0, "A4": 0, "A5": 1, "A6": 1, "A7": 0, "A8": 1, "A9": 2,
        "B1": 1, "B2": 2, "B3": 1, "B4": 1, "B5": 2, "B6": 1, "B7": 0, "B8": 2, "B9": 1,
        "C1": 2, "C2": 2, "C3": 1, "C4": 1, "C5": 2, "C6": 3, "C7": 1, "C8": 2, "C9": 0,
        }  # fmt: skip
#: Notre Dame's bonus at the end of each stage, by tile and stage (ND-ND-VALUES)
BONUS = {"triangle": {"A": 9, "B": 12, "C": 15}, "square": {"A": 12, "B": 15, "C": 18},
         "pentagon": {"A": 15, "B": 18, "C": 21}}  # fmt: skip


def new_game(num_players: int, options: dict[str, Any], setup: dict[str, Any]) -> State:
    """The initial canonical state: every field of State, normalised (unordered lists
    sorted), with `to_act` and `terminal`. Random setup is chance's: unless `setup` fixes it,
    the game starts with `to_act` ["chance"] (spec/protocol/README.md, "new_game")."""

    def player(seat: int) -> dict[str, Any]:  # a new one per seat: no list is shared
        return {
            "coins": 3, "prestige": 0, "rats": 0, "cubes": 4, "stock": 10,  # ND-SETUP-RESOURCES
            "areas": dict.fromkeys(AREAS, 0), "friend": None, "carriage": f"{seat}-0",
            "messages": [], "message_set": [], "deck": list(CARDS), "draft_hand": [],
            "cards": [], "played": [], "bought": None,
        }  # fmt: skip

    state: dict[str, Any] = {
        "game": GAME, "num_players": num_players, "options": options,
        "to_act": ["chance"], "terminal": False, "tile": SEATS_TILE[num_players],
        "round": 1, "stage": "A", "phase": "setup", "start_player": 0, "current": None,
        "pending": list(range(num_players)), "draft_step": None, "display": [],
        "brown_deck": list(BROWN),
        "lettered": {letter: [f"{letter}{i}" for i in range(1, 10)] for letter in "ABC"},
        "notre_dame": [0] * num_players, "messages": {},
        "players": [player(seat) for seat in range(num_players)],
    }  # fmt: skip
    for key in setup:
        if key not in ("start_player", "messages"):
            raise Malformed(f"setup.{key} is unknown (known: messages, start_player)")
    if "start_player" in setup:
        seat = setup["start_player"]
        if type(seat) is not int or not 0 <= seat < num_players:
            raise Malformed(f"setup.start_player must be a seat, got {seat!r}")
        state["start_player"] = seat
    for district, values in (setup.get("messages") or {}).items():
        if not district.isdigit() or int(district) not in state["pending"]:
            raise Malformed(f"setup.messages: {district!r} is not a district to set up")
        place_messages(state, int(district), values)
    return state  # type: ignore[return-value]


def place_messages(state: dict[str, Any], district: int, values: list[int]) -> None:
    """The district's four messages, face up on its outer squares (ND-SETUP-MESSAGES); once
    every district has its messages, round 1 starts with the persons' reveal."""
    if sorted(values) != [1, 2, 3, 4]:
        raise Malformed(f"messages of district {district}: {values!r} is not 1-4 in some order")
    for square, value in zip(MESSAGE_SQUARES, values, strict=True):
        state["messages"][f"{district}-{square}"] = {"color": district, "value": value}
    state["messages"] = dict(sorted(state["messages"].items()))
    state["pending"].remove(district)
    if not state["pending"]:
        state["phase"] = "reveal"  # ND-ROUND-PHASES: phase 1 reveals the persons
        settle(state)


def reveal_source(state: dict[str, Any]) -> list[str]:
    """The deck the next person comes from: two brown, then one of the stage's letter
    (ND-PERSONS-REVEAL); [] once the three are face up."""
    browns = sum(person in BROWN for person in state["display"])
    if browns < 2 and state["brown_deck"]:
        return state["brown_deck"]
    if len(state["display"]) - browns < 1:
        return state["lettered"][state["stage"]]
    return []


def deal_target(state: dict[str, Any]) -> int | None:
    """The first seat still to draw a card of its three (ND-DRAFT-DRAW), or None."""
    for seat, player in enumerate(state["players"]):
        if len(player["draft_hand"]) < 3 and player["deck"]:
            return seat
    return None


# -- the board: districts, squares and roads (ND-SETUP-BOARD, ND-CARRIAGE-ROADS) ----------


def ring(state: dict[str, Any]) -> list[int]:
    """The districts in play, in order around the board: with two players the two neutral
    districts sit between theirs (option neutral_districts)."""
    if state["num_players"] == 2:
        return [0, 2, 1, 3] if state["options"]["neutral_districts"] else [0, 1]
    return list(range(state["num_players"]))


def roads(state: dict[str, Any]) -> dict[str, set[str]]:
    """Each square's neighbours: inside a district the centre d-0 touches the four outer
    squares, which touch in a row d-1 .. d-4; d-4 touches the next district's d-1."""
    linked: dict[str, set[str]] = {}
    districts = ring(state)
    pairs = [(0, 1), (0, 2), (0, 3), (0, 4), (1, 2), (2, 3), (3, 4)]
    edges = [(f"{d}-{a}", f"{d}-{b}") for d in districts for a, b in pairs]
    edges += [(f"{d}-4", f"{districts[(i + 1) % len(districts)]}-1")
              for i, d in enumerate(districts) if len(districts) > 1]  # fmt: skip
    for a, b in edges:
        linked.setdefault(a, set()).add(b)
        linked.setdefault(b, set()).add(a)
    return linked


def distances(state: dict[str, Any], start: str) -> dict[str, int]:
    """Every square reachable from `start`, with the number of roads to it."""
    linked, found, frontier = roads(state), {start: 0}, [start]
    while frontier:
        reached = []
        for square in frontier:
            for other in sorted(linked.get(square, ())):
                if other not in found:
                    found[other] = found[square] + 1
                    reached.append(other)
        frontier = reached
    return found


# -- gains (ND-PARK-BONUS, ND-CLOISTER-LIMIT, ND-RATS-FLOOR) -------------------------------


def people(state: dict[str, Any], seat: int, area: str) -> int:
    """The seat's people in `area`: its cubes, and its friend if there."""
    player = state["players"][seat]
    return player["areas"][area] + (player["friend"] == area)


def gain_prestige(state: dict[str, Any], seat: int, amount: int) -> None:
    """Prestige, plus one per two people in the park (ND-PARK-BONUS; the friend counts
    under the option friend_in_park_bonus)."""
    if amount <= 0:
        return
    player = state["players"][seat]
    park = player["areas"]["park"]
    park += player["friend"] == "park" and state["options"]["friend_in_park_bonus"]
    player["prestige"] += amount + park // 2


def gain_cubes(state: dict[str, Any], seat: int, amount: int) -> None:
    """Cubes from the stock into the hand, as many as the stock has (ND-CLOISTER-LIMIT)."""
    player = state["players"][seat]
    moved = min(amount, player["stock"])
    player["stock"] -= moved
    player["cubes"] += moved


def remove_rats(state: dict[str, Any], seat: int, amount: int = 1) -> None:
    """The rat marker goes down, never below 0 under the option rat_floor (ND-RATS-FLOOR)."""
    player = state["players"][seat]
    player["rats"] -= amount
    if state["options"]["rat_floor"]:
        player["rats"] = max(0, player["rats"])


def gain(state: dict[str, Any], seat: int, gains: dict[str, int]) -> None:
    """A reward of prestige, coins, cubes and rats removed."""
    state["players"][seat]["coins"] += gains.get("coins", 0)
    gain_cubes(state, seat, gains.get("cubes", 0))
    remove_rats(state, seat, gains.get("rats_removed", 0))
    gain_prestige(state, seat, gains.get("prestige", 0))


# -- messages (ND-MESSAGE-COLOR, ND-MESSAGE-REWARD) ----------------------------------------


def may_take(state: dict[str, Any], seat: int, color: int) -> bool:
    """A colour already in the seat's current set is taken only once the set holds every
    colour still on the board (ND-MESSAGE-COLOR)."""
    player = state["players"][seat]
    if color not in player["message_set"]:
        return True
    on_board = {message["color"] for message in state["messages"].values()}
    return on_board <= set(player["message_set"])


def take_message(state: dict[str, Any], seat: int, square: str) -> None:
    """The message on `square` goes to the seat, which gains its reward; a colour already
    in the set starts a new set (ND-MESSAGE-COLOR)."""
    player = state["players"][seat]
    message = state["messages"].pop(square)
    color = message["color"]
    if color in player["message_set"]:
        player["message_set"] = [color]
    else:
        player["message_set"] = sorted([*player["message_set"], color])
    player["messages"] = sorted([*player["messages"], message],
                                key=lambda m: (m["color"], m["value"]))  # fmt: skip
    gain(state, seat, MESSAGE_REWARD[message["value"]])


# -- the areas' actions (ND-BANK .. ND-CARRIAGE-MOVE) --------------------------------------


def check_area_action(state: dict[str, Any], seat: int, area: str, action: dict[str, Any],
                      present: int, extra_rule: str, double_rule: str) -> None:  # fmt: skip
    """The fields of an area's action: the carriage's `square` and `take`, the guest
    house's `choices`; a field the area does not use breaks `extra_rule`. `present` is the
    seat's people there once the new one has arrived."""
    if area == "carriage":
        reach = distances(state, state["players"][seat]["carriage"])
        square = action.get("square")
        if square not in reach or reach[square] > present:
            raise Illegal("ND-CARRIAGE-MOVE", f"{square!r} is not a square within {present}"
                          " roads of the carriage")  # fmt: skip
        if "take" not in action or "choices" in action:
            raise Illegal(extra_rule, "the carriage's move has square and take, and only them")
        if action["take"]:
            message = state["messages"].get(action["square"])
            if message is None:
                raise Illegal("ND-CARRIAGE-STOP", f"no message on {action['square']}")
            if not may_take(state, seat, message["color"]):
                raise Illegal("ND-MESSAGE-COLOR", "a colour of the current set, not complete")
        return
    if "square" in action or "take" in action:
        raise Illegal(extra_rule, f"the {area}'s action has no square")
    if area == "guesthouse":
        choices = action.get("choices")
        if not choices or len(choices) > 2 or any(c not in GUEST_CHOICES for c in choices):
            raise Illegal("ND-GUEST", "one or two of coin, cube, rat")
        if len(choices) == 2 and present < 3:
            raise Illegal(double_rule, "two gains need three people in the guest house")
    elif "choices" in action:
        raise Illegal(extra_rule, f"the {area}'s action takes no choices")


def perform_area(state: dict[str, Any], seat: int, area: str, action: dict[str, Any]) -> None:
    """The action of `area`, with the seat's people there (the new one already placed)."""
    present = people(state, seat, area)
    if area == "bank":
        state["players"][seat]["coins"] += present  # ND-BANK
    elif area == "residence":
        gain_prestige(state, seat, present)  # ND-RESIDENCE
    elif area == "cloister":
        gain_cubes(state, seat, present)  # ND-CLOISTER
    elif area in ("park", "hospital"):
        remove_rats(state, seat)  # ND-PARK, ND-HOSPITAL
    elif area == "guesthouse":
        for choice in action["choices"]:  # ND-GUEST
            gain(state, seat, {"coin": {"coins": 1}, "cube": {"cubes": 1},
                               "rat": {"rats_removed": 1}}[choice])  # fmt: skip
    elif area == "carriage":
        state["players"][seat]["carriage"] = action["square"]  # ND-CARRIAGE-STAYS
        if action["take"]:
            take_message(state, seat, action["square"])


def cube_sources(state: dict[str, Any], seat: int, card: str) -> list[str]:
    """Where the cube a card places comes from: the hand while it holds one, else an area
    with a cube, never the card's own (ND-PLACE-MOVE); [] when there is none."""
    player = state["players"][seat]
    if player["cubes"] > 0:
        return ["hand"]
    return [area for area in AREAS if player["areas"][area] > 0 and area != card]


def can_perform(state: dict[str, Any], seat: int, card: str) -> bool:
    """Whether the card's action can be carried out (ND-PLAY-FORGO): the friend always;
    Notre Dame needs a coin; every card needs a cube to place."""
    if card == "friend":
        return True
    if card == "notre_dame" and state["players"][seat]["coins"] < 1:
        return False
    return bool(cube_sources(state, seat, card))


def settle(state: dict[str, Any]) -> None:
    """Move past chance phases with nothing left to draw: reveal, deal, then the draft."""
    if state["phase"] == "reveal" and not reveal_source(state):
        state["phase"] = "deal"
    if state["phase"] == "deal" and deal_target(state) is None:
        state["phase"], state["draft_step"] = "draft", 1
        state["pending"] = list(range(state["num_players"]))
        state["to_act"] = list(state["pending"])


def load_state(state: State) -> State:
    """Replace the game by a canonical state (capability "load_state"), refusing as
    malformed, naming the field, a state of the wrong shape or a position the rules cannot
    reach (capability "validates_positions"); then the derived fields are recomputed."""
    check_fields(state)
    check_pieces(state)
    check_phase(state)
    derive(state)
    return state


PLAYER_FIELDS = [
    "coins",
    "prestige",
    "rats",
    "cubes",
    "stock",
    "areas",
    "friend",
    "carriage",
    "messages",
    "message_set",
    "deck",
    "draft_hand",
    "cards",
    "played",
    "bought",
]
PHASES = ["setup", "reveal", "deal", "draft", "play", "buy", "plague", "over"]
PERSONS = set(BROWN) | set(LETTERED)


def is_seat(state: dict[str, Any], value: Any) -> bool:
    return type(value) is int and 0 <= value < state["num_players"]


def check_fields(state: dict[str, Any]) -> None:
    """Every field of state.schema.json, each of its type and range, and no other (a
    seat's view, with `viewer`, is not a state to load)."""
    missing = sorted(State.__required_keys__ - set(state))
    unknown = sorted(set(state) - State.__required_keys__)
    if missing or unknown:
        raise Malformed(f"state: missing {missing}, unknown {unknown}")
    for key in ("to_act", "pending", "display", "brown_deck", "notre_dame", "players"):
        if not isinstance(state[key], list):
            raise Malformed(f"{key}: a list")
    if not isinstance(state["messages"], dict) or not isinstance(state["lettered"], dict):
        raise Malformed("messages, lettered: objects")
    if type(state["num_players"]) is not int or not 2 <= state["num_players"] <= 5:
        raise Malformed("num_players: 2 to 5")
    options = state["options"]
    if not isinstance(options, dict) or set(options) - {"params"} != set(DEFAULT_OPTIONS):
        raise Malformed(f"options: every option of the game, {sorted(DEFAULT_OPTIONS)}")
    state["options"] = resolve_options(options)
    if type(state["round"]) is not int or not 1 <= state["round"] <= 9:
        raise Malformed("round: 1 to 9")
    if state["phase"] not in PHASES:
        raise Malformed(f"phase: one of {PHASES}")
    if not is_seat(state, state["start_player"]):
        raise Malformed("start_player: a seat")
    if state["current"] is not None and not is_seat(state, state["current"]):
        raise Malformed("current: a seat or null")
    pending = state["pending"]
    if not all(is_seat(state, seat) for seat in pending) or len(set(pending)) != len(pending):
        raise Malformed("pending: seats, each once")
    if state["draft_step"] not in (1, 2, None) or type(state["draft_step"]) is bool:
        raise Malformed("draft_step: 1, 2 or null")
    if len(state["notre_dame"]) != state["num_players"]:
        raise Malformed("notre_dame: one count per seat")
    if len(state["players"]) != state["num_players"]:
        raise Malformed("players: one per seat")
    for seat, player in enumerate(state["players"]):
        if not isinstance(player, dict) or set(player) != set(PLAYER_FIELDS):
            raise Malformed(f"players.{seat}: the fields {PLAYER_FIELDS}")
        for key in ("coins", "prestige", "rats", "cubes", "stock"):
            if type(player[key]) is not int:
                raise Malformed(f"players.{seat}.{key}: an integer")
        for key in ("deck", "draft_hand", "cards", "played", "messages", "message_set"):
            if not isinstance(player[key], list):
                raise Malformed(f"players.{seat}.{key}: a list")
        for key in ("deck", "draft_hand", "cards", "played"):
            if not all(card in CARDS for card in player[key]):
                raise Malformed(f"players.{seat}.{key}: action cards only")
        if player["friend"] is not None and player["friend"] not in AREAS:
            raise Malformed(f"players.{seat}.friend: an area or null")
        if player["carriage"] not in roads(state):
            raise Malformed(f"players.{seat}.carriage: a square of this board")


def check_pieces(state: dict[str, Any]) -> None:
    """Each piece once: 14 cubes per colour (ND-COMP-CUBES), floors (ND-RATS-FLOOR,
    ND-PRESTIGE-FLOOR), the marker below 10 (ND-RATS-LIMIT), persons and cards once, the
    messages on their own district's outer squares, of a colour in play, each in one place
    (ND-SETUP-MESSAGES), a purchase only in phases 4-5 and on display (ND-BUY-ONE), an
    action card out of the decks at most once per colour (ND-SETUP-DECKS)."""
    display = state["display"]
    if len(display) > 3 or not set(display) <= PERSONS or len(set(display)) != len(display):
        raise Malformed(f"display: at most three persons, each once: {display}")
    brown = state["brown_deck"]
    if not set(brown) <= set(BROWN) or len(set(brown)) != len(brown):
        raise Malformed("brown_deck: brown persons, each once")
    if set(state["lettered"]) != {"A", "B", "C"}:
        raise Malformed("lettered: the stacks A, B and C")
    for letter, stack in state["lettered"].items():
        if not all(p in LETTERED and p[0] == letter for p in stack) or len(set(stack)) < len(stack):
            raise Malformed(f"lettered.{letter}: persons of letter {letter}, each once")
    options = state["options"]
    seen: list[tuple[int, int]] = []
    for square, message in state["messages"].items():
        if not 1 <= message["value"] <= 4 or not is_seat(state, message["color"]):
            raise Malformed(f"messages.{square}: a value 1-4 of a colour in play")
        district, _, spot = square.partition("-")
        if message["color"] != int(district) or int(spot) not in MESSAGE_SQUARES:
            raise Malformed(f"messages.{square}: a message of colour {message['color']} lies"
                            " off its own district's outer squares")  # fmt: skip
        seen.append((message["color"], message["value"]))
    for seat, player in enumerate(state["players"]):
        where = f"players.{seat}"
        if min(player["coins"], player["cubes"], player["stock"]) < 0 or player["rats"] > 9:
            raise Malformed(f"{where}: coins, cubes and stock >= 0, rats <= 9")
        if options["rat_floor"] and player["rats"] < 0:
            raise Malformed(f"{where}.rats: below 0 under rat_floor")
        if options["prestige_floor"] and player["prestige"] < 0:
            raise Malformed(f"{where}.prestige: below 0 under prestige_floor")
        if any(type(n) is not int or n < 0 for n in player["areas"].values()):
            raise Malformed(f"{where}.areas: counts >= 0")
        placed = sum(player["areas"].values()) + state["notre_dame"][seat]
        if placed + player["cubes"] + player["stock"] != 14:
            raise Malformed(f"{where}: the colour's cubes do not add up to 14")
        for k, message in enumerate(player["messages"]):
            if not is_seat(state, message["color"]) or not 1 <= message["value"] <= 4:
                raise Malformed(f"{where}.messages.{k}: a value 1-4 of a colour in play")
            seen.append((message["color"], message["value"]))
        colours = player["message_set"]
        if not all(is_seat(state, c) for c in colours) or len(set(colours)) != len(colours):
            raise Malformed(f"{where}.message_set: colours in play, each once")
        if len(set(player["deck"])) != len(player["deck"]) or len(player["played"]) > 2:
            raise Malformed(f"{where}: a deck card twice, or more than two played")
        bought = player["bought"]
        buying = state["phase"] in ("buy", "plague")
        if bought is not None and (not buying or bought not in display):
            raise Malformed(f"{where}.bought: a purchase is made in phase 4, from the display")
    if len(seen) != len(set(seen)):
        raise Malformed("messages: a message is in two places")
    held = Counter(card for player in state["players"]
                   for card in (*player["draft_hand"], *player["cards"], *player["played"]))
    for card, count in held.items():  # a card of each kind per colour (ND-SETUP-DECKS)
        if count > state["num_players"]:
            raise Malformed(f"players: {count} {card} cards out of the decks, one per colour")


def check_phase(state: dict[str, Any]) -> None:
    """The fields each phase uses, and only those (ND-ROUND-PHASES): the setup before round
    1's persons, a seat to keep a card holding one, phase 3's turn order from the start
    player (ND-PLAY-ORDER, ND-PLAY-SECOND), a seat to lose a cube having one, the end after
    round 9 (ND-END)."""
    phase, players, seats = state["phase"], state["players"], state["num_players"]
    current, pending, step = state["current"], state["pending"], state["draft_step"]
    uses = {"setup": (False, True, False), "reveal": (False, False, False),
            "deal": (False, False, False), "draft": (False, True, True),
            "play": (True, False, False), "buy": (True, False, False),
            "plague": (False, True, False), "over": (False, False, False)}  # fmt: skip
    wants = uses[phase]
    if (current is not None, bool(pending), step is not None) != wants:
        raise Malformed(f"phase {phase}: current, pending and draft_step do not fit it")
    if phase == "setup" and (state["round"] != 1 or state["display"]):
        raise Malformed("phase: messages are placed before round 1's persons are shown")
    if phase == "draft" and any(not players[seat]["draft_hand"] for seat in pending):
        raise Malformed("pending: a seat to keep a card holds none")
    if phase == "plague" and any(not any(players[s]["areas"].values()) for s in pending):
        raise Malformed("pending: a seat to lose a cube has none")
    if phase == "over" and state["round"] != 9:
        raise Malformed("phase: the game is over after round 9 only")
    if phase not in ("play", "buy", "plague", "over") and any(p["played"] for p in players):
        raise Malformed(f"players: cards played in phase {phase}")
    if phase == "play":
        played = sum(len(p["played"]) for p in players)
        if played >= 2 * seats:
            raise Malformed("phase: every player has played two cards")
        for turn in range(seats):
            seat = (state["start_player"] + turn) % seats
            if len(players[seat]["played"]) != played // seats + (turn < played % seats):
                raise Malformed(f"players.{seat}.played: breaks the turn order")
        if current != (state["start_player"] + played) % seats or not players[current]["cards"]:
            raise Malformed("current: not the next player in turn order, with a card to play")


def derive(state: dict[str, Any]) -> None:
    """The derived fields, recomputed from the rest: who acts (ND-ROUND-PHASES), whether
    the game is over (ND-END), the stage of the round and the tile (ND-SETUP-BOARD)."""
    phase = state["phase"]
    if phase in ("setup", "reveal", "deal"):
        state["to_act"] = ["chance"]
    elif phase in ("play", "buy"):
        state["to_act"] = [state["current"]] if state["current"] is not None else []
    elif phase in ("draft", "plague"):
        state["to_act"] = list(state["pending"])
    else:
        state["to_act"] = []
    state["terminal"] = phase == "over"
    state["stage"] = "ABC"[min(2, (state["round"] - 1) // 3)]
    state["tile"] = SEATS_TILE[state["num_players"]]


def legal_actions(state: State) -> dict[str, Any]:
    """{"to_act", "actions"[, "chance"]}: every legal action of everyone in to_act, each
    once (capability "legal_actions"); at a chance point also "chance", every outcome with
    its probability "n/d" (capability "chance")."""
    phase, to_act = state["phase"], list(state["to_act"])
    if phase in CHANCE_OF_PHASE:
        chance = chance_outcomes(state)
        return {"to_act": to_act, "actions": [c["action"] for c in chance], "chance": chance}
    actions: list[dict[str, Any]] = []
    for seat in to_act:
        if phase == "draft":
            cards = sorted(set(state["players"][seat]["draft_hand"]))
            actions += [{"actor": seat, "type": "keep", "card": card} for card in cards]
        elif phase == "play":
            actions += plays(state, seat)
        elif phase == "buy":
            actions += purchases(state, seat)
        elif phase == "plague":
            areas = most_crowded(state, seat)
            actions += [{"actor": seat, "type": "lose_cube", "area": area} for area in areas]
    return {"to_act": to_act, "actions": actions}


def chance_outcomes(state: dict[str, Any]) -> list[dict[str, Any]]:
    """Every outcome of the chance point, with its exact probability: the messages of the
    next district in any order (ND-SETUP-MESSAGES), a person of the deck it comes from
    (ND-PERSONS-REVEAL), a card of the seat's deck, as likely as its copies there
    (ND-DRAFT-DRAW)."""
    phase = state["phase"]
    if phase == "setup":
        district = state["pending"][0]
        orders = sorted(itertools.permutations([1, 2, 3, 4]))
        return [{"action": {"actor": "chance", "type": "place_messages", "district": district,
                            "values": list(order)}, "probability": f"1/{len(orders)}"}
                for order in orders]  # fmt: skip
    if phase == "reveal":
        source = sorted(reveal_source(state))
        return [{"action": {"actor": "chance", "type": "reveal_person", "person": person},
                 "probability": f"1/{len(source)}"} for person in source]  # fmt: skip
    seat = deal_target(state)
    if seat is None:
        return []
    deck, found = state["players"][seat]["deck"], []
    for card in sorted(set(deck)):
        odds = Fraction(deck.count(card), len(deck))
        action = {"actor": "chance", "type": "draw_card", "player": seat, "card": card}
        found.append({"action": action, "probability": f"{odds.numerator}/{odds.denominator}"})
    return found


def area_variants(state: dict[str, Any], seat: int, area: str, present: int) -> list[dict]:
    """The fields of each way to carry out the area's action with `present` people there:
    every square the carriage reaches, with and without taking its message; the guest
    house's one gain, or two with three people (ND-GUEST-DOUBLE)."""
    if area == "carriage":
        reach = distances(state, state["players"][seat]["carriage"])
        found = []
        for square in sorted(reach):
            if reach[square] > present:
                continue
            found.append({"square": square, "take": False})
            message = state["messages"].get(square)
            if message is not None and may_take(state, seat, message["color"]):
                found.append({"square": square, "take": True})
        return found
    if area == "guesthouse":
        pairs = itertools.combinations_with_replacement(GUEST_CHOICES, 2) if present >= 3 else []
        return [{"choices": [c]} for c in GUEST_CHOICES] + [{"choices": list(p)} for p in pairs]
    return [{}]


def plays(state: dict[str, Any], seat: int) -> list[dict[str, Any]]:
    """Every card the current player may play, each way (ND-PLAY-CARD)."""
    player, found = state["players"][seat], []
    for card in sorted(set(player["cards"])):
        base = {"actor": seat, "type": "play", "card": card}
        if card == "friend":
            for area in AREAS:
                if area != player["friend"]:
                    present = people(state, seat, area) + 1
                    found += [{**base, "area": area, **v}
                              for v in area_variants(state, seat, area, present)]  # fmt: skip
        else:
            for source in cube_sources(state, seat, card):
                if card == "notre_dame":
                    offers = [coins for coins in sorted(OFFERINGS) if coins <= player["coins"]]
                    found += [{**base, "from": source, "offering": coins} for coins in offers]
                else:
                    present = people(state, seat, card) + 1
                    found += [{**base, "from": source, **v}
                              for v in area_variants(state, seat, card, present)]  # fmt: skip
        if state["options"]["forgo_at_will"] or not can_perform(state, seat, card):
            found.append({**base, "forgo": True})
    return found


def purchases(state: dict[str, Any], seat: int) -> list[dict[str, Any]]:
    """Pass, and with a coin every person of the display, each way it can act."""
    player, found = state["players"][seat], [{"actor": seat, "type": "pass"}]
    if player["coins"] < 1:
        return found
    sources = [(area, player["areas"][area], player["friend"] == area) for area in AREAS]
    if state["options"]["notre_dame_source"]:
        sources.append(("notre_dame", state["notre_dame"][seat], False))
    for person in sorted(set(state["display"])):
        base = {"actor": seat, "type": "buy", "person": person}
        if person == "landlady":
            found += [{**base, "choice": choice} for choice in GUEST_CHOICES]
        elif person == "poet":
            found += [{**base, "from": source, "to": to, "cubes": k, "friend": f}
                      for source, cubes, friend in sources for to in AREAS if to != source
                      for k in range(min(3, cubes) + 1) for f in ([False, True] if friend
                                                                    else [False])
                      if 1 <= k + f <= 3]  # fmt: skip
        elif person == "magician":
            for source, cubes, friend in sources:
                pieces = ["cube"] * (cubes > 0) + ["friend"] * friend
                for piece in pieces:
                    for to in (area for area in AREAS if area != source):
                        present = people(state, seat, to) + 1
                        found += [{**base, "from": source, "to": to, "piece": piece, **v}
                                  for v in area_variants(state, seat, to, present)]  # fmt: skip
        else:
            found.append(base)
    return found


#: the chance action of each chance phase (ND-ROUND-PHASES)
CHANCE_OF_PHASE = {"setup": "place_messages", "reveal": "reveal_person", "deal": "draw_card"}


def apply(state: State, action: Action) -> list[str]:
    """Apply `action` to `state` in place (engine.py hands over a copy, so an error leaves
    the game as it was); return the rule ids that fired (capability "fired").

    Checked in the order of spec/protocol/README.md, "Refusals: which kind, which rule":
    the action's shape (malformed), the game being over (ND-END), who may act (the phase's
    turn rule, whatever the type), whether the phase has this type (ND-PLAY-THIRD for a card
    played in phase 4, else ND-ROUND-PHASES), then the action's own rules."""
    check_shape(state, action)
    phase, actor, kind = state["phase"], action["actor"], action["type"]
    if phase == "over":
        raise Illegal("ND-END", "the game is over: no action is legal")
    if actor not in state["to_act"]:
        rule = TURN_RULE.get(phase, "ND-ROUND-PHASES")
        raise Illegal(rule, f"{actor!r} may not act now (to act: {state['to_act']})")
    if kind == "play" and phase == "buy":
        raise Illegal("ND-PLAY-THIRD", "the third card is not played")
    if kind not in PHASE_TYPES[phase]:
        raise Illegal("ND-ROUND-PHASES", f"{kind!r} is not an action of phase {phase}")
    key = ("chance_" if actor == "chance" else "") + str(kind)
    fired = HANDLERS[key](state, action)
    derive(state)
    return fired


#: who may act, per phase: the rule a seat breaks by acting out of turn (ND-ROUND-PHASES
#: at a chance point); the types each phase allows
TURN_RULE = {"draft": "ND-DRAFT-KEEP1", "play": "ND-PLAY-ORDER", "buy": "ND-BUY-ORDER",
             "plague": "ND-PLAGUE-CHOICE"}  # fmt: skip
PHASE_TYPES = {"setup": ("place_messages",), "reveal": ("reveal_person",),
               "deal": ("draw_card",), "draft": ("keep",), "play": ("play",),
               "buy": ("buy", "pass"), "plague": ("lose_cube",)}  # fmt: skip


#: each action type's fields: the required ones, then the optional ones
#: (action.schema.json); a value the schema's types allow is judged by the rules
FIELDS: dict[str, tuple[set[str], set[str]]] = {
    "chance_place_messages": ({"district", "values"}, set()),
    "chance_reveal_person": ({"person"}, set()),
    "chance_draw_card": ({"player", "card"}, set()),
    "keep": ({"card"}, set()),
    "play": ({"card"}, {"forgo", "area", "from", "square", "take", "choices", "offering"}),
    "pass": (set(), set()),
    "buy": ({"person"}, {"choice", "from", "to", "cubes", "friend", "piece", "square", "take",
                         "choices"}),
    "lose_cube": ({"area"}, set()),
}  # fmt: skip
TYPES = {"district": int, "values": list, "person": str, "player": int, "card": str,
         "forgo": bool, "area": str, "from": str, "square": str, "take": bool,
         "choices": list, "offering": int, "choice": str, "to": str, "cubes": int,
         "friend": bool, "piece": str}  # fmt: skip


def check_shape(state: dict[str, Any], action: dict[str, Any]) -> None:
    """Malformed, naming the field: an unknown actor or type, a missing or unknown field, a
    value of the wrong JSON type, a card that does not exist."""
    actor, kind = action["actor"], action["type"]
    if actor != "chance" and (type(actor) is not int or not 0 <= actor < state["num_players"]):
        raise Malformed(f"actor: {actor!r} is neither a seat nor 'chance'")
    key = ("chance_" if actor == "chance" else "") + str(kind)
    if key not in FIELDS:
        raise Malformed(f"type: unknown action type {kind!r} for actor {actor!r}")
    required, optional = FIELDS[key]
    fields = set(action) - {"actor", "type"}
    if not required <= fields or not fields <= required | optional:
        raise Malformed(f"{kind}: fields {sorted(fields)}, expected {sorted(required)}"
                        f" and some of {sorted(optional)}")  # fmt: skip
    for name in fields:
        if type(action[name]) is not TYPES[name]:
            raise Malformed(f"{kind}.{name}: expected {TYPES[name].__name__}")
    for name, item in (("values", int), ("choices", str)):
        if any(type(value) is not item for value in action.get(name, [])):
            raise Malformed(f"{kind}.{name}: expected a list of {item.__name__}")
    if "card" in action and action["card"] not in CARDS:
        raise Malformed(f"{kind}.card: {action['card']!r} is not an action card")
    if action.get("forgo") is False or ("forgo" in action and fields != {"card", "forgo"}):
        raise Malformed("play.forgo: a forgone play is exactly {card, forgo: true}")
    if kind == "play" and not fields & {"forgo", "area", "from"}:
        raise Malformed("play: one of forgo, area (the friend) or from (a cube) is needed")


def outcome(state: State) -> dict[str, Any]:
    """{"terminal", "scores", "winners"[, "details"]} (capability "outcome"): prestige is
    the score; at the end the most prestige wins, a tie going to the most coins plus cubes
    in hand (ND-GAME-WIN, ND-TIEBREAK); before the end nobody has won yet."""
    scores = [player["prestige"] for player in state["players"]]
    tiebreak = [player["coins"] + player["cubes"] for player in state["players"]]
    winners: list[int] = []
    if state["terminal"]:
        best = max(zip(scores, tiebreak, strict=True))
        winners = [seat for seat, key in enumerate(zip(scores, tiebreak, strict=True))
                   if key == best]  # fmt: skip
    return {"terminal": state["terminal"], "scores": scores, "winners": winners,
            "details": {"tiebreak": tiebreak}}  # fmt: skip


def view(state: State, seat: int) -> State:
    """The state as `seat` may see it (capability "views")."""
    raise NotImplementedYet("view", "write view() in game.py (README.md)")


# -- one function per action type (action.schema.json's variants) ---------------------------


def apply_chance_place_messages(state: State, action: ChanceActionPlaceMessages) -> list[str]:
    """chance: the four message values on squares d-1..d-4 (ND-SETUP-MESSAGES)"""
    district, values = action["district"], action["values"]
    if district != state["pending"][0] or sorted(values) != [1, 2, 3, 4]:
        raise Illegal("ND-SETUP-MESSAGES", f"not a possible chance outcome: {action}")
    place_messages(state, district, values)
    return ["ND-SETUP-MESSAGES"]


def apply_chance_reveal_person(state: State, action: ChanceActionRevealPerson) -> list[str]:
    """chance: a person turned face up (ND-PERSONS-REVEAL)"""
    source = reveal_source(state)
    if action["person"] not in source:
        raise Illegal("ND-PERSONS-REVEAL", f"not a possible chance outcome: {action}")
    source.remove(action["person"])
    state["display"] = sorted([*state["display"], action["person"]])
    settle(state)
    return ["ND-PERSONS-REVEAL"]


def apply_chance_draw_card(state: State, action: ChanceActionDrawCard) -> list[str]:
    """chance: a card drawn from a player's deck (ND-DRAFT-DRAW)"""
    seat = deal_target(state)
    if action["player"] != seat or action["card"] not in state["players"][seat]["deck"]:
        raise Illegal("ND-DRAFT-DRAW", f"not a possible chance outcome: {action}")
    player = state["players"][seat]
    player["deck"].remove(action["card"])
    player["draft_hand"] = sorted([*player["draft_hand"], action["card"]])
    settle(state)
    return ["ND-DRAFT-DRAW"]


def apply_keep(state: State, action: ActionKeep) -> list[str]:
    """Keep one card of the draft hand (ND-DRAFT-KEEP1 of three, ND-DRAFT-KEEP2 of two);
    once every seat has kept, the hands pass to the left, and after the second keep the
    card each receives is its third (ND-DRAFT-LAST) and phase 3 begins with the start
    player (ND-ROUND-PHASES)."""
    rule = "ND-DRAFT-KEEP1" if state["draft_step"] == 1 else "ND-DRAFT-KEEP2"
    seat, player = action["actor"], state["players"][action["actor"]]
    if action["card"] not in player["draft_hand"]:
        raise Illegal(rule, f"{action['card']!r} is not in the draft hand {player['draft_hand']}")
    player["draft_hand"].remove(action["card"])
    player["cards"] = sorted([*player["cards"], action["card"]])
    state["pending"].remove(seat)
    fired = [rule]
    if not state["pending"]:
        hands = [p["draft_hand"] for p in state["players"]]
        for s, p in enumerate(state["players"]):
            p["draft_hand"] = hands[(s - 1) % state["num_players"]]  # from the right
        if state["draft_step"] == 1:
            state["draft_step"], state["pending"] = 2, list(range(state["num_players"]))
        else:
            for p in state["players"]:
                p["cards"], p["draft_hand"] = sorted(p["cards"] + p["draft_hand"]), []
            state["draft_step"], state["phase"] = None, "play"
            state["current"] = state["start_player"]
            fired.append("ND-DRAFT-LAST")
    derive(state)
    return fired


def apply_play(state: State, action: ActionPlay | ActionPlay2 | ActionPlay3) -> list[str]:
    """Phase 3: the current player plays a card (ND-PLAY-CARD): a cube from the hand (or
    moved from another area when the hand is empty, ND-PLACE-MOVE) onto the card's area and
    the area's action; Notre Dame takes an offering instead (ND-ND-OFFERING); the friend
    card moves the friend to another area, which acts (ND-FRIEND-MOVE); a card whose action
    cannot be carried out is forgone (ND-PLAY-FORGO). Each player plays two, in turn from
    the start player; then phase 4 begins (ND-ROUND-PHASES)."""
    seat, card = action["actor"], action["card"]
    player = state["players"][seat]
    if card not in player["cards"]:
        raise Illegal("ND-DRAFT-CARDS", f"{card!r} is not among the cards held {player['cards']}")
    fired = ["ND-PLAY-CARD"]
    if "forgo" in action:
        if not state["options"]["forgo_at_will"] and can_perform(state, seat, card):
            raise Illegal("ND-PLAY-FORGO", f"the {card} card's action can be carried out")
        fired = ["ND-PLAY-FORGO"]
    elif card == "friend":
        play_friend(state, seat, action)
    else:
        play_cube(state, seat, action)
    player["cards"].remove(card)
    player["played"] = sorted([*player["played"], card])
    played = sum(len(p["played"]) for p in state["players"])
    if played == 2 * state["num_players"]:
        state["phase"], state["current"] = "buy", state["start_player"]
    else:
        state["current"] = (state["start_player"] + played) % state["num_players"]
    return fired


def play_friend(state: dict[str, Any], seat: int, action: dict[str, Any]) -> None:
    """The friend moves to another area and performs its action (ND-FRIEND-MOVE), never to
    Notre Dame (ND-FRIEND-NOTND)."""
    player, area = state["players"][seat], action.get("area")
    if "from" in action or "offering" in action:
        raise Illegal("ND-FRIEND-PLACE", "the friend card places no cube")
    if area == "notre_dame":
        raise Illegal("ND-FRIEND-NOTND", "the friend does not go to Notre Dame")
    if area not in AREAS:
        raise Illegal("ND-FRIEND-PLACE", f"{area!r} is not an area of the district")
    if area == player["friend"]:
        raise Illegal("ND-FRIEND-MOVE", "the friend moves to another area")
    present = people(state, seat, area) + 1
    check_area_action(state, seat, area, action, present, "ND-PLAY-CARD", "ND-GUEST-DOUBLE")
    player["friend"] = area
    perform_area(state, seat, area, action)


def play_cube(state: dict[str, Any], seat: int, action: dict[str, Any]) -> None:
    """A cube onto the card's area (then its action) or onto Notre Dame with an offering."""
    player, card, source = state["players"][seat], action["card"], action["from"]
    if "area" in action:
        raise Illegal("ND-PLAY-CARD", "only the friend card names an area")
    if card == "notre_dame":
        if {"square", "take", "choices"} & set(action):
            raise Illegal("ND-ND-OFFERING", "Notre Dame takes an offering only")
        if action.get("offering") not in OFFERINGS:
            raise Illegal("ND-ND-OFFERING", "an offering of 1, 2 or 3 coins")
        if action["offering"] > player["coins"]:
            offered, held = action["offering"], player["coins"]
            raise Illegal("ND-ND-PAY", f"{offered} coins offered, {held} held")
    elif "offering" in action:
        raise Illegal("ND-PLAY-CARD", "only Notre Dame takes an offering")
    check_source(state, seat, card, source)
    if card != "notre_dame":
        present = people(state, seat, card) + 1
        check_area_action(state, seat, card, action, present, "ND-PLAY-CARD", "ND-GUEST-DOUBLE")
    if source == "hand":
        player["cubes"] -= 1
    else:
        player["areas"][source] -= 1
    if card == "notre_dame":
        player["coins"] -= action["offering"]
        state["notre_dame"][seat] += 1
        gain_prestige(state, seat, OFFERINGS[action["offering"]])
    else:
        player["areas"][card] += 1
        perform_area(state, seat, card, action)


def check_source(state: dict[str, Any], seat: int, card: str, source: str) -> None:
    """The cube comes from the hand while it holds one, else from another area
    (ND-PLACE-MOVE), never from Notre Dame (ND-PLACE-MOVE-NOTND); with none anywhere the
    card cannot place one (ND-PLACE-NONE)."""
    if source == "notre_dame":
        raise Illegal("ND-PLACE-MOVE-NOTND", "cubes at Notre Dame stay there")
    if source != "hand" and source not in AREAS:
        raise Illegal("ND-PLACE-MOVE", f"{source!r} is not an area of the district")
    sources = cube_sources(state, seat, card)
    if source in sources:
        return
    if source != "hand" and state["players"][seat]["cubes"] > 0:
        raise Illegal("ND-PLACE-MOVE", "a cube in hand is placed first")
    if source == "hand" and sources:
        raise Illegal("ND-PLACE-MOVE", "no cube in hand: move one from another area")
    raise Illegal("ND-PLACE-NONE", f"no cube to place from {source}")


def apply_pass(state: State, action: ActionPass) -> list[str]:
    """Phase 4: buy nothing (ND-BUY-OPTIONAL)."""
    next_buyer(state, action["actor"])
    return ["ND-BUY-OPTIONAL"]


def apply_buy(state: State, action: ActionBuy) -> list[str]:
    """Phase 4: the current player buys one person of the display for a coin (ND-BUY-ONE;
    a person bought stays for the others, ND-BUY-SHARED) and it acts at once: the landlady
    a choice, the poet and the magician a move (ND-PERSON-*), a lettered person its gains."""
    seat, person = action["actor"], action["person"]
    player = state["players"][seat]
    if player["coins"] < 1:
        raise Illegal("ND-BUY-ONE", "a person costs one coin")
    if person not in state["display"]:
        raise Illegal("ND-BUY-ONE", f"{person!r} is not on display {state['display']}")
    extra = set(action) - {"actor", "type", "person"}
    if person == "landlady":
        if extra != {"choice"} or action["choice"] not in GUEST_CHOICES:
            raise Illegal("ND-PERSON-LANDLADY", "the landlady gives a coin, a cube or a rat")
    elif person == "poet":
        check_poet(state, seat, action)
    elif person == "magician":
        check_magician(state, seat, action)
    elif extra:
        raise Illegal("ND-BUY-ONE", f"the {person} takes no fields: {sorted(extra)}")
    player["coins"] -= 1
    player["bought"] = person
    person_acts(state, seat, action)
    next_buyer(state, seat)
    return ["ND-BUY-ONE", f"ND-PERSON-{person.upper()}" if person in BROWN
            else "ND-PERSONS-LETTERED"]  # fmt: skip


def next_buyer(state: dict[str, Any], seat: int) -> None:
    """The next player buys; after the last, the rats and the plague (ND-RATS-INCREASE)."""
    following = (seat + 1) % state["num_players"]
    if following == state["start_player"]:
        rats_and_plague(state)
    else:
        state["current"] = following


def move_source(state: dict[str, Any], seat: int, source: str, rule: str) -> tuple[int, bool]:
    """(cubes, friend there) of the area the poet or the magician moves people from;
    Notre Dame only under the option notre_dame_source (ND-PLACE-ND-SOURCE)."""
    player = state["players"][seat]
    if source == "notre_dame":
        if not state["options"]["notre_dame_source"]:
            raise Illegal("ND-PLACE-ND-SOURCE", "people at Notre Dame stay there")
        if state["notre_dame"][seat] < 1:
            raise Illegal("ND-PLACE-ND-SOURCE", "no cube at Notre Dame")
        return state["notre_dame"][seat], False
    if source not in AREAS:
        raise Illegal(rule, f"{source!r} is not an area of the district")
    return player["areas"][source], player["friend"] == source


def check_poet(state: dict[str, Any], seat: int, action: dict[str, Any]) -> None:
    """The poet moves 1-3 people (cubes and/or the friend) from one area to another
    (ND-PERSON-POET)."""
    rule = "ND-PERSON-POET"
    fields = set(action) - {"actor", "type", "person"}
    if not {"from", "to", "cubes"} <= fields <= {"from", "to", "cubes", "friend"}:
        raise Illegal(rule, "the poet needs from, to, cubes (and friend)")
    if action["to"] not in AREAS or action["to"] == action["from"]:
        raise Illegal(rule, "the poet moves people to another area of the district")
    cubes, friend = move_source(state, seat, action["from"], rule)
    if action["cubes"] > cubes:
        raise Illegal(rule, f"not {action['cubes']} cubes in {action['from']}")
    if action.get("friend") and not friend:
        raise Illegal(rule, f"the friend is not in {action['from']}")
    if not 1 <= action["cubes"] + bool(action.get("friend")) <= 3:
        raise Illegal(rule, "the poet moves one to three people")


def check_magician(state: dict[str, Any], seat: int, action: dict[str, Any]) -> None:
    """The magician moves one person to another area, which then acts
    (ND-PERSON-MAGICIAN)."""
    rule = "ND-PERSON-MAGICIAN"
    fields = set(action)
    if not {"from", "to", "piece"} <= fields or {"cubes", "friend", "choice"} & fields:
        raise Illegal(rule, "the magician needs from, to and piece")
    cubes, friend = move_source(state, seat, action["from"], rule)
    to = action["to"]
    if to not in AREAS or to == action["from"]:
        raise Illegal(rule, "the magician moves a person to another area of the district")
    if action["piece"] not in ("cube", "friend"):
        raise Illegal(rule, "the piece is a cube or the friend")
    if (action["piece"] == "cube" and cubes < 1) or (action["piece"] == "friend" and not friend):
        raise Illegal(rule, f"no {action['piece']} in {action['from']}")
    check_area_action(state, seat, to, action, people(state, seat, to) + 1, rule, rule)


def person_acts(state: dict[str, Any], seat: int, action: dict[str, Any]) -> None:
    """The person's effect (components.yaml); prestige from persons earns the park bonus
    (ND-PERSON-PARK)."""
    person, player = action["person"], state["players"][seat]
    if person == "landlady":
        choice = {"coin": {"coins": 1}, "cube": {"cubes": 1}, "rat": {"rats_removed": 1}}
        gain(state, seat, {"prestige": 3, **choice[action["choice"]]})
    elif person == "monk":
        gain(state, seat, {"cubes": 2, "prestige": 1})
    elif person == "moneylender":
        gain(state, seat, {"coins": 2, "prestige": 1})
    elif person in ("poet", "magician"):
        source, to = action["from"], action["to"]
        cubes = action["cubes"] if person == "poet" else int(action["piece"] == "cube")
        if source == "notre_dame":
            state["notre_dame"][seat] -= cubes
        else:
            player["areas"][source] -= cubes
        player["areas"][to] += cubes
        if action.get("friend") or action.get("piece") == "friend":
            player["friend"] = to
        if person == "magician":
            perform_area(state, seat, to, action)
    elif person in LETTERED:
        gain(state, seat, LETTERED[person])
    # the doctor acts in phase 5 (ND-PERSON-DOCTOR)


def most_crowded(state: dict[str, Any], seat: int) -> list[str]:
    """The areas with a cube where the seat has the most people (ND-PLAGUE-CUBE)."""
    player = state["players"][seat]
    with_cube = [area for area in AREAS if player["areas"][area] > 0]
    if not with_cube:
        return []
    most = max(people(state, seat, area) for area in with_cube)
    return [area for area in with_cube if people(state, seat, area) == most]


def rats_and_plague(state: dict[str, Any]) -> None:
    """Phase 5: each player's rats go up by the rats on the display, less one per person in
    the hospital, none for the doctor's buyer (ND-RATS-INCREASE, ND-HOSPITAL-REDUCE,
    ND-PERSON-DOCTOR); at 10 the plague: -2 prestige, the marker back to 9, and a cube of
    the most crowded area dies, the player choosing among equals (ND-PLAGUE*)."""
    printed = sum(RATS[person] for person in state["display"])
    state["current"], state["pending"] = None, []
    for seat, player in enumerate(state["players"]):
        hospital = player["areas"]["hospital"]
        hospital += player["friend"] == "hospital" and state["options"]["friend_in_hospital"]
        rats = player["rats"] + (0 if player["bought"] == "doctor" else printed) - hospital
        if state["options"]["rat_floor"]:
            rats = max(0, rats)
        if rats < 10:
            player["rats"] = rats
            continue
        player["prestige"] -= 2
        if state["options"]["prestige_floor"]:
            player["prestige"] = max(0, player["prestige"])
        player["rats"] = 9
        areas = most_crowded(state, seat)
        if len(areas) == 1:
            player["areas"][areas[0]] -= 1
            player["stock"] += 1
        elif areas:
            state["pending"].append(seat)
    if state["pending"]:
        state["phase"] = "plague"
    else:
        end_round(state)


def apply_lose_cube(state: State, action: ActionLoseCube) -> list[str]:
    """Phase 5: the cube that dies, from one of the most crowded areas (ND-PLAGUE-CHOICE)."""
    seat = action["actor"]
    if action["area"] not in most_crowded(state, seat):
        raise Illegal("ND-PLAGUE-CHOICE", f"{action['area']!r} is not a most crowded area")
    state["players"][seat]["areas"][action["area"]] -= 1
    state["players"][seat]["stock"] += 1
    state["pending"].remove(seat)
    if not state["pending"]:
        end_round(state)
    return ["ND-PLAGUE-CHOICE"]


def end_round(state: dict[str, Any]) -> None:
    """The round's end: at the end of a stage (rounds 3, 6, 9) Notre Dame's bonus is shared
    by cubes there and they go back to the stock (ND-ND-PAYOUT, ND-ND-RETURN), the decks and
    the brown persons are gathered again (ND-STAGE-RECOLLECT); the display is cleared, the
    start player passes left (ND-START-PASS); after round 9 the game is over (ND-END)."""
    number, seats = state["round"], state["num_players"]
    if number in (3, 6, 9):
        bonus = BONUS[state["tile"]][state["stage"]]
        total = sum(state["notre_dame"])
        for seat in range(seats):
            if total:
                gain_prestige(state, seat, bonus // total * state["notre_dame"][seat])
            state["players"][seat]["stock"] += state["notre_dame"][seat]
            state["notre_dame"][seat] = 0
        state["brown_deck"] = list(BROWN)
        for player in state["players"]:
            player["deck"] = list(CARDS)
    state["display"], state["current"], state["pending"], state["draft_step"] = [], None, [], None
    for player in state["players"]:
        player["cards"], player["played"], player["draft_hand"], player["bought"] = [], [], [], None
    state["start_player"] = (state["start_player"] + 1) % seats
    if number == 9:
        state["phase"] = "over"
    else:
        state["round"], state["phase"] = number + 1, "reveal"


HANDLERS = {
    "chance_place_messages": apply_chance_place_messages,
    "chance_reveal_person": apply_chance_reveal_person,
    "chance_draw_card": apply_chance_draw_card,
    "keep": apply_keep,
    "play": apply_play,
    "pass": apply_pass,
    "buy": apply_buy,
    "lose_cube": apply_lose_cube,
}
