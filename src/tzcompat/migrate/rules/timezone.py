"""``pytz.timezone(key)`` -> ``zoneinfo.ZoneInfo(key)``, and ``pytz.timezone`` passed around."""

from __future__ import annotations

import libcst as cst

from .. import _analysis as ana
from .._rule import Context, Rule
from .._spec import CodeInfo, Example
from . import _build as mk
from . import unsupported

CODES = (
    CodeInfo(
        "TZM002",
        "timezone-to-zoneinfo",
        "rewrite",
        "safe",
        message="pytz.timezone(key) rewritten to zoneinfo.ZoneInfo(key)",
    ),
    CodeInfo(
        "TZM118",
        "timezone-key",
        "marker",
        "none",
        message="pytz.timezone() argument is not an IANA key known here",
        comment="not an IANA key known here",
    ),
    CodeInfo(
        "TZM201",
        "timezone-dynamic",
        "note",
        "none",
        message=(
            "pytz.timezone() matched names case-insensitively and raised UnknownTimeZoneError; "
            "ZoneInfo is case-sensitive and raises ZoneInfoNotFoundError (ValueError for "
            "malformed keys); ZoneInfo finds 'Factory' where the data has it, pytz refused it"
        ),
    ),
    CodeInfo(
        "TZM202",
        "timezone-case",
        "note",
        "none",
        message="key spelled in pytz's case-insensitive form; rewritten to the canonical key",
    ),
)


def call_timezone(m: Context, original: cst.Call, updated: cst.Call) -> cst.BaseExpression | None:
    shape = mk.plain_args(original)
    if shape is None or len(shape[0]) != 1 or shape[1]:
        unsupported.call_shape(m, original)
        return None
    key = ana.string_value(original.args[0].value)
    arg = updated.args[0]
    if key is not None:
        canonical = ana.known_keys().get(key.lower())
        # the data's placeholder zone: ZoneInfo finds it, pytz.timezone() refused it
        if canonical is None or canonical == "Factory":
            m.report(original, "timezone-key")
            return None
        if canonical != key:
            m.report(original, "timezone-case")
            arg = arg.with_changes(value=mk.like_literal(original.args[0].value, canonical))
    else:
        m.report(original, "timezone-dynamic")
    return updated.with_changes(func=m.names.expr("zoneinfo", "ZoneInfo"), args=[arg])


def reference(
    m: Context, original: cst.Name | cst.Attribute, updated: cst.BaseExpression, q: str
) -> cst.BaseExpression:
    m.report(original, "timezone-dynamic")  # passed around as a callable
    return m.names.expr("zoneinfo", "ZoneInfo")


EXAMPLES = (
    Example(
        before=("import pytz\ntz = pytz.timezone('Europe/Paris')\n"),
        after=("from zoneinfo import ZoneInfo\n\ntz = ZoneInfo('Europe/Paris')\n"),
        codes=("timezone-to-zoneinfo",),
    ),
    Example(
        before=("import pytz\ntz = pytz.timezone('us/eastern')\n"),
        after=("from zoneinfo import ZoneInfo\n\ntz = ZoneInfo('US/Eastern')\n"),
        codes=("timezone-to-zoneinfo", "timezone-case"),
    ),
    Example(
        before=("import pytz\n\ndef f(name):\n    return pytz.timezone(name)\n"),
        after=("from zoneinfo import ZoneInfo\n\ndef f(name):\n    return ZoneInfo(name)\n"),
        codes=("timezone-to-zoneinfo", "timezone-dynamic"),
    ),
    Example(
        before=("import pytz\ntz = pytz.timezone('Mars/Olympus')\n"),
        after=(
            "import pytz\n"
            "# tzcompat-migrate[timezone-key]: not an IANA key known here\n"
            "tz = pytz.timezone('Mars/Olympus')\n"
        ),
        codes=("timezone-key",),
    ),
    # valid: left alone, nothing reported
    Example(before="from zoneinfo import ZoneInfo\n\ntz = ZoneInfo('Europe/Paris')\n"),
)


RULE = Rule(
    name="timezone",
    doc=__doc__,
    codes=CODES,
    examples=EXAMPLES,
    rewrite="timezone-to-zoneinfo",
    calls={"pytz.timezone": call_timezone},
    references={"pytz.timezone": reference},
)
