"""Comparisons of tzinfo objects: pytz attached one tzinfo per offset, ZoneInfo the zone."""

from __future__ import annotations

import libcst as cst

from .. import _analysis as ana
from .. import _facts, _helpers
from .._rule import Context, Rule
from .._spec import CodeInfo, Example

CODES = (
    CodeInfo(
        "TZM103",
        "tzinfo-identity",
        "marker",
        "unsafe",
        message=(
            "pytz attached one tzinfo object per offset (EST, EDT), never the zone itself; "
            "ZoneInfo attaches the zone, so comparing tzinfo objects gives other answers"
        ),
        comment="pytz tzinfo was per offset; ZoneInfo's is the zone",
        fix_note=(
            "rewritten to str(a.tzinfo) == str(b.tzinfo) (is -> ==, is not -> !=): the same "
            "zone, whatever the offset; pytz compared its per-offset objects, so EST and EDT of "
            "one zone were unequal"
        ),
    ),
)


def leave_Comparison(
    m: Context, original: cst.Comparison, updated: cst.Comparison
) -> cst.BaseExpression | None:
    if not m.pytz_world or not ana.identity_test(original) or _probe_guard(m, original):
        return None
    operands = [original.left, *(t.comparator for t in original.comparisons)]
    for left, right in zip(operands, operands[1:], strict=False):
        if m.tzinfo_pair(left, right):
            fix = (lambda: _by_key(updated)) if len(original.comparisons) == 1 else None
            return m.mark_or_fix(original, "tzinfo-identity", fix)
    return None


def _probe_guard(m: Context, node: cst.Comparison) -> bool:
    """The ``dt.tzinfo is tz`` of ``(dt if dt.tzinfo is tz else _tz_localize(dt, tz, ...))``,
    the zone-probe fix of an earlier run: pytz's own test of a datetime already in the zone."""
    parent = m.parent(node)
    if not isinstance(parent, cst.IfExp) or parent.test is not node:
        return False
    call = parent.orelse
    if not isinstance(call, cst.Call):
        return False
    func = call.func.attr if isinstance(call.func, cst.Attribute) else call.func
    return isinstance(func, cst.Name) and func.value == _helpers.LOCALIZE_NAME


def _str(node: cst.BaseExpression) -> cst.Call:
    return cst.Call(func=cst.Name("str"), args=[cst.Arg(node)])


_KEY_OPERATORS = {cst.Is: cst.Equal, cst.IsNot: cst.NotEqual}


def _by_key(node: cst.Comparison) -> cst.Comparison:
    (target,) = node.comparisons
    operator = target.operator
    swap = _KEY_OPERATORS.get(type(operator))
    if swap is not None:
        operator = swap(
            whitespace_before=cst.SimpleWhitespace(" "), whitespace_after=cst.SimpleWhitespace(" ")
        )
    return node.with_changes(
        left=_str(node.left),
        comparisons=[target.with_changes(operator=operator, comparator=_str(target.comparator))],
    )


def leave_Call(m: Context, original: cst.Call, updated: cst.Call) -> cst.BaseExpression | None:
    """``assertEqual(a.tzinfo, b.tzinfo)`` and the other assertions of (in)equality."""
    func = original.func
    if not m.pytz_world or not isinstance(func, cst.Attribute) or m.ref(func) is not None:
        return None
    args = original.args
    if (
        func.attr.value in _facts.ASSERT_SAME
        and len(args) >= 2
        and not any(a.keyword for a in args[:2])
    ):
        if m.tzinfo_pair(args[0].value, args[1].value):
            new = updated.args

            def fix() -> cst.Call:
                keyed = [a.with_changes(value=_str(a.value)) for a in new[:2]]
                return updated.with_changes(args=[*keyed, *new[2:]])

            return m.mark_or_fix(original, "tzinfo-identity", fix)
    return None


EXAMPLES = (
    Example(
        before=("import pytz\n\ndef same(a, b):\n    return a.tzinfo == b.tzinfo\n"),
        after=(
            "\n"
            "def same(a, b):\n"
            "    # tzcompat-migrate[tzinfo-identity]: pytz tzinfo was per offset; "
            "ZoneInfo's is the zone\n"
            "    return a.tzinfo == b.tzinfo\n"
        ),
        codes=("tzinfo-identity",),
    ),
    Example(
        before=("import pytz\n\ndef same(a, b):\n    return a.tzinfo is b.tzinfo\n"),
        after=("\ndef same(a, b):\n    return str(a.tzinfo) == str(b.tzinfo)\n"),
        codes=("tzinfo-identity",),
        options=(("unsafe_fixes", True),),
    ),
    # valid: left alone, nothing reported
    Example(before="def same(a, b):\n    return a.tzinfo == b.tzinfo\n"),
)


RULE = Rule(
    name="identity",
    doc=__doc__,
    codes=CODES,
    examples=EXAMPLES,
    leave={cst.Comparison: leave_Comparison, cst.Call: leave_Call},
)
