"""The z3 proofs of each game's arithmetic rules, ``test_<game>_proofs.py``: pytest
modules shipped inside the package, so that ``rulespec proofs`` runs the same proofs from
an installed wheel as from a checkout (:mod:`conformance.specification.proofs` indexes
them by rule id and runs them). The test suite collects them too (``testpaths``)."""
