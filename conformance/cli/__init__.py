"""The ``rulespec`` command line (``conformance.cli.main``), the ``check`` runner, and the
analysis, rulings and errata command groups."""


def main() -> None:
    """Run the command line; click and the command modules load only when it runs (so
    ``conformance.cli.check``, imported by the reports, does not pull them in). ``rulespec
    serve`` alone (an engine process, started once per check and once per engine restart)
    goes straight to the server, without click or the command line's modules."""
    import sys

    if sys.argv[1:] == ["serve"]:
        from reference_impl.server import main as serve_main

        sys.exit(serve_main())
    from conformance.cli.main import main as run

    run()


__all__ = ["main"]
