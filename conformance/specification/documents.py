"""Reading the project's YAML data files safely, with every schema problem named."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import yaml

from rulespec.schema_check import SchemaCheck
from rulespec.yaml_safe import safe_load


def read_checked_yaml(path: Path, schema: SchemaCheck, error: type[Exception]) -> Any:
    """``yaml.safe_load`` of ``path``, then every schema violation at once, as ``error``.

    Each problem line names the file and the place in the document (``at rules/3/quote``).
    """
    try:
        document = safe_load(path.read_text(encoding="utf-8"))
    except yaml.YAMLError as problem:
        raise error(f"{path}: not valid YAML: {problem}") from None
    problems = [f"{path}: {problem}" for problem in schema.problems(document)]
    if problems:
        raise error("\n".join(problems))
    return document
