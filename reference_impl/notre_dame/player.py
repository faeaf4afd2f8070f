"""One player's holdings in Notre Dame (mutable, cheap to copy)."""

from __future__ import annotations

from reference_impl.notre_dame.data import AREAS, CARDS, START_COINS, START_CUBES, START_RATS


class Player:
    """Coins, prestige, rats, cubes in hand and in the district, friend, carriage, cards.

    ``stock`` is this colour's cubes in the general stock. Card lists are kept sorted.
    """

    __slots__ = (
        "areas",
        "bought",
        "cards",
        "carriage",
        "coins",
        "cubes",
        "deck",
        "draft_hand",
        "friend",
        "message_set",
        "messages",
        "played",
        "prestige",
        "rats",
        "stock",
    )

    def __init__(self, seat: int, stock: int) -> None:
        self.coins = START_COINS  # ND-SETUP-RESOURCES: 3 coins
        self.prestige = 0  # ND-SETUP-PRESTIGE
        self.rats = START_RATS  # ND-SETUP-RATS: the rat marker on 0
        self.cubes = START_CUBES  # ND-SETUP-RESOURCES: 4 cubes in hand
        self.stock = stock  # ND-SETUP-STOCK: the rest in the general stock
        self.areas: dict[str, int] = dict.fromkeys(AREAS, 0)
        self.friend: str | None = None  # ND-SETUP-FRIEND: on the boat
        self.carriage = f"{seat}-0"  # ND-SETUP-CARRIAGE: the centre of the own district
        self.messages: list[tuple[int, int]] = []
        self.message_set: set[int] = set()
        self.deck: list[str] = sorted(CARDS)  # ND-SETUP-DECKS: the nine action cards
        self.draft_hand: list[str] = []
        self.cards: list[str] = []
        self.played: list[str] = []
        self.bought: str | None = None

    def copy(self) -> Player:
        other = Player.__new__(Player)
        other.coins = self.coins
        other.prestige = self.prestige
        other.rats = self.rats
        other.cubes = self.cubes
        other.stock = self.stock
        other.areas = dict(self.areas)
        other.friend = self.friend
        other.carriage = self.carriage
        other.messages = list(self.messages)
        other.message_set = set(self.message_set)
        other.deck = list(self.deck)
        other.draft_hand = list(self.draft_hand)
        other.cards = list(self.cards)
        other.played = list(self.played)
        other.bought = self.bought
        return other

    def people(self, area: str) -> int:
        """Cubes in ``area`` plus the friend if it stands there (ND-FRIEND-COUNT)."""
        return self.areas[area] + (1 if self.friend == area else 0)
