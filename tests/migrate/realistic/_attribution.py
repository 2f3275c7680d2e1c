"""Which marked statements may explain a changed result: the rule, and the tracer it reads.

A changed result is excused only by a marked statement *on the path that produced it*:

1. The migrated run of one ``case_*`` call is traced: every frame of a module of the migrated
   package is a node, with the lines it executed, the lines where an exception passed through
   it, and the line of its nearest package-level caller that was running when it was entered.
2. In each function a static, name-based backward slice picks the statements that can feed its
   result: the ``return``/``yield``/``raise`` statements (every statement, for a function that
   returns no value), then every statement that binds or mutates a name those read (a call
   statement mutates its receiver and its first argument: ``seen.add(x)`` mutates ``seen``,
   ``heapq.heappush(heap, item)`` ``heap``; an assignment to ``a[i]`` or ``a.b`` mutates ``a``;
   ``a += b`` reads and binds ``a``), and the compound statements (``if``,
   ``for``, ``try`` ...) enclosing one, and the statements of a ``try`` body whose ``except``
   clause holds one (they decide whether it runs, as an ``if`` test does), until nothing is
   added. The lines where an exception passed through the frame are added as well. Lambdas
   and comprehensions count whole.
3. Starting from the ``case_*`` frame, a callee frame is on the path when the caller's line that
   entered it belongs to a sliced statement of an on-path frame.
4. A marker excuses the change when the statement it sits above is a sliced statement that
   executed in an on-path frame (a marker above an ``except`` clause: its ``try`` statement is
   sliced and that clause ran), or is a module- or class-level statement (run at import) that
   binds a name read by a sliced statement of an on-path frame.

A marker in the same function on a statement whose value does not reach the result (a log line,
a value thrown away, another branch) excuses nothing, nor does a marked function that ran only
as a side branch of the call.
"""

from __future__ import annotations

import ast
import sys
import types
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from pathlib import Path

from .._migrate_equivalence import marker_starts

_COMPOUND = (
    ast.If,
    ast.For,
    ast.AsyncFor,
    ast.While,
    ast.With,
    ast.AsyncWith,
    ast.Try,
    ast.TryStar,
    ast.Match,
)
_SCOPES = (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef, ast.Lambda)


def _header_lines(node: ast.stmt) -> set[int]:
    """The lines that belong to the statement itself, not to the statements it contains (for
    a ``try``, its ``except ...:`` lines too)."""
    body = getattr(node, "body", None)
    if isinstance(node, _COMPOUND + (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)) and (
        isinstance(body, list) and body
    ):
        lines = set(range(node.lineno, max(node.lineno, body[0].lineno - 1) + 1))
        for handler in getattr(node, "handlers", []):
            lines.update(range(handler.lineno, max(handler.lineno, handler.body[0].lineno - 1) + 1))
        return lines
    return set(range(node.lineno, (node.end_lineno or node.lineno) + 1))


def _own_parts(node: ast.stmt) -> list[ast.AST]:
    """The expressions of a statement, without the statements it contains."""
    if isinstance(node, ast.If | ast.While):
        return [node.test]
    if isinstance(node, ast.For | ast.AsyncFor):
        return [node.target, node.iter]
    if isinstance(node, ast.With | ast.AsyncWith):
        return list(node.items)
    if isinstance(node, ast.Try | ast.TryStar):
        return [h.type for h in node.handlers if h.type is not None]
    if isinstance(node, ast.Match):
        return [node.subject]
    if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
        return list(node.decorator_list)
    return [node]


def _walk_expr(node: ast.AST) -> Iterable[ast.AST]:
    """ast.walk that does not enter nested statements (a lambda's body is an expression)."""
    todo = [node]
    while todo:
        current = todo.pop()
        yield current
        for child in ast.iter_child_nodes(current):
            if not isinstance(child, ast.stmt):
                todo.append(child)


def _root(node: ast.AST) -> str | None:
    while isinstance(node, ast.Attribute | ast.Subscript | ast.Starred):
        node = node.value
    return node.id if isinstance(node, ast.Name) else None


@dataclass
class _Stmt:
    node: ast.stmt
    uses: set[str]
    binds: set[str]
    reads: set[str]  # names and attribute names read (for module-level bindings)
    parents: list[int] = field(default_factory=list)  # enclosing compound statements
    #: directly in a ``try`` body (True) or an ``except`` clause (False) of ``parents[-1]``
    in_try_body: bool | None = None


