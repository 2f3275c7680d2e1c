"""``dt.timetz()`` of a datetime aware in a pytz zone: pytz's ``time`` kept the offset.

The tzinfo a pytz datetime carries is one period's fixed offset (EDT), so ``dt.timetz()`` gave
a ``time`` with that offset and abbreviation, and a datetime rebuilt from it
(``datetime.combine(day, t)``) kept EDT whatever the day. A ZoneInfo ``time`` has no offset of
its own (``utcoffset()`` is None) and a rebuilt datetime takes the new day's (Babel's
``format_time``).
"""

from __future__ import annotations

import libcst as cst

from .._codes import CodeInfo
from . import Example
from . import _build as mk

TYPE_CHECKING = False
if TYPE_CHECKING:
    from .._traversal import Migrator

CODES = (
    CodeInfo(
        "TZM131",
        "timetz",
        "marker",
        "unsafe",
        message=(
            "timetz() of a datetime aware in a pytz zone kept that period's offset and "
            "abbreviation on the time; a ZoneInfo time has utcoffset() None and a datetime "
            "rebuilt from it takes the new date's offset: use "
            "dt.timetz().replace(tzinfo=timezone(dt.utcoffset(), dt.tzname()))"
        ),
        comment="pytz's time kept the offset; a ZoneInfo time has none",
        fix_note=(
            "rewritten to dt.timetz().replace(tzinfo=timezone(dt.utcoffset(), dt.tzname())): "
            "the offset and abbreviation pytz kept, as a fixed offset"
        ),
    ),
)
#: the rewrite this rule's hooks make (reported when a hook returns a new node)
REWRITE = None
NODES = ("Call",)


def _simple(node: cst.BaseExpression) -> bool:
    """A name or attribute chain: safe to evaluate twice."""
    while isinstance(node, cst.Attribute):
        node = node.value
    return isinstance(node, cst.Name)


def leave_Call(m: Migrator, original: cst.Call, updated: cst.Call) -> cst.BaseExpression | None:
    func = original.func
    if not m.pytz_world or not isinstance(func, cst.Attribute) or func.attr.value != "timetz":
        return None
    if original.args or m.ref(func) is not None or not m.zone_aware(func.value):
        return None
    receiver = updated.func.value  # type: ignore[attr-defined]
    fix = None
    if _simple(func.value):

        def fix() -> cst.BaseExpression:
            space = cst.Comma(whitespace_after=cst.SimpleWhitespace(" "))
            fixed = cst.Call(
                func=m.names.expr("datetime", "timezone"),
                args=[
                    cst.Arg(mk.method(receiver, "utcoffset", []), comma=space),
                    cst.Arg(mk.method(receiver, "tzname", [])),
                ],
            )
            return mk.method(updated, "replace", [mk.kwarg("tzinfo", fixed)])

    return m.mark_or_fix(original, "timetz", fix)


EXAMPLES = (
    Example(
        before=(
            "import pytz\n"
            "tz = pytz.timezone('US/Eastern')\n"
            "local = tz.localize(naive)\n"
            "t = local.timetz()\n"
        ),
        after=(
            "from _tzmigrate import _tz_localize\n"
            "from zoneinfo import ZoneInfo\n"
            "\n"
            "tz = ZoneInfo('US/Eastern')\n"
            "local = _tz_localize(naive, tz)\n"
            "# tzcompat-migrate[timetz]: pytz's time kept the offset; a ZoneInfo time has none\n"
            "t = local.timetz()\n"
        ),
        codes=("timezone-to-zoneinfo", "localize-to-helper", "timetz"),
    ),
    Example(
        before=(
            "import pytz\n"
            "tz = pytz.timezone('US/Eastern')\n"
            "local = tz.localize(naive)\n"
            "t = local.timetz()\n"
        ),
        after=(
            "from _tzmigrate import _tz_localize\n"
            "from datetime import timezone\n"
            "from zoneinfo import ZoneInfo\n"
            "\n"
            "tz = ZoneInfo('US/Eastern')\n"
            "local = _tz_localize(naive, tz)\n"
            "t = local.timetz().replace(tzinfo=timezone(local.utcoffset(), local.tzname()))\n"
        ),
        codes=("timezone-to-zoneinfo", "localize-to-helper", "timetz"),
        options=(("unsafe_fixes", True),),
    ),
)
