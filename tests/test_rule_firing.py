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


#: observable rules (the reference can report them) the default mixed run never fires, each
#: a rare position, a variant or an option's other reading; any other is a rule named only
#: to explain a refusal, or one the reference applies and does not report
UNFIRED = {
    "gnomeville": {
        "GV-ABILITY-GRADUATE", "GV-BLDG-ACADEMY", "GV-BLDG-BALLISTA",  # rare buildings
        "GV-BUILD-AUTOPASS", "GV-REFRESH-FULL-TOWN", "GV-SCORE-FULL-TOWN",  # rare positions
        "GV-SWORD-DEFEAT", "GV-SWORD-SPACE", "GV-UPGRADE-EXHAUSTED",
        "GV-VAR-MASTER",  # a variant
    },
    "isle_traces": {"IT-FLIP-FACE", "IT-PLACE-NONE"},  # an option's reading; no placement left
    "neom": set(),
    "notre_dame": {"ND-PLACE-ND-SOURCE"},  # a cube moved from Notre Dame
    "villagers": {"VL-SETUP-ROAD", "VL-SETUP-STACKS"},  # a new game's: the run counts steps
}  # fmt: skip


@pytest.mark.parametrize("game", sorted(UNFIRED))
def test_every_rule_the_reference_can_report_is_fired_by_the_default_run(game: str) -> None:
    """ "Never reached" lists rules a run did not reach, not rules the reference never
    reports: Isle Traces' turn order (a rule constant only refusals cite), Gnomeville's
    phases (returned by its refusal's diagnosis), Notre Dame's play order (a table the
    refusal reads) were listed never reached after every game, and a line whose comment
    names one was passed over by the attribution as a rule the step could have reported."""
    from conformance.levels.rule_sites import observable_rules

    report = firing_report(registry.get_game(game), games=200, seed=0)
    assert observable_rules(game) - set(report.fired) == UNFIRED[game]
