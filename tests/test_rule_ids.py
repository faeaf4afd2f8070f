"""``catalogue.rule_ids``: the rule ids ``rulespec check`` needs, read from a catalogue's text
without YAML; always the ids ``catalogue.load`` gives, or ``load`` itself."""

from __future__ import annotations

import subprocess
import sys

import pytest
import yaml

from conformance.specification import catalogue
from rulespec import games

LAYOUT = """\
game: toy
title: Toy
prefix: TY
sources:
- toy.txt
rules:
- id: TY-A
  area: setup
  text: 'An id: TY-Z in a text is not an id'
- id: TY-B-2
  area: play
  text: >-
    - id: TY-Y folded into a text is not one either
"""


@pytest.mark.parametrize("game", catalogue.games_with_catalogue())
def test_the_index_of_every_catalogue_is_its_loaded_ids(game: str) -> None:
    catalogue.rule_ids.cache_clear()
    loaded = tuple(rule.id for rule in catalogue.load(game, scenarios=False).rules)
    assert catalogue._indexed_ids((games.spec_dir(game) / "rules.yaml").read_text("utf-8"))
    assert catalogue.rule_ids(game) == loaded


def test_the_plain_layout_is_read_from_the_text_as_yaml_reads_it() -> None:
    ids = tuple(rule["id"] for rule in yaml.safe_load(LAYOUT)["rules"])
    assert ids == ("TY-A", "TY-B-2")
    assert catalogue._indexed_ids(LAYOUT) == ids
    after = LAYOUT + "notes: later\n"
    assert catalogue._indexed_ids(after) == ids


@pytest.mark.parametrize(
    "changed",
    [
        LAYOUT.replace("- id: TY-A", "- id: 'TY-A'"),  # quoted
        LAYOUT.replace("- id: TY-A", "- id: !!str TY-A"),  # tagged
        LAYOUT.replace("  area: setup", "  id: TY-Q\n  area: setup"),  # given twice
        LAYOUT.replace("- id: TY-B-2\n  area: play", "- area: play\n  id: TY-B-2"),  # not first
        LAYOUT.replace("\n- id:", "\n  - id:"),  # indented items
        LAYOUT + "---\ngame: other\n",  # another document
        LAYOUT + "extra:\n- id: TY-X\n",  # items after the next key
        LAYOUT.replace("rules:\n", "rules: # the rules\n"),
        LAYOUT.replace("rules:\n", "rules:\n- TY-C\n"),  # an item without an id
        "rules: [{id: TY-A}]\n",  # flow style
    ],
)
def test_any_other_layout_is_left_to_the_full_load(changed: str) -> None:
    assert catalogue._indexed_ids(changed) is None


def test_an_unknown_game_gets_the_error_of_load() -> None:
    with pytest.raises(catalogue.CatalogueError, match="no catalogue for game 'chess'"):
        catalogue.rule_ids("chess")


def test_reading_the_index_loads_neither_yaml_nor_a_schema_validator() -> None:
    probe = ("import sys\nfrom conformance.specification import catalogue\n"
             "assert catalogue.rule_ids('villagers')\n"
             "print(sorted(m for m in ('yaml', 'jsonschema_rs', 'jsonschema')"
             " if m in sys.modules))")  # fmt: skip
    done = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True,
                          timeout=60)  # fmt: skip
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "[]"
