#!/usr/bin/env python3
"""An independent NEOM engine for the rulespec JSON-lines protocol (version 1).

Written from spec/protocol/README.md, spec/neom/*.json|yaml, features/neom and the rulebook
text only. Stdlib only. Tile data: tiles_data.json (a JSON copy of spec/neom/components.yaml).
"""
import copy
import json
import os
import sys
from fractions import Fraction

BUG = os.environ.get("CORPUS_BUG", "")

HERE = os.path.dirname(os.path.abspath(__file__))
with open(os.path.join(HERE, "tiles_data.json")) as _f:
    _DATA = json.load(_f)
TILES = _DATA["tiles"]          # name -> dict
COPIES = _DATA["copies"]        # name -> {icon: count}

RAW = ["cotton", "grain", "oil", "ore", "sand", "wood"]
PROCESSED = ["chemicals", "food", "glass", "lumber", "machinery", "plastic", "steel", "textiles"]
LUXURY = ["electronics", "fashion", "jewelry"]
GOODS = set(RAW + PROCESSED + LUXURY)
CENTRES = {"centre-" + g for g in RAW}
ALL_TILES = set(TILES) | CENTRES
CORNERSTONES = sorted(t for t in TILES if TILES[t]["gen"] == 0)
DISASTERS = {
    "fire": {"targets": ["commercial", "residential"], "rate": 1},
    "crime": {"targets": ["commercial", "industrial"], "rate": 2},
    "flood": {"targets": ["commercial", "industrial", "power", "public", "residential"], "rate": 1},
}
HOOD_VALUES = [1, 3, 6, 10, 15, 21, 28, 36, 40, 44]
SOLO_RANKS = ["Intern", "Apprentice", "Fellow", "Foreman", "Master", "Boss"]
SOLO_THRESHOLDS = {"1+": [0, 80, 100, 110, 120, 125], "4+": [0, 85, 105, 115, 125, 130],
                   "5+": [0, 90, 110, 120, 130, 135]}
DEFAULT_OPTIONS = {"allow_replace": True, "cornerstone_requirements": True,
                   "protection_scope": "adjacent", "solo_tile_set": "1+",
                   "solo_disasters_strike": True}
OPTION_VALUES = {"allow_replace": [True, False], "cornerstone_requirements": [True, False],
                 "protection_scope": ["adjacent", "city"], "solo_tile_set": ["1+", "4+", "5+"],
                 "solo_disasters_strike": [True, False]}
PHASES = ["boards", "deal", "draft", "select", "act", "disaster", "over"]
DIRS = {"N": (-1, 0, "S"), "E": (0, 1, "W"), "S": (1, 0, "N"), "W": (0, -1, "E")} if BUG == "board-read-transposed" else {"N": (0, -1, "S"), "E": (1, 0, "W"), "S": (0, 1, "N"), "W": (-1, 0, "E")}
START_COINS = 6
HAND = 8
TURNS = 7
DEALT_CS = 4
KEPT_CS = 3


class RuleError(Exception):
    def __init__(self, rule, msg):
        super().__init__(msg)
        self.rule = rule
        self.msg = msg


class Malformed(Exception):
    pass


class Unsupported(Exception):
    pass


# ----------------------------------------------------------------------------- helpers

def info(tile):
    if tile in CENTRES:
        return {"name": tile, "category": "centre", "cost": 0, "requires": [], "roads": "NESW",
                "vp": 0, "income": 0, "produces": tile[7:], "pollutes": False, "power": BUG == "centre-gives-power",
                "protects": [], "gen": 0}
    return dict(TILES[tile], pollutes=TILES[tile]["pollutes"] or TILES[tile]["power"]) if BUG == "power-plants-pollute" else TILES[tile]


def roads(tile):
    return info(tile)["roads"]


def is_disaster(tile):
    return tile in TILES and TILES[tile]["category"] == "disaster"


def is_cs(tile):
    return tile in TILES and TILES[tile]["gen"] == 0


def ms_add(ms, tile, n=1):
    ms[tile] = ms.get(tile, 0) + n
    if ms[tile] <= 0:
        del ms[tile]


def ms_sorted(ms):
    return {k: ms[k] for k in sorted(ms) if ms[k] > 0}


def frac(fr):
    return "%d/%d" % (fr.numerator, fr.denominator)


def icons_in_play(n, opts):
    if n == 1:
        s = opts["solo_tile_set"]
        return {"1+": ["1+"], "4+": ["1+", "4+"], "5+": ["1+", "5+"] if BUG == "solo-five-plus-no-four" else ["1+", "4+", "5+"]}[s]
    if n >= (4 if BUG == "five-plus-at-four" else 5):
        return ["1+", "4+", "5+"]
    if n == 4 and BUG != "four-plus-from-five":
        return ["1+", "4+"]
    return ["1+"]


def in_play_copies(n, opts):
    icons = icons_in_play(n, opts)
    inplay, box = {}, {}
    for t, cp in COPIES.items():
        for icon, c in cp.items():
            if icon in icons or TILES[t]["gen"] == 0:
                ms_add(inplay, t, c)
            else:
                ms_add(box, t, c)
    return inplay, box


def gen_size(n, opts):
    """Tiles of one generation in play."""
    inplay, _ = in_play_copies(n, opts)
    return sum(c for t, c in inplay.items() if TILES[t]["gen"] == 1)


def solo_piles(n, opts):
    total = gen_size(n, opts)
    base, extra = divmod(total, TURNS)
    return [base + ((1 if i >= TURNS - extra else 0) if BUG == "solo-piles-small-first" else (1 if i < extra else 0)) for i in range(TURNS)]


def param(st, rule, key, default):
    p = st["options"].get("params", {}).get(rule, {})
    return p.get(key, default)


def joined(city, x, y, d):
    """True when the tile at (x, y) and its neighbour in direction d share a road."""
    dx, dy, back = DIRS[d]
    nx, ny = x + dx, y + dy
    if not (0 <= nx < 5 and 0 <= ny < 5) or (BUG == "grid-edge-off-by-one" and 4 in (nx, ny)):
        return False
    a, b = city[y][x], city[ny][nx]
    if a is None or b is None:
        return False
    return (d in roads(a) or back in roads(b)) if BUG == "road-meets-roadless" else (d in roads(a) and (d if BUG == "roads-same-side" else back) in roads(b))


def road_unmatched(city, x, y):
    """True when a road of the tile at (x, y) faces a placed neighbour without meeting a road of it."""
    for d, (dx, dy, _) in DIRS.items():
        nx, ny = x + dx, y + dy
        if d in roads(city[y][x]) and 0 <= nx < 5 and 0 <= ny < 5 and city[ny][nx] is not None \
                and not joined(city, x, y, d):
            return True
    return False


def connected_set(city):
    """Spaces joined by road to the tile on the centre space."""
    if city[2][2] is None:
        return set()
    seen = {(2, 2)}
    stack = [(2, 2)]
    while stack:
        x, y = stack.pop()
        for d, (dx, dy, _) in DIRS.items():
            nx, ny = x + dx, y + dy
            if (nx, ny) not in seen and ((0 <= nx < 5 and 0 <= ny < 5 and city[ny][nx] is not None) if BUG == "joined-by-touch" else joined(city, x, y, d)):
                seen.add((nx, ny))
                stack.append((nx, ny))
    return seen


def all_joined(city):
    conn = connected_set(city)
    for y in range(5):
        for x in range(5):
            if city[y][x] is not None and (x, y) not in conn:
                return False
    return True


