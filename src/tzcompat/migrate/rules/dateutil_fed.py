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
            if value is not None and q != _RELATIVEDELTA and _unknown_datetime(m, value):
                # a parameter or attribute the analysis cannot follow, in a project whose
                # zones are pytz's: rrule's occurrences change if it is aware in one
                detail = f"{keyword} (if aware in a pytz zone)"
                m.report(original, "dateutil-pytz-aware", detail=detail)
                return None
    return None


_RELATIVEDELTA = "dateutil.relativedelta.relativedelta"


def _unknown_datetime(m: Context, node: cst.BaseExpression) -> bool:
    """A datetime handed in (a parameter, or an attribute of one) that is not provably naive."""
    if m.is_naive(node) or m.utc_aware(node):
        return False
    root = node
    while isinstance(root, cst.Attribute):
        root = root.value
    if not isinstance(root, cst.Name) or root.value in ("self", "cls"):
        return False
    if "naive" in root.value.lower():
        return False  # named for what it holds
    bound = m.assigned_values(root)
    return bound is not None and bool(bound) and all(isinstance(b, cst.Param) for b in bound)


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
    Example(
        before=(
            "import pytz\n"
            "from dateutil.rrule import MONTHLY, rrule\n"
            "\n"
            "HOME = pytz.timezone('Europe/Paris')\n"
            "\n"
            "\n"
            "def invoices(first, count=3):\n"
            "    return list(rrule(MONTHLY, dtstart=first, count=count))\n"
        ),
        after=(
            "from dateutil.rrule import MONTHLY, rrule\n"
            "from zoneinfo import ZoneInfo\n"
            "\n"
            "HOME = ZoneInfo('Europe/Paris')\n"
            "\n"
            "\n"
            "def invoices(first, count=3):\n"
            "    # tzcompat-migrate[dateutil-pytz-aware]: dtstart (if aware in a pytz zone): "
            "pytz-aware datetime into dateutil: offsets/difference change with ZoneInfo\n"
            "    return list(rrule(MONTHLY, dtstart=first, count=count))\n"
        ),
        codes=("timezone-to-zoneinfo", "dateutil-pytz-aware"),
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
