"""Which rule a line of a reference engine implements, read from the engine's own source.

Every reference function names the rules it implements: in its docstring (``ND-STAGE-PAYOUT:
...`` as its first words), in the ids it records as fired (``st.fired.append("ND-PLAGUE")``), in
rule constants (``R.PLACE_FACE``). :func:`sites` reads them per function with their line
numbers (the docstring's at the ``def`` line; ids a refusal cites are left out: they name
what a check forbids, not what the code does). Inside a function, a comment names the rule
of the statement it is on or directly above (``p.moves = p.stump_moves()  # GV-BUILD-GNOME-
MOVES``), and a comment on a branch or loop's header names the rule of its whole block
(:func:`line_notes`): code is often coarser than rules, and a comment costs nothing at run
time. :func:`rule_at` maps a code location, the innermost frame first, to the rule its own
statement's comment names, else the nearest rule named before the line in its function (the
docstring counts), else the nearest after it (effects recorded once done), else the comment
of an enclosing branch, and so outwards, else the same for the calling frame.
"""

from __future__ import annotations

import ast
import importlib
import importlib.util
import io
import sys
import tokenize
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from types import FrameType
from typing import Any

#: calls whose string arguments name a rule a check refuses under, not one the code applies
REFUSALS = frozenset({"IllegalAction", "MalformedInput", "Unsupported", "EngineError"})


@dataclass(frozen=True)
class FunctionSites:
    name: str
    first: int
    last: int
    #: (line, rule id) in line order
    rules: tuple[tuple[int, str], ...]
    #: the rule ids its refusals cite (the checks it makes), in line order
    checks: tuple[tuple[int, str], ...] = ()


@cache
def sites(filename: str) -> tuple[FunctionSites, ...]:
    """The functions of one source file with the rule ids each names (any id-like string,
    filtered against the catalogue by the caller)."""
    try:
        source = Path(filename).read_text(encoding="utf-8")
        tree = ast.parse(source)
    except (OSError, SyntaxError, ValueError):
        return ()
    constants = module_constants(filename)
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
            named = sorted(_named_rules(node, constants), key=lambda site: site[0])
            checks = sorted(_refused_rules(node, constants), key=lambda site: site[0])
            last = node.end_lineno or node.lineno
            found.append(FunctionSites(node.name, node.lineno, last, tuple(named), tuple(checks)))
    return tuple(found)


def module_constants(filename: str) -> dict[str, Any]:
    """The module's globals (to read ``R.PLACE_FACE`` style constants), importing it by its
    dotted name where no one has yet: a line's rule must not depend on whether something
    imported the engine before it was read (a kill matrix made in a process that had not
    named 19 Isle Traces lines otherwise than the judge, which has)."""
    for module in list(sys.modules.values()):
        if getattr(module, "__file__", None) == filename:
            return dict(vars(module))
    name = _module_name(filename)
    if name is not None:
        try:
            module = importlib.import_module(name)
        except Exception:  # not importable here: read without its constants
            return {}
        if getattr(module, "__file__", None) == filename:
            return dict(vars(module))
    return {}


def _module_name(filename: str) -> str | None:
    """The dotted name ``filename`` is imported under: the shortest tail of its path whose
    module the import system finds at that very file (an editable install finds packages
    through its own finder, not through ``sys.path``)."""
    path = Path(filename)
    parts = list(path.with_suffix("").parts)
    if parts and parts[-1] == "__init__":
        parts = parts[:-1]
    for start in range(len(parts) - 1, 0, -1):
        tail = parts[start:]
        if not all(part.isidentifier() for part in tail):
            break
        name = ".".join(tail)
        try:
            spec = importlib.util.find_spec(name)
        except (ImportError, ValueError):
            continue
        if spec is not None and spec.origin == str(path):
            return name
    return None


def _named_rules(function: ast.AST, constants: dict[str, Any]) -> list[tuple[int, str]]:
    named: list[tuple[int, str]] = []
    refused = {id(argument) for argument in refusal_arguments(function)}
    body = getattr(function, "body", [])
    docstring = ast.get_docstring(function) if body else None
    if docstring:
        named += [(function.lineno, word) for word in _words(docstring)]  # type: ignore[attr-defined]
    for node in ast.walk(function):
        if id(node) in refused or node is (body[0].value if docstring else None):  # type: ignore[union-attr]
            continue
        named += node_ids(node, constants)
    return named


