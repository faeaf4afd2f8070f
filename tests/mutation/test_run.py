"""The runner classifies a hanging mutant as timed out and a crashing one as killed, and goes on."""

from __future__ import annotations

import pytest

from conformance.mutation import generate, run

SEEDS = [
    {  # hangs as soon as a player's plague areas are listed
        "rule": "ND-PLAGUE-CHOICE", "module": "flow", "old": "    best = -1\n",
        "new": "    while True:\n        pass\n",
    },
    {  # takes the worker process down with it
        "rule": "ND-PLAGUE-CHOICE", "module": "flow",
        "old": '    printed = sum(PERSON_RATS[c] for c in st.display)\n',
        "new": '    printed = __import__("os")._exit(3)\n',
    },
    {  # an ordinary wrong rule, after both: a fresh worker must still judge it
        "rule": "ND-PLAGUE-CHOICE", "module": "flow", "old": "if people > best:",
        "new": "if people < best:",
    },
]  # fmt: skip


@pytest.mark.slow
def test_hang_crash_and_wrong_rule_are_each_classified() -> None:
    mutants = generate.generate("notre_dame", SEEDS, operators=[], modules=[])
    settings = run.RunSettings(jobs=1, timeout_factor=0.5, grace=3.0, cache=None)
    results, baseline = run.run(mutants, mutants.mutants, settings)
    statuses = [outcome.status for _, outcome in results]
    assert statuses == ["timed out", "killed", "killed"], [o for _, o in results]
    assert results[1][1].killers == ["<worker died>"]
    killer = results[2][1].killers[0]
    assert killer.startswith("conformance/suite/test_notre_dame.py::")
    assert "ND-PLAGUE-CHOICE" in results[2][1].killer_rules
    assert baseline is not None and not baseline.failing
