"""``tz.normalize(dt)`` -> conversion through UTC; ``tz.normalize(dt + delta)`` -> absolute
(UTC) arithmetic."""

from __future__ import annotations

import libcst as cst

from .. import _analysis as ana
from .. import _helpers
from .._rule import Context, Rule
from .._spec import CodeInfo, Example
from . import _build as mk
from . import type_checks, unsupported
from .localize import zone_method_call

CODES = (
    CodeInfo(
        "TZM001",
        "normalize-absolute",
        "rewrite",
        "safe",
        message="normalize(dt +/- timedelta) rewritten to absolute (UTC) arithmetic",
    ),
    CodeInfo(
        "TZM007",
        "normalize-to-astimezone",
        "rewrite",
        "safe",
        message=(
            "tz.normalize(dt) rewritten to dt.astimezone(timezone.utc).astimezone(tz) (or "
            "_tz_normalize(dt, tz))"
        ),
    ),
    CodeInfo(
        "TZM101",
        "normalize-arithmetic",
        "marker",
        "unsafe",
        message=(
            "pytz normalize() after + or - meant absolute (UTC) arithmetic; write "
            "(dt.astimezone(timezone.utc) + delta).astimezone(tz) or keep wall-clock dt + delta"
        ),
        comment="pytz made this absolute (UTC) arithmetic; choose wall or UTC",
        fix_note=(
            "tz.normalize(a + b) rewritten to _tz_normalize(_tz_replace(a) + _tz_replace(b), "
            "tz) (a - b: only a is pinned): the sum taken at the datetime's own fixed offset, "
            "then converted to tz, as pytz did; tz.normalize(name) of a name computed by "
            "arithmetic is rewritten to _tz_normalize(name, tz), which is pytz's value where "
            "that arithmetic was pinned too (an aware-arithmetic fix)"
        ),
    ),
)


def leave_Call(m: Context, original: cst.Call, updated: cst.Call) -> cst.BaseExpression | None:
    func = original.func
    if not isinstance(func, cst.Attribute) or func.attr.value != "normalize":
        return None
    if m.ref(func) is not None:
        return None
    result = call_normalize(m, original, updated)
    if result is not None:
        type_checks.duck_typed_by_exception(m, original)
    return result


def _pinned(m: Context, node: cst.BaseExpression) -> cst.BaseExpression:
    """``_tz_replace(node)``: an aware datetime at its own fixed offset (anything else as it
    is), where pytz's ``+``/``-`` worked."""
    return cst.Call(func=m.helper(_helpers.REPLACE_NAME), args=[cst.Arg(node)])


def _normalized(
    m: Context, value: cst.BaseExpression, receiver: cst.BaseExpression
) -> cst.BaseExpression:
    space = cst.Comma(whitespace_after=cst.SimpleWhitespace(" "))
    value = (
        value.with_changes(lpar=[], rpar=[]) if isinstance(value, cst.BinaryOperation) else value
    )
    return cst.Call(
        func=m.helper(_helpers.NORMALIZE_NAME),
        args=[cst.Arg(value, comma=space), cst.Arg(receiver)],
    )


def call_normalize(m: Context, original: cst.Call, updated: cst.Call) -> cst.BaseExpression | None:
    found = zone_method_call(m, original)
    if found is None:
        return None
    kind, shape = found
    if shape is None:
        unsupported.call_shape(m, original)
        return None
    pos, kws = shape
    if len(pos) != 1 or (kws and (kind not in ("utc", "fixed") or set(kws) - {"is_dst"})):
        unsupported.call_shape(m, original)
        return None
    receiver = updated.func.value  # type: ignore[attr-defined]
    arg_o = original.args[0].value
    arg_u = updated.args[0].value
    if isinstance(arg_o, cst.BinaryOperation) and isinstance(arg_o.operator, ana.ARITH):
        assert isinstance(arg_u, cst.BinaryOperation)
        if m.is_timedelta(arg_o.right):
            shifted = arg_u.with_changes(left=m.to_utc(arg_o.left, arg_u.left))
        elif isinstance(arg_o.operator, cst.Add) and m.is_timedelta(arg_o.left):
            shifted = arg_u.with_changes(right=m.to_utc(arg_o.right, arg_u.right))
        else:
            add = isinstance(arg_o.operator, cst.Add)
            operation: cst.BinaryOperation = arg_u

            def fix() -> cst.BaseExpression:  # helpers are scheduled only when it is written
                pinned = operation.with_changes(
                    left=_pinned(m, operation.left),
                    right=_pinned(m, operation.right) if add else operation.right,
                )
                return _normalized(m, pinned, receiver)

            return m.mark_or_fix(original, "normalize-arithmetic", fix)
        m.report(original, "normalize-absolute", kind="rewrite")
        shifted = shifted.with_changes(lpar=[cst.LeftParen()], rpar=[cst.RightParen()])
        if kind == "utc" and not m.utc_zone:
            return shifted
        return mk.method(shifted, "astimezone", [cst.Arg(receiver)])
    if isinstance(arg_o, cst.Name) and m.from_arithmetic(arg_o):
        return m.mark_or_fix(
            original, "normalize-arithmetic", lambda: _normalized(m, arg_u, receiver)
        )
    if not m.is_aware(arg_o):
        # pytz refused a naive datetime (ValueError); astimezone() would take it as the
        # machine's local time, so the helper keeps the check (and defers to pytz zones)
        space = cst.Comma(whitespace_after=cst.SimpleWhitespace(" "))
        return cst.Call(
            func=m.helper(_helpers.NORMALIZE_NAME),
            args=[cst.Arg(arg_u, comma=space), cst.Arg(receiver)],
        )
    if kind == "utc":  # utc.normalize(dt) is dt.astimezone(utc): no wall time to repair
        return mk.method(arg_u, "astimezone", [cst.Arg(receiver)])
    # Through UTC, not dt.astimezone(tz) alone: astimezone() returns dt unchanged when
    # dt.tzinfo is tz, and pytz's normalize() also moves a skipped wall time (a gap time
    # from localize(), say) to the real one.
    if (
        isinstance(arg_u, cst.Call)
        and isinstance(arg_u.func, cst.Attribute)
        and arg_u.func.attr.value == "astimezone"
        and len(arg_u.args) == 1
        and ana.source(arg_u.args[0].value) == ana.source(receiver)
    ):
        arg_u = arg_u.with_changes(args=[arg_u.args[0].with_changes(value=m.utc())])
    else:
        arg_u = mk.method(arg_u, "astimezone", [cst.Arg(m.utc())])
    return mk.method(arg_u, "astimezone", [cst.Arg(receiver)])


