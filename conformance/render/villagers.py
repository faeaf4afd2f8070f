"""Villagers (solo against the Countess) drawn as on the table: the Road, the draw stacks
with their market, the player's village by column, the Countess's village, hand and gold.
Reads the canonical state only (``spec/villagers``)."""

from __future__ import annotations

from typing import Any

from conformance.render import components
from conformance.render.svg import Canvas, as_dict, as_int, as_list, get

GAME = "villagers"
CARD_W, CARD_H = 74, 22


def action_targets(action: dict[str, Any]) -> list[str]:
    """The stack or village column an action names."""
    targets = []
    if isinstance(action.get("stack"), int):
        targets.append(f"stacks.{action['stack']}")
    if isinstance(action.get("column"), int):
        targets.append(f"player.village.{action['column']}")
    return targets


def _card(canvas: Canvas, x: float, y: float, entry: Any, path: str, provisional: bool) -> None:
    name = get(entry, "card", default=entry)
    coins = as_int(get(entry, "coins"))
    canvas.rect(x, y, CARD_W, CARD_H, fill="#f4ecd8", rx=3, path=path, provisional=provisional,
                tooltip=str(name))
    canvas.text(x + 4, y + 15, name, size=9, limit=12)
    if coins:
        canvas.circle(x + CARD_W - 8, y + 11, 7, fill="#f1c40f", path=f"{path}.coins")
        canvas.text(x + CARD_W - 8, y + 14, coins, size=8, anchor="middle")


def draw(canvas: Canvas, state: dict[str, Any]) -> None:
    """Header, the Road and stacks, then the two villages."""
    copies_provisional = components.provisional(GAME, "villager-copies")
    canvas.legend(
        ("#f4ecd8", "a villager card (its name cut to 12 letters; hover: all of it)"),
        ("#f1c40f", "a gold disc on a card: the coins on it"),
        ("#8d6e63", "a stack: its hidden cards; mN: the market card on top"),
    )
    canvas.text(8, 18, "Villagers (solo)", size=15, bold=True)
    canvas.text(150, 18, f"round {get(state, 'round')}  phase {get(state, 'phase')}  "
                f"step {get(state, 'step')}  reserve {get(state, 'reserve')}", path="phase")
    canvas.text(8, 38, "Road", bold=True)
    for index, entry in enumerate(as_list(get(state, "road"))):
        _card(canvas, 60 + index * (CARD_W + 4), 26, entry, f"road.{index}", False)
    canvas.text(8, 72, "stacks", bold=True)
    for index, stack in enumerate(as_list(get(state, "stacks"))):
        x = 60 + index * (CARD_W + 4)
        hidden = as_int(get(stack, "hidden"))
        market = get(stack, "market")
        canvas.rect(x, 60, CARD_W, CARD_H, fill="#8d6e63", rx=3, path=f"stacks.{index}",
                    provisional=copies_provisional, tooltip=f"{hidden} hidden")
        label = f"{hidden} hidden" + (f"  m{market}" if market is not None else "")
        canvas.text(x + 4, 75, label, size=9, fill="#ffffff")
        for depth, name in enumerate(as_list(get(stack, "known"))):
            _card(canvas, x, 84 + depth * (CARD_H + 2), name, f"stacks.{index}.known.{depth}",
                  False)
    y = 170
    player = as_dict(get(state, "player"))
    canvas.text(8, y, f"your village  gold {get(player, 'gold')}  founders "
                f"{get(player, 'founders')}", bold=True, path="player.gold")
    hand = ", ".join(map(str, as_list(get(player, "hand"))))
    canvas.text(8, y + 14, f"hand: {hand or '-'}", size=9, path="player.hand", limit=110)
    tallest = 0
    for column, cards in enumerate(as_list(get(player, "village"))):
        for depth, entry in enumerate(as_list(cards)):
            _card(canvas, 8 + column * (CARD_W + 4), y + 22 + depth * (CARD_H + 2), entry,
                  f"player.village.{column}.{depth}", False)
        tallest = max(tallest, len(as_list(cards)))
    y += 40 + max(tallest, 1) * (CARD_H + 2)
    countess = as_dict(get(state, "countess"))
    canvas.text(8, y, f"the Countess's village  gold {get(countess, 'gold')}", bold=True,
                path="countess.gold")
    for index, entry in enumerate(as_list(get(countess, "village"))):
        _card(canvas, 8 + (index % 8) * (CARD_W + 4), y + 8 + (index // 8) * (CARD_H + 2),
              entry, f"countess.village.{index}", False)
