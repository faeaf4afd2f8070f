"""The ``rulespec`` command line (``conformance.cli.main``), the ``check`` runner, and the
analysis, rulings and errata command groups."""


def main() -> None:
    """Run the command line; click and the command modules load only when it runs (so
    ``conformance.cli.check``, imported by the reports, does not pull them in)."""
    from conformance.cli.main import main as run

    run()


__all__ = ["main"]
