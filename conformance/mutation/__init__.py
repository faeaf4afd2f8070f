"""Mutation testing of the reference engines: how many wrong engines the scenarios catch.

``rulespec mutate GAME`` makes one-edit copies ("mutants") of the modules of
``reference_impl/<game>/`` with mutmut's libcst operators (plus a few of our own, see
:mod:`conformance.mutation.generate`), runs the game's L2 scenarios against each mutant
in-process, and reports per rule how many mutants the scenarios kill.

- :mod:`~conformance.mutation.generate`: the mutants (source text, line, rule ids);
- :mod:`~conformance.mutation.worker`: a long-lived process that holds one pytest session of
  the game's scenarios and runs them against a mutant swapped into ``sys.modules``;
- :mod:`~conformance.mutation.run`: the pool of workers, timeouts, the cache, progress;
- :mod:`~conformance.mutation.triage`: ``spec/<game>/mutants.yaml`` (equivalent mutants
  with their reasons, and hand-written seed mutants);
- :mod:`~conformance.mutation.report`: score, survivors by rule, JSON lines, HTML;
- :mod:`~conformance.mutation.kill_matrix`: the kill matrix a ``--killers`` run makes
  (``spec/<game>/kill_matrix.json``, which the deep levels blame with).

Nothing is written into the source tree: mutants live in memory, the cache in
``./.rulespec-cache/mutation`` (or ``--cache DIR``) where the command runs.
"""

from pathlib import Path

#: where results are cached and the last run of each game is kept (relative to the cwd)
DEFAULT_CACHE = Path(".rulespec-cache") / "mutation"
#: ``--killers`` when ``--kill-matrix`` is asked for without it (:mod:`.kill_matrix`)
KILL_MATRIX_KILLERS = 40
