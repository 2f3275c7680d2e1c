"""The LibCST transformer that rewrites pytz and dateutil.tz usage to the standard library.

Every rewrite keeps the meaning exactly, or it is reported: a *note* when the rewrite is made
and only an edge (an error type, a ``tzname``) differs, a *marker* (a comment above the
statement, the code left as it was) when the meaning cannot be proven. See migration_guide.md.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Collection, Sequence
from dataclasses import dataclass, field

import libcst as cst
from libcst.codemod import CodemodContext, ContextAwareTransformer
from libcst.codemod.visitors import RemoveImportsVisitor
from libcst.metadata import (
    Assignment,
    ParentNodeProvider,
    PositionProvider,
    QualifiedNameProvider,
    QualifiedNameSource,
    ScopeProvider,
)

from . import _codes, _helpers, _placement
from ._codes import Finding
from ._names import NameChooser
from ._project import ProjectIndex, resolve_relative

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
    "tzoffset-dynamic": "tzoffset() offset may be seconds or a timedelta at run time; timezone() "
    "takes only a timedelta",
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
    "duck-typing": "hasattr/getattr test for a pytz-only attribute: the answer flips once the "
    "zones are ZoneInfo, so the other branch runs",
    "pytz-type-check": "test for 'is this a pytz zone' (isinstance BaseTzInfo, _is_pytz_zone): "
    "flips once the zones are ZoneInfo, so the other branch runs",
    "is-dst-ignored": "make_aware(..., is_dst=...) honours is_dst only for pytz zones (Django 4); "
    "ZoneInfo zones take fold",
    "pytz-private": "private pytz attribute: ZoneInfo has no such attribute (transitions are "
    "not public in the stdlib)",
    "tzname-none": "tzname(None) gave the zone name in pytz; ZoneInfo gives None: use str(tz)",
    "bound-method": "bound pytz method: ZoneInfo has no localize/normalize; use "
    "_tz_localize(dt, tz) / _tz_normalize(dt, tz)",
    "pytz-method": "pytz-only method on an object the codemod cannot identify as a zone; "
    "ZoneInfo has no localize/normalize",
    "aware-arithmetic": "+/- on a datetime aware in a pytz zone was absolute (UTC) time that kept "
    "the old offset until normalize(); on ZoneInfo it is wall-clock time, so results differ "
    "across DST changes: write (dt.astimezone(timezone.utc) + delta).astimezone(tz) for "
    "absolute time",
    "tzinfo-identity": "pytz attached one tzinfo object per offset (EST, EDT), never the zone "
    "itself; ZoneInfo attaches the zone, so comparing tzinfo objects gives other answers",
    "unsupported": "no standard-library equivalent; rewrite by hand",
    "call-shape": "arguments in a form the codemod does not rewrite (*args, unknown keywords)",
    "re-exported": "other modules of the project import this name from here, so the import "
    "stays (their values are unchanged); change them to the stdlib name, then drop it",
    # notes: rewritten, an edge case differs
    "timezone-dynamic": "pytz.timezone() matched names case-insensitively and raised "
    "UnknownTimeZoneError; ZoneInfo is case-sensitive and raises ZoneInfoNotFoundError "
    "(ValueError for malformed keys)",
    "timezone-case": "key spelled in pytz's case-insensitive form; rewritten to the canonical key",
    "localize-receiver": "receiver taken for a time zone (the module imports pytz, or its name "
    "says so); the helper defers to a pytz zone's own method, so pytz and ZoneInfo zones both work",
    "fixed-offset": "tzname() and repr differ: pytz FixedOffset/dateutil tzoffset(None, ...) gave "
    "None, datetime.timezone gives 'UTC+HH:MM'",
    "utc-dst": "dst() is None and timetuple().tm_isdst is -1 with datetime.timezone; pytz's "
    "utc/FixedOffset and dateutil's tzutc/tzoffset gave timedelta(0) and 0",
    "unknown-timezone-error": "ZoneInfo raises ValueError, not ZoneInfoNotFoundError, for "
    "malformed keys ('', absolute paths, '..')",
    "unknown-timezone-valueerror": "ZoneInfo raises ValueError for malformed keys, so the handler "
    "also catches ValueError: other ValueErrors of the try body are caught too",
    "time-errors": "pytz's time errors come from the helpers (pytz's own classes while pytz is "
    "installed)",
    "utc-zoneinfo": "pytz.utc became ZoneInfo('UTC'), not timezone.utc: the project calls "
    "pytz.timezone() with run-time names, and pytz.timezone('UTC') was pytz.utc itself",
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
    "aware-arithmetic": "pytz +/- was absolute time; ZoneInfo's is wall time",
    "tzinfo-identity": "pytz tzinfo was per offset; ZoneInfo's is the zone",
    "unsupported": "no stdlib equivalent; rewrite by hand",
    "call-shape": "arguments not in a form the codemod rewrites",
    "re-exported": "imported from here by other modules: kept",
    "tzoffset-dynamic": "offset may be a timedelta or seconds: timezone() takes a timedelta",
    "duck-typing": "pytz-only attribute test: flips once zones are ZoneInfo",
    "pytz-type-check": "pytz-zone test: flips once zones are ZoneInfo",
    "is-dst-ignored": "is_dst is ignored for ZoneInfo zones",
    "pytz-private": "private pytz attribute: not on ZoneInfo",
    "tzname-none": "tzname(None) was the zone name in pytz; None now",
    "bound-method": "bound pytz method: ZoneInfo has none",
    "pytz-method": "pytz-only method: ZoneInfo has none",
    "unknown-timezone-valueerror": "now also catches ValueError (malformed keys)",
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
# pytz-only attributes: testing for them, or reading them, depends on the zone being pytz's.
_PYTZ_ATTRS = frozenset({"localize", "normalize", "zone"})
_PYTZ_PRIVATE = frozenset({"_utc_transition_times", "_transition_info", "_tzinfos"})
# generic-looking private names: pytz's only on a receiver that looks like a zone
_PYTZ_PRIVATE_WEAK = frozenset({"_utcoffset", "_tzname", "_dst"})
_PYTZ_TYPES = frozenset({"pytz.BaseTzInfo", "pytz.DstTzInfo", "pytz.StaticTzInfo"})
# calls where tzinfo= attaches a zone as it is (the LMT trap)
_DATETIME_MAKERS = frozenset({"datetime.datetime", "datetime.time", "datetime.datetime.combine"})
# assertion methods that compare their first two arguments for (in)equality or identity
_ASSERT_SAME = frozenset(
    {"assertEqual", "assertEquals", "assertNotEqual", "assertNotEquals", "assertIs", "assertIsNot"}
)
# methods that cannot raise ValueError: a try body of lookups and these catches only the lookup's
_SAFE_METHODS = frozenset(
    {"upper", "lower", "strip", "lstrip", "rstrip", "replace", "title", "casefold", "append"}
)


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


def _like_literal(node: cst.BaseExpression, value: str) -> cst.SimpleString:
    """A string literal holding ``value`` in the prefix and quotes of ``node``."""
    if isinstance(node, cst.SimpleString) and "\\" not in value:
        text = node.value
        prefix = text[: len(text) - len(text.lstrip("rRuU"))]
        quote = text[len(prefix) : len(prefix) + 3]
        if quote not in ('"""', "'''"):
            quote = quote[0]
        if quote not in value:
            return cst.SimpleString(f"{prefix}{quote}{value}{quote}")
    return cst.SimpleString(repr(value))


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
        super().__init__(context)
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

    def _helper(self, name: str) -> cst.BaseExpression:
        """How this module names helper ``name`` (imported or inline); schedules it."""
        if self.helpers:
            self.used_helpers = True
            return self.names.expr(self.helpers, name)
        self.need.update(_helpers.NEEDS[name])
        return cst.Name(self.inline_names.get(name, name))

    # ------------------------------------------------------------------ metadata helpers
    def _qnames(self, node: cst.CSTNode) -> set[str]:
        found = self.get_metadata(QualifiedNameProvider, node, set())
        return {
            _canon(resolve_relative(q.name, self.module_name, self.is_package))
            for q in found
            if q.source is QualifiedNameSource.IMPORT
        }

    def _ref(self, node: cst.CSTNode) -> str | None:
        """The pytz/dateutil.tz name ``node`` refers to, if any."""
        if isinstance(node, cst.Name) and node.value in self.own_helpers:
            return None  # bound by the helpers' try-import of pytz's classes: already migrated
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
    ) -> bool:
        """Report ``code`` at ``node`` (a marker also gets its comment above the statement);
        False when the user's selection or an ignore comment silences it there."""
        kind = kind or ("marker" if code in MARKERS else "note")
        pos = self.get_metadata(PositionProvider, node, None)
        line, col = (pos.start.line, pos.start.column + 1) if pos else (0, 0)
        stmt = node
        while stmt is not None and not hasattr(stmt, "leading_lines"):
            stmt = self._parent(stmt)
        if kind in ("marker", "note"):
            first = self._line(stmt) if stmt is not None else line
            if not self.options.reported(code, line, first):
                return False
        prefix = f"{detail}: " if detail else ""
        finding = Finding(line, col, kind, code, prefix + MESSAGES.get(code, code))
        if finding not in self.findings:
            self.findings.append(finding)
        if kind == "marker" and stmt is not None:
            texts = self._pending.setdefault(stmt, [])
            text = f"{MARKER_PREFIX}[{code}]: {prefix}{COMMENTS[code]}"
            if text not in texts:
                texts.append(text)
        return True

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

    def _zone_kind(
        self, node: cst.BaseExpression, depth: int = 0, use_index: bool = True
    ) -> str | None:
        """"zone", "utc" or "fixed" when ``node`` provably is a pytz tzinfo, else None.

        With ``use_index``, also a name imported from (or a call to a function of) another
        module of the project that holds (returns) one.
        """
        if isinstance(node, cst.Call):
            q = self._ref(node.func)
            if q == "pytz.timezone":
                return "zone"
            if q == "pytz.FixedOffset":
                return "fixed"
            if use_index and self.index is not None and q is None:
                for name in self._qnames(node.func):
                    if name in self.index.zone_functions:
                        return self.index.zone_functions[name]
            return None
        if self._ref(node) in ("pytz.utc", "pytz.UTC"):
            return "utc"
        if use_index and self.index is not None and isinstance(node, cst.Name | cst.Attribute):
            for name in self._qnames(node):
                if name in self.index.zones:
                    return self.index.zones[name]
        if isinstance(node, cst.Name) and depth < 4:
            value = self._single_value(node)
            if value is not None:
                return self._zone_kind(value, depth + 1, use_index)
        return None

    def _tz_like(self, node: cst.BaseExpression) -> bool:
        """True when the receiver's name says it is a time zone (``tz``, ``self.timezone``...)."""
        if isinstance(node, cst.Call):
            node = node.func
        if isinstance(node, cst.Attribute):
            name = node.attr.value
        elif isinstance(node, cst.Name):
            name = node.value
        else:
            return False
        lowered = name.lower()
        return name == "tzinfo" or (
            ("tz" in lowered or "zone" in lowered) and "tzname" not in lowered
        )

    def _is_aware(self, node: cst.BaseExpression, depth: int = 0) -> bool:
        """True when ``node`` provably evaluates to an aware datetime (or raises)."""
        if depth > 6:
            return False
        if isinstance(node, cst.Call):
            func = node.func
            if isinstance(func, cst.Name):
                return func.value in (_helpers.LOCALIZE_NAME, _helpers.NORMALIZE_NAME)
            if not isinstance(func, cst.Attribute):
                return False
            method = func.attr.value
            if method in ("localize", "normalize", "astimezone"):
                return True
            kwargs = {a.keyword.value: a.value for a in node.args if a.keyword}
            if method in ("replace", "combine") or "datetime.datetime" in self._qnames(func):
                tz = kwargs.get("tzinfo")
                return tz is not None and self._is_tzinfo(tz)
            positional = [a for a in node.args if a.keyword is None]
            where = {"now": 0, "fromtimestamp": 1}.get(method)
            if where is not None:
                tz = kwargs.get("tz")
                if tz is None and len(positional) > where:
                    tz = positional[where].value
                return tz is not None and self._is_tzinfo(tz)
            return False
        if isinstance(node, cst.BinaryOperation) and isinstance(node.operator, _ARITH):
            if self._is_timedelta(node.right):
                return self._is_aware(node.left, depth + 1)
            if isinstance(node.operator, cst.Add) and self._is_timedelta(node.left):
                return self._is_aware(node.right, depth + 1)
            return False
        if isinstance(node, cst.Name):
            value = self._single_value(node)
            return value is not None and self._is_aware(value, depth + 1)
        return False

    def _is_tzinfo(self, node: cst.BaseExpression) -> bool:
        """True when ``node`` is provably a tzinfo object (never None)."""
        if self._zone_kind(node) is not None:
            return True
        q = self._ref(node)
        if q in _UTC_REFS:
            return True
        if isinstance(node, cst.Call):
            return self._ref(node.func) in ("dateutil.tz.tzutc", "dateutil.tz.tzoffset")
        return bool({"datetime.timezone.utc", "datetime.UTC"} & self._qnames(node))

    def _is_naive(self, node: cst.BaseExpression, depth: int = 0) -> bool:
        """True when ``node`` provably evaluates to a naive datetime."""
        if depth > 6:
            return False
        if isinstance(node, cst.Call):
            func = node.func
            qnames = self._qnames(func)
            kwargs = {a.keyword.value: a.value for a in node.args if a.keyword}
            positional = [a for a in node.args if a.keyword is None]
            if "datetime.datetime" in qnames:  # the 8th positional argument is tzinfo
                starred = any(a.star for a in node.args)
                return not starred and "tzinfo" not in kwargs and len(positional) < 8
            if qnames & {"datetime.datetime.utcnow", "datetime.datetime.utcfromtimestamp"}:
                return True
            if any(q in ("datetime.datetime.now", "datetime.datetime.today") for q in qnames):
                return not node.args
            if isinstance(func, cst.Attribute) and func.attr.value == "replace":
                tz = kwargs.get("tzinfo")
                return isinstance(tz, cst.Name) and tz.value == "None"
            return False
        if isinstance(node, cst.BinaryOperation) and isinstance(node.operator, _ARITH):
            if self._is_timedelta(node.right):
                return self._is_naive(node.left, depth + 1)
            return False
        if isinstance(node, cst.Name):
            value = self._single_value(node)
            return value is not None and self._is_naive(value, depth + 1)
        return False

    def _is_number(self, node: cst.BaseExpression, depth: int = 0) -> bool:
        """True when ``node`` provably is an int or float (not a timedelta)."""
        if depth > 6:
            return False
        if isinstance(node, cst.Integer | cst.Float):
            return True
        if isinstance(node, cst.UnaryOperation):
            return self._is_number(node.expression, depth + 1)
        if isinstance(node, cst.BinaryOperation):
            return self._is_number(node.left, depth + 1) and self._is_number(node.right, depth + 1)
        if isinstance(node, cst.Call):
            if isinstance(node.func, cst.Name) and node.func.value in ("int", "float", "round"):
                return True
            return isinstance(node.func, cst.Attribute) and node.func.attr.value == "total_seconds"
        if isinstance(node, cst.Name):
            value = self._single_value(node)
            return value is not None and self._is_number(value, depth + 1)
        return False

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

    @staticmethod
    def _root(node: cst.BaseExpression) -> cst.BaseExpression:
        while isinstance(node, cst.Attribute | cst.Call | cst.Subscript):
            node = node.func if isinstance(node, cst.Call) else node.value
        return node

    def _foreign(self, node: cst.BaseExpression) -> bool:
        """True when the receiver's root name is imported from somewhere other than pytz."""
        root = self._root(node)
        if not isinstance(root, cst.Name):
            return False
        names = self._qnames(root)
        return bool(names) and not any(_is_legacy_name(q) for q in names)

    def _from_project(self, node: cst.BaseExpression) -> bool:
        """True when the receiver's root name is imported from a module of the project."""
        root = self._root(node)
        if self.index is None or not isinstance(root, cst.Name):
            return False
        for qualified in self._qnames(root):
            parts = qualified.split(".")
            if any(".".join(parts[:i]) in self.index.modules for i in range(len(parts), 0, -1)):
                return True
        return False

    def _utc(self) -> cst.BaseExpression:
        return self.names.expr("datetime", "timezone", "utc")

    def _pytz_utc(self, node: cst.CSTNode) -> cst.BaseExpression:
        """What ``pytz.utc`` becomes: ``ZoneInfo("UTC")`` where pytz.timezone(name) may be
        handed "UTC" (pytz gave pytz.utc itself then), else ``timezone.utc``."""
        if self.utc_zone:
            self._report(node, "utc-zoneinfo", kind="note")
            key = cst.SimpleString(self.quote + "UTC" + self.quote)
            return cst.Call(func=self.names.expr("zoneinfo", "ZoneInfo"), args=[cst.Arg(key)])
        self._note_utc_dst(node)
        return self._utc()

    def _to_utc(self, original: cst.BaseExpression, updated: cst.BaseExpression) -> cst.Call:
        """``dt.astimezone(timezone.utc)``, through the helper unless ``dt`` is provably aware."""
        if self._is_aware(original):
            return _method(updated, "astimezone", [cst.Arg(self._utc())])
        space = cst.Comma(whitespace_after=cst.SimpleWhitespace(" "))
        return cst.Call(
            func=self._helper(_helpers.NORMALIZE_NAME),
            args=[cst.Arg(updated, comma=space), cst.Arg(self._utc())],
        )

    # ------------------------------------------------------------------ pytz arithmetic
    def _utc_like(self, node: cst.BaseExpression, depth: int = 0) -> bool:
        """True when the tzinfo expression ``node`` is UTC or a fixed offset (no DST)."""
        if self._zone_kind(node) in ("utc", "fixed") or self._ref(node) in _UTC_REFS:
            return True
        if isinstance(node, cst.Call):
            func = self._ref(node.func)
            qnames = self._qnames(node.func)
            if "zoneinfo.ZoneInfo" in qnames or func == "pytz.timezone":
                return self._static_zone(node)  # ZoneInfo("UTC"), as pytz.utc becomes
            return func in ("dateutil.tz.tzutc", "dateutil.tz.tzoffset") or (
                "datetime.timezone" in qnames
            )
        if isinstance(node, cst.Attribute) and node.attr.value == "utc":
            return True  # timezone.utc, dt_timezone.utc
        if isinstance(node, cst.Name) and depth < 4:
            value = self._single_value(node)
            if value is not None and self._utc_like(value, depth + 1):
                return True
        qnames = self._qnames(node)
        if self.index is not None and qnames & self.index.utc_names:
            return True  # a project module's UTC = pytz.utc (or, migrated, ZoneInfo("UTC"))
        return bool({"datetime.timezone.utc", "datetime.UTC"} & qnames)

    def _zone_aware(self, node: cst.BaseExpression, depth: int = 0) -> bool:
        """True when ``node`` may be a datetime aware in a pytz zone with DST (localize(),
        astimezone(tz), now(tz), a project function returning one...)."""
        if depth > 6:
            return False
        if isinstance(node, cst.BinaryOperation) and isinstance(node.operator, _ARITH):
            return self._zone_aware(node.left, depth + 1)
        if isinstance(node, cst.Name):
            # bindings after the use count only in a loop (they flow back on the next turn)
            use = self._line(node)
            looped = self._enclosing(node, cst.For | cst.While) is not None
            for stmt in self._assigned_values(node) or ():
                value = getattr(stmt, "value", None)
                if not isinstance(stmt, cst.Assign | cst.AnnAssign) or value is None:
                    continue
                if not looped and self._line(stmt) >= use:
                    continue
                if self._zone_aware(value, depth + 1):
                    return True
            return False
        if not isinstance(node, cst.Call):
            return False
        func = node.func
        found = self._attached_tz(node)
        if found is not None:
            tz, method = found
            if method == "localize":  # localize() or normalize() on tz, or their helpers
                if isinstance(func, cst.Attribute):
                    ok, kind = self._pytz_receiver(tz)
                    return ok and kind not in ("utc", "fixed")
                return not self._utc_like(tz)
            if self._utc_like(tz) or (isinstance(tz, cst.Name) and tz.value == "None"):
                return False
            return self._zone_kind(tz) is not None or self._tz_like(tz)
        if isinstance(func, cst.Name):
            return bool(
                self.index is not None
                and self.module_name
                and self.index.aware_function(f"{self.module_name}.{func.value}")
            ) or self._index_aware(func)
        if not isinstance(func, cst.Attribute):
            return False
        method = func.attr.value
        if isinstance(func.value, cst.Name) and func.value.value in ("self", "cls"):
            cls = self._enclosing(node, cst.ClassDef)
            if cls is not None and self.index is not None and self.module_name:
                name = f"{self.module_name}.{cls.name.value}.{method}"  # type: ignore[attr-defined]
                return self.index.aware_function(name)
            return False
        return self._index_aware(func)

    def _line(self, node: cst.CSTNode) -> int:
        pos = self.get_metadata(PositionProvider, node, None)
        return pos.start.line if pos else 0

    def _index_aware(self, func: cst.BaseExpression) -> bool:
        if self.index is None:
            return False
        return any(self.index.aware_function(q) for q in self._qnames(func))

    def _argument_of(self, node: cst.CSTNode, method: str, helper: str, first: bool) -> bool:
        """True when ``node`` is an argument (``first``: the first) of ``x.method(...)`` or of
        the codemod's ``helper(...)``."""
        arg = self._parent(node)
        call = self._parent(arg) if isinstance(arg, cst.Arg) else None
        if not isinstance(call, cst.Call) or (first and call.args[0] is not arg):
            return False
        func = call.func
        if isinstance(func, cst.Attribute):
            return func.attr.value == method
        return isinstance(func, cst.Name) and func.value == helper

    def leave_BinaryOperation(
        self, original_node: cst.BinaryOperation, updated_node: cst.BinaryOperation
    ) -> cst.BaseExpression:
        if (
            self.pytz_world
            and isinstance(original_node.operator, _ARITH)
            # normalize(dt + delta) is rewritten there
            and not self._argument_of(original_node, "normalize", _helpers.NORMALIZE_NAME, False)
        ):
            left, right = original_node.left, original_node.right
            if (self._zone_aware(left) and not self._is_number(right)) or (
                self._zone_aware(right) and not self._is_number(left)
            ):
                self._report(original_node, "aware-arithmetic")
            elif self._maybe_aware_shift(left, right) and not self._argument_of(
                original_node, "localize", _helpers.LOCALIZE_NAME, True
            ):  # localize() refused aware datetimes: its argument is naive
                self._report(original_node, "aware-arithmetic", detail="if aware in a pytz zone")
        return updated_node

    def _utc_aware(self, node: cst.BaseExpression, depth: int = 0) -> bool:
        """True when ``node`` is a datetime made aware in UTC or a fixed offset (no DST)."""
        if isinstance(node, cst.Name) and depth < 4:
            value = self._single_value(node)
            return value is not None and self._utc_aware(value, depth + 1)
        if isinstance(node, cst.BinaryOperation) and isinstance(node.operator, _ARITH):
            return self._utc_aware(node.left, depth + 1) and self._is_delta(node.right)
        if not isinstance(node, cst.Call):
            return False
        found = self._attached_tz(node)
        return found is not None and self._utc_like(found[0])

    def _attached_tz(self, call: cst.Call) -> tuple[cst.BaseExpression, str] | None:
        """(tzinfo expression, method) when ``call`` makes an aware datetime in it:
        ``tz.localize(dt)``/``tz.normalize(dt)`` and the helpers (method "localize"),
        ``dt.astimezone(tz)``, ``now(tz)``, ``fromtimestamp(ts, tz)``, ``replace(tzinfo=tz)``."""
        func = call.func
        args = [a.value for a in call.args if a.keyword is None]
        kwargs = {a.keyword.value: a.value for a in call.args if a.keyword}
        if isinstance(func, cst.Name):
            helpers = {_helpers.LOCALIZE_NAME, _helpers.NORMALIZE_NAME} | set(self.own_helpers)
            if func.value in helpers and len(args) >= 2:
                return args[1], "localize"
            return None
        if not isinstance(func, cst.Attribute):
            return None
        method = func.attr.value
        tz: cst.BaseExpression | None = None
        if method in ("localize", "normalize"):
            return func.value, "localize"
        if method == "astimezone" and args:
            tz = args[0]
        elif method in ("now", "fromtimestamp"):
            where = 0 if method == "now" else 1
            tz = kwargs.get("tz") or (args[where] if len(args) > where else None)
        elif method == "replace":
            tz = kwargs.get("tzinfo")
        return None if tz is None else (tz, method)

    def _is_delta(self, node: cst.BaseExpression) -> bool:
        if self._is_timedelta(node):
            return True
        return isinstance(node, cst.Call) and bool(
            {"dateutil.relativedelta.relativedelta", "dateutil.relativedelta"}
            & self._qnames(node.func)
        )

    def _maybe_aware_shift(self, shifted: cst.BaseExpression, delta: cst.BaseExpression) -> bool:
        """``shifted + delta`` where ``shifted`` is a datetime of unknown origin in a module
        that makes datetimes aware in zones handed to it (croniter's ``d += relativedelta``)."""
        if not self.makes_aware or not self._is_delta(delta):
            return False
        if self._is_naive(shifted) or self._is_delta(shifted) or self._is_number(shifted):
            return False
        if self._utc_aware(shifted):
            return False
        root = self._root(shifted)
        name = root.value if isinstance(root, cst.Name) else ""
        return not any(part in name.lower() for part in ("delta", "offset", "duration"))

    def leave_AugAssign(
        self, original_node: cst.AugAssign, updated_node: cst.AugAssign
    ) -> cst.AugAssign:
        if not self.pytz_world or not isinstance(
            original_node.operator, cst.AddAssign | cst.SubtractAssign
        ):
            return updated_node
        target, value = original_node.target, original_node.value
        if not self._is_number(value) and self._zone_aware(target):  # type: ignore[arg-type]
            self._report(original_node, "aware-arithmetic")
        elif self._maybe_aware_shift(target, value):  # type: ignore[arg-type]
            self._report(original_node, "aware-arithmetic", detail="if aware in a pytz zone")
        return updated_node

    def _tzinfo_pair(self, a: cst.BaseExpression, b: cst.BaseExpression) -> bool:
        """True for ``x.tzinfo`` compared with another tzinfo that may be a pytz zone's."""
        def attr(node: cst.BaseExpression) -> bool:
            return isinstance(node, cst.Attribute) and node.attr.value == "tzinfo"

        def zoneish(node: cst.BaseExpression) -> bool:
            if isinstance(node, cst.Name) and node.value == "None":
                return False
            return attr(node) or (
                not self._utc_like(node)
                and (self._zone_kind(node) is not None or self._tz_like(node))
            )

        return (attr(a) and zoneish(b)) or (attr(b) and zoneish(a))

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
            if self._reexported(asname or obj):
                self._report(node, "re-exported", detail=asname or obj)
                continue
            self._schedule_removal(module, obj, asname)
        return False

    def _reexported(self, name: str) -> bool:
        """True when another module of the project imports ``name`` from this one."""
        if self.index is None or not self.module_name:
            return False
        return name in self.index.imported_from.get(self.module_name, ())

    def visit_FunctionDef(self, node: cst.FunctionDef) -> bool:
        # the helpers this codemod wrote: their tz.localize() is the pytz fallback, keep it
        name = node.name.value
        return name not in _helpers.HELPER_NAMES and name not in self.own_helpers

    def visit_Try(self, node: cst.Try) -> bool:
        # the helpers' try-import of pytz's error classes stays as written
        return not _placement.is_helper_block(node)

    # ------------------------------------------------------------------ markers
    def on_leave(self, original_node, updated_node):  # type: ignore[no-untyped-def]
        self.names.site = original_node  # names the rewrite spells must be visible here
        updated = super().on_leave(original_node, updated_node)
        texts = self._pending.pop(original_node, None)
        if texts and isinstance(updated, cst.CSTNode) and hasattr(updated, "leading_lines"):
            # by code, not text: a marker wrapped to the line length has a shorter first line
            existing = {
                line.comment.value.split("]", 1)[0]
                for line in updated.leading_lines
                if line.comment is not None and line.comment.value.startswith(MARKER_PREFIX + "[")
            }
            new = [
                cst.EmptyLine(comment=cst.Comment(t))
                for t in texts
                if t.split("]", 1)[0] not in existing
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
            arg = self._parent(original)
            call = self._parent(arg) if isinstance(arg, cst.Arg) else None
            if isinstance(call, cst.Call) and _code(call.func) == "type":
                self._report(original, "pytz-type-check", detail=f"type({q})")
            if q == "dateutil.tz.UTC":
                self._note_utc_dst(original)
                new = self._utc()
            else:
                new = self._pytz_utc(original)
            return new.with_changes(lpar=updated.lpar, rpar=updated.rpar)
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
            if not self._in_handler_type(original):  # handlers: see leave_ExceptHandler
                self._report(original, "unknown-timezone-error")
            return self.names.expr("zoneinfo", "ZoneInfoNotFoundError")
        if q in _TIME_ERRORS:
            self._report(original, "time-errors")
            handler = self._enclosing(original, cst.ExceptHandler)
            if handler is not None and not self.helpers and not self.raises_time_errors:
                # inline classes: once pytz is gone each module has its own
                self._report(handler, "time-errors-foreign")
            name = self._helper(q.rsplit(".", 1)[1])
            return name.with_changes(lpar=updated.lpar, rpar=updated.rpar)
        if q in _PYTZ_TYPES:
            self._report(original, "pytz-type-check")
            return updated
        self._report(original, "unsupported", detail=q)
        return updated

    def _note_utc_dst(self, node: cst.CSTNode) -> None:
        # once per module: the same edge for every UTC/fixed object, and there are many
        if not any(f.code == "utc-dst" for f in self.findings):
            self._report(node, "utc-dst", kind="note")

    def _in_handler_type(self, node: cst.CSTNode) -> bool:
        parent = self._parent(node)
        if isinstance(parent, cst.Element):
            parent = self._parent(self._parent(parent) or parent)
            return isinstance(parent, cst.ExceptHandler)
        return isinstance(parent, cst.ExceptHandler) and parent.type is node

    def leave_ExceptHandler(
        self, original_node: cst.ExceptHandler, updated_node: cst.ExceptHandler
    ) -> cst.ExceptHandler:
        kinds = original_node.type
        if kinds is None:
            return updated_node
        values = [e.value for e in kinds.elements] if isinstance(kinds, cst.Tuple) else [kinds]
        if not any(self._ref(v) == "pytz.UnknownTimeZoneError" for v in values):
            return updated_node
        if any(isinstance(v, cst.Name) and v.value in ("ValueError", "Exception") for v in values):
            return updated_node
        # ZoneInfo raises ValueError for malformed keys ('', '/abs', '..'), where pytz raised
        # UnknownTimeZoneError: the handler must catch both. Exact when nothing else in the
        # try body can raise ValueError.
        trial = self._parent(original_node)
        if isinstance(trial, cst.Try) and self._lookup_only(trial.body):
            self._report(original_node, "unknown-timezone-error", kind="note")
        else:
            self._report(original_node, "unknown-timezone-valueerror")
        space = cst.Comma(whitespace_after=cst.SimpleWhitespace(" "))
        new_type = updated_node.type
        if isinstance(new_type, cst.Tuple):
            elements = list(new_type.elements)
            elements[-1] = elements[-1].with_changes(comma=space)
            elements.append(cst.Element(cst.Name("ValueError")))
            new_type = new_type.with_changes(elements=elements)
        else:
            assert new_type is not None
            new_type = cst.Tuple(
                [cst.Element(new_type, comma=space), cst.Element(cst.Name("ValueError"))]
            )
        return updated_node.with_changes(type=new_type)

    def _lookup_only(self, body: cst.BaseSuite) -> bool:
        """True when every call in ``body`` is a zone lookup or a harmless str method."""
        calls: list[cst.Call] = []

        class _Calls(cst.CSTVisitor):
            def visit_Call(self, node: cst.Call) -> None:
                calls.append(node)

        body.visit(_Calls())
        for call in calls:
            func = call.func
            if self._ref(func) in ("pytz.timezone", "dateutil.tz.gettz"):
                continue
            if isinstance(func, cst.Attribute) and func.attr.value in _SAFE_METHODS:
                continue
            if isinstance(func, cst.Name) and func.value in ("str", "len"):
                continue
            return False
        return True

    def _enclosing(self, node: cst.CSTNode, kind: type) -> cst.CSTNode | None:
        while node is not None and not isinstance(node, kind):
            node = self._parent(node)
        return node

    def leave_Name(self, original_node: cst.Name, updated_node: cst.Name) -> cst.BaseExpression:
        return self._reference(original_node, updated_node)

    def leave_Attribute(
        self, original_node: cst.Attribute, updated_node: cst.Attribute
    ) -> cst.BaseExpression:
        attr = original_node.attr.value
        if attr == "zone" and self._ref(original_node) is None:
            return self._zone_attribute(original_node, updated_node)
        if self.pytz_world and self._ref(original_node) is None:
            self._pytz_only_attribute(original_node, attr)
        return self._reference(original_node, updated_node)

    def _pytz_only_attribute(self, node: cst.Attribute, attr: str) -> None:
        receiver = node.value
        if attr in _PYTZ_PRIVATE or (
            attr in _PYTZ_PRIVATE_WEAK
            and self._tz_like(receiver)
            and not (isinstance(receiver, cst.Name) and receiver.value in ("self", "cls"))
        ):
            self._report(node, "pytz-private", detail=f".{attr}")
            return
        if attr in ("localize", "normalize"):
            parent = self._parent(node)
            called = isinstance(parent, cst.Call) and parent.func is node
            if not called and (self._zone_kind(receiver) or self._tz_like(receiver)):
                self._report(node, "bound-method", detail=f".{attr}")

    def _zone_attribute(
        self, original: cst.Attribute, updated: cst.Attribute
    ) -> cst.BaseExpression:
        kind = self._zone_kind(original.value, use_index=False)
        if kind == "zone":
            return updated.with_changes(attr=cst.Name("key"))
        if kind is None and self._zone_kind(original.value) == "zone":
            # a zone made in another module: pytz's today, ZoneInfo once that module is
            # migrated; str() gives the key for both
            return cst.Call(func=cst.Name("str"), args=[cst.Arg(updated.value)])
        kind = kind or self._zone_kind(original.value)
        if kind == "utc":  # pytz.utc.zone == "UTC" == str(timezone.utc)
            return cst.Call(func=cst.Name("str"), args=[cst.Arg(updated.value)])
        if kind is not None:
            self._report(original, "zone-attribute")
        elif self.pytz_world and (
            self._tz_like(original.value) or _code(original.value) in self.duck_typed
        ):
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
        elif identity and self.pytz_world:
            for a, b in zip(operands, operands[1:], strict=False):
                if self._tzinfo_pair(a, b):
                    self._report(original_node, "tzinfo-identity")
                    break
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
                if method in ("utcoffset", "dst", "tzname") and self.pytz_world:
                    if any(a.keyword and a.keyword.value == "is_dst" for a in original_node.args):
                        self._report(original_node, "is-dst-method")
                if method == "tzname" and self.pytz_world:
                    self._tzname_none(original_node)
            if result is not None:
                return result
        if self.pytz_world and q is None:
            self._pytz_tests(original_node)
        if self._makes_datetime(original_node.func):
            for arg in original_node.args:
                if arg.keyword is not None and arg.keyword.value == "tzinfo":
                    if self._zone_kind(arg.value) == "zone" and not self._static_zone(arg.value):
                        self._report(original_node, "lmt")
        return updated_node

    def _makes_datetime(self, func: cst.BaseExpression) -> bool:
        """True for datetime/time constructors and replace()/combine(): where ``tzinfo=``
        attaches a zone as is (not a project function that happens to take ``tzinfo=``)."""
        if isinstance(func, cst.Attribute) and func.attr.value in ("replace", "combine"):
            return True
        qnames = self._qnames(func)
        if qnames:
            return bool(qnames & _DATETIME_MAKERS)
        # not an import: a local function or class takes tzinfo= for its own purposes
        return isinstance(func, cst.Attribute) and func.attr.value in ("datetime", "time")

    def _tzname_none(self, call: cst.Call) -> None:
        args = call.args
        value = args[0].value if len(args) == 1 else None
        if not (isinstance(value, cst.Name) and value.value == "None"):
            return
        receiver = call.func.value  # type: ignore[attr-defined]
        kind = self._zone_kind(receiver)
        if kind == "zone" or (kind is None and self._tz_like(receiver)):
            self._report(call, "tzname-none")

    def _pytz_tests(self, call: cst.Call) -> None:
        """Mark code that asks whether a zone is pytz's: the answer flips after migration."""
        func = call.func
        name = func.value if isinstance(func, cst.Name) else (
            func.attr.value if isinstance(func, cst.Attribute) else ""
        )
        args = call.args
        if name in ("hasattr", "getattr") and len(args) >= 2:
            attr = _string_value(args[1].value)
            if attr in _PYTZ_ATTRS or attr in _PYTZ_PRIVATE:
                self._report(call, "duck-typing", detail=f"{name}(..., {attr!r})")
        elif "pytz" in name.lower() and name.lower().lstrip("_").startswith(("is_", "treat_")):
            self._report(call, "pytz-type-check", detail=f"{name}()")
        elif name == "make_aware" and any(a.keyword and a.keyword.value == "is_dst" for a in args):
            self._report(call, "is-dst-ignored")
        elif name in _ASSERT_SAME and len(args) >= 2 and not any(a.keyword for a in args[:2]):
            if self._tzinfo_pair(args[0].value, args[1].value):
                self._report(call, "tzinfo-identity")

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
                arg = arg.with_changes(value=_like_literal(original.args[0].value, canonical))
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
            arg = arg.with_changes(value=_like_literal(value, key))
        return updated.with_changes(func=self.names.expr("zoneinfo", "ZoneInfo"), args=[arg])

    def _call_tzutc(self, original: cst.Call, updated: cst.Call) -> cst.BaseExpression | None:
        if original.args:
            return None
        self._note_utc_dst(original)
        return self._utc()

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
            return self._pytz_utc(original)  # FixedOffset(0) is pytz.utc
        self._report(original, "fixed-offset")
        self._note_utc_dst(original)
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
            if not self._is_number(offset_o):  # dateutil took seconds or a timedelta
                self._report(original, "tzoffset-dynamic")
                return None
            delta = cst.Call(
                func=self.names.expr("datetime", "timedelta"), args=[_kwarg("seconds", offset_u)]
            )
        if isinstance(name_o, cst.Name) and name_o.value == "None":
            self._report(original, "fixed-offset")
            self._note_utc_dst(original)
            return self._fixed(delta)
        if _string_value(name_o) is None:
            self._report(original, "tzoffset-name")
            return None
        self._note_utc_dst(original)
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
        """(rewrite?, kind) for the object a localize/normalize method is called on.

        In a module importing pytz any receiver not imported from elsewhere is taken for a
        zone (noted). In project mode a receiver named like a zone (``tz``, ``self.timezone``)
        is too, since the project hands pytz zones around: the helpers defer to a zone that
        still has the method, so the rewrite is exact for pytz zones and ZoneInfo alike.
        """
        kind = self._zone_kind(receiver)
        if kind is not None:
            return True, kind
        tz_like = self._tz_like(receiver)
        if self._foreign(receiver) and not (tz_like and self._from_project(receiver)):
            return False, None
        if self.has_pytz:
            return True, None
        return self.pytz_world and tz_like, None

    def _call_localize(self, original: cst.Call, updated: cst.Call) -> cst.BaseExpression | None:
        func = original.func
        assert isinstance(func, cst.Attribute)
        ok, kind = self._pytz_receiver(func.value)
        shape = _plain_args(original)
        if not ok:
            return None
        if shape is None or not self._localize_shape(*shape):
            self._report(original, "call-shape", detail=_code(original.func))
            return None
        receiver = updated.func.value  # type: ignore[attr-defined]
        dt = updated.args[0].value
        space = cst.Comma(whitespace_after=cst.SimpleWhitespace(" "))
        if kind in ("utc", "fixed"):
            # StaticTzInfo/UTC/FixedOffset.localize is replace(tzinfo=...) after refusing an
            # aware datetime (ValueError); is_dst is ignored
            if self._is_naive(original.args[0].value):
                return _method(dt, "replace", [_kwarg("tzinfo", receiver)])
            return cst.Call(
                func=self._helper(_helpers.LOCALIZE_NAME),
                args=[cst.Arg(dt, comma=space), cst.Arg(receiver)],
            )
        if kind is None:
            self._report(original, "localize-receiver")
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
        return updated.with_changes(func=self._helper(_helpers.LOCALIZE_NAME), args=args)

    @staticmethod
    def _localize_shape(pos: list[cst.Arg], kws: dict[str, cst.Arg]) -> bool:
        return 1 <= len(pos) <= 2 and not set(kws) - {"is_dst"} and len(pos) + len(kws) <= 2

    def _call_normalize(self, original: cst.Call, updated: cst.Call) -> cst.BaseExpression | None:
        func = original.func
        assert isinstance(func, cst.Attribute)
        ok, kind = self._pytz_receiver(func.value)
        shape = _plain_args(original)
        if not ok:
            return None
        if shape is None:
            self._report(original, "call-shape", detail=_code(original.func))
            return None
        pos, kws = shape
        if len(pos) != 1 or (kws and (kind not in ("utc", "fixed") or set(kws) - {"is_dst"})):
            self._report(original, "call-shape", detail=_code(original.func))
            return None
        receiver = updated.func.value  # type: ignore[attr-defined]
        arg_o = original.args[0].value
        arg_u = updated.args[0].value
        if isinstance(arg_o, cst.BinaryOperation) and isinstance(arg_o.operator, _ARITH):
            assert isinstance(arg_u, cst.BinaryOperation)
            if self._is_timedelta(arg_o.right):
                shifted = arg_u.with_changes(left=self._to_utc(arg_o.left, arg_u.left))
            elif isinstance(arg_o.operator, cst.Add) and self._is_timedelta(arg_o.left):
                shifted = arg_u.with_changes(right=self._to_utc(arg_o.right, arg_u.right))
            else:
                self._report(original, "normalize-arithmetic")
                return None
            self._report(original, "normalize-absolute", kind="rewrite")
            shifted = shifted.with_changes(lpar=[cst.LeftParen()], rpar=[cst.RightParen()])
            if kind == "utc" and not self.utc_zone:
                return shifted
            return _method(shifted, "astimezone", [cst.Arg(receiver)])
        if isinstance(arg_o, cst.Name) and self._from_arithmetic(arg_o):
            self._report(original, "normalize-arithmetic")
            return None
        if not self._is_aware(arg_o):
            # pytz refused a naive datetime (ValueError); astimezone() would take it as the
            # machine's local time, so the helper keeps the check (and defers to pytz zones)
            space = cst.Comma(whitespace_after=cst.SimpleWhitespace(" "))
            return cst.Call(
                func=self._helper(_helpers.NORMALIZE_NAME),
                args=[cst.Arg(arg_u, comma=space), cst.Arg(receiver)],
            )
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


