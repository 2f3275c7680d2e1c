"""``dateutil.tz.enfold(dt, fold)`` -> ``dt.replace(fold=fold)``."""

from __future__ import annotations

import libcst as cst

from .._rule import Context, Rule
from .._spec import CodeInfo, Example
from . import _build as mk
from . import unsupported

CODES = (
    CodeInfo(
        "TZM008",
        "enfold-to-replace",
        "rewrite",
        "safe",
        message="dateutil.tz.enfold(dt, fold) rewritten to dt.replace(fold=fold)",
    ),
)


def call_enfold(m: Context, original: cst.Call, updated: cst.Call) -> cst.BaseExpression | None:
    shape = mk.plain_args(original)
    if shape is None:
        return None
    pos, kws = shape
    if not pos or len(pos) > 2 or set(kws) - {"fold"} or (len(pos) == 2 and kws):
        unsupported.call_shape(m, original)
        return None
    if len(pos) == 2:
        fold = updated.args[1].value
    elif kws:
        fold = updated.args[-1].value
    else:
        fold = cst.Integer("1")  # enfold's default
    return mk.method(updated.args[0].value, "replace", [mk.kwarg("fold", fold)])


EXAMPLES = (
    Example(
        before=("from dateutil import tz\nlater = tz.enfold(dt)\n"),
        after="later = dt.replace(fold=1)\n",
        codes=("enfold-to-replace",),
    ),
    Example(
        before=("from dateutil.tz import enfold\nfirst = enfold(dt, fold=0)\n"),
        after="first = dt.replace(fold=0)\n",
        codes=("enfold-to-replace",),
    ),
    # valid: left alone, nothing reported
    Example(before="later = dt.replace(fold=1)\n"),
)


RULE = Rule(
    name="fold",
    doc=__doc__,
    codes=CODES,
    examples=EXAMPLES,
    rewrite="enfold-to-replace",
    calls={"dateutil.tz.enfold": call_enfold},
)
