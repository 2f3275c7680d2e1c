"""The LibCST transformer that rewrites pytz and dateutil.tz usage to the standard library.

Every rewrite keeps the meaning exactly, or it is reported: a *note* when the rewrite is made
and only an edge (an error type, a ``tzname``) differs, a *marker* (a comment above the
statement, the code left as it was) when the meaning cannot be proven. See migration_guide.md.
"""

from __future__ import annotations

import dataclasses
import functools
from collections.abc import Sequence
from dataclasses import dataclass, field

import libcst as cst
from libcst.codemod import CodemodContext, ContextAwareTransformer
from libcst.codemod.visitors import AddImportsVisitor, RemoveImportsVisitor
from libcst.metadata import (
    Assignment,
    MetadataWrapper,
    ParentNodeProvider,
    PositionProvider,
    QualifiedNameProvider,
    QualifiedNameSource,
    ScopeProvider,
)

from . import _helpers
from ._names import NameChooser

MARKER_PREFIX = "# tzcompat-migrate"

# Marker and note codes, with the text used for both the comment and the report.
MESSAGES: dict[str, str] = {
    # markers: left unchanged (or, for "lmt", rewritten) and flagged for a human
    "normalize-arithmetic": "pytz normalize() after + or - meant absolute (UTC) arithmetic; "
    "write (dt.astimezone(timezone.utc) + delta).astimezone(tz) or keep wall-clock dt + delta",
    "gettz-dynamic": "gettz() returned None for unknown names and accepted POSIX TZ strings and "
    "paths; ZoneInfo(key) raises ZoneInfoNotFoundError",
    "gettz-key": "gettz() argument is not an IANA key known here (POSIX TZ string or path?)",
    "gettz-local": "gettz() with no name means local time; no stdlib equivalent "
    "(ZoneInfo('localtime') on Unix)",
    "timezone-key": "pytz.timezone() argument is not an IANA key known here",
    "tzoffset-name": "tzoffset() name may be None at run time; timezone() needs a str or no name",
    "lmt": "attaching a pytz zone with tzinfo= gave its first (LMT) offset; ZoneInfo gives the "
    "correct offset, so values change here (for the better): check tests that pinned the old ones",
    "zone-attribute": ".zone is pytz-only: use .key (ZoneInfo) or str(tzinfo)",
    "utc-identity": "identity/equality with a UTC object: ZoneInfo('UTC') is not timezone.utc "
    "and tzinfo objects of different libraries never compare equal",
    "is-dst-method": "utcoffset/dst/tzname(dt, is_dst=...) is pytz-only: use "
    "_tz_localize(dt, tz, is_dst).utcoffset() or dt.replace(tzinfo=tz, fold=...)",
    "time-errors-foreign": "pytz time errors are raised by localize(..., is_dst=None) in another "
    "module: that module now raises its own class; import it from there",
    "star-import": "star import from pytz/dateutil.tz: names cannot be followed",
    "unsupported": "no standard-library equivalent; rewrite by hand",
    "call-shape": "arguments in a form the codemod does not rewrite (*args, unknown keywords)",
    # notes: rewritten, an edge case differs
    "timezone-dynamic": "pytz.timezone() matched names case-insensitively and raised "
    "UnknownTimeZoneError; ZoneInfo is case-sensitive and raises ZoneInfoNotFoundError "
    "(ValueError for malformed keys)",
    "timezone-case": "key spelled in pytz's case-insensitive form; rewritten to the canonical key",
    "localize-receiver": "receiver assumed to be a pytz zone (module imports pytz)",
    "fixed-offset": "tzname() and repr differ: pytz FixedOffset/dateutil tzoffset(None, ...) gave "
    "None, datetime.timezone gives 'UTC+HH:MM'",
    "tzoffset-dynamic": "offset assumed to be a number of seconds (dateutil also took a timedelta)",
    "unknown-timezone-error": "ZoneInfo raises ValueError, not ZoneInfoNotFoundError, for "
    "malformed keys ('', absolute paths, '..')",
    "time-errors": "pytz's time errors became classes defined in this module",
    "available-timezones": "available_timezones() reads the installed data: it can hold a few "
    "more keys than pytz (e.g. 'Factory', 'localtime')",
    "normalize-absolute": "normalize(dt +/- timedelta) rewritten to absolute (UTC) arithmetic",
}

# The comment text for each marker: short, so the marked line stays readable.
COMMENTS: dict[str, str] = {
    "normalize-arithmetic": "pytz made this absolute (UTC) arithmetic; choose wall or UTC",
    "gettz-dynamic": "gettz() gave None for unknown keys; ZoneInfo raises",
    "gettz-key": "not an IANA key: POSIX TZ string or path?",
    "gettz-local": "gettz() local time has no stdlib equivalent",
    "timezone-key": "not an IANA key known here",
    "tzoffset-name": "timezone() needs a str name or none",
    "lmt": "was pytz's LMT offset; ZoneInfo gives the real one",
    "zone-attribute": ".zone is pytz-only: .key or str(tzinfo)",
    "utc-identity": "UTC identity/equality differs across libraries",
    "is-dst-method": "is_dst= on utcoffset/dst/tzname is pytz-only",
    "time-errors-foreign": "raised in another module, which defines its own class now",
    "star-import": "star import: names cannot be followed",
    "unsupported": "no stdlib equivalent; rewrite by hand",
    "call-shape": "arguments not in a form the codemod rewrites",
}
MARKERS = frozenset(COMMENTS)

