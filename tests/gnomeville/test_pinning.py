"""Honest pinning: a scenario tagged with a rule must fail on an engine that breaks the rule.

Each mutant is one small source edit of a reference Gnomeville module that breaks one rule
the way a careless engine would. A child process loads the edited module before anything
imports the engine, then runs only the scenarios tagged with that rule (``--rulespec-rule``)
against the mutated reference in-process: they must fail. A tag on a scenario that cannot
fail is a nominal pin, which is what this guards against: against the 82 scenarios the
catalogue first had, 23 of the first 30 mutants survived. The mutants live in
``pinning_mutants.yaml``. Expected values stay the rulebook's: the mutants only decide which
scenarios must exist, never what they expect.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections.abc import Iterator
from concurrent.futures import Future, ThreadPoolExecutor
from pathlib import Path
from typing import NamedTuple

import pytest
import yaml

from rulespec.resources import ROOT

ENGINE = ROOT / "reference_impl" / "gnomeville"


class Mutant(NamedTuple):
    rule: str
    module: str
    old: str
    new: str


MUTANTS = [
    Mutant(**m)
    for m in yaml.safe_load((Path(__file__).parent / "pinning_mutants.yaml").read_text("utf-8"))
]

CHILD = """
import importlib.util, json, os, sys
mutant = json.loads(os.environ["GV_MUTANT"])
path = os.path.join(mutant["engine"], mutant["module"] + ".py")
name = "reference_impl.gnomeville." + mutant["module"]
source = open(path, encoding="utf-8").read()
spec = importlib.util.spec_from_file_location(name, path)
module = importlib.util.module_from_spec(spec)
sys.modules[name] = module
exec(compile(source.replace(mutant["old"], mutant["new"]), path, "exec"), module.__dict__)
import pytest
sys.exit(pytest.main(["-q", "-p", "no:cacheprovider", mutant["suite"],
                      "--rulespec-rule", mutant["rule"]]))
"""


def _id(mutant: Mutant) -> str:
    return mutant.rule


def test_every_mutant_edits_its_module_in_exactly_one_place() -> None:
    for mutant in MUTANTS:
        assert mutant.module != "__init__", "the child loads plain modules, not the package"
        source = (ENGINE / f"{mutant.module}.py").read_text(encoding="utf-8")
        assert source.count(mutant.old) == 1, (mutant.rule, mutant.old)


def test_every_mutated_rule_is_in_the_catalogue() -> None:
    from conformance.specification import catalogue

    known = {rule.id for rule in catalogue.load("gnomeville").rules}
    assert {m.rule for m in MUTANTS} <= known
    assert len({m.rule for m in MUTANTS}) == len(MUTANTS)


def _run(mutant: Mutant) -> subprocess.CompletedProcess[str]:
    env = {
        **os.environ,
        "GV_MUTANT": json.dumps({
            **mutant._asdict(),
            "engine": str(ENGINE),
            "suite": str(ROOT / "conformance" / "suite" / "test_gnomeville.py"),
        }),
    }  # fmt: skip
    return subprocess.run(
        [sys.executable, "-c", CHILD], cwd=ROOT, env=env, capture_output=True, text=True,
        timeout=300,
    )  # fmt: skip


@pytest.fixture(scope="module")
def runs(
    request: pytest.FixtureRequest,
) -> Iterator[dict[str, Future[subprocess.CompletedProcess[str]]]]:
    """The selected mutants' child runs, started together on a small pool (a child a core)."""
    selected = [
        item.callspec.params["mutant"]
        for item in request.session.items
        if "mutant" in getattr(getattr(item, "callspec", None), "params", {})
    ]
    with ThreadPoolExecutor(max_workers=min(4, os.cpu_count() or 1)) as pool:
        yield {mutant.rule: pool.submit(_run, mutant) for mutant in selected}


@pytest.mark.slow
@pytest.mark.parametrize("mutant", MUTANTS, ids=_id)
def test_the_scenarios_tagged_with_a_rule_fail_on_an_engine_breaking_it(
    mutant: Mutant, runs: dict[str, Future[subprocess.CompletedProcess[str]]]
) -> None:
    run = runs[mutant.rule].result()
    assert run.returncode == 1, f"{mutant.rule} survived:\n{run.stdout[-1500:]}{run.stderr[-1500:]}"
    assert " failed" in run.stdout.splitlines()[-1]
