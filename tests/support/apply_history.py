"""An engine's answer to ``apply`` must not depend on what was asked before (issue 16).

For reachable positions of a game (random playouts through the protocol, bounded), a sample
of the listed legal actions (always including the one the playout takes next) and a set of
probed actions (mutations of listed ones, the wrong actor, a wrong type) is applied in
several *histories*:

- ``fresh``: a new engine loaded from the position, no other request before the ``apply``;
- ``listed``: the same after a ``legal_actions`` request;
- ``probed``: after ``legal_actions``, a per-player ``state`` view and a refused probe;
- ``played``: (the probes, and the action the playout takes) the engine that reached the
  position by play, its caches warm from every earlier position; a probe it accepts is
  compared too, then the position is reloaded into it.

The reply (ok, error kind, rule; the ``apply`` result when ok) and the exported state after
it must be the same in every history. Everything goes through the reference protocol server
(:class:`reference_impl.server.Server`) with a JSON round trip per message, as on the wire.
"""

from __future__ import annotations

import json
import random
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from reference_impl.core import GameDefinition
from reference_impl.server import Server

Json = Any
HISTORIES = ("fresh", "listed", "probed")


class Session:
    """One reference server spoken to in JSON, as a client would."""

    def __init__(self, games: Mapping[str, GameDefinition] | None = None) -> None:
        self.server = Server(games)
        self._id = 0

    def request(self, cmd: str, **fields: Json) -> dict[str, Any]:
        self._id += 1
        wire = json.dumps({"id": self._id, "cmd": cmd, **fields}, ensure_ascii=False)
        reply = self.server.handle(json.loads(wire))
        return json.loads(json.dumps(reply, ensure_ascii=False))

    def result(self, cmd: str, **fields: Json) -> dict[str, Any]:
        reply = self.request(cmd, **fields)
        if not reply["ok"]:
            raise AssertionError(f"{cmd} refused: {reply['error']}")
        return reply["result"]

    def state(self) -> dict[str, Any]:
        return self.result("state")["state"]


def answer(reply: dict[str, Any]) -> tuple[Json, ...]:
    """What must not depend on the history: ok and result, or the error's kind and rule."""
    if reply["ok"]:
        return (True, _dump(reply["result"]))
    error = reply["error"]
    return (False, error.get("kind"), error.get("rule"))


def _dump(value: Json) -> str:
    return json.dumps(value, sort_keys=True, ensure_ascii=False)


# -- probes ---------------------------------------------------------------------------------


def _other_values(listed: list[dict[str, Any]], key: str, value: Json) -> list[Json]:
    seen = {_dump(a[key]): a[key] for a in listed if key in a and a[key] != value}
    return [seen[k] for k in sorted(seen)]


