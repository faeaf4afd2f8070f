"""Where rulespec's data lives, found as package resources, never through the checkout.

An installed wheel carries ``spec/`` and ``features/`` inside the ``rulespec`` package
(``pyproject.toml`` maps them there: ``rulespec/spec``, ``rulespec/features``). An editable
install from a checkout keeps them at the checkout's top, beside the package; that is the
only other place looked at. The source rulebooks are not shipped: ``$RULESPEC_RULEBOOKS``,
else ``../shared/rulebooks`` beside a checkout (their quote checks skip when absent).

Things that exist only in a source checkout (the perft vectors under ``tests/``) are found
through :func:`checkout_dir`, which is ``None`` for an installed wheel: package code must
work without them. What a command needs ships: the recorded games in
``spec/<game>/recorded/``, the z3 proofs in :mod:`conformance.proofs`.
"""

from __future__ import annotations

import os
from functools import cache
from importlib.resources import files
from pathlib import Path

PACKAGE_DIR = Path(str(files("rulespec")))


def _data_dir(name: str) -> Path:
    installed = PACKAGE_DIR / name
    if installed.is_dir():
        return installed
    return PACKAGE_DIR.parent / name  # editable install: the folder at the checkout's top


SPEC_DIR = _data_dir("spec")
FEATURES_DIR = _data_dir("features")
PROTOCOL_DIR = SPEC_DIR / "protocol"
# The checkout's top in an editable install, site-packages in a wheel. Deprecated: package
# code uses checkout_dir() (None outside a checkout); kept until the last users (the perft
# module and some tests) have moved.
ROOT = PACKAGE_DIR.parent


@cache
def checkout_dir() -> Path | None:
    """The top of the source checkout rulespec runs from, or None (an installed wheel).

    A checkout is recognised by rulespec's own ``pyproject.toml`` and ``tests/`` beside the
    package, so a stray ``tests`` folder in site-packages is never mistaken for one.
    """
    top = PACKAGE_DIR.parent
    pyproject = top / "pyproject.toml"
    if not (top / "tests").is_dir() or not pyproject.is_file():
        return None
    if 'name = "rulespec"' not in pyproject.read_text(encoding="utf-8"):
        return None
    return top


def rulebooks_dir() -> Path:
    """``$RULESPEC_RULEBOOKS``, else ``../shared/rulebooks`` beside the checkout."""
    override = os.environ.get("RULESPEC_RULEBOOKS")
    if override:
        return Path(override)
    return PACKAGE_DIR.parent.parent / "shared" / "rulebooks"
