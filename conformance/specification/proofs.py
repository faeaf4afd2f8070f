"""The z3 proofs of each game (its unit's ``proofs`` module: rulespec's own games' are in
:mod:`conformance.proofs`), indexed by the rule ids they prove.

Each proof is a test function whose docstring opens with the rule ids it proves, then the
claim and its bounds (``"ND-ND-PAYOUT: for 0 <= value <= 200 ..."``); a ``*`` in an id
stands for any suffix (``GV-EVENT-TIE-*``). ``rulespec rules`` lists the proofs of a rule,
and ``rulespec proofs`` runs them (:func:`run`) and reports per rule. The proof modules
ship inside their packages and are found through the import system, so an installed wheel
runs the same proofs as a checkout; a game without a proofs module has none (reported as
absent, never an error).
"""

from __future__ import annotations

import ast
import fnmatch
import importlib.util
import os
import re
import subprocess
import sys
import tempfile
from dataclasses import dataclass
from pathlib import Path
from xml.etree import ElementTree

from rulespec import games as registered

ID = re.compile(r"[A-Z]{2,4}(?:-[A-Z0-9*]+)+")
#: the whole configuration of the child pytest that runs the proofs (never a project's)
PROOFS_INI = """\
[pytest]
python_files = test_*_proofs.py
markers =
    rule(id): the catalogue rule ids a test pins
"""
#: the worst outcome of a proof's parametrized cases wins
SEVERITY = {"PASSED": 0, "SKIPPED": 1, "FAILED": 2, "ERROR": 3, "NOT RUN": 4}


@dataclass(frozen=True)
class Proof:
    game: str
    test: str  # pytest node id, relative to the folder its module is imported from (top)
    patterns: tuple[str, ...]
    claim: str
    top: Path  # the folder holding the proofs module's top package
    def proves(self, rule_id: str) -> bool:
        return any(fnmatch.fnmatchcase(rule_id, pattern) for pattern in self.patterns)


@dataclass(frozen=True)
class Outcome:
    status: str  # PASSED, SKIPPED, FAILED, ERROR or NOT RUN
    detail: str = ""  # the counterexample line, the skip reason


def proof_module(game: str) -> tuple[Path, Path] | None:
    """The file of ``game``'s proofs module and the folder its top package is in; None
    when the game provides none."""
    if not registered.is_registered(game):
        return None
    name = registered.unit(game).proofs
    found = importlib.util.find_spec(name) if name is not None else None
    if found is None or not found.origin:
        return None
    path = Path(found.origin)
    return path, path.parents[name.count(".")]


def proofs(game: str | None = None) -> list[Proof]:
    """Every proof of ``game``'s proofs module (every registered game's when None)."""
    found = []
    for name in registered.ids() if game is None else [game]:
        located = proof_module(name)
        if located is None:
            continue
        path, top = located
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in tree.body:
            if isinstance(node, ast.FunctionDef) and node.name.startswith("test_"):
                doc = ast.get_docstring(node) or ""
                head, _, claim = doc.partition(":")
                patterns = tuple(ID.findall(head)) if claim else ()
                node_id = f"{path.relative_to(top).as_posix()}::{node.name}"
                found.append(Proof(name, node_id, patterns, " ".join(claim.split()), top))
    return found


def proofs_of(game: str, rule_id: str) -> list[Proof]:
    return [proof for proof in proofs(game) if proof.proves(rule_id)]


def run(selected: list[Proof]) -> dict[str, Outcome]:
    """Run ``selected`` in child pytests (one per folder the proofs modules are imported
    from), each from a temporary folder with a configuration of its own (nothing is
    written where rulespec is installed or started); the outcome of each proof by node id
    (a parametrized proof: its worst case), read from the child's JUnit XML."""
    outcomes: dict[str, Outcome] = {}
    for top in sorted({proof.top for proof in selected}):
        outcomes |= _run_from(top, [proof for proof in selected if proof.top == top])
    return outcomes


def _run_from(top: Path, selected: list[Proof]) -> dict[str, Outcome]:
    with tempfile.TemporaryDirectory(prefix="rulespec-proofs-") as tmp:
        ini, xml = Path(tmp) / "pytest.ini", Path(tmp) / "proofs.xml"
        ini.write_text(PROOFS_INI, encoding="utf-8")
        tests = sorted({str(top / proof.test) for proof in selected})
        args = [sys.executable, "-m", "pytest", "-q", "-c", str(ini), "--rootdir",
                str(top), "-p", "no:cacheprovider", "--tb=line", "--junitxml",
                str(xml), *tests]  # fmt: skip
        environment = {**os.environ, "PYTEST_DISABLE_PLUGIN_AUTOLOAD": "1"}
        done = subprocess.run(args, cwd=tmp, env=environment, capture_output=True, text=True)
        cases = ElementTree.parse(xml).getroot().iter("testcase") if xml.exists() else []
        outcomes: dict[str, Outcome] = {}
        for case in cases:
            module = case.get("classname", "").replace(".", "/") + ".py"
            test = f"{module}::{case.get('name', '').split('[')[0]}"
            found = Outcome("PASSED")
            for tag, status in (("skipped", "SKIPPED"), ("failure", "FAILED"),
                                ("error", "ERROR")):  # fmt: skip
                child = case.find(tag)
                if child is not None:
                    found = Outcome(status, _first_line(child.get("message", "")))
            known = outcomes.get(test)
            if known is None or SEVERITY[found.status] > SEVERITY[known.status]:
                outcomes[test] = found
    missing = Outcome("NOT RUN", _first_line(done.stdout[-300:] + done.stderr[-300:]))
    return {proof.test: outcomes.get(proof.test, missing) for proof in selected}


def _first_line(text: str) -> str:
    lines = [line.strip() for line in text.splitlines() if line.strip()]
    return next((line for line in lines if "counterexample" in line), lines[0] if lines else "")
