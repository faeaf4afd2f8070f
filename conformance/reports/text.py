"""Engine text made safe for every report: one sanitiser for JSON lines, JUnit, TOML, HTML.

An engine may say anything: a lone surrogate (valid in JSON text, not encodable as
UTF-8), control characters (which XML 1.0 cannot hold and a terminal obeys), U+FFFE.
:func:`printable` replaces each such character by a visible escape (``\\ud800``,
``\\x1b``), so a report can always be written and the reader still sees what was sent.
Newlines and tabs are kept (messages are multi-line) unless ``single_line``.
"""

from __future__ import annotations

import re
from typing import Any

# C0 controls but tab and newline (and CR), DEL, C1 controls, lone surrogates, U+FFFE/F.
_UNSAFE = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f\ud800-\udfff\ufffe\uffff]")
_UNSAFE_LINE = re.compile("[\x00-\x1f\x7f-\x9f\ud800-\udfff\ufffe\uffff\u2028\u2029]")


def _escape(match: re.Match[str]) -> str:
    code = ord(match.group())
    return f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}"


def printable(text: Any, single_line: bool = False) -> str:
    """``text`` as a string every report format can hold, unsafe characters escaped.

    With ``single_line`` newlines, carriage returns, tabs and line separators are escaped
    too (a comment line, a title).
    """
    text = text if isinstance(text, str) else str(text)
    pattern = _UNSAFE_LINE if single_line else _UNSAFE
    return pattern.sub(_escape, text) if pattern.search(text) else text


def sanitised(value: Any) -> Any:
    """A JSON value with every string (keys too) passed through :func:`printable`."""
    if isinstance(value, str):
        return printable(value)
    if isinstance(value, dict):
        return {printable(str(key)): sanitised(item) for key, item in value.items()}
    if isinstance(value, list | tuple):
        return [sanitised(item) for item in value]
    return value
