#!/usr/bin/env python3
"""Villagers (solo against the Countess): an independent engine for the rulespec
JSON-lines protocol, written from the public rulebook summary, rule catalogue,
schemas and scenarios only.  Python 3.11, stdlib only."""
import copy
import json
import os
import re
import sys
from fractions import Fraction

BUG = os.environ.get("CORPUS_BUG", "")
HERE = os.path.dirname(os.path.abspath(__file__))

# ---------------------------------------------------------------- components
# name: (suit, sym, parent, lock, food, build, gold, silver)
CARDS = {
    "Brewer": ("grain", 1, "Founders", "Cooper", 1, 1, 0, None),
    "Poulterer": ("grain", 1, "Founders", "Carpenter", 1, 0, 3, None),
    "Swineherd": ("grain", 1, "Founders", None, 1, 0, 2, None),
    "Truffler": ("grain", 1, "Swineherd", "Hunter", 1, 0, 8, None),
    "Carpenter": ("wood", 1, "Lumberjack", None, 0, 1, 0, None),
    "Cooper": ("wood", 1, "Lumberjack", "Blacksmith", 0, 0, 4, None),
    "Shipwright": ("wood", 1, "Lumberjack", None, 0, 1, 2, None),
    "Wheeler": ("wood", 1, "Lumberjack", None, 0, 0, 3, None),
    "Cartwright": ("wood", 1, "Wheeler", None, 0, 0, 9, None),
    "Wood Carver": ("wood", 1, "Lumberjack", None, 0, 0, 0, ("wood_gold", 1, 1)),
    "Log Rafter": ("wood", 2, "Lumberjack", None, 0, 0, 0, ("wood_symbols", 1, 1)),
    "Thatcher": ("hay", 1, "Hayer", None, 0, 1, 2, None),
    "Bed Builder": ("hay", 2, "Hayer", "Carpenter", 0, 0, 4, None),
    "Grazier": ("hay", 1, "Hayer", None, 1, 0, 0, None),
    "Milk Maid": ("hay", 1, "Grazier", "Cooper", 1 if BUG == "milk-maid-one-food" else 2, 0, 0, None),
    "Fromager": ("hay", 1, "Milk Maid", None, 1, 0, 15, None),
    "Peddler": ("hay", 1, "Hayer", "Cartwright", 0, 0, 0, ("gold_symbols", 2, 3)),
    "Horse Trader": ("hay", 1, "Hayer", None, 0, 0, 0, ("hay_symbols", 3, 2) if BUG == "horse-trader-two-per-three" else ("hay_symbols", 2, 3)),
    "Ore Muler": ("hay", 1, "Hayer", None, 0, 0, 0, ("ore_symbols", 3, 2) if BUG == "ore-muler-two-per-three" else ("ore_symbols", 2, 3)),
    "Blacksmith": ("ore", 1, "Miner", None, 0, 0, 2, None),
    "Glass Blower": ("ore", 2, "Miner", "Blacksmith", 0, 0, 4, None),
    "Mason": ("ore", 1, "Miner", None, 0, 1, 2, None),
    "Seeker": ("ore", 1, "Miner", None, 0, 0, 0, None),
    "Spelunker": ("ore", 1, "Seeker", "Chandler", 0, 0, 10, None),
    "Jeweler": ("ore", 1, "Spelunker", "Blacksmith", 0, 0, 20, None),
    "Locksmith": ("ore", 1, "Miner", "Blacksmith", 0, 0, 0, ("padlocks", 1, 2)),
    "Graper": ("grapes", 1, None, None, 1, 0, 0, None),
    "Vintner": ("grapes", 1, "Graper", "Cooper", 0, 0, 5, None),
    "Wine Trader": ("grapes", 1, "Vintner", "Glass Blower", 0, 0, 14, None),
    "Harvester": ("solitary", 1, None, None, 1, 0, 0, None),
    "Hunter": ("solitary", 1, None, None, 1, 0, 0, None),
    "Chandler": ("solitary", 2, None, None, 0, 0, 3, None),
    "Wattler": ("solitary", 1, None, None, 0, 1, 0, None),
    "Fisher": ("solitary", 1, None, None if BUG == "fisher-no-padlock" else "Shipwright", 1, 0, 3, None),
    "Beekeeper": ("solitary", 1, None, "Carpenter", 0, 0, 4, None),
    "Grocer": ("solitary", 1, None, "Harvester", 0, 0, 0, ("food", 3, 1) if BUG == "grocer-one-per-three" else ("food", 1, 3)),
    "Freemason": ("solitary", 1, None, "Brewer", 0, 0, 0, ("builders", 1, 2) if BUG == "freemason-two-per-builder" else ("builders", 1, 3)),
    "Priest": ("solitary", 1, None, "Chandler", 0, 0, 0, ("solitary_symbols", 2, 3)),
    "Agent": ("solitary", 1, None, None, 0, 0, 0, ("max_coins", 1, 1)),
    "Lumberjack": ("wood", 1, None, None, 0, 0, 0, None),
    "Hayer": ("hay", 1, None, None, 0, 0, 0, None),
    "Miner": ("ore", 1, None, None, 0, 0, 0, None),
}
BASICS = ("Hayer", "Lumberjack", "Miner")
DECK_NAMES = sorted(n for n in CARDS if n not in BASICS)
ROAD_START = ["Swineherd", "Carpenter", "Thatcher", "Blacksmith", "Grazier", "Hunter" if BUG == "road-hunter-for-harvester" else "Harvester"]
COPIES = {n: 2 + (1 if n in ROAD_START and BUG != "road-from-pool" else 0) for n in DECK_NAMES}
# keyring number: cards of the game that a villager unlocks
KEYRING = {}
for _n in DECK_NAMES:
    _l = CARDS[_n][3]
    if _l:
        KEYRING[_l] = KEYRING.get(_l, 0) + 2
_SPLIT = 12 if BUG == "summer-deck-e1-to-e11" else 13
SUMMER = ["e%d" % i for i in range(1, _SPLIT)]
WINTER = ["e%d" % i for i in range(_SPLIT, 25)]
TIMING = {e: "event" for e in SUMMER + WINTER}
TIMING.update({"e2": "reveal", "e13": "reveal", "e8": "build", "e12": "build",
               "e15": "build", "e24": "draft"})
EVENT_RULE = {
    "e1": "VL-EVENT-BANQUET", "e2": "VL-EVENT-MOOD-SWING", "e3": "VL-EVENT-BLACK-MARKET",
    "e4": "VL-EVENT-VAT", "e5": "VL-EVENT-LAND-CLAIM", "e6": "VL-EVENT-TEMP-EMPLOYMENT",
    "e7": "VL-EVENT-BRIBES", "e8": "VL-EVENT-SERFDOM", "e9": "VL-EVENT-CUSTOMS",
    "e10": "VL-EVENT-GUILD", "e11": "VL-EVENT-BETRAYER", "e12": "VL-EVENT-COUNTESS-BANK",
    "e13": "VL-EVENT-DARK-MOOD", "e14": "VL-EVENT-IT-WAS-YOU", "e15": "VL-EVENT-ARSON",
    "e16": "VL-EVENT-CONSCRIPTION", "e17": "VL-EVENT-TRIBUTE", "e18": "VL-EVENT-PROTECTION",
    "e19": "VL-EVENT-TRADE-NETWORK", "e20": "VL-EVENT-SPY-NETWORK", "e21": "VL-EVENT-BLACKMAIL",
    "e22": "VL-EVENT-ABDUCTION", "e23": "VL-EVENT-ARREST", "e24": "VL-EVENT-RATS",
}
# the choice field each event takes
EVENT_FIELD = {"e7": "card", "e11": "column", "e16": "stack", "e18": "coins",
               "e19": "value", "e20": "value", "e22": "card", "e23": "column"}

#: the rules with parameters and their names, as spec/villagers/rules.yaml gives them; a
#: params option naming another is malformed (spec/protocol/README.md, the params option)
CATALOGUE_PARAMS = {
    "VL-SETUP-ROAD": ("road",), "VL-SETUP-BASICS": ("each",), "VL-SETUP-GOLD": ("gold",),
    "VL-SETUP-STACKS": ("size", "stacks"), "VL-SETUP-HAND": ("hand",),
    "VL-SETUP-COUNTESS-GOLD": ("gold",), "VL-DRAFT-COUNT": ("base", "max"),
    "VL-BUILD-LIMIT": ("base", "max"), "VL-BUILD-BASIC-LIMIT": ("max",),
    "VL-LOCK-OWN": ("fee",), "VL-LOCK-COUNTESS": ("fee",), "VL-LOCK-BANK": ("fee",),
    "VL-EVENT-REVEAL": ("0", "1-9", "10+"),
}


