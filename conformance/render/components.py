"""The published component data a renderer may consult (``spec/<game>/components.yaml``):
only to name what a state's ids mean and to mark provisional data as such."""

from __future__ import annotations

from functools import cache
from typing import Any

import yaml

from rulespec.games import spec_file
from rulespec.yaml_safe import safe_load


@cache
def _components(game: str) -> dict[str, dict[str, Any]]:
    path = spec_file(game, "components.yaml")
    if path is None:
        return {}
    try:
        document = safe_load(path.read_text(encoding="utf-8"))
    except (OSError, yaml.YAMLError):
        return {}
    items = document.get("components", []) if isinstance(document, dict) else []
    return {item["id"]: item for item in items if isinstance(item, dict) and "id" in item}


def data(game: str, component_id: str) -> Any:
    """The component's ``data``, or None when the file or the id is missing."""
    return _components(game).get(component_id, {}).get("data")


def provisional(game: str, component_id: str) -> bool:
    """True when the component's provenance is ``provisional`` (our placeholder)."""
    provenance = _components(game).get(component_id, {}).get("provenance")
    kind = provenance.get("kind") if isinstance(provenance, dict) else provenance
    return kind == "provisional"
