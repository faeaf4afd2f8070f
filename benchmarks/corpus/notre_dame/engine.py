#!/usr/bin/env python3
"""Independent Notre Dame (10th anniversary) engine for the rulespec protocol v1.

Written from the public documents only (protocol README, spec/notre_dame/*.yaml and
schemas, the feature files, the Japanese rulebook).  Stdlib only.

CORPUS_BUG selects a deliberately planted bug (see bugs.toml); empty = clean engine.
"""
import copy
import itertools
import json
import os
import re
import sys

BUG = os.environ.get("CORPUS_BUG", "")

GAME = "notre_dame"
AREAS = ["bank", "carriage", "cloister", "guesthouse", "hospital", "park", "residence"]
CARDS = ["bank", "carriage", "cloister", "friend", "guesthouse", "hospital", "notre_dame", "park", "residence"]
BROWN = ["doctor", "landlady", "magician", "moneylender", "monk", "poet"]
LETTERED = {
    "A1": {"coins": 2}, "A2": {"cubes": 2}, "A3": {"prestige": 2},
    "A4": {"coins": 1, "cubes": 1}, "A5": {"prestige": 1, "coins": 1},
    "A6": {"prestige": 1, "rats_removed": 1}, "A7": {"cubes": 1, "rats_removed": 1},
    "A8": {"coins": 3}, "A9": {"prestige": 1, "cubes": 1},
    "B1": {"prestige": 2, "coins": 1}, "B2": {"prestige": 3}, "B3": {"cubes": 1, "rats_removed": 2},
    "B4": {"coins": 2, "cubes": 1}, "B5": {"prestige": 2, "cubes": 1},
    "B6": {"prestige": 1, "rats_removed": 2}, "B7": {"coins": 3},
    "B8": {"prestige": 2, "rats_removed": 1}, "B9": {"cubes": 3},
    "C1": {"prestige": 4}, "C2": {"prestige": 3, "cubes": 1}, "C3": {"prestige": 2, "rats_removed": 2},
    "C4": {"prestige": 3, "coins": 1}, "C5": {"prestige": 5},
    "C6": {"prestige": 4, "rats_removed": 1}, "C7": {"prestige": 2, "coins": 2},
    "C8": {"prestige": 3, "rats_removed": 2}, "C9": {"prestige": 2, "cubes": 2},
}
PERSON_RATS = {
    "doctor": 2, "landlady": 1, "magician": 1, "moneylender": 2, "monk": 1, "poet": 1,
    "A1": 1, "A2": 1, "A3": 0, "A4": 0, "A5": 1, "A6": 1, "A7": 0, "A8": 1, "A9": 2,
    "B1": 1, "B2": 2, "B3": 1, "B4": 1, "B5": 2, "B6": 1, "B7": 0, "B8": 2, "B9": 1,
    "C1": 2, "C2": 2, "C3": 1, "C4": 1, "C5": 2, "C6": 3, "C7": 1, "C8": 2, "C9": 0,
}
ALL_PERSONS = set(BROWN) | set(LETTERED)
TILE = {2: "square", 3: "triangle", 4: "square", 5: "pentagon"}
ND_VALUES = {"triangle": {"A": 9, "B": 12, "C": 15}, "square": {"A": 12, "B": 15, "C": 18},
             "pentagon": {"A": 15, "B": 18, "C": 21}}
DEFAULT_OFFERINGS = {1: 1, 2: 3, 3: 6}
MSG_REWARD = {1: {"prestige": 1, "coins": 1}, 2: {"prestige": 2, "cubes": 1},
              3: {"prestige": 3, "rats_removed": 1}, 4: {"prestige": 4}}
OPTIONS = {"rat_floor": True, "friend_in_park_bonus": True, "friend_in_hospital": True,
           "prestige_floor": True, "forgo_at_will": False, "notre_dame_source": False,
           "neutral_districts": True}
CUBES_PER_COLOUR = 14
PHASES = ["setup", "reveal", "deal", "draft", "play", "buy", "plague", "over"]
SQUARE_RE = re.compile(r"^[0-4]-[0-4]$")
PERSON_RE = re.compile(r"^(doctor|landlady|magician|moneylender|monk|poet|[ABC][0-9]+)$")
GUEST_CHOICES = ["coin", "cube", "rat"]


class Illegal(Exception):
    def __init__(self, rule, msg=""):
        super().__init__(msg or rule)
        self.rule = rule
        self.msg = msg or rule


class Malformed(Exception):
    pass


class Unsupported(Exception):
    pass


def is_int(x):
    return isinstance(x, int) and not isinstance(x, bool)


# ---------------------------------------------------------------- board

def ring_of(st):
    n = st["num_players"]
    if n == 2:
        if st["options"]["neutral_districts"]:
            return [0, 1, 2, 3] if BUG == "two-player-adjacent" else [0, 2, 1, 3]
        return [0, 1]
    return list(range(n))


def squares_of(st):
    return {"%d-%d" % (d, s) for d in ring_of(st) for s in range(5)}


def adjacency(st):
    ring = ring_of(st)
    adj = {}

    def link(a, b):
        adj.setdefault(a, set()).add(b)
        adj.setdefault(b, set()).add(a)

    for d in ring:
        for a, b in [(0, 1), (0, 2), (0, 3), (0, 4), (1, 2), (2, 3), (3, 4)] + ([(1, 4)] if BUG == "outer-squares-ring" else []):
            link("%d-%d" % (d, a), "%d-%d" % (d, b))
    for i, d in enumerate(ring):
        nxt = ring[(i + 1) % len(ring)]
        if nxt != d and BUG != "carriage-own-district":
            link("%d-4" % d, "%d-1" % nxt)
    return adj


def distances(st, start):
    adj = adjacency(st)
    dist = {start: 0}
    frontier = [start]
    while frontier:
        nxt = []
        for sq in frontier:
            for o in adj.get(sq, ()):
                if o not in dist:
                    dist[o] = dist[sq] + 1
                    nxt.append(o)
        frontier = nxt
    return dist


# ---------------------------------------------------------------- helpers

def colour_cubes():
    """ND-COMP-CUBES: the influence cubes of one colour (4 in hand, the rest in the stock)."""
    return CUBES_PER_COLOUR + 4 if BUG == "stock-fourteen" else CUBES_PER_COLOUR


def tile_of(n):
    """ND-SETUP-BOARD: the Notre Dame tile for the number of players."""
    return "triangle" if BUG == "two-player-triangle" and n == 2 else TILE[n]


def stage_of(rnd):
    return "A" if rnd <= 3 else ("B" if rnd <= (7 if BUG == "stage-b-through-round-7" else 6) else "C")


def offerings(st):
    p = st["options"].get("params", {}).get("ND-ND-OFFERING")
    if p and "offerings" in p:
        return {int(k): v for k, v in p["offerings"].items()}
    return DEFAULT_OFFERINGS


def people(st, p, area):
    pl = st["players"][p]
    return pl["areas"][area] + (1 if pl["friend"] == area else 0)


def park_bonus(st, p):
    pl = st["players"][p]
    n = pl["areas"]["park"]
    if pl["friend"] == "park" and st["options"]["friend_in_park_bonus"] and BUG != "park-bonus-cubes-only":
        n += 1
    return (n + 1) // 2 if BUG == "park-round-up" else (min(n // 2, 1) if BUG == "park-bonus-capped" else n // 2)


def gain_prestige(st, p, n):
    if n <= 0:
        return
    st["players"][p]["prestige"] += n + park_bonus(st, p)


def gain_coins(st, p, n):
    st["players"][p]["coins"] += min(n, max(0, 25 - sum(q["coins"] for q in st["players"]))) if BUG == "coin-supply-of-25" else n


def gain_cubes(st, p, n):
    pl = st["players"][p]
    k = min(n, pl["stock"])
    pl["stock"] -= k
    pl["cubes"] += k


