"""``dateutil.tz.gettz(key)`` -> ``zoneinfo.ZoneInfo(key)`` when the key is an IANA key."""

from __future__ import annotations

import libcst as cst

from .. import _analysis as ana
from .._rule import Context, Rule
from .._spec import CodeInfo, Example
from . import _build as mk
from . import unsupported

CODES = (
    CodeInfo(
        "TZM003",
        "gettz-to-zoneinfo",
        "rewrite",
        "safe",
        message="dateutil.tz.gettz(key) rewritten to zoneinfo.ZoneInfo(key)",
    ),
    CodeInfo(
        "TZM115",
        "gettz-dynamic",
        "marker",
        "unsafe",
        message=(
            "gettz() returned None for unknown names and accepted POSIX TZ strings and paths; "
            "ZoneInfo(key) raises ZoneInfoNotFoundError"
        ),
        comment="gettz() gave None for unknown keys; ZoneInfo raises",
        fix_note=(
            "x = gettz(name) rewritten to try: x = ZoneInfo(name) / except "
            "(ZoneInfoNotFoundError, ValueError): x = None: the zone for an IANA key, None "
            "for an unknown one, as gettz gave; POSIX TZ strings, file paths and '' (local "
            "time), which gettz accepted, give None, and so do keys only dateutil's bundled "
            "tarball has (Asia/Hanoi where the system data lacks backzone); only a whole "
            "assignment is fixed"
        ),
    ),
    CodeInfo(
        "TZM116",
        "gettz-key",
        "marker",
        "none",
        message="gettz() argument is not an IANA key known here (POSIX TZ string or path?)",
        comment="not an IANA key: POSIX TZ string or path?",
    ),
    CodeInfo(
        "TZM117",
        "gettz-local",
        "marker",
        "none",
        message=(
            "gettz() with no name means local time; no stdlib equivalent (ZoneInfo('localtime') "
            "on Unix)"
        ),
        comment="gettz() local time has no stdlib equivalent",
    ),
)


def call_gettz(m: Context, original: cst.Call, updated: cst.Call) -> cst.BaseExpression | None:
    shape = mk.plain_args(original)
    if shape is None or len(shape[0]) > 1 or shape[1]:
        unsupported.call_shape(m, original)
        return None
    if not shape[0]:
        m.report(original, "gettz-local")
        return None
    value = original.args[0].value
    key = ana.string_value(value)
    if key is None:
        if isinstance(value, cst.Name) and value.value == "None":
            m.report(original, "gettz-local")
        elif not (m.options.unsafe_fixes and _whole_assignment(m, original, updated)):
            m.report(original, "gettz-dynamic")
        return None
    if key.startswith(":"):
        key = key[1:]
    if not key:
        m.report(original, "gettz-local")
        return None
    # gettz is case-sensitive on the file system, so only an exact key is the same zone
    if key not in ana.known_keys().values():
        m.report(original, "gettz-key")
        return None
    arg = updated.args[0]
    if key != ana.string_value(value):
        arg = arg.with_changes(value=mk.like_literal(value, key))
    return updated.with_changes(func=m.names.expr("zoneinfo", "ZoneInfo"), args=[arg])


def _whole_assignment(m: Context, original: cst.Call, updated: cst.Call) -> bool:
    """``x = gettz(name)`` alone on its line: noted for leave_SimpleStatementLine, which
    writes the fix (a ``try`` statement) or the marker."""
    assign = m.parent(original)
    line = m.parent(assign) if isinstance(assign, cst.Assign) else None
    if not isinstance(assign, cst.Assign) or not isinstance(line, cst.SimpleStatementLine):
        return False
    if len(line.body) != 1 or len(assign.targets) != 1:
        return False
    root: cst.BaseExpression = assign.targets[0].target
    while isinstance(root, cst.Attribute):
        root = root.value
    if not isinstance(root, cst.Name):
        return False
    m.state.gettz_assignments[id(line)] = (original, updated.args[0].value)
    return True