DEFAULT_OPTIONS = {
    "icons_count_covered": True,
    "gold_top_only": True,
    "tie_break": "countess",
    "founders_branches": 2,
    "build_limit_dynamic": False,
    "countess_builds": "every_draft",
}
OPTION_VALUES = {
    "icons_count_covered": [True, False],
    "gold_top_only": [True, False],
    "tie_break": ["countess", "fewest_villagers"],
    "founders_branches": [1, 2, 3],
    "build_limit_dynamic": [False, True],
    "countess_builds": ["every_draft", "road_draft"],
}
PHASE_STEPS = {
    "setup": {"deal", "reveal"},
    "draft": {"rats", "take", "countess", "refill", "coin", "road_reserve"},
    "build": {"arson", "build"},
    "event": {"events", "countess_build", "reveal"},
    "over": {"over"},
}
CHANCE_STEP = {"hand": {"deal"}, "event": {"reveal"}, "square": {"countess", "refill"},
               "road": {"refill", "road_reserve"}, "countess": {"events"},
               "countess_reveal": {"countess_build"}}


class RuleError(Exception):
    def __init__(self, rule, msg):
        super().__init__(msg)
        self.rule = rule
        self.msg = msg


class Malformed(Exception):
    pass


class Unsupported(Exception):
    pass


def ekey(e):
    return int(e[1:])


def pkey(p):
    return (p["card"], p["coins"])


def colkey(col):
    return [pkey(p) for p in col]


def jkey(a):
    return json.dumps(a, sort_keys=True)


# ---------------------------------------------------------------- mini JSON schema
def _type_ok(v, t):
    if t == "object":
        return isinstance(v, dict)
    if t == "array":
        return isinstance(v, list)
    if t == "string":
        return isinstance(v, str)
    if t == "integer":
        return isinstance(v, int) and not isinstance(v, bool)
    if t == "boolean":
        return isinstance(v, bool)
    if t == "null":
        return v is None
    if t == "number":
        return isinstance(v, (int, float)) and not isinstance(v, bool)
    return False


def _eq(a, b):
    if isinstance(a, bool) or isinstance(b, bool):
        return type(a) is type(b) and a == b
    return a == b


def validate(v, s, root, path="$", bounds=True):
    if "$ref" in s:
        ref = s["$ref"].split("/")[-1]
        return validate(v, root["$defs"][ref], root, path, bounds)
    if "oneOf" in s:
        n = 0
        err = None
        for sub in s["oneOf"]:
            try:
                validate(v, sub, root, path, bounds)
                n += 1
            except Malformed as e:
                err = e
        if n != 1:
            raise Malformed("%s: does not match exactly one alternative (%s)" % (path, err))
        return
    if "const" in s and not _eq(v, s["const"]):
        raise Malformed("%s: must be %r" % (path, s["const"]))
    if "enum" in s and not any(_eq(v, x) for x in s["enum"]):
        raise Malformed("%s: %r not one of %r" % (path, v, s["enum"]))
    t = s.get("type")
    if t is not None and not _type_ok(v, t):
        raise Malformed("%s: expected %s" % (path, t))
    if isinstance(v, int) and not isinstance(v, bool) and bounds:
        if "minimum" in s and v < s["minimum"]:
            raise Malformed("%s: below %s" % (path, s["minimum"]))
        if "maximum" in s and v > s["maximum"]:
            raise Malformed("%s: above %s" % (path, s["maximum"]))
    if isinstance(v, str) and "pattern" in s and not re.search(s["pattern"], v):
        raise Malformed("%s: %r does not match" % (path, v))
    if isinstance(v, list):
        if "minItems" in s and len(v) < s["minItems"]:
            raise Malformed("%s: too few items" % path)
        if "maxItems" in s and len(v) > s["maxItems"]:
            raise Malformed("%s: too many items" % path)
        if s.get("uniqueItems") and len(set(map(jkey, v))) != len(v):
            raise Malformed("%s: duplicate items" % path)
        if "items" in s:
            for i, x in enumerate(v):
                validate(x, s["items"], root, "%s[%d]" % (path, i), bounds)
    if isinstance(v, dict):
        for r in s.get("required", []):
            if r not in v:
                raise Malformed("%s: missing %s" % (path, r))
        props = s.get("properties", {})
        for k, x in v.items():
            if "propertyNames" in s:
                validate(k, s["propertyNames"], root, path + ".<key>", bounds)
            if k in props:
                validate(x, props[k], root, path + "." + k, bounds)
            else:
                ap = s.get("additionalProperties", True)
                if ap is False:
                    raise Malformed("%s: unknown field %s" % (path, k))
                if isinstance(ap, dict):
                    validate(x, ap, root, path + "." + k, bounds)


with open(os.path.join(HERE, "state.schema.json")) as _f:
    STATE_SCHEMA = json.load(_f)
with open(os.path.join(HERE, "action.schema.json")) as _f:
    ACTION_SCHEMA = json.load(_f)


