"""``rulespec rules GAME --html FILE``: the rulebook page, opened in headless Chromium.

Skips only when no Chromium is installed (Debian: ``apt-get install -y chromium``).
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from conformance.specification import catalogue, rulebook_html
from conformance.specification.catalogue import Catalogue, Rule, Scenario
from tests.reports.conftest import rulespec
from tests.reports.test_html import Page, browse

GAME = "notre_dame"
HOSTILE = "<script>document.title='pwned'</script><img src=x onerror=\"document.title='pwned'\">"


def dump(page: Path, tmp_path: Path) -> Page:
    return Page(browse(page, tmp_path, "--dump-dom").stdout)


def sections(page: Page) -> dict[str, dict[str, str]]:
    return {a["data-rule"]: a for a in page.elements("section") if "data-rule" in a}


def test_the_rulebook_of_a_game_shows_every_rule_with_its_results(tmp_path: Path) -> None:
    loaded = catalogue.load(GAME)
    failing = loaded.scenarios_for("ND-RATS-FLOOR")[0]
    report = tmp_path / "report.jsonl"
    lines = [{"type": "header"}] + [
        {
            "type": "result", "game": GAME, "feature": s.feature, "scenario": s.name,
            "rules": list(s.rule_ids), "status": "failed" if s == failing else "passed",
        }
        for s in loaded.scenarios
    ]  # fmt: skip
    report.write_text("".join(json.dumps(line) + "\n" for line in lines), encoding="utf-8")
    html = tmp_path / "rules.html"
    done = rulespec("rules", GAME, "--html", html, "--report", report)
    assert done.returncode == 0, done.stderr
    page = dump(html, tmp_path)
    shown = sections(page)
    assert set(shown) == {r.id for r in loaded.rules}
    assert shown["ND-RATS-FLOOR"]["data-status"] == "failed"
    assert shown["ND-RATS-FLOOR"]["data-rule-status"] == "ambiguous"
    assert {a["data-status"] for r, a in shown.items() if r != "ND-RATS-FLOOR"} <= {"passed"}
    text = "".join(page.text)
    assert "rat_floor" in text and loaded.rule("ND-RATS-FLOOR").ruling["reading"] in text
    sourced = [r for r in loaded.rules if r.source]
    assert len([a for a in page.elements("div") if a.get("lang") == "ja"]) >= len(sourced)
    assert all(r.quote in text for r in sourced if r.quote)
    assert page.title.startswith(loaded.title)


def test_a_ruleset_shows_the_erratum_text(tmp_path: Path) -> None:
    from conformance.specification import errata

    chosen = errata.ruleset("gnomeville", ["example-troll-cap-4"])
    html = tmp_path / "gv.html"
    rulebook_html.write(html, catalogue.load("gnomeville"), errata=chosen)
    page = dump(html, tmp_path)
    text = "".join(page.text)
    assert "example-troll-cap-4" in text and '{"cap": 4}' in text
    assert "up to four trolls" not in text or "EXAMPLE" in text


def test_every_text_is_escaped(tmp_path: Path) -> None:
    rule = Rule(
        id="TY-HOSTILE", area="se<b>tup", kind="clause", status="ambiguous", text=HOSTILE,
        quote=HOSTILE, ruling={"reading": HOSTILE, "alternatives": [HOSTILE],
                               "option": {"name": "x", "default": HOSTILE, "values": [1, HOSTILE]}},
        params={"p": HOSTILE}, notes=HOSTILE,
    )  # fmt: skip
    scenario = Scenario(HOSTILE, "toy/a.feature", 3, ("TY-HOSTILE", "reading:x=" + HOSTILE))
    cat = Catalogue("toy", HOSTILE, "TY", ("toy.txt",), (rule,), (scenario,))
    html = tmp_path / "hostile.html"
    statuses = {f"toy/a.feature:{HOSTILE}": "failed"}
    rulebook_html.write(html, cat, statuses=statuses, origin=HOSTILE)
    page = dump(html, tmp_path)
    assert page.title == HOSTILE + ": rule reference"  # not replaced by a script
    assert [a for a in page.elements("img")] == []
    assert len([a for a in page.elements("script")]) == 1  # the page's own filter
    assert "".join(page.text).count("document.title='pwned'") >= 8
    assert sections(page)["TY-HOSTILE"]["data-status"] == "failed"


@pytest.mark.parametrize("game", catalogue.games_with_catalogue())
def test_every_game_renders(game: str) -> None:
    page = Page(rulebook_html.render(catalogue.load(game)))
    assert len(sections(page)) == len(catalogue.load(game).rules)
