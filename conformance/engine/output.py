"""An engine's standard output read as reply lines, with a timeout and a length limit."""

from __future__ import annotations

import os
import queue
import select
import threading
import time
from typing import Any


class ReplyLines:
    """An engine's stdout, read as lines with a timeout.

    On POSIX the pipe is read in the calling thread (``poll`` then ``os.read`` into a
    buffer): no reader thread, so a reply costs no thread hand-off. Elsewhere a reader
    thread feeds a queue. Either way :meth:`line` returns the next line (at most
    ``limit`` + 1 bytes: longer is cut there, for the caller to refuse),
    ``None`` once the output has ended, or raises :class:`queue.Empty` after ``wait``
    seconds without a whole line.
    """

    def __init__(self, stream: Any, limit: int) -> None:
        self.limit = limit
        self._buffer = bytearray()
        self._scanned = 0  # the buffer holds no newline before this offset
        self._ended = False
        self._queue: queue.Queue[bytes | None] | None = None
        if hasattr(select, "poll") and os.name == "posix":
            self._fd = stream.fileno()
            self._poller = select.poll()
            self._poller.register(self._fd, select.POLLIN)
        else:  # pragma: no cover - Windows
            self._queue = queue.Queue()
            threading.Thread(
                target=self._pump, args=(stream, self._queue, limit), daemon=True
            ).start()

    @staticmethod
    def _pump(  # pragma: no cover - Windows
        stream: Any, lines: queue.Queue[bytes | None], limit: int
    ) -> None:
        while True:
            line = stream.readline(limit + 1)
            if not line:
                lines.put(None)
                return
            lines.put(line)

    def _take(self) -> bytes | None:
        """A whole line from the buffer (or an over-long piece), else None."""
        buffer = self._buffer
        end = buffer.find(b"\n", self._scanned, self.limit + 1)
        if end < 0:
            if len(buffer) <= self.limit and not self._ended:
                self._scanned = len(buffer)  # no newline up to here: not searched again
                return None
            end = min(len(buffer), self.limit + 1) - 1
            if end < 0:
                return None
        line = bytes(buffer[: end + 1])
        del buffer[: end + 1]
        self._scanned = 0
        return line

    def _fill(self, wait: float) -> bool:
        """Read what the pipe holds, waiting up to ``wait`` seconds; False if nothing came."""
        if not self._poller.poll(wait * 1000.0):
            return False
        try:
            chunk = os.read(self._fd, 1 << 16)
        except OSError:  # closed under us: as good as the end
            chunk = b""
        if chunk:
            self._buffer += chunk
        else:
            self._ended = True
        return True

    def line(self, wait: float) -> bytes | None:
        if self._queue is not None:  # pragma: no cover - Windows
            return self._queue.get(timeout=wait)
        deadline = time.monotonic() + wait
        while True:
            line = self._take()
            if line is not None:
                return line
            if self._ended:
                return None
            left = deadline - time.monotonic()
            if not self._fill(max(0.0, left)) and left <= 0:
                raise queue.Empty

    def drop_lines(self) -> bytes | None:
        """Forget the whole lines already sent (the end of the output is kept); the first
        of them is returned (at most 200 bytes of it; None when there was none). At most
        about ``limit`` bytes are read from the pipe here: an engine writing without end
        cannot hold the caller, nor grow the buffer past that."""
        if self._queue is not None:  # pragma: no cover - Windows
            first = None
            while True:
                try:
                    line = self._queue.get_nowait()
                except queue.Empty:
                    return first
                if line is None:
                    self._queue.put(None)
                    return first
                first = line[:200] if first is None else first
        size = len(self._buffer)
        while not self._ended and len(self._buffer) - size <= self.limit and self._fill(0.0):
            pass
        end = self._buffer.rfind(b"\n")
        if end < 0:
            return None
        first = bytes(self._buffer[: min(self._buffer.find(b"\n") + 1, 200)])
        del self._buffer[: end + 1]
        self._scanned = 0
        return first

    def ended(self) -> bool:
        """Whether the output has ended (every byte before the end is still readable)."""
        if self._queue is not None:  # pragma: no cover - Windows
            return not self._queue.empty() and self._queue.queue[-1] is None
        size = len(self._buffer)
        while not self._ended and len(self._buffer) - size <= self.limit and self._fill(0.0):
            pass
        return self._ended
