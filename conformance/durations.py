"""One spelling of a duration for every place that takes one: ``rulespec check`` and
``rulespec campaign`` flags, ``[tool.rulespec]`` keys and the pytest plugin's options.

A number is seconds (``20``, ``2.5``); a unit may follow: ``ms``, ``s``, ``m``, ``h``
(``20s``, ``2m``, ``1.5h``, ``500ms``).
"""

from __future__ import annotations

import re

PATTERN = re.compile(r"^(?P<value>\d+(?:\.\d*)?|\.\d+)\s*(?P<unit>ms|s|m|h)?$")
UNITS = {"ms": 0.001, "s": 1.0, "m": 60.0, "h": 3600.0}
EXAMPLES = "e.g. 20, 20s, 2m, 1h"


def parse_duration(value: str | int | float) -> float:
    """Seconds: ``20``, ``20s``, ``2m``, ``1.5h``, ``500ms`` (a number alone is seconds);
    a ``ValueError`` naming the value otherwise."""
    if isinstance(value, bool):
        raise ValueError(f"{value!r} is not a duration ({EXAMPLES})")
    if isinstance(value, (int, float)):
        return float(value)
    found = PATTERN.match(str(value).strip())
    if found is None:
        raise ValueError(f"{value!r} is not a duration ({EXAMPLES})")
    return float(found["value"]) * UNITS[found["unit"] or "s"]


def duration(text: str) -> float:
    """``parse_duration`` under the name argparse shows in its error (``invalid duration
    value: '2x'``): the pytest plugin's option type."""
    return parse_duration(text)
