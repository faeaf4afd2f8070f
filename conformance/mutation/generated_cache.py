"""The mutants made of one module, kept on disk: making them (libcst's parse and metadata,
mutmut's operators) costs seconds per game, and is the same for the same source.

One JSON file per module and inputs, ``<cache>/<game>/generated/<key>.json``, where the key
hashes everything the mutants depend on: the module's name and source, the rule ids the
catalogue knows (they name the mutants' rules), the operators, the generator's own source
and libcst's and mutmut's versions. A file that cannot be read, or is not what it should be,
is made again; files are written whole (a temporary file, then renamed), so two runs may
share a cache.
"""

from __future__ import annotations

import contextlib
import functools
import hashlib
import json
import os
from dataclasses import asdict
from importlib import metadata
from pathlib import Path
from typing import Any

from conformance.mutation.generate import Mutant

#: bumped when the file layout changes
LAYOUT = 1


def key(module: str, source: str, known: set[str], operators: tuple[str, ...]) -> str:
    """The hash of every input of one module's mutants."""
    digest = hashlib.sha256()
    for part in (str(LAYOUT), _generator(), module, source, ",".join(sorted(known)),
                 ",".join(operators)):  # fmt: skip
        digest.update(part.encode("utf-8", "surrogatepass"))
        digest.update(b"\0")
    return digest.hexdigest()[:32]


@functools.cache
def _generator() -> str:
    """What else makes the mutants: the generator's source, libcst's and mutmut's versions."""
    from conformance.mutation import generate

    versions = []
    for name in ("libcst", "mutmut"):
        try:
            versions.append(f"{name}={metadata.version(name)}")
        except metadata.PackageNotFoundError:
            versions.append(f"{name}=?")
    return Path(generate.__file__).read_text(encoding="utf-8") + "\n".join(versions)


def load(cache: Path, game: str, name: str) -> list[Mutant] | None:
    """The mutants kept under ``name`` (a :func:`key`), or None."""
    path = cache / game / "generated" / f"{name}.json"
    try:
        rows = json.loads(path.read_text(encoding="utf-8"))
        return [_mutant(row) for row in rows]
    except (OSError, ValueError, TypeError, KeyError):
        return None


def save(cache: Path, game: str, name: str, mutants: list[Mutant]) -> None:
    """Keep ``mutants`` under ``name``; a cache that cannot be written is left as it is."""
    from conformance.mutation.run import prepare_cache

    folder = cache / game / "generated"
    temporary = folder / f"{name}.{os.getpid()}.tmp"
    rows = [asdict(mutant) for mutant in mutants]
    try:
        prepare_cache(cache)  # the cache folder and its .gitignore, as a run makes them
        folder.mkdir(parents=True, exist_ok=True)
        temporary.write_text(json.dumps(rows), encoding="utf-8")
        os.replace(temporary, folder / f"{name}.json")
    except OSError:
        with contextlib.suppress(OSError):
            temporary.unlink()


def _mutant(row: dict[str, Any]) -> Mutant:
    row = dict(row)
    row["rules"] = tuple(row["rules"])
    row["span"] = tuple(row["span"])
    row["splice"] = tuple(row["splice"])
    return Mutant(**row)
