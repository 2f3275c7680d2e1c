"""A pytz tzinfo attached as it is with ``tzinfo=``: ``datetime(..., tzinfo=pytz_zone)`` and
dateutil's ``parse(..., tzinfos={...: pytz_zone})`` gave the zone's first (LMT) offset;
``x.replace(tzinfo=aware.tzinfo)`` kept ``aware``'s period (one fixed offset) on another wall
time. ZoneInfo computes the offset of the new wall time in both."""

from __future__ import annotations

import libcst as cst

from .. import _facts
from .._rule import Context, Rule
from .._spec import CodeInfo, Example

CODES = (
    CodeInfo(
        "TZM104",
        "lmt",
        "marker",
        "none",
        message=(
            "attaching a pytz zone with tzinfo= gave its first (LMT) offset; ZoneInfo gives the "
            "correct offset, so values change here (for the better): check tests that pinned the "
            "old ones"
        ),
        comment="was pytz's LMT offset; ZoneInfo gives the real one",
    ),
    CodeInfo(
        "TZM163",
        "same-zone-astimezone",
        "marker",
        "none",
        message=(
            "astimezone() to a ZoneInfo/gettz zone of a datetime that may come from pytz's "
            "localize(): pytz's tzinfo was never that zone, so it converted (a skipped wall "
            "time moved to the real one); once both are the same ZoneInfo, astimezone() returns "
            "the datetime as it is"
        ),
        comment="to its own ZoneInfo, astimezone() no longer converts (a gap time stays)",
    ),
    CodeInfo(
        "TZM135",
        "tzinfo-reuse",
        "marker",
        "none",
        message=(
            "the tzinfo of a datetime aware in a pytz zone is one period (a fixed offset): "
            "attaching it to another wall time kept that offset, even across a DST change; "
            "the ZoneInfo attached now gives the offset of the new wall time"
        ),
        comment="pytz kept that datetime's fixed offset; ZoneInfo recomputes it",
    ),
)


def leave_Call(m: Context, original: cst.Call, updated: cst.Call) -> cst.BaseExpression | None:
    if _same_zone_astimezone(m, original):
        m.report(original, "same-zone-astimezone")
    elif _makes_datetime(m, original.func):
        for arg in original.args:
            if arg.keyword is not None and arg.keyword.value == "tzinfo":
                if m.zone_kind(arg.value) == "zone" and not m.static_zone(arg.value):
                    m.report(original, "lmt")
                elif _handed_in(m, arg.value) and not _fromutc_argument(m, original):
                    m.report(original, "lmt", detail="if the zone handed in is pytz's")
                elif _reused(m, arg.value):
                    m.report(original, "tzinfo-reuse")
    elif m.qnames(original.func) & _PARSERS:
        for arg in original.args:
            if arg.keyword is not None and arg.keyword.value == "tzinfos":
                values = _values(m, arg.value)
                if any(m.zone_kind(v) == "zone" and not m.static_zone(v) for v in values):
                    m.report(original, "lmt", detail="tzinfos=")
    return None


#: dateutil's parsers, which attach a ``tzinfos`` zone with replace(tzinfo=)
_PARSERS = frozenset({"dateutil.parser.parse", "dateutil.parser._parser.parse"})


def _values(m: Context, node: cst.BaseExpression) -> list[cst.BaseExpression]:
    """The values of a dict display (or of the one a name is bound to)."""
    if isinstance(node, cst.Name):
        bound = m.single_value(node)
        node = bound if bound is not None else node
    if isinstance(node, cst.Dict):
        return [e.value for e in node.elements if isinstance(e, cst.DictElement)]
    return []


def _same_zone_astimezone(m: Context, call: cst.Call) -> bool:
    """``x.astimezone(zone)`` with ``zone`` a ZoneInfo/gettz zone with DST and ``x`` handed in
    (a parameter or its attribute) in a project whose zones are pytz's: ``x`` may be a pytz
    localize() result in the zone ``zone`` names, which becomes the same ZoneInfo."""
    func = call.func
    if not (isinstance(func, cst.Attribute) and func.attr.value == "astimezone"):
        return False
    if not m.pytz_world or len(call.args) != 1 or call.args[0].keyword is not None:
        return False
    zone = call.args[0].value
    if not m.other_zone(zone) or m.utc_like(zone) or m.static_zone(zone):
        return False
    root = func.value
    while isinstance(root, cst.Attribute):
        root = root.value
    if not isinstance(root, cst.Name) or m.is_naive(func.value) or m.utc_aware(func.value):
        return False
    bound = m.assigned_values(root)
    return bound is not None and bool(bound) and all(isinstance(b, cst.Param) for b in bound)


def _fromutc_argument(m: Context, call: cst.Call) -> bool:
    """``tz.fromutc(x.replace(tzinfo=tz))`` (the unsafe fromutc fix writes it): fromutc reads
    the wall fields as UTC, so the offset attached does not matter."""
    arg = m.parent(call)
    outer = m.parent(arg) if isinstance(arg, cst.Arg) else None
    return (
        isinstance(outer, cst.Call)
        and isinstance(outer.func, cst.Attribute)
        and outer.func.attr.value == "fromutc"
    )


def _handed_in(m: Context, node: cst.BaseExpression) -> bool:
    """A parameter named like a zone, of no known kind, where the project has pytz zones: the
    caller may hand in a pytz zone, which gave its LMT offset here."""
    if not (isinstance(node, cst.Name) and m.pytz_world and m.zone_kind(node) is None):
        return False
    if not m.tz_like(node) or m.utc_like(node) or m.other_zone(node):
        return False
    bound = m.assigned_values(node)
    return bound is not None and bool(bound) and all(isinstance(b, cst.Param) for b in bound)


