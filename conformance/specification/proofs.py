"""The z3 proofs of ``tests/proofs/``, indexed by the rule ids they prove.

Each proof is a test function whose docstring opens with the rule ids it proves, then the
claim and its bounds (``"ND-ND-PAYOUT: for 0 <= value <= 200 ..."``); a ``*`` in an id
stands for any suffix (``GV-EVENT-TIE-*``). ``rulespec rules`` lists the proofs of a rule,
and ``rulespec proofs`` runs them and reports per rule.
"""

from __future__ import annotations

import ast
import fnmatch
import re
from dataclasses import dataclass

from rulespec.resources import ROOT

PROOFS_DIR = ROOT / "tests" / "proofs"
ID = re.compile(r"[A-Z]{2,4}(?:-[A-Z0-9*]+)+")


@dataclass(frozen=True)
class Proof:
    game: str
    test: str  # pytest node id relative to the repository
    patterns: tuple[str, ...]
    claim: str

    def proves(self, rule_id: str) -> bool:
        return any(fnmatch.fnmatchcase(rule_id, pattern) for pattern in self.patterns)


def proofs(game: str | None = None) -> list[Proof]:
    """Every proof of ``tests/proofs/test_<game>_proofs.py`` (all games when None)."""
    found = []
    for path in sorted(PROOFS_DIR.glob("test_*_proofs.py")):
        name = path.stem.removeprefix("test_").removesuffix("_proofs")
        if game is not None and name != game:
            continue
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in tree.body:
            if isinstance(node, ast.FunctionDef) and node.name.startswith("test_"):
                doc = ast.get_docstring(node) or ""
                head, _, claim = doc.partition(":")
                patterns = tuple(ID.findall(head)) if claim else ()
                node_id = f"{path.relative_to(ROOT)}::{node.name}"
                found.append(Proof(name, node_id, patterns, " ".join(claim.split())))
    return found


def proofs_of(game: str, rule_id: str) -> list[Proof]:
    return [proof for proof in proofs(game) if proof.proves(rule_id)]