def remove_rat(st, p, n=1):
    pl = st["players"][p]
    for _ in range(min(n, 1) if BUG == "one-rat-per-gain" else n):
        if st["options"]["rat_floor"] and ((pl["rats"] < 0) if BUG == "rats-floor-off-by-one" else (pl["rats"] <= 0)):
            pl["rats"] = max(pl["rats"], 0)
        else:
            pl["rats"] -= 1


def apply_gains(st, p, g):
    if g.get("prestige"):
        gain_prestige(st, p, g["prestige"])
    if g.get("coins"):
        gain_coins(st, p, g["coins"])
    if g.get("cubes"):
        gain_cubes(st, p, g["cubes"])
    if g.get("rats_removed"):
        remove_rat(st, p, g["rats_removed"])


def colours_in_play(st):
    return list(range(st["num_players"]))


def set_complete(st, p):
    pl = st["players"][p]
    on_board = {m["color"] for m in st["messages"].values()}
    for c in colours_in_play(st):
        if c in pl["message_set"]:
            continue
        if (False if BUG == "exhausted-colour-blocks" else c not in on_board):
            continue
        return False
    return True


def may_take(st, p, colour):
    pl = st["players"][p]
    if BUG == "message-colour-free" or colour not in pl["message_set"]:
        return True
    return set_complete(st, p)


def msg_reward(value):
    """ND-MESSAGE-VALUES: what a message of this number gives (component messages)."""
    return dict(MSG_REWARD[{1: 2, 2: 1}.get(value, value)], prestige=value) if BUG == "message-extras-swapped" else MSG_REWARD[value]


def take_message(st, p, sq):
    pl = st["players"][p]
    m = st["messages"].pop(sq)
    c = m["color"]
    if c in pl["message_set"]:
        pl["message_set"] = [] if BUG == "set-restarts-empty" else [c]
    else:
        pl["message_set"] = sorted(pl["message_set"] + [c])
    pl["messages"] = sorted(pl["messages"] + [m], key=lambda x: (x["color"], x["value"]))
    apply_gains(st, p, {k: v for k, v in msg_reward(m["value"]).items() if k != "rats_removed"} if BUG == "message-no-rat" else (dict(msg_reward(m["value"]), prestige=int(sq.split("-")[1])) if BUG == "message-square-number" else msg_reward(m["value"])))


# ---------------------------------------------------------------- area actions

def guest_choices():
    """ND-GUEST: the guest house gives one coin, one cube or one rat removed."""
    return GUEST_CHOICES[:2] if BUG == "guest-no-rat" else GUEST_CHOICES


def guest_double(n_people):
    """ND-GUEST-DOUBLE: two gains with three or more people in the guest house."""
    return n_people > 3 if BUG == "guest-double-over-3" else n_people >= 3


def carriage_reaches(d, n_people):
    """ND-CARRIAGE-MOVE: one square per person in the carriage house."""
    return d < n_people if BUG == "carriage-short" else (0 < d if BUG == "carriage-must-move" else 0 <= d) and d <= n_people


def carriage_start(st, p):
    """ND-CARRIAGE-STAYS: the carriage moves on from where it stopped."""
    return "%d-0" % p if BUG == "carriage-from-centre" else st["players"][p]["carriage"]


def friend_may_go(pl, area):
    """ND-FRIEND-MOVE: the friend must move to another area."""
    return True if BUG == "friend-stays" else area != pl["friend"]


def on_offer(st, p):
    """ND-BUY-SHARED: every displayed person is on offer, even one another player bought."""
    taken = {q["bought"] for i, q in enumerate(st["players"]) if i != p}
    return set(st["display"]) - taken if BUG == "person-bought-once" else set(st["display"])


def person_prestige(st, p, n):
    """ND-PERSON-PARK: prestige from persons earns the park bonus too."""
    if BUG == "person-no-park": st["players"][p]["prestige"] += n
    else: gain_prestige(st, p, n)


def area_variants(st, p, area, n_people):
    """Parameter variants (dicts) of the action of `area` performed with n_people there."""
    if area == "carriage":
        dist = distances(st, carriage_start(st, p))
        out = []
        for sq in sorted(dist):
            if not carriage_reaches(dist[sq], n_people):
                continue
            out.append({"square": sq, "take": False})
            m = st["messages"].get(sq)
            if m is not None and may_take(st, p, m["color"]):
                out.append({"square": sq, "take": True})
        return out
    if area == "guesthouse":
        out = [{"choices": [c]} for c in guest_choices()]
        if guest_double(n_people):
            out += [{"choices": [a, b]} for a, b in (itertools.combinations if BUG == "guest-pair-must-differ" else itertools.combinations_with_replacement)(guest_choices(), 2)]
        return out
    return [{}]


def check_area_params(st, p, area, act, n_people, extra_rule, guest_double_rule):
    """Validate square/take/choices for the action of `area`; raises Illegal."""
    has_sq = "square" in act or "take" in act
    has_ch = "choices" in act
    if area == "carriage":
        if has_ch:
            raise Illegal(extra_rule, "the carriage action takes no choices")
        if "square" not in act or "take" not in act:
            raise Illegal("ND-CARRIAGE-MOVE", "the carriage action needs square and take")
        sq = act["square"]
        if sq not in squares_of(st):
            raise Illegal("ND-CARRIAGE-ROADS", "no such square on this board")
        dist = distances(st, carriage_start(st, p))
        if sq not in dist or not carriage_reaches(dist[sq], n_people):
            raise Illegal("ND-CARRIAGE-MOVE", "the carriage cannot reach %s" % sq)
        if act["take"]:
            m = st["messages"].get(sq)
            if m is None:
                raise Illegal("ND-CARRIAGE-STOP", "no message on %s" % sq)
            if not may_take(st, p, m["color"]):
                raise Illegal("ND-MESSAGE-COLOR", "colour already in the current set")
        return
    if has_sq:
        raise Illegal(extra_rule, "this action has no square")
    if area == "guesthouse":
        if not has_ch:
            raise Illegal("ND-GUEST", "the guest house needs choices")
        ch = act["choices"]
        if len(ch) < 1 or len(ch) > 2 or any(c not in guest_choices() for c in ch):
            raise Illegal("ND-GUEST", "one or two of coin, cube, rat")
        if len(ch) == 2 and not guest_double(n_people):
            raise Illegal(guest_double_rule, "two choices need three people in the guest house")
        if BUG == "guest-pair-must-differ" and len(ch) == 2 and ch[0] == ch[1]:
            raise Illegal(guest_double_rule, "the two gains must differ")
        return
    if has_ch:
        raise Illegal(extra_rule, "this action has no choices")


def perform_area(st, p, area, act):
    """Perform the action of `area` (people already placed)."""
    pl = st["players"][p]
    n = pl["areas"][area] if BUG == "friend-not-counted" else people(st, p, area)
    if area == "bank":
        gain_coins(st, p, 1 if BUG == "bank-flat-one" else (pl["areas"]["bank"] if BUG == "bank-cubes-only" else (n - 1 if BUG == "bank-before-placing" else (n + 1 if BUG == "bank-plus-one" else n))))
    elif area == "residence":
        gain_prestige(st, p, 1 if BUG == "residence-flat-one" else n)
    elif area == "cloister":
        gain_cubes(st, p, n - 1 if BUG == "cloister-before-placing" else (0 if BUG == "cloister-all-or-nothing" and n > pl["stock"] else n))
    elif area == "park" or (area == "hospital" and BUG != "hospital-no-rat"):
        remove_rat(st, p, n if BUG == "park-rat-per-cube" and area == "park" else 1)
    elif area == "guesthouse":
        for c in act["choices"]:
            if c == "coin":
                gain_coins(st, p, 1)
            elif c == "cube":
                gain_cubes(st, p, 1)
            else:
                remove_rat(st, p, 1)
    elif area == "carriage":
        pl["carriage"] = act["square"]
        if act["take"]:
            take_message(st, p, act["square"])


# ---------------------------------------------------------------- state creation