def _reused(m: Context, node: cst.BaseExpression) -> bool:
    """``aware.tzinfo`` of a datetime that may be aware in a pytz zone with DST."""
    return (
        isinstance(node, cst.Attribute) and node.attr.value == "tzinfo" and m.zone_aware(node.value)
    )


def _makes_datetime(m: Context, func: cst.BaseExpression) -> bool:
    """True for datetime/time constructors and replace()/combine(): where ``tzinfo=``
    attaches a zone as is (not a project function that happens to take ``tzinfo=``)."""
    if isinstance(func, cst.Attribute) and func.attr.value in ("replace", "combine"):
        return True
    qnames = m.qnames(func)
    if qnames:
        return bool(qnames & _facts.DATETIME_MAKERS)
    # not an import: a local function or class takes tzinfo= for its own purposes
    return isinstance(func, cst.Attribute) and func.attr.value in ("datetime", "time")


EXAMPLES = (
    # a datetime handed in, converted to a ZoneInfo/gettz zone in a project with pytz zones
    Example(
        before=(
            "import pytz\n"
            "from dateutil import tz\n"
            "\n"
            "HOME = pytz.timezone('Europe/London')\n"
            "\n"
            "\n"
            "def london_copy(shift):\n"
            "    london = tz.gettz('Europe/London')\n"
            "    return shift.start.astimezone(london).strftime('%H:%M %Z')\n"
        ),
        after=(
            "from zoneinfo import ZoneInfo\n"
            "\n"
            "HOME = ZoneInfo('Europe/London')\n"
            "\n"
            "\n"
            "def london_copy(shift):\n"
            "    london = ZoneInfo('Europe/London')\n"
            "    # tzcompat-migrate[same-zone-astimezone]: to its own ZoneInfo, astimezone() no "
            "longer converts (a gap time stays)\n"
            "    return shift.start.astimezone(london).strftime('%H:%M %Z')\n"
        ),
        codes=("timezone-to-zoneinfo", "gettz-to-zoneinfo", "same-zone-astimezone"),
    ),
    # a zone handed in by a caller, in a project with pytz zones
    Example(
        before=(
            "import pytz\n"
            "\n"
            "HOME = pytz.timezone('Europe/Paris')\n"
            "\n"
            "\n"
            "def move_to(aware, zone=HOME):\n"
            "    return aware.replace(tzinfo=zone)\n"
        ),
        after=(
            "from zoneinfo import ZoneInfo\n"
            "\n"
            "HOME = ZoneInfo('Europe/Paris')\n"
            "\n"
            "\n"
            "def move_to(aware, zone=HOME):\n"
            "    # tzcompat-migrate[lmt]: if the zone handed in is pytz's: was pytz's LMT offset; "
            "ZoneInfo gives the real one\n"
            "    return aware.replace(tzinfo=zone)\n"
        ),
        codes=("timezone-to-zoneinfo", "lmt"),
    ),
    Example(
        before=(
            "import pytz\n"
            "from datetime import datetime\n"
            "d = datetime(2020, 1, 1, tzinfo=pytz.timezone('America/New_York'))\n"
        ),
        after=(
            "from datetime import datetime\n"
            "from zoneinfo import ZoneInfo\n"
            "\n"
            "# tzcompat-migrate[lmt]: was pytz's LMT offset; ZoneInfo gives the real one\n"
            "d = datetime(2020, 1, 1, tzinfo=ZoneInfo('America/New_York'))\n"
        ),
        codes=("timezone-to-zoneinfo", "lmt"),
    ),
    Example(
        before=(
            "import pytz\n"
            "\n"
            "def later(naive, hours):\n"
            "    aware = pytz.timezone('Europe/Paris').localize(naive)\n"
            "    return naive.replace(hour=hours, tzinfo=aware.tzinfo)\n"
        ),
        after=(
            "from _tzmigrate import _tz_localize\n"
            "from zoneinfo import ZoneInfo\n"
            "\n"
            "def later(naive, hours):\n"
            "    aware = _tz_localize(naive, ZoneInfo('Europe/Paris'))\n"
            "    # tzcompat-migrate[tzinfo-reuse]: pytz kept that datetime's fixed offset; "
            "ZoneInfo recomputes it\n"
            "    return naive.replace(hour=hours, tzinfo=aware.tzinfo)\n"
        ),
        codes=("timezone-to-zoneinfo", "localize-to-helper", "tzinfo-reuse"),
    ),
    # valid: left alone, nothing reported
    Example(
        before=(
            "from datetime import datetime\n"
            "from zoneinfo import ZoneInfo\n"
            "\n"
            "when = datetime(2024, 1, 1, tzinfo=ZoneInfo('Europe/Paris'))\n"
        )
    ),
    # valid: fromutc() reads the wall fields as UTC, whatever offset is attached first
    Example(
        before=(
            "from zoneinfo import ZoneInfo\n"
            "\n"
            "import pytz\n"
            "\n"
            "HOME = ZoneInfo('Europe/Paris')\n"
            "\n"
            "\n"
            "def from_utc(when, tz=HOME):\n"
            "    return tz.fromutc(when.replace(tzinfo=tz))\n"
        )
    ),
)


RULE = Rule(
    name="lmt",
    doc=__doc__,
    codes=CODES,
    examples=EXAMPLES,
    leave={cst.Call: leave_Call},
)
