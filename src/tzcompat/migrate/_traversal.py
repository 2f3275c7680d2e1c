"""The one traversal of the codemod: a LibCST transformer that runs every rule of ``rules/``.

Every rewrite keeps the meaning exactly, or it is reported: a *note* when the rewrite is made
and only an edge (an error type, a ``tzname``) differs, a *marker* (a comment above the
statement, the code left as it was) when the meaning cannot be proven. See migration_guide.md.

The dispatch tables are built from the rules' declarations (``_rule.Rule``, listed in
``rules.RULES``), in the order documented in ``rules/__init__.py``: calls of and references to
pytz/dateutil.tz names go to the rule that declares the qualified name (``calls``/``references``),
other nodes to the hooks for their type, in rule order, until one returns a node. What a rule
needs to know about values comes from ``_analysis.Analysis``, which this class mixes in; rules see
both through ``_rule.Context``, which ``Migrator`` satisfies.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Collection, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, TypeVar

import libcst as cst
from libcst._metadata_dependent import LazyValue
from libcst.codemod import CodemodContext
from libcst.helpers import get_full_name_for_node
from libcst.metadata import (
    MetadataWrapper,
    ParentNodeProvider,
    PositionProvider,
    QualifiedNameProvider,
    ScopeProvider,
)

from . import _analysis as ana
from . import _codes, _cst, _helpers, _placement
from ._analysis import Analysis
from ._codes import Finding
from ._names import NameChooser
from ._project import ProjectIndex
from ._rule import CallHook, Context, LeaveHook, ReferenceHook, Rule, VisitHook
from ._state import RuleState
from .rules import RULES
from .rules import _build as mk
from .rules.unsupported import reference as _unsupported

# What a fix builds; mark_or_fix returns it (or None).
_Node = TypeVar("_Node", bound=cst.CSTNode)

MARKER_PREFIX = "# tzcompat-migrate"

_Hook = TypeVar("_Hook")


def _by_type(
    tables: Sequence[tuple[Rule, Mapping[type[cst.CSTNode], _Hook]]],
) -> dict[type[cst.CSTNode], list[tuple[Rule, _Hook]]]:
    """Node type -> the (rule, hook) pairs declared for it, in rule order."""
    out: dict[type[cst.CSTNode], list[tuple[Rule, _Hook]]] = {}
    for rule, hooks in tables:
        for node_type, hook in hooks.items():
            out.setdefault(node_type, []).append((rule, hook))
    return out


def _by_name(
    tables: Sequence[tuple[Rule, Mapping[str, _Hook]]],
) -> dict[str, tuple[Rule, _Hook]]:
    """Qualified name -> the one (rule, handler) declaring it."""
    out: dict[str, tuple[Rule, _Hook]] = {}
    for rule, handlers in tables:
        for name, handler in handlers.items():
            if name in out:
                raise ValueError(f"{name} is declared by {out[name][0].name} and {rule.name}")
            out[name] = (rule, handler)
    return out


_LEAVE: dict[type[cst.CSTNode], list[tuple[Rule, LeaveHook]]] = _by_type(
    [(rule, rule.leave) for rule in RULES]
)
_VISIT: dict[type[cst.CSTNode], list[tuple[Rule, VisitHook]]] = _by_type(
    [(rule, rule.visit) for rule in RULES]
)
_CALLS: dict[str, tuple[Rule, CallHook]] = _by_name([(rule, rule.calls) for rule in RULES])
_REFERENCES: dict[str, tuple[Rule, ReferenceHook]] = _by_name(
    [(rule, rule.references) for rule in RULES]
)


_MISSING = object()


_IGNORE = re.compile(r"#\s*tzcompat:\s*ignore\b(?:\[([^\]]*)\])?")


@dataclass(frozen=True)
class Options:
    """What the user chose to see and to have fixed (``--select``/``--ignore``/
    ``--unsafe-fixes``), and the ``# tzcompat: ignore[...]`` comments of the module."""

    select: tuple[str, ...] | None = None
    ignore: tuple[str, ...] = ()
    unsafe_fixes: bool = False
    #: line -> the codes silenced there (None: every code), from ignore comments
    silenced: dict[int, frozenset[str] | None] = field(default_factory=dict)
    #: the lines of ``silenced`` that hold only the comment (they cover the next line)
    own_line: frozenset[int] = frozenset()

    @classmethod
    def build(
        cls,
        source: str,
        select: Collection[str] | None = None,
        ignore: Collection[str] = (),
        unsafe_fixes: bool = False,
    ) -> Options:
        silenced: dict[int, frozenset[str] | None] = {}
        own_line: set[int] = set()
        if "tzcompat:" in source:
            for number, line in enumerate(source.splitlines(), 1):
                found = _IGNORE.search(line)
                if found is not None:
                    codes = found.group(1)
                    silenced[number] = (
                        None
                        if codes is None
                        else frozenset(c.strip() for c in codes.split(",") if c.strip())
                    )
                    if line.lstrip().startswith("#"):
                        own_line.add(number)
        return cls(
            None if select is None else tuple(select),
            tuple(ignore),
            unsafe_fixes,
            silenced,
            frozenset(own_line),
        )

    def reported(self, name: str, line: int, first: int) -> bool:
        """True when marker/note ``name`` is reported at ``line`` of a statement starting on
        line ``first`` (an ignore comment there or on its own line just above silences it)."""
        if self.select is not None and not _codes.matches(name, self.select):
            return False
        if self.ignore and _codes.matches(name, self.ignore):
            return False
        above = first - 1 if first - 1 in self.own_line else first
        for where in {line, first, above}:
            if where in self.silenced:
                codes = self.silenced[where]
                if codes is None or _codes.matches(name, codes):
                    return False
        return True


