"""Blame by reproduction in the component data: a one-value change of ``components.yaml``
that makes the reference do what the candidate did is evidence for the component's rule
(:mod:`conformance.levels.component_trials`)."""

from __future__ import annotations

from typing import Any

import pytest

from conformance.levels import component_trials
from conformance.levels.component_trials import DataMutant, data_mutants, perturbed, search
from conformance.levels.differential import Divergence
from conformance.levels.reproduction import Reproduced, reproduce

#: a component file's entries, as ``reference_impl.components`` parses them
ITEMS: dict[str, dict[str, Any]] = {
    "cards": {
        "id": "cards",
        "rule": "XX-COMP-CARDS",
        "data": {
            "Miller": {"suit": "grain", "food": 2, "lock": None},
            "Baker": {"suit": "grain", "food": 0, "lock": "Miller"},
            "Smith": {"suit": "ore", "food": 1, "silver": {"per": 2, "rule": "XX-SILVER-SMITH"}},
        },
    },
    "road": {"id": "road", "rule": "XX-SETUP-ROAD", "data": ["Miller", "Baker"]},
    "open": {"id": "open", "rule": "XX-NOT-IN-THE-CATALOGUE", "data": True},
}
KNOWN = {"XX-COMP-CARDS", "XX-SILVER-SMITH", "XX-SETUP-ROAD"}


def _changes(path: tuple[Any, ...], component: str = "cards") -> list[Any]:
    mutants = data_mutants(ITEMS, KNOWN)
    return [m.after for m in mutants if (m.component, m.path) == (component, path)]


def test_a_count_is_read_one_off_either_way_or_as_none_never_below_zero() -> None:
    assert _changes(("Miller", "food")) == [3, 1, 0]
    assert _changes(("Smith", "food")) == [2, 0]
    assert _changes(("Baker", "food")) == [1]


def test_a_text_becomes_another_text_of_the_same_field_and_a_flag_the_other() -> None:
    assert _changes(("Miller", "suit")) == ["ore"]
    assert _changes(("Smith", "suit")) == ["grain"]
    assert _changes((), "open") == [False]


def test_a_text_is_read_as_empty_and_an_empty_value_as_a_text_where_the_field_is_both() -> None:
    """Held-out-15's `fisher-no-padlock`: the Fisher read without its padlock, as the
    cards beside it have none; and the other way, a padlock read on a card that has none."""
    assert _changes(("Baker", "lock")) == [None]  # the Miller's lock is empty
    assert _changes(("Miller", "lock")) == ["Miller"]  # the Baker's is the Miller
    items = {"cards": {"id": "cards", "rule": "XX-COMP-CARDS",
                       "data": {"A": {"food": None}, "B": {"food": 1}}}}  # fmt: skip
    assert [m.after for m in data_mutants(items, KNOWN) if m.path == ("A", "food")] == []


def test_a_short_list_loses_each_item_in_turn_and_is_read_backwards() -> None:
    assert _changes((), "road") == [["Baker"], ["Miller"], ["Baker", "Miller"]]
    assert _changes((0,), "road") == ["Baker"]


def test_a_change_is_evidence_for_the_entrys_own_rule_then_the_components() -> None:
    mutants = {(m.component, m.path): m for m in data_mutants(ITEMS, KNOWN)}
    assert mutants[("cards", ("Smith", "silver", "per"))].rules == (
        "XX-SILVER-SMITH",
        "XX-COMP-CARDS",
    )
    assert mutants[("cards", ("Miller", "food"))].rules == ("XX-COMP-CARDS",)
    assert mutants[("open", ())].rules == ()  # a rule the catalogue lacks is not claimed
    assert not any(m.path[-1:] == ("rule",) for m in mutants.values())  # names stay


def test_a_change_reads_as_where_it_is_in_the_file() -> None:
    file = component_trials.shown_file("toy", "/site-packages/spec/toy/components.yaml")
    change = DataMutant("cards", ("Miller", "food"), 2, 1, ("XX-COMP-CARDS",)).change(file)
    assert change == "`2` changed to `1` at spec/toy/components.yaml cards › Miller › food"
    # a game a package registers keeps its spec folder in the package
    own = "/venv/site-packages/rulespec_pig/spec/components.yaml"
    assert component_trials.shown_file("pig", own) == own


def test_a_groups_perturbation_changes_every_value_but_the_rule_names() -> None:
    fields = component_trials.group_fields(ITEMS, "cards")
    whole = perturbed(ITEMS["cards"]["data"], fields)
    assert whole["Miller"] == {"suit": "ore", "food": 3, "lock": "Miller"}
    assert whole["Baker"]["lock"] is None  # the field's other value: empty
    assert whole["Smith"]["silver"] == {"per": 3, "rule": "XX-SILVER-SMITH"}


