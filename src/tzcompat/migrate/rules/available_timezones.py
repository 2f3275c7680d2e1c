"""``pytz.all_timezones``/``all_timezones_set`` -> ``zoneinfo.available_timezones()``."""

from __future__ import annotations

import libcst as cst

from .._rule import Context, Rule
from .._spec import CodeInfo, Example

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


def reference(
    m: Context, original: cst.Name | cst.Attribute, updated: cst.BaseExpression, q: str
) -> cst.BaseExpression:
    m.report(original, "available-timezones")
    call = cst.Call(func=m.names.expr("zoneinfo", "available_timezones"))
    if q == "pytz.all_timezones":
        return cst.Call(func=cst.Name("sorted"), args=[cst.Arg(call)])
    return call


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


RULE = Rule(
    name="available_timezones",
    doc=__doc__,
    codes=CODES,
    examples=EXAMPLES,
    rewrite="all-timezones",
    references={"pytz.all_timezones": reference, "pytz.all_timezones_set": reference},
)
