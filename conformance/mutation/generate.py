"""The mutants of one game's reference engine, made with mutmut's libcst operators.

mutmut 3 finds the mutation sites (its ``MutationVisitor`` and ``mutation_operators``:
comparison and arithmetic swaps, ``and``/``or``, integer ``+1``, ``True``/``False``,
``in``/``not in``, ``break``/``continue``, argument removal, string and assignment
replacement, ...). Its runner is not used: it copies the tree into ``./mutants/`` and routes
every call through trampolines, which cannot mutate module-level rule constants and expects
its own test layout. Here each mutant is the module's source with one node spliced, held in
memory and run by :mod:`conformance.mutation.worker`.

Our own additions, only where mutmut has nothing: an integer constant ``-1`` (mutmut only
adds 1; a threshold is as often off by one downwards), and decorated functions are mutated
too (mutmut skips them because its trampolines cannot wrap them; we need no trampolines).

Left alone, because L2 does not judge them: rule ids appended to ``fired`` (the firing level
checks those) and the free-form wording of an error message inside ``raise`` (the protocol
pins the error's kind and rule id, not its text: no mutant inside an f-string of a ``raise``,
no string of a ``raise`` but a rule id, no argument removed from it).

Skipped and counted (:attr:`MutantSet.skipped`, shown in the report): the condition of an
``if`` whose only body records a fired rule (``st.fired.append("ND-PLAGUE")``, an ``elif``
or ``else`` of the same kind, nothing else). Such a test decides nothing but what ``fired``
reports: it is instrumentation of the protocol's ``fired`` capability, which the firing
level judges, not rule behaviour that a scenario could see. A condition holding an
assignment expression (``:=``) is still mutated: it may change state.

Each mutant names the function it is in (``function``: the qualified name, ``Class.method``,
``<module>`` at module level) and its ``occurrence`` among the mutants of that function with
the same changed lines; the triage file matches on those (:mod:`conformance.mutation.triage`).
"""

from __future__ import annotations

import ast
import fnmatch
import functools
import hashlib
import re
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

import libcst as cst
from libcst.metadata import PositionProvider
from mutmut.mutation.file_mutation import NEVER_MUTATE_FUNCTION_NAMES, MutationVisitor
from mutmut.mutation.mutators import mutation_operators
from mutmut.mutation.pragma_handling import IgnoredCode, PragmaVisitor

from conformance.mutation.engine_package import MutantError, engine_package, package_dir
from conformance.specification import catalogue

RULE_ID = re.compile(r"\b[A-Z]{2,4}(?:-(?:[A-Z0-9]+|\*))+")


@dataclass(frozen=True)
class Mutant:
    """One mutant: a single edit of one module of ``reference_impl/<game>/``.

    ``scope`` is ``function`` when the edit only acts when its lines run (a scenario that
    never executes them, with every cache cold, cannot kill it), ``global`` when it acts at
    import time, in a class body or a default argument (every scenario may see it), and
    ``instrumentation`` for a mutant that is made but not run (see the module docstring).
    """

    game: str
    module: str  # the file inside the package, e.g. "scoring.py"
    line: int  # first changed line, 1-based
    before: str  # the changed lines as they are (each stripped, joined by newlines)
    after: str  # the same lines in the mutant
    operator: str
    key: str  # stable: module, before, after, operator and occurrence; not the line number
    rules: tuple[str, ...]
    scope: str
    span: tuple[int, int]  # first and last line of the mutated node (selects scenarios)
    splice: tuple[int, int, str] = field(repr=False, compare=False)  # offsets and new text
    seed_rule: str | None = None  # a hand-written seed mutant: the rule it breaks
    function: str = "<module>"  # qualified name of the enclosing def or class
    occurrence: int = 1  # among the mutants of ``function`` with the same before and after

    def describe(self) -> str:
        before = self.before.replace("\n", " / ")
        after = self.after.replace("\n", " / ")
        return f"{self.module}:{self.line}: {before}  ->  {after}"

    def as_json(self) -> dict[str, Any]:
        return {
            "key": self.key, "module": self.module, "line": self.line, "before": self.before,
            "after": self.after, "operator": self.operator, "rules": list(self.rules),
            "scope": self.scope, "seed_rule": self.seed_rule, "function": self.function,
            "occurrence": self.occurrence,
        }  # fmt: skip


