"""Bad YAML data gets an error that names the file and every place that is wrong."""

from __future__ import annotations

from pathlib import Path

import pytest

from conformance.specification.documents import read_checked_yaml
from rulespec.schema_check import SchemaCheck

SCHEMA = SchemaCheck(
    {"type": "object", "required": ["rules"],
     "properties": {"rules": {"type": "array", "items": {"type": "string"}}}}
)  # fmt: skip


def test_a_yaml_syntax_error_names_the_file(tmp_path: Path) -> None:
    path = tmp_path / "rules.yaml"
    path.write_text("rules: [a, b\n")
    with pytest.raises(ValueError, match=r"rules.yaml: not valid YAML"):
        read_checked_yaml(path, SCHEMA, ValueError)


def test_every_schema_problem_is_named_with_its_place(tmp_path: Path) -> None:
    path = tmp_path / "rules.yaml"
    path.write_text("rules: [a, 3, {x: 1}]\n")
    with pytest.raises(ValueError) as raised:
        read_checked_yaml(path, SCHEMA, ValueError)
    lines = str(raised.value).splitlines()
    assert [line.split(": at ")[1].split(":")[0] for line in lines] == ["rules/1", "rules/2"]


def test_yaml_is_loaded_safely(tmp_path: Path) -> None:
    path = tmp_path / "rules.yaml"
    path.write_text("rules: !!python/object/apply:os.system ['true']\n")
    with pytest.raises(ValueError, match="not valid YAML"):
        read_checked_yaml(path, SCHEMA, ValueError)