def _describe(node: ast.stmt) -> _Stmt:
    uses: set[str] = set()
    binds: set[str] = set()
    reads: set[str] = set()
    for part in _own_parts(node):
        for sub in _walk_expr(part):
            if isinstance(sub, ast.Name):
                (uses if isinstance(sub.ctx, ast.Load) else binds).add(sub.id)
                reads.add(sub.id)
            elif isinstance(sub, ast.Attribute):
                reads.add(sub.attr)
                if isinstance(sub.ctx, ast.Store | ast.Del) and (root := _root(sub)):
                    binds.add(root)
            elif isinstance(sub, ast.Subscript) and isinstance(sub.ctx, ast.Store | ast.Del):
                if root := _root(sub):
                    binds.add(root)
            elif isinstance(sub, ast.withitem) and sub.optional_vars is not None:
                binds.update(n.id for n in ast.walk(sub.optional_vars) if isinstance(n, ast.Name))
    if isinstance(node, ast.Expr) and isinstance(node.value, ast.Call):
        # a call statement mutates its receiver (seen.add(x), self.kept.append(e)) or the
        # first thing it is handed (heapq.heappush(heap, item), fill(rows))
        call = node.value
        if isinstance(call.func, ast.Attribute) and (root := _root(call.func.value)):
            binds.add(root)
        if call.args and (root := _root(call.args[0])):
            binds.add(root)
    if isinstance(node, ast.AugAssign) and (root := _root(node.target)):
        binds.add(root)
        uses.add(root)
    if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
        binds.add(node.name)
    if isinstance(node, ast.Import | ast.ImportFrom):
        binds.update((a.asname or a.name).split(".")[0] for a in node.names)
    if isinstance(node, ast.Try | ast.TryStar):
        binds.update(h.name for h in node.handlers if h.name)
    return _Stmt(node, uses, binds, reads)


def _statements(body: list[ast.stmt]) -> list[_Stmt]:
    """The statements of one scope, nested bodies included, nested scopes excluded."""
    out: list[_Stmt] = []

    def visit(stmts: list[ast.stmt], parents: list[int], section: bool | None = None) -> None:
        for node in stmts:
            described = _describe(node)
            described.parents = list(parents)
            described.in_try_body = section
            out.append(described)
            if isinstance(node, _SCOPES):
                continue
            index = len(out) - 1
            is_try = isinstance(node, ast.Try | ast.TryStar)
            for name in ("body", "orelse", "finalbody"):
                inner = getattr(node, name, None)
                if isinstance(inner, list):
                    visit(inner, [*parents, index], True if is_try and name == "body" else None)
            for handler in getattr(node, "handlers", []):
                visit(handler.body, [*parents, index], False if is_try else None)
            for case in getattr(node, "cases", []):
                visit(case.body, [*parents, index])

    visit(body, [])
    return out


@dataclass
class FunctionSlice:
    """A function's statements and the ones its result can depend on."""

    stmts: list[_Stmt]
    seeds: set[int]

    def relevant(self, extra_lines: set[int]) -> list[_Stmt]:
        """The sliced statements, with those covering ``extra_lines`` added as seeds."""
        chosen = set(self.seeds)
        chosen.update(i for i, s in enumerate(self.stmts) if extra_lines & _header_lines(s.node))
        changed = True
        while changed:
            changed = False
            used: set[str] = set()
            for i in chosen:
                used |= self.stmts[i].uses
            for i, stmt in enumerate(self.stmts):
                if i not in chosen and stmt.binds & used:
                    chosen.add(i)
                    changed = True
            for i in list(chosen):
                for parent in self.stmts[i].parents:
                    if parent not in chosen:
                        chosen.add(parent)
                        changed = True
            # control dependence, as an ``if`` test's: whether an ``except`` clause that
            # holds a sliced statement runs is decided by the statements of the ``try`` body
            tries = {
                self.stmts[i].parents[-1] for i in chosen if self.stmts[i].in_try_body is False
            }
            for i, stmt in enumerate(self.stmts):
                if i not in chosen and stmt.in_try_body and stmt.parents[-1] in tries:
                    chosen.add(i)
                    changed = True
        return [self.stmts[i] for i in sorted(chosen)]


def _slice(node: ast.FunctionDef | ast.AsyncFunctionDef) -> FunctionSlice:
    stmts = _statements(node.body)
    seeds = {
        i
        for i, s in enumerate(stmts)
        if (isinstance(s.node, ast.Return) and s.node.value is not None)
        or isinstance(s.node, ast.Raise)
        or any(isinstance(n, ast.Yield | ast.YieldFrom) for n in _walk_expr(s.node))
    }
    if not any(isinstance(s.node, ast.Return) and s.node.value is not None for s in stmts) and (
        not any(isinstance(n, ast.Yield | ast.YieldFrom) for s in stmts for n in _walk_expr(s.node))
    ):
        seeds = set(range(len(stmts)))  # a procedure: what it does is its effect
    return FunctionSlice(stmts, seeds)


def marked_statements(tree: ast.Module, source: str) -> list[tuple[ast.stmt, set[int]]]:
    """The statements with a codemod marker comment directly above them, each with the lines
    that must have run for the marker to count: the statement's own lines, or for a marker above
    an ``except`` clause (which marks its ``try`` statement) that clause's lines."""
    starts = marker_starts(source)
    out: list[tuple[ast.stmt, set[int]]] = []
    for node in ast.walk(tree):
        if not isinstance(node, ast.stmt):
            continue
        if node.lineno in starts:
            out.append((node, _header_lines(node)))
        for handler in getattr(node, "handlers", []):
            if handler.lineno in starts:
                end = max(handler.lineno, handler.body[0].lineno - 1)
                out.append((node, set(range(handler.lineno, end + 1))))
    return out


