"""What the codemod cannot rewrite: names with no stdlib equivalent, arguments in other shapes."""

from __future__ import annotations

import libcst as cst

from .._codes import CodeInfo
from . import Example

TYPE_CHECKING = False
if TYPE_CHECKING:
    from .._traversal import Migrator

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
#: the rewrite this rule's hooks make (reported when a hook returns a new node)
REWRITE = None
NODES = ()


def reference(
    m: Migrator, original: cst.Name | cst.Attribute, updated: cst.BaseExpression, q: str
) -> cst.BaseExpression:
    """Any other pytz/dateutil.tz name: no stdlib equivalent the codemod knows."""
    m.report(original, "unsupported", detail=q)
    return updated


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
)
