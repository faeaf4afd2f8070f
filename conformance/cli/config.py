"""``rulespec check`` settings from the author's project: ``[tool.rulespec]`` in
``pyproject.toml``, or the top level of ``rulespec.toml``, in the current directory.

Flags override the file. Paths in the file are relative to the file's folder; durations are
spelled as the flags' (``20``, ``"20s"``, ``"2m"``). A file that is
not TOML, an unknown key or a value of the wrong type is a usage error naming the file, the
key and the problem (``rulespec check`` exits 4).
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from pathlib import Path
from typing import Any

#: key -> (accepted types, what the key is); paths are resolved against the file's folder
KEYS: dict[str, tuple[tuple[type, ...], str]] = {
    "engine": ((str,), "the engine command (split with POSIX shell rules)"),
    "shell": ((bool,), "run the engine command through a shell"),
    "games": ((list,), "game ids to check"),
    "level": ((str,), "protocol, scenarios, invariants, differential or all"),
    "timeout": ((int, float, str), "time per request (a duration: 10, 10s, 1m)"),
    "game_timeout": ((int, float, str), "time per whole game (a duration)"),
    "timeout_multiplier": ((int, float), "scale every timeout"),
    "restarts": ((int,), "engine restart budget"),
    "memory_mb": ((int,), "engine memory limit (MB)"),
    "cpu_seconds": ((int,), "engine CPU-time limit (s)"),
    "jobs": ((int,), "parallel engine processes"),
    "examples": ((int,), "exactly N whole games per configuration (instead of budget)"),
    "budget": ((int, float, str), "deep levels: time per game and configuration (a duration)"),
    "emit_dir": ((str,), "where divergences are written as scenarios"),
    "features": ((list,), "extra scenario folders to run"),
    "ruleset": ((str,), "errata of the ruleset (comma-separated ids)"),
    "expectations": ((str,), "known failures file (TOML)"),
    "report": ((str,), "JSON-lines report path"),
    "junit": ((str,), "JUnit XML path"),
    "html": ((str,), "HTML report path"),
}
PATH_KEYS = ("expectations", "report", "junit", "html", "emit_dir")
#: durations: seconds, with or without a unit (``20``, ``"20s"``, ``"2m"``), as the flags
DURATION_KEYS = ("timeout", "game_timeout", "budget")


class ConfigError(Exception):
    """A configuration file that cannot be used: names the file, the key and the problem."""


@dataclass(frozen=True)
class Settings:
    source: Path | None
    values: dict[str, Any]

    def get(self, key: str, default: Any = None) -> Any:
        return self.values.get(key, default)


def find(directory: Path) -> tuple[Path, dict[str, Any]] | None:
    """(file, table) of the first of ``rulespec.toml`` and ``pyproject.toml``'s
    ``[tool.rulespec]`` in ``directory``; None when neither has settings."""
    for name in ("rulespec.toml", "pyproject.toml"):
        path = directory / name
        if not path.is_file():
            continue
        try:
            data = tomllib.loads(path.read_text(encoding="utf-8"))
        except (tomllib.TOMLDecodeError, UnicodeDecodeError) as error:
            raise ConfigError(f"{path}: not valid TOML: {error}") from None
        if name == "rulespec.toml":
            return path, data
        table = data.get("tool", {}).get("rulespec")
        if table is not None:
            if not isinstance(table, dict):
                raise ConfigError(f"{path}: [tool.rulespec] must be a table")
            return path, table
    return None


def load(directory: Path) -> Settings:
    """The checked settings of ``directory`` (empty when it has no configuration)."""
    found = find(directory)
    if found is None:
        return Settings(None, {})
    path, table = found
    where = f"{path}" + (" [tool.rulespec]" if path.name == "pyproject.toml" else "")
    values: dict[str, Any] = {}
    for key, value in table.items():
        if key not in KEYS:
            known = ", ".join(sorted(KEYS))
            raise ConfigError(f"{where}: unknown key {key!r} (known: {known})")
        types, what = KEYS[key]
        if (isinstance(value, bool) and bool not in types) or not isinstance(value, types):
            wanted = " or ".join(t.__name__ for t in types)
            raise ConfigError(
                f"{where}: key {key!r} ({what}) must be {wanted}, not {type(value).__name__}"
            )
        if key == "games" and not all(isinstance(g, str) for g in value):
            raise ConfigError(f"{where}: key 'games' must be a list of game ids (strings)")
        if key in PATH_KEYS:
            value = str((path.parent / value).resolve())
        if key in DURATION_KEYS:
            from conformance.durations import parse_duration

            try:
                value = parse_duration(value)
            except ValueError as error:
                raise ConfigError(f"{where}: key {key!r} ({what}): {error}") from None
        values[key] = value
    return Settings(path, values)