def node_ids(node: ast.AST, constants: dict[str, Any]) -> list[tuple[int, str]]:
    """The id a node names, with its line: an id-like string constant, or a rule constant
    (``R.PLACE_FACE``) read from the module's globals."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return [(node.lineno, word) for word in _words(node.value) if word == node.value]
    if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name):
        holder = constants.get(node.value.id)
        value = getattr(holder, node.attr, None) if holder is not None else None
        if isinstance(value, str):
            return [(node.lineno, value)]
    return []


def _refused_rules(function: ast.AST, constants: dict[str, Any]) -> list[tuple[int, str]]:
    """The ids the refusals in ``function`` cite (``IllegalAction("ND-PLACE-MOVE", ...)``)."""
    found: list[tuple[int, str]] = []
    for argument in refusal_arguments(function):
        found += node_ids(argument, constants)
    return found


def refusal_arguments(function: ast.AST, callees: frozenset[str] = REFUSALS) -> Iterator[ast.expr]:
    """The argument expressions of the calls in ``function`` to ``callees`` (the refusals)."""
    for node in ast.walk(function):
        if isinstance(node, ast.Call) and callee(node) in callees:
            yield from [*node.args, *(keyword.value for keyword in node.keywords)]


def callee(call: ast.Call) -> str:
    """The name a call calls (``f(...)``, ``x.f(...)``: ``f``)."""
    func = call.func
    return func.id if isinstance(func, ast.Name) else getattr(func, "attr", "")


def _words(text: str) -> list[str]:
    return [w.strip(".,:;()'\"`") for w in text.split() if "-" in w and w[:2].isupper()]


def function_at(filename: str, line: int) -> FunctionSites | None:
    """The innermost function of ``filename`` around ``line`` (None: module level)."""
    inner = None
    for function in sites(filename):
        if function.first <= line <= function.last and (
            inner is None or function.first >= inner.first
        ):
            inner = function
    return inner


def rule_at(
    stack: list[tuple[str, int]],
    known: set[str],
    fired: set[str] | None = None,
    observable: frozenset[str] | set[str] = frozenset(),
) -> tuple[str | None, str]:
    """The rule implemented at the innermost location of ``stack`` that names one, and
    where (``file:line in function``): see :func:`rules_for_line`.

    With ``fired`` (the rules the reference reported at this step): a rule it could have
    reported (``observable``) and did not is passed over for the next candidate, or the
    caller's; a helper's docstring counts in its frame's turn only for a rule that fired
    (a bonus the helper applied), else after every frame's own code."""

    def applied(rule: str) -> bool:
        return fired is None or rule in fired or rule not in observable

    def where(filename: str, line: int, function: FunctionSites) -> str:
        return f"{Path(filename).name}:{line} in {function.name}"

    frames = [(f, line, fn) for f, line in stack if (fn := function_at(f, line)) is not None]
    for filename, line, function in frames:
        code = rules_for_line(filename, function, line, known, docstring=False)
        told = [r for r in rules_for_line(filename, function, line, known) if r not in code]
        for rule in [*code, *(r for r in told if fired is None or r in fired)]:
            if applied(rule):
                return rule, where(filename, line, function)
    for filename, line, function in frames:
        for rule in rules_for_line(filename, function, line, known):
            if applied(rule):
                return rule, where(filename, line, function)
    return None, ""


def rule_for_line(filename: str, function: FunctionSites, line: int, known: set[str]) -> str | None:
    """The first of :func:`rules_for_line`, or None."""
    found = rules_for_line(filename, function, line, known)
    return found[0] if found else None


def rules_for_line(
    filename: str, function: FunctionSites, line: int, known: set[str], docstring: bool = True
) -> list[str]:
    """The rules a line of ``function`` may implement, best first: the rule its own
    statement's comment names; then, from the ids its code names around it, in the line's
    own block, the nearest statement before it that names one, else the statements right
    after it up to the next branch or loop (an effect recorded once done); then the rule the
    comment on that block's branch or loop names, and the same in each enclosing block,
    outwards; then the function's docstring. A comment names its own statement only, never
    a neighbour's."""
    node = _function_node(filename, function.first)
    if node is None:
        return []
    notes = line_notes(filename)
    found: list[str] = [rule for rule in notes.get(line, ()) if rule in known]
    path = _blocks_to(node.body, line)
    for level, (block, index) in reversed(list(enumerate(path))):
        # the branch or loop whose block holds the line: its header's comment names its
        # body, not its ``else``/``elif`` branches nor its handlers
        if level < len(path) - 1 and path[level + 1][0] is getattr(block[index], "body", None):
            found += [rule for rule in notes.get(block[index].lineno, ()) if rule in known]
        for j in range(index - 1, -1, -1):
            named = _direct_rules(block[j], known)
            if named:
                found.append(named[0])
                break
        for j in range(index + 1, len(block)):
            if isinstance(block[j], _FLOW):
                break
            named = _direct_rules(block[j], known)
            if named:
                found.append(named[0])
                break
    if docstring:
        found += [rule for at, rule in function.rules if at == function.first and rule in known]
    return list(dict.fromkeys(found))