def cs_in_city(city):
    return sum(1 for row in city for t in row if t is not None and is_cs(t))


# ----------------------------------------------------------------------------- the game

class Game:
    def __init__(self, st):
        self.st = st

    # --- derived -------------------------------------------------------------------
    @property
    def n(self):
        return self.st["num_players"]

    def solo(self):
        return self.n == 1

    def compute_to_act(self):
        st = self.st
        ph = st["phase"]
        if ph in ("boards", "deal"):
            return ["chance"]
        if ph in ("draft", "select"):
            seats = [i for i, p in enumerate(st["players"]) if p["selected"] is None][:1 if BUG == "select-seat-order" and ph == "select" else None]
            return sorted(seats, key=lambda i: (i - st["turn"] + 1) % 2)[:1] if BUG == "two-player-alternating" and ph == "select" and self.n == 2 else seats
        if ph == "act":
            return [i for i, p in enumerate(st["players"]) if not p["acted"]][:1 if BUG == "act-seat-order" else None]
        if ph == "disaster":
            if not st["disasters"]:
                return []
            return self.disaster_to_act(st["disasters"][0])
        return []

    def refresh(self):
        st = self.st
        st["to_act"] = self.compute_to_act()
        st["terminal"] = (st["generation"] == 3 and st["turn"] == TURNS) if BUG == "terminal-on-last-turn" else st["phase"] == "over"

    # --- disasters -------------------------------------------------------------------
    def struck(self, d):
        if d["by"] is None:
            return list(range(self.n))
        return [i for i in range(self.n) if (True if BUG == "selector-struck" else (i == (d["by"] + 1) % self.n if BUG == "disaster-next-only" else i != d["by"]))]

    def protected(self, city, x, y, kind):
        scope = self.st["options"]["protection_scope"]
        for yy in range(5):
            for xx in range(5):
                t = city[yy][xx]
                if t is None or ((not info(t)["protects"]) if BUG == "station-protects-both" else (kind not in info(t)["protects"])):
                    continue
                if scope == "city":
                    return True
                if (abs(xx - x) + abs(yy - y) <= 1) if BUG == "protection-orthogonal" else (abs(xx - x) <= (2 if BUG == "protection-two-spaces" else 1) and abs(yy - y) <= (2 if BUG == "protection-two-spaces" else 1)):
                    return True
        return False

    def owed(self, seat, dtile):
        dis = TILES[dtile]["disaster"]
        kind = dis["kind"]
        city = self.st["players"][seat]["city"]
        cnt = 0
        for y in range(5):
            for x in range(5):
                t = city[y][x]
                if t is None or (info(t)["category"] not in dis["targets"] and not (BUG == "flood-counts-centre" and kind == "flood")):
                    continue
                if (kind != "flood" and (False if BUG == "protected-still-owe" else self.protected(city, x, y, kind))) or (BUG == "stations-stop-floods" and kind == "flood" and (self.protected(city, x, y, "fire") or self.protected(city, x, y, "crime"))):
                    continue
                cnt += 1
        return dis["rate"] * (min(cnt, 1) if BUG == "disaster-flat-fine" else cnt)

    def sacrificable(self, seat, dtile):
        dis = TILES[dtile]["disaster"]
        city = self.st["players"][seat]["city"]
        out = []
        for y in range(5):
            for x in range(5):
                t = city[y][x]
                if t is None or (x, y) == (2, 2):
                    continue
                if info(t)["category"] not in dis["targets"] or (BUG == "sacrifice-protected-exempt" and dis["kind"] != "flood" and self.protected(city, x, y, dis["kind"])):
                    continue
                c2 = [row[:] for row in city]
                c2[y][x] = None
                if BUG == "sacrifice-may-disconnect" or all_joined(c2):
                    out.append((x, y))
        return out

    def short_may_pay(self, sac):
        """NM-DISASTER-SACRIFICECOUNT: a player short of the amount owed pays all their coins
        only when no tile could be sacrificed."""
        return not sac or BUG == "short-pays-all"

    def disaster_to_act(self, d):
        return [s for s in self.struck(d) if s not in d["decided"] and self.owed(s, d["tile"]) > 0][:1 if BUG == "struck-players-answer-one-at-a-time" else None]

    # --- flow ------------------------------------------------------------------------
    def advance(self):
        """Move on while nobody is left to act (as play would)."""
        st = self.st
        for _ in range(10000):
            ph = st["phase"]
            if ph == "boards":
                if all(p["board"] is not None for p in st["players"]):
                    st["phase"] = "deal"
                    st["generation"] = 0
                    st["turn"] = 1
                    st["deal_target"] = DEALT_CS + (1 if BUG == "five-cornerstones-dealt" else 0)
                    continue
                break
            if ph == "deal":
                if all(len(p["hand"]) >= st["deal_target"] for p in st["players"]):
                    st["phase"] = "draft" if st["generation"] == 0 else "select"
                    continue
                break
            if ph == "draft":
                if all(p["selected"] is not None for p in st["players"]):
                    self.end_draft_round()
                    continue
                break
            if ph == "select":
                if all(p["selected"] is not None for p in st["players"]):
                    st["phase"] = "act"
                    if BUG == "pass-before-act" and st["turn"] < TURNS: hands = [p["hand"] for p in st["players"]]; [p.update(hand=sorted(hands[(i - 1) % self.n])) for i, p in enumerate(st["players"])]
                    for p in st["players"]:
                        if is_disaster(p["selected"]):
                            p["acted"] = True
                    continue
                break
            if ph == "act":
                if all(p["acted"] for p in st["players"]):
                    self.end_act()
                    continue
                break
            if ph == "disaster":
                if not st["disasters"]:
                    self.end_turn()
                    continue
                if not self.disaster_to_act(st["disasters"][0]):
                    st["disasters"].pop(0)
                    continue
                break
            break
        self.refresh()

    def end_draft_round(self):
        st = self.st
        ps = st["players"]
        for p in ps:
            p["cornerstones"] = sorted(p["cornerstones"] + [p["selected"]])
            p["selected"] = None
        if (st["turn"] <= KEPT_CS) if BUG == "draft-four-rounds" else (st["turn"] < KEPT_CS):
            hands = [p["hand"] for p in ps]
            for i, p in enumerate(ps):
                p["hand"] = sorted(hands[(i + 1) % self.n] if BUG == "draft-passes-back" else (hands[i] if BUG == "draft-hands-kept" else hands[(i - 1) % self.n]))
            st["turn"] += 1
        else:
            for p in ps:
                for t in p["hand"]:
                    ms_add(st["discard"], t)
                p["hand"] = []
            self.start_generation(1)

    def start_generation(self, g):
        st = self.st
        st["generation"] = g
        st["turn"] = 1
        st["phase"] = "deal"
        st["deal_target"] = solo_piles(self.n, st["options"])[0] if self.solo() else HAND - (1 if BUG == "hand-of-seven" else 0)

    def end_act(self):
        st = self.st
        dl = []
        for i, p in enumerate(st["players"]):
            if p["selected"] is not None and is_disaster(p["selected"]):
                ms_add(st["discard"], p["selected"])
                if not self.solo() or (BUG == "solo-selected-disaster-strikes" and st["options"]["solo_disasters_strike"]):
                    dl.insert(0 if BUG == "disasters-reverse-seat" else len(dl), {"tile": p["selected"], "by": None if self.solo() else i, "decided": []})
                p["selected"] = None
        if (self.solo() or (BUG == "leftover-disasters-strike" and st["turn"] >= TURNS)) and st["options"]["solo_disasters_strike"] and BUG != "unselected-disasters-harmless":
            for t in sorted(t for q in st["players"] for t in q["hand"]):
                if is_disaster(t):
                    dl.append({"tile": t, "by": None, "decided": []})
        if BUG == "selector-safe-all-turn": [e.update(decided=sorted(x["by"] for x in dl if x["by"] is not None and x["by"] != e["by"])) for e in dl]
        if BUG == "income-before-disasters" and st["turn"] >= TURNS: [p.update(coins=p["coins"] + self.income(p)) for p in st["players"]]
        dl = [] if BUG == "last-turn-disasters-never-strike" and st["generation"] >= 3 and st["turn"] >= TURNS else dl
        if BUG == "pass-before-disasters" and st["turn"] < TURNS and not self.solo(): hands = [p["hand"] for p in st["players"]]; [p.update(hand=sorted(hands[(i - 1) % self.n])) for i, p in enumerate(st["players"])]
        st["disasters"] = dl
        st["phase"] = "disaster"

    def end_turn(self):
        st = self.st
        ps = st["players"]
        st["disasters"] = []
        for p in ps:
            p["acted"] = (p["acted"] and st["turn"] >= TURNS) if BUG == "acted-across-generations" else False
            p["selected"] = None
        last = st["turn"] >= (TURNS + 1 if BUG == "eight-turns" and not self.solo() else TURNS)
        if self.solo():
            for t in ps[0]["hand"]:
                ms_add(st["discard"], t)
            ps[0]["hand"] = []
            if not last:
                st["turn"] += 1
                st["phase"] = "deal"
                st["deal_target"] = solo_piles(self.n, st["options"])[st["turn"] - 1]
                return
        elif not last:
            hands = [p["hand"] for p in ps]
            for i, p in enumerate(ps):
                p["hand"] = sorted(hands[(i + 1) % self.n] if (BUG == "pass-alternating" and st["generation"] == 2) else hands[(i - (0 if BUG in ("hands-kept", "pass-before-act", "pass-before-disasters") else 1)) % self.n])
            st["turn"] += 1
            st["phase"] = "select"
            return
        # end of the generation
        for p in ([] if BUG == "last-tile-carried" else ps):
            for t in p["hand"]:
                ms_add(st["discard"], t, 0 if BUG == "last-tile-vanishes" else 1)
            p["hand"] = []
        for p in ps:
            p["coins"] += 0 if (BUG == "no-final-income" and st["generation"] >= 3) or BUG == "income-before-disasters" else self.pay_out(self.income(p))
        if BUG == "final-income-twice" and st["generation"] >= 3: [p.update(coins=p["coins"] + self.pay_out(self.income(p))) for p in ps]
        if st["generation"] >= (2 if BUG == "generations-two" else 3):
            st["phase"] = "over"
        else:
            self.start_generation(st["generation"] + 1)

    def income(self, p):
        return sum(info(t)["income"] for t in ({t for row in p["city"] for t in row} if BUG == "income-once-per-kind" else [t for row in p["city"] for t in row]) if t is not None and not (BUG == "cornerstone-no-income" and is_cs(t)) and not (BUG == "income-from-this-generation" and info(t)["gen"] != self.st["generation"]))

    def pay_out(self, amount):
        """NM-BANK-UNLIMITED: the bank pays sale proceeds and income in full (it never runs out)."""
        return min(amount, max(0, 65 - sum(q["coins"] for q in self.st["players"]))) if BUG == "bank-sixty-five" else amount

    # --- chance ----------------------------------------------------------------------
    def chance_outcomes(self):
        st = self.st
        ph = st["phase"]
        out = []
        if ph == "boards":
            seat = min(i for i, p in enumerate(st["players"]) if p["board"] is None)
            b = st["boards"]
            for g in sorted(b):
                out.append(({"actor": "chance", "type": "board", "player": seat, "good": g},
                            Fraction(1, len(b))))
        elif ph == "deal":
            seat = min(i for i, p in enumerate(st["players"]) if len(p["hand"]) < st["deal_target"])
            if st["generation"] == 0:
                deck, typ = st["decks"]["cornerstone"], "deal_cornerstone"
            else:
                deck, typ = st["decks"][str(st["generation"])], "deal"
            total = sum(deck.values())
            for t in sorted(deck):
                out.append(({"actor": "chance", "type": typ, "player": seat, "tile": t},
                            Fraction(deck[t], total)))
        return out

    # --- legal actions -----------------------------------------------------------------
    def can_place(self, seat, tile, x, y, cornerstone):
        """None when legal, else a RuleError naming the first rule broken, in the order of
        spec/neom/action.schema.json: place NM-PLACE-REQ, NM-PLACE-REPLACE, NM-PLACE-ROAD;
        cornerstone NM-CORNER-LIMIT, NM-CORNER-REQ, NM-PLACE-REPLACE, NM-PLACE-ROAD."""
        st = self.st
        p = st["players"][seat]
        city = p["city"]
        opts = st["options"]
        if cornerstone:
            cnt = cs_in_city(city)
            old = city[y][x]
            if old is not None and is_cs(old):
                cnt -= 1
            if (cnt > st["generation"]) if BUG == "corner-limit-off-by-one" else ((cnt + 1 >= st["generation"]) if BUG == "cornerstones-below-generation" else (cnt + 1 > st["generation"])):
                return RuleError("NM-CORNER-LIMIT", "too many cornerstones for the generation")
        ti = info(tile)
        need_req = (not cornerstone) if BUG == "corner-req-ignored" else ((not cornerstone) or opts["cornerstone_requirements"])
        if need_req:
            rule = "NM-CORNER-REQ" if cornerstone else "NM-PLACE-REQ"
            if (p["coins"] <= ti["cost"]) if BUG == "cost-strict" else (p["coins"] < ti["cost"]):
                return RuleError(rule, "not enough coins")
            for g in ti["requires"]:
                if (not any(h in p["goods"] for h in ti["requires"])) if BUG == "requires-any-good" else (g not in p["goods"]):
                    return RuleError(rule, "good %s not held" % g)
        if city[y][x] is not None and (not opts["allow_replace"] or (BUG == "place-empty-only" and not cornerstone) or (BUG == "cornerstone-empty-space-only" and cornerstone) or (BUG == "replace-earlier-only" and info(city[y][x])["gen"] >= st["generation"])):
            return RuleError("NM-PLACE-REPLACE", "the space is taken and replacing is off")
        c2 = [row[:] for row in city]
        c2[y][x] = tile
        if ((x, y) not in connected_set(c2)) if BUG == "replace-cut-off" else (not all_joined(c2) or (BUG == "roads-all-meet" and road_unmatched(c2, x, y))):
            return RuleError("NM-PLACE-ROAD", "not joined by road to the centre")
        if BUG == "replace-only-when-full" and city[y][x] is not None and any(city[yy][xx] is None and self.can_place(seat, tile, xx, yy, cornerstone) is None for yy in range(5) for xx in range(5)):
            return RuleError("NM-PLACE-SPACE", "an empty space takes the tile: no replacing")
        return None

    def may_cornerstone(self, seat):
        """NM-PLACE-REQFAIL: a player who cannot meet the selected tile's requirements may still
        discard it to place a cornerstone (or sell it)."""
        p = self.st["players"][seat]
        ti = info(p["selected"])
        met = p["coins"] >= ti["cost"] and all(g in p["goods"] for g in ti["requires"])
        return (not met) if BUG == "cornerstone-only-on-reqfail" else (BUG != "reqfail-sell-only" or met)

    def cornerstone_barred(self):
        """NM-CORNER-NODISASTER: only a disaster's selector is kept from trading it for a
        cornerstone (the selector takes no action at all); the other players may place one."""
        return BUG == "no-cornerstone-in-disaster-turn" and any(q["selected"] is not None and is_disaster(q["selected"]) for q in self.st["players"])

    def legal_actions(self):
        st = self.st
        ph = st["phase"]
        acts = []
        if ph in ("boards", "deal"):
            return [a for a, _ in self.chance_outcomes()]
        for s in st["to_act"]:
            p = st["players"][s]
            if ph == "draft":
                for t in sorted(set(p["hand"])):
                    acts.append({"actor": s, "type": "keep", "tile": t})
            elif ph == "select":
                for t in sorted(set(p["hand"])):
                    acts.append({"actor": s, "type": "select", "tile": t})
            elif ph == "act":
                sel = p["selected"]
                for y in range(5):
                    for x in range(5):
                        if self.can_place(s, sel, x, y, False) is None:
                            acts.append({"actor": s, "type": "place", "tile": sel, "x": x, "y": y})
                if st["generation"] >= 1 and self.may_cornerstone(s) and not self.cornerstone_barred():
                    for cs in sorted(set(p["cornerstones"])):
                        for y in range(5):
                            for x in range(5):
                                if self.can_place(s, cs, x, y, True) is None:
                                    acts.append({"actor": s, "type": "cornerstone", "tile": cs,
                                                 "x": x, "y": y})
                if not (BUG == "sell-last-resort" and any(x["type"] == "place" and x["actor"] == s for x in acts)): acts.append({"actor": s, "type": "sell"})
            elif ph == "disaster":
                d = st["disasters"][0]
                owe = self.owed(s, d["tile"])
                sac = self.sacrificable(s, d["tile"])
                if p["coins"] >= owe or self.short_may_pay(sac):
                    acts.append({"actor": s, "type": "pay"})
                for (x, y) in ([] if BUG == "sacrifice-only-when-short" and p["coins"] >= owe else sorted(sac, key=lambda v: (v[1], v[0]))):
                    acts.append({"actor": s, "type": "sacrifice", "x": x, "y": y})
        return acts

    # --- apply -------------------------------------------------------------------------
    def apply(self, a):
        """Apply a well-shaped action, or raise the RuleError of the first check that fails,
        in the order of spec/protocol/README.md 'Refusals: which kind, which rule' and
        spec/neom/action.schema.json: who may act (NM-FLOW-END once over, else
        NM-SELECT-SIMUL; in act a disaster selector NM-DISASTER-SELECTOR or, for a
        cornerstone, NM-CORNER-NODISASTER), then the type the phase takes (NM-ACT-CHOICE),
        then the action's own rules."""
        st = self.st
        ph = st["phase"]
        actor = a["actor"]
        typ = a["type"]
        if ph == "over":
            raise RuleError("NM-FLOW-END", "the game is over")
        if actor not in st["to_act"]:
            if ph == "act" and actor != "chance":
                sel = st["players"][actor]["selected"]
                if sel is not None and is_disaster(sel):
                    if typ == "cornerstone":
                        raise RuleError("NM-CORNER-NODISASTER", "a disaster cannot be traded")
                    raise RuleError("NM-DISASTER-SELECTOR", "the disaster was the whole turn")
            raise RuleError("NM-SELECT-SIMUL", "%s may not act now" % (actor,))
        if actor == "chance":
            outs = self.chance_outcomes()
            key = {k: v for k, v in a.items()}
            if not any(o == key for o, _ in outs):
                rule = "NM-SETUP-BOARDS" if ph == "boards" else "NM-GEN-DEAL"
                raise RuleError(rule, "not a possible chance outcome")
            if typ == "board":
                p = st["players"][a["player"]]
                p["board"] = a["good"]
                p["city"][2][2] = "centre-" + a["good"]
                p["goods"] = sorted(set(p["goods"]) | (set() if BUG == "no-centre-good" else {a["good"]}))
                if BUG != "boards-with-replacement": st["boards"].remove(a["good"])
            else:
                deck = st["decks"]["cornerstone" if typ == "deal_cornerstone" else str(st["generation"])]
                ms_add(deck, a["tile"], -1)
                p = st["players"][a["player"]]
                p["hand"] = sorted(p["hand"] + [a["tile"]])
            self.advance()
            return
        seat = actor
        p = st["players"][seat]
        allowed = {"draft": ("keep",), "select": ("select",),
                   "act": ("place", "cornerstone", "sell"),
                   "disaster": ("pay", "sacrifice")}[ph]
        if typ not in allowed:
            raise RuleError("NM-ACT-CHOICE", "phase %s takes %s" % (ph, ", ".join(allowed)))
        if ph == "draft":
            if a["tile"] not in p["hand"]:
                raise RuleError("NM-DRAFT-DEAL", "not in the hand")
            p["hand"].remove(a["tile"])
            p["selected"] = a["tile"]
        elif ph == "select":
            if a["tile"] not in p["hand"]:
                raise RuleError("NM-SELECT-SIMUL", "not in the hand")
            p["hand"].remove(a["tile"])
            p["selected"] = a["tile"]
        elif ph == "act":
            sel = p["selected"]
            if typ == "sell":
                if BUG == "sell-last-resort" and any(self.can_place(seat, sel, x, y, False) is None for y in range(5) for x in range(5)): raise RuleError("NM-ACT-CHOICE", "the tile can be placed: no sale")
                ms_add(st["discard"], sel, 0 if BUG == "sold-tile-vanishes" else 1)
                p["selected"] = None
                p["coins"] += self.pay_out(param(st, "NM-SELL", "price", 5))
                p["acted"] = True
            elif typ == "place":
                if (False if BUG == "place-rotation-accepted" else a.get("rotation", 0) != 0):
                    raise RuleError("NM-PLACE-NOROTATE", "tiles are never rotated")
                if "tile" in a and a["tile"] != sel:
                    raise RuleError("NM-ACT-CHOICE", "not the selected tile")
                err = self.can_place(seat, sel, a["x"], a["y"], False)
                if err:
                    raise err
                self.put(p, sel, a["x"], a["y"], True)
                p["selected"] = None
                p["acted"] = True
            else:
                cs = a["tile"]
                if a.get("rotation", 0) != 0:
                    raise RuleError("NM-PLACE-NOROTATE", "tiles are never rotated")
                if cs not in p["cornerstones"]:
                    raise RuleError("NM-CORNER-PLACE", "not a kept cornerstone")
                if not self.may_cornerstone(seat):
                    raise RuleError("NM-PLACE-REQFAIL", "the selected tile's requirements are met: place or sell it" if BUG == "cornerstone-only-on-reqfail" else "the selected tile's requirements are not met: sell it")
                if self.cornerstone_barred():
                    raise RuleError("NM-CORNER-NODISASTER", "no cornerstone in a turn with a disaster")
                err = self.can_place(seat, cs, a["x"], a["y"], True)
                if err:
                    raise err
                if BUG == "cornerstone-keeps-tile": p["hand"] = sorted(p["hand"] + [sel])
                else: ms_add(st["discard"], sel, 0 if BUG == "cornerstone-trade-removed" else 1)
                if BUG != "cornerstone-stays-kept": p["cornerstones"].remove(cs)
                self.put(p, cs, a["x"], a["y"], st["options"]["cornerstone_requirements"])
                p["selected"] = None
                p["acted"] = True
        else:
            d = st["disasters"][0]
            owe = self.owed(seat, d["tile"])
            sac = self.sacrificable(seat, d["tile"])
            if typ == "pay":
                if p["coins"] >= owe:
                    p["coins"] -= owe
                elif self.short_may_pay(sac):
                    p["coins"] = 0
                else:
                    raise RuleError("NM-DISASTER-SACRIFICECOUNT", "cannot pay in full: sacrifice")
            else:
                if BUG == "sacrifice-only-when-short" and p["coins"] >= owe:
                    raise RuleError("NM-DISASTER-SACRIFICE", "the amount owed can be paid: no tile is sacrificed")
                if (a["x"], a["y"]) not in sac:
                    raise RuleError("NM-DISASTER-SACRIFICECOUNT", "not a tile that may be sacrificed")
                ms_add(st["discard"], p["city"][a["y"]][a["x"]])
                p["city"][a["y"]][a["x"]] = None
            d["decided"] = sorted(d["decided"] + [seat])
        self.advance()

    def put(self, p, tile, x, y, pay):
        st = self.st
        old = p["city"][y][x]
        if old is not None and old not in CENTRES:
            ms_add(st["discard"], old)
        if BUG == "goods-lost-with-tile" and old is not None: p["goods"] = [g for g in p["goods"] if g != info(old)["produces"]]
        ti = info(tile)
        if pay:
            p["coins"] -= ti["cost"]
        if BUG == "goods-consumed" and pay: p["goods"] = [g for g in p["goods"] if g not in ti["requires"]]
        p["city"][y][x] = tile
        if ti["produces"] and ti["produces"] not in p["goods"] and not (BUG == "cornerstone-no-good" and is_cs(tile)):
            p["goods"] = sorted(p["goods"] + [ti["produces"]])

    # --- scoring -----------------------------------------------------------------------
    def hood_value(self, size):
        vals = param(self.st, "NM-SCORE-HOODTABLE", "values", HOOD_VALUES)
        step = param(self.st, "NM-SCORE-HOODTABLE", "step_beyond_8", 4)
        size += 1 if BUG == "hood-table-shifted" else 0
        if size <= len(vals):
            return vals[size - 1]
        return vals[-1] + step * (size - len(vals))

    def breakdown(self, p):
        city = p["city"]
        cat = lambda t: info(t)["category"]
        tiles = sum(info(t)["vp"] for row in city for t in row
                    if t is not None and not (BUG == "cornerstone-no-vp" and is_cs(t)) and cat(t) in (("residential",) if BUG == "tiles-forget-public" else (("public",) if BUG == "residential-vp-left-to-hoods" else ("residential", "public"))))
        res = [(x, y) for y in range(5) for x in range(5)
               if city[y][x] is not None and cat(city[y][x]) == "residential"]
        seen, hoods, nhoods = set(), 0, 0
        for s in res:
            if s in seen:
                continue
            size, stack = 0, [s]
            seen.add(s)
            while stack:
                x, y = stack.pop()
                size += 1
                for d, (dx, dy, _) in DIRS.items():
                    nx, ny = x + dx, y + dy
                    if (nx, ny) in seen or ((not (0 <= nx < 5 and 0 <= ny < 5) or city[ny][nx] is None) if BUG == "hood-adjacency" else not joined(city, x, y, d)):
                        continue
                    if cat(city[ny][nx]) != "residential":
                        continue
                    seen.add((nx, ny))
                    stack.append((nx, ny))
            hoods += 0 if BUG == "lone-home-no-hood" and size == 1 else self.hood_value(size)
            nhoods += 1
        gv = {"raw": param(self.st, "NM-SCORE-GOODS", "raw", 1),
              "processed": param(self.st, "NM-SCORE-GOODS", "processed", 2),
              "luxury": param(self.st, "NM-SCORE-GOODS", "luxury", 10)}
        goods = 0
        for g in [g for g in p["goods"] if not (BUG == "board-good-not-scored" and g == p["board"])]:
            goods += gv["raw"] if (g not in LUXURY if BUG == "processed-as-raw" else g in RAW + (["glass"] if BUG == "glass-raw" else []) + (["steel"] if BUG == "steel-raw" else [])) else gv["processed"] if g in PROCESSED else gv["luxury"]
        money = (p["coins"] + 1) // 2 if BUG == "money-round-up" else (p["coins"] - (self.income(p) if BUG == "money-before-final-income" and self.st["phase"] == "over" else 0)) // 2
        pollution = 0
        for (x, y) in res:
            pens = []
            for dx in (-1, 0, 1):
                for dy in (-1, 0, 1):
                    if dx == 0 and dy == 0:
                        continue
                    nx, ny = x + dx, y + dy
                    if 0 <= nx < 5 and 0 <= ny < 5 and city[ny][nx] is not None \
                            and info(city[ny][nx])["pollutes"]:
                        pens.append((1 if (dx == 0 or dy == 0) else 2) if BUG == "pollution-swapped" else (2 if (dx == 0 or dy == 0) else 1))
            pollution -= max(pens, default=0) if BUG == "pollution-once-per-home" else sum(pens)
        built = [t for row in city for t in row if t is not None] + (p["cornerstones"] if BUG == "kept-cornerstones-built" else [])
        nres = sum(1 for t in built if cat(t) == "residential")
        ghost = -10 if ((nres <= 1) if BUG == "ghost-under-two" else nres == 0) else (-4 if (nhoods == 1 if BUG == "ghost-one-neighbourhood" else nres == 1) else 0)
        power = 0 if any(info(t)["power"] for t in built) else (-10 if BUG == "power-penalty-ten" else -5)
        return {"tiles": tiles, "neighbourhoods": hoods, "goods": goods, "money": money,
                "pollution": pollution, "ghost_town": ghost, "power": power}

    def outcome(self):
        st = self.st
        bds = [self.breakdown(p) for p in st["players"]]
        scores = [sum(b.values()) for b in bds]
        terminal = st["phase"] == "over"
        winners = []
        if terminal:
            best = max(scores)
            winners = [i for i, s in enumerate(scores) if ((s, st["players"][i]["coins"]) == max(zip(scores, [q["coins"] for q in st["players"]])) if BUG == "tie-by-coins" else s == best)]
            if BUG == "winner-by-gains": gains = [sum(v for v in b.values() if v > 0) for b in bds]; winners = [i for i, g in enumerate(gains) if g == max(gains)]
        details = {"breakdown": bds}
        if self.solo():
            ts = st["options"]["solo_tile_set"]
            th = param(st, "NM-SOLO-TABLE", ts, SOLO_THRESHOLDS[ts])
            rank = None if BUG == "no-rank-below-zero" and scores[0] < 0 else SOLO_RANKS[0]
            for i, lo in enumerate(th):
                if (scores[0] > lo) if BUG == "solo-rank-strict" else (scores[0] >= lo):
                    rank = SOLO_RANKS[i]
            details["rank"] = rank
            details["tile_set"] = ts
            if BUG == "solo-win-boss" and rank != SOLO_RANKS[-1]: winners = []
        return {"terminal": terminal, "scores": scores, "winners": winners, "details": details}

    # --- views -------------------------------------------------------------------------
    def view(self, seat):
        st = copy.deepcopy(self.st)
        for k in list(st["decks"]):
            st["decks"][k] = {"hidden": sum(st["decks"][k].values())}
        st["discard"] = {"hidden": sum(st["discard"].values())}
        hide_sel = st["phase"] in ("draft", "select")
        for i, p in enumerate(st["players"]):
            if i == seat:
                continue
            p["hand"] = {"hidden": len(p["hand"])}
            p["cornerstones"] = p["cornerstones"] if BUG == "cornerstones-public" else {"hidden": len(p["cornerstones"])}
            if hide_sel and p["selected"] is not None:
                p["selected"] = "hidden"
        return st


