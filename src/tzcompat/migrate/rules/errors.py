"""pytz's exceptions: ``UnknownTimeZoneError`` -> ``ZoneInfoNotFoundError`` (handlers also catch
``ValueError``), the time errors -> the helpers' classes."""

from __future__ import annotations

import libcst as cst

from .. import _facts
from .._rule import Context, Rule
from .._spec import CodeInfo, Example

CODES = (
    CodeInfo(
        "TZM009",
        "error-classes",
        "rewrite",
        "safe",
        message="pytz's exception classes rewritten to zoneinfo's / the helpers' classes",
    ),
    CodeInfo(
        "TZM013",
        "lookup-handler-widened",
        "rewrite",
        "safe",
        message=(
            "except KeyError/LookupError around pytz.timezone() also catches ValueError: "
            "ZoneInfo raises it for malformed keys ('', absolute paths, '..'), where pytz "
            "raised UnknownTimeZoneError, a KeyError"
        ),
    ),
    CodeInfo(
        "TZM121",
        "time-errors-foreign",
        "marker",
        "none",
        message=(
            "pytz time errors are raised by localize(..., is_dst=None) in another module: that "
            "module now raises its own class; import it from there"
        ),
        comment="raised in another module, which defines its own class now",
    ),
    CodeInfo(
        "TZM126",
        "unknown-timezone-valueerror",
        "marker",
        "none",
        message=(
            "ZoneInfo raises ValueError for malformed keys, so the handler also catches "
            "ValueError: other ValueErrors of the try body are caught too"
        ),
        comment="now also catches ValueError (malformed keys)",
    ),
    CodeInfo(
        "TZM206",
        "unknown-timezone-error",
        "note",
        "none",
        message=(
            "ZoneInfo raises ValueError, not ZoneInfoNotFoundError, for malformed keys ('', "
            "absolute paths, '..')"
        ),
    ),
    CodeInfo(
        "TZM207",
        "time-errors",
        "note",
        "none",
        message=(
            "pytz's time errors come from the helpers (pytz's own classes while pytz is installed)"
        ),
    ),
)


def leave_ExceptHandler(
    m: Context, original_node: cst.ExceptHandler, updated_node: cst.ExceptHandler
) -> cst.ExceptHandler | None:
    kinds = original_node.type
    if kinds is None:
        return None  # None: the next rule looks (type_checks widens duck-typing handlers)
    values = [e.value for e in kinds.elements] if isinstance(kinds, cst.Tuple) else [kinds]
    if any(isinstance(v, cst.Name) and v.value in _WIDE for v in values):
        return None
    trial = m.parent(original_node)
    if any(m.ref(v) == "pytz.UnknownTimeZoneError" for v in values):
        lookup = False
    elif (
        any(isinstance(v, cst.Name) and v.value in ("KeyError", "LookupError") for v in values)
        and isinstance(trial, cst.Try)
        and _looks_up_pytz(m, trial.body)
    ):
        lookup = True  # pytz's UnknownTimeZoneError is a KeyError
    else:
        return None
    # ZoneInfo raises ValueError for malformed keys ('', '/abs', '..'), where pytz raised
    # UnknownTimeZoneError: the handler must catch both. Exact when nothing else in the
    # try body can raise ValueError.
    if isinstance(trial, cst.Try) and _lookup_only(m, trial.body):
        if lookup:
            m.report(original_node, "lookup-handler-widened", kind="rewrite")
        else:
            m.report(original_node, "unknown-timezone-error", kind="note")
    else:
        m.report(original_node, "unknown-timezone-valueerror")
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


#: handler types that catch ZoneInfo's ValueError already
_WIDE = frozenset({"ValueError", "Exception", "BaseException"})


def _looks_up_pytz(m: Context, body: cst.BaseSuite) -> bool:
    """True when ``body`` itself (not a function it defines) calls ``pytz.timezone``."""
    found: list[bool] = []

    class _Lookups(cst.CSTVisitor):
        def visit_FunctionDef(self, node: cst.FunctionDef) -> bool:
            return False

        def visit_Lambda(self, node: cst.Lambda) -> bool:
            return False

        def visit_Call(self, node: cst.Call) -> None:
            if m.ref(node.func) == "pytz.timezone":
                found.append(True)

    body.visit(_Lookups())
    return bool(found)