def mutations(action: dict[str, Any], listed: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Near misses of a listed action: each field changed by one step, dropped, or added."""
    out: list[dict[str, Any]] = []
    for key, value in sorted(action.items()):
        if key in ("actor", "type"):
            continue
        if isinstance(value, bool):
            out.append({**action, key: not value})
        elif isinstance(value, int):
            out += [{**action, key: value + 1}, {**action, key: value - 1}]
        elif isinstance(value, str):
            others = _other_values(listed, key, value)
            if others:
                out.append({**action, key: others[len(others) // 2]})
        elif isinstance(value, list):
            out.append({**action, key: value[:-1]})
            if value:
                out.append({**action, key: [*value, value[0]]})
        out.append({k: v for k, v in action.items() if k != key})
    out.append({**action, "extra": 1})
    return out


def wrong_actors(
    action: dict[str, Any], to_act: list[Json], num_players: int
) -> list[dict[str, Any]]:
    """The same action taken by someone who may not act now (or by chance / a player)."""
    out = [{**action, "actor": seat} for seat in range(num_players) if seat not in to_act][:2]
    if action["actor"] == "chance":
        out.append({**action, "actor": 0})
    else:
        out.append({**action, "actor": "chance"})
        others = [a for a in to_act if a != action["actor"]]
        if others:
            out.append({**action, "actor": others[0]})
    return out


def probes(
    listed: list[dict[str, Any]], to_act: list[Json], num_players: int, rng: random.Random
) -> list[dict[str, Any]]:
    """Actions to try that were not listed: mutations, wrong actors, other types."""
    if not listed:
        return []
    candidates: list[dict[str, Any]] = []
    for action in rng.sample(listed, min(3, len(listed))):
        candidates += mutations(action, listed)
        candidates += wrong_actors(action, to_act, num_players)
    types = sorted({a["type"] for a in listed})
    base = rng.choice(listed)
    candidates += [{**base, "type": t} for t in types if t != base["type"]]
    candidates.append({**base, "type": "no-such-type"})
    listed_text = {_dump(a) for a in listed}
    unique: dict[str, dict[str, Any]] = {}
    for c in candidates:
        text = _dump(c)
        if text not in listed_text:
            unique.setdefault(text, c)
    keys = sorted(unique)
    rng.shuffle(keys)
    return [unique[k] for k in keys[:12]]


# -- histories ------------------------------------------------------------------------------


def apply_in(
    history: str,
    position: dict[str, Any],
    action: Json,
    probe: Json | None,
    games: Mapping[str, GameDefinition] | None = None,
) -> tuple[tuple[Json, ...], str]:
    """Apply ``action`` to ``position`` in a fresh engine after ``history``; the answer and
    the exported state after it. ``probe`` is an action refused in this position."""
    session = Session(games)
    session.result("load_state", state=position)
    if history in ("listed", "probed"):
        session.result("legal_actions")
    if history == "probed":
        session.request("state", view=0)
        if probe is not None:
            session.request("apply", action=probe)
    reply = session.request("apply", action=action)
    return answer(reply), _dump(session.state())


@dataclass
class Finding:
    """One action whose answer (or resulting state) differs between histories."""

    position: dict[str, Any]
    action: Json
    answers: dict[str, tuple[Json, ...]]
    states_differ: bool

    def __str__(self) -> str:
        where = (
            f"{self.position['game']} {self.position['num_players']}p "
            f"to_act={self.position['to_act']}"
        )
        shown = "; ".join(f"{h}: {a}" for h, a in self.answers.items())
        extra = " (resulting states differ)" if self.states_differ else ""
        return f"{where}: {_dump(self.action)} -> {shown}{extra}"


@dataclass
class Report:
    """What a run compared: positions, actions applied per history, and the findings."""

    positions: int = 0
    listed: int = 0
    probed: int = 0
    accepted: int = 0
    refused: int = 0
    findings: list[Finding] = field(default_factory=list)


def compare(
    position: dict[str, Any],
    action: Json,
    probe: Json | None,
    report: Report,
    played: tuple[tuple[Json, ...], str] | None = None,
    games: Mapping[str, GameDefinition] | None = None,
) -> bool:
    """Apply ``action`` in every history and record any disagreement in ``report``.

    Returns whether the fresh engine accepted it.
    """
    results = {h: apply_in(h, position, action, probe, games) for h in HISTORIES}
    if played is not None:
        results["played"] = played
    answers = {h: r[0] for h, r in results.items()}
    states = {r[1] for r in results.values()}
    accepted = bool(answers["fresh"][0])
    if accepted:
        report.accepted += 1
    else:
        report.refused += 1
    if len(set(answers.values())) > 1 or len(states) > 1:
        report.findings.append(Finding(position, action, answers, len(states) > 1))
    return accepted


def _pick(legal: dict[str, Any], rng: random.Random) -> dict[str, Any]:
    chance = legal.get("chance")
    if chance:
        weights = [_fraction(c["probability"]) for c in chance]
        return rng.choices([c["action"] for c in chance], weights=weights)[0]
    return rng.choice(legal["actions"])


def _fraction(text: str) -> float:
    numerator, _, denominator = text.partition("/")
    return int(numerator) / int(denominator or 1)


def _refused_fresh(
    position: dict[str, Any], action: Json, games: Mapping[str, GameDefinition] | None
) -> bool:
    session = Session(games)
    session.result("load_state", state=position)
    return not session.request("apply", action=action)["ok"]


def check_position(
    session: Session,
    position: dict[str, Any],
    legal: dict[str, Any],
    chosen: dict[str, Any],
    report: Report,
    rng: random.Random,
    per_position: int,
    games: Mapping[str, GameDefinition] | None = None,
) -> None:
    """Compare histories at one position reached by ``session``; ``chosen`` is the action
    the playout takes next (applied here in the playing session too)."""
    report.positions += 1
    listed = legal["actions"]
    tried = probes(listed, legal["to_act"], position["num_players"], rng)
    refused = next((p for p in tried if _refused_fresh(position, p, games)), None)
    for probe in tried:
        report.probed += 1
        reply = session.request("apply", action=probe)
        played = (answer(reply), _dump(session.state()))
        compare(position, probe, refused, report, played, games)
        if reply["ok"]:  # the playing engine moved on: reload the position to go on
            session.result("load_state", state=position)
    others = [a for a in listed if a != chosen]
    sample = rng.sample(others, min(per_position - 1, len(others)))
    for action in sample:
        report.listed += 1
        compare(position, action, refused, report, None, games)
    report.listed += 1
    reply = session.request("apply", action=chosen)
    played = (answer(reply), _dump(session.state()))
    compare(position, chosen, refused, report, played, games)


def check_game(
    game: str,
    configs: list[tuple[int, int, dict[str, Any]]],
    every: int,
    limit: int,
    per_position: int = 6,
    seed: int = 0,
    games: Mapping[str, GameDefinition] | None = None,
) -> Report:
    """Compare histories over reachable positions of ``game``.

    ``configs`` are (players, playout seed, options) of random playouts through the
    protocol; every ``every`` steps (at most ``limit`` positions per playout) up to
    ``per_position`` listed actions, among them the one the playout takes next, and the
    probes of :func:`probes` are compared.
    """
    report = Report()
    rng = random.Random(seed)
    for num_players, play_seed, options in configs:
        play = random.Random(play_seed)
        session = Session(games)
        fields: dict[str, Any] = {"game": game, "num_players": num_players}
        if options:
            fields["options"] = options
        state = session.result("new_game", **fields)["state"]
        step = taken = 0
        while not state["terminal"] and taken < limit:
            legal = session.result("legal_actions")
            action = _pick(legal, play)
            if step % every == every - 1:
                taken += 1
                check_position(session, state, legal, action, report, rng, per_position, games)
            else:
                session.result("apply", action=action)
            state = session.state()
            step += 1
    return report