@dataclass
class MutantSet:
    """Every mutant of a game, with the original sources they splice into."""

    game: str
    package: str  # the engine's package: "reference_impl.<game>" for rulespec's own games
    directory: Path
    sources: dict[str, str]  # module file -> original source
    mutants: list[Mutant]
    #: the mutants not run: conditions of an ``if`` that only records a fired rule (kept so
    #: that the report counts them and the triage knows an entry that names one)
    instrumentation: list[Mutant] = field(default_factory=list)
    #: every mutant made, run or not, in the order a sample is drawn from (see :meth:`draw`)
    made: list[Mutant] = field(default_factory=list)

    def draw(self, pool: list[Mutant], sample: int | None, seed: int) -> list[Mutant]:
        """The mutants of ``pool`` that ``--sample N --seed S`` runs: the draw is made from
        ``pool`` with the instrumentation mutants of the same modules put back in their
        places, then those are left out. So a sample holds the same mutants as before they
        were skipped (the fixed samples of the tests stay fixed), N less the skipped ones."""
        if not self.made:  # a set built by hand, without the mutants it skipped
            return choose(pool, sample, seed)
        keys = {m.key for m in pool}
        modules = {m.module for m in pool}
        skipped = {m.key for m in self.instrumentation if m.module in modules}
        wide = [m for m in self.made if m.key in keys or m.key in skipped]
        return [m for m in choose(wide, sample, seed) if m.key in keys]

    @property
    def skipped(self) -> dict[str, int]:
        """Mutants not run, by reason."""
        return {"instrumentation": len(self.instrumentation)}

    def module_name(self, module: str) -> str:
        stem = module.removesuffix(".py").replace("/", ".")
        return self.package if stem == "__init__" else f"{self.package}.{stem}"

    def source_of(self, mutant: Mutant) -> str:
        """The whole mutated module."""
        start, end, text = mutant.splice
        original = self.sources[mutant.module]
        return original[:start] + text + original[end:]

    def by_key(self) -> dict[str, Mutant]:
        return {m.key: m for m in self.mutants}


def choose(pool: list[Mutant], sample: int | None, seed: int) -> list[Mutant]:
    """A reproducible sample of ``pool`` (all of it when ``sample`` is None or too large)."""
    import random

    if sample is None or sample >= len(pool):
        return list(pool)
    index = {id(m): i for i, m in enumerate(pool)}
    return sorted(random.Random(seed).sample(pool, sample), key=lambda m: index[id(m)])


