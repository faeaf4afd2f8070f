"""``rulespec check`` settings from the author's project: ``[tool.rulespec]`` in
``pyproject.toml``, or the top level of ``rulespec.toml``, in the current directory.

Flags override the file. Paths in the file are relative to the file's folder; durations are
spelled as the flags' (``20``, ``"20s"``, ``"2m"``). A file that is not TOML, an unknown key,
a value of the wrong type or a number out of its bounds (:data:`BOUNDS`; nan and inf never)
is a usage error naming the file, the key and the problem (``rulespec check`` exits 4); the
flags are held to the same bounds.
"""

from __future__ import annotations

import math
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
    "players": ((list,), "deep levels: only these player counts"),
    "budget": ((int, float, str), "deep levels: time per game and configuration (a duration)"),
    "blame_seconds": ((int, float, str), "deep levels: time per divergence to try the "
                      "reference's one-token changes (a duration; 0: none)"),
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
DURATION_KEYS = ("timeout", "game_timeout", "budget", "blame_seconds")

#: the bounds of every number (file and flag alike): key -> (lowest, highest, whether the
#: lowest itself is allowed); a number must also be finite (no nan, no inf)
DAY = 24 * 3600
BOUNDS: dict[str, tuple[float, float, bool]] = {
    "timeout": (0, DAY, False),
    "game_timeout": (0, 7 * DAY, False),
    "timeout_multiplier": (0, 1000, False),
    "budget": (0, 7 * DAY, False),
    "blame_seconds": (0, DAY, True),
    "restarts": (0, 10_000, True),
    "memory_mb": (1, 1 << 24, True),
    "cpu_seconds": (1, 7 * DAY, True),
    "jobs": (1, 64, True),
    "examples": (1, 10_000_000, True),
}


def value_problem(key: str, value: Any) -> str | None:
    """What is wrong with ``value`` for the numeric setting ``key`` (None: nothing): not
    finite (nan, inf), or outside :data:`BOUNDS`."""
    if key not in BOUNDS or value is None:
        return None
    low, high, low_allowed = BOUNDS[key]
    what = KEYS[key][1]
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        return f"must be a number ({what}), not {value!r}"
    if not math.isfinite(value):
        return f"must be a finite number ({what}), not {value}"
    if value < low or (value == low and not low_allowed) or value > high:
        floor = f"at least {shown(low)}" if low_allowed else f"above {shown(low)}"
        return f"must be {floor} and at most {shown(high)} ({what}), not {shown(value)}"
    return None


def shown(number: float) -> str:
    """A number as people write it: ``86,400``, ``0.5``, ``nan``."""
    if isinstance(number, float) and math.isfinite(number) and number.is_integer():
        number = int(number)
    return f"{number:,}" if isinstance(number, int) else f"{number:g}"


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
        if key == "players" and not all(type(n) is int and n >= 1 for n in value):
            raise ConfigError(f"{where}: key 'players' must be a list of player counts "
                              f"(whole numbers from 1), not {value!r}")  # fmt: skip
        if key in DURATION_KEYS:  # "20s" is 20 seconds, then held to the bounds
            from conformance.durations import parse_duration

            try:
                value = parse_duration(value)
            except ValueError as error:
                raise ConfigError(f"{where}: key {key!r} ({what}): {error}") from None
        problem = value_problem(key, value)
        if problem is not None:
            raise ConfigError(f"{where}: key {key!r} {problem}")
        if key in PATH_KEYS:
            value = str((path.parent / value).resolve())
        values[key] = value
    return Settings(path, values)
