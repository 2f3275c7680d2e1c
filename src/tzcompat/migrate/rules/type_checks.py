"""Tests of 'is this a pytz zone': ``hasattr(tz, 'localize')``, ``isinstance(tz, BaseTzInfo)``,
Django's ``make_aware(..., is_dst=)``. Their answer flips once zones are ZoneInfo."""

from __future__ import annotations

import libcst as cst

from .. import _analysis as ana
from .. import _facts
from .._rule import Context, Rule
from .._spec import CodeInfo, Example
from . import unsupported

CODES = (
    CodeInfo(
        "TZM110",
        "duck-typing",
        "marker",
        "unsafe",
        message=(
            "hasattr/getattr test for a pytz-only attribute: the answer flips once the zones are "
            "ZoneInfo, so the other branch runs"
        ),
        comment="pytz-only attribute test: flips once zones are ZoneInfo",
        fix_note=(
            "hasattr(x, 'zone') also accepts a .key, getattr(x, 'zone', d) reads .key first, "
            "hasattr(x, 'localize'/'normalize') also accepts a ZoneInfo or datetime.timezone "
            "(whose localize and normalize the codemod writes with the helpers), and an "
            "'except AttributeError' around localize/normalize also catches "
            "NotImplementedError (what the helpers raise for a bare tzinfo): the branch pytz "
            "took runs for the migrated zones too; tests of private attributes get no fix"
        ),
    ),
    CodeInfo(
        "TZM111",
        "pytz-type-check",
        "marker",
        "unsafe",
        message=(
            "test for 'is this a pytz zone' (isinstance BaseTzInfo, _is_pytz_zone): flips once "
            "the zones are ZoneInfo, so the other branch runs"
        ),
        comment="pytz-zone test: flips once zones are ZoneInfo",
        fix_note=(
            "in isinstance()/issubclass(), pytz's classes become the stdlib classes the "
            "migration gives the same zones: BaseTzInfo -> (ZoneInfo, timezone), DstTzInfo and "
            "StaticTzInfo -> ZoneInfo, _FixedOffset -> timezone; a pytz zone from code not "
            "yet migrated no longer passes, and timezone.utc passes a _FixedOffset test "
            "(pytz's utc had a class of its own)"
        ),
    ),
    CodeInfo(
        "TZM210",
        "annotation-tzinfo",
        "note",
        message=(
            "pytz's zone class in an annotation rewritten to datetime.tzinfo (the module "
            "imports without pytz); code that validates by annotation (pydantic, attrs "
            "validators, typeguard) now accepts any tzinfo"
        ),
    ),
    CodeInfo(
        "TZM108",
        "is-dst-ignored",
        "marker",
        "none",
        message=(
            "make_aware(..., is_dst=...) honours is_dst only for pytz zones (Django 4); ZoneInfo "
            "zones take fold"
        ),
        comment="is_dst is ignored for ZoneInfo zones",
    ),
)


def leave_Call(m: Context, original: cst.Call, updated: cst.Call) -> cst.BaseExpression | None:
    """Mark code that asks whether a zone is pytz's: the answer flips after migration."""
    func = original.func
    if not m.pytz_world or m.ref(func) is not None:
        return None
    name = (
        func.value
        if isinstance(func, cst.Name)
        else (func.attr.value if isinstance(func, cst.Attribute) else "")
    )
    args = original.args
    if name in ("hasattr", "getattr") and len(args) >= 2:
        attr = ana.string_value(args[1].value)
        if attr in ("zone", "localize", "normalize") and _fixed_before(m, original, name):
            return None  # the unsafe fix of an earlier run: it already accepts ZoneInfo
        if attr in _facts.PYTZ_ATTRS or attr in _facts.PYTZ_PRIVATE:
            fix = _duck_fix(m, updated, name, attr) if isinstance(func, cst.Name) else None
            return m.mark_or_fix(original, "duck-typing", fix, detail=f"{name}(..., {attr!r})")
    elif "pytz" in name.lower() and name.lower().lstrip("_").startswith(("is_", "treat_")):
        m.report(original, "pytz-type-check", detail=f"{name}()")
    elif name == "make_aware" and any(a.keyword and a.keyword.value == "is_dst" for a in args):
        m.report(original, "is-dst-ignored")
    return None


