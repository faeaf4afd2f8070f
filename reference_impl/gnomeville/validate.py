"""Consistency of a loaded Gnomeville position: what the rules cannot reach or the engine
cannot handle is refused, naming the field (issue 13, item 4).

:func:`state_problems` lists every problem at once (python-chess ``Board.status()`` style);
:func:`check_state` raises one MalformedInput holding them all. Counts come from the
component data: tiles (GV-COMP-TILES), boulders (GV-COMP-BOULDERS and the reading of
GV-BOULDER-SUPPLY-EXHAUSTED), gnome tiles and stands (GV-COMP-PLAYER-SETS), the three trolls
per town (GV-TROLL-CAP), every card in exactly one place (GV-COMP-LIST).
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from reference_impl.core import MalformedInput, rule_param
from reference_impl.gnomeville.build import find_groups
from reference_impl.gnomeville.data import (
    ABILITIES,
    BOULDER,
    DELIVERIES,
    EVENTS,
    GNOME,
    KINDS,
    SUPPLY_COUNT,
    TIER,
    TOKENS,
    TROLL,
    TROLL_CARDS,
)

BUILD_ONLY = ("hand", "open_stack", "activation")
ACTIVATION_KINDS = ("market", "house", "ballista", "academy", "tavern", "workshop", "armory")
DELIVERY_ICONS = frozenset(
    icon for card in DELIVERIES.values() for group in card["groups"].values() for icon in group
)


def check_state(s: Any) -> None:
    """GV-LOAD-CONSISTENT: MalformedInput listing every inconsistency of ``s`` (a freshly
    loaded GVState)."""
    problems = state_problems(s)
    if problems:
        raise MalformedInput("inconsistent gnomeville state: " + "; ".join(problems))


def state_problems(s: Any) -> list[str]:
    out: list[str] = []
    out += _phase_problems(s)
    out += _count_problems(s)
    out += _card_problems(s)
    for i, p in enumerate(s.players):
        out += _player_problems(s, i, p)
    busy = [i for i, p in enumerate(s.players) if s._busy(p)] if s.phase == "build" else []
    if len(busy) > 1:
        out.append(
            f"state field players: players {busy} are all resolving a tile, an effect or a move; "
            "one resolves before the next acts (GV-BUILD-SIMULTANEOUS)"
        )
    return out


def _phase_problems(s: Any) -> list[str]:
    out = []
    if s.terminal != (s.phase == "end"):
        out.append(f"state field terminal is {s.terminal} in phase {s.phase!r}")
    if s.phase == "end" and s.round != 5:
        out.append(f"state field round is {s.round}: the game ends after round 5")
    ch = s.chance
    if ch is not None:
        if not isinstance(ch, dict) or set(ch) - {"type", "player"}:
            return [*out, f"state field chance must be {{type, player?}}, got {ch!r}"]
        t = ch.get("type")
        if not isinstance(t, str):
            return [*out, f"state field chance.type must be a string, got {t!r}"]
        needs_player = t in ("draw", "ability")
        if needs_player != ("player" in ch):
            which = "missing" if needs_player else "extra"
            return [*out, f"state field chance.player is {which} for a {t!r} chance"]
        pl = ch.get("player")
        if "player" in ch and (type(pl) is not int or not 0 <= pl < s.n):
            out.append(f"state field chance.player must be a seat 0..{s.n - 1}, got {pl!r}")
            return out
        deck = {
            "goal": s.goal_deck,
            "troll_card": s.troll_deck,
            "event": s.event_deck,
            "delivery_card": s.delivery_deck,
            "ability": s.ability_deck,
        }
        phase = {
            "goal": ("setup",),
            "troll_card": ("prepare", "attack"),
            "event": ("reveal",),
            "delivery_card": ("delivery",),
            "ability": ("build",),
            "draw": ("build",),
        }
        if t not in phase:
            out.append(f"state field chance.type: unknown chance {t!r}")
        elif s.phase not in phase[t]:
            out.append(f"state field chance.type {t!r} cannot be pending in phase {s.phase!r}")
        elif t == "draw":
            p = s.players[pl]
            if p.hand is not None or p.bag_size() == 0:
                out.append(f"state field chance: player {pl} draws with a tile in hand or no bag")
        elif t == "ability":
            act = s.players[pl].activation
            if not (deck["ability"] and act and act.get("kind") == "academy" and "to_draw" in act):
                out.append(f"state field chance: player {pl} draws no ability card at an academy")
        elif not deck[t]:
            out.append(f"state field chance: {t!r} is pending but its deck is empty")
        elif t == "goal" and not any(len(g["cards"]) < g["size"] for g in s.goals):
            out.append("state field goals: a goal card is pending but no goal has room for it")
    if (s.troll_card is None) == (s.phase in ("build", "attack")):
        shown = "null" if s.troll_card is None else "revealed"
        out.append(f"state field troll_card is {shown} in the {s.phase} phase (GV-PREPARE-REVEAL)")
    if s.surprise_card is not None and s.phase != "attack":
        out.append(f"state field surprise_card is revealed in the {s.phase} phase")
    if s.phase != "attack" and (s.attack_queue or any(p.attack for p in s.players)):
        out.append(f"state field attack_queue/attack: an attack is pending in phase {s.phase!r}")
    if s.chance is None and s.phase == "attack" and not s.attack_queue:
        out.append("state field attack_queue: the attack phase with no attack left to resolve")
    if s.chance is None and s.phase == "delivery" and not s.delivery_queue:
        out.append("state field delivery_queue: the delivery phase with no bonus left to take")
    if s.phase == "buy" and s.round == 5:
        out.append("state field phase: round 5 has no buy phase (GV-FINAL-NO-BUY)")
    for k, entry in enumerate(s.attack_queue):
        if (
            not isinstance(entry, list)
            or len(entry) != 2
            or type(entry[0]) is not int
            or not 0 <= entry[0] < s.n
            or entry[1] not in ("surprise", "round")
        ):
            out.append(f"state field attack_queue.{k} must be [seat, 'surprise'|'round']")
        elif (
            entry[1] == "surprise"
            and s.surprise_card is None
            and not (s.chance and s.chance.get("type") == "troll_card")
        ):
            out.append(f"state field attack_queue.{k}: its surprise card is not revealed")
    head = s.attack_queue[0][0] if s.attack_queue and isinstance(s.attack_queue[0], list) else None
    for i, p in enumerate(s.players):
        if p.attack is not None and head != i:
            out.append(f"state field players.{i}.attack: seat {i} is not first in attack_queue")
    for k, seat in enumerate(s.delivery_queue):
        if type(seat) is not int or not 0 <= seat < s.n:
            out.append(f"state field delivery_queue.{k} must be a seat, got {seat!r}")
    if s.phase != "delivery" and (s.delivery_queue or any(p.delivery for p in s.players)):
        out.append(f"state field delivery/delivery_queue: a delivery is pending in {s.phase!r}")
    if s.delivery_queue and s.delivery_card is None:
        out.append("state field delivery_queue: deliveries are pending without a delivery card")
    return out


def _count_problems(s: Any) -> list[str]:
    out = []
    for kind in KINDS:
        if s.supply[kind] > SUPPLY_COUNT[kind]:
            out.append(
                f"state field supply.{kind}: {s.supply[kind]} in the supply, more than the "
                f"{SUPPLY_COUNT[kind]} tiles of the game (GV-COMP-TILES)"
            )
    out += _tile_conservation(s)
    in_towns = sum(p.cells.count(BOULDER) for p in s.players)
    total = TOKENS["boulders"]
    if s.options["boulder_supply_limited"]:
        if s.boulder_supply + in_towns != total:  # GV-COMP-BOULDERS: 44 in all
            out.append(
                f"state field boulder_supply: {s.boulder_supply} + {in_towns} in the towns "
                f"is not {total} (GV-COMP-BOULDERS)"
            )
    elif s.boulder_supply != max(0, total - in_towns):  # GV-BOULDER-SUPPLY-EXHAUSTED
        out.append(f"state field boulder_supply: {s.boulder_supply} with {in_towns} in the towns")
    cap = int(rule_param(s.options, "GV-TROLL-CAP", "cap", TOKENS["trolls_per_player"]))
    for i, p in enumerate(s.players):
        if p.cells.count(TROLL) > cap:
            trolls = p.cells.count(TROLL)
            out.append(f"state field players.{i}.cells: {trolls} trolls (GV-TROLL-CAP)")
    return out


def _tile_conservation(s: Any) -> list[str]:
    """No building kind in more copies out of the supply (bags, stacks, the open stack, the
    hand, the towns: every player's together) than the game has (GV-COMP-TILES, the
    components file's counts, or the ruleset's). Counted with the supply too it is not
    required: scenarios put tiles in a town without taking them from the supply."""
    held: Counter[str] = Counter()
    for p in s.players:
        held.update({kind: n for kind, n in p.bag.items() if kind in SUPPLY_COUNT})
        for stack in p.stacks:
            held.update(kind for kind in stack if kind in SUPPLY_COUNT)
        held.update(kind for kind in (p.open_stack or ()) if kind in SUPPLY_COUNT)
        if p.hand in SUPPLY_COUNT:
            held[p.hand] += 1
        held.update(c for c in p.cells if c in SUPPLY_COUNT)
    out = []
    for kind, count in sorted(held.items()):
        game = int(rule_param(s.options, "GV-COMP-TILES", kind, SUPPLY_COUNT[kind]))
        if count > game:
            out.append(
                f"state field players: {count} {kind} tiles in the bags, stacks, hands and "
                f"towns, more than the {game} tiles of the game (GV-COMP-TILES)"
            )
    return out


def _partition(out: list[str], name: str, places: dict[str, list[str]], known: Any) -> None:
    """Every card of ``known`` in exactly one of ``places`` (``name`` for the message)."""
    seen = Counter(c for cards in places.values() for c in cards)
    dup = sorted(c for c, n in seen.items() if n > 1)
    missing = sorted(set(known) - set(seen))
    if dup or missing:
        where = ", ".join(places)
        out.append(
            f"state field {name}: across {where} the cards {dup} are doubled and {missing} missing"
        )


def _card_problems(s: Any) -> list[str]:
    out: list[str] = []
    # GV-COMP-LIST: every card in one place
    current = [c["id"] for c in (s.troll_card, s.surprise_card) if c is not None]
    _partition(
        out,
        "troll_deck",
        {"troll_deck": s.troll_deck, "troll_discard": s.troll_discard, "troll_card": current},
        TROLL_CARDS,
    )
    held = [g.ability for p in s.players for g in p.gnomes if g.ability is not None]
    drawn = [c for p in s.players for c in p.drawn_abilities]
    _partition(
        out,
        "ability_deck",
        {"ability_deck": s.ability_deck, "ability_bottom": s.ability_bottom, "gnomes": held,
         "drawn_abilities": drawn},
        ABILITIES,
    )  # fmt: skip
    solo = s.n == 1
    card = [s.delivery_card] if s.delivery_card is not None else []
    if s.delivery_card is not None and s.delivery_card not in DELIVERIES:
        out.append(f"state field delivery_card: unknown card {s.delivery_card!r}")
    _partition(
        out,
        "delivery_deck",
        {"delivery_deck": s.delivery_deck, "delivery_card": card,
         "delivery_discard": s.delivery_discard},
        () if solo else DELIVERIES,
    )  # fmt: skip
    shown = [e for e in s.events if e is not None]
    if len(set(shown)) != len(shown):
        out.append(f"state field events: an event card is revealed twice: {s.events}")
    both = sorted(set(shown) & set(s.event_deck))
    if both:
        out.append(f"state field event_deck: the revealed events {both} are still in the deck")
    deck = "solo" if solo else "multi"
    if any(EVENTS[e]["deck"] != deck for e in [*shown, *s.event_deck]):
        out.append(f"state field event_deck: only {deck} event cards are used with {s.n} players")
    dealt = [c for g in s.goals for c in g["cards"]]
    twice = sorted(c for c, n in Counter(dealt).items() if n > 1)
    if twice:
        out.append(f"state field goals: the goal cards {twice} are dealt twice")
    for k, g in enumerate(s.goals):
        seats = g["players"]
        if len(seats) != 2 or seats[0] == seats[1] or not all(0 <= x < s.n for x in seats):
            out.append(f"state field goals.{k}.players must be two different seats, got {seats}")
        if len(g["cards"]) > g["size"]:
            out.append(f"state field goals.{k}: {len(g['cards'])} cards for size {g['size']}")
    return out


def _gnome_tiles(at: str, p: Any) -> list[str]:
    """GV-COMP-PLAYER-SETS: a player has 3 gnome tiles (the components file's
    gnome_tiles_per_player), so neither the bag nor the tiles out of it (the hand and the
    stumps: the state schema keeps gnome tiles out of the stacks) hold more. The two are not
    added up: scenarios hand a player a gnome tile without taking it from the bag."""
    most = TOKENS["gnome_tiles_per_player"]
    out_of_bag = (p.hand == GNOME) + p.stumps
    out = []
    if p.bag[GNOME] > most:
        out.append(f"{at}.bag.gnome: {p.bag[GNOME]} gnome tiles, a player has {most} "
                   "(GV-COMP-PLAYER-SETS)")  # fmt: skip
    if out_of_bag > most:
        out.append(f"{at}: {out_of_bag} gnome tiles in the hand and on stumps, a player has "
                   f"{most} (GV-COMP-PLAYER-SETS)")  # fmt: skip
    return out


def _player_problems(s: Any, i: int, p: Any) -> list[str]:
    at = f"state field players.{i}"
    out = []
    boards = s.options["boards"] or ["symmetric"] * s.n
    if len(boards) != s.n:
        out.append(f"state field options.boards must name {s.n} boards, got {boards}")
    elif p.board.name != boards[i]:
        out.append(f"{at}.board is {p.board.name!r} but options.boards gives {boards[i]!r}")
    if p.stumps > len(p.board.stumps):
        out.append(f"{at}.stumps: {p.stumps} gnome tiles on {len(p.board.stumps)} stumps")
    out += _gnome_tiles(at, p)
    rest: dict[int, int] = {}
    for k, g in enumerate(p.gnomes):
        if g.pos < 0:
            if g.hammer or g.sword or g.graduated or g.ability is not None:
                out.append(f"{at}.gnomes.{k}: a gnome in camp keeps equipment or an ability")
            continue
        if p.cells[g.pos] in (TROLL, BOULDER):
            out.append(f"{at}.gnomes.{k}.space holds a {p.cells[g.pos]}")
        if k != p.transit:
            if g.pos in rest:
                out.append(f"{at}.gnomes.{k}.space: two gnomes rest on {p.board.coord(g.pos)}")
            rest[g.pos] = k
        if g.ability is not None and not g.graduated:
            out.append(f"{at}.gnomes.{k}.ability: only a graduated gnome has an ability")
    for j, h in p.board.height.items():
        c = p.cells[j]
        if c in TIER and TIER[c] < h:
            out.append(f"{at}.cells: a tier-{TIER[c]} {c} on a {h}+ space")
    if p.transit >= 0:
        g = p.gnomes[p.transit] if p.transit < len(p.gnomes) else None
        if g is None or g.pos < 0 or g.pos not in rest or rest[g.pos] == p.transit or p.moves < 1:
            out.append(f"{at}.transit: gnome {p.transit} is not passing through another gnome")
    if s.phase != "build":
        for name in BUILD_ONLY:
            if getattr(p, name) is not None:
                out.append(f"{at}.{name} is set outside the build phase")
        if p.moves:  # a gnome in transit has movement left (checked above)
            out.append(f"{at}.moves: movement is pending outside the build phase")
    if p.status == "stuck" and not p.stuck:
        out.append(f"{at}.status is 'stuck' but stuck is false")
    if p.buys_left > s.round or (p.buys_left and s.phase != "buy"):
        out.append(f"{at}.buys_left {p.buys_left} in round {s.round}, phase {s.phase!r}")
    if p.hand is not None and (p.activation is not None or p.moves):
        out.append(f"{at}.hand: a tile is in hand while an effect or movement is pending")
    if p.open_stack is not None and any(k not in KINDS for k in p.open_stack):
        out.append(f"{at}.open_stack holds an unknown tile")
    if p.open_stack is not None and not any(p.trigger in g for g in find_groups(p)):
        out.append(f"{at}.open_stack: an upgrade stack is open but no upgrade of its chain is due")
    out += _activation_problems(s, i, p)
    for k, icon in enumerate(p.delivery):
        if icon not in DELIVERY_ICONS:
            out.append(f"{at}.delivery.{k}: unknown icon {icon!r}")
    if p.delivery and i not in s.delivery_queue:
        out.append(f"{at}.delivery: icons pending but the player is not in delivery_queue")
    return out


def _activation_problems(s: Any, i: int, p: Any) -> list[str]:
    at = f"state field players.{i}"
    act = p.activation
    if act is None:
        if p.drawn_abilities:
            return [f"{at}.drawn_abilities: cards drawn without an academy"]
        return []
    kind, gi = act.get("kind"), act.get("gnome")
    if kind not in ACTIVATION_KINDS or set(act) - {"kind", "space", "gnome", "to_draw"}:
        return [f"{at}.activation: unknown activation {act!r}"]
    if (
        type(gi) is not int
        or not 0 <= gi < len(p.gnomes)
        or act["space"] < 0
        or p.gnomes[gi].pos != act["space"]
    ):
        return [f"{at}.activation.gnome must be the gnome standing on the activated space"]
    if p.cells[act["space"]] != kind:
        return [f"{at}.activation.space holds no {kind}"]
    g = p.gnomes[gi]
    draw = act.get("to_draw")
    if kind != "academy" and (draw is not None or p.drawn_abilities):
        return [f"{at}.activation: only an academy draws ability cards"]
    if kind == "academy" and draw is None and (g.graduated or p.drawn_abilities):
        return [f"{at}.activation: the gnome has already graduated"]
    if draw is not None and (
        type(draw) is not int or not g.graduated or not max(1, len(p.drawn_abilities)) <= draw <= 2
    ):
        return [f"{at}.activation.to_draw must be 1 or 2, at least the cards drawn"]
    if draw is not None and len(p.drawn_abilities) < draw and s.chance is None and s.ability_deck:
        return [f"{at}.activation: ability cards still to draw but no chance is pending"]
    due = s.chance is not None and s.chance.get("type") == "ability" and s.chance["player"] == i
    if due and (draw is None or len(p.drawn_abilities) >= draw):
        return [f"{at}.activation: an ability draw is pending but no card is due"]
    if kind == "house" and all(h.pos >= 0 for h in p.gnomes):
        return [f"{at}.activation: a house deploys a gnome but none is in camp"]
    if (kind, True) in (("workshop", g.hammer), ("armory", g.sword), ("tavern", p.stew)):
        return [f"{at}.activation: the {kind}'s effect has already happened"]
    return []
