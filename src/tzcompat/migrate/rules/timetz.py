"""``dt.timetz()`` of a datetime aware in a pytz zone: pytz's ``time`` kept the offset.

The tzinfo a pytz datetime carries is one period's fixed offset (EDT), so ``dt.timetz()`` gave
a ``time`` with that offset and abbreviation, and a datetime rebuilt from it
(``datetime.combine(day, t)``) kept EDT whatever the day. A ZoneInfo ``time`` has no offset of
its own (``utcoffset()`` is None) and a rebuilt datetime takes the new day's (Babel's
``format_time``).
"""

from __future__ import annotations

import libcst as cst

from .. import _analysis as ana
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
            "the offset and abbreviation pytz kept, as a fixed offset; that tzinfo has no "
            "zone name, so the fix is not offered in a module that reads zone names off the "
            "tzinfo objects it is handed (x.tzinfo.zone/.key, hasattr/getattr 'zone'/'key')"
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
    if _simple(func.value) and not _reads_zone_names(m, original):

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


_NAME_ATTRS = ("zone", "key")


def _reads_zone_names(m: Migrator, node: cst.CSTNode) -> bool:
    """The module reads zone names off tzinfo objects it is handed (``x.tzinfo.zone``,
    ``x.tzinfo.key``, ``hasattr``/``getattr(x, "zone"|"key")``): the fixed offset the fix
    writes has neither, so a time formatted there would lose its zone (Babel's
    ``_get_tz_name``). Checked once per module."""
    module = m.enclosing(node, cst.Module)
    if module is None:
        return False
    cache: dict[int, bool] = m.__dict__.setdefault("_timetz_zone_names", {})
    if id(module) not in cache:
        found: list[bool] = []

        class _Reads(cst.CSTVisitor):
            def visit_Attribute(self, node: cst.Attribute) -> None:
                value = node.value
                if (
                    node.attr.value in _NAME_ATTRS
                    and isinstance(value, cst.Attribute)
                    and value.attr.value == "tzinfo"
                ):
                    found.append(True)

            def visit_Call(self, node: cst.Call) -> None:
                func = node.func
                if (
                    isinstance(func, cst.Name)
                    and func.value in ("hasattr", "getattr")
                    and len(node.args) >= 2
                    and ana.string_value(node.args[1].value) in _NAME_ATTRS
                ):
                    found.append(True)

        module.visit(_Reads())
        cache[id(module)] = bool(found)
    return cache[id(module)]


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
    Example(
        before=(
            "import pytz\n"
            "tz = pytz.timezone('US/Eastern')\n"
            "local = tz.localize(naive)\n"
            "t = local.timetz()\n"
            "\n"
            "def zone_name(t):\n"
            "    if hasattr(t.tzinfo, 'zone'):\n"
            "        return t.tzinfo.zone\n"
            "    return None\n"
        ),
        after=(
            "from _tzmigrate import _tz_localize\n"
            "from zoneinfo import ZoneInfo\n"
            "\n"
            "tz = ZoneInfo('US/Eastern')\n"
            "local = _tz_localize(naive, tz)\n"
            "# tzcompat-migrate[timetz]: pytz's time kept the offset; a ZoneInfo time has none\n"
            "t = local.timetz()\n"
            "\n"
            "def zone_name(t):\n"
            "    if (hasattr(t.tzinfo, 'zone') or hasattr(t.tzinfo, 'key')):\n"
            "        return str(t.tzinfo)\n"
            "    return None\n"
        ),
        codes=(
            "timezone-to-zoneinfo",
            "localize-to-helper",
            "timetz",
            "duck-typing",
            "zone-attribute",
        ),
        options=(("unsafe_fixes", True),),
    ),
)