_UTC_REFS = frozenset({"pytz.utc", "pytz.UTC", "dateutil.tz.UTC"})
# Module attributes that are objects: attributes *on* them are ordinary attribute access.
_VALUES = _UTC_REFS | {"pytz.all_timezones", "pytz.all_timezones_set"}
_TIME_ERRORS = frozenset(f"pytz.{n}" for n in _helpers.ERROR_NAMES)
# Callables whose calls leave_Call rewrites; references to them elsewhere are handled there.
_CALLS = frozenset(
    {
        "pytz.timezone",
        "pytz.FixedOffset",
        "dateutil.tz.gettz",
        "dateutil.tz.tzutc",
        "dateutil.tz.tzoffset",
        "dateutil.tz.enfold",
    }
)
# Static pytz zones (StaticTzInfo or utc): attaching them with tzinfo= is harmless.
_STATIC_KEYS = frozenset(
    {"UTC", "GMT", "UCT", "Universal", "Zulu", "Greenwich", "GMT0", "GMT+0", "GMT-0"}
)
_ARITH = (cst.Add, cst.Subtract)


@dataclass(frozen=True)
class Finding:
    """One line of the report. ``kind`` is "marker", "note" or "rewrite"."""

    line: int
    column: int
    kind: str
    code: str
    message: str


@dataclass
class MigrateResult:
    """The rewritten source and what was found in it."""

    code: str
    changed: bool
    findings: list[Finding] = field(default_factory=list)


def _canon(name: str) -> str:
    """Map private module paths onto the public names (pytz.exceptions.X -> pytz.X)."""
    for prefix in ("pytz.exceptions.", "pytz.tzinfo."):
        if name.startswith(prefix) and name.count(".") == 2:
            return "pytz." + name.rsplit(".", 1)[1]
    for prefix in ("dateutil.tz.tz.", "dateutil.tz._common.", "dateutil.tz._factories."):
        if name.startswith(prefix):
            return "dateutil.tz." + name[len(prefix) :]
    return name


def _is_legacy_name(q: str) -> bool:
    return any(q == root or q.startswith(root + ".") for root in ("pytz", "dateutil.tz"))


def _string_value(node: cst.BaseExpression) -> str | None:
    if isinstance(node, cst.SimpleString):
        value = node.evaluated_value
        return value if isinstance(value, str) else None
    return None


@functools.lru_cache(maxsize=1)
def _known_keys() -> dict[str, str]:
    """Lower-cased IANA key -> key, from the data installed where the codemod runs."""
    import zoneinfo

    return {k.lower(): k for k in zoneinfo.available_timezones()}


def _paren(node: cst.BaseExpression) -> cst.BaseExpression:
    """Parenthesise ``node`` unless it is an atom that can take ``.attr`` as it is."""
    if node.lpar or isinstance(
        node, cst.Name | cst.Attribute | cst.Call | cst.Subscript | cst.SimpleString
    ):
        return node
    return node.with_changes(lpar=[cst.LeftParen()], rpar=[cst.RightParen()])


def _method(obj: cst.BaseExpression, name: str, args: Sequence[cst.Arg]) -> cst.Call:
    return cst.Call(func=cst.Attribute(value=_paren(obj), attr=cst.Name(name)), args=list(args))


def _kwarg(name: str, value: cst.BaseExpression) -> cst.Arg:
    return cst.Arg(
        value=value,
        keyword=cst.Name(name),
        equal=cst.AssignEqual(
            whitespace_before=cst.SimpleWhitespace(""), whitespace_after=cst.SimpleWhitespace("")
        ),
    )


def _plain_args(call: cst.Call) -> tuple[list[cst.Arg], dict[str, cst.Arg]] | None:
    """Positional and keyword arguments, or None when ``*``/``**`` make them unknowable."""
    pos: list[cst.Arg] = []
    kws: dict[str, cst.Arg] = {}
    for arg in call.args:
        if arg.star:
            return None
        if arg.keyword is None:
            if kws:
                return None
            pos.append(arg)
        else:
            kws[arg.keyword.value] = arg
    return pos, kws


def _no_comma(arg: cst.Arg) -> cst.Arg:
    return arg.with_changes(comma=cst.MaybeSentinel.DEFAULT)


