"""Which scenarios can play differently under other options, from a run of the reference
in-process that noted its option reads (``--rulespec-note-options``,
:mod:`reference_impl.option_reads`): what ``check --all-readings`` and ``errata impact``
run again, every other scenario being reported unchanged.
"""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path
from typing import Any


def keep_arguments(folder: Path, tests: Iterable[str]) -> list[str]:
    """The child's arguments that run only ``tests`` (node ids), listed in a file written
    into ``folder``."""
    listing = folder / "again.txt"
    listing.write_text("".join(f"{test}\n" for test in tests), encoding="utf-8")
    return ["--rulespec-keep", str(listing)]


def may_change(result: dict[str, Any], read: set[str], named: set[str]) -> bool:
    """Whether a scenario's result can differ under options that change ``read`` (noted
    names: options, or ``params.<rule id>``): it did not pass, or has no record of its reads,
    or the engine read one of them, or its feature file names one of ``named`` (a step may
    read the options the state echoes), or that file cannot be read."""
    if result["status"] != "passed" or "options_read" not in result:
        return True
    if read & set(result["options_read"]):
        return True
    text = feature_text(result["feature"])
    return text is None or any(name in text for name in named)


_TEXTS: dict[str, str | None] = {}


def feature_text(feature: str | None) -> str | None:
    """The text of a feature file (relative to the features folder); None when it cannot
    be read."""
    from conformance.specification.catalogue import feature_path

    if not feature:
        return None
    if feature not in _TEXTS:
        try:
            _TEXTS[feature] = feature_path(feature).read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError):
            _TEXTS[feature] = None
    return _TEXTS[feature]
