"""``pytz.timezone(key)`` -> ``zoneinfo.ZoneInfo(key)``, and ``pytz.timezone`` passed around."""

from __future__ import annotations

import libcst as cst
from libcst.metadata import ComprehensionScope, GlobalScope, ScopeProvider

from .. import _analysis as ana
from .._rule import Context, Rule
from .._spec import CodeInfo, Example
from . import _build as mk
from . import unsupported

CODES = (
    CodeInfo(
        "TZM002",
        "timezone-to-zoneinfo",
        "rewrite",
        "safe",
        message="pytz.timezone(key) rewritten to zoneinfo.ZoneInfo(key)",
    ),
    CodeInfo(
        "TZM118",
        "timezone-key",
        "marker",
        "none",
        message="pytz.timezone() argument is not an IANA key known here",
        comment="not an IANA key known here",
    ),
    CodeInfo(
        "TZM201",
        "timezone-dynamic",
        "note",
        "none",
        message=(
            "pytz.timezone() matched names case-insensitively and raised UnknownTimeZoneError; "
            "ZoneInfo is case-sensitive and raises ZoneInfoNotFoundError (ValueError for "
            "malformed keys); ZoneInfo finds 'Factory' where the data has it, pytz refused it"
        ),
    ),
    CodeInfo(
        "TZM161",
        "timezone-name-case",
        "marker",
        "none",
        message=(
            "pytz.timezone() of a name computed at run time (not a module-level setting) in a "
            "try that catches unknown zones, or returned to callers that may catch them, so "
            "names users type: pytz matched it ignoring case "
            "('utc', 'europe/london') and refused 'Factory'; ZoneInfo is case-sensitive and "
            "finds 'Factory': check where the name comes from (elsewhere TZM201 notes it)"
        ),
        comment="pytz ignored the name's case and refused 'Factory'; ZoneInfo does neither",
    ),
    CodeInfo(
        "TZM202",
        "timezone-case",
        "note",
        "none",
        message="key spelled in pytz's case-insensitive form; rewritten to the canonical key",
    ),
)


def call_timezone(m: Context, original: cst.Call, updated: cst.Call) -> cst.BaseExpression | None:
    shape = mk.plain_args(original)
    if shape is None or len(shape[0]) != 1 or shape[1]:
        unsupported.call_shape(m, original)
        return None
    key = ana.string_value(original.args[0].value)
    arg = updated.args[0]
    if key is not None:
        canonical = ana.known_keys().get(key.lower())
        # the data's placeholder zone: ZoneInfo finds it, pytz.timezone() refused it
        if canonical is None or canonical == "Factory":
            m.report(original, "timezone-key")
            return None
        if canonical != key:
            m.report(original, "timezone-case")
            arg = arg.with_changes(value=mk.like_literal(original.args[0].value, canonical))
    elif _configured(m, original.args[0].value) or not (
        _guarded(m, original) or _returned(m, original)
    ):
        m.report(original, "timezone-dynamic")
    else:
        m.report(original, "timezone-name-case")
    return updated.with_changes(func=m.names.expr("zoneinfo", "ZoneInfo"), args=[arg])


#: handlers that catch pytz's UnknownTimeZoneError (a KeyError)
_LOOKUP_ERRORS = frozenset(
    {"KeyError", "LookupError", "Exception", "BaseException", "UnknownTimeZoneError"}
)


def _guarded(m: Context, call: cst.Call) -> bool:
    """True when ``call`` sits in the body of a ``try`` that catches an unknown zone: the
    code expects names that may not resolve (typed by users), where pytz's leniency counted."""
    child: cst.CSTNode = call
    node = m.parent(call)
    while node is not None and not isinstance(node, cst.FunctionDef | cst.Lambda | cst.Module):
        if isinstance(node, cst.Try) and child is node.body:
            for handler in node.handlers:
                if handler.type is None or _LOOKUP_ERRORS & _names(handler.type):
                    return True
        child, node = node, m.parent(node)
    return False


def _returned(m: Context, call: cst.Call) -> bool:
    """True when ``call`` is what a function returns (``return pytz.timezone(name)``): the
    zone, or the error for a name it does not know, goes to callers that may catch it."""
    parent = m.parent(call)
    return isinstance(parent, cst.Return) and m.enclosing(parent, cst.FunctionDef) is not None


def _names(node: cst.BaseExpression) -> set[str]:
    """The last names of an ``except`` clause's classes: ``(KeyError, pytz.X)`` -> both."""
    if isinstance(node, cst.Tuple):
        return {n for el in node.elements for n in _names(el.value)}
    if isinstance(node, cst.Attribute):
        return {node.attr.value}
    return {node.value} if isinstance(node, cst.Name) else set()