class _Migrator(ContextAwareTransformer):
    METADATA_DEPENDENCIES = (
        QualifiedNameProvider,
        ScopeProvider,
        ParentNodeProvider,
        PositionProvider,
    )

    def __init__(
        self, context: CodemodContext, names: NameChooser, has_pytz: bool, raises: bool
    ) -> None:
        super().__init__(context)
        self.names = names
        self.has_pytz = has_pytz
        #: the module has localize(..., is_dst=None), so its own code raises the time errors
        self.raises_time_errors = raises
        self.findings: list[Finding] = []
        self.need_localize = False
        self.need_errors = False
        self._pending: dict[cst.CSTNode, list[str]] = {}

    # ------------------------------------------------------------------ metadata helpers
    def _qnames(self, node: cst.CSTNode) -> set[str]:
        found = self.get_metadata(QualifiedNameProvider, node, set())
        return {_canon(q.name) for q in found if q.source is QualifiedNameSource.IMPORT}

    def _ref(self, node: cst.CSTNode) -> str | None:
        """The pytz/dateutil.tz name ``node`` refers to, if any."""
        if isinstance(node, cst.Attribute) and (
            not isinstance(node.value, cst.Name | cst.Attribute) or self._ref(node.value) in _VALUES
        ):
            # an attribute of a pytz object (pytz.utc.localize, pytz.timezone(k).zone), not a
            # module attribute: QualifiedNameProvider looks through calls, so stop it here
            return None
        for q in self._qnames(node):
            if _is_legacy_name(q):
                return q
        return None

    def _parent(self, node: cst.CSTNode) -> cst.CSTNode | None:
        return self.get_metadata(ParentNodeProvider, node, None)

    def _report(
        self, node: cst.CSTNode, code: str, kind: str | None = None, detail: str = ""
    ) -> None:
        kind = kind or ("marker" if code in MARKERS else "note")
        pos = self.get_metadata(PositionProvider, node, None)
        line, col = (pos.start.line, pos.start.column + 1) if pos else (0, 0)
        prefix = f"{detail}: " if detail else ""
        finding = Finding(line, col, kind, code, prefix + MESSAGES.get(code, code))
        if finding not in self.findings:
            self.findings.append(finding)
        if kind == "marker":
            stmt = node
            while stmt is not None and not hasattr(stmt, "leading_lines"):
                stmt = self._parent(stmt)
            if stmt is not None:
                texts = self._pending.setdefault(stmt, [])
                text = f"{MARKER_PREFIX}[{code}]: {prefix}{COMMENTS[code]}"
                if text not in texts:
                    texts.append(text)

    def _assigned_values(self, name: cst.Name) -> list[cst.CSTNode] | None:
        """The statements (Assign, AnnAssign, AugAssign...) binding ``name`` in its scope."""
        scope = self.get_metadata(ScopeProvider, name, None)
        if scope is None:
            return None
        out: list[cst.CSTNode] = []
        for assignment in scope[name.value]:
            if not isinstance(assignment, Assignment) or not isinstance(
                assignment.node, cst.Name
            ):
                out.append(getattr(assignment, "node", cst.Name("__builtin__")))
                continue
            parent = self._parent(assignment.node)
            if isinstance(parent, cst.AssignTarget):
                parent = self._parent(parent)
            out.append(parent if parent is not None else assignment.node)
        return out

    def _single_value(self, name: cst.Name) -> cst.BaseExpression | None:
        stmts = self._assigned_values(name)
        if not stmts or len(stmts) != 1:
            return None
        (stmt,) = stmts
        if isinstance(stmt, cst.Assign) and len(stmt.targets) == 1:
            return stmt.value
        if isinstance(stmt, cst.AnnAssign) and stmt.value is not None:
            return stmt.value
        return None

    def _zone_kind(self, node: cst.BaseExpression, depth: int = 0) -> str | None:
        """"zone", "utc" or "fixed" when ``node`` provably is a pytz tzinfo, else None."""
        if isinstance(node, cst.Call):
            q = self._ref(node.func)
            if q == "pytz.timezone":
                return "zone"
            if q == "pytz.FixedOffset":
                return "fixed"
            return None
        if self._ref(node) in ("pytz.utc", "pytz.UTC"):
            return "utc"
        if isinstance(node, cst.Name) and depth < 4:
            value = self._single_value(node)
            if value is not None:
                return self._zone_kind(value, depth + 1)
        return None

    def _static_zone(self, node: cst.BaseExpression, depth: int = 0) -> bool:
        """True when ``node`` is ``pytz.timezone(<literal static key>)`` (no LMT problem)."""
        if isinstance(node, cst.Name) and depth < 4:
            value = self._single_value(node)
            return value is not None and self._static_zone(value, depth + 1)
        if isinstance(node, cst.Call) and node.args:
            key = _string_value(node.args[0].value)
            if key is not None:
                return key.upper() in {k.upper() for k in _STATIC_KEYS} or key.startswith("Etc/")
        return False

    def _is_timedelta(self, node: cst.BaseExpression, depth: int = 0) -> bool:
        """True when ``node`` provably evaluates to a ``datetime.timedelta``."""
        if depth > 6:
            return False
        if isinstance(node, cst.Call):
            return "datetime.timedelta" in self._qnames(node.func)
        if isinstance(node, cst.UnaryOperation) and isinstance(
            node.operator, cst.Minus | cst.Plus
        ):
            return self._is_timedelta(node.expression, depth + 1)
        if isinstance(node, cst.BinaryOperation):
            if isinstance(node.operator, cst.Multiply):
                return self._is_timedelta(node.left, depth + 1) != self._is_timedelta(
                    node.right, depth + 1
                )
            if isinstance(node.operator, _ARITH):
                return self._is_timedelta(node.left, depth + 1) and self._is_timedelta(
                    node.right, depth + 1
                )
            return False
        if isinstance(node, cst.Name):
            value = self._single_value(node)
            return value is not None and self._is_timedelta(value, depth + 1)
        return False

    def _from_arithmetic(self, name: cst.Name) -> bool:
        """True when ``name`` is (re)bound by ``+``/``-`` anywhere in its scope."""
        for stmt in self._assigned_values(name) or ():
            if isinstance(stmt, cst.AugAssign) and isinstance(
                stmt.operator, cst.AddAssign | cst.SubtractAssign
            ):
                return True
            value = getattr(stmt, "value", None)
            if isinstance(value, cst.BinaryOperation) and isinstance(value.operator, _ARITH):
                return True
        return False

    def _foreign(self, node: cst.BaseExpression) -> bool:
        """True when the receiver's root name is imported from somewhere other than pytz."""
        root = node
        while isinstance(root, cst.Attribute | cst.Call | cst.Subscript):
            root = root.func if isinstance(root, cst.Call) else root.value
        if not isinstance(root, cst.Name):
            return False
        names = self._qnames(root)
        return bool(names) and not any(_is_legacy_name(q) for q in names)

    def _utc(self) -> cst.BaseExpression:
        return self.names.expr("datetime", "timezone", "utc")

    # ------------------------------------------------------------------ imports
    def _schedule_removal(self, module: str, obj: str | None, asname: str | None) -> None:
        RemoveImportsVisitor.remove_unused_import(self.context, module, obj, asname)

    def visit_Import(self, node: cst.Import) -> bool:
        for alias in node.names:
            module = cst.helpers.get_full_name_for_node(alias.name) or ""
            if _is_legacy_name(module) or module == "dateutil":
                asname = alias.asname.name.value if alias.asname else None  # type: ignore[union-attr]
                self._schedule_removal(module, None, asname)
        return False

    def visit_ImportFrom(self, node: cst.ImportFrom) -> bool:
        if node.relative or node.module is None:
            return False
        module = cst.helpers.get_full_name_for_node(node.module) or ""
        if not (_is_legacy_name(module) or module == "dateutil"):
            return False
        if isinstance(node.names, cst.ImportStar):
            if _is_legacy_name(module):
                self._report(node, "star-import")
            return False
        for alias in node.names:
            obj = cst.helpers.get_full_name_for_node(alias.name) or ""
            if module == "dateutil" and obj != "tz":
                continue
            asname = alias.asname.name.value if alias.asname else None  # type: ignore[union-attr]
            self._schedule_removal(module, obj, asname)
        return False

    def visit_FunctionDef(self, node: cst.FunctionDef) -> bool:
        # the helper this codemod inserted: its tz.localize() is the pytz fallback, keep it
        return node.name.value != _helpers.LOCALIZE_NAME

    # ------------------------------------------------------------------ markers
    def on_leave(self, original_node, updated_node):  # type: ignore[no-untyped-def]
        updated = super().on_leave(original_node, updated_node)
        texts = self._pending.pop(original_node, None)
        if texts and isinstance(updated, cst.CSTNode) and hasattr(updated, "leading_lines"):
            existing = {
                line.comment.value for line in updated.leading_lines if line.comment is not None
            }
            new = [
                cst.EmptyLine(comment=cst.Comment(t)) for t in texts if t not in existing
            ]
            if new:
                updated = updated.with_changes(leading_lines=[*updated.leading_lines, *new])
        return updated

    # ------------------------------------------------------------------ references
    def _skip_reference(self, original: cst.CSTNode, q: str) -> bool:
        parent = self._parent(original)
        if isinstance(parent, cst.Attribute) and parent.value is original:
            return self._ref(parent) is not None  # the outer attribute is the reference
        if isinstance(parent, cst.Call) and parent.func is original and q in _CALLS:
            return True
        return False

    def _reference(
        self, original: cst.Name | cst.Attribute, updated: cst.BaseExpression
    ) -> cst.BaseExpression:
        q = self._ref(original)
        if q is None or self._skip_reference(original, q):
            return updated
        if q in _UTC_REFS:
            return self._utc().with_changes(lpar=updated.lpar, rpar=updated.rpar)
        if q == "pytz.timezone":  # passed around as a callable
            self._report(original, "timezone-dynamic")
            return self.names.expr("zoneinfo", "ZoneInfo")
        if q in ("pytz.all_timezones", "pytz.all_timezones_set"):
            self._report(original, "available-timezones")
            call = cst.Call(func=self.names.expr("zoneinfo", "available_timezones"))
            if q == "pytz.all_timezones":
                return cst.Call(func=cst.Name("sorted"), args=[cst.Arg(call)])
            return call
        if q == "pytz.UnknownTimeZoneError":
            self._report(original, "unknown-timezone-error")
            return self.names.expr("zoneinfo", "ZoneInfoNotFoundError")
        if q in _TIME_ERRORS:
            self.need_errors = True
            self._report(original, "time-errors")
            handler = self._enclosing(original, cst.ExceptHandler)
            if handler is not None and not self.raises_time_errors:
                self._report(handler, "time-errors-foreign")
            return cst.Name(q.rsplit(".", 1)[1])
        self._report(original, "unsupported", detail=q)
        return updated

    def _enclosing(self, node: cst.CSTNode, kind: type) -> cst.CSTNode | None:
        while node is not None and not isinstance(node, kind):
            node = self._parent(node)
        return node

    def leave_Name(self, original_node: cst.Name, updated_node: cst.Name) -> cst.BaseExpression:
        return self._reference(original_node, updated_node)

    def leave_Attribute(
        self, original_node: cst.Attribute, updated_node: cst.Attribute
    ) -> cst.BaseExpression:
        if original_node.attr.value == "zone" and self._ref(original_node) is None:
            return self._zone_attribute(original_node, updated_node)
        return self._reference(original_node, updated_node)

    def _zone_attribute(
        self, original: cst.Attribute, updated: cst.Attribute
    ) -> cst.BaseExpression:
        kind = self._zone_kind(original.value)
        if kind == "zone":
            return updated.with_changes(attr=cst.Name("key"))
        if kind == "utc":  # pytz.utc.zone == "UTC" == str(timezone.utc)
            return cst.Call(func=cst.Name("str"), args=[cst.Arg(updated.value)])
        if kind is not None:
            self._report(original, "zone-attribute")
        elif self.has_pytz and isinstance(original.value, cst.Attribute | cst.Name):
            last = original.value.attr.value if isinstance(original.value, cst.Attribute) else ""
            if last == "tzinfo" or "tz" in (
                original.value.value if isinstance(original.value, cst.Name) else last
            ).lower():
                self._report(original, "zone-attribute")
        return updated

    def leave_Comparison(
        self, original_node: cst.Comparison, updated_node: cst.Comparison
    ) -> cst.BaseExpression:
        operands = [original_node.left, *(t.comparator for t in original_node.comparisons)]
        identity = any(
            isinstance(t.operator, cst.Is | cst.IsNot | cst.Equal | cst.NotEqual)
            for t in original_node.comparisons
        )
        if identity and any(
            self._ref(o) in _UTC_REFS
            or (isinstance(o, cst.Call) and self._ref(o.func) == "dateutil.tz.tzutc")
            for o in operands
        ):
            self._report(original_node, "utc-identity")
        return updated_node

    # ------------------------------------------------------------------ calls
    def leave_Call(self, original_node: cst.Call, updated_node: cst.Call) -> cst.BaseExpression:
        q = self._ref(original_node.func)
        handler = {
            "pytz.timezone": self._call_timezone,
            "pytz.FixedOffset": self._call_fixed_offset,
            "dateutil.tz.gettz": self._call_gettz,
            "dateutil.tz.tzutc": self._call_tzutc,
            "dateutil.tz.tzoffset": self._call_tzoffset,
            "dateutil.tz.enfold": self._call_enfold,
        }.get(q or "")
        if handler is not None:
            result = handler(original_node, updated_node)
            if result is None:
                if q == "dateutil.tz.tzutc":
                    self._report(original_node, "unsupported", detail=q)
                return updated_node
            return result.with_changes(lpar=updated_node.lpar, rpar=updated_node.rpar)
        if isinstance(original_node.func, cst.Attribute) and q is None:
            method = original_node.func.attr.value
            if method == "localize":
                result = self._call_localize(original_node, updated_node)
            elif method == "normalize":
                result = self._call_normalize(original_node, updated_node)
            else:
                result = None
                if method in ("utcoffset", "dst", "tzname") and self.has_pytz:
                    if any(a.keyword and a.keyword.value == "is_dst" for a in original_node.args):
                        self._report(original_node, "is-dst-method")
            if result is not None:
                return result
        for arg in original_node.args:
            if arg.keyword is not None and arg.keyword.value == "tzinfo":
                if self._zone_kind(arg.value) == "zone" and not self._static_zone(arg.value):
                    self._report(original_node, "lmt")
        return updated_node

    def _call_timezone(self, original: cst.Call, updated: cst.Call) -> cst.BaseExpression | None:
        shape = _plain_args(original)
        if shape is None or len(shape[0]) != 1 or shape[1]:
            self._report(original, "call-shape", detail=_code(original.func))
            return None
        key = _string_value(original.args[0].value)
        arg = updated.args[0]
        if key is not None:
            canonical = _known_keys().get(key.lower())
            if canonical is None:
                self._report(original, "timezone-key")
                return None
            if canonical != key:
                self._report(original, "timezone-case")
                arg = arg.with_changes(value=cst.SimpleString(repr(canonical)))
        else:
            self._report(original, "timezone-dynamic")
        return updated.with_changes(func=self.names.expr("zoneinfo", "ZoneInfo"), args=[arg])

    def _call_gettz(self, original: cst.Call, updated: cst.Call) -> cst.BaseExpression | None:
        shape = _plain_args(original)
        if shape is None or len(shape[0]) > 1 or shape[1]:
            self._report(original, "call-shape", detail=_code(original.func))
            return None
        if not shape[0]:
            self._report(original, "gettz-local")
            return None
        value = original.args[0].value
        key = _string_value(value)
        if key is None:
            if isinstance(value, cst.Name) and value.value == "None":
                self._report(original, "gettz-local")
            else:
                self._report(original, "gettz-dynamic")
            return None
        if key.startswith(":"):
            key = key[1:]
        if not key:
            self._report(original, "gettz-local")
            return None
        # gettz is case-sensitive on the file system, so only an exact key is the same zone
        if key not in _known_keys().values():
            self._report(original, "gettz-key")
            return None
        arg = updated.args[0]
        if key != _string_value(value):
            arg = arg.with_changes(value=cst.SimpleString(repr(key)))
        return updated.with_changes(func=self.names.expr("zoneinfo", "ZoneInfo"), args=[arg])

    def _call_tzutc(self, original: cst.Call, updated: cst.Call) -> cst.BaseExpression | None:
        return self._utc() if not original.args else None

    def _fixed(self, delta: cst.BaseExpression, name: cst.Arg | None = None) -> cst.Call:
        args = [cst.Arg(delta)]
        if name is not None:
            args = [
                cst.Arg(delta, comma=cst.Comma(whitespace_after=cst.SimpleWhitespace(" "))),
                _no_comma(name).with_changes(keyword=None, equal=cst.MaybeSentinel.DEFAULT),
            ]
        return cst.Call(func=self.names.expr("datetime", "timezone"), args=args)

    def _call_fixed_offset(
        self, original: cst.Call, updated: cst.Call
    ) -> cst.BaseExpression | None:
        shape = _plain_args(original)
        if shape is None or len(shape[0]) != 1 or shape[1]:
            self._report(original, "call-shape", detail=_code(original.func))
            return None
        value = original.args[0].value
        if isinstance(value, cst.Integer) and value.evaluated_value == 0:
            return self._utc()  # FixedOffset(0) is pytz.utc
        self._report(original, "fixed-offset")
        delta = cst.Call(
            func=self.names.expr("datetime", "timedelta"),
            args=[_kwarg("minutes", updated.args[0].value)],
        )
        return self._fixed(delta)

    def _call_tzoffset(self, original: cst.Call, updated: cst.Call) -> cst.BaseExpression | None:
        shape = _plain_args(original)
        if shape is None:
            self._report(original, "call-shape", detail=_code(original.func))
            return None
        pos, kws = shape
        names = ["name", "offset"]
        orig_args: dict[str, cst.Arg] = dict(zip(names, pos, strict=False)) | kws
        if set(orig_args) != set(names) or len(pos) + len(kws) != 2:
            self._report(original, "call-shape", detail=_code(original.func))
            return None
        keys = [a.keyword.value if a.keyword else "" for a in original.args]
        upd = dict(zip(keys, updated.args, strict=True))
        upd |= {n: updated.args[i] for i, n in enumerate(names[: len(pos)])}
        name_o = orig_args["name"].value
        offset_o = orig_args["offset"].value
        offset_u = upd["offset"].value
        if self._is_timedelta(offset_o):
            delta: cst.BaseExpression = offset_u
        else:
            if not isinstance(offset_o, cst.Integer | cst.Float | cst.UnaryOperation):
                self._report(original, "tzoffset-dynamic")
            delta = cst.Call(
                func=self.names.expr("datetime", "timedelta"), args=[_kwarg("seconds", offset_u)]
            )
        if isinstance(name_o, cst.Name) and name_o.value == "None":
            self._report(original, "fixed-offset")
            return self._fixed(delta)
        if _string_value(name_o) is None:
            self._report(original, "tzoffset-name")
            return None
        return self._fixed(delta, upd["name"])

    def _call_enfold(self, original: cst.Call, updated: cst.Call) -> cst.BaseExpression | None:
        shape = _plain_args(original)
        if shape is None:
            return None
        pos, kws = shape
        if not pos or len(pos) > 2 or set(kws) - {"fold"} or (len(pos) == 2 and kws):
            self._report(original, "call-shape", detail=_code(original.func))
            return None
        if len(pos) == 2:
            fold = updated.args[1].value
        elif kws:
            fold = updated.args[-1].value
        else:
            fold = cst.Integer("1")  # enfold's default
        return _method(updated.args[0].value, "replace", [_kwarg("fold", fold)])

    def _pytz_receiver(self, receiver: cst.BaseExpression) -> tuple[bool, str | None]:
        """(rewrite?, kind) for the object a localize/normalize method is called on."""
        kind = self._zone_kind(receiver)
        if kind is not None:
            return True, kind
        return self.has_pytz and not self._foreign(receiver), None

    def _call_localize(self, original: cst.Call, updated: cst.Call) -> cst.BaseExpression | None:
        func = original.func
        assert isinstance(func, cst.Attribute)
        ok, kind = self._pytz_receiver(func.value)
        shape = _plain_args(original)
        if not ok or shape is None:
            return None
        pos, kws = shape
        if not 1 <= len(pos) <= 2 or set(kws) - {"is_dst"} or len(pos) + len(kws) > 2:
            return None
        receiver = updated.func.value  # type: ignore[attr-defined]
        dt = updated.args[0].value
        if kind in ("utc", "fixed"):
            # StaticTzInfo/UTC/FixedOffset.localize is replace(tzinfo=...); is_dst is ignored
            return _method(dt, "replace", [_kwarg("tzinfo", receiver)])
        if kind is None:
            self._report(original, "localize-receiver")
        self.need_localize = True
        self.need_errors = True
        space = cst.Comma(whitespace_after=cst.SimpleWhitespace(" "))
        first = updated.args[0]
        if not isinstance(first.comma, cst.Comma):
            first = first.with_changes(comma=space)
        if len(updated.args) == 2:
            last = updated.args[1]
            args = [
                first,
                cst.Arg(receiver, comma=space),
                last.with_changes(
                    keyword=cst.Name("is_dst"), equal=_kwarg("is_dst", last.value).equal
                ),
            ]
        else:
            trailing = updated.args[0].comma  # keep a trailing comma (and its comment) last
            args = [first, cst.Arg(receiver, comma=trailing)]
        return updated.with_changes(func=cst.Name(_helpers.LOCALIZE_NAME), args=args)

    def _call_normalize(self, original: cst.Call, updated: cst.Call) -> cst.BaseExpression | None:
        func = original.func
        assert isinstance(func, cst.Attribute)
        ok, kind = self._pytz_receiver(func.value)
        shape = _plain_args(original)
        if not ok or shape is None:
            return None
        pos, kws = shape
        if len(pos) != 1 or (kws and (kind not in ("utc", "fixed") or set(kws) - {"is_dst"})):
            return None
        receiver = updated.func.value  # type: ignore[attr-defined]
        arg_o = original.args[0].value
        arg_u = updated.args[0].value
        if isinstance(arg_o, cst.BinaryOperation) and isinstance(arg_o.operator, _ARITH):
            assert isinstance(arg_u, cst.BinaryOperation)
            if self._is_timedelta(arg_o.right):
                shifted = arg_u.with_changes(
                    left=_method(arg_u.left, "astimezone", [cst.Arg(self._utc())])
                )
            elif isinstance(arg_o.operator, cst.Add) and self._is_timedelta(arg_o.left):
                shifted = arg_u.with_changes(
                    right=_method(arg_u.right, "astimezone", [cst.Arg(self._utc())])
                )
            else:
                self._report(original, "normalize-arithmetic")
                return None
            self._report(original, "normalize-absolute", kind="rewrite")
            shifted = shifted.with_changes(lpar=[cst.LeftParen()], rpar=[cst.RightParen()])
            if kind == "utc":
                return shifted
            return _method(shifted, "astimezone", [cst.Arg(receiver)])
        if isinstance(arg_o, cst.Name) and self._from_arithmetic(arg_o):
            self._report(original, "normalize-arithmetic")
            return None
        if kind == "utc":  # utc.normalize(dt) is dt.astimezone(utc): no wall time to repair
            return _method(arg_u, "astimezone", [cst.Arg(receiver)])
        # Through UTC, not dt.astimezone(tz) alone: astimezone() returns dt unchanged when
        # dt.tzinfo is tz, and pytz's normalize() also moves a skipped wall time (a gap time
        # from localize(), say) to the real one.
        if (
            isinstance(arg_u, cst.Call)
            and isinstance(arg_u.func, cst.Attribute)
            and arg_u.func.attr.value == "astimezone"
            and len(arg_u.args) == 1
            and _code(arg_u.args[0].value) == _code(receiver)
        ):
            arg_u = arg_u.with_changes(args=[arg_u.args[0].with_changes(value=self._utc())])
        else:
            arg_u = _method(arg_u, "astimezone", [cst.Arg(self._utc())])
        return _method(arg_u, "astimezone", [cst.Arg(receiver)])