def duck_typed_by_exception(m: Context, call: cst.Call) -> None:
    """``try: tz.localize(...) except AttributeError:`` (or ``.normalize()``): the handler was
    the test for "not a pytz zone" and never runs once the call is rewritten (APScheduler's
    convert_to_datetime)."""
    node = m.parent(call)
    while node is not None and not isinstance(node, cst.Try | cst.FunctionDef | cst.Module):
        node = m.parent(node)
    if not isinstance(node, cst.Try):
        return
    for handler in node.handlers:
        kinds = handler.type
        names = [e.value for e in kinds.elements] if isinstance(kinds, cst.Tuple) else [kinds]
        if any(isinstance(n, cst.Name) and n.value == "AttributeError" for n in names):
            method = call.func.attr.value if isinstance(call.func, cst.Attribute) else "localize"
            detail = f"except AttributeError around .{method}()"
            if not m.options.unsafe_fixes:
                m.report(call, "duck-typing", detail=detail)
            else:
                # the helpers raise NotImplementedError for a tzinfo that is not a zone (a bare
                # tzinfo()), where pytz's missing method raised AttributeError: type_checks
                # widens the handler and reports the fix there (leave_ExceptHandler)
                m.state.widen_handlers.setdefault(id(handler), (call, detail))
            return


def type_object(m: Context, node: cst.CSTNode, detail: str) -> None:
    """``type(pytz.utc)`` and the like: a test of pytz's class (the utc rule asks)."""
    m.report(node, "pytz-type-check", detail=detail)


def leave_ExceptHandler(
    m: Context, original: cst.ExceptHandler, updated: cst.ExceptHandler
) -> cst.ExceptHandler | None:
    """The unsafe fix of ``try: tz.localize(...) except AttributeError:`` (duck_typed_by_exception
    reports it): the handler also catches NotImplementedError."""
    found = m.state.widen_handlers.get(id(original))
    if found is None or updated.type is None:
        return None
    call, detail = found
    if not m.report(call, "duck-typing", kind="fix", detail=detail):
        return None
    space = cst.Comma(whitespace_after=cst.SimpleWhitespace(" "))
    kinds = updated.type
    old = list(kinds.elements) if isinstance(kinds, cst.Tuple) else [cst.Element(kinds)]
    elements = [e.with_changes(comma=space) for e in old]
    elements.append(cst.Element(cst.Name("NotImplementedError")))
    return updated.with_changes(type=cst.Tuple(elements))


def _fixed_before(m: Context, call: cst.Call, name: str) -> bool:
    """``call`` is one side of the ``(... or ...)`` an earlier ``_duck_fix`` wrote."""
    parent = m.parent(call)
    if not isinstance(parent, cst.BooleanOperation) or not isinstance(parent.operator, cst.Or):
        return False
    other = parent.right if name == "hasattr" else parent.left
    if other is call or not isinstance(other, cst.Call) or not isinstance(other.func, cst.Name):
        return False
    target = ana.source(call.args[0].value)
    if not other.args or ana.source(other.args[0].value) != target:
        return False
    if other.func.value in ("hasattr", "getattr"):
        return len(other.args) >= 2 and ana.string_value(other.args[1].value) == "key"
    return other.func.value == "isinstance" and "ZoneInfo" in ana.source(other)


