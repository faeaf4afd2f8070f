#!/usr/bin/env python3
"""Play random games with the clean engine and a buggy one (CORPUS_BUG) from the same
seeds, in lockstep, and report the first step where the state or the legal actions differ.
Usage: python3 shows_change.py BUG_ID [games] [first_seed]"""
import json, os, random, subprocess, sys
from fractions import Fraction

HERE = os.path.dirname(os.path.abspath(__file__))


class Eng:
    def __init__(self, bug):
        env = dict(os.environ, CORPUS_BUG=bug)
        self.p = subprocess.Popen([sys.executable, os.path.join(HERE, "engine.py")], env=env,
                                  stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
        self.n = 0

    def req(self, cmd, **kw):
        self.n += 1
        kw.update(id=self.n, cmd=cmd)
        self.p.stdin.write(json.dumps(kw) + "\n")
        self.p.stdin.flush()
        return json.loads(self.p.stdout.readline())

    def close(self):
        self.req("stop")
        self.p.wait()


def play(clean, buggy, seed, options):
    rng = random.Random(seed)
    a = clean.req("new_game", game="villagers", num_players=1, options=options)["result"]["state"]
    b = buggy.req("new_game", game="villagers", num_players=1, options=options)["result"]["state"]
    if a != b:
        return 0, "initial state"
    for step in range(1, 3000):
        la = clean.req("legal_actions")["result"]
        lb = buggy.req("legal_actions")
        if not lb["ok"]:
            return step, "buggy legal_actions error"
        lb = lb["result"]
        key = lambda acts: sorted(json.dumps(x, sort_keys=True) for x in acts)
        if key(la["actions"]) != key(lb["actions"]) or la.get("chance") and sorted(
                json.dumps(x, sort_keys=True) for x in la["chance"]) != sorted(
                json.dumps(x, sort_keys=True) for x in lb.get("chance", [])):
            return step, "legal actions differ"
        if not la["actions"]:
            oa = clean.req("outcome")["result"]
            ob = buggy.req("outcome")["result"]
            return (step, "outcome differs") if oa != ob else (None, "same game")
        if la.get("chance"):
            ws = [Fraction(c["probability"]) for c in la["chance"]]
            act = rng.choices([c["action"] for c in la["chance"]], weights=[float(w) for w in ws])[0]
        else:
            act = rng.choice(la["actions"])
        clean.req("apply", action=act)
        rb = buggy.req("apply", action=act)
        if not rb["ok"]:
            return step, "buggy engine refused %s" % json.dumps(act)
        sa = clean.req("state")["result"]["state"]
        sb = buggy.req("state")["result"]["state"]
        if sa != sb:
            diff = [k for k in sa if sa[k] != sb.get(k)]
            return step, "state differs in %s after %s" % (diff, json.dumps(act))
    return None, "too long"


def main():
    bug = sys.argv[1]
    games = int(sys.argv[2]) if len(sys.argv) > 2 else 10
    first = int(sys.argv[3]) if len(sys.argv) > 3 else 1
    clean, buggy = Eng(""), Eng(bug)
    changed = 0
    for seed in range(first, first + games):
        step, why = play(clean, buggy, seed, {})
        if step is not None:
            changed += 1
        print("seed %d: %s" % (seed, why if step is None else "diverges at step %d: %s" % (step, why)))
    clean.close(); buggy.close()
    print("%s: %d/%d games changed" % (bug, changed, games))


if __name__ == "__main__":
    main()
