"""Malformed and mutated messages for the reference server, and the checks every reply meets.

Shared by the hypothesis fuzz test (``test_server_fuzz.py``, a few thousand messages) and
the soak script (``benchmarks/soak_server.py``, 100,000). A :class:`Fuzzer` keeps one
:class:`~reference_impl.server.Server` with a game in progress and sends it, in-process,
a mix of valid requests (so the game moves on), mutations of valid requests (a field
removed, retyped or replaced, an id of ``1.0``) and raw lines (binary garbage, invalid
UTF-8, deep nesting, huge integers, NaN, duplicate keys, truncated JSON). After each one
it checks: exactly one reply, valid against the protocol schemas, echoing the id, and,
when the reply is a refusal, the exported state exactly as before.
"""

from __future__ import annotations

import copy
import io
import json
import random
import time
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from reference_impl import registry
from reference_impl.server import Server
from rulespec.protocol import COMMANDS, decode, is_request_id, reply_problems, wire_copy

#: the player count each game is fuzzed with: 2, but 3 where a game's third seat reaches more
MORE_PLAYERS = {"neom": 3}
GAMES = {game: MORE_PLAYERS.get(game, 2) for game in registry.available_games()}
#: games left out of the fuzzing, for a load() that still accepts positions it then cannot
#: play (none now: neom's deck counts are bounded by its components since this round)
NOT_YET: tuple[str, ...] = ()
FUZZED = {game: players for game, players in GAMES.items() if game not in NOT_YET}


@dataclass
class Tally:
    """What the fuzzing found: everything but ``refusals`` and ``accepted`` must stay 0."""

    messages: int = 0
    accepted: int = 0
    refusals: Counter[str] = field(default_factory=Counter)
    crashes: list[str] = field(default_factory=list)
    bad_replies: list[str] = field(default_factory=list)
    state_changes: list[str] = field(default_factory=list)
    #: ``internal`` replies: the engine failed on its input instead of refusing it by name
    internal_errors: list[str] = field(default_factory=list)
    #: positions (reached by accepted requests) where legal_actions failed or listed nothing
    stuck: list[str] = field(default_factory=list)

    @property
    def failures(self) -> list[str]:
        return self.crashes + self.bad_replies + self.state_changes + self.internal_errors


def _values(rng: random.Random) -> Any:
    """A JSON value of a random shape, hostile ones included."""
    choices: list[Any] = [
        None, True, False, 0, -1, 1, 2**31, 2**63, 10**30, 10**400, 1.0, -0.5, 1e308,
        "", "x", "chance", "\ud800", "\x00\x1b[31m", "é" * 3, "a" * 1000,
        [], [0], [None], {}, {"actor": 0}, {"type": "pass"}, [[[[[]]]]],
    ]  # fmt: skip
    return copy.deepcopy(rng.choice(choices))


