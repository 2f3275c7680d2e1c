"""``datetime(..., tzinfo=pytz_zone)``: pytz attached its first (LMT) offset."""

from __future__ import annotations

import libcst as cst

from .. import _facts
from .._spec import CodeInfo, Example

TYPE_CHECKING = False
if TYPE_CHECKING:
    from .._traversal import Migrator

CODES = (
    CodeInfo(
        "TZM104",
        "lmt",
        "marker",
        "none",
        message=(
            "attaching a pytz zone with tzinfo= gave its first (LMT) offset; ZoneInfo gives the "
            "correct offset, so values change here (for the better): check tests that pinned the "
            "old ones"
        ),
        comment="was pytz's LMT offset; ZoneInfo gives the real one",
    ),
)
#: the rewrite this rule's hooks make (reported when a hook returns a new node)
REWRITE = None
NODES = ("Call",)


def leave_Call(m: Migrator, original: cst.Call, updated: cst.Call) -> cst.BaseExpression | None:
    if _makes_datetime(m, original.func):
        for arg in original.args:
            if arg.keyword is not None and arg.keyword.value == "tzinfo":
                if m.zone_kind(arg.value) == "zone" and not m.static_zone(arg.value):
                    m.report(original, "lmt")
    return None


def _makes_datetime(m: Migrator, func: cst.BaseExpression) -> bool:
    """True for datetime/time constructors and replace()/combine(): where ``tzinfo=``
    attaches a zone as is (not a project function that happens to take ``tzinfo=``)."""
    if isinstance(func, cst.Attribute) and func.attr.value in ("replace", "combine"):
        return True
    qnames = m.qnames(func)
    if qnames:
        return bool(qnames & _facts.DATETIME_MAKERS)
    # not an import: a local function or class takes tzinfo= for its own purposes
    return isinstance(func, cst.Attribute) and func.attr.value in ("datetime", "time")


EXAMPLES = (
    Example(
        before=(
            "import pytz\n"
            "from datetime import datetime\n"
            "d = datetime(2020, 1, 1, tzinfo=pytz.timezone('America/New_York'))\n"
        ),
        after=(
            "from datetime import datetime\n"
            "from zoneinfo import ZoneInfo\n"
            "\n"
            "# tzcompat-migrate[lmt]: was pytz's LMT offset; ZoneInfo gives the real one\n"
            "d = datetime(2020, 1, 1, tzinfo=ZoneInfo('America/New_York'))\n"
        ),
        codes=("timezone-to-zoneinfo", "lmt"),
    ),
    # valid: left alone, nothing reported
    Example(
        before=(
            "from datetime import datetime\n"
            "from zoneinfo import ZoneInfo\n"
            "\n"
            "when = datetime(2024, 1, 1, tzinfo=ZoneInfo('Europe/Paris'))\n"
        )
    ),
)
