"""Reports of a ``rulespec check`` run, and the engine's known failures.

- :mod:`~conformance.reports.model`: the run as a :class:`Report` (header, results, footer)
  and its JSON-lines form (``--report``; schema ``spec/report.schema.json``);
- :mod:`~conformance.reports.junit`: JUnit XML for CI (``--junit``);
- :mod:`~conformance.reports.html`: a self-contained HTML page with the per-rule
  compliance matrix of every game (``--html``);
- :mod:`~conformance.reports.expectations`: the engine's known failures, a TOML file
  (``--expectations``, ``--update-expectations``);
- :mod:`~conformance.reports.diff`: two JSON-lines reports compared (``rulespec diff``).
"""
