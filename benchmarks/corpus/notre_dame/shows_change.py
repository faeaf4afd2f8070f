#!/usr/bin/env python3
"""Check that each planted bug changes behaviour in ordinary random games.

Plays seeded random games in lockstep: the clean engine (CORPUS_BUG="") picks the action
(uniformly among its legal actions, chance outcomes uniformly too), both the clean and the
buggy engine apply it, and the canonical states and legal-action sets are compared after
every step.  Reports, per bug, in how many of the games the behaviour differed and the
first step where it did.  Independent of rulespec.

    python3 shows_change.py [--games N] [bug-id ...]
"""
import copy
import json
import os
import random
import sys
import tomllib

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import engine  # noqa: E402


def canon(x):
    return json.dumps(x, sort_keys=True)


def legal_set(st):
    la = engine.legal_actions(st)
    return sorted(canon(a) for a in la["actions"])


def run(bug, seed, n_players):
    rng = random.Random(seed)
    engine.BUG = ""
    clean = engine.normalise(engine.new_state(n_players, dict(engine.OPTIONS), {}))
    buggy = copy.deepcopy(clean)
    step = 0
    while clean["phase"] != "over":
        engine.BUG = ""
        acts = engine.legal_actions(clean)["actions"]
        ls_clean = sorted(canon(a) for a in acts)
        engine.BUG = bug
        try:
            ls_bug = legal_set(buggy)
        except Exception as e:  # noqa
            return step, "legal_actions crashed: %r" % e
        if ls_clean != ls_bug:
            return step, "legal actions differ"
        a = rng.choice(acts)
        engine.BUG = ""
        engine.apply_action(clean, a)
        engine.normalise(clean)
        engine.BUG = bug
        try:
            engine.apply_action(buggy, copy.deepcopy(a))
            engine.normalise(buggy)
        except engine.Illegal as e:
            return step, "buggy engine rejects %s (%s)" % (canon(a), e.rule)
        except Exception as e:  # noqa
            return step, "buggy engine crashed: %r" % e
        step += 1
        if canon(clean) != canon(buggy):
            return step, "state differs after %s" % canon(a)
    engine.BUG = ""
    oc = engine.outcome(clean)
    engine.BUG = bug
    ob = engine.outcome(buggy)
    engine.BUG = ""
    if oc != ob:
        return step, "outcome differs"
    return None, None


def main():
    args = sys.argv[1:]
    games = 20
    if args[:1] == ["--games"]:
        games = int(args[1])
        args = args[2:]
    here = os.path.dirname(os.path.abspath(__file__))
    with open(os.path.join(here, "bugs.toml"), "rb") as f:
        bugs = [b["id"] for b in tomllib.load(f)["bug"]]
    if args:
        bugs = args
    for bug in bugs:
        hits = 0
        first = []
        for g in range(games):
            n = 2 + g % 4
            step, why = run(bug, 1000 + g, n)
            if step is not None:
                hits += 1
                if len(first) < 2:
                    first.append("%dp seed %d step %d: %s" % (n, 1000 + g, step, why))
        print("%-28s differs in %2d/%d games; %s" % (bug, hits, games, " | ".join(first)[:300]))


if __name__ == "__main__":
    main()