def _paths(value: Any, prefix: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    found = [prefix]
    if isinstance(value, dict):
        for key, item in value.items():
            found += _paths(item, (*prefix, key))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            found += _paths(item, (*prefix, index))
    return found


def mutate(message: dict[str, Any], rng: random.Random) -> Any:
    """One to three random changes to a fresh request (changed in place, and returned)."""
    for _ in range(rng.randint(1, 3)):
        paths = [p for p in _paths(message) if p]
        if not paths:
            return _values(rng)
        path = rng.choice(paths)
        parent: Any = message
        for part in path[:-1]:
            parent = parent[part]
        last = path[-1]
        how = rng.random()
        if how < 0.25 and isinstance(parent, dict):
            del parent[last]
        elif how < 0.35 and isinstance(parent, dict):
            parent[rng.choice(["extra", "actor", "type", "id", "zz"])] = _values(rng)
        elif how < 0.45 and path == ("id",):
            parent[last] = rng.choice([1.0, True, None, [1], {"n": 1}, -0.0, 2**70])
        elif how < 0.55 and isinstance(parent[last], int) and not isinstance(parent[last], bool):
            parent[last] = parent[last] + rng.choice([-1, 1, 100, -(10**9)])
        else:
            parent[last] = _values(rng)
    return message


def raw_line(rng: random.Random) -> bytes:
    """A line no request parser should choke on."""
    kind = rng.randrange(10)
    if kind == 0:
        return bytes(rng.randrange(256) for _ in range(rng.randint(1, 200))).replace(b"\n", b"")
    if kind == 1:
        return b'{"id": 1, "cmd": "state", "x": "\xff\xfe"}'
    if kind == 2:
        depth = rng.choice([65, 1000, 5000, 100_000])
        return b'{"id": 1, "cmd": "state", "x": ' + b"[" * depth + b"]" * depth + b"}"
    if kind == 3:
        return b'{"id": ' + b"9" * rng.choice([4301, 5000, 20_000]) + b', "cmd": "state"}'
    if kind == 4:
        return rng.choice([b'{"id": NaN, "cmd": "state"}', b'{"id": 1, "cmd": Infinity}',
                           b'[-Infinity]'])  # fmt: skip
    if kind == 5:
        return b'{"id": 1, "cmd": "state", "cmd": "outcome"}'
    if kind == 6:
        text = b'{"id": 1, "cmd": "new_game", "game": "notre_dame", "num_players": 2}'
        return text[: rng.randrange(1, len(text))]
    if kind == 7:
        return rng.choice([b"[]", b"1", b'"state"', b"null", b"true", b"[1, 2]"])
    if kind == 8:
        return b'{"id": 1.0, "cmd": "state"}'
    return b'"' + b"x" * rng.choice([10_000, 1_000_000]) + b'"'


def _text(value: Any) -> bytes:
    try:
        return json.dumps(value).encode("utf-8", errors="surrogatepass")
    except (ValueError, RecursionError):
        return repr(value).encode("utf-8", errors="surrogatepass")


def hostile_params(game: str, rng: random.Random, huge: bool = True) -> Any:
    """A ``params`` option for ``game``: the catalogue's rule ids and parameter names or
    others, with values of the edition's shape at its bounds (0, 1, the edition's value,
    the largest accepted) or not (another type, a huge list, a deep object)."""
    from reference_impl.core import MAX_PARAM, catalogue_params

    edition = catalogue_params(game)
    if not edition or rng.random() < 0.1:
        return rng.choice([{"NOPE-RULE": {"x": 1}}, {"": {}}, [], "params", {"GV-X": 1}])
    rule = rng.choice(sorted(edition))
    name = rng.choice(sorted(edition[rule])) if rng.random() < 0.9 else "unknown"
    value = edition[rule].get(name, 1)
    pick = rng.random()
    if pick < 0.5 and type(value) is int:
        value = rng.choice([0, 1, value, value * 2, MAX_PARAM])
    elif pick < 0.6 and isinstance(value, list):
        value = [rng.choice([0, 1, MAX_PARAM]) for _ in value] or value
    elif pick < 0.7:
        value = rng.choice(["x", True, None, 1.5, -1, MAX_PARAM + 1, 10**30, {"a": 1}])
    elif pick < 0.8:
        value = [1] * rng.choice([101, 10_000, 200_000][: 3 if huge else 2])
    elif pick < 0.85:
        value = {str(k): 1 for k in range(rng.choice([101, 30_000][: 2 if huge else 1]))}
    params = {rule: {name: value}}
    if rng.random() < 0.2:
        params[rng.choice(sorted(edition))] = {}
    return params


#: the lengths of the huge lists sent (the server refuses requests of more than 20,000 values)
HUGE = (1_000, 25_000, 200_000)


def huge_lists(
    state: dict[str, Any], rng: random.Random, sizes: tuple[int, ...] = HUGE
) -> dict[str, Any]:
    """``state`` (a canonical position) with one list, or a new key, made huge."""
    state = copy.deepcopy(state)
    lists = [path for path in _paths(state) if path and isinstance(_at(state, path), list)]
    size = rng.choice(sizes)
    item = rng.choice(["x", 0, None, {"a": 1}, [1]])
    if lists and rng.random() < 0.85:
        path = rng.choice(lists)
        old = _at(state, path)
        filler = old[:1] * size if old and rng.random() < 0.5 else [item] * size
        _at(state, path[:-1])[path[-1]] = filler
    else:
        state["zz_huge"] = [item] * size
    return state


def _at(value: Any, path: tuple[Any, ...]) -> Any:
    for part in path:
        value = value[part]
    return value


class Fuzzer:
    """One server, one game in progress, and the checks after every message.

    With ``hostile`` (the soak's default), a share of the messages are ``new_game`` with
    hostile ``params`` (:func:`hostile_params`) and ``load_state`` or ``new_game`` options
    with a huge list (:func:`huge_lists`)."""

    def __init__(
        self, rng: random.Random, games: dict[str, int] | None = None, hostile: bool = False
    ) -> None:
        self.rng = rng
        self.hostile = hostile
        self.huge = HUGE  # the lengths of huge lists (a test may send shorter ones)
        self.last_request = ""
        self.last_seconds = 0.0  # the server's time on the last message
        self.games = games or FUZZED
        self.server = Server()
        self.tally = Tally()
        self.next_id = 1
        self._new_game()

    def _exported(self) -> Any:
        state = self.server.state
        return None if state is None else json.dumps(state.to_canonical(), sort_keys=True)

    def _request(self, command: str, **arguments: Any) -> dict[str, Any]:
        self.next_id += 1
        return {"id": self.next_id, "cmd": command, **arguments}

    def _new_game(self) -> None:
        game = self.rng.choice(sorted(self.games))
        self.send(self._request("new_game", game=game, num_players=self.games[game]))

    def valid(self) -> dict[str, Any]:
        """A request that should succeed, most of them moving the game on."""
        state = self.server.state
        if state is None or state.is_terminal() or self.rng.random() < 0.02:
            game = self.rng.choice(sorted(self.games))
            return self._request("new_game", game=game, num_players=self.games[game])
        pick = self.rng.random()
        if pick < 0.65:
            listing = wire_copy(self.server.handle(self._request("legal_actions")))
            if listing["ok"] and listing["result"]["actions"]:
                return self._request("apply", action=self.rng.choice(listing["result"]["actions"]))
            self.tally.stuck.append(json.dumps(listing)[:300])  # the game cannot go on
            game = self.rng.choice(sorted(self.games))
            return self._request("new_game", game=game, num_players=self.games[game])
        if pick < 0.7:  # a refused state costs its full problem list: not too many
            return self._request("load_state", state=state.to_canonical())
        if pick < 0.85:
            return self._request("state", view=self.rng.randrange(2))
        return self._request(self.rng.choice(["state", "legal_actions", "outcome"]))

    def step(self) -> None:
        """Send one message: raw line, mutated request or valid request (or, when hostile,
        hostile params or a huge list)."""
        if self.hostile and self.rng.random() < 0.1:
            self.send(self._hostile())
            return
        pick = self.rng.random()
        if pick < 0.15:
            self.send_line(raw_line(self.rng))
        elif pick < 0.75:
            message = mutate(self.valid(), self.rng)
            if isinstance(message, dict) and message.get("cmd") == "stop":
                message["cmd"] = "state"
            self.send(message)
        else:
            self.send(self.valid())

    def _hostile(self) -> dict[str, Any]:
        game = self.rng.choice(sorted(self.games))
        state = self.server.state
        if self.rng.random() < 0.6:
            options = {"params": hostile_params(game, self.rng, self.huge == HUGE)}
            return self._request("new_game", game=game, num_players=self.games[game],
                                 options=options)  # fmt: skip
        if state is not None and self.rng.random() < 0.7:
            huge = huge_lists(state.to_canonical(), self.rng, self.huge)
            return self._request("load_state", state=huge)
        options = huge_lists({"boards": [], "deck": []}, self.rng, self.huge)
        return self._request("new_game", game=game, num_players=self.games[game],
                             options=options)  # fmt: skip

    def send(self, request: Any) -> None:
        """One request through ``handle`` and the wire copy (the in-process transport's path;
        a request the wire would refuse goes as a raw line instead)."""
        try:
            request = wire_copy(request)
        except ValueError:
            self.send_line(_text(request))
            return
        self.last_request = _text(request)[:300].decode("utf-8", errors="replace")
        before = self._exported()
        self.tally.messages += 1
        began = time.perf_counter()
        try:
            handled = self.server.handle(request)
            self.last_seconds = time.perf_counter() - began
            reply = wire_copy(handled)
        except BaseException as error:
            self.tally.crashes.append(f"{type(error).__name__}: {error}"[:300])
            return
        self._check(request, reply, before)

    def send_line(self, line: bytes) -> None:
        """One raw line through ``serve`` (the stdio path): exactly one reply line back."""
        self.last_request = line[:300].decode("utf-8", errors="replace")
        before = self._exported()
        self.tally.messages += 1
        output = io.BytesIO()
        began = time.perf_counter()
        try:
            self.server.serve(io.BytesIO(line + b"\n"), output)
            self.last_seconds = time.perf_counter() - began
        except BaseException as error:
            self.tally.crashes.append(f"serve: {type(error).__name__}: {error}"[:300])
            return
        lines = output.getvalue().splitlines()
        if not line.strip():  # a blank line is no request: no reply
            if lines:
                self.tally.crashes.append(f"serve: a reply to the blank line {line!r}")
            return
        if len(lines) != 1:
            self.tally.crashes.append(f"serve: {len(lines)} reply lines to {line[:60]!r}")
            return
        try:
            reply = decode(lines[0])
        except ValueError as error:
            self.tally.bad_replies.append(f"unreadable reply {error}")
            return
        request: Any
        try:
            request = decode(line)
        except ValueError:
            request = None  # the server must have refused it with id null
        self._check(request, reply, before)

    def _check(self, request: Any, reply: Any, before: Any) -> None:
        command = request.get("cmd") if isinstance(request, dict) else None
        name = command if command in COMMANDS else "apply"
        problems = reply_problems(name, reply)
        if problems:
            self.tally.bad_replies.append(f"{command}: {problems[0]}"[:300])
            return
        sent = request.get("id") if isinstance(request, dict) else None
        expected = sent if is_request_id(sent) else None
        if reply["ok"] and expected is None:
            self.tally.bad_replies.append(f"{command}: ok with an id that is not one")
        if reply["id"] != expected or type(reply["id"]) is not type(expected):
            self.tally.bad_replies.append(f"{command}: reply id {reply['id']!r}, sent {sent!r}")
        if reply["ok"]:
            self.tally.accepted += 1
            return
        self.tally.refusals[reply["error"]["kind"]] += 1
        if reply["error"]["kind"] == "internal":
            shown = json.dumps(request, default=str)[:200]
            self.tally.internal_errors.append(f"{reply['error']['message']} <- {shown}"[:300])
        after = self._exported()
        if after != before:
            self.tally.state_changes.append(f"{command}: {reply['error']['message']}"[:300])