def generate(
    game: str,
    seeds: Iterable[dict[str, str]] = (),
    operators: Iterable[str] | None = None,
    modules: Iterable[str] | None = None,
    cache: Path | None = None,
    keep: bool = True,
) -> MutantSet:
    """All mutants of ``reference_impl/<game>/``, sorted by module and line, then the seeds.

    ``modules`` (file names such as ``scoring.py``) limits the operators to those modules;
    every module's source is still read (the fingerprint and seeds need them). With a
    ``cache`` folder a module's mutants are read from it when its inputs are unchanged
    (:mod:`conformance.mutation.generated_cache`), else made and, unless ``keep`` is false,
    kept there.
    """
    only = None if modules is None else set(modules)
    chosen = tuple(DEFAULT_OPERATORS if operators is None else operators)
    unknown = sorted(set(chosen) - set(ALL_OPERATORS))
    if unknown:
        raise MutantError(
            f"unknown mutation operator(s) {', '.join(unknown)} (known: {', '.join(ALL_OPERATORS)})"
        )
    directory = package_dir(game)
    known = {rule.id for rule in catalogue.load(game).rules}
    sources: dict[str, str] = {}
    made: list[Mutant] = []
    for path in sorted(directory.rglob("*.py")):
        module = path.relative_to(directory).as_posix()
        source = path.read_text(encoding="utf-8")
        sources[module] = source
        if only is not None and module not in only:
            continue
        made += _made(game, module, source, known, chosen, cache, keep)
    for seed in seeds:
        module = f"{seed['module']}.py" if not seed["module"].endswith(".py") else seed["module"]
        if module not in sources:
            raise MutantError(f"seed mutant for {seed['rule']}: no module {module} in {game}")
        made.append(_seed(game, module, sources[module], seed))
    mutants = [m for m in made if m.scope != "instrumentation"]
    instrumentation = [m for m in made if m.scope == "instrumentation"]
    return MutantSet(game, engine_package(game), directory, sources, mutants, instrumentation, made)


class RuleIndex:
    """The rule ids each line implements: the innermost function's docstring and the rule
    ids its code names (``fired``, ``IllegalAction``), else the enclosing class's, else the
    module docstring's. ``XX-AREA-*`` expands to the catalogue's matching ids."""

    def __init__(self, source: str, known: set[str]) -> None:
        self.known = known
        tree = ast.parse(source)
        self.module_rules = self._ids(ast.get_docstring(tree) or "")
        self.scopes: list[tuple[int, int, tuple[str, ...]]] = []
        for node in ast.walk(tree):
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
                text = ast.get_docstring(node) or ""
                if not isinstance(node, ast.ClassDef):
                    text += " " + " ".join(
                        c.value for c in ast.walk(node)
                        if isinstance(c, ast.Constant) and isinstance(c.value, str)
                        and RULE_ID.fullmatch(c.value)
                    )  # fmt: skip
                ids = self._ids(text)
                if ids:
                    self.scopes.append((node.lineno, node.end_lineno or node.lineno, ids))
        self.scopes.sort(key=lambda s: s[1] - s[0])  # innermost first

    def _ids(self, text: str) -> tuple[str, ...]:
        found: list[str] = []
        for name in RULE_ID.findall(text):
            matches = fnmatch.filter(sorted(self.known), name) if "*" in name else [name]
            found += [m for m in matches if m in self.known and m not in found]
        return tuple(found)

    def rules_at(self, line: int) -> tuple[str, ...]:
        for first, last, ids in self.scopes:
            if first <= line <= last:
                return ids
        return self.module_rules


class FunctionIndex:
    """The qualified name of the innermost ``def`` or ``class`` around each line
    (``State.copy``, ``outer.inner``; ``<module>`` outside every one)."""

    def __init__(self, source: str) -> None:
        self.scopes: list[tuple[int, int, str]] = []
        self._walk(ast.parse(source), "")
        self.scopes.sort(key=lambda s: s[1] - s[0])  # innermost first

    def _walk(self, node: ast.AST, prefix: str) -> None:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
                name = prefix + child.name
                self.scopes.append((child.lineno, child.end_lineno or child.lineno, name))
                self._walk(child, name + ".")
            else:
                self._walk(child, prefix)

    def at(self, line: int) -> str:
        for first, last, name in self.scopes:
            if first <= line <= last:
                return name
        return "<module>"


@functools.lru_cache(maxsize=64)
def functions_of(source: str) -> FunctionIndex:
    """The :class:`FunctionIndex` of a module's source, made once per source (each seed
    mutant of a module asks for it: Gnomeville's 96 seeds parsed their modules 96 times)."""
    return FunctionIndex(source)


def code_of(text: str) -> str:
    """Lines of source without their trailing comments (a ``#`` outside any string)."""
    return "\n".join(_without_comment(line) for line in text.split("\n"))