def new_state(num_players, options, setup):
    n = num_players
    st = {
        "game": GAME, "num_players": n, "options": options, "to_act": [], "terminal": False,
        "tile": tile_of(n), "round": 1, "stage": "A", "phase": "setup",
        "start_player": 0, "current": None, "pending": list(range(n)), "draft_step": None,
        "display": [], "brown_deck": list(BROWN),
        "lettered": {L: ["%s%d" % (L, i) for i in range(1, 10)] for L in "ABC"},
        "notre_dame": [0] * n, "messages": {}, "players": [],
    }
    for p in range(n):
        st["players"].append({
            "coins": 4 if BUG == "start-four-coins" else 3, "prestige": 0, "rats": 1 if BUG == "rats-start-one" else 0, "cubes": 4, "stock": colour_cubes() - 4,
            "areas": {a: 0 for a in AREAS}, "friend": None, "carriage": "%d-0" % p,
            "messages": [], "message_set": [], "deck": list(CARDS), "draft_hand": [],
            "cards": [], "played": [], "bought": None,
        })
    for key in setup:
        if key not in ("start_player", "messages"):
            raise Malformed("unknown setup key %r" % key)
    if "start_player" in setup:
        sp = setup["start_player"]
        if not is_int(sp) or not 0 <= sp < n:
            raise Malformed("setup.start_player must be a seat 0..%d" % (n - 1))
        st["start_player"] = sp
    if "messages" in setup:
        ms = setup["messages"]
        if not isinstance(ms, dict):
            raise Malformed("setup.messages must be an object")
        for d, vals in ms.items():
            if not re.fullmatch(r"[0-9]+", d) or int(d) >= n:
                raise Malformed("setup.messages: no district %r" % d)
            if (not isinstance(vals, list) or len(vals) != 4 or not all(is_int(v) for v in vals)
                    or sorted(vals) != [1, 2, 3, 4]):
                raise Malformed("setup.messages.%s must be a permutation of 1..4" % d)
            place_messages(st, int(d), vals)
            st["pending"].remove(int(d))
    if not st["pending"]:
        st["phase"] = "reveal"
    return st


def place_messages(st, d, vals):
    for i, v in enumerate(vals):
        st["messages"]["%d-%d" % (d, i if BUG == "messages-on-centre" else i + 1)] = {"color": d, "value": v}


# ---------------------------------------------------------------- normalise

def normalise(st):
    st["stage"] = stage_of(st["round"])
    st["tile"] = tile_of(st["num_players"])
    st["terminal"] = st["phase"] == "over"
    ph = st["phase"]
    if ph in ("setup", "reveal", "deal"):
        st["to_act"] = ["chance"]
    elif ph == "draft":
        st["to_act"] = draft_choosers(st)
    elif ph == "plague":
        st["to_act"] = sorted(st["pending"])
    elif ph in ("play", "buy"):
        st["to_act"] = [st["current"]]
    else:
        st["to_act"] = []
    st["pending"] = sorted(st["pending"])
    st["display"] = sorted(st["display"])
    st["brown_deck"] = sorted(st["brown_deck"])
    for L in "ABC":
        st["lettered"][L] = sorted(st["lettered"][L])
    st["messages"] = {k: st["messages"][k] for k in sorted(st["messages"])}
    for pl in st["players"]:
        for k in ("deck", "draft_hand", "cards", "played", "message_set"):
            pl[k] = sorted(pl[k])
        pl["messages"] = sorted(pl["messages"], key=lambda m: (m["color"], m["value"]))
    st["options"] = {k: st["options"][k] for k in sorted(st["options"])}
    return st


# ---------------------------------------------------------------- legal actions

def place_sources(st, p, card):
    pl = st["players"][p]
    if pl["cubes"] > 0:
        return ["hand"]
    return [] if BUG == "no-move-without-hand" else [a for a in AREAS if pl["areas"][a] > 0 and (BUG == "move-own-area" or a != card)] + (["notre_dame"] if BUG == "nd-cube-moved" and card != "notre_dame" and st["notre_dame"][p] > 0 else [])


def affords(coins, off):
    """ND-ND-PAY: an offering is paid from the coins the player has."""
    return off < coins if BUG == "offering-needs-spare-coin" else off <= coins


def can_perform(st, p, card):
    pl = st["players"][p]
    if card == "friend":
        return True
    if card == "notre_dame" and not affords(pl["coins"], 1):
        return False
    return bool(place_sources(st, p, card))


def may_forgo(st, p, card):
    """ND-PLAY-FORGO: a card is played without its action only when the action cannot be performed."""
    return BUG == "forgo-any-time" or st["options"]["forgo_at_will"] or not can_perform(st, p, card)


def play_actions(st, p):
    pl = st["players"][p]
    out = []
    for card in sorted(set(pl["cards"])):
        if card == "friend":
            for area in AREAS:
                if not friend_may_go(pl, area):
                    continue
                n = people(st, p, area) + (0 if pl["friend"] == area else 1)
                for v in area_variants(st, p, area, n):
                    a = {"actor": p, "type": "play", "card": "friend", "area": area}
                    a.update(v)
                    out.append(a)
        else:
            srcs = place_sources(st, p, card)
            if card == "notre_dame":
                for src in srcs:
                    for off in sorted(offerings(st)):
                        if affords(pl["coins"], off):
                            out.append({"actor": p, "type": "play", "card": card, "from": src, "offering": off})
            else:
                for src in srcs:
                    n = people(st, p, card) + 1
                    for v in area_variants(st, p, card, n):
                        a = {"actor": p, "type": "play", "card": card, "from": src}
                        a.update(v)
                        out.append(a)
        if may_forgo(st, p, card):
            out.append({"actor": p, "type": "play", "card": card, "forgo": True})
    return out


def nd_source(st):
    """ND-PLACE-ND-SOURCE: the poet and the magician move people from Notre Dame only with the option."""
    return True if BUG == "poet-from-notre-dame" else st["options"]["notre_dame_source"]


def move_sources(st, p):
    """Areas (and Notre Dame with the option) people may leave for the poet/magician."""
    pl = st["players"][p]
    srcs = []
    for a in AREAS:
        srcs.append((a, pl["areas"][a], pl["friend"] == a))
    if nd_source(st):
        srcs.append(("notre_dame", st["notre_dame"][p], False))
    return srcs


def buy_actions(st, p):
    pl = st["players"][p]
    out = [{"actor": p, "type": "pass"}]
    if pl["coins"] < 1:
        return out
    out = [] if BUG == "buy-compulsory" else out
    for person in sorted(on_offer(st, p)):
        base = {"actor": p, "type": "buy", "person": person}
        if person == "landlady":
            for c in GUEST_CHOICES:
                out.append(dict(base, choice=c))
        elif person == "poet":
            for src, ncubes, fr in move_sources(st, p):
                for to in AREAS:
                    if to == src:
                        continue
                    for k in range(0, min(3, ncubes) + 1):
                        for f in ([False, True] if fr and BUG != "poet-no-friend" else [False]):
                            tot = k + (1 if f else 0)
                            if 1 <= tot <= 3:
                                out.append(dict(base, **{"from": src, "to": to, "cubes": k, "friend": f}))
        elif person == "magician":
            for src, ncubes, fr in move_sources(st, p):
                pieces = (["cube"] if ncubes > 0 else []) + (["friend"] if fr else [])
                for piece in pieces:
                    for to in AREAS:
                        if to == src:
                            continue
                        n = people(st, p, to) + 1
                        for v in area_variants(st, p, to, n):
                            a = dict(base, **{"from": src, "to": to, "piece": piece})
                            a.update(v)
                            out.append(a)
        else:
            out.append(base)
    return out


def plague_candidates(st, p):
    pl = st["players"][p]
    withcube = [a for a in AREAS if pl["areas"][a] > 0]
    if not withcube:
        return []
    count = (lambda a: pl["areas"][a]) if BUG == "plague-ignores-friend" else (lambda a: people(st, p, a))
    best = max(count(a) for a in withcube)
    return [a for a in withcube if count(a) == best]