# ----------------------------------------------------------------------------- construction

def check_options(opts):
    if opts is None:
        opts = {}
    if not isinstance(opts, dict):
        raise Malformed("options must be an object")
    out = dict(DEFAULT_OPTIONS)
    for k, v in opts.items():
        if k == "params":
            if not isinstance(v, dict) or not all(isinstance(x, dict) for x in v.values()):
                raise Malformed("params must map rule ids to objects")
            if v:
                out["params"] = v
            continue
        if k not in OPTION_VALUES:
            raise Malformed("unknown option %r" % k)
        if not any(type(v) is type(c) and v == c for c in OPTION_VALUES[k]):
            raise Malformed("bad value for option %r" % k)
        out[k] = v
    return out


def new_state(n, opts):
    inplay, box = in_play_copies(n, opts)
    decks = {"1": {}, "2": {}, "3": {}, "cornerstone": {}}
    for t, c in inplay.items():
        g = TILES[t]["gen"]
        decks["cornerstone" if g == 0 else str(g)][t] = c
    st = {
        "game": "neom", "num_players": n, "options": opts, "to_act": ["chance"], "terminal": False,
        "phase": "boards", "generation": 0, "turn": 1, "deal_target": DEALT_CS,
        "decks": {k: ms_sorted(v) for k, v in decks.items()}, "box": ms_sorted(box),
        "discard": {}, "boards": list(RAW), "disasters": [],
        "players": [{"board": None, "coins": 5 if BUG == "start-coins-five" else START_COINS,
                     "city": [[None] * 5 for _ in range(5)], "goods": [], "cornerstones": [],
                     "hand": [], "selected": None, "acted": False} for _ in range(n)],
    }
    return st