def _without_comment(line: str) -> str:
    quote = ""
    index = 0
    while index < len(line):
        char = line[index]
        if quote:
            if char == "\\":
                index += 1
            elif line.startswith(quote, index):
                index += len(quote) - 1
                quote = ""
        elif char in "'\"":
            quote = char * 3 if line.startswith(char * 3, index) else char
            index += len(quote) - 1
        elif char == "#":
            return line[:index].rstrip()
        index += 1
    return line.rstrip()


def number_occurrences(mutants: list[Mutant]) -> list[Mutant]:
    """Each mutant's ``occurrence``: 1 for the first of its function with its before and
    after code, 2 for the next, ... (in source order; comments do not count, as for the
    triage entries that name them)."""
    seen: dict[tuple[str, str, str, str], int] = {}
    out = []
    for mutant in mutants:
        where = (mutant.module, mutant.function, code_of(mutant.before), code_of(mutant.after))
        seen[where] = seen.get(where, 0) + 1
        out.append(replace(mutant, occurrence=seen[where]))
    return out


def operator_number_down(node: cst.BaseNumber) -> Iterator[cst.BaseNumber]:
    """An integer constant minus one (mutmut only adds one)."""
    if isinstance(node, cst.Integer) and node.evaluated_value > 0:
        yield node.with_changes(value=str(node.evaluated_value - 1))


def operator_skip_statement(node: cst.CSTNode) -> Iterator[cst.CSTNode]:
    """A statement left out: a call made for its effect, an augmented assignment, or an
    assignment to a field or an entry (``pl["set"] = [c]``): what an engine that forgot a
    clause does."""
    called = (isinstance(node, cst.Expr) and isinstance(node.value, cst.Call)
              and not _reports_fired(node.value))  # fmt: skip
    stored = isinstance(node, cst.Assign) and all(
        isinstance(t.target, cst.Attribute | cst.Subscript) for t in node.targets
    )
    if called or stored or isinstance(node, cst.AugAssign):
        yield cst.Pass()


def operator_drop_operand(node: cst.CSTNode) -> Iterator[cst.CSTNode]:
    """One side of a binary or boolean operation alone (``coins + cubes`` -> ``coins``,
    ``a and b`` -> ``b``): a term or a condition forgotten."""
    if isinstance(node, cst.BinaryOperation | cst.BooleanOperation):
        for side in (node.left, node.right):
            yield side.with_changes(lpar=[cst.LeftParen()], rpar=[cst.RightParen()])


def operator_constant_condition(node: cst.CSTNode) -> Iterator[cst.CSTNode]:
    """A test that always holds, or never (``c not in on_board`` -> ``False``)."""
    if isinstance(node, cst.Comparison) or (
        isinstance(node, cst.UnaryOperation) and isinstance(node.operator, cst.Not)
    ):
        yield cst.Name("True")
        yield cst.Name("False")


def operator_empty_collection(node: cst.CSTNode) -> Iterator[cst.CSTNode]:
    """A list or set display made empty (``[c]`` -> ``[]``, ``{c}`` -> ``set()``): a
    collection that should start with something starts empty."""
    if isinstance(node, cst.List) and node.elements:
        yield node.with_changes(elements=[])
    elif isinstance(node, cst.Set) and node.elements:
        yield cst.Call(func=cst.Name("set"))


#: mutmut's operators by name, each narrowed to the node types it can change (mutmut offers
#: the catch-all ones every node, through slow matchers), plus ours.
_NARROW: dict[str, tuple[type, ...]] = {
    "operator_swap_op": (
        cst.BinaryOperation, cst.UnaryOperation, cst.BooleanOperation, cst.ComparisonTarget,
        cst.AugAssign,
    ),
    "operator_keywords": (cst.Is, cst.IsNot, cst.In, cst.NotIn, cst.Break, cst.Continue),
}  # fmt: skip
ALL_OPERATORS: dict[str, tuple[tuple[type, ...], Any]] = {}
for _kind, _fn in mutation_operators:  # one operator may serve several node types
    _kinds = ALL_OPERATORS.get(_fn.__name__.removeprefix("operator_"), ((), _fn))[0]
    ALL_OPERATORS[_fn.__name__.removeprefix("operator_")] = (
        _NARROW.get(_fn.__name__, (*_kinds, _kind)),
        _fn,
    )