EXAMPLES = (
    Example(
        before=(
            "from datetime import timedelta\n"
            "import pytz\n"
            "tz = pytz.timezone('Europe/Paris')\n"
            "later = tz.normalize(tz.localize(naive) + timedelta(hours=1))\n"
        ),
        after=(
            "from datetime import timezone, timedelta\n"
            "from _tzmigrate import _tz_localize\n"
            "from zoneinfo import ZoneInfo\n"
            "\n"
            "tz = ZoneInfo('Europe/Paris')\n"
            "later = (_tz_localize(naive, tz).astimezone(timezone.utc) + "
            "timedelta(hours=1)).astimezone(tz)\n"
        ),
        codes=("timezone-to-zoneinfo", "localize-to-helper", "normalize-absolute"),
    ),
    Example(
        before=(
            "import pytz\n"
            "tz = pytz.timezone('Europe/Paris')\n"
            "here = tz.normalize(tz.localize(naive).astimezone(tz))\n"
        ),
        after=(
            "from _tzmigrate import _tz_localize\n"
            "from datetime import timezone\n"
            "from zoneinfo import ZoneInfo\n"
            "\n"
            "tz = ZoneInfo('Europe/Paris')\n"
            "here = _tz_localize(naive, tz).astimezone(timezone.utc).astimezone(tz)\n"
        ),
        codes=("timezone-to-zoneinfo", "localize-to-helper", "normalize-to-astimezone"),
    ),
    Example(
        before=(
            "import pytz\n"
            "tz = pytz.timezone('Europe/Paris')\n"
            "later = tz.normalize(tz.localize(naive) + delta)\n"
        ),
        after=(
            "from _tzmigrate import _tz_localize\n"
            "from zoneinfo import ZoneInfo\n"
            "\n"
            "tz = ZoneInfo('Europe/Paris')\n"
            "# tzcompat-migrate[normalize-arithmetic]: pytz made this absolute (UTC) "
            "arithmetic; choose wall or UTC\n"
            "later = tz.normalize(_tz_localize(naive, tz) + delta)\n"
        ),
        codes=("timezone-to-zoneinfo", "localize-to-helper", "normalize-arithmetic"),
    ),
    Example(
        before=(
            "import pytz\n"
            "tz = pytz.timezone('Europe/Paris')\n"
            "later = tz.normalize(tz.localize(naive) + delta)\n"
            "\n"
            "def next_fire(start, interval):\n"
            "    fire = start + interval\n"
            "    return tz.normalize(fire)\n"
        ),
        after=(
            "from _tzmigrate import _tz_localize, _tz_normalize, _tz_replace\n"
            "from zoneinfo import ZoneInfo\n"
            "\n"
            "tz = ZoneInfo('Europe/Paris')\n"
            "later = _tz_normalize(_tz_replace(_tz_localize(naive, tz)) + _tz_replace(delta), tz)\n"
            "\n"
            "def next_fire(start, interval):\n"
            "    fire = _tz_replace(start) + _tz_replace(interval)\n"
            "    return _tz_normalize(fire, tz)\n"
        ),
        codes=(
            "timezone-to-zoneinfo",
            "localize-to-helper",
            "normalize-arithmetic",
            "aware-arithmetic",
        ),
        options=(("unsafe_fixes", True),),
    ),
    # valid: left alone, nothing reported
    Example(before="import pytz\nimport unicodedata\n\ntext = unicodedata.normalize('NFC', raw)\n"),
)


RULE = Rule(
    name="normalize",
    doc=__doc__,
    codes=CODES,
    examples=EXAMPLES,
    rewrite="normalize-to-astimezone",
    leave={cst.Call: leave_Call},
)
