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
    """The id-like strings the modules ``filenames`` (one engine package) name other than
    for a refusal or a parameter, rule constants resolved: in their functions' code and in
    their module-level tables (a class's own tables among them, its methods read as
    functions). A script among them (a top-level ``if __name__ == "__main__":``, such as a
    generator of the game's component data) is left out: what it names is not what the
    engine reports."""
    from conformance.levels import rule_sites

    trees = {name: tree for name in filenames
             if (tree := _parse(name)) is not None and not _is_script(tree)}  # fmt: skip
    diagnosing = _diagnosing(trees.values())
    found: set[str] = set()
    for filename, tree in trees.items():
        constants = rule_sites.module_constants(filename)
        for function in _functions(tree):
            skipped = _explaining_nodes(function, function.name in diagnosing)
            for node in ast.walk(function):
                if id(node) not in skipped:
                    found |= {rule for _, rule in rule_sites.node_ids(node, constants)}
        found |= _table_ids(tree)
    return found


def _parse(filename: str) -> ast.Module | None:
    try:
        return ast.parse(Path(filename).read_text(encoding="utf-8"))
    except (OSError, SyntaxError, ValueError):
        return None


def _is_script(tree: ast.Module) -> bool:
    return any(isinstance(node, ast.If) and "__main__" in ast.unparse(node.test)
               for node in tree.body)  # fmt: skip


def _table_ids(tree: ast.Module) -> set[str]:
    """Id-like strings in module-level tables and classes' own tables (the rules a table of
    events or effects reports). A constant that is one id alone (``TURN_ORDER =
    "IT-TURN-ORDER"``) is not counted here: the code that uses it names it
    (``R.TURN_ORDER``), and a constant only refusals cite is a rule the engine never reports
    (Isle Traces' turn order was listed "never reached" after every game)."""
    from conformance.levels.rule_sites import node_ids

    classes = (node.body for node in tree.body if isinstance(node, ast.ClassDef))
    found: set[str] = set()
    for node in [*tree.body, *(inner for body in classes for inner in body)]:
        value = getattr(node, "value", None)
        if isinstance(value, ast.Constant) and isinstance(value.value, str):
            continue  # one id alone: counted where the code names it
        if isinstance(node, ast.Assign | ast.AnnAssign):
            found |= {rule for inner in ast.walk(node) for _, rule in node_ids(inner, {})}
    return found


def _functions(tree: ast.AST) -> Iterator[Function]:
    for node in ast.walk(tree):
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
            yield node


def _refusal_arguments(function: ast.AST) -> Iterator[ast.AST]:
    """The argument expressions of the refusals and parameter reads in ``function``."""
    from conformance.levels.rule_sites import REFUSALS, refusal_arguments

    return refusal_arguments(function, REFUSALS | _NOT_REPORTS)


def _returned(function: Function) -> Iterator[ast.AST]:
    for node in ast.walk(function):
        if isinstance(node, ast.Return) and node.value is not None:
            yield node.value


def _diagnosing(trees: Iterable[ast.AST]) -> set[str]:
    """The names of the functions whose result a refusal cites, directly or as what another
    such function returns."""
    from conformance.levels.rule_sites import callee

    functions = {f.name: f for tree in trees for f in _functions(tree)}
    found: set[str] = set()
    for function in functions.values():
        for argument in _refusal_arguments(function):
            found |= {callee(n) for n in ast.walk(argument) if isinstance(n, ast.Call)}
    pending = [name for name in found if name in functions]
    while pending:
        for value in _returned(functions[pending.pop()]):
            for call in (n for n in ast.walk(value) if isinstance(n, ast.Call)):
                name = callee(call)
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