ALL_OPERATORS["number_down"] = ((cst.BaseNumber,), operator_number_down)
#: Ours, for blame by reproduction (:mod:`conformance.levels.reproduction`) and ``--operators
#: all``: the shapes of the bugs an implementer makes reading a rulebook (a clause
#: forgotten, a term dropped, a test that always holds) that no one-token swap makes.
LOCALISING = {
    "skip_statement": ((cst.Expr, cst.AugAssign, cst.Assign), operator_skip_statement),
    "drop_operand": ((cst.BinaryOperation, cst.BooleanOperation), operator_drop_operand),
    "constant_condition": ((cst.Comparison, cst.UnaryOperation), operator_constant_condition),
    "empty_collection": ((cst.List, cst.Set), operator_empty_collection),
}
ALL_OPERATORS.update(LOCALISING)
#: The default set: rule logic. mutmut's ``string`` (``"a"`` -> ``"XXaXX"``, mostly JSON keys)
#: and ``arg_removal`` / ``dict_arguments`` (mostly a call that raises at once) are left out:
#: they are killed by any scenario that runs the line and would inflate the score. ``--operators
#: all`` adds them.
DEFAULT_OPERATORS = tuple(
    name
    for name in ALL_OPERATORS
    if name not in ("string", "arg_removal", "dict_arguments", *LOCALISING)
)
#: what blame by reproduction tries: the default set and the localising operators
REPRODUCING_OPERATORS = (*DEFAULT_OPERATORS, *LOCALISING)


class _Visitor(MutationVisitor):
    """mutmut's visitor, remembering each mutation's operator, scope and context."""

    METADATA_DEPENDENCIES = (PositionProvider,)

    def __init__(self, ignored: IgnoredCode, operators: Iterable[str]) -> None:
        super().__init__([], ignored)
        self.chosen = [ALL_OPERATORS[name] for name in operators]
        self.by_type: dict[type, list[Any]] = {}  # isinstance on libcst's ABCs is slow
        self.found: list[tuple[cst.CSTNode, cst.CSTNode, str, str]] = []
        self.stack: list[cst.CSTNode] = []
        self.raises = 0
        self.fstrings = 0

    def on_visit(self, node: cst.CSTNode) -> bool:
        self.stack.append(node)
        self.raises += type(node) is cst.Raise
        self.fstrings += type(node) is cst.FormattedString
        if _reports_fired(node):
            return False
        return super().on_visit(node)

    def on_leave(self, original_node: cst.CSTNode) -> None:
        self.raises -= type(original_node) is cst.Raise
        self.fstrings -= type(original_node) is cst.FormattedString
        self.stack.pop()

    def _skip_node_and_children(self, node: cst.CSTNode) -> bool:
        if isinstance(node, cst.FunctionDef) and node.decorators:
            position = self.get_metadata(PositionProvider, node, None)
            if not (position and position.start.line in self._ignored_node_lines):
                return node.name.value in NEVER_MUTATE_FUNCTION_NAMES
        return super()._skip_node_and_children(node)

    def _create_mutations(self, node: cst.CSTNode) -> None:
        in_raise = self.raises > 0
        if in_raise and self.fstrings:
            return  # the wording of an error message
        kind = type(node)
        if kind not in self.by_type:
            self.by_type[kind] = [op for kinds, op in self.chosen if issubclass(kind, kinds)]
        for operator in self.by_type[kind]:
            if in_raise and operator.__name__ == "operator_arg_removal":
                continue
            text = node.evaluated_value if isinstance(node, cst.SimpleString) else None
            if in_raise and isinstance(text, str) and not RULE_ID.fullmatch(text):
                continue
            for mutated in operator(node):
                if not self._removes_ignored_code(node, mutated):
                    name = operator.__name__.removeprefix("operator_")
                    scope = "instrumentation" if self._decides_only_fired() else self._scope()
                    self.found.append((node, mutated, name, scope))

    def _decides_only_fired(self) -> bool:
        """Inside the condition of an ``if`` whose branches only record fired rules."""
        for parent, child in zip(self.stack, self.stack[1:], strict=False):
            if isinstance(parent, cst.If) and child is parent.test and _only_fires(parent):
                return not any(isinstance(n, cst.NamedExpr) for n in self.stack)
        return False

    def _scope(self) -> str:
        """``function`` inside a function body, else ``global``.

        A cached function's body (``@cache``, ``lru_cache``) is ``function`` too: the
        baseline records each scenario's lines with every cache cold
        (:mod:`conformance.mutation.worker`), so the scenarios that use the cache are the
        ones that run its body."""
        for parent, child in zip(reversed(self.stack[:-1]), reversed(self.stack[1:]), strict=True):
            if isinstance(parent, cst.FunctionDef) and child is parent.body:
                return "function"
        return "global"


