"""``pytz.FixedOffset(minutes)`` and ``dateutil.tz.tzoffset(name, offset)`` ->
``datetime.timezone(timedelta(...))``."""

from __future__ import annotations

import libcst as cst

from .. import _analysis as ana
from .._rule import Context, Rule
from .._spec import CodeInfo, Example
from . import _build as mk
from . import unsupported, utc

CODES = (
    CodeInfo(
        "TZM004",
        "fixed-offset-to-timezone",
        "rewrite",
        "safe",
        message=(
            "pytz.FixedOffset / dateutil.tz.tzoffset rewritten to datetime.timezone(timedelta(...))"
        ),
    ),
    CodeInfo(
        "TZM119",
        "tzoffset-name",
        "marker",
        "none",
        message="tzoffset() name may be None at run time; timezone() needs a str or no name",
        comment="timezone() needs a str name or none",
    ),
    CodeInfo(
        "TZM120",
        "tzoffset-dynamic",
        "marker",
        "unsafe",
        message=(
            "tzoffset() offset may be seconds or a timedelta at run time; timezone() takes only "
            "a timedelta"
        ),
        comment="offset may be a timedelta or seconds: timezone() takes a timedelta",
        fix_note=(
            "rewritten to timezone(x if isinstance(x, timedelta) else timedelta(seconds=x)) "
            "(with the name when it is a literal): both offset forms tzoffset took; as for "
            "every fixed offset, tzname() is 'UTC+HH:MM' where tzoffset(None, ...) gave None"
        ),
    ),
    CodeInfo(
        "TZM204",
        "fixed-offset",
        "note",
        "none",
        message=(
            "tzname() and repr differ: pytz FixedOffset/dateutil tzoffset(None, ...) gave None, "
            "datetime.timezone gives 'UTC+HH:MM'"
        ),
    ),
)


def _fixed(m: Context, delta: cst.BaseExpression, name: cst.Arg | None = None) -> cst.Call:
    args = [cst.Arg(delta)]
    if name is not None:
        args = [
            cst.Arg(delta, comma=cst.Comma(whitespace_after=cst.SimpleWhitespace(" "))),
            mk.no_comma(name).with_changes(keyword=None, equal=cst.MaybeSentinel.DEFAULT),
        ]
    return cst.Call(func=m.names.expr("datetime", "timezone"), args=args)


def call_fixed_offset(
    m: Context, original: cst.Call, updated: cst.Call
) -> cst.BaseExpression | None:
    shape = mk.plain_args(original)
    if shape is None or len(shape[0]) != 1 or shape[1]:
        unsupported.call_shape(m, original)
        return None
    value = original.args[0].value
    if isinstance(value, cst.Integer) and value.evaluated_value == 0:
        return utc.pytz_utc(m, original)  # FixedOffset(0) is pytz.utc
    m.report(original, "fixed-offset")
    utc.note_dst(m, original)
    delta = cst.Call(
        func=m.names.expr("datetime", "timedelta"),
        args=[mk.kwarg("minutes", updated.args[0].value)],
    )
    return _fixed(m, delta)


