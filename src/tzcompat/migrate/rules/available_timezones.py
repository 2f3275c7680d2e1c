"""``pytz.all_timezones``/``all_timezones_set`` -> ``zoneinfo.available_timezones()``."""

from __future__ import annotations

import libcst as cst

from .._spec import CodeInfo, Example

TYPE_CHECKING = False
if TYPE_CHECKING:
    from .._traversal import Migrator

CODES = (
    CodeInfo(
        "TZM011",
        "all-timezones",
        "rewrite",
        "safe",
        message="pytz.all_timezones(_set) rewritten to (sorted) zoneinfo.available_timezones()",
    ),
    CodeInfo(
        "TZM209",
        "available-timezones",
        "note",
        "none",
        message=(
            "available_timezones() reads the installed data: it can hold a few more keys than "
            "pytz (e.g. 'Factory', 'localtime')"
        ),
    ),
)
#: the rewrite this rule's hooks make (reported when a hook returns a new node)
REWRITE = "all-timezones"
NODES = ()


def reference(
    m: Migrator, original: cst.Name | cst.Attribute, updated: cst.BaseExpression, q: str
) -> cst.BaseExpression:
    m.report(original, "available-timezones")
    call = cst.Call(func=m.names.expr("zoneinfo", "available_timezones"))
    if q == "pytz.all_timezones":
        return cst.Call(func=cst.Name("sorted"), args=[cst.Arg(call)])
    return call


REFERENCES = {"pytz.all_timezones": reference, "pytz.all_timezones_set": reference}


EXAMPLES = (
    Example(
        before=("import pytz\nknown = key in pytz.all_timezones_set\n"),
        after=(
            "from zoneinfo import available_timezones\n\nknown = key in available_timezones()\n"
        ),
        codes=("all-timezones", "available-timezones"),
    ),
    # valid: left alone, nothing reported
    Example(before="import zoneinfo\n\nknown = key in zoneinfo.available_timezones()\n"),
)
