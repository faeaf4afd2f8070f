"""Play a reference engine in lockstep with its own earlier version: a refactoring's check.

    .venv/bin/python scripts/engine_lockstep.py gnomeville --against main [--games 200]

The game's package as it was at the git revision ``--against`` is copied into a temporary
folder under another name (its ``reference_impl.<game>`` imports rewritten; the shared
``reference_impl.core`` is today's) and both engines play the same seeded random games side by
side, over every player count and a spread of options. After every step they must agree on the
canonical state, ``to_act``, the legal actions in order (or the chance outcomes with their
probabilities), the rules fired, the outcome and the option names looked up (what
``--all-readings`` relies on); at every step a few refused probes (a listed action changed,
the wrong actor, an unknown type) must be refused alike (kind, rule, message) and leave both
states as they were; every few steps both continue from a ``load`` of the canonical state, so a
loaded state's caches are checked too. The first difference stops the run with the game, step
and both answers. Nothing is written outside the temporary folder.
"""

from __future__ import annotations

import argparse
import copy
import importlib
import random
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from reference_impl import option_reads  # noqa: E402
from reference_impl.core import CHANCE, EngineError, GameDefinition, sample_chance  # noqa: E402

#: player counts and options of the configurations, played in turn
CONFIGS: dict[str, list[dict[str, Any]]] = {
    "gnomeville": [
        {},
        {"master_build": True},
        {"turn_by_turn_rounds": [1, 2, 3, 4, 5]},
        {"turn_by_turn_rounds": [2, 4], "master_build": True},
        {"boulder_supply_limited": False},
        {"hammer_gnome_shields_building": True, "sword_gnome_shields_building": True},
        {"two_player_tie_includes_second": True},
        {"params": {"GV-TROLL-CAP": {"cap": 5}}},
    ],
}


def old_game(game: str, revision: str, into: Path) -> GameDefinition:
    """The game's ``GAME`` as it was at ``revision``, imported as package ``<game>_old``."""
    name = f"{game}_old"
    folder = into / name
    folder.mkdir()
    listing = subprocess.run(
        ["git", "ls-tree", "--name-only", f"{revision}:reference_impl/{game}/"],
        cwd=ROOT, check=True, capture_output=True, text=True,
    ).stdout.split()  # fmt: skip
    for file in listing:
        if not file.endswith(".py"):
            continue
        text = subprocess.run(
            ["git", "show", f"{revision}:reference_impl/{game}/{file}"],
            cwd=ROOT, check=True, capture_output=True, text=True,
        ).stdout  # fmt: skip
        (folder / file).write_text(text.replace(f"reference_impl.{game}", name))
    sys.path.insert(0, str(into))
    return importlib.import_module(name).GAME


def boards_for(game: GameDefinition, players: int, rng: random.Random) -> dict[str, Any]:
    names = getattr(importlib.import_module(type(game).__module__), "BOARD_NAMES", ())
    if not names or rng.random() < 0.5:
        return {}
    return {"boards": [rng.choice(names) for _ in range(players)]}


def attempt(state: Any, call: str, *args: Any) -> tuple[Any, ...]:
    """The answer of ``state.call(*args)`` and the option names looked up meanwhile."""
    option_reads.take()
    try:
        result: Any = ("ok", getattr(state, call)(*args))
    except EngineError as error:
        result = ("error", type(error).__name__, error.rule, error.message)
    return result, option_reads.take()


def probes(action: dict[str, Any], players: int, rng: random.Random) -> list[dict[str, Any]]:
    """Actions near a listed one that the rules are likely to refuse."""
    out = []
    for key, value in action.items():
        if key in ("actor", "type"):
            continue
        changed = copy.deepcopy(action)
        if isinstance(value, list) and len(value) == 2 and all(type(x) is int for x in value):
            changed[key] = [value[0] + rng.choice((-1, 1, 5)), value[1]]
        elif isinstance(value, bool):
            changed[key] = not value
        elif type(value) is int:
            changed[key] = value + 1
        else:
            changed[key] = "nowhere"
        out.append(changed)
    if action["actor"] != CHANCE:
        out.append({**action, "actor": (action["actor"] + 1) % players})
    out.append({"actor": action["actor"], "type": "draw"})
    out.append({"actor": action["actor"], "type": "no such type"})
    return out


