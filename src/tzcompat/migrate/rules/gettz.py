"""``dateutil.tz.gettz(key)`` -> ``zoneinfo.ZoneInfo(key)`` when the key is an IANA key."""

from __future__ import annotations

import libcst as cst

from .. import _analysis as ana
from .._codes import CodeInfo
from . import Example
from . import _build as mk

TYPE_CHECKING = False
if TYPE_CHECKING:
    from .._traversal import Migrator

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
        "none",
        message=(
            "gettz() returned None for unknown names and accepted POSIX TZ strings and paths; "
            "ZoneInfo(key) raises ZoneInfoNotFoundError"
        ),
        comment="gettz() gave None for unknown keys; ZoneInfo raises",
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
#: the rewrite this rule's hooks make (reported when a hook returns a new node)
REWRITE = "gettz-to-zoneinfo"
NODES = ()


def call_gettz(m: Migrator, original: cst.Call, updated: cst.Call) -> cst.BaseExpression | None:
    shape = mk.plain_args(original)
    if shape is None or len(shape[0]) > 1 or shape[1]:
        m.report(original, "call-shape", detail=ana.source(original.func))
        return None
    if not shape[0]:
        m.report(original, "gettz-local")
        return None
    value = original.args[0].value
    key = ana.string_value(value)
    if key is None:
        if isinstance(value, cst.Name) and value.value == "None":
            m.report(original, "gettz-local")
        else:
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


CALLS = {"dateutil.tz.gettz": call_gettz}


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
)