def new_game(req):
    if req.get("game") != "neom":
        raise Unsupported("only neom")
    n = req.get("num_players")
    if type(n) is not int:
        raise Malformed("num_players must be an integer")
    if not 1 <= n <= 5:
        raise Unsupported("NEOM is played by 1 to 5 players")
    opts = check_options(req.get("options"))
    st = new_state(n, opts)
    g = Game(st)
    setup = req.get("setup")
    if setup is not None:
        if not isinstance(setup, dict):
            raise Malformed("setup must be an object")
        for k in setup:
            if k != "boards":
                raise Malformed("unknown setup key %r" % k)
        if "boards" in setup:
            b = setup["boards"]
            if not isinstance(b, list) or len(b) != n or len(set(map(str, b))) != n \
                    or not all(isinstance(x, str) and x in RAW for x in b):
                raise Malformed("setup.boards: one distinct raw good per seat")
            for i, good in enumerate(b):
                g.apply({"actor": "chance", "type": "board", "player": i, "good": good})
    g.advance()
    return g


# ----------------------------------------------------------------------------- validation

def _is_int(v):
    return type(v) is int


def check_action_shape(a, n):
    if not isinstance(a, dict):
        raise Malformed("action must be an object")
    typ = a.get("type")
    shapes = {
        "board": ({"actor", "type", "player", "good"}, set()),
        "deal_cornerstone": ({"actor", "type", "player", "tile"}, set()),
        "deal": ({"actor", "type", "player", "tile"}, set()),
        "keep": ({"actor", "type", "tile"}, set()),
        "select": ({"actor", "type", "tile"}, set()),
        "place": ({"actor", "type", "x", "y"}, {"tile", "rotation"}),
        "cornerstone": ({"actor", "type", "tile", "x", "y"}, {"rotation"}),
        "sell": ({"actor", "type"}, set()),
        "pay": ({"actor", "type"}, set()),
        "sacrifice": ({"actor", "type", "x", "y"}, set()),
    }
    if typ not in shapes:
        raise Malformed("unknown action type %r" % (typ,))
    req, opt = shapes[typ]
    keys = set(a)
    if not req <= keys:
        raise Malformed("missing fields %s" % sorted(req - keys))
    if keys - req - opt:
        raise Malformed("unknown fields %s" % sorted(keys - req - opt))
    actor = a["actor"]
    if typ in ("board", "deal_cornerstone", "deal"):
        if actor != "chance":
            raise Malformed("actor must be chance")
        if not _is_int(a["player"]) or not 0 <= a["player"] <= 4:
            raise Malformed("player")
        if typ == "board" and a["good"] not in RAW:
            raise Malformed("good")
    else:
        if not _is_int(actor) or not 0 <= actor < n:
            raise Malformed("actor must be a seat of the game")
    if "tile" in a and (not isinstance(a["tile"], str) or a["tile"] not in ALL_TILES):
        raise Malformed("tile")
    for k in ("x", "y"):
        if k in a and (not _is_int(a[k]) or not 0 <= a[k] <= 4):
            raise Malformed("%s must be 0-4" % k)
    if "rotation" in a and not _is_int(a["rotation"]):
        raise Malformed("rotation must be an integer")


