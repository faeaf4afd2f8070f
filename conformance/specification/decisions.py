"""Catalogue-level proofs in the spirit of Catala: the guards of a decision point cover
every case (no gap) and never overlap without a priority (no conflict).

A decision table (``spec/<game>/decisions.yaml``) names bounded integer/boolean variables
and one case per rule, each with a guard in a small expression language (integers,
variables, ``+ - *``, comparisons, ``and or not``). z3 searches the bounded space for a gap
(no guard holds) or a conflict (two guards of equal priority hold); each finding comes
back as concrete game values.
"""

from __future__ import annotations

import ast
from dataclasses import dataclass
from typing import Any

import z3

from rulespec.yaml_safe import safe_load


class DecisionError(ValueError):
    """A decision table that cannot be read; names the file, decision and guard."""


@dataclass(frozen=True)
class Finding:
    decision: str
    kind: str  # "gap" or "conflict"
    rules: tuple[str, ...]
    values: dict[str, int | bool]

    def __str__(self) -> str:
        shown = ", ".join(f"{k}={v}" for k, v in sorted(self.values.items()))
        if self.kind == "gap":
            return f"{self.decision}: no rule applies when {shown}"
        return f"{self.decision}: {' and '.join(self.rules)} both apply when {shown}"


_COMPARE = {
    ast.Eq: lambda a, b: a == b,
    ast.NotEq: lambda a, b: a != b,
    ast.Lt: lambda a, b: a < b,
    ast.LtE: lambda a, b: a <= b,
    ast.Gt: lambda a, b: a > b,
    ast.GtE: lambda a, b: a >= b,
}
_ARITH = {ast.Add: lambda a, b: a + b, ast.Sub: lambda a, b: a - b, ast.Mult: lambda a, b: a * b}


def _term(node: ast.AST, variables: dict[str, Any], where: str) -> Any:
    if isinstance(node, ast.Expression):
        return _term(node.body, variables, where)
    if isinstance(node, ast.BoolOp):
        parts = [_term(v, variables, where) for v in node.values]
        return z3.And(*parts) if isinstance(node.op, ast.And) else z3.Or(*parts)
    if isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.Not):
        return z3.Not(_term(node.operand, variables, where))
    if isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.USub):
        return -_term(node.operand, variables, where)
    if isinstance(node, ast.Compare):
        left = _term(node.left, variables, where)
        parts = []
        for op, right_node in zip(node.ops, node.comparators, strict=True):
            right = _term(right_node, variables, where)
            if type(op) not in _COMPARE:
                raise DecisionError(f"{where}: unsupported comparison {type(op).__name__}")
            parts.append(_COMPARE[type(op)](left, right))
            left = right
        return z3.And(*parts) if len(parts) > 1 else parts[0]
    if isinstance(node, ast.BinOp) and type(node.op) in _ARITH:
        return _ARITH[type(node.op)](
            _term(node.left, variables, where), _term(node.right, variables, where)
        )
    if isinstance(node, ast.Name):
        if node.id not in variables:
            raise DecisionError(f"{where}: unknown variable {node.id!r}")
        return variables[node.id]
    if isinstance(node, ast.Constant) and isinstance(node.value, bool | int):
        return z3.BoolVal(node.value) if isinstance(node.value, bool) else node.value
    raise DecisionError(f"{where}: unsupported expression {ast.dump(node)[:60]}")


def guard(text: str, variables: dict[str, Any], where: str) -> z3.BoolRef:
    try:
        tree = ast.parse(text, mode="eval")
    except SyntaxError as error:
        raise DecisionError(f"{where}: cannot parse guard {text!r}: {error.msg}") from None
    return _term(tree, variables, where)


def check_decision(name: str, spec: dict[str, Any], where: str) -> list[Finding]:
    """Every gap and conflict of one decision table, as concrete values."""
    variables: dict[str, Any] = {}
    bounds = []
    for var, domain in spec["variables"].items():
        if domain == "bool":
            variables[var] = z3.Bool(var)
        else:
            low, high = domain
            variables[var] = z3.Int(var)
            bounds += [variables[var] >= low, variables[var] <= high]
    for condition in spec.get("assume", []):
        bounds.append(guard(condition, variables, f"{where} {name} assume"))
    cases = []
    for case in spec["cases"]:
        label = f"{case['rule']} ({case['label']})" if "label" in case else case["rule"]
        cases.append((label, guard(case["when"], variables, f"{where} {name} {label}"),
                      case.get("priority", 0)))  # fmt: skip
    findings = []
    solver = z3.Solver()
    solver.add(*bounds, z3.Not(z3.Or(*[g for _, g, _ in cases])))
    if solver.check() == z3.sat:
        findings.append(Finding(name, "gap", (), _values(solver.model(), variables)))
    for i, (rule_a, guard_a, prio_a) in enumerate(cases):
        for rule_b, guard_b, prio_b in cases[i + 1 :]:
            if prio_a != prio_b:
                continue
            solver = z3.Solver()
            solver.add(*bounds, guard_a, guard_b)
            if solver.check() == z3.sat:
                values = _values(solver.model(), variables)
                findings.append(Finding(name, "conflict", (rule_a, rule_b), values))
    return findings


def _values(model: z3.ModelRef, variables: dict[str, Any]) -> dict[str, int | bool]:
    values: dict[str, int | bool] = {}
    for name, var in variables.items():
        value = model.eval(var, model_completion=True)
        values[name] = z3.is_true(value) if z3.is_bool(value) else value.as_long()
    return values


def decision_tables(game: str) -> dict[str, dict[str, Any]]:
    from rulespec.games import spec_file

    path = spec_file(game, "decisions.yaml")
    if path is None:
        return {}
    document = safe_load(path.read_text(encoding="utf-8"))
    if not isinstance(document, dict) or not isinstance(document.get("decisions"), dict):
        raise DecisionError(f"{path}: expected a mapping with 'decisions'")
    return document["decisions"]


def check_game(game: str) -> list[Finding]:
    findings = []
    for name, spec in decision_tables(game).items():
        findings += check_decision(name, spec, f"spec/{game}/decisions.yaml")
    return findings