def test_the_search_looks_inside_only_the_groups_the_step_reads(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A step that reads Miller's food alone: the search finds the change of it that does
    what the candidate did, and tries nothing inside the groups the step does not read."""
    tried: list[Any] = []

    def fake_try(package: str, game: str, edit: Any, step: Any) -> tuple[bool, Any]:
        import copy

        items = copy.deepcopy(ITEMS)
        edit(items)
        tried.append(items)
        return True, items["cards"]["data"]["Miller"]["food"]

    monkeypatch.setattr(component_trials, "try_change", fake_try)
    trials = search("toy", "toy", ITEMS, KNOWN, lambda d: d,
                    lambda food: "exact" if food == 1 else None, 2, float("inf"),
                    lambda: 0.0)  # fmt: skip
    assert [(m.path, m.after, how) for m, how in trials.found] == [(("Miller", "food"), 1, "exact")]
    assert trials.complete
    # 3 components, 3 cards, Miller's 3 fields, then Miller's food's 3 changes
    assert trials.tried == len(tried) == 3 + 3 + 3 + 3


def test_a_change_that_breaks_the_import_or_the_step_is_not_claimed(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(component_trials, "try_change", lambda *args: (False, None))
    trials = search("toy", "toy", ITEMS, KNOWN, lambda d: d, lambda _: "exact", 2,
                    float("inf"), lambda: 0.0)  # fmt: skip
    assert trials.found == [] and trials.complete and trials.tried > 0


def test_out_of_time_the_search_says_so() -> None:
    trials = search("toy", "toy", ITEMS, KNOWN, lambda d: d, lambda _: "exact", 2, 0.0,
                    lambda: 1.0)  # fmt: skip
    assert not trials.complete and trials.found == [] and trials.tried == 0


def test_the_evidence_names_the_data_change_when_no_code_mutant_did_as_well() -> None:
    change = "`3` changed to `4` at spec/notre_dame/components.yaml start-coins › (the whole value)"
    data = Reproduced("ND-SETUP-RESOURCES", 0, 0, "", step=0, data_exact=1, data_example=change)
    assert data.evidence() == (
        f"a reference whose component data has {change} does exactly what the candidate did "
        "at step 0"
    )
    both = Reproduced("ND-SETUP-RESOURCES", 2, 0, "`a` changed to `b` at x.py:1", step=0,
                      data_exact=1, data_example=change)  # fmt: skip
    assert both.evidence().startswith("a reference with `a` changed to `b`")


@pytest.mark.slow
def test_a_candidate_that_deals_four_coins_is_reproduced_in_the_start_coins() -> None:
    """Every Notre Dame player starts with 3 coins (ND-SETUP-RESOURCES, the ``start-coins``
    component, notre-dame-10th.ja.txt:111); a candidate that deals 4 is what the reference
    does with that component's 3 read as 4."""
    observed = [(f"players.{seat}.coins", 4) for seat in range(3)]
    divergence = Divergence("notre_dame", 3, {}, [], "start", "", first=observed[0][0],
                            observed=observed)  # fmt: skip
    found = reproduce(divergence, seconds=20).by_rule()
    assert "ND-SETUP-RESOURCES" in found, found
    setup = found["ND-SETUP-RESOURCES"]
    assert setup.data_exact >= 1
    assert "start-coins" in setup.data_example and "`3` changed to `4`" in setup.data_example


def test_a_text_becomes_first_what_the_candidate_shows_where_the_reference_differs() -> None:
    """Held-out-13's `road-hunter-for-harvester`: the candidate puts a Hunter on the road
    where the component names a Harvester, a text the road's list does not hold."""
    hinted = component_trials.hints([{"card": "Hunter", "n": 2}, "Hunter", ["Baker"]])
    assert hinted == ("Hunter", "Baker")
    changes = [m.after for m in data_mutants(ITEMS, KNOWN, ("road", (0,)), hinted)]
    assert changes == ["Hunter", "Baker"]  # Baker is also the field's other text


#: the child of :mod:`conformance.levels.reproduction` with mutmut and libcst made
#: unimportable, as in a wheel installed without the ``mutate`` extra
_WITHOUT_MUTATE = (
    "import sys; sys.modules['mutmut'] = None; sys.modules['libcst'] = None; "
    "from conformance.levels.reproduction import main; sys.exit(main())"
)


def test_without_the_mutate_extra_the_data_is_still_tried() -> None:
    """The data trials need no mutation tools: a user without ``rulespec[mutate]`` gets
    them, and is told why the code's were not tried."""
    import json
    import subprocess
    import sys
    from pathlib import Path

    from conformance.levels.reproduction import request_for

    observed = [(f"players.{seat}.coins", 4) for seat in range(3)]
    divergence = Divergence("notre_dame", 3, {}, [], "start", "", first=observed[0][0],
                            observed=observed)  # fmt: skip
    request, why_not = request_for(divergence, 20)
    assert request is not None, why_not
    done = subprocess.run([sys.executable, "-P", "-c", _WITHOUT_MUTATE], input=json.dumps(request),
                          capture_output=True, text=True, timeout=120, check=True,
                          cwd=Path(__file__).resolve().parents[2])  # fmt: skip
    answer = json.loads(done.stdout)
    assert answer["tried"] == 0 and "pip install 'rulespec[mutate]'" in answer["problem"]
    assert answer["data_tried"] > 0
    rules = {row["rule"]: row for row in answer["rules"]}
    assert rules["ND-SETUP-RESOURCES"]["data_exact"] >= 1, answer