def _duck_fix(m: Context, updated: cst.Call, name: str, attr: str):  # type: ignore[no-untyped-def]
    """The fix for ``hasattr(x, "zone"|"localize"|"normalize")`` and ``getattr(x, "zone"...)``."""
    args = updated.args
    if any(a.star or a.keyword for a in args) or len(args) > 3:
        return None
    target = args[0].value
    space = cst.Comma(whitespace_after=cst.SimpleWhitespace(" "))
    key = cst.SimpleString(f"{m.quote}key{m.quote}")

    def either(left: cst.BaseExpression, right: cst.BaseExpression) -> cst.BooleanOperation:
        return cst.BooleanOperation(
            left=left,
            operator=cst.Or(),
            right=right,
            lpar=[cst.LeftParen()],
            rpar=[cst.RightParen()],
        )

    if name == "hasattr" and attr == "zone" and len(args) == 2:
        probe = cst.Call(cst.Name("hasattr"), [cst.Arg(target, comma=space), cst.Arg(key)])
        return lambda: either(updated, probe)
    if name == "hasattr" and attr in ("localize", "normalize") and len(args) == 2:

        def fix() -> cst.BaseExpression:
            # names.expr schedules the import: only when the fix is written; pytz's utc and
            # FixedOffset had the methods too and are datetime.timezone after the migration
            classes = cst.Tuple(
                [
                    cst.Element(m.names.expr("zoneinfo", "ZoneInfo"), comma=space),
                    cst.Element(m.names.expr("datetime", "timezone")),
                ]
            )
            check = cst.Call(
                cst.Name("isinstance"), [cst.Arg(target, comma=space), cst.Arg(classes)]
            )
            return either(updated, check)

        return fix
    if name == "getattr" and attr == "zone":
        first = cst.Call(
            cst.Name("getattr"),
            [cst.Arg(target, comma=space), cst.Arg(key, comma=space), cst.Arg(cst.Name("None"))],
        )
        return lambda: either(first, updated)
    return None


#: what each pytz class becomes in a type test: the classes of the zones the migration writes
_STDLIB_CLASSES = {
    "pytz.BaseTzInfo": (("zoneinfo", "ZoneInfo"), ("datetime", "timezone")),
    "pytz.DstTzInfo": (("zoneinfo", "ZoneInfo"),),
    "pytz.StaticTzInfo": (("zoneinfo", "ZoneInfo"),),
    "pytz._FixedOffset": (("datetime", "timezone"),),
}


def reference(
    m: Context, original: cst.Name | cst.Attribute, updated: cst.BaseExpression, q: str
) -> cst.BaseExpression:
    """``pytz.BaseTzInfo`` and friends: marked; in an ``isinstance``/``issubclass`` test the
    unsafe fix writes the stdlib classes instead."""
    if not _type_test_argument(m, original):
        if q in _facts.PYTZ_TYPES and m.enclosing(original, cst.Annotation) is not None:
            m.report(original, "annotation-tzinfo", kind="note")
            new = m.names.expr("datetime", "tzinfo")
            return new.with_changes(lpar=updated.lpar, rpar=updated.rpar)
        if q in _facts.PYTZ_TYPES:
            m.report(original, "pytz-type-check")
        else:
            unsupported.no_equivalent(m, original, q)
        return updated

    def fix() -> cst.BaseExpression:
        classes = [m.names.expr(module, name) for module, name in _STDLIB_CLASSES[q]]
        if len(classes) == 1:
            return classes[0]
        space = cst.Comma(whitespace_after=cst.SimpleWhitespace(" "))
        return cst.Tuple(
            [cst.Element(c, comma=space) for c in classes[:-1]] + [cst.Element(classes[-1])]
        )

    return m.mark_or_fix(original, "pytz-type-check", fix) or updated


def _type_test_argument(m: Context, node: cst.CSTNode) -> bool:
    """``node`` is the class argument of ``isinstance``/``issubclass`` (or one of its tuple)."""
    parent = m.parent(node)
    if isinstance(parent, cst.Element):
        tuple_ = m.parent(parent)
        parent = m.parent(tuple_) if isinstance(tuple_, cst.Tuple) else None
    if not isinstance(parent, cst.Arg) or parent.keyword is not None or parent.star:
        return False
    call = m.parent(parent)
    return (
        isinstance(call, cst.Call)
        and isinstance(call.func, cst.Name)
        and call.func.value in ("isinstance", "issubclass")
        and len(call.args) == 2
        and call.args[1] is parent
        and m.ref(call.func) is None
    )


