"""Calls of tzinfo methods in pytz-only forms: ``tzname(None)``, ``utcoffset(dt, is_dst=...)``."""

from __future__ import annotations

import libcst as cst

from .._codes import CodeInfo
from . import Example

TYPE_CHECKING = False
if TYPE_CHECKING:
    from .._traversal import Migrator

CODES = (
    CodeInfo(
        "TZM106",
        "tzname-none",
        "marker",
        "none",
        message="tzname(None) gave the zone name in pytz; ZoneInfo gives None: use str(tz)",
        comment="tzname(None) was the zone name in pytz; None now",
    ),
    CodeInfo(
        "TZM107",
        "is-dst-method",
        "marker",
        "none",
        message=(
            "utcoffset/dst/tzname(dt, is_dst=...) is pytz-only: use _tz_localize(dt, tz, "
            "is_dst).utcoffset() or dt.replace(tzinfo=tz, fold=...)"
        ),
        comment="is_dst= on utcoffset/dst/tzname is pytz-only",
    ),
)
#: the rewrite this rule's hooks make (reported when a hook returns a new node)
REWRITE = None
NODES = ("Call",)


def leave_Call(m: Migrator, original: cst.Call, updated: cst.Call) -> cst.BaseExpression | None:
    func = original.func
    if not m.pytz_world or not isinstance(func, cst.Attribute) or m.ref(func) is not None:
        return None
    method = func.attr.value
    if method in ("utcoffset", "dst", "tzname"):
        if any(a.keyword and a.keyword.value == "is_dst" for a in original.args):
            m.report(original, "is-dst-method")
    if method == "tzname":
        _tzname_none(m, original)
    return None


def _tzname_none(m: Migrator, call: cst.Call) -> None:
    args = call.args
    value = args[0].value if len(args) == 1 else None
    if not (isinstance(value, cst.Name) and value.value == "None"):
        return
    receiver = call.func.value  # type: ignore[attr-defined]
    kind = m.zone_kind(receiver)
    if kind == "zone" or (kind is None and m.tz_like(receiver)):
        m.report(call, "tzname-none")


EXAMPLES = (
    Example(
        before=("import pytz\ntz = pytz.timezone('Europe/Paris')\nname = tz.tzname(None)\n"),
        after=(
            "from zoneinfo import ZoneInfo\n"
            "\n"
            "tz = ZoneInfo('Europe/Paris')\n"
            "# tzcompat-migrate[tzname-none]: tzname(None) was the zone name in pytz; None now\n"
            "name = tz.tzname(None)\n"
        ),
        codes=("timezone-to-zoneinfo", "tzname-none"),
    ),
)
