"""The source checkout the tests run from (the tests only exist in one)."""

from __future__ import annotations

from pathlib import Path

CHECKOUT = Path(__file__).resolve().parents[2]
