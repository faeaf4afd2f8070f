"""Board pictures where users look: the check report's failures, the HTML rulebook's worked
examples, ``rulings diff --html`` and ``rulespec show``; real command-line runs, pages
screenshotted in headless Chromium (skipped only when it is not installed)."""

from __future__ import annotations

import json
import re
import struct
import sys
import xml.etree.ElementTree as ET
import zlib
from pathlib import Path

import pytest

from conformance.specification import catalogue
from tests.reports.conftest import rulespec
from tests.reports.test_html import browse

LIAR = f"{sys.executable} -m tests.fauxengines.faux lie-state players.0.prestige"
SVG_BLOCK = re.compile(r"<svg\b.*?</svg>", re.S)


def svgs(html: str) -> list[ET.Element]:
    """Every inline SVG of a page, parsed (a malformed one fails the test)."""
    return [ET.fromstring(block) for block in SVG_BLOCK.findall(html)]


def png_pixels(path: Path) -> tuple[int, int, bytes]:
    """Width, height and the raw (filtered) scanlines of a PNG, without an imaging library."""
    data = path.read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    width, height = struct.unpack(">II", data[16:24])
    chunks, offset = [], 8
    while offset < len(data):
        (length,) = struct.unpack(">I", data[offset : offset + 4])
        kind = data[offset + 4 : offset + 8]
        if kind == b"IDAT":
            chunks.append(data[offset + 8 : offset + 8 + length])
        offset += 12 + length
    return width, height, zlib.decompress(b"".join(chunks))


def assert_drawn(page: Path, tmp_path: Path, size: str = "1280,1600") -> None:
    shot = tmp_path / f"{page.stem}.png"
    browse(page, tmp_path, f"--screenshot={shot}", f"--window-size={size}")
    width, height, raw = png_pixels(shot)
    assert (width, height) == tuple(int(n) for n in size.split(","))
    assert len(set(raw)) > 40, "the screenshot is (nearly) blank"


def test_a_failed_state_check_shows_expected_and_actual_boards(tmp_path: Path) -> None:
    jsonl, html = tmp_path / "run.jsonl", tmp_path / "run.html"
    process = rulespec("check", "--game", "notre_dame", "--rule", "ND-PLAGUE", "--engine", LIAR,
                       "--report", jsonl, "--html", html)
    assert process.returncode == 1, process.stdout[-2000:] + process.stderr[-2000:]
    failed = [json.loads(line) for line in jsonl.read_text().splitlines()]
    failed = [r for r in failed if r.get("type") == "result" and r["status"] == "failed"]
    assert failed and all("positions" in r for r in failed)
    positions = failed[0]["positions"]
    assert "players.0.prestige" in positions["differs"]
    # The expected position is the rulebook's value put into the engine's state.
    assert positions["expected"]["players"][0]["prestige"] + 1 == (
        positions["actual"]["players"][0]["prestige"]
    )
    text = html.read_text(encoding="utf-8")
    pictures = svgs(text)
    assert len(pictures) >= 2 * len(failed)
    assert "expected (the rulebook)" in text and "actual (the engine)" in text
    marked = [e for svg in pictures for e in svg.iter() if e.get("class") == "rs-diff"]
    assert {e.get("data-path") for e in marked} == {"players.0.prestige"}
    assert_drawn(html, tmp_path)


def test_the_rulebook_draws_every_worked_example(tmp_path: Path) -> None:
    page = tmp_path / "nd.html"
    process = rulespec("rules", "notre_dame", "--html", page)
    assert process.returncode == 0, process.stderr[-2000:]
    text = page.read_text(encoding="utf-8")
    loaded = catalogue.load("notre_dame")
    examples = [r for r in loaded.rules if r.kind == "example" and loaded.scenarios_for(r.id)]
    assert examples
    for rule in examples:
        section = text[text.index(f'id="{rule.id}"') :]
        section = section[: section.index("</section>")]
        assert svgs(section), f"{rule.id}: its worked example is not drawn"
    assert_drawn(page, tmp_path)