def _comments_from(
    line: int, first: int, comments: dict[int, list[str]], lines: list[str]
) -> list[str]:
    """The words of ``line``'s comment and of the comment-only lines right above it (from
    ``first`` on), the highest first."""
    named = list(comments.get(line, ()))
    above = line - 1
    while above >= first and lines[above - 1].lstrip().startswith("#"):
        named = [*comments.get(above, ()), *named]
        above -= 1
    return named


@cache
def line_notes(filename: str) -> dict[int, tuple[str, ...]]:
    """The rule ids comments name, by the line of the statement they belong to: a comment on
    a simple statement's lines, or on a compound statement's header (``if ...:  # XX-RULE``),
    or on the comment-only lines right above either; every line of that span maps to them
    (a line event may report any of them), a line's own comment first."""
    try:
        source = Path(filename).read_text(encoding="utf-8")
        tree = ast.parse(source)
        comments: dict[int, list[str]] = {}
        for token in tokenize.generate_tokens(io.StringIO(source).readline):
            if token.type == tokenize.COMMENT:
                comments.setdefault(token.start[0], []).extend(_words(token.string[1:]))
    except (OSError, SyntaxError, ValueError, tokenize.TokenError):
        return {}
    if not comments:
        return {}
    lines = source.splitlines()
    notes: dict[int, tuple[str, ...]] = {}
    for node in ast.walk(tree):
        if not isinstance(node, ast.stmt) or isinstance(node, ast.FunctionDef | ast.ClassDef
                                                         | ast.AsyncFunctionDef):  # fmt: skip
            continue
        last = _header_end(node) if _child_blocks(node) else node.end_lineno
        span = range(node.lineno, (last or node.lineno) + 1)
        # the comments above it and on its first line name the whole statement; one on a
        # later line of a statement spread over several (an entry of a dict), or on the
        # comment-only lines right above that line inside the statement, names that line
        # first
        named = _comments_from(node.lineno, 1, comments, lines)
        later = [w for at in span[1:] for w in comments.get(at, ())]
        if named or later:
            for at in span:
                own = (
                    _comments_from(at, node.lineno + 1, comments, lines)
                    if at != node.lineno
                    else []
                )
                whole = named if named else later
                notes[at] = tuple(dict.fromkeys([*notes.get(at, ()), *own, *whole]))
    return notes


def _header_end(node: ast.stmt) -> int:
    """The last line of a compound statement's header (``if``'s test, ``for``'s iterable):
    a comment after it, above the first statement of the block, names that statement."""
    parts = [getattr(node, name, None) for name in ("test", "iter", "target", "subject")]
    parts += [item.context_expr for item in getattr(node, "items", [])]
    ends = [part.end_lineno or part.lineno for part in parts if isinstance(part, ast.AST)]
    return max([node.lineno, *ends])


_FLOW = (ast.If, ast.For, ast.While, ast.Return, ast.Continue, ast.Break, ast.Raise, ast.Try,
         ast.With, ast.Match)  # fmt: skip


def _blocks_to(body: list[ast.stmt], line: int) -> list[tuple[list[ast.stmt], int]]:
    """(block, index) from the function's body down to the innermost statement at ``line``."""
    path: list[tuple[list[ast.stmt], int]] = []
    block: list[ast.stmt] | None = body
    while block:
        for index, statement in enumerate(block):
            if statement.lineno <= line <= (statement.end_lineno or statement.lineno):
                path.append((block, index))
                inner = [b for b in _child_blocks(statement) if b and b[0].lineno <= line
                         <= (b[-1].end_lineno or b[-1].lineno)]  # fmt: skip
                block = inner[0] if inner else None
                break
        else:
            block = None
    return path