def call_tzoffset(m: Context, original: cst.Call, updated: cst.Call) -> cst.BaseExpression | None:
    if utc.parses_with_dateutil(m, original):
        return None
    shape = mk.plain_args(original)
    if shape is None:
        unsupported.call_shape(m, original)
        return None
    pos, kws = shape
    names = ["name", "offset"]
    orig_args: dict[str, cst.Arg] = dict(zip(names, pos, strict=False)) | kws
    if set(orig_args) != set(names) or len(pos) + len(kws) != 2:
        unsupported.call_shape(m, original)
        return None
    keys = [a.keyword.value if a.keyword else "" for a in original.args]
    upd = dict(zip(keys, updated.args, strict=True))
    upd |= {n: updated.args[i] for i, n in enumerate(names[: len(pos)])}
    name_o = orig_args["name"].value
    offset_o = orig_args["offset"].value
    offset_u = upd["offset"].value
    if m.is_timedelta(offset_o):
        delta: cst.BaseExpression = offset_u
    elif not m.is_number(offset_o):  # dateutil took seconds or a timedelta
        unnamed = isinstance(name_o, cst.Name) and name_o.value == "None"
        if not (unnamed or ana.string_value(name_o) is not None) or not _simple(offset_o):
            m.report(original, "tzoffset-dynamic")
            return None

        def fix() -> cst.BaseExpression:
            timedelta = m.names.expr("datetime", "timedelta")
            either = cst.IfExp(
                test=cst.Call(
                    func=cst.Name("isinstance"),
                    args=[
                        cst.Arg(
                            offset_u, comma=cst.Comma(whitespace_after=cst.SimpleWhitespace(" "))
                        ),
                        cst.Arg(timedelta),
                    ],
                ),
                body=offset_u,
                orelse=cst.Call(func=timedelta, args=[mk.kwarg("seconds", offset_u)]),
            )
            utc.note_dst(m, original)
            return _fixed(m, either) if unnamed else _fixed(m, either, upd["name"])

        return m.mark_or_fix(original, "tzoffset-dynamic", fix)
    else:
        delta = cst.Call(
            func=m.names.expr("datetime", "timedelta"), args=[mk.kwarg("seconds", offset_u)]
        )
    if isinstance(name_o, cst.Name) and name_o.value == "None":
        m.report(original, "fixed-offset")
        utc.note_dst(m, original)
        return _fixed(m, delta)
    if ana.string_value(name_o) is None:
        m.report(original, "tzoffset-name")
        return None
    utc.note_dst(m, original)
    return _fixed(m, delta, upd["name"])


def _simple(node: cst.BaseExpression) -> bool:
    """A name or attribute chain: read twice by the fix."""
    while isinstance(node, cst.Attribute):
        node = node.value
    return isinstance(node, cst.Name)


EXAMPLES = (
    Example(
        before=("import pytz\ntz = pytz.FixedOffset(330)\n"),
        after=(
            "from datetime import timedelta, timezone\n\ntz = timezone(timedelta(minutes=330))\n"
        ),
        codes=("fixed-offset-to-timezone", "fixed-offset", "utc-dst"),
    ),
    Example(
        before=("from dateutil import tz\nest = tz.tzoffset('EST', -18000)\n"),
        after=(
            "from datetime import timedelta, timezone\n"
            "\n"
            "est = timezone(timedelta(seconds=-18000), 'EST')\n"
        ),
        codes=("fixed-offset-to-timezone", "utc-dst"),
    ),
    Example(
        before=(
            "from dateutil import tz\n"
            "\n"
            "def f(name, seconds):\n"
            "    return tz.tzoffset(name, seconds)\n"
        ),
        after=(
            "from dateutil import tz\n"
            "\n"
            "def f(name, seconds):\n"
            "    # tzcompat-migrate[tzoffset-dynamic]: offset may be a timedelta or "
            "seconds: timezone() takes a timedelta\n"
            "    return tz.tzoffset(name, seconds)\n"
        ),
        codes=("tzoffset-dynamic",),
    ),
    Example(
        before=(
            "from dateutil import tz\n\ndef f(seconds):\n    return tz.tzoffset(None, seconds)\n"
        ),
        after=(
            "from datetime import timedelta, timezone\n"
            "\n"
            "def f(seconds):\n"
            "    return timezone(seconds if isinstance(seconds, timedelta) else "
            "timedelta(seconds=seconds))\n"
        ),
        codes=("tzoffset-dynamic", "utc-dst"),
        options=(("unsafe_fixes", True),),
    ),
    # valid: left alone, nothing reported
    Example(
        before=(
            "from datetime import timedelta, timezone\n"
            "\n"
            "ist = timezone(timedelta(hours=5, minutes=30))\n"
        )
    ),
)


RULE = Rule(
    name="fixed_offset",
    doc=__doc__,
    codes=CODES,
    examples=EXAMPLES,
    rewrite="fixed-offset-to-timezone",
    calls={"pytz.FixedOffset": call_fixed_offset, "dateutil.tz.tzoffset": call_tzoffset},
)
