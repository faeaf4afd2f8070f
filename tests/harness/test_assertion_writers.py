"""The audit of what scenarios check (``rulespec coverage --by-assertions``): the state
paths a scenario's ``Then`` steps check, the rules whose code the reference ran to write
them, and the checks no rule of the scenario had a hand in (a bug in the writer fails the
scenario and weighs on the scenario's rules: ``docs/blame.md``)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path
from types import SimpleNamespace
from typing import Any

from conformance.levels.assertion_writers import checked_paths, read, stray_checks
from tests.support.checkout import CHECKOUT as ROOT

#: Notre Dame's bank in its play phase (features/notre_dame/actions.feature's background)
BANK_FEATURE = '''Feature: The bank, checked under two tags

  Background:
    Given a new "notre_dame" game with 3 players and setup:
      """
      {{"setup": {{"messages": {{"0": [1, 2, 3, 4], "1": [1, 2, 3, 4], "2": [1, 2, 3, 4]}}}}}}
      """
    And the position:
      """
      phase = "play"
      current = 0
      display = ["A1", "doctor", "poet"]
      players.0.cards = ["bank", "cloister", "guesthouse", "hospital", "park", "residence"]
      """

  @{tag}
  Scenario: The first cube in the bank gives one coin
    When player 0 plays:
      """
      {{"type": "play", "card": "bank", "from": "hand"}}
      """
    Then "players.0.coins" is 4
    And the position has:
      """
      players.0.areas.bank = 1
      """
'''


def _step(kind: str, name: str, docstring: str | None = None) -> Any:
    return SimpleNamespace(type=kind, name=name, docstring=docstring)


def test_the_checked_paths_are_read_from_the_then_steps_only_each_once() -> None:
    scenario = SimpleNamespace(steps=[
        _step("given", "the position:", "players.0.coins = 3"),
        _step("then", "the position has:", "# a comment\nplayers.0.coins = 4\nround = 2\n"),
        _step("then", '"players.0.coins" is 4'),
        _step("then", '"phase" is "play"'),
        _step("then", "the legal actions include:", '{"type": "pass"}'),
    ])  # fmt: skip
    assert checked_paths(scenario) == ["players.0.coins", "round", "phase"]


def test_a_bad_block_is_left_to_the_step_that_checks_it() -> None:
    scenario = SimpleNamespace(steps=[_step("then", "the position has:", "no equals sign")])
    assert checked_paths(scenario) == []


def _entry(rules: list[str], checked: dict[str, tuple[list[str], list[str]]]) -> dict[str, Any]:
    return {"feature": "g/f.feature", "scenario": "s", "rules": rules,
            "checked": {path: {"writers": writers, "around": around}
                        for path, (writers, around) in checked.items()}}  # fmt: skip


def test_a_check_only_another_rule_had_a_hand_in_is_stray() -> None:
    entries = [_entry(["R-OWN"], {
        "a": (["R-OTHER"], ["R-OTHER", "R-FLOW"]),  # stray: no hand of R-OWN
        "b": (["R-HELPER"], ["R-HELPER", "R-OWN"]),  # R-OWN's code called the writer
        "c": (["R-OWN"], []),  # its own rule wrote it
        "d": ([], []),  # nothing wrote it: the scenario checks it was left alone
    })]  # fmt: skip
    found = stray_checks(entries)
    assert [(s.path, s.writers, s.rules) for s in found] == [("a", ("R-OTHER",), ("R-OWN",))]


def _record(tmp_path: Path, tag: str) -> list[dict[str, Any]]:
    folder = tmp_path / tag
    folder.mkdir()
    (folder / "bank.feature").write_text(BANK_FEATURE.format(tag=tag), "utf-8")
    where = tmp_path / f"{tag}.jsonl"
    run = subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "--rulespec-suite",
         "--rulespec-features", str(folder), "-k", "level_regressions",
         "--rulespec-assertion-writers", str(where)],
        cwd=tmp_path, capture_output=True, text=True, timeout=600,
    )  # fmt: skip
    assert run.returncode == 0, run.stdout[-3000:] + run.stderr[-3000:]
    return read(where)


def test_the_recorder_names_the_rule_the_reference_writes_a_checked_path_by(
    tmp_path: Path,
) -> None:
    """The same scenario under a rule that has no hand in the bank's coins, then under the
    rule whose code pays them: the first checks the coins outside its rule, the second
    does not; the cube placed in the bank is written by the rule that places cubes."""
    (stray,) = _record(tmp_path, "ND-SETUP-BOARD")
    assert set(stray["checked"]) == {"players.0.coins", "players.0.areas.bank"}
    coins = stray["checked"]["players.0.coins"]
    assert coins["writers"], coins
    found = stray_checks([stray])
    assert {s.path for s in found} == {"players.0.coins", "players.0.areas.bank"}
    (own,) = _record(tmp_path, coins["writers"][0])
    assert "players.0.coins" not in {s.path for s in stray_checks([own])}


def test_the_recorder_needs_the_reference_in_this_process(tmp_path: Path) -> None:
    run = subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "--rulespec-suite",
         "--rulespec-assertion-writers", str(tmp_path / "w.jsonl"),
         "--engine", f"{sys.executable} -m reference_impl.server"],
        cwd=tmp_path, capture_output=True, text=True, timeout=600,
    )  # fmt: skip
    assert run.returncode == 4, run.stdout[-2000:] + run.stderr[-2000:]
    assert "--rulespec-assertion-writers" in run.stdout + run.stderr
    written = tmp_path / "w.jsonl"
    assert not written.exists() or written.read_text("utf-8") == ""


def test_coverage_by_assertions_lists_a_games_checks_and_totals() -> None:
    run = subprocess.run(
        [sys.executable, "-c", "from conformance.cli import main; main()", "coverage",
         "--by-assertions", "-g", "villagers"],
        cwd=ROOT, capture_output=True, text=True, timeout=600,
    )  # fmt: skip
    assert run.returncode in (0, 1), run.stdout[-2000:] + run.stderr[-2000:]
    assert "villagers: scenarios " in run.stdout
    last = run.stdout.strip().splitlines()[-1]
    assert last.startswith("checked paths "), last
    assert (run.returncode == 1) == (not last.endswith(" 0")), last


#: the checks ``coverage --by-assertions`` lists on main, each reviewed (session 26) and
#: kept, by (feature, scenario, the rules writing the path): why each is right as it is
REVIEWED = {
    ("gnomeville/buy.feature", "Entering round 2 reveals no event",
     ("GV-DELIVERY-MULTI", "GV-PREPARE-REVEAL")):
        "the chance to come is the troll card, not an event: what the tracker entering a round "
        "with no event under it decides (a reveal at round 2 shows as an event chance first)",
    ("gnomeville/buy.feature", "A purchase needs a tile in the supply that the mushrooms pay "
     "for (the last market for the last mushroom)", ("GV-BUY-LIMIT",)):
        "the purchase's count is what a purchase that may be made spends",
    ("gnomeville/buy.feature", "A purchase needs a tile in the supply that the mushrooms pay "
     "for (no market left but a house is affordable)", ("GV-BUY-LIMIT",)):
        "the purchase's count is what a purchase that may be made spends",
    ("villagers/silver.feature", "Two Lumberjacks and the Log Rafter's two symbols make 4",
     ("VL-EVENT-BLACK-MARKET",)): "a silver card is valued through one shared code path",
    ("villagers/silver.feature", "Four food icons make 12", ("VL-EVENT-BLACK-MARKET",)):
        "a silver card is valued through one shared code path",
    ("villagers/silver.feature", "Two builder icons make 6", ("VL-EVENT-BLACK-MARKET",)):
        "a silver card is valued through one shared code path",
    ("villagers/silver.feature", "Priest, Chandler (two symbols) and Harvester make two "
     "pairs, 6", ("VL-EVENT-BLACK-MARKET",)):
        "a silver card is valued through one shared code path",
    ("villagers/draft.feature", "Under the road-draft reading a draft from a stack gives the "
     "Countess nothing", ("VL-DRAFT-COUNT",)): "the draft's count shows the draft was made",
    ("villagers/draft.feature", "Nothing refills an empty road place when stacks and reserve "
     "are gone", ("VL-DRAFT-COUNT",)): "the draft's count shows the draft was made",
    ("villagers/event.feature", "Rats revealed in the event phase waits for the next draft",
     ("VL-ROUND-ORDER",)): "the next draft is the next round's",
    ("villagers/event.feature", "A position loaded with an event reveal pending and the "
     "reserve empty reveals it", ("VL-EVENT-TIMING",)):
        "the rule is an absence (an empty reserve stops nothing): no write of its own",
    ("villagers/setup.feature", "The hand is dealt card by card from the reserve",
     ("VL-EVENT-REVEAL",)): "the deck the deal draws from is the point",
    ("villagers/setup.feature", "The first summer event is revealed and the draft begins",
     ("VL-EVENT-TIMING",)): "the shared activation line writes the rule's own point",
    ("isle_traces/placement.feature", "A card placed in play is partly covered by the next "
     "player's card", ("IT-TURN-ORDER",)): "the next player's turn is the scenario's point",
    ("isle_traces/explorers.feature", "Explorers stay where they are while the turn goes on",
     ("IT-TURN-ORDER",)): "the turn going on is the scenario's point",
    ("isle_traces/flip.feature", "Flipping is optional", ("IT-TURN-ORDER",)):
        "a turn that goes on without a flip is the scenario's point",
    ("isle_traces/components.feature", "A card turned a quarter covers its six cells in "
     "three rows of two", ("IT-PLACE-GRID",)):
        "the card's shape is worked out once, before any step, in cached geometry",
    ("isle_traces/setup.feature", "A card whose drawings close a side is drawn with its "
     "closed sides", ("IT-PLACE-DRAW",)): "the closed sides come through the export",
    ("isle_traces/setup.feature", "A draw naming every side open is the draw of a card "
     "without closed sides", ("IT-PLACE-DRAW",)): "the closed sides come through the export",
    ("isle_traces/turn.feature", "Skipping action 2 leads to action 3, skipping it ends the "
     "turn", ("IT-TURN-ORDER",)): "the turn's end is the scenario's point",
    ("isle_traces/end.feature", "With a card left the next player draws",
     ("IT-TURN-ORDER",)): "the next player is the scenario's point",
    ("neom/draft.feature", "Keeping one cornerstone passes the other three to the next "
     "player", ("NM-FLOW-TURNS",)): "who acts next is the draft's point",
    ("neom/draft.feature", "Three keeps from hands of 4 end the draft, each last cornerstone "
     "discarded", ("NM-FLOW-TURNS",)): "who acts next is the draft's point",
    ("neom/disaster.feature", "Selecting the fire ends the selector's turn",
     ("NM-FLOW-TURNS",)): "the turn's end is the scenario's point",
    ("neom/income.feature", "A cornerstone's income is paid with the tiles' income",
     ("NM-SELL", "NM-INCOME")):
        "the income counting the cornerstone is the rule's point (docs/blame.md)",
    ("neom/select.feature", "Actions wait until every player has selected",
     ("NM-FLOW-TURNS",)): "who may act is the selection rule's point",
    ("neom/select.feature", "Once a player has acted only the others are still to act this "
     "turn", ("NM-FLOW-TURNS",)): "who may act is the selection rule's point",
    ("neom/select.feature", "The second seat may select first", ("NM-FLOW-TURNS",)):
        "who may act is the selection rule's point",
    ("notre_dame/actions.feature", "An empty stock gives the cloister school nothing",
     ("ND-PLACE-CUBE",)): "no cube reaching the hand is the rule's point; nothing writes it",
    ("notre_dame/rats.feature", "Two equally crowded areas let the player choose",
     ("ND-ROUND-PHASES",)): "the phase waiting for the choice is the rule's point",
    ("notre_dame/rats.feature", "With the cubes-only reading the friend holds back no rat",
     ("ND-RATS-INCREASE",)): "the rule is a condition that comes out false under the reading",
    ("notre_dame/round.feature", "The end of round 9 ends the game", ("ND-ROUND-PHASES",)):
        "the end sets current to null again: phase 5 did first, so only a wrong value shows",
    ("notre_dame/setup.feature", "A player with many coins still earns from the bank",
     ("ND-BANK-PLUS",)): "the rule is an absence (no cap on coins): no write of its own",
}  # fmt: skip


def test_every_check_outside_its_scenarios_rules_was_reviewed(tmp_path: Path) -> None:
    """The audit on every game: a new check of a path only other rules write fails here
    (drop it, tag the scenario with the writer, or name the reference line's rule: see
    docs/blame.md), and so does a reviewed one that is gone (take it off the list)."""
    from conformance.cli.check import run_scenarios

    where = tmp_path / "writers.jsonl"
    run_scenarios(["gnomeville", "isle_traces", "neom", "notre_dame", "villagers"],
                  extra=["--rulespec-assertion-writers", str(where)])  # fmt: skip
    found = {(s.feature, s.scenario, s.writers) for s in stray_checks(read(where))}
    assert found - set(REVIEWED) == set(), "new checks of paths only other rules write"
    assert set(REVIEWED) - found == set(), "reviewed checks no longer listed"
