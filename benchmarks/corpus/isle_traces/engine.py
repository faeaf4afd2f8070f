#!/usr/bin/env python3
"""Isle Traces: Isle Side -- an independent engine for the rulespec JSON-lines protocol.

Written from the public documents only (spec/protocol, spec/isle_traces, the Gherkin
features and the Japanese rules page). Python 3.11, stdlib only.
"""
import json
import os
import re
import sys

BUG = os.environ.get("CORPUS_BUG", "")

HERE = os.path.dirname(os.path.abspath(__file__))
with open(os.path.join(HERE, "cards.json")) as fh:
    DEFAULT_DECK = json.load(fh)

GAME = "isle_traces"
DEFAULT_OPTIONS = {
    "line_points": "cells",
    "allow_portrait": True,
    "feather_restriction": "no_explorer",
    "flip_requires": "no_overlap",
    "coast_diagonal": False,
    "reexplore_any": True,
    "flip_face": "other",
    "area_size": 15,
}
OPTION_VALUES = {
    "line_points": ("cells", "one"),
    "feather_restriction": ("no_explorer", "other_line", "none"),
    "flip_requires": ("no_overlap", "uncovered"),
    "flip_face": ("other", "any"),
}
BOOL_OPTIONS = ("allow_portrait", "coast_diagonal", "reexplore_any")

TERRAINS = ("plains", "road", "mountain", "forest", "coast")
CREATURES = tuple("creature%d" % i for i in range(1, 7))
SYMBOL_OK = {
    "fort": ("road", "plains") if BUG == "fort-off-road" else ("road",),
    "harbour": TERRAINS if BUG == "harbour-any-terrain" else ("coast",),
    "feather": ("mountain", "forest") if BUG == "feather-icon-not-on-plains" else ("mountain", "forest", "plains"),
}
for _c in CREATURES:
    SYMBOL_OK[_c] = ("plains", "coast", "forest") if BUG == "creature-not-on-road" else ("road", "plains", "coast", "forest")
VALID_CELLS = set(TERRAINS)
for _s, _ts in SYMBOL_OK.items():
    for _t in _ts:
        VALID_CELLS.add(_t + "/" + _s)

PHASES = ("draw", "place", "place_feather", "explore", "reexplore", "flip", "flip_feather", "over")
SIDES = "nesw"
NEIGH4 = ((1, 0), (-1, 0), (0, 1), (0, -1))
FIRST_ROTS = (0, 90, 180, 270) if BUG == "first-portrait" else ((0,) if BUG == "first-card-rot-zero-only" else (0, 180))  # IT-PLACE-FIRST: landscape
NEIGH8 = NEIGH4 + ((1, 1), (1, -1), (-1, 1), (-1, -1))
CLOSED_RE = re.compile(r"^n?e?s?w?$")


class Malformed(Exception):
    pass


class Unsupported(Exception):
    pass


class Illegal(Exception):
    def __init__(self, rule, msg=""):
        super().__init__(msg or rule)
        self.rule = rule
        self.msg = msg or rule


def is_int(v):
    return isinstance(v, int) and not isinstance(v, bool)


def terrain(cell):
    t = cell.split("/")[0]
    return "plains" if BUG == "road-drawn-over-plains" and t == "road" else t


def symbol(cell):
    parts = cell.split("/")
    return parts[1] if len(parts) > 1 else None


def has_creature(cell):
    s = symbol(cell)
    return s is not None and s.startswith("creature")


# ---------------------------------------------------------------- validation helpers

def check_face(face, where):
    if not isinstance(face, list) or len(face) != 6:
        raise Malformed("%s: a face is a list of 6 cells" % where)
    for c in face:
        if not isinstance(c, str) or (c not in VALID_CELLS and not (BUG == "two-symbols-per-cell" and c.count("/") == 2 and all(c.split("/")[0] + "/" + x in VALID_CELLS for x in c.split("/")[1:]))):
            raise Malformed("%s: bad cell %r" % (where, c))


def check_closed(closed, where):
    if not isinstance(closed, list) or len(closed) != 2:
        raise Malformed("%s: closed needs two faces" % where)
    for f in closed:
        if not isinstance(f, list) or len(f) != 6:
            raise Malformed("%s: closed face needs 6 cells" % where)
        for s in f:
            if not isinstance(s, str) or not CLOSED_RE.match(s):
                raise Malformed("%s: bad closed side %r" % (where, s))


def norm_closed(closed):
    if closed is None:
        return None
    if any(s for f in closed for s in f):
        return [list(f) for f in closed]
    return None


def check_card(card, where, extra=()):
    if not isinstance(card, dict):
        raise Malformed("%s: a card is an object" % where)
    allowed = {"id", "faces", "closed"} | set(extra)
    for k in card:
        if k not in allowed:
            raise Malformed("%s: unknown key %r" % (where, k))
    for k in ("id", "faces") + tuple(extra):
        if k not in card:
            raise Malformed("%s: missing %r" % (where, k))
    if not is_int(card["id"]) or card["id"] < 1:
        raise Malformed("%s: bad card id" % where)
    faces = card["faces"]
    if not isinstance(faces, list) or len(faces) != 2:
        raise Malformed("%s: a card has two faces" % where)
    for f in faces:
        check_face(f, where)
    out = {"id": card["id"], "faces": [list(f) for f in faces]}
    if "closed" in card:
        check_closed(card["closed"], where)
        nc = norm_closed(card["closed"])
        if nc is not None:
            out["closed"] = nc
    return out


def check_pos(p, where, keys=("row", "col")):
    if not isinstance(p, dict) or set(p.keys()) != set(keys):
        raise Malformed("%s: bad piece %r" % (where, p))
    for k in keys:
        if not is_int(p[k]):
            raise Malformed("%s: bad %s" % (where, k))
    return p


# ---------------------------------------------------------------- geometry

