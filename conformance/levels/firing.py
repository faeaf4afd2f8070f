"""Rule-firing coverage: which catalogue rules random play reaches, and steering toward
the rest.

Engines report the rule ids that fired on each ``apply`` (the ``fired`` capability). A
random policy reaches common rules quickly and rare ones (a fourth troll, a chain of three
upgrades, a plague, a tie for first) seldom; the *steered* policy picks each decision's
action type by how rarely it has been chosen so far, and chance outcomes uniformly rather
than by probability, which reaches rare branches far more often.
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from conformance.specification import catalogue
from reference_impl.core import CHANCE, GameDefinition, sample_chance


@dataclass
class FiringReport:
    game: str
    games: int
    fired: Counter[str] = field(default_factory=Counter)
    rules: list[str] = field(default_factory=list)

    @property
    def never(self) -> list[str]:
        return [rule for rule in self.rules if rule not in self.fired]

    @property
    def unknown(self) -> list[str]:
        """Fired ids that are not catalogue rules (an engine citing a rule we do not have)."""
        known = set(self.rules)
        return sorted(rule for rule in self.fired if rule not in known)


class SteeredPolicy:
    """Novelty-weighted choices: rarely taken action types first; chance uniform."""

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng
        self.taken: Counter[str] = Counter()

    def choose(self, actions: list[dict[str, Any]]) -> dict[str, Any]:
        weights = [1.0 / (1 + self.taken[str(a.get("type"))]) for a in actions]
        action = self.rng.choices(actions, weights=weights)[0]
        self.taken[str(action.get("type"))] += 1
        return action


POLICIES = ("random", "steered", "mixed")


def firing_report(
    game: GameDefinition, games: int, seed: int = 0, policy: str = "mixed"
) -> FiringReport:
    """Play ``games`` games over every player count; count the rules that fired.

    ``policy``: uniformly random, steered, or mixed (even games random, odd ones steered:
    the union reaches both what random play finds and what steering finds).
    """
    if policy not in POLICIES:
        raise ValueError(f"unknown policy {policy!r} (choose one of {', '.join(POLICIES)})")
    rng = random.Random(seed)
    report = FiringReport(game.id, games, rules=[r.id for r in catalogue.load(game.id).rules])
    counts = list(range(game.min_players, game.max_players + 1))
    steered = SteeredPolicy(rng)
    for index in range(games):
        steer = policy == "steered" or (policy == "mixed" and index % 2 == 1)
        state = game.new_game(counts[index % len(counts)])
        while not state.is_terminal():
            if CHANCE in state.to_act():
                if steer:
                    outcomes = state.chance_outcomes()
                    action = outcomes[rng.randrange(len(outcomes))][0]
                else:
                    action = sample_chance(state, rng)
            else:
                actions = state.legal_actions()
                action = steered.choose(actions) if steer else rng.choice(actions)
            state.apply(action)
            report.fired.update(state.fired)
    return report