def chance_outcomes(st):
    ph = st["phase"]
    if ph == "setup":
        d = min(st["pending"])
        perms = sorted(itertools.permutations([1, 2, 3, 4]))
        return [{"actor": "chance", "type": "place_messages", "district": d, "values": list(v)} for v in perms]
    if ph == "reveal":
        nbrown = sum(1 for x in st["display"] if x in BROWN)
        if nbrown < (1 if BUG == "one-brown-person" else 2):
            pool = st["brown_deck"]
        else:
            pool = st["lettered"][{"A": "C", "B": "B", "C": "A"}[stage_of(st["round"])] if BUG == "lettered-stack-reversed" else stage_of(st["round"])]
        return [{"actor": "chance", "type": "reveal_person", "person": x} for x in sorted(pool) if BUG != "lettered-base-only" or x in BROWN or int(x[1:]) <= 3]
    if ph == "deal":
        p = deal_seat(st)
        if p is None:
            return []
        return [{"actor": "chance", "type": "draw_card", "player": p, "card": c}
                for c in sorted(set(st["players"][p]["deck"]))]
    return []


def deal_seat(st):
    for p, pl in enumerate(st["players"]):
        if len(pl["draft_hand"]) < 3 and pl["deck"]:
            return p
    return None


def draft_choosers(st):
    """ND-DRAFT-SIMUL: every player still to keep a card may choose, in any order."""
    pend = sorted(st["pending"])
    return sorted(pend, key=lambda q: (q - st["start_player"]) % st["num_players"])[:1] if BUG == "draft-in-turn" else pend


def legal_actions(st):
    ph = st["phase"]
    if ph in ("setup", "reveal", "deal"):
        outs = chance_outcomes(st)
        if ph == "deal":
            deck = st["players"][outs[0]["player"]]["deck"] if outs else []
            chance = [{"action": a, "probability": "%d/%d" % (deck.count(a["card"]), len(deck))} for a in outs]
            chance = [dict(c, probability=reduce_frac(c["probability"])) for c in chance]
        else:
            chance = [{"action": a, "probability": "1/%d" % len(outs)} for a in outs]
        return {"to_act": ["chance"], "actions": outs, "chance": chance}
    if ph == "draft":
        acts = []
        for p in draft_choosers(st):
            for c in sorted(set(st["players"][p]["draft_hand"])):
                acts.append({"actor": p, "type": "keep", "card": c})
        return {"to_act": draft_choosers(st), "actions": acts}
    if ph == "play":
        return {"to_act": [st["current"]], "actions": play_actions(st, st["current"])}
    if ph == "buy":
        return {"to_act": [st["current"]], "actions": buy_actions(st, st["current"])}
    if ph == "plague":
        acts = []
        for p in sorted(st["pending"]):
            for a in plague_candidates(st, p):
                acts.append({"actor": p, "type": "lose_cube", "area": a})
        return {"to_act": sorted(st["pending"]), "actions": acts}
    return {"to_act": [], "actions": []}


