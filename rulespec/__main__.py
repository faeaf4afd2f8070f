"""``python -m rulespec``: the ``rulespec`` command line (as ``python -m conformance``)."""

from conformance.cli import main

main()
