"""rulespec's shared core: what both the harness (``conformance``) and the reference engines
(``reference_impl``) need, and nothing that depends on either.

- :mod:`rulespec.resources` finds the packaged data (catalogues, components, schemas,
  features) and the source rulebooks;
- :mod:`rulespec.protocol` holds the engine protocol's constants and message validation.
"""

from __future__ import annotations

from importlib.metadata import PackageNotFoundError, version

try:
    __version__ = version("rulespec")
except PackageNotFoundError:  # imported from a source tree that was never installed
    __version__ = "0+unknown"