def _reports_fired(node: cst.CSTNode) -> bool:
    """``<x>.fired.append(...)``, ``fired.extend(...)``, ``fired += [...]``: rule reporting."""

    def named_fired(expr: cst.BaseExpression) -> bool:
        return (isinstance(expr, cst.Name) and expr.value == "fired") or (
            isinstance(expr, cst.Attribute) and expr.attr.value == "fired"
        )

    if isinstance(node, cst.Call) and isinstance(node.func, cst.Attribute):
        return node.func.attr.value in ("append", "extend") and named_fired(node.func.value)
    return isinstance(node, cst.AugAssign) and named_fired(node.target)


def _only_fires(node: cst.If) -> bool:
    """Every branch of this ``if`` (and its ``elif``/``else``) only records fired rules."""
    statements: list[cst.BaseSmallStatement] = []
    for line in _body(node.body):
        if not isinstance(line, cst.SimpleStatementLine):
            return False
        statements += line.body
    if isinstance(node.body, cst.SimpleStatementSuite):
        statements = list(node.body.body)
    reports = all(
        (isinstance(s, cst.Expr) and _reports_fired(s.value)) or _reports_fired(s)
        for s in statements
    )
    if not statements or not reports:
        return False
    if node.orelse is None:
        return True
    if isinstance(node.orelse, cst.If):
        return _only_fires(node.orelse)
    return _only_fires(cst.If(test=cst.Name("True"), body=node.orelse.body))


def _body(suite: cst.BaseSuite) -> list[cst.CSTNode]:
    return list(suite.body) if isinstance(suite, cst.IndentedBlock) else []


def _made(game: str, module: str, source: str, known: set[str], operators: tuple[str, ...],
          cache: Path | None, keep: bool = True) -> list[Mutant]:  # fmt: skip
    """:func:`_module_mutants`, through the cache folder when there is one (read only
    unless ``keep``)."""
    if cache is None:
        return _module_mutants(game, module, source, RuleIndex(source, known), operators)
    from conformance.mutation import generated_cache

    name = generated_cache.key(module, source, known, operators)
    kept = generated_cache.load(cache, game, name)
    if kept is None:
        kept = _module_mutants(game, module, source, RuleIndex(source, known), operators)
        if keep:
            generated_cache.save(cache, game, name, kept)
    return kept


