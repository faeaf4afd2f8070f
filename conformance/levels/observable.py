"""Which rules a reference engine can be seen to apply through its ``fired`` reports.

A rule id the engine's code names where it records what a step did (``fired.append(...)``,
a table of effects, a rule constant used outside refusals) is observable by firing: a run
that never saw it fire did not reach it. An id the code names only to explain a refusal is
not: the engine never reports it, so a run that plays every game to its end would list it
"never reached" (Isle Traces' turn order was), and the attribution would pass over a line
whose comment names it, as a rule the step could have reported and did not.

Named for a refusal: an argument of a refusal (``IllegalAction("ND-PLACE-NONE", ...)``,
:data:`~conformance.levels.rule_sites.REFUSALS`), a value assigned to a name such an
argument is (``rule = {...}.get(phase, "ND-ROUND-PHASES")``), a value returned by a
function whose result a refusal cites, directly or through another such function's return
(Gnomeville's ``_diagnose``), and the rule whose parameter ``rule_param`` reads.
"""

from __future__ import annotations

import ast
from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import Any

#: calls whose arguments name a rule without recording it as applied
_NOT_REPORTS = frozenset({"rule_param"})

Function = ast.FunctionDef | ast.AsyncFunctionDef


def reported_ids(filenames: Iterable[str]) -> set[str]:
    """The id-like strings the functions of ``filenames`` (one engine package) name other
    than for a refusal or a parameter, rule constants resolved."""
    from conformance.levels import rule_sites

    trees = {name: tree for name in filenames if (tree := _parse(name)) is not None}
    diagnosing = _diagnosing(trees.values())
    found: set[str] = set()
    for filename, tree in trees.items():
        constants = rule_sites.module_constants(filename)
        for function in _functions(tree):
            skipped = _explaining_nodes(function, function.name in diagnosing)
            for node in ast.walk(function):
                if id(node) not in skipped:
                    found |= {rule for _, rule in rule_sites.node_ids(node, constants)}
    return found


def runtime_files(filenames: Iterable[str]) -> list[str]:
    """``filenames`` without the scripts among them (a module with a top-level ``if
    __name__ == "__main__":``, such as a generator of the game's component data): what a
    script names is not what the engine reports."""
    return [name for name in filenames if (tree := _parse(name)) is None or not any(
        isinstance(node, ast.If) and "__main__" in ast.unparse(node.test) for node in tree.body
    )]  # fmt: skip


def _parse(filename: str) -> ast.Module | None:
    try:
        return ast.parse(Path(filename).read_text(encoding="utf-8"))
    except (OSError, SyntaxError, ValueError):
        return None


def _functions(tree: ast.AST) -> Iterator[Function]:
    for node in ast.walk(tree):
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
            yield node


def _callee(call: ast.Call) -> str:
    func = call.func
    return func.id if isinstance(func, ast.Name) else getattr(func, "attr", "")


def _refusal_arguments(function: ast.AST) -> Iterator[ast.AST]:
    """The argument expressions of the refusals and parameter reads in ``function``."""
    from conformance.levels.rule_sites import REFUSALS

    for node in ast.walk(function):
        if isinstance(node, ast.Call) and _callee(node) in REFUSALS | _NOT_REPORTS:
            yield from [*node.args, *(keyword.value for keyword in node.keywords)]


def _returned(function: Function) -> Iterator[ast.AST]:
    for node in ast.walk(function):
        if isinstance(node, ast.Return) and node.value is not None:
            yield node.value


def _diagnosing(trees: Iterable[ast.AST]) -> set[str]:
    """The names of the functions whose result a refusal cites, directly or as what another
    such function returns."""
    functions = {f.name: f for tree in trees for f in _functions(tree)}
    found: set[str] = set()
    for function in functions.values():
        for argument in _refusal_arguments(function):
            found |= {_callee(n) for n in ast.walk(argument) if isinstance(n, ast.Call)}
    pending = [name for name in found if name in functions]
    while pending:
        for value in _returned(functions[pending.pop()]):
            for call in (n for n in ast.walk(value) if isinstance(n, ast.Call)):
                name = _callee(call)
                if name in functions and name not in found:
                    found.add(name)
                    pending.append(name)
    return found


def _explaining_nodes(function: Function, diagnosing: bool) -> set[int]:
    """The ids of the nodes of ``function`` that name a rule only to explain a refusal (or
    read its parameter), and of its docstring."""
    explaining: list[ast.AST] = list(_refusal_arguments(function))
    cited = {node.id for node in explaining if isinstance(node, ast.Name)}
    for node in ast.walk(function):
        if isinstance(node, ast.Assign) and any(
            isinstance(target, ast.Name) and target.id in cited for target in node.targets
        ):
            explaining.append(node.value)
    if diagnosing:
        explaining += list(_returned(function))
    body: list[Any] = function.body
    if body and ast.get_docstring(function) is not None:
        explaining.append(body[0])
    return {id(node) for root in explaining for node in ast.walk(root)}
