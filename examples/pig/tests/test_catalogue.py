"""The catalogue checks itself: every rule's quote is verbatim at its rulebook line, every
rule is pinned by a scenario, every tag names a rule, scenario names are unique, and the
data files follow rulespec's schemas."""

from __future__ import annotations

import json
import re
from importlib.resources import files

import yaml
from jsonschema import Draft202012Validator
from rulespec.resources import SPEC_DIR

PACKAGE = files("rulespec_pig")
RULES = yaml.safe_load((PACKAGE / "spec" / "rules.yaml").read_text(encoding="utf-8"))
FEATURES = sorted(
    (p.name, p.read_text(encoding="utf-8"))
    for p in (PACKAGE / "features").iterdir()
    if p.name.endswith(".feature")
)
TAG = re.compile(r"@([A-Z]{2,4}(?:-[A-Z0-9]+)+)\b")


def _schema(name: str) -> Draft202012Validator:
    return Draft202012Validator(json.loads((SPEC_DIR / name).read_text(encoding="utf-8")))


def test_the_catalogue_and_components_follow_rulespecs_schemas() -> None:
    assert not [e.message for e in _schema("rules.schema.json").iter_errors(RULES)]
    components = yaml.safe_load((PACKAGE / "spec" / "components.yaml").read_text("utf-8"))
    assert not [e.message for e in _schema("components.schema.json").iter_errors(components)]


def test_rule_ids_are_unique_and_prefixed() -> None:
    ids = [rule["id"] for rule in RULES["rules"]]
    assert len(ids) == len(set(ids))
    assert all(rule_id.startswith("PIG-") for rule_id in ids)


def test_every_quote_is_verbatim_at_its_line() -> None:
    rulebook = (PACKAGE / "rulebooks" / "rulebook.en.txt").read_text(encoding="utf-8")
    lines = rulebook.splitlines()
    wrong = []
    for rule in RULES["rules"]:
        name, line = rule["source"].split(":")
        assert name == "rulebook.en.txt"
        if rule["quote"] not in lines[int(line) - 1]:
            wrong.append(rule["id"])
    assert wrong == []


def test_every_rule_is_pinned_and_every_tag_is_a_rule() -> None:
    ids = {rule["id"] for rule in RULES["rules"]}
    tags = {tag for _, text in FEATURES for tag in TAG.findall(text)}
    assert sorted(ids - tags) == []
    assert sorted(tags - ids) == []


def test_scenario_names_are_unique() -> None:
    names = [
        line.strip().removeprefix("Scenario:").strip()
        for _, text in FEATURES
        for line in text.splitlines()
        if line.strip().startswith("Scenario:")
    ]
    assert len(names) == len(set(names)) and len(names) >= len(RULES["rules"])


def test_every_option_of_the_engine_is_a_catalogue_ruling() -> None:
    from rulespec_pig.engine import GAME

    rulings = {
        rule["ruling"]["option"]["name"]: rule["ruling"]["option"]["default"]
        for rule in RULES["rules"]
        if "option" in rule.get("ruling", {})
    }
    assert rulings == GAME.default_options