def _child_blocks(statement: ast.stmt) -> list[list[ast.stmt]]:
    blocks = [getattr(statement, name, None) for name in ("body", "orelse", "finalbody")]
    found = [b for b in blocks if isinstance(b, list)]
    found += [h.body for h in getattr(statement, "handlers", [])]
    found += [c.body for c in getattr(statement, "cases", [])]
    return found


def _direct_rules(statement: ast.stmt, known: set[str]) -> list[str]:
    """The ids a simple statement names (a compound one's blocks are not looked into)."""
    if _child_blocks(statement) or isinstance(statement, ast.Raise):
        return []
    constants = _module_constants_for(statement)
    found = []
    for node in ast.walk(statement):
        found += [rule for _, rule in node_ids(node, constants) if rule in known]
    return found


_CONSTANTS: dict[int, dict[str, Any]] = {}


def _module_constants_for(statement: ast.stmt) -> dict[str, Any]:
    return _CONSTANTS.get(id(statement), {})


@cache
def _tree(filename: str) -> ast.Module | None:
    try:
        tree = ast.parse(Path(filename).read_text(encoding="utf-8"))
    except (OSError, SyntaxError, ValueError):
        return None
    constants = module_constants(filename)
    for node in ast.walk(tree):
        if isinstance(node, ast.stmt):
            _CONSTANTS[id(node)] = constants
    return tree


def _function_node(filename: str, first: int) -> ast.FunctionDef | ast.AsyncFunctionDef | None:
    tree = _tree(filename)
    for node in ast.walk(tree) if tree is not None else ():
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef) and node.lineno == first:
            return node
    return None


def rules_at(filename: str, line: int, known: set[str]) -> list[str]:
    """The rules a reference location names when it runs: at a function's ``def`` line (its
    call), the ids of its docstring; at another line, its statement's comments and the ids
    its code names on that very line."""
    function = function_at(filename, line)
    if function is None:
        return []
    if line == function.first:
        return [rule for at, rule in function.rules if at == line and rule in known]
    named = [rule for rule in line_notes(filename).get(line, ()) if rule in known]
    named += [rule for at, rule in function.rules if at == line and rule in known]
    return list(dict.fromkeys(named))


def _statement_at(filename: str, line: int) -> ast.stmt | None:
    """The simple statement (no block of its own) of ``filename`` spanning ``line``."""
    tree = _tree(filename)
    for node in ast.walk(tree) if tree is not None else ():
        if (isinstance(node, ast.stmt) and not _child_blocks(node)
                and node.lineno <= line <= (node.end_lineno or node.lineno)):  # fmt: skip
            return node
    return None


@cache
def data_flow(filename: str, line: int) -> tuple[frozenset[str], frozenset[str]]:
    """What the simple statement at ``line`` reads and what it assigns, by name: attribute
    names (``self.reveal_deck`` is ``.reveal_deck``) and local names (``value``). A value
    written at one line was often computed at an earlier one that assigned what it reads."""
    statement = _statement_at(filename, line)
    if statement is None:
        return frozenset(), frozenset()
    targets: list[ast.AST] = []
    if isinstance(statement, ast.Assign):
        targets = list(statement.targets)
    elif isinstance(statement, ast.AugAssign | ast.AnnAssign):
        targets = [statement.target]
    stored = {id(n) for t in targets for n in ast.walk(t)}
    reads, writes = set(), set()
    for node in ast.walk(statement):
        name = (f".{node.attr}" if isinstance(node, ast.Attribute) else
                node.id if isinstance(node, ast.Name) else None)  # fmt: skip
        if name is None:
            continue
        if id(node) in stored and isinstance(getattr(node, "ctx", None), ast.Store):
            writes.add(name)
        elif isinstance(getattr(node, "ctx", None), ast.Load):
            reads.add(name)
    return frozenset(reads), frozenset(writes)


#: methods that change the container they are called on
_MUTATORS = frozenset({"append", "extend", "insert", "update", "add", "setdefault", "pop",
                       "remove", "clear", "discard", "sort"})  # fmt: skip


