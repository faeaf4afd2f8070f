"""The ambiguity register (issue 10): every ambiguous or unspecified rule names its readings,
every ruling option is an engine option with the catalogue's default, and its values are
accepted by ``new_game``; ``@reading:`` tags name such options."""

from __future__ import annotations

import pytest

from conformance import catalogue, rulings

GAMES = catalogue.games_with_catalogue()

#: Entries that do not name an alternative reading yet (ruling.alternatives missing): a
#: ratchet owned by the games' catalogues. A new entry here fails; so does one that is fixed
#: and still listed, so the list only shrinks.
WITHOUT_ALTERNATIVES = {
    "gnomeville": {
        "GV-ABILITY-ONCE", "GV-ATTACK-PERSPECTIVE", "GV-BOARD-LAYOUTS", "GV-BUY-COST",
        "GV-CHANCE", "GV-COMP-ABILITIES", "GV-COMP-DELIVERY", "GV-COMP-EVENTS",
        "GV-COMP-GOALS", "GV-COMP-TROLL-CARDS", "GV-EXHAUST-DISCARD", "GV-EXHAUST-REDEPLOY",
        "GV-HAMMER-SPACE", "GV-MOVE-PASS-THROUGH-EFFECT", "GV-ONE-PER-SPACE",
        "GV-SETUP-TOWN-DEAL", "GV-SOLO-EVENT-SCORING", "GV-TERM-EMPTY-TOKENS",
        "GV-TROLL-MOVE-ORDER", "GV-UPGRADE-NONE-LEFT", "GV-UPGRADE-TIMING", "GV-VAR-MASTER",
        "GV-VAR-TBT-ROUND",
    },
    "isle_traces": {
        "IT-EXPL-ONEPERCELL", "IT-EXPL-ONEPERTURN", "IT-FEATHER-MOVE", "IT-FLIP-FACE",
        "IT-PLACE-CENTRE", "IT-PLACE-GRID", "IT-PLACE-NONE", "IT-REEXP-TIMING",
        "IT-SCORE-CONNECT", "IT-SCORE-SYMBOLS", "IT-SETUP-CHIP", "IT-SETUP-SHUFFLE",
        "IT-TURN-ORDER", "IT-WIN-ANIMAL", "IT-WIN-SHARED", "IT-WIN-TIE2",
    },
    "neom": {"NM-COMP-BOARD"},
    "notre_dame": {"ND-DRAFT-HIDDEN", "ND-SETUP-PRESTIGE"},
    "villagers": {
        "VL-BUILD-BASIC-SUPPLY", "VL-CHAIN-ON", "VL-COMP-CARDS", "VL-COMP-COPIES",
        "VL-COMP-COUNTESS-MARKET", "VL-COMP-EVENTS", "VL-COMP-ROAD", "VL-DRAFT-EMPTY",
        "VL-EVENT-ABDUCTION", "VL-EVENT-ARSON", "VL-EVENT-BANQUET", "VL-EVENT-BLACK-MARKET",
        "VL-EVENT-BRIBES", "VL-EVENT-COUNTESS-BANK", "VL-EVENT-DARK-MOOD", "VL-EVENT-EMPTY",
        "VL-EVENT-GUILD", "VL-EVENT-LAND-CLAIM", "VL-EVENT-PAY-CAP", "VL-EVENT-RATS",
        "VL-EVENT-SERFDOM", "VL-EVENT-TEMP-EMPLOYMENT", "VL-EVENT-TRIBUTE", "VL-LOCK-AFFORD",
        "VL-MARKET-REVEAL", "VL-SILVER-AGENT", "VL-SILVER-FORMULA", "VL-SILVER-FREEMASON",
        "VL-SILVER-GROCER", "VL-SILVER-HORSE-TRADER", "VL-SILVER-LOCKSMITH",
        "VL-SILVER-LOG-RAFTER", "VL-SILVER-ORE-MULER", "VL-SILVER-PEDDLER",
        "VL-SILVER-PRIEST", "VL-SILVER-WOOD-CARVER",
    },
}  # fmt: skip


@pytest.mark.parametrize("game", GAMES)
def test_every_ruling_option_is_an_engine_option_with_its_values(game: str) -> None:
    assert rulings.register_problems(game) == []


@pytest.mark.parametrize("game", GAMES)
def test_every_ambiguous_rule_names_its_readings(game: str) -> None:
    missing = set(rulings.without_readings(game))
    known = WITHOUT_ALTERNATIVES.get(game, set())
    assert missing - known == set(), "new rulings without alternatives"
    assert known - missing == set(), "fixed: remove them from WITHOUT_ALTERNATIVES"


@pytest.mark.parametrize("game", GAMES)
def test_every_game_has_readings_to_run(game: str) -> None:
    """``--all-readings`` has at least one run per game, and says which it skips."""
    runs = rulings.reading_runs(game)
    assert runs, f"{game}: no ruling option with an alternative value"
    for name, value, counts in rulings.partial_readings(game):
        assert (name, value) not in runs and counts


def test_a_reading_tag_of_another_value_is_deselected(tmp_path) -> None:
    """Under rat_floor=false, the scenarios tagged @reading:rat_floor=true are not run."""
    from conformance.check import run_scenarios

    tagged = [
        s.name for s in catalogue.load("notre_dame").scenarios if "reading:rat_floor=true" in s.tags
    ]
    assert tagged
    run = run_scenarios(["notre_dame"], options={"notre_dame": {"rat_floor": False}})
    names = {r["scenario"] for g in run.games for r in g.results}
    assert run.exit_code == 0
    assert not names & set(tagged)
    assert "reading:rat_floor=false" in {
        t for s in catalogue.load("notre_dame").scenarios for t in s.tags if s.name in names
    }


def test_check_all_readings_passes_for_a_game() -> None:
    """``rulespec check --all-readings``: the defaults, then one run per other reading."""
    from tests.reports.conftest import rulespec

    done = rulespec("check", "--game", "notre_dame", "--all-readings")
    assert done.returncode == 0, done.stdout[-3000:]
    for name, value in rulings.reading_runs("notre_dame"):
        assert f"notre_dame {name}={value!s}".lower() in done.stdout.lower()
    assert "every scenario passes under every reading" in done.stdout


@pytest.mark.slow
def test_check_all_readings_passes_for_every_game() -> None:
    from tests.reports.conftest import rulespec

    done = rulespec("check", "--all-readings", timeout=1800)
    assert done.returncode == 0, done.stdout[-5000:]