def _ms(v, where):
    if not isinstance(v, dict):
        raise Malformed("%s must be a multiset" % where)
    for k, c in v.items():
        if k not in ALL_TILES or not _is_int(c) or c < 1:
            raise Malformed("%s: bad entry %r" % (where, k))
    return dict(v)


def _tile_list(v, where):
    if not isinstance(v, list) or not all(isinstance(t, str) and t in ALL_TILES for t in v):
        raise Malformed("%s must be a list of tiles" % where)
    return list(v)


def load(state):
    """Validate a canonical state; return a Game (moved on) or raise Malformed."""
    try:
        return _load(state)
    except Malformed:
        raise
    except (KeyError, TypeError, ValueError, IndexError, AttributeError) as e:
        raise Malformed("bad state: %r" % (e,))


def _load(s):
    M = Malformed
    if not isinstance(s, dict):
        raise M("state must be an object")
    need = ["game", "num_players", "options", "to_act", "terminal", "phase", "generation", "turn",
            "deal_target", "decks", "box", "discard", "boards", "disasters", "players"]
    for k in need:
        if k not in s:
            raise M("missing %s" % k)
    if set(s) - set(need):
        raise M("unknown fields %s" % sorted(set(s) - set(need)))
    if s["game"] != "neom":
        raise M("game")
    n = s["num_players"]
    if not _is_int(n) or not 1 <= n <= 5:
        raise M("num_players")
    opts = check_options(s["options"])
    ps_in = s["players"]
    if not isinstance(ps_in, list) or len(ps_in) != n:
        raise M("players must list num_players seats")
    ta = s["to_act"]
    if not isinstance(ta, list) or not all(x == "chance" or (_is_int(x) and 0 <= x < n) for x in ta):
        raise M("to_act")
    if not isinstance(s["terminal"], bool):
        raise M("terminal")
    ph = s["phase"]
    if ph not in PHASES:
        raise M("phase")
    gen, turn, dt = s["generation"], s["turn"], s["deal_target"]
    if not (_is_int(gen) and _is_int(turn) and _is_int(dt)):
        raise M("generation, turn, deal_target must be integers")
    if not (0 <= gen <= 3 and 1 <= turn <= 7 and 0 <= dt <= 8):
        raise M("generation, turn or deal_target out of range")
    inplay, box = in_play_copies(n, opts)
    decks_in = s["decks"]
    if not isinstance(decks_in, dict) or set(decks_in) != {"1", "2", "3", "cornerstone"}:
        raise M("decks")
    decks = {}
    for k, v in decks_in.items():
        d = _ms(v, "decks." + k)
        for t, c in d.items():
            g = TILES.get(t, {}).get("gen") if t in TILES else None
            if g is None or (k == "cornerstone" and g != 0) or (k != "cornerstone" and g != int(k)):
                raise M("decks.%s holds %s" % (k, t))
            if c > inplay.get(t, 0):
                raise M("decks.%s: more %s than in play" % (k, t))
        decks[k] = d
    if _ms(s["box"], "box") != box:
        raise M("box must hold exactly the copies removed by player count")
    discard = _ms(s["discard"], "discard")
    for t, c in discard.items():
        if t in CENTRES:
            raise M("a City Centre leaves the game")
        if c > inplay.get(t, 0):
            raise M("discard: more %s than in play" % t)
    boards = s["boards"]
    if not isinstance(boards, list) or not all(isinstance(b, str) and b in RAW for b in boards):
        raise M("boards")
    if len(set(boards)) != len(boards):
        raise M("boards listed twice")
    players = []
    for i, p in enumerate(ps_in):
        if not isinstance(p, dict):
            raise M("player")
        pk = ["board", "coins", "city", "goods", "cornerstones", "hand", "selected", "acted"]
        if set(p) != set(pk):
            raise M("players.%d fields" % i)
        b = p["board"]
        if b is not None and b not in RAW:
            raise M("players.%d.board" % i)
        if not _is_int(p["coins"]) or p["coins"] < 0:
            raise M("players.%d.coins" % i)
        city = p["city"]
        if not isinstance(city, list) or len(city) != 5 or not all(
                isinstance(r, list) and len(r) == 5 for r in city):
            raise M("players.%d.city must be 5x5" % i)
        for r in city:
            for t in r:
                if t is not None and (not isinstance(t, str) or t not in ALL_TILES):
                    raise M("players.%d.city: bad tile" % i)
        goods = p["goods"]
        if not isinstance(goods, list) or not all(isinstance(g, str) and g in GOODS for g in goods) \
                or len(set(goods)) != len(goods):
            raise M("players.%d.goods" % i)
        cs = _tile_list(p["cornerstones"], "players.%d.cornerstones" % i)
        hand = _tile_list(p["hand"], "players.%d.hand" % i)
        sel = p["selected"]
        if sel is not None and (not isinstance(sel, str) or sel not in ALL_TILES):
            raise M("players.%d.selected" % i)
        if not isinstance(p["acted"], bool):
            raise M("players.%d.acted" % i)
        players.append({"board": b, "coins": p["coins"], "city": [list(r) for r in city],
                        "goods": sorted(goods), "cornerstones": sorted(cs), "hand": sorted(hand),
                        "selected": sel, "acted": p["acted"]})
    dealt = [p["board"] for p in players if p["board"] is not None]
    # boards dealt in seat order, each once, the rest undealt
    nb = len(dealt)
    if any(p["board"] is None for p in players[:nb]) or len(set(dealt)) != nb:
        raise M("boards are dealt seat by seat, each once")
    if sorted(dealt + boards) != sorted(RAW):
        raise M("every board is dealt or undealt, once")
    if nb < n and ph != "boards":
        raise M("the boards are dealt first")
    if ph == "boards" and (gen != 0 or turn != 1):
        raise M("boards are dealt before the preliminary round")
    for i, p in enumerate(players):
        city = p["city"]
        if p["board"] is None:
            if any(t is not None for r in city for t in r) or p["goods"] or p["cornerstones"] \
                    or p["hand"] or p["selected"] is not None or p["acted"]:
                raise M("players.%d has no board yet" % i)
            continue
        if p["board"] not in p["goods"]:
            raise M("players.%d lacks the good of its board" % i)
        if city[2][2] is None:
            raise M("players.%d: the centre space is empty" % i)
        for y in range(5):
            for x in range(5):
                t = city[y][x]
                if t is None:
                    continue
                if t in CENTRES and (t != "centre-" + p["board"] or (x, y) != (2, 2)):
                    raise M("players.%d: a City Centre out of place" % i)
                if t in TILES:
                    ti = TILES[t]
                    if ti["category"] == "disaster":
                        raise M("players.%d: a disaster in the city" % i)
                    if ti["gen"] > gen or gen == 0:
                        raise M("players.%d: %s cannot be in the city yet" % (i, t))
        if not all_joined(city):
            raise M("players.%d: a tile not joined to the centre" % i)
        if cs_in_city(city) > gen:
            raise M("players.%d: more cornerstones than the generation" % i)
        for t in p["cornerstones"]:
            if not is_cs(t):
                raise M("players.%d.cornerstones: %s" % (i, t))
        if len(p["cornerstones"]) + cs_in_city(city) > KEPT_CS:
            raise M("players.%d: more than 3 cornerstones" % i)
        sel = p["selected"]
        for t in p["hand"] + ([sel] if sel is not None else []):
            if t in CENTRES:
                raise M("a City Centre in a hand")
            if gen == 0 and not is_cs(t):
                raise M("players.%d: a generation tile in the draft" % i)
            if gen > 0 and ((TILES[t]["gen"] > gen) if BUG == "earlier-generation-hand" else (TILES[t]["gen"] != gen)):
                raise M("players.%d: %s is not of generation %d" % (i, t, gen))
    # phase specific
    disasters = s["disasters"]
    if not isinstance(disasters, list):
        raise M("disasters")
    if ph != "disaster" and disasters:
        raise M("disasters pending outside the disaster step")
    if ph in ("deal", "draft") and ph != "boards" and gen == 0:
        pass
    if gen == 0 and ph not in ("boards", "deal", "draft"):
        raise M("phase %s in the preliminary round" % ph)
    if gen > 0 and ph in ("boards", "draft"):
        raise M("phase %s after the preliminary round" % ph)
    if ph == "over":
        if gen != 3 or turn != TURNS:
            raise M("the game ends after the 7th turn of generation 3")
        if any(p["hand"] or p["selected"] is not None for p in players):
            raise M("hands after the game is over")
    if gen == 0 and ph in ("deal", "draft"):
        if ph == "deal" and dt != DEALT_CS:
            raise M("the cornerstone deal fills hands to 4")
        if ph == "draft" and turn > KEPT_CS:
            raise M("only 3 draft rounds")
        for i, p in enumerate(players):
            if ph == "deal":
                if p["selected"] is not None or p["cornerstones"] or turn != 1:
                    raise M("players.%d: the deal comes before the draft" % i)
                if len(p["hand"]) > DEALT_CS:
                    raise M("hand fuller than the deal")
            else:
                size = len(p["hand"]) + (1 if p["selected"] is not None else 0)
                if size != DEALT_CS + 1 - turn or len(p["cornerstones"]) != turn - 1:
                    raise M("players.%d: draft hand size" % i)
                if p["acted"]:
                    raise M("acted in the draft")
    solo = n == 1
    piles = solo_piles(n, opts) if solo else None
    if gen >= 1 and ph in ("deal", "select", "act", "disaster"):
        expect_dt = piles[turn - 1] if solo else HAND
        if ph == "deal" and dt != expect_dt:
            raise M("deal_target must be %d" % expect_dt)
        for i, p in enumerate(players):
            size = len(p["hand"]) + (1 if p["selected"] is not None else 0)
            cap = piles[turn - 1] if solo else HAND + 1 - turn
            if ph == "deal":
                if p["selected"] is not None or p["acted"]:
                    raise M("players.%d: a selection in the deal step" % i)
                if len(p["hand"]) > dt:
                    raise M("hand fuller than the deal")
            elif size > cap:
                raise M("players.%d: hand too large for turn %d" % (i, turn))
            if ph == "select":
                if p["acted"]:
                    raise M("players.%d: acted in the selection step" % i)
                if p["selected"] is None and not p["hand"]:
                    raise M("players.%d: nothing to select" % i)
            if ph == "act":
                if p["acted"]:
                    if p["selected"] is not None and not is_disaster(p["selected"]):
                        raise M("players.%d: acted yet holds a selection" % i)
                else:
                    if p["selected"] is None:
                        raise M("players.%d: to act without a selection" % i)
                    if is_disaster(p["selected"]) and not solo:
                        raise M("players.%d: a disaster selector still to act" % i)
    # decks must still hold what the deals to come need
    if ph != "over":
        for g in (1, 2, 3):
            deck = sum(decks[str(g)].values())
            if g > gen or (g == gen and ph == "deal"):
                if solo:
                    t0 = turn if g == gen else 1
                    need = sum(piles[t0 - 1:])
                    if g == gen:
                        need -= len(players[0]["hand"])
                else:
                    need = HAND * n
                    if g == gen:
                        need -= sum(len(p["hand"]) for p in players)
            elif g == gen and solo and ph != "deal":
                need = sum(piles[turn:])
            else:
                need = 0
            if deck < need:
                raise M("decks.%d short of the deals to come" % g)
        if gen == 0 and ph in ("boards", "deal"):
            need = DEALT_CS * n - sum(len(p["hand"]) for p in players)
            if sum(decks["cornerstone"].values()) < need:
                raise M("decks.cornerstone short of the deal")
    # disasters
    if ph == "disaster":
        if not disasters:
            raise M("a disaster step with no disaster")
        last_by = -1
        seen_null = False
        null_tiles = {}
        for j, d in enumerate(disasters):
            if not isinstance(d, dict) or set(d) != {"tile", "by", "decided"}:
                raise M("disasters.%d" % j)
            t, by, dec = d["tile"], d["by"], d["decided"]
            if not isinstance(t, str) or not is_disaster(t) or TILES[t]["gen"] != gen:
                raise M("disasters.%d.tile" % j)
            if by is None:
                if not solo:
                    raise M("a disaster without selector outside the solo game")
                seen_null = True
                ms_add(null_tiles, t)
            else:
                if not _is_int(by) or not 0 <= by < n or solo:
                    raise M("disasters.%d.by" % j)
                if seen_null or by <= last_by:
                    raise M("disasters out of seat order")
                last_by = by
            if not isinstance(dec, list) or not all(_is_int(x) and 0 <= x < n for x in dec) \
                    or len(set(dec)) != len(dec) or (by is not None and by in dec):
                raise M("disasters.%d.decided" % j)
            if j > 0 and dec:
                raise M("only the first disaster may have answers")
        for t, c in null_tiles.items():
            if players[0]["hand"].count(t) < c:
                raise M("a left-over solo disaster not in the hand")
        disasters = [{"tile": d["tile"], "by": d["by"], "decided": sorted(d["decided"])}
                     for d in disasters]
    st = {
        "game": "neom", "num_players": n, "options": opts, "to_act": [], "terminal": False,
        "phase": ph, "generation": gen, "turn": turn, "deal_target": dt,
        "decks": {k: ms_sorted(v) for k, v in decks.items()}, "box": ms_sorted(box),
        "discard": ms_sorted(discard), "boards": sorted(boards), "disasters": disasters,
        "players": players,
    }
    g = Game(st)
    g.advance()
    return g