class Migrator(Analysis, cst.CSTTransformer):
    """The traversal: a plain transformer (a codemod's matcher machinery costs a scan of
    every method per instance) with the codemod context as ``context``. It has no
    ``visit_<Node>_<field>`` methods, so its hooks skip LibCST's generic lookups, and it
    reads metadata straight from ``wrapper`` (see ``_cst``): positions are computed on first
    use, since most modules report nothing and positions cost a code generation pass."""

    #: what ``get_metadata`` serves (the rules' and the analysis' questions)
    METADATA_DEPENDENCIES = (
        QualifiedNameProvider,
        ScopeProvider,
        ParentNodeProvider,
        PositionProvider,
    )
    #: the module's metadata; set before the traversal
    wrapper: MetadataWrapper | None = None

    def __init__(
        self,
        context: CodemodContext,
        names: NameChooser,
        has_pytz: bool,
        raises: bool,
        *,
        index: ProjectIndex | None = None,
        module_name: str | None = None,
        helpers: str | None = None,
        inline_names: dict[str, str] | None = None,
        utc_zone: bool = False,
        duck_typed: frozenset[str] = frozenset(),
        makes_aware: bool = False,
        quote: str = '"',
        options: Options | None = None,
    ) -> None:
        super().__init__()
        #: the codemod context (the import scheduling of AddImports/RemoveImportsVisitor)
        self.context = context
        self.options = options or Options()
        #: pytz.utc becomes ZoneInfo("UTC"), so pytz.timezone(name) for "UTC" stays the same object
        self.utc_zone = utc_zone
        #: the quote the module's string literals mostly use, for the literals the rewrite adds
        self.quote = quote
        #: receivers the module tests with hasattr(x, "zone"/"localize"...): pytz zones at times
        self.duck_typed = duck_typed
        #: the module makes datetimes aware in zones that may be pytz's, so a datetime of
        #: unknown origin shifted by a timedelta here may be one of them
        self.makes_aware = makes_aware
        self.names = names
        self.has_pytz = has_pytz
        self.index = index
        self.module_name = module_name
        self.is_package = index.is_package(module_name) if index else False
        #: pytz zones exist here or elsewhere in the project, so zones this module is handed
        #: may be pytz's today and ZoneInfo after the migration
        self.pytz_world = has_pytz or bool(index and index.has_pytz)
        #: dotted name of the shared helper module, or None to paste the helpers inline
        self.helpers = helpers
        self.inline_names = inline_names or {}
        self.own_helpers: frozenset[str] = frozenset()
        #: the module has localize(..., is_dst=None), so its own code raises the time errors
        self.raises_time_errors = raises
        self.findings: list[Finding] = []
        self.need: set[str] = set()  # inline helpers to insert
        self.used_helpers = False
        self._pending: dict[cst.CSTNode, list[str]] = {}
        self._maps: dict[type, Any] = {}
        #: some node was replaced (else the new tree equals the old one)
        self.touched = False
        self._import_roots: frozenset[str] | None = None
        #: the module's first statement and the marker codes above it (in Module.header)
        self._header: tuple[cst.CSTNode, set[str]] | None = None
        #: what the rules remember between hooks (declared fields only)
        self.state = RuleState()

    def get_metadata_map(self, key: Any) -> Any:
        """The whole mapping of provider ``key`` for the module."""
        found = self._maps.get(key)
        if found is None:
            if key not in self.METADATA_DEPENDENCIES:
                raise KeyError(f"{key.__name__} is not read by the traversal")
            assert self.wrapper is not None, "Migrator.wrapper is set before the traversal"
            found = self._maps[key] = _cst.metadata(self.wrapper, key)
        return found

    def get_metadata(self, key: Any, node: cst.CSTNode, default: Any = _MISSING) -> Any:
        found = self._maps.get(key)
        if found is None:
            found = self.get_metadata_map(key)
        value = found.get(node, _MISSING)
        if value is _MISSING:
            if default is _MISSING:
                raise KeyError(node)
            return default
        return value() if isinstance(value, LazyValue) else value

    def helper(self, name: str) -> cst.BaseExpression:
        """How this module names helper ``name`` (imported or inline); schedules it."""
        if self.helpers:
            self.used_helpers = True
            return self.names.expr(self.helpers, name)
        self.need.update(_helpers.NEEDS[name])
        return cst.Name(self.inline_names.get(name, name))

    def utc(self) -> cst.BaseExpression:
        return self.names.expr("datetime", "timezone", "utc")

    def to_utc(self, original: cst.BaseExpression, updated: cst.BaseExpression) -> cst.Call:
        """``dt.astimezone(timezone.utc)``, through the helper unless ``dt`` is provably aware."""
        if self.is_aware(original):
            return mk.method(updated, "astimezone", [cst.Arg(self.utc())])
        space = cst.Comma(whitespace_after=cst.SimpleWhitespace(" "))
        return cst.Call(
            func=self.helper(_helpers.NORMALIZE_NAME),
            args=[cst.Arg(updated, comma=space), cst.Arg(self.utc())],
        )

    def visit_FunctionDef(self, node: cst.FunctionDef) -> bool:
        # the helpers this codemod wrote: their tz.localize() is the pytz fallback, keep it
        name = node.name.value
        return name not in _helpers.HELPER_NAMES and name not in self.own_helpers

    def visit_Try(self, node: cst.Try) -> bool:
        # the helpers' try-import of pytz's error classes stays as written
        return not _placement.is_helper_block(node)

    # ------------------------------------------------------------------ reporting
    def report(
        self,
        node: cst.CSTNode,
        code: str,
        kind: str | None = None,
        detail: str = "",
        fix: str | None = None,
    ) -> bool:
        """Report ``code`` at ``node`` (a marker also gets its comment above the statement);
        False when the user's selection or an ignore comment silences it there."""
        info = _codes.info_for(code)
        kind = kind or info.kind
        pos = self.get_metadata(PositionProvider, node, None)
        line, col = (pos.start.line, pos.start.column + 1) if pos else (0, 0)
        stmt: cst.CSTNode | None = node
        while stmt is not None and not hasattr(stmt, "leading_lines"):
            stmt = self.parent(stmt)
        if kind in ("marker", "note", "fix"):
            first = self.line(stmt) if stmt is not None else line
            if not self.options.reported(code, line, first):
                return False
        prefix = f"{detail}: " if detail else ""
        message = info.fix_note if kind == "fix" else info.message
        finding = Finding(line, col, kind, code, prefix + message, fix)
        if finding not in self.findings:
            self.findings.append(finding)
        if kind == "marker" and stmt is not None:
            texts = self._pending.setdefault(stmt, [])
            text = f"{MARKER_PREFIX}[{code}]: {prefix}{info.comment}"
            if text not in texts:
                texts.append(text)
        return True

    def mark_or_fix(
        self,
        node: cst.CSTNode,
        code: str,
        fix: Callable[[], _Node] | None,
        detail: str = "",
    ) -> _Node | None:
        """Mark ``node`` with ``code``; with ``unsafe_fixes``, write ``fix()`` instead (reported
        with kind "fix") and return it. A silenced site is neither marked nor fixed."""
        if self.options.unsafe_fixes and fix is not None:
            new = fix()
            if self.report(node, code, kind="fix", detail=detail, fix=ana.source(new)):
                return new
            return None
        self.report(node, code, detail=detail)
        return None

    # ------------------------------------------------------------------ dispatch
    def _rewrote(
        self,
        rule: Rule,
        original: cst.CSTNode,
        updated: cst.CSTNode,
        result: cst.CSTNode,
        before: int,
    ) -> None:
        """After one rule's hook returned ``result``: a new node is reported as the rule's
        rewrite (unless the hook reported a rewrite of its own since finding ``before``)."""
        if result is not updated and rule.rewrite:
            if not any(f.kind in ("rewrite", "fix") for f in self.findings[before:]):
                self.report(original, rule.rewrite, kind="rewrite", fix=ana.source(result))

    # LibCST's default hooks look methods up by name for every node and every field of it,
    # and the matcher machinery runs for every node: the traversal has neither to find
    def on_visit_attribute(self, node: cst.CSTNode, attribute: str) -> None:
        return None

    def on_leave_attribute(self, original_node: cst.CSTNode, attribute: str) -> None:
        return None

    def on_visit(self, node: cst.CSTNode) -> bool:
        own = _cst.method(type(self), "visit_" + type(node).__name__)
        if own is not None and own(self, node) is False:
            return False
        if isinstance(node, cst.Module) and node.body:
            # LibCST keeps the comments above the first statement in the module's header
            self._header = (node.body[0], _marker_codes(node.header))
        for _rule, hook in _VISIT.get(type(node), ()):
            if hook(self, node) is False:
                return False
        return True

    def on_leave(self, original_node, updated_node):  # type: ignore[no-untyped-def]
        self.names.site = original_node  # names the rewrite spells must be visible here
        own = _cst.method(type(self), "leave_" + type(original_node).__name__)
        updated = updated_node if own is None else own(self, original_node, updated_node)
        if isinstance(updated, cst.CSTNode) and type(updated) is type(original_node):
            updated = self._leave(original_node, updated)
        texts = self._pending.pop(original_node, None)
        if texts and isinstance(updated, cst.CSTNode) and hasattr(updated, "leading_lines"):
            # by code, not text: a marker wrapped to the line length has a shorter first line
            existing = _marker_codes(updated.leading_lines)
            if self._header is not None and self._header[0] is original_node:
                existing |= self._header[1]
            new = [
                cst.EmptyLine(comment=cst.Comment(t))
                for t in texts
                if t.split("]", 1)[0] not in existing
            ]
            if new:
                updated = updated.with_changes(leading_lines=[*updated.leading_lines, *new])
        if updated is not updated_node:
            self.touched = True
        return updated

    def _leave(self, original: cst.CSTNode, updated: cst.CSTNode) -> cst.CSTNode:
        if isinstance(original, cst.Call):
            assert isinstance(updated, cst.Call)
            q = self.ref(original.func)
            found = _CALLS.get(q or "")
            if found is not None:
                rule, call = found
                before = len(self.findings)
                expr = call(self, original, updated)
                if expr is None:
                    return updated
                self._rewrote(rule, original, updated, expr, before)
                return expr.with_changes(lpar=updated.lpar, rpar=updated.rpar)
        for rule, hook in _LEAVE.get(type(original), ()):
            before = len(self.findings)
            result = hook(self, original, updated)
            if result is not None:
                self._rewrote(rule, original, updated, result, before)
                return result
        if isinstance(original, cst.Name | cst.Attribute):
            return self._reference(original, updated)
        return updated

    def _reference(self, original: cst.Name | cst.Attribute, updated: cst.CSTNode) -> cst.CSTNode:
        if not self._imported(original):
            return updated
        q = self.ref(original)
        if q is None or self._skip_reference(original, q):
            return updated
        assert isinstance(updated, cst.Name | cst.Attribute)
        found = _REFERENCES.get(q)
        if found is None:
            return _unsupported(self, original, updated, q)
        rule, handler = found
        before = len(self.findings)
        result = handler(self, original, updated, q)
        self._rewrote(rule, original, updated, result, before)
        return result

    def _imported(self, node: cst.CSTNode) -> bool:
        """False when no import binds the first name of ``node`` anywhere in the module: it
        then has no imported qualified name (the scopes give one only through an import), so
        it names nothing of pytz or dateutil. Most names are such; the test is a lookup."""
        if self._import_roots is None:
            self._import_roots = _cst.import_roots(self.get_metadata_map(ScopeProvider))
        name = get_full_name_for_node(node)
        return name is not None and name.split(".", 1)[0] in self._import_roots

    def _skip_reference(self, original: cst.CSTNode, q: str) -> bool:
        parent = self.parent(original)
        if isinstance(parent, cst.Attribute) and parent.value is original:
            return self.ref(parent) is not None  # the outer attribute is the reference
        if isinstance(parent, cst.Call) and parent.func is original and q in _CALLS:
            return True
        return False


def _marker_codes(lines: Sequence[cst.EmptyLine]) -> set[str]:
    """The ``# tzcompat-migrate[code]`` prefixes of marker comments in ``lines``."""
    return {
        line.comment.value.split("]", 1)[0]
        for line in lines
        if line.comment is not None and line.comment.value.startswith(MARKER_PREFIX + "[")
    }


def _satisfies_context(migrator: Migrator) -> Context:
    """Never called: mypy checks here that the traversal offers everything ``Context`` lists."""
    return migrator
