#!/usr/bin/env python3
"""Independent Gnomeville engine for the rulespec JSON-lines protocol (stdlib only)."""
import copy
import json
import os
import sys
from fractions import Fraction

BUG = os.environ.get("CORPUS_BUG", "")

HERE = os.path.dirname(os.path.abspath(__file__))
C = json.load(open(os.path.join(HERE, "components.json")))
BLD = C["buildings"]
if BUG == "factories-read-as-armories":
    BLD["workshop"]["count"], BLD["armory"]["count"] = BLD["armory"]["count"], BLD["workshop"]["count"]
KINDS = sorted(BLD)
TIER = {k: v["tier"] for k, v in BLD.items()}
BOARDS = C["town-boards"]
EVENTS = {e["id"]: e for e in C["event-cards"]}
DELIV = {d["id"]: d for d in C["delivery-cards"]}
GOALS = {g["id"]: g for g in C["goal-cards"]}
ABIL = C["ability-cards"]
TROLLS = {t["id"]: t for t in C["troll-cards"]}
RANKS = C["solo-ranks"]
BONUS = C["stack-scoring"]["bonus"]
DIRS = {"N": (-1, 0), "E": (0, 1), "S": (1, 0), "W": (0, -1)}
DIR_ORDER = ["E", "N", "S", "W"]
PROSP = {"house", "tavern", "academy"}
DEFN = {"workshop", "armory", "ballista"}

DEFAULT_OPTIONS = {
    "boards": [],
    "turn_by_turn_rounds": [],
    "master_build": False,
    "two_player_tie_includes_second": False,
    "hammer_gnome_shields_building": False,
    "sword_gnome_shields_building": False,
    "boulder_supply_limited": True,
}


class RuleError(Exception):
    def __init__(self, rule, msg=""):
        super().__init__(msg)
        self.rule = rule
        self.msg = msg or rule


class Malformed(Exception):
    pass


class Unsupported(Exception):
    pass


