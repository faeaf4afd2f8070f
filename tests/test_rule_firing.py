"""Rule-firing coverage: the default mixed run reaches the rare rules, and every fired id
an engine reports is a catalogue rule."""

from __future__ import annotations

import pytest

from conformance.levels.firing import firing_report
from reference_impl import registry

#: rare rules the default run (200 mixed games, seed 0) must reach, per game
RARE = {
    "notre_dame": ["ND-PLAGUE", "ND-PLAGUE-CHOICE", "ND-GUEST-DOUBLE", "ND-PARK-BONUS"],
    "gnomeville": [
        "GV-TROLL-CAP",  # a troll icon beyond the third is ignored
        "GV-UPGRADE-CHAIN",  # an upgrade that triggers another
        "GV-EVENT-TIE-FIRST",
        "GV-EVENT-TIE-SECOND",
        "GV-END-ADJACENCY-TIE",
    ],
}


@pytest.mark.parametrize("game", registry.available_games())
def test_the_default_run_reaches_the_rare_rules_and_only_catalogue_rules(game: str) -> None:
    report = firing_report(registry.get_game(game), games=200, seed=0)
    assert report.unknown == [], f"fired ids not in the catalogue: {report.unknown}"
    missing = [rule for rule in RARE.get(game, []) if rule not in report.fired]
    assert missing == [], f"never reached in 200 mixed games: {missing}"


def test_an_unknown_policy_is_named() -> None:
    with pytest.raises(ValueError, match="unknown policy 'lucky'"):
        firing_report(registry.get_game("notre_dame"), 1, policy="lucky")