def _code(node: cst.CSTNode) -> str:
    return cst.Module(body=[]).code_for_node(node)


def _header_end(body: Sequence[cst.BaseStatement]) -> int:
    """Index of the first statement after the module docstring and the leading imports."""
    index = 0
    for index, stmt in enumerate(body):  # noqa: B007
        if not isinstance(stmt, cst.SimpleStatementLine):
            return index
        for small in stmt.body:
            is_doc = index == 0 and isinstance(small, cst.Expr) and isinstance(
                small.value, cst.SimpleString | cst.ConcatenatedString
            )
            if not (is_doc or isinstance(small, cst.Import | cst.ImportFrom)):
                return index
    return len(body)


def _defined_at_top(module: cst.Module, name: str) -> bool:
    for stmt in module.body:
        if isinstance(stmt, cst.FunctionDef | cst.ClassDef) and stmt.name.value == name:
            return True
    return False


def _insert_helpers(module: cst.Module, errors: bool, localize: bool) -> cst.Module:
    source = ""
    if errors and not _defined_at_top(module, _helpers.ERROR_NAMES[0]):
        source += _helpers.ERRORS_SOURCE
    if localize and not _defined_at_top(module, _helpers.LOCALIZE_NAME):
        source += ("\n\n" if source else "") + _helpers.LOCALIZE_SOURCE
    if not source:
        return module
    new = list(cst.parse_module(source).body)
    two = [cst.EmptyLine(), cst.EmptyLine()]
    new[0] = new[0].with_changes(leading_lines=two)
    body = list(module.body)
    index = _header_end(body)
    if index < len(body):
        following = body[index]
        blank = 0
        for line in following.leading_lines:
            if line.comment is not None:
                break
            blank += 1
        if blank < 2:
            following = following.with_changes(
                leading_lines=[cst.EmptyLine()] * (2 - blank) + list(following.leading_lines)
            )
        body[index] = following
    if index == 0:
        new[0] = new[0].with_changes(leading_lines=[])
    return module.with_changes(body=body[:index] + new + body[index:])