@dataclass
class ModuleFacts:
    path: str
    #: (first line of the code object, name) -> its slice (lambdas and comprehensions have none)
    functions: dict[tuple[int, str], FunctionSlice]
    #: marked statements, with the lines that must have run for the marker to count
    marked: list[tuple[ast.stmt, set[int]]]
    #: marked statements run at import (module or class level), with the names they bind
    marked_top: list[tuple[ast.stmt, set[str]]]


def module_facts(path: Path) -> ModuleFacts:
    source = path.read_text(encoding="utf-8")
    tree = ast.parse(source)
    functions: dict[tuple[int, str], FunctionSlice] = {}
    top: set[int] = set()  # ids of statements executed at import

    def visit_scope(body: list[ast.stmt], at_import: bool) -> None:
        for stmt in _statements(body):
            if at_import:
                top.add(id(stmt.node))
            node = stmt.node
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
                first = min([node.lineno, *(d.lineno for d in node.decorator_list)])
                functions[first, node.name] = _slice(node)
                visit_scope(node.body, False)
            elif isinstance(node, ast.ClassDef):
                visit_scope(node.body, at_import)

    visit_scope(tree.body, True)
    marked = marked_statements(tree, source)
    marked_top = [(m, _describe(m).binds) for m, _ in marked if id(m) in top]
    return ModuleFacts(str(path), functions, marked, marked_top)


@dataclass
class Frame:
    filename: str
    first_line: int
    name: str
    parent: int | None
    call_line: int | None
    lines: set[int] = field(default_factory=set)
    exception_lines: set[int] = field(default_factory=set)


def traced_call(call: Callable[[], object], files: set[str]) -> tuple[object, list[Frame]]:
    """Run ``call`` under a tracer that records the frames of ``files`` (absolute paths)."""
    frames: list[Frame] = []
    index_of: dict[int, int] = {}  # id(frame object) -> index, while it runs

    def local(frame: types.FrameType, event: str, arg: object):  # type: ignore[no-untyped-def]
        record = index_of.get(id(frame))
        if record is not None:
            if event == "line":
                frames[record].lines.add(frame.f_lineno)
            elif event == "exception":
                frames[record].exception_lines.add(frame.f_lineno)
            elif event == "return":
                index_of.pop(id(frame), None)
        return local

    def tracer(frame: types.FrameType, event: str, arg: object):  # type: ignore[no-untyped-def]
        if event != "call" or frame.f_code.co_filename not in files:
            return None
        caller = frame.f_back
        while caller is not None and id(caller) not in index_of:
            caller = caller.f_back
        parent = index_of[id(caller)] if caller is not None else None
        frames.append(
            Frame(
                frame.f_code.co_filename,
                frame.f_code.co_firstlineno,
                frame.f_code.co_name,
                parent,
                caller.f_lineno if caller is not None else None,
                {frame.f_lineno},
            )
        )
        index_of[id(frame)] = len(frames) - 1
        return local

    previous = sys.gettrace()
    sys.settrace(tracer)
    try:
        result = call()
    finally:
        sys.settrace(previous)
    return result, frames


def excusing_markers(frames: list[Frame], facts: dict[str, ModuleFacts]) -> list[tuple[str, int]]:
    """The marked statements (file, line) that lie on the path of the traced call's result.

    ``frames[0]`` must be the ``case_*`` function's frame (the tracer is started just before
    it is called)."""
    if not frames:
        return []
    on_path: set[int] = set()
    relevant_lines: dict[int, set[int]] = {}
    read_names: set[str] = set()
    for index, frame in enumerate(frames):
        if index != 0:
            parent = frame.parent
            if parent is None or parent not in on_path:
                continue
            if frame.call_line not in relevant_lines[parent]:
                continue
        module = facts.get(frame.filename)
        if module is None:
            continue
        function = module.functions.get((frame.first_line, frame.name))
        if function is None:  # a lambda or comprehension: an expression of its caller
            lines = set(frame.lines) | frame.exception_lines
            relevant_lines[index] = lines
            on_path.add(index)
            continue
        chosen = function.relevant(frame.exception_lines)
        lines = set()
        for stmt in chosen:
            span = _header_lines(stmt.node)
            if span & frame.lines:
                lines |= span
                read_names |= stmt.reads
        relevant_lines[index] = lines
        on_path.add(index)
    found: list[tuple[str, int]] = []
    for index in on_path:
        frame = frames[index]
        module = facts[frame.filename]
        for marked, ran in module.marked:
            if _header_lines(marked) & relevant_lines[index] and ran & frame.lines:
                found.append((frame.filename, min(ran)))
    for module in facts.values():
        for marked, binds in module.marked_top:
            if binds & read_names:
                found.append((module.path, marked.lineno))
    return sorted(set(found))
