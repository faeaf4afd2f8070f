"""Decision tables: z3 proves the guards of each decision point leave no gap and no
unprioritised overlap, and finds concrete values when they do."""

from __future__ import annotations

import pytest

from conformance.specification import catalogue
from conformance.specification.decisions import (
    DecisionError,
    check_decision,
    check_game,
    decision_tables,
)

GAMES = [g for g in catalogue.games_with_catalogue() if decision_tables(g)]


@pytest.mark.parametrize("game", GAMES)
def test_every_decision_point_has_exactly_one_rule(game: str) -> None:
    findings = check_game(game)
    assert findings == [], "\n".join(map(str, findings))


@pytest.mark.parametrize("game", GAMES)
def test_decision_tables_name_catalogue_rules(game: str) -> None:
    known = {rule.id for rule in catalogue.load(game).rules}
    named = {case["rule"] for table in decision_tables(game).values() for case in table["cases"]}
    assert named <= known, sorted(named - known)


def test_a_gap_and_an_overlap_are_found_with_concrete_values() -> None:
    table = {
        "variables": {"rats": [0, 20]},
        "cases": [
            {"rule": "ND-RATS-LIMIT", "when": "rats <= 9"},
            {"rule": "ND-PLAGUE", "when": "rats >= 11"},
            {"rule": "ND-PLAGUE-RESET", "when": "rats >= 15"},
        ],
    }
    findings = check_decision("rats", table, "test")
    gap = [f for f in findings if f.kind == "gap"]
    conflict = [f for f in findings if f.kind == "conflict"]
    assert [f.values for f in gap] == [{"rats": 10}]
    assert conflict[0].rules == ("ND-PLAGUE", "ND-PLAGUE-RESET")
    assert conflict[0].values["rats"] >= 15
    assert "no rule applies when rats=10" in str(gap[0])


def test_a_priority_resolves_an_overlap() -> None:
    table = {
        "variables": {"n": [0, 5]},
        "cases": [
            {"rule": "XX-A", "when": "n >= 0"},
            {"rule": "XX-B", "when": "n == 3", "priority": 1},
        ],
    }
    assert check_decision("prio", table, "test") == []


@pytest.mark.parametrize(
    ("guard", "message"),
    [("n >=", "cannot parse guard"), ("m == 1", "unknown variable 'm'"), ("n / 2 == 1", "unsup")],
)
def test_a_bad_guard_names_the_table_and_the_rule(guard: str, message: str) -> None:
    table = {"variables": {"n": [0, 5]}, "cases": [{"rule": "XX-A", "when": guard}]}
    with pytest.raises(DecisionError, match=message) as raised:
        check_decision("bad", table, "spec/x/decisions.yaml")
    assert "spec/x/decisions.yaml bad XX-A" in str(raised.value)
