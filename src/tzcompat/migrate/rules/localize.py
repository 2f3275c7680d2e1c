"""``tz.localize(dt, is_dst)`` -> the ``_tz_localize`` helper (or ``dt.replace(tzinfo=tz)`` for
UTC and fixed offsets)."""

from __future__ import annotations

import libcst as cst

from .. import _helpers
from .._rule import Context, Rule
from .._spec import CodeInfo, Example
from . import _build as mk
from . import type_checks, unsupported

CODES = (
    CodeInfo(
        "TZM006",
        "localize-to-helper",
        "rewrite",
        "safe",
        message=(
            "tz.localize(dt) rewritten to _tz_localize(dt, tz) (or dt.replace(tzinfo=tz) for "
            "UTC/fixed offsets)"
        ),
    ),
    CodeInfo(
        "TZM203",
        "localize-receiver",
        "note",
        "none",
        message=(
            "receiver taken for a time zone (the module imports pytz, or its name says so); the "
            "helper defers to a pytz zone's own method, so pytz and ZoneInfo zones both work"
        ),
    ),
)


def leave_Call(m: Context, original: cst.Call, updated: cst.Call) -> cst.BaseExpression | None:
    func = original.func
    if not isinstance(func, cst.Attribute) or func.attr.value != "localize":
        return None
    if m.ref(func) is not None:
        return None
    result = call_localize(m, original, updated)
    if result is not None:
        type_checks.duck_typed_by_exception(m, original)
    return result


def zone_method_call(
    m: Context, original: cst.Call
) -> tuple[str | None, tuple[list[cst.Arg], dict[str, cst.Arg]] | None] | None:
    """For ``receiver.localize(...)``/``.normalize(...)``: the receiver's zone kind and the
    call's plain arguments when the receiver is taken for a pytz zone, else None (marking a
    project object the codemod cannot trace)."""
    func = original.func
    assert isinstance(func, cst.Attribute)
    ok, kind = m.pytz_receiver(func.value)
    if not ok:
        if m.pytz_world and m.from_project(func.value):
            # a project object the codemod cannot trace: may be a pytz zone today
            unsupported.pytz_method(m, original, func.attr.value)
        return None
    return kind, mk.plain_args(original)


def call_localize(m: Context, original: cst.Call, updated: cst.Call) -> cst.BaseExpression | None:
    found = zone_method_call(m, original)
    if found is None:
        return None
    kind, shape = found
    if shape is None or not _localize_shape(*shape):
        unsupported.call_shape(m, original)
        return None
    receiver = updated.func.value  # type: ignore[attr-defined]
    dt = updated.args[0].value
    space = cst.Comma(whitespace_after=cst.SimpleWhitespace(" "))
    if kind in ("utc", "fixed"):
        # StaticTzInfo/UTC/FixedOffset.localize is replace(tzinfo=...) after refusing an
        # aware datetime (ValueError); is_dst is ignored
        if m.is_naive(original.args[0].value):
            return mk.method(dt, "replace", [mk.kwarg("tzinfo", receiver)])
        return cst.Call(
            func=m.helper(_helpers.LOCALIZE_NAME),
            args=[cst.Arg(dt, comma=space), cst.Arg(receiver)],
        )
    if kind is None:
        m.report(original, "localize-receiver")
    first = updated.args[0]
    if not isinstance(first.comma, cst.Comma):
        first = first.with_changes(comma=space)
    if len(updated.args) == 2:
        last = updated.args[1]
        args = [
            first,
            cst.Arg(receiver, comma=space),
            last.with_changes(
                keyword=cst.Name("is_dst"), equal=mk.kwarg("is_dst", last.value).equal
            ),
        ]
    else:
        trailing = updated.args[0].comma  # keep a trailing comma (and its comment) last
        args = [first, cst.Arg(receiver, comma=trailing)]
    return updated.with_changes(func=m.helper(_helpers.LOCALIZE_NAME), args=args)


def _localize_shape(pos: list[cst.Arg], kws: dict[str, cst.Arg]) -> bool:
    return 1 <= len(pos) <= 2 and not set(kws) - {"is_dst"} and len(pos) + len(kws) <= 2


EXAMPLES = (
    Example(
        before=("import pytz\ntz = pytz.timezone('Europe/Paris')\naware = tz.localize(naive)\n"),
        after=(
            "from _tzmigrate import _tz_localize\n"
            "from zoneinfo import ZoneInfo\n"
            "\n"
            "tz = ZoneInfo('Europe/Paris')\n"
            "aware = _tz_localize(naive, tz)\n"
        ),
        codes=("timezone-to-zoneinfo", "localize-to-helper"),
    ),
    Example(
        before=(
            "import pytz\n"
            "from datetime import datetime\n"
            "aware = pytz.utc.localize(datetime(2020, 1, 1))\n"
        ),
        after=(
            "from datetime import timezone, datetime\n"
            "aware = datetime(2020, 1, 1).replace(tzinfo=timezone.utc)\n"
        ),
        codes=("localize-to-helper", "utc-to-timezone-utc", "utc-dst"),
    ),
    # valid: left alone, nothing reported
    Example(
        before=(
            "import gettext\n"
            "\n"
            "translations = gettext.translation('app')\n"
            "text = translations.localize(raw)\n"
        )
    ),
)


RULE = Rule(
    name="localize",
    doc=__doc__,
    codes=CODES,
    examples=EXAMPLES,
    rewrite="localize-to-helper",
    leave={cst.Call: leave_Call},
)