def reduce_frac(s):
    from math import gcd
    a, b = map(int, s.split("/"))
    g = gcd(a, b)
    return "%d/%d" % (a // g, b // g)


# ---------------------------------------------------------------- action shape

def check_shape(st, a):
    if not isinstance(a, dict):
        raise Malformed("action must be an object")
    if "actor" not in a or "type" not in a:
        raise Malformed("action needs actor and type")
    actor = a["actor"]
    t = a["type"]
    n = st["num_players"]
    chance_types = {"place_messages": {"district", "values"}, "reveal_person": {"person"},
                    "draw_card": {"player", "card"}}
    player_types = {"keep", "play", "pass", "buy", "lose_cube"}
    if actor == "chance":
        if t not in chance_types:
            raise Malformed("chance cannot do %r" % (t,))
        keys = set(a) - {"actor", "type"}
        if keys != chance_types[t]:
            raise Malformed("fields of %s: %s" % (t, sorted(chance_types[t])))
        if t == "place_messages":
            if not is_int(a["district"]) or not 0 <= a["district"] <= 4:
                raise Malformed("district must be 0..4")
            v = a["values"]
            if not isinstance(v, list) or len(v) != 4 or not all(is_int(x) and 1 <= x <= 4 for x in v):
                raise Malformed("values must be four integers 1..4")
        elif t == "reveal_person":
            if not isinstance(a["person"], str) or not PERSON_RE.match(a["person"]):
                raise Malformed("person")
        else:
            if not is_int(a["player"]) or not 0 <= a["player"] <= 4:
                raise Malformed("player")
            if a["card"] not in CARDS:
                raise Malformed("card")
        return
    if not is_int(actor) or not 0 <= actor < n:
        raise Malformed("actor must be a seat 0..%d or 'chance'" % (n - 1))
    if t not in player_types:
        raise Malformed("unknown action type %r" % (t,))
    keys = set(a) - {"actor", "type"}

    def need_str(k):
        if k in a and not isinstance(a[k], str):
            raise Malformed("%s must be a string" % k)

    if t == "keep":
        if keys != {"card"}:
            raise Malformed("keep has exactly: card")
        if a["card"] not in CARDS:
            raise Malformed("card")
    elif t == "pass":
        if keys:
            raise Malformed("pass has no fields")
    elif t == "lose_cube":
        if keys != {"area"}:
            raise Malformed("lose_cube has exactly: area")
        need_str("area")
    elif t == "play":
        if "card" not in a:
            raise Malformed("play needs card")
        if a["card"] not in CARDS:
            raise Malformed("card must be an action card")
        if "forgo" in a:
            if keys != {"card", "forgo"} or a["forgo"] is not True:
                raise Malformed("a forgo play has exactly card and forgo: true")
            return
        if "area" in a:
            allowed = {"card", "area", "square", "take", "choices"}
        elif "from" in a:
            allowed = {"card", "from", "square", "take", "choices", "offering"}
        else:
            raise Malformed("a play needs from, area or forgo")
        if not keys <= allowed:
            raise Malformed("unknown fields %s" % sorted(keys - allowed))
        for k in ("area", "from"):
            need_str(k)
        check_param_types(a)
        if "offering" in a and not is_int(a["offering"]):
            raise Malformed("offering must be an integer")
    elif t == "buy":
        allowed = {"person", "choice", "from", "to", "cubes", "friend", "piece", "square", "take", "choices"}
        if "person" not in a:
            raise Malformed("buy needs person")
        if not keys <= allowed:
            raise Malformed("unknown fields %s" % sorted(keys - allowed))
        if not isinstance(a["person"], str) or not PERSON_RE.match(a["person"]):
            raise Malformed("person")
        for k in ("choice", "from", "to", "piece"):
            need_str(k)
        if "cubes" in a and (not is_int(a["cubes"]) or not 0 <= a["cubes"] <= 3):
            raise Malformed("cubes must be 0..3")
        if "friend" in a and not isinstance(a["friend"], bool):
            raise Malformed("friend must be a boolean")
        check_param_types(a)


def check_param_types(a):
    if "square" in a and (not isinstance(a["square"], str) or not SQUARE_RE.match(a["square"])):
        raise Malformed("square must be 'd-s'")
    if "take" in a and not isinstance(a["take"], bool):
        raise Malformed("take must be a boolean")
    if "choices" in a:
        if not isinstance(a["choices"], list) or not all(isinstance(c, str) for c in a["choices"]):
            raise Malformed("choices must be a list of strings")


# ---------------------------------------------------------------- apply

def apply_action(st, a):
    check_shape(st, a)
    ph = st["phase"]
    t = a["type"]
    if a["actor"] == "chance":
        want = {"place_messages": "setup", "reveal_person": "reveal", "draw_card": "deal"}[t]
        if ph != want:
            raise Illegal("ND-ROUND-PHASES", "chance does not %s in phase %s" % (t, ph))
        outs = chance_outcomes(st)
        if a not in outs:
            rule = {"place_messages": "ND-SETUP-MESSAGES", "reveal_person": "ND-PERSONS-REVEAL",
                    "draw_card": "ND-DRAFT-DRAW"}[t]
            raise Illegal(rule, "not a possible outcome")
        if t == "place_messages":
            place_messages(st, a["district"], a["values"])
            st["pending"].remove(a["district"])
            if not st["pending"]:
                st["phase"] = "reveal"
        elif t == "reveal_person":
            x = a["person"]
            if x in BROWN:
                st["brown_deck"].remove(x)
            elif BUG != "lettered-with-replacement":
                st["lettered"][x[0]].remove(x)
            st["display"].append(x)
            if len(st["display"]) >= 3:
                st["phase"] = "deal"
        else:
            pl = st["players"][a["player"]]
            pl["deck"].remove(a["card"])
            pl["draft_hand"].append(a["card"])
            if deal_seat(st) is None:
                st["phase"] = "draft"
                st["draft_step"] = 1
                st["pending"] = list(range(st["num_players"]))
        return
    p = a["actor"]
    if t == "keep":
        apply_keep(st, p, a)
    elif t == "play":
        apply_play(st, p, a)
    elif t in ("buy", "pass"):
        apply_buy(st, p, a)
    elif t == "lose_cube":
        apply_lose(st, p, a)


def apply_keep(st, p, a):
    if st["phase"] != "draft":
        raise Illegal("ND-ROUND-PHASES", "no draft now")
    rule = "ND-DRAFT-KEEP1" if st["draft_step"] == 1 else "ND-DRAFT-KEEP2"
    pl = st["players"][p]
    if p not in draft_choosers(st):
        raise Illegal(rule, "player %d has already kept a card" % p)
    if a["card"] not in pl["draft_hand"]:
        raise Illegal(rule, "card not in the draft hand")
    pl["draft_hand"].remove(a["card"])
    pl["cards"].append(a["card"])
    st["pending"].remove(p)
    if st["pending"]:
        return
    n = st["num_players"]
    hands = [st["players"][q]["draft_hand"] for q in range(n)]
    newhands = [hands[(q + 1) % n] if BUG == "draft-right" else hands[(q - 1) % n] for q in range(n)]
    newhands = hands if BUG == "last-card-not-passed" and st["draft_step"] == 2 else newhands
    for q in range(n):
        st["players"][q]["draft_hand"] = list(newhands[q])
    if st["draft_step"] == 1:
        st["draft_step"] = 2
        st["pending"] = list(range(n))
    else:
        for q in range(n):
            qp = st["players"][q]
            qp["cards"] += [] if BUG == "last-card-dropped" else qp["draft_hand"]
            qp["draft_hand"] = []
        st["draft_step"] = None
        st["pending"] = []
        st["phase"] = "play"
        st["current"] = st["start_player"]


def apply_play(st, p, a):
    pl = st["players"][p]
    if st["phase"] != "play":
        if st["phase"] == "buy" and a["card"] in pl["cards"]:
            raise Illegal("ND-PLAY-THIRD", "the third card is not played")
        raise Illegal("ND-ROUND-PHASES", "no card play in phase %s" % st["phase"])
    if p != st["current"]:
        raise Illegal("ND-PLAY-ORDER", "it is player %d's turn" % st["current"])
    card = a["card"]
    if card not in pl["cards"]:
        raise Illegal("ND-DRAFT-CARDS", "card not held")
    if "forgo" in a:
        if not may_forgo(st, p, card):
            raise Illegal("ND-PLAY-FORGO", "the action can be performed")
    elif card == "friend":
        if "from" in a:
            raise Illegal("ND-FRIEND-PLACE", "the friend card places no cube")
        area = a.get("area")
        if area == "notre_dame":
            raise Illegal("ND-FRIEND-NOTND", "the friend cannot go to Notre Dame")
        if area not in AREAS:
            raise Illegal("ND-FRIEND-PLACE", "no such area")
        if not friend_may_go(pl, area):
            raise Illegal("ND-FRIEND-MOVE", "the friend must move to another area")
        n = people(st, p, area) + (0 if pl["friend"] == area else 1)
        check_area_params(st, p, area, a, n, "ND-PLAY-CARD", "ND-GUEST-DOUBLE")
        pl["friend"] = area
        if BUG != "friend-no-action": perform_area(st, p, area, a)
    else:
        if "area" in a:
            raise Illegal("ND-PLAY-CARD", "only the friend card names an area")
        src = a["from"]
        if card == "notre_dame":
            if "square" in a or "take" in a or "choices" in a:
                raise Illegal("ND-ND-OFFERING", "Notre Dame takes only an offering")
            if "offering" not in a or a["offering"] not in offerings(st):
                raise Illegal("ND-ND-OFFERING", "an offering of 1, 2 or 3 coins is needed")
            if not affords(pl["coins"], a["offering"]):
                raise Illegal("ND-ND-PAY", "not enough coins")
        elif "offering" in a:
            raise Illegal("ND-PLAY-CARD", "only Notre Dame takes an offering")
        check_source(st, p, card, src)
        if card != "notre_dame":
            n = people(st, p, card) + 1
            check_area_params(st, p, card, a, n, "ND-PLAY-CARD", "ND-GUEST-DOUBLE")
        # place the cube
        if src == "hand":
            pl["cubes"] -= 1
        elif src == "notre_dame":  # only with BUG nd-cube-moved: check_source refuses it otherwise
            st["notre_dame"][p] -= 1
        else:
            pl["areas"][src] -= 1
        if card == "notre_dame":
            off = a["offering"]
            pl["coins"] -= off
            st["notre_dame"][p] += 1
            if BUG == "offering-no-park": pl["prestige"] += offerings(st)[off]
            else: gain_prestige(st, p, off if BUG == "offering-linear" else offerings(st)[off])
        else:
            pl["areas"][card] += 1
            if src == "hand" or BUG != "moved-cube-no-action": perform_area(st, p, card, a)
    pl["cards"].remove(card)
    pl["played"].append(card)
    n = st["num_players"]
    k = sum(len(q["played"]) for q in st["players"])
    if k >= (3 if BUG == "third-card-played" else 2) * n:
        st["phase"] = "buy"
        st["current"] = st["start_player"]
    else:
        st["current"] = (st["start_player"] + (-k if BUG == "play-counterclockwise" else (2 * n - 1 - k if BUG == "second-round-snake" and k >= n else k))) % n


def check_source(st, p, card, src):
    pl = st["players"][p]
    if src == "notre_dame" and BUG != "nd-cube-moved":
        raise Illegal("ND-PLACE-MOVE-NOTND", "cubes at Notre Dame are not moved")
    if src != "hand" and src not in AREAS and src != "notre_dame":
        raise Illegal("ND-PLACE-MOVE", "no such area %r" % src)
    srcs = place_sources(st, p, card)
    if src == "hand":
        if pl["cubes"] > 0:
            return
        if srcs:
            raise Illegal("ND-PLACE-MOVE", "no cube in hand: move a placed cube")
        raise Illegal("ND-PLACE-NONE", "no cube to place")
    if pl["cubes"] > 0:
        raise Illegal("ND-PLACE-MOVE", "cubes in hand are placed first")
    if src not in srcs:
        raise Illegal("ND-PLACE-NONE", "no cube to move from %s" % src)


def apply_buy(st, p, a):
    if st["phase"] != "buy":
        raise Illegal("ND-ROUND-PHASES", "no purchase in phase %s" % st["phase"])
    if p != st["current"]:
        raise Illegal("ND-BUY-ORDER", "it is player %d's turn" % st["current"])
    pl = st["players"][p]
    if a["type"] == "buy":
        person = a["person"]
        if pl["coins"] < 1:
            raise Illegal("ND-BUY-ONE", "a person costs one coin")
        if person not in on_offer(st, p):
            raise Illegal("ND-BUY-ONE", "person not on display")
        extra = set(a) - {"actor", "type", "person"}
        if person == "landlady":
            if extra != {"choice"} or a["choice"] not in GUEST_CHOICES:
                raise Illegal("ND-PERSON-LANDLADY", "the landlady needs a choice of coin, cube or rat")
        elif person == "poet":
            check_poet(st, p, a)
        elif person == "magician":
            check_magician(st, p, a)
        elif extra:
            raise Illegal("ND-BUY-ONE", "this person takes no parameters")
        pl["coins"] -= 0 if BUG == "person-free" else 1
        pl["bought"] = person
        do_person(st, p, a)
    elif BUG == "buy-compulsory" and pl["coins"] >= 1:
        raise Illegal("ND-BUY-OPTIONAL", "a player with a coin must buy")
    n = st["num_players"]
    nxt = (p - 1 if BUG == "buy-counterclockwise" else p + 1) % n
    if nxt == st["start_player"]:
        end_round(st) if BUG == "no-final-plague" and st["round"] == 9 else resolve_plague(st)
    else:
        st["current"] = nxt


def src_counts(st, p, src, rule):
    pl = st["players"][p]
    if src == "notre_dame":
        if not nd_source(st):
            raise Illegal("ND-PLACE-ND-SOURCE", "people are not moved from Notre Dame")
        if st["notre_dame"][p] < 1:
            raise Illegal("ND-PLACE-ND-SOURCE", "no cube at Notre Dame")
        return st["notre_dame"][p], False
    if src not in AREAS:
        raise Illegal(rule, "no such area %r" % (src,))
    return pl["areas"][src], pl["friend"] == src


def check_poet(st, p, a):
    rule = "ND-PERSON-POET"
    extra = set(a) - {"actor", "type", "person", "from", "to", "cubes", "friend"}
    if extra or not {"from", "to", "cubes"} <= set(a):
        raise Illegal(rule, "the poet needs from, to, cubes and friend")
    src, to = a["from"], a["to"]
    if to not in AREAS or to == src:
        raise Illegal(rule, "the poet moves people to another area of the district")
    ncubes, fr = src_counts(st, p, src, rule)
    k = a["cubes"]
    f = a.get("friend", False)
    if k > ncubes:
        raise Illegal(rule, "not so many cubes in %s" % src)
    if f and (not fr or BUG == "poet-no-friend"):
        raise Illegal(rule, "the friend is not in %s" % src)
    if not 1 <= k + (1 if f else 0) <= 3:
        raise Illegal(rule, "the poet moves one to three people")


def check_magician(st, p, a):
    rule = "ND-PERSON-MAGICIAN"
    if not {"from", "to", "piece"} <= set(a) or {"cubes", "friend", "choice"} & set(a):
        raise Illegal(rule, "the magician needs from, to and piece")
    src, to, piece = a["from"], a["to"], a["piece"]
    ncubes, fr = src_counts(st, p, src, rule)
    if to not in AREAS or to == src:
        raise Illegal(rule, "the magician moves a person to another area of the district")
    if piece == "cube":
        if ncubes < 1:
            raise Illegal(rule, "no cube in %s" % src)
    elif piece == "friend":
        if not fr:
            raise Illegal(rule, "the friend is not in %s" % src)
    else:
        raise Illegal(rule, "piece is cube or friend")
    n = people(st, p, to) + 1
    check_area_params(st, p, to, a, n, rule, rule)


def do_person(st, p, a):
    person = a["person"]
    pl = st["players"][p]
    if person == "landlady":
        person_prestige(st, p, 3)
        for c in (GUEST_CHOICES if BUG == "landlady-all-three" else [a["choice"]]):
            if c == "coin":
                gain_coins(st, p, 1)
            elif c == "cube":
                gain_cubes(st, p, 1)
            else:
                remove_rat(st, p, 1)
    elif person == "monk":
        cubes, prestige = (1, 2) if BUG == "monk-swapped" else (2, 1)
        gain_cubes(st, p, cubes)
        person_prestige(st, p, prestige)
    elif person == "moneylender":
        gain_coins(st, p, 2)
        person_prestige(st, p, 0 if BUG == "moneylender-no-prestige" else 1)
    elif person == "doctor":
        pass
    elif person == "poet":
        src, to, k = a["from"], a["to"], a["cubes"]
        if src == "notre_dame":
            st["notre_dame"][p] -= k
        else:
            pl["areas"][src] -= k
        pl["areas"][to] += k
        if a.get("friend"):
            pl["friend"] = to
    elif person == "magician":
        src, to = a["from"], a["to"]
        if a["piece"] == "cube":
            if src == "notre_dame":
                st["notre_dame"][p] -= 1
            else:
                pl["areas"][src] -= 1
            pl["areas"][to] += 1
        else:
            pl["friend"] = to
        if BUG != "magician-no-action":
            perform_area(st, p, to, a)
    else:
        g = LETTERED[person]
        apply_gains(st, p, {k: v for k, v in g.items() if k != "prestige"})
        person_prestige(st, p, g.get("prestige", 0))


def person_rats(x):
    """ND-PERSONS-RATS: the rats printed on a person card (component person-rats)."""
    return 1 if BUG == "moneylender-one-rat" and x == "moneylender" else PERSON_RATS[x]


def resolve_plague(st):
    bought = {pl["bought"] for pl in st["players"]} if BUG == "rats-unbought-only" else set()
    printed = sum(person_rats(x) for x in st["display"] if x not in bought)
    doctors = [pl["bought"] == "doctor" for pl in st["players"]]
    st["current"] = None
    st["pending"] = []
    for p, pl in enumerate(st["players"]):
        inc = (printed - PERSON_RATS["doctor"] if BUG == "doctor-own-rats" else 0) if (any(doctors) if BUG == "doctor-everyone" else doctors[p]) else printed
        hosp = pl["areas"]["hospital"]
        if pl["friend"] == "hospital" and st["options"]["friend_in_hospital"] and BUG != "hospital-ignores-friend":
            hosp += 1
        hosp = min(hosp, 1) if BUG == "hospital-reduces-one" else hosp
        new = (0 if BUG == "doctor-resets-rats" and doctors[p] else pl["rats"]) + inc - (0 if (BUG == "doctor-ignores-hospital" and doctors[p]) else hosp)
        if BUG == "hospital-floor-increase" and not doctors[p]: new = max(new, pl["rats"])
        if st["options"]["rat_floor"]:
            new = max(0, new)
        if (new > 10 if BUG == "plague-over-10" else new >= 10):
            pl["prestige"] -= 2 * (new - 9) if BUG == "plague-per-rat" else (0 if BUG == "plague-no-prestige-loss" else 2)
            if st["options"]["prestige_floor"] and BUG != "prestige-below-zero":
                pl["prestige"] = max(0, pl["prestige"])
            pl["rats"] = 0 if BUG == "rats-reset-zero" else 9
            cands = plague_candidates(st, p)
            if len(cands) == 1 or (BUG == "plague-first-area" and cands):
                pl["areas"][cands[0]] -= 1
                pl["cubes" if BUG == "plague-victim-to-hand" else "stock"] += 1
            elif len(cands) > 1:
                st["pending"].append(p)
        else:
            pl["rats"] = new
    if st["pending"]:
        st["phase"] = "plague"
    else:
        end_round(st)


def apply_lose(st, p, a):
    if st["phase"] != "plague":
        raise Illegal("ND-ROUND-PHASES", "no plague choice now")
    if p not in st["pending"]:
        raise Illegal("ND-PLAGUE-CHOICE", "player %d has no cube to lose" % p)
    if a["area"] not in plague_candidates(st, p):
        raise Illegal("ND-PLAGUE-CHOICE", "not one of the most crowded areas")
    pl = st["players"][p]
    pl["areas"][a["area"]] -= 1
    pl["cubes" if BUG == "plague-victim-to-hand" else "stock"] += 1
    st["pending"].remove(p)
    if not st["pending"]:
        end_round(st)


def end_round(st):
    r = st["round"]
    n = st["num_players"]
    if BUG == "nd-bonus-every-round" or r in ((3, 6) if BUG == "no-final-payout" else (3, 6, 9)):
        value = ND_VALUES[tile_of(n)][stage_of(r + 1 if BUG == "nd-value-next-stage" else r)]
        total = sum(1 for c in st["notre_dame"] if c) if BUG == "nd-payout-per-player" else sum(st["notre_dame"])
        if total:
            share = -(-value // total) if BUG == "nd-share-round-up" else value // total
            for p in range(n):
                if BUG == "nd-bonus-no-park": st["players"][p]["prestige"] += share * st["notre_dame"][p]
                else: gain_prestige(st, p, share * (min(st["notre_dame"][p], 1) if BUG == "nd-share-per-player" else st["notre_dame"][p]))
        for p in range(n):
            if BUG == "nd-no-return": continue
            st["players"][p]["stock"] += st["notre_dame"][p]
            st["notre_dame"][p] = 0
            if BUG == "district-cubes-recalled": st["players"][p]["stock"] += sum(st["players"][p]["areas"].values()); st["players"][p]["areas"] = {x: 0 for x in AREAS}
    st["display"] = []
    st["current"] = None
    st["pending"] = []
    st["draft_step"] = None
    for pl in st["players"]:
        pl["cards"] = pl["cards"] if BUG == "unplayed-card-kept" else []
        pl["played"] = []
        pl["draft_hand"] = []
        pl["bought"] = None
    if BUG == "brown-refilled" or (BUG == "brown-reshuffled-each-round-from-4" and r >= 3) or r in ((3, 6) if BUG == "round9-decks-stay" else (3, 6, 9)):
        st["brown_deck"] = list(BROWN)
    if BUG == "decks-gathered-each-round" or r in ((3, 6) if BUG == "round9-decks-stay" else (3, 6, 9)):
        for pl in st["players"]:
            pl["deck"] = list(CARDS)
    st["start_player"] = (st["start_player"] + (-1 if BUG == "start-right" else 1)) % n
    if r == (8 if BUG == "game-ends-round-8" else 9):
        st["phase"] = "over"
        return
    st["round"] = r + 1
    st["phase"] = "reveal"


# ---------------------------------------------------------------- outcome

def outcome(st):
    scores = [pl["prestige"] for pl in st["players"]]
    winners = []
    if st["phase"] == "over":
        best = max(scores)
        tied = [p for p in range(st["num_players"]) if scores[p] == best]
        res = {p: st["players"][p]["coins"] + (0 if BUG == "tiebreak-coins-only" else st["players"][p]["cubes"]) for p in tied}
        top = max(res.values())
        winners = [p for p in tied if res[p] == top][:1 if BUG == "tie-first-wins" else None]
    return {"terminal": st["phase"] == "over", "scores": scores, "winners": winners}


def view(st, seat):
    v = copy.deepcopy(st)
    for p, pl in enumerate(v["players"]):
        if p != seat:
            for k in (("draft_hand", "cards") if BUG == "deck-visible" else ("deck", "draft_hand", "cards")):
                pl[k] = len(pl[k])
    v["viewer"] = seat
    return v


# ---------------------------------------------------------------- load_state validation

def check_options(opts, base=None):
    if not isinstance(opts, dict):
        raise Malformed("options must be an object")
    out = dict(base if base is not None else OPTIONS)
    for k, v in opts.items():
        if k == "params":
            if not isinstance(v, dict):
                raise Malformed("options.params must be an object")
            for rid, pv in v.items():
                if rid != "ND-ND-OFFERING":
                    raise Unsupported("params for %s are not supported" % rid)
                if (not isinstance(pv, dict) or set(pv) != {"offerings"} or not isinstance(pv["offerings"], dict)
                        or not all(k2 in ("1", "2", "3") and is_int(x) for k2, x in pv["offerings"].items())):
                    raise Malformed("params.ND-ND-OFFERING.offerings must map 1..3 to prestige")
            if v:
                out["params"] = v
            else:
                out.pop("params", None)
            continue
        if k not in OPTIONS:
            raise Malformed("unknown option %r" % k)
        if not isinstance(v, bool):
            raise Malformed("option %s must be a boolean" % k)
        out[k] = v
    return out


def validate_state(s):
    def bad(msg):
        raise Malformed(msg)

    if not isinstance(s, dict):
        bad("state must be an object")
    required = ["game", "num_players", "options", "to_act", "terminal", "tile", "round", "stage", "phase",
                "start_player", "current", "pending", "draft_step", "display", "brown_deck", "lettered",
                "notre_dame", "messages", "players"]
    for k in required:
        if k not in s:
            bad("missing %s" % k)
    for k in s:
        if k not in required:
            bad("unknown key %s" % k)
    if s["game"] != GAME:
        bad("game")
    n = s["num_players"]
    if not is_int(n) or not 2 <= n <= 5:
        bad("num_players")
    opts = s["options"]
    if not isinstance(opts, dict) or set(opts) - {"params"} != set(OPTIONS):
        bad("options must list every option")
    opts = check_options(opts)
    if not isinstance(s["to_act"], list) or not isinstance(s["terminal"], bool):
        bad("to_act/terminal")
    if s["tile"] not in ("triangle", "square", "pentagon"):
        bad("tile")
    if s["stage"] not in ("A", "B", "C"):
        bad("stage")
    r = s["round"]
    if not is_int(r) or not 1 <= r <= 9:
        bad("round")
    ph = s["phase"]
    if ph not in PHASES:
        bad("phase")
    seat = lambda x: is_int(x) and 0 <= x < n
    if not seat(s["start_player"]):
        bad("start_player")
    cur = s["current"]
    if cur is not None and not seat(cur):
        bad("current")
    pend = s["pending"]
    if not isinstance(pend, list) or not all(is_int(x) and 0 <= x < n for x in pend) or len(set(pend)) != len(pend):
        bad("pending")
    if s["draft_step"] not in (1, 2, None) or isinstance(s["draft_step"], bool):
        bad("draft_step")
    disp = s["display"]
    if not isinstance(disp, list) or len(disp) > 3 or not all(isinstance(x, str) and x in ALL_PERSONS for x in disp):
        bad("display")
    if len(set(disp)) != len(disp):
        bad("display: a person twice")
    bd = s["brown_deck"]
    if not isinstance(bd, list) or not all(x in BROWN for x in bd) or len(set(bd)) != len(bd):
        bad("brown_deck")
    let = s["lettered"]
    if not isinstance(let, dict) or set(let) != {"A", "B", "C"}:
        bad("lettered")
    for L in "ABC":
        lst = let[L]
        if not isinstance(lst, list) or not all(isinstance(x, str) and x in LETTERED and x[0] == L for x in lst):
            bad("lettered.%s" % L)
        if len(set(lst)) != len(lst):
            bad("lettered.%s: a card twice" % L)
    nd = s["notre_dame"]
    if not isinstance(nd, list) or len(nd) != n or not all(is_int(x) and 0 <= x <= 14 for x in nd):
        bad("notre_dame")
    tmp = {"num_players": n, "options": opts}
    squares = squares_of(tmp)
    msgs = s["messages"]
    if not isinstance(msgs, dict):
        bad("messages")
    seen = set()
    for sq, m in msgs.items():
        if not isinstance(m, dict) or set(m) != {"color", "value"} or not is_int(m["color"]) or not is_int(m["value"]):
            bad("messages.%s" % sq)
        if not 1 <= m["value"] <= 4 or not 0 <= m["color"] < n:
            bad("messages.%s" % sq)
        if not re.fullmatch(r"%d-[1-4]" % m["color"], sq):
            bad("messages.%s: off its colour's district" % sq)
        key = (m["color"], m["value"])
        if key in seen:
            bad("message twice")
        seen.add(key)
    players = s["players"]
    if not isinstance(players, list) or len(players) != n:
        bad("players")
    pkeys = ["coins", "prestige", "rats", "cubes", "stock", "areas", "friend", "carriage", "messages",
             "message_set", "deck", "draft_hand", "cards", "played", "bought"]
    for i, pl in enumerate(players):
        w = "players.%d" % i
        if not isinstance(pl, dict) or set(pl) != set(pkeys):
            bad(w + ": keys")
        for k in ("coins", "prestige", "rats", "cubes", "stock"):
            if not is_int(pl[k]):
                bad("%s.%s" % (w, k))
        if pl["coins"] < 0 or pl["cubes"] < 0 or pl["stock"] < 0 or pl["rats"] > 9:
            bad(w + ": out of range")
        if opts["rat_floor"] and pl["rats"] < 0:
            bad(w + ".rats below 0")
        if opts["prestige_floor"] and pl["prestige"] < 0:
            bad(w + ".prestige below 0")
        ar = pl["areas"]
        if not isinstance(ar, dict) or set(ar) != set(AREAS) or not all(is_int(v) and 0 <= v <= 14 for v in ar.values()):
            bad(w + ".areas")
        if pl["friend"] is not None and pl["friend"] not in AREAS:
            bad(w + ".friend")
        if not isinstance(pl["carriage"], str) or pl["carriage"] not in squares:
            bad(w + ".carriage")
        if sum(ar.values()) + pl["cubes"] + pl["stock"] + nd[i] != colour_cubes():
            bad(w + ": cubes of the colour do not add up to 14")
        if not isinstance(pl["messages"], list):
            bad(w + ".messages")
        for m in pl["messages"]:
            if not isinstance(m, dict) or set(m) != {"color", "value"} or not is_int(m["color"]) or not is_int(m["value"]):
                bad(w + ".messages")
            if not 0 <= m["color"] < n or not 1 <= m["value"] <= 4:
                bad(w + ".messages: colour not in play")
            key = (m["color"], m["value"])
            if key in seen:
                bad("message twice")
            seen.add(key)
        ms = pl["message_set"]
        if not isinstance(ms, list) or not all(is_int(c) and 0 <= c < n for c in ms) or len(set(ms)) != len(ms):
            bad(w + ".message_set")
        for k in ("deck", "draft_hand", "cards", "played"):
            v = pl[k]
            if not isinstance(v, list) or not all(c in CARDS for c in v):
                bad("%s.%s" % (w, k))
        if len(set(pl["deck"])) != len(pl["deck"]):
            bad(w + ".deck: a card twice")
        if len(pl["played"]) > 2:
            bad(w + ".played")
        b = pl["bought"]
        if b is not None:
            if not isinstance(b, str) or b not in ALL_PERSONS:
                bad(w + ".bought")
            if ph not in ("buy", "plague") or b not in disp:
                bad(w + ".bought: not a purchase of this phase")
    # phase structure
    if ph == "setup":
        if r != 1 or disp or cur is not None or s["draft_step"] is not None or not pend:
            bad("setup phase")
    elif ph in ("reveal", "deal"):
        if cur is not None or s["draft_step"] is not None or pend:
            bad("%s phase" % ph)
    elif ph == "draft":
        if cur is not None or s["draft_step"] is None or not pend:
            bad("draft phase")
        for q in pend:
            if not players[q]["draft_hand"]:
                bad("a seat to keep a card holds none")
    elif ph == "play":
        if cur is None or s["draft_step"] is not None or pend:
            bad("play phase")
        k = sum(len(q["played"]) for q in players)
        if k >= 2 * n:
            bad("every player has played two cards")
        sp = s["start_player"]
        for j in range(n):
            q = (sp + j) % n
            want = k // n + (1 if j < k % n else 0)
            if len(players[q]["played"]) != want:
                bad("played cards break the turn order")
        if cur != (sp + k) % n:
            bad("current is not next in turn order")
        if not players[cur]["cards"]:
            bad("current player has no card to play")
    elif ph == "buy":
        if cur is None or s["draft_step"] is not None or pend:
            bad("buy phase")
    elif ph == "plague":
        if cur is not None or s["draft_step"] is not None or not pend:
            bad("plague phase")
        for q in pend:
            if not any(players[q]["areas"][a] > 0 for a in AREAS):
                bad("a seat to lose a cube has none")
    elif ph == "over":
        if r != 9 or cur is not None or pend or s["draft_step"] is not None:
            bad("over phase")
    if ph not in ("play", "buy") and ph != "plague":
        if any(q["played"] for q in players) and ph != "over":
            bad("played cards in phase %s" % ph)
    st = copy.deepcopy(s)
    st["options"] = opts
    return normalise(st)


# ---------------------------------------------------------------- server

class Server:
    def __init__(self):
        self.state = None

    def handle(self, req):
        cmd = req.get("cmd")
        if cmd == "handshake":
            return {"protocol": 1, "engine": {"name": "corpus-notre-dame-py", "version": "0.1.0", "language": "python"},
                    "games": [{"id": GAME, "min_players": 2, "max_players": 5, "options": dict(OPTIONS)}],
                    "capabilities": ["load_state", "legal_actions", "chance", "views", "outcome"]}
        if cmd == "new_game":
            if req.get("game") != GAME:
                raise Unsupported("unknown game %r" % req.get("game"))
            n = req.get("num_players")
            if not is_int(n):
                raise Malformed("num_players must be an integer")
            opts = check_options(req.get("options", {}) or {})
            setup = req.get("setup", {}) or {}
            if not isinstance(setup, dict):
                raise Malformed("setup must be an object")
            if not 2 <= n <= 5:
                raise Unsupported("2 to 5 players")
            st = normalise(new_state(n, opts, setup))
            self.state = st
            return {"state": st}
        if cmd == "load_state":
            st = validate_state(req.get("state"))
            self.state = st
            return {"state": st}
        if cmd == "stop":
            return {}
        if self.state is None:
            raise Malformed("no game")
        if cmd == "state":
            if "view" in req and req["view"] is not None:
                v = req["view"]
                if not is_int(v) or not 0 <= v < self.state["num_players"]:
                    raise Malformed("view must be a seat")
                return {"state": view(self.state, v)}
            return {"state": self.state}
        if cmd == "legal_actions":
            return legal_actions(self.state)
        if cmd == "apply":
            if self.state["phase"] == "over":
                if "action" in req:
                    check_shape(self.state, req["action"])
                raise Illegal("ND-END", "the game is over")
            st = copy.deepcopy(self.state)
            apply_action(st, req.get("action"))
            normalise(st)
            self.state = st
            return {"to_act": st["to_act"], "terminal": st["terminal"]}
        if cmd == "outcome":
            return outcome(self.state)
        raise Malformed("unknown command %r" % cmd)


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
        except ValueError:
            reply = {"id": None, "ok": False, "error": {"kind": "malformed", "message": "not a JSON object"}}
            sys.stdout.write(json.dumps(reply) + "\n")
            sys.stdout.flush()
            continue
        rid = req.get("id")
        try:
            reply = {"id": rid, "ok": True, "result": srv.handle(req)}
        except Illegal as e:
            reply = {"id": rid, "ok": False, "error": {"kind": "illegal_action", "rule": e.rule, "message": e.msg}}
        except Malformed as e:
            reply = {"id": rid, "ok": False, "error": {"kind": "malformed", "message": str(e)}}
        except Unsupported as e:
            reply = {"id": rid, "ok": False, "error": {"kind": "unsupported", "message": str(e)}}
        except Exception as e:  # noqa
            reply = {"id": rid, "ok": False, "error": {"kind": "internal", "message": "%s: %s" % (type(e).__name__, e)}}
        sys.stdout.write(json.dumps(reply) + "\n")
        sys.stdout.flush()
        if req.get("cmd") == "stop":
            break


if __name__ == "__main__":
    main()