EXAMPLES = (
    Example(
        before=("import pytz\nok = hasattr(tz, 'localize')\n"),
        after=(
            "# tzcompat-migrate[duck-typing]: hasattr(..., 'localize'): pytz-only "
            "attribute test: flips once zones are ZoneInfo\n"
            "ok = hasattr(tz, 'localize')\n"
        ),
        codes=("duck-typing",),
    ),
    Example(
        before=(
            "import pytz\n"
            "\n"
            "def name(tz):\n"
            "    if hasattr(tz, 'zone'):\n"
            "        return tz.zone\n"
            "    return getattr(tz, 'zone', None)\n"
        ),
        after=(
            "\n"
            "def name(tz):\n"
            "    if (hasattr(tz, 'zone') or hasattr(tz, 'key')):\n"
            "        return str(tz)\n"
            "    return (getattr(tz, 'key', None) or getattr(tz, 'zone', None))\n"
        ),
        codes=("duck-typing", "zone-attribute"),
        options=(("unsafe_fixes", True),),
    ),
    Example(
        before=(
            "import pytz\n"
            "\n"
            "def check(tz):\n"
            "    if not isinstance(tz, pytz.BaseTzInfo):\n"
            "        raise TypeError(tz)\n"
            "    return isinstance(tz, pytz._FixedOffset)\n"
        ),
        after=(
            "import pytz\n"
            "\n"
            "def check(tz):\n"
            "    # tzcompat-migrate[pytz-type-check]: pytz-zone test: flips once zones are "
            "ZoneInfo\n"
            "    if not isinstance(tz, pytz.BaseTzInfo):\n"
            "        raise TypeError(tz)\n"
            "    # tzcompat-migrate[pytz-type-check]: pytz-zone test: flips once zones are "
            "ZoneInfo\n"
            "    return isinstance(tz, pytz._FixedOffset)\n"
        ),
        codes=("pytz-type-check",),
    ),
    Example(
        before=(
            "import pytz\n"
            "\n"
            "def check(tz):\n"
            "    if not isinstance(tz, pytz.BaseTzInfo):\n"
            "        raise TypeError(tz)\n"
            "    return isinstance(tz, (pytz.tzinfo.DstTzInfo, pytz._FixedOffset))\n"
        ),
        after=(
            "from datetime import timezone\n"
            "from zoneinfo import ZoneInfo\n"
            "\n"
            "def check(tz):\n"
            "    if not isinstance(tz, (ZoneInfo, timezone)):\n"
            "        raise TypeError(tz)\n"
            "    return isinstance(tz, (ZoneInfo, timezone))\n"
        ),
        codes=("pytz-type-check",),
        options=(("unsafe_fixes", True),),
    ),
    Example(
        before=(
            "import pytz\n"
            "\n"
            "def convert(naive, tz):\n"
            "    try:\n"
            "        return tz.localize(naive, is_dst=None)\n"
            "    except AttributeError:\n"
            "        raise TypeError('Only pytz timezones are supported')\n"
        ),
        after=(
            "from _tzmigrate import _tz_localize\n"
            "\n"
            "def convert(naive, tz):\n"
            "    try:\n"
            "        return _tz_localize(naive, tz, is_dst=None)\n"
            "    except (AttributeError, NotImplementedError):\n"
            "        raise TypeError('Only pytz timezones are supported')\n"
        ),
        codes=("duck-typing", "localize-to-helper", "localize-receiver"),
        options=(("unsafe_fixes", True),),
    ),
    Example(
        before=(
            "import pytz\n"
            "from dataclasses import dataclass\n"
            "\n"
            "@dataclass\n"
            "class Schedule:\n"
            "    zone: pytz.BaseTzInfo\n"
        ),
        after=(
            "from dataclasses import dataclass\n"
            "from datetime import tzinfo\n"
            "\n"
            "@dataclass\n"
            "class Schedule:\n"
            "    zone: tzinfo\n"
        ),
        codes=("annotation-tzinfo",),
    ),
    # valid: left alone, nothing reported
    Example(before="from zoneinfo import ZoneInfo\n\nok = isinstance(value, ZoneInfo)\n"),
)


RULE = Rule(
    name="type_checks",
    doc=__doc__,
    codes=CODES,
    examples=EXAMPLES,
    leave={cst.Call: leave_Call, cst.ExceptHandler: leave_ExceptHandler},
    references={name: reference for name in _STDLIB_CLASSES},
)