def _configured(m: Context, key: cst.BaseExpression) -> bool:
    """True for a key read from configuration: a module-level name, or an attribute of an
    imported module (``settings.TIME_ZONE``); a parameter, local or item is typed at run time."""
    if isinstance(key, cst.Name):
        # a module-level name, or one bound by a comprehension at module level
        scope = m.get_metadata(ScopeProvider, key, None)
        while isinstance(scope, ComprehensionScope):
            scope = scope.parent
        return isinstance(scope, GlobalScope)
    if isinstance(key, cst.Attribute):
        root: cst.BaseExpression = key
        while isinstance(root, cst.Attribute):
            root = root.value
        return isinstance(root, cst.Name) and bool(m.qnames(root))
    return False


def reference(
    m: Context, original: cst.Name | cst.Attribute, updated: cst.BaseExpression, q: str
) -> cst.BaseExpression:
    m.report(original, "timezone-dynamic")  # passed around as a callable
    return m.names.expr("zoneinfo", "ZoneInfo")


EXAMPLES = (
    Example(
        before=("import pytz\ntz = pytz.timezone('Europe/Paris')\n"),
        after=("from zoneinfo import ZoneInfo\n\ntz = ZoneInfo('Europe/Paris')\n"),
        codes=("timezone-to-zoneinfo",),
    ),
    Example(
        before=("import pytz\ntz = pytz.timezone('us/eastern')\n"),
        after=("from zoneinfo import ZoneInfo\n\ntz = ZoneInfo('US/Eastern')\n"),
        codes=("timezone-to-zoneinfo", "timezone-case"),
    ),
    Example(
        before=("import pytz\nfrom app import settings\ntz = pytz.timezone(settings.TIME_ZONE)\n"),
        after=(
            "from app import settings\n"
            "from zoneinfo import ZoneInfo\n"
            "\n"
            "tz = ZoneInfo(settings.TIME_ZONE)\n"
        ),
        codes=("timezone-to-zoneinfo", "timezone-dynamic"),
    ),
    # the zone or the error of a name typed at run time goes to the callers: marked
    Example(
        before=("import pytz\n\ndef f(name):\n    return pytz.timezone(name)\n"),
        after=(
            "from zoneinfo import ZoneInfo\n"
            "\n"
            "def f(name):\n"
            "    # tzcompat-migrate[timezone-name-case]: pytz ignored the name's case and "
            "refused 'Factory'; ZoneInfo does neither\n"
            "    return ZoneInfo(name)\n"
        ),
        codes=("timezone-to-zoneinfo", "timezone-name-case"),
    ),
    # valid: a run-time name used in place (not returned, not in a try): a note only
    Example(
        before=(
            "import pytz\n\ndef f(name, naive):\n"
            "    return pytz.timezone(name).localize(naive).isoformat()\n"
        ),
        after=(
            "from _tzmigrate import _tz_localize\n"
            "from zoneinfo import ZoneInfo\n\ndef f(name, naive):\n"
            "    return _tz_localize(naive, ZoneInfo(name)).isoformat()\n"
        ),
        codes=("timezone-to-zoneinfo", "timezone-dynamic", "localize-to-helper"),
    ),
    Example(
        before=(
            "import pytz\n"
            "\n"
            "def user_zone(name):\n"
            "    try:\n"
            "        return pytz.timezone(name.strip())\n"
            "    except pytz.UnknownTimeZoneError:\n"
            "        return None\n"
        ),
        after=(
            "from zoneinfo import ZoneInfo, ZoneInfoNotFoundError\n"
            "\n"
            "def user_zone(name):\n"
            "    try:\n"
            "        # tzcompat-migrate[timezone-name-case]: pytz ignored the name's case and "
            "refused 'Factory'; ZoneInfo does neither\n"
            "        return ZoneInfo(name.strip())\n"
            "    except (ZoneInfoNotFoundError, ValueError):\n"
            "        return None\n"
        ),
        codes=(
            "timezone-to-zoneinfo",
            "timezone-name-case",
            "error-classes",
            "unknown-timezone-error",
        ),
    ),
    Example(
        before=("import pytz\ntz = pytz.timezone('Mars/Olympus')\n"),
        after=(
            "import pytz\n"
            "# tzcompat-migrate[timezone-key]: not an IANA key known here\n"
            "tz = pytz.timezone('Mars/Olympus')\n"
        ),
        codes=("timezone-key",),
    ),
    # valid: left alone, nothing reported
    Example(before="from zoneinfo import ZoneInfo\n\ntz = ZoneInfo('Europe/Paris')\n"),
)


RULE = Rule(
    name="timezone",
    doc=__doc__,
    codes=CODES,
    examples=EXAMPLES,
    rewrite="timezone-to-zoneinfo",
    calls={"pytz.timezone": call_timezone},
    references={"pytz.timezone": reference},
)