@cache
def containers_changed(filename: str, line: int) -> frozenset[str]:
    """The fields (``.decks``) or names the simple statement at ``line`` changes in place:
    an item assigned (``self.decks[key] = ...``, ``+=`` too), an item's attribute
    (``self.gnomes[0].pos = ...``) or a changing method called (``self.stacks.append(...)``).
    :func:`data_flow` counts only names bound."""
    node = _statement_at(filename, line)
    holders: list[ast.AST] = []
    if isinstance(node, ast.Assign | ast.AugAssign | ast.AnnAssign):
        targets = node.targets if isinstance(node, ast.Assign) else [node.target]
        # an item (``self.decks[g] = ...``) or an item's attribute (``self.gnomes[0].pos``)
        holders = [t.value for t in targets if isinstance(t, ast.Subscript)]
        holders += [
            t.value.value
            for t in targets
            if isinstance(t, ast.Attribute) and isinstance(t.value, ast.Subscript)
        ]
    elif isinstance(node, ast.Expr) and isinstance(node.value, ast.Call):
        func = node.value.func
        if isinstance(func, ast.Attribute) and func.attr in _MUTATORS:
            holders = [func.value]
    found = set()
    for holder in holders:
        while isinstance(holder, ast.Subscript):  # self.decks[a][b] = ...: still .decks
            holder = holder.value
        if isinstance(holder, ast.Attribute):
            found.add(f".{holder.attr}")
        elif isinstance(holder, ast.Name):
            found.add(holder.id)
    return frozenset(found)


def engine_folder(engine: Any = None) -> str:
    """Where the code the tracers watch lives: the top package of ``engine``'s class (a
    game's state or definition), so ``reference_impl`` for rulespec's own games and a game's
    own package for one a plugin registers (its lines name its rules as ours do); without
    ``engine``, ``reference_impl``. A top-level module stands for itself."""
    module = sys.modules.get(type(engine).__module__) if engine is not None else None
    top = module.__name__.partition(".")[0] if module is not None else "reference_impl"
    package = sys.modules.get(top) or importlib.import_module(top)
    where = Path(package.__file__ or "")
    return str(where.parent if hasattr(package, "__path__") else where)


def rules_run(
    call: Callable[[], Any], known: set[str], checks: bool = False, scope: str | None = None
) -> list[str]:
    """The rules named by the reference functions that run during ``call``, in order (with
    ``checks``, the rules their refusals cite too: checks that ran, and passed or refused),
    and by the comments of the statements that ran (:func:`line_notes`); ``scope``: the
    folder traced (:func:`engine_folder`, by default ``reference_impl``'s)."""
    if scope is None:
        scope = engine_folder()
    seen: dict[str, None] = {}

    def lines(frame: FrameType, event: str, arg: Any) -> Any:
        if event == "line":
            for rule in line_notes(frame.f_code.co_filename).get(frame.f_lineno, ()):
                if rule in known:
                    seen.setdefault(rule, None)
        return lines

    def tracer(frame: FrameType, event: str, arg: Any) -> Any:
        if event == "call" and frame.f_code.co_filename.startswith(scope):
            function = function_at(frame.f_code.co_filename, frame.f_code.co_firstlineno)
            named = [] if function is None else list(function.rules)
            if checks and function is not None:
                named = sorted([*named, *function.checks])
            for _, rule in named:
                if rule in known:
                    seen.setdefault(rule, None)
            return lines if line_notes(frame.f_code.co_filename) else None
        return None

    previous = sys.gettrace()
    sys.settrace(tracer)
    try:
        call()
    except Exception:
        pass
    finally:
        sys.settrace(previous)
    return list(seen)


@cache
def observable_rules(game: str) -> frozenset[str]:
    """The rules of ``game`` that its reference engine can report as fired: the ids its
    code names other than to explain a refusal (``fired.append("...")``, rule constants:
    :func:`conformance.levels.observable.reported_ids`). The others (a rule the code
    implements without recording it, or names only in refusals) cannot be seen to fire.
    A component entry's own rule (:func:`reference_impl.components.entry_rules`) is
    reported when the entry is used, so it is observable too."""
    from conformance.levels.observable import reported_ids
    from conformance.specification.catalogue import rule_ids
    from reference_impl import registry
    from reference_impl.components import entry_rules

    module = sys.modules.get(registry.engine_module(game)) or __import__(
        registry.engine_module(game), fromlist=["GAME"]
    )
    files = [str(path) for path in sorted(Path(module.__file__ or "").parent.rglob("*.py"))]
    found = reported_ids(files)
    return frozenset((found | entry_rules(game)) & set(rule_ids(game)))