# ---------------------------------------------------------------- the game
class Game:
    def __init__(self, options):
        self.opt = options
        params = options.get("params", {})
        self.params = params

    def p(self, rule, key, default):
        v = self.params.get(rule, {}).get(key, default)
        return v

    # ----------------------------------------------------------- setup
    def new_state(self):
        unseen = {n: COPIES[n] - (1 if n in ROAD_START else 0) for n in DECK_NAMES}
        size = self.p("VL-SETUP-STACKS", "size", 6 if BUG == "stacks-of-six" else 5)
        nst = 6
        hidden = size * nst
        total = sum(unseen.values())
        s = {
            "game": "villagers", "num_players": 1, "options": self.opt,
            "to_act": ["chance"], "terminal": False, "round": 1, "phase": "setup",
            "step": "deal", "chance": {"kind": "hand", "stack": None},
            "player": {"gold": self.p("VL-SETUP-GOLD", "gold", 8) - (1 if BUG == "player-gold-funds-countess" else 0), "hand": [], "square": [],
                       "founders": "food" if BUG == "founders-starts-food-side" else "gold", "village": []},
            "countess": {"gold": self.p("VL-SETUP-COUNTESS-GOLD", "gold", 0 if BUG == "countess-starts-broke" else 1), "village": []},
            "road": [{"card": c, "coins": 0} for c in ROAD_START],
            "stacks": [{"known": [], "hidden": size,
                        "market": 1 if i == (2 if BUG == "first-market-third-stack" else 1) else (2 if i == 5 else None)} for i in range(nst)],
            "reserve": total - hidden,
            "unseen": unseen,
            "basics": {b: 10 // len(BASICS) if BUG == "basics-ten-in-all" else 10 for b in BASICS},
            "discard": {},
            "markets": {"first": "hidden", "second": "hidden"},
            "events": {"summer": list(SUMMER) + (list(WINTER) if BUG == "event-decks-combined" else []), "winter": [] if BUG == "event-decks-combined" else list(WINTER), "active": [], "discard": []},
            "jester": BUG != "no-jester-at-setup",
            "draft": {"limit": 0, "taken": 0},
            "build": {"limit": 0, "built": 0, "basics": 0},
            "reveal": {"left": 0, "deck": "summer"},
        }
        self.s = s
        self.normalize()
        return s

    # ----------------------------------------------------------- helpers
    def normalize(self):
        s = self.s
        s["player"]["hand"].sort()
        s["player"]["square"].sort()
        s["player"]["village"].sort(key=colkey)
        s["countess"]["village"].sort(key=pkey)
        s["road"].sort(key=pkey)
        s["unseen"] = {k: v for k, v in sorted(s["unseen"].items()) if v > 0}
        s["discard"] = {k: v for k, v in sorted(s["discard"].items()) if v > 0}
        for k in ("summer", "winter", "active", "discard"):
            s["events"][k].sort(key=ekey)
        if s["phase"] == "over":
            s["to_act"] = []
            s["terminal"] = True
        elif s["chance"] is not None:
            s["to_act"] = ["chance"]
            s["terminal"] = False
        else:
            s["to_act"] = [0]
            s["terminal"] = False

    def stack_has(self, i):
        st = self.s["stacks"][i]
        return len(st["known"]) + st["hidden"] > 0

    def active(self, e):
        return e in self.s["events"]["active"]

    def spend(self, e):
        ev = self.s["events"]
        if e in ev["active"]:
            ev["active"].remove(e)
            ev["discard"].append(e)
            ev["discard"].sort(key=ekey)

    def founders_chains(self, village=None):
        village = self.s["player"]["village"] if village is None else village
        return sum(1 for col in village if CARDS[col[0]["card"]][2] == "Founders")

    def founders_card(self):
        """(suit, sym, food, build, gold, covered) of the Founders."""
        covered = self.founders_chains() > 0
        if self.s["player"]["founders"] == "gold":
            return ("grain", 1, 0, 0, 2, covered)
        return ("grain", 1, 1, 0, 0, covered)

    def player_cards(self, icons=True):
        """Cards of the player's village as (name, coins, visible_top) tuples."""
        out = []
        for col in self.s["player"]["village"]:
            for i, pl in enumerate(col):
                out.append((pl["card"], pl["coins"], i == len(col) - 1))
        return out

    def icon_cards(self):
        """Cards whose icons count (covered ones too unless icons_count_covered is false)."""
        allc = self.opt["icons_count_covered"] and BUG != "icons-top-only"
        return [c for c in self.player_cards() if allc or c[2]]

    def founders_icons_count(self):
        f = self.founders_card()
        return self.opt["icons_count_covered"] or not f[5]

    def food_icons(self):
        n = sum(CARDS[c[0]][4] for c in self.icon_cards())
        if self.founders_icons_count():
            n += self.founders_card()[2]
        return n

    def builder_icons(self):
        return sum(CARDS[c[0]][5] for c in self.icon_cards())

    def visible_gold_cards(self):
        """printed gold values of player cards that show their gold."""
        top = self.opt["gold_top_only"] and BUG != "covered-gold-counts"
        vals = [CARDS[c[0]][6] for c in self.player_cards() if c[2] or not top]
        f = self.founders_card()
        if f[4] and (not f[5] or not top):
            vals.append(f[4])
        return vals

    def silver_value(self, name, side):
        kind, per, each = CARDS[name][7]
        cnt = self.silver_count(kind, side)
        return each * (-(-cnt // per) if BUG == "silver-round-up" else cnt // per)

    def silver_count(self, kind, side):
        if side == "player":
            cards = [c[0] for c in self.icon_cards()]
            top = self.opt["gold_top_only"]
            fi = self.founders_icons_count()
            f = self.founders_card()
            if kind == "wood_gold":
                return sum(self.wood_gold(c[0], c[1]) for c in self.player_cards()
                           if CARDS[c[0]][0] == "wood" and (c[2] or not top))
            if kind == "gold_symbols":
                return sum((g if BUG == "peddler-sums-gold" else 1) for g in self.visible_gold_cards() if g > 0)
            if kind == "max_coins":
                return (sum if BUG == "agent-sums-piles" else max)([c[1] for c in self.player_cards()] + [0])
            if kind == "wood_symbols":
                return sum((1 if BUG == "log-rafter-counts-cards" else CARDS[c][1]) for c in cards if CARDS[c][0] == "wood")
            if kind == "hay_symbols":
                return sum(CARDS[c][1] for c in cards if CARDS[c][0] == "hay")
            if kind == "ore_symbols":
                return sum(CARDS[c][1] for c in cards if CARDS[c][0] == "ore")
            if kind == "solitary_symbols":
                return sum((1 if BUG == "priest-counts-cards" else CARDS[c][1]) for c in cards if CARDS[c][0] == "solitary")
            if kind == "padlocks":
                return sum(1 for c in cards if (c in KEYRING if BUG == "locksmith-counts-keyrings" else CARDS[c][3]))
            if kind == "food":
                return self.food_icons()
            if kind == "builders":
                return self.builder_icons()
            raise ValueError(kind)
        vill = self.s["countess"]["village"]
        cards = [p["card"] for p in vill]
        if kind == "wood_gold":
            return sum(self.wood_gold(p["card"], p["coins"]) for p in vill if CARDS[p["card"]][0] == "wood")
        if kind == "gold_symbols":
            return sum((CARDS[c][6] if BUG == "peddler-sums-gold" else 1) for c in cards if CARDS[c][6] > 0) + (4 if BUG == "peddler-sums-gold" else 1)
        if kind == "max_coins":
            return max([p["coins"] for p in vill] + [0])
        if kind == "wood_symbols":
            return sum(CARDS[c][1] for c in cards if CARDS[c][0] == "wood")
        if kind == "hay_symbols":
            return sum(CARDS[c][1] for c in cards if CARDS[c][0] == "hay")
        if kind == "ore_symbols":
            return sum(CARDS[c][1] for c in cards if CARDS[c][0] == "ore")
        if kind == "solitary_symbols":
            return sum((1 if BUG == "priest-counts-cards" else CARDS[c][1]) for c in cards if CARDS[c][0] == "solitary")
        if kind == "padlocks":
            return sum(1 for c in cards if CARDS[c][3])
        if kind == "food":
            return sum(CARDS[c][4] for c in cards)
        if kind == "builders":
            return sum(CARDS[c][5] for c in cards)
        raise ValueError(kind)

    def wood_gold(self, name, coins):
        """VL-SILVER-WOOD-CARVER: what a wood villager adds to the Wood Carver (its printed gold)."""
        return CARDS[name][6] + (coins if BUG == "wood-carver-counts-coins" else 0)

    def silver_total(self, side):
        if side == "player":
            names = [c[0] for c in self.player_cards()]
        else:
            names = [p["card"] for p in self.s["countess"]["village"]]
        return sum(self.silver_value(n, side) for n in names if CARDS[n][7])

    def pay_countess(self, amount):
        s = self.s
        amount = (amount if amount <= s["player"]["gold"] else 0) if BUG == "pay-all-or-nothing" else min(amount, s["player"]["gold"])
        s["player"]["gold"] -= amount
        s["countess"]["gold"] += amount

    def draw_limit(self):
        base = self.p("VL-DRAFT-COUNT", "base", 2)
        mx = self.p("VL-DRAFT-COUNT", "max", 5)
        return (base + self.food_icons()) if BUG == "draft-no-cap" else min(mx, base + self.food_icons())

    def build_limit(self):
        base = self.p("VL-BUILD-LIMIT", "base", 2)
        mx = self.p("VL-BUILD-LIMIT", "max", 5)
        return min(mx, base + self.builder_icons())

    # ----------------------------------------------------------- market
    def market_income(self, second):
        s = self.s
        pg = sum(self.visible_gold_cards()) + (0 if (BUG == "first-market-no-coins" and not second) or (BUG == "second-market-no-coins" and second) else sum(c[1] for c in self.player_cards()))
        cg = (0 if BUG == "countess-card-gold-forgotten" else 4) + sum(CARDS[p["card"]][6] + p["coins"] for p in s["countess"]["village"])
        if second:
            pg += self.silver_total("player")
            cg += 0 if BUG == "countess-no-silver" else self.silver_total("countess")
        if BUG == "bank-holds-150-coins": bank = max(0, 150 - s["player"]["gold"] - s["countess"]["gold"] - sum(c[1] for c in self.player_cards()) - sum(p["coins"] for p in s["countess"]["village"] + s["road"])); pg = min(pg, bank); cg = min(cg, bank - pg)
        s["player"]["gold"] += pg
        s["countess"]["gold"] += cg if second or BUG != "countess-first-market-skipped" else 0
        for pl in ([x for col in s["player"]["village"] for x in col] + s["countess"]["village"] if BUG == "first-market-cashes-coins" and not second else []): pl["coins"] = 0

    def reveal_market_if_empty(self, i):
        s = self.s
        st = s["stacks"][i]
        if not st["known"] and st["hidden"] == 0 and st["market"] is not None:
            if st["market"] == 1:
                s["markets"]["first"] = "revealed"
                if BUG == "first-market-paid-at-reveal": self.market_income(False); s["markets"]["first"] = "resolved"
            else:
                s["markets"]["second"] = "revealed"
            st["market"] = None

    # ----------------------------------------------------------- flow
    def start_round(self, r):
        s = self.s
        s["round"] = r
        s["phase"] = "draft"
        s["draft"] = {"limit": self.draw_limit(), "taken": 0}
        s["step"] = "rats" if self.active("e24") else "take"

    def start_build(self):
        s = self.s
        s["phase"] = "build"
        s["build"] = {"limit": self.build_limit(), "built": 0, "basics": 0}
        s["step"] = "arson" if self.active("e15") else "build"

    def square_to_hand(self):
        """VL-DRAFT-SQUARE: the cards on the square go to the hand."""
        s = self.s
        s["player"]["hand"].extend(s["player"]["square"])
        s["player"]["square"] = []

    def end_draft(self):
        s = self.s
        self.square_to_hand()
        self.spend("e24")
        s["step"] = "coin"

    def can_take(self):
        s = self.s
        return bool(s["road"]) or any(self.stack_has(i) for i in range(6))

    def do_markets(self):
        s = self.s
        m = s["markets"]
        if m["second"] == "revealed":
            if m["first"] != "resolved":
                self.market_income(False)
                m["first"] = "resolved"
                if s["stacks"][1]["market"] == 1:
                    s["stacks"][1]["market"] = None
            self.market_income(True)
            for pl in ([x for col in s["player"]["village"] for x in col] + s["countess"]["village"] if BUG == "second-market-clears-coins" else []): pl["coins"] = 0
            m["second"] = "resolved"
            s["phase"] = "over"
            s["step"] = "over"
            s["chance"] = None
            s["reveal"]["left"] = 0
            return
        if m["first"] == "revealed":
            self.market_income(False)
            m["first"] = "resolved"
        self.start_round(s["round"] + 1)

    def advance(self):
        s = self.s
        for _ in range(10000):
            if s["phase"] == "over" or s["chance"] is not None:
                break
            st = s["step"]
            if st == "deal":
                if len(s["player"]["hand"]) < self.p("VL-SETUP-HAND", "hand", 5) + (1 if BUG == "setup-six-cards" else 0) and s["reserve"] > 0:
                    s["chance"] = {"kind": "hand", "stack": None}
                else:
                    s["step"] = "reveal"
                    s["reveal"] = {"left": 0 if BUG == "setup-no-event" else 1, "deck": "summer"}
            elif st == "reveal":
                deck = s["reveal"]["deck"]
                if s["reveal"]["left"] > 0 and s["events"][deck]:
                    s["chance"] = {"kind": "event", "deck": deck}
                else:
                    s["reveal"]["left"] = 0
                    if s["phase"] == "setup":
                        self.start_round(1)
                    else:
                        self.do_markets()
            elif st == "rats":
                if not self.active("e24"):
                    s["step"] = "take"
                else:
                    break
            elif st == "take":
                if s["draft"]["taken"] >= s["draft"]["limit"] or not self.can_take():
                    self.end_draft()
                else:
                    break
            elif st == "countess":
                if not s["road"]:
                    s["step"] = "refill"
                else:
                    break
            elif st == "refill":
                if self.refill_step():
                    break
                s["draft"]["taken"] += 1
                if BUG == "square-to-hand-each-repetition": self.square_to_hand()
                s["step"] = "take"
            elif st == "coin":
                if not s["road"] and BUG != "empty-road-coin-step-asked":
                    s["step"] = "road_reserve"
                else:
                    break
            elif st == "road_reserve":
                if BUG == "discard-refill-from-stacks" and self.refill_step():
                    break
                if len(s["road"]) < 6 and s["reserve"] > 0:
                    s["chance"] = {"kind": "road", "stack": None}
                else:
                    self.start_build()
            elif st == "arson":
                if not self.active("e15"):
                    s["step"] = "build"
                else:
                    break
            elif st == "build":
                break
            elif st == "events":
                if any(TIMING[e] == "event" for e in s["events"]["active"]):
                    break
                if s["markets"]["second"] == "revealed" and BUG != "final-round-countess-builds":
                    self.do_markets()
                else:
                    s["step"] = "countess_build"
            elif st == "countess_build":
                if s["reserve"] > 0:
                    s["chance"] = {"kind": "countess_reveal", "stack": None}
                elif BUG == "no-reserve-reveals-three":
                    s["reveal"] = {"left": 3, "deck": "winter" if s["markets"]["first"] == "resolved" else "summer"}; s["step"] = "reveal"
                else:
                    self.do_markets()
            else:
                raise RuntimeError("bad step " + st)
        self.normalize()

    def refill_step(self):
        """Fill empty road places; True when a chance draw is pending."""
        s = self.s
        while len(s["road"]) < 6:
            if BUG == "refill-stops-without-reserve" and s["reserve"] == 0: break
            src = None
            for i in (range(5, -1, -1) if BUG == "refill-rightmost" else range(1) if BUG == "refill-first-stack-only" else range(6)):
                if self.stack_has(i):
                    src = i
                    break
            if src is not None:
                st = s["stacks"][src]
                if st["known"]:
                    c = st["known"].pop()
                    s["road"].append({"card": c, "coins": 0})
                    self.reveal_market_if_empty(src)
                    continue
                s["chance"] = {"kind": "road", "stack": src}
                return True
            if s["reserve"] > 0 and BUG != "refill-no-reserve":
                s["chance"] = {"kind": "road", "stack": None}
                return True
            break
        return False

    # ----------------------------------------------------------- legal actions
    def lock_cost(self, card):
        """(where, fee) for building card: where in own/countess/bank/None."""
        lock = CARDS[card][3]
        if not lock:
            return (None, 0)
        if any(c[0] == lock for c in self.player_cards()):
            return ("own", 0)
        if BUG != "countess-cards-unlock-nothing" and any(p["card"] == lock for p in self.s["countess"]["village"]):
            return ("countess", self.p("VL-LOCK-COUNTESS", "fee", 2))
        fee = self.p("VL-LOCK-BANK", "fee", 2)
        if self.active("e12"):
            fee = max(fee, 3)
        return (None, 0) if BUG == "no-unlocker-no-padlock" else ("bank", fee)

    def can_pay(self, fee):
        """VL-LOCK-AFFORD: a padlock fee is payable when it does not exceed the supply."""
        gold = self.s["player"]["gold"]
        return (fee == 0 or fee < gold) if BUG == "padlock-needs-spare-gold" else fee <= gold

    def may_build_more(self, b):
        """VL-BUILD-LIMIT: another build from hand while fewer than the limit were made."""
        return b["built"] <= b["limit"] if BUG == "build-limit-one-more" else b["built"] < b["limit"]

    def return_stack_ok(self, i):
        """VL-BUILD-RETURN-STACK: a returned hand card goes on a stack that still holds cards."""
        return True if BUG == "return-to-empty-stack" else self.stack_has(i)

    def build_columns(self, card):
        """valid columns (None for a new chain) ignoring padlocks; and the rule if none."""
        parent = CARDS[card][2]
        vill = self.s["player"]["village"]
        if parent is None:
            return [None]
        if parent == "Founders":
            if self.founders_chains() <= self.opt["founders_branches"] if BUG == "founders-one-more-branch" else self.founders_chains() < self.opt["founders_branches"]:
                return [None]
            return []
        return [i for i, col in enumerate(vill) if (any(pl["card"] == parent for pl in col) if BUG == "child-on-covered-parent" else col[-1]["card"] == parent)]

    def player_actions(self):
        s = self.s
        acts = []
        st = s["step"]
        if st == "rats":
            acts.append({"actor": 0, "type": "rats", "choice": "fewer"})
            if s["player"]["gold"] >= 3:
                acts.append({"actor": 0, "type": "rats", "choice": "pay"})
        elif st == "arson":
            acts.append({"actor": 0, "type": "arson", "choice": "fewer"})
            if s["player"]["gold"] >= 3:
                acts.append({"actor": 0, "type": "arson", "choice": "pay"})
        elif st == "take":
            for p in s["road"]:
                acts.append({"actor": 0, "type": "take_road", "card": p["card"], "coins": p["coins"]})
            for i in range(6):
                if self.stack_has(i):
                    acts.append({"actor": 0, "type": "take_stack", "stack": i})
                    if BUG == "draft-leftmost-stack-only":
                        break
        elif st == "countess":
            for p in s["road"]:
                acts.append({"actor": 0, "type": "countess_build", "card": p["card"], "coins": p["coins"]})
        elif st == "coin":
            acts.append({"actor": 0, "type": "no_coin"})
            for p in s["road"]:
                acts.append({"actor": 0, "type": "place_coin", "card": p["card"], "coins": p["coins"]})
        elif st == "build":
            if self.may_end_build():
                acts.append({"actor": 0, "type": "end_build"})
            b = s["build"]
            hand = sorted(set(s["player"]["hand"]))
            acts.extend(self.hand_builds())
            if b["basics"] < self.p("VL-BUILD-BASIC-LIMIT", "max", 3):
                serf = self.active("e8")
                stacks = [None] if serf else [i for i in range(6) if self.return_stack_ok(i)]
                for bas in BASICS:
                    if s["basics"][bas] <= 0:
                        continue
                    for c in hand:
                        for i in stacks:
                            acts.append({"actor": 0, "type": "build_basic", "basic": bas,
                                         "return": c, "stack": i})
        elif st == "events":
            for e in s["events"]["active"]:
                if TIMING[e] != "event" or not self.in_order(e):
                    continue
                for ch in self.event_choices(e):
                    a = {"actor": 0, "type": "resolve_event", "event": e}
                    if ch is not None:
                        a[EVENT_FIELD[e]] = None if ch == "reserve" else ch
                    acts.append(a)
        if s["jester"]:
            for e in s["events"]["active"]:
                acts.append({"actor": 0, "type": "jester", "event": e})
        return acts

    def hand_builds(self):
        """The builds from hand open now (build step)."""
        s = self.s
        b = s["build"]
        acts = []
        if self.may_build_more(b) and (BUG != "hand-builds-before-basics" or b["basics"] == 0):
            for c in sorted(set(s["player"]["hand"])):
                where, fee = self.lock_cost(c)
                if not self.can_pay(fee):
                    continue
                for col in self.build_columns(c):
                    acts.append({"actor": 0, "type": "build", "card": c, "column": col})
        return acts

    def may_end_build(self):
        """VL-BUILD-OPTIONAL: the player ends the build phase at will."""
        return not self.hand_builds() if BUG == "hand-builds-compulsory" else True

    def in_order(self, e):
        """VL-EVENT-ORDER: the active events timed 'event' are resolved in any order."""
        return e == min((x for x in self.s["events"]["active"] if TIMING[x] == "event"), key=ekey) if BUG == "events-fixed-order" else True

    def event_choices(self, e):
        """list of choice values (None = no field)."""
        s = self.s
        if e not in EVENT_FIELD:
            return [None]
        if e == "e7":
            ch = sorted({p["card"] for p in s["countess"]["village"] if p["card"] in KEYRING})
        elif e in ("e11", "e23"):
            ch = [i for i, col in enumerate(s["player"]["village"]) if col[-1]["card"] not in BASICS or (BUG == "betrayer-takes-basics" and e == "e11") or (BUG == "arrest-takes-basics" and e == "e23")]
        elif e == "e16":
            ch = [i for i in range(6) if self.stack_has(i)]
            if s["reserve"] > 0 and BUG != "conscription-stacks-only":
                ch.append("reserve")
        elif e == "e18":
            ch = [max([c[1] for c in self.player_cards()] + [0])] if BUG == "protection-largest-pile" else sorted({c[1] for c in self.player_cards()} | {0})
        elif e == "e19":
            ch = sorted({self.silver_value(p["card"], "countess") for p in s["countess"]["village"]
                         if CARDS[p["card"]][7]})[-1 if BUG == "trade-network-takes-best" else 0:]
        elif e == "e20":
            ch = sorted({self.silver_value(c[0], "countess" if BUG == "spy-network-values-her-village" else "player") for c in self.player_cards()
                         if CARDS[c[0]][7]})
        elif e == "e22":
            ch = sorted(set(s["player"]["hand"]))
        else:
            ch = []
        return ch if ch else [None]

    def chance_outcomes(self):
        s = self.s
        ch = s["chance"]
        if ch["kind"] == "event":
            deck = s["events"][ch["deck"]]
            n = len(deck)
            return [({"actor": "chance", "type": "event", "event": e}, Fraction(1, n)) for e in deck]
        if ch["kind"] in ("square", "road", "countess") and ch.get("stack") is not None:
            st = s["stacks"][ch["stack"]]
            if st["known"]:
                return [({"actor": "chance", "type": "draw", "card": st["known"][-1]}, Fraction(1))]
        tot = sum(s["unseen"].values())
        return [({"actor": "chance", "type": "draw", "card": c}, Fraction(n, tot))
                for c, n in sorted(s["unseen"].items()) if n > 0]

    def legal(self):
        s = self.s
        if s["phase"] == "over":
            return {"to_act": [], "actions": []}
        if s["chance"] is not None:
            outs = self.chance_outcomes()
            return {"to_act": ["chance"], "actions": [a for a, _ in outs],
                    "chance": [{"action": a, "probability": "%d/%d" % (p.numerator, p.denominator)}
                               for a, p in outs]}
        acts = list({jkey(x): x for x in self.player_actions()}.values())
        acts.sort(key=jkey)
        return {"to_act": [0], "actions": acts}

    # ----------------------------------------------------------- apply
    def apply(self, a):
        s = self.s
        if not isinstance(a, dict):
            raise Malformed("action must be an object")
        a = dict(a)
        if a.get("type") == "resolve_event":
            for k in ("card", "column", "stack", "coins", "value"):
                if k in a and a[k] is None and not (k == "stack" and a.get("event") == "e16"):
                    del a[k]
        validate(a, ACTION_SCHEMA, ACTION_SCHEMA, "action", bounds=False)
        if a["actor"] == "chance":
            if s["chance"] is None:
                raise RuleError("VL-ROUND-ORDER", "chance is not to act")
            self.apply_chance(a)
        else:
            if s["phase"] == "over":
                raise RuleError("VL-END-GAME", "the game is over")
            if s["chance"] is not None:
                raise RuleError("VL-ROUND-ORDER", "chance is to act")
            self.apply_player(a)
        self.advance()

    def apply_chance(self, a):
        s = self.s
        ch = s["chance"]
        kind = ch["kind"]
        if kind == "event":
            if a["type"] != "event":
                raise Malformed("an event reveal is expected")
            e = a["event"]
            deck = ch["deck"]
            if e not in s["events"][deck]:
                raise RuleError("VL-EVENT-DECKS", "%s is not in the %s deck" % (e, deck))
            s["events"][deck].remove(e)
            s["chance"] = None
            left = s["reveal"]["left"] - 1
            if e == "e2":
                s["events"]["discard"].append(e)
                left += 0 if BUG == "mood-swing-no-replacement" else 1
            elif e == "e13":
                s["events"]["discard"].append(e)
                left += 1 if BUG == "dark-mood-one-more" else 2
            else:
                s["events"]["active"].append(e)
            s["reveal"]["left"] = max(left, 0)
            return
        if a["type"] != "draw":
            raise Malformed("a card draw is expected")
        c = a["card"]
        stack = ch.get("stack")
        if stack is not None and s["stacks"][stack]["known"]:
            st = s["stacks"][stack]
            if c != st["known"][-1]:
                raise RuleError("VL-COMP-CARDS", "the top card of the stack is %s" % st["known"][-1])
            st["known"].pop()
        else:
            if s["unseen"].get(c, 0) <= 0:
                raise RuleError("VL-COMP-CARDS", "no unseen %s is left" % c)
            s["unseen"][c] -= 1
            if stack is None:
                s["reserve"] -= 1
            else:
                s["stacks"][stack]["hidden"] -= 1
        if stack is not None:
            self.reveal_market_if_empty(stack)
        s["chance"] = None
        if kind == "hand":
            s["player"]["hand"].append(c)
        elif kind == "square":
            s["player"]["hand" if BUG == "stack-draft-skips-square" else "square"].append(c)
            if self.opt["countess_builds"] == "road_draft" or BUG == "countess-road-draft-only":
                s["step"] = "refill"
            else:
                s["step"] = "countess"
        elif kind == "road":
            s["road"].append({"card": c, "coins": 0})
        elif kind == "countess":
            s["countess"]["village"].append({"card": c, "coins": 0})
        elif kind == "countess_reveal":
            if BUG == "countess-reserve-card-discarded": s["discard"][c] = s["discard"].get(c, 0) + 1
            else: s["countess"]["village"].append({"card": c, "coins": 0})
            if CARDS[c][7] and BUG != "reveal-silver-as-printed":
                val = self.silver_value(c, "countess")
            else:
                val = CARDS[c][6]
            n = 3 if val == 0 else (2 if val <= (10 if BUG == "reveal-ten-counts-low" else 9) else 1)
            deck = "winter" if BUG != "event-decks-combined" and s["markets"]["first"] in (("revealed", "resolved") if BUG == "winter-on-first-reveal" else ("resolved",)) else "summer"
            s["reveal"] = {"left": n, "deck": deck}
            s["step"] = "reveal"

    def find_road(self, card, coins, rule):
        for i, p in enumerate(self.s["road"]):
            if p["card"] == card and p["coins"] == coins:
                return i
        raise RuleError(rule, "no %s with %d coins on the road" % (card, coins))

    def apply_player(self, a):
        s = self.s
        t = a["type"]
        st = s["step"]
        if t == "jester":
            if not s["jester"]:
                raise RuleError("VL-EVENT-JESTER", "the Jester is used")
            if a["event"] not in s["events"]["active"]:
                raise RuleError("VL-EVENT-JESTER", "%s is not active" % a["event"])
            s["jester"] = BUG == "jester-reusable"
            self.spend(a["event"])
            return
        if t == "rats":
            if st != "rats":
                raise RuleError("VL-EVENT-RATS", "no Rats choice now")
            if a["choice"] == "pay":
                if s["player"]["gold"] < 3:
                    raise RuleError("VL-EVENT-RATS", "3 gold needed")
                s["player"]["gold"] -= 3
                s["countess"]["gold"] += 3 if BUG == "rats-paid-to-countess" else 0
            else:
                s["draft"]["limit"] = max(0, s["draft"]["limit"] - 1)
            s["step"] = "take"
            return
        if t == "arson":
            if st != "arson":
                raise RuleError("VL-EVENT-ARSON", "no Arson choice now")
            if a["choice"] == "pay":
                if s["player"]["gold"] < 3:
                    raise RuleError("VL-EVENT-ARSON", "3 gold needed")
                s["player"]["gold"] -= 3
                s["countess"]["gold"] += 3 if BUG == "arson-paid-to-countess" else 0
            else:
                s["build"]["limit"] = max(0, s["build"]["limit"] - 1)
            s["step"] = "build"
            return
        if t == "take_road":
            if st != "take":
                raise RuleError("VL-DRAFT-TAKE", "not the draft step")
            i = self.find_road(a["card"], a["coins"], "VL-DRAFT-TAKE")
            p = s["road"].pop(i)
            s["player"]["hand" if BUG == "road-take-to-hand" else "square"].append(p["card"])
            s["player"]["gold"] += 0 if BUG == "road-coins-lost" else p["coins"]
            s["step"] = "countess"
            return
        if t == "take_stack":
            if st != "take":
                raise RuleError("VL-DRAFT-STACK", "not the draft step")
            i = a["stack"]
            if not (0 <= i < 6) or not self.stack_has(i):
                raise RuleError("VL-DRAFT-STACK", "no card in stack %d" % i)
            stk = s["stacks"][i]
            if stk["known"]:
                c = stk["known"].pop()
                s["player"]["hand" if BUG == "stack-draft-skips-square" else "square"].append(c)
                self.reveal_market_if_empty(i)
                s["step"] = "refill" if self.opt["countess_builds"] == "road_draft" else "countess"
            else:
                # The step names what follows the draw: under road_draft the Countess
                # does not build after a stack draft, so it is already "refill".
                s["step"] = "refill" if self.opt["countess_builds"] == "road_draft" else "countess"
                s["chance"] = {"kind": "square", "stack": i}
            return
        if t == "countess_build":
            if st != "countess":
                raise RuleError("VL-DRAFT-COUNTESS", "not the Countess's draft step")
            i = self.find_road(a["card"], a["coins"], "VL-DRAFT-COUNTESS")
            p = s["road"].pop(i)
            s["countess" if BUG == "countess-takes-road-coins" else "player"]["gold"] += p["coins"]
            s["countess"]["village"].append({"card": p["card"], "coins": 0})
            s["step"] = "refill"
            return
        if t in ("place_coin", "no_coin"):
            if st != "coin":
                raise RuleError("VL-DRAFT-BANKCOIN", "not the coin step")
            if t == "place_coin":
                i = self.find_road(a["card"], a["coins"], "VL-DRAFT-BANKCOIN")
                s["road"][i]["coins"] += 1
                s["player"]["gold"] -= 1 if BUG == "bankcoin-from-supply" and s["player"]["gold"] > 0 else 0
            stays = lambda p: p["coins"] > 0 or BUG == "road-not-discarded"  # noqa: E731
            kept = [p for p in s["road"] if stays(p)]
            for p in s["road"]:
                if not stays(p):
                    s["discard"][p["card"]] = s["discard"].get(p["card"], 0) + 1
            s["road"] = kept
            s["step"] = "road_reserve"
            return
        if t == "build":
            self.do_build(a)
            return
        if t == "build_basic":
            self.do_build_basic(a)
            return
        if t == "end_build":
            if st != "build":
                raise RuleError("VL-BUILD-OPTIONAL", "not the build step")
            if not self.may_end_build():
                raise RuleError("VL-BUILD-OPTIONAL", "a build from hand is still open")
            if self.food_icons() == 0:
                s["player"]["founders"] = "food"
            s["player"]["founders"] = "gold" if BUG == "founders-flips-back" and sum(CARDS[c[0]][4] for c in self.icon_cards()) > 0 else s["player"]["founders"]
            for e in (() if BUG == "build-events-linger" else ("e8", "e12", "e15")):
                self.spend(e)
            s["phase"] = "event"
            s["step"] = "events"
            if BUG == "market-before-events" and s["markets"]["first"] == "revealed": self.market_income(False); s["markets"]["first"] = "resolved"
            return
        if t == "resolve_event":
            self.resolve_event(a)
            return
        raise Malformed("unknown action type %r" % t)

    def do_build(self, a):
        s = self.s
        if s["step"] != "build":
            raise RuleError("VL-BUILD-HAND", "not the build step")
        c = a["card"]
        if c not in s["player"]["hand"]:
            raise RuleError("VL-BUILD-HAND", "%s is not in hand" % c)
        b = s["build"]
        if not self.may_build_more(b):
            raise RuleError("VL-BUILD-LIMIT", "no build from hand is left")
        parent = CARDS[c][2]
        col = a["column"]
        vill = s["player"]["village"]
        if parent is None:
            if col is not None:
                raise RuleError("VL-CHAIN-ON", "%s starts a new chain" % c)
        elif parent == "Founders":
            if col is not None:
                raise RuleError("VL-CHAIN-ON", "%s goes on the Founders" % c)
            if not self.build_columns(c):
                raise RuleError("VL-CHAIN-FOUNDERS", "the Founders carries no more branches")
        else:
            if col is None or not (0 <= col < len(vill)) or col not in self.build_columns(c):
                raise RuleError("VL-CHAIN-ON", "%s goes on top of a %s" % (c, parent))
        where, fee = self.lock_cost(c)
        if where == "countess" and not self.can_pay(fee):
            raise RuleError("VL-LOCK-COUNTESS", "cannot pay the padlock")
        if where == "bank" and not self.can_pay(fee):
            raise RuleError("VL-LOCK-BANK", "cannot pay the padlock")
        new = {"card": c, "coins": 0}
        lock = CARDS[c][3]
        if where == "own":
            fee_own = self.p("VL-LOCK-OWN", "fee", 2)
            # the first unlocker in canonical order (fewest coins among equal names)
            best = None
            for column in vill:
                for pl in column:
                    if pl["card"] == lock and (best is None or pl["coins"] < best["coins"]):
                        best = pl
            (new if BUG == "lock-coins-on-new-card" else best)["coins"] += fee_own
            s["player"]["gold"] -= min(fee_own, s["player"]["gold"]) if BUG == "lock-own-from-supply" else 0
        elif where == "countess":
            best = None
            for pl in s["countess"]["village"]:
                if pl["card"] == lock and (best is None or pl["coins"] < best["coins"]):
                    best = pl
            s["player"]["gold"] -= fee
            if BUG == "countess-lock-to-supply": s["countess"]["gold"] += fee
            else: best["coins"] += fee
        elif where == "bank":
            s["player"]["gold"] -= fee
            s["countess"]["gold"] += fee - self.p("VL-LOCK-BANK", "fee", 2) if BUG == "bank-surcharge-to-countess" and self.active("e12") else 0
        s["player"]["hand"].remove(c)
        if col is None:
            vill.append([new])
        else:
            vill[col].append(new)
        b["built"] += 1
        if self.opt["build_limit_dynamic"] or BUG == "build-limit-grows-now":
            b["limit"] = min(self.p("VL-BUILD-LIMIT", "max", 5), b["limit"] + CARDS[c][5])

    def do_build_basic(self, a):
        s = self.s
        if s["step"] != "build":
            raise RuleError("VL-BUILD-BASIC", "not the build step")
        b = s["build"]
        if b["basics"] >= self.p("VL-BUILD-BASIC-LIMIT", "max", 3):
            raise RuleError("VL-BUILD-BASIC-LIMIT", "three basic villagers already")
        r = a["return"]
        if r not in s["player"]["hand"]:
            raise RuleError("VL-BUILD-BASIC", "%s is not in hand" % r)
        bas = a["basic"]
        if s["basics"][bas] <= 0:
            raise RuleError("VL-BUILD-BASIC", "no %s left" % bas)
        i = a["stack"]
        if self.active("e8"):
            if i is not None:
                raise RuleError("VL-EVENT-SERFDOM", "under Serfdom the card goes to the Countess")
        else:
            if i is None or not (0 <= i < 6) or not self.return_stack_ok(i):
                raise RuleError("VL-BUILD-BASIC", "no stack %s to return to" % i)
        if BUG != "basic-keeps-hand-card": s["player"]["hand"].remove(r)
        if i is None and BUG == "serfdom-card-discarded":
            s["discard"][r] = s["discard"].get(r, 0) + 1
        elif i is None:
            s["countess"]["village"].append({"card": r, "coins": 0})
        else:
            if BUG == "returned-card-shuffled-in": s["stacks"][i]["hidden"] += 1; s["unseen"][r] = s["unseen"].get(r, 0) + 1
            else: s["stacks"][i]["known"].append(r)
        s["basics"][bas] -= 0 if BUG == "basics-unlimited" else 1
        s["player"]["village"].append([{"card": bas, "coins": 0}])
        b["basics"] += 1
        b["built"] += 1 if BUG == "basic-counts-toward-limit" and b["built"] < b["limit"] else 0

    def resolve_event(self, a):
        s = self.s
        e = a["event"]
        if s["step"] != "events" or e not in s["events"]["active"] or TIMING[e] != "event" or not self.in_order(e):
            raise RuleError("VL-EVENT-ORDER", "%s cannot be resolved now" % e)
        rule = EVENT_RULE[e]
        field = EVENT_FIELD.get(e)
        for k in ("card", "column", "stack", "coins", "value"):
            if k in a and k != field:
                raise RuleError(rule, "%s takes no %s" % (e, k))
        choices = self.event_choices(e)
        if field is not None:
            if choices == [None]:
                if field in a:
                    raise RuleError(rule, "no choice is possible")
                ch = None
            else:
                if field not in a:
                    raise Malformed("%s needs its %s" % (e, field))
                ch = a[field]
                if e == "e16" and ch is None:
                    ch = "reserve"
                if ch not in choices:
                    raise RuleError(rule, "%r is not a choice" % (ch,))
        else:
            ch = None
        pl = s["player"]
        co = s["countess"]
        vill = pl["village"]
        if e == "e1":
            co["gold"] += 2 * (self.food_icons() if BUG == "banquet-player-food" else self.silver_count("food", "countess"))
        elif e == "e3":
            pl["gold"] += self.silver_total("player")
            co["gold"] += 0 if BUG == "black-market-player-only" else self.silver_total("countess")
        elif e == "e4":
            self.pay_countess(sum((g if BUG == "vat-per-gold-value" else 1) for g in self.visible_gold_cards() if g > 0))
        elif e == "e5":
            n = sum(1 for c in self.icon_cards() if c[0] in BASICS and (c[2] or BUG != "land-claim-visible-basics-only"))
            self.pay_countess(2 * n)
        elif e == "e6":
            co["gold"] += 2 * (len(pl["hand"]) if BUG == "temp-work-per-card" else len({CARDS[c][0] for c in pl["hand"]}))
        elif e == "e7":
            if ch is not None:
                best = None
                for p in co["village"]:
                    if p["card"] == ch and (best is None or p["coins"] < best["coins"]):
                        best = p
                best["coins"] += KEYRING[ch] // 2 if BUG == "bribes-counts-kinds" else KEYRING[ch]
        elif e == "e9":
            counts = {}
            for c in self.player_cards():
                su = CARDS[c[0]][0]
                counts[su] = counts.get(su, 0) + (0 if BUG == "customs-top-villagers-only" and not c[2] else 1)
            counts["grain"] = counts.get("grain", 0) + 1  # the Founders
            self.pay_countess(max(counts.values()) if counts else 0)
        elif e == "e10":
            for p in co["village"]:
                if p["card"] in KEYRING:
                    (co if BUG == "guild-gold-to-supply" else p)["gold" if BUG == "guild-gold-to-supply" else "coins"] += 2
        elif e == "e11":
            if ch is not None:
                p = vill[ch].pop()
                if not vill[ch]:
                    vill.pop(ch)
                co["village"].append(p)
        elif e == "e14":
            s["jester"] = False
        elif e == "e16":
            if ch == "reserve":
                s["chance"] = {"kind": "countess", "stack": None}
            elif ch is not None:
                stk = s["stacks"][ch]
                if stk["known"]:
                    c = stk["known"].pop()
                    co["village"].append({"card": c, "coins": 0})
                    self.reveal_market_if_empty(ch)
                else:
                    s["chance"] = {"kind": "countess", "stack": ch}
        elif e == "e17":
            if BUG == "tribute-to-bank": pl["gold"] -= min(len(pl["hand"]), pl["gold"])
            else: self.pay_countess(len(pl["hand"]))
        elif e == "e18":
            self.pay_countess(ch or 0)
        elif e == "e19":
            co["gold"] += ch or 0
        elif e == "e20":
            co["gold"] += ch or 0
        elif e == "e21":
            vals = [CARDS[c[0]][6] for c in self.player_cards()]
            if pl["founders"] == "gold":
                vals.append(2)
            if BUG == "blackmail-paid-by-player": self.pay_countess(max(vals + [0]))
            else: co["gold"] += max(vals + [0])
        elif e == "e22":
            if ch is not None:
                pl["hand"].remove(ch)
                if BUG == "abducted-card-to-countess": co["village"].append({"card": ch, "coins": 0})
                else: s["discard"][ch] = s["discard"].get(ch, 0) + 1
        elif e == "e23":
            if ch is not None:
                p = vill[ch].pop()
                if not vill[ch]:
                    vill.pop(ch)
                s["discard"][p["card"]] = s["discard"].get(p["card"], 0) + 1
        self.spend(e)

    # ----------------------------------------------------------- outcome
    def outcome(self):
        s = self.s
        pg = s["player"]["gold"] + (sum(c[1] for c in self.player_cards()) if BUG == "coins-on-cards-count-at-end" else 0)
        cg = s["countess"]["gold"]
        winners = []
        if s["terminal"]:
            if (pg >= cg) if BUG == "tie-player-wins" else (pg > cg):
                winners = [0]
            elif pg == cg and self.opt["tie_break"] == "fewest_villagers":
                pv = sum(len(col) for col in s["player"]["village"])
                cv = len(s["countess"]["village"])
                if pv < cv:
                    winners = [0]
        return {"terminal": s["terminal"], "scores": [pg], "winners": winners,
                "details": {"countess": cg}}

    # ----------------------------------------------------------- load
    def load(self, st):
        validate(st, STATE_SCHEMA, STATE_SCHEMA, "state")
        s = copy.deepcopy(st)
        self.s = s
        self.check_state()
        self.normalize()
        self.advance()

    def check_state(self):
        s = self.s
        opt = s["options"]
        if s["phase"] not in PHASE_STEPS or s["step"] not in PHASE_STEPS[s["phase"]]:
            raise Malformed("step %s is not in phase %s" % (s["step"], s["phase"]))
        pl = s["player"]
        for c in pl["hand"] + pl["square"]:
            if c in BASICS:
                raise Malformed("a basic villager is only in the village")
        for p in s["road"] + s["countess"]["village"]:
            if p["card"] in BASICS:
                raise Malformed("a basic villager is only in the player's village")
        for stk in s["stacks"]:
            for c in stk["known"]:
                if c in BASICS:
                    raise Malformed("a basic villager in a stack")
        for c in list(s["unseen"]) + list(s["discard"]):
            if c in BASICS:
                raise Malformed("a basic villager in the deck")
        # chains
        fch = 0
        for col in pl["village"]:
            for i, p in enumerate(col):
                par = CARDS[p["card"]][2]
                if i == 0:
                    if par == "Founders":
                        fch += 1
                    elif par is not None:
                        raise Malformed("%s cannot start a chain" % p["card"])
                else:
                    if par != col[i - 1]["card"]:
                        raise Malformed("%s cannot lie on %s" % (p["card"], col[i - 1]["card"]))
        if fch > opt["founders_branches"]:
            raise Malformed("too many chains on the Founders")
        # copies
        cnt = {}
        def add(c, n=1):
            cnt[c] = cnt.get(c, 0) + n
        for c in pl["hand"] + pl["square"]:
            add(c)
        for col in pl["village"]:
            for p in col:
                add(p["card"])
        for p in s["road"] + s["countess"]["village"]:
            add(p["card"])
        for stk in s["stacks"]:
            for c in stk["known"]:
                add(c)
        for c, n in s["discard"].items():
            add(c, n)
        for c, n in s["unseen"].items():
            add(c, n)
        for c in DECK_NAMES:
            if cnt.get(c, 0) != COPIES[c]:
                raise Malformed("%d copies of %s instead of %d" % (cnt.get(c, 0), c, COPIES[c]))
        for b in BASICS:
            if cnt.get(b, 0) + s["basics"][b] != 10:
                raise Malformed("basic %s: supply and village do not make 10" % b)
        if sum(s["unseen"].values()) != s["reserve"] + sum(x["hidden"] for x in s["stacks"]):
            raise Malformed("unseen cards do not fill the reserve and the stacks")
        # markets
        m = s["markets"]
        for i, stk in enumerate(s["stacks"]):
            if stk["market"] == 1 and i != 1 or stk["market"] == 2 and i != 5:
                raise Malformed("a market card under the wrong stack")
        for key, i, num in (("first", 1, 1), ("second", 5, 2)):
            stk = s["stacks"][i]
            if m[key] == "hidden":
                if stk["market"] != num:
                    raise Malformed("the %s market card is missing" % key)
                if not stk["known"] and stk["hidden"] == 0:
                    raise Malformed("an empty stack hides the %s market" % key)
            else:
                if stk["market"] is not None:
                    raise Malformed("a revealed market is still under its stack")
                if stk["known"] or stk["hidden"]:
                    raise Malformed("a revealed market's stack still has cards")
        if (m["second"] == "resolved") != (s["phase"] == "over"):
            raise Malformed("the second market ends the game")
        if m["second"] == "resolved" and m["first"] != "resolved":
            raise Malformed("markets resolved out of order")
        # events
        ev = s["events"]
        allev = ev["summer"] + ev["winter"] + ev["active"] + ev["discard"]
        if sorted(allev, key=ekey) != sorted(SUMMER + WINTER, key=ekey):
            raise Malformed("each event must be in exactly one list")
        if any(e not in SUMMER for e in ev["summer"]) or any(e not in WINTER for e in ev["winter"]):
            raise Malformed("an event in the wrong season's deck")
        if any(TIMING[e] == "reveal" for e in ev["active"]):
            raise Malformed("Mood Swing and Dark Mood are never active")
        if s["reveal"]["left"] > 0 and s["step"] != "reveal":
            raise Malformed("events to reveal outside the reveal step")
        if s["draft"]["taken"] > s["draft"]["limit"]:
            raise Malformed("more drafts taken than allowed")
        if s["build"]["built"] > s["build"]["limit"]:
            raise Malformed("more builds than allowed")
        # chance
        ch = s["chance"]
        if ch is not None:
            kind = ch["kind"]
            if s["step"] not in CHANCE_STEP[kind]:
                raise Malformed("a %s draw at step %s" % (kind, s["step"]))
            if kind == "event":
                if "deck" not in ch or "stack" in ch:
                    raise Malformed("an event reveal names its deck")
                if not ev[ch["deck"]]:
                    raise Malformed("the %s deck is empty" % ch["deck"])
            else:
                if "stack" not in ch or "deck" in ch:
                    raise Malformed("a draw names its stack")
                if kind in ("hand", "countess_reveal") and ch["stack"] is not None:
                    raise Malformed("this draw comes from the reserve")
                if ch["stack"] is None:
                    if s["reserve"] <= 0:
                        raise Malformed("a draw from an empty reserve")
                else:
                    stk = s["stacks"][ch["stack"]]
                    if stk["hidden"] <= 0 or stk["known"]:
                        raise Malformed("a draw from a stack with no hidden card on top")
        if s["phase"] == "over" and ch is not None:
            raise Malformed("chance after the end")


# ---------------------------------------------------------------- protocol
def check_options(options):
    if options is None:
        options = {}
    if not isinstance(options, dict):
        raise Malformed("options must be an object")
    out = dict(DEFAULT_OPTIONS)
    for k, v in options.items():
        if k == "params":
            if not isinstance(v, dict) or any(not isinstance(x, dict) for x in v.values()):
                raise Malformed("params must map rule ids to objects")
            for rule, given in v.items():  # the catalogue's params (spec/villagers/rules.yaml)
                if rule not in CATALOGUE_PARAMS:
                    raise Malformed("params: %s has no parameters in this game" % rule)
                for key in given:
                    if key not in CATALOGUE_PARAMS[rule]:
                        raise Malformed("params: %s has no parameter %s" % (rule, key))
            if v:
                out["params"] = v
            continue
        if k not in OPTION_VALUES:
            raise Malformed("unknown option %s" % k)
        if not any(_eq(v, x) for x in OPTION_VALUES[k]):
            raise Malformed("option %s: bad value %r" % (k, v))
        out[k] = v
    return out


class Server:
    def __init__(self):
        self.game = None

    def handle(self, req):
        cmd = req.get("cmd")
        if cmd == "handshake":
            return {"protocol": 1, "engine": {"name": "villagers-corpus", "version": "0.1.0",
                                               "language": "python"},
                    "games": [{"id": "villagers", "min_players": 1, "max_players": 1,
                               "options": dict(DEFAULT_OPTIONS)}],
                    "capabilities": ["load_state", "legal_actions", "chance", "outcome"]}
        if cmd == "new_game":
            if req.get("game") != "villagers":
                raise Unsupported("only villagers")
            n = req.get("num_players")
            if not isinstance(n, int) or isinstance(n, bool):
                raise Malformed("num_players must be an integer")
            opts = check_options(req.get("options"))
            if n != 1:
                raise Unsupported("solo only")
            if req.get("setup") is not None:
                setup = req["setup"]
                if not isinstance(setup, dict):
                    raise Malformed("setup must be an object")
                if setup:
                    raise Unsupported("villagers takes no setup")
            g = Game(opts)
            g.new_state()
            g.advance()
            self.game = g
            return {"state": g.s}
        if cmd == "load_state":
            st = req.get("state")
            if not isinstance(st, dict):
                raise Malformed("state must be an object")
            if st.get("game") != "villagers":
                raise Unsupported("only villagers")
            opts = st.get("options")
            if not isinstance(opts, dict):
                raise Malformed("state.options must be an object")
            for k in DEFAULT_OPTIONS:
                if k not in opts:
                    raise Malformed("state.options.%s missing" % k)
            g = Game(check_options(opts))
            g.load(st)
            self.game = g
            return {"state": g.s}
        if self.game is None and cmd in ("state", "legal_actions", "apply", "outcome"):
            raise Malformed("no game")
        if cmd == "state":
            return {"state": self.game.s}
        if cmd == "legal_actions":
            return self.game.legal()
        if cmd == "apply":
            if "action" not in req:
                raise Malformed("no action")
            g = self.game
            backup = copy.deepcopy(g.s)
            try:
                g.apply(req["action"])
            except Exception:
                g.s = backup
                raise
            return {"to_act": g.s["to_act"], "terminal": g.s["terminal"]}
        if cmd == "outcome":
            return self.game.outcome()
        if cmd == "stop":
            return {}
        raise Malformed("unknown command %r" % cmd)


def main():
    srv = Server()
    out = sys.stdout
    for line in sys.stdin:
        line = line.strip()
        if not line:
            continue
        try:
            req = json.loads(line)
        except ValueError:
            out.write(json.dumps({"id": None, "ok": False,
                                  "error": {"kind": "malformed", "message": "not JSON"}}) + "\n")
            out.flush()
            continue
        rid = req.get("id") if isinstance(req, dict) else None
        if not isinstance(req, dict):
            rep = {"id": None, "ok": False, "error": {"kind": "malformed", "message": "not an object"}}
        else:
            try:
                rep = {"id": rid, "ok": True, "result": srv.handle(req)}
            except RuleError as e:
                rep = {"id": rid, "ok": False, "error": {"kind": "illegal_action", "rule": e.rule,
                                                         "message": e.msg}}
            except Malformed as e:
                rep = {"id": rid, "ok": False, "error": {"kind": "malformed", "message": str(e)}}
            except Unsupported as e:
                rep = {"id": rid, "ok": False, "error": {"kind": "unsupported", "message": str(e)}}
            except Exception as e:  # noqa
                rep = {"id": rid, "ok": False, "error": {"kind": "internal",
                                                         "message": "%s: %s" % (type(e).__name__, e)}}
        out.write(json.dumps(rep) + "\n")
        out.flush()
        if isinstance(req, dict) and req.get("cmd") == "stop":
            break


if __name__ == "__main__":
    main()
