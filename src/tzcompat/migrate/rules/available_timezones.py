"""``pytz.all_timezones``/``all_timezones_set`` -> ``zoneinfo.available_timezones()``."""

from __future__ import annotations

import libcst as cst

from .. import _analysis as ana
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
        "TZM162",
        "timezone-membership",
        "marker",
        "none",
        message=(
            "a run-time name tested against pytz's list of zones: available_timezones() reads "
            "the installed data, which holds keys pytz lacked ('Factory', 'localtime'), so the "
            "answer can change from False to True"
        ),
        comment="available_timezones() holds keys pytz lacked ('Factory', 'localtime')",
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
    target = m.parent(original)
    if isinstance(target, cst.ComparisonTarget) and isinstance(
        target.operator, cst.In | cst.NotIn
    ):
        comparison = m.parent(target)
        if isinstance(comparison, cst.Comparison) and ana.string_value(comparison.left) is None:
            m.report(original, "timezone-membership")
    m.report(original, "available-timezones")
    call = cst.Call(func=m.names.expr("zoneinfo", "available_timezones"))
    if q == "pytz.all_timezones":
        return cst.Call(func=cst.Name("sorted"), args=[cst.Arg(call)])
    return call


EXAMPLES = (
    Example(
        before=("import pytz\nknown = 'Europe/Paris' in pytz.all_timezones_set\n"),
        after=(
            "from zoneinfo import available_timezones\n"
            "\n"
            "known = 'Europe/Paris' in available_timezones()\n"
        ),
        codes=("all-timezones", "available-timezones"),
    ),
    Example(
        before=("import pytz\nknown = key in pytz.all_timezones_set\n"),
        after=(
            "from zoneinfo import available_timezones\n"
            "\n"
            "# tzcompat-migrate[timezone-membership]: available_timezones() holds keys pytz "
            "lacked ('Factory', 'localtime')\n"
            "known = key in available_timezones()\n"
        ),
        codes=("all-timezones", "timezone-membership", "available-timezones"),
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
