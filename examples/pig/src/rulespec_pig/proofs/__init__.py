"""The z3 proofs of Pig's arithmetic (``test_pig_proofs.py``), run by ``rulespec proofs``."""
