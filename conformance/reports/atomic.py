"""Files written whole or not at all: a temporary file in the same folder, then a rename.

A report that cannot be written (a full disk, a signal mid-write) leaves the file that was
there before as it was, and no temporary file behind.
"""

from __future__ import annotations

import contextlib
import os
import tempfile
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import IO, Any


@contextlib.contextmanager
def replacing(path: Path | str, mode: str = "w") -> Iterator[IO[Any]]:
    """An open temporary file beside ``path`` (``mode`` ``"w"``: text, UTF-8; ``"wb"``);
    on leaving the block it is flushed to disk and renamed over ``path``; on an error it is
    removed and ``path`` is untouched."""
    target = Path(path)
    folder = target.parent
    handle, temporary = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp", dir=folder)
    try:
        if mode == "wb":
            stream: IO[Any] = os.fdopen(handle, "wb")
        else:
            stream = os.fdopen(handle, "w", encoding="utf-8", newline="")
        with stream:
            yield stream
            stream.flush()
            os.fsync(stream.fileno())
        with contextlib.suppress(OSError):  # as a new file would be (mkstemp makes it 0600)
            umask = os.umask(0)
            os.umask(umask)
            os.chmod(temporary, 0o666 & ~umask)
        os.replace(temporary, target)
    except BaseException:
        with contextlib.suppress(OSError):
            os.remove(temporary)
        raise


def write_text(path: Path | str, text: str) -> None:
    """``text`` written to ``path`` atomically (UTF-8)."""
    with replacing(path) as stream:
        stream.write(text)


def write_with(path: Path | str, writer: Callable[[IO[bytes]], None]) -> None:
    """``writer(stream)`` into a binary stream that replaces ``path`` atomically."""
    with replacing(path, "wb") as stream:
        writer(stream)  # type: ignore[arg-type]
