"""Comparisons of tzinfo objects: pytz attached one tzinfo per offset, ZoneInfo the zone."""

from __future__ import annotations

import libcst as cst

from .. import _analysis as ana
from .._codes import CodeInfo
from . import Example

TYPE_CHECKING = False
if TYPE_CHECKING:
    from .._traversal import Migrator

CODES = (
    CodeInfo(
        "TZM103",
        "tzinfo-identity",
        "marker",
        "none",
        message=(
            "pytz attached one tzinfo object per offset (EST, EDT), never the zone itself; "
            "ZoneInfo attaches the zone, so comparing tzinfo objects gives other answers"
        ),
        comment="pytz tzinfo was per offset; ZoneInfo's is the zone",
    ),
)
#: the rewrite this rule's hooks make (reported when a hook returns a new node)
REWRITE = None
NODES = ("Comparison", "Call")


def leave_Comparison(
    m: Migrator, original: cst.Comparison, updated: cst.Comparison
) -> cst.BaseExpression | None:
    if not m.pytz_world or not ana.identity_test(original):
        return None
    operands = [original.left, *(t.comparator for t in original.comparisons)]
    for left, right in zip(operands, operands[1:], strict=False):
        if m.tzinfo_pair(left, right):
            m.report(original, "tzinfo-identity")
            break
    return None


def leave_Call(m: Migrator, original: cst.Call, updated: cst.Call) -> cst.BaseExpression | None:
    """``assertEqual(a.tzinfo, b.tzinfo)`` and the other assertions of (in)equality."""
    func = original.func
    if not m.pytz_world or not isinstance(func, cst.Attribute) or m.ref(func) is not None:
        return None
    args = original.args
    if (
        func.attr.value in ana.ASSERT_SAME
        and len(args) >= 2
        and not any(a.keyword for a in args[:2])
    ):
        if m.tzinfo_pair(args[0].value, args[1].value):
            m.report(original, "tzinfo-identity")
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
)
