"""Where rulespec's data lives, found as package resources, never through the checkout.

An installed wheel carries ``spec/`` and ``features/`` inside the ``rulespec`` package
(``pyproject.toml`` maps them there). An editable install from a checkout keeps them at the
checkout's top, beside the package; that is the only other place looked at. The source
rulebooks are not shipped: ``$RULESPEC_RULEBOOKS``, else ``../shared/rulebooks`` beside a
checkout.
"""

from __future__ import annotations

import os
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
# The checkout's top in an editable install. Package code must not depend on it; the
# remaining uses go with the install-anywhere work.
ROOT = PACKAGE_DIR.parent


def rulebooks_dir() -> Path:
    """``$RULESPEC_RULEBOOKS``, else ``../shared/rulebooks`` beside the checkout."""
    override = os.environ.get("RULESPEC_RULEBOOKS")
    if override:
        return Path(override)
    return PACKAGE_DIR.parent.parent / "shared" / "rulebooks"
