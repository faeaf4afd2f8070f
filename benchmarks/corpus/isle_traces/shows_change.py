#!/usr/bin/env python3
"""Show that each planted bug changes ordinary play (no rulespec involved).

For every bug of bugs.toml (or those named on the command line) play seeded random games
with the clean engine and the buggy engine side by side through the JSON-lines protocol:
the clean engine's legal actions drive the game (the action type is chosen uniformly, then
an action of that type, so rare actions such as re-exploring or flipping come up); after
every step the legal actions, the reply and the canonical state are compared, and at the
end the outcome. A game counts as changed at its first difference.

    python3 shows_change.py                 # every bug, 6 games each (2, 3, 4 players)
    python3 shows_change.py --games 9 feather-either-face tie-first-seat
"""
import argparse
import json
import os
import random
import subprocess
import sys
import tomllib

HERE = os.path.dirname(os.path.abspath(__file__))


class Engine:
    def __init__(self, bug):
        env = dict(os.environ)
        env["CORPUS_BUG"] = bug
        self.p = subprocess.Popen([sys.executable, os.path.join(HERE, "engine.py")], stdin=subprocess.PIPE,
                                  stdout=subprocess.PIPE, text=True, env=env)
        self.n = 0

    def ask(self, cmd, **kw):
        self.n += 1
        req = {"id": self.n, "cmd": cmd}
        req.update(kw)
        self.p.stdin.write(json.dumps(req) + "\n")
        self.p.stdin.flush()
        return json.loads(self.p.stdout.readline())

    def close(self):
        try:
            self.ask("stop")
        except Exception:
            pass
        self.p.wait(timeout=5)


def canon_actions(res):
    if not res.get("ok"):
        return res.get("error", {}).get("kind")
    r = res["result"]
    acts = sorted(json.dumps(a, sort_keys=True) for a in r["actions"])
    ch = sorted(json.dumps(c, sort_keys=True) for c in r.get("chance", []))
    return (r["to_act"], acts, ch)


def strip(res):
    if res.get("ok"):
        return {"ok": True, "result": res["result"]}
    return {"ok": False, "kind": res["error"]["kind"], "rule": res["error"].get("rule")}


def play(clean, buggy, players, seed, max_steps=2000):
    """Return None if the game is the same, else a description of the first difference."""
    rng = random.Random(seed)
    a = clean.ask("new_game", game="isle_traces", num_players=players)
    b = buggy.ask("new_game", game="isle_traces", num_players=players)
    if strip(a) != strip(b):
        return "new_game differs"
    for step in range(max_steps):
        la = clean.ask("legal_actions")
        lb = buggy.ask("legal_actions")
        if canon_actions(la) != canon_actions(lb):
            return "step %d: legal actions differ" % step
        res = la["result"]
        if not res["actions"]:
            break
        if res["to_act"] == ["chance"]:
            action = rng.choice(res["actions"])
        else:
            types = sorted({x["type"] for x in res["actions"]})
            t = rng.choice(types)
            action = rng.choice([x for x in res["actions"] if x["type"] == t])
        ra = clean.ask("apply", action=action)
        rb = buggy.ask("apply", action=action)
        if strip(ra) != strip(rb):
            return "step %d: apply %s differs" % (step, action["type"])
        sa = clean.ask("state")
        sb = buggy.ask("state")
        if strip(sa) != strip(sb):
            return "step %d: state after %s differs" % (step, action["type"])
        if ra["result"]["terminal"]:
            break
    oa = clean.ask("outcome")
    ob = buggy.ask("outcome")
    if strip(oa) != strip(ob):
        return "outcome differs"
    return None


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("bugs", nargs="*")
    ap.add_argument("--games", type=int, default=6)
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()
    with open(os.path.join(HERE, "bugs.toml"), "rb") as fh:
        bugs = [b["id"] for b in tomllib.load(fh)["bug"]]
    if args.bugs:
        bugs = args.bugs
    clean = Engine("")
    total_ok = True
    for bug in bugs:
        buggy = Engine(bug)
        changed = 0
        notes = []
        for g in range(args.games):
            players = 2 + g % 3
            seed = args.seed * 1000 + g
            diff = play(clean, buggy, players, seed)
            if diff:
                changed += 1
                notes.append("%dp seed %d: %s" % (players, seed, diff))
        buggy.close()
        print("%-24s changed %d/%d games%s" % (bug, changed, args.games,
                                                 ("  (first: %s)" % notes[0]) if notes else ""))
        sys.stdout.flush()
        if changed == 0:
            total_ok = False
    clean.close()
    sys.exit(0 if total_ok else 1)


if __name__ == "__main__":
    main()
