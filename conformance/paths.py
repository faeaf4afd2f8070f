"""Where the project's data lives: spec/, features/, and the source rulebooks."""

from __future__ import annotations

import os
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SPEC_DIR = ROOT / "spec"
FEATURES_DIR = ROOT / "features"
PROTOCOL_DIR = SPEC_DIR / "protocol"


def rulebooks_dir() -> Path:
    """``../shared/rulebooks`` beside the checkout, or ``$RULESPEC_RULEBOOKS``."""
    override = os.environ.get("RULESPEC_RULEBOOKS")
    if override:
        return Path(override)
    return ROOT.parent / "shared" / "rulebooks"
