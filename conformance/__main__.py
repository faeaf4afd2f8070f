"""``python -m conformance``: the ``rulespec`` command line."""

from conformance.cli import main

main()
