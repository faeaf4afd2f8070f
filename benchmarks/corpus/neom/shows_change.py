#!/usr/bin/env python3
"""Play random games in lockstep with the clean engine and a buggy one (same seeds) and report
how often the bug changes something (legal actions, state or outcome).

    python3 shows_change.py [games-per-player-count] [bug ...]
"""
import importlib.util
import json
import os
import random
import sys

HERE = os.path.dirname(os.path.abspath(__file__))


def load_engine(bug):
    os.environ["CORPUS_BUG"] = bug
    spec = importlib.util.spec_from_file_location("engine_" + (bug or "clean").replace("-", "_"),
                                                  os.path.join(HERE, "engine.py"))
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    os.environ["CORPUS_BUG"] = ""
    return mod


def canon(x):
    return json.dumps(x, sort_keys=True)


def play(clean, buggy, n, seed, options=None):
    rng = random.Random(seed)
    req = {"cmd": "new_game", "game": "neom", "num_players": n, "options": options or {}}
    a = clean.Server()
    b = buggy.Server()
    a.handle(dict(req))
    b.handle(dict(req))
    for step in range(3000):
        sa, sb = a.handle({"cmd": "state"}), b.handle({"cmd": "state"})
        if canon(sa) != canon(sb):
            return "state", step
        la, lb = a.handle({"cmd": "legal_actions"}), b.handle({"cmd": "legal_actions"})
        if sorted(map(canon, la["actions"])) != sorted(map(canon, lb["actions"])):
            return "legal", step
        if sa["state"]["terminal"] or not la["actions"]:
            break
        if la["to_act"] == ["chance"]:
            ch = la["chance"]
            weights = [float(eval(c["probability"])) for c in ch]
            act = rng.choices([c["action"] for c in ch], weights)[0]
        else:
            acts = sorted(la["actions"], key=canon)
            act = rng.choice(acts)
        a.handle({"cmd": "apply", "action": act})
        try:
            b.handle({"cmd": "apply", "action": act})
        except Exception:
            return "apply", step
    oa, ob = a.handle({"cmd": "outcome"}), b.handle({"cmd": "outcome"})
    if canon(oa) != canon(ob):
        return "outcome", step
    return None, step


def main():
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 5
    bugs = sys.argv[2:]
    if not bugs:
        import tomllib
        with open(os.path.join(HERE, "bugs.toml"), "rb") as f:
            bugs = [b["id"] for b in tomllib.load(f)["bug"]]
    clean = load_engine("")
    for bug in bugs:
        buggy = load_engine(bug)
        res = []
        for n in (1, 2, 3, 4, 5):
            changed = 0
            kinds = []
            for seed in range(games):
                kind, step = play(clean, buggy, n, 1000 * n + seed)
                if kind:
                    changed += 1
                    kinds.append("%s@%d" % (kind, step))
            res.append("%dp %d/%d %s" % (n, changed, games, ",".join(kinds[:2])))
        print("%-28s %s" % (bug, " | ".join(res)), flush=True)


if __name__ == "__main__":
    main()