def ceil_div(a, b):
    return -(-a // b)


def can_afford(tier, mushrooms):
    return tier < mushrooms if BUG == "cost-strict" else tier <= mushrooms


def stack_points(h):
    return h + (h // 3 if BUG == "stack-bonus-per-three" else max(0, h - 4))


ACTION_FIELDS = {
    "draw": {"actor", "type"}, "pass": {"actor", "type"}, "second_chance": {"actor", "type"},
    "place": {"actor", "type", "space"}, "stop": {"actor", "type"}, "upgrade": {"actor", "type", "space", "kind"},
    "step": {"actor", "type", "gnome", "dir"}, "buy": {"actor", "type", "kind"}, "decline": {"actor", "type"},
    "use": {"actor", "type"}, "done": {"actor", "type"}, "deploy": {"actor", "type", "space"},
    "destroy": {"actor", "type", "space"}, "keep": {"actor", "type", "card"},
    "place_gnome": {"actor", "type", "space"}, "spawn": {"actor", "type", "what", "space"},
    "delivery": {"actor", "type", "icon", "take", "space"},
}
REQUIRED = {"upgrade": {"space", "kind"}, "step": {"gnome", "dir"}, "buy": {"kind"}, "deploy": {"space"},
            "destroy": {"space"}, "keep": {"card"}, "place_gnome": {"space"}, "spawn": {"what", "space"},
            "delivery": {"icon", "take"}}


def check_action_shape(a):
    t = a.get("type")
    if a.get("actor") == "chance":
        return
    if t not in ACTION_FIELDS:
        raise Malformed("action.type: unknown type %r" % (t,))
    extra = set(a) - ACTION_FIELDS[t]
    if extra:
        raise Malformed("action.%s: field not allowed for %s" % (sorted(extra)[0], t))
    for f in REQUIRED.get(t, ()):
        if f not in a:
            raise Malformed("action.%s: missing" % f)
    if "space" in a:
        sp = a["space"]
        if not isinstance(sp, list) or len(sp) != 2 or not all(isinstance(x, int) and not isinstance(x, bool) and x >= 0 for x in sp):
            raise Malformed("action.space: a pair of whole numbers")
    if "kind" in a:
        if t == "upgrade" and a["kind"] is None:
            pass
        elif a["kind"] not in TIER:
            raise Malformed("action.kind: no such building")
    if "gnome" in a and (not isinstance(a["gnome"], int) or isinstance(a["gnome"], bool)):
        raise Malformed("action.gnome")
    if "dir" in a and a["dir"] not in DIRS:
        raise Malformed("action.dir")
    if "what" in a and a["what"] not in ("boulder", "troll"):
        raise Malformed("action.what")
    if "take" in a and not isinstance(a["take"], bool):
        raise Malformed("action.take")


class Game:
    def __init__(self, s):
        self.s = s
        self.fired = []

    # ------------------------------------------------------------------ helpers
    @property
    def n(self):
        return self.s["num_players"]

    def P(self, i):
        return self.s["players"][i]

    def opt(self, k):
        return self.s["options"].get(k, DEFAULT_OPTIONS.get(k))

    def cap(self):
        return self.s["options"].get("params", {}).get("GV-TROLL-CAP", {}).get("cap", 4 if BUG == "troll-cap-4" else 3)

    def board(self, i):
        return BOARDS[self.P(i)["board"]]

    def fire(self, r):
        self.fired.append(r)

    def inb(self, r, c):
        return 0 <= r < 5 and 0 <= c < 5

    def hedge(self, i, a, b):
        for h in self.board(i)["hedges"]:
            if (list(a) == h[0] and list(b) == h[1]) or (list(a) == h[1] and list(b) == h[0]):
                return True
        return False

    def gnome_at(self, i, sp):
        for gi, g in enumerate(self.P(i)["gnomes"]):
            if g["space"] is not None and list(g["space"]) == list(sp):
                return gi
        return None

    def deployed(self, i):
        return [gi for gi, g in enumerate(self.P(i)["gnomes"]) if g["space"] is not None]

    def monuments(self, i):
        return sum(1 for row in self.P(i)["cells"] for x in row if x == "monument")

    def count_cells(self, i, what):
        return sum(1 for row in self.P(i)["cells"] for x in row if x == what)

    def buildings(self, i):
        return sum(1 for row in self.P(i)["cells"] for x in row if x in TIER)

    def boulders_in_towns(self):
        return sum(self.count_cells(i, "boulder") for i in range(self.n))

    def bag_total(self, i):
        return sum(self.P(i)["bag"].values())

    # ------------------------------------------------------------------ setup
    @staticmethod
    def new(num_players, options):
        opts = dict(DEFAULT_OPTIONS)
        opts.update(options)
        opts["turn_by_turn_rounds"] = sorted(set(opts["turn_by_turn_rounds"]))
        if opts.get("params") == {}:
            opts.pop("params")
        boards = opts["boards"] or ["symmetric"] * num_players
        if len(boards) != num_players:
            raise Malformed("options.boards: one board per player")
        supply = {k: BLD[k]["count"] for k in KINDS}
        sb = C["starting-bag"]
        players = []
        btotal = 0
        for i in range(num_players):
            bag = {k: 0 for k in KINDS}
            bag["gnome"] = sb["gnome"]
            for k in (("market", "house") if BUG == "starting-bag-no-workshops" else ("market", "house", "workshop")):
                bag[k] = sb[k]
                supply[k] -= 0 if BUG == "supply-excludes-starting-bags" else sb[k]
            cells = [[None] * 5 for _ in range(5)]
            for r, c in BOARDS[boards[i]]["boulders"]:
                cells[r][c] = "boulder"
                btotal += 1
            players.append({
                "board": boards[i], "cells": cells,
                "gnomes": [{"space": [3, 3] if BUG == "centre-counted-from-one" else [2, 2], "hammer": False, "sword": False, "graduated": False, "ability": None}]
                + [{"space": None, "hammer": False, "sword": False, "graduated": False, "ability": None} for _ in range(2)],
                "stumps": 0, "bag": bag, "stacks": [], "open_stack": None,
                "mushrooms": 3 if BUG == "start-three-mushrooms" else 2, "score": 0, "stew": BUG != "stew-starts-empty", "status": "building", "stuck": False,
                "hand": None, "moves": 0, "transit": None, "activation": None, "drawn_abilities": [],
                "attack": None, "delivery": [], "buys_left": 0, "trigger": None, "tbt_done": False,
                "full_town": False,
            })
        solo = num_players == 1
        goals = []
        if num_players == 2:
            goals = [{"players": [0, 1], "cards": [], "size": 1 if BUG == "two-player-one-goal" else 3}]
        elif num_players >= 3:
            for i in range(num_players):
                goals.append({"players": sorted([i, (i + 1) % num_players]), "cards": [], "size": 1})
        s = {
            "game": "gnomeville", "num_players": num_players, "options": opts,
            "to_act": [], "terminal": False, "round": 1,
            "phase": "prepare" if solo else "setup",
            "chance": {"type": "troll_card"} if solo else {"type": "goal"},
            "supply": supply, "boulder_supply": 44 - btotal,
            "troll_deck": sorted(TROLLS), "troll_card": None, "surprise_card": None, "troll_discard": [],
            "ability_deck": list(ABIL), "ability_bottom": [],
            "delivery_deck": [] if solo and BUG != "solo-special-delivery" else sorted(DELIV), "delivery_card": None, "delivery_discard": [],
            "event_deck": sorted(e for e, v in EVENTS.items() if v["deck"] == ("solo" if solo else "multi")),
            "events": [None, None, None],
            "goal_deck": [] if solo else sorted(GOALS), "goals": goals,
            "attack_queue": [], "delivery_queue": [], "players": players,
        }
        g = Game(s)
        g.refresh_to_act()
        return g

    # ------------------------------------------------------------------ pending decisions
    def needs_place_gnome(self, i):
        p = self.P(i)
        if self.deployed(i):
            return False
        return bool(self.place_gnome_spaces(i))

    def place_gnome_spaces(self, i):
        p = self.P(i)
        return [[r, c] for r in range(5) for c in range(5) if (p["cells"][r][c] is None if BUG == "redeploy-empty-only" else p["cells"][r][c] not in ("troll", "boulder"))]

    def groups(self, i):
        """Upgrade groups: lists of spaces (sorted) of 3+ connected matching unoccupied tiles."""
        p = self.P(i)
        seen = set()
        out = []
        occ = (lambda sp: False) if BUG == "upgrade-ignores-occupied" else (lambda sp: self.gnome_at(i, list(sp)) is not None)
        for r in range(5):
            for c in range(5):
                k = p["cells"][r][c]
                if k not in TIER or k == "monument" or (r, c) in seen or occ((r, c)):
                    continue
                comp = []
                stack = [(r, c)]
                seen.add((r, c))
                while stack:
                    a = stack.pop()
                    comp.append(a)
                    for d in ([(x, y) for x in (-1, 0, 1) for y in (-1, 0, 1) if x or y] if BUG == "upgrade-diagonal" else DIRS.values()):
                        b = (a[0] + d[0], a[1] + d[1])
                        if not self.inb(*b) or b in seen:
                            continue
                        if (TIER.get(p["cells"][b[0]][b[1]]) != TIER[k] if BUG == "upgrade-tier-only" else p["cells"][b[0]][b[1]] != k) or occ(b):
                            continue
                        if self.hedge(i, a, b):
                            continue
                        seen.add(b)
                        stack.append(b)
                if len(comp) >= 3:
                    out.append(sorted(comp))
        return out

    def upgrade_options(self, i):
        p = self.P(i)
        gs = self.groups(i)
        if not gs:
            return []
        if p["open_stack"] is not None and p["trigger"] is not None:
            t = tuple(p["trigger"])
            sel = [g for g in gs if t in g]
            if sel:
                gs = sel
        acts = []
        for grp in gs:
            k = self.P(i)["cells"][grp[0][0]][grp[0][1]]
            kinds = self.next_kinds(k)
            spaces = grp
            if self.opt("master_build") and p["trigger"] is not None and tuple(p["trigger"]) in grp:
                spaces = [tuple(p["trigger"])]
            for sp in spaces:
                for nk in kinds:
                    if nk is not None and not self.height_ok(i, sp, nk):
                        continue
                    acts.append({"actor": i, "type": "upgrade", "space": list(sp), "kind": nk})
        return acts

    def next_kinds(self, k):
        res = []
        for nxt in (sorted(x for x in KINDS if TIER[x] == TIER[k] + 1) if BUG == "line-chosen-every-tier" else BLD[k]["next"]):
            if self.s["supply"][nxt] > 0:
                res.append(nxt)
            else:
                two = BLD[nxt]["next"]
                got = [x for x in two if self.s["supply"][x] > 0]
                res.extend(got)
        res = sorted(set(res))
        if not res:
            return [None]
        return res

    def height_ok(self, i, sp, kind):
        h = self.board(i)["height"].get("%d,%d" % (sp[0], sp[1]))
        return h is None or (TIER[kind] > h if BUG == "tower-height-strict" else TIER[kind] >= h)

    def activation_choices(self, i):
        p = self.P(i)
        a = p["activation"]
        k = a["kind"]
        acts = []
        if k == "market":
            for kk in KINDS:
                if self.s["supply"][kk] > 0 and can_afford(TIER[kk], p["mushrooms"]):
                    acts.append({"actor": i, "type": "buy", "kind": kk})
        elif k == "house":
            for sp in self.house_spaces(i, a["space"]):
                acts.append({"actor": i, "type": "deploy", "space": sp})
        elif k == "ballista":
            for sp in self.ballista_targets(i, a["space"]):
                acts.append({"actor": i, "type": "destroy", "space": sp})
        elif k == "academy" and a.get("to_draw"):
            return [{"actor": i, "type": "keep", "card": c} for c in p["drawn_abilities"]]
        else:
            acts.append({"actor": i, "type": "use"})
        if acts and not (BUG == "market-buy-compulsory" and k == "market"):
            acts.append({"actor": i, "type": "decline"})
        return acts

    def around(self, sp):
        r, c = sp
        return [[r + dr, c + dc] for dr in (-1, 0, 1) for dc in (-1, 0, 1)
                if (dr or dc) and (dr == 0 or dc == 0 or BUG != "adjacent-orthogonal-only") and self.inb(r + dr, c + dc)]

    def house_spaces(self, i, sp):
        p = self.P(i)
        if all(g["space"] is not None for g in p["gnomes"]):
            return []
        return [q for q in self.around(sp)
                if p["cells"][q[0]][q[1]] not in ("troll", "boulder") and (BUG == "house-onto-gnome" or self.gnome_at(i, q) is None)]

    def ballista_targets(self, i, sp):
        p = self.P(i)
        out = []
        for q in self.around(sp):
            if p["cells"][q[0]][q[1]] not in ("troll", "boulder"):
                continue
            if (q[0] == sp[0] or q[1] == sp[1]) and self.hedge(i, sp, q):
                continue
            out.append(q)
        return out

    def activation_useful(self, i, kind, gi):
        p = self.P(i)
        g = p["gnomes"][gi]
        if kind == "market":
            return any(self.s["supply"][kk] > 0 and can_afford(TIER[kk], p["mushrooms"]) for kk in KINDS)
        if kind == "house":
            return False  # decided with the space below
        if kind == "tavern":
            return not p["stew"]
        if kind == "workshop":
            return not g["hammer"]
        if kind == "armory":
            return not g["sword"]
        if kind == "academy":
            return not g["graduated"]
        return False

    # ------------------------------------------------------------------ to_act / legal
    def player_busy(self, i):
        p = self.P(i)
        return (p["hand"] is not None or p["moves"] > 0 or p["transit"] is not None
                or p["activation"] is not None or p["drawn_abilities"]
                or bool(self.groups(i)) and self.s["phase"] == "build"
                or (self.s["phase"] == "build" and self.needs_place_gnome(i)))

    def tbt(self):
        return self.s["round"] in self.opt("turn_by_turn_rounds")

    def compute_to_act(self):
        s = self.s
        if s["terminal"]:
            return []
        if s["phase"] == "prepare":  # the river took a player's last gnome: redeploy at once
            for i in range(self.n):
                if self.needs_place_gnome(i):
                    return [i]
        if s["chance"] is not None:
            return ["chance"]
        ph = s["phase"]
        if ph == "build":
            for i in range(self.n):
                if self.player_busy(i):
                    return [i]
            building = [i for i in range(self.n) if self.P(i)["status"] == "building"]
            if self.tbt():
                return [i for i in building if not self.P(i)["tbt_done"]]
            if not building:
                return []
            if BUG == "build-in-seat-order":
                return building[:1]
            return [i for i in range(self.n) if self.P(i)["status"] == "building"
                    or (self.P(i)["status"] == "passed" and self.bag_total(i) > 0 and BUG != "no-rejoin-after-pass")]
        if ph == "attack":
            for i in range(self.n):
                if self.needs_place_gnome(i):
                    return [i]
            if s["attack_queue"]:
                return [s["attack_queue"][0][0]]
            return []
        if ph == "delivery":
            if s["delivery_queue"]:
                return [s["delivery_queue"][0]]
            return []
        if ph == "buy":
            return [i for i in range(self.n) if self.P(i)["buys_left"] > 0][:1 if BUG == "buy-phase-in-seat-order" else None]
        return []

    def refresh_to_act(self):
        self.s["to_act"] = self.compute_to_act()

    def legal(self):
        s = self.s
        ta = self.compute_to_act()
        acts = []
        if ta == ["chance"]:
            ch = self.chance_outcomes()
            return ta, [a for a, _ in ch], ch
        for i in ta:
            acts.extend(self.legal_for(i))
        return ta, acts, None

    def legal_for(self, i):
        s = self.s
        p = self.P(i)
        ph = s["phase"]
        if ph in ("build", "attack", "prepare") and self.needs_place_gnome(i):
            return [{"actor": i, "type": "place_gnome", "space": sp} for sp in self.place_gnome_spaces(i)]
        if ph == "build":
            if p["activation"] is not None:
                return self.activation_choices(i)
            if p["drawn_abilities"]:
                return [{"actor": i, "type": "keep", "card": c} for c in p["drawn_abilities"]]
            up = self.upgrade_options(i)
            if up:
                return up
            if p["transit"] is not None:
                return self.step_actions(i, [p["transit"]])
            if p["moves"] > 0:
                steps = self.step_actions(i, self.deployed(i))
                return steps if steps and BUG == "movement-compulsory" else steps + [{"actor": i, "type": "stop"}]
            if p["hand"] is not None:
                acts = []
                if p["stew"] and not (BUG == "gnome-tile-no-second-chance" and p["hand"] == "gnome"):
                    acts.append({"actor": i, "type": "second_chance"})
                if p["hand"] == "gnome":
                    acts.append({"actor": i, "type": "place"})
                else:
                    sps = self.place_spaces(i, p["hand"])
                    acts.extend({"actor": i, "type": "place", "space": sp} for sp in sps)
                    if not sps or BUG == "pass-with-tile-in-hand":
                        acts.append({"actor": i, "type": "pass"})
                return acts
            acts = []
            if self.bag_total(i) > 0:
                acts.append({"actor": i, "type": "draw"})
            if p["status"] == "building":
                acts.append({"actor": i, "type": "pass"})
            return acts
        if ph == "attack":
            a = p["attack"]
            if a is None:
                return []
            if self.boulder_choice(a) and not self.boulders_wait(a):
                return [{"actor": i, "type": "spawn", "what": "boulder", "space": sp} for sp in a["boulders"]]
            if a["trolls"]:
                return [{"actor": i, "type": "spawn", "what": "troll", "space": sp} for sp in a["trolls"]]
            return []
        if ph == "delivery":
            if not p["delivery"]:
                return []
            icon = p["delivery"][0]
            acts = []
            if icon in ("remove_boulder", "remove_troll"):
                what = "boulder" if icon == "remove_boulder" else "troll"
                for r in range(5):
                    for c in range(5):
                        if p["cells"][r][c] == what or (BUG == "remove-icon-either-kind" and p["cells"][r][c] in ("troll", "boulder")):
                            acts.append({"actor": i, "type": "delivery", "icon": icon, "take": True, "space": [r, c]})
            elif self.delivery_possible(i, icon):
                acts.append({"actor": i, "type": "delivery", "icon": icon, "take": True})
            acts.append({"actor": i, "type": "delivery", "icon": icon, "take": False})
            return acts
        if ph == "buy":
            acts = [{"actor": i, "type": "buy", "kind": k} for k in KINDS
                    if s["supply"][k] > 0 and can_afford(self.buy_price(k), p["mushrooms"])]
            acts.append({"actor": i, "type": "done"})
            return acts
        return []

    def event_slot(self):
        """GV-EVENT-REVEAL: the event space under the round tracker (rounds 3, 4, 5 -> spaces 0, 1, 2), else None."""
        k = self.s["round"] - (2 if BUG == "events-revealed-a-round-early" else 3)
        return k if 0 <= k < 3 else None

    def boulders_wait(self, a):
        return BUG == "trolls-appear-before-boulders" and bool(a["trolls"])

    def boulder_choice(self, a):
        """GV-FAQ-BOULDER-ORDER: with two or more boulders left the player picks the next one."""
        return BUG != "boulders-in-card-order" and len(a["boulders"]) >= 2

    def delivery_possible(self, i, icon):
        p = self.P(i)
        if icon == "points":
            return True
        if icon in ("market", "workshop"):
            return self.s["supply"][icon] > 0
        if icon == "refill_stew":
            return not p["stew"]
        return False

    def place_spaces(self, i, kind):
        p = self.P(i)
        out = []
        for r in range(5):
            for c in range(5):
                if (p["cells"][r][c] in (None, "troll", "boulder") if BUG == "tokens-count-as-empty" else p["cells"][r][c] is None) and (BUG == "build-under-gnome" or self.gnome_at(i, [r, c]) is None) and self.height_ok(i, (r, c), kind):
                    out.append([r, c])
        return out

    def step_actions(self, i, gnomes):
        p = self.P(i)
        acts = []
        for gi in (gnomes[:1] if BUG == "movement-to-one-gnome" else gnomes):
            for d in DIR_ORDER:
                if self.step_ok(i, gi, d, p["moves"]):
                    acts.append({"actor": i, "type": "step", "gnome": gi, "dir": d})
        return acts

    def step_ok(self, i, gi, d, moves, depth=0):
        p = self.P(i)
        g = p["gnomes"][gi]
        if g["space"] is None or moves < 1:
            return False
        r, c = g["space"]
        dr, dc = DIRS[d]
        t = (r + dr, c + dc)
        if not self.inb(*t) or self.hedge(i, (r, c), t):
            return False
        cell = p["cells"][t[0]][t[1]]
        if cell == "troll" and not g["sword"] and BUG != "troll-space-open-to-all":
            return False
        if cell == "boulder" and not g["hammer"]:
            return False
        other = self.gnome_at_except(i, list(t), gi)
        if other is not None:
            # must be able to end on an unoccupied space with the moves left
            return BUG != "no-moving-through-gnomes" and self.can_exit(i, gi, t, moves - 1, {(r, c)})
        return True

    def can_exit(self, i, gi, pos, moves, visited):
        if moves < 1:
            return False
        p = self.P(i)
        g = p["gnomes"][gi]
        for d in DIR_ORDER:
            dr, dc = DIRS[d]
            t = (pos[0] + dr, pos[1] + dc)
            if not self.inb(*t) or self.hedge(i, pos, t):
                continue
            cell = p["cells"][t[0]][t[1]]
            if cell == "troll" and not g["sword"]:
                continue
            if cell == "boulder" and not g["hammer"]:
                continue
            other = self.gnome_at_except(i, list(t), gi)
            if other is None:
                return True
            if self.can_exit(i, gi, t, moves - 1, visited | {pos}):
                return True
        return False

    # ------------------------------------------------------------------ chance
    def chance_outcomes(self):
        s = self.s
        ch = s["chance"]
        t = ch["type"]
        out = []
        if t == "goal":
            n = len(s["goal_deck"])
            for c in s["goal_deck"]:
                out.append(({"actor": "chance", "type": "goal", "card": c}, Fraction(1, n)))
        elif t == "troll_card":
            n = len(s["troll_deck"])
            for c in s["troll_deck"]:
                tc = TROLLS[c]
                out.append(({"actor": "chance", "type": "troll_card", "card": c, "matrix": tc["matrix"],
                             "moves": [list(m) for m in tc["moves"]]}, Fraction(1, n)))
        elif t == "draw":
            i = ch["player"]
            bag = self.P(i)["bag"]
            tot = sum(bag.values())
            for k in sorted(bag):
                if bag[k] > 0:
                    a = {"actor": "chance", "type": "draw", "player": i, "tile": k}
                    if k != "gnome":
                        a["tier"] = TIER[k]
                    out.append((a, Fraction(1, sum(1 for v in bag.values() if v > 0)) if BUG == "draw-uniform-by-kind" else Fraction(bag[k], tot)))
        elif t == "ability":
            i = ch["player"]
            n = len(s["ability_deck"])
            for c in sorted(s["ability_deck"]):
                out.append(({"actor": "chance", "type": "ability", "player": i, "card": c}, Fraction(1, n)))
        elif t == "event":
            n = len(s["event_deck"])
            for c in s["event_deck"]:
                out.append(({"actor": "chance", "type": "event", "card": c}, Fraction(1, n)))
        elif t == "delivery_card":
            n = len(s["delivery_deck"])
            for c in s["delivery_deck"]:
                out.append(({"actor": "chance", "type": "delivery_card", "card": c}, Fraction(1, n)))
        return out

    def apply_chance(self, a):
        s = self.s
        ch = s["chance"]
        t = a.get("type")
        if t != ch["type"]:
            raise RuleError("GV-CHANCE", "not the pending chance")
        if t == "troll_card":
            if a.get("card") not in s["troll_deck"]:
                raise RuleError("GV-CHANCE", "card not in the troll deck")
            if set(a) - {"actor", "type", "card", "matrix", "moves"} or "matrix" not in a or "moves" not in a:
                raise Malformed("troll_card action fields")
            mx, mv = a["matrix"], a["moves"]
            if not isinstance(mx, list) or len(mx) != 5 or any(not isinstance(r, str) or len(r) != 5 or set(r) - set(".BT") for r in mx):
                raise Malformed("action.matrix")
            if not isinstance(mv, list) or any(not isinstance(m, list) or len(m) != 2 or m[0] not in DIRS
                                               or m[1] not in ("step", "far") for m in mv):
                raise Malformed("action.moves")
        else:
            ok = [x for x, _ in self.chance_outcomes()]
            if a not in ok:
                raise RuleError("GV-CHANCE", "outcome not listed")
        s["chance"] = None
        if t == "goal":
            s["goal_deck"].remove(a["card"])
            for gp in s["goals"]:
                if len(gp["cards"]) < gp["size"]:
                    gp["cards"] = sorted(gp["cards"] + [a["card"]])
                    break
            if any(len(gp["cards"]) < gp["size"] for gp in s["goals"]):
                s["chance"] = {"type": "goal"}
            else:
                s["phase"] = "prepare"
                s["chance"] = {"type": "troll_card"}
        elif t == "troll_card":
            s["troll_deck"].remove(a["card"])
            card = {"id": a["card"], "matrix": list(a["matrix"]), "moves": [list(m) for m in a["moves"]]}
            if s["phase"] == "prepare":
                self.fire("GV-PREPARE-REVEAL")
                s["troll_card"] = card
                for i, r, c in ([(i, r, c) for i in range(self.n) for r, row in enumerate(card["matrix"][:5]) for c, ch in enumerate(row[:5]) if ch == "B"] if BUG == "boulders-fall-at-reveal" else []):
                    self.spawn_boulder(i, [r, c])
                self.start_build()
            else:
                s["surprise_card"] = card
                self.fire("GV-ATTACK-SURPRISE")
                self.run_attack()
        elif t == "draw":
            i = a["player"]
            p = self.P(i)
            p["bag"][a["tile"]] -= 1
            p["hand"] = a["tile"]
            self.after_build_action(i)
        elif t == "ability":
            i = a["player"]
            p = self.P(i)
            c = a["card"]
            if c in s["ability_deck"]:
                s["ability_deck"].remove(c)
            else:
                s["ability_bottom"].remove(c)
            p["drawn_abilities"] = sorted(p["drawn_abilities"] + [c])
            self.next_ability(i)
            self.after_build_action(i)
        elif t == "event":
            if BUG != "event-card-stays-in-deck":
                s["event_deck"].remove(a["card"])
            s["events"][self.event_slot()] = a["card"]
            self.fire("GV-EVENT-REVEAL")
            self.refresh_phase()
        elif t == "delivery_card":
            s["delivery_deck"].remove(a["card"])
            s["delivery_card"] = a["card"]
            self.start_delivery()

    # ------------------------------------------------------------------ build
    def start_build(self):
        s = self.s
        s["phase"] = "build"
        for i in range(self.n):
            p = self.P(i)
            p["status"] = "building"
            p["stuck"] = False
            p["tbt_done"] = False
        self.check_build_end()

    def keep(self, i, card):
        p = self.P(i)
        act = p["activation"]
        others = [c for c in p["drawn_abilities"] if c != card]
        p["gnomes"][act["gnome"]]["ability"] = card
        self.s["ability_bottom"].extend(others)
        p["drawn_abilities"] = []
        p["activation"] = None
        self.fire("GV-ABILITY-GRADUATE")

    def after_build_action(self, i):
        """Called after a player's action in the build phase."""
        s = self.s
        p = self.P(i)
        if p["moves"] == 0 and p["transit"] is None and p["activation"] is None and p["hand"] is None \
                and s["chance"] is None and not p["drawn_abilities"] and not self.groups(i):
            if p["stuck"]:
                p["status"] = "stuck"
            if p["open_stack"] is not None:
                p["stacks"] = sorted(p["stacks"] + [sorted(p["open_stack"])])
                p["open_stack"] = None
            p["trigger"] = None
        self.check_build_end()

    def check_build_end(self):
        s = self.s
        if s["phase"] != "build" or s["chance"] is not None:
            return
        for i in range(self.n):
            if self.player_busy(i):
                return
        if self.tbt():
            building = [i for i in range(self.n) if self.P(i)["status"] == "building"]
            if building and all(self.P(i)["tbt_done"] for i in building):
                for i in building:
                    self.P(i)["tbt_done"] = False
        if any(self.P(i)["status"] == "building" for i in range(self.n)):
            return
        self.start_attack()

    def do_step(self, i, gi, d):
        p = self.P(i)
        g = p["gnomes"][gi]
        r, c = g["space"]
        dr, dc = DIRS[d]
        t = [r + dr, c + dc]
        p["moves"] -= 1
        g["space"] = t
        other = self.gnome_at_except(i, t, gi)
        if other is not None:
            p["transit"] = gi
            self.fire("GV-MOVE-PASS-THROUGH")
            return
        p["transit"] = None
        cell = p["cells"][t[0]][t[1]]
        self.fire("GV-MOVE-RESOLVE")
        if cell is None:
            p["mushrooms"] += 1
            self.fire("GV-MOVE-EMPTY")
        elif cell == "troll":
            p["cells"][t[0]][t[1]] = None
            p["mushrooms"] += 1
            self.fire("GV-MOVE-TROLL")
        elif cell == "boulder":
            p["cells"][t[0]][t[1]] = None
            self.fix_boulder_supply()
            p["mushrooms"] += 0 if BUG == "boulder-no-mushroom" else 1
            self.fire("GV-MOVE-BOULDER")
        else:
            self.activate(i, gi, cell, t)

    def gnome_at_except(self, i, sp, gi):
        if BUG == "gnomes-share-spaces":
            return None
        for gj, g in enumerate(self.P(i)["gnomes"]):
            if gj != gi and g["space"] is not None and list(g["space"]) == list(sp):
                return gj
        return None

    def activate(self, i, gi, kind, sp):
        p = self.P(i)
        if kind == "monument":
            return
        self.fire("GV-MOVE-ACTIVATE")
        if kind == "house":
            if self.house_spaces(i, sp):
                p["activation"] = {"kind": kind, "space": list(sp), "gnome": gi}
            return
        if kind == "ballista":
            if self.ballista_targets(i, sp):
                p["activation"] = {"kind": kind, "space": list(sp), "gnome": gi}
            return
        if self.activation_useful(i, kind, gi):
            p["activation"] = {"kind": kind, "space": list(sp), "gnome": gi}

    def resolve_activation(self, i, a):
        s = self.s
        p = self.P(i)
        act = p["activation"]
        k = act["kind"]
        g = p["gnomes"][act["gnome"]]
        t = a["type"]
        if t == "decline":
            p["activation"] = None
            return
        if t == "buy":
            kk = a["kind"]
            s["supply"][kk] -= 1
            p["mushrooms"] -= TIER[kk]
            p["bag"][kk] += 1
            self.fire("GV-BLDG-MARKET")
            p["activation"] = None
        elif t == "deploy":
            for gg in p["gnomes"]:
                if gg["space"] is None:
                    gg["space"] = list(a["space"])
                    break
            self.fire("GV-BLDG-HOUSE")
            p["activation"] = None
        elif t == "destroy":
            r, c = a["space"]
            p["cells"][r][c] = None
            self.fix_boulder_supply()
            self.fire("GV-BLDG-BALLISTA")
            p["activation"] = None
        elif t == "use":
            if k == "tavern":
                p["stew"] = True
                p["activation"] = None
            elif k == "workshop":
                (p["gnomes"][0] if BUG == "workshop-hammer-to-first-gnome" else g)["hammer"] = True
                p["activation"] = None
            elif k == "armory":
                g["sword"] = True
                p["activation"] = None
            elif k == "academy":
                g["graduated"] = True
                avail = len(s["ability_deck"]) + len(s["ability_bottom"])
                n = min(2, avail)
                if n == 0:
                    p["activation"] = None
                else:
                    act["to_draw"] = n
                    self.next_ability(i)

    def next_ability(self, i):
        s = self.s
        p = self.P(i)
        act = p["activation"]
        while act["to_draw"] > len(p["drawn_abilities"]) and not s["ability_deck"] and s["ability_bottom"]:
            p["drawn_abilities"] = sorted(p["drawn_abilities"] + [s["ability_bottom"].pop(0)])
        if act["to_draw"] > len(p["drawn_abilities"]) and s["ability_deck"]:
            s["chance"] = {"type": "ability", "player": i}
            return

    def apply_build(self, i, a):
        s = self.s
        p = self.P(i)
        t = a["type"]
        legal = self.legal_for(i)
        if a not in legal:
            raise RuleError(self.guess_rule(i, a), "illegal action")
        if t in ("buy", "deploy", "destroy", "use", "decline"):
            self.resolve_activation(i, a)
        elif t == "keep" and p["activation"] is not None:
            self.keep(i, a["card"])
        elif t == "place_gnome":
            for gg in p["gnomes"]:
                if gg["space"] is None:
                    gg["space"] = list(a["space"])
                    break
            self.fire("GV-EXHAUST-REDEPLOY")
        elif t == "upgrade":
            self.do_upgrade(i, a["space"], a["kind"])
        elif t == "step":
            self.do_step(i, a["gnome"], a["dir"])
        elif t == "stop":
            p["moves"] = 0
        elif t == "draw":
            if p["status"] == "passed":
                p["status"] = "building"
            s["chance"] = {"type": "draw", "player": i}
            self.fire("GV-BUILD-DRAW")
            return
        elif t == "pass":
            if p["hand"] is not None:
                p["bag"][p["hand"]] += 1
                p["hand"] = None
                self.fire("GV-BUILD-AUTOPASS")
            p["status"] = "passed"
            p["tbt_done"] = True
            self.fire("GV-BUILD-PASS")
        elif t == "second_chance":
            p["moves"] = self.board(i)["stumps"][p["stumps"]] + self.monuments(i) if BUG == "returned-gnome-tile-still-moves" and p["hand"] == "gnome" else p["moves"]
            p["bag"][p["hand"]] += 1
            p["hand"] = None
            p["stew"] = BUG == "second-chance-keeps-stew"
            self.fire("GV-BUILD-SECOND-CHANCE")
        elif t == "place":
            k = p["hand"]
            p["hand"] = None
            if k == "gnome":
                stumps = self.board(i)["stumps"]
                p["moves"] = stumps[2 - p["stumps"] if BUG == "stumps-from-bottom" else (0 if BUG == "gnome-tile-on-top-stump" else p["stumps"])] + (0 if BUG == "monuments-ignored" else self.monuments(i))
                p["stumps"] += 1
                if p["stumps"] >= (2 if BUG == "stuck-on-second-gnome" else 3):
                    p["stuck"] = True
                    p["moves"] = 0 if BUG == "stuck-loses-movement" else p["moves"]
                self.fire("GV-BUILD-GNOME-TILE")
            else:
                r, c = a["space"]
                p["cells"][r][c] = k
                p["trigger"] = [r, c]
                p["open_stack"] = None
                self.fire("GV-BUILD-PLACE")
            p["tbt_done"] = True
        self.after_build_action(i)

    def do_upgrade(self, i, sp, kind):
        s = self.s
        p = self.P(i)
        grp = None
        for g in self.groups(i):
            if tuple(sp) in g:
                grp = g
        tiles = [p["cells"][r][c] for r, c in grp]
        if BUG == "upgraded-space-tile-to-bag" and kind is not None:
            tiles.remove(p["cells"][sp[0]][sp[1]]); p["bag"][p["cells"][sp[0]][sp[1]]] += 1
        chain = BUG != "chain-splits-stack" and p["open_stack"] is not None and p["trigger"] is not None and tuple(p["trigger"]) in grp
        if not chain and p["open_stack"] is not None:
            p["stacks"] = sorted(p["stacks"] + [sorted(p["open_stack"])])
            p["open_stack"] = None
        base = p["open_stack"] if chain else []
        for r, c in grp:
            p["cells"][r][c] = None
        self.fire("GV-UPGRADE-STACK")
        if kind is not None:
            s["supply"][kind] -= 0 if BUG == "upgrade-tile-not-from-supply" else 1
            p["cells"][sp[0]][sp[1]] = kind
            self.fire("GV-UPGRADE-PLACE")
        stack = sorted(base + tiles)
        p["trigger"] = list(sp)
        if kind is not None and any(tuple(sp) in g for g in self.groups(i)):
            p["open_stack"] = stack
            self.fire("GV-UPGRADE-CHAIN")
        else:
            p["stacks"] = sorted(p["stacks"] + [stack])
            p["open_stack"] = None

    def guess_rule(self, i, a):
        p = self.P(i)
        t = a.get("type")
        if t == "step":
            if p["moves"] < 1:
                return "GV-MOVE-STEP"
            g = p["gnomes"][a.get("gnome", 0)] if isinstance(a.get("gnome"), int) and 0 <= a["gnome"] < 3 else None
            if g and g["space"] is not None and a.get("dir") in DIRS:
                r, c = g["space"]
                dr, dc = DIRS[a["dir"]]
                tr, tc = r + dr, c + dc
                if self.inb(tr, tc):
                    cell = p["cells"][tr][tc]
                    if cell == "troll":
                        return "GV-MOVE-TROLL"
                    if cell == "boulder":
                        return "GV-MOVE-BOULDER"
                    if self.hedge(i, (r, c), (tr, tc)):
                        return "GV-BOARD-HEDGE"
                    return "GV-MOVE-PASS-THROUGH"
            return "GV-MOVE-STEP"
        if p["transit"] is not None:
            return "GV-MOVE-PASS-THROUGH"
        if p["activation"] is not None:
            return {"buy": "GV-BLDG-MARKET", "deploy": "GV-BLDG-HOUSE", "destroy": "GV-BLDG-BALLISTA"}.get(t, "GV-BLDG-ACTIVATE")
        if t == "stop":
            return "GV-MOVE-OPTIONAL" if p["moves"] > 0 else "GV-BUILD-ORDER"
        if t in ("buy",) and p["activation"] is not None:
            return "GV-BLDG-MARKET"
        if t == "deploy":
            return "GV-BLDG-HOUSE"
        if t == "destroy":
            return "GV-BLDG-BALLISTA"
        if t == "upgrade":
            sp = a.get("space")
            if a.get("kind") == "monument" or (self.inb(*sp) and p["cells"][sp[0]][sp[1]] == "monument"):
                return "GV-UPGRADE-TIER5"
            return "GV-UPGRADE-LINE"
        if t == "place":
            if p["hand"] == "gnome" and "space" in a:
                return "GV-BUILD-GNOME-TILE"
            if p["hand"] and p["hand"] != "gnome" and a.get("space"):
                r, c = a["space"]
                if self.inb(r, c) and p["cells"][r][c] is None and self.gnome_at(i, [r, c]) is None:
                    return "GV-BOARD-TOWER"
            return "GV-BUILD-PLACE"
        if t == "second_chance":
            return "GV-BUILD-SECOND-CHANCE"
        if t == "draw":
            if p["hand"] is not None:
                return "GV-BUILD-ORDER"
            if p["status"] == "passed":
                return "GV-FAQ-REJOIN"
            if p["status"] == "stuck":
                return "GV-FAQ-REJOIN"
            return "GV-BUILD-DRAW"
        if t == "pass":
            return "GV-BUILD-PASS"
        return "GV-BUILD-ORDER"

    # ------------------------------------------------------------------ attack
    def start_attack(self):
        s = self.s
        s["phase"] = "attack"
        stuck = [i for i in range(self.n) if self.P(i)["status"] == "stuck" or (BUG == "surprise-hits-everyone" and any(q["status"] == "stuck" for q in self.s["players"]))]
        s["attack_queue"] = [[i, "surprise"] for i in (stuck[:1] if BUG == "one-surprise-per-round" else stuck)] + [[i, "round"] for i in range(self.n) if not (BUG == "surprise-replaces-round-card" and i in stuck)]
        s["attack_queue"] = sorted(s["attack_queue"], key=lambda e: (e[0], e[1] == "round")) if BUG == "attacks-player-by-player" else s["attack_queue"]
        if stuck and s["troll_deck"]:
            s["chance"] = {"type": "troll_card"}
            return
        if stuck:
            s["attack_queue"] = [[i, "round"] for i in range(self.n)]
        self.run_attack()

    def load_card(self, i, card):
        p = self.P(i)
        bs, ts = [], []
        for r, row in enumerate(card["matrix"][:5][::-1] if BUG == "troll-card-read-from-bottom" else list(zip(*card["matrix"][:5])) if BUG == "card-matrix-transposed" else card["matrix"][:5]):
            for c, ch in enumerate(row[:5]):
                if ch == "B":
                    bs.append([r, c])
                elif ch == "T":
                    ts.append([r, c])
        p["attack"] = {"boulders": sorted(bs), "trolls": sorted(ts), "moves": [list(m) for m in card["moves"]]}

    def run_attack(self):
        s = self.s
        while True:
            if s["chance"] is not None:
                return
            for i in range(self.n):
                if self.needs_place_gnome(i):
                    return
            if not s["attack_queue"]:
                break
            i, kind = s["attack_queue"][0]
            p = self.P(i)
            if p["attack"] is None:
                card = s["surprise_card"] if kind == "surprise" else s["troll_card"]
                self.load_card(i, card)
            a = p["attack"]
            if a["boulders"] and not self.boulders_wait(a) and not self.boulder_choice(a):
                self.spawn_boulder(i, a["boulders"].pop(0))
                continue
            if a["boulders"] and not self.boulders_wait(a):
                return  # choice
            if a["trolls"]:
                room = self.cap() - self.count_cells(i, "troll")
                if room <= 0:
                    a["trolls"] = []
                    self.fire("GV-TROLL-CAP")
                    continue
                if len(a["trolls"]) >= 2 and not (BUG == "fourth-troll-icon-in-card-order" and room < len(a["trolls"])) \
                        and not (BUG == "trolls-spawn-in-card-order" and room >= len(a["trolls"])):
                    self.fire("GV-TROLL-CHOICE")
                    return
                self.spawn_troll(i, a["trolls"].pop(0))
                continue
            if a["moves"]:
                m = a["moves"].pop(-1 if BUG == "arrows-right-to-left" else 0)
                self.move_trolls(i, m[0], m[1])
                continue
            p["attack"] = None
            s["attack_queue"].pop(0)
        # attack done
        if s["troll_card"]:
            s["troll_discard"] = sorted(s["troll_discard"] + [s["troll_card"]["id"]])
        if s["surprise_card"]:
            s["troll_discard"] = sorted(s["troll_discard"] + [s["surprise_card"]["id"]])
        s["troll_card"] = None
        s["surprise_card"] = None
        self.score_phase()

    def exhaust(self, i, gi):
        p = self.P(i)
        g = p["gnomes"][gi]
        if g["ability"] is not None:
            self.s["ability_bottom"].append(g["ability"])
        p["gnomes"][gi] = dict(g, space=None, graduated=False, ability=None) if BUG == "exhaust-keeps-equipment" else {"space": None, "hammer": False, "sword": False, "graduated": False, "ability": None}
        if p["transit"] == gi:
            p["transit"] = None
        self.fire("GV-EXHAUST")

    def destroy_building(self, i, r, c):
        p = self.P(i)
        k = p["cells"][r][c]
        if k in TIER:
            (self.s["supply"] if BUG == "destroyed-to-supply" else p["bag"])[k] += 1
            self.fire("GV-TILES-TO-BAG")
        p["cells"][r][c] = None

    def spawn_boulder(self, i, sp):
        s = self.s
        p = self.P(i)
        r, c = sp
        self.fire("GV-BOULDER-SPAWN")
        cell = p["cells"][r][c]
        if cell == "boulder" or (BUG == "boulder-lost-on-troll" and cell == "troll"):
            self.fire("GV-ONE-PER-SPACE")
            return
        if s["boulder_supply"] <= 0 and self.boulders_limited():
            self.fire("GV-BOULDER-SUPPLY-EXHAUSTED")
            return
        gi = self.gnome_at(i, sp)
        if gi is not None and p["gnomes"][gi]["hammer"]:
            if not (self.opt("hammer_gnome_shields_building") or BUG == "hammer-gnome-shields-building"):
                self.destroy_building(i, r, c)
            elif cell == "troll":
                p["cells"][r][c] = None
            p["mushrooms"] += 0 if BUG == "hammer-break-no-mushroom" else 1
            self.fire("GV-HAMMER-BREAK")
            return
        self.fire("GV-BOULDER-DESTROY")
        if gi is not None and BUG != "boulder-spares-gnome":
            self.exhaust(i, gi)
        self.destroy_building(i, r, c)
        p["cells"][r][c] = "boulder"
        s["boulder_supply"] = max(0, s["boulder_supply"] - 1)
        self.fix_boulder_supply()

    def boulders_limited(self):
        """GV-BOULDER-SUPPLY-EXHAUSTED: the 44 boulder tokens limit the boulders (option boulder_supply_limited)."""
        return self.opt("boulder_supply_limited") and BUG != "boulders-unlimited"

    def fix_boulder_supply(self):
        s = self.s
        if self.boulders_limited():
            s["boulder_supply"] = min(s["boulder_supply"], 44 - self.boulders_in_towns()) if BUG == "removed-boulders-leave-game" else 44 - self.boulders_in_towns()
        else:
            s["boulder_supply"] = max(0, 44 - self.boulders_in_towns())

    def spawn_troll(self, i, sp):
        p = self.P(i)
        r, c = sp
        self.fire("GV-TROLL-SPAWN")
        cell = p["cells"][r][c]
        if cell in ("boulder", "troll"):
            self.fire("GV-ONE-PER-SPACE")
            return
        self.troll_arrives(i, r, c)

    def troll_arrives(self, i, r, c):
        """A troll enters (r, c): returns True if it survives there."""
        p = self.P(i)
        gi = self.gnome_at(i, [r, c])
        if gi is not None and (p["gnomes"][gi]["sword"] or (BUG == "hammer-gnome-defeats-trolls" and p["gnomes"][gi]["hammer"])):
            if not self.opt("sword_gnome_shields_building"):
                self.destroy_building(i, r, c)
            p["mushrooms"] += 1
            self.fire("GV-SWORD-DEFEAT")
            return False
        self.fire("GV-TROLL-DESTROY")
        if gi is not None:
            self.exhaust(i, gi)
        self.destroy_building(i, r, c)
        p["cells"][r][c] = "troll"
        return True

    def move_trolls(self, i, d, how):
        p = self.P(i)
        dr, dc = DIRS[d]
        self.fire("GV-TROLL-MOVE")
        trolls = [(r, c) for r in range(5) for c in range(5) if p["cells"][r][c] == "troll"]
        # furthest in the arrow's direction first
        trolls.sort(key=lambda rc: (1 if BUG == "troll-nearest-first" else -1) * (rc[0] * dr + rc[1] * dc))
        for (r, c) in (trolls[:1] if BUG == "single-arrow-moves-one-troll" and how == "step" else trolls):
            for _ in range(2 if BUG == "double-arrow-two-steps" and how == "far" else 25):
                t = (r + dr, c + dc)
                if not self.inb(*t) or p["cells"][t[0]][t[1]] in (("troll",) if BUG == "trolls-crush-boulders" else ("boulder", "troll")):
                    break
                p["cells"][r][c] = None
                alive = self.troll_arrives(i, t[0], t[1])
                r, c = t
                if not alive or how == "step":
                    break

    # ------------------------------------------------------------------ scoring
    def metric(self, i, m):
        p = self.P(i)
        if m == "bag_tiles":
            return self.bag_total(i) - (p["bag"]["gnome"] if BUG == "satchel-counts-building-tiles-only" else 0)
        if m == "mushrooms":
            return p["mushrooms"]
        if m == "buildings":
            return self.buildings(i)
        if m == "trolls":
            return self.count_cells(i, "troll")
        if m == "boulders":
            return self.count_cells(i, "boulder")
        if m == "gnomes_deployed":
            return len(self.deployed(i))
        if m == "tier4plus":
            return sum(1 for row in p["cells"] for x in row if x in TIER and TIER[x] >= 4)
        if m == "sword_gnomes":
            return sum(1 for g in p["gnomes"] if g["sword"] or (BUG == "hammers-count-as-swords" and g["hammer"]))
        if m == "hammer_gnomes":
            return sum(1 for g in p["gnomes"] if g["hammer"])
        if m == "graduated":
            return sum(1 for g in p["gnomes"] if g["graduated"])
        if m == "prosperity_buildings":
            return sum(1 for row in p["cells"] for x in row if x in (DEFN if BUG == "blue-line-is-defense" else PROSP | {"market"} if BUG == "markets-count-as-blue" else PROSP))
        if m == "defense_buildings":
            return sum(1 for row in p["cells"] for x in row if x in DEFN)
        if m == "empty_spaces":
            return self.empty_spaces(i)
        raise ValueError(m)

    def empty_spaces(self, i):
        p = self.P(i)
        return sum(1 for r in range(5) for c in range(5)
                   if p["cells"][r][c] is None and (BUG == "empty-counts-gnome-spaces" or self.gnome_at(i, [r, c]) is None))

    def score_event(self, ev):
        e = EVENTS[ev]
        self.fire("GV-SCORE-EVENTS")
        if self.n == 1:
            v = self.metric(0, e["metric"])
            ok = v <= e["threshold"] if e["goal"] == "fewest" else (v > e["threshold"] if BUG == "solo-threshold-strict" else v >= e["threshold"])
            if ok:
                self.P(0)["score"] += e["points"]
            self.fire("GV-SOLO-EVENTS")
            return
        vals = [self.metric(i, e["metric"]) for i in range(self.n)]
        key = (lambda v: -v) if e["goal"] == "fewest" else (lambda v: v)
        best = max(key(v) for v in vals)
        first = [i for i in range(self.n) if key(vals[i]) == best]
        if self.n == 2 and BUG != "two-player-second-paid":
            if len(first) == 1:
                self.P(first[0])["score"] += e["first"]
            else:
                tot = e["first"] + (e["second"] if self.opt("two_player_tie_includes_second") or BUG == "two-player-tie-adds-second" else 0)
                for i in first:
                    self.P(i)["score"] += ceil_div(tot, len(first))
            return
        if len(first) >= 2:
            for i in first:
                self.P(i)["score"] += (e["first"] + e["second"]) // len(first) if BUG == "event-tie-rounds-down" else ceil_div(e["first"] + e["second"], len(first))
            return
        self.P(first[0])["score"] += e["first"]
        rest = [i for i in range(self.n) if i not in first]
        key2 = (lambda v: v) if BUG == "second-place-ignores-fewest" else key
        best2 = max(key2(vals[i]) for i in rest)
        second = [i for i in rest if key2(vals[i]) == best2]
        for i in second:
            self.P(i)["score"] += e["second"] if BUG == "second-tie-full" else (e["second"] // len(second) if BUG == "second-tie-rounds-down" else ceil_div(e["second"], len(second)))

    def score_phase(self):
        s = self.s
        s["phase"] = "score"
        for i in range(self.n):
            p = self.P(i)
            for st in p["stacks"]:
                p["score"] += len(st) if BUG == "stack-height-only" else stack_points(len(st))
                self.fire("GV-SCORE-STACK")
        nev = max(0, min(3, s["round"] - (3 if BUG == "events-lag-one-round" else 2)))
        for k in range(nev):
            if s["events"][k]:
                self.score_event(s["events"][k])
        for i in range(self.n):
            p = self.P(i)
            if self.empty_spaces(i) == 0:
                p["score"] += s["options"].get("params", {}).get("GV-SCORE-FULL-TOWN", {}).get("bonus", 10)
                p["full_town"] = True
                self.fire("GV-SCORE-FULL-TOWN")
        if (self.n >= 2 or BUG == "solo-special-delivery") and s["delivery_deck"] and not (BUG == "final-round-skips-delivery" and s["round"] >= 5):
            s["phase"] = "delivery"
            s["chance"] = {"type": "delivery_card"}
            return
        self.end_of_score()

    def start_delivery(self):
        s = self.s
        card = DELIV[s["delivery_card"]]
        lead = max(self.P(i)["score"] for i in range(self.n))
        q = []
        for i in range(self.n):
            gap = (min([q["score"] for q in self.s["players"] if q["score"] > self.P(i)["score"]] or [self.P(i)["score"]]) if BUG == "gap-to-next-player-ahead" else lead) - self.P(i)["score"]
            icons = []
            for th in ("5", "10", "15"):
                if gap >= int(th) if BUG == "delivery-gap-inclusive" else gap > int(th):
                    icons = list(card["groups"][th]) if BUG == "delivery-highest-bracket-only" else icons + card["groups"][th]
            if icons:
                self.P(i)["delivery"] = icons
                q.append(i)
        s["delivery_queue"] = q
        self.fire("GV-DELIVERY")
        self.continue_delivery()

    def continue_delivery(self):
        s = self.s
        while s["delivery_queue"] and not self.P(s["delivery_queue"][0])["delivery"]:
            s["delivery_queue"].pop(0)
        if s["delivery_queue"]:
            return
        pile = "delivery_deck" if BUG == "delivery-card-back-in-deck" else "delivery_discard"
        s[pile] = sorted(s[pile] + [s["delivery_card"]])
        s["delivery_card"] = None
        self.end_of_score()

    def apply_delivery(self, i, a):
        s = self.s
        p = self.P(i)
        if a not in self.legal_for(i):
            raise RuleError("GV-DELIVERY", "illegal delivery")
        icon = p["delivery"].pop(0)
        if not a["take"]:
            p["mushrooms"] += 0 if BUG == "decline-gives-nothing" else 1
        elif icon == "points":
            p["score"] += 2
        elif icon in ("market", "workshop"):
            s["supply"][icon] -= 1
            p["bag"][icon] += 1
        elif icon == "refill_stew":
            p["stew"] = True
        else:
            r, c = a["space"]
            if p["cells"][r][c] == "boulder":
                p["cells"][r][c] = None
                self.fix_boulder_supply()
            else:
                p["cells"][r][c] = None
        self.continue_delivery()

    def end_of_score(self):
        s = self.s
        if s["round"] >= (6 if BUG == "sixth-round-played" else 5):
            self.fire("GV-FINAL-NO-BUY")
            self.final_scoring()
            return
        s["phase"] = "buy"
        for i in range(self.n):
            p = self.P(i)
            p["buys_left"] = s["round"] + (1 if BUG == "buy-limit-plus-one" else 0)
            self.check_buys(i)
        self.check_buy_end()

    def buy_price(self, k):
        """GV-BUY-COST: a building bought in phase 5 costs its tier, as at the market."""
        return TIER[k] + (1 if BUG == "phase-five-price-plus-one" else 0)

    def check_buys(self, i):
        p = self.P(i)
        if p["buys_left"] > 0 and not any(self.s["supply"][k] > 0 and can_afford(self.buy_price(k), p["mushrooms"]) for k in KINDS):
            p["buys_left"] = 0

    def check_buy_end(self):
        s = self.s
        if any(self.P(i)["buys_left"] > 0 for i in range(self.n)):
            return
        s["round"] += 1
        self.fire("GV-ROUND-TRACKER")
        k = self.event_slot()
        if k is not None and s["events"][k] is None and s["event_deck"]:
            s["phase"] = "reveal"
            s["chance"] = {"type": "event"}
            return
        self.refresh_phase()

    def refresh_phase(self):
        s = self.s
        self.fire("GV-REFRESH")
        for i in range(self.n):
            p = self.P(i)
            for st in p["stacks"]:
                for k in st:
                    p["bag"][k] += 1
            p["stacks"] = []
            p["bag"]["gnome"] += 0 if BUG == "gnome-tiles-not-refreshed" else p["stumps"]
            p["stumps"] = 0
            p["stew"] = p["stew"] or BUG == "stew-refilled-each-round"
            if p["full_town"]:
                for r in range(5):
                    for c in range(5):
                        k = p["cells"][r][c]
                        if k in TIER:
                            p["bag"][k] += 1
                            p["cells"][r][c] = None
                p["full_town"] = False
            for r, c in self.board(i)["river"]:
                k = p["cells"][r][c]
                if k in TIER:
                    (p["bag"] if BUG == "river-wipe-to-bag" else s["supply"])[k] += 1
                p["cells"][r][c] = None
                gi = self.gnome_at(i, [r, c])
                if gi is not None:
                    self.exhaust(i, gi)
            p["buys_left"] = 0
            p["cells"] = [[None if x == "troll" and BUG == "trolls-leave-at-refresh" else x for x in row] for row in p["cells"]]
        self.fix_boulder_supply()
        s["phase"] = "prepare"
        s["chance"] = {"type": "troll_card"}

    def final_scoring(self):
        s = self.s
        for gp in s["goals"]:
            a, b = gp["players"]
            for card in (gp["cards"][:1] if BUG == "one-goal-card-scored" else gp["cards"]):
                g = GOALS[card]
                va, vb = self.metric(a, g["metric"]), self.metric(b, g["metric"])
                self.fire("GV-END-ADJACENCY")
                if va == vb:
                    each = g["value"] if BUG == "goal-tie-full-value" else (g["value"] + g["tie"]) // 2 if BUG == "goal-tie-rounds-down" else ceil_div(g["value"] + g["tie"], 2)
                    self.P(a)["score"] += each
                    self.P(b)["score"] += each
                else:
                    better_a = va < vb if g["goal"] == "fewest" and BUG != "goal-fewest-read-as-most" else va > vb
                    self.P(a if better_a else b)["score"] += g["value"]
                    self.P(b if better_a else a)["score"] += g["tie"] if BUG == "goal-loser-gets-tie" else 0
        s["phase"] = "end"
        s["terminal"] = True
        s["chance"] = None

    def outcome(self):
        s = self.s
        scores = [self.P(i)["score"] for i in range(self.n)]
        blds = [self.buildings(i) for i in range(self.n)]
        mush = [self.P(i)["mushrooms"] for i in range(self.n)]
        winners = []
        if s["terminal"]:
            keyf = (lambda i: (scores[i], mush[i], blds[i])) if BUG == "tiebreak-mushrooms-first" else (lambda i: (scores[i], blds[i], mush[i]))
            best = max(keyf(i) for i in range(self.n))
            winners = [i for i in range(self.n) if keyf(i) == best]
        details = {"buildings": blds, "mushrooms": mush}
        if self.n == 1:
            rank = RANKS[-1][1] if BUG == "below-forty-ranked-rainbows" else None
            for th, name in RANKS:
                if scores[0] >= th:
                    rank = name
                    break
            details["rank"] = rank
        return {"terminal": s["terminal"], "scores": scores, "winners": winners, "details": details}

    # ------------------------------------------------------------------ apply dispatch
    def apply(self, a):
        s = self.s
        self.fired = []
        if not isinstance(a, dict) or "type" not in a or "actor" not in a:
            raise Malformed("action needs actor and type")
        actor = a["actor"]
        if actor != "chance" and (not isinstance(actor, int) or isinstance(actor, bool) or not 0 <= actor < self.n):
            raise Malformed("action.actor: no such seat")
        check_action_shape(a)
        if s["terminal"]:
            raise RuleError("GV-PHASES", "the game is over")
        ta = self.compute_to_act()
        if actor == "chance":
            if ta != ["chance"]:
                raise RuleError("GV-CHANCE", "no chance node pending")
            self.apply_chance(a)
        else:
            if ta == ["chance"]:
                raise RuleError("GV-CHANCE", "chance must act first")
            if actor not in ta:
                raise RuleError(self.not_your_turn_rule(actor, a), "seat may not act now")
            ph = s["phase"]
            if ph == "prepare" and a["type"] == "place_gnome":
                if a not in self.legal_for(actor):
                    raise RuleError("GV-EXHAUST-REDEPLOY", "illegal")
                for gg in self.P(actor)["gnomes"]:
                    if gg["space"] is None:
                        gg["space"] = list(a["space"])
                        break
                self.fire("GV-EXHAUST-REDEPLOY")
            elif ph == "build" or (ph == "attack" and a["type"] == "place_gnome"):
                if ph == "attack":
                    if a not in self.legal_for(actor):
                        raise RuleError("GV-EXHAUST-REDEPLOY", "illegal")
                    p = self.P(actor)
                    for gg in p["gnomes"]:
                        if gg["space"] is None:
                            gg["space"] = list(a["space"])
                            break
                    self.fire("GV-EXHAUST-REDEPLOY")
                    self.run_attack()
                else:
                    self.apply_build(actor, a)
            elif ph == "attack":
                if a not in self.legal_for(actor):
                    raise RuleError("GV-TROLL-CHOICE" if a.get("what") == "troll" else "GV-FAQ-BOULDER-ORDER", "illegal spawn")
                at = self.P(actor)["attack"]
                if a["what"] == "boulder":
                    at["boulders"].remove(a["space"])
                    self.spawn_boulder(actor, a["space"])
                else:
                    at["trolls"].remove(a["space"])
                    self.fire("GV-FAQ-SPAWN-ORDER")
                    self.spawn_troll(actor, a["space"])
                self.run_attack()
            elif ph == "delivery":
                self.apply_delivery(actor, a)
            elif ph == "buy":
                if a not in self.legal_for(actor):
                    raise RuleError("GV-BUY", "illegal buy")
                p = self.P(actor)
                if a["type"] == "done":
                    p["buys_left"] = 0
                else:
                    k = a["kind"]
                    s["supply"][k] -= 1
                    p["mushrooms"] -= self.buy_price(k)
                    p["bag"][k] += 1
                    p["buys_left"] -= 1
                    self.fire("GV-BUY")
                    self.check_buys(actor)
                self.check_buy_end()
            else:
                raise RuleError("GV-PHASES", "nothing to do")
        self.refresh_to_act()
        return {"to_act": s["to_act"], "terminal": s["terminal"]}

    def not_your_turn_rule(self, actor, a):
        s = self.s
        if s["phase"] == "build":
            p = self.P(actor)
            if p["status"] == "stuck":
                return "GV-BUILD-STUCK"
            if self.tbt():
                return "GV-VAR-TURN-BY-TURN"
            if p["status"] == "passed":
                return "GV-FAQ-REJOIN"
            return "GV-OVERVIEW-SIMULTANEOUS"
        if s["phase"] == "buy":
            return "GV-BUY-LIMIT"
        return "GV-PHASES"

    def export(self):
        self.refresh_to_act()
        return copy.deepcopy(self.s)


# ---------------------------------------------------------------------- validation for load_state
PLAYER_KEYS = {"board", "cells", "gnomes", "stumps", "bag", "stacks", "open_stack", "mushrooms", "score", "stew",
               "status", "stuck", "hand", "moves", "transit", "activation", "drawn_abilities", "attack", "delivery",
               "buys_left", "trigger", "tbt_done", "full_town"}
TOP_KEYS = {"game", "num_players", "options", "to_act", "terminal", "round", "phase", "chance", "supply",
            "boulder_supply", "troll_deck", "troll_card", "surprise_card", "troll_discard", "ability_deck",
            "ability_bottom", "delivery_deck", "delivery_card", "delivery_discard", "event_deck", "events",
            "goal_deck", "goals", "attack_queue", "delivery_queue", "players"}


def is_int(x):
    return isinstance(x, int) and not isinstance(x, bool)


def check_options(opts):
    if not isinstance(opts, dict):
        raise Malformed("options: must be an object")
    for k, v in opts.items():
        if k == "params":
            if not isinstance(v, dict):
                raise Malformed("options.params")
            continue
        if k not in DEFAULT_OPTIONS:
            raise Malformed("options.%s: unknown option" % k)
        d = DEFAULT_OPTIONS[k]
        if isinstance(d, bool):
            if not isinstance(v, bool):
                raise Malformed("options.%s: boolean expected" % k)
        elif k == "boards":
            if not isinstance(v, list) or any(b not in BOARDS for b in v):
                raise Malformed("options.boards")
        elif k == "turn_by_turn_rounds":
            if not isinstance(v, list) or any(not is_int(x) or not 1 <= x <= 5 for x in v):
                raise Malformed("options.turn_by_turn_rounds")


def validate(s):
    if not isinstance(s, dict):
        raise Malformed("state: object expected")
    for k in s:
        if k not in TOP_KEYS:
            raise Malformed("%s: unknown field" % k)
    for k in TOP_KEYS:
        if k not in s and k not in ("to_act",):
            raise Malformed("%s: missing" % k)
    if s["game"] != "gnomeville":
        raise Malformed("game")
    n = s["num_players"]
    if not is_int(n) or not 1 <= n <= 4:
        raise Malformed("num_players")
    check_options(s["options"])
    if not is_int(s["round"]) or not 1 <= s["round"] <= 5:
        raise Malformed("round")
    if s["phase"] not in ("setup", "prepare", "build", "attack", "delivery", "buy", "reveal", "end"):
        raise Malformed("phase")
    if not isinstance(s["players"], list) or len(s["players"]) != n:
        raise Malformed("players")
    sup = s["supply"]
    if not isinstance(sup, dict) or set(sup) != set(KINDS):
        raise Malformed("supply")
    for k in KINDS:
        if not is_int(sup[k]) or not 0 <= sup[k] <= BLD[k]["count"]:
            raise Malformed("supply.%s" % k)
    if not is_int(s["boulder_supply"]) or s["boulder_supply"] < 0:
        raise Malformed("boulder_supply")
    tot = {k: sup[k] for k in KINDS}
    boulders = 0
    for i, p in enumerate(s["players"]):
        if not isinstance(p, dict):
            raise Malformed("players.%d" % i)
        for k in p:
            if k not in PLAYER_KEYS:
                raise Malformed("players.%d.%s: unknown field" % (i, k))
        for k in PLAYER_KEYS:
            if k not in p:
                raise Malformed("players.%d.%s: missing" % (i, k))
        if p["board"] not in BOARDS:
            raise Malformed("players.%d.board" % i)
        cells = p["cells"]
        if not isinstance(cells, list) or len(cells) != 5 or any(not isinstance(r, list) or len(r) != 5 for r in cells):
            raise Malformed("players.%d.cells" % i)
        trolls = 0
        for r in range(5):
            for c in range(5):
                x = cells[r][c]
                if x is not None and x not in TIER and x not in ("troll", "boulder"):
                    raise Malformed("players.%d.cells.%d.%d" % (i, r, c))
                if x in TIER:
                    tot[x] += 1
                if x == "boulder":
                    boulders += 1
                if x == "troll":
                    trolls += 1
        cap = s["options"].get("params", {}).get("GV-TROLL-CAP", {}).get("cap", 3) if isinstance(s["options"], dict) else 3
        for key, h in BOARDS[p["board"]]["height"].items():
            r, c = map(int, key.split(","))
            if cells[r][c] in TIER and TIER[cells[r][c]] < h:
                raise Malformed("players.%d.cells.%d.%d: below the space's height" % (i, r, c))
        if trolls > cap:
            raise Malformed("players.%d.cells: more than %d trolls" % (i, cap))
        if not isinstance(p["gnomes"], list) or len(p["gnomes"]) != 3:
            raise Malformed("players.%d.gnomes" % i)
        spaces = []
        for gi, g in enumerate(p["gnomes"]):
            if not isinstance(g, dict) or set(g) != {"space", "hammer", "sword", "graduated", "ability"}:
                raise Malformed("players.%d.gnomes.%d" % (i, gi))
            sp = g["space"]
            if sp is not None:
                if not isinstance(sp, list) or len(sp) != 2 or not all(is_int(x) and 0 <= x < 5 for x in sp):
                    raise Malformed("players.%d.gnomes.%d.space" % (i, gi))
                spaces.append(tuple(sp))
                if cells[sp[0]][sp[1]] in ("troll", "boulder"):
                    raise Malformed("players.%d.gnomes.%d.space: on an enemy or boulder" % (i, gi))
            for b in ("hammer", "sword", "graduated"):
                if not isinstance(g[b], bool):
                    raise Malformed("players.%d.gnomes.%d.%s" % (i, gi, b))
        if len(set(spaces)) != len(spaces) and p["transit"] is None:
            raise Malformed("players.%d.gnomes: two gnomes on one space" % i)
        bag = p["bag"]
        if not isinstance(bag, dict) or set(bag) != set(KINDS) | {"gnome"}:
            raise Malformed("players.%d.bag" % i)
        for k, v in bag.items():
            if not is_int(v) or v < 0:
                raise Malformed("players.%d.bag.%s" % (i, k))
            if k in tot:
                tot[k] += v
        if not is_int(p["stumps"]) or not 0 <= p["stumps"] <= 3:
            raise Malformed("players.%d.stumps" % i)
        hand = p["hand"]
        if hand is not None and hand not in TIER and hand != "gnome":
            raise Malformed("players.%d.hand" % i)
        if hand in TIER:
            tot[hand] += 1
        for st in p["stacks"]:
            if not isinstance(st, list) or len(st) < 3 or any(x not in TIER for x in st):
                raise Malformed("players.%d.stacks" % i)
            for x in st:
                tot[x] += 1
        if p["open_stack"] is not None:
            if not isinstance(p["open_stack"], list) or any(x not in TIER for x in p["open_stack"]):
                raise Malformed("players.%d.open_stack" % i)
            for x in p["open_stack"]:
                tot[x] += 1
        for k in ("mushrooms", "score", "moves", "buys_left"):
            if not is_int(p[k]) or p[k] < 0:
                raise Malformed("players.%d.%s" % (i, k))
        if p["status"] not in ("building", "passed", "stuck"):
            raise Malformed("players.%d.status" % i)
        for k in ("stew", "stuck", "tbt_done", "full_town"):
            if not isinstance(p[k], bool):
                raise Malformed("players.%d.%s" % (i, k))
        if p["transit"] is not None and (not is_int(p["transit"]) or not 0 <= p["transit"] <= 2):
            raise Malformed("players.%d.transit" % i)
        if p["activation"] is not None:
            act = p["activation"]
            if not isinstance(act, dict) or act.get("kind") not in ("market", "house", "ballista", "academy", "tavern",
                                                                    "workshop", "armory"):
                raise Malformed("players.%d.activation" % i)
            if s["phase"] != "build":
                raise Malformed("players.%d.activation: outside the build phase" % i)
        at = p["attack"]
        if at is not None:
            if s["phase"] != "attack":
                raise Malformed("players.%d.attack: outside the attack phase" % i)
            if not isinstance(at, dict) or set(at) != {"boulders", "trolls", "moves"}:
                raise Malformed("players.%d.attack" % i)
            for key in ("boulders", "trolls"):
                lst = at[key]
                if not isinstance(lst, list) or any(not isinstance(x, list) or len(x) != 2 or not all(is_int(y) and 0 <= y < 5 for y in x) for x in lst):
                    raise Malformed("players.%d.attack.%s" % (i, key))
                if len(set(map(tuple, lst))) != len(lst):
                    raise Malformed("players.%d.attack.%s: repeated space" % (i, key))
        if not isinstance(p["delivery"], list):
            raise Malformed("players.%d.delivery" % i)
    if s["options"].get("boulder_supply_limited", True):
        if boulders + s["boulder_supply"] != 44:
            raise Malformed("boulder_supply: boulders not conserved")
    elif s["boulder_supply"] != max(0, 44 - boulders):
        raise Malformed("boulder_supply")
    # decks
    decks_troll = list(s["troll_deck"]) + list(s["troll_discard"])
    for cc in ("troll_card", "surprise_card"):
        if s[cc] is not None:
            if not isinstance(s[cc], dict) or "id" not in s[cc]:
                raise Malformed(cc)
            decks_troll.append(s[cc]["id"])
    if sorted(decks_troll) != sorted(TROLLS):
        raise Malformed("troll_deck: troll cards not conserved")
    ab = list(s["ability_deck"]) + list(s["ability_bottom"])
    for p in s["players"]:
        ab += list(p["drawn_abilities"])
        ab += [g["ability"] for g in p["gnomes"] if g["ability"] is not None]
    if sorted(ab) != sorted(ABIL):
        raise Malformed("ability_deck: ability cards not conserved")
    aq = s["attack_queue"]
    if not isinstance(aq, list):
        raise Malformed("attack_queue")
    for e in aq:
        if not isinstance(e, list) or len(e) != 2 or not is_int(e[0]) or not 0 <= e[0] < n or e[1] not in ("surprise", "round"):
            raise Malformed("attack_queue")
        if e[1] == "surprise" and s["surprise_card"] is None and s["chance"] is None:
            raise Malformed("attack_queue: surprise attack with no surprise card")
    sur = [e[0] for e in aq if e[1] == "surprise"]
    rnds = [e[0] for e in aq if e[1] == "round"]
    if [e[1] for e in aq] != ["surprise"] * len(sur) + ["round"] * len(rnds) or sur != sorted(set(sur)) \
            or rnds != sorted(set(rnds)):
        raise Malformed("attack_queue: out of order")
    for i, p in enumerate(s["players"]):
        if p["attack"] is not None and (not aq or aq[0][0] != i):
            raise Malformed("players.%d.attack: not the head of the attack queue" % i)
    if s["phase"] == "attack" and s["chance"] is None and not aq:
        raise Malformed("attack_queue: empty in the attack phase")
    if aq and s["phase"] != "attack":
        raise Malformed("attack_queue: outside the attack phase")
    dq = s["delivery_queue"]
    if not isinstance(dq, list) or any(not is_int(x) or not 0 <= x < n for x in dq):
        raise Malformed("delivery_queue")
    if s["phase"] == "delivery" and s["chance"] is None and not dq:
        raise Malformed("delivery_queue: empty in the delivery phase")
    if not isinstance(s["events"], list) or len(s["events"]) != 3:
        raise Malformed("events")
    validate_more(s)


def validate_more(s):
    n = s["num_players"]
    ph = s["phase"]
    rnd = s["round"]
    P = s["players"]
    if not isinstance(s["terminal"], bool) or s["terminal"] != (ph == "end"):
        raise Malformed("terminal: does not fit the phase")
    if ph == "end" and rnd != 5:
        raise Malformed("round: the game ends in round 5")
    if ph == "buy" and rnd == 5:
        raise Malformed("phase: no buy phase in round 5")
    if ph == "setup" and (rnd != 1 or n == 1):
        raise Malformed("phase: setup")
    if ph == "build" and s["troll_card"] is None:
        raise Malformed("troll_card: none in the build phase")
    if ph in ("prepare", "setup", "buy", "reveal", "end", "delivery") and s["troll_card"] is not None:
        raise Malformed("troll_card: out of its phase")
    if s["surprise_card"] is not None and ph != "attack":
        raise Malformed("surprise_card: outside the attack")
    for i, p in enumerate(P):
        if p["delivery"] and (ph != "delivery" or i not in s["delivery_queue"]):
            raise Malformed("players.%d.delivery" % i)
        for ic in p["delivery"]:
            if ic not in ("points", "market", "workshop", "remove_boulder", "remove_troll", "refill_stew"):
                raise Malformed("players.%d.delivery: unknown icon" % i)
        if p["buys_left"] and ph != "buy":
            raise Malformed("players.%d.buys_left: outside the buy phase" % i)
        if ph == "buy" and p["buys_left"] > rnd:
            raise Malformed("players.%d.buys_left: above the round" % i)
        if ph != "build":
            for k in ("hand", "activation", "transit", "trigger", "open_stack"):
                if p[k] is not None:
                    raise Malformed("players.%d.%s: outside the build phase" % (i, k))
            if p["moves"] or p["drawn_abilities"]:
                raise Malformed("players.%d.moves: outside the build phase" % i)
        if p["moves"] > 3 + 25:
            raise Malformed("players.%d.moves: too many" % i)
        if p["status"] == "stuck" and p["stumps"] < 3 and ph in ("build", "attack", "delivery", "buy"):
            raise Malformed("players.%d.status: stuck without the third gnome tile" % i)
        if p["stuck"] and p["stumps"] < 3 and ph in ("build", "attack", "delivery", "buy"):
            raise Malformed("players.%d.stuck" % i)
        if p["hand"] is not None and (p["moves"] or p["transit"] is not None or p["activation"] is not None):
            raise Malformed("players.%d.hand: with other business" % i)
        if p["open_stack"] is not None and not any(len(x) for x in [p["open_stack"]]):
            raise Malformed("players.%d.open_stack" % i)
        if p["open_stack"] is not None:
            g = Game(s)
            if not g.groups(i) or p["trigger"] is None:
                raise Malformed("players.%d.open_stack: no upgrade due" % i)
        opts = s["options"]
        boards = opts.get("boards") or []
        if (boards and boards[i] != p["board"]) or (not boards and p["board"] != "symmetric"):
            raise Malformed("players.%d.board: not the options' deal" % i)
        spaces = {}
        for gi, g in enumerate(p["gnomes"]):
            if g["space"] is None:
                if g["hammer"] or g["sword"] or g["graduated"] or g["ability"] is not None:
                    raise Malformed("players.%d.gnomes.%d: in camp with equipment" % (i, gi))
            else:
                spaces.setdefault(tuple(g["space"]), []).append(gi)
            if g["ability"] is not None and not g["graduated"]:
                raise Malformed("players.%d.gnomes.%d.ability" % (i, gi))
        shared = [v for v in spaces.values() if len(v) > 1]
        if p["transit"] is not None:
            t = p["transit"]
            if p["gnomes"][t]["space"] is None or not shared or t not in shared[0] or p["moves"] < 1:
                raise Malformed("players.%d.transit" % i)
        elif shared:
            raise Malformed("players.%d.gnomes: two gnomes on one space" % i)
        act = p["activation"]
        if act is not None:
            kind = act.get("kind")
            sp = act.get("space")
            gi = act.get("gnome")
            if set(act) - {"kind", "space", "gnome", "to_draw"} or not isinstance(sp, list) or len(sp) != 2 \
                    or not is_int(gi) or not 0 <= gi <= 2:
                raise Malformed("players.%d.activation" % i)
            g = p["gnomes"][gi]
            if g["space"] != sp or p["cells"][sp[0]][sp[1]] != kind:
                raise Malformed("players.%d.activation: gnome not on the building" % i)
            if "to_draw" in act:
                if kind != "academy" or act["to_draw"] not in (1, 2) or not g["graduated"]:
                    raise Malformed("players.%d.activation.to_draw" % i)
                if len(p["drawn_abilities"]) > act["to_draw"]:
                    raise Malformed("players.%d.drawn_abilities" % i)
                pending = s["chance"] is not None and s["chance"].get("type") == "ability"
                if (len(p["drawn_abilities"]) < act["to_draw"]) != pending:
                    raise Malformed("players.%d.activation: ability draw" % i)
            else:
                if kind == "house" and all(x["space"] is not None for x in p["gnomes"]):
                    raise Malformed("players.%d.activation: no gnome in camp" % i)
                if kind == "tavern" and p["stew"]:
                    raise Malformed("players.%d.activation: stew full" % i)
                if kind == "workshop" and g["hammer"]:
                    raise Malformed("players.%d.activation: hammer" % i)
                if kind == "armory" and g["sword"]:
                    raise Malformed("players.%d.activation: sword" % i)
                if kind == "academy" and g["graduated"]:
                    raise Malformed("players.%d.activation: graduated" % i)
        elif p["drawn_abilities"]:
            raise Malformed("players.%d.drawn_abilities" % i)
    busy = [i for i, p in enumerate(P) if p["hand"] is not None or p["moves"] or p["activation"] is not None]
    if len(busy) > 1:
        raise Malformed("players: two players resolving at once")
    # chance
    ch = s["chance"]
    if ch is not None:
        if not isinstance(ch, dict) or not isinstance(ch.get("type"), str) or \
                ch["type"] not in ("goal", "troll_card", "draw", "ability", "event", "delivery_card"):
            raise Malformed("chance")
        t = ch["type"]
        if t in ("draw", "ability"):
            if set(ch) != {"type", "player"} or not is_int(ch["player"]) or not 0 <= ch["player"] < n:
                raise Malformed("chance.player")
        elif set(ch) != {"type"}:
            raise Malformed("chance: unknown field")
        okph = {"goal": ("setup",), "troll_card": ("prepare", "attack"), "draw": ("build",), "ability": ("build",),
                "event": ("reveal",), "delivery_card": ("delivery",)}[t]
        if ph not in okph:
            raise Malformed("chance: %s in phase %s" % (t, ph))
        if t == "draw":
            p = P[ch["player"]]
            if p["hand"] is not None or sum(p["bag"].values()) == 0:
                raise Malformed("chance: draw")
        if t == "ability":
            act = P[ch["player"]]["activation"]
            if act is None or act.get("kind") != "academy" or "to_draw" not in act:
                raise Malformed("chance: ability with no academy")
        if t == "troll_card" and ph == "prepare" and s["troll_card"] is not None:
            raise Malformed("chance: second troll card")
        if t == "troll_card" and ph == "attack" and (s["surprise_card"] is not None or not any(e[1] == "surprise" for e in s["attack_queue"])):
            raise Malformed("chance: surprise card")
        if t == "delivery_card" and s["delivery_card"] is not None:
            raise Malformed("chance: delivery card already out")
    else:
        if ph in ("setup", "prepare", "reveal"):
            raise Malformed("chance: none pending in phase %s" % ph)
    if s["delivery_queue"] and ph != "delivery":
        raise Malformed("delivery_queue: outside the delivery phase")
    if ph == "delivery" and ch is None and s["delivery_card"] is None:
        raise Malformed("delivery_card: none")
    if ph == "attack" and ch is None:
        for e in s["attack_queue"]:
            if e[1] == "surprise" and s["surprise_card"] is None:
                raise Malformed("attack_queue: surprise attack with no card")
    # cards
    solo = n == 1
    evs = [e for e in s["events"] if e is not None]
    allev = sorted(e for e, v in EVENTS.items() if v["deck"] == ("solo" if solo else "multi"))
    if sorted(list(s["event_deck"]) + evs) != allev:
        raise Malformed("event_deck: event cards not conserved")
    dl = list(s["delivery_deck"]) + list(s["delivery_discard"]) + ([s["delivery_card"]] if s["delivery_card"] is not None else [])
    if sorted(dl) != ([] if solo else sorted(DELIV)):
        raise Malformed("delivery_deck: delivery cards not conserved")
    gl = list(s["goal_deck"])
    for gp in s["goals"]:
        if not isinstance(gp, dict) or set(gp) != {"players", "cards", "size"}:
            raise Malformed("goals")
        gl += list(gp["cards"])
        if len(gp["cards"]) > gp["size"]:
            raise Malformed("goals: too many cards")
    if any(len(set(gp["cards"])) != len(gp["cards"]) for gp in s["goals"]) or any(x not in GOALS for x in gl) or (solo and gl):
        raise Malformed("goal_deck: goal cards not conserved")
    exp = []
    if n == 2:
        exp = [([0, 1], 3)]
    elif n >= 3:
        exp = [(sorted([k, (k + 1) % n]), 1) for k in range(n)]
    dealt = [c for gp in s["goals"] for c in gp["cards"]]
    if len(set(dealt)) != len(dealt):
        raise Malformed("goals: a card dealt twice")
    if s["goals"] and [(gp["players"], gp["size"]) for gp in s["goals"]] != exp:
        raise Malformed("goals: not the neighbouring pairs")
    ab = list(s["ability_deck"]) + list(s["ability_bottom"])
    if len(set(ab)) != len(ab):
        raise Malformed("ability_bottom: card in two places")


# ---------------------------------------------------------------------- server
class Server:
    def __init__(self):
        self.g = None

    def handle(self, req):
        cmd = req.get("cmd")
        if cmd == "handshake":
            return {"protocol": 1, "engine": {"name": "gnomeville-corpus", "version": "0.1.0", "language": "python"},
                    "games": [{"id": "gnomeville", "min_players": 1, "max_players": 4, "options": dict(DEFAULT_OPTIONS)}],
                    "capabilities": ["load_state", "legal_actions", "chance", "outcome"]}
        if cmd == "new_game":
            if req.get("game") != "gnomeville":
                raise Unsupported("game %r" % req.get("game"))
            n = req.get("num_players")
            if not is_int(n):
                raise Malformed("num_players")
            if not 1 <= n <= 4:
                raise Unsupported("num_players %d" % n)
            opts = req.get("options") or {}
            check_options(opts)
            if "setup" in req and req["setup"] is not None:
                raise Unsupported("setup")
            self.g = Game.new(n, opts)
            return {"state": self.g.export()}
        if cmd == "load_state":
            st = copy.deepcopy(req.get("state"))
            validate(st)
            st.pop("to_act", None)
            if st["options"].get("params") == {}:
                st["options"].pop("params")
            full = dict(DEFAULT_OPTIONS)
            full.update(st["options"])
            st["options"] = full
            g = Game(st)
            st["to_act"] = []
            g.refresh_to_act()
            self.g = g
            return {"state": g.export()}
        if self.g is None:
            raise Malformed("no game")
        if cmd == "state":
            return {"state": self.g.export()}
        if cmd == "legal_actions":
            ta, acts, ch = self.g.legal()
            res = {"to_act": ta, "actions": acts}
            if ch is not None:
                res["chance"] = [{"action": a, "probability": "%d/%d" % (p.numerator, p.denominator)} for a, p in ch]
            return res
        if cmd == "apply":
            backup = copy.deepcopy(self.g.s)
            try:
                return self.g.apply(req.get("action"))
            except Exception:
                self.g.s = backup
                raise
        if cmd == "outcome":
            return self.g.outcome()
        if cmd == "stop":
            return {}
        raise Malformed("unknown cmd %r" % cmd)


def main():
    srv = Server()
    for line in sys.stdin:
        line = line.strip()
        if not line:
            continue
        try:
            req = json.loads(line)
            if not isinstance(req, dict):
                raise ValueError
        except Exception:
            print(json.dumps({"id": None, "ok": False, "error": {"kind": "malformed", "message": "not JSON"}}), flush=True)
            continue
        rid = req.get("id")
        try:
            res = srv.handle(req)
            out = {"id": rid, "ok": True, "result": res}
        except RuleError as e:
            out = {"id": rid, "ok": False, "error": {"kind": "illegal_action", "rule": e.rule, "message": e.msg}}
        except Malformed as e:
            out = {"id": rid, "ok": False, "error": {"kind": "malformed", "message": str(e)}}
        except Unsupported as e:
            out = {"id": rid, "ok": False, "error": {"kind": "unsupported", "message": str(e)}}
        except Exception as e:  # noqa
            import traceback
            traceback.print_exc(file=sys.stderr)
            out = {"id": rid, "ok": False, "error": {"kind": "internal", "message": repr(e)}}
        print(json.dumps(out), flush=True)
        if req.get("cmd") == "stop":
            return


if __name__ == "__main__":
    main()