def leave_SimpleStatementLine(
    m: Context, original: cst.SimpleStatementLine, updated: cst.SimpleStatementLine
) -> cst.BaseStatement | None:
    found = m.state.gettz_assignments.pop(id(original), None)
    if found is None:
        return None
    call, name = found
    assign = updated.body[0]
    if not isinstance(assign, cst.Assign) or not m.report(call, "gettz-dynamic", kind="fix"):
        m.report(call, "gettz-dynamic")  # silenced: no fix, and report() drops the marker too
        return None
    target = assign.targets[0].target
    space = cst.Comma(whitespace_after=cst.SimpleWhitespace(" "))

    def line(value: cst.BaseExpression) -> cst.IndentedBlock:
        return cst.IndentedBlock(
            [cst.SimpleStatementLine([cst.Assign([cst.AssignTarget(target)], value)])]
        )

    zone = cst.Call(func=m.names.expr("zoneinfo", "ZoneInfo"), args=[cst.Arg(name)])
    errors = cst.Tuple(
        [
            cst.Element(m.names.expr("zoneinfo", "ZoneInfoNotFoundError"), comma=space),
            cst.Element(cst.Name("ValueError")),
        ]
    )
    return cst.Try(
        body=line(zone),
        handlers=[cst.ExceptHandler(body=line(cst.Name("None")), type=errors)],
        leading_lines=updated.leading_lines,
    )


EXAMPLES = (
    Example(
        before=("from dateutil import tz\nz = tz.gettz('Asia/Tokyo')\n"),
        after=("from zoneinfo import ZoneInfo\n\nz = ZoneInfo('Asia/Tokyo')\n"),
        codes=("gettz-to-zoneinfo",),
    ),
    Example(
        before=("from dateutil import tz\nz = tz.gettz()\n"),
        after=(
            "from dateutil import tz\n"
            "# tzcompat-migrate[gettz-local]: gettz() local time has no stdlib equivalent\n"
            "z = tz.gettz()\n"
        ),
        codes=("gettz-local",),
    ),
    Example(
        before=("from dateutil import tz\nz = tz.gettz('EST5EDT,M3.2.0,M11.1.0')\n"),
        after=(
            "from dateutil import tz\n"
            "# tzcompat-migrate[gettz-key]: not an IANA key: POSIX TZ string or path?\n"
            "z = tz.gettz('EST5EDT,M3.2.0,M11.1.0')\n"
        ),
        codes=("gettz-key",),
    ),
    Example(
        before=("from dateutil import tz\n\ndef f(k):\n    return tz.gettz(k)\n"),
        after=(
            "from dateutil import tz\n"
            "\n"
            "def f(k):\n"
            "    # tzcompat-migrate[gettz-dynamic]: gettz() gave None for unknown keys; "
            "ZoneInfo raises\n"
            "    return tz.gettz(k)\n"
        ),
        codes=("gettz-dynamic",),
    ),
    Example(
        before=(
            "from dateutil import tz\n"
            "\n"
            "def parse(name):\n"
            "    tzinfo = tz.gettz(name)\n"
            "    if tzinfo is None:\n"
            "        raise ValueError(name)\n"
            "    return tzinfo\n"
        ),
        after=(
            "from zoneinfo import ZoneInfo, ZoneInfoNotFoundError\n"
            "\n"
            "def parse(name):\n"
            "    try:\n"
            "        tzinfo = ZoneInfo(name)\n"
            "    except (ZoneInfoNotFoundError, ValueError):\n"
            "        tzinfo = None\n"
            "    if tzinfo is None:\n"
            "        raise ValueError(name)\n"
            "    return tzinfo\n"
        ),
        codes=("gettz-dynamic",),
        options=(("unsafe_fixes", True),),
    ),
    # valid: left alone, nothing reported
    Example(before="from dateutil import parser\n\nwhen = parser.parse('2024-03-10 12:00')\n"),
)


RULE = Rule(
    name="gettz",
    doc=__doc__,
    codes=CODES,
    examples=EXAMPLES,
    rewrite="gettz-to-zoneinfo",
    leave={cst.SimpleStatementLine: leave_SimpleStatementLine},
    calls={"dateutil.tz.gettz": call_gettz},
)
