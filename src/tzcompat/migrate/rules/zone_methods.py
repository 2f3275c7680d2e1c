"""Calls of tzinfo methods in pytz-only forms: ``tzname(None)``, ``utcoffset(dt, is_dst=...)``."""

from __future__ import annotations

import libcst as cst

from .. import _helpers
from .._spec import CodeInfo, Example
from . import _build as mk

TYPE_CHECKING = False
if TYPE_CHECKING:
    from .._traversal import Migrator

CODES = (
    CodeInfo(
        "TZM106",
        "tzname-none",
        "marker",
        "unsafe",
        message="tzname(None) gave the zone name in pytz; ZoneInfo gives None: use str(tz)",
        comment="tzname(None) was the zone name in pytz; None now",
        fix_note=(
            "rewritten to str(tz): the key of a ZoneInfo, the zone name of a pytz zone; "
            "pytz's zones without transitions (Etc/GMT+5, EST) gave their abbreviation"
        ),
    ),
    CodeInfo(
        "TZM107",
        "is-dst-method",
        "marker",
        "unsafe",
        message=(
            "utcoffset/dst/tzname(dt, is_dst=...) is pytz-only: use _tz_localize(dt, tz, "
            "is_dst).utcoffset() or dt.replace(tzinfo=tz, fold=...)"
        ),
        comment="is_dst= on utcoffset/dst/tzname is pytz-only",
        fix_note=(
            "rewritten to _tz_localize(dt, tz, is_dst=...).utcoffset() (or .dst(), .tzname()): "
            "pytz's answer, including the errors of is_dst=None; dt=None raises instead of "
            "giving None, and pytz.utc (whose methods took no is_dst) answers"
        ),
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
            fix = _probe_fix(m, updated, method)
            return m.mark_or_fix(original, "is-dst-method", fix)
    if method == "tzname":
        return _tzname_none(m, original, updated)
    return None


def _probe_fix(m: Migrator, updated: cst.Call, method: str):  # type: ignore[no-untyped-def]
    """``tz.utcoffset(dt, is_dst=x)`` -> ``_tz_localize(dt, tz, is_dst=x).utcoffset()``, when
    the call has exactly that shape (else no fix)."""
    args = updated.args
    if len(args) != 2 or args[0].keyword is not None or args[0].star or args[1].star:
        return None
    if args[1].keyword is None or args[1].keyword.value != "is_dst":
        return None
    receiver = updated.func.value  # type: ignore[attr-defined]
    space = cst.Comma(whitespace_after=cst.SimpleWhitespace(" "))

    def fix() -> cst.BaseExpression:
        localized = cst.Call(
            func=m.helper(_helpers.LOCALIZE_NAME),
            args=[
                args[0].with_changes(comma=space),
                cst.Arg(receiver, comma=space),
                args[1].with_changes(comma=cst.MaybeSentinel.DEFAULT),
            ],
        )
        return mk.method(localized, method, [])

    return fix


def _tzname_none(m: Migrator, call: cst.Call, updated: cst.Call) -> cst.BaseExpression | None:
    args = call.args
    value = args[0].value if len(args) == 1 else None
    if not (isinstance(value, cst.Name) and value.value == "None"):
        return None
    receiver = call.func.value  # type: ignore[attr-defined]
    kind = m.zone_kind(receiver)
    if kind == "zone" or (kind is None and m.tz_like(receiver)):
        new_receiver = updated.func.value  # type: ignore[attr-defined]
        return m.mark_or_fix(
            call,
            "tzname-none",
            lambda: cst.Call(func=cst.Name("str"), args=[cst.Arg(new_receiver)]),
        )
    return None


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
    Example(
        before=(
            "import pytz\n"
            "\n"
            "def probe(tz, dt):\n"
            "    return tz.utcoffset(dt, is_dst=None), tz.tzname(None)\n"
        ),
        after=(
            "from _tzmigrate import _tz_localize\n"
            "\n"
            "def probe(tz, dt):\n"
            "    return _tz_localize(dt, tz, is_dst=None).utcoffset(), str(tz)\n"
        ),
        codes=("is-dst-method", "tzname-none"),
        options=(("unsafe_fixes", True),),
    ),
    # valid: left alone, nothing reported
    Example(
        before=(
            "from zoneinfo import ZoneInfo\n\noffset = ZoneInfo('Europe/Paris').utcoffset(moment)\n"
        )
    ),
)
