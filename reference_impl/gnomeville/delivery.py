"""Phase 4, step 4: the special delivery (multiplayer only).

Implements GV-DELIVERY, GV-DELIVERY-GAPS, GV-DELIVERY-DECLINE, GV-DELIVERY-MULTI.
"""

from __future__ import annotations

from typing import Any

from reference_impl.gnomeville.data import BOULDER, DELIVERIES, TROLL
from reference_impl.gnomeville.player import Player
from reference_impl.gnomeville.scoring import DELIVERY_POINTS, delivery_icons

Action = dict[str, Any]


class DeliveryRules:
    """Mixin of the special delivery for :class:`GVState`."""

    players: list[Player]
    supply: dict[str, int]
    boulder_supply: int
    fired: list[str]
    delivery_card: str | None
    delivery_queue: list[int]

    def _start_delivery(self) -> None:
        card = DELIVERIES[self.delivery_card]  # type: ignore[index]
        leader = max(p.score for p in self.players)  # GV-DELIVERY: against the leader
        self.delivery_queue = []
        for i, p in enumerate(self.players):
            p.delivery = delivery_icons(card["groups"], leader - p.score)  # GV-DELIVERY-GAPS
            if p.delivery:
                self.delivery_queue.append(i)
                self.fired.append("GV-DELIVERY")

    def _delivery_actions(self, pi: int) -> list[Action]:
        p = self.players[pi]
        icon = p.delivery[0]
        acts: list[Action] = []
        if icon in ("remove_boulder", "remove_troll"):
            want = BOULDER if icon == "remove_boulder" else TROLL
            for i, c in enumerate(p.cells):
                if c == want:
                    acts.append(
                        {
                            "actor": pi,
                            "type": "delivery",
                            "icon": icon,
                            "take": True,
                            "space": p.board.coord(i),
                        }
                    )
        elif icon in ("market", "workshop"):
            if self.supply[icon] > 0:
                acts.append({"actor": pi, "type": "delivery", "icon": icon, "take": True})
        elif icon == "refill_stew":
            if not p.stew:
                acts.append({"actor": pi, "type": "delivery", "icon": icon, "take": True})
        else:
            acts.append({"actor": pi, "type": "delivery", "icon": icon, "take": True})
        # GV-DELIVERY-DECLINE
        acts.append({"actor": pi, "type": "delivery", "icon": icon, "take": False})
        return acts

    def _do_delivery(self, pi: int, action: Action) -> None:
        p = self.players[pi]
        icon = p.delivery.pop(0)
        if not action["take"]:
            p.mushrooms += 1  # GV-DELIVERY-DECLINE: 1 mushroom instead
            self.fired.append("GV-DELIVERY-DECLINE")
            return
        self.fired.append("GV-DELIVERY")
        if icon in ("remove_boulder", "remove_troll"):
            i = p.board.index(action["space"])
            if p.cells[i] == BOULDER:
                self.boulder_supply += 1  # GV-DESTROYED-TO-SUPPLY
            p.cells[i] = None
            p.groups = None
        elif icon in ("market", "workshop"):
            self.supply[icon] -= 1
            p.bag[icon] += 1
        elif icon == "refill_stew":
            p.stew = True
        else:
            p.score += DELIVERY_POINTS  # GV-COMP-DELIVERY: a points icon