def footprint(rot, row, col):
    """Cells covered by a card: list of (r, c) for face cells k = 0..5."""
    out = []
    for k in range(6):
        a, b = (k % 3, k // 3) if BUG == "card-three-rows" else ((k % 2, k // 2) if BUG == "face-cells-column-major" else (k // 3, k % 3))
        if rot == 0:
            dr, dc = a, b
        elif rot == 180:
            dr, dc = 1 - a, 2 - b
        elif rot == (270 if BUG == "rot-ccw" else 90):
            dr, dc = b, 1 - a
        else:
            dr, dc = 2 - b, a
        out.append((row + dr, col + dc))
    return out


def rot_sides(s, rot):
    steps = (rot // 90) % 4
    got = set()
    for ch in s:
        got.add(SIDES[(SIDES.index(ch) + steps) % 4])
    return got


def centre(size):
    return (size // 2, size // 2) if BUG == "centre-top-left" else ((size - 2) // 2, (size - 3) // 2)


# ---------------------------------------------------------------- the game

class Game:
    def __init__(self):
        self.s = None

    # -------- construction

    @staticmethod
    def parse_options(opts):
        o = dict(DEFAULT_OPTIONS)
        params = {}
        if opts is None:
            opts = {}
        if not isinstance(opts, dict):
            raise Malformed("options must be an object")
        for k, v in opts.items():
            if k == "params":
                if not isinstance(v, dict):
                    raise Malformed("params must be an object")
                for rk, rv in v.items():
                    if not isinstance(rv, dict):
                        raise Malformed("params.%s must be an object" % rk)
                params = {k2: dict(v2) for k2, v2 in v.items()}
                continue
            if k not in DEFAULT_OPTIONS:
                raise Malformed("unknown option %r" % k)
            if k in BOOL_OPTIONS:
                if not isinstance(v, bool):
                    raise Malformed("option %s must be a boolean" % k)
            elif k == "area_size":
                if not is_int(v) or v < 5 or v > 31:
                    raise Malformed("area_size must be an integer 5..31")
            else:
                if v not in OPTION_VALUES[k]:
                    raise Malformed("option %s: unknown value %r" % (k, v))
            o[k] = v
        if params:
            o["params"] = params
        return o

    def per_player(self):
        p = self.s["options"].get("params", {}).get("IT-COMP-EXPLORERS", {})
        v = p.get("per_player", 4 if BUG == "four-explorers" else (12 // self.s["num_players"] if BUG == "explorers-split-from-twelve" else 3))
        return v if is_int(v) else 3

    def new_game(self, req):
        n = req.get("num_players")
        if not is_int(n):
            raise Malformed("num_players must be an integer")
        if n < 2 or n > (3 if BUG == "four-players-refused" else 4):
            raise Unsupported("Isle Traces is for 2 to 4 players")
        opts = self.parse_options(req.get("options"))
        deck = [dict(c, faces=c["faces"][::-1]) if BUG == "faces-read-back-first" else dict(c) for c in DEFAULT_DECK][:9 * n if BUG == "deck-nine-per-player" else (18 if BUG == "cards-counted-by-face" else None)]
        setup = req.get("setup")
        if setup is not None:
            if not isinstance(setup, dict):
                raise Malformed("setup must be an object")
            for k in setup:
                if k != "deck":
                    raise Malformed("unknown setup key %r" % k)
            if "deck" in setup:
                d = setup["deck"]
                if not isinstance(d, list) or not d:
                    raise Malformed("setup.deck must be a non-empty list")
                deck = [check_card(c, "setup.deck.%d" % i) for i, c in enumerate(d)]
                ids = [c["id"] for c in deck]
                if len(set(ids)) != len(ids):
                    raise Malformed("setup.deck: duplicate card id")
                most = opts.get("params", {}).get("IT-COMP-CARDS", {}).get("cards", 18 if BUG == "cards-counted-by-face" else 36)
                if is_int(most) and (len(deck) >= most if BUG == "deck-of-36-refused" else len(deck) > most):
                    raise Malformed("setup.deck: %d cards, the game has %d map cards (IT-COMP-CARDS)"
                                    % (len(deck), most))
        s = {
            "game": GAME,
            "num_players": n,
            "options": opts,
            "phase": "draw",
            "current": n - 1 if BUG == "last-seat-starts" else 0,
            "deck": sorted(deck, key=lambda c: c["id"]),
            "drawn": None,
            "discarded": [],
            "map": [],
            "explorers": [],
            "withdrawn": None,
            "feather": {"row": opts["area_size"] // 2, "col": opts["area_size"] // 2} if BUG == "feather-starts-on-the-map" else None,
            "chips": [True] * (4 if BUG == "four-chips-in-every-game" else n),
        }
        self.s = s
        return self.export()

    # -------- derived data

    def size(self):
        return self.s["options"]["area_size"]

    def grid_info(self):
        """(r, c) -> (cell, closed-set, map index) of the visible top card."""
        g = {}
        for idx, m in enumerate(self.s["map"]):
            face = m["faces"][m["face"]]
            closed = m.get("closed")
            cf = closed[0 if BUG == "closed-sides-of-front-face" else m["face"]] if closed else None
            for k, (r, c) in enumerate(footprint(m["rot"], m["row"], m["col"])):
                sides = rot_sides(cf[k], m["rot"]) if cf else set()
                g[(r, c)] = (face[k], sides, idx)
        return g

    def export_grid(self, g=None):
        if g is None:
            g = self.grid_info()
        n = self.size()
        return [[(g[(r, c)][0] if (r, c) in g else None) for c in range(n)] for r in range(n)]

    def reserve(self):
        n = self.s["num_players"]
        res = [self.per_player()] * n
        res = list(res)
        for e in self.s["explorers"]:
            res[e["player"]] -= 1
        w = self.s["withdrawn"]
        if w is not None and BUG != "reexp-back-to-reserve":
            res[w["player"]] -= 1
        return res

    def to_act(self):
        ph = self.s["phase"]
        if ph == "over":
            return []
        if ph == "draw":
            return ["chance"]
        return [self.s["current"]]

    def export(self):
        s = self.s
        out = {
            "game": GAME,
            "num_players": s["num_players"],
            "options": dict(s["options"]),
            "to_act": self.to_act(),
            "terminal": s["phase"] == "over",
            "phase": s["phase"],
            "current": s["current"],
            "deck": sorted(s["deck"], key=lambda c: c["id"]),
            "drawn": s["drawn"],
            "discarded": sorted(s["discarded"], key=lambda c: c["id"]),
            "map": s["map"],
            "explorers": sorted(s["explorers"], key=lambda e: (e["row"], e["col"])),
            "withdrawn": s["withdrawn"],
            "feather": s["feather"],
            "reserve": self.reserve(),
            "chips": list(s["chips"]),
            "grid": self.export_grid(),
        }
        return json.loads(json.dumps(out))

    def occupied(self):
        occ = {}
        for e in self.s["explorers"]:
            occ[(e["row"], e["col"])] = "explorer"
        f = self.s["feather"]
        if f is not None:
            occ[(f["row"], f["col"])] = "feather"
        return occ

    # -------- lines

    def lines(self, g=None):
        """Connected components: list of lists of cells; also map cell -> line index."""
        if g is None:
            g = self.grid_info()
        diag = self.s["options"]["coast_diagonal"]
        f = self.s["feather"]
        fcell = (f["row"], f["col"]) if f else None
        seen = {}
        lines = []
        for start in sorted(g):
            if start in seen:
                continue
            t = terrain(g[start][0])
            idx = len(lines)
            comp = []
            stack = [start]
            seen[start] = idx
            while stack:
                cur = stack.pop()
                comp.append(cur)
                for nb in self.neighbours(cur, g, t, diag):
                    if nb not in seen and not (BUG == "feather-splits-line" and fcell in (cur, nb)):
                        seen[nb] = idx
                        stack.append(nb)
            lines.append(sorted(comp))
        return lines, seen

    def neighbours(self, cell, g, t, diag):
        r, c = cell
        own_closed = g[cell][1]
        out = []
        for side, (dr, dc), opp in (("n", (-1, 0), "s"), ("e", (0, 1), "w"),
                                     ("s", (1, 0), "n"), ("w", (0, -1), "e")):
            nb = (r + dr, c + dc)
            if nb not in g or (g[nb][0] != g[cell][0] if BUG == "symbol-breaks-line" else terrain(g[nb][0]) != t):
                continue
            if t != "coast":
                if side in own_closed or (opp in g[nb][1] and BUG != "neighbour-side-ignored"):
                    continue
            out.append(nb)
        if (t == "coast" and (diag or BUG == "coast-diagonal")) or BUG == "score-diagonal":
            for dr, dc in ((-1, -1), (-1, 1), (1, -1), (1, 1)):
                nb = (r + dr, c + dc)
                if nb in g and terrain(g[nb][0]) == t:
                    out.append(nb)
        return out

    # -------- scoring

    def score(self):
        s = self.s
        n = s["num_players"]
        g = self.grid_info()
        lines, where = self.lines(g)
        f = s["feather"]
        fcell = (f["row"], f["col"]) if f else None
        per_line_exp = [[0] * n for _ in lines]
        for e in s["explorers"]:
            key = (e["row"], e["col"])
            if key in where:
                per_line_exp[where[key]][e["player"]] += 1
        details_lines = []
        scores = [1 if BUG == "score-marker-starts-at-one" else 0] * n
        owned = [[] for _ in range(n)]
        for_longest = [[] for _ in range(n)]
        explored = [[] for _ in range(n)]  # lines with the seat's explorer, owned or not
        for i, cells in enumerate(lines):
            exps = per_line_exp[i]
            has_feather = BUG != "feather-line-scores" and fcell is not None and (any(g[cc][2] == g[fcell][2] for cc in cells) if BUG == "feather-blocks-its-card" else fcell in cells)
            if (not has_feather and not any(exps)) or (BUG == "roads-score-nothing" and terrain(g[cells[0]][0]) == "road"):
                continue
            creatures = sum(1 for cc in cells if (symbol(g[cc][0]) is not None if BUG == "animals-any-symbol" else has_creature(g[cc][0])) and not (BUG == "sea-creatures-not-animals" and terrain(g[cc][0]) == "coast"))
            owner = None
            if not has_feather:
                best = max([x for x in exps if exps.count(x) == 1] or [0]) if BUG == "tied-leaders-drop-out" else max(exps)
                if best > 0 and ((sum(1 for x in exps if x) == 1) if BUG == "shared-line-scores-none" else (best > sum(exps) - best if BUG == "majority-over-all-opponents" else (exps.count(best) == 1 or BUG in ("tie-first-seat", "tied-players-both-score")))):
                    owner = exps.index(best)
                owner = None if BUG == "lone-cell-no-line" and len(cells) == 1 else owner
                owner = None if BUG == "line-needs-two-explorers" and owner is not None and exps[owner] < 2 else owner
            points = 0
            co_owners = []
            if owner is not None:
                points = (len([cc for cc in cells if g[cc][2] in {g[(e["row"], e["col"])][2] for e in s["explorers"] if e["player"] == owner and where.get((e["row"], e["col"])) == i}]) if BUG == "points-only-on-explorers-cards" else len(cells)) + (creatures if BUG == "creatures-score" else 0) if s["options"]["line_points"] == "cells" and BUG != "line-scores-one" else 1
                points = min(points, 3) if BUG == "line-points-capped-at-three" else points
                points = len({g[cc][2] for cc in cells}) if BUG == "points-per-card" and s["options"]["line_points"] == "cells" else points
                points += sum(1 for cc in cells if symbol(g[cc][0]) in ("fort", "harbour")) if BUG == "forts-and-harbours-score" and s["options"]["line_points"] == "cells" else 0
                scores[owner] += points * exps[owner] if BUG == "score-per-explorer" else points
                owned[owner].append((len(cells), creatures))
                co_owners = [p for p in range(n) if p != owner and exps[p] == exps[owner]] if BUG == "tied-players-both-score" else []  # a shared top count: every tied seat scores
                for p in co_owners:
                    scores[p] += points
                    owned[p].append((len(cells), creatures))
            for p in range(n):
                if exps[p] > 0:
                    explored[p].append((len(cells), creatures))
                if p == owner or (BUG == "longest-any-line" and exps[p] > 0) or p in co_owners:
                    for_longest[p].append((len(cells), creatures))
            details_lines.append({
                "terrain": terrain(g[cells[0]][0]),
                "cells": [[r, c] for r, c in cells],
                "explorers": exps,
                "feather": has_feather,
                "owner": owner,
                "points": points,
                "creatures": creatures,
            })
        longest = []
        crea = []
        for p in range(n):
            if for_longest[p]:
                longest.append(max(for_longest[p])[0 if BUG == "longest-line-by-length" else 1])
            else:
                longest.append(0)
            crea.append(sum(x[1] for x in (explored[p] if BUG == "creatures-all-lines" else owned[p])) if BUG != "creatures-of-second-longest-line" else (sorted(owned[p])[-2][1] if len(owned[p]) > 1 else 0))
        return scores, longest, crea, details_lines

    def outcome(self):
        scores, longest, crea, lines = self.score()
        terminal = self.s["phase"] == "over"
        scores = [0] * len(scores) if BUG == "scores-only-at-the-end" and not terminal else scores
        winners = []
        if terminal:
            n = self.s["num_players"]
            cand = list(range(n))
            for key in ((longest, scores, crea) if BUG == "longest-line-before-points" else (scores, longest, crea)):
                b = max(key[p] for p in cand)
                cand = [p for p in cand if key[p] == b]
            winners = cand[-1:] if BUG == "tie-later-seat-wins" else cand
            winners = [] if BUG == "shared-top-score-no-winner" and scores.count(max(scores)) > 1 else winners
        return {
            "terminal": terminal,
            "scores": scores,
            "winners": winners,
            "details": {
                "scores": scores,
                "longest_line_creatures": longest,
                "creatures": crea,
                "lines": lines,
            },
        }

    # -------- legality

    def placement_error(self, face, rot, row, col, g=None, occ=None):
        """None if the drawn card may go there, else the rule id it breaks: the first of
        IT-PLACE-PORTRAIT, IT-PLACE-AREA, IT-PLACE-FIRST, IT-PLACE-NOPIECE, IT-PLACE-ADJACENT
        (spec/protocol/README.md, 'Refusals')."""
        s = self.s
        size = self.size()
        cells = footprint(rot, row, col)
        if rot in (90, 270) and (not s["options"]["allow_portrait"] or BUG == "portrait-refused") and not (BUG == "first-portrait" and not s["map"]):
            return "IT-PLACE-PORTRAIT"
        for r, c in cells:
            if r < 0 or c < 0 or r >= size + (1 if BUG == "area-off-by-one" else 0) or c >= size + (1 if BUG == "area-off-by-one" else 0):
                return "IT-PLACE-AREA"
        if BUG == "face-up-only" and face != 0:
            return "IT-PLACE-FACE"
        if not s["map"]:
            if rot not in FIRST_ROTS or (row, col) != centre(size):
                return "IT-PLACE-FIRST"
            return None
        if g is None:
            g = self.grid_info()
        if occ is None:
            occ = self.occupied()
        for cc in cells:
            if cc in occ and not (BUG == "cover-feather" and occ[cc] == "feather") and not (BUG == "full-cover-ignores-pieces" and any(set(footprint(m["rot"], m["row"], m["col"])) <= set(cells) for m in s["map"])):
                return "IT-PLACE-NOPIECE"
        if BUG == "no-card-over-a-card-with-a-piece" and any(cc in g and g[cc][2] in {g[o][2] for o in occ if o in g} for cc in cells):
            return "IT-PLACE-NOPIECE"
        touch = False
        for r, c in cells:
            if (r, c) in g:
                touch = True
                break
            for dr, dc in (NEIGH8 if BUG == "place-corner" else NEIGH4):
                if (r + dr, c + dc) in g:
                    touch = True
                    break
            if touch:
                break
        if not touch:
            return "IT-PLACE-ADJACENT"
        if BUG == "adjacent-along-two-cells" and not any(cc in g for cc in cells) and sum((r + dr, c + dc) in g for r, c in cells for dr, dc in NEIGH4) < 2:
            return "IT-PLACE-ADJACENT"
        if BUG == "no-overlap" and any(cc in g for cc in cells):
            return "IT-PLACE-OVERLAP"
        if BUG == "overlap-one-card" and len({g[cc][2] for cc in cells if cc in g}) > 1:
            return "IT-PLACE-OVERLAPRULES"
        if BUG == "full-cover-refused" and any(set(footprint(m["rot"], m["row"], m["col"])) <= set(cells) for m in s["map"]):
            return "IT-PLACE-FULLCOVER"
        return None

    def legal_placements(self):
        s = self.s
        size = self.size()
        out = []
        if not s["map"]:
            r, c = centre(size)
            for face in (0, 1):
                for rot in FIRST_ROTS:
                    out.append((face, rot, r, c))
            return out
        g = self.grid_info()
        occ = self.occupied()
        rots = (0, 90, 180, 270) if s["options"]["allow_portrait"] and BUG != "portrait-refused" else (0, 180)
        for rot in rots:
            for row in range(0, size):
                for col in range(0, size):
                    if self.placement_error(0, rot, row, col, g, occ) is None:
                        out.append((0, rot, row, col))
                        out.append((1, rot, row, col))
        return out

    def discard_ok(self, placements):
        """IT-PLACE-DRAW / IT-PLACE-NONE: the drawn card must be placed; set aside only when it fits nowhere."""
        return not placements or BUG == "placing-optional"

    def feather_error(self, row, col, g=None):
        s = self.s
        size = self.size()
        if not (0 <= row < size and 0 <= col < size):
            return "IT-PLACE-AREA"
        if g is None:
            g = self.grid_info()
        if (row, col) not in g:
            return "IT-EXPL-PLACE"
        if BUG == "feather-on-new-card" and s["phase"] == "place_feather" and (row, col) not in footprint(s["map"][-1]["rot"], s["map"][-1]["row"], s["map"][-1]["col"]):
            return "IT-FEATHER-ICON"
        f = s["feather"]
        if f is not None and (f["row"], f["col"]) == (row, col) and BUG != "feather-same-cell":
            return "IT-FEATHER-MOVE"
        for e in s["explorers"]:
            if (e["row"], e["col"]) == (row, col):
                return "IT-EXPL-ONEPERCELL"
        mode = s["options"]["feather_restriction"]
        if mode == "none" or (BUG == "feather-first-put-free" and f is None):
            return None
        lines, where = self.lines(g)
        target = where[(row, col)]
        if mode == "no_explorer":
            for e in s["explorers"]:
                k = (e["row"], e["col"])
                if k in where and where[k] == target and not (BUG == "feather-own-line-ok" and e["player"] == s["current"]):
                    return "IT-FEATHER-RESTRICT"
            return None
        # other_line
        if f is not None and (f["row"], f["col"]) in where and where[(f["row"], f["col"])] == target:
            return "IT-FEATHER-RESTRICT"
        return None

    def legal_feather_cells(self):
        g = self.grid_info()
        return [cell for cell in sorted(g) if self.feather_error(cell[0], cell[1], g) is None]

    def explorer_cell_error(self, r, c, g=None, leaving=None):
        """None if an explorer may be put on (r, c); leaving is the cell a re-explored one left."""
        size = self.size()
        if not (0 <= r < size and 0 <= c < size):
            return "IT-PLACE-AREA"
        if g is None:
            g = self.grid_info()
        if (r, c) not in g and BUG != "explorer-off-map":
            return "IT-EXPL-PLACE"
        if BUG == "explorer-on-joined-terrain-only" and (r, c) in g and not self.neighbours((r, c), g, terrain(g[(r, c)][0]), self.s["options"]["coast_diagonal"]):
            return "IT-EXPL-NEED"
        if BUG == "feather-line-closed-to-explorers" and self.s["feather"] is not None and (r, c) in g and self.lines(g)[1][(r, c)] == self.lines(g)[1][(self.s["feather"]["row"], self.s["feather"]["col"])]:
            return "IT-FEATHER-OBSTRUCT"
        if BUG == "explorer-on-new-card" and self.s["map"] and (r, c) not in footprint(self.s["map"][-1]["rot"], self.s["map"][-1]["row"], self.s["map"][-1]["col"]):
            return "IT-EXPL-FREE"
        if leaving is not None and (r, c) == leaving and BUG != "reexp-same-cell":
            return "IT-REEXP-ELSEWHERE"
        if BUG == "reexplore-to-another-line" and leaving is not None and (r, c) in g and leaving in g and self.lines(g)[1][(r, c)] == self.lines(g)[1][leaving]:
            return "IT-REEXP-ELSEWHERE"
        occ = self.occupied()
        if (r, c) in occ and not (BUG == "expl-on-feather" and occ[(r, c)] == "feather") and not (BUG == "explorer-on-opponents-cell" and occ[(r, c)] == "explorer" and all(e["player"] != self.s["current"] for e in self.s["explorers"] if (e["row"], e["col"]) == (r, c))):
            return "IT-EXPL-ONEPERCELL"
        return None

    def three_places_error(self, r, c):
        """IT-EXPL-MAX: at most 3 explorers out (under the bug: 3 places, so no two of one player on one line)."""
        if BUG == "explorers-on-different-lines":
            where = self.lines()[1]
            if (r, c) in where and any(e["player"] == self.s["current"] and where.get((e["row"], e["col"])) == where[(r, c)] for e in self.s["explorers"]):
                return "IT-EXPL-MAX"
        return None

    def explorer_cells(self, leaving=None):
        g = self.grid_info()
        n = self.size()
        return [(r, c) for r in range(n) for c in range(n) if self.explorer_cell_error(r, c, g, leaving) is None]

    def flip_error(self, card_id):
        s = self.s
        idx = None
        for i, m in enumerate(s["map"]):
            if m["id"] == card_id:
                idx = i
        if idx is None:
            return "IT-FLIP-ONE"
        m = s["map"][idx]
        if BUG == "flip-once" and m["face"] == 1:
            return "IT-FLIP-AGAIN"
        if BUG == "flip-back-to-front-only" and m["face"] == 0:
            return "IT-FLIP-ONE"
        cells = set(footprint(m["rot"], m["row"], m["col"]))
        mode = s["options"]["flip_requires"]
        for j, o in enumerate(s["map"]):
            if j == idx:
                continue
            if (mode == "uncovered" or BUG == "flip-covered") and j < idx:
                continue
            if cells & set(footprint(o["rot"], o["row"], o["col"])):
                return "IT-FLIP-CONDITIONS"
        occ = self.occupied()
        for cc in cells:
            if cc in occ and not (BUG == "flip-under-feather" and occ[cc] == "feather"):
                return "IT-FLIP-CONDITIONS"
        return None

    def legal_actions(self):
        s = self.s
        ph = s["phase"]
        cur = s["current"]
        if ph == "over":
            return {"to_act": [], "actions": []}
        if ph == "draw":
            acts = []
            for c in sorted(s["deck"], key=lambda c: c["id"])[:1 if BUG == "deck-stacked" else None]:
                a = {"actor": "chance", "type": "draw", "card": c["id"], "faces": c["faces"]}
                if "closed" in c:
                    a["closed"] = c["closed"]
                acts.append(a)
            prob = "1/%d" % len(acts)
            return {"to_act": ["chance"], "actions": acts,
                    "chance": [{"action": a, "probability": prob} for a in acts]}
        acts = []
        if ph == "place":
            pl = self.legal_placements()
            pl = [p for p in pl if p[0] == 0] if BUG == "face-up-only" else pl
            for face, rot, r, c in pl:
                acts.append({"actor": cur, "type": "place_card", "face": face, "rot": rot, "row": r, "col": c})
            if self.discard_ok(pl):
                acts.append({"actor": cur, "type": "discard"})
        elif ph in ("place_feather", "flip_feather"):
            acts.append({"actor": cur, "type": "pass"})
            for r, c in self.legal_feather_cells():
                acts.append({"actor": cur, "type": "place_feather", "row": r, "col": c})
        elif ph == "explore":
            acts.append({"actor": cur, "type": "pass"})
            free = self.explorer_cells()
            if self.reserve()[cur] > (-1 if BUG == "explorer-max-off-by-one" else 0):
                for r, c in [cc for cc in free if self.three_places_error(*cc) is None]:
                    acts.append({"actor": cur, "type": "place_explorer", "row": r, "col": c})
            if free:
                for e in sorted(s["explorers"], key=lambda e: (e["row"], e["col"])):
                    if s["chips"][self.chip_seat(cur, e)] and ((s["options"]["reexplore_any"] and BUG != "reexplore-own-only") or e["player"] == cur):
                        acts.append({"actor": cur, "type": "reexplore", "row": e["row"], "col": e["col"]})
        elif ph == "reexplore":
            w = s["withdrawn"]
            for r, c in self.explorer_cells((w["row"], w["col"])):
                acts.append({"actor": cur, "type": "reexplore_place", "row": r, "col": c})
        elif ph == "flip":
            acts.append({"actor": cur, "type": "pass"})
            acts += [{"actor": cur, "type": "reexplore", "row": e["row"], "col": e["col"]} for e in sorted(s["explorers"], key=lambda e: (e["row"], e["col"])) if self.explorer_cells() and s["chips"][self.chip_seat(cur, e)] and (s["options"]["reexplore_any"] or e["player"] == cur)] if BUG == "reexplore-after-placing" else []
            for m in s["map"]:
                if self.flip_error(m["id"]) is None:
                    acts.append({"actor": cur, "type": "flip", "card": m["id"]})
                    if s["options"]["flip_face"] == "any" or BUG == "flip-same-face":
                        acts.append({"actor": cur, "type": "flip_same", "card": m["id"]})
        return {"to_act": [cur], "actions": acts}

    # -------- actions

    ACTION_FIELDS = {
        "draw": ("card", "faces"),
        "place_card": ("face", "rot", "row", "col"),
        "discard": (),
        "pass": (),
        "place_feather": ("row", "col"),
        "place_explorer": ("row", "col"),
        "reexplore": ("row", "col"),
        "reexplore_place": ("row", "col"),
        "flip": ("card",),
        "flip_same": ("card",),
    }
    PHASE_OF = {
        "place_card": ("place",),
        "discard": ("place",),
        "pass": ("place_feather", "explore", "flip", "flip_feather"),
        "place_feather": ("place_feather", "flip_feather"),
        "place_explorer": ("explore",),
        "reexplore": ("explore", "flip") if BUG == "reexplore-after-placing" else ("explore",),
        "reexplore_place": ("reexplore",),
        "flip": ("flip",),
        "flip_same": ("flip",),
    }

    def check_action_shape(self, a):
        if not isinstance(a, dict):
            raise Malformed("an action is an object")
        if "type" not in a or not isinstance(a["type"], str) or a["type"] not in self.ACTION_FIELDS:
            raise Malformed("unknown action type")
        if "actor" not in a:
            raise Malformed("action without actor")
        t = a["type"]
        req = self.ACTION_FIELDS[t]
        allowed = set(("actor", "type") + req)
        if t == "draw":
            allowed.add("closed")
        for k in a:
            if k not in allowed:
                raise Malformed("unexpected field %r" % k)
        for k in req:
            if k not in a:
                raise Malformed("missing field %r" % k)
        actor = a["actor"]
        if t == "draw":
            if actor != "chance":
                raise Malformed("a draw is chance's")
            if not is_int(a["card"]):
                raise Malformed("card must be an integer")
            if not isinstance(a["faces"], list) or len(a["faces"]) != 2:
                raise Malformed("faces must be two faces")
            for f in a["faces"]:
                check_face(f, "action")
            if "closed" in a:
                check_closed(a["closed"], "action")
        else:
            if not is_int(actor) or actor < 0 or actor >= self.s["num_players"]:
                raise Malformed("actor must be a seat of the game")
            for k in req:
                if not is_int(a[k]):
                    raise Malformed("%s must be an integer" % k)
            if t == "place_card":
                if a["face"] not in (0, 1):
                    raise Malformed("face must be 0 or 1")
                if a["rot"] not in (0, 90, 180, 270):
                    raise Malformed("rot must be 0, 90, 180 or 270")

    def apply(self, a):
        """Refusals in the order of spec/protocol/README.md 'Refusals: which kind, which rule':
        a cell outside the play area IT-PLACE-AREA (before who may act); who may act
        IT-TURN-ORDER (a seat out of turn or in phase draw, chance in a player's phase, any
        actor once over); a type the phase does not take IT-TURN-SEQUENCE; the action's rules."""
        s = self.s
        self.check_action_shape(a)
        t = a["type"]
        ph = s["phase"]
        if "row" in a and "col" in a:
            size = self.size()
            if not (0 <= a["row"] < size and 0 <= a["col"] < size):
                raise Illegal("IT-PLACE-AREA", "the cell is outside the play area")
        if ph == "over":
            raise Illegal("IT-TURN-ORDER", "the game is over")
        if t == "draw":
            if ph != "draw":
                raise Illegal("IT-TURN-ORDER", "chance does not act in a player's phase")
            return self.do_draw(a)
        if ph == "draw" or a["actor"] != s["current"]:
            raise Illegal("IT-TURN-ORDER", "not your turn")
        if ph not in self.PHASE_OF[t]:
            raise Illegal("IT-TURN-SEQUENCE", "%s is not allowed in phase %s" % (t, ph))
        getattr(self, "do_" + t)(a)

    def end_turn(self):
        s = self.s
        s["current"] = (s["current"] + (-1 if BUG == "turns-counter-clockwise" else 1)) % s["num_players"]
        s["phase"] = "over" if len(s["deck"]) <= (1 if BUG == "end-one-early" else 0) else "draw"

    def do_draw(self, a):
        s = self.s
        card = None
        for c in (s["deck"] + s["discarded"] + [{k: m[k] for k in ("id", "faces", "closed") if k in m} for m in s["map"]] if BUG == "draw-from-the-box" else s["deck"]):
            if c["id"] == a["card"]:
                card = c
        if card is None:
            raise Illegal("IT-SETUP-DECK", "card %s is not in the deck" % a["card"])
        if a["faces"] != card["faces"] or norm_closed(a.get("closed")) != card.get("closed"):
            raise Illegal("IT-SETUP-DECK", "the draw does not match the card in the deck")
        s["deck"] = [c for c in s["deck"] if c["id"] != card["id"]]
        s["drawn"] = card
        s["phase"] = "place"

    def do_place_card(self, a):
        s = self.s
        err = self.placement_error(a["face"], a["rot"], a["row"], a["col"])
        if err:
            raise Illegal(err, "the card cannot go there")
        card = s["drawn"]
        m = {"id": card["id"], "faces": card["faces"], "face": a["face"], "rot": a["rot"],
             "row": a["row"], "col": a["col"]}
        if "closed" in card:
            m["closed"] = card["closed"]
        s["map"].append(m)
        s["drawn"] = None
        if (any(symbol(c) == "feather" for c in card["faces"][0] + card["faces"][1]) if BUG == "feather-either-face" else self.face_shows_feather(card["faces"], a["face"])):
            s["phase"] = "place_feather"
        else:
            s["phase"] = "explore"
        if BUG == "last-card-ends-game" and not s["deck"]: s["phase"] = "over"

    def face_shows_feather(self, faces, face):
        """IT-COMP-DOUBLE: a red feather icon may be on either face of a card."""
        return (face == 0 or BUG != "feather-front-only") and any(symbol(c) == "feather" for c in faces[face]) and not (BUG == "feather-put-once" and self.s["feather"] is not None)

    def do_discard(self, a):
        s = self.s
        if not self.discard_ok(self.legal_placements()):
            raise Illegal("IT-PLACE-NONE", "the card fits somewhere")
        s["discarded"].append(s["drawn"])
        s["discarded"].sort(key=lambda c: c["id"])
        s["drawn"] = None
        if BUG == "discard-ends-turn": self.end_turn()
        else: s["phase"] = "explore"

    def do_pass(self, a):
        s = self.s
        ph = s["phase"]
        if ph == "place_feather":
            s["phase"] = "explore"
        elif ph == "explore" and BUG != "pass-skips-flip":
            s["phase"] = "flip"
        else:
            self.end_turn()

    def do_place_feather(self, a):
        s = self.s
        err = self.feather_error(a["row"], a["col"])
        if err:
            raise Illegal(err, "the red feather cannot go there")
        s["feather"] = {"row": a["row"], "col": a["col"]}
        if s["phase"] == "place_feather":
            s["phase"] = "explore"
        else:
            self.end_turn()

    def do_place_explorer(self, a):
        s = self.s
        r, c = a["row"], a["col"]
        if self.reserve()[s["current"]] <= 0:
            raise Illegal("IT-EXPL-MAX", "no explorer left")
        err = self.explorer_cell_error(r, c) or self.three_places_error(r, c)
        if err:
            raise Illegal(err, "cell taken")
        s["explorers"].append({"player": s["current"], "row": r, "col": c})
        s["explorers"].sort(key=lambda e: (e["row"], e["col"]))
        if BUG == "explore-ends-turn": self.end_turn()
        else: s["phase"] = "explore" if BUG == "explore-many-per-turn" else "flip"

    def chip_seat(self, cur, explorer):
        """IT-REEXP-CHIP: the seat whose re-exploration chip withdrawing `explorer` spends (the player's own)."""
        return explorer["player"] if BUG == "chip-of-the-explorers-colour" and explorer is not None else cur

    def do_reexplore(self, a):
        s = self.s
        cur = s["current"]
        target = None
        for e in s["explorers"]:
            if (e["row"], e["col"]) == (a["row"], a["col"]):
                target = e
        if not s["chips"][self.chip_seat(cur, target)]:
            raise Illegal("IT-REEXP-ONCE", "the chip is used")
        if target is None:
            raise Illegal("IT-REEXP-SAME", "no explorer there")
        if (not s["options"]["reexplore_any"] or BUG == "reexplore-own-only") and target["player"] != cur:
            raise Illegal("IT-REEXP-WHOSE", "not your explorer")
        if not self.explorer_cells():
            raise Illegal("IT-REEXP-ELSEWHERE", "nowhere else to go")
        s["explorers"] = [e for e in s["explorers"] if e is not target]
        s["withdrawn"] = dict(target)
        s["chips"][self.chip_seat(cur, target)] = BUG == "reexp-chip-kept"
        s["chips"] = [False] * len(s["chips"]) if BUG == "chip-shared-pool" else s["chips"]
        s["phase"] = "reexplore"

    def do_reexplore_place(self, a):
        s = self.s
        r, c = a["row"], a["col"]
        w = s["withdrawn"]
        err = self.explorer_cell_error(r, c, leaving=(w["row"], w["col"]))
        if err:
            raise Illegal(err, "the explorer cannot go there")
        s["explorers"].append({"player": w["player"], "row": r, "col": c})
        s["explorers"].sort(key=lambda e: (e["row"], e["col"]))
        s["withdrawn"] = None
        s["phase"] = "explore" if BUG == "reexplore-then-explore" else "flip"

    def _flip(self, a, other):
        s = self.s
        err = self.flip_error(a["card"])
        if err:
            raise Illegal(err, "this card cannot be flipped")
        m = [m for m in s["map"] if m["id"] == a["card"]][0]
        if other:
            m["face"] = 1 - m["face"]
            m["rot"] = (m["rot"] + 180) % 360 if BUG == "flip-rotates" else m["rot"]
        if BUG != "flip-no-feather" and self.face_shows_feather(m["faces"], m["face"]) and not (BUG == "flip-moves-a-placed-feather-only" and s["feather"] is None):
            s["phase"] = "flip_feather"
        else:
            self.end_turn()

    def do_flip(self, a):
        self._flip(a, True)

    def do_flip_same(self, a):
        if self.s["options"]["flip_face"] != "any" and BUG != "flip-same-face":
            raise Illegal("IT-FLIP-FACE", "the other face must come up")
        self._flip(a, False)

    # -------- load_state

    STATE_KEYS = ("game", "num_players", "options", "to_act", "terminal", "phase", "current", "deck",
                  "drawn", "discarded", "map", "explorers", "withdrawn", "feather", "reserve", "chips", "grid")

    def load_state(self, st):
        if not isinstance(st, dict):
            raise Malformed("a state is an object")
        for k in st:
            if k not in self.STATE_KEYS:
                raise Malformed("unknown state key %r" % k)
        for k in self.STATE_KEYS:
            if k not in st:
                raise Malformed("missing state key %r" % k)
        if st["game"] != GAME:
            raise Malformed("not an isle_traces state")
        n = st["num_players"]
        if not is_int(n):
            raise Malformed("num_players")
        if n < 2 or n > 4:
            raise Unsupported("2 to 4 players")
        opts = self.parse_options(st["options"])
        size = opts["area_size"]
        ph = st["phase"]
        if ph not in PHASES:
            raise Malformed("unknown phase")
        cur = st["current"]
        if not is_int(cur) or cur < 0 or cur >= n:
            raise Malformed("current is not a seat")
        ta = st["to_act"]
        if not isinstance(ta, list) or len(ta) > 1:
            raise Malformed("to_act")
        for x in ta:
            if x != "chance" and not (is_int(x) and 0 <= x < n):
                raise Malformed("to_act")
        if not isinstance(st["terminal"], bool):
            raise Malformed("terminal")
        # cards
        if not isinstance(st["deck"], list) or not isinstance(st["discarded"], list):
            raise Malformed("deck/discarded must be lists")
        deck = [check_card(c, "deck") for c in st["deck"]]
        discarded = [check_card(c, "discarded") for c in st["discarded"]]
        drawn = None if st["drawn"] is None else check_card(st["drawn"], "drawn")
        if not isinstance(st["map"], list):
            raise Malformed("map must be a list")
        mp = []
        for i, m in enumerate(st["map"]):
            if not isinstance(m, dict):
                raise Malformed("map card")
            for k in ("face", "rot", "row", "col"):
                if k not in m:
                    raise Malformed("map.%d: missing %s" % (i, k))
            base = check_card({k: v for k, v in m.items() if k not in ("face", "rot", "row", "col")}, "map.%d" % i)
            if m["face"] not in (0, 1) or not is_int(m["face"]):
                raise Malformed("map.%d.face" % i)
            if m["rot"] not in (0, 90, 180, 270) or not is_int(m["rot"]):
                raise Malformed("map.%d.rot" % i)
            if not is_int(m["row"]) or not is_int(m["col"]):
                raise Malformed("map.%d position" % i)
            pm = {"id": base["id"], "faces": base["faces"], "face": m["face"], "rot": m["rot"],
                  "row": m["row"], "col": m["col"]}
            if "closed" in base:
                pm["closed"] = base["closed"]
            mp.append(pm)
        ids = [c["id"] for c in deck + discarded + mp] + ([drawn["id"]] if drawn else [])
        if len(set(ids)) != len(ids):
            raise Malformed("a card id appears twice")
        # map geometry
        covered = set()
        for i, m in enumerate(mp):
            cells = footprint(m["rot"], m["row"], m["col"])
            for r, c in cells:
                if not (0 <= r < size and 0 <= c < size):
                    raise Malformed("map.%d leaves the area" % i)
            if i == 0:
                if m["rot"] not in (0, 180) or (m["row"], m["col"]) != centre(size):
                    raise Malformed("the first card must lie landscape at the centre")
            else:
                ok = False
                for r, c in cells:
                    if (r, c) in covered or any((r + dr, c + dc) in covered
                                                for dr, dc in ((1, 0), (-1, 0), (0, 1), (0, -1))):
                        ok = True
                        break
                if not ok:
                    raise Malformed("map.%d does not touch the map" % i)
            covered.update(cells)
        # phase consistency
        if (ph == "place") != (drawn is not None):
            raise Malformed("drawn is set exactly in phase place")
        if not mp and ph not in ("draw", "place"):
            raise Malformed("no card on the map in phase %s" % ph)
        if ph == "over" and deck:
            raise Malformed("over with cards in the deck")
        if ph == "draw" and not deck:
            raise Malformed("a draw from an empty deck")
        # chips / reserve
        chips = st["chips"]
        if not isinstance(chips, list) or len(chips) != (4 if BUG == "four-chips-in-every-game" else n) or not all(isinstance(x, bool) for x in chips):
            raise Malformed("chips")
        res = st["reserve"]
        if not isinstance(res, list) or len(res) != n or not all(is_int(x) and x >= 0 for x in res):
            raise Malformed("reserve")
        # grid shape
        grid = st["grid"]
        if not isinstance(grid, list):
            raise Malformed("grid")
        for row in grid:
            if not isinstance(row, list):
                raise Malformed("grid row")
            for cell in row:
                if cell is not None and (not isinstance(cell, str) or cell not in VALID_CELLS):
                    raise Malformed("grid cell")
        # pieces
        if not isinstance(st["explorers"], list):
            raise Malformed("explorers")
        exps = []
        seen = set()
        for e in st["explorers"]:
            check_pos(e, "explorer", ("player", "row", "col"))
            if not (0 <= e["player"] < n):
                raise Malformed("explorer of no seat")
            if not (0 <= e["row"] < size and 0 <= e["col"] < size):
                raise Malformed("explorer outside the area")
            k = (e["row"], e["col"])
            if k not in covered:
                raise Malformed("explorer off the map")
            if k in seen and not (BUG == "explorer-on-opponents-cell" and all(x["player"] != e["player"] for x in exps if (x["row"], x["col"]) == k)):
                raise Malformed("two pieces on a cell")
            seen.add(k)
            exps.append({"player": e["player"], "row": e["row"], "col": e["col"]})
        feather = st["feather"]
        if feather is not None:
            check_pos(feather, "feather")
            k = (feather["row"], feather["col"])
            if not (0 <= k[0] < size and 0 <= k[1] < size):
                raise Malformed("feather outside the area")
            if k not in covered:
                raise Malformed("feather off the map")
            if k in seen:
                raise Malformed("feather shares a cell")
            seen.add(k)
            feather = {"row": feather["row"], "col": feather["col"]}
        w = st["withdrawn"]
        per = opts.get("params", {}).get("IT-COMP-EXPLORERS", {}).get("per_player", 12 // n if BUG == "explorers-split-from-twelve" else 3)
        if w is not None:
            check_pos(w, "withdrawn", ("player", "row", "col"))
            if ph != "reexplore":
                raise Malformed("withdrawn outside phase reexplore")
            if not (0 <= w["player"] < n):
                raise Malformed("withdrawn of no seat")
            k = (w["row"], w["col"])
            if not (0 <= k[0] < size and 0 <= k[1] < size) or k not in covered:
                raise Malformed("withdrawn left a cell off the map")
            if k in seen:
                raise Malformed("withdrawn left a cell that is held")
            if chips[self.chip_seat(cur, w)]:
                raise Malformed("re-exploring with an unused chip")
            if not opts["reexplore_any"] and w["player"] != cur:
                raise Malformed("an opponent's explorer under reexplore_any false")
            free = [cc for cc in covered if cc not in seen and cc != k]
            if not free:
                raise Malformed("nowhere to re-place the explorer")
            w = {"player": w["player"], "row": w["row"], "col": w["col"]}
        elif ph == "reexplore":
            raise Malformed("phase reexplore without a withdrawn explorer")
        counts = [0] * n
        for e in exps:
            counts[e["player"]] += 1
        if w is not None:
            counts[w["player"]] += 1
        if any(x > per for x in counts):
            raise Malformed("too many explorers")
        self.s = {
            "game": GAME,
            "num_players": n,
            "options": opts,
            "phase": ph,
            "current": cur,
            "deck": sorted(deck, key=lambda c: c["id"]),
            "drawn": drawn,
            "discarded": sorted(discarded, key=lambda c: c["id"]),
            "map": mp,
            "explorers": sorted(exps, key=lambda e: (e["row"], e["col"])),
            "withdrawn": w,
            "feather": feather,
            "chips": list(chips),
        }
        return self.export()


# ---------------------------------------------------------------- protocol

def handshake():
    return {
        "protocol": 1,
        "engine": {"name": "isle-traces-corpus", "version": "0.1.0", "language": "python"},
        "games": [{"id": GAME, "min_players": 2, "max_players": 4, "options": dict(DEFAULT_OPTIONS)}],
        "capabilities": ["load_state", "legal_actions", "chance", "outcome"],
    }


def main():
    game = Game()
    out = sys.stdout
    for line in sys.stdin:
        line = line.strip()
        if not line:
            continue
        try:
            req = json.loads(line)
            if not isinstance(req, dict):
                raise ValueError("not an object")
        except Exception as exc:
            out.write(json.dumps({"id": None, "ok": False, "error": {"kind": "malformed", "message": str(exc)}}) + "\n")
            out.flush()
            continue
        rid = req.get("id")
        cmd = req.get("cmd")
        backup = json.dumps(game.s) if game.s is not None else None
        try:
            if cmd == "handshake":
                result = handshake()
            elif cmd == "new_game":
                if req.get("game") != GAME:
                    raise Unsupported("unknown game %r" % req.get("game"))
                result = {"state": game.new_game(req)}
            elif cmd == "load_state":
                result = {"state": game.load_state(req.get("state"))}
            elif cmd == "state":
                if game.s is None:
                    raise Malformed("no game")
                result = {"state": game.export()}
            elif cmd == "legal_actions":
                if game.s is None:
                    raise Malformed("no game")
                result = game.legal_actions()
            elif cmd == "apply":
                if game.s is None:
                    raise Malformed("no game")
                game.apply(req.get("action"))
                result = {"to_act": game.to_act(), "terminal": game.s["phase"] == "over"}
            elif cmd == "outcome":
                if game.s is None:
                    raise Malformed("no game")
                result = game.outcome()
            elif cmd == "stop":
                out.write(json.dumps({"id": rid, "ok": True, "result": {}}) + "\n")
                out.flush()
                return
            else:
                raise Unsupported("unknown command %r" % cmd)
            reply = {"id": rid, "ok": True, "result": result}
        except Illegal as e:
            game.s = json.loads(backup) if backup is not None else None
            reply = {"id": rid, "ok": False, "error": {"kind": "illegal_action", "rule": e.rule, "message": e.msg}}
        except Malformed as e:
            game.s = json.loads(backup) if backup is not None else None
            reply = {"id": rid, "ok": False, "error": {"kind": "malformed", "message": str(e)}}
        except Unsupported as e:
            game.s = json.loads(backup) if backup is not None else None
            reply = {"id": rid, "ok": False, "error": {"kind": "unsupported", "message": str(e)}}
        except Exception as e:  # noqa
            game.s = json.loads(backup) if backup is not None else None
            reply = {"id": rid, "ok": False, "error": {"kind": "internal", "message": "%s: %s" % (type(e).__name__, e)}}
        out.write(json.dumps(reply) + "\n")
        out.flush()


if __name__ == "__main__":
    main()