def _remaining_legacy_bindings(module: cst.Module, names: set[str]) -> set[str]:
    """Names in ``names`` that a pytz/dateutil import in ``module`` still binds."""
    bound: set[str] = set()

    class _Visitor(cst.CSTVisitor):
        def visit_ImportFrom(self, node: cst.ImportFrom) -> None:
            mod = cst.helpers.get_full_name_for_node(node.module) if node.module else ""
            if not mod or not (_is_legacy_name(mod) or mod == "dateutil"):
                return
            if isinstance(node.names, cst.ImportStar):
                return
            for alias in node.names:
                name = (
                    alias.asname.name.value  # type: ignore[union-attr]
                    if alias.asname
                    else cst.helpers.get_full_name_for_node(alias.name)
                )
                if name in names:
                    bound.add(name)

    module.visit(_Visitor())
    return bound


def _imports_pytz(module: cst.Module) -> bool:
    """True when any import statement in the module names pytz or one of its submodules."""
    found = False

    class _Visitor(cst.CSTVisitor):
        def visit_Import(self, node: cst.Import) -> None:
            nonlocal found
            for alias in node.names:
                name = cst.helpers.get_full_name_for_node(alias.name) or ""
                found = found or name.split(".")[0] == "pytz"

        def visit_ImportFrom(self, node: cst.ImportFrom) -> None:
            nonlocal found
            name = cst.helpers.get_full_name_for_node(node.module) if node.module else ""
            found = found or (not node.relative and (name or "").split(".")[0] == "pytz")

    module.visit(_Visitor())
    return found