def _module_mutants(
    game: str, module: str, source: str, rules: RuleIndex, operators: tuple[str, ...]
) -> list[Mutant]:
    tree = cst.parse_module(source)
    wrapper = cst.MetadataWrapper(tree, unsafe_skip_copy=True)
    ignored = IgnoredCode(set(), set(), set())
    if "pragma: no mutate" in source:  # mutmut's pragmas; a pass over the tree otherwise saved
        pragmas = PragmaVisitor(module)
        wrapper.visit(pragmas)
        ignored = IgnoredCode(pragmas.no_mutate_lines, pragmas.ignore_node_lines, set())
    visitor = _Visitor(ignored, operators)
    wrapper.visit(visitor)
    exact = wrapper.resolve(PositionProvider)
    starts = [0]
    for line in source.splitlines(keepends=True):
        starts.append(starts[-1] + len(line))
    seen: dict[tuple[str, str, str], int] = {}
    functions = functions_of(source)
    out: list[Mutant] = []
    for node, mutated, operator, scope in visitor.found:
        where = exact[node]
        old, new = tree.code_for_node(node), tree.code_for_node(mutated)
        placed = _place(source, starts, where, old, new)
        if placed is None:
            continue  # libcst could not place the node exactly: leave the site out
        start, end, old, new = placed
        mutated_source = source[:start] + new + source[end:]
        first, last = where.start.line, where.end.line
        added = new.count("\n") - old.count("\n")
        before = _lines(source, first, last)
        after = _lines(mutated_source, first, last + added)
        count = seen.get((before, after, operator), 0)
        seen[(before, after, operator)] = count + 1
        span = where
        out.append(Mutant(
            game=game, module=module, line=first, before=before, after=after,
            operator=operator, key=_key(game, module, before, after, operator, count),
            rules=rules.rules_at(span.start.line), scope=scope,
            span=(span.start.line, span.end.line), splice=(start, end, new),
            function=functions.at(first),
        ))  # fmt: skip
    return number_occurrences(out)


def _place(
    source: str, starts: list[int], where: Any, old: str, new: str
) -> tuple[int, int, str, str] | None:
    """(start, end, old, new): where the node's text is, and what replaces it.

    A node's code may own whitespace that its position leaves out (or, for a comparison,
    takes in): try the whole text first, then without the whitespace around it.
    """
    start = starts[where.start.line - 1] + where.start.column
    if old != new and source[start : start + len(old)] == old:
        return start, start + len(old), old, new
    lead = len(old) - len(old.lstrip())
    trail = len(old) - len(old.rstrip())
    core = old[lead : len(old) - trail]
    if not (new.startswith(old[:lead]) and new.endswith(old[len(old) - trail :])):
        return None
    replacement = new[lead : len(new) - trail]
    if source[start : start + len(core)] != core or core == replacement:
        return None
    return start, start + len(core), core, replacement


def _seed(game: str, module: str, source: str, seed: dict[str, str]) -> Mutant:
    old, new = seed["old"], seed["new"]
    if source.count(old) != 1:
        raise MutantError(
            f"seed mutant for {seed['rule']}: its text occurs {source.count(old)} times in "
            f"{game}/{module} (it must occur exactly once): {old!r}"
        )
    start = source.index(old)
    mutated = source[:start] + new + source[start + len(old) :]
    first = source.count("\n", 0, start) + 1
    last = first + old.count("\n")
    before = _lines(source, first, last)
    after = _lines(mutated, first, last + new.count("\n") - old.count("\n"))
    return Mutant(
        game=game, module=module, line=first, before=before, after=after, operator="seed",
        key=_key(game, module, before, after, "seed", 0), rules=(seed["rule"],),
        scope="global", span=(first, last), splice=(start, start + len(old), new),
        seed_rule=seed["rule"], function=functions_of(source).at(first),
    )  # fmt: skip


def _lines(source: str, first: int, last: int) -> str:
    lines = source.splitlines()[first - 1 : max(last, first - 1)]
    return "\n".join(line.strip() for line in lines)


def _key(game: str, module: str, before: str, after: str, operator: str, count: int) -> str:
    text = "\0".join((game, module, before, after, operator, str(count)))
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:12]
