"""The z3 proofs of :mod:`conformance.proofs`, indexed by the rule ids they prove.

Each proof is a test function whose docstring opens with the rule ids it proves, then the
claim and its bounds (``"ND-ND-PAYOUT: for 0 <= value <= 200 ..."``); a ``*`` in an id
stands for any suffix (``GV-EVENT-TIE-*``). ``rulespec rules`` lists the proofs of a rule,
and ``rulespec proofs`` runs them (:func:`run`) and reports per rule. The proof modules
ship inside the package and are found through ``importlib.resources``, so an installed
wheel runs the same proofs as a checkout.
"""

from __future__ import annotations

import ast
import fnmatch
import os
import re
import subprocess
import sys
import tempfile
from dataclasses import dataclass
from importlib.resources import files
from pathlib import Path
from xml.etree import ElementTree

PROOFS_DIR = Path(str(files("conformance.proofs")))
#: node ids are relative to the folder holding the ``conformance`` package
PROOFS_TOP = PROOFS_DIR.parent.parent
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
    test: str  # pytest node id, relative to the folder holding the conformance package
    patterns: tuple[str, ...]
    claim: str

    def proves(self, rule_id: str) -> bool:
        return any(fnmatch.fnmatchcase(rule_id, pattern) for pattern in self.patterns)


@dataclass(frozen=True)
class Outcome:
    status: str  # PASSED, SKIPPED, FAILED, ERROR or NOT RUN
    detail: str = ""  # the counterexample line, the skip reason


def proofs(game: str | None = None) -> list[Proof]:
    """Every proof of ``conformance/proofs/test_<game>_proofs.py`` (all games when None)."""
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
                node_id = f"{path.relative_to(PROOFS_TOP).as_posix()}::{node.name}"
                found.append(Proof(name, node_id, patterns, " ".join(claim.split())))
    return found


def proofs_of(game: str, rule_id: str) -> list[Proof]:
    return [proof for proof in proofs(game) if proof.proves(rule_id)]


def run(selected: list[Proof]) -> dict[str, Outcome]:
    """Run ``selected`` in a child pytest, from a temporary folder with a configuration of
    its own (nothing is written where rulespec is installed or started); the outcome of
    each proof by node id (a parametrized proof: its worst case), read from the child's
    JUnit XML."""
    if not selected:
        return {}
    with tempfile.TemporaryDirectory(prefix="rulespec-proofs-") as tmp:
        ini, xml = Path(tmp) / "pytest.ini", Path(tmp) / "proofs.xml"
        ini.write_text(PROOFS_INI, encoding="utf-8")
        tests = sorted({str(PROOFS_TOP / proof.test) for proof in selected})
        args = [sys.executable, "-m", "pytest", "-q", "-c", str(ini), "--rootdir",
                str(PROOFS_TOP), "-p", "no:cacheprovider", "--tb=line", "--junitxml",
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