def test_rulings_diff_draws_the_witness_and_each_reading(tmp_path: Path) -> None:
    page = tmp_path / "ruling.html"
    process = rulespec("rulings", "diff", "neom", "allow_replace", "--html", page)
    assert process.returncode == 0, process.stderr[-2000:]
    text = page.read_text(encoding="utf-8")
    assert len(svgs(text)) >= 2
    assert "the witness position" in text and "under allow_replace = true" in text
    assert "Scenario Outline" in text
    assert_drawn(page, tmp_path, "1280,1000")


def test_show_draws_a_saved_state_and_refuses_bad_input_by_name(tmp_path: Path) -> None:
    from tests.render.test_render import position

    state = tmp_path / "state.json"
    state.write_text(json.dumps(position("gnomeville", 2, 5, 60)), encoding="utf-8")
    out = tmp_path / "board.svg"
    done = rulespec("show", "gnomeville", state, "-o", out, "--differs", "players.1.score")
    assert done.returncode == 0, done.stderr
    root = ET.fromstring(out.read_text(encoding="utf-8"))
    assert [e.get("data-path") for e in root.iter() if e.get("class") == "rs-diff"] == [
        "players.1.score"
    ]
    wrong = rulespec("show", "neom", state)
    assert wrong.returncode == 4 and "of game 'gnomeville', not 'neom'" in wrong.stderr
    garbage = tmp_path / "garbage.json"
    garbage.write_text("{not json", encoding="utf-8")
    bad = rulespec("show", "gnomeville", garbage)
    assert bad.returncode == 4 and "not JSON (line 1" in bad.stderr
    bare = tmp_path / "bare.json"
    bare.write_text('{"game": "gnomeville"}', encoding="utf-8")
    refused = rulespec("show", "gnomeville", bare, "-o", tmp_path / "bare.svg")
    assert refused.returncode == 4 and "not a gnomeville state" in refused.stderr
    assert 'is a required property' in refused.stderr
    assert not (tmp_path / "bare.svg").exists()
    anyway = rulespec("show", "gnomeville", bare, "-o", tmp_path / "bare.svg", "--anyway")
    assert anyway.returncode == 0, anyway.stderr
    missing = rulespec("show", "gnomeville", state, "--differs", "players.1.no_such_field")
    assert missing.returncode == 4
    assert "--differs players.1.no_such_field: not in the state" in missing.stderr


@pytest.mark.parametrize("action", ["[1]", "{oops"])
def test_show_refuses_an_action_that_is_not_a_json_object(tmp_path: Path, action: str) -> None:
    from tests.render.test_render import position

    state = tmp_path / "state.json"
    state.write_text(json.dumps(position("villagers", 1, 1, 5)), encoding="utf-8")
    done = rulespec("show", "villagers", state, "--action", action)
    assert done.returncode == 4 and "--action" in done.stderr


def test_a_divergence_shows_the_reference_and_the_candidate_boards(tmp_path: Path) -> None:
    jsonl, html = tmp_path / "run.jsonl", tmp_path / "run.html"
    process = rulespec("check", "--game", "notre_dame", "--level", "differential", "--engine",
                       LIAR, "--budget", "5", "--blame-seconds", "0",
                       "--emit-dir", tmp_path / "emitted",
                       "--report", jsonl, "--html", html)
    assert process.returncode == 1, process.stdout[-2000:] + process.stderr[-2000:]
    results = [json.loads(line) for line in jsonl.read_text().splitlines()]
    diverged = [r for r in results if r.get("type") == "result" and r["status"] == "failed"]
    assert diverged and all(r["positions"]["kind"] == "divergence" for r in diverged)
    positions = diverged[0]["positions"]
    assert positions["actual"]["players"][0]["prestige"] == (
        positions["expected"]["players"][0]["prestige"] + 1
    )
    text = html.read_text(encoding="utf-8")
    assert "expected (the reference)" in text and len(svgs(text)) >= 2 * len(diverged)
