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
    malformed, naming the field, a position the rules cannot reach. Checked so far: the
    messages (ND-SETUP-MESSAGES, ND-MESSAGE-COLOR) and the setup phase (ND-ROUND-PHASES)."""
    seats = range(state["num_players"])
    seen = []
    for square, message in state["messages"].items():
        district, _, spot = square.partition("-")
        if message["color"] != int(district) or int(spot) not in MESSAGE_SQUARES:
            raise Malformed(f"messages.{square}: a message of colour {message['color']} lies"
                            f" off its own district's outer squares")  # fmt: skip
        if message["color"] not in seats:
            raise Malformed(f"messages.{square}: colour {message['color']} is not in play")
        seen.append((message["color"], message["value"]))
    for seat, player in enumerate(state["players"]):
        for k, message in enumerate(player["messages"]):
            if message["color"] not in seats:
                raise Malformed(f"players.{seat}.messages.{k}: a colour not in play")
            seen.append((message["color"], message["value"]))
        if any(color not in seats for color in player["message_set"]):
            raise Malformed(f"players.{seat}.message_set: a colour not in play")
    if len(seen) != len(set(seen)):
        raise Malformed("messages: a message is in two places (board and players)")
    if state["phase"] == "setup" and (state["round"] != 1 or state["display"]):
        raise Malformed("phase: messages are placed before round 1's persons are shown")
    return state


def legal_actions(state: State) -> dict[str, Any]:
    """{"to_act", "actions"[, "chance"]}: every legal action of everyone in to_act, sorted
    as spec/protocol/README.md says; at a chance point also "chance", every outcome with its
    probability "n/d" (capabilities "legal_actions" and "chance")."""
    raise NotImplementedYet("legal_actions", "write legal_actions() in game.py (README.md)")


#: the chance action of each chance phase (ND-ROUND-PHASES)
CHANCE_OF_PHASE = {"setup": "place_messages", "reveal": "reveal_person", "deal": "draw_card"}


def apply(state: State, action: Action) -> list[str]:
    """Apply `action` to `state` in place (engine.py hands over a copy, so an error leaves
    the game as it was); return the rule ids that fired (capability "fired")."""
    key = ("chance_" if action["actor"] == "chance" else "") + str(action["type"])
    handler = HANDLERS.get(key)
    if handler is None:
        actor, kind = action["actor"], action["type"]
        raise Malformed(f"action: unknown type {kind!r} for actor {actor!r}")
    # who may act, then what this phase allows, then the action's own rule
    if action["actor"] not in state["to_act"]:
        raise Illegal("ND-ROUND-PHASES", f"{action['actor']!r} may not act now")
    if action["actor"] == "chance" and CHANCE_OF_PHASE.get(state["phase"]) != action["type"]:
        raise Illegal("ND-ROUND-PHASES", f"{action['type']!r} is not an action of this phase")
    return handler(state, action)


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
    """draft: keep a card"""
    raise NotImplementedYet("apply keep", "write apply_keep() in game.py")


def apply_play(state: State, action: ActionPlay | ActionPlay2 | ActionPlay3) -> list[str]:
    """play a card without its action (ND-PLAY-FORGO); friend card: the friend moves to area and
    performs its action (carriage: square+take, guesthouse: choices); a cube from hand (or moved
    from another area when the hand is empty) onto the card's area or Notre Dame, then its
    action
    """
    raise NotImplementedYet("apply play", "write apply_play() in game.py")


def apply_pass(state: State, action: ActionPass) -> list[str]:
    """buy nothing"""
    raise NotImplementedYet("apply pass", "write apply_pass() in game.py")


def apply_buy(state: State, action: ActionBuy) -> list[str]:
    """buy a person for a coin (landlady: choice; poet: from/to/cubes/friend; magician:
    from/to/piece + target params)
    """
    raise NotImplementedYet("apply buy", "write apply_buy() in game.py")


def apply_lose_cube(state: State, action: ActionLoseCube) -> list[str]:
    """plague: the cube that dies (ND-PLAGUE-CHOICE)"""
    raise NotImplementedYet("apply lose_cube", "write apply_lose_cube() in game.py")


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
