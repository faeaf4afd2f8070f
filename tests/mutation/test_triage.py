"""Triage entries name one mutant each (module, function, text, occurrence); conditions that
only decide what ``fired`` reports are not mutated, and are counted."""

from __future__ import annotations

from pathlib import Path

import pytest

from conformance.mutation import generate, report, triage

SOURCE = '''\
def payout(st, n):
    limit = 3
    if n > limit:
        st.fired.append("ND-BONUS")
    elif n == 0:
        st.fired.append("ND-NONE")
    if n > 5:
        st.fired.append("ND-BIG")
        st.points += 1
    return n + 1


class Bank:
    def pay(self, n):
        limit = 3
        if n > limit:
            limit = 3
        return limit
'''


@pytest.fixture(scope="module")
def mutants() -> list[generate.Mutant]:
    rules = generate.RuleIndex(SOURCE, set())
    return generate._module_mutants("toy", "bank.py", SOURCE, rules, generate.DEFAULT_OPERATORS)


def entry(**fields: object) -> dict:
    return {"module": "bank.py", "before": "limit = 3", "after": "limit = 4",
            "reason": "a reviewed reason for this one mutant", **fields}  # fmt: skip


def test_each_mutant_names_its_function_and_occurrence(mutants: list[generate.Mutant]) -> None:
    limits = [m for m in mutants if m.before == "limit = 3" and m.after == "limit = 4"]
    assert [(m.function, m.occurrence, m.line) for m in limits] == [
        ("payout", 1, 2), ("Bank.pay", 1, 15), ("Bank.pay", 2, 17),
    ]  # fmt: skip


def test_an_entry_that_matches_several_mutants_is_an_error_naming_the_candidates(
    mutants: list[generate.Mutant],
) -> None:
    with pytest.raises(triage.TriageError) as raised:
        triage.Triage("toy", [entry()]).bind(mutants)
    message = str(raised.value)
    assert "equivalent[0] bank.py: 'limit = 3' -> 'limit = 4'" in message
    for candidate in ("bank.py:2 function: 'payout', occurrence: 1",
                      "bank.py:15 function: 'Bank.pay', occurrence: 1",
                      "bank.py:17 function: 'Bank.pay', occurrence: 2"):  # fmt: skip
        assert candidate in message
    with pytest.raises(triage.TriageError, match=r"Bank\.pay"):  # the function alone: two
        triage.Triage("toy", [entry(function="Bank.pay")]).bind(mutants)


def test_an_entry_covers_only_the_mutant_it_names(mutants: list[generate.Mutant]) -> None:
    named = triage.Triage("toy", [entry(function="Bank.pay", occurrence=2)]).bind(mutants)
    covered = [(m.function, m.line) for m in mutants if named.reason(m)]
    assert covered == [("Bank.pay", 17)]
    legacy = triage.Triage("toy", [entry(function="payout")]).bind(mutants)
    assert [m.line for m in mutants if legacy.reason(m)] == [2]
    unique = {"module": "bank.py", "before": "return n + 1", "after": "return n + 2",
              "reason": "an entry of the first format, unique in its module"}  # fmt: skip
    old_style = triage.Triage("toy", [unique]).bind(mutants)
    assert [m.line for m in mutants if old_style.reason(m)] == [10]


def test_a_condition_that_only_decides_fired_is_not_mutated_but_counted(
    mutants: list[generate.Mutant],
) -> None:
    run = [m for m in mutants if m.scope != "instrumentation"]
    skipped = [m for m in mutants if m.scope == "instrumentation"]
    assert {m.before for m in skipped} == {"if n > limit:", "elif n == 0:"}
    assert not any(m.line in (3, 5) for m in run)
    assert any(m.before == "if n > 5:" for m in run)  # it also adds a point: behaviour
    assert any(m.before == "if n > limit:" and m.line == 16 for m in run)  # not fired at all
    summary = report.Summary("toy", [], {"instrumentation": len(skipped)})
    assert summary.totals()["skipped_instrumentation"] == len(skipped)
    assert f"skipped at generation: {len(skipped)} instrumentation" in report.table(summary)[1]


def test_an_entry_naming_an_instrumentation_mutant_is_not_stale(
    mutants: list[generate.Mutant],
) -> None:
    gone = {"module": "bank.py", "before": "elif n == 0:", "after": "elif n != 0:",
            "reason": "only decides whether ND-NONE is reported fired"}  # fmt: skip
    run = [m for m in mutants if m.scope != "instrumentation"]
    skipped = [m for m in mutants if m.scope == "instrumentation"]
    resolution = triage.Triage("toy", [gone, entry(function="nowhere")]).resolve(run, skipped)
    assert resolution.skipped == [0] and resolution.stale() == [1]


def test_a_real_game_counts_its_instrumentation_mutants(shared_cache: Path) -> None:
    gnomeville = generate.generate("gnomeville", modules=["build.py", "enemies.py"],
                                   cache=shared_cache)  # fmt: skip
    assert gnomeville.skipped["instrumentation"] == len(gnomeville.instrumentation) > 0
    assert all(m.before.startswith(("if ", "elif ")) for m in gnomeville.instrumentation)
    assert not {m.key for m in gnomeville.instrumentation} & {m.key for m in gnomeville.mutants}


def test_an_entry_matching_a_run_mutant_and_an_instrumentation_one_is_ambiguous(
    mutants: list[generate.Mutant],
) -> None:
    """``if n > limit:`` at line 3 only decides a fired rule (not run), at line 16 it is
    behaviour: an entry without ``function`` cannot say which one was reviewed."""
    both = {"module": "bank.py", "before": "if n > limit:", "after": "if n >= limit:",
            "reason": "written for the fired-only condition"}  # fmt: skip
    named = {**both, "function": "Bank.pay"}
    run = [m for m in mutants if m.scope != "instrumentation"]
    skipped = [m for m in mutants if m.scope == "instrumentation"]
    resolution = triage.Triage("toy", [both, named]).resolve(run, skipped)
    assert sorted(m.line for m in resolution.ambiguous()[0]) == [3, 16]
    assert 1 not in resolution.ambiguous() and not resolution.stale()


def test_two_entries_naming_the_same_mutant_are_found(mutants: list[generate.Mutant]) -> None:
    one = entry(function="payout")
    again = {**one, "reason": "the same mutant, reviewed a second time"}
    other = entry(function="Bank.pay", occurrence=1)
    resolution = triage.Triage("toy", [one, other, again]).resolve(mutants)
    assert resolution.named_twice() == [[0, 2]]


def test_an_entry_still_names_its_mutant_once_a_comment_names_a_rule_on_its_line(
    mutants: list[generate.Mutant],
) -> None:
    commented = {"module": "bank.py", "before": "return n + 1  # XX-PAYOUT: one more",
                 "after": "return n + 2  # XX-PAYOUT: one more",
                 "reason": "written before the line's comment changed"}  # fmt: skip
    bound = triage.Triage("toy", [commented]).bind(mutants)
    assert [m.line for m in mutants if bound.reason(m)] == [10]
    assert triage.code_of('s = "a # b"  # XX-RULE') == 's = "a # b"'
    assert triage.code_of("t = '#'\nu = 1  # XX-RULE") == "t = '#'\nu = 1"
