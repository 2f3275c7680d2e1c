"""What the codemod cannot rewrite: names with no stdlib equivalent, arguments in other shapes."""

from __future__ import annotations

import libcst as cst

from .. import _analysis as ana
from .._rule import Context, Rule
from .._spec import CodeInfo, Example

CODES = (
    CodeInfo(
        "TZM123",
        "unsupported",
        "marker",
        "none",
        message="no standard-library equivalent; rewrite by hand",
        comment="no stdlib equivalent; rewrite by hand",
    ),
    CodeInfo(
        "TZM124",
        "call-shape",
        "marker",
        "none",
        message="arguments in a form the codemod does not rewrite (*args, unknown keywords)",
        comment="arguments not in a form the codemod rewrites",
    ),
    CodeInfo(
        "TZM114",
        "pytz-method",
        "marker",
        "none",
        message=(
            "pytz-only method on an object the codemod cannot identify as a zone; ZoneInfo has "
            "no localize/normalize"
        ),
        comment="pytz-only method: ZoneInfo has none",
    ),
)


def reference(
    m: Context, original: cst.Name | cst.Attribute, updated: cst.BaseExpression, q: str
) -> cst.BaseExpression:
    """Any other pytz/dateutil.tz name: no stdlib equivalent the codemod knows."""
    m.report(original, "unsupported", detail=q)
    return updated


# The other rules report these codes through the functions below (this rule owns them).
def no_equivalent(m: Context, node: cst.CSTNode, name: str) -> None:
    """``name`` (a pytz/dateutil.tz name or call) has no stdlib equivalent."""
    m.report(node, "unsupported", detail=name)


def call_shape(m: Context, call: cst.Call) -> None:
    """A call of a pytz/dateutil.tz name whose arguments no rule rewrites."""
    m.report(call, "call-shape", detail=ana.source(call.func))


def pytz_method(m: Context, call: cst.Call, method: str) -> None:
    """``.localize()``/``.normalize()`` on a project object the codemod cannot trace."""
    m.report(call, "pytz-method", detail=f".{method}")


EXAMPLES = (
    Example(
        before=("from dateutil import tz\nlocal = tz.tzlocal()\n"),
        after=(
            "from dateutil import tz\n"
            "# tzcompat-migrate[unsupported]: dateutil.tz.tzlocal: no stdlib equivalent; "
            "rewrite by hand\n"
            "local = tz.tzlocal()\n"
        ),
        codes=("unsupported",),
    ),
    Example(
        before=("import pytz\ntz = pytz.timezone(*names)\n"),
        after=(
            "import pytz\n"
            "# tzcompat-migrate[call-shape]: pytz.timezone: arguments not in a form the "
            "codemod rewrites\n"
            "tz = pytz.timezone(*names)\n"
        ),
        codes=("call-shape",),
    ),
    # valid: left alone, nothing reported
    Example(before="from dateutil import parser\n\nwhen = parser.isoparse(text)\n"),
)


RULE = Rule(
    name="unsupported",
    doc=__doc__,
    codes=CODES,
    examples=EXAMPLES,
)