def _raises_time_errors(module: cst.Module) -> bool:
    """True when the module calls ``.localize(dt, None)`` or ``.localize(dt, is_dst=None)``."""
    found = False

    class _Visitor(cst.CSTVisitor):
        def visit_Call(self, node: cst.Call) -> None:
            nonlocal found
            if isinstance(node.func, cst.Attribute) and node.func.attr.value == "localize":
                for index, arg in enumerate(node.args):
                    is_dst = arg.keyword.value == "is_dst" if arg.keyword else index == 1
                    if is_dst and isinstance(arg.value, cst.Name) and arg.value.value == "None":
                        found = True

    module.visit(_Visitor())
    return found


def _mentions_legacy(code: str) -> bool:
    return "pytz" in code or "dateutil" in code


class _Rename(cst.CSTTransformer):
    def __init__(self, mapping: dict[str, str]) -> None:
        super().__init__()
        self.mapping = mapping

    def leave_Name(self, original_node: cst.Name, updated_node: cst.Name) -> cst.Name:
        new = self.mapping.get(updated_node.value)
        return updated_node.with_changes(value=new) if new else updated_node


def migrate_module(module: cst.Module) -> tuple[cst.Module, list[Finding]]:
    """Rewrite a parsed module; returns the new module and the findings."""
    context = CodemodContext()
    wrapper = MetadataWrapper(module)
    names = NameChooser(wrapper, context)
    has_pytz = _imports_pytz(module)
    migrator = _Migrator(context, names, has_pytz, _raises_time_errors(module))
    new = wrapper.visit(migrator)
    findings = sorted(migrator.findings, key=lambda f: (f.line, f.column, f.code))
    if new.deep_equals(module):
        return module, findings
    removal = MetadataWrapper(new)
    # RemoveImportsVisitor reads scopes through context.wrapper; the scratch dict is shared
    new = removal.visit(RemoveImportsVisitor(dataclasses.replace(context, wrapper=removal)))
    pending = {obj for _, obj in names.pending.values()}
    mapping = names.finalize(_remaining_legacy_bindings(new, pending))
    if mapping:
        new = new.visit(_Rename(mapping))
    new = MetadataWrapper(new).visit(AddImportsVisitor(context))
    new = _insert_helpers(new, migrator.need_errors, migrator.need_localize)
    return new, findings


def migrate_source(code: str) -> MigrateResult:
    """Rewrite one file's source text. Raises ``libcst.ParserSyntaxError`` if it does not parse."""
    if not _mentions_legacy(code):
        return MigrateResult(code, False, [])
    module = cst.parse_module(code)
    new, findings = migrate_module(module)
    new_code = new.code
    return MigrateResult(new_code, new_code != code, findings)
