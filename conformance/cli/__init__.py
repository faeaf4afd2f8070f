"""The ``rulespec`` command line (``conformance.cli.main``), the ``check`` runner, and the
analysis, rulings and errata command groups."""

from conformance.cli.main import main

__all__ = ["main"]