class Divergence(AssertionError):
    pass


def same(what: str, old: Any, new: Any, where: str) -> None:
    if old != new or repr(old) != repr(new):
        raise Divergence(f"{where}: {what} differs\n  old: {old!r}\n  new: {new!r}")


def compare(old: Any, new: Any, where: str) -> None:
    same("canonical state", old.to_canonical(), new.to_canonical(), where)
    same("to_act", attempt(old, "to_act"), attempt(new, "to_act"), where)
    same("terminal", old.is_terminal(), new.is_terminal(), where)
    same("outcome", old.outcome(), new.outcome(), where)
    if CHANCE in old.to_act():
        same("chance outcomes", attempt(old, "chance_outcomes"),
             attempt(new, "chance_outcomes"), where)  # fmt: skip
    same("legal actions", attempt(old, "legal_actions"), attempt(new, "legal_actions"), where)


def play(old_def: GameDefinition, new_def: GameDefinition, players: int,
         options: dict[str, Any], seed: int, load_every: int) -> int:  # fmt: skip
    rng = random.Random(seed)
    old = old_def.new_game(players, copy.deepcopy(options))
    new = new_def.new_game(players, copy.deepcopy(options))
    steps = 0
    while True:
        where = f"{players}p {options} seed {seed} step {steps}"
        compare(old, new, where)
        if old.is_terminal():
            for action in ({"actor": 0, "type": "pass"},):
                same("refusal when over", attempt(old, "apply", action),
                     attempt(new, "apply", action), where)  # fmt: skip
            return steps
        if CHANCE in old.to_act():
            action = sample_chance(old, rng)
        else:
            listed = old.legal_actions()
            action = listed[rng.randrange(len(listed))]
        for probe in probes(action, players, rng):
            before = old.to_canonical()
            old_answer, new_answer = attempt(old, "apply", probe), attempt(new, "apply", probe)
            same(f"answer to probe {probe}", old_answer, new_answer, where)
            if old_answer[0][0] == "ok":  # a probe the rules allow: both took it; reload
                old, new = old_def.load(before), new_def.load(before)
            else:
                same("state after a refusal", before, new.to_canonical(), where)
        same(f"answer to {action}", attempt(old, "apply", copy.deepcopy(action)),
             attempt(new, "apply", copy.deepcopy(action)), where)  # fmt: skip
        same("fired", old.fired, new.fired, where)
        steps += 1
        if load_every and steps % load_every == 0:
            canonical = old.to_canonical()
            fired = list(old.fired)
            old, new = old_def.load(canonical), new_def.load(canonical)
            old.fired, new.fired = fired, list(fired)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game")
    parser.add_argument("--against", default="main", help="git revision of the old engine")
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--load-every", type=int, default=17)
    args = parser.parse_args()
    new_def = importlib.import_module(f"reference_impl.{args.game}").GAME
    configs = CONFIGS.get(args.game, [{}])
    option_reads.note_reads(True)
    with tempfile.TemporaryDirectory() as tmp:
        old_def = old_game(args.game, args.against, Path(tmp))
        rng = random.Random(args.seed)
        total = 0
        for number in range(args.games):
            players = new_def.min_players + number % (new_def.max_players - new_def.min_players + 1)
            options = {**configs[number % len(configs)], **boards_for(new_def, players, rng)}
            seed = rng.randrange(2**32)
            try:
                total += play(old_def, new_def, players, options, seed, args.load_every)
            except Divergence as error:
                print(f"game {number}: {error}")
                return 1
        print(f"{args.games} games, {total} steps: {args.game} plays as at {args.against}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