def _lookup_only(m: Context, body: cst.BaseSuite) -> bool:
    """True when every call in ``body`` is a zone lookup or a harmless str method."""
    calls: list[cst.Call] = []

    class _Calls(cst.CSTVisitor):
        def visit_Call(self, node: cst.Call) -> None:
            calls.append(node)

    body.visit(_Calls())
    for call in calls:
        func = call.func
        if m.ref(func) in ("pytz.timezone", "dateutil.tz.gettz"):
            continue
        if isinstance(func, cst.Attribute) and func.attr.value in _facts.SAFE_METHODS:
            continue
        if isinstance(func, cst.Name) and func.value in ("str", "len"):
            continue
        return False
    return True


def _in_handler_type(m: Context, node: cst.CSTNode) -> bool:
    parent = m.parent(node)
    if isinstance(parent, cst.Element):
        parent = m.parent(m.parent(parent) or parent)
        return isinstance(parent, cst.ExceptHandler)
    return isinstance(parent, cst.ExceptHandler) and parent.type is node


def reference(
    m: Context, original: cst.Name | cst.Attribute, updated: cst.BaseExpression, q: str
) -> cst.BaseExpression:
    if q == "pytz.UnknownTimeZoneError":
        if not _in_handler_type(m, original):  # handlers: see leave_ExceptHandler
            m.report(original, "unknown-timezone-error")
        return m.names.expr("zoneinfo", "ZoneInfoNotFoundError")
    m.report(original, "time-errors")
    handler = m.enclosing(original, cst.ExceptHandler)
    if handler is not None and not m.helpers and not m.raises_time_errors:
        # inline classes: once pytz is gone each module has its own
        m.report(handler, "time-errors-foreign")
    name = m.helper(q.rsplit(".", 1)[1])
    return name.with_changes(lpar=updated.lpar, rpar=updated.rpar)


EXAMPLES = (
    Example(
        before=(
            "import pytz\n"
            "\n"
            "try:\n"
            "    tz = pytz.timezone(name)\n"
            "except pytz.UnknownTimeZoneError:\n"
            "    tz = None\n"
        ),
        after=(
            "from zoneinfo import ZoneInfo, ZoneInfoNotFoundError\n"
            "\n"
            "try:\n"
            "    tz = ZoneInfo(name)\n"
            "except (ZoneInfoNotFoundError, ValueError):\n"
            "    tz = None\n"
        ),
        codes=(
            "timezone-to-zoneinfo",
            "timezone-dynamic",
            "error-classes",
            "unknown-timezone-error",
        ),
    ),
    Example(
        before=(
            "import pytz\n"
            "\n"
            "def zone_or_none(name):\n"
            "    try:\n"
            "        return pytz.timezone(name)\n"
            "    except KeyError:\n"
            "        return None\n"
        ),
        after=(
            "from zoneinfo import ZoneInfo\n"
            "\n"
            "def zone_or_none(name):\n"
            "    try:\n"
            "        # tzcompat-migrate[timezone-name-case]: pytz ignored the name's case and "
            "refused 'Factory'; ZoneInfo does neither\n"
            "        return ZoneInfo(name)\n"
            "    except (KeyError, ValueError):\n"
            "        return None\n"
        ),
        codes=("timezone-to-zoneinfo", "timezone-name-case", "lookup-handler-widened"),
    ),
    # valid: left alone, nothing reported
    Example(before="try:\n    value = int(text)\nexcept ValueError:\n    value = 0\n"),
    Example(before="try:\n    value = table[name]\nexcept KeyError:\n    value = None\n"),
)


RULE = Rule(
    name="errors",
    doc=__doc__,
    codes=CODES,
    examples=EXAMPLES,
    rewrite="error-classes",
    leave={cst.ExceptHandler: leave_ExceptHandler},
    references={
        "pytz.UnknownTimeZoneError": reference,
        **{name: reference for name in _facts.TIME_ERRORS},
    },
)
