"""Load a game's component data (``spec/<game>/components.yaml``) with provenance."""

from __future__ import annotations

from functools import cache
from pathlib import Path
from typing import Any

from rulespec.games import spec_dir
from rulespec.yaml_safe import safe_load


def component_file(game: str) -> Path:
    """``game``'s component file (``components.yaml`` in its spec folder)."""
    return spec_dir(game) / "components.yaml"


@cache
def _load(game: str) -> dict[str, dict[str, Any]]:
    path = component_file(game)
    with path.open(encoding="utf-8") as handle:
        document = safe_load(handle)
    if not isinstance(document, dict) or "components" not in document:
        raise ValueError(f"{path}: expected a mapping with a 'components' list")
    return {item["id"]: item for item in document["components"]}


def component(game: str, component_id: str) -> Any:
    """The ``data`` of one component; KeyError names the missing id and file."""
    items = _load(game)
    if component_id not in items:
        raise KeyError(f"no component {component_id!r} in spec/{game}/components.yaml")
    return items[component_id]["data"]


def provisional_components(game: str) -> list[str]:
    """Ids of the components whose data is our placeholder (flagged in every report)."""
    return sorted(cid for cid, item in _load(game).items() if item["provenance"] == "provisional")


@cache
def entry_rules(game: str) -> frozenset[str]:
    """The rule ids component entries name for themselves (a ``rule`` key inside a
    component's ``data``, such as a Villagers silver card's): the engine reports such a
    rule fired when it uses the entry, as it does the rules its code names. None for a
    game without component data."""
    if not component_file(game).is_file():
        return frozenset()
    found: set[str] = set()

    def walk(value: Any) -> None:
        if isinstance(value, dict):
            if isinstance(value.get("rule"), str):
                found.add(value["rule"])
            for inner in value.values():
                walk(inner)
        elif isinstance(value, list):
            for inner in value:
                walk(inner)

    for item in _load(game).values():
        walk(item["data"])
    return frozenset(found)
