"""rulespec's shared core: what both the harness (``conformance``) and the reference engines
(``reference_impl``) need, and nothing that depends on either.

- :mod:`rulespec.resources` finds the packaged data (catalogues, components, schemas,
  features) and the source rulebooks;
- :mod:`rulespec.protocol` holds the engine protocol's constants and message validation.
"""

from __future__ import annotations

from typing import Any


def __getattr__(name: str) -> Any:
    """``rulespec.__version__``, read from the installed metadata when first asked for:
    importing ``importlib.metadata`` and scanning the installed distributions costs about
    50 ms, and every process imports this package (the harness, its pytest child, the
    reference engine) while only ``rulespec --version`` needs it."""
    if name != "__version__":
        raise AttributeError(f"module 'rulespec' has no attribute {name!r}")
    from importlib.metadata import PackageNotFoundError, version

    try:
        found = version("rulespec")
    except PackageNotFoundError:  # imported from a source tree that was never installed
        found = "0+unknown"
    globals()["__version__"] = found
    return found
