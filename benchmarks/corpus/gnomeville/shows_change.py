#!/usr/bin/env python3
"""Play seeded random games with the clean engine and a buggy one side by side (no rulespec).

Usage: python3 shows_change.py [BUG_ID ...] [--games N] [--players 1,2,3,4]
With no BUG_ID every bug of bugs.toml is checked. For each bug it prints how many games
(out of N per player count) diverge: a different state, a different legal action list,
different chance probabilities, an action the buggy engine refuses, or a different outcome.
Both engines are driven by the clean engine's legal actions and one shared random stream.
"""
import json
import os
import random
import re
import subprocess
import sys
from fractions import Fraction

HERE = os.path.dirname(os.path.abspath(__file__))


class Engine:
    def __init__(self, bug):
        env = dict(os.environ)
        env["CORPUS_BUG"] = bug
        self.p = subprocess.Popen([sys.executable, os.path.join(HERE, "engine.py")], stdin=subprocess.PIPE,
                                  stdout=subprocess.PIPE, text=True, env=env, cwd=HERE)
        self.n = 0

    def req(self, cmd, **kw):
        self.n += 1
        kw.update({"id": self.n, "cmd": cmd})
        self.p.stdin.write(json.dumps(kw) + "\n")
        self.p.stdin.flush()
        return json.loads(self.p.stdout.readline())

    def close(self):
        try:
            self.req("stop")
        except Exception:
            pass
        self.p.wait(timeout=5)


def norm_legal(r):
    if not r.get("ok"):
        return ("error", r["error"].get("kind"))
    res = r["result"]
    acts = sorted(json.dumps(a, sort_keys=True) for a in res["actions"])
    ch = sorted((json.dumps(c["action"], sort_keys=True), c["probability"]) for c in res.get("chance", []))
    return (res["to_act"], acts, ch)


def play(clean, buggy, nplayers, seed, max_steps=3000):
    rng = random.Random(seed)
    a = clean.req("new_game", game="gnomeville", num_players=nplayers)
    b = buggy.req("new_game", game="gnomeville", num_players=nplayers)
    if a.get("result") != b.get("result"):
        return "new_game"
    for step in range(max_steps):
        la = clean.req("legal_actions")
        lb = buggy.req("legal_actions")
        if norm_legal(la) != norm_legal(lb):
            return "legal@%d" % step
        res = la["result"]
        if not res["to_act"]:
            break
        if res.get("chance"):
            weights = [float(Fraction(c["probability"])) for c in res["chance"]]
            action = rng.choices([c["action"] for c in res["chance"]], weights)[0]
        else:
            if not res["actions"]:
                return "no-actions@%d" % step
            action = rng.choice(res["actions"])
        ra = clean.req("apply", action=action)
        rb = buggy.req("apply", action=action)
        if ra.get("ok") != rb.get("ok") or ra.get("result") != rb.get("result"):
            return "apply@%d" % step
        if not ra.get("ok"):
            return "clean-refused@%d" % step
        sa = clean.req("state")["result"]["state"]
        sb = buggy.req("state")
        if not sb.get("ok") or sa != sb["result"]["state"]:
            return "state@%d" % step
        if ra["result"]["terminal"]:
            break
    oa = clean.req("outcome")
    ob = buggy.req("outcome")
    if oa.get("result") != ob.get("result"):
        return "outcome"
    return None


def bug_ids():
    txt = open(os.path.join(HERE, "bugs.toml")).read()
    return re.findall(r'^id\s*=\s*"([^"]+)"', txt, re.M)


def main():
    args = sys.argv[1:]
    games = 10
    players = [1, 2, 3, 4]
    bugs = []
    i = 0
    while i < len(args):
        if args[i] == "--games":
            games = int(args[i + 1])
            i += 2
        elif args[i] == "--players":
            players = [int(x) for x in args[i + 1].split(",")]
            i += 2
        else:
            bugs.append(args[i])
            i += 1
    bugs = bugs or bug_ids()
    clean = Engine("")
    for bug in bugs:
        buggy = Engine(bug)
        changed = 0
        total = 0
        first = None
        per = []
        for n in players:
            c = 0
            for g in range(games):
                seed = 1000 * n + g
                r = play(clean, buggy, n, seed)
                total += 1
                if r is not None:
                    changed += 1
                    c += 1
                    if first is None:
                        first = "%dp seed %d: %s" % (n, seed, r)
            per.append("%dp %d/%d" % (n, c, games))
        buggy.close()
        print("%-28s changed %3d/%3d games  (%s)  first: %s" % (bug, changed, total, ", ".join(per), first))
        sys.stdout.flush()
    clean.close()


if __name__ == "__main__":
    main()
