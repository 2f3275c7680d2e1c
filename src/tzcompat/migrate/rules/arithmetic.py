"""``+``/``-`` on datetimes aware in a pytz zone: absolute time in pytz, wall time with ZoneInfo."""

from __future__ import annotations

import libcst as cst

from .. import _analysis as ana
from .. import _helpers
from .._codes import CodeInfo
from . import Example

TYPE_CHECKING = False
if TYPE_CHECKING:
    from .._traversal import Migrator

CODES = (
    CodeInfo(
        "TZM102",
        "aware-arithmetic",
        "marker",
        "none",
        message=(
            "+/- on a datetime aware in a pytz zone was absolute (UTC) time that kept the old "
            "offset until normalize(); on ZoneInfo it is wall-clock time, so results differ "
            "across DST changes: write (dt.astimezone(timezone.utc) + delta).astimezone(tz) for "
            "absolute time"
        ),
        comment="pytz +/- was absolute time; ZoneInfo's is wall time",
    ),
)
#: the rewrite this rule's hooks make (reported when a hook returns a new node)
REWRITE = None
NODES = ("BinaryOperation", "AugAssign")


def leave_BinaryOperation(
    m: Migrator, original_node: cst.BinaryOperation, updated_node: cst.BinaryOperation
) -> cst.BaseExpression | None:
    if (
        m.pytz_world
        and isinstance(original_node.operator, ana.ARITH)
        # normalize(dt + delta) is rewritten there
        and not m.argument_of(original_node, "normalize", _helpers.NORMALIZE_NAME, False)
    ):
        left, right = original_node.left, original_node.right
        if (m.zone_aware(left) and not m.is_number(right)) or (
            m.zone_aware(right) and not m.is_number(left)
        ):
            m.report(original_node, "aware-arithmetic")
        elif m.maybe_aware_shift(left, right) and not m.argument_of(
            original_node, "localize", _helpers.LOCALIZE_NAME, True
        ):  # localize() refused aware datetimes: its argument is naive
            m.report(original_node, "aware-arithmetic", detail="if aware in a pytz zone")
    return None


def leave_AugAssign(
    m: Migrator, original_node: cst.AugAssign, updated_node: cst.AugAssign
) -> cst.AugAssign | None:
    if not m.pytz_world or not isinstance(
        original_node.operator, cst.AddAssign | cst.SubtractAssign
    ):
        return None
    target, value = original_node.target, original_node.value
    if not m.is_number(value) and m.zone_aware(target):  # type: ignore[arg-type]
        m.report(original_node, "aware-arithmetic")
    elif m.maybe_aware_shift(target, value):  # type: ignore[arg-type]
        m.report(original_node, "aware-arithmetic", detail="if aware in a pytz zone")
    return None


EXAMPLES = (
    Example(
        before=(
            "import pytz\ntz = pytz.timezone('Europe/Paris')\nlater = tz.localize(naive) + delta\n"
        ),
        after=(
            "from _tzmigrate import _tz_localize\n"
            "from zoneinfo import ZoneInfo\n"
            "\n"
            "tz = ZoneInfo('Europe/Paris')\n"
            "# tzcompat-migrate[aware-arithmetic]: pytz +/- was absolute time; ZoneInfo's "
            "is wall time\n"
            "later = _tz_localize(naive, tz) + delta\n"
        ),
        codes=("timezone-to-zoneinfo", "localize-to-helper", "aware-arithmetic"),
    ),
)
