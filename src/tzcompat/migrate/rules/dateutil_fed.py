"""dateutil's recurrence rules and relative deltas handed datetimes aware in a pytz zone.

``rrule`` makes each occurrence by replacing the wall fields of ``dtstart``: with pytz that kept
dtstart's one fixed offset on every occurrence (wrong across a DST change), and it compares
``until`` with those; ``relativedelta(a, b)`` subtracts its operands, which pytz's different
tzinfo objects made elapsed time. With ZoneInfo the offsets are right and the difference is
wall time, so the values change here.
"""

from __future__ import annotations

import libcst as cst

from .._rule import Context, Rule
from .._spec import CodeInfo, Example

CODES = (
    CodeInfo(
        "TZM136",
        "dateutil-pytz-aware",
        "marker",
        "none",
        message=(
            "a datetime aware in a pytz zone handed to dateutil (rrule dtstart/until, "
            "rrulestr dtstart, relativedelta(a, b)): rrule kept its fixed offset on every "
            "occurrence and relativedelta measured elapsed time; with ZoneInfo the occurrences "
            "get their own offsets and the difference is wall time"
        ),
        comment="pytz-aware datetime into dateutil: offsets/difference change with ZoneInfo",
    ),
)

#: callable -> (keyword, position) of the datetimes it is handed
_TAKERS = {
    "dateutil.rrule.rrule": (("dtstart", 1), ("until", None)),
    # the string's DTSTART/UNTIL are parsed; the keyword is the rule's dtstart as above
    "dateutil.rrule.rrulestr": (("dtstart", None),),
    "dateutil.relativedelta.relativedelta": (("dt1", 0), ("dt2", 1)),
}


def leave_Call(m: Context, original: cst.Call, updated: cst.Call) -> cst.BaseExpression | None:
    if not m.pytz_world:
        return None
    for q in m.qnames(original.func):
        slots = _TAKERS.get(q)
        if slots is None:
            continue
        positional = [a.value for a in original.args if a.keyword is None and not a.star]
        keywords = {a.keyword.value: a.value for a in original.args if a.keyword is not None}
        for keyword, position in slots:
            value = keywords.get(keyword)
            if value is None and position is not None and len(positional) > position:
                value = positional[position]
            if value is not None and m.zone_aware(value):
                m.report(original, "dateutil-pytz-aware", detail=keyword)
                return None
    return None


EXAMPLES = (
    Example(
        before=(
            "import pytz\n"
            "from dateutil import rrule\n"
            "\n"
            "def hourly(naive):\n"
            "    start = pytz.timezone('Europe/Paris').localize(naive)\n"
            "    return list(rrule.rrule(rrule.HOURLY, dtstart=start, count=3))\n"
        ),
        after=(
            "from dateutil import rrule\n"
            "from _tzmigrate import _tz_localize\n"
            "from zoneinfo import ZoneInfo\n"
            "\n"
            "def hourly(naive):\n"
            "    start = _tz_localize(naive, ZoneInfo('Europe/Paris'))\n"
            "    # tzcompat-migrate[dateutil-pytz-aware]: dtstart: pytz-aware datetime into "
            "dateutil: offsets/difference change with ZoneInfo\n"
            "    return list(rrule.rrule(rrule.HOURLY, dtstart=start, count=3))\n"
        ),
        codes=("timezone-to-zoneinfo", "localize-to-helper", "dateutil-pytz-aware"),
    ),
    # valid: naive datetimes, or zones from elsewhere, go through dateutil as before
    Example(
        before=(
            "import pytz\n"
            "from dateutil import rrule\n"
            "from dateutil.relativedelta import relativedelta\n"
            "\n"
            "def hourly(naive, later):\n"
            "    gap = relativedelta(later, naive)\n"
            "    return gap, list(rrule.rrule(rrule.HOURLY, dtstart=naive, count=3))\n"
        )
    ),
)


RULE = Rule(
    name="dateutil_fed",
    doc=__doc__,
    codes=CODES,
    examples=EXAMPLES,
    leave={cst.Call: leave_Call},
)
