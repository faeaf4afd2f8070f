"""``rulespec check --html``: the self-contained page, opened in headless Chromium.

The browser tests skip only when no Chromium is installed (``.ci/run`` installs it).
"""

from __future__ import annotations

import shutil
import subprocess
from html.parser import HTMLParser
from pathlib import Path

import pytest

from conformance.specification import catalogue
from tests.reports.conftest import GAME, Run
from tests.reports.hostile_engine import NAME, PAYLOAD

FLAGS = [
    "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
]  # fmt: skip


class Page(HTMLParser):
    """The elements and text of a page, as the tests need them."""

    def __init__(self, text: str) -> None:
        super().__init__(convert_charrefs=True)
        self.tags: list[tuple[str, dict[str, str]]] = []
        self.text: list[str] = []
        self.title = ""
        self._in_title = False
        self.feed(text)

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.tags.append((tag, {name: value or "" for name, value in attrs}))
        self._in_title = tag == "title"

    def handle_endtag(self, tag: str) -> None:
        self._in_title = False

    def handle_data(self, data: str) -> None:
        self.text.append(data)
        if self._in_title:
            self.title += data

    def rule_rows(self) -> dict[str, str]:
        """rule id -> status of every row of the compliance matrix."""
        return {
            attrs["data-rule"]: attrs["data-status"]
            for tag, attrs in self.tags
            if tag == "tr" and "rule" in attrs.get("class", "").split()
        }

    def elements(self, name: str) -> list[dict[str, str]]:
        return [attrs for tag, attrs in self.tags if tag == name]


def chromium() -> str:
    for name in ("chromium", "chromium-browser", "google-chrome"):
        found = shutil.which(name)
        if found:
            return found
    pytest.skip("headless Chromium is not installed (Debian: apt-get install chromium)")


def browse(page: Path, tmp_path: Path, *args: str) -> subprocess.CompletedProcess[str]:
    command = [chromium(), *FLAGS, f"--user-data-dir={tmp_path / 'profile'}", *args]
    result = subprocess.run(
        [*command, page.as_uri()], capture_output=True, text=True, timeout=180, cwd=tmp_path
    )
    assert result.returncode == 0, result.stderr[-2000:]
    return result


def expected_rows(run: Run) -> dict[str, str]:
    """The status every catalogue rule should show, from the JSON-lines results."""
    rows = {}
    for rule in catalogue.load(GAME).rules:
        mine = [r["status"] for r in run.results if rule.id in r["rules"]]
        rows[rule.id] = (
            "failed" if "failed" in mine else "passed" if "passed" in mine else "not run"
        )
    return rows


def test_chromium_renders_the_rule_matrix(failing_run: Run, tmp_path: Path) -> None:
    dom = Page(browse(failing_run.html, tmp_path, "--dump-dom").stdout)
    rows = dom.rule_rows()
    assert rows == expected_rows(failing_run)
    assert "failed" in rows.values() and "passed" in rows.values()
    (matrix,) = [t for t in dom.elements("table") if "matrix" in t.get("class", "")]
    assert matrix["data-game"] == GAME
    assert dom.title.startswith("rulespec check: rulespec-reference")


def test_chromium_takes_a_screenshot_of_the_report(failing_run: Run, tmp_path: Path) -> None:
    shot = tmp_path / "report.png"
    browse(failing_run.html, tmp_path, f"--screenshot={shot}", "--window-size=1280,1600")
    data = shot.read_bytes()
    assert data.startswith(b"\x89PNG\r\n\x1a\n")
    assert len(data) > 20_000, "a blank page compresses to a few kilobytes"


def test_everything_from_the_engine_is_escaped(hostile_run: Run, tmp_path: Path) -> None:
    raw = hostile_run.html.read_text(encoding="utf-8")
    assert "<script" not in raw and "<img" not in raw and "<i>" not in raw
    assert "&lt;script&gt;" in raw
    messages = [r["message"] for r in hostile_run.results if r["status"] != "passed"]
    assert any(PAYLOAD in message for message in messages), "the engine's message was lost"
    dom = Page(browse(hostile_run.html, tmp_path, "--dump-dom").stdout)
    assert not dom.elements("script") and not dom.elements("img") and not dom.elements("i")
    assert dom.title == f"rulespec check: {NAME} 0.1.0"
    text = "".join(dom.text)
    assert PAYLOAD in text and NAME in text
    assert dom.rule_rows(), "the hostile text broke the page before the matrix"


def test_the_page_is_self_contained(failing_run: Run) -> None:
    page = Page(failing_run.html.read_text(encoding="utf-8"))
    assert not page.elements("link") and not page.elements("script")
    assert not [attrs for _, attrs in page.tags if "src" in attrs]
    assert page.elements("style")


def test_the_matrix_marks_rulings_and_provisional_readings(failing_run: Run) -> None:
    raw = failing_run.html.read_text(encoding="utf-8")
    rules = catalogue.load(GAME).rules
    if any((rule.ruling or {}).get("provenance") == "provisional" for rule in rules):
        assert "provisional ruling" in raw
    ruled = next(rule for rule in rules if rule.ruling)
    row = raw.split(f'data-rule="{ruled.id}"', 1)[1].split("</tr>", 1)[0]
    assert "ruling" in row


def test_each_failure_is_shown_with_its_trace(failing_run: Run) -> None:
    page = Page(failing_run.html.read_text(encoding="utf-8"))
    failures = [d for d in page.elements("details") if "failure" in d.get("class", "")]
    assert len(failures) == sum(r["status"] == "failed" for r in failing_run.results)
    assert "accepted an action the rulebook forbids" in "".join(page.text)
    anchors = {d["id"] for d in failures}
    links = {a["href"].removeprefix("#") for a in page.elements("a") if "failure-" in a["href"]}
    assert links and links <= anchors, "a failing rule links to its first failure"


def test_the_page_leads_with_the_failures_and_names_a_cjk_font(failing_run: Run) -> None:
    """Failures first, each open; the rule matrix after them, folded while something failed;
    a CJK-capable font named for the rulebook's Japanese quotes."""
    raw = failing_run.html.read_text(encoding="utf-8")
    assert raw.index('<details class="failure') < raw.index('<table class="matrix"')
    assert '<details class="rules"><summary class="summary">Rules ' in raw
    assert '"Noto Sans CJK JP"' in raw and "Hiragino Sans" in raw


def test_a_board_picture_is_never_drawn_below_its_own_size() -> None:
    from conformance.render.pages import figure

    drawn = figure('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 500 300"></svg>', "x")
    assert '<svg style="min-width: 650px" xmlns=' in drawn
