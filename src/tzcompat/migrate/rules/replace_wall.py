"""``aware.replace(hour=0, ...)`` on a datetime aware in a pytz zone: pytz kept the old offset.

A pytz datetime's tzinfo is one fixed offset, so ``replace()`` of a date or time field kept it
even where the new wall time lies in another period: midnight of a summer day replaced from a
winter datetime stayed EST (pytz's docs say to ``normalize()`` after). ZoneInfo recomputes the
offset, which is the bug fix; ``_tz_replace`` reproduces pytz's value for code that relied on it.
"""

from __future__ import annotations

import libcst as cst

from .. import _helpers
from .._rule import Context, Rule
from .._spec import CodeInfo, Example

CODES = (
    CodeInfo(
        "TZM127",
        "replace-wall",
        "marker",
        "unsafe",
        message=(
            "replace() of date/time fields on a datetime aware in a pytz zone kept pytz's "
            "old fixed offset (EST stays EST at a midnight in EDT); ZoneInfo recomputes the "
            "offset for the new wall time, which fixes that bug: keep it, or use "
            "_tz_replace(dt, ...) for pytz's value"
        ),
        comment="pytz kept the old offset here; ZoneInfo recomputes it",
        fix_note=(
            "rewritten to _tz_replace(dt, ...): the old offset and abbreviation, fixed, as "
            "pytz gave them; the tzinfo keeps the zone's key (str(), .key) but is not the "
            "zone itself"
        ),
    ),
)

#: datetime.replace()'s date and time fields (positional order)
_FIELDS = ("year", "month", "day", "hour", "minute", "second", "microsecond")


def leave_Call(m: Context, original: cst.Call, updated: cst.Call) -> cst.BaseExpression | None:
    func = original.func
    if not m.pytz_world or not isinstance(func, cst.Attribute) or func.attr.value != "replace":
        return None
    if not original.args or m.ref(func) is not None:
        return None
    keywords = {a.keyword.value for a in original.args if a.keyword is not None}
    positional = [a for a in original.args if a.keyword is None]
    if any(a.star for a in original.args) or len(positional) > len(_FIELDS):
        return None
    if "tzinfo" in keywords or not (keywords | set(_FIELDS[: len(positional)])) <= {
        *_FIELDS,
        "fold",
    }:
        return None  # a new tzinfo, or str.replace()-like arguments
    if keywords <= {"fold"} and not positional:
        return None  # only fold: pytz's fixed-offset tzinfo ignored it either way
    if not m.zone_aware(func.value):
        return None
    return m.mark_or_fix(original, "replace-wall", lambda: _fix(m, updated))


def _fix(m: Context, updated: cst.Call) -> cst.Call:
    receiver = updated.func.value  # type: ignore[attr-defined]
    args = list(updated.args)
    positional = [a for a in args if a.keyword is None]
    keywords = [a for a in args if a.keyword is not None]
    named = [
        a.with_changes(
            keyword=cst.Name(name),
            equal=cst.AssignEqual(
                whitespace_before=cst.SimpleWhitespace(""),
                whitespace_after=cst.SimpleWhitespace(""),
            ),
        )
        for name, a in zip(_FIELDS, positional, strict=False)
    ]
    space = cst.Comma(whitespace_after=cst.SimpleWhitespace(" "))
    rest = [*named, *keywords]
    rest[-1] = rest[-1].with_changes(comma=cst.MaybeSentinel.DEFAULT)
    return cst.Call(
        func=m.helper(_helpers.REPLACE_NAME),
        args=[
            cst.Arg(receiver, comma=space),
            *(a.with_changes(comma=space) for a in rest[:-1]),
            rest[-1],
        ],
    )


EXAMPLES = (
    Example(
        before=(
            "import pytz\n"
            "tz = pytz.timezone('America/New_York')\n"
            "midnight = tz.localize(naive).replace(hour=0, minute=0)\n"
        ),
        after=(
            "from _tzmigrate import _tz_localize\n"
            "from zoneinfo import ZoneInfo\n"
            "\n"
            "tz = ZoneInfo('America/New_York')\n"
            "# tzcompat-migrate[replace-wall]: pytz kept the old offset here; ZoneInfo "
            "recomputes it\n"
            "midnight = _tz_localize(naive, tz).replace(hour=0, minute=0)\n"
        ),
        codes=("timezone-to-zoneinfo", "localize-to-helper", "replace-wall"),
    ),
    Example(
        before=(
            "import pytz\n"
            "tz = pytz.timezone('America/New_York')\n"
            "midnight = tz.localize(naive).replace(hour=0, minute=0)\n"
        ),
        after=(
            "from _tzmigrate import _tz_localize, _tz_replace\n"
            "from zoneinfo import ZoneInfo\n"
            "\n"
            "tz = ZoneInfo('America/New_York')\n"
            "midnight = _tz_replace(_tz_localize(naive, tz), hour=0, minute=0)\n"
        ),
        codes=("timezone-to-zoneinfo", "localize-to-helper", "replace-wall"),
        options=(("unsafe_fixes", True),),
    ),
    Example(
        before=(
            "import pytz\n"
            "tz = pytz.timezone('America/New_York')\n"
            "naive = tz.localize(naive).replace(tzinfo=None)\n"
        ),
        after=(
            "from _tzmigrate import _tz_localize\n"
            "from zoneinfo import ZoneInfo\n"
            "\n"
            "tz = ZoneInfo('America/New_York')\n"
            "naive = _tz_localize(naive, tz).replace(tzinfo=None)\n"
        ),
        codes=("timezone-to-zoneinfo", "localize-to-helper"),
    ),
    # valid: left alone, nothing reported
    Example(
        before=(
            "from datetime import datetime, timezone\n"
            "\n"
            "stamp = datetime.now(timezone.utc).replace(microsecond=0)\n"
        )
    ),
)


RULE = Rule(
    name="replace_wall",
    doc=__doc__,
    codes=CODES,
    examples=EXAMPLES,
    leave={cst.Call: leave_Call},
)
