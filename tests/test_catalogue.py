"""The catalogue checks itself: schema, unique ids, quotes, coverage, tags, scenario names,
and every scenario pins the rule of its Gherkin ``Rule:`` block."""

from __future__ import annotations

import pytest

from conformance.specification import catalogue
from conformance.specification.catalogue import Catalogue, Rule, Scenario

GAMES = catalogue.games_with_catalogue()


@pytest.mark.parametrize("game", GAMES)
def test_catalogue_is_consistent_with_its_features(game: str) -> None:
    problems = catalogue.self_check(catalogue.load(game), check_quotes=False)
    assert problems == [], "\n".join(problems)


@pytest.mark.parametrize("game", GAMES)
def test_every_quote_is_verbatim_at_its_cited_line(game: str) -> None:
    rulebooks = catalogue.game_rulebooks(game)
    if not rulebooks.is_dir():
        pytest.skip(f"rulebooks not present at {rulebooks} (set RULESPEC_RULEBOOKS)")
    loaded = catalogue.load(game)
    problems = [p for rule in loaded.rules if (p := catalogue.quote_problem(rule, game))]
    assert problems == [], "\n".join(problems)


def _rule(rule_id: str, **fields: object) -> Rule:
    base = {"area": "setup", "kind": "clause", "status": "explicit", "text": "t"}
    return Rule(id=rule_id, **{**base, **fields})  # type: ignore[arg-type]


def test_self_check_reports_every_problem_at_once() -> None:
    bad = Catalogue(
        game="toy",
        title="Toy",
        prefix="TY",
        sources=("toy.txt",),
        rules=(_rule("TY-A"), _rule("TY-A"), _rule("XX-B"), _rule("TY-C", source="other.txt:1")),
        scenarios=(
            Scenario("same", "toy/a.feature", 3, ("TY-A",)),
            Scenario("same", "toy/b.feature", 9, ("TY-ZZ",)),
            Scenario("untagged", "toy/b.feature", 12, ()),
            Scenario("vacuous", "toy/b.feature", 20, ("TY-A",), outcomes=0),
            Scenario("astray", "toy/b.feature", 30, ("TY-A",), block="TY-C"),
            Scenario("at home", "toy/b.feature", 40, ("TY-A", "TY-C"), block="TY-C"),
        ),
    )
    problems = "\n".join(catalogue.self_check(bad, check_quotes=False))
    assert "TY-A: duplicate rule id" in problems
    assert "XX-B: id does not start with TY-" in problems
    assert "TY-C: cites other.txt" in problems
    assert "XX-B: no scenario pins this rule" in problems
    assert "scenario name 'same' repeats toy/a.feature:3" in problems
    assert "tag @TY-ZZ is not a rule of toy" in problems
    assert "scenario 'untagged' pins no rule" in problems
    assert "toy/b.feature:20: scenario 'vacuous' has no Then step" in problems
    assert "b.feature:30: scenario 'astray' sits under Rule TY-C but does not pin it" in problems
    assert "'at home' sits under" not in problems


def test_quote_check_catches_a_wrong_quote(tmp_path, monkeypatch) -> None:
    (tmp_path / "toy.txt").write_text("第一行\n  銀行カードを使う  \n", encoding="utf-8")
    monkeypatch.setenv("RULESPEC_RULEBOOKS", str(tmp_path))
    good = _rule("TY-A", source="toy.txt:2", quote="銀行カード")
    span = _rule("TY-B", source="toy.txt:1-2", quote="第一行銀行")
    wrong = _rule("TY-C", source="toy.txt:1", quote="銀行カード")
    outside = _rule("TY-D", source="toy.txt:7", quote="x")
    assert catalogue.quote_problem(good) is None
    assert catalogue.quote_problem(span) is None
    assert "quote not found at toy.txt:1" in str(catalogue.quote_problem(wrong))
    assert "outside toy.txt" in str(catalogue.quote_problem(outside))


def test_loading_a_missing_game_names_the_known_ones() -> None:
    with pytest.raises(catalogue.CatalogueError, match="no catalogue for game 'chess'"):
        catalogue.load("chess")
