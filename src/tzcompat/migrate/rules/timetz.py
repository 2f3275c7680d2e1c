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
from .. import _helpers
from .._rule import Context, Rule
from .._spec import CodeInfo, Example

CODES = (
    CodeInfo(
        "TZM131",
        "timetz",
        "marker",
        "unsafe",
        message=(
            "timetz() of a datetime aware in a pytz zone kept that period's offset and "
            "abbreviation on the time; a ZoneInfo time has utcoffset() None and a datetime "
            "rebuilt from it takes the new date's offset: use _tz_replace(dt).timetz() to keep "
            "them"
        ),
        comment="pytz's time kept the offset; a ZoneInfo time has none",
        fix_note=(
            "rewritten to _tz_replace(dt).timetz(): the time carries the offset and "
            "abbreviation pytz kept, fixed, and the zone's key (str(), .key), as pytz's did"
        ),
    ),
)


def leave_Call(m: Context, original: cst.Call, updated: cst.Call) -> cst.BaseExpression | None:
    func = original.func
    if not m.pytz_world or not isinstance(func, cst.Attribute) or func.attr.value != "timetz":
        return None
    if original.args or m.ref(func) is not None or not m.zone_aware(func.value):
        return None
    receiver_o = func.value
    if isinstance(receiver_o, cst.Call) and _helpers.REPLACE_NAME in ana.source(receiver_o.func):
        return None  # pinned by the unsafe fix of an earlier run
    receiver = updated.func.value  # type: ignore[attr-defined]

    def fix() -> cst.BaseExpression:
        pinned = cst.Call(func=m.helper(_helpers.REPLACE_NAME), args=[cst.Arg(receiver)])
        func = updated.func.with_changes(value=pinned)
        return updated.with_changes(func=func)

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
            "from _tzmigrate import _tz_localize, _tz_replace\n"
            "from zoneinfo import ZoneInfo\n"
            "\n"
            "tz = ZoneInfo('US/Eastern')\n"
            "local = _tz_localize(naive, tz)\n"
            "t = _tz_replace(local).timetz()\n"
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
            "from _tzmigrate import _tz_localize, _tz_replace\n"
            "from zoneinfo import ZoneInfo\n"
            "\n"
            "tz = ZoneInfo('US/Eastern')\n"
            "local = _tz_localize(naive, tz)\n"
            "t = _tz_replace(local).timetz()\n"
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
    # valid: left alone, nothing reported
    Example(
        before=(
            "from datetime import datetime, timezone\n\nt = datetime.now(timezone.utc).timetz()\n"
        )
    ),
)


RULE = Rule(
    name="timetz",
    doc=__doc__,
    codes=CODES,
    examples=EXAMPLES,
    leave={cst.Call: leave_Call},
)
