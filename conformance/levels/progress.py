"""Live progress of the deep levels: one line per game and level, also while shrinking.

On a terminal the line is redrawn in place (rich styling, about ten times a second); in a
pipe or a CI log a plain line is printed every few seconds instead, so a run under a
timeout still shows what it was doing. Progress goes to standard error: under pytest the
capture is suspended for each write (``capturemanager``), so the line reaches the terminal
of whoever started pytest, also when ``rulespec check`` runs it as a child process whose
standard error is inherited.
"""

from __future__ import annotations

import contextlib
import io
import os
import sys
import time
from collections.abc import Iterator
from typing import Any, TextIO

#: seconds between plain lines when standard error is not a terminal
PLAIN_EVERY = 5.0
#: seconds between redraws of the live line on a terminal
LIVE_EVERY = 0.1


class Progress:
    """A progress line for one game and level. ``update`` is cheap: it only draws when due."""

    def __init__(
        self,
        label: str,
        stream: TextIO | None = None,
        live: bool | None = None,
        capture: Any = None,
        every: float | None = None,
    ) -> None:
        self.label = label
        self._stream = stream
        self._capture = capture
        self._live = live
        self._every = every
        self._last = 0.0
        self._drawn = False
        self._text = ""

    @classmethod
    def for_pytest(cls, config: Any, label: str) -> Progress:
        """Progress that writes past pytest's output capture (``-s`` not needed)."""
        quiet = config.getoption("--rulespec-quiet", False)
        capture = config.pluginmanager.getplugin("capturemanager")
        return cls(label, capture=capture, live=None if not quiet else False,
                   every=None if not quiet else float("inf"))  # fmt: skip

    @contextlib.contextmanager
    def _writing(self) -> Iterator[TextIO]:
        suspended = (
            self._capture.global_and_fixture_disabled()
            if self._capture is not None
            else contextlib.nullcontext()
        )
        with suspended:
            stream = self._stream or sys.stderr
            if self._live is None:
                self._live = _is_terminal(stream)
            yield stream

    @property
    def interval(self) -> float:
        if self._every is not None:
            return self._every
        return LIVE_EVERY if self._live else PLAIN_EVERY

    def due(self) -> bool:
        """Whether an ``update`` now would draw (so callers can skip building the text)."""
        return self._live is None or time.monotonic() - self._last >= self.interval

    def update(self, text: str, force: bool = False) -> None:
        """Show ``text`` as the current state (drawn when due, or now with ``force``)."""
        self._text = text
        now = time.monotonic()
        if self._live is None:
            with self._writing():
                pass  # decides live or plain
        if not self._live and self._last == 0.0:
            self._last = now  # the first plain line comes after one interval
        if not force and now - self._last < self.interval:
            return
        self._last = now
        with self._writing() as stream:
            if self._live:
                stream.write("\r\x1b[2K" + _styled(f"{self.label}: {text}", stream))
                self._drawn = True
            else:
                stream.write(f"rulespec {self.label}: {text}\n")
            stream.flush()

    def done(self, text: str) -> None:
        """The final line for this game and level (always printed, plain or live)."""
        if self._every == float("inf"):
            return
        with self._writing() as stream:
            prefix = "\r\x1b[2K" if self._live and self._drawn else ""
            if self._live:
                stream.write(prefix + _styled(f"{self.label}: {text}", stream) + "\n")
            else:
                stream.write(f"rulespec {self.label}: {text}\n")
            stream.flush()
        self._drawn = False


def _is_terminal(stream: TextIO) -> bool:
    if os.environ.get("CI") or os.environ.get("TERM") == "dumb":
        return False
    try:
        return stream.isatty()
    except (AttributeError, ValueError):
        return False


def _styled(text: str, stream: TextIO) -> str:
    """``text`` with its label in bold, as ANSI codes from rich (one line, no wrap)."""
    from rich.console import Console
    from rich.text import Text

    buffer = io.StringIO()
    width = _width(stream)
    console = Console(file=buffer, force_terminal=True, width=width, soft_wrap=False)
    label, _, rest = text.partition(": ")
    line = Text(label, style="bold cyan") + Text(": " + rest)
    line.truncate(width - 1, overflow="ellipsis")
    console.print(line, end="")
    return buffer.getvalue()


def _width(stream: TextIO) -> int:
    try:
        return os.get_terminal_size(stream.fileno()).columns
    except (AttributeError, OSError, ValueError):
        return 100