# ----------------------------------------------------------------------------- server

class Server:
    def __init__(self):
        self.game = None

    def handle(self, req):
        cmd = req.get("cmd")
        if cmd == "handshake":
            prot = req.get("protocol")
            if not isinstance(prot, list) or 1 not in prot:
                raise Unsupported("protocol 1 only")
            return {"protocol": 1, "engine": {"name": "neom-corpus", "version": "0.1.0",
                                              "language": "python"},
                    "games": [{"id": "neom", "min_players": 1, "max_players": 5,
                               "options": dict(DEFAULT_OPTIONS)}],
                    "capabilities": ["load_state", "legal_actions", "chance", "views", "outcome"]}
        if cmd == "new_game":
            self.game = new_game(req)
            return {"state": self.game.st}
        if cmd == "load_state":
            if req.get("state", {}).get("game") not in ("neom",):
                if isinstance(req.get("state"), dict) and "game" in req["state"]:
                    raise Unsupported("only neom")
            self.game = load(req.get("state"))
            return {"state": self.game.st}
        if cmd == "stop":
            return {}
        if self.game is None:
            raise Malformed("no game: send new_game or load_state first")
        g = self.game
        if cmd == "state":
            v = req.get("view")
            if v is None:
                return {"state": g.st}
            if not _is_int(v) or not 0 <= v < g.n:
                raise Malformed("view must be a seat")
            return {"state": g.view(v)}
        if cmd == "legal_actions":
            res = {"to_act": g.st["to_act"], "actions": g.legal_actions()}
            if g.st["to_act"] == ["chance"]:
                res["chance"] = [{"action": a, "probability": frac(p)}
                                 for a, p in g.chance_outcomes()]
            return res
        if cmd == "apply":
            a = req.get("action")
            check_action_shape(a, g.n)
            backup = copy.deepcopy(g.st)
            try:
                g.apply(a)
            except BaseException:
                g.st = backup
                raise
            return {"to_act": g.st["to_act"], "terminal": g.st["terminal"]}
        if cmd == "outcome":
            return g.outcome()
        raise Malformed("unknown command %r" % (cmd,))


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
        try:
            if not isinstance(req, dict):
                raise Malformed("request must be an object")
            res = srv.handle(req)
            rep = {"id": rid, "ok": True, "result": res}
        except RuleError as e:
            rep = {"id": rid, "ok": False, "error": {"kind": "illegal_action", "rule": e.rule,
                                                     "message": e.msg}}
        except Malformed as e:
            rep = {"id": rid, "ok": False, "error": {"kind": "malformed", "message": str(e)}}
        except Unsupported as e:
            rep = {"id": rid, "ok": False, "error": {"kind": "unsupported", "message": str(e)}}
        except Exception as e:  # noqa
            import traceback
            traceback.print_exc(file=sys.stderr)
            rep = {"id": rid, "ok": False, "error": {"kind": "internal", "message": repr(e)}}
        out.write(json.dumps(rep) + "\n")
        out.flush()
        if isinstance(req, dict) and req.get("cmd") == "stop":
            break


if __name__ == "__main__":
    main()
